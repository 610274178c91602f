/* SPDX-License-Identifier: MIT */
/*
 * The vector-permute S-box of aes_vperm.c (Hamburg's GF(16) inversion
 * circuit; the derivation is at the top of aes_vperm.c), as inline
 * functions for every file that runs it: aes-vperm, and the one-round
 * primitives of src/emu/aes_round_vperm.c (x86 only).
 *
 * The circuit needs one operation that C does not have: a 16-entry byte
 * shuffle, out[b] = t[i[b]]. Three instructions give it, written once
 * here as SHUF and used identically by the driver:
 *   x86-64 SSSE3  PSHUFB (_mm_shuffle_epi8): index bit 7 set gives 0,
 *                 otherwise the low 4 bits select;
 *   AArch64       TBL with one register (vqtbl1q_u8): an index >= 16
 *                 gives 0;
 *   32-bit ARM    VTBL with a two-register list (vtbl2_u8): 8 result
 *                 bytes per instruction, an index >= 16 gives 0; two of
 *                 them (the index's low and high halves) make one SHUF.
 * They agree on every index the driver uses, because every index is
 * either a nibble 0..15 or 0x80 ^ nibble ("infinity", 1/0): the state's
 * nibbles are masked (vp_lo/vp_hi), the inversion tables INV and CQ
 * hold nibbles or 0x80, and XORing two of those values, or one with a
 * nibble, keeps bits 4..6 clear (the circuit's po and ro, which index the
 * output tables, are such XORs). So no index has bits 4..6 set, the one
 * case (16 <= i < 128) where PSHUFB and TBL/VTBL would differ, and bit 7
 * means 0 on all three. The byte-move shuffles index with the constant
 * permutations of vperm_tables.h, 0..15. scripts/gen_vperm_tables.py runs
 * the cipher with TBL's rule (index >= 16 gives 0), and the known-answer
 * and differential tests run every architecture's build.
 */
#ifndef RIJN_VPERM_SBOX_H
#define RIJN_VPERM_SBOX_H

#include "arch/arm32/arm32.h"
#include "arch/arm64/arm64.h"
#include "arch/x86/x86.h"

#if defined(RIJN_X86)
#define RIJN_VPERM 1
typedef __m128i vp_t;
#define VP_TARGET SSSE3_TARGET
#define VP_INLINE SSSE3_INLINE
#define SHUF(t, i) _mm_shuffle_epi8((t), (i))
#define X(a, b) _mm_xor_si128((a), (b))
#define VP_LOAD(p) LOADX(p)
#define VP_STORE(p, v) STOREX(p, v)
#define VP_DUP(c) _mm_set1_epi8((char)(c))
/* Keep v in a register here: an empty asm that the compiler cannot see
 * through (a scheduling fence for one value, not a memory barrier). */
#define VP_PIN(v) __asm__("" : "+x"(v))

#elif defined(RIJN_ARM64) || defined(RIJN_ARM32)
#define RIJN_VPERM 1
typedef uint8x16_t vp_t;
#if defined(RIJN_ARM64)
#define VP_TARGET
#define VP_INLINE static inline __attribute__((always_inline))
#define SHUF(t, i) vqtbl1q_u8((t), (i))
#else
#define VP_TARGET ARM32_NEON
#define VP_INLINE static inline __attribute__((always_inline)) ARM32_NEON
/* VTBL.8 Dd, {Dn, Dn+1}, Dm: a Q register's two halves are such a list,
 * so the table needs no moves, and each result half is one instruction.
 * Written as two instructions in an asm statement because GCC 12 does not
 * see that: through vtbl2_u8 and its uint8x8x2_t it copies every table
 * into a fresh register pair, reassembles the result with VORR/VSWP and
 * spills the constant tables to the stack (about 100 instructions a round
 * for 24 VTBLs; this way about 40). The output is early-clobbered: the
 * first VTBL writes a half of it before the second reads the table and
 * index. Not volatile: the compiler may schedule, share or drop it like
 * an intrinsic. */
VP_INLINE uint8x16_t vp_shuf_arm32(uint8x16_t t, uint8x16_t i)
{
    uint8x16_t o;
    __asm__("vtbl.8 %e0, {%e1, %f1}, %e2\n\tvtbl.8 %f0, {%e1, %f1}, %f2" : "=&w"(o) : "w"(t), "w"(i));
    return o;
}
#define SHUF(t, i) vp_shuf_arm32((t), (i))
#endif
#define X(a, b) veorq_u8((a), (b))
#define VP_LOAD(p) vld1q_u8((const uint8_t *)(p))
#define VP_STORE(p, v) vst1q_u8((uint8_t *)(p), (v))
#define VP_DUP(c) vdupq_n_u8((uint8_t)(c))
#define VP_PIN(v) __asm__("" : "+w"(v))
#endif

#ifdef RIJN_VPERM
#include "aes/vperm_tables.h"

#define VT(i) VP_LOAD(vperm_tab[VP_##i])

#if defined(RIJN_X86)
/* SSE2 has no byte shift: a 16-bit one, then the mask. */
#define vp_hi(y) _mm_and_si128(_mm_srli_epi16((y), 4), _mm_set1_epi8(0x0f))
#define vp_lo(y) _mm_and_si128((y), _mm_set1_epi8(0x0f))
#else
#define vp_hi(y) vshrq_n_u8((y), 4)
#define vp_lo(y) vandq_u8((y), vdupq_n_u8(0x0f))
#endif

/* T (or T2) of a standard-basis register: one lookup per nibble. */
VP_INLINE vp_t vperm_basis(vp_t s, vp_t lo_t, vp_t hi_t)
{
    return X(SHUF(lo_t, vp_lo(s)), SHUF(hi_t, vp_hi(s)));
}

/* The inversion circuit: po and ro from y = T(x) (see aes_vperm.c). */
VP_INLINE void vperm_core(vp_t y, vp_t inv, vp_t cqt, vp_t *po, vp_t *ro)
{
    vp_t p = vp_hi(y);
    vp_t q = vp_lo(y);
    vp_t r = X(p, q);
    vp_t cq = SHUF(cqt, q);
    vp_t a = X(SHUF(inv, p), cq);
    vp_t b = X(SHUF(inv, r), cq);
    *po = X(SHUF(inv, a), r);
    *ro = X(SHUF(inv, b), p);
}

#endif
#endif
