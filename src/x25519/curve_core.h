/* SPDX-License-Identifier: MIT */
/*
 * The curve arithmetic of X25519, written once over a field
 * representation: each scalar driver includes this file after defining
 *
 *   FE                  the field element type
 *   FE_0(h) FE_1(h)     constants
 *   FE_ADD(h, f, g) FE_SUB(h, f, g) FE_NEG(h, f)
 *   FE_MUL(h, f, g) FE_SQR(h, f) FE_MUL_A24(h, f) FE_CARRY(h, f)
 *   FE_CSWAP(f, g, b) FE_CMOV(f, g, b)      b secret, 0 or 1
 *   FE_FROMBYTES(h, s) FE_TOBYTES(s, f)
 *
 * with the bound contract of src/x25519/fe51.h and fe25.h: add and sub
 * take carried (or one add-output and one carried) operands, mul and sqr
 * take up to the sum of three carried values, and mul, sqr, mul_a24 and
 * carry return carried values. Each use below says which bound it relies
 * on where it is not two carried operands; tests/proof/ runs these
 * formulas on interval limbs to check the composition as well.
 *
 * It defines, all static:
 *   core_scalarmult(out, k, u)  the Montgomery ladder (RFC 7748 section 5)
 *   core_base(out, k)           k * 9 through the Edwards form (below)
 *   core_invert(out, z)         1/z (every lane)
 *   core_invert1(out, z)        1/z of one element (below)
 * A driver that runs its own ladder (x25519-neon's two-lane one,
 * src/x25519/ladder2.h) defines CORE_OWN_LADDER first and gets no
 * core_ladder_step or core_scalarmult; one with its own fixed-base
 * method (x25519-ifma4's four-lane one) defines CORE_OWN_BASE and gets no
 * core_base (core_digits, core_table_scan and the rest stay).
 *
 * Constant time: the ladder's swaps and the table scan use masks; the
 * only branches are on loop counters; every array index is public.
 */
#include "core/util.h"
#include "x25519/base_table.h"

/* CORE_SCAN (below) is this file's name for the optional table-scan
 * hook; it is undefined at the file's end, so that a second inclusion
 * (tests/proof/bounds.cc has one per radix) starts afresh. */

/* h = f^(2^n), n >= 1: n squarings one by one (Fermat's chain below). */
static inline void core_sqr_n(FE *h, const FE *f, int n)
{
    FE_SQR(h, f);
    for (int i = 1; i < n; i++) FE_SQR(h, h);
}

/* out = z^(p - 2) = 1/z (0 for z = 0), by Fermat: 254 squarings and 11
 * multiplications, the chain of the curve25519 paper. z: loose. */
static __attribute__((unused)) void core_invert(FE *out, const FE *z)
{
    FE z2, z9, z11, z2_5_0, z2_10_0, z2_20_0, z2_50_0, z2_100_0, t;
    FE_SQR(&z2, z);                  /* 2 */
    core_sqr_n(&t, &z2, 2);          /* 8 */
    FE_MUL(&z9, &t, z);              /* 9 */
    FE_MUL(&z11, &z9, &z2);          /* 11 */
    FE_SQR(&t, &z11);                /* 22 */
    FE_MUL(&z2_5_0, &t, &z9);        /* 2^5 - 1 */
    core_sqr_n(&t, &z2_5_0, 5);
    FE_MUL(&z2_10_0, &t, &z2_5_0);   /* 2^10 - 1 */
    core_sqr_n(&t, &z2_10_0, 10);
    FE_MUL(&z2_20_0, &t, &z2_10_0);  /* 2^20 - 1 */
    core_sqr_n(&t, &z2_20_0, 20);
    FE_MUL(&t, &t, &z2_20_0);        /* 2^40 - 1 */
    core_sqr_n(&t, &t, 10);
    FE_MUL(&z2_50_0, &t, &z2_10_0);  /* 2^50 - 1 */
    core_sqr_n(&t, &z2_50_0, 50);
    FE_MUL(&z2_100_0, &t, &z2_50_0); /* 2^100 - 1 */
    core_sqr_n(&t, &z2_100_0, 100);
    FE_MUL(&t, &t, &z2_100_0);       /* 2^200 - 1 */
    core_sqr_n(&t, &t, 50);
    FE_MUL(&t, &t, &z2_50_0);        /* 2^250 - 1 */
    core_sqr_n(&t, &t, 5);
    FE_MUL(out, &t, &z11);           /* 2^255 - 32 + 11 = p - 2 */
    rijn_wipe(&z2, sizeof z2);
    rijn_wipe(&z9, sizeof z9);
    rijn_wipe(&z11, sizeof z11);
    rijn_wipe(&z2_5_0, sizeof z2_5_0);
    rijn_wipe(&z2_10_0, sizeof z2_10_0);
    rijn_wipe(&z2_20_0, sizeof z2_20_0);
    rijn_wipe(&z2_50_0, sizeof z2_50_0);
    rijn_wipe(&z2_100_0, sizeof z2_100_0);
    rijn_wipe(&t, sizeof t);
}

