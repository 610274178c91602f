/* SPDX-License-Identifier: MIT */
/*
 * Radix 2^51 field arithmetic mod p = 2^255 - 19 on lanes, with the
 * products of AVX-512 IFMA (VPMADD52LUQ, VPMADD52HUQ). Written once over
 * a lane layer that the includer defines:
 *
 *   FV                       a vector of 64-bit lanes (or one lane)
 *   fv_zero() fv_set1(x)     constants
 *   fv_add(a, b)             a + b per lane (the bounds below keep it
 *                            below 2^64: no lane ever wraps)
 *   fv_sub(a, b)             a - b per lane, used only where a >= b
 *   fv_shl(a, n) fv_shr(a, n)  shifts by a constant
 *   fv_and(a, m)             a & m, m a constant
 *   fv_madd52lo(c, a, b)     c + ((a mod 2^52) * (b mod 2^52)) mod 2^52
 *   fv_madd52hi(c, a, b)     c + ((a mod 2^52) * (b mod 2^52)) >> 52
 *
 * (the last two are the instructions' definitions, Intel SDM
 * "VPMADD52LUQ"/"VPMADD52HUQ"). src/x25519/fe51_ifma.h defines the layer
 * twice: on __m512i, eight independent field elements per register, and
 * in the emulation build (-DRIJN_EMULATE_VAES) on eight plain uint64_t
 * with exactly those definitions, for valgrind. tests/proof/bounds.cc
 * defines it on interval integers, one lane, where fv_madd52lo/hi also
 * check that both factors are below 2^52: the instructions ignore bits
 * 52..63 of their factors, so a larger limb would not overflow but
 * silently lose its top bits. That check is the main bound of this file.
 *
 * Representation: five limbs, h = v[0] + v[1] 2^51 + ... + v[4] 2^204,
 * unsigned. "Carried" means every limb < 2^51 + 2^23 (< 2^52, so that the
 * products see whole limbs); every routine below returns carried limbs,
 * so mul and sqr can take any output of any routine here. (fe51.h's
 * lazier contract, where add outputs are multiplied uncarried, does not
 * fit: its loose limbs reach 2^54.)
 *
 * Products in radix 2^51 with a 52-bit multiplier: a limb product
 * f_i g_j (< 2^104) at weight 2^(51(i+j)) splits as lo + 2^52 hi, so its
 * low half belongs to column i+j and its high half to column i+j+1 with
 * weight 2: column k is L_k + 2 H_(k-1). Columns 5..9 wrap with
 * 2^255 = 19 (mod p).
 *
 * Constant time: straight-line lane arithmetic; no branch, no index, no
 * lane crossing.
 */
#ifndef RIJN_X25519_FE51V_H
#define RIJN_X25519_FE51V_H

#ifndef FV_INLINE
#define FV_INLINE static inline __attribute__((always_inline))
#endif

typedef struct {
    FV v[5];
} fe51v;

#define FE51V_M51 0x7ffffffffffffULL /* 2^51 - 1 */

/* Every loop below runs over limbs or columns, a constant count, and is
 * unrolled whatever the optimisation level: at -O2 (distributions' flags
 * override the Makefile's -O3) GCC 12 leaves them rolled, with the
 * accumulators in memory, and x25519-ifma4 ran 2.4 times slower. */
#ifndef FV_UNROLL
#define FV_UNROLL _Pragma("GCC unroll 16")
#endif

/* h = 0, 1 */
FV_INLINE void fe51v_0(fe51v *h)
{
    FV_UNROLL
    for (int i = 0; i < 5; i++) h->v[i] = fv_zero();
}
FV_INLINE void fe51v_1(fe51v *h)
{
    fe51v_0(h);
    h->v[0] = fv_set1(1);
}

/* h = f mod p, carried. f: limbs < 2^63. One parallel carry: each limb
 * keeps its low 51 bits and takes the carry (< 2^12) of the limb below; the
 * top carry wraps times 19 (< 2^17, so the 52-bit product is exact).
 * h: limbs < 2^51 + 2^12 (v[1..4]) and < 2^51 + 19 * 2^12 < 2^51 + 2^17
 * (v[0]); for f < 2^61 (mul's columns) the carries are < 2^10 and
 * v[0] < 2^51 + 2^15. */
