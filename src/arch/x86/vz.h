/* SPDX-License-Identifier: MIT */
/*
 * The 512-bit vector layer of the x86-64 VAES drivers (aes-vaes-avx512,
 * gcm-aes-vaes-avx512; why 512 bits: src/aes/vaes512_core.h): the type
 * `vz`, four 128-bit lanes, and the operations the drivers use on it.
 * Nothing here is about AES or GHASH beyond wrapping their instructions.
 *
 * Checking it without AVX-512
 * ---------------------------
 * valgrind cannot execute AVX-512, so the secret-taint test could not see
 * these drivers. As for the 256-bit ones (x86.h), the emulation build
 * (-DRIJN_EMULATE_VAES) compiles the same driver code on another
 * representation: there `vz` is a pair of 256-bit halves, and every
 * operation below is written once for each representation, with exactly
 * the 512-bit instruction's definition (the AES and carry-less operations
 * work on each 128-bit lane independently; the few operations that cross
 * lanes are spelled out). That build uses no AVX-512 instruction at all,
 * so valgrind, and any AVX2 machine, runs these drivers through the whole
 * suite; on a CPU with AVX-512 the release build runs the real thing.
 *
 * Lanes: lane i of a `vz` is bytes 16i..16i+15 of its memory image, so a
 * 64-byte load puts block j of four consecutive blocks in lane j.
 *
 * Constant time: every operation is a fixed instruction sequence; the
 * byte counts of the partial loads and stores (vz_load_n, vz_store_n,
 * vz_keep_n) must be public, and the drivers pass only tail lengths.
 */
#ifndef RIJN_ARCH_X86_VZ_H
#define RIJN_ARCH_X86_VZ_H

#include "arch/x86/x86.h"
#include "core/util.h"

#ifdef RIJN_X86

#ifdef RIJN_EMULATE_VAES
#define VZ_ISA VAES_ISA
#define RIJN_CPU_AVX512_REQ 0u
#define RIJN_CPU_FASTCLMUL_REQ 0u
#else
#define VZ_ISA "vaes,vpclmulqdq,avx512f,avx512bw,avx512vl,avx2,aes,pclmul,ssse3,sse4.1"
#define RIJN_CPU_AVX512_REQ RIJN_CPU_AVX512
#define RIJN_CPU_FASTCLMUL_REQ RIJN_CPU_FASTCLMUL
#endif
#define VZ_TARGET __attribute__((target(VZ_ISA)))
#define VZ_INLINE static inline __attribute__((always_inline, target(VZ_ISA)))

#ifndef RIJN_EMULATE_VAES
/* ------------------------------------------------- the real registers -- */
typedef __m512i vz;

VZ_INLINE vz vz_load(const void *p) { return _mm512_loadu_si512(p); }
VZ_INLINE void vz_store(void *p, vz v) { _mm512_storeu_si512(p, v); }
/* The same bytes as two 32-byte stores: lanes 0-1, then 2-3. */
VZ_INLINE void vz_store_halves(void *p, vz v)
{
    _mm256_storeu_si256(p, _mm512_castsi512_si256(v));
    _mm256_storeu_si256((void *)((uint8_t *)p + 32), _mm512_extracti64x4_epi64(v, 1));
}
/* The first nbytes (0..64) of p, zeros above; bytes past them are not
 * touched (masked accesses do not fault there). */
