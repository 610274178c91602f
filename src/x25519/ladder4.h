/* SPDX-License-Identifier: MIT */
/*
 * X25519's formulas spread over four lanes: one Montgomery ladder step
 * (RFC 7748 section 5), and the Edwards mixed addition and doubling of
 * curve_core.h's fixed-base method, each level of their independent
 * field operations one four-lane operation. x25519-ifma4 (src/x25519/x25519_ifma4.c) runs it on
 * src/x25519/fe51v.h's four-lane elements; the bound checker
 * (tests/proof/bounds.cc) runs them on four interval elements, every lane
 * operation through the contract wrappers of fe51v.h's routines, so the
 * composition is checked as curve_core.h's is.
 *
 * The including file defines
 *   Q4                            the four-lane element type
 *   Q4_PERM(h, f, idx)            h_i = f_idx[i], idx one of the tables below
 *   Q4_SWAP_PAIRS(h, f)           Q4_PERM(h, f, L4_PAIRS), the exchange
 *                                 within pairs, which a four-lane layer can
 *                                 do without crossing its 128-bit halves
 *   Q4_BLEND(h, a, b, bits)       h_i = b_i where bit i of the constant bits
 *                                 is set, else a_i
 *   Q4_ADDSUB(h, f, g, bits)      h_i = f_i + g_i where bit i is set, else
 *                                 g_i - f_i; carried (fe51v_add's and
 *                                 fe51v_sub's operations, lane by lane)
 *   Q4_ADD(h, f, g) Q4_MUL(h, f, g)   lane by lane, carried
 * where h may equal f, g, a or b.
 *
 * State: X = (x2, z2, x3, z3); the constants ONE_X1 = (1, x1, 1, 0) and
 * A24 = (0, 0, 0, 121665).
 *
 *   S  = (z2, x2, z3, x3)
 *   T  = (x2+z2, x2-z2, x3+z3, x3-z3)              = (A, B, C, D)
 *   M  = (D, C, A, B) (A, B, A, B)                 = (DA, CB, AA, BB)
 *   S  = (CB, DA, BB, AA)
 *   Q  = (DA+CB, DA-CB, AA, AA-BB)                 with E = AA - BB
 *   R  = (DA+CB, DA-CB, BB, 121665)
 *   M  = Q R                   = ((DA+CB)^2, (DA-CB)^2, AA BB, 121665 E)
 *   W  = (., ., ., AA) + M     lane 3: AA + 121665 E
 *   X  = (M0, M1, M2, E) (1, x1, 1, W3)
 *      = (x3', z3', x2', z2')  (z3' = x1 (DA-CB)^2, z2' = E (AA + 121665 E))
 *
 * The step leaves X with its pairs exchanged, (x3', z3', x2', z2'): the
 * caller's next conditional swap of the pairs absorbs the exchange (it
 * swaps where the ladder's bit says not to), which saves a lane-crossing
 * permutation on the step's longest path.
 *
 * Three four-lane products per step, against ten one at a time (five
 * multiplications, four squarings, one by a24); a lane of a square
 * is a product of a value by itself, and a lane of 1 a product by 1.
 * Every product's operands are carried: sums and differences are carried
 * by Q4_ADDSUB and Q4_ADD, products by Q4_MUL, the constants are below
 * 2^17, and permutations and blends only move carried values.
 */

/* Lane i of Q4_PERM's result is lane P[i] of its source. */
static const uint64_t L4_PAIRS[4] = { 1, 0, 3, 2 };  /* exchange within pairs */
static const uint64_t L4_HALVES[4] = { 2, 3, 0, 1 }; /* exchange the pairs */
static const uint64_t L4_LEFT[4] = { 3, 2, 0, 1 };   /* (D, C, A, B) from (A, B, C, D) */
static const uint64_t L4_RIGHT[4] = { 0, 1, 0, 1 };  /* (A, B, A, B) */
static const uint64_t L4_AA[4] = { 0, 1, 2, 2 };     /* lane 3 takes lane 2 */

static inline void ladder4_step(Q4 *x, const Q4 *one_x1, const Q4 *a24)
{
    Q4 s, t, l, r, m, q, w;
    Q4_SWAP_PAIRS(&s, x);
    Q4_ADDSUB(&t, x, &s, 0x5);  /* (A, B, C, D) */
    Q4_PERM(&l, &t, L4_LEFT);
    Q4_PERM(&r, &t, L4_RIGHT);
    Q4_MUL(&m, &l, &r);         /* (DA, CB, AA, BB) */
    Q4_SWAP_PAIRS(&s, &m);      /* (CB, DA, BB, AA) */
    Q4_ADDSUB(&q, &m, &s, 0x1); /* (DA+CB, DA-CB, ., E) */
    Q4_BLEND(&q, &q, &m, 0x4);  /* lane 2: AA */
    Q4_BLEND(&r, &q, &s, 0x4);  /* lane 2: BB */
    Q4_BLEND(&r, &r, a24, 0x8); /* lane 3: 121665 */
    Q4_MUL(&m, &q, &r);         /* ((DA+CB)^2, (DA-CB)^2, AA BB, 121665 E) */
    Q4_PERM(&w, &q, L4_AA);
    Q4_ADD(&w, &w, &m);         /* lane 3: AA + 121665 E */
    Q4_BLEND(&l, &m, &q, 0x8);  /* lane 3: E */
    Q4_BLEND(&r, one_x1, &w, 0x8);
    Q4_MUL(x, &l, &r);          /* (x3', z3', x2', z2') */
}