/* out = 1/z for one element (in every lane of a lane type, where
 * FE_FROMBYTES broadcasts and FE_TOBYTES reads lane 0). z: loose. Where
 * the library has src/x25519/invert.c (RIJN_X25519_INVERT, x25519.h:
 * 64-bit targets), the value goes out as bytes and comes back inverted
 * by divsteps, a little over half of Fermat's time for a single
 * element (whose 254 squarings each wait for the last: about 6,200
 * cycles against 10,300-10,900 on an Intel Xeon, docs/performance.md);
 * elsewhere, and wherever
 * x25519.h is not included (tests/proof/bounds.cc checks the Fermat chain
 * on its interval limbs), core_invert. Drivers that invert independent
 * lanes call core_invert, which inverts them all at once. */
#ifdef RIJN_X25519_INVERT
static void core_invert1(FE *out, const FE *z)
{
    struct {
        FE t;
        uint8_t b[32];
    } s;
    FE_CARRY(&s.t, z);
    FE_TOBYTES(s.b, &s.t);
    RIJN_X25519_INVERT(s.b, s.b);
    FE_FROMBYTES(out, s.b);
    rijn_wipe(&s, sizeof s);
}
#else
#define core_invert1 core_invert
#endif

#ifndef CORE_OWN_LADDER
/* One ladder step (RFC 7748 section 5): from (x2:z2) = [m]P and (x3:z3)
 * = [m+1]P to [2m]P and [2m+1]P, with x1 the u of P. All inputs carried;
 * all outputs carried. The operations come in dependency order, level by
 * level (the four sums, then four independent products, then three, then
 * two), so that the products of a level sit next to each other in the
 * instruction stream and an out-of-order core overlaps them. In the RFC's
 * order each square follows the sum it needs; on Zen 3 this order made
 * x25519-mulx 17% faster and x25519-ref51 5% (docs/performance.md). */
static inline void core_ladder_step(FE *x2, FE *z2, FE *x3, FE *z3, const FE *x1)
{
    FE a, aa, b, bb, e, c, d, da, cb;
    FE_ADD(&a, x2, z2);
    FE_SUB(&b, x2, z2);
    FE_ADD(&c, x3, z3);
    FE_SUB(&d, x3, z3);
    FE_MUL(&da, &d, &a);
    FE_MUL(&cb, &c, &b);
    FE_SQR(&aa, &a);
    FE_SQR(&bb, &b);
    FE_ADD(x3, &da, &cb);
    FE_SUB(z3, &da, &cb);
    FE_SUB(&e, &aa, &bb);
    FE_SQR(x3, x3);
    FE_SQR(z3, z3);
    FE_MUL(x2, &aa, &bb);
    FE_MUL_A24(z2, &e);     /* e: a sub output, loose */
    FE_ADD(z2, z2, &aa);
    FE_MUL(z3, z3, x1);
    FE_MUL(z2, z2, &e);
}

struct core_ladder_state {
    FE x1, x2, z2, x3, z3;
    uint8_t k[32];
};

