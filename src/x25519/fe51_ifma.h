/* SPDX-License-Identifier: MIT */
/*
 * fe51v.h's lane layer on x86-64 with AVX-512 IFMA's 52-bit multiply-adds:
 * FE51V_LANES (default 8) field elements, one per 64-bit lane of a 512-bit
 * register (x25519-ifma's eight ladders, src/x25519/x25519_ifma.c), or,
 * with FE51V_LANES 4, of a 256-bit one (x25519-ifma4's four-way ladder,
 * src/x25519/x25519_ifma4.c: four lanes are all it fills, and 256-bit
 * operations issue on three ports of Intel's cores where 512-bit ones
 * issue on two).
 *
 * The emulation build
 * -------------------
 * valgrind executes no AVX-512, so, as for the VAES drivers
 * (src/arch/x86/vz.h), the emulation build (-DRIJN_EMULATE_VAES: make
 * check's build-emu/ and the secret-taint build build-ct/) compiles the
 * same driver on another layer: FV is eight uint64_t, and each operation
 * is a loop over the lanes with the instruction's definition (the
 * multiply-adds through unsigned __int128, which x86-64 computes with
 * MUL: no secret-dependent timing). That build uses no AVX-512 at all and
 * requires no CPU feature, so the whole suite and the taint test run the
 * driver's ladder, swaps and field code on any machine; on a CPU with
 * IFMA the release build runs the instructions through the same tests,
 * and dudect times them.
 */
#ifndef RIJN_X25519_FE51_IFMA_H
#define RIJN_X25519_FE51_IFMA_H

#include "arch/x86/x86.h"
#include "core/util.h"
#include "x25519/fe51.h"

#ifndef FE51V_LANES
#define FE51V_LANES 8
#endif

#ifdef RIJN_X86

#ifdef RIJN_EMULATE_VAES
/* No forced unrolling here (fe51v.h's FV_UNROLL): each emulated lane
 * operation is itself a loop, and clang with the fuzzers' sanitizers
 * took over 17 minutes on x25519_ifma.c with everything unrolled. */
#define FV_UNROLL
#define RIJN_CPU_IFMA_REQ 0u
#define RIJN_CPU_AVX512_IFMA_REQ 0u
#define X86_IFMA_FILE_BEGIN
#define X86_IFMA_FILE_END

typedef struct {
    uint64_t l[FE51V_LANES];
} FV;
#define FV_LANES(expr)                                \
    do {                                              \
        for (int l_ = 0; l_ < FE51V_LANES; l_++) expr; \
    } while (0)
static inline FV fv_zero(void)
{
    FV r;
    FV_LANES(r.l[l_] = 0);
    return r;
}
static inline FV fv_set1(uint64_t x)
{
    FV r;
    FV_LANES(r.l[l_] = x);
    return r;
}
static inline FV fv_load(const uint64_t p[FE51V_LANES])
{
    FV r;
    FV_LANES(r.l[l_] = p[l_]);
    return r;
}
static inline void fv_store(uint64_t p[FE51V_LANES], FV a) { FV_LANES(p[l_] = a.l[l_]); }
static inline FV fv_add(FV a, FV b)
{
    FV_LANES(a.l[l_] += b.l[l_]);
    return a;
}
static inline FV fv_sub(FV a, FV b)
{
    FV_LANES(a.l[l_] -= b.l[l_]);
    return a;
}
static inline FV fv_shl(FV a, int n)
{
    FV_LANES(a.l[l_] <<= n);
    return a;
}
static inline FV fv_shr(FV a, int n)
{
    FV_LANES(a.l[l_] >>= n);
    return a;
}
static inline FV fv_and(FV a, uint64_t m)
{
    FV_LANES(a.l[l_] &= m);
    return a;
}
static inline FV fv_andv(FV a, FV b)
{
    FV_LANES(a.l[l_] &= b.l[l_]);
    return a;
}
static inline FV fv_xor(FV a, FV b)
{
    FV_LANES(a.l[l_] ^= b.l[l_]);
    return a;
}
/* Lane i of the result is lane idx[i] of a (VPERMQ with a vector index);
 * the indices are public constants. */
static inline FV fv_perm(FV a, const uint64_t idx[FE51V_LANES])
{
    FV r;
    FV_LANES(r.l[l_] = a.l[idx[l_] & (FE51V_LANES - 1)]);
    return r;
}
/* Lanes 2i and 2i + 1 exchanged (VPSHUFD within each 128 bits). */
static inline FV fv_swap_pairs(FV a)
{
    FV r;
    FV_LANES(r.l[l_] = a.l[l_ ^ 1]);
    return r;
}
/* Lane i from b where bit i of the public constant bits is set, else
 * from a (VPBLENDMQ). */
