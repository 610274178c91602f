/* SPDX-License-Identifier: MIT */
/*
 * GF(2^255 - 19) in radix 2^25.5 on the two 32-bit lanes of NEON's D
 * registers: src/x25519/fe25.h's arithmetic on two field elements at once,
 * the design of Bernstein and Schwabe's "NEON crypto" (CHES 2012), where
 * VMULL.S32 / VMLAL.S32 take two 32-bit limbs from each operand and give
 * two 64-bit products: two field products per instruction stream. fe25x2
 * holds ten D registers, register i holding limb i of lane 0 and of lane
 * 1; products and columns live in Q registers (int64x2_t).
 *
 * The scalar model is fe25.h, exactly, as for x25519-avx2's fe25x4.h:
 * every routine performs, in each lane, the operations of its fe25
 * namesake on the same integers (the same products into the same columns,
 * the same carries in the same chain order, the same rounding), so each
 * lane's limbs after each routine equal what fe25.h computes from the same
 * inputs, bit for bit. The squaring's model is fe25_sqr_once (whose
 * columns are fe25_sqr's). The bounds written on fe25.h, machine-checked
 * by tests/proof/bounds.cc, are the bounds here; tests/c/test_fe25x2.c
 * runs both on extreme and random limbs within them and compares every
 * lane. Where the instructions differ from fe25.h's C:
 *   - products: VMULL.S32 / VMLAL.S32 (vmull_s32, vmlal_s32) are fe25's
 *     (int64_t)a * b for int32 a and b, accumulated in 64 bits. A column
 *     is summed in another order than fe25's row-by-row loops; the sum is
 *     the same integer, and every partial sum is bounded by the sum of the
 *     terms' magnitudes, which is the column bound the checker proves
 *     (below 2^61).
 *   - limbs are 32-bit lanes: VADD.I32 and VSUB.I32 are fe25's int32
 *     additions wherever fe25 does not overflow, which its checker proves;
 *     2 f and 19 g (VMUL.I32 by 19) likewise.
 *   - a carry: c = (t + 2^(w-1)) >> w is VSHR.S64, NEON's arithmetic
 *     shift, so fe25's floor exactly; t - c 2^w is written as
 *     ((t + 2^(w-1)) & (2^w - 1)) - 2^(w-1), the same integer (u - 2^w
 *     floor(u / 2^w) is u mod 2^w, which the mask takes in two's
 *     complement), one AND and one SUB instead of a shift back and a SUB.
 *   - 19 c at the fold out of limb 9 is c + 2c + 16c (c may exceed 32
 *     bits; NEON has no 64-bit lane multiply).
 *   - the narrowing back to limbs (VMOVN.I64) keeps the low 32 bits, which
 *     are the carried limb: carried limbs are inside an int32.
 *
 * Lane moves for the two-lane ladder (src/x25519/ladder2.h): rev, trn0,
 * trn1, ext1 and the masked lane swap only move limbs between lanes.
 *
 * Constant time: VMULL/VMLAL, additions, shifts, logic and lane moves
 * have data-independent timing on the Cortex-A cores rijn targets (their
 * technical reference manuals give each a fixed cycle count, with no
 * early-out for small operands); the swap is a mask; no index depends on
 * a limb. valgrind checks the data flow under qemu (test_cross.py); the
 * cycle counts themselves are the manuals' word, as for SMULL in
 * x25519-ref25 (docs/security.md).
 *
 * Built where <arm_neon.h> is usable: AArch64 (RIJN_ARM64) and 32-bit ARM
 * (RIJN_ARM32, the including file compiled under ARM32_NEON_FILE).
 */
#ifndef RIJN_X25519_FE25X2_H
#define RIJN_X25519_FE25X2_H

#include <arm_neon.h>
#include <stdint.h>

#include "core/util.h"
#include "x25519/fe25.h"

#define FE25X2_INLINE static inline __attribute__((always_inline))
/* The multiply and square out of line (x25519-neon); bench/mca/x25519.c
 * inlines them to hand llvm-mca straight-line code. */
#ifndef FE25X2_CALL
#define FE25X2_CALL static __attribute__((noinline))
#endif


typedef struct {
    int32x2_t v[10];
} fe25x2;

