/* SPDX-License-Identifier: MIT */
/*
 * CMAC (SP 800-38B) as an EVP_MAC named "CMAC".
 *
 * OpenSSL's CMAC takes the block cipher as a parameter ("cipher", e.g.
 * "AES-128-CBC"); the key must have that cipher's length. rijn's CMAC is
 * AES only: any other cipher name is refused with an error, not passed to
 * a different implementation behind the caller's back.
 */
#include <string.h>
#include <strings.h>

#include "prov.h"

typedef struct cmac_pctx {
    rijn_cmac_key key;       /* first: 64-byte aligned */
    rijn_cmac_ctx st;
    PROV_CTX *pc;
    size_t cipher_keylen;    /* from the "cipher" parameter; 0 = not set */
    int key_set, started;
} CMAC_PCTX;

static void *cmac_new(void *provctx)
{
    CMAC_PCTX *c = prov_zalloc(sizeof *c);
    if (c) c->pc = provctx;
    return c;
}

static void cmac_free(void *vctx)
{
    prov_free(vctx, sizeof(CMAC_PCTX));
}

static void *cmac_dup(void *vctx)
{
    CMAC_PCTX *c = prov_zalloc(sizeof *c);
    if (!c) return NULL;
    memcpy(c, vctx, sizeof *c);
    if (c->st.key) c->st.key = &c->key;
    return c;
}

/* The "cipher" parameter: an AES block cipher by OpenSSL's name, any case:
 * AES[-]<bits>, optionally followed by -<the CBC or ECB family's name>
 * ("AES-128-CBC", "aes-256-ecb", "AES192", "AES-128"). The key length in
 * bytes, or 0. */
static size_t aes_cipher_keylen(const char *name)
{
    static const char *const bits[] = { "128", "192", "256" };
    if (strncasecmp(name, "AES", 3) != 0) return 0;
    name += 3;
    if (*name == '-') name++;
    for (size_t i = 0; i < sizeof bits / sizeof bits[0]; i++) {
        if (strncmp(name, bits[i], 3) != 0) continue;
        const char *mode = name + 3;
        size_t keylen = 16 + 8 * i;
        if (*mode == '\0') return keylen;
        if (*mode++ != '-') return 0;
        return strcasecmp(mode, prov_word(PF_CBC)) == 0 || strcasecmp(mode, prov_word(PF_ECB)) == 0 ? keylen : 0;
    }
    return 0;
}

static int cmac_setkey(CMAC_PCTX *c, const unsigned char *key, size_t keylen)
{
    if (c->cipher_keylen == 0) {
        prov_err(c->pc, PR_BAD_PARAM, "CMAC: set the cipher (e.g. AES-128-CBC) before the key");
        return 0;
    }
    if (keylen != c->cipher_keylen) {
        prov_err(c->pc, RIJN_ERR_KEY_LEN, "CMAC: key of %zu bytes for a cipher that takes %zu", keylen,
                 c->cipher_keylen);
        return 0;
    }
    c->key_set = c->started = 0;
    int r = rijn_cmac_init(&c->key, NULL, key, keylen);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "CMAC key setup");
    c->key_set = 1;
    return 1;
}

static int cmac_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    CMAC_PCTX *c = vctx;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_CIPHER))) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) goto bad;
        size_t kl = aes_cipher_keylen(name);
        if (kl == 0) {
            prov_err(c->pc, PR_CMAC_CIPHER, "cipher %s", name);
            return 0;
        }
        if (kl != c->cipher_keylen) c->key_set = c->started = 0;
        c->cipher_keylen = kl;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_MAC_PARAM_KEY))) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data) goto bad;
        if (!cmac_setkey(c, p->data, p->data_size)) return 0;
    }
    return 1;
bad:
    prov_err(c->pc, PR_BAD_PARAM, "CMAC: parameter %s", p->key);
    return 0;
}

static int cmac_init(void *vctx, const unsigned char *key, size_t keylen, const OSSL_PARAM params[])
{
    CMAC_PCTX *c = vctx;
    if (!cmac_set_ctx_params(c, params)) return 0;
    if (key && !cmac_setkey(c, key, keylen)) return 0;
    if (!c->key_set) {
        prov_err(c->pc, PR_NO_KEY, "CMAC");
        return 0;
    }
    int r = rijn_cmac_start(&c->st, &c->key);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "CMAC start");
    c->started = 1;
    return 1;
}

static int cmac_update(void *vctx, const unsigned char *in, size_t inl)
{
    CMAC_PCTX *c = vctx;
    if (!c->started) {
        prov_err(c->pc, PR_STATE, "CMAC: update before init");
        return 0;
    }
    int r = rijn_cmac_update(&c->st, in, inl);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "CMAC");
    prov_count(PF_CMAC, inl);
    return 1;
}

static int cmac_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    CMAC_PCTX *c = vctx;
    *outl = 0;
    if (!c->started) {
        prov_err(c->pc, PR_STATE, "CMAC: final before init");
        return 0;
    }
    if (outsize < 16) {
        prov_err(c->pc, PR_BUFFER, "CMAC needs 16 bytes of room");
        return 0;
    }
    c->started = 0;
    int r = rijn_cmac_final(&c->st, out, 16);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "CMAC");
    *outl = 16;
    return 1;
}

static int cmac_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    (void)vctx;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_SIZE)) && !OSSL_PARAM_set_size_t(p, 16)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_MAC_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, 16)) return 0;
    if ((p = OSSL_PARAM_locate(params, PROV_PARAM_DRIVER))) {
        const char *d = prov_driver(PF_CMAC);
        if (!d || !OSSL_PARAM_set_utf8_ptr(p, d)) return 0;
    }
    return 1;
}

static const OSSL_PARAM cmac_gettable[] = {
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_SIZE, NULL),
    OSSL_PARAM_size_t(OSSL_MAC_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_DRIVER, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM cmac_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_MAC_PARAM_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *cmac_gettable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return cmac_gettable;
}

static const OSSL_PARAM *cmac_settable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return cmac_settable;
}

static const OSSL_DISPATCH cmac_disp[] = {
    { OSSL_FUNC_MAC_NEWCTX, (void (*)(void))cmac_new },
    { OSSL_FUNC_MAC_DUPCTX, (void (*)(void))cmac_dup },
    { OSSL_FUNC_MAC_FREECTX, (void (*)(void))cmac_free },
    { OSSL_FUNC_MAC_INIT, (void (*)(void))cmac_init },
    { OSSL_FUNC_MAC_UPDATE, (void (*)(void))cmac_update },
    { OSSL_FUNC_MAC_FINAL, (void (*)(void))cmac_final },
    { OSSL_FUNC_MAC_GETTABLE_CTX_PARAMS, (void (*)(void))cmac_gettable_ctx },
    { OSSL_FUNC_MAC_GET_CTX_PARAMS, (void (*)(void))cmac_get_ctx_params },
    { OSSL_FUNC_MAC_SETTABLE_CTX_PARAMS, (void (*)(void))cmac_settable_ctx },
    { OSSL_FUNC_MAC_SET_CTX_PARAMS, (void (*)(void))cmac_set_ctx_params },
    { 0, NULL }
};

const struct prov_family_desc rijn_prov_cmac = {
    OSSL_OP_MAC, 1, { 0 }, { cmac_disp }
};