VZ_INLINE __mmask64 vz_bytemask(size_t nbytes) { return nbytes >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << nbytes) - 1; }
VZ_INLINE vz vz_load_n(const void *p, size_t nbytes) { return _mm512_maskz_loadu_epi8(vz_bytemask(nbytes), p); }
VZ_INLINE void vz_store_n(void *p, vz v, size_t nbytes) { _mm512_mask_storeu_epi8(p, vz_bytemask(nbytes), v); }
VZ_INLINE vz vz_zero(void) { return _mm512_setzero_si512(); }
VZ_INLINE vz vz_bcast(__m128i x) { return _mm512_broadcast_i32x4(x); }
VZ_INLINE vz vz_from128(__m128i x) { return _mm512_zextsi128_si512(x); }
/* Lanes (a0, a1, a2, a3). */
VZ_INLINE vz vz_set4(__m128i a0, __m128i a1, __m128i a2, __m128i a3)
{
    return _mm512_inserti32x4(_mm512_inserti32x4(_mm512_inserti32x4(_mm512_castsi128_si512(a0), a1, 1), a2, 2), a3, 3);
}
#define vz_lane(v, i) _mm512_extracti32x4_epi32((v), (i))
/* (x, a0, a1, a2): the lanes move up by one and x enters at the bottom. */
VZ_INLINE vz vz_shift_in(vz a, __m128i x) { return _mm512_alignr_epi64(a, _mm512_broadcast_i32x4(x), 6); }
/* (a1, a2, a3, 0): the lanes move down by one. */
VZ_INLINE vz vz_shift_out(vz a) { return _mm512_alignr_epi64(_mm512_setzero_si512(), a, 2); }
/* (a1, a2, a3, b0): the same with b's first lane entering at the top. */
VZ_INLINE vz vz_shift_pair(vz a, vz b) { return _mm512_alignr_epi64(b, a, 2); }
/* The first nbytes (0..64) of v, zeros above. */
VZ_INLINE vz vz_keep_n(vz v, size_t nbytes) { return _mm512_maskz_mov_epi8(vz_bytemask(nbytes), v); }
/* v with lane i (0..3, public) replaced by x. */
VZ_INLINE vz vz_put_lane(vz v, __m128i x, unsigned i)
{
    return _mm512_mask_blend_epi64((__mmask8)(3u << (2 * i)), v, _mm512_broadcast_i32x4(x));
}
/* The four lanes xored together. */
VZ_INLINE __m128i vz_fold(vz v)
{
    __m256i s = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
}
VZ_INLINE vz vz_xor(vz a, vz b) { return _mm512_xor_si512(a, b); }
VZ_INLINE vz vz_or(vz a, vz b) { return _mm512_or_si512(a, b); }
VZ_INLINE vz vz_add32(vz a, vz b) { return _mm512_add_epi32(a, b); }
VZ_INLINE vz vz_aesenc(vz a, vz k) { return _mm512_aesenc_epi128(a, k); }
VZ_INLINE vz vz_aesenclast(vz a, vz k) { return _mm512_aesenclast_epi128(a, k); }
VZ_INLINE vz vz_aesdec(vz a, vz k) { return _mm512_aesdec_epi128(a, k); }
VZ_INLINE vz vz_aesdeclast(vz a, vz k) { return _mm512_aesdeclast_epi128(a, k); }
VZ_INLINE vz vz_shuffle8(vz a, vz m) { return _mm512_shuffle_epi8(a, m); }
/* The two 64-bit halves of each lane swapped. */
VZ_INLINE vz vz_swap64(vz a) { return _mm512_shuffle_epi32(a, (_MM_PERM_ENUM)0x4e); }
/* Lane by lane: (a.lo, b.lo) and (a.hi, b.hi), 64-bit halves. */
VZ_INLINE vz vz_unpacklo64(vz a, vz b) { return _mm512_unpacklo_epi64(a, b); }
VZ_INLINE vz vz_unpackhi64(vz a, vz b) { return _mm512_unpackhi_epi64(a, b); }
#define vz_clmul(a, b, imm) _mm512_clmulepi64_epi128((a), (b), (imm))
#define vz_bslli(a, n) _mm512_bslli_epi128((a), (n))
#define vz_bsrli(a, n) _mm512_bsrli_epi128((a), (n))
#define vz_slli64(a, n) _mm512_slli_epi64((a), (n))
#define vz_srli64(a, n) _mm512_srli_epi64((a), (n))
/* Per 64-bit element shifts by the counts in n (0..64; 64 gives 0). */
VZ_INLINE vz vz_sllv64(vz a, vz n) { return _mm512_sllv_epi64(a, n); }
VZ_INLINE vz vz_srlv64(vz a, vz n) { return _mm512_srlv_epi64(a, n); }

#else
/* ---------------------------------- the emulation: two 256-bit halves -- */
typedef struct { __m256i lo, hi; } vz;   /* lanes 0, 1 | 2, 3 */