FE25X2_INLINE void fe25x2_0(fe25x2 *h)
{
    for (int i = 0; i < 10; i++) h->v[i] = vdup_n_s32(0);
}

/* fe25_add, fe25_sub: same bounds, lane by lane. */
FE25X2_INLINE void fe25x2_add(fe25x2 *h, const fe25x2 *f, const fe25x2 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = vadd_s32(f->v[i], g->v[i]);
}
FE25X2_INLINE void fe25x2_sub(fe25x2 *h, const fe25x2 *f, const fe25x2 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = vsub_s32(f->v[i], g->v[i]);
}

/* FE25_CARRY: column i into column i + 1, width 26 (even i) or 25, by the
 * identities on the file comment. */
#define FE25X2_CARRY(t, i)                                                                             \
    do {                                                                                               \
        const int w_ = ((i)&1) ? 25 : 26;                                                              \
        const int64x2_t half_ = vdupq_n_s64(INT64_C(1) << (w_ - 1));                                   \
        const int64x2_t u_ = vaddq_s64((t)[(i)], half_);                                               \
        (t)[(i) + 1] = vsraq_n_s64((t)[(i) + 1], u_, ((i)&1) ? 25 : 26);                               \
        (t)[(i)] = vsubq_s64(vandq_s64(u_, vdupq_n_s64((INT64_C(1) << w_) - 1)), half_);              \
    } while (0)

/* fe25_carry_wide: the same chain in the same order (0 4 1 5 2 6 3 7 4 8,
 * 9 into 0 times 19, 0 again). t: |t_k| < 2^61. h: carried. */
FE25X2_INLINE void fe25x2_carry_wide(fe25x2 *h, int64x2_t t[10])
{
    FE25X2_CARRY(t, 0);
    FE25X2_CARRY(t, 4);
    FE25X2_CARRY(t, 1);
    FE25X2_CARRY(t, 5);
    FE25X2_CARRY(t, 2);
    FE25X2_CARRY(t, 6);
    FE25X2_CARRY(t, 3);
    FE25X2_CARRY(t, 7);
    FE25X2_CARRY(t, 4);
    FE25X2_CARRY(t, 8);
    {
        const int64x2_t half = vdupq_n_s64(INT64_C(1) << 24);
        const int64x2_t u = vaddq_s64(t[9], half);
        const int64x2_t c = vshrq_n_s64(u, 25);
        const int64x2_t c19 = vaddq_s64(vaddq_s64(c, vshlq_n_s64(c, 1)), vshlq_n_s64(c, 4));
        t[0] = vaddq_s64(t[0], c19);
        t[9] = vsubq_s64(vandq_s64(u, vdupq_n_s64((INT64_C(1) << 25) - 1)), half);
    }
    FE25X2_CARRY(t, 0);
    for (int i = 0; i < 10; i++) h->v[i] = vmovn_s64(t[i]);
}

/* fe25_mul: h = f g, lane by lane. f, g: loose. h: carried. The hundred
 * products of fe25_mul, column (i + j) mod 10 collecting f_i g_j, with f_i
 * doubled when i and j are both odd and g_j times 19 when i + j >= 10,
 * summed column by column (one accumulator in a register while its ten
 * products come in). h may equal f or g. */
FE25X2_CALL void fe25x2_mul(fe25x2 *h, const fe25x2 *f, const fe25x2 *g)
{
    int32x2_t f2[10], g19[10];
    int64x2_t t[10];
    for (int i = 0; i < 10; i++) {
        f2[i] = (i & 1) ? vadd_s32(f->v[i], f->v[i]) : f->v[i];
        g19[i] = vmul_n_s32(g->v[i], 19);
    }
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
        t[k] = vdupq_n_s64(0);
#pragma GCC unroll 10
        for (int i = 0; i < 10; i++) {
            const int j = (k - i + 10) % 10;
            const int32x2_t a = ((i & j) & 1) ? f2[i] : f->v[i];
            const int32x2_t b = i + j >= 10 ? g19[j] : g->v[j];
            t[k] = vmlal_s32(t[k], a, b);
        }
    }
    fe25x2_carry_wide(h, t);
}

/* fe25_sqr_once: h = f^2, lane by lane, from 55 products (fe25_sqr's
 * columns). f: loose. h: carried. h may equal f. */
