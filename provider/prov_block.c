/* SPDX-License-Identifier: MIT */
/*
 * EVP front ends for ECB, CBC, CTR and XTS.
 *
 * EVP's streaming rules, which librijn's API leaves to the caller:
 *   - ECB and CBC take any length per update. A partial block waits in
 *     buf for the next call. With padding on (the default), decryption
 *     also holds back the last whole block, because final must strip the
 *     PKCS#7 padding from it; encryption pads in final (SP 800-38A
 *     Appendix A suggests the scheme, PKCS#7 / RFC 5652 §6.3 fixes it).
 *   - CTR streams inside a block: librijn keeps the unused keystream.
 *   - XTS (IEEE 1619): each update is one whole data unit, with the IV as
 *     its tweak, as OpenSSL does; final has nothing to do.
 *   - EVP_CipherInit with key == NULL keeps the key; with iv == NULL, CBC
 *     and CTR restart from the last IV given.
 * A padding check failure and every length error come back as EVP errors,
 * with librijn's reason text.
 */
#include <openssl/evp.h>
#include <openssl/prov_ssl.h>
#include <string.h>

#include "prov.h"
#include "prov_tls_cbc.h"

/* IEEE 1619-2018 §5.1 and SP 800-38E: at most 2^20 blocks in one data
 * unit (librijn's RIJN_XTS_MAX_UNIT). OpenSSL's default provider refuses
 * longer input, and so does this one, before librijn is called, with its
 * own message. */
#define XTS_MAX_UNIT RIJN_XTS_MAX_UNIT

typedef struct blk_ctx {
    union {
        rijn_ecb_ctx ecb;
        rijn_cbc_ctx cbc;
        rijn_ctr_ctx ctr;
        rijn_xts_ctx xts;
    } u;                     /* first: 64-byte aligned by prov_zalloc */
    PROV_CTX *pc;
    enum prov_family fam;
    size_t keylen;           /* bytes EVP passes (XTS: both halves) */
    int enc, key_set, iv_set;
    unsigned pad;            /* EVP padding flag (ECB, CBC) */
    uint8_t iv[16];          /* CBC: chaining value; CTR, XTS: as given */
    uint8_t oiv[16];         /* the IV last given, for restarts */
    uint8_t buf[16];         /* ECB, CBC: pending bytes */
    size_t buflen;
    /* CBC as a TLS 1.0-1.2 record cipher (libssl sets "tls-version" and
     * "tls-mac-size"): each update is one record, see blk_tls_record. */
    unsigned tls_version;    /* 0: not a record cipher */
    size_t tls_mac_size;
    uint8_t tls_mac[PROV_TLS_MAX_MAC]; /* the last record's MAC ("tls-mac") */
} BLK_CTX;

static int has_iv(enum prov_family f)
{
    return f != PF_ECB;
}

static int buffered(enum prov_family f)
{
    return f == PF_ECB || f == PF_CBC;
}

static void *blk_new(void *provctx, enum prov_family fam, size_t keylen)
{
    BLK_CTX *c = prov_zalloc(sizeof *c);
    if (!c) return NULL;
    c->pc = provctx;
    c->fam = fam;
    c->keylen = keylen;
    c->pad = 1;
    return c;
}

static void blk_free(void *vctx)
{
    prov_free(vctx, sizeof(BLK_CTX));
}

static void *blk_dup(void *vctx)
{
    BLK_CTX *c = prov_zalloc(sizeof *c);
    if (c) memcpy(c, vctx, sizeof *c);
    return c;
}

