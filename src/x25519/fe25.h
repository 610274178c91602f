/* SPDX-License-Identifier: MIT */
/*
 * GF(2^255 - 19) in radix 2^25.5: ten signed 32-bit limbs, alternately 26
 * and 25 bits wide, f = sum f_i 2^ceil(25.5 i), with 32 x 32 -> 64-bit
 * products. This is the representation of Bernstein's curve25519 papers
 * and of the NEON Curve25519 paper (Bernstein and Schwabe, CHES 2012), for
 * hosts without a 64 x 64 -> 128-bit multiply: 32-bit ARM, and any other
 * 32-bit build. Limbs are signed so that subtraction needs no bias and a
 * carry can round to nearest, leaving a limb in [-2^25, 2^25) or
 * [-2^24, 2^24): half the magnitude a floor carry leaves.
 *
 * Weights. Limb i has weight 2^w_i with w = 0, 26, 51, 77, 102, 128, 153,
 * 179, 204, 230. w_i + w_j = w_(i+j) when i or j is even, and w_(i+j) + 1
 * when both are odd; past limb 9, 2^255 = 19 mod p. So the product column
 * k collects f_i g_j for i + j = k and 19 f_i g_j for i + j = k + 10, each
 * doubled when i and j are both odd.
 *
 * Bounds, machine-checked as for fe51.h (tests/proof/; same rules on what
 * the code may do, plus: right shifts of negative values are arithmetic,
 * as GCC and Clang define them, left shifts are written as
 * multiplications, which C defines for negative values too, and every
 * carry is written t -= c * 2^w with c = (t + k) >> w computed from that
 * same t, the one form the checker bounds exactly: the result is in
 * [-k, 2^w - 1 - k] whatever the interval of t):
 *   carried: |even limb| <= 2^25, |odd limb| <= 2^24 + 2^15 (limbs 1 and
 *            5 only, by the last carries; the others <= 2^24)
 *            (what mul, sqr, mul_a24 and carry return)
 *   loose:   |even limb| <= 3 * 2^25 + 2^17, |odd limb| <= 3 * 2^24 + 2^17
 *            (what mul and sqr accept: the sum of three carried values,
 *            with 19 times any limb still inside an int32)
 */
#ifndef RIJN_X25519_FE25_H
#define RIJN_X25519_FE25_H

#ifndef FE25_PROOF
#include <stdint.h>
typedef int32_t fe25_limb;
typedef int64_t fe25_wide;
#define FE25_INLINE static inline __attribute__((always_inline))
#endif

typedef struct {
    fe25_limb v[10];
} fe25;

/* h = 0, 1 */
FE25_INLINE void fe25_0(fe25 *h)
{
    for (int i = 0; i < 10; i++) h->v[i] = 0;
}
FE25_INLINE void fe25_1(fe25 *h)
{
    fe25_0(h);
    h->v[0] = 1;
}

/* h = f + g. f, g: the sum of each limb pair within loose (e.g. two
 * carried values, or an add's output and a carried value). */
FE25_INLINE void fe25_add(fe25 *h, const fe25 *f, const fe25 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = f->v[i] + g->v[i];
}

/* h = f - g. Same bounds as add. */
FE25_INLINE void fe25_sub(fe25 *h, const fe25 *f, const fe25 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = f->v[i] - g->v[i];
}

/* h = -f. f: loose. h: loose. */
FE25_INLINE void fe25_neg(fe25 *h, const fe25 *f)
{
    for (int i = 0; i < 10; i++) h->v[i] = 0 - f->v[i];
}

/* FE25_SHIFT_CHECK(t): a hook on every value whose rounding carry is
 * taken (below, and in fe25_carry_wide's fold). x25519-avx2
 * (src/x25519/fe25x4.h) computes that carry with a logical shift of t
 * biased by 2^62, which is exact for |t| <= 2^62 - 2^25; the checker
 * (tests/proof/bounds.cc) defines this hook to check that range. */
#ifndef FE25_SHIFT_CHECK
#define FE25_SHIFT_CHECK(t) ((void)0)
#endif

/* Round-to-nearest carry of column i into column i + 1: the 2^(w-1)
 * added first makes the floor shift round, so the limb left is in
 * [-2^(w-1), 2^(w-1)). Width w is 26 for even i, 25 for odd. */
#define FE25_CARRY(t, i)                                                                 \
    do {                                                                                 \
        const int w_ = ((i) & 1) ? 25 : 26;                                              \
        FE25_SHIFT_CHECK((t)[(i)]);                                                      \
        fe25_wide c_ = ((t)[(i)] + ((fe25_wide)1 << (w_ - 1))) >> w_;                    \
        (t)[(i) + 1] += c_;                                                              \
        (t)[(i)] -= c_ * ((fe25_wide)1 << w_);                                           \
    } while (0)

