/* SPDX-License-Identifier: MIT */
/*
 * x86-64 plumbing for the intrinsics drivers (src/aes, src/gf128): the
 * per-function target attributes, the VAES/VPCLMULQDQ emulation build,
 * unaligned loads and stores of byte buffers, and byte reversal within
 * 128-bit lanes. Nothing here is about AES or GHASH.
 *
 * RIJN_X86 is defined where the intrinsics can be built (x86-64 with a
 * GCC-compatible compiler). Every driver file compiles everywhere and
 * tests it before defining any function: elsewhere its descriptor stays,
 * with NULL ops, and the registry leaves the driver out. The RIJN_CPU_*_REQ
 * macros, the CPU bits a VAES descriptor requires, are defined on every
 * architecture for the same reason.
 */
#ifndef RIJN_ARCH_X86_H
#define RIJN_ARCH_X86_H

#include "core/cpu.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define RIJN_X86 1
#include <immintrin.h>

/* Per-function targets: the library is built for baseline x86-64 and these
 * functions run only after the registry checked the CPU bits. */
#define AESNI_TARGET __attribute__((target("aes,pclmul,ssse3,sse4.1")))
#define AESNI_INLINE static inline __attribute__((always_inline, target("aes,pclmul,ssse3,sse4.1")))
/* SSSE3 alone (PSHUFB): aes-vperm, the AES for CPUs without AES-NI. */
#define SSSE3_TARGET __attribute__((target("ssse3")))
#define SSSE3_INLINE static inline __attribute__((always_inline, target("ssse3")))

/*
 * VAES and VPCLMULQDQ drivers. valgrind cannot run them, nor can qemu 7.2
 * (Debian 12): it lacks VPCLMULQDQ and its 256-bit VAESENC/VAESDEC compute
 * the upper lane wrongly (MixColumns of the wrong lane; see
 * docs/drivers.md); and earlier development machines lacked them. So the
 * test build
 * -DRIJN_EMULATE_VAES (make check's build-emu/) compiles the same driver
 * code with every 256-bit AES and carry-less instruction replaced by two
 * 128-bit AES-NI/PCLMULQDQ ones, one per lane, which are exactly their
 * definitions (Intel SDM: VAESENC ymm "performs ... on each 128-bit lane"),
 * and without the VAES/VPCLMUL CPU requirement: the lane logic, counters,
 * tweaks and GHASH pairing are then tested natively on any AVX2 machine.
 * The target attribute drops "vaes" there, so a stray real VAES instruction
 * cannot even compile. On a CPU with VAES the release build runs the real
 * instructions through the same tests. (The 512-bit layer, vz.h, builds on
 * this one.)
 */
#ifdef RIJN_EMULATE_VAES
#define VAES_ISA "avx2,aes,pclmul"
#define RIJN_CPU_VAES_REQ 0u
#define RIJN_CPU_VPCLMUL_REQ 0u
#define EMU_LANES(name, op)                                                                              \
    static inline __attribute__((always_inline, target(VAES_ISA))) __m256i name(__m256i a, __m256i b)    \
    {                                                                                                    \
        return _mm256_set_m128i(op(_mm256_extracti128_si256(a, 1), _mm256_extracti128_si256(b, 1)),     \
                                op(_mm256_castsi256_si128(a), _mm256_castsi256_si128(b)));               \
    }
