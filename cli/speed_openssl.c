/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: OpenSSL as a peer (--vs openssl), through libcrypto.so.3
 * loaded with dlopen, so that rijn does not link it: EVP ciphers by name
 * ("aes-128-" and the adapter's mode) for RS_CIPHER and RS_AEAD, EVP_MAC
 * for RS_MAC, and EVP_PKEY X25519 for the x25519 kind's operations.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

#define SONAME "libcrypto.so.3"

static struct {
    void *h;
    void *(*ctx_new)(void);
    void (*ctx_free)(void *);
    const void *(*cipher_byname)(const char *);
    int (*enc_init)(void *, const void *, void *, const uint8_t *, const uint8_t *);
    int (*enc_update)(void *, uint8_t *, int *, const uint8_t *, int);
    int (*enc_final)(void *, uint8_t *, int *);
    int (*dec_init)(void *, const void *, void *, const uint8_t *, const uint8_t *);
    int (*dec_update)(void *, uint8_t *, int *, const uint8_t *, int);
    int (*dec_final)(void *, uint8_t *, int *);
    int (*ctrl)(void *, int, int, void *);
    int (*set_padding)(void *, int);
    void *(*mac_fetch)(void *, const char *, const char *);
    void *(*mac_ctx_new)(void *);
    int (*mac_init)(void *, const uint8_t *, size_t, const void *);
    int (*mac_update)(void *, const uint8_t *, size_t);
    int (*mac_final)(void *, uint8_t *, size_t *, size_t);
    void (*mac_ctx_free)(void *);
    const char *(*version)(int);
    unsigned long (*version_num)(void);
    void *(*pkey_new_priv)(int, void *, const uint8_t *, size_t);
    void *(*pkey_new_pub)(int, void *, const uint8_t *, size_t);
    int (*pkey_get_pub)(const void *, uint8_t *, size_t *);
    void (*pkey_free)(void *);
    void *(*pkey_ctx_new)(void *, void *);
    void (*pkey_ctx_free)(void *);
    int (*derive_init)(void *);
    int (*derive_set_peer)(void *, void *);
    int (*derive)(void *, uint8_t *, size_t *);
} O;

/* Copied from OpenSSL 3.0's headers, which rijn does not include (a cross
 * build has none): OSSL_PARAM and OSSL_PARAM_UTF8_STRING from
 * openssl/core.h, the AEAD controls from openssl/evp.h. */
typedef struct { const char *key; unsigned data_type; void *data; size_t data_size, return_size; } ossl_param;
#define OSSL_PARAM_UTF8_STRING 4
#define EVP_CTRL_AEAD_SET_IVLEN 0x9
#define EVP_CTRL_AEAD_GET_TAG 0x10
#define EVP_CTRL_AEAD_SET_TAG 0x11
/* OpenSSL_version()'s argument for the bare version, "3.0.19"
 * (openssl/crypto.h). */
#define OPENSSL_VERSION_STRING 6
/* EVP_PKEY_X25519, which is NID_X25519 (openssl/obj_mac.h). */
#define EVP_PKEY_X25519 1034

/* The MACs: EVP_MAC's name, and the mode of the cipher it is given. */
static const struct { const char *mode, *mac, *cipher_mode; } macs[] = { { "cmac", "CMAC", "cbc" } };

static int load(void)
{
    O.h = dlopen(SONAME, RTLD_NOW);
    if (!O.h) return -1;
#define SYM(f, n) *(void **)&O.f = dlsym(O.h, n); if (!O.f) return -1
    SYM(ctx_new, "EVP_CIPHER_CTX_new");
    SYM(ctx_free, "EVP_CIPHER_CTX_free");
    SYM(cipher_byname, "EVP_get_cipherbyname");
    SYM(enc_init, "EVP_EncryptInit_ex");
    SYM(enc_update, "EVP_EncryptUpdate");
    SYM(enc_final, "EVP_EncryptFinal_ex");
    SYM(dec_init, "EVP_DecryptInit_ex");
    SYM(dec_update, "EVP_DecryptUpdate");
    SYM(dec_final, "EVP_DecryptFinal_ex");
    SYM(ctrl, "EVP_CIPHER_CTX_ctrl");
    SYM(set_padding, "EVP_CIPHER_CTX_set_padding");
    SYM(mac_fetch, "EVP_MAC_fetch");
    SYM(mac_ctx_new, "EVP_MAC_CTX_new");
    SYM(mac_init, "EVP_MAC_init");
    SYM(mac_update, "EVP_MAC_update");
    SYM(mac_final, "EVP_MAC_final");
    SYM(mac_ctx_free, "EVP_MAC_CTX_free");
    SYM(version, "OpenSSL_version");
    SYM(version_num, "OpenSSL_version_num");
    SYM(pkey_new_priv, "EVP_PKEY_new_raw_private_key");
    SYM(pkey_new_pub, "EVP_PKEY_new_raw_public_key");
    SYM(pkey_get_pub, "EVP_PKEY_get_raw_public_key");
    SYM(pkey_free, "EVP_PKEY_free");
    SYM(pkey_ctx_new, "EVP_PKEY_CTX_new");
    SYM(pkey_ctx_free, "EVP_PKEY_CTX_free");
    SYM(derive_init, "EVP_PKEY_derive_init");
    SYM(derive_set_peer, "EVP_PKEY_derive_set_peer");
    SYM(derive, "EVP_PKEY_derive");
#undef SYM
    return 0;
}

/* The version of the libcrypto loaded (not of headers: rijn includes
 * none). OpenSSL 3's OpenSSL_version(OPENSSL_VERSION_STRING) is the bare
 * version; where it says nothing, OpenSSL_version_num() is 0xMNN00PP0L
 * (major, minor, patch: openssl/opensslv.h). */
static const char *version(void)
{
    static char b[32];
    const char *v = O.version(OPENSSL_VERSION_STRING);
    if (v && *v && strcmp(v, "not available") != 0) return v;
    unsigned long n = O.version_num();
    snprintf(b, sizeof b, "%lu.%lu.%lu", n >> 28, (n >> 20) & 0xff, (n >> 4) & 0xff);
    return b;
}

struct ossl_job {
    struct speed_msg *m;
    void *ctx, *mctx;
    int has_iv, aead;
    int ccm;    /* EVP's CCM: the tag before the data, the length first, no final */
};

static void op_mac(void *p)
{
    struct ossl_job *j = p;
    struct speed_msg *m = j->m;
    size_t tl;
    O.mac_init(j->mctx, NULL, 0, NULL);
    O.mac_update(j->mctx, m->in, m->size);
    O.mac_final(j->mctx, m->tag, &tl, m->tag_len);
}

static void op_enc(void *p)
{
    struct ossl_job *j = p;
    struct speed_msg *m = j->m;
    int l, n = (int)m->size, tl = (int)m->tag_len;
    O.enc_init(j->ctx, NULL, NULL, NULL, j->has_iv ? m->iv : NULL);
    if (j->ccm) O.enc_update(j->ctx, NULL, &l, NULL, n);
    if (j->aead) O.enc_update(j->ctx, NULL, &l, m->aad, SPEED_AAD);
    O.enc_update(j->ctx, m->out, &l, m->in, n);
    O.enc_final(j->ctx, m->out + l, &l);
    if (j->aead) O.ctrl(j->ctx, EVP_CTRL_AEAD_GET_TAG, tl, m->tag);
}

static void op_dec(void *p)
{
    struct ossl_job *j = p;
    struct speed_msg *m = j->m;
    int l, n = (int)m->size, tl = (int)m->tag_len;
    O.dec_init(j->ctx, NULL, NULL, NULL, j->has_iv ? m->iv : NULL);
    if (j->ccm) {
        O.ctrl(j->ctx, EVP_CTRL_AEAD_SET_TAG, tl, m->tag);
        O.dec_update(j->ctx, NULL, &l, NULL, n);
    }
    if (j->aead) O.dec_update(j->ctx, NULL, &l, m->aad, SPEED_AAD);
    O.dec_update(j->ctx, m->out, &l, m->in, n);
    if (j->aead && !j->ccm) O.ctrl(j->ctx, EVP_CTRL_AEAD_SET_TAG, tl, m->tag);
    if (!j->ccm) O.dec_final(j->ctx, m->out + l, &l);
}

static void done(struct speed_run *run)
{
    struct ossl_job *j = run->st;
    if (j->ctx) O.ctx_free(j->ctx);
    if (j->mctx) O.mac_ctx_free(j->mctx);
    free(j);
}

static int setup_mac(struct ossl_job *j)
{
    struct speed_msg *m = j->m;
    for (size_t i = 0; i < sizeof macs / sizeof macs[0]; i++) {
        if (strcmp(macs[i].mode, m->a->mode) != 0) continue;
        char name[32];
        snprintf(name, sizeof name, "aes-%d-%s", m->key_bits, macs[i].cipher_mode);
        void *mac = O.mac_fetch(NULL, macs[i].mac, NULL);
        if (!mac) return -1;
        j->mctx = O.mac_ctx_new(mac);
        ossl_param p[2] = { { "cipher", OSSL_PARAM_UTF8_STRING, name, strlen(name), 0 }, { NULL, 0, NULL, 0, 0 } };
        return j->mctx && O.mac_init(j->mctx, m->key, (size_t)m->key_bits / 8, p) == 1 ? 0 : -1;
    }
    return -1;
}

static int setup_cipher(struct ossl_job *j)
{
    struct speed_msg *m = j->m;
    const struct rs_alg *a = m->a;
    char name[32];
    /* No AES-192-XTS in OpenSSL: the name finds no cipher. */
    snprintf(name, sizeof name, "aes-%d-%s", m->key_bits, a->mode);
    const void *cipher = O.cipher_byname(name);
    j->ctx = O.ctx_new();
    if (!cipher || !j->ctx) return -1;
    j->has_iv = a->iv_len != 0;
    j->aead = a->shape == RS_AEAD;
    j->ccm = strcmp(a->mode, "ccm") == 0;
    int ok = m->dec ? O.dec_init(j->ctx, cipher, NULL, NULL, NULL) : O.enc_init(j->ctx, cipher, NULL, NULL, NULL);
    if (j->aead) ok &= O.ctrl(j->ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)a->iv_len, NULL);
    if (j->ccm) ok &= O.ctrl(j->ctx, EVP_CTRL_AEAD_SET_TAG, (int)m->tag_len, NULL);
    ok &= m->dec ? O.dec_init(j->ctx, NULL, NULL, m->key, NULL) : O.enc_init(j->ctx, NULL, NULL, m->key, NULL);
    /* The block-multiple modes (ECB, CBC) without EVP's padding. */
    if (a->shape == RS_CIPHER && a->block > 1) O.set_padding(j->ctx, 0);
    return ok == 1 ? 0 : -1;
}

