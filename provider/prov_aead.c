/* SPDX-License-Identifier: MIT */
/*
 * The EVP front end of the AEADs (GCM, CCM; each algorithm is a struct
 * prov_aead_ops, see prov.h).
 *
 * EVP style: update with out == NULL is AAD; update with out is data;
 * final computes the tag (encryption, read it with the "tag" parameter)
 * or checks the tag set before (decryption). An IV serves one message: an
 * IV given at init or by parameter is "buffered"; a message that is
 * finished has spent it, and data without a new IV is refused, as in
 * OpenSSL.
 *
 * Streamed algorithms (GCM): AAD and data go to librijn as they come.
 * EVP streaming decryption hands out plaintext before final has checked
 * the tag; that is EVP's contract, not rijn's choice. Applications that
 * must not see unauthenticated plaintext use one call and discard the
 * output when final fails, or rijn's one-shot rijn_gcm_open, which
 * releases nothing on failure. An encryption without an IV gets a random
 * one where the algorithm says so (GCM: 96 bits, SP 800-38D §8.2.2),
 * readable as the "iv" parameter, as with OpenSSL.
 *
 * One-shot algorithms (CCM): librijn needs the message length before it
 * starts (CCM: SP 800-38C §A.2, the length is in B0), so EVP gives the
 * data in one update. update(NULL, NULL, len) may announce the length
 * first; AAD (out == NULL) is collected until the data arrives; then one
 * librijn seal or open does the whole message. Decryption needs the tag
 * first and releases nothing if it does not match. The nonce, and on
 * decryption the tag, serve that one message.
 *
 * The TLS 1.2 record path (RFC 5288 for GCM, RFC 6655 for CCM, which
 * builds its nonce the same way), for the algorithms that have it:
 * libssl sets the 4-byte implicit part of the nonce ("tlsivfixed"), then
 * per record the 13-byte AAD ("tlsaad") and calls EVP_Cipher on
 * explicit_nonce(8) || data || tag (GCM: 16 bytes; CCM: 16 or 8), in place. Encryption makes the
 * explicit nonce from a 64-bit counter that starts at a random value;
 * decryption reads it from the record. Each record is one librijn seal or
 * open, so a forged record yields no plaintext. TLS 1.3 uses the ordinary
 * EVP calls above.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "prov.h"

#define TLS_AAD_LEN 13      /* seq_num(8) || type(1) || version(2) || length(2) */
#define TLS_FIXED_IV 4      /* RFC 5288 §3: salt from the key block */
#define TLS_EXPLICIT_IV 8   /* nonce_explicit, sent in the record */


enum { IV_NONE = 0, IV_BUFFERED, IV_STARTED, IV_FINISHED };

typedef struct aead_ctx {
    const struct prov_aead_ops *ops;
    const struct prov_aead_stream *stream; /* ops->stream and ops->family, */
    enum prov_family family;               /* at hand on every call */
    PROV_CTX *pc;
    size_t keylen;
    int enc, key_set;
    int iv_state;            /* IV_*; IV_STARTED: a streamed message under way */
    size_t ivlen;
    uint8_t iv[PROV_AEAD_IV_MAX];
    uint8_t tag[16];
    size_t taglen;
    int tag_set;             /* decryption: expected tag given; encryption: computed */
    int len_set;             /* one-shot: the message length was announced */
    size_t msg_len;
    uint8_t *aad;            /* one-shot: the AAD collected so far */
    size_t aad_len, aad_cap;
    int iv_gen;              /* TLS: fixed part set, explicit part counts */
    int tls_aad_set;
    uint8_t tls_aad[TLS_AAD_LEN];
    _Alignas(64) unsigned char st[]; /* the algorithm's state, ops->state_size bytes */
} AEAD_CTX;

static size_t aead_size(const struct prov_aead_ops *o)
{
    return offsetof(AEAD_CTX, st) + o->state_size;
}

