/*
 * Differential fuzz target: AES-CCM seal and open (SP 800-38C), every
 * driver against OpenSSL. The input layout and the checks are
 * fuzz_aead.h's: nonces of 0..16 bytes (outside 7..13 must give
 * RIJN_ERR_IV_LEN), tags of 0..16 bytes (not an even number in 4..16 must
 * give RIJN_ERR_TAG_LEN), and with a 13-byte nonce at most 65535 bytes.
 */
#include "fuzz_aead.h"

AEAD_ADAPTERS(ccm)

static int refuse(size_t nonce_len, size_t tag_len, size_t len)
{
    if (nonce_len < 7 || nonce_len > 13) return RIJN_ERR_IV_LEN;
    if (tag_len < 4 || tag_len % 2) return RIJN_ERR_TAG_LEN;
    /* The length field has 15 - nonce_len bytes: with 13, two. */
    return nonce_len == 13 && len > 65535 ? RIJN_ERR_LIMIT : 0;
}

static const struct aead ccm = { "ccm(aes)", "CCM", 16, sizeof(rijn_ccm_key),
                                 ccm_init, ccm_clear, ccm_seal, ccm_open, refuse };
static driver_list drivers;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return aead_fuzz(&ccm, &drivers, data, size);
}
