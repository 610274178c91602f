/*
 * EVP front ends for GCM (SP 800-38D) and CCM (SP 800-38C).
 *
 * GCM, EVP style: update with out == NULL is AAD; update with out is
 * data; final computes the tag (encryption, read it with the "tag"
 * parameter) or checks the tag set before final (decryption). EVP
 * streaming decryption hands out plaintext before final has checked the
 * tag; that is EVP's contract, not rijn's choice. Applications that must
 * not see unauthenticated plaintext use one call and discard the output
 * when final fails, or rijn's one-shot rijn_gcm_open, which releases
 * nothing on failure. An IV may be given at init or not at all: an
 * encryption without one gets a random 96-bit IV (SP 800-38D §8.2.2),
 * readable as the "iv" parameter, as with OpenSSL.
 *
 * The TLS 1.2 record path (RFC 5288): libssl sets the 4-byte implicit
 * part of the nonce ("tlsivfixed"), then per record the 13-byte AAD
 * ("tlsaad") and calls EVP_Cipher on explicit_nonce(8) || data || tag(16),
 * in place. Encryption makes the explicit nonce from a 64-bit counter
 * that starts at a random value; decryption reads it from the record.
 * Each record is one librijn seal/open, so a forged record yields no
 * plaintext. TLS 1.3 uses the ordinary EVP calls above.
 *
 * CCM, EVP style: CCM must know the message length before it starts
 * (SP 800-38C §A.2, the length is in B0), so EVP gives the data in one
 * update. update(NULL, NULL, len) may announce the length first; AAD
 * (out == NULL) is collected until the data arrives; then one librijn
 * seal or open does the whole message. Decryption needs the tag first
 * and releases nothing if it does not match.
 */
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

#include "prov.h"

#define GCM_IV_MAX 128
#define TLS_AAD_LEN 13      /* seq_num(8) || type(1) || version(2) || length(2) */
#define TLS_FIXED_IV 4      /* RFC 5288 §3: salt from the key block */
#define TLS_EXPLICIT_IV 8   /* nonce_explicit, sent in the record */
#define TLS_TAG 16

enum { IV_NONE = 0, IV_BUFFERED, IV_STARTED, IV_FINISHED };

typedef struct gcm_pctx {
    rijn_gcm_key key;        /* first: 64-byte aligned by prov_zalloc */
    rijn_gcm_ctx st;
    PROV_CTX *pc;
    size_t keylen;
    int enc, key_set;
    int iv_state;
    size_t ivlen;
    uint8_t iv[GCM_IV_MAX];
    uint8_t tag[16];
    size_t taglen;           /* 0: not set (decryption) / not computed */
    int iv_gen;              /* TLS: fixed part set, explicit part counts */
    int tls_aad_set;
    uint8_t tls_aad[TLS_AAD_LEN];
} GCM_PCTX;

static void *gcm_new(void *provctx, size_t keylen)
{
    GCM_PCTX *c = prov_zalloc(sizeof *c);
    if (!c) return NULL;
    c->pc = provctx;
    c->keylen = keylen;
    c->ivlen = 12;
    return c;
}

static void gcm_free(void *vctx)
{
    prov_free(vctx, sizeof(GCM_PCTX));
}

static void *gcm_dup(void *vctx)
{
    GCM_PCTX *c = prov_zalloc(sizeof *c);
    if (!c) return NULL;
    memcpy(c, vctx, sizeof *c);
    if (c->st.key) c->st.key = &c->key; /* the stream state points at its key */
    return c;
}