static const char *aead_name(const AEAD_CTX *c)
{
    return prov_name(c->family);
}

/* A failing librijn call: "<ALG> <what>: <reason>"; returns 0. */
static int aead_fail(const AEAD_CTX *c, int err, const char *what)
{
    prov_err(c->pc, err, "%s%s%s: %s", aead_name(c), what ? " " : "", what ? what : "", rijn_strerror(err));
    return 0;
}

/* An IV length outside the algorithm's range (cold: kept out of init). */
__attribute__((cold, noinline)) static int aead_bad_ivlen(const AEAD_CTX *c, size_t ivlen)
{
    prov_err(c->pc, RIJN_ERR_IV_LEN, "%s IV of %zu bytes (%zu..%zu)", aead_name(c), ivlen, c->ops->iv_min,
             c->ops->iv_max);
    return 0;
}

void *prov_aead_new(void *provctx, const struct prov_aead_ops *ops, size_t keylen)
{
    if (ops->iv_max > PROV_AEAD_IV_MAX || ops->tag_default > 16) return NULL; /* a bad table */
    AEAD_CTX *c = prov_zalloc(aead_size(ops));
    if (!c) return NULL;
    c->ops = ops;
    c->stream = ops->stream;
    c->family = ops->family;
    c->pc = provctx;
    c->keylen = keylen;
    c->ivlen = ops->iv_default;
    c->taglen = ops->tag_default;
    return c;
}

void prov_aead_free(void *vctx)
{
    AEAD_CTX *c = vctx;
    if (!c) return;
    if (c->aad) prov_free(c->aad, c->aad_cap);
    prov_free(c, aead_size(c->ops));
}

void *prov_aead_dup(void *vctx)
{
    const AEAD_CTX *s = vctx;
    size_t size = aead_size(s->ops);
    AEAD_CTX *c = prov_zalloc(size);
    if (!c) return NULL;
    memcpy(c, s, size);
    c->aad = NULL;
    if (s->aad_cap) {
        c->aad = malloc(s->aad_cap);
        if (!c->aad) {
            prov_free(c, size);
            return NULL;
        }
        memcpy(c->aad, s->aad, s->aad_len);
    }
    if (c->stream) c->stream->moved(c->st);
    return c;
}

static int aead_init(AEAD_CTX *c, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                     const OSSL_PARAM params[], int enc)
{
    const struct prov_aead_ops *o = c->ops;
    c->enc = enc;
    if (!c->stream) {
        /* One-shot: a new message. A spent nonce is forgotten (the next
         * data asks for a nonce), and so is an encryption's tag. */
        c->len_set = 0;
        c->aad_len = 0;
        if (enc) c->tag_set = 0;
        if (c->iv_state == IV_FINISHED) c->iv_state = IV_NONE;
    }
    if (iv) {
        if (ivlen < o->iv_min || ivlen > o->iv_max) return aead_bad_ivlen(c, ivlen);
        c->ivlen = ivlen;
        memcpy(c->iv, iv, ivlen);
        c->iv_state = IV_BUFFERED;
    } else if (c->iv_state == IV_STARTED) {
        /* A message was under way: it ends here. Like OpenSSL, a finished
         * message's IV is never used again unless the caller passes it. */
        c->iv_state = IV_FINISHED;
    }
    if (key) {
        if (keylen != c->keylen) return prov_keylen_ok(c->pc, aead_name(c), keylen, c->keylen);
        c->key_set = 0;
        int r = o->setkey(c->st, key, keylen);
        if (r != RIJN_OK) return aead_fail(c, r, "key setup");
        c->key_set = 1;
    }
    return prov_aead_set_ctx_params(c, params);
}

int prov_aead_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return aead_init(vctx, key, keylen, iv, ivlen, params, 1);
}

int prov_aead_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[])
{
    return aead_init(vctx, key, keylen, iv, ivlen, params, 0);
}

