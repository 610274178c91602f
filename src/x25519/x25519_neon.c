/* SPDX-License-Identifier: MIT */
/*
 * x25519-neon: the Montgomery ladder with two field products per NEON
 * instruction, for 32-bit ARM with NEON (Cortex-A7, A8, A9, A15 and
 * ARMv8 cores running 32-bit code). This is the design of Bernstein and
 * Schwabe, "NEON crypto" (CHES 2012), section 4: radix 2^25.5, ten signed
 * limbs, VMULL.S32 / VMLAL.S32 computing two 32 x 32 -> 64-bit products
 * of two independent field multiplications at once, and a ladder step
 * whose products are paired (src/x25519/ladder2.h: three two-lane
 * multiplications and two two-lane squarings per step, in place of five
 * multiplications and four squarings).
 *
 * Field arithmetic: src/x25519/fe25x2.h, fe25.h's routines run lane by
 * lane (its bounds, machine-checked in tests/proof/bounds.cc, which also
 * runs ladder2.h's composition; tests/c/test_fe25x2.c compares every lane
 * with fe25.h on extreme limbs). What does not pair is scalar fe25.h code
 * from src/x25519/curve_core.h: the inversion at the end of the ladder
 * (254 squarings in a chain, with nothing to pair them with) and the
 * fixed-base public key (curve_core.h's Edwards method), with the
 * 55-product squaring (fe25_sqr_once).
 *
 * The paper's own code is qhasm-generated assembly with the carries of
 * two products interleaved by hand; this is intrinsics, and GCC's
 * schedule (docs/performance.md has llvm-mca's estimate of it).
 *
 * AArch64 builds it too (<arm_neon.h> has the same intrinsics), where it
 * is pinnable and tested but ranks below x25519-ref51: 64 x 64-bit
 * multiplies (MUL/UMULH) do a field multiplication in 25 products
 * instead of 100 (docs/performance.md: the llvm-mca estimates of both).
 *
 * Constant time: the ladder's swap is a lane swap by mask (fe25x2.h), the
 * scalar is read at public byte indices, and the field code has no
 * secret-dependent branch or index.
 */
#include "x25519/x25519.h"
#include "arch/arm32/arm32.h"
#include "arch/arm64/arm64.h"

#if defined(RIJN_ARM32) || defined(RIJN_ARM64)
#if defined(RIJN_ARM32)
ARM32_NEON_FILE
#define NEON_X25519_PRIORITY 150 /* above x25519-ref25 (100), the 32-bit alternative */
#else
#define NEON_X25519_PRIORITY 150 /* below x25519-ref51 (200) */
#endif
#include "x25519/fe25x2.h"

/* The scalar part: fe25.h with the 55-product squaring. */
#define FE fe25
#define FE_0 fe25_0
#define FE_1 fe25_1
#define FE_ADD fe25_add
#define FE_SUB fe25_sub
#define FE_NEG fe25_neg
#define FE_MUL fe25_mul
#define FE_SQR fe25_sqr_once
#define FE_MUL_A24 fe25_mul_a24
#define FE_CARRY fe25_carry
#define FE_CSWAP fe25_cswap
#define FE_CMOV fe25_cmov
#define FE_FROMBYTES fe25_frombytes
#define FE_TOBYTES fe25_tobytes
#define CORE_OWN_LADDER
#include "x25519/curve_core.h"

#define P2 fe25x2
#define P2_ADD fe25x2_add
#define P2_SUB fe25x2_sub
#define P2_MUL fe25x2_mul
#define P2_SQR fe25x2_sqr
#define P2_MUL_A24 fe25x2_mul_a24
#define P2_REV fe25x2_rev
#define P2_TRN0 fe25x2_trn0
#define P2_TRN1 fe25x2_trn1
#define P2_EXT1 fe25x2_ext1
#include "x25519/ladder2.h"

struct neon_ladder_state {
    fe25x2 X, Z, X1;
    fe25 x1, one, x2, z2, x3, z3;
    uint8_t k[32];
};

/* core_scalarmult's ladder with X = (x2, x3) and Z = (z2, z3) in the two
 * lanes: its conditional swap of (x2, z2) with (x3, z3) is a swap of
 * lanes. */
static void neon_scalarmult(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    struct neon_ladder_state s;
    memcpy(s.k, k, 32);
    fe25_frombytes(&s.x1, u);
    fe25_carry(&s.x1, &s.x1);
    fe25_1(&s.one);
    fe25_0(&s.z2);
    fe25x2_pack(&s.X1, &s.one, &s.x1); /* (1, x1) */
    fe25x2_pack(&s.X, &s.one, &s.x1);  /* (x2, x3) = (1, x1) */
    fe25x2_pack(&s.Z, &s.z2, &s.one);  /* (z2, z3) = (0, 1) */
    unsigned swap = 0;
    for (int t = 254; t >= 0; t--) {
        const unsigned bit = (s.k[t >> 3] >> (t & 7)) & 1;
        swap ^= bit;
        fe25x2_swap_lanes(&s.X, swap);
        fe25x2_swap_lanes(&s.Z, swap);
        swap = bit;
        ladder2_step(&s.X, &s.Z, &s.X1);
    }
    fe25x2_swap_lanes(&s.X, swap);
    fe25x2_swap_lanes(&s.Z, swap);
    fe25x2_unpack(&s.x2, &s.x3, &s.X);
    fe25x2_unpack(&s.z2, &s.z3, &s.Z);
    core_invert1(&s.z2, &s.z2);   /* divsteps on AArch64, Fermat on 32-bit ARM */
    fe25_mul(&s.x2, &s.x2, &s.z2);
    fe25_tobytes(out, &s.x2);
    rijn_wipe(&s, sizeof s);
    rijn_wipe(&swap, sizeof swap);
}

static const struct rijn_x25519_ops neon_ops = {
    .scalarmult = neon_scalarmult,
    .base = core_base,
    .batch = NULL,
};
#define NEON_OPS (&neon_ops)
#else
#define NEON_OPS NULL
#define NEON_X25519_PRIORITY 150
#endif

const struct rijn_desc rijn_x25519_neon_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-neon",
    .priority = NEON_X25519_PRIORITY,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_NEON,
    .ct = true,
    .ops = NEON_OPS,
};
