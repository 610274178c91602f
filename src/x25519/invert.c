/* SPDX-License-Identifier: MIT */
/*
 * 1/x mod p = 2^255 - 19 in constant time, by Bernstein and Yang's
 * divsteps ("Fast constant-time gcd computation and modular inversion",
 * TCHES 2019/3), in the form that libsecp256k1 documents in
 * doc/safegcd_implementation.md (half-delta steps, batches of steps as
 * 2x2 matrices applied to numbers in signed 62-bit limbs). Used for the
 * one inversion at the end of a single X25519 (curve_core.h's
 * core_invert1) wherever the compiler has a 128-bit integer: about 600
 * short steps instead of Fermat's 254 squarings, each of which waits for
 * the last (docs/performance.md has the cycles). Drivers that invert
 * several lanes at once keep Fermat's chain, which costs them nothing per
 * extra lane.
 *
 * The algorithm. f = p, g = x, delta = 1/2. One step (the paper's
 * "hddivstep", §8 and its appendix; libsecp256k1's doc §2):
 *   delta > 0 and g odd:  (delta, f, g) <- (1 - delta, g, (g - f) / 2)
 *   g odd otherwise:      (delta, f, g) <- (1 + delta, f, (g + f) / 2)
 *   g even:               (delta, f, g) <- (1 + delta, f, g / 2)
 * f stays odd; gcd(f, g) is unchanged up to powers of 2, and for any
 * 0 <= g <= f < 2^256, g reaches 0 within 590 steps (the bound
 * libsecp256k1's doc §5 gives for this variant, computed as in the
 * paper's §8/appendix), leaving f = +-gcd = +-1 for x != 0 (p is prime),
 * and f = p for x = 0. Alongside, d and e with d x = f and e x = g
 * (mod p), starting at 0 and 1, take the same linear steps mod p, so at
 * the end d = +-1/x (and d = 0 for x = 0, the value this library wants
 * for 1/0, as Fermat's z^(p-2) gives).
 *
 * Batches. 59 steps look only at the low bits of f and g (a step reads
 * bit 0 of g; bits above i can change bit 0 only after i steps), so they
 * run on one 64-bit word each and record a matrix [u v; q r] with
 *   2^62 f' = u f + v g,   2^62 g' = q f + r g
 * (started at 8 times the identity, so that the scale is 2^62 after 59
 * steps and the division is one limb's shift). Then the matrix is applied
 * to the full f, g (exact division by 2^62) and to d, e (division by
 * 2^62 mod p: a multiple of p is added that clears the low 62 bits).
 * Ten batches: 590 steps.
 *
 * Bounds, with the reasoning on each line below:
 *  - the matrix: |u| + |v| <= 2^(3+i) and |q| + |r| <= 2^(3+i) after i
 *    steps (induction over the three cases in divsteps_59), so <= 2^62
 *    after 59: every entry fits an int64 with a bit to spare;
 *  - numbers in signed 62-bit limbs: v[0..3] in [0, 2^62), v[4] signed,
 *    value sum v[i] 2^(62 i). f and g stay in [-p, p] (each step's new g
 *    is at most max(|f|, |g|) in size), d and e in (-2p, p) (update_de);
 *  - every product is an int64 entry times a limb below 2^62, so below
 *    2^124 in size; two of them plus a carry and a multiple of p's limbs
 *    stay below 2^126, inside __int128.
 *
 * Constant time: the steps are masks (no branch on f, g or delta), the
 * batch count is fixed, and the limbs are handled in full every time. The
 * multiplications are 64 x 64 -> 128-bit ones (MUL/IMUL on x86-64,
 * MUL/SMULH/UMULH on AArch64), which take constant time on the cores this
 * library targets. The secret-taint test covers this file through every
 * driver that calls it.
 */
#include <string.h>

#include "core/util.h"
#include "x25519/x25519.h"

#ifdef RIJN_X25519_INVERT

typedef struct {
    int64_t v[5];
} s62;

#define M62 (UINT64_MAX >> 2)

/* p in signed 62-bit limbs: 2^255 - 19 = -19 + 128 2^248. */
#define P0 (-19)
#define P4 128
/* 1/p mod 2^62 (p = -19 mod 2^62), for clearing low limbs in update_de. */
#define PINV62 UINT64_C(0x39435e50d79435e5)
_Static_assert(((PINV62 * (uint64_t)(int64_t)P0) & M62) == 1, "PINV62 is 1/p mod 2^62");

