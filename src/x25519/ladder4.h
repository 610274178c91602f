/* SPDX-License-Identifier: MIT */
/*
 * One Montgomery ladder step (RFC 7748 section 5) spread over four lanes:
 * each level of the step's independent field operations becomes one
 * four-lane operation. x25519-ifma4 (src/x25519/x25519_ifma4.c) runs it on
 * src/x25519/fe51v.h's four-lane elements; the bound checker
 * (tests/proof/bounds.cc) runs it on four interval elements, every lane
 * operation through the contract wrappers of fe51v.h's routines, so the
 * composition is checked as curve_core.h's is.
 *
 * The including file defines
 *   Q4                            the four-lane element type
 *   Q4_PERM(h, f, idx)            h_i = f_idx[i], idx one of the tables below
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
 *   M  = (M0, M1, M2, E) (1, x1, 1, W3)
 *      = (x3', z3', x2', z2')  (z3' = x1 (DA-CB)^2, z2' = E (AA + 121665 E))
 *   X  = (x2', z2', x3', z3')
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
    Q4_PERM(&s, x, L4_PAIRS);
    Q4_ADDSUB(&t, x, &s, 0x5);  /* (A, B, C, D) */
    Q4_PERM(&l, &t, L4_LEFT);
    Q4_PERM(&r, &t, L4_RIGHT);
    Q4_MUL(&m, &l, &r);         /* (DA, CB, AA, BB) */
    Q4_PERM(&s, &m, L4_PAIRS);  /* (CB, DA, BB, AA) */
    Q4_ADDSUB(&q, &m, &s, 0x1); /* (DA+CB, DA-CB, ., E) */
    Q4_BLEND(&q, &q, &m, 0x4);  /* lane 2: AA */
    Q4_BLEND(&r, &q, &s, 0x4);  /* lane 2: BB */
    Q4_BLEND(&r, &r, a24, 0x8); /* lane 3: 121665 */
    Q4_MUL(&m, &q, &r);         /* ((DA+CB)^2, (DA-CB)^2, AA BB, 121665 E) */
    Q4_PERM(&w, &q, L4_AA);
    Q4_ADD(&w, &w, &m);         /* lane 3: AA + 121665 E */
    Q4_BLEND(&l, &m, &q, 0x8);  /* lane 3: E */
    Q4_BLEND(&r, one_x1, &w, 0x8);
    Q4_MUL(&m, &l, &r);         /* (x3', z3', x2', z2') */
    Q4_PERM(x, &m, L4_HALVES);  /* (x2', z2', x3', z3') */
}
