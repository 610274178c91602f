/* SPDX-License-Identifier: MIT */
/*
 * Differential fuzz target: every unauthenticated cipher (the RS_CIPHER
 * adapters: ECB, CBC raw and with PKCS#7 padding, CTR, XTS), one call per
 * message, every driver against OpenSSL.
 *
 * Input: algorithm byte (index, modulo their number, into the RS_CIPHER
 * adapters in rs_get order), key-size byte (mod 3: AES-128/192/256, times
 * the adapter's key_parts), flags byte (bit 0 decrypt, bit 1 in place,
 * bit 2 PKCS#7 padding where the adapter has crypt_pad), key (64 bytes,
 * the first key_len used), IV or tweak (16 bytes, the first iv_len used),
 * then the data: the rest.
 *
 * Checked for every driver, with misaligned buffers (and in place):
 *   - lengths the mode refuses (not a multiple of `block`, under
 *     `min_len`; a padded ciphertext not a non-zero block multiple) give
 *     RIJN_ERR_LENGTH, and a key that repeats one of its parts (XTS
 *     K1 == K2) gives RIJN_ERR_WEAK_KEY at init;
 *   - otherwise the output equals OpenSSL's; for padded decryption the
 *     verdict (valid padding or not) and the length equal OpenSSL's too,
 *     and a refused padding leaves the output zeroed and the length 0;
 *   - where the adapter streams (CBC, CTR, XTS), the same message in two
 *     calls, all of it but the last update_granule (XTS: as much as final
 *     leaves), then the rest, equals it too: the state after a call of any
 *     length (CBC's chaining value, CTR's counter, XTS's tweak) is right.
 *     fuzz_stream splits at random points.
 * Where OpenSSL lacks the key size (AES-192-XTS), the first driver is the
 * reference for the others, verdict and output.
 */
#include "fuzz.h"

static fuzz_algs algs;

/* The message in two stream calls on the context already set up: the
 * longest update the mode allows short of the whole message, then final
 * with the rest. */
static void two_calls(const struct rs_alg *a, const char *drv, void *ctx, int dec, const uint8_t *iv,
                      const uint8_t *msg, size_t len, const uint8_t *ref)
{
    size_t g = a->update_granule, part = len % g;
    size_t split = part ? (len - part >= a->final_min ? len - part - a->final_min : 0) : (len >= g ? len - g : 0);
    split -= split % g;
    uint8_t *base = dup_off(msg, len, 0), *obuf = zalloc(len + 1);
    rs_stream s;
    memset(&s, 0, sizeof s);
    int rc = a->s_start(&s, ctx, iv, a->iv_len, !dec);
    if (!rc) rc = a->s_update(&s, obuf + 1, base + 1, split);
    if (!rc) rc = a->s_final(&s, obuf + 1 + split, base + 1 + split, len - split, NULL, 0);
    if (rc != RIJN_OK) FAIL("%s: %zu bytes as %zu + %zu: %d", drv, len, split, len - split, rc);
    check_eq("two calls", drv, ref, obuf + 1, len);
    free(base);
    free(obuf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!algs.n) fuzz_setup(&algs, RS_CIPHER, 0);
    reader r = { data, size };
    const fuzz_alg *fa = &algs.e[u8(&r) % algs.n];
    const struct rs_alg *a = fa->alg;
    size_t key_len = rs_key_len(a, u8(&r));
    uint8_t flags = u8(&r);
    int dec = flags & 1, inplace = (flags >> 1) & 1, pad = (flags >> 2) & 1 && a->crypt_pad;
    uint8_t key[64], iv[16];
    bytes(&r, key, sizeof key);
    bytes(&r, iv, sizeof iv);
    size_t len;
    const uint8_t *msg = rest(&r, &len);

    int weak = key_repeats(a, key, key_len);
    int bad_len = pad ? dec && (len == 0 || len % RIJN_AES_BLOCK) : len % a->block || len < a->min_len;

    /* The reference: OpenSSL where it has the cipher, else the first
     * driver. ref_rc < 0 until it is known. */
    EVP_CIPHER *c = evp_cipher(a, key_len / a->key_parts * 8);
    uint8_t *ref = zalloc(len + 32);
    size_t ref_len = 0;
    int ref_rc = -1;
    const char *ref_name = "OpenSSL";
    if (c && !weak && !bad_len) {
        int ok = evp_block(c, dec, pad, key, a->iv_len ? iv : NULL, msg, len, ref, &ref_len);
        if (!ok && !(pad && dec)) FAIL("OpenSSL refused %s dec %d, %zu bytes", a->alg, dec, len);
        ref_rc = ok ? RIJN_OK : RIJN_ERR_PADDING;
    }

    void *ctx = ctx_alloc(a);
    for (size_t d = 0; d < fa->ndrv; d++) {
        const char *drv = fa->drv[d];
        int rc = a->init(ctx, drv, key, key_len);
        if (weak) {
            if (rc != RIJN_ERR_WEAK_KEY) FAIL("%s: a key repeating a part gave %d", drv, rc);
            a->clear(ctx);
            continue;
        }
        if (rc != RIJN_OK) FAIL("%s: init %d", drv, rc);
        uint8_t *base = dup_off(msg, len, 16), *in = base + 1;
        uint8_t *obuf = zalloc(len + 17), *out = inplace ? in : obuf + 1;
        size_t out_len = len;
        rc = pad ? a->crypt_pad(ctx, !dec, iv, out, len + 16, &out_len, in, len)
                 : a->crypt(ctx, !dec, iv, out, in, len);

        if (bad_len) {
            if (rc != RIJN_ERR_LENGTH) FAIL("%s: pad %d dec %d, %zu bytes gave %d, not LENGTH", drv, pad, dec, len, rc);
        } else {
            if (ref_rc < 0) {
                if (rc != RIJN_OK && !(rc == RIJN_ERR_PADDING && pad && dec)) FAIL("%s: %d", drv, rc);
                ref_rc = rc;
                ref_len = out_len;
                memcpy(ref, out, out_len);
                ref_name = drv;
            }
            if (rc != ref_rc)
                FAIL("%s: pad %d dec %d, %zu bytes gave %d, %s %d", drv, pad, dec, len, rc, ref_name, ref_rc);
            if (rc == RIJN_ERR_PADDING) {
                if (!is_zero(out, len)) FAIL("%s: refused padding left plaintext in the output", drv);
                if (out_len != 0) FAIL("%s: refused padding gave length %zu", drv, out_len);
            } else {
                if (out_len != ref_len) FAIL("%s: length %zu, %s %zu", drv, out_len, ref_name, ref_len);
                check_eq(a->alg, drv, ref, out, ref_len);
            }
            if (a->s_start && !pad) two_calls(a, drv, ctx, dec, iv, msg, len, ref);
        }
        a->clear(ctx);
        free(base);
        free(obuf);
    }
    free(ctx);
    free(ref);
    return 0;
}