/* 59 steps on the low words of f and g (f odd), from zeta = -(delta + 1/2)
 * (so delta > 0 is zeta < 0); returns the new zeta and the matrix
 * t = (u, v, q, r) scaled by 2^62 (see the top of the file). The steps,
 * as masks: c1 = delta > 0, c2 = g odd, c3 = both.
 *   g += (c1 ? -f : f) if c2   ...  g - f, g + f or g, always even
 *   f += g (the new one) if c3 ...  f + (g - f) = g: the swap
 *   g >>= 1
 * and the same on the rows (q, r) for g and (u, v) for f, where doubling
 * (u, v) stands for halving g, so that the scale is common. Bound by
 * induction (i steps done, |u|+|v|, |q|+|r| <= 2^(3+i)): c2 adds at
 * most |u|+|v| to |q|+|r|, so 2^(4+i); c3 makes (u, v) the old (q, r),
 * then doubled: 2^(4+i); otherwise (u, v) doubled: 2^(4+i). The words
 * wrap mod 2^64 in f and g above the bits that still matter (the logical
 * shift brings a wrong bit in at the top each step; 59 steps bring it
 * down to bit 5, and only bit 0 is read); u, v, q, r never wrap. */
/* bench/mca/x25519.c unrolls the steps into straight-line code for
 * llvm-mca; the library keeps the loop. */
