/* SPDX-License-Identifier: MIT */
/*
 * x25519-ref25: portable C for every host, field elements in radix 2^25.5
 * (src/x25519/fe25.h) with 32 x 32 -> 64-bit products, which 32-bit cores
 * (ARMv7's SMULL, i386's IMUL) compute in one constant-time instruction;
 * the curve arithmetic of src/x25519/curve_core.h. The fallback where
 * x25519-ref51 has no 128-bit products.
 */
#include "x25519/x25519.h"
#include "x25519/fe25.h"

#define FE fe25
#define FE_0 fe25_0
#define FE_1 fe25_1
#define FE_ADD fe25_add
#define FE_SUB fe25_sub
#define FE_NEG fe25_neg
#define FE_MUL fe25_mul
#define FE_SQR fe25_sqr_once /* the 55-product squaring */
#define FE_MUL_A24 fe25_mul_a24
#define FE_CARRY fe25_carry
#define FE_CSWAP fe25_cswap
#define FE_CMOV fe25_cmov
#define FE_FROMBYTES fe25_frombytes
#define FE_TOBYTES fe25_tobytes
#include "x25519/curve_core.h"

static const struct rijn_x25519_ops ref25_ops = {
    .scalarmult = core_scalarmult,
    .base = core_base,
    .batch = NULL,
};

const struct rijn_desc rijn_x25519_ref25_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-ref25",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .ops = &ref25_ops,
};
