/* SPDX-License-Identifier: MIT */
/*
 * fe51v.h's lane layer on x86-64: eight field elements, one per 64-bit
 * lane of a 512-bit register, with AVX-512 IFMA's 52-bit multiply-adds
 * (x25519-ifma, src/x25519/x25519_ifma.c).
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
#ifndef RIJN_X25519_FE51X8_H
#define RIJN_X25519_FE51X8_H

#include "arch/x86/x86.h"

#ifdef RIJN_X86

#ifdef RIJN_EMULATE_VAES
#define RIJN_CPU_IFMA_REQ 0u
#define RIJN_CPU_AVX512_IFMA_REQ 0u
#define X86_IFMA_FILE_BEGIN
#define X86_IFMA_FILE_END

typedef struct {
    uint64_t l[8];
} FV;
#define FV_LANES(expr)                      \
    do {                                    \
        for (int l_ = 0; l_ < 8; l_++) expr; \
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
static inline FV fv_load(const uint64_t p[8])
{
    FV r;
    FV_LANES(r.l[l_] = p[l_]);
    return r;
}
static inline void fv_store(uint64_t p[8], FV a) { FV_LANES(p[l_] = a.l[l_]); }
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
 * included there too, is compiled for AVX-512 F and IFMA (as
 * X86_AVX2_FILE_BEGIN does for AVX2, src/arch/x86/x86.h). */
#if defined(__clang__)
#define X86_IFMA_FILE_BEGIN \
    _Pragma("clang attribute push(__attribute__((target(\"avx512f,avx512ifma,avx2\"))), apply_to = function)")
#define X86_IFMA_FILE_END _Pragma("clang attribute pop")
#else
#define X86_IFMA_FILE_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx512f,avx512ifma,avx2\")")
#define X86_IFMA_FILE_END _Pragma("GCC pop_options")
#endif

X86_IFMA_FILE_BEGIN
typedef __m512i FV;
#define FV_INLINE static inline __attribute__((always_inline))
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
FV_INLINE FV fv_madd52lo(FV c, FV a, FV b) { return _mm512_madd52lo_epu64(c, a, b); }
FV_INLINE FV fv_madd52hi(FV c, FV a, FV b) { return _mm512_madd52hi_epu64(c, a, b); }
X86_IFMA_FILE_END
#endif

X86_IFMA_FILE_BEGIN
#include "x25519/fe51v.h"
X86_IFMA_FILE_END

#endif /* RIJN_X86 */

/* Elsewhere the descriptor still compiles (and is unavailable). */
#ifndef RIJN_CPU_IFMA_REQ
#define RIJN_CPU_IFMA_REQ RIJN_CPU_IFMA
#define RIJN_CPU_AVX512_IFMA_REQ RIJN_CPU_AVX512
#endif
#endif