static int blk_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int blk_init(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[], int enc)
{
    BLK_CTX *c = vctx;
    int r = RIJN_OK;
    c->enc = enc;
    c->buflen = 0;
    if (iv && has_iv(c->fam)) {
        if (ivlen != 16) {
            prov_err(c->pc, RIJN_ERR_IV_LEN, "%s needs a 16-byte IV, got %zu", prov_algorithm(c->fam), ivlen);
            return 0;
        }
        memcpy(c->oiv, iv, 16);
        c->iv_set = 1;
    }
    if (c->iv_set) memcpy(c->iv, c->oiv, 16);
    /* CTR re-initialised without an IV continues the counter, as OpenSSL
     * does: from the next whole block, the rest of the current block's
     * keystream dropped. (CBC restarts from the last IV given, as
     * OpenSSL does for CBC.) */
    if (c->fam == PF_CTR && !iv && c->key_set) memcpy(c->iv, c->u.ctr.ctr, 16);
    if (key) {
        if (!prov_keylen_ok(c->pc, prov_algorithm(c->fam), keylen, c->keylen)) return 0;
        c->key_set = 0;
        switch (c->fam) {
        case PF_ECB: r = rijn_ecb_init(&c->u.ecb, NULL, key, keylen); break;
        case PF_CBC: r = rijn_cbc_init(&c->u.cbc, NULL, key, keylen); break;
        case PF_CTR: r = rijn_ctr_init(&c->u.ctr, NULL, key, keylen, c->iv); break;
        case PF_XTS: r = rijn_xts_init(&c->u.xts, NULL, key, keylen); break;
        default: r = RIJN_ERR_NO_DRIVER; break;
        }
        if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "key setup");
        c->key_set = 1;
    } else if (c->fam == PF_CTR && c->key_set) {
        rijn_ctr_set_iv(&c->u.ctr, c->iv);
    }
    return blk_set_ctx_params(c, params);
}

PROV_INIT_PAIR(blk)

static int blk_xform(void *vctx, unsigned char *out, const unsigned char *in, size_t n)
{
    BLK_CTX *c = vctx;
    switch (c->fam) {
    case PF_ECB: return c->enc ? rijn_ecb_encrypt(&c->u.ecb, out, in, n) : rijn_ecb_decrypt(&c->u.ecb, out, in, n);
    case PF_CBC:
        return c->enc ? rijn_cbc_encrypt(&c->u.cbc, c->iv, out, in, n)
                      : rijn_cbc_decrypt(&c->u.cbc, c->iv, out, in, n);
    case PF_CTR: return rijn_ctr_xor(&c->u.ctr, out, in, n);
    case PF_XTS:
        return c->enc ? rijn_xts_encrypt(&c->u.xts, c->iv, out, in, n)
                      : rijn_xts_decrypt(&c->u.xts, c->iv, out, in, n);
    default: return RIJN_ERR_NO_DRIVER;
    }
}

/* Whole blocks, straight to librijn. */
static int blk_blocks(BLK_CTX *c, unsigned char *out, const unsigned char *in, size_t n)
{
    int r = prov_forward(c, blk_xform, out, in, n, 16);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, prov_algorithm(c->fam));
    prov_count(c->fam, n);
    return 1;
}

/* CBC as the record cipher of TLS 1.0-1.2 (and DTLS 1.0/1.2): libssl 3
 * sets "tls-version" and "tls-mac-size", then passes each record to
 * EVP_CipherUpdate, in place, as OpenSSL's default provider expects it:
 *   - sealing: the record is [explicit IV (TLS >= 1.1)] payload MAC; the
 *     provider appends the padding (p + 1 bytes of value p, RFC 5246
 *     §6.2.3.2; minimal, as OpenSSL does) and encrypts, chaining from the
 *     previous record (TLS 1.0's implicit IV, RFC 2246 §6.2.3.2). libssl
 *     put a random block in front for TLS >= 1.1 (RFC 4346 §6.2.3.2),
 *     so that block is the explicit IV;
 *   - opening: decrypt, skip the explicit IV, then check the padding and
 *     copy the MAC out in constant time (prov_tls_cbc.c). The length
 *     returned is the payload's, counted from after the explicit IV;
 *     libssl reads the MAC with the "tls-mac" parameter and checks it.
 *     A bad padding gives a random MAC, so it fails as a forged MAC does,
 *     in the same time. With encrypt-then-MAC (RFC 7366) libssl checked
 *     the MAC over the ciphertext first (mac size 0), and a bad padding
 *     is an error here. */
static int tls_explicit_iv(unsigned v)
{
    return v != TLS1_VERSION; /* TLS 1.1, 1.2, DTLS 1.0 and 1.2, DTLS1_BAD_VER */
}

