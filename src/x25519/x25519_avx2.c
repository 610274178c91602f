/* SPDX-License-Identifier: MIT */
/*
 * x25519-avx2: four X25519 scalar multiplications at once, one per 64-bit
 * lane of AVX2's registers, for rijn_x25519_batch(). The field is
 * src/x25519/fe25x4.h: fe25.h's radix-2^25.5 arithmetic run lane by lane
 * with VPMULDQ products, equal to fe25.h limb for limb (its bounds, its
 * proof). The curve formulas are src/x25519/curve_core.h's, instantiated
 * on fe25x4: the ladder step and the inversion chain serve the four-lane
 * ladder below, which differs from core_scalarmult only in taking a swap
 * bit per lane; the four inversions are one four-lane Fermat chain.
 *
 * Why four independent ladders rather than one ladder spread across lanes:
 * X25519 with 64-bit multiplies (x25519-mulx) is latency-bound on one
 * ladder (docs/performance.md), and a batch has independent work to fill
 * four lanes with no shuffles at all. A single multiplication gains
 * nothing from lanes, so batches and single calls are ranked apart
 * (struct rijn_x25519_ops' batch_priority, src/x25519/x25519.h). Single
 * calls: priority 50, below every portable driver (one multiplication
 * costs a whole four-lane ladder). Batches: 250, above x25519-ref51 (200)
 * and below x25519-mulx (300): on the Zen 3 of docs/performance.md a
 * batch of 16 costs about 1.2 times x25519-mulx's single multiplication
 * per multiplication, and about 0.9 times x25519-ref51's, so it serves
 * batches on AVX2 CPUs without ADX (Haswell) or with ADX masked off.
 *
 * The single-operation entry points are this driver's own code too (the
 * registry's self-test and pinning reach them): core_scalarmult and
 * core_base on fe25x4 with the same scalar, point and swap bit in every
 * lane, and lane 0 encoded.
 *
 * Batches: groups of four; a last group of one to three fills the unused
 * lanes with a public dummy and drops their results (rijn_x25519_groups,
 * src/x25519/x25519.c). Which lanes are filled depends on n only, which
 * is public.
 *
 * Constant time: the swap bits become per-lane masks (no branch), the
 * scalar is read at public byte indices, and the field code has no
 * secret-dependent branch or index (fe25x4.h).
 */
#include "x25519/x25519.h"
#include "arch/x86/x86.h"

#ifdef RIJN_X86
#include "x25519/fe25x4.h"

/* curve_core.h's functions are plain static functions calling fe25x4's
 * target("avx2") inline routines: they need the same target. */
X86_AVX2_FILE_BEGIN

/* curve_core.h's byte conversions, on lane 0 (tobytes) or all lanes
 * (frombytes: the same element four times), through fe25.h's. */
static inline void fe25x4_frombytes(fe25x4 *h, const uint8_t s[32])
{
    fe25 t[4];
    fe25_frombytes(&t[0], s);
    t[1] = t[2] = t[3] = t[0];
    fe25x4_pack(h, t);
    rijn_wipe(t, sizeof t);
}
static inline void fe25x4_tobytes(uint8_t s[32], const fe25x4 *f)
{
    fe25 t[4];
    fe25x4_unpack(t, f);
    fe25_tobytes(s, &t[0]);
    rijn_wipe(t, sizeof t);
}

#define FE fe25x4
#define FE_0 fe25x4_0
#define FE_1 fe25x4_1
#define FE_ADD fe25x4_add
#define FE_SUB fe25x4_sub
#define FE_NEG fe25x4_neg
#define FE_MUL fe25x4_mul
#define FE_SQR fe25x4_sqr
#define FE_MUL_A24 fe25x4_mul_a24
#define FE_CARRY fe25x4_carry
#define FE_CSWAP fe25x4_cswap
#define FE_CMOV fe25x4_cmov
#define FE_FROMBYTES fe25x4_frombytes
#define FE_TOBYTES fe25x4_tobytes
#include "x25519/curve_core.h"

struct ladder4_state {
    fe25x4 x1, x2, z2, x3, z3;
    fe25 lane[4];
    uint8_t k[4][32];
    __m256i swap;
};

/* out[l] = X25519(k[l], u[l]) for l < 4: core_scalarmult with one swap
 * bit per lane. k: clamped. out may overlap k or u (both are copied
 * first). */
static void ladder4(uint8_t out[4][32], const uint8_t *const k[4], const uint8_t *const u[4])
{
    struct ladder4_state s;
    for (int l = 0; l < 4; l++) {
        memcpy(s.k[l], k[l], 32);
        fe25_frombytes(&s.lane[l], u[l]);
    }
    fe25x4_pack(&s.x1, s.lane);
    fe25x4_carry(&s.x1, &s.x1);
    fe25x4_1(&s.x2);
    fe25x4_0(&s.z2);
    s.x3 = s.x1;
    fe25x4_1(&s.z3);
    s.swap = _mm256_setzero_si256();
    for (int t = 254; t >= 0; t--) {
        /* Bit t of each lane's scalar: public byte index, no branch. */
        const __m256i bit = _mm256_set_epi64x((s.k[3][t >> 3] >> (t & 7)) & 1, (s.k[2][t >> 3] >> (t & 7)) & 1,
                                              (s.k[1][t >> 3] >> (t & 7)) & 1, (s.k[0][t >> 3] >> (t & 7)) & 1);
        const __m256i m = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_xor_si256(s.swap, bit));
        fe25x4_cswap_mask(&s.x2, &s.x3, m);
        fe25x4_cswap_mask(&s.z2, &s.z3, m);
        s.swap = bit;
        core_ladder_step(&s.x2, &s.z2, &s.x3, &s.z3, &s.x1);
    }
    {
        const __m256i m = _mm256_sub_epi64(_mm256_setzero_si256(), s.swap);
        fe25x4_cswap_mask(&s.x2, &s.x3, m);
        fe25x4_cswap_mask(&s.z2, &s.z3, m);
    }
    core_invert(&s.z2, &s.z2);
    fe25x4_mul(&s.x2, &s.x2, &s.z2);
    fe25x4_unpack(s.lane, &s.x2);
    for (int l = 0; l < 4; l++) fe25_tobytes(out[l], &s.lane[l]);
    rijn_wipe(&s, sizeof s);
}

static void avx2_batch(uint8_t *out, const uint8_t *k, const uint8_t *u, size_t n)
{
    rijn_x25519_groups(out, k, u, n, 4, ladder4);
}

X86_AVX2_FILE_END

static const struct rijn_x25519_ops avx2_ops = {
    .scalarmult = core_scalarmult,
    .base = core_base,
    .batch = avx2_batch,
    .batch_priority = 250,
};
#define AVX2_OPS (&avx2_ops)
#else
#define AVX2_OPS NULL
#endif

const struct rijn_desc rijn_x25519_avx2_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-avx2",
    .priority = 50,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2,
    .ct = true,
    .ops = AVX2_OPS,
};
