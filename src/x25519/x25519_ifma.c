/* SPDX-License-Identifier: MIT */
/*
 * x25519-ifma: eight X25519 scalar multiplications at once, one per
 * 64-bit lane of AVX-512's registers, for rijn_x25519_batch(). The field
 * is src/x25519/fe51v.h, radix 2^51 with the 52-bit multiply-adds of
 * AVX-512 IFMA (VPMADD52LUQ/HUQ), on the lane layer of
 * src/x25519/fe51_ifma.h; its bounds are checked by tests/proof/bounds.cc on
 * that same code. The curve formulas are src/x25519/curve_core.h's, and
 * the batch ladder is x25519-avx2's (src/x25519/x25519_avx2.c) with eight
 * lanes: a swap bit per lane, the eight inversions one eight-lane Fermat
 * chain.
 *
 * Why eight independent ladders: a batch has independent work to fill
 * every lane with no shuffles at all, while one ladder spread over lanes
 * needs them at every step. A single multiplication gains nothing from
 * the lanes, so single calls and batches are ranked apart (struct
 * rijn_x25519_ops' batch_priority, src/x25519/x25519.h): single calls
 * priority 40, below every other driver (one multiplication costs a whole
 * eight-lane ladder); batches 350, above x25519-mulx (300), because per
 * multiplication a batch of eight costs less than x25519-mulx's single
 * one (docs/performance.md has the figures and the CPU).
 *
 * Batches: groups of eight; a last group of one to seven fills the unused
 * lanes with a public dummy and drops their results. Which lanes are
 * filled depends on n only, which is public.
 *
 * Requires AVX-512 F (with the OS's ZMM state) and IFMA: Intel from Ice
 * Lake and Cannon Lake, AMD from Zen 4. The emulation build runs the same
 * code without them (src/x25519/fe51_ifma.h).
 *
 * Constant time: the swap bits become per-lane masks (no branch), the
 * scalar is read at public byte indices, and the field code has no
 * secret-dependent branch or index (fe51v.h).
 */
#include "x25519/x25519.h"
#include "arch/x86/x86.h"

#ifdef RIJN_X86
#include "x25519/fe51.h"
#include "x25519/fe51_ifma.h"

X86_IFMA_FILE_BEGIN

#define FE fe51v
#define FE_0 fe51v_0
#define FE_1 fe51v_1
#define FE_ADD fe51v_add
#define FE_SUB fe51v_sub
#define FE_NEG fe51v_neg
#define FE_MUL fe51v_mul
#define FE_SQR fe51v_sqr
#define FE_MUL_A24 fe51v_mul_a24
#define FE_CARRY fe51v_carry
#define FE_CSWAP fe51v_cswap
#define FE_CMOV fe51v_cmov
#define FE_FROMBYTES fe51v_frombytes
#define FE_TOBYTES fe51v_tobytes
#include "x25519/curve_core.h"

struct ladder8_state {
    fe51v x1, x2, z2, x3, z3;
    fe51 lane[8];
    uint8_t k[8][32];
    uint64_t bit[8];
    FV swap;
};

/* out[l] = X25519(k[l], u[l]) for l < 8: core_scalarmult with one swap
 * bit per lane. k: clamped. out may overlap k or u (both are copied
 * first). */
static void ladder8(uint8_t out[8][32], const uint8_t *const k[8], const uint8_t *const u[8])
{
    struct ladder8_state s;
    for (int l = 0; l < 8; l++) {
        memcpy(s.k[l], k[l], 32);
        fe51_frombytes(&s.lane[l], u[l]);
    }
    fe51v_pack(&s.x1, s.lane);
    fe51v_1(&s.x2);
    fe51v_0(&s.z2);
    s.x3 = s.x1;
    fe51v_1(&s.z3);
    s.swap = fv_zero();
    for (int t = 254; t >= 0; t--) {
        /* Bit t of each lane's scalar: public byte index, no branch. */
        for (int l = 0; l < 8; l++) s.bit[l] = (s.k[l][t >> 3] >> (t & 7)) & 1;
        const FV bit = fv_load(s.bit);
        const FV m = fv_sub(fv_zero(), fv_xor(s.swap, bit));
        fe51v_cswap_mask(&s.x2, &s.x3, m);
        fe51v_cswap_mask(&s.z2, &s.z3, m);
        s.swap = bit;
        core_ladder_step(&s.x2, &s.z2, &s.x3, &s.z3, &s.x1);
    }
    {
        const FV m = fv_sub(fv_zero(), s.swap);
        fe51v_cswap_mask(&s.x2, &s.x3, m);
        fe51v_cswap_mask(&s.z2, &s.z3, m);
    }
    core_invert(&s.z2, &s.z2);
    fe51v_mul(&s.x2, &s.x2, &s.z2);
    fe51v_carry(&s.x2, &s.x2);
    fe51v_unpack(s.lane, &s.x2);
    for (int l = 0; l < 8; l++) fe51_tobytes(out[l], &s.lane[l]);
    rijn_wipe(&s, sizeof s);
}

static void ifma_batch(uint8_t *out, const uint8_t *k, const uint8_t *u, size_t n)
{
    rijn_x25519_groups(out, k, u, n, 8, ladder8);
}

X86_IFMA_FILE_END

static const struct rijn_x25519_ops ifma_ops = {
    .scalarmult = core_scalarmult,
    .base = core_base,
    .batch = ifma_batch,
    .batch_priority = 350,
};
#define IFMA_OPS (&ifma_ops)
#define IFMA_REQ (RIJN_CPU_AVX512_IFMA_REQ | RIJN_CPU_IFMA_REQ)
#else
#define IFMA_OPS NULL
#define IFMA_REQ (RIJN_CPU_AVX512 | RIJN_CPU_IFMA)
#endif

const struct rijn_desc rijn_x25519_ifma_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-ifma",
    .priority = 40,
    .cpu = RIJN_CPU_X86_64 | IFMA_REQ,
    .ct = true,
    .ops = IFMA_OPS,
};