FV_INLINE void fe51v_carry(fe51v *h, const fe51v *f)
{
    const FV c0 = fv_shr(f->v[0], 51), c1 = fv_shr(f->v[1], 51), c2 = fv_shr(f->v[2], 51),
             c3 = fv_shr(f->v[3], 51), c4 = fv_shr(f->v[4], 51);
    const FV t1 = fv_add(fv_and(f->v[1], FE51V_M51), c0);
    const FV t2 = fv_add(fv_and(f->v[2], FE51V_M51), c1);
    const FV t3 = fv_add(fv_and(f->v[3], FE51V_M51), c2);
    const FV t4 = fv_add(fv_and(f->v[4], FE51V_M51), c3);
    h->v[0] = fv_madd52lo(fv_and(f->v[0], FE51V_M51), c4, fv_set1(19));
    h->v[1] = t1;
    h->v[2] = t2;
    h->v[3] = t3;
    h->v[4] = t4;
}

/* h = f + g, carried. f, g: carried, so each sum < 2^52 + 2^24 and the
 * carries are <= 2. */
FV_INLINE void fe51v_add(fe51v *h, const fe51v *f, const fe51v *g)
{
    fe51v t;
    FV_UNROLL
    for (int i = 0; i < 5; i++) t.v[i] = fv_add(f->v[i], g->v[i]);
    fe51v_carry(h, &t);
}

/* h = f - g, as f + 2p - g, carried. f, g: carried. 2p's limbs are
 * 2^52 - 38 and 2^52 - 2, above every carried limb (< 2^51 + 2^23), so
 * no lane goes below zero; each sum < 2^53 + 2^23. */
FV_INLINE void fe51v_sub(fe51v *h, const fe51v *f, const fe51v *g)
{
    fe51v t;
    t.v[0] = fv_sub(fv_add(f->v[0], fv_set1(0xfffffffffffdaULL)), g->v[0]);
    FV_UNROLL
    for (int i = 1; i < 5; i++) t.v[i] = fv_sub(fv_add(f->v[i], fv_set1(0xffffffffffffeULL)), g->v[i]);
    fe51v_carry(h, &t);
}

/* h = -f, as 2p - f, carried. f: carried. */
FV_INLINE void fe51v_neg(fe51v *h, const fe51v *f)
{
    fe51v z;
    fe51v_0(&z);
    fe51v_sub(h, &z, f);
}

/* h = f g, carried. f, g: carried (< 2^52: whole limbs in the products).
 * Column sums: L_k, five low halves at most, < 5 * 2^52; H_k, five high
 * halves of products < (2^51 + 2^23)^2, each < 2^50 + 2^23, so
 * z_k = L_k + 2 H_(k-1) < 2^55. The wrap r_k = z_k + 19 z_(k+5), with
 * 19 z = z + 2z + 16z, is < 20 * 2^55 < 2^60: fe51v_carry's input.
 * Doublings are additions, not shifts: on Intel's cores vector shifts
 * issue on one port, the one the multiply-adds use, and additions on
 * every vector port (3% of x25519-ifma4's time on the Xeon of
 * docs/performance.md). */
FV_INLINE void fe51v_mul(fe51v *h, const fe51v *f, const fe51v *g)
{
    FV lo[9], hi[9];
    FV_UNROLL
    for (int k = 0; k < 9; k++) lo[k] = hi[k] = fv_zero();
    FV_UNROLL
    for (int i = 0; i < 5; i++)
        FV_UNROLL
        for (int j = 0; j < 5; j++) {
            lo[i + j] = fv_madd52lo(lo[i + j], f->v[i], g->v[j]);
            hi[i + j] = fv_madd52hi(hi[i + j], f->v[i], g->v[j]);
        }
    fe51v r;
    FV_UNROLL
    for (int k = 0; k < 5; k++) {
        /* z_k and z_(k+5); z_0 has no high half below it, z_9 no low half. */
        const FV zk = k == 0 ? lo[0] : fv_add(lo[k], fv_add(hi[k - 1], hi[k - 1]));
        const FV zw = k == 4 ? fv_add(hi[8], hi[8]) : fv_add(lo[k + 5], fv_add(hi[k + 4], hi[k + 4]));
        r.v[k] = fv_add(fv_add(zk, zw), fv_add(fv_add(zw, zw), fv_shl(zw, 4)));
    }
    fe51v_carry(h, &r);
}