/* Ready for a message: a key, and an IV not spent (an encryption given
 * none gets a random one where the algorithm says so). A streamed
 * algorithm starts its message here. The callers check inline for the
 * common cases first: a streamed message under way (it has its key), a
 * one-shot message with its key and nonce. */
static int aead_ready(AEAD_CTX *c)
{
    const struct prov_aead_ops *o = c->ops;
    if (!c->key_set) {
        prov_err(c->pc, PR_NO_KEY, "%s", aead_name(c));
        return 0;
    }
    if (c->iv_state == IV_STARTED) return 1;
    if (c->iv_state == IV_FINISHED) {
        prov_err(c->pc, PR_STATE,
                 c->stream ? "%s: message finished; init again with a new IV"
                           : "%s takes its data in one update; init again for the next message",
                 aead_name(c));
        return 0;
    }
    if (c->iv_state == IV_NONE) {
        if (!c->enc || !o->random_iv) {
            prov_err(c->pc, PR_NO_IV, "%s needs an IV for each message", aead_name(c));
            return 0;
        }
        if (c->ivlen < 12 || !prov_random(c->iv, c->ivlen)) {
            prov_err(c->pc, PR_RANDOM, "%s: cannot generate a random IV", aead_name(c));
            return 0;
        }
        c->iv_state = IV_BUFFERED;
    }
    if (!c->stream) return 1;
    int r = c->stream->start(c->st, c->iv, c->ivlen, c->enc);
    if (r != RIJN_OK) return aead_fail(c, r, "start");
    c->iv_state = IV_STARTED;
    return 1;
}

/* ------------------------------------------------------- TLS 1.2 -- */
/* RFC 5288 §3: the 8-byte explicit part of the nonce (iv[4..12)) counts
 * up, one value per record sealed. */
static void tls_next_nonce(AEAD_CTX *c)
{
    for (int i = 11; i >= 4; i--)
        if (++c->iv[i] != 0) break;
}

/* The tag of a TLS 1.2 record: GCM's is 16 bytes (RFC 5288 §3); CCM's is
 * the length libssl set before the key, 16 or 8 (RFC 6655 §3, RFC 7251:
 * the _CCM_8 suites). */
static size_t tls_tag(const AEAD_CTX *c)
{
    return c->stream ? 16 : c->taglen;
}

/* RFC 5288 / RFC 6655 record: explicit nonce || data || tag, in place.
 * (RFC 6655 §3 builds CCM's 12-byte nonce the same way as GCM's: 4 bytes
 * from the key block, 8 explicit.) (Not inlined:
 * its nonce buffer would put a stack canary on every update.) */
__attribute__((noinline)) static int aead_tls_record(AEAD_CTX *c, unsigned char *out, size_t *outl,
                                                     const unsigned char *in, size_t len)
{
    const struct prov_aead_ops *o = c->ops;
    int r;
    c->tls_aad_set = 0;
    c->iv_state = IV_FINISHED;
    if (!c->key_set || !c->iv_gen || c->ivlen != 12) {
        prov_err(c->pc, PR_STATE, "%s TLS record before key and fixed IV", aead_name(c));
        return 0;
    }
    size_t tag = tls_tag(c);
    if (!in || out != in || len < TLS_EXPLICIT_IV + tag) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "%s TLS record: %zu bytes, not in place", aead_name(c), len);
        return 0;
    }
    size_t n = len - TLS_EXPLICIT_IV - tag;
    if (c->enc) {
        memcpy(out, c->iv + TLS_FIXED_IV, TLS_EXPLICIT_IV);
        tls_next_nonce(c);
        uint8_t nonce[12];
        memcpy(nonce, c->iv, TLS_FIXED_IV);
        memcpy(nonce + TLS_FIXED_IV, out, TLS_EXPLICIT_IV);
        r = o->seal(c->st, nonce, 12, c->tls_aad, TLS_AAD_LEN, in + 8, n, out + 8, out + 8 + n, tag);
    } else {
        memcpy(c->iv + TLS_FIXED_IV, in, TLS_EXPLICIT_IV);
        r = o->open(c->st, c->iv, 12, c->tls_aad, TLS_AAD_LEN, in + 8, n, in + 8 + n, tag, out + 8);
    }
    if (r != RIJN_OK) return aead_fail(c, r, "TLS record");
    *outl = c->enc ? len : n;
    prov_count(c->family, n + TLS_AAD_LEN);
    return 1;
}

