/* SPDX-License-Identifier: MIT */
/*
 * clmul-pmull: the carry-less multiplies with PMULL (Arm ARM C7.2: PMULL
 * Vd.1Q, 64 x 64 -> 128, FEAT_PMULL) and the Advanced SIMD byte forms
 * PMUL Vd.8B (eight 8 x 8 products, low halves) and PMULL Vd.8H (eight
 * 8 x 8 -> 16 products), which are exactly the lane forms of
 * include/rijn/clmul.h (AArch32 has the same four as vmull.p64, vmul.p8,
 * vmull.p8, and vmovn/vshrn for XTN/SHRN: the intrinsics below build for
 * both, arch/arm/ce.h):
 *   8x8_low     one PMUL;
 *   8x4_packed  one PMULL .8H on the four bytes (lanes 0..3 of the result);
 *   8x4_even/odd  one PMULL .8H on all eight bytes, then XTN / SHRN #16
 *               of the 32-bit lanes keep the even / odd 16-bit products;
 *   16x2        one PMULL .1Q with the lanes at bits 0 and 32 (products at
 *               bits 0 and 64, cross terms at 32: see clmul_pclmul.c), and
 *               XTN keeps the 32-bit words 0 and 2.
 * Their timing does not depend on the operands.
 */
#include "arch/arm/ce.h"
#include "emu/clmul_kind.h"

#ifdef RIJN_ARM_CE
CE_INLINE uint64x2_t pm_mul(uint64_t a, uint64_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)a, (poly64_t)b));
}

CE_INLINE uint16x8_t pm_mul8(uint64_t a, uint64_t b)
{
    return vreinterpretq_u16_p16(vmull_p8(vcreate_p8(a), vcreate_p8(b)));
}

CE_TARGET static rijn_clmul128 pm64(uint64_t a, uint64_t b)
{
    uint64x2_t p = pm_mul(a, b);
    rijn_clmul128 r;
    r.lo = vgetq_lane_u64(p, 0);
    r.hi = vgetq_lane_u64(p, 1);
    return r;
}

CE_TARGET static uint64_t pm32(uint32_t a, uint32_t b)
{
    return vgetq_lane_u64(pm_mul(a, b), 0);
}

CE_TARGET static uint64_t pm8x8_low(uint64_t a, uint64_t b)
{
    return vget_lane_u64(vreinterpret_u64_p8(vmul_p8(vcreate_p8(a), vcreate_p8(b))), 0);
}

CE_TARGET static uint64_t pm8x4_even(uint64_t a, uint64_t b)
{
    return vget_lane_u64(vreinterpret_u64_u16(vmovn_u32(vreinterpretq_u32_u16(pm_mul8(a, b)))), 0);
}

CE_TARGET static uint64_t pm8x4_odd(uint64_t a, uint64_t b)
{
    return vget_lane_u64(vreinterpret_u64_u16(vshrn_n_u32(vreinterpretq_u32_u16(pm_mul8(a, b)), 16)), 0);
}

CE_TARGET static uint64_t pm8x4_packed(uint32_t a, uint32_t b)
{
    return vgetq_lane_u64(vreinterpretq_u64_u16(pm_mul8(a, b)), 0);
}

CE_TARGET static uint64_t pm16x2_even(uint64_t a, uint64_t b)
{
    const uint64_t m = 0x0000ffff0000ffffull;
    return vget_lane_u64(vreinterpret_u64_u32(vmovn_u64(pm_mul(a & m, b & m))), 0);
}

CE_TARGET static uint64_t pm16x2_odd(uint64_t a, uint64_t b)
{
    const uint64_t m = 0x0000ffff0000ffffull;
    return vget_lane_u64(vreinterpret_u64_u32(vmovn_u64(pm_mul(a >> 16 & m, b >> 16 & m))), 0);
}

static const struct rijn_clmul_ops clmul_pmull_ops = {
    .driver = "clmul-pmull",
    .clmul_64 = pm64,
    .clmul_32 = pm32,
    .clmul_8x8_low = pm8x8_low,
    .clmul_8x4_even = pm8x4_even,
    .clmul_8x4_odd = pm8x4_odd,
    .clmul_8x4_packed = pm8x4_packed,
    .clmul_16x2_even = pm16x2_even,
    .clmul_16x2_odd = pm16x2_odd,
};
#define CLMUL_PMULL_OPS &clmul_pmull_ops
#else
#define CLMUL_PMULL_OPS NULL
#endif

const struct rijn_desc rijn_clmul_pmull_desc = {
    .kind = &rijn_kind_clmul,
    .name = "clmul-pmull",
    .priority = 400,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_ARM_PMULL,
    .ct = true,
    .ops = CLMUL_PMULL_OPS,
};
