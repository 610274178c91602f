/* SPDX-License-Identifier: MIT */
/*
 * One Montgomery ladder step (RFC 7748 section 5) on two-lane field
 * elements: the schedule of Bernstein and Schwabe's NEON Curve25519
 * (CHES 2012, section 4), where the products of a step are paired so
 * that each vector multiplication computes two of them. x25519-neon
 * (src/x25519/x25519_neon.c) runs it on src/x25519/fe25x2.h; the bound
 * checker (tests/proof/bounds.cc) runs it on a pair of fe25 interval
 * elements, so the composition below is checked against fe25.h's
 * contracts as curve_core.h's is.
 *
 * The including file defines
 *   P2                        the two-lane element type
 *   P2_ADD(h, f, g) P2_SUB(h, f, g)            lane by lane
 *   P2_MUL(h, f, g) P2_SQR(h, f) P2_MUL_A24(h, f)   lane by lane
 *   P2_REV(h, f)       (f1, f0)
 *   P2_TRN0(h, f, g)   (f0, g0)
 *   P2_TRN1(h, f, g)   (f1, g1)
 *   P2_EXT1(h, f, g)   (f1, g0)
 * where (f0, f1) are lane 0 and lane 1, and h may equal f or g.
 *
 * The state is X = (x2, x3), Z = (z2, z3), and X1 = (1, x1) (lane 0 is
 * the constant 1, so that the last product, z3 = x1 (da - cb)^2, pairs
 * with a multiplication of x3 by 1: one lane of one product wasted). Per
 * step: three two-lane multiplications, two two-lane squarings and one
 * two-lane multiplication by a24, against five multiplications and four
 * squarings one at a time, and the lane moves between them.
 *
 *   A = X + Z              (a, c)        a = x2 + z2, c = x3 + z3
 *   B = X - Z              (b, d)        b = x2 - z2, d = x3 - z3
 *   M1 = A rev(B)          (da, cb)
 *   M2 = trn0(A, B)^2      (aa, bb)
 *   S = M1 + rev(M1)       (da + cb, .)
 *   D = M1 - rev(M1)       (da - cb, .)
 *   Q = trn0(S, D)^2       ((da + cb)^2, (da - cb)^2)
 *   E = M2 - rev(M2)       (e, .)        e = aa - bb
 *   K = a24 E + M2         (aa + a24 e, .)
 *   P3 = trn0(M2, E) ext1(M2, K)         (aa bb, e (aa + a24 e)) = (x2', z2')
 *   P4 = Q X1              ((da + cb)^2, x1 (da - cb)^2) = (x3', z3')
 *   X = trn0(P3, P4), Z = trn1(P3, P4)
 *
 * Bounds (fe25.h's contract, lane by lane; the checker runs this): X, Z
 * and X1 carried. A, B, S, D, E and K are sums or differences of two
 * carried values, so loose, which mul, sqr and mul_a24 accept; every
 * product's other operand is one of those, a carried value, or X1.
 * M1, M2, Q, P3 and P4 are outputs of mul or sqr, hence carried, so X and
 * Z leave carried.
 *
 * The four state elements' lanes are also what the ladder's conditional
 * swap needs: swapping (x2, z2) with (x3, z3) is swapping the lanes of X
 * and of Z, which the caller does with masks before each step.
 */
static inline void ladder2_step(P2 *X, P2 *Z, const P2 *X1)
{
    P2 A, B, T, M1, M2, S, D, E, K, P3, P4;
    P2_ADD(&A, X, Z);
    P2_SUB(&B, X, Z);
    P2_REV(&T, &B);
    P2_MUL(&M1, &A, &T);
    P2_TRN0(&T, &A, &B);
    P2_SQR(&M2, &T);
    P2_REV(&T, &M1);
    P2_ADD(&S, &M1, &T);
    P2_SUB(&D, &M1, &T);
    P2_TRN0(&T, &S, &D);
    P2_SQR(&T, &T); /* Q */
    P2_MUL(&P4, &T, X1);
    P2_REV(&T, &M2);
    P2_SUB(&E, &M2, &T);
    P2_MUL_A24(&K, &E);
    P2_ADD(&K, &K, &M2);
    P2_TRN0(&T, &M2, &E);
    P2_EXT1(&K, &M2, &K);
    P2_MUL(&P3, &T, &K);
    P2_TRN0(X, &P3, &P4);
    P2_TRN1(Z, &P3, &P4);
}
