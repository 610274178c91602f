/*
 * The body shared by the AEAD fuzz targets (fuzz_gcm.c, fuzz_ccm.c): each
 * describes its mode in a `struct aead` and calls aead_fuzz().
 *
 * Input: key-size byte (mod 3), tag-length byte (mod 17), flags byte (bit 0
 * open, bit 1 in place; the rest picks a bit to flip), key (32 bytes, the
 * first 16/24/32 used), nonce field (up to nonce_max bytes), AAD field (up
 * to 255), tag (16 bytes), then the message: the rest.
 *
 * Seal: ciphertext and tag equal OpenSSL's; then each driver opens its own
 * output back, and must refuse it with one bit flipped in the ciphertext,
 * the AAD or the tag, leaving the output zeroed. Open (the Wycheproof
 * seeds): the message is a ciphertext and the tag is given; the
 * accept/refuse verdict and the plaintext equal OpenSSL's. Parameters the
 * mode refuses must give the error that aead.refuse() names.
 */
#ifndef RIJN_FUZZ_AEAD_H
#define RIJN_FUZZ_AEAD_H

#include "fuzz.h"

typedef int (*aead_seal_fn)(const void *k, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al,
                            const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tl);
typedef int (*aead_open_fn)(const void *k, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al,
                            const uint8_t *in, size_t len, const uint8_t *tag, size_t tl, uint8_t *out);

struct aead {
    const char *alg;  /* registry algorithm, "gcm(aes)" */
    const char *evp;  /* OpenSSL mode name, "GCM" */
    size_t nonce_max; /* longest nonce the input may carry */
    size_t key_size;  /* sizeof the rijn key type */
    int (*init)(void *k, const char *drv, const uint8_t *key, size_t key_len);
    void (*clear)(void *k);
    aead_seal_fn seal;
    aead_open_fn open;
    /* The error rijn must return for these lengths, or 0 if valid. */
    int (*refuse)(size_t nonce_len, size_t tag_len, size_t len);
};

/* The four adapters from a mode's rijn_<m>_* functions to struct aead's
 * void-pointer signatures (a call through a cast function pointer would be
 * undefined behaviour). */
#define AEAD_ADAPTERS(m)                                                                                   \
    static int m##_init(void *k, const char *drv, const uint8_t *key, size_t kl)                          \
    {                                                                                                     \
        return rijn_##m##_init(k, drv, key, kl);                                                          \
    }                                                                                                     \
    static void m##_clear(void *k) { rijn_##m##_clear(k); }                                               \
    static int m##_seal(const void *k, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al,        \
                        const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tl)             \
    {                                                                                                     \
        return rijn_##m##_seal(k, n, nl, aad, al, in, len, out, tag, tl);                                 \
    }                                                                                                     \
    static int m##_open(const void *k, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al,        \
                        const uint8_t *in, size_t len, const uint8_t *tag, size_t tl, uint8_t *out)       \
    {                                                                                                     \
        return rijn_##m##_open(k, n, nl, aad, al, in, len, tag, tl, out);                                 \
    }

/* OpenSSL's answer: seal (writes tag_len bytes of tag) or open (checks
 * tag); returns 1 if it accepted. CCM announces the length first and sets
 * the tag length before the key. */
static inline int evp_aead(const char *mode, int dec, const uint8_t *key, size_t key_len, const uint8_t *nonce,
                           size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, uint8_t *tag, size_t tag_len)
{
    char name[24];
    int ccm = !strcmp(mode, "CCM");
    snprintf(name, sizeof name, "AES-%zu-%s", key_len * 8, mode);
    EVP_CIPHER *c = evp_cipher(name);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, ok = x && EVP_CipherInit_ex2(x, c, NULL, NULL, !dec, NULL);
    if (ok) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL);
    if (ok && ccm) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, dec ? tag : NULL);
    if (ok) ok = EVP_CipherInit_ex2(x, NULL, key, nonce, !dec, NULL);
    if (ok && ccm) ok = EVP_CipherUpdate(x, NULL, &l, NULL, (int)len);
    if (ok && aad_len) ok = EVP_CipherUpdate(x, NULL, &l, aad, (int)aad_len);
    if (ok) ok = EVP_CipherUpdate(x, out, &l, in, (int)len);
    if (ok && dec && !ccm) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, tag);
    if (ok) ok = EVP_CipherFinal_ex(x, out + l, &l);
    if (ok && !dec) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag);
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return ok;
}

static inline int aead_fuzz(const struct aead *a, driver_list *drivers, const uint8_t *data, size_t size)
{
    if (!drivers->n) drivers_of(a->alg, drivers);
    reader r = { data, size };
    size_t key_len = 16 + 8 * (u8(&r) % 3), tag_len = u8(&r) % 17, nonce_len, aad_len, len;
    uint8_t flags = u8(&r), key[32], tag_in[16];
    int open = flags & 1, inplace = (flags >> 1) & 1;
    bytes(&r, key, sizeof key);
    const uint8_t *nonce = field(&r, a->nonce_max, &nonce_len);
    const uint8_t *aad = field(&r, 255, &aad_len);
    bytes(&r, tag_in, sizeof tag_in);
    const uint8_t *msg = rest(&r, &len);
    int want_err = a->refuse(nonce_len, tag_len, len);

    uint8_t *ref = malloc(len + 1), ref_tag[16];
    int ref_ok = 0;
    if (!want_err) {
        memcpy(ref_tag, tag_in, 16);
        ref_ok = evp_aead(a->evp, open, key, key_len, nonce, nonce_len, aad, aad_len, msg, len, ref, ref_tag, tag_len);
        if (!open && !ref_ok) FAIL("OpenSSL refused to seal");
    }
    void *k = aligned_alloc(64, (a->key_size + 63) / 64 * 64);
    for (size_t d = 0; d < drivers->n; d++) {
        const char *drv = drivers->name[d];
        if (a->init(k, drv, key, key_len)) FAIL("%s: init", drv);
        uint8_t *base = dup_off(msg, len, 0), *in = base + 1;
        uint8_t *obuf = calloc(1, len + 1), *out = inplace ? in : obuf + 1, tag[16];
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
            uint8_t *pt = malloc(len + 1), *ab = dup_off(aad, aad_len, 0);
            if (a->open(k, nonce, nonce_len, aad, aad_len, out, len, tag, tag_len, pt)) FAIL("%s: round trip", drv);
            check_eq("round trip", drv, msg, pt, len);
            size_t span = len + aad_len + tag_len; /* tag_len >= 4 here: refuse() rules out less */
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

#endif