/* Carry the ten wide columns t (|t_k| < 2^61) into h: carried. Two
 * chains run interleaved (0..4 and 4..9), as in the CHES 2012 paper, so
 * that consecutive steps do not wait on each other; the carry out of
 * limb 9 has weight 2^255 and re-enters limb 0 times 19, and limb 0's
 * carry goes once more into limb 1, and limb 4's second carry into limb
 * 5 after limb 5 was carried: those two odd limbs may exceed 2^24 by a
 * small carry (the checker: 2^24 + 19456 and 2^24 + 1024 at the input
 * bound; mul's columns stay below 2^60.14, so after mul 2^24 + 430 and
 * 2^24 + 267). At |t_k| up to 2^62, limb 1 could reach 2^24 + 38912: the
 * input bound is what keeps it carried. */
FE25_INLINE void fe25_carry_wide(fe25 *h, fe25_wide t[10])
{
    FE25_CARRY(t, 0);
    FE25_CARRY(t, 4);
    FE25_CARRY(t, 1);
    FE25_CARRY(t, 5);
    FE25_CARRY(t, 2);
    FE25_CARRY(t, 6);
    FE25_CARRY(t, 3);
    FE25_CARRY(t, 7);
    FE25_CARRY(t, 4);
    FE25_CARRY(t, 8);
    {
        FE25_SHIFT_CHECK(t[9]);
        fe25_wide c = (t[9] + ((fe25_wide)1 << 24)) >> 25;
        t[0] += c * 19;
        t[9] -= c * ((fe25_wide)1 << 25);
    }
    FE25_CARRY(t, 0);
    for (int i = 0; i < 10; i++) h->v[i] = (fe25_limb)t[i];
}

/* h = f g. f, g: loose. h: carried.
 * With |even| <= 1.51 * 2^26 and |odd| <= 1.51 * 2^25, 19 g_j fits an
 * int32 (19 * 1.51 * 2^26 < 2^31), and the largest column, t0 (one plain
 * product; four even pairs and five doubled odd pairs, all times 19), is
 * below 2^61. */
FE25_INLINE void fe25_mul(fe25 *h, const fe25 *f, const fe25 *g)
{
    fe25_limb f2[10], g19[10];
    fe25_wide t[10];
    for (int i = 0; i < 10; i++) {
        f2[i] = (i & 1) ? f->v[i] * 2 : f->v[i];
        g19[i] = g->v[i] * 19;
        t[i] = 0;
    }
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
#pragma GCC unroll 10
        for (int j = 0; j < 10; j++) {
            const fe25_limb a = ((i & j) & 1) ? f2[i] : f->v[i];
            const fe25_limb b = i + j >= 10 ? g19[j] : g->v[j];
            t[(i + j) % 10] += (fe25_wide)a * b;
        }
    }
    fe25_carry_wide(h, t);
}

/* h = f^2. f: loose. h: carried. The columns of mul with f = g. */
FE25_INLINE void fe25_sqr(fe25 *h, const fe25 *f)
{
    fe25_mul(h, f, f);
}

/* h = f^2 with each cross product computed once (ref10's fe_sq): the
 * columns of fe25_sqr, the same integers, from 55 products instead of
 * 100, each f_i f_j (i < j) taken twice as (2 f_i) f_j, or (4 f_i) f_j
 * when both are odd, and 19 f_j where i + j >= 10. fe25_sqr keeps the
 * plain schedule, as the reference the tests compare with; x25519-ref25
 * and x25519-neon's inversion square with this one, x25519-avx2's and
 * x25519-neon's vector squarings (fe25x4.h, fe25x2.h) are this routine
 * on four and two lanes, and the checker runs it, alone and in the
 * compositions. f: loose. h: carried. Operands: |2 f_i| and
 * |4 f_i| (odd i) < 2^28.6, |19 f_j| < 2^30.9, all inside an int32; each
 * column is the same sum as fe25_sqr's, so below 2^61. */
FE25_INLINE void fe25_sqr_once(fe25 *h, const fe25 *f)
{
    fe25_limb f2[10], f4[10], f19[10];
    fe25_wide t[10];
    for (int i = 0; i < 10; i++) {
        f2[i] = f->v[i] * 2;
        f4[i] = (i & 1) ? f2[i] * 2 : f2[i];
        f19[i] = f->v[i] * 19;
        t[i] = 0;
    }
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        /* the diagonal f_i^2, doubled for odd i (weights), 19 past limb 9 */
        t[(2 * i) % 10] += (fe25_wide)((i & 1) ? f2[i] : f->v[i]) * (2 * i >= 10 ? f19[i] : f->v[i]);
#pragma GCC unroll 10
        for (int j = i + 1; j < 10; j++)
            t[(i + j) % 10] += (fe25_wide)((i & j & 1) ? f4[i] : f2[i]) * (i + j >= 10 ? f19[j] : f->v[j]);
    }
    fe25_carry_wide(h, t);
}

