/* SPDX-License-Identifier: MIT */
/*
 * GF(2^255 - 19) in radix 2^51: five unsigned 64-bit limbs,
 * f = f0 + f1 2^51 + f2 2^102 + f3 2^153 + f4 2^204, with 64 x 64 -> 128-bit
 * products (hosts with unsigned __int128: every 64-bit target GCC and
 * Clang support). The representation is redundant: limbs may exceed 2^51
 * and the value may exceed p, up to the bounds written on each function.
 *
 * Bounds. Every function states the limb bounds it needs and the ones it
 * guarantees, "limbs < B" meaning every limb. They are machine-checked:
 * tests/proof/ compiles this very file with fe51_limb and fe51_wide
 * replaced by interval types that fail on any overflow of 64 or 128 bits
 * and on any lossy conversion, runs each function on inputs spanning its
 * stated bounds, and checks the stated output bounds (see
 * docs/security.md, "What is proven"). Its own test removes a carry step
 * and shows the check then fails. So the code below keeps to what that
 * checker models: + - * on limbs and wide values, >> and & by constants,
 * conversions only where no bits are lost (a wide value is masked or
 * shifted below 2^64 before it becomes a limb), and no other operators on
 * secret-dependent values except the masks of cswap and cmov.
 *
 * The names the bounds use:
 *   loose:   limbs < 2^54          (what mul and sqr accept)
 *   carried: limbs < 2^51 + 2^20   (what mul, sqr and carry return)
 *   p4 = 4p in limbs: 2^53 - 76, then 2^53 - 4 four times.
 */
#ifndef RIJN_X25519_FE51_H
#define RIJN_X25519_FE51_H

#ifndef FE51_PROOF
#include <stdint.h>
#include <string.h>
typedef uint64_t fe51_limb;
typedef unsigned __int128 fe51_wide;
#define FE51_INLINE static inline __attribute__((always_inline))
#endif

typedef struct {
    fe51_limb v[5];
} fe51;

#define FE51_MASK 0x7ffffffffffffULL /* 2^51 - 1 */

/* h = 0, 1 */
FE51_INLINE void fe51_0(fe51 *h)
{
    for (int i = 0; i < 5; i++) h->v[i] = 0;
}
FE51_INLINE void fe51_1(fe51 *h)
{
    fe51_0(h);
    h->v[0] = 1;
}

/* h = f + g. f, g: limbs < 2^53. h: limbs < 2^54 (loose). */
FE51_INLINE void fe51_add(fe51 *h, const fe51 *f, const fe51 *g)
{
    for (int i = 0; i < 5; i++) h->v[i] = f->v[i] + g->v[i];
}

/* h = f - g + 4p, so every limb stays non-negative without a borrow.
 * f: limbs < 2^53; g: limbs <= p4 limb for limb (so every g < 2^53 - 76
 * will do). h: limbs < 2^54 (loose). */
FE51_INLINE void fe51_sub(fe51 *h, const fe51 *f, const fe51 *g)
{
    h->v[0] = (f->v[0] + 0x1fffffffffffb4ULL) - g->v[0];
    for (int i = 1; i < 5; i++) h->v[i] = (f->v[i] + 0x1ffffffffffffcULL) - g->v[i];
}

/* The carry chain shared by mul, sqr and mul_small: t[i] are the wide
 * column sums, each < 2^116 (the callers bound them). Each step keeps the
 * low 51 bits and moves the rest up; the carry out of the top limb has
 * weight 2^255 = 19 mod p, so it re-enters limb 0 times 19. t4's carry is
 * < 2^116 / 2^51 = 2^65 (hence a wide value) and 19 times it < 2^70; after
 * adding the carry into t0's remainder once more and splitting, limb 0 <
 * 2^51 and limb 1 < 2^51 + 2^19 + 1: within carried. */
FE51_INLINE void fe51_carry_wide(fe51 *h, fe51_wide t0, fe51_wide t1, fe51_wide t2, fe51_wide t3, fe51_wide t4)
{
    t1 += t0 >> 51;
    fe51_limb r0 = (fe51_limb)(t0 & FE51_MASK);
    t2 += t1 >> 51;
    fe51_limb r1 = (fe51_limb)(t1 & FE51_MASK);
    t3 += t2 >> 51;
    fe51_limb r2 = (fe51_limb)(t2 & FE51_MASK);
    t4 += t3 >> 51;
    fe51_limb r3 = (fe51_limb)(t3 & FE51_MASK);
    fe51_wide c = (t4 >> 51) * 19 + r0; /* < 2^70 + 2^51 */
    fe51_limb r4 = (fe51_limb)(t4 & FE51_MASK);
    r0 = (fe51_limb)(c & FE51_MASK);
    r1 += (fe51_limb)(c >> 51); /* c >> 51 < 2^19 + 1 */
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
    h->v[4] = r4;
}

