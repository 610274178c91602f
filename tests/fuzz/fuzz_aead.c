/* SPDX-License-Identifier: MIT */
/*
 * Differential fuzz target: every AEAD (the RS_AEAD adapters: GCM, CCM),
 * one-shot seal and open, every driver against OpenSSL.
 *
 * Input: algorithm byte (index, modulo their number, into the RS_AEAD
 * adapters in rs_get order), key-size byte (mod 3), tag-length byte (mod
 * the longest tag + 1: 0..16), flags byte (bit 0 open, bit 1 in place; the
 * rest picks a bit to flip), key (64 bytes, the first key_len used), nonce
 * field (up to 2 * iv_max bytes: GCM 0..128, CCM 0..26), AAD field (up to
 * 255 bytes), tag (16 bytes), then the message: the rest.
 *
 * Parameters: a nonce length outside the adapter's iv_min..iv_max is valid
 * where OpenSSL takes it (GCM: up to 128 bytes) and must give
 * RIJN_ERR_IV_LEN where OpenSSL refuses it (GCM: 0; CCM: outside 7..13); then
 * a tag length not in the adapter's tags must give RIJN_ERR_TAG_LEN; then a
 * message OpenSSL refuses for its nonce (CCM's length field: over 65535
 * bytes with a 13-byte nonce, beyond -max_len) must give RIJN_ERR_LIMIT.
 *
 * Seal: ciphertext and tag equal OpenSSL's; then each driver opens its own
 * output back, and must refuse it with one bit flipped in the ciphertext,
 * the AAD or the tag, leaving the output zeroed. Open (the Wycheproof
 * seeds): the message is a ciphertext and the tag is given; the
 * accept/refuse verdict and the plaintext equal OpenSSL's, and a refused
 * message leaves the output zeroed. Buffers are misaligned, or in place.
 */
#include "fuzz.h"

static fuzz_algs algs;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!algs.n) fuzz_setup(&algs, RS_AEAD, 0);
    reader r = { data, size };
    const fuzz_alg *fa = &algs.e[u8(&r) % algs.n];
    const struct rs_alg *a = fa->alg;
    if (!rs_ntags(a)) FAIL("%s: no tag lengths", a->alg);
    size_t key_len = rs_key_len(a, u8(&r)), tag_len = u8(&r) % (a->tags[0] + 1u), nonce_len, aad_len, len;
    uint8_t flags = u8(&r), key[64], tag_in[16];
    int open = flags & 1, inplace = (flags >> 1) & 1;
    bytes(&r, key, sizeof key);
    const uint8_t *nonce = field(&r, 2 * a->iv_max, &nonce_len);
    const uint8_t *aad = field(&r, 255, &aad_len);
    bytes(&r, tag_in, sizeof tag_in);
    const uint8_t *msg = rest(&r, &len);

    EVP_CIPHER *c = evp_cipher(a, key_len * 8 / a->key_parts);
    if (!c) FAIL("OpenSSL has no %s with %zu-byte keys", a->alg, key_len);
    int nonce_ok = (nonce_len >= a->iv_min && nonce_len <= a->iv_max) || evp_nonce_ok(c, nonce_len);
    int want_err = !nonce_ok ? RIJN_ERR_IV_LEN : !tag_ok(a, tag_len) ? RIJN_ERR_TAG_LEN : 0;

    uint8_t *ref = zalloc(len), ref_tag[16];
    int ref_ok = 0;
    if (!want_err) {
        memcpy(ref_tag, tag_in, 16);
        int v = evp_aead(c, open, key, nonce, nonce_len, aad, aad_len, msg, len, ref, ref_tag, tag_len);
        if (v < 0) want_err = RIJN_ERR_LIMIT;
        else if (!open && v != 1) FAIL("OpenSSL refused to seal");
        ref_ok = v == 1;
    }
    void *k = ctx_alloc(a);
    for (size_t d = 0; d < fa->ndrv; d++) {
        const char *drv = fa->drv[d];
        if (a->init(k, drv, key, key_len)) FAIL("%s: init", drv);
        uint8_t *base = dup_off(msg, len, 0), *in = base + 1;
        uint8_t *obuf = zalloc(len + 1), *out = inplace ? in : obuf + 1, tag[16];
        int rc = open ? a->open(k, nonce, nonce_len, aad, aad_len, in, len, tag_in, tag_len, out)
                      : a->seal(k, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
        if (want_err) {
            if (rc != want_err)
                FAIL("%s: nonce %zu tag %zu len %zu gave %d, not %d", drv, nonce_len, tag_len, len, rc, want_err);
        } else if (open) {
            if (ref_ok) {
                if (rc != RIJN_OK) FAIL("%s: refused what OpenSSL accepts (%d)", drv, rc);
                check_eq("open", drv, ref, out, len);
            } else {
                if (rc != RIJN_ERR_AUTH) FAIL("%s: accepted what OpenSSL refuses (%d)", drv, rc);
                if (!is_zero(out, len)) FAIL("%s: a refused message left plaintext in the output", drv);
            }
        } else {
            if (rc != RIJN_OK) FAIL("%s: seal %d", drv, rc);
            check_eq("seal", drv, ref, out, len);
            check_eq("tag", drv, ref_tag, tag, tag_len);
            /* Open it back, then with one bit flipped somewhere. */
            uint8_t *pt = zalloc(len), *ab = dup_off(aad, aad_len, 0);
            if (a->open(k, nonce, nonce_len, aad, aad_len, out, len, tag, tag_len, pt)) FAIL("%s: round trip", drv);
            check_eq("round trip", drv, msg, pt, len);
            size_t span = len + aad_len + tag_len; /* tag_len >= 1 here: tags holds no 0 */
            if (span == 0) FAIL("nothing to flip");
            size_t bit = (size_t)(flags >> 2) * 131 % (span * 8);
            uint8_t *where = bit / 8 < len ? out + bit / 8
                           : bit / 8 < len + aad_len ? ab + 1 + (bit / 8 - len)
                           : tag + (bit / 8 - len - aad_len);
            *where ^= (uint8_t)(1u << (bit % 8));
            rc = a->open(k, nonce, nonce_len, ab + 1, aad_len, out, len, tag, tag_len, pt);
            if (rc != RIJN_ERR_AUTH) FAIL("%s: accepted a flipped bit %zu (%d)", drv, bit, rc);
            if (!is_zero(pt, len)) FAIL("%s: a forged message left plaintext in the output", drv);
            free(pt);
            free(ab);
        }
        a->clear(k);
        free(base);
        free(obuf);
    }
    free(k);
    free(ref);
    return 0;
}