static int blk_tls_record(BLK_CTX *c, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                          size_t inl)
{
    if (!in || in != out || outsize < inl || !c->pad || c->buflen) {
        prov_err(c->pc, PR_STATE, "TLS CBC record: in place, padding on, one record per update");
        return 0;
    }
    if (c->enc) {
        size_t padnum = 16 - inl % 16;
        if (outsize < inl + padnum) {
            prov_err(c->pc, PR_BUFFER, "TLS CBC record: %zu bytes of room for %zu", outsize, inl + padnum);
            return 0;
        }
        memset(out + inl, (int)(padnum - 1), padnum);
        if (!blk_blocks(c, out, out, inl + padnum)) return 0;
        *outl = inl + padnum;
        return 1;
    }
    size_t skip = tls_explicit_iv(c->tls_version) ? 16 : 0;
    if (inl % 16 != 0 || inl < skip + 16) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "TLS CBC record of %zu bytes", inl);
        return 0;
    }
    if (!blk_blocks(c, out, out, inl)) return 0;
    uint8_t randmac[PROV_TLS_MAX_MAC];
    size_t payload = 0, good = 0;
    if (c->tls_mac_size && !prov_random(randmac, c->tls_mac_size)) {
        prov_err(c->pc, PR_RANDOM, "TLS CBC record");
        return 0;
    }
    int ok = prov_tls_cbc_unpad(out + skip, inl - skip, c->tls_mac_size, randmac, c->tls_mac, &payload, &good);
    rijn_wipe(randmac, sizeof randmac);
    if (!ok) { /* public: the record cannot hold its MAC and padding */
        prov_err(c->pc, RIJN_ERR_LENGTH, "TLS CBC record of %zu bytes, MAC of %zu", inl, c->tls_mac_size);
        return 0;
    }
    /* Without a MAC in the record (encrypt-then-MAC), the ciphertext was
     * authenticated before: the padding verdict is not secret. */
    if (c->tls_mac_size == 0 && !good) return prov_rijn_fail(c->pc, RIJN_ERR_PADDING, "TLS CBC record");
    *outl = payload;
    return 1;
}

/* The modes without buffering: CTR (any length) and XTS (a data unit). */
static int blk_stream(BLK_CTX *c, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    int r;
    if (outsize < inl) {
        prov_err(c->pc, PR_BUFFER, "%zu bytes of room for %zu", outsize, inl);
        return 0;
    }
    if (c->fam == PF_XTS && !c->iv_set) {
        prov_err(c->pc, PR_NO_IV, "XTS needs the tweak as its IV");
        return 0;
    }
    if (c->fam == PF_XTS && inl > XTS_MAX_UNIT) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "XTS data unit of %zu bytes: at most 2^20 blocks (%zu bytes)", inl,
                 XTS_MAX_UNIT);
        return 0;
    }
    /* XTS steals from the last whole block: one data unit in one call. */
    r = prov_forward(c, blk_xform, out, in, inl, c->fam == PF_CTR ? 16 : 0);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, prov_algorithm(c->fam));
    prov_count(c->fam, inl);
    *outl = inl;
    return 1;
}

static int blk_keyed(const BLK_CTX *c)
{
    if (c->key_set) return 1;
    prov_err(c->pc, PR_NO_KEY, "%s", prov_algorithm(c->fam));
    return 0;
}

static int ranges_overlap(const unsigned char *a, size_t an, const unsigned char *b, size_t bn)
{
    return an && bn && a < b + bn && b < a + an;
}