/* A valid ciphertext and tag from OpenSSL for its own decryption runs:
 * out (zeros) sealed into in and tag. */
static void prepare_dec(struct speed_msg *m)
{
    struct speed_msg e = *m;
    e.dec = 0;
    e.in = m->out;
    e.out = m->in;
    struct ossl_job j = { .m = &e };
    if (setup_cipher(&j) == 0) {
        op_enc(&j);
        memcpy(m->tag, e.tag, sizeof e.tag);
    }
    if (j.ctx) O.ctx_free(j.ctx);
}

static int setup(struct speed_msg *m, struct speed_run *run)
{
    struct ossl_job *j = calloc(1, sizeof *j);
    if (!j) return -1;
    j->m = m;
    run->st = j;
    if (m->a->shape == RS_MAC ? setup_mac(j) : setup_cipher(j)) {
        done(run);
        return -1;
    }
    run->op = m->a->shape == RS_MAC ? op_mac : m->dec ? op_dec : op_enc;
    if (m->dec && j->aead) prepare_dec(m);
    return 0;
}

/* ------------------------------------------------------------ x25519 -- */

/* X25519 through EVP_PKEY, on the scalars and points of rijn's job
 * (support/adapt_prim.h), RS_X25519_OPS operations per call:
 *   derive, batch  EVP_PKEY_derive, on contexts that hold the private key
 *                  and the peer's public key already, as `openssl speed
 *                  ecdhx25519` times it (OpenSSL has no batch call: its
 *                  batch is the same derivations one by one);
 *   base           EVP_PKEY_new_raw_private_key, which computes the public
 *                  key, its read-out and EVP_PKEY_free: OpenSSL's one way
 *                  from a private scalar to its public key. */