static int gcm_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int gcm_init(GCM_PCTX *c, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[], int enc)
{
    c->enc = enc;
    if (iv) {
        if (ivlen == 0 || ivlen > GCM_IV_MAX) {
            prov_err(c->pc, RIJN_ERR_IV_LEN, "GCM IV of %zu bytes (1..%d)", ivlen, GCM_IV_MAX);
            return 0;
        }
        c->ivlen = ivlen;
        memcpy(c->iv, iv, ivlen);
        c->iv_state = IV_BUFFERED;
    } else if (c->iv_state == IV_STARTED) {
        /* A message was under way: it ends here. Like OpenSSL, a finished
         * message's IV is never used again unless the caller passes it. */
        c->iv_state = IV_FINISHED;
    }
    if (key) {
        if (!prov_keylen_ok(c->pc, "GCM", keylen, c->keylen)) return 0;
        c->key_set = 0;
        int r = rijn_gcm_init(&c->key, NULL, key, keylen);
        if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "GCM key setup");
        c->key_set = 1;
    }
    return gcm_set_ctx_params(c, params);
}

PROV_INIT_PAIR(gcm)

/* Make sure a message is under way: start librijn's stream, inventing a
 * random IV for an encryption that was given none. */
static int gcm_begin(GCM_PCTX *c)
{
    if (!c->key_set) {
        prov_err(c->pc, PR_NO_KEY, "GCM");
        return 0;
    }
    if (c->iv_state == IV_STARTED) return 1;
    if (c->iv_state == IV_FINISHED) {
        prov_err(c->pc, PR_STATE, "GCM: message finished; init again with a new IV");
        return 0;
    }
    if (c->iv_state == IV_NONE) {
        if (!c->enc) {
            prov_err(c->pc, PR_NO_IV, "GCM decryption needs the IV");
            return 0;
        }
        if (c->ivlen < 12 || !prov_random(c->iv, c->ivlen)) {
            prov_err(c->pc, PR_RANDOM, "GCM: cannot generate a random IV");
            return 0;
        }
    }
    int r = rijn_gcm_start(&c->st, &c->key, c->iv, c->ivlen, c->enc);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "GCM start");
    c->iv_state = IV_STARTED;
    return 1;
}

/* RFC 5288 §3: the 8-byte explicit part of the nonce (iv[4..12)) counts
 * up, one value per record sealed. */
static void tls_next_nonce(GCM_PCTX *c)
{
    for (int i = 11; i >= 4; i--)
        if (++c->iv[i] != 0) break;
}

/* RFC 5288 record: explicit nonce || data || tag, in place. */
static int gcm_tls_record(GCM_PCTX *c, unsigned char *out, size_t *outl, const unsigned char *in, size_t len)
{
    int ok = 0, r;
    c->tls_aad_set = 0;
    c->iv_state = IV_FINISHED;
    if (!c->key_set || !c->iv_gen || c->ivlen != 12) {
        prov_err(c->pc, PR_STATE, "GCM TLS record before key and fixed IV");
        return 0;
    }
    if (!in || out != in || len < TLS_EXPLICIT_IV + TLS_TAG) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "GCM TLS record: %zu bytes, not in place", len);
        return 0;
    }
    size_t n = len - TLS_EXPLICIT_IV - TLS_TAG;
    if (c->enc) {
        memcpy(out, c->iv + 4, TLS_EXPLICIT_IV);
        tls_next_nonce(c);
        uint8_t nonce[12];
        memcpy(nonce, c->iv, 4);
        memcpy(nonce + 4, out, 8);
        r = rijn_gcm_seal(&c->key, nonce, 12, c->tls_aad, TLS_AAD_LEN, in + 8, n, out + 8, out + 8 + n, TLS_TAG);
        if (r == RIJN_OK) {
            *outl = len;
            ok = 1;
        }
    } else {
        memcpy(c->iv + 4, in, TLS_EXPLICIT_IV);
        r = rijn_gcm_open(&c->key, c->iv, 12, c->tls_aad, TLS_AAD_LEN, in + 8, n, in + 8 + n, TLS_TAG, out + 8);
        if (r == RIJN_OK) {
            *outl = n;
            ok = 1;
        }
    }
    if (!ok) return prov_rijn_fail(c->pc, r, "GCM TLS record");
    prov_count(PF_GCM, n + TLS_AAD_LEN);
    return 1;
}

static int gcm_xform(void *vctx, unsigned char *out, const unsigned char *in, size_t n)
{
    return rijn_gcm_update(&((GCM_PCTX *)vctx)->st, out, in, n);
}