static void core_scalarmult(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    struct core_ladder_state s;
    memcpy(s.k, k, 32);
    FE_FROMBYTES(&s.x1, u);
    FE_CARRY(&s.x1, &s.x1);
    FE_1(&s.x2);
    FE_0(&s.z2);
    s.x3 = s.x1;
    FE_1(&s.z3);
    unsigned swap = 0;
    for (int t = 254; t >= 0; t--) {
        const unsigned bit = (s.k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        FE_CSWAP(&s.x2, &s.x3, swap);
        FE_CSWAP(&s.z2, &s.z3, swap);
        swap = bit;
        core_ladder_step(&s.x2, &s.z2, &s.x3, &s.z3, &s.x1);
    }
    FE_CSWAP(&s.x2, &s.x3, swap);
    FE_CSWAP(&s.z2, &s.z3, swap);
    core_invert1(&s.z2, &s.z2);
    FE_MUL(&s.x2, &s.x2, &s.z2);
    FE_TOBYTES(out, &s.x2);
    rijn_wipe(&s, sizeof s);
    rijn_wipe(&swap, sizeof swap);
}
#endif

/* ------------------------------------------------------- fixed base -- */

/* k * 9 by way of the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2
 * (Ed25519's), birationally equivalent to Curve25519 with u = (1 + y) /
 * (1 - y) (RFC 7748 section 4.1), which maps its base point (y = 4/5) to
 * u = 9. The map is a group isomorphism, so k * B on Edwards gives the
 * u of k * 9; k (clamped: 2^254 <= k < 2^255, a multiple of 8) is never
 * a multiple of B's prime order L (8L > 2^255 and 4L, the only smaller
 * multiple of L that is a multiple of 4, is not one of 8), so the point is
 * never the identity and 1 - y is never 0.
 *
 * k is written in 64 signed radix-16 digits e_i in [-8, 8): k = sum e_i
 * 16^i. base_table.h holds (j + 1) 256^i B for i < 32, j < 8, so the odd
 * digits' terms are summed first, multiplied by 16 with four doublings,
 * then the even digits' terms added: 64 mixed additions, 4 doublings and
 * one inversion, against the ladder's 255 steps. */

/* A point in extended coordinates (Hisil, Wong, Carter, Dawson,
 * "Twisted Edwards curves revisited", 2008): x = X/Z, y = Y/Z, T = XY/Z. */
typedef struct {
    FE X, Y, Z, T;
} core_ge;

/* A table entry (y + x, y - x, 2 d x y), affine. */
typedef struct {
    FE ypx, ymx, xy2d;
} core_niels;

/* p += q (madd-2008-hwcd-3 for a = -1, Z2 = 1: 7 multiplications).
 * p: carried; q's elements: loose (decoded, possibly negated). */
static inline void core_madd(core_ge *p, const core_niels *q)
{
    FE a, b, c, d, e, f, g, h;
    FE_SUB(&a, &p->Y, &p->X);
    FE_MUL(&a, &a, &q->ymx);
    FE_ADD(&b, &p->Y, &p->X);
    FE_MUL(&b, &b, &q->ypx);
    FE_MUL(&c, &p->T, &q->xy2d);
    FE_ADD(&d, &p->Z, &p->Z);
    FE_SUB(&e, &b, &a);
    FE_SUB(&f, &d, &c);     /* d: an add output */
    FE_ADD(&g, &d, &c);     /* d: an add output; g: loose */
    FE_ADD(&h, &b, &a);
    FE_MUL(&p->X, &e, &f);
    FE_MUL(&p->Y, &g, &h);
    FE_MUL(&p->T, &e, &h);
    FE_MUL(&p->Z, &f, &g);
}

/* p = 2p (dbl-2008-hwcd for a = -1, every coordinate negated, which is
 * the same projective point): A = X^2, B = Y^2, C = 2 Z^2, H = A + B,
 * G = B - A, E = (X + Y)^2 - H, F = C - G; X = EF, Y = GH, Z = GF,
 * T = EH. p: carried. G is carried before C - G, so that sub's second
 * operand is a carried value. */
static inline void core_dbl(core_ge *p)
{
    FE a, b, c, e, f, g, h;
    FE_SQR(&a, &p->X);
    FE_SQR(&b, &p->Y);
    FE_SQR(&c, &p->Z);
    FE_ADD(&c, &c, &c);
    FE_ADD(&h, &a, &b);
    FE_SUB(&g, &b, &a);
    FE_CARRY(&g, &g);
    FE_ADD(&e, &p->X, &p->Y);
    FE_SQR(&e, &e);
    FE_SUB(&e, &e, &h);     /* h: an add output */
    FE_SUB(&f, &c, &g);     /* c: an add output */
    FE_MUL(&p->X, &e, &f);
    FE_MUL(&p->Y, &g, &h);
    FE_MUL(&p->Z, &g, &f);
    FE_MUL(&p->T, &e, &h);
}

/* 0xff.. if a == b, else 0 (a, b < 256). */
static inline uint64_t core_eq_mask(unsigned a, unsigned b)
{
    return 0 - (uint64_t)(((a ^ b) - 1u) >> 31);
}

/* What core_select leaves behind: secret-dependent, so it lives in
 * core_base's state, which is wiped once at the end, rather than being
 * wiped after each of the 64 selections. */
struct core_select_tmp {
    uint64_t w[12];
    uint8_t b[96];
    FE neg;
};

/* w = entry mag - 1 of row i of the table, or the identity, (y + x,
 * y - x, 2dxy) = (1, 1, 0), when mag = 0: all eight entries are read
 * whole and merged under masks, so neither the addresses read nor the
 * branches depend on mag (secret). A driver may bring its own scan of the
 * same contract (CORE_TABLE_SCAN, defined before including this file:
 * x25519-mulx's is SSE2). */
#ifdef CORE_TABLE_SCAN
#define CORE_SCAN CORE_TABLE_SCAN
#else
static inline void core_table_scan(uint64_t w[12], int i, unsigned mag)
{
    for (int l = 0; l < 12; l++) w[l] = l == 0 || l == 4;
    for (unsigned j = 0; j < 8; j++) {
        const uint64_t m = core_eq_mask(mag, j + 1);
        const uint64_t *v = rijn_x25519_base_table[i][j];
        for (int l = 0; l < 12; l++) w[l] ^= (w[l] ^ v[l]) & m;
    }
}
#define CORE_SCAN core_table_scan
#endif

/* n = e * 256^i B, e in [-8, 8], reading all eight entries of row i. */
static inline void core_select(core_niels *n, int i, int e, struct core_select_tmp *t)
{
    const unsigned neg = (unsigned)e >> 31;              /* 1 if e < 0 */
    const unsigned mag = (unsigned)(e ^ (0 - (int)neg)) + neg; /* |e| */
    uint64_t *w = t->w;
    CORE_SCAN(w, i, mag);
    for (int l = 0; l < 12; l++) rijn_store64_le(t->b + 8 * l, w[l]);
    FE_FROMBYTES(&n->ypx, t->b);
    FE_FROMBYTES(&n->ymx, t->b + 32);
    FE_FROMBYTES(&n->xy2d, t->b + 64);
    /* -(x, y) = (-x, y): y + x and y - x trade places, 2dxy changes sign. */
    FE_CSWAP(&n->ypx, &n->ymx, neg);
    FE_NEG(&t->neg, &n->xy2d);
    FE_CMOV(&n->xy2d, &t->neg, neg);
}

struct core_base_state {
    signed char e[64];
    core_ge p;
    core_niels n;
    FE num, den;
    struct core_select_tmp tmp;
};

/* k (clamped) as 64 signed radix-16 digits: the radix-16 digits, then
 * recentred into [-8, 8): a digit of 8 or more becomes digit - 16 and
 * carries 1 up. k < 2^255 keeps the top digit at most 7 + 1 = 8 after
 * the carries. The digits are secret: the caller wipes e. */
static inline void core_digits(signed char e[64], const uint8_t k[32])
{
    for (int i = 0; i < 32; i++) {
        e[2 * i] = (signed char)(k[i] & 15);
        e[2 * i + 1] = (signed char)(k[i] >> 4);
    }
    signed char carry = 0;
    for (int i = 0; i < 63; i++) {
        e[i] = (signed char)(e[i] + carry);
        carry = (signed char)((e[i] + 8) >> 4);
        e[i] = (signed char)(e[i] - carry * 16);
    }
    e[63] = (signed char)(e[63] + carry);
    rijn_wipe(&carry, sizeof carry);
}

#ifndef CORE_OWN_BASE
static void core_base(uint8_t out[32], const uint8_t k[32])
{
    struct core_base_state s;
    memset(&s.tmp, 0, sizeof s.tmp); /* core_select writes before it reads; cppcheck cannot see that */
    core_digits(s.e, k);

    FE_0(&s.p.X);
    FE_1(&s.p.Y);
    FE_1(&s.p.Z);
    FE_0(&s.p.T);
    for (int i = 1; i < 64; i += 2) {
        core_select(&s.n, i / 2, s.e[i], &s.tmp);
        core_madd(&s.p, &s.n);
    }
    for (int i = 0; i < 4; i++) core_dbl(&s.p);
    for (int i = 0; i < 64; i += 2) {
        core_select(&s.n, i / 2, s.e[i], &s.tmp);
        core_madd(&s.p, &s.n);
    }
    /* u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y). */
    FE_ADD(&s.num, &s.p.Z, &s.p.Y);
    FE_SUB(&s.den, &s.p.Z, &s.p.Y);
    core_invert1(&s.den, &s.den);
    FE_MUL(&s.num, &s.num, &s.den);
    FE_TOBYTES(out, &s.num);
    rijn_wipe(&s, sizeof s);
}
#endif /* CORE_OWN_BASE */

#undef CORE_SCAN
#undef CORE_OWN_BASE
