/* SPDX-License-Identifier: MIT */
/*
 * GFNI's two affine instructions, as aes-gfni uses them (src/aes/aes_gfni.c):
 *
 *   GF_AFFINE(x, A, b)     each byte x of a 64-bit lane becomes A x + b,
 *                          A an 8x8 bit matrix (the lane of A), b a byte;
 *   GF_AFFINEINV(x, A, b)  the same applied to x^-1 in GF(2^8) modulo
 *                          x^8 + x^4 + x^3 + x + 1 (AES's polynomial),
 *                          with 0^-1 = 0.
 *
 * Intel SDM, GF2P8AFFINEQB: bit i of the result is the parity of
 * (byte 7 - i of A's lane) AND x, XOR bit i of b. So row i of the matrix
 * is byte 7 - i of the qword, and the AES S-box's affine map is
 * 0xf1e3c78f1f3e7cf8 with b = 0x63.
 *
 * The instructions are fixed-latency SIMD ALU operations (dudect finds no
 * dependence on the data on Zen 4: docs/security.md), but valgrind cannot
 * execute them (valgrind 3.19: SIGILL), nor can qemu 7.2's x86-64 model
 * (its "max" CPU does not report GFNI). So the emulation build
 * (-DRIJN_EMULATE_VAES, make check's build-emu/ and build-ct/, see
 * x86.h) replaces them by the definitions written out in SSE/AVX2
 * arithmetic: the inverse as x^254 by shift-and-add products with masks,
 * the matrix product as eight masked parities. Neither branches on nor
 * indexes memory with the data, so the valgrind taint test checks
 * aes-gfni's own data flow there; the real instructions are checked by
 * dudect (tests/c/dudect.c) and by every other test on a CPU with GFNI.
 */
#ifndef RIJN_ARCH_X86_GFNI_H
#define RIJN_ARCH_X86_GFNI_H

#include "arch/x86/x86.h"

#ifdef RIJN_X86

#ifdef RIJN_EMULATE_VAES
#define GFNI_ISA "avx2"
#define RIJN_CPU_GFNI_REQ 0u
#define GFNI_EMU static inline __attribute__((always_inline, target(GFNI_ISA)))

/* a b in GF(2^8), each byte: b's bits select the multiples a x^i. */
GFNI_EMU __m128i emu_gf_mul(__m128i a, __m128i b)
{
    const __m128i zero = _mm_setzero_si128(), poly = _mm_set1_epi8(0x1b);
    __m128i r = zero;
    for (int i = 0; i < 8; i++) {
        const __m128i bit = _mm_set1_epi8((char)(1 << i));
        r = _mm_xor_si128(r, _mm_and_si128(a, _mm_cmpeq_epi8(_mm_and_si128(b, bit), bit)));
        /* a x: shift left, and reduce where bit 7 was set (signed < 0). */
        a = _mm_xor_si128(_mm_add_epi8(a, a), _mm_and_si128(_mm_cmpgt_epi8(zero, a), poly));
    }
    return r;
}

/* x^-1 = x^254 = x^2 x^4 ... x^128 (0 for 0), each byte. */
GFNI_EMU __m128i emu_gf_inv(__m128i x)
{
    __m128i p = emu_gf_mul(x, x), r = p;
    for (int i = 0; i < 6; i++) {
        p = emu_gf_mul(p, p);
        r = emu_gf_mul(r, p);
    }
    return r;
}

/* A x + b, each byte, with the row layout of the header comment. */
GFNI_EMU __m128i emu_gf_affine(__m128i x, __m128i a, int b)
{
    __m128i r = _mm_set1_epi8((char)b);
    for (int i = 0; i < 8; i++) {
        /* Byte 7 - i of each lane of A, spread over that lane. */
        const __m128i idx = _mm_add_epi8(_mm_set1_epi8((char)(7 - i)), _mm_set_epi64x(0x0808080808080808, 0));
        const __m128i row = _mm_shuffle_epi8(a, idx);
        __m128i t = _mm_and_si128(x, row);
        /* Parity into bit 0 of each byte. The 16-bit shifts move bits
         * across bytes, but only into bits above those read next. */
        t = _mm_xor_si128(t, _mm_srli_epi16(t, 4));
        t = _mm_xor_si128(t, _mm_srli_epi16(t, 2));
        t = _mm_xor_si128(t, _mm_srli_epi16(t, 1));
        t = _mm_and_si128(t, _mm_set1_epi8(1));
        r = _mm_xor_si128(r, _mm_slli_epi16(t, i));
    }
    return r;
}

GFNI_EMU __m256i emu_gf_affine_y(__m256i x, __m256i a, int b)
{
    return _mm256_set_m128i(emu_gf_affine(_mm256_extracti128_si256(x, 1), _mm256_extracti128_si256(a, 1), b),
                            emu_gf_affine(_mm256_castsi256_si128(x), _mm256_castsi256_si128(a), b));
}

GFNI_EMU __m256i emu_gf_affineinv_y(__m256i x, __m256i a, int b)
{
    return _mm256_set_m128i(
        emu_gf_affine(emu_gf_inv(_mm256_extracti128_si256(x, 1)), _mm256_extracti128_si256(a, 1), b),
        emu_gf_affine(emu_gf_inv(_mm256_castsi256_si128(x)), _mm256_castsi256_si128(a), b));
}

#define GF_AFFINE(x, a, b) emu_gf_affine((x), (a), (b))
#define GF_AFFINEINV(x, a, b) emu_gf_affine(emu_gf_inv(x), (a), (b))
#define GF_AFFINE_Y(x, a, b) emu_gf_affine_y((x), (a), (b))
#define GF_AFFINEINV_Y(x, a, b) emu_gf_affineinv_y((x), (a), (b))
#else
#define GFNI_ISA "gfni,avx2"
#define RIJN_CPU_GFNI_REQ RIJN_CPU_GFNI
#define GF_AFFINE(x, a, b) _mm_gf2p8affine_epi64_epi8((x), (a), (b))
#define GF_AFFINEINV(x, a, b) _mm_gf2p8affineinv_epi64_epi8((x), (a), (b))
#define GF_AFFINE_Y(x, a, b) _mm256_gf2p8affine_epi64_epi8((x), (a), (b))
#define GF_AFFINEINV_Y(x, a, b) _mm256_gf2p8affineinv_epi64_epi8((x), (a), (b))
#endif
#define GFNI_TARGET __attribute__((target(GFNI_ISA)))
#define GFNI_INLINE static inline __attribute__((always_inline, target(GFNI_ISA)))

#endif /* RIJN_X86 */
#ifndef RIJN_CPU_GFNI_REQ
#define RIJN_CPU_GFNI_REQ RIJN_CPU_GFNI
#endif
#endif