EMU_LANES(emu_aesenc, _mm_aesenc_si128)
EMU_LANES(emu_aesenclast, _mm_aesenclast_si128)
EMU_LANES(emu_aesdec, _mm_aesdec_si128)
EMU_LANES(emu_aesdeclast, _mm_aesdeclast_si128)
#undef EMU_LANES
/* clang defines some of these intrinsics as macros: replace them. */
#undef _mm256_aesenc_epi128
#undef _mm256_aesenclast_epi128
#undef _mm256_aesdec_epi128
#undef _mm256_aesdeclast_epi128
#undef _mm256_clmulepi64_epi128
#define _mm256_aesenc_epi128 emu_aesenc
#define _mm256_aesenclast_epi128 emu_aesenclast
#define _mm256_aesdec_epi128 emu_aesdec
#define _mm256_aesdeclast_epi128 emu_aesdeclast
#define _mm256_clmulepi64_epi128(a, b, imm)                                                             \
    _mm256_set_m128i(_mm_clmulepi64_si128(_mm256_extracti128_si256(a, 1), _mm256_extracti128_si256(b, 1), imm), \
                     _mm_clmulepi64_si128(_mm256_castsi256_si128(a), _mm256_castsi256_si128(b), imm))
#else
#define VAES_ISA "vaes,vpclmulqdq,avx2,aes,pclmul"
#define RIJN_CPU_VAES_REQ RIJN_CPU_VAES
#define RIJN_CPU_VPCLMUL_REQ RIJN_CPU_VPCLMUL
#endif
#define VAES_TARGET __attribute__((target(VAES_ISA)))
#define VAES_INLINE static inline __attribute__((always_inline, target(VAES_ISA)))

/* Before a loop over a pass's states (m of them, a constant) in the VAES
 * drivers, 256- and 512-bit: unroll it fully. GCC's scalar replacement of
 * aggregates runs before its late complete unrolling, and a state array
 * still indexed by a loop counter then stays in memory: in the short
 * passes below 16 blocks (aes-vaes's tiers and tails), GCC filled it from
 * the input in 128-bit halves and read it back as 256-bit values, a failed
 * store-to-load forwarding per register. An 8-block CBC decryption took
 * 160 cycles on Zen 3, more than twice a 16-block one, and ran at 0.42x
 * of libgcrypt's VAES code; CTR's 16-block message at 0.91x
 * (docs/performance.md). aes-vaes-avx512's tails stored and reloaded
 * whole ZMM registers the same way. */
#define VAES_EACH _Pragma("GCC unroll 16")

/* Unaligned loads and stores of byte buffers. */
#define LOADX(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREX(p, v) _mm_storeu_si128((__m128i *)(void *)(p), (v))
#define LOADY(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREY(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* Byte reversal of a 128-bit lane: GCM's and CTR's big-endian counters and
 * blocks become little-endian integers. */
AESNI_INLINE __m128i aesni_bswap(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

/* aesni_bswap on both 128-bit lanes. */
VAES_INLINE __m256i bswap_y(__m256i x)
{
    const __m256i m = _mm256_broadcastsi128_si256(_mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm256_shuffle_epi8(x, m);
}

/* X86_AVX2_FILE_BEGIN ... X86_AVX2_FILE_END: every function between
 * them, including the static inline ones of headers included there
 * (aes/ct128_core.h's vector C, x25519/curve_core.h over fe25x4.h), is
 * compiled for AVX2, as ARM32_NEON_FILE does on 32-bit ARM. GCC takes a
 * target pragma; clang applies the attribute to each function. */
#if defined(__clang__)
#define X86_AVX2_FILE_BEGIN \
    _Pragma("clang attribute push(__attribute__((target(\"avx2\"))), apply_to = function)")
#define X86_AVX2_FILE_END _Pragma("clang attribute pop")
#else
#define X86_AVX2_FILE_BEGIN _Pragma("GCC push_options") _Pragma("GCC target(\"avx2\")")
#define X86_AVX2_FILE_END _Pragma("GCC pop_options")
#endif

#endif /* RIJN_X86 */
/* Outside x86-64 the VAES descriptors still compile (and are unavailable). */
#ifndef RIJN_CPU_VAES_REQ
#define RIJN_CPU_VAES_REQ RIJN_CPU_VAES
#define RIJN_CPU_VPCLMUL_REQ RIJN_CPU_VPCLMUL
#endif
#endif
