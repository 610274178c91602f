/* SPDX-License-Identifier: MIT */
/*
 * Differential fuzz target: every MAC (the RS_MAC adapters: CMAC), one
 * shot, every driver against OpenSSL's EVP_MAC.
 *
 * Input: algorithm byte (index, modulo their number, into the RS_MAC
 * adapters in rs_get order), key-size byte (mod 3), tag-length byte (mod
 * the longest tag + 2: 0..17), key (64 bytes, the first key_len used), tag
 * (16 bytes), then the message: the rest (misaligned in memory).
 *
 * The tag equals OpenSSL's, truncated to tag_len; a tag length not in the
 * adapter's tags (CMAC: 0 and 17) must give RIJN_ERR_TAG_LEN, from mac and
 * from verify. verify accepts the right tag and refuses the given one
 * unless it happens to be right.
 */
#include "fuzz.h"

static fuzz_algs algs;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!algs.n) fuzz_setup(&algs, RS_MAC, 0);
    reader r = { data, size };
    const fuzz_alg *fa = &algs.e[u8(&r) % algs.n];
    const struct rs_alg *a = fa->alg;
    if (!rs_ntags(a)) FAIL("%s: no tag lengths", a->alg);
    size_t key_len = rs_key_len(a, u8(&r)), tag_len = u8(&r) % (a->tags[0] + 2u), len;
    uint8_t key[64], tag_in[16];
    bytes(&r, key, sizeof key);
    bytes(&r, tag_in, sizeof tag_in);
    const uint8_t *msg = rest(&r, &len);

    uint8_t ref[16];
    evp_mac(a, key, key_len, msg, len, ref);
    int bad_tag = !tag_ok(a, tag_len);
    int given_right = !bad_tag && memcmp(tag_in, ref, tag_len) == 0;

    void *k = ctx_alloc(a);
    for (size_t d = 0; d < fa->ndrv; d++) {
        const char *drv = fa->drv[d];
        uint8_t tag[16];
        if (a->init(k, drv, key, key_len)) FAIL("%s: init", drv);
        uint8_t *base = dup_off(msg, len, 0);
        int rc = a->mac(k, base + 1, len, tag, tag_len);
        if (bad_tag) {
            if (rc != RIJN_ERR_TAG_LEN) FAIL("%s: tag_len %zu gave %d", drv, tag_len, rc);
            rc = a->verify(k, base + 1, len, ref, tag_len);
            if (rc != RIJN_ERR_TAG_LEN) FAIL("%s: verify with tag_len %zu gave %d", drv, tag_len, rc);
        } else {
            if (rc != RIJN_OK) FAIL("%s: %d", drv, rc);
            check_eq(a->alg, drv, ref, tag, tag_len);
            if (a->verify(k, base + 1, len, ref, tag_len) != RIJN_OK) FAIL("%s: verify refused", drv);
            rc = a->verify(k, base + 1, len, tag_in, tag_len);
            if (rc != (given_right ? RIJN_OK : RIJN_ERR_AUTH)) FAIL("%s: verify of the given tag: %d", drv, rc);
        }
        a->clear(k);
        free(base);
    }
    free(k);
    return 0;
}