static int blk_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    BLK_CTX *c = vctx;
    *outl = 0;
    if (!blk_keyed(c)) return 0;
    if (c->tls_version) return blk_tls_record(c, out, outl, outsize, in, inl);
    if (inl == 0) return 1;
    if (!in || !out) return prov_rijn_fail(c->pc, RIJN_ERR_NULL, prov_algorithm(c->fam));
    if (!buffered(c->fam)) return blk_stream(c, out, outl, outsize, in, inl);

    size_t total = c->buflen + inl;
    size_t keep = total % 16;
    if (!c->enc && c->pad && keep == 0) keep = 16; /* the block final unpads */
    size_t outn = total - keep;
    if (outsize < outn) {
        prov_err(c->pc, PR_BUFFER, "%zu bytes of room for %zu", outsize, outn);
        return 0;
    }
    /* Output may trail the input (prov_forward); it may not run ahead of
     * it, which it would when bytes are pending and out == in. */
    if (ranges_overlap(out, outn, in, inl) && (out > in || (out == in && c->buflen > 0))) {
        prov_err(c->pc, RIJN_ERR_OVERLAP, "%s: output ahead of input in one buffer", prov_algorithm(c->fam));
        return 0;
    }
    size_t done = 0;
    if (c->buflen > 0 && outn > 0) {
        size_t need = 16 - c->buflen; /* outn > 0 implies inl >= need */
        memcpy(c->buf + c->buflen, in, need);
        in += need;
        inl -= need;
        c->buflen = 0;
        if (!blk_blocks(c, out, c->buf, 16)) return 0;
        done = 16;
    }
    if (outn > done) {
        size_t n = outn - done;
        if (!blk_blocks(c, out + done, in, n)) return 0;
        in += n;
        inl -= n;
        done += n;
    }
    memcpy(c->buf + c->buflen, in, inl);
    c->buflen += inl;
    *outl = done;
    return 1;
}

static int blk_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    BLK_CTX *c = vctx;
    *outl = 0;
    if (!blk_keyed(c)) return 0;
    if (!buffered(c->fam)) return 1;
    if (c->tls_version) { /* records are whole in each update */
        prov_err(c->pc, PR_STATE, "TLS CBC record cipher: no final");
        return 0;
    }
    if (!c->pad) {
        if (c->buflen == 0) return 1;
        prov_err(c->pc, PR_FINAL_LEN, "%s: %zu bytes left over", prov_algorithm(c->fam), c->buflen);
        return 0;
    }
    if (outsize < (c->enc ? 16u : 0u)) {
        prov_err(c->pc, PR_BUFFER, "final needs 16 bytes of room");
        return 0;
    }
    if (c->enc) {
        uint8_t p = (uint8_t)(16 - c->buflen);
        memset(c->buf + c->buflen, p, p);
        if (!blk_blocks(c, out, c->buf, 16)) return 0;
        c->buflen = 0;
        *outl = 16;
        return 1;
    }
    if (c->buflen != 16) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "%s: ciphertext is not a multiple of 16 bytes", prov_algorithm(c->fam));
        return 0;
    }
    uint8_t blk[16];
    if (!blk_blocks(c, blk, c->buf, 16)) return 0;
    c->buflen = 0;
    /* PKCS#7 check without branching on the secret block: the pad byte p
     * must be 1..16 and the last p bytes must all equal p. */
    unsigned p = blk[15], bad = (unsigned)((p - 1) >> 8) | (unsigned)((16 - p) >> 8);
    for (unsigned i = 0; i < 16; i++) {
        unsigned in_pad = (unsigned)((15 - i - p) >> 8) & 1; /* 1 when i >= 16 - p */
        bad |= in_pad & (unsigned)((blk[i] ^ p) != 0);
    }
    if (bad & 1 || outsize < 16 - p) {
        rijn_wipe(blk, sizeof blk);
        if (bad & 1) return prov_rijn_fail(c->pc, RIJN_ERR_PADDING, prov_algorithm(c->fam));
        prov_err(c->pc, PR_BUFFER, "final needs %u bytes of room", 16 - p);
        return 0;
    }
    memcpy(out, blk, 16 - p);
    rijn_wipe(blk, sizeof blk);
    *outl = 16 - p;
    return 1;
}

/* EVP_Cipher(): whole blocks, no padding, no buffering. */
static int blk_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    BLK_CTX *c = vctx;
    *outl = 0;
    if (!blk_keyed(c)) return 0;
    if (inl == 0) return 1;
    if (!buffered(c->fam)) return blk_stream(c, out, outl, outsize, in, inl);
    if (inl % 16) return prov_rijn_fail(c->pc, RIJN_ERR_LENGTH, prov_algorithm(c->fam));
    if (outsize < inl) {
        prov_err(c->pc, PR_BUFFER, "%zu bytes of room for %zu", outsize, inl);
        return 0;
    }
    if (!blk_blocks(c, out, in, inl)) return 0;
    *outl = inl;
    return 1;
}