/* h = f g. f, g: limbs < 2^54 (loose). h: carried.
 * Column k is the sum of f_i g_j with i + j = k, plus 19 f_i g_j with
 * i + j = k + 5 (2^255 = 19). Each product < 2^108; 19 g_j < 2^59; the
 * largest column (t0: one plain product and four times 19) < 2^108 + 4 *
 * 19 * 2^108 = 77 * 2^108 < 2^115. */
FE51_INLINE void fe51_mul(fe51 *h, const fe51 *f, const fe51 *g)
{
    const fe51_limb f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const fe51_limb g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    const fe51_limb g1_19 = g1 * 19, g2_19 = g2 * 19, g3_19 = g3 * 19, g4_19 = g4 * 19; /* < 2^59 */
    fe51_wide t0 = (fe51_wide)f0 * g0 + (fe51_wide)f1 * g4_19 + (fe51_wide)f2 * g3_19 + (fe51_wide)f3 * g2_19 +
                   (fe51_wide)f4 * g1_19;
    fe51_wide t1 = (fe51_wide)f0 * g1 + (fe51_wide)f1 * g0 + (fe51_wide)f2 * g4_19 + (fe51_wide)f3 * g3_19 +
                   (fe51_wide)f4 * g2_19;
    fe51_wide t2 = (fe51_wide)f0 * g2 + (fe51_wide)f1 * g1 + (fe51_wide)f2 * g0 + (fe51_wide)f3 * g4_19 +
                   (fe51_wide)f4 * g3_19;
    fe51_wide t3 = (fe51_wide)f0 * g3 + (fe51_wide)f1 * g2 + (fe51_wide)f2 * g1 + (fe51_wide)f3 * g0 +
                   (fe51_wide)f4 * g4_19;
    fe51_wide t4 = (fe51_wide)f0 * g4 + (fe51_wide)f1 * g3 + (fe51_wide)f2 * g2 + (fe51_wide)f3 * g1 +
                   (fe51_wide)f4 * g0;
    fe51_carry_wide(h, t0, t1, t2, t3, t4);
}

/* h = f^2. f: limbs < 2^54 (loose). h: carried. The mul columns with the
 * symmetric products paired: 2 f_i < 2^55, 38 f_i < 2^60, 19 f_i < 2^59;
 * the largest column < 2^115 as in mul. */
FE51_INLINE void fe51_sqr(fe51 *h, const fe51 *f)
{
    const fe51_limb f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    const fe51_limb f0_2 = f0 * 2, f1_2 = f1 * 2;
    const fe51_limb f1_38 = f1 * 38, f2_38 = f2 * 38, f3_38 = f3 * 38, f3_19 = f3 * 19, f4_19 = f4 * 19;
    fe51_wide t0 = (fe51_wide)f0 * f0 + (fe51_wide)f1_38 * f4 + (fe51_wide)f2_38 * f3;
    fe51_wide t1 = (fe51_wide)f0_2 * f1 + (fe51_wide)f2_38 * f4 + (fe51_wide)f3_19 * f3;
    fe51_wide t2 = (fe51_wide)f0_2 * f2 + (fe51_wide)f1 * f1 + (fe51_wide)f3_38 * f4;
    fe51_wide t3 = (fe51_wide)f0_2 * f3 + (fe51_wide)f1_2 * f2 + (fe51_wide)f4_19 * f4;
    fe51_wide t4 = (fe51_wide)f0_2 * f4 + (fe51_wide)f1_2 * f3 + (fe51_wide)f2 * f2;
    fe51_carry_wide(h, t0, t1, t2, t3, t4);
}

/* h = f * 121665 (a24 of RFC 7748 section 5). f: limbs < 2^54. h:
 * carried. Each product < 2^54 * 2^17 = 2^71. */
FE51_INLINE void fe51_mul_a24(fe51 *h, const fe51 *f)
{
    fe51_carry_wide(h, (fe51_wide)f->v[0] * 121665, (fe51_wide)f->v[1] * 121665, (fe51_wide)f->v[2] * 121665,
                    (fe51_wide)f->v[3] * 121665, (fe51_wide)f->v[4] * 121665);
}