static inline FV fv_blend(FV a, FV b, unsigned bits)
{
    FV_LANES(a.l[l_] = (bits >> l_ & 1) ? b.l[l_] : a.l[l_]);
    return a;
}
#define FV_M52 0xfffffffffffffULL
static inline FV fv_madd52lo(FV c, FV a, FV b)
{
    FV_LANES(c.l[l_] += (uint64_t)((unsigned __int128)(a.l[l_] & FV_M52) * (b.l[l_] & FV_M52)) & FV_M52);
    return c;
}
static inline FV fv_madd52hi(FV c, FV a, FV b)
{
    FV_LANES(c.l[l_] += (uint64_t)(((unsigned __int128)(a.l[l_] & FV_M52) * (b.l[l_] & FV_M52)) >> 52));
    return c;
}
#undef FV_M52

#else /* the real registers */
#define RIJN_CPU_IFMA_REQ RIJN_CPU_IFMA
#define RIJN_CPU_AVX512_IFMA_REQ RIJN_CPU_AVX512
/* Every function between these, the static inline ones of the headers
 * included there too, is compiled for AVX-512 F, VL and IFMA (as
 * X86_AVX2_FILE_BEGIN does for AVX2, src/arch/x86/x86.h). */
#if defined(__clang__)
#define X86_IFMA_FILE_BEGIN                                                                                       \
    _Pragma("clang attribute push(__attribute__((target(\"avx512f,avx512vl,avx512ifma,avx2\"))), apply_to = function)")
#define X86_IFMA_FILE_END _Pragma("clang attribute pop")
#else
#define X86_IFMA_FILE_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f,avx512vl,avx512ifma,avx2\")")
#define X86_IFMA_FILE_END _Pragma("GCC pop_options")
#endif

X86_IFMA_FILE_BEGIN
#define FV_INLINE static inline __attribute__((always_inline))
#if FE51V_LANES == 8
typedef __m512i FV;
FV_INLINE FV fv_zero(void) { return _mm512_setzero_si512(); }
FV_INLINE FV fv_set1(uint64_t x) { return _mm512_set1_epi64((long long)x); }
FV_INLINE FV fv_load(const uint64_t p[8]) { return _mm512_loadu_si512((const void *)p); }
FV_INLINE void fv_store(uint64_t p[8], FV a) { _mm512_storeu_si512((void *)p, a); }
FV_INLINE FV fv_add(FV a, FV b) { return _mm512_add_epi64(a, b); }
FV_INLINE FV fv_sub(FV a, FV b) { return _mm512_sub_epi64(a, b); }
#define fv_shl(a, n) _mm512_slli_epi64((a), (n))
#define fv_shr(a, n) _mm512_srli_epi64((a), (n))
FV_INLINE FV fv_and(FV a, uint64_t m) { return _mm512_and_si512(a, _mm512_set1_epi64((long long)m)); }
FV_INLINE FV fv_andv(FV a, FV b) { return _mm512_and_si512(a, b); }
FV_INLINE FV fv_xor(FV a, FV b) { return _mm512_xor_si512(a, b); }
#define fv_blend(a, b, bits) _mm512_mask_blend_epi64((__mmask8)(bits), (a), (b))
FV_INLINE FV fv_perm(FV a, const uint64_t idx[8]) { return _mm512_permutexvar_epi64(fv_load(idx), a); }
FV_INLINE FV fv_swap_pairs(FV a) { return _mm512_shuffle_epi32(a, (_MM_PERM_ENUM)0x4e); }
FV_INLINE FV fv_madd52lo(FV c, FV a, FV b) { return _mm512_madd52lo_epu64(c, a, b); }
FV_INLINE FV fv_madd52hi(FV c, FV a, FV b) { return _mm512_madd52hi_epu64(c, a, b); }
#elif FE51V_LANES == 4
typedef __m256i FV;
FV_INLINE FV fv_zero(void) { return _mm256_setzero_si256(); }
FV_INLINE FV fv_set1(uint64_t x) { return _mm256_set1_epi64x((long long)x); }
FV_INLINE FV fv_load(const uint64_t p[4]) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }
FV_INLINE void fv_store(uint64_t p[4], FV a) { _mm256_storeu_si256((__m256i *)(void *)p, a); }
FV_INLINE FV fv_add(FV a, FV b) { return _mm256_add_epi64(a, b); }
FV_INLINE FV fv_sub(FV a, FV b) { return _mm256_sub_epi64(a, b); }
#define fv_shl(a, n) _mm256_slli_epi64((a), (n))
#define fv_shr(a, n) _mm256_srli_epi64((a), (n))
FV_INLINE FV fv_and(FV a, uint64_t m) { return _mm256_and_si256(a, _mm256_set1_epi64x((long long)m)); }
FV_INLINE FV fv_andv(FV a, FV b) { return _mm256_and_si256(a, b); }
FV_INLINE FV fv_xor(FV a, FV b) { return _mm256_xor_si256(a, b); }
/* VPBLENDD (any vector port) with each 64-bit lane's bit doubled. */
#define fv_blend(a, b, bits)                                                                                 \
    _mm256_blend_epi32((a), (b), (((bits)&1) ? 0x03 : 0) | (((bits)&2) ? 0x0c : 0) | (((bits)&4) ? 0x30 : 0) | \
                                     (((bits)&8) ? 0xc0 : 0))
