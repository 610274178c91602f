/* SPDX-License-Identifier: MIT */
/*
 * clmul-ct: the portable constant-time carry-less multiplies (techniques
 * and their reasoning: clmul_ct.h). Every host builds it; it is chosen
 * where no driver with a carry-less multiply instruction is available.
 */
#include "emu/clmul_ct.h"
#include "emu/clmul_kind.h"

static rijn_clmul128 ct64(uint64_t a, uint64_t b) { return ct_clmul64(a, b); }
static uint64_t ct32(uint32_t a, uint32_t b) { return ct_clmul32(a, b); }
static uint64_t ct8x8_low(uint64_t a, uint64_t b) { return ct_clmul8x8_low(a, b); }
static uint64_t ct8x4_even(uint64_t a, uint64_t b) { return ct_clmul8x4_even(a, b); }
static uint64_t ct8x4_odd(uint64_t a, uint64_t b) { return ct_clmul8x4_odd(a, b); }
static uint64_t ct8x4_packed(uint32_t a, uint32_t b) { return ct_clmul8x4_packed(a, b); }
static uint64_t ct16x2_even(uint64_t a, uint64_t b) { return ct_clmul16x2_even(a, b); }
static uint64_t ct16x2_odd(uint64_t a, uint64_t b) { return ct_clmul16x2_odd(a, b); }

static const struct rijn_clmul_ops clmul_ct_ops = {
    .driver = "clmul-ct",
    .clmul_64 = ct64,
    .clmul_32 = ct32,
    .clmul_8x8_low = ct8x8_low,
    .clmul_8x4_even = ct8x4_even,
    .clmul_8x4_odd = ct8x4_odd,
    .clmul_8x4_packed = ct8x4_packed,
    .clmul_16x2_even = ct16x2_even,
    .clmul_16x2_odd = ct16x2_odd,
};

const struct rijn_desc rijn_clmul_ct_desc = {
    .kind = &rijn_kind_clmul,
    .name = "clmul-ct",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .ops = &clmul_ct_ops,
};