struct ossl_x25519 {
    void *ctx[RS_X25519_OPS];
    const uint8_t *scalars;
    uint8_t out[RS_X25519_OPS][32];
};

static void op_x25519_derive(void *p)
{
    struct ossl_x25519 *x = p;
    for (size_t i = 0; i < RS_X25519_OPS; i++) {
        size_t n = 32;
        O.derive(x->ctx[i], x->out[i], &n);
    }
}

static void op_x25519_base(void *p)
{
    struct ossl_x25519 *x = p;
    for (size_t i = 0; i < RS_X25519_OPS; i++) {
        size_t n = 32;
        void *k = O.pkey_new_priv(EVP_PKEY_X25519, NULL, x->scalars + 32 * i, 32);
        O.pkey_get_pub(k, x->out[i], &n);
        O.pkey_free(k);
    }
}

static void prim_done(struct speed_run *run)
{
    struct ossl_x25519 *x = run->st;
    for (size_t i = 0; i < RS_X25519_OPS; i++)
        if (x->ctx[i]) O.pkey_ctx_free(x->ctx[i]);
    free(x);
}

static int prim_setup(const struct rs_prim *p, const struct rs_prim_op *op, const rs_prim_job *j,
                      struct speed_run *run)
{
    const int derive = strcmp(op->op, "derive") == 0 || strcmp(op->op, "batch") == 0;
    if (strcmp(p->alg, "x25519") != 0 || op->ops != RS_X25519_OPS || (!derive && strcmp(op->op, "base") != 0))
        return -1;
    struct ossl_x25519 *x = calloc(1, sizeof *x);
    if (!x) return -1;
    x->scalars = j->in;
    run->st = x;
    run->op = derive ? op_x25519_derive : op_x25519_base;
    for (size_t i = 0; derive && i < RS_X25519_OPS; i++) {
        void *priv = O.pkey_new_priv(EVP_PKEY_X25519, NULL, j->in + 32 * i, 32);
        void *peer = O.pkey_new_pub(EVP_PKEY_X25519, NULL, j->in + 32 * (RS_X25519_OPS + i), 32);
        x->ctx[i] = priv ? O.pkey_ctx_new(priv, NULL) : NULL;
        int ok = x->ctx[i] && peer && O.derive_init(x->ctx[i]) == 1 && O.derive_set_peer(x->ctx[i], peer) == 1;
        /* The context keeps its own references to both keys. */
        if (priv) O.pkey_free(priv);
        if (peer) O.pkey_free(peer);
        if (!ok) {
            prim_done(run);
            return -1;
        }
    }
    return 0;
}

const struct speed_peer speed_openssl = {
    .name = "openssl", .title = "OpenSSL", .soname = SONAME, .col = "ossl", .ratio_key = "ratio",
    .load = load, .version = version, .setup = setup, .done = done, .prim_setup = prim_setup, .prim_done = prim_done,
};
