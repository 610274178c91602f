/* SPDX-License-Identifier: MIT */
/*
 * X25519 (RFC 7748) for OpenSSL: a key manager (OSSL_OP_KEYMGMT) and a key
 * exchange (OSSL_OP_KEYEXCH), both named "X25519", on librijn's x25519.
 *
 * What OpenSSL 3.0 asks of them, and why each function is here:
 *   - libssl (TLS 1.3 and 1.2 key shares): keygen with the group name
 *     "x25519" (gen_set_params), our public key as the key share
 *     (get_params, ENCODED_PUBLIC_KEY), the peer's share put into a blank
 *     key made by paramgen (set_params, ENCODED_PUBLIC_KEY), then derive;
 *     EVP_PKEY_derive_set_peer checks the peer first (validate).
 *   - keys read from PEM/DER files (`pkeyutl -inkey`): rijn has no
 *     decoders, so the default provider decodes them and libcrypto moves
 *     the key into this key manager with export/import; a public key
 *     alone, or a private key alone (the public part is then computed).
 *   - keys written to files (`genpkey` through rijn): the default
 *     provider's encoders take them from us through export.
 *   - EVP_PKEY_eq (match), EVP_PKEY_dup (dup), the key's size and security
 *     (get_params, which libcrypto caches when the key is made).
 * And libssl's list of groups: OpenSSL 3.0 offers a TLS group only if the
 * key manager that a fetch of its algorithm returns belongs to the provider
 * that announced the group (ssl/t1_lib.c, add_provider_groups). With rijn
 * preferred, "X25519" fetches rijn's, so the default provider's x25519
 * group is dropped and rijn must announce it (prov_x25519_tls_group, the
 * TLS-GROUP capability), with the default provider's values.
 * There is no `load`: OpenSSL calls it only with a reference made by a
 * decoder of the same provider, and rijn has no decoders.
 *
 * A key holds its 32-byte private scalar as given (rijn_x25519 clamps it
 * when used, as RFC 7748 says and as the default provider stores it), so
 * a key moves between the providers unchanged in both directions.
 *
 * The exchange context copies the two keys' bytes instead of holding
 * references: a context may outlive the EVP_PKEYs it was given, and
 * librijn's keys have no reference count. The copies are wiped with the
 * context.
 */
#include <string.h>
#include <strings.h>

#include <openssl/crypto.h>
#include <openssl/prov_ssl.h>

#include "prov.h"
#include "rijn/x25519.h"

_Atomic uint64_t rijn_prov_x25519_derives;

#define KEYLEN RIJN_X25519_LEN

struct x25519_key {
    const PROV_CTX *prov;
    uint8_t priv[KEYLEN]; /* as imported or generated, unclamped */
    uint8_t pub[KEYLEN];
    int has_priv, has_pub;
};

/* ------------------------------------------------------------- keys -- */
static void *x25519_new(void *provctx)
{
    struct x25519_key *k = prov_zalloc(sizeof *k);
    if (!k) {
        prov_err(provctx, PR_NO_MEMORY, "X25519 key");
        return NULL;
    }
    k->prov = provctx;
    return k;
}

static void x25519_free(void *vkey)
{
    prov_free(vkey, sizeof(struct x25519_key));
}

static int x25519_has(const void *vkey, int selection)
{
    const struct x25519_key *k = vkey;
    if (!k) return 0;
    /* X25519 has no domain parameters: asking for them is always met. */
    int ok = 1;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->has_priv;
    return ok;
}

static int x25519_match(const void *va, const void *vb, int selection)
{
    const struct x25519_key *a = va, *b = vb;
    if (!a || !b) return 0;
    if (!(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return 1; /* same (absent) parameters */
    /* As the default provider: the public keys decide when both have one,
     * else the private keys; a key with neither part matches nothing. */
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, KEYLEN) == 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, KEYLEN) == 0;
    return 0;
}