static int gcm_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    GCM_PCTX *c = vctx;
    int r;
    *outl = 0;
    if (c->tls_aad_set) return gcm_tls_record(c, out, outl, in, inl);
    if (inl == 0) return 1;
    if (!in) return prov_rijn_fail(c->pc, RIJN_ERR_NULL, "GCM");
    if (!gcm_begin(c)) return 0;
    if (!out) {
        r = rijn_gcm_aad(&c->st, in, inl);
    } else {
        if (outsize < inl) {
            prov_err(c->pc, PR_BUFFER, "%zu bytes of room for %zu", outsize, inl);
            return 0;
        }
        r = prov_forward(c, gcm_xform, out, in, inl, 16);
    }
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, out ? "GCM data" : "GCM AAD");
    prov_count(PF_GCM, inl);
    *outl = out ? inl : 0;
    return 1;
}

static int gcm_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    GCM_PCTX *c = vctx;
    int r;
    (void)out, (void)outsize;
    *outl = 0;
    if (!c->enc && c->taglen == 0) {
        prov_err(c->pc, PR_TAG_NOT_SET, "GCM: set the expected tag before final");
        return 0;
    }
    if (!gcm_begin(c)) return 0;
    if (c->enc) {
        r = rijn_gcm_finish(&c->st, c->tag, 16);
        if (r == RIJN_OK) c->taglen = 16;
    } else {
        r = rijn_gcm_verify(&c->st, c->tag, c->taglen);
    }
    c->iv_state = IV_FINISHED;
    rijn_gcm_ctx_clear(&c->st);
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, c->enc ? "GCM tag" : "GCM tag check");
    return 1;
}

/* EVP_Cipher(): the TLS record path, or one step of the stream (in ==
 * NULL is final). libssl 3 itself calls EVP_CipherUpdate on records,
 * which reports the payload length when opening. */
static int gcm_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    GCM_PCTX *c = vctx;
    if (c->tls_aad_set) { /* EVP_Cipher reports the record length, as OpenSSL's does */
        if (!gcm_tls_record(c, out, outl, in, inl)) return 0;
        *outl = inl;
        return 1;
    }
    if (!in) return gcm_final(vctx, out, outl, outsize);
    if (!gcm_update(vctx, out, outl, outsize, in, inl)) return 0;
    *outl = inl;
    return 1;
}

/* One pass over the request. EVP asks for one parameter at a time, on
 * every init and control ("ivlen" first of all), so the parameter
 * functions look at each requested key once instead of searching the
 * request for every key they know: at 16-byte messages this is a fifth of
 * the provider's instructions. */
static int gcm_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    GCM_PCTX *c = vctx;
    for (OSSL_PARAM *p = params; p && p->key; p++) {
        const char *k = p->key;
        if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAGLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->taglen ? c->taglen : 16)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
            if (!c->enc || c->iv_state != IV_FINISHED || c->taglen == 0) {
                prov_err(c->pc, PR_TAG_UNAVAILABLE, "GCM: the tag exists after encryption's final");
                return 0;
            }
            size_t sz = p->data ? p->data_size : 16;
            if (sz == 0 || sz > 16) {
                prov_err(c->pc, RIJN_ERR_TAG_LEN, "GCM tag of %zu bytes", sz);
                return 0;
            }
            if (!OSSL_PARAM_set_octet_string(p, c->tag, sz)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0 || strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0) {
            if (c->iv_state == IV_NONE && !(c->enc && gcm_begin(c))) {
                prov_err(c->pc, PR_NO_IV, "GCM: no IV yet");
                return 0;
            }
            if (!OSSL_PARAM_set_octet_string(p, c->iv, c->ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD) == 0) {
            if (!OSSL_PARAM_set_size_t(p, TLS_TAG)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN) == 0) {
            /* the next explicit nonce, as libssl asks for it (KTLS setup) */
            if (!c->iv_gen || !p->data || p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
            size_t sz = p->data_size == 0 || p->data_size > c->ivlen ? c->ivlen : p->data_size;
            memcpy(p->data, c->iv + c->ivlen - sz, sz);
            p->return_size = sz;
            tls_next_nonce(c);
        } else if (strcmp(k, PROV_PARAM_DRIVER) == 0) {
            const char *d = prov_driver(PF_GCM);
            if (!d || !OSSL_PARAM_set_utf8_ptr(p, d)) return 0;
        }
    }
    return 1;
}

