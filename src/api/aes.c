/* SPDX-License-Identifier: MIT */
/*
 * Public entry points of the AES modes that pick a driver: check what can
 * be checked before a lookup, resolve the name (core/registry.c), then let
 * the instance set the context up (its template's or its kind's setup).
 * Everything after init is the mode layer's (src/modes/).
 */
#include "aes/cipher.h"

/* A context whose first check failed is left unusable (inst NULL), so a
 * later call on it returns RIJN_ERR_STATE. */
static int open_aes(const char *alg, const char *driver, void *ctx, const void **slot, const uint8_t *key,
                    size_t key_len)
{
    *slot = NULL;
    if (!rijn_aes_key_len_ok(key_len)) return RIJN_ERR_KEY_LEN;
    return rijn_open(alg, driver, ctx, slot, key, key_len);
}

int rijn_ecb_init(rijn_ecb_ctx *c, const char *driver, const uint8_t *key, size_t key_len)
{
    return c ? open_aes(rijn_ecb_template.alg, driver, c, &c->inst, key, key_len) : RIJN_ERR_NULL;
}

int rijn_cbc_init(rijn_cbc_ctx *c, const char *driver, const uint8_t *key, size_t key_len)
{
    return c ? open_aes(rijn_cbc_template.alg, driver, c, &c->inst, key, key_len) : RIJN_ERR_NULL;
}

int rijn_ctr_init(rijn_ctr_ctx *c, const char *driver, const uint8_t *key, size_t key_len, const uint8_t iv[16])
{
    if (!c) return RIJN_ERR_NULL;
    c->inst = NULL;
    if (!rijn_aes_key_len_ok(key_len)) return RIJN_ERR_KEY_LEN;
    if (!iv) return RIJN_ERR_NULL;
    int r = rijn_open(rijn_ctr_template.alg, driver, c, &c->inst, key, key_len);
    return r ? r : rijn_ctr_set_iv(c, iv);
}

/* XTS takes two AES keys, K1 || K2 (IEEE 1619 §5.1). */
int rijn_xts_init(rijn_xts_ctx *c, const char *driver, const uint8_t *key, size_t key_len)
{
    if (!c) return RIJN_ERR_NULL;
    c->inst = NULL;
    if (key_len != 32 && key_len != 48 && key_len != 64) return RIJN_ERR_KEY_LEN;
    return rijn_open(rijn_xts_template.alg, driver, c, &c->inst, key, key_len);
}

int rijn_gcm_init(rijn_gcm_key *k, const char *driver, const uint8_t *key, size_t key_len)
{
    return k ? open_aes(rijn_gcm_template.alg, driver, k, &k->inst, key, key_len) : RIJN_ERR_NULL;
}

int rijn_ccm_init(rijn_ccm_key *k, const char *driver, const uint8_t *key, size_t key_len)
{
    return k ? open_aes(rijn_ccm_template.alg, driver, k, &k->inst, key, key_len) : RIJN_ERR_NULL;
}

int rijn_cmac_init(rijn_cmac_key *k, const char *driver, const uint8_t *key, size_t key_len)
{
    return k ? open_aes(rijn_cmac_template.alg, driver, k, &k->inst, key, key_len) : RIJN_ERR_NULL;
}