/* One 32-byte octet-string parameter into buf; 1 if present and good, 0 if
 * absent, -1 (error raised) if present but not 32 bytes of octets. */
static int get32(const struct x25519_key *k, const OSSL_PARAM params[], const char *name, uint8_t buf[KEYLEN])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, name);
    if (!p) return 0;
    size_t got = 0;
    void *dst = buf;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != KEYLEN ||
        !OSSL_PARAM_get_octet_string(p, &dst, KEYLEN, &got) || got != KEYLEN) {
        prov_err(k->prov, PR_BAD_PARAM, "X25519: %s must be an octet string of %d bytes (got %zu bytes)", name,
                 KEYLEN, p->data_size);
        return -1;
    }
    return 1;
}

static int x25519_import(void *vkey, int selection, const OSSL_PARAM params[])
{
    struct x25519_key *k = vkey;
    if (!k) return 0;
    if (!(selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return 1; /* parameters only: X25519 has none */
    uint8_t priv[KEYLEN], pub[KEYLEN];
    int ok = 0, hp = 0, hs = 0;
    /* The public key is taken with either selection, as the default
     * provider does: a private-key import carries its public key along. */
    if ((hp = get32(k, params, OSSL_PKEY_PARAM_PUB_KEY, pub)) < 0) goto out;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) &&
        (hs = get32(k, params, OSSL_PKEY_PARAM_PRIV_KEY, priv)) < 0)
        goto out;
    if (!hp && !hs) {
        prov_err(k->prov, PR_BAD_PARAM, "X25519: no %s%s to import", OSSL_PKEY_PARAM_PUB_KEY,
                 selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY ? " or " OSSL_PKEY_PARAM_PRIV_KEY : "");
        goto out;
    }
    if (hs && !hp) {
        int r = rijn_x25519_base(NULL, pub, priv);
        if (r != RIJN_OK) {
            prov_rijn_fail(k->prov, r, "X25519 public key from the private key");
            goto out;
        }
    }
    memcpy(k->pub, pub, KEYLEN);
    k->has_pub = 1;
    if (hs) memcpy(k->priv, priv, KEYLEN);
    else rijn_wipe(k->priv, KEYLEN);
    k->has_priv = hs;
    ok = 1;
out:
    rijn_wipe(priv, sizeof priv);
    return ok;
}

static int x25519_export(void *vkey, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    struct x25519_key *k = vkey;
    if (!k) return 0;
    OSSL_PARAM out[3];
    size_t n = 0;
    /* The public key goes with either selection (an encoder of a private
     * key writes the public key too), the private key only when asked. */
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) && k->has_pub)
        out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, KEYLEN);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv)
        out[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, KEYLEN);
    out[n] = OSSL_PARAM_construct_end();
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) && n == 0) {
        prov_err(k->prov, PR_NO_KEY, "X25519: the key has none of the parts asked for");
        return 0;
    }
    return cb(out, cbarg);
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *x25519_imexport_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ? key_types : NULL;
}

static int x25519_get_params(void *vkey, OSSL_PARAM params[])
{
    struct x25519_key *k = vkey;
    OSSL_PARAM *p;
    if (!k) return 0;
    /* 253: the bit length of the group order; 128: its security level;
     * 32: a shared secret's size. OpenSSL reports the same. */
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) && !OSSL_PARAM_set_int(p, 253)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) && !OSSL_PARAM_set_int(p, 128)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) && !OSSL_PARAM_set_int(p, KEYLEN)) return 0;
    /* A part the key lacks is left unset (not modified), as the default
     * provider does, so that a caller asking for everything still gets
     * what there is; EVP's getters report the missing part. */
    if (k->has_pub) {
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) &&
            !OSSL_PARAM_set_octet_string(p, k->pub, KEYLEN))
            return 0;
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) && !OSSL_PARAM_set_octet_string(p, k->pub, KEYLEN))
            return 0;
    }
    if (k->has_priv && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) &&
        !OSSL_PARAM_set_octet_string(p, k->priv, KEYLEN))
        return 0;
    return 1;
}

