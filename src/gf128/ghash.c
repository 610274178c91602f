/* SPDX-License-Identifier: MIT */
/*
 * The GHASH kind: the known-answer test every GHASH driver passes before
 * it is selected. Vector: McGrew-Viega GCM specification, test case 2.
 */
#include "core/kat.h"
#include "gf128/ghash.h"

static int ghash_selftest(const struct rijn_inst *in)
{
    const struct rijn_ghash_ops *ops = rijn_ghash(in->drv);
    /* H = E(0^128) under the zero key; GHASH over the ciphertext and the
     * length block equals tag2 ^ tag1 (tag1 = E(J0)). */
    unsigned char hkey[RIJN_GF128_KEY_BYTES] __attribute__((aligned(64)));
    uint8_t h[16], y[16] = { 0 }, blocks[32], t1[16], t2[16];
    rijn_unhex(h, "66e94bd4ef8a2c3b884cfa59ca342b2e");
    rijn_unhex(blocks, "0388dace60b6a392f328c2b971b2fe78""00000000000000000000000000000080");
    rijn_unhex(t1, "58e2fccefa7e3061367f1d57a4e7455a");
    rijn_unhex(t2, "ab6e47d42cec13bdf53a67b21257bddf");
    ops->init(hkey, h);
    ops->ghash(hkey, y, blocks, 2);
    rijn_xor16(t1, t1, t2);
    int ok = memcmp(y, t1, 16) == 0;
    /* The aggregated paths (8 and 16 blocks per reduction) agree with one
     * block per call, over 37 blocks. */
    uint8_t many[16 * 37], y1[16] = { 0 }, y2[16] = { 0 };
    for (size_t i = 0; i < sizeof many; i++) many[i] = (uint8_t)(i * 29 + 7);
    ops->ghash(hkey, y1, many, 37);
    for (size_t i = 0; i < 37; i++) ops->ghash(hkey, y2, many + 16 * i, 1);
    ok &= memcmp(y1, y2, 16) == 0;
    rijn_wipe(hkey, sizeof hkey);
    return ok ? 0 : -1;
}

const struct rijn_kind rijn_kind_ghash = {
    .alg = "ghash",
    .selftest = ghash_selftest,
};
