/*
 * Differential fuzz target: AES-CCM seal and open (SP 800-38C), every
 * driver against OpenSSL.
 *
 * Input: key-size byte (mod 3), tag-length byte (mod 17), flags byte (bit 0
 * open, bit 1 in place; the rest picks a bit to flip), key (32 bytes),
 * nonce field (up to 16 bytes), AAD field (up to 255), tag (16 bytes), then
 * the message: the rest.
 *
 * A nonce length outside 7..13 gives RIJN_ERR_IV_LEN, a tag length that is
 * not an even number in 4..16 gives RIJN_ERR_TAG_LEN. Otherwise seal gives
 * OpenSSL's ciphertext and tag, opens back, and refuses one flipped bit with
 * the output zeroed; open of the given ciphertext and tag agrees with
 * OpenSSL's verdict and plaintext.
 */
#include "fuzz.h"

static driver_list drivers;

static int evp_ccm(int dec, const uint8_t *key, size_t key_len, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len)
{
    char name[24];
    snprintf(name, sizeof name, "AES-%zu-CCM", key_len * 8);
    EVP_CIPHER *c = evp_cipher(name);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, ok = x && EVP_CipherInit_ex2(x, c, NULL, NULL, !dec, NULL);
    if (ok) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL);
    if (ok) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, dec ? tag : NULL);
    if (ok) ok = EVP_CipherInit_ex2(x, NULL, key, nonce, !dec, NULL);
    if (ok) ok = EVP_CipherUpdate(x, NULL, &l, NULL, (int)len);
    if (ok && aad_len) ok = EVP_CipherUpdate(x, NULL, &l, aad, (int)aad_len);
    if (ok) ok = EVP_CipherUpdate(x, out, &l, in, (int)len);
    if (ok) ok = EVP_CipherFinal_ex(x, out + l, &l);
    if (ok && !dec) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return ok;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!drivers.n) drivers_of("ccm(aes)", &drivers);
    reader r = { data, size };
    size_t key_len = 16 + 8 * (u8(&r) % 3), tag_len = u8(&r) % 17, nonce_len, aad_len, len;
    uint8_t flags = u8(&r), key[32], tag_in[16];
    int open = flags & 1, inplace = (flags >> 1) & 1;
    bytes(&r, key, sizeof key);
    const uint8_t *nonce = field(&r, 16, &nonce_len);
    const uint8_t *aad = field(&r, 255, &aad_len);
    bytes(&r, tag_in, sizeof tag_in);
    const uint8_t *msg = rest(&r, &len);
    int bad_nonce = nonce_len < 7 || nonce_len > 13, bad_tag = tag_len < 4 || tag_len % 2;
    /* The length field has 15 - nonce_len bytes: at 13, at most 65535. */
    int too_long = !bad_nonce && nonce_len == 13 && len > 65535;

    uint8_t *ref = malloc(len + 1), ref_tag[16];
    int ref_ok = 0;
    if (!bad_nonce && !bad_tag && !too_long) {
        memcpy(ref_tag, tag_in, 16);
        ref_ok = evp_ccm(open, key, key_len, nonce, nonce_len, aad, aad_len, msg, len, ref, ref_tag, tag_len);
        if (!open && !ref_ok) FAIL("OpenSSL refused to seal");
    }

    for (size_t d = 0; d < drivers.n; d++) {
        const char *drv = drivers.name[d];
        rijn_ccm_key k;
        if (rijn_ccm_init(&k, drv, key, key_len)) FAIL("%s: init", drv);
        uint8_t *base = dup_off(msg, len, 0), *in = base + 1;
        uint8_t *obuf = calloc(1, len + 1), *out = inplace ? in : obuf + 1, tag[16];
        int rc = open ? rijn_ccm_open(&k, nonce, nonce_len, aad, aad_len, in, len, tag_in, tag_len, out)
                      : rijn_ccm_seal(&k, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
        if (bad_nonce || bad_tag || too_long) {
            int want = bad_nonce ? RIJN_ERR_IV_LEN : bad_tag ? RIJN_ERR_TAG_LEN : RIJN_ERR_LIMIT;
            if (rc != want) FAIL("%s: nonce %zu tag %zu len %zu gave %d, not %d", drv, nonce_len, tag_len, len, rc, want);
        } else if (open) {
            if (ref_ok) {
                if (rc != RIJN_OK) FAIL("%s: refused what OpenSSL accepts (%d)", drv, rc);
                check_eq("ccm open", drv, ref, out, len);
            } else {
                if (rc != RIJN_ERR_AUTH) FAIL("%s: accepted what OpenSSL refuses (%d)", drv, rc);
                if (!is_zero(out, len)) FAIL("%s: a refused message left plaintext in the output", drv);
            }
        } else {
            if (rc != RIJN_OK) FAIL("%s: seal %d", drv, rc);
            check_eq("ccm seal", drv, ref, out, len);
            check_eq("ccm tag", drv, ref_tag, tag, tag_len);
            uint8_t *pt = malloc(len + 1), *ab = dup_off(aad, aad_len, 0);
            if (rijn_ccm_open(&k, nonce, nonce_len, aad, aad_len, out, len, tag, tag_len, pt))
                FAIL("%s: round trip", drv);
            check_eq("ccm round trip", drv, msg, pt, len);
            size_t span = len + aad_len + tag_len, bit = (size_t)(flags >> 2) * 131 % (span * 8);
            uint8_t *where = bit / 8 < len ? out + bit / 8
                           : bit / 8 < len + aad_len ? ab + 1 + (bit / 8 - len)
                           : tag + (bit / 8 - len - aad_len);
            *where ^= (uint8_t)(1u << (bit % 8));
            rc = rijn_ccm_open(&k, nonce, nonce_len, ab + 1, aad_len, out, len, tag, tag_len, pt);
            if (rc != RIJN_ERR_AUTH) FAIL("%s: accepted a flipped bit %zu (%d)", drv, bit, rc);
            if (!is_zero(pt, len)) FAIL("%s: a forged message left plaintext in the output", drv);
            free(pt);
            free(ab);
        }
        rijn_ccm_clear(&k);
        free(base);
        free(obuf);
    }
    free(ref);
    return 0;
}
