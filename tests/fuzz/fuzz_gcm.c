/*
 * Differential fuzz target: AES-GCM one-shot seal and open, every driver
 * against OpenSSL.
 *
 * Input: key-size byte (mod 3), tag-length byte (mod 17), flags byte (bit 0
 * open, bit 1 in place; the rest picks a bit to flip), key (32 bytes, the
 * first 16/24/32 used), IV field (up to 128 bytes), AAD field (up to 255),
 * tag (16 bytes), then the message: the rest.
 *
 * Seal: ciphertext and tag equal OpenSSL's (the tag truncated to tag_len);
 * then each driver opens its own output, and must refuse it with one bit
 * flipped in the ciphertext, the AAD or the tag, leaving the output zeroed.
 * Open (the Wycheproof seeds): the message is a ciphertext and the tag is
 * given; the accept/refuse verdict and the plaintext equal OpenSSL's.
 * An IV of length 0 and a tag length outside 4..16 must be refused with
 * RIJN_ERR_IV_LEN and RIJN_ERR_TAG_LEN.
 */
#include "fuzz.h"

static driver_list drivers;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!drivers.n) drivers_of("gcm(aes)", &drivers);
    reader r = { data, size };
    size_t key_len = 16 + 8 * (u8(&r) % 3), tag_len = u8(&r) % 17, iv_len, aad_len, len;
    uint8_t flags = u8(&r), key[32], tag_in[16];
    int open = flags & 1, inplace = (flags >> 1) & 1;
    bytes(&r, key, sizeof key);
    const uint8_t *iv = field(&r, 128, &iv_len);
    const uint8_t *aad = field(&r, 255, &aad_len);
    bytes(&r, tag_in, sizeof tag_in);
    const uint8_t *msg = rest(&r, &len);
    int bad_tag = tag_len < 4, bad_iv = iv_len == 0;

    /* OpenSSL: seal with a full tag (rijn's shorter tags are its prefix),
     * or open with the given tag. Both need an IV of at least one byte. */
    uint8_t *ref = malloc(len + 1), ref_tag[16];
    int ref_ok = 0;
    if (!bad_iv && !bad_tag) {
        memcpy(ref_tag, tag_in, 16);
        ref_ok = evp_gcm(open, key, key_len, iv, iv_len, aad, aad_len, msg, len, ref, ref_tag, open ? tag_len : 16);
        if (!open && !ref_ok) FAIL("OpenSSL refused to seal");
    }

    for (size_t d = 0; d < drivers.n; d++) {
        const char *drv = drivers.name[d];
        rijn_gcm_key k;
        if (rijn_gcm_init(&k, drv, key, key_len)) FAIL("%s: init", drv);
        uint8_t *base = dup_off(msg, len, 0), *in = base + 1;
        uint8_t *obuf = calloc(1, len + 1), *out = inplace ? in : obuf + 1, tag[16];
        int rc = open ? rijn_gcm_open(&k, iv, iv_len, aad, aad_len, in, len, tag_in, tag_len, out)
                      : rijn_gcm_seal(&k, iv, iv_len, aad, aad_len, in, len, out, tag, tag_len);
        if (bad_iv || bad_tag) {
            int want = bad_iv ? RIJN_ERR_IV_LEN : RIJN_ERR_TAG_LEN;
            if (rc != want) FAIL("%s: iv_len %zu tag_len %zu gave %d, not %d", drv, iv_len, tag_len, rc, want);
        } else if (open) {
            if (ref_ok) {
                if (rc != RIJN_OK) FAIL("%s: refused what OpenSSL accepts (%d)", drv, rc);
                check_eq("gcm open", drv, ref, out, len);
            } else {
                if (rc != RIJN_ERR_AUTH) FAIL("%s: accepted what OpenSSL refuses (%d)", drv, rc);
                if (!is_zero(out, len)) FAIL("%s: a refused message left plaintext in the output", drv);
            }
        } else {
            if (rc != RIJN_OK) FAIL("%s: seal %d", drv, rc);
            check_eq("gcm seal", drv, ref, out, len);
            check_eq("gcm tag", drv, ref_tag, tag, tag_len);
            /* Open it back, then with one bit flipped somewhere. */
            uint8_t *pt = malloc(len + 1), *ab = dup_off(aad, aad_len, 0);
            if (rijn_gcm_open(&k, iv, iv_len, aad, aad_len, out, len, tag, tag_len, pt)) FAIL("%s: round trip", drv);
            check_eq("gcm round trip", drv, msg, pt, len);
            size_t span = len + aad_len + tag_len, bit = (size_t)(flags >> 2) * 131 % (span * 8);
            uint8_t *where = bit / 8 < len ? out + bit / 8
                           : bit / 8 < len + aad_len ? ab + 1 + (bit / 8 - len)
                           : tag + (bit / 8 - len - aad_len);
            *where ^= (uint8_t)(1u << (bit % 8));
            rc = rijn_gcm_open(&k, iv, iv_len, ab + 1, aad_len, out, len, tag, tag_len, pt);
            if (rc != RIJN_ERR_AUTH) FAIL("%s: accepted a flipped bit %zu (%d)", drv, bit, rc);
            if (!is_zero(pt, len)) FAIL("%s: a forged message left plaintext in the output", drv);
            free(pt);
            free(ab);
        }
        rijn_gcm_clear(&k);
        free(base);
        free(obuf);
    }
    free(ref);
    return 0;
}