/* h = f * 121665. f: loose. h: carried. Each product < 2^27 * 2^17. */
FE25_INLINE void fe25_mul_a24(fe25 *h, const fe25 *f)
{
    fe25_wide t[10];
    for (int i = 0; i < 10; i++) t[i] = (fe25_wide)f->v[i] * 121665;
    fe25_carry_wide(h, t);
}

/* h = f with limbs carried. f: loose. h: carried. */
FE25_INLINE void fe25_carry(fe25 *h, const fe25 *f)
{
    fe25_wide t[10];
    for (int i = 0; i < 10; i++) t[i] = f->v[i];
    fe25_carry_wide(h, t);
}

/* Swap f and g if b = 1 (b secret, 0 or 1), by masks: no branch. */
FE25_INLINE void fe25_cswap(fe25 *f, fe25 *g, uint32_t b)
{
    const uint32_t m = 0 - b;
    for (int i = 0; i < 10; i++) {
        uint32_t x = ((uint32_t)f->v[i] ^ (uint32_t)g->v[i]) & m;
        f->v[i] = (fe25_limb)((uint32_t)f->v[i] ^ x);
        g->v[i] = (fe25_limb)((uint32_t)g->v[i] ^ x);
    }
}

/* f = g if b = 1, unchanged if b = 0 (b secret). */
FE25_INLINE void fe25_cmov(fe25 *f, const fe25 *g, uint32_t b)
{
    const uint32_t m = 0 - b;
    for (int i = 0; i < 10; i++)
        f->v[i] = (fe25_limb)((uint32_t)f->v[i] ^ (((uint32_t)f->v[i] ^ (uint32_t)g->v[i]) & m));
}

#ifndef FE25_PROOF
/* Bit offsets of the limbs. */
#define FE25_W(i) ((i) * 25 + ((i) + 1) / 2)

/* h = the 255 low bits of s, little-endian; bit 255 ignored, values >= p
 * taken as they are (RFC 7748 section 5). h: limbs in [0, 2^26) or
 * [0, 2^25): within loose; carry() makes them carried. */
FE25_INLINE void fe25_frombytes(fe25 *h, const uint8_t s[32])
{
    for (int i = 0; i < 10; i++) {
        const int off = FE25_W(i), width = (i & 1) ? 25 : 26;
        uint64_t x = 0;
        for (int b = 4; b >= 0; b--) {
            const int at = off / 8 + b;
            x = x << 8 | (at < 32 ? s[at] : 0);
        }
        h->v[i] = (fe25_limb)((x >> (off % 8)) & (((uint64_t)1 << width) - 1));
    }
}

#endif

/* h = f mod p in canonical limbs (the freeze): f: carried. h: limbs in
 * [0, 2^26) or [0, 2^25), the value < p.
 * With carried limbs, q = floor(f / p) is in {-1, 0, 1} and equals
 * floor((f + 19 + 19 * 2^-25 f9 * 2^230 ...)/2^255): first estimate the
 * carry that 19 (the difference between 2^255 and p) would push out of
 * limb 9, then run the exact (floor) carries of f + that through the
 * limbs; the carry out of limb 9 is q (the analysis of ref10's fe_tobytes,
 * which needs limbs within 1.1 * 2^26 / 2^25; carried is well inside).
 * Then f - qp = f + 19q - 2^255 q: add 19q, carry exactly (every limb
 * ends in [0, 2^w)), and drop the carry out of limb 9, which is q. */
FE25_INLINE void fe25_canon(fe25 *h, const fe25 *f)
{
    fe25_wide t[10];
    for (int i = 0; i < 10; i++) t[i] = f->v[i];
    fe25_wide q = (19 * t[9] + ((fe25_wide)1 << 24)) >> 25;
    for (int i = 0; i < 10; i++) q = (t[i] + q) >> ((i & 1) ? 25 : 26);
    t[0] += 19 * q;
    for (int i = 0; i < 9; i++) {
        const int w = (i & 1) ? 25 : 26;
        fe25_wide c = t[i] >> w;
        t[i + 1] += c;
        t[i] -= c * ((fe25_wide)1 << w);
    }
    t[9] &= ((fe25_wide)1 << 25) - 1;
    for (int i = 0; i < 10; i++) h->v[i] = (fe25_limb)t[i];
}

#ifndef FE25_PROOF
/* s = f mod p, 32 bytes little-endian. f: carried. */
FE25_INLINE void fe25_tobytes(uint8_t s[32], const fe25 *f)
{
    fe25 t;
    fe25_canon(&t, f);
    for (int i = 0; i < 32; i++) s[i] = 0;
    for (int i = 0; i < 10; i++) {
        const int off = FE25_W(i);
        const uint64_t x = (uint64_t)t.v[i] << (off % 8);
        for (int b = 0; b < 5 && off / 8 + b < 32; b++) s[off / 8 + b] |= (uint8_t)(x >> (8 * b));
    }
}
#endif

#endif