static int gcm_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    GCM_PCTX *c = vctx;
    const OSSL_PARAM *p;
    for (p = params; p && p->key; p++) {
        const char *k = p->key;
        if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
            if (p->data_type != OSSL_PARAM_OCTET_STRING) goto bad;
            if (c->enc) {
                prov_err(c->pc, PR_BAD_PARAM, "GCM: a tag is set only for decryption");
                return 0;
            }
            /* SP 800-38D §5.2.1.2: rijn accepts tags of 4..16 bytes. */
            if (p->data_size < 4 || p->data_size > 16 || !p->data) {
                prov_err(c->pc, RIJN_ERR_TAG_LEN, "GCM tag of %zu bytes (rijn takes 4..16)", p->data_size);
                return 0;
            }
            memcpy(c->tag, p->data, p->data_size);
            c->taglen = p->data_size;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_IVLEN) == 0) {
            size_t sz;
            if (!OSSL_PARAM_get_size_t(p, &sz)) goto bad;
            if (sz == 0 || sz > GCM_IV_MAX) {
                prov_err(c->pc, RIJN_ERR_IV_LEN, "GCM IV of %zu bytes (1..%d)", sz, GCM_IV_MAX);
                return 0;
            }
            if (sz != c->ivlen) {
                c->ivlen = sz;
                if (c->iv_state != IV_NONE) c->iv_state = IV_FINISHED; /* the old IV is void */
            }
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED) == 0) {
            if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data || c->ivlen != 12) goto bad;
            if (p->data_size == 12) {
                memcpy(c->iv, p->data, 12);
            } else if (p->data_size == TLS_FIXED_IV) {
                memcpy(c->iv, p->data, TLS_FIXED_IV);
                /* RFC 5288 leaves the explicit part to the sender; a random
                 * start makes a repeated key less likely to repeat a nonce. */
                if (c->enc && !prov_random(c->iv + TLS_FIXED_IV, 12 - TLS_FIXED_IV)) {
                    prov_err(c->pc, PR_RANDOM, "GCM TLS nonce");
                    return 0;
                }
            } else {
                goto bad;
            }
            c->iv_gen = 1;
            c->iv_state = IV_BUFFERED;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV) == 0) {
            if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data || c->enc || !c->iv_gen ||
                p->data_size > c->ivlen)
                goto bad;
            memcpy(c->iv + c->ivlen - p->data_size, p->data, p->data_size);
            c->iv_state = IV_BUFFERED;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD) == 0) {
            if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != TLS_AAD_LEN || !p->data) goto bad;
            memcpy(c->tls_aad, p->data, TLS_AAD_LEN);
            /* The record length in the AAD counts the explicit nonce, and on
             * decryption the tag: the AAD must carry the plaintext length. */
            unsigned len = (unsigned)c->tls_aad[11] << 8 | c->tls_aad[12];
            unsigned extra = TLS_EXPLICIT_IV + (c->enc ? 0 : TLS_TAG);
            if (len < extra) goto bad;
            len -= extra;
            c->tls_aad[11] = (uint8_t)(len >> 8);
            c->tls_aad[12] = (uint8_t)len;
            c->tls_aad_set = 1;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0) {
            size_t v;
            if (!OSSL_PARAM_get_size_t(p, &v) || v != c->keylen) goto bad;
        }
    }
    return 1;
bad:
    prov_err(c->pc, PR_BAD_PARAM, "GCM: parameter %s", p->key);
    return 0;
}

static const OSSL_PARAM gcm_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN, NULL, 0),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_DRIVER, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM gcm_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, NULL, 0),
    OSSL_PARAM_END
};