static const OSSL_PARAM gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *x25519_gettable_params(void *provctx)
{
    (void)provctx;
    return gettable;
}

/* libssl puts the peer's key share into a blank key this way. The key
 * becomes that public key alone: a private part left from before would
 * not belong to it. */
static int x25519_set_params(void *vkey, const OSSL_PARAM params[])
{
    struct x25519_key *k = vkey;
    if (!k) return 0;
    uint8_t pub[KEYLEN];
    int r = get32(k, params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, pub);
    if (r < 0) return 0;
    if (r > 0) {
        memcpy(k->pub, pub, KEYLEN);
        k->has_pub = 1;
        rijn_wipe(k->priv, KEYLEN);
        k->has_priv = 0;
    }
    /* OSSL_PKEY_PARAM_PROPERTIES (a property query for what the key would
     * fetch) is accepted and has no use: rijn fetches nothing. */
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES);
    if (p && p->data_type != OSSL_PARAM_UTF8_STRING) {
        prov_err(k->prov, PR_BAD_PARAM, "X25519: %s must be a UTF-8 string", OSSL_PKEY_PARAM_PROPERTIES);
        return 0;
    }
    return 1;
}

static const OSSL_PARAM settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *x25519_settable_params(void *provctx)
{
    (void)provctx;
    return settable;
}

static int x25519_validate(const void *vkey, int selection, int checktype)
{
    const struct x25519_key *k = vkey;
    (void)checktype;
    if (!k) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && !k->has_pub) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && !k->has_priv) return 0;
    /* Every 32-byte string is a valid X25519 public key (RFC 7748), so a
     * public key alone has nothing more to check; a small-order one is
     * caught when the exchange yields zero. A pair must belong together. */
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR) return 1;
    uint8_t pub[KEYLEN];
    int r = rijn_x25519_base(NULL, pub, k->priv);
    int ok = r == RIJN_OK && CRYPTO_memcmp(pub, k->pub, KEYLEN) == 0;
    if (r != RIJN_OK) prov_rijn_fail(k->prov, r, "X25519 key check");
    return ok;
}

static void *x25519_dup(const void *vfrom, int selection)
{
    const struct x25519_key *from = vfrom;
    if (!from) return NULL;
    struct x25519_key *k = x25519_new((void *)from->prov);
    if (!k) return NULL;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && from->has_pub) {
        memcpy(k->pub, from->pub, KEYLEN);
        k->has_pub = 1;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && from->has_priv) {
        memcpy(k->priv, from->priv, KEYLEN);
        k->has_priv = 1;
    }
    return k;
}

/* -------------------------------------------------------- generation -- */
struct x25519_gen {
    const PROV_CTX *prov;
    int selection;
};

static int x25519_gen_set_params(void *vgen, const OSSL_PARAM params[])
{
    struct x25519_gen *g = vgen;
    if (!g) return 0;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    /* libssl names the group when it makes a key share; X25519 is one
     * group, so only its own name can be right. */
    if (p && (p->data_type != OSSL_PARAM_UTF8_STRING || !p->data || strcasecmp(p->data, "x25519") != 0)) {
        prov_err(g->prov, PR_BAD_PARAM, "X25519: the group can only be \"x25519\"");
        return 0;
    }
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PROPERTIES);
    if (p && p->data_type != OSSL_PARAM_UTF8_STRING) {
        prov_err(g->prov, PR_BAD_PARAM, "X25519: %s must be a UTF-8 string", OSSL_PKEY_PARAM_PROPERTIES);
        return 0;
    }
#ifdef OSSL_PKEY_PARAM_DHKEM_IKM
    /* Newer OpenSSL derives a key from input keying material (RFC 9180).
     * Ignoring it would hand back a random key where a deterministic one
     * was asked for, so it is refused. */
    p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_DHKEM_IKM);
    if (p && p->data_size != 0) {
        prov_err(g->prov, PR_BAD_PARAM, "X25519: %s (DHKEM key derivation) is not supported by rijn",
                 OSSL_PKEY_PARAM_DHKEM_IKM);
        return 0;
    }