/* h = f with limbs carried: f: limbs < 2^54. h: carried. */
FE51_INLINE void fe51_carry(fe51 *h, const fe51 *f)
{
    fe51_carry_wide(h, f->v[0], f->v[1], f->v[2], f->v[3], f->v[4]);
}

/* Swap f and g if b = 1, leave them if b = 0, without a branch: the mask
 * is all ones or zero. b: 0 or 1 (secret). */
FE51_INLINE void fe51_cswap(fe51 *f, fe51 *g, fe51_limb b)
{
    const fe51_limb m = 0 - b;
    for (int i = 0; i < 5; i++) {
        fe51_limb x = (f->v[i] ^ g->v[i]) & m;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

/* f = g if b = 1, unchanged if b = 0 (b secret, as in cswap). */
FE51_INLINE void fe51_cmov(fe51 *f, const fe51 *g, fe51_limb b)
{
    const fe51_limb m = 0 - b;
    for (int i = 0; i < 5; i++) f->v[i] ^= (f->v[i] ^ g->v[i]) & m;
}

/* h = -f = 4p - f. f: limbs <= p4 (e.g. carried). h: limbs < 2^53. */
FE51_INLINE void fe51_neg(fe51 *h, const fe51 *f)
{
    fe51 z;
    fe51_0(&z);
    fe51_sub(h, &z, f);
}

#ifndef FE51_PROOF
/* h = the 255 low bits of s, little-endian (RFC 7748 section 5: bit 255
 * of u is ignored, and a value >= p is taken as it is: the arithmetic
 * reduces it). h: limbs < 2^51. */
FE51_INLINE void fe51_frombytes(fe51 *h, const uint8_t s[32])
{
    uint64_t w[4];
    for (int i = 0; i < 4; i++) {
        uint64_t x = 0;
        for (int j = 7; j >= 0; j--) x = x << 8 | s[8 * i + j];
        w[i] = x;
    }
    h->v[0] = w[0] & FE51_MASK;
    h->v[1] = (w[0] >> 51 | w[1] << 13) & FE51_MASK;
    h->v[2] = (w[1] >> 38 | w[2] << 26) & FE51_MASK;
    h->v[3] = (w[2] >> 25 | w[3] << 39) & FE51_MASK;
    h->v[4] = (w[3] >> 12) & FE51_MASK;
}
#endif

/* The canonical limbs of f. f: carried. h: limbs < 2^51, value < p.
 * One carry pass leaves limbs 1..4 below 2^51 and limb 0 below 2^51 + 19
 * (the carry out of limb 4 is at most 1), so the value is below 2^255 +
 * 19 < 2p. Then q = floor((f + 19) / 2^255), computed by carrying 19 up
 * through the limbs (each step is an exact floor division), is 1 exactly
 * when f >= p; and f + 19q with bit 255 dropped is f - qp. */
FE51_INLINE void fe51_canon(fe51 *h, const fe51 *f)
{
    fe51_limb f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    f1 += f0 >> 51;
    f0 &= FE51_MASK;
    f2 += f1 >> 51;
    f1 &= FE51_MASK;
    f3 += f2 >> 51;
    f2 &= FE51_MASK;
    f4 += f3 >> 51;
    f3 &= FE51_MASK;
    f0 += (f4 >> 51) * 19;
    f4 &= FE51_MASK;
    fe51_limb q = (f0 + 19) >> 51;
    q = (f1 + q) >> 51;
    q = (f2 + q) >> 51;
    q = (f3 + q) >> 51;
    q = (f4 + q) >> 51;
    f0 += 19 * q;
    f1 += f0 >> 51;
    f0 &= FE51_MASK;
    f2 += f1 >> 51;
    f1 &= FE51_MASK;
    f3 += f2 >> 51;
    f2 &= FE51_MASK;
    f4 += f3 >> 51;
    f3 &= FE51_MASK;
    f4 &= FE51_MASK; /* drops 2^255 q */
    h->v[0] = f0;
    h->v[1] = f1;
    h->v[2] = f2;
    h->v[3] = f3;
    h->v[4] = f4;
}

#ifndef FE51_PROOF
/* s = f mod p, 32 bytes little-endian. f: carried. */
FE51_INLINE void fe51_tobytes(uint8_t s[32], const fe51 *f)
{
    fe51 t;
    fe51_canon(&t, f);
    const uint64_t w[4] = { t.v[0] | t.v[1] << 51, t.v[1] >> 13 | t.v[2] << 38, t.v[2] >> 26 | t.v[3] << 25,
                            t.v[3] >> 39 | t.v[4] << 12 };
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) s[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
}
#endif

#endif