/* The TLS 1.2 parameters: 1 done, 0 refused (error raised), -1 not one
 * of them. */
static int aead_set_tls(AEAD_CTX *c, const OSSL_PARAM *p)
{
    const char *k = p->key;
    int aad = strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD) == 0;
    int fixed = !aad && strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED) == 0;
    if (c->ops->tls_refused) {
        if (!aad && !fixed) return -1;
        prov_err(c->pc, c->ops->tls_refused, "use AES-GCM or the default provider for TLS 1.2 %s suites",
                 aead_name(c));
        return 0;
    }
    if (fixed) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data || c->ivlen != 12) goto bad;
        if (p->data_size == 12) {
            memcpy(c->iv, p->data, 12);
        } else if (p->data_size == TLS_FIXED_IV) {
            memcpy(c->iv, p->data, TLS_FIXED_IV);
            /* RFC 5288 leaves the explicit part to the sender; a random
             * start makes a repeated key less likely to repeat a nonce. */
            if (c->enc && !prov_random(c->iv + TLS_FIXED_IV, 12 - TLS_FIXED_IV)) {
                prov_err(c->pc, PR_RANDOM, "%s TLS nonce", aead_name(c));
                return 0;
            }
        } else {
            goto bad;
        }
        c->iv_gen = 1;
        c->iv_state = IV_BUFFERED;
    } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV) == 0) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || !p->data || c->enc || !c->iv_gen || p->data_size > c->ivlen)
            goto bad;
        memcpy(c->iv + c->ivlen - p->data_size, p->data, p->data_size);
        c->iv_state = IV_BUFFERED;
    } else if (aad) {
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != TLS_AAD_LEN || !p->data) goto bad;
        memcpy(c->tls_aad, p->data, TLS_AAD_LEN);
        /* The record length in the AAD counts the explicit nonce, and on
         * decryption the tag: the AAD must carry the plaintext length. */
        unsigned len = (unsigned)c->tls_aad[11] << 8 | c->tls_aad[12];
        unsigned extra = (unsigned)(TLS_EXPLICIT_IV + (c->enc ? 0 : tls_tag(c)));
        if (len < extra) goto bad;
        len -= extra;
        c->tls_aad[11] = (uint8_t)(len >> 8);
        c->tls_aad[12] = (uint8_t)len;
        c->tls_aad_set = 1;
    } else {
        return -1;
    }
    return 1;
bad:
    prov_err(c->pc, PR_BAD_PARAM, "%s: parameter %s", aead_name(c), k);
    return 0;
}

/* ------------------------------------------------------ messages -- */
static int aead_oneshot_xform(void *vctx, unsigned char *out, const unsigned char *in, size_t n)
{
    AEAD_CTX *c = vctx;
    if (c->enc)
        return c->ops->seal(c->st, c->iv, c->ivlen, c->aad, c->aad_len, in, n, out, c->tag, c->taglen);
    return c->ops->open(c->st, c->iv, c->ivlen, c->aad, c->aad_len, in, n, c->tag, c->taglen, out);
}