#endif
    return 1;
}

static const OSSL_PARAM gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *x25519_gen_settable_params(void *vgen, void *provctx)
{
    (void)vgen, (void)provctx;
    return gen_settable;
}

static void x25519_gen_cleanup(void *vgen)
{
    prov_free(vgen, sizeof(struct x25519_gen));
}

static void *x25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    struct x25519_gen *g = prov_zalloc(sizeof *g);
    if (!g) {
        prov_err(provctx, PR_NO_MEMORY, "X25519 key generation");
        return NULL;
    }
    g->prov = provctx;
    g->selection = selection;
    if (!x25519_gen_set_params(g, params)) {
        x25519_gen_cleanup(g);
        return NULL;
    }
    return g;
}

static void *x25519_gen_run(void *vgen, OSSL_CALLBACK *cb, void *cbarg)
{
    struct x25519_gen *g = vgen;
    (void)cb, (void)cbarg; /* one step, nothing to report */
    if (!g) return NULL;
    struct x25519_key *k = x25519_new((void *)g->prov);
    if (!k) return NULL;
    /* Parameter generation (libssl's blank key for a peer's share): X25519
     * has no parameters, the key stays empty. */
    if (!(g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR)) return k;
    int r = rijn_x25519_keygen(NULL, k->priv, k->pub);
    if (r != RIJN_OK) {
        prov_rijn_fail(g->prov, r, "X25519 key generation");
        x25519_free(k);
        return NULL;
    }
    k->has_priv = k->has_pub = 1;
    return k;
}

const OSSL_DISPATCH rijn_prov_x25519_keymgmt[] = {
    { OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))x25519_new },
    { OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))x25519_free },
    { OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))x25519_has },
    { OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))x25519_match },
    { OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))x25519_validate },
    { OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))x25519_import },
    { OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))x25519_imexport_types },
    { OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))x25519_export },
    { OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))x25519_imexport_types },
    { OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))x25519_get_params },
    { OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))x25519_gettable_params },
    { OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))x25519_set_params },
    { OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))x25519_settable_params },
    { OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))x25519_gen_init },
    { OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))x25519_gen_set_params },
    { OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))x25519_gen_settable_params },
    { OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))x25519_gen_run },
    { OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))x25519_gen_cleanup },
    { OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))x25519_dup },
    { 0, NULL }
};

/* ---------------------------------------------------------- exchange -- */
struct x25519_exch {
    const PROV_CTX *prov;
    uint8_t priv[KEYLEN];
    uint8_t peer[KEYLEN];
    int has_priv, has_peer;
};

static void *exch_new(void *provctx)
{
    struct x25519_exch *c = prov_zalloc(sizeof *c);
    if (!c) prov_err(provctx, PR_NO_MEMORY, "X25519 exchange");
    else c->prov = provctx;
    return c;
}

static void exch_free(void *vctx)
{
    prov_free(vctx, sizeof(struct x25519_exch));
}

static void *exch_dup(void *vctx)
{
    const struct x25519_exch *from = vctx;
    if (!from) return NULL;
    struct x25519_exch *c = exch_new((void *)from->prov);
    if (c) memcpy(c, from, sizeof *c);
    return c;
}

static int exch_set_params(void *vctx, const OSSL_PARAM params[])
{
    /* X25519 has no options (no KDF, no padding): any parameter is one
     * this exchange does not know, and unknown ones are ignored, as
     * OpenSSL's convention for set_ctx_params is. */
    (void)params;
    return vctx != NULL;
}

static const OSSL_PARAM exch_settable[] = { OSSL_PARAM_END };

static const OSSL_PARAM *exch_settable_params(void *vctx, void *provctx)
{
    (void)vctx, (void)provctx;
    return exch_settable;
}

