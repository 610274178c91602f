/* SPDX-License-Identifier: MIT */
/*
 * pac-neon: QARMA5 and QARMA3 with AArch64 TBL (vqtbl1q_u8), one PAC per
 * register; the core, and why table-register look-ups make it
 * constant-time, are in pac_vec_core.h. Without the Crypto Extensions
 * rijn_pac_aes runs the portable bit-sliced AES of pac-ct64; pac-ce reuses
 * this QARMA.
 */
#include "emu/pac.h"

#include "arch/arm64/arm64.h"

#ifdef RIJN_ARM64
#define PV uint8x16_t
#define PV_FN static inline __attribute__((always_inline))
#define PV_NAME(x) neon_##x
#define PV_SHUF(t, i) vqtbl1q_u8((t), (i))
#define PV_XOR(a, b) veorq_u8((a), (b))
#define PV_AND(a, b) vandq_u8((a), (b))
#define PV_LOAD(p) vld1q_u8((const uint8_t *)(p))
#define PV_EXPAND(x) neon_expand(x)
#define PV_NV 4

/* The 16 cells of x, one per byte: low and high nibbles interleaved. */
static inline uint8x16_t neon_expand(uint64_t x)
{
    const uint8x8_t v = vcreate_u8(x), lo = vand_u8(v, vdup_n_u8(15)), hi = vshr_n_u8(v, 4);
    return vcombine_u8(vzip1_u8(lo, hi), vzip2_u8(lo, hi));
}

/* Back to 64 bits: even cells | odd cells << 4. */
static inline uint64_t neon_pack(uint8x16_t w)
{
    uint8x16_t r = vsliq_n_u8(vuzp1q_u8(w, w), vuzp2q_u8(w, w), 4);
    return vgetq_lane_u64(vreinterpretq_u64_u8(r), 0);
}

#include "emu/pac_vec_core.h"

static inline uint64_t neon_one(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1, int alg)
{
    struct neon_key k;
    neon_key_setup(&k, key0, key1);
    uint8x16_t w = neon_expand(data), t = neon_expand(modifier);
    neon_qarma_n(&w, &t, &k, alg, 1);
    return neon_pack(w);
}

/* Four PACs per step, in lockstep (pac_vec_core.h, qarma_n: AArch64 has
 * 32 vector registers); the tail one at a time. */
static inline void neon_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                              uint64_t key1, size_t n, int alg)
{
    struct neon_key k;
    neon_key_setup(&k, key0, key1);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint8x16_t w[4], t[4];
        for (int j = 0; j < 4; j++) {
            w[j] = neon_expand(data[i + j]);
            t[j] = neon_expand(modifier[i + j]);
        }
        neon_qarma_n(w, t, &k, alg, 4);
        for (int j = 0; j < 4; j++) out[i + j] = neon_pack(w[j]);
    }
    for (; i < n; i++) {
        uint8x16_t w = neon_expand(data[i]), t = neon_expand(modifier[i]);
        neon_qarma_n(&w, &t, &k, alg, 1);
        out[i] = neon_pack(w);
    }
}

uint64_t rijn_pac_neon_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return neon_one(data, modifier, key0, key1, 0);
}

uint64_t rijn_pac_neon_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return neon_one(data, modifier, key0, key1, 1);
}

void rijn_pac_neon_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                                uint64_t key1, size_t n)
{
    neon_batch(out, data, modifier, key0, key1, n, 0);
}

void rijn_pac_neon_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                                uint64_t key1, size_t n)
{
    neon_batch(out, data, modifier, key0, key1, n, 1);
}

static const struct rijn_pac_ops neon_ops = {
    .driver = "pac-neon",
    .qarma5 = rijn_pac_neon_qarma5,
    .qarma3 = rijn_pac_neon_qarma3,
    .aes = rijn_pac_ct64_aes,
    .qarma5_batch = rijn_pac_neon_qarma5_batch,
    .qarma3_batch = rijn_pac_neon_qarma3_batch,
    .aes_batch = rijn_pac_ct64_aes_batch,
};
#define NEON_OPS &neon_ops
#else
#define NEON_OPS NULL
#endif

const struct rijn_desc rijn_pac_neon_desc = {
    .kind = &rijn_kind_pac,
    .name = "pac-neon",
    .priority = 200,
    .cpu = RIJN_CPU_AARCH64 | RIJN_CPU_NEON,
    .ct = true,
    .ops = NEON_OPS,
};