/* One-shot: the whole message, one librijn call. */
static int aead_message(AEAD_CTX *c, unsigned char *out, const unsigned char *in, size_t len)
{
    if (c->len_set && len != c->msg_len) {
        prov_err(c->pc, RIJN_ERR_LENGTH, "%s: %zu bytes of data after announcing %zu", aead_name(c), len,
                 c->msg_len);
        return 0;
    }
    if (!c->enc && !c->tag_set) {
        prov_err(c->pc, PR_TAG_NOT_SET, "%s: set the expected tag before the data", aead_name(c));
        return 0;
    }
    int r = prov_forward(c, aead_oneshot_xform, out, in, len, 0);
    c->iv_state = IV_FINISHED;   /* a nonce serves one message: init must give the next */
    if (!c->enc) c->tag_set = 0; /* a tag serves one message, as in OpenSSL */
    if (r != RIJN_OK) return aead_fail(c, r, c->enc ? NULL : "tag check");
    if (c->enc) c->tag_set = 1;
    prov_count(c->family, len + c->aad_len);
    return 1;
}

static int aead_aad(AEAD_CTX *c, const unsigned char *in, size_t inl)
{
    if (c->stream) {
        int r = c->stream->aad(c->st, in, inl);
        if (r != RIJN_OK) return aead_fail(c, r, "AAD");
        prov_count(c->family, inl);
        return 1;
    }
    if (inl == 0) return 1;
    if (c->aad_len + inl < inl) return aead_fail(c, RIJN_ERR_LIMIT, "AAD");
    if (c->aad_len + inl > c->aad_cap) {
        size_t cap = (c->aad_len + inl) * 2;
        uint8_t *n = malloc(cap);
        if (!n) {
            prov_err(c->pc, PR_NO_MEMORY, "%s AAD", aead_name(c));
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

static int aead_data(AEAD_CTX *c, unsigned char *out, const unsigned char *in, size_t inl)
{
    if (!c->stream) return aead_message(c, out, in, inl);
    int r = prov_forward(c->st, c->stream->update, out, in, inl, 16);
    if (r != RIJN_OK) return aead_fail(c, r, "data");
    prov_count(c->family, inl);
    return 1;
}

int prov_aead_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl)
{
    AEAD_CTX *c = vctx;
    *outl = 0;
    if (c->tls_aad_set) return aead_tls_record(c, out, outl, in, inl);
    if (c->stream) {
        if (inl == 0) return 1;
        if (!in) return aead_fail(c, RIJN_ERR_NULL, NULL);
        if (c->iv_state != IV_STARTED && !aead_ready(c)) return 0;
    } else {
        if (!(c->iv_state == IV_BUFFERED && c->key_set) && !aead_ready(c)) return 0;
        if (!out && !in) { /* the message length, announced */
            c->len_set = 1;
            c->msg_len = inl;
            return 1;
        }
    }
    if (!out) return aead_aad(c, in, inl);
    if (outsize < inl) {
        prov_err(c->pc, PR_BUFFER, "%zu bytes of room for %zu", outsize, inl);
        return 0;
    }
    if (inl && !in) return aead_fail(c, RIJN_ERR_NULL, NULL);
    if (!aead_data(c, out, in, inl)) return 0;
    *outl = inl;
    return 1;
}

/* One-shot: the data update did everything (or failed), unless there was
 * none: an empty message (AAD only), processed here. */
__attribute__((noinline)) static int aead_oneshot_final(AEAD_CTX *c)
{
    if (c->iv_state == IV_FINISHED) return 1;
    if (!aead_ready(c)) return 0;
    uint8_t dummy;
    return aead_message(c, &dummy, NULL, 0);
}

int prov_aead_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize)
{
    AEAD_CTX *c = vctx;
    const struct prov_aead_stream *s = c->stream;
    int r;
    (void)out, (void)outsize;
    *outl = 0;
    if (!s) return aead_oneshot_final(c);
    if (!c->enc && !c->tag_set) {
        prov_err(c->pc, PR_TAG_NOT_SET, "%s: set the expected tag before final", aead_name(c));
        return 0;
    }
    if (c->iv_state != IV_STARTED && !aead_ready(c)) return 0;
    if (c->enc) {
        r = s->finish(c->st, c->tag, sizeof c->tag);
        if (r == RIJN_OK) {
            c->taglen = sizeof c->tag;
            c->tag_set = 1;
        }
    } else {
        r = s->verify(c->st, c->tag, c->taglen);
    }
    c->iv_state = IV_FINISHED;
    s->end(c->st);
    if (r != RIJN_OK) return aead_fail(c, r, c->enc ? "tag" : "tag check");
    return 1;
}

/* EVP_Cipher(): the TLS record path (reporting the record length, as
 * OpenSSL does), or one step of the message: in == NULL is final, except
 * that a one-shot algorithm takes (NULL, NULL, len) as the length. libssl
 * 3 itself calls EVP_CipherUpdate on records, which reports the payload
 * length when opening. */
int prov_aead_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl)
{
    AEAD_CTX *c = vctx;
    int streamed = c->stream != NULL;
    if (c->tls_aad_set) {
        if (!aead_tls_record(c, out, outl, in, inl)) return 0;
        *outl = inl;
        return 1;
    }
    if (!in && (out || streamed)) return prov_aead_final(vctx, out, outl, outsize);
    if (!prov_aead_update(vctx, out, outl, outsize, in, inl)) return 0;
    *outl = out || streamed ? inl : 0;
    return 1;
}

