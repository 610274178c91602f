/*
 * Differential fuzz target: AES-GCM one-shot seal and open (SP 800-38D),
 * every driver against OpenSSL. The input layout and the checks are
 * fuzz_aead.h's: IVs of 0..128 bytes (0 must give RIJN_ERR_IV_LEN), tags
 * of 0..16 bytes (under 4 must give RIJN_ERR_TAG_LEN).
 */
#include "fuzz_aead.h"

static int init(void *k, const char *drv, const uint8_t *key, size_t kl)
{
    return rijn_gcm_init(k, drv, key, kl);
}
static void clear(void *k)
{
    rijn_gcm_clear(k);
}
static int seal(const void *k, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al, const uint8_t *in,
                size_t len, uint8_t *out, uint8_t *tag, size_t tl)
{
    return rijn_gcm_seal(k, n, nl, aad, al, in, len, out, tag, tl);
}
static int open_(const void *k, const uint8_t *n, size_t nl, const uint8_t *aad, size_t al, const uint8_t *in,
                 size_t len, const uint8_t *tag, size_t tl, uint8_t *out)
{
    return rijn_gcm_open(k, n, nl, aad, al, in, len, tag, tl, out);
}
static int refuse(size_t nonce_len, size_t tag_len, size_t len)
{
    (void)len;
    return nonce_len == 0 ? RIJN_ERR_IV_LEN : tag_len < 4 ? RIJN_ERR_TAG_LEN : 0;
}

static const struct aead gcm = { "gcm(aes)", "GCM", 128, sizeof(rijn_gcm_key), init, clear, seal, open_, refuse };
static driver_list drivers;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return aead_fuzz(&gcm, &drivers, data, size);
}
