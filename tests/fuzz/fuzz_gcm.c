/*
 * Differential fuzz target: AES-GCM one-shot seal and open (SP 800-38D),
 * every driver against OpenSSL. The input layout and the checks are
 * fuzz_aead.h's: IVs of 0..128 bytes (0 must give RIJN_ERR_IV_LEN), tags
 * of 0..16 bytes (under 4 must give RIJN_ERR_TAG_LEN).
 */
#include "fuzz_aead.h"

AEAD_ADAPTERS(gcm)

static int refuse(size_t nonce_len, size_t tag_len, size_t len)
{
    (void)len;
    return nonce_len == 0 ? RIJN_ERR_IV_LEN : tag_len < 4 ? RIJN_ERR_TAG_LEN : 0;
}

static const struct aead gcm = { "gcm(aes)", "GCM", 128, sizeof(rijn_gcm_key),
                                 gcm_init, gcm_clear, gcm_seal, gcm_open, refuse };
static driver_list drivers;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return aead_fuzz(&gcm, &drivers, data, size);
}