#define VZ_MAP1(f, a) ((vz){ f((a).lo), f((a).hi) })
#define VZ_MAP2(f, a, b) ((vz){ f((a).lo, (b).lo), f((a).hi, (b).hi) })
VZ_INLINE vz vz_load(const void *p) { return (vz){ LOADY(p), LOADY((const uint8_t *)p + 32) }; }
VZ_INLINE void vz_store(void *p, vz v)
{
    STOREY(p, v.lo);
    STOREY((uint8_t *)p + 32, v.hi);
}
VZ_INLINE void vz_store_halves(void *p, vz v) { vz_store(p, v); }   /* already two halves */
VZ_INLINE vz vz_load_n(const void *p, size_t nbytes)
{
    /* As the masked load: no access at all for 0 bytes (p may be NULL). */
    uint8_t t[64] = { 0 };
    if (nbytes) memcpy(t, p, nbytes < 64 ? nbytes : 64);
    vz v = vz_load(t);
    rijn_wipe(t, sizeof t);
    return v;
}
VZ_INLINE void vz_store_n(void *p, vz v, size_t nbytes)
{
    uint8_t t[64];
    vz_store(t, v);
    if (nbytes) memcpy(p, t, nbytes < 64 ? nbytes : 64);
    rijn_wipe(t, sizeof t);
}
VZ_INLINE vz vz_zero(void) { return (vz){ _mm256_setzero_si256(), _mm256_setzero_si256() }; }
VZ_INLINE vz vz_bcast(__m128i x) { return (vz){ _mm256_broadcastsi128_si256(x), _mm256_broadcastsi128_si256(x) }; }
VZ_INLINE vz vz_from128(__m128i x)
{
    return (vz){ _mm256_set_m128i(_mm_setzero_si128(), x), _mm256_setzero_si256() };
}
VZ_INLINE vz vz_set4(__m128i a0, __m128i a1, __m128i a2, __m128i a3)
{
    return (vz){ _mm256_set_m128i(a1, a0), _mm256_set_m128i(a3, a2) };
}
#define vz_lane(v, i) ((i) < 2 ? _mm256_extracti128_si256((v).lo, (i) & 1) : _mm256_extracti128_si256((v).hi, (i) & 1))
VZ_INLINE vz vz_shift_in(vz a, __m128i x)
{
    return (vz){ _mm256_set_m128i(_mm256_castsi256_si128(a.lo), x),
                 _mm256_set_m128i(_mm256_castsi256_si128(a.hi), _mm256_extracti128_si256(a.lo, 1)) };
}
VZ_INLINE vz vz_shift_out(vz a)
{
    return (vz){ _mm256_set_m128i(_mm256_castsi256_si128(a.hi), _mm256_extracti128_si256(a.lo, 1)),
                 _mm256_set_m128i(_mm_setzero_si128(), _mm256_extracti128_si256(a.hi, 1)) };
}
VZ_INLINE vz vz_shift_pair(vz a, vz b)
{
    return (vz){ _mm256_permute2x128_si256(a.lo, a.hi, 0x21), _mm256_permute2x128_si256(a.hi, b.lo, 0x21) };
}
VZ_INLINE vz vz_keep_n(vz v, size_t nbytes)
{
    uint8_t t[64];
    vz_store(t, v);
    if (nbytes < 64) memset(t + nbytes, 0, 64 - nbytes);
    v = vz_load(t);
    rijn_wipe(t, sizeof t);
    return v;
}
VZ_INLINE vz vz_put_lane(vz v, __m128i x, unsigned i)
{
    uint8_t t[64];
    vz_store(t, v);
    STOREX(t + 16 * (i & 3), x);
    v = vz_load(t);
    rijn_wipe(t, sizeof t);
    return v;
}
VZ_INLINE __m128i vz_fold(vz v)
{
    __m256i s = _mm256_xor_si256(v.lo, v.hi);
    return _mm_xor_si128(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
}
VZ_INLINE vz vz_xor(vz a, vz b) { return VZ_MAP2(_mm256_xor_si256, a, b); }
VZ_INLINE vz vz_or(vz a, vz b) { return VZ_MAP2(_mm256_or_si256, a, b); }
VZ_INLINE vz vz_add32(vz a, vz b) { return VZ_MAP2(_mm256_add_epi32, a, b); }
VZ_INLINE vz vz_aesenc(vz a, vz k) { return VZ_MAP2(_mm256_aesenc_epi128, a, k); }
VZ_INLINE vz vz_aesenclast(vz a, vz k) { return VZ_MAP2(_mm256_aesenclast_epi128, a, k); }
VZ_INLINE vz vz_aesdec(vz a, vz k) { return VZ_MAP2(_mm256_aesdec_epi128, a, k); }
VZ_INLINE vz vz_aesdeclast(vz a, vz k) { return VZ_MAP2(_mm256_aesdeclast_epi128, a, k); }
VZ_INLINE vz vz_shuffle8(vz a, vz m) { return VZ_MAP2(_mm256_shuffle_epi8, a, m); }
VZ_INLINE vz vz_swap64(vz a) { return (vz){ _mm256_shuffle_epi32(a.lo, 0x4e), _mm256_shuffle_epi32(a.hi, 0x4e) }; }
VZ_INLINE vz vz_unpacklo64(vz a, vz b) { return VZ_MAP2(_mm256_unpacklo_epi64, a, b); }
VZ_INLINE vz vz_unpackhi64(vz a, vz b) { return VZ_MAP2(_mm256_unpackhi_epi64, a, b); }
#define vz_clmul(a, b, imm) \
    ((vz){ _mm256_clmulepi64_epi128((a).lo, (b).lo, (imm)), _mm256_clmulepi64_epi128((a).hi, (b).hi, (imm)) })
#define vz_bslli(a, n) ((vz){ _mm256_bslli_epi128((a).lo, (n)), _mm256_bslli_epi128((a).hi, (n)) })
#define vz_bsrli(a, n) ((vz){ _mm256_bsrli_epi128((a).lo, (n)), _mm256_bsrli_epi128((a).hi, (n)) })
#define vz_slli64(a, n) ((vz){ _mm256_slli_epi64((a).lo, (n)), _mm256_slli_epi64((a).hi, (n)) })
#define vz_srli64(a, n) ((vz){ _mm256_srli_epi64((a).lo, (n)), _mm256_srli_epi64((a).hi, (n)) })
VZ_INLINE vz vz_sllv64(vz a, vz n) { return VZ_MAP2(_mm256_sllv_epi64, a, n); }
VZ_INLINE vz vz_srlv64(vz a, vz n) { return VZ_MAP2(_mm256_srlv_epi64, a, n); }
#endif

/* ------------------------------------------------------------ helpers -- */

/* A value whose lane i has a_i in its low 32 bits and zeros elsewhere
 * (counter steps, the XTS reduction constant). Built from four moves
 * rather than written as one _mm512_set_epi32 constant: with constants
 * GCC 12 keeps them all in registers across gcm-aes-vaes-avx512's pass,
 * spills the state instead, and the 16 KiB seal drops from 0.25 to 0.39
 * cycles per byte on Zen 5 (measured; the CTR paths do not change). */
VZ_INLINE vz vz_lanes32(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    return vz_set4(_mm_cvtsi32_si128((int)a0), _mm_cvtsi32_si128((int)a1), _mm_cvtsi32_si128((int)a2),
                   _mm_cvtsi32_si128((int)a3));
}

/* Each lane byte-reversed: GCM's and CTR's big-endian blocks as
 * little-endian integers, and back. */
VZ_INLINE vz vz_bswap(vz a)
{
    return vz_shuffle8(a, vz_bcast(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
}

/* Bytes in register j of a tail of n blocks (0 past the end). */
static inline size_t vz_tail_bytes(size_t n, int j)
{
    size_t first = 4 * (size_t)j;
    return n <= first ? 0 : (n - first >= 4 ? 64 : 16 * (n - first));
}

/* A tail of 1 <= n <= 32 blocks is handled with m = ceil(n / 4) registers,
 * m a compile-time constant in each copy of the body so that its loops
 * unroll: body(m, ...). Every register goes through every round, so m is
 * what a tail costs the AES units: with m rounded up to 1, 2, 4 or 8 (the
 * first version), 20 to 28 blocks paid for 32 and a 384-byte CTR message
 * took longer than a 512-byte one on Zen 4 (docs/performance.md). */
#define VZ_BY_TAIL(n, body, ...)                     \
    do {                                             \
        switch (((n) + 3) / 4) {                     \
        case 1: body(1, __VA_ARGS__); break;         \
        case 2: body(2, __VA_ARGS__); break;         \
        case 3: body(3, __VA_ARGS__); break;         \
        case 4: body(4, __VA_ARGS__); break;         \
        case 5: body(5, __VA_ARGS__); break;         \
        case 6: body(6, __VA_ARGS__); break;         \
        case 7: body(7, __VA_ARGS__); break;         \
        default: body(8, __VA_ARGS__); break;        \
        }                                            \
    } while (0)

#endif /* RIJN_X86 */
/* Outside x86-64 the descriptors still compile (with no functions). */
#ifndef RIJN_CPU_AVX512_REQ
#define RIJN_CPU_AVX512_REQ RIJN_CPU_AVX512
#endif
#ifndef RIJN_CPU_FASTCLMUL_REQ
#define RIJN_CPU_FASTCLMUL_REQ RIJN_CPU_FASTCLMUL
#endif
#endif