FE25X2_CALL void fe25x2_sqr(fe25x2 *h, const fe25x2 *f)
{
    int32x2_t f2[10], f4[10], f19[10];
    int64x2_t t[10];
    for (int i = 0; i < 10; i++) {
        f2[i] = vadd_s32(f->v[i], f->v[i]);
        f4[i] = (i & 1) ? vadd_s32(f2[i], f2[i]) : f2[i];
        f19[i] = vmul_n_s32(f->v[i], 19);
    }
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
        t[k] = vdupq_n_s64(0);
#pragma GCC unroll 10
        for (int i = 0; i < 10; i++) {
            const int j = (k - i + 10) % 10;
            if (j < i) continue;
            const int32x2_t a = i == j ? ((i & 1) ? f2[i] : f->v[i]) : ((i & j & 1) ? f4[i] : f2[i]);
            const int32x2_t b = i + j >= 10 ? f19[j] : f->v[j];
            t[k] = vmlal_s32(t[k], a, b);
        }
    }
    fe25x2_carry_wide(h, t);
}

/* fe25_mul_a24: h = 121665 f, lane by lane. f: loose. h: carried. */
FE25X2_INLINE void fe25x2_mul_a24(fe25x2 *h, const fe25x2 *f)
{
    int64x2_t t[10];
    for (int i = 0; i < 10; i++) t[i] = vmull_n_s32(f->v[i], 121665);
    fe25x2_carry_wide(h, t);
}

/* fe25_carry, lane by lane. f: loose. h: carried. */
FE25X2_INLINE void fe25x2_carry(fe25x2 *h, const fe25x2 *f)
{
    int64x2_t t[10];
    for (int i = 0; i < 10; i++) t[i] = vmovl_s32(f->v[i]);
    fe25x2_carry_wide(h, t);
}

/* Lane moves (src/x25519/ladder2.h names them): with f = (f0, f1) and
 * g = (g0, g1) as (lane 0, lane 1),
 *   rev(f)     = (f1, f0)   VREV64.32
 *   trn0(f, g) = (f0, g0)   VTRN.32, first result
 *   trn1(f, g) = (f1, g1)   VTRN.32, second result
 *   ext1(f, g) = (f1, g0)   VEXT.32 #1
 * h may equal f or g. */
FE25X2_INLINE void fe25x2_rev(fe25x2 *h, const fe25x2 *f)
{
    for (int i = 0; i < 10; i++) h->v[i] = vrev64_s32(f->v[i]);
}
FE25X2_INLINE void fe25x2_trn0(fe25x2 *h, const fe25x2 *f, const fe25x2 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = vtrn_s32(f->v[i], g->v[i]).val[0];
}
FE25X2_INLINE void fe25x2_trn1(fe25x2 *h, const fe25x2 *f, const fe25x2 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = vtrn_s32(f->v[i], g->v[i]).val[1];
}
FE25X2_INLINE void fe25x2_ext1(fe25x2 *h, const fe25x2 *f, const fe25x2 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = vext_s32(f->v[i], g->v[i], 1);
}

/* f = rev(f) if b = 1, unchanged if b = 0 (b secret): the lane swap of the
 * ladder, by a mask. */
FE25X2_INLINE void fe25x2_swap_lanes(fe25x2 *f, uint32_t b)
{
    const int32x2_t m = vreinterpret_s32_u32(vdup_n_u32(0 - b));
    for (int i = 0; i < 10; i++) f->v[i] = veor_s32(f->v[i], vand_s32(veor_s32(f->v[i], vrev64_s32(f->v[i])), m));
}

/* h = (f, g) as (lane 0, lane 1). */
FE25X2_INLINE void fe25x2_pack(fe25x2 *h, const fe25 *f, const fe25 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = vset_lane_s32(g->v[i], vdup_n_s32(f->v[i]), 1);
}

/* f = lane 0, g = lane 1 of h. */
FE25X2_INLINE void fe25x2_unpack(fe25 *f, fe25 *g, const fe25x2 *h)
{
    for (int i = 0; i < 10; i++) {
        f->v[i] = vget_lane_s32(h->v[i], 0);
        g->v[i] = vget_lane_s32(h->v[i], 1);
    }
}

#endif