/* ---------------------------------------------------------------- CCM -- */
typedef struct ccm_pctx {
    rijn_ccm_key key;        /* first: 64-byte aligned */
    PROV_CTX *pc;
    size_t keylen;
    int enc, key_set, iv_set;
    size_t ivlen;            /* nonce length 7..13, i.e. L = 15 - ivlen */
    size_t taglen;           /* M: 4, 6, ..., 16 */
    uint8_t iv[13];
    uint8_t tag[16];
    int tag_set;             /* decryption: expected tag given; encryption: computed */
    int len_set;
    size_t msg_len;
    int done;                /* the message went through; init starts another */
    uint8_t *aad;
    size_t aad_len, aad_cap;
} CCM_PCTX;

static void *ccm_new(void *provctx, size_t keylen)
{
    CCM_PCTX *c = prov_zalloc(sizeof *c);
    if (!c) return NULL;
    c->pc = provctx;
    c->keylen = keylen;
    c->ivlen = 7;   /* as OpenSSL: L = 8 */
    c->taglen = 12; /* as OpenSSL: M = 12 */
    return c;
}

static void ccm_free(void *vctx)
{
    CCM_PCTX *c = vctx;
    if (!c) return;
    if (c->aad) prov_free(c->aad, c->aad_cap);
    prov_free(c, sizeof *c);
}

static void *ccm_dup(void *vctx)
{
    const CCM_PCTX *s = vctx;
    CCM_PCTX *c = prov_zalloc(sizeof *c);
    if (!c) return NULL;
    memcpy(c, s, sizeof *c);
    c->aad = NULL;
    if (s->aad_cap) {
        c->aad = malloc(s->aad_cap);
        if (!c->aad) {
            prov_free(c, sizeof *c);
            return NULL;
        }
        memcpy(c->aad, s->aad, s->aad_len);
    }
    return c;
}

static int ccm_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int ccm_init(CCM_PCTX *c, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[], int enc)
{
    c->enc = enc;
    c->done = 0;
    c->len_set = 0;
    c->aad_len = 0;
    if (enc) c->tag_set = 0;
    if (iv) {
        if (ivlen != c->ivlen) {
            prov_err(c->pc, RIJN_ERR_IV_LEN, "CCM nonce of %zu bytes, expected %zu (set ivlen first)", ivlen,
                     c->ivlen);
            return 0;
        }
        memcpy(c->iv, iv, ivlen);
        c->iv_set = 1;
    }
    if (key) {
        if (!prov_keylen_ok(c->pc, "CCM", keylen, c->keylen)) return 0;
        c->key_set = 0;
        int r = rijn_ccm_init(&c->key, NULL, key, keylen);
        if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, "CCM key setup");
        c->key_set = 1;
    }
    return ccm_set_ctx_params(c, params);
}

PROV_INIT_PAIR(ccm)

static int ccm_ready(CCM_PCTX *c)
{
    if (!c->key_set) {
        prov_err(c->pc, PR_NO_KEY, "CCM");
        return 0;
    }
    if (c->done) {
        prov_err(c->pc, PR_STATE, "CCM takes its data in one update; init again for the next message");
        return 0;
    }
    if (!c->iv_set) {
        prov_err(c->pc, PR_NO_IV, "CCM needs a nonce for each message");
        return 0;
    }
    return 1;
}

static int ccm_xform(void *vctx, unsigned char *out, const unsigned char *in, size_t n)
{
    CCM_PCTX *c = vctx;
    if (c->enc) return rijn_ccm_seal(&c->key, c->iv, c->ivlen, c->aad, c->aad_len, in, n, out, c->tag, c->taglen);
    return rijn_ccm_open(&c->key, c->iv, c->ivlen, c->aad, c->aad_len, in, n, c->tag, c->taglen, out);
}