/* The Edwards formulas of curve_core.h (core_madd, core_dbl) with the
 * point P = (X, Y, Z, T) as one four-lane element and a table entry as
 * N = (y - x, y + x, 2dxy, 1). ZERO is 0 in every lane.
 *
 * p += n (madd-2008-hwcd-3, a = -1, Z2 = 1):
 *   L  = (Y - X, Y + X, T + 0, Z + Z)
 *   M  = L N                            = (a, b, c, d)
 *   E  = (b - a, b + a, d - c, d + c)   = (e, h, f, g)
 *   P  = (e, g, f, e) (f, h, g, h)      = (ef, gh, fg, eh) = (X, Y, Z, T)
 * two four-lane products where core_madd makes seven one by one. */
static const uint64_t L4_M_F[4] = { 0, 0, 3, 2 };  /* (X, X, T, Z), lane 2 then zeroed */
static const uint64_t L4_M_G[4] = { 1, 1, 3, 2 };  /* (Y, Y, T, Z) */
static const uint64_t L4_M_A[4] = { 0, 0, 2, 2 };  /* (a, a, c, c) */
static const uint64_t L4_M_B[4] = { 1, 1, 3, 3 };  /* (b, b, d, d) */
static const uint64_t L4_M_L[4] = { 0, 3, 2, 0 };  /* (e, g, f, e) */
static const uint64_t L4_M_R[4] = { 2, 1, 3, 1 };  /* (f, h, g, h) */

static inline void edwards4_madd(Q4 *p, const Q4 *n, const Q4 *zero)
{
    Q4 f, g, l, m;
    Q4_PERM(&f, p, L4_M_F);
    Q4_BLEND(&f, &f, zero, 0x4);
    Q4_PERM(&g, p, L4_M_G);
    Q4_ADDSUB(&l, &f, &g, 0xe);  /* (Y - X, Y + X, T, 2Z) */
    Q4_MUL(&m, &l, n);           /* (a, b, c, d) */
    Q4_PERM(&f, &m, L4_M_A);
    Q4_PERM(&g, &m, L4_M_B);
    Q4_ADDSUB(&m, &f, &g, 0xa);  /* (e, h, f, g) */
    Q4_PERM(&l, &m, L4_M_L);
    Q4_PERM(&g, &m, L4_M_R);
    Q4_MUL(p, &l, &g);           /* (X, Y, Z, T) */
}

/* p = 2p (dbl-2008-hwcd, a = -1, every coordinate negated, as core_dbl):
 *   V  = (X, Y, Z, X + Y);  M = V V     = (A, B, Z^2, (X + Y)^2)
 *   T1 = (A + B, B - A, Z^2 + Z^2, .)   = (H, G, C, .)
 *   T2 = ((X + Y)^2 - H, C - G, ., .)   = (E, F, ., .)
 *   P  = (E, G, G, E) (F, H, F, H)      = (EF, GH, GF, EH) = (X, Y, Z, T) */
static const uint64_t L4_D_S[4] = { 0, 1, 2, 0 };  /* (X, Y, Z, X) */
static const uint64_t L4_D_U[4] = { 0, 1, 2, 1 };  /* (X, Y, Z, Y) */
static const uint64_t L4_D_A[4] = { 0, 0, 2, 2 };  /* (A, A, Z^2, .) */
static const uint64_t L4_D_B[4] = { 1, 1, 2, 2 };  /* (B, B, Z^2, .) */
static const uint64_t L4_LANE0[4] = { 0, 0, 0, 0 };
static const uint64_t L4_LANE1[4] = { 1, 1, 1, 1 };
static const uint64_t L4_LANE2[4] = { 2, 2, 2, 2 };
static const uint64_t L4_LANE3[4] = { 3, 3, 3, 3 };

static inline void edwards4_dbl(Q4 *p)
{
    Q4 s, u, m, t1, t2, l, r;
    Q4_PERM(&s, p, L4_D_S);
    Q4_PERM(&u, p, L4_D_U);
    Q4_ADD(&s, &s, &u);
    Q4_BLEND(&s, p, &s, 0x8);    /* (X, Y, Z, X + Y) */
    Q4_MUL(&m, &s, &s);          /* (A, B, Z^2, (X + Y)^2) */
    Q4_PERM(&s, &m, L4_D_A);
    Q4_PERM(&u, &m, L4_D_B);
    Q4_ADDSUB(&t1, &s, &u, 0x5); /* (H, G, C, .) */
    Q4_PERM(&s, &m, L4_LANE3);
    Q4_PERM(&u, &t1, L4_LANE2);
    Q4_BLEND(&s, &s, &u, 0x2);   /* ((X + Y)^2, C, ., .) */
    Q4_ADDSUB(&t2, &t1, &s, 0x0); /* (E, F, ., .) */
    Q4_PERM(&l, &t2, L4_LANE0);
    Q4_PERM(&u, &t1, L4_LANE1);
    Q4_BLEND(&l, &l, &u, 0x6);   /* (E, G, G, E) */
    Q4_PERM(&r, &t2, L4_LANE1);
    Q4_PERM(&u, &t1, L4_LANE0);
    Q4_BLEND(&r, &r, &u, 0xa);   /* (F, H, F, H) */
    Q4_MUL(p, &l, &r);           /* (X, Y, Z, T) */
}
