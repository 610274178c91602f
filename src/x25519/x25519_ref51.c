/* SPDX-License-Identifier: MIT */
/*
 * x25519-ref51: portable C for 64-bit hosts, field elements in radix 2^51
 * (src/x25519/fe51.h) with 64 x 64 -> 128-bit products; the curve
 * arithmetic of src/x25519/curve_core.h. Constant time wherever the
 * compiler turns a 64 x 64 -> 128-bit product into the CPU's multiply
 * instruction, which is data-independent on every 64-bit core rijn targets
 * (x86-64, AArch64, s390x). Hosts without unsigned __int128 (32-bit
 * builds) have no ops for it, and use x25519-ref25.
 */
#include "x25519/x25519.h"

#ifdef __SIZEOF_INT128__
#include "x25519/fe51.h"

#define FE fe51
#define FE_0 fe51_0
#define FE_1 fe51_1
#define FE_ADD fe51_add
#define FE_SUB fe51_sub
#define FE_NEG fe51_neg
#define FE_MUL fe51_mul
#define FE_SQR fe51_sqr
#define FE_MUL_A24 fe51_mul_a24
#define FE_CARRY fe51_carry
#define FE_CSWAP fe51_cswap
#define FE_CMOV fe51_cmov
#define FE_FROMBYTES fe51_frombytes
#define FE_TOBYTES fe51_tobytes
#include "x25519/curve_core.h"

static const struct rijn_x25519_ops ref51_ops = {
    .scalarmult = core_scalarmult,
    .base = core_base,
    .batch = NULL,
};
#define REF51_OPS (&ref51_ops)
#else
#define REF51_OPS NULL
#endif

const struct rijn_desc rijn_x25519_ref51_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-ref51",
    .priority = 200,
    .cpu = 0,
    .ct = true,
    .ops = REF51_OPS,
};