/* The whole message, one librijn call. */
static int ccm_message(CCM_PCTX *c, unsigned char *out, const unsigned char *in, size_t len)
{
    int r;
    if (c->len_set && len != c->msg_len) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "CCM: %zu bytes of data after announcing %zu", len, c->msg_len);
        return 0;
    }
    if (!c->enc && !c->tag_set) {
        prov_err(c->pc, PR_TAG_NOT_SET, "CCM: set the expected tag before the data");
        return 0;
    }
    r = prov_forward(c, ccm_xform, out, in, len, 0);
    c->done = 1;
    c->iv_set = 0;               /* a nonce serves one message: init must give the next */
    if (!c->enc) c->tag_set = 0; /* a tag serves one message, as in OpenSSL */
    if (r != RIJN_OK) return prov_rijn_fail(c->pc, r, c->enc ? "CCM" : "CCM tag check");
    if (c->enc) c->tag_set = 1;
    prov_count(PF_CCM, len + c->aad_len);
    return 1;
}

static int ccm_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    CCM_PCTX *c = vctx;
    *outl = 0;
    if (!ccm_ready(c)) return 0;
    if (!out && !in) { /* the message length, announced */
        c->len_set = 1;
        c->msg_len = inl;
        return 1;
    }
    if (!out) { /* AAD */
        if (inl == 0) return 1;
        if (c->aad_len + inl < inl) return prov_rijn_fail(c->pc, RIJN_ERR_LIMIT, "CCM AAD");
        if (c->aad_len + inl > c->aad_cap) {
            size_t cap = (c->aad_len + inl) * 2;
            uint8_t *n = malloc(cap);
            if (!n) {
                prov_err(c->pc, PR_NO_MEMORY, "CCM AAD");
                return 0;
            }
            if (c->aad) {
                memcpy(n, c->aad, c->aad_len);
                prov_free(c->aad, c->aad_cap);
            }
            c->aad = n;
            c->aad_cap = cap;
        }
        memcpy(c->aad + c->aad_len, in, inl);
        c->aad_len += inl;
        return 1;
    }
    if (outsize < inl) {
        prov_err(c->pc, PR_BUFFER, "%zu bytes of room for %zu", outsize, inl);
        return 0;
    }
    if (inl && !in) return prov_rijn_fail(c->pc, RIJN_ERR_NULL, "CCM");
    if (!ccm_message(c, out, in, inl)) return 0;
    *outl = inl;
    return 1;
}

static int ccm_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    CCM_PCTX *c = vctx;
    (void)out, (void)outsize;
    *outl = 0;
    if (c->done) return 1; /* the data update did everything (or failed) */
    /* No data update: an empty message (AAD only), processed here. */
    if (!ccm_ready(c)) return 0;
    uint8_t dummy;
    return ccm_message(c, &dummy, NULL, 0);
}

static int ccm_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                      size_t inl)
{
    if (!in && out) return ccm_final(vctx, out, outl, outsize);
    if (!ccm_update(vctx, out, outl, outsize, in, inl)) return 0;
    *outl = out ? inl : 0;
    return 1;
}

static int ccm_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    CCM_PCTX *c = vctx;
    for (OSSL_PARAM *p = params; p && p->key; p++) {
        const char *k = p->key;
        if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAGLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->taglen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0 || strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0) {
            if (!c->iv_set) {
                prov_err(c->pc, PR_NO_IV, "CCM: no nonce yet");
                return 0;
            }
            if (!OSSL_PARAM_set_octet_string(p, c->iv, c->ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
            if (!c->enc || !c->tag_set) {
                prov_err(c->pc, PR_TAG_UNAVAILABLE, "CCM: the tag exists after the data update");
                return 0;
            }
            if (p->data && p->data_size != c->taglen) {
                prov_err(c->pc, RIJN_ERR_TAG_LEN, "CCM tag is %zu bytes, asked for %zu", c->taglen, p->data_size);
                return 0;
            }
            if (!OSSL_PARAM_set_octet_string(p, c->tag, c->taglen)) return 0;
        } else if (strcmp(k, PROV_PARAM_DRIVER) == 0) {
            const char *d = prov_driver(PF_CCM);
            if (!d || !OSSL_PARAM_set_utf8_ptr(p, d)) return 0;
        }
    }
    return 1;
}