#ifndef INVERT_STEPS_UNROLL
#define INVERT_STEPS_UNROLL
#endif
static int64_t divsteps_59(int64_t zeta, uint64_t f, uint64_t g, int64_t t[4])
{
    uint64_t u = 8, v = 0, q = 0, r = 8;
    INVERT_STEPS_UNROLL
    for (int i = 0; i < 59; i++) {
        const uint64_t c1 = (uint64_t)(zeta >> 63);   /* arithmetic shift: all ones iff zeta < 0 */
        const uint64_t c2 = -(g & 1);
        const uint64_t c3 = c1 & c2;
        g += ((f ^ c1) - c1) & c2;
        q += ((u ^ c1) - c1) & c2;
        r += ((v ^ c1) - c1) & c2;
        zeta = (zeta ^ (int64_t)c3) - 1;   /* c3: -zeta - 2 (delta -> 1 - delta); else zeta - 1 */
        f += g & c3;
        u += q & c3;
        v += r & c3;
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t[0] = (int64_t)u;
    t[1] = (int64_t)v;
    t[2] = (int64_t)q;
    t[3] = (int64_t)r;
    return zeta;
}

/* (f, g) <- (u f + v g, q f + r g) / 2^62, exactly (the low 62 bits of
 * both sums are zero: that is what the steps did). Limb products:
 * |entry| <= 2^62 times limbs < 2^62 (v[4]: |f|, |g| <= p give
 * |v[4]| <= 2^7), so each pair sums to less than 2^125, and the carry in
 * (a previous sum shifted by 62) is below 2^64. */
static void update_fg(s62 *f, s62 *g, const int64_t t[4])
{
    const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
    __int128 cf = (__int128)u * f->v[0] + (__int128)v * g->v[0];
    __int128 cg = (__int128)q * f->v[0] + (__int128)r * g->v[0];
    cf >>= 62;   /* arithmetic shift of a multiple of 2^62 (GCC and Clang define >> on signed) */
    cg >>= 62;
    for (int i = 1; i < 5; i++) {
        cf += (__int128)u * f->v[i] + (__int128)v * g->v[i];
        cg += (__int128)q * f->v[i] + (__int128)r * g->v[i];
        f->v[i - 1] = (int64_t)((uint64_t)cf & M62);
        g->v[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[4] = (int64_t)cf;
    g->v[4] = (int64_t)cg;
}

/* (d, e) <- (u d + v e, q d + r e) / 2^62 mod p, for d, e in (-2p, p);
 * the results are in (-2p, p) again. First p is added (as multiples
 * md, me of p, folded into the sums) where d or e is negative, which
 * puts the operands d~, e~ in (-p, p); then md, me are lowered by
 * k = (stuff) mod 2^62 in [0, 2^62) so that the sums are 0 mod 2^62
 * (PINV62: p md = -(u d + v e) mod 2^62). So the sum is
 * u d~ + v e~ - k p, in (-(|u| + |v|) p - 2^62 p, (|u| + |v|) p)
 * = (-2^63 p, 2^62 p) for |u| + |v| <= 2^62, and a 62-bit shift puts
 * it in (-2p, p). md before the correction is in [-2^62, 2^62], after it
 * in (-2^63, 2^62]: an int64. */
static void update_de(s62 *d, s62 *e, const int64_t t[4])
{
    const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
    const int64_t sd = d->v[4] >> 63, se = e->v[4] >> 63;   /* all ones where negative */
    int64_t md = (u & sd) + (v & se);
    int64_t me = (q & sd) + (r & se);
    __int128 cd = (__int128)u * d->v[0] + (__int128)v * e->v[0];
    __int128 ce = (__int128)q * d->v[0] + (__int128)r * e->v[0];
    md -= (int64_t)((PINV62 * (uint64_t)cd + (uint64_t)md) & M62);
    me -= (int64_t)((PINV62 * (uint64_t)ce + (uint64_t)me) & M62);
    cd += (__int128)P0 * md;   /* now 0 mod 2^62 */
    ce += (__int128)P0 * me;
    cd >>= 62;
    ce >>= 62;
    for (int i = 1; i < 5; i++) {
        cd += (__int128)u * d->v[i] + (__int128)v * e->v[i];
        ce += (__int128)q * d->v[i] + (__int128)r * e->v[i];
        if (i == 4) {   /* p's only other nonzero limb; |128 md| < 2^70 */
            cd += (__int128)P4 * md;
            ce += (__int128)P4 * me;
        }
        d->v[i - 1] = (int64_t)((uint64_t)cd & M62);
        e->v[i - 1] = (int64_t)((uint64_t)ce & M62);
        cd >>= 62;
        ce >>= 62;
    }
    d->v[4] = (int64_t)cd;
    e->v[4] = (int64_t)ce;
}

/* Limbs back to v[0..3] in [0, 2^62) with the sign and the rest in v[4]. */
static void s62_carry(s62 *a)
{
    for (int i = 0; i < 4; i++) {
        a->v[i + 1] += a->v[i] >> 62;   /* arithmetic: floor division by 2^62 */
        a->v[i] &= (int64_t)M62;
    }
}

/* a + p where mask is all ones, a where it is zero. */
static void s62_add_p(s62 *a, int64_t mask)
{
    a->v[0] += P0 & mask;
    a->v[4] += P4 & mask;
}

void rijn_x25519_invert(uint8_t out[32], const uint8_t in[32])
{
    struct {
        s62 d, e, f, g;
        uint64_t w[4];
        int64_t t[4];
    } s;
    for (int i = 0; i < 4; i++) s.w[i] = rijn_load64_le(in + 8 * i);
    s.w[3] &= UINT64_MAX >> 1;   /* x < 2^255; callers pass x < p (canonical bytes) */
    s.g.v[0] = (int64_t)(s.w[0] & M62);
    s.g.v[1] = (int64_t)(((s.w[0] >> 62) | (s.w[1] << 2)) & M62);
    s.g.v[2] = (int64_t)(((s.w[1] >> 60) | (s.w[2] << 4)) & M62);
    s.g.v[3] = (int64_t)(((s.w[2] >> 58) | (s.w[3] << 6)) & M62);
    s.g.v[4] = (int64_t)(s.w[3] >> 56);
    s.f = (s62){ { P0, 0, 0, 0, P4 } };
    s.d = (s62){ { 0, 0, 0, 0, 0 } };
    s.e = (s62){ { 1, 0, 0, 0, 0 } };
    int64_t zeta = -1;   /* delta = 1/2 */
    for (int b = 0; b < 10; b++) {
        zeta = divsteps_59(zeta, (uint64_t)s.f.v[0], (uint64_t)s.g.v[0], s.t);
        update_de(&s.d, &s.e, s.t);
        update_fg(&s.f, &s.g, s.t);
    }
    /* g = 0 and f = +-1 (x != 0) or p (x = 0, where d = 0). 1/x = d f:
     * d in (-2p, p); + p if negative: (-p, p); negated if f < 0: (-p, p);
     * + p if negative: [0, p). f's sign is its top limb's: the others
     * are in [0, 2^62) (f = -1 is 2^62 - 1 in v[0..3] and -1 in v[4]). */
    const int64_t neg_f = s.f.v[4] >> 63;
    s62_add_p(&s.d, s.d.v[4] >> 63);
    for (int i = 0; i < 5; i++) s.d.v[i] = (s.d.v[i] ^ neg_f) - neg_f;
    s62_carry(&s.d);
    s62_add_p(&s.d, s.d.v[4] >> 63);
    s62_carry(&s.d);
    s.w[0] = (uint64_t)s.d.v[0] | ((uint64_t)s.d.v[1] << 62);
    s.w[1] = ((uint64_t)s.d.v[1] >> 2) | ((uint64_t)s.d.v[2] << 60);
    s.w[2] = ((uint64_t)s.d.v[2] >> 4) | ((uint64_t)s.d.v[3] << 58);
    s.w[3] = ((uint64_t)s.d.v[3] >> 6) | ((uint64_t)s.d.v[4] << 56);
    for (int i = 0; i < 4; i++) rijn_store64_le(out + 8 * i, s.w[i]);
    rijn_wipe(&s, sizeof s);
    rijn_wipe(&zeta, sizeof zeta);
}

#endif
