/* SPDX-License-Identifier: MIT */
/*
 * AES-CCM (SP 800-38C) for the AEAD front end (prov_aead.c): one-shot (the
 * message length is in B0). The nonce is 7..13 bytes, i.e. L = 15 - nonce
 * length bytes of message length (OpenSSL's EVP_CTRL_CCM_SET_L arrives as
 * the nonce length); 7 by default (L = 8), and the tag M is 4, 6, ..., 16
 * bytes, 12 by default, as in OpenSSL. The TLS 1.2 record path (RFC 6655,
 * RFC 7251) is prov_aead.c's: libssl sets the nonce length to 12 and the
 * tag length (16, or 8 for the _CCM_8 suites) before the key.
 */
#include <openssl/evp.h>

#include "prov.h"

static int ccm_setkey(void *s, const uint8_t *key, size_t keylen)
{
    return rijn_ccm_init(s, NULL, key, keylen);
}

static int ccm_seal(const void *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                    const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t taglen)
{
    return rijn_ccm_seal(s, iv, ivlen, aad, aadlen, in, len, out, tag, taglen);
}

static int ccm_open(const void *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                    const uint8_t *in, size_t len, const uint8_t *tag, size_t taglen, uint8_t *out)
{
    return rijn_ccm_open(s, iv, ivlen, aad, aadlen, in, len, tag, taglen, out);
}

static const struct prov_aead_ops ccm_ops = {
    .family = PF_CCM,
    .evp_mode = EVP_CIPH_CCM_MODE,
    .state_size = sizeof(rijn_ccm_key),
    .iv_default = 7,
    .iv_min = 7,
    .iv_max = 13,
    .tag_default = 12,
    .tag_lengths = 0x15550, /* 4, 6, ..., 16 */
    .tag_rule = "4, 6, ..., 16",
    .random_iv = 0,
    .tls_refused = 0,
    .setkey = ccm_setkey,
    .seal = ccm_seal,
    .open = ccm_open,
    .stream = NULL,
};

PROV_AEAD_IMPL(ccm, ccm_ops)