static int ccm_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    CCM_PCTX *c = vctx;
    const OSSL_PARAM *p;
    if (!params) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TAG))) {
        /* data == NULL sets only the length (EVP_CTRL_AEAD_SET_TAG with a
         * NULL pointer, before encryption). */
        if (p->data_type != OSSL_PARAM_OCTET_STRING) goto bad;
        if (p->data_size < 4 || p->data_size > 16 || (p->data_size & 1)) {
            prov_err(c->pc, RIJN_ERR_TAG_LEN, "CCM tag of %zu bytes (4, 6, ..., 16)", p->data_size);
            return 0;
        }
        if (p->data) {
            if (c->enc) {
                prov_err(c->pc, PR_BAD_PARAM, "CCM: a tag value is set only for decryption");
                return 0;
            }
            memcpy(c->tag, p->data, p->data_size);
            c->tag_set = 1;
        }
        c->taglen = p->data_size;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_IVLEN))) {
        size_t sz;
        if (!OSSL_PARAM_get_size_t(p, &sz)) goto bad;
        if (sz < 7 || sz > 13) {
            prov_err(c->pc, RIJN_ERR_IV_LEN, "CCM nonce of %zu bytes (7..13)", sz);
            return 0;
        }
        if (sz != c->ivlen) c->iv_set = 0;
        c->ivlen = sz;
    }
    if (OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD) ||
        OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED)) {
        prov_err(c->pc, PR_TLS_CCM, "use AES-GCM or the default provider for TLS 1.2 CCM suites");
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_CIPHER_PARAM_KEYLEN))) {
        size_t v;
        if (!OSSL_PARAM_get_size_t(p, &v) || v != c->keylen) goto bad;
    }
    return 1;
bad:
    prov_err(c->pc, PR_BAD_PARAM, "CCM: parameter %s", p->key);
    return 0;
}

static const OSSL_PARAM ccm_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_DRIVER, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM ccm_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *gcm_gettable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return gcm_gettable;
}
static const OSSL_PARAM *gcm_settable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return gcm_settable;
}
static const OSSL_PARAM *ccm_gettable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return ccm_gettable;
}
static const OSSL_PARAM *ccm_settable_ctx(void *cctx, void *provctx)
{
    (void)cctx, (void)provctx;
    return ccm_settable;
}

/* OpenSSL reports 12 as the default IV length of both AEADs at the
 * algorithm level (a CCM context then starts with a 7-byte nonce). */
#define AEAD_IMPL(m, FAM, MODE, bits, keybytes)                                                                  \
    static void *m##_new_##bits(void *provctx)                                                                   \
    {                                                                                                            \
        return m##_new(provctx, keybytes);                                                                       \
    }                                                                                                            \
    static int m##_params_##bits(OSSL_PARAM params[])                                                            \
    {                                                                                                            \
        return prov_cipher_get_params(params, MODE, keybytes, 12, 1, 1, 1, FAM);                                 \
    }                                                                                                            \
    PROV_CIPHER_DISPATCH(m##_disp_##bits, m, m##_new_##bits, m##_params_##bits)

AEAD_IMPL(gcm, PF_GCM, EVP_CIPH_GCM_MODE, 128, 16)
AEAD_IMPL(gcm, PF_GCM, EVP_CIPH_GCM_MODE, 192, 24)
AEAD_IMPL(gcm, PF_GCM, EVP_CIPH_GCM_MODE, 256, 32)
AEAD_IMPL(ccm, PF_CCM, EVP_CIPH_CCM_MODE, 128, 16)
AEAD_IMPL(ccm, PF_CCM, EVP_CIPH_CCM_MODE, 192, 24)
AEAD_IMPL(ccm, PF_CCM, EVP_CIPH_CCM_MODE, 256, 32)

const struct prov_family_desc rijn_prov_gcm = {
    OSSL_OP_CIPHER, 3, { 128, 192, 256 }, { gcm_disp_128, gcm_disp_192, gcm_disp_256 }
};
const struct prov_family_desc rijn_prov_ccm = {
    OSSL_OP_CIPHER, 3, { 128, 192, 256 }, { ccm_disp_128, ccm_disp_192, ccm_disp_256 }
};