/* ---------------------------------------------------- parameters -- */
/* One pass over the request. EVP asks for one parameter at a time, on
 * every init and control ("ivlen" first of all), so the parameter
 * functions look at each requested key once instead of searching the
 * request for every key they know: at 16-byte messages this is a fifth of
 * the provider's instructions. */
int prov_aead_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    AEAD_CTX *c = vctx;
    for (OSSL_PARAM *p = params; p && p->key; p++) {
        const char *k = p->key;
        if (strcmp(k, OSSL_CIPHER_PARAM_IVLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->ivlen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAGLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->taglen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0) {
            if (!OSSL_PARAM_set_size_t(p, c->keylen)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
            if (!c->enc || c->iv_state != IV_FINISHED || !c->tag_set) {
                prov_err(c->pc, PR_TAG_UNAVAILABLE, "%s: the tag exists once an encryption is finished",
                         aead_name(c));
                return 0;
            }
            /* A streamed algorithm computed the whole tag, of which the
             * caller may take the first bytes (GCM, SP 800-38D §5.2.1.2);
             * a one-shot one computed the length that was set. */
            size_t full = c->stream ? sizeof c->tag : c->taglen;
            size_t sz = p->data ? p->data_size : full;
            if (sz == 0 || sz > full || (!c->stream && sz != full)) {
                prov_err(c->pc, RIJN_ERR_TAG_LEN, "%s tag of %zu bytes asked for, %zu made", aead_name(c), sz,
                         full);
                return 0;
            }
            if (!OSSL_PARAM_set_octet_string(p, c->tag, sz)) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_IV) == 0 || strcmp(k, OSSL_CIPHER_PARAM_UPDATED_IV) == 0) {
            /* An encryption's random IV is made when asked for. A streamed
             * message's IV stays readable after final; a one-shot message
             * forgets its nonce. */
            if (c->iv_state == IV_NONE && c->enc && c->ops->random_iv) (void)aead_ready(c);
            if (c->iv_state == IV_NONE || (c->iv_state == IV_FINISHED && !c->stream)) {
                prov_err(c->pc, PR_NO_IV, "%s: no IV yet", aead_name(c));
                return 0;
            }
            if (!OSSL_PARAM_set_octet_string(p, c->iv, c->ivlen)) return 0;
        } else if (strcmp(k, PROV_PARAM_DRIVER) == 0) {
            const char *d = prov_driver(c->family);
            if (!d || !OSSL_PARAM_set_utf8_ptr(p, d)) return 0;
        } else if (c->ops->tls_refused) {
            continue;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_AAD_PAD) == 0) {
            if (!OSSL_PARAM_set_size_t(p, tls_tag(c))) return 0;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TLS1_GET_IV_GEN) == 0) {
            /* the next explicit nonce, as libssl asks for it (KTLS setup) */
            if (!c->iv_gen || !p->data || p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
            size_t sz = p->data_size == 0 || p->data_size > c->ivlen ? c->ivlen : p->data_size;
            memcpy(p->data, c->iv + c->ivlen - sz, sz);
            p->return_size = sz;
            tls_next_nonce(c);
        }
    }
    return 1;
}