FV_INLINE FV fv_perm(FV a, const uint64_t idx[4]) { return _mm256_permutexvar_epi64(fv_load(idx), a); }
/* Lanes 2i and 2i + 1 exchanged: VPSHUFD stays within 128-bit halves, one
 * cycle of latency on Intel's cores against VPERMQ's three (the ladder
 * step of x25519-ifma4 waits for two such exchanges). */
FV_INLINE FV fv_swap_pairs(FV a) { return _mm256_shuffle_epi32(a, 0x4e); }
FV_INLINE FV fv_madd52lo(FV c, FV a, FV b) { return _mm256_madd52lo_epu64(c, a, b); }
FV_INLINE FV fv_madd52hi(FV c, FV a, FV b) { return _mm256_madd52hi_epu64(c, a, b); }
#else
#error "FE51V_LANES: 4 or 8"
#endif
X86_IFMA_FILE_END
#endif

X86_IFMA_FILE_BEGIN
#include "x25519/fe51v.h"

/* What the drivers need besides arithmetic: lanes in and out, swaps and
 * moves under a secret mask, and curve_core.h's byte conversions. */
/* FE51V_LANES fe51 (limbs < 2^52) into the lanes, and back. */
static inline void fe51v_pack(fe51v *h, const fe51 f[FE51V_LANES])
{
    uint64_t t[FE51V_LANES];
    for (int k = 0; k < 5; k++) {
        for (int l = 0; l < FE51V_LANES; l++) t[l] = f[l].v[k];
        h->v[k] = fv_load(t);
    }
    rijn_wipe(t, sizeof t);
}
static inline void fe51v_unpack(fe51 f[FE51V_LANES], const fe51v *h)
{
    uint64_t t[FE51V_LANES];
    for (int k = 0; k < 5; k++) {
        fv_store(t, h->v[k]);
        for (int l = 0; l < FE51V_LANES; l++) f[l].v[k] = t[l];
    }
    rijn_wipe(t, sizeof t);
}

/* b (0 or 1, secret) as a lane mask: all ones or all zeros. */
static inline FV fe51v_mask(unsigned b)
{
    return fv_set1((uint64_t)0 - (uint64_t)(b & 1));
}
/* Swap f and g in the lanes where m is all ones. */
static inline void fe51v_cswap_mask(fe51v *f, fe51v *g, FV m)
{
    FV_UNROLL
    for (int i = 0; i < 5; i++) {
        const FV t = fv_andv(fv_xor(f->v[i], g->v[i]), m);
        f->v[i] = fv_xor(f->v[i], t);
        g->v[i] = fv_xor(g->v[i], t);
    }
}
static inline void fe51v_cswap(fe51v *f, fe51v *g, unsigned b)
{
    fe51v_cswap_mask(f, g, fe51v_mask(b));
}
/* f = g where b is 1. */
static inline void fe51v_cmov(fe51v *f, const fe51v *g, unsigned b)
{
    const FV m = fe51v_mask(b);
    FV_UNROLL
    for (int i = 0; i < 5; i++) f->v[i] = fv_xor(f->v[i], fv_andv(fv_xor(f->v[i], g->v[i]), m));
}

/* curve_core.h's byte conversions, all lanes (frombytes: the same element
 * in every lane) or lane 0 (tobytes), through fe51.h's. fe51_frombytes'
 * limbs are < 2^51 (carried here); fe51_tobytes wants fe51's carried
 * (< 2^51 + 2^20), which one more carry gives (limbs < 2^51 + 19). */
static inline void fe51v_frombytes(fe51v *h, const uint8_t s[32])
{
    fe51 t[FE51V_LANES];
    fe51_frombytes(&t[0], s);
    for (int l = 1; l < FE51V_LANES; l++) t[l] = t[0];
    fe51v_pack(h, t);
    rijn_wipe(t, sizeof t);
}
static inline void fe51v_tobytes(uint8_t s[32], const fe51v *f)
{
    fe51 t[FE51V_LANES];
    fe51v c;
    fe51v_carry(&c, f);
    fe51v_unpack(t, &c);
    fe51_tobytes(s, &t[0]);
    rijn_wipe(t, sizeof t);
    rijn_wipe(&c, sizeof c);
}

X86_IFMA_FILE_END

#endif /* RIJN_X86 */

/* Elsewhere the descriptor still compiles (and is unavailable). */
#ifndef RIJN_CPU_IFMA_REQ
#define RIJN_CPU_IFMA_REQ RIJN_CPU_IFMA
#define RIJN_CPU_AVX512_IFMA_REQ RIJN_CPU_AVX512
#endif
#endif
