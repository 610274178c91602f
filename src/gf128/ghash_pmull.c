/* SPDX-License-Identifier: MIT */
/*
 * ghash-pmull: GHASH with the PMULL instruction (Crypto Extensions),
 * AArch64 and AArch32. The arithmetic, bit order and reduction are explained in
 * ghash_pmull_core.h. Four blocks per reduction; PMULL's timing does not
 * depend on its operands, and nothing here indexes memory by a secret.
 */
#include "gf128/ghash_pmull_core.h"

#ifdef RIJN_HAVE_PMULL

PMULL_TARGET void rijn_pmull_init(void *hkey, const uint8_t h[16])
{
    struct pmull_hkey *k = hkey;
    k->h[0] = pm_load(h);
    k->k[0] = veorq_u64(k->h[0], vextq_u64(k->h[0], k->h[0], 1));
    for (int i = 1; i < 4; i++) {
        k->h[i] = pm_mul1(k->h[i - 1], k, 0);
        k->k[i] = veorq_u64(k->h[i], vextq_u64(k->h[i], k->h[i], 1));
    }
}

PMULL_TARGET static void ghash_pmull(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n)
{
    const struct pmull_hkey *k = hkey;
    uint64x2_t acc = pm_load(y);
    for (; n >= 4; n -= 4, in += 64) {
        RIJN_MCA_BEGIN("ghash-pmull");
        uint64x2_t x[4];
        for (int i = 0; i < 4; i++) x[i] = pm_load(in + 16 * i);
        acc = pm_hash4(k, acc, x);
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16) acc = pm_mul1(veorq_u64(acc, pm_load(in)), k, 0);
    pm_store(y, acc);
}

static const struct rijn_ghash_ops ghash_pmull_ops = { .init = rijn_pmull_init, .ghash = ghash_pmull };
#define GHASH_PMULL_OPS &ghash_pmull_ops
#else
#define GHASH_PMULL_OPS NULL
#endif

const struct rijn_desc rijn_ghash_pmull_desc = {
    .kind = &rijn_kind_ghash,
    .name = "ghash-pmull",
    .priority = 400,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_ARM_PMULL,
    .ct = true,
    .ops = GHASH_PMULL_OPS,
};
