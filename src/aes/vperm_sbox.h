/* SPDX-License-Identifier: MIT */
/*
 * The vector-permute S-box of aes_vperm.c (Hamburg's GF(16) inversion
 * circuit; the derivation is at the top of aes_vperm.c), as inline
 * functions for every file that runs it: aes-vperm, and the one-round
 * primitives of src/emu/aes_round_vperm.c. x86-64 with SSSE3.
 */
#ifndef RIJN_VPERM_SBOX_H
#define RIJN_VPERM_SBOX_H

#include "arch/x86/x86.h"

#ifdef RIJN_X86
#include "aes/vperm_tables.h"

#define VT(i) _mm_load_si128((const __m128i *)(const void *)vperm_tab[VP_##i])
#define SHUF(t, i) _mm_shuffle_epi8((t), (i))
#define X(a, b) _mm_xor_si128((a), (b))

/* T (or T2) of a standard-basis register: one lookup per nibble. */
SSSE3_INLINE __m128i vperm_basis(__m128i s, __m128i lo_t, __m128i hi_t)
{
    const __m128i m = _mm_set1_epi8(0x0f);
    return X(SHUF(lo_t, _mm_and_si128(s, m)), SHUF(hi_t, _mm_and_si128(_mm_srli_epi16(s, 4), m)));
}

/* The inversion circuit: po and ro from y = T(x) (see aes_vperm.c). */
SSSE3_INLINE void vperm_core(__m128i y, __m128i inv, __m128i cqt, __m128i *po, __m128i *ro)
{
    const __m128i m = _mm_set1_epi8(0x0f);
    __m128i p = _mm_and_si128(_mm_srli_epi16(y, 4), m);
    __m128i q = _mm_and_si128(y, m);
    __m128i r = X(p, q);
    __m128i cq = SHUF(cqt, q);
    __m128i a = X(SHUF(inv, p), cq);
    __m128i b = X(SHUF(inv, r), cq);
    *po = X(SHUF(inv, a), r);
    *ro = X(SHUF(inv, b), p);
}

#endif
#endif