int prov_aead_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    AEAD_CTX *c = vctx;
    const struct prov_aead_ops *o = c->ops;
    const OSSL_PARAM *p;
    for (p = params; p && p->key; p++) {
        const char *k = p->key;
        if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_TAG) == 0) {
            /* A tag value is for decryption. A one-shot algorithm also
             * takes the length alone (data == NULL, EVP_CTRL_AEAD_SET_TAG
             * with a NULL pointer), before encryption: CCM's M. */
            int len_only = !p->data && !c->stream;
            if (p->data_type != OSSL_PARAM_OCTET_STRING) goto bad;
            if (c->enc && !len_only) {
                prov_err(c->pc, PR_BAD_PARAM, "%s: a tag value is set only for decryption", aead_name(c));
                return 0;
            }
            if (p->data_size > 16 || !((o->tag_lengths >> p->data_size) & 1) || (!p->data && !len_only)) {
                prov_err(c->pc, RIJN_ERR_TAG_LEN, "%s tag of %zu bytes (rijn takes %s)", aead_name(c),
                         p->data_size, o->tag_rule);
                return 0;
            }
            if (p->data) {
                memcpy(c->tag, p->data, p->data_size);
                c->tag_set = 1;
            }
            c->taglen = p->data_size;
        } else if (strcmp(k, OSSL_CIPHER_PARAM_AEAD_IVLEN) == 0) {
            size_t sz;
            if (!OSSL_PARAM_get_size_t(p, &sz)) goto bad;
            if (sz < o->iv_min || sz > o->iv_max) return aead_bad_ivlen(c, sz);
            if (sz != c->ivlen) {
                c->ivlen = sz;
                /* The IV given is void: a streamed message is finished, a
                 * one-shot algorithm asks for a new nonce. */
                if (c->iv_state == IV_BUFFERED || c->iv_state == IV_STARTED)
                    c->iv_state = c->stream ? IV_FINISHED : IV_NONE;
            }
        } else if (strcmp(k, OSSL_CIPHER_PARAM_KEYLEN) == 0) {
            size_t v;
            if (!OSSL_PARAM_get_size_t(p, &v) || v != c->keylen) goto bad;
        } else if (aead_set_tls(c, p) == 0) {
            return 0;
        }
    }
    return 1;
bad:
    prov_err(c->pc, PR_BAD_PARAM, "%s: parameter %s", aead_name(c), p->key);
    return 0;
}

/* The lists EVP may ask for (without a context, hence per algorithm):
 * with the TLS 1.2 parameters or without. */
static const OSSL_PARAM aead_gettable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_TAGLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_UPDATED_IV, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_DRIVER, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM aead_gettable_tls[] = {
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

static const OSSL_PARAM aead_settable[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM aead_settable_tls[] = {
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_AEAD_IVLEN, NULL),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_AAD, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_SET_IV_INV, NULL, 0),
    OSSL_PARAM_END
};

const OSSL_PARAM *prov_aead_gettable(const struct prov_aead_ops *ops)
{
    return ops->tls_refused ? aead_gettable : aead_gettable_tls;
}

const OSSL_PARAM *prov_aead_settable(const struct prov_aead_ops *ops)
{
    return ops->tls_refused ? aead_settable : aead_settable_tls;
}