static int exch_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    struct x25519_exch *c = vctx;
    const struct x25519_key *k = vkey;
    if (!c || !k) return 0;
    if (!k->has_priv) {
        prov_err(c->prov, PR_NO_KEY, "X25519: the key has no private part to derive with");
        return 0;
    }
    memcpy(c->priv, k->priv, KEYLEN);
    c->has_priv = 1;
    return exch_set_params(c, params);
}

static int exch_set_peer(void *vctx, void *vkey)
{
    struct x25519_exch *c = vctx;
    const struct x25519_key *k = vkey;
    if (!c || !k) return 0;
    if (!k->has_pub) {
        prov_err(c->prov, PR_NO_KEY, "X25519: the peer key has no public part");
        return 0;
    }
    memcpy(c->peer, k->pub, KEYLEN);
    c->has_peer = 1;
    return 1;
}

static int exch_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    struct x25519_exch *c = vctx;
    if (!c || !secretlen) return 0;
    if (!c->has_priv || !c->has_peer) {
        prov_err(c->prov, PR_STATE, "X25519: derive needs %s", c->has_priv ? "a peer key" : "a private key");
        return 0;
    }
    if (!secret) { /* the caller asks how much room to make */
        *secretlen = KEYLEN;
        return 1;
    }
    if (outlen < KEYLEN) {
        prov_err(c->prov, PR_BUFFER, "X25519: the shared secret is %d bytes, the buffer %zu", KEYLEN, outlen);
        return 0;
    }
    int r = rijn_x25519(NULL, secret, c->priv, c->peer);
    if (r != RIJN_OK) {
        /* RIJN_ERR_ZERO_RESULT: the peer's key has small order and the
         * "secret" is zero whatever our key is; the default provider
         * fails then too. Nothing of it is left for the caller to use. */
        rijn_wipe(secret, KEYLEN);
        return prov_rijn_fail(c->prov, r, "X25519 key exchange");
    }
    *secretlen = KEYLEN;
    atomic_fetch_add_explicit(&rijn_prov_x25519_derives, 1, memory_order_relaxed);
    return 1;
}

const OSSL_DISPATCH rijn_prov_x25519_keyexch[] = {
    { OSSL_FUNC_KEYEXCH_NEWCTX, (void (*)(void))exch_new },
    { OSSL_FUNC_KEYEXCH_INIT, (void (*)(void))exch_init },
    { OSSL_FUNC_KEYEXCH_SET_PEER, (void (*)(void))exch_set_peer },
    { OSSL_FUNC_KEYEXCH_DERIVE, (void (*)(void))exch_derive },
    { OSSL_FUNC_KEYEXCH_FREECTX, (void (*)(void))exch_free },
    { OSSL_FUNC_KEYEXCH_DUPCTX, (void (*)(void))exch_dup },
    { OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, (void (*)(void))exch_set_params },
    { OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS, (void (*)(void))exch_settable_params },
    { 0, NULL }
};

/* ------------------------------------------------------ the TLS group -- */
/* RFC 8446 4.2.7: x25519 is group 0x001D. From TLS 1.0 and DTLS 1.0 on (as
 * an ECDHE curve, RFC 8422), no upper limit (0). */
static unsigned int group_id = 0x001D, group_secbits = 128;
static int group_mintls = TLS1_VERSION, group_maxtls = 0, group_mindtls = DTLS1_VERSION, group_maxdtls = 0;
static const OSSL_PARAM tls_group[] = {
    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, "x25519", sizeof "x25519"),
    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, "X25519", sizeof "X25519"),
    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, "X25519", sizeof "X25519"),
    OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &group_id),
    OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &group_secbits),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &group_mintls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &group_maxtls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &group_mindtls),
    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &group_maxdtls),
    OSSL_PARAM_END
};

int prov_x25519_tls_group(OSSL_CALLBACK *cb, void *arg)
{
    return cb(tls_group, arg);
}