/* CTR: the counter block whose keystream is being used, and the offset. */
static unsigned ctr_position(const BLK_CTX *c, uint8_t cur[16])
{
    const rijn_ctr_ctx *k = &c->u.ctr;
    memcpy(cur, k->ctr, 16);
    if (k->used >= 16) return 0;
    for (int i = 15; i >= 0; i--) /* cur = ctr - 1 (mod 2^128) */
        if (cur[i]-- != 0) break;
    return k->used;
}

/* One pass over the request (see prov_aead_get_ctx_params in prov_aead.c). */
static int blk_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    BLK_CTX *c = vctx;
    size_t ivlen = has_iv(c->fam) ? 16 : 0;
    for (OSSL_PARAM *p = params; p && p->key; p++) {
        const char *k = p->key;
        if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_PADDING) == 0) {
            if (!OSSL_PARAM_set_uint(p, c->pad)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_NUM) == 0 || strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0) {
            uint8_t cur[16];
            unsigned num = 0;
            if (c->fam == PF_CTR && c->key_set) num = ctr_position(c, cur);
            else memcpy(cur, c->iv, 16);
            if (k[0] == 'n' ? !OSSL_PARAM_set_uint(p, num) : !OSSL_PARAM_set_octet_string(p, cur, ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0) {
            if (!OSSL_PARAM_set_octet_string(p, c->oiv, ivlen) && !OSSL_PARAM_set_octet_ptr(p, c->oiv, ivlen))
                return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_TLS_MAC) == 0) {
            /* libssl asks for the record's MAC after opening it */
            if (!c->tls_version || !OSSL_PARAM_set_octet_ptr(p, c->tls_mac, c->tls_mac_size)) return 0;
        } else if (strcmp(k, PROV_PARAM_DRIVER) == 0) {
            const char *d = prov_driver(c->fam);
            if (!d || !OSSL_PARAM_set_utf8_ptr(p, d)) return 0;
        }
    }
    return 1;
}

static int blk_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    BLK_CTX *c = vctx;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_PADDING))) {
        unsigned v;
        if (!OSSL_PARAM_get_uint(p, &v)) goto bad;
        c->pad = v ? 1 : 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        size_t v;
        if (!OSSL_PARAM_get_size_t(p, &v) || v != c->keylen) {
            prov_err(c->pc, RIJN_ERR_KEY_LEN, "%s: the key length is fixed at %zu", prov_algorithm(c->fam),
                     c->keylen);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_NUM))) {
        /* Only the current position can be "set": librijn does not rewind
         * keystream, and silently ignoring the request would be wrong. */
        unsigned v, cur = 0;
        uint8_t tmp[16];
        if (c->fam == PF_CTR && c->key_set) cur = ctr_position(c, tmp);
        if (!OSSL_PARAM_get_uint(p, &v) || v != cur) goto bad;
    }
    /* libssl makes a CBC cipher a TLS record cipher (blk_tls_record). It
     * sends these to every cipher of a TLS 1.2 connection; a nonzero
     * version on a mode TLS never uses is refused. */
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_TLS_VERSION))) {
        unsigned v;
        if (!OSSL_PARAM_get_uint(p, &v)) goto bad;
        switch (v) {
        case 0: case TLS1_VERSION: case TLS1_1_VERSION: case TLS1_2_VERSION:
        case DTLS1_VERSION: case DTLS1_2_VERSION: case DTLS1_BAD_VER:
            break;
        default: /* SSL 3.0 (RFC 7568: must not be used) and unknown ones */
            prov_err(c->pc, PR_TLS_CBC, "%s: TLS version 0x%x", prov_algorithm(c->fam), v);
            return 0;
        }
        if (v && c->fam != PF_CBC) {
            prov_err(c->pc, PR_TLS_CBC, "%s is not a TLS record cipher", prov_algorithm(c->fam));
            return 0;
        }
        c->tls_version = v;
        c->buflen = 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_TLS_MAC_SIZE))) {
        size_t v;
        if (!OSSL_PARAM_get_size_t(p, &v) || v > PROV_TLS_MAX_MAC) goto bad;
        c->tls_mac_size = v;
    }
    return 1;