/* h = f^2, carried. f: carried. The ten cross products f_i f_j (i < j)
 * count twice and are made once: their low halves go with the squares'
 * high halves into columns counted twice (a2), their high halves into
 * columns counted four times (a4), the squares' low halves into a1.
 * z_k = a1_k + 2 a2_k + 4 a4_k: a1 < 2^52, a2 < 3 * 2^52 (one square's high half and
 * up to two low halves), a4 < 2 * 2^51, so z_k < 2^52 + 6 * 2^52 + 8 * 2^51
 * < 2^56, and the wrap < 2^61. */
FV_INLINE void fe51v_sqr(fe51v *h, const fe51v *f)
{
    FV a1[10], a2[10], a4[10];
    FV_UNROLL
    for (int k = 0; k < 10; k++) a1[k] = a2[k] = a4[k] = fv_zero();
    FV_UNROLL
    for (int i = 0; i < 5; i++) {
        a1[2 * i] = fv_madd52lo(a1[2 * i], f->v[i], f->v[i]);
        a2[2 * i + 1] = fv_madd52hi(a2[2 * i + 1], f->v[i], f->v[i]);
        FV_UNROLL
        for (int j = i + 1; j < 5; j++) {
            a2[i + j] = fv_madd52lo(a2[i + j], f->v[i], f->v[j]);
            a4[i + j + 1] = fv_madd52hi(a4[i + j + 1], f->v[i], f->v[j]);
        }
    }
    FV z[10];
    z[0] = a1[0];
    FV_UNROLL
    for (int k = 1; k < 10; k++) {
        /* The accumulators column k has: a2 from k = 1, a4 for k = 2..8,
         * a1 at even k up to 8; those known zero are left out. */
        FV t = fv_add(a2[k], a2[k]);
        if (k >= 2 && k <= 8) t = fv_add(t, fv_shl(a4[k], 2));
        z[k] = (k & 1) ? t : fv_add(t, a1[k]);
    }
    fe51v r;
    FV_UNROLL
    for (int k = 0; k < 5; k++) {
        const FV zw = z[k + 5];
        r.v[k] = fv_add(fv_add(z[k], zw), fv_add(fv_add(zw, zw), fv_shl(zw, 4)));
    }
    fe51v_carry(h, &r);
}

/* h = f * 121665 (a24 of RFC 7748 section 5), carried. f: carried. With
 * c = 121665 (< 2^17), f_k c = (f_k c mod 2^51) + 2^51 floor(f_k c / 2^51),
 * and both parts come from one product each: the low 52 bits of f_k c,
 * masked to 51, and the high half of f_k (2c), which is
 * floor(f_k c / 2^51) < 2^18. So the limbs are carried as they are made:
 * h_k = (f_k c mod 2^51) + q_(k-1) < 2^51 + 2^18, and h_0 takes 19 q_4
 * (< 2^23) instead. */
FV_INLINE void fe51v_mul_a24(fe51v *h, const fe51v *f)
{
    const FV c = fv_set1(121665), c2 = fv_set1(2 * 121665);
    FV q[5], l[5];
    FV_UNROLL
    for (int k = 0; k < 5; k++) {
        l[k] = fv_and(fv_madd52lo(fv_zero(), f->v[k], c), FE51V_M51);
        q[k] = fv_madd52hi(fv_zero(), f->v[k], c2);
    }
    h->v[0] = fv_madd52lo(l[0], q[4], fv_set1(19));
    FV_UNROLL
    for (int k = 1; k < 5; k++) h->v[k] = fv_add(l[k], q[k - 1]);
}

#endif
