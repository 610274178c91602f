/* SPDX-License-Identifier: MIT */
/*
 * AES-GCM (SP 800-38D) for the AEAD front end (prov_aead.c): streamed, IVs
 * of 1..128 bytes (12 by default), tags of 4..16 bytes (SP 800-38D
 * §5.2.1.2 allows 32 bits and up; OpenSSL's default provider takes 1..16),
 * a random 96-bit IV for an encryption given none (§8.2.2), and the TLS
 * 1.2 record path (RFC 5288).
 */
#include <openssl/evp.h>

#include "prov.h"

typedef struct gcm_state {
    rijn_gcm_ctx st;         /* the message under way (first: the calls on it
                              * need no offset) */
    _Alignas(64) rijn_gcm_key key;
} GCM_STATE;

static int gcm_setkey(void *s, const uint8_t *key, size_t keylen)
{
    return rijn_gcm_init(&((GCM_STATE *)s)->key, NULL, key, keylen);
}

static int gcm_seal(const void *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                    const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t taglen)
{
    return rijn_gcm_seal(&((const GCM_STATE *)s)->key, iv, ivlen, aad, aadlen, in, len, out, tag, taglen);
}

static int gcm_open(const void *s, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                    const uint8_t *in, size_t len, const uint8_t *tag, size_t taglen, uint8_t *out)
{
    return rijn_gcm_open(&((const GCM_STATE *)s)->key, iv, ivlen, aad, aadlen, in, len, tag, taglen, out);
}

static int gcm_start(void *s, const uint8_t *iv, size_t ivlen, int enc)
{
    GCM_STATE *g = s;
    return rijn_gcm_start(&g->st, &g->key, iv, ivlen, enc);
}

static int gcm_aad(void *s, const uint8_t *aad, size_t n)
{
    return rijn_gcm_aad(&((GCM_STATE *)s)->st, aad, n);
}

static int gcm_update(void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    return rijn_gcm_update(&((GCM_STATE *)s)->st, out, in, n);
}

static int gcm_finish(void *s, uint8_t *tag, size_t taglen)
{
    return rijn_gcm_finish(&((GCM_STATE *)s)->st, tag, taglen);
}

static int gcm_verify(void *s, const uint8_t *tag, size_t taglen)
{
    return rijn_gcm_verify(&((GCM_STATE *)s)->st, tag, taglen);
}

static void gcm_end(void *s)
{
    rijn_gcm_ctx_clear(&((GCM_STATE *)s)->st);
}

static void gcm_moved(void *s)
{
    GCM_STATE *g = s;
    if (g->st.key) g->st.key = &g->key; /* the stream state points at its key */
}

static const struct prov_aead_stream gcm_stream = {
    gcm_start, gcm_aad, gcm_update, gcm_finish, gcm_verify, gcm_end, gcm_moved,
};

static const struct prov_aead_ops gcm_ops = {
    .family = PF_GCM,
    .evp_mode = EVP_CIPH_GCM_MODE,
    .state_size = sizeof(GCM_STATE),
    .iv_default = 12,
    .iv_min = 1,
    .iv_max = PROV_AEAD_IV_MAX,
    .tag_default = 16,
    .tag_lengths = 0x1fff0, /* 4..16 */
    .tag_rule = "4..16",
    .random_iv = 1,
    .tls_refused = 0,
    .setkey = gcm_setkey,
    .seal = gcm_seal,
    .open = gcm_open,
    .stream = &gcm_stream,
};

PROV_AEAD_IMPL(gcm, gcm_ops)