bad:
    prov_err(c->pc, PR_BAD_PARAM, "%s: parameter %s", prov_algorithm(c->fam), p->key);
    return 0;
}

static const OSSL_PARAM blk_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, NULL, 0),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_DRIVER, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM blk_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_PADDING, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_NUM, NULL),
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_TLS_VERSION, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, NULL),
    OSSL_PARAM_END
};

static const OSSL_PARAM *blk_gettable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return blk_gettable;
}

static const OSSL_PARAM *blk_settable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return blk_settable;
}

/* One dispatch table per (mode, key size): OpenSSL's get_params has no
 * context, so the key length must be in the function. */
#define BLK_IMPL(word, FAM, bits, keybytes, mode, ivlen, blocksize, custom_iv)                                   \
    static void *blk_new_##word##bits(void *provctx)                                                             \
    {                                                                                                            \
        return blk_new(provctx, FAM, keybytes);                                                                  \
    }                                                                                                            \
    static int blk_params_##word##bits(OSSL_PARAM params[])                                                      \
    {                                                                                                            \
        return prov_cipher_get_params(params, mode, keybytes, ivlen, blocksize, 0, custom_iv, FAM);              \
    }                                                                                                            \
    PROV_CIPHER_DISPATCH(blk_disp_##word##bits, blk, blk_new_##word##bits, blk_params_##word##bits,              \
                         blk_gettable_ctx, blk_settable_ctx)

BLK_IMPL(ecb, PF_ECB, 128, 16, EVP_CIPH_ECB_MODE, 0, 16, 0)
BLK_IMPL(ecb, PF_ECB, 192, 24, EVP_CIPH_ECB_MODE, 0, 16, 0)
BLK_IMPL(ecb, PF_ECB, 256, 32, EVP_CIPH_ECB_MODE, 0, 16, 0)
BLK_IMPL(cbc, PF_CBC, 128, 16, EVP_CIPH_CBC_MODE, 16, 16, 0)
BLK_IMPL(cbc, PF_CBC, 192, 24, EVP_CIPH_CBC_MODE, 16, 16, 0)
BLK_IMPL(cbc, PF_CBC, 256, 32, EVP_CIPH_CBC_MODE, 16, 16, 0)
BLK_IMPL(ctr, PF_CTR, 128, 16, EVP_CIPH_CTR_MODE, 16, 1, 0)
BLK_IMPL(ctr, PF_CTR, 192, 24, EVP_CIPH_CTR_MODE, 16, 1, 0)
BLK_IMPL(ctr, PF_CTR, 256, 32, EVP_CIPH_CTR_MODE, 16, 1, 0)
/* XTS: OpenSSL names it by the size of one of its two AES keys, and has
 * no AES-192-XTS. */
BLK_IMPL(xts, PF_XTS, 128, 32, EVP_CIPH_XTS_MODE, 16, 1, 1)
BLK_IMPL(xts, PF_XTS, 256, 64, EVP_CIPH_XTS_MODE, 16, 1, 1)

const struct prov_family_desc rijn_prov_ecb = {
    OSSL_OP_CIPHER, 3, { 128, 192, 256 }, { blk_disp_ecb128, blk_disp_ecb192, blk_disp_ecb256 }
};
const struct prov_family_desc rijn_prov_cbc = {
    OSSL_OP_CIPHER, 3, { 128, 192, 256 }, { blk_disp_cbc128, blk_disp_cbc192, blk_disp_cbc256 }
};
const struct prov_family_desc rijn_prov_ctr = {
    OSSL_OP_CIPHER, 3, { 128, 192, 256 }, { blk_disp_ctr128, blk_disp_ctr192, blk_disp_ctr256 }
};
const struct prov_family_desc rijn_prov_xts = {
    OSSL_OP_CIPHER, 2, { 128, 256 }, { blk_disp_xts128, blk_disp_xts256 }
};
