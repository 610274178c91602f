/* SPDX-License-Identifier: MIT */
/*
 * The rijn OpenSSL 3 provider: shared definitions.
 *
 * The provider is a client of librijn's public API and of its registry:
 * which AES modes it offers, and which driver serves each, are asked of
 * the registry when the provider loads (prov_main.c). What lives here is
 * the EVP contract, which librijn does not know: OpenSSL's parameter
 * names, its streaming rules (partial blocks, padding held back until
 * final, AAD as update with out == NULL), and its error reporting.
 *
 *   prov_main.c   entry point, algorithm tables built from the registry
 *                 and PROV_FAMILIES (below), provider parameters, error
 *                 strings, byte counters
 *   prov_block.c  ECB, CBC (EVP padding, TLS 1.0-1.2 records), CTR, XTS
 *   prov_tls_cbc.c  the TLS CBC record check in constant time (no OpenSSL
 *                 header: the taint test runs it alone)
 *   prov_aead.c   the AEAD front end: EVP's calls and parameters, streamed
 *                 and one-shot messages, the TLS 1.2 record path
 *   prov_gcm.c    GCM as a table for it (struct prov_aead_ops)
 *   prov_ccm.c    CCM as a table for it
 *   prov_cmac.c   CMAC as an EVP_MAC
 *   prov_x25519.c X25519 key management and key exchange
 */
#ifndef RIJN_PROV_H
#define RIJN_PROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "rijn/rijn.h"

/* The provider's own error reasons. 1..99 are librijn's error codes,
 * negated (reason = -rijn_err), so that rijn_strerror() gives the text. */
enum {
    PR_NO_KEY = 100,      /* no key set */
    PR_NO_IV,             /* no IV set (decryption never invents one) */
    PR_BUFFER,            /* output buffer too small */
    PR_FINAL_LEN,         /* data not a multiple of the block size at final */
    PR_TAG_NOT_SET,       /* decryption finished before the tag was given */
    PR_TAG_UNAVAILABLE,   /* tag asked for before encryption finished */
    PR_BAD_PARAM,         /* a parameter with a bad type or value */
    PR_TLS_CBC,           /* TLS record processing asked of a mode or TLS
                           * version that has none (ECB, SSL 3.0) */
    PR_TLS_AEAD,          /* TLS 1.2 record processing asked of an AEAD
                           * without it (tls_refused) */
    PR_CMAC_CIPHER,       /* CMAC asked for with a cipher other than AES */
    PR_RANDOM,            /* the OS random source failed */
    PR_STATE,             /* call out of order */
    PR_NO_MEMORY
};

/* The one table of what the provider offers: one row per mode family,
 * X(ENUM, word). The registry knows the family's algorithm as
 * "<word>(aes)"; OpenSSL knows it as "AES-<bits>-<WORD>" for each key size
 * its front end offers, or "<WORD>" for a MAC. prov_main.c makes every
 * name from this list (the byte counters' parameter names too); the front
 * ends know a family by its enum only, and define its descriptor,
 * rijn_prov_<word>. */
#define PROV_FAMILIES(X)                                                                                        \
    X(ECB, ecb) X(CBC, cbc) X(CTR, ctr) X(XTS, xts) X(GCM, gcm) X(CCM, ccm) X(CMAC, cmac)

#define PROV_FAMILY_ENUM(F, word) PF_##F,
enum prov_family { PROV_FAMILIES(PROV_FAMILY_ENUM) PF_COUNT };
#undef PROV_FAMILY_ENUM

/* Byte counters, one per family. They count the bytes a provider context
 * passed to librijn (payload, plus AAD for the AEADs and the message for
 * CMAC), in every instance of the provider in the process. They prove
 * that data went through rijn (the OpenVPN test reads them). */
extern _Atomic uint64_t rijn_prov_bytes[PF_COUNT];
static inline void prov_count(enum prov_family f, size_t n)
{
    atomic_fetch_add_explicit(&rijn_prov_bytes[f], (uint64_t)n, memory_order_relaxed);
}

/* X25519 (prov_x25519.c): the number of shared secrets derived, in every
 * instance of the provider in the process (a count, not bytes: it proves
 * that a key exchange, a TLS handshake's say, ran on rijn). */
extern _Atomic uint64_t rijn_prov_x25519_derives;
/* Its dispatch tables, registered as "X25519" when the registry selects
 * an x25519 driver on this CPU. */
extern const OSSL_DISPATCH rijn_prov_x25519_keymgmt[];
extern const OSSL_DISPATCH rijn_prov_x25519_keyexch[];
#define PROV_X25519_ALGORITHM "x25519" /* the registry's name */
/* The TLS-GROUP capability's entry for x25519, given to cb (libssl). */
int prov_x25519_tls_group(OSSL_CALLBACK *cb, void *arg);

/* One instance of the provider (one per OpenSSL library context). */
typedef struct prov_ctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_ALGORITHM *ciphers;   /* built from the registry at load */
    OSSL_ALGORITHM *macs;
    OSSL_ALGORITHM *keymgmt;   /* X25519, when the registry has a driver */
    OSSL_ALGORITHM *keyexch;
    char *strings;             /* storage for the names in those tables */
} PROV_CTX;

/* Raise an OpenSSL error for this provider. reason: PR_* or a negative
 * rijn_err (any other negative value is reported as itself). */
void prov_err(const PROV_CTX *p, int reason, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A failing librijn call: raise its error, return 0 (EVP's failure). */
int prov_rijn_fail(const PROV_CTX *p, int err, const char *what);

/* EVP hands every cipher's init the key length it has; ours are fixed. */
int prov_keylen_ok(const PROV_CTX *p, const char *alg, size_t got, size_t want);

/* EVP's encrypt_init / decrypt_init, both onto one prefix##_init(ctx, key,
 * keylen, iv, ivlen, params, enc). */
#define PROV_INIT_PAIR(prefix)                                                                                  \
    static int prefix##_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,     \
                              size_t ivlen, const OSSL_PARAM params[])                                          \
    {                                                                                                           \
        return prefix##_init(vctx, key, keylen, iv, ivlen, params, 1);                                          \
    }                                                                                                           \
    static int prefix##_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv,     \
                              size_t ivlen, const OSSL_PARAM params[])                                          \
    {                                                                                                           \
        return prefix##_init(vctx, key, keylen, iv, ivlen, params, 0);                                          \
    }

/* A cipher's dispatch table: prefix##_free, _dup, _einit, _dinit, _update,
 * _final, _cipher, _get_ctx_params, _set_ctx_params, plus the per-key-size
 * newctx and get_params (OpenSSL's get_params has no context, so the key
 * length must be in the function) and the gettable and settable lists
 * (asked for without a context too). */
#define PROV_CIPHER_DISPATCH(table, prefix, newctx, get_params, gettable_ctx, settable_ctx)                    \
    static const OSSL_DISPATCH table[] = {                                                                      \
        { OSSL_FUNC_CIPHER_NEWCTX, (void (*)(void))(newctx) },                                                  \
        { OSSL_FUNC_CIPHER_FREECTX, (void (*)(void))prefix##_free },                                            \
        { OSSL_FUNC_CIPHER_DUPCTX, (void (*)(void))prefix##_dup },                                              \
        { OSSL_FUNC_CIPHER_ENCRYPT_INIT, (void (*)(void))prefix##_einit },                                      \
        { OSSL_FUNC_CIPHER_DECRYPT_INIT, (void (*)(void))prefix##_dinit },                                      \
        { OSSL_FUNC_CIPHER_UPDATE, (void (*)(void))prefix##_update },                                           \
        { OSSL_FUNC_CIPHER_FINAL, (void (*)(void))prefix##_final },                                             \
        { OSSL_FUNC_CIPHER_CIPHER, (void (*)(void))prefix##_cipher },                                           \
        { OSSL_FUNC_CIPHER_GET_PARAMS, (void (*)(void))(get_params) },                                          \
        { OSSL_FUNC_CIPHER_GETTABLE_PARAMS, (void (*)(void))prov_cipher_gettable_params },                      \
        { OSSL_FUNC_CIPHER_GET_CTX_PARAMS, (void (*)(void))prefix##_get_ctx_params },                           \
        { OSSL_FUNC_CIPHER_SET_CTX_PARAMS, (void (*)(void))prefix##_set_ctx_params },                           \
        { OSSL_FUNC_CIPHER_GETTABLE_CTX_PARAMS, (void (*)(void))(gettable_ctx) },                               \
        { OSSL_FUNC_CIPHER_SETTABLE_CTX_PARAMS, (void (*)(void))(settable_ctx) },                               \
        { 0, NULL }                                                                                             \
    };

/* 64-byte aligned, zeroed allocation (librijn's key schedules are aligned
 * and some drivers load them with aligned instructions); free wipes. */
void *prov_zalloc(size_t n);
void prov_free(void *p, size_t n);

/* Fill buf with n bytes from the OS random source; 1 on success. */
int prov_random(void *buf, size_t n);

/* EVP lets an application stream in place with the output trailing the
 * input (out <= in, e.g. decrypting a buffer in pieces while padding is
 * held back); librijn refuses partial overlap. prov_forward runs f on
 * (out, in, n) directly when the buffers are equal or disjoint, refuses
 * out > in (RIJN_ERR_OVERLAP), and otherwise copies the input ahead of
 * the output in pieces of `step` bytes (a multiple of the mode's block;
 * 0: the whole input at once, for one-shot modes). Returns a rijn_err. */
typedef int (*prov_xform)(void *ctx, unsigned char *out, const unsigned char *in, size_t n);
int prov_forward(void *ctx, prov_xform f, unsigned char *out, const unsigned char *in, size_t n, size_t step);

/* A family's front end: one dispatch table per key size. prov_main.c
 * registers the family when the registry can serve its algorithm. bits[]
 * lists the AES key sizes (for XTS the size of one half, which is how
 * OpenSSL names XTS). */
#define PROV_MAX_SIZES 3
struct prov_family_desc {
    int operation;             /* OSSL_OP_CIPHER or OSSL_OP_MAC */
    int nsizes;
    int bits[PROV_MAX_SIZES];
    const OSSL_DISPATCH *dispatch[PROV_MAX_SIZES];
};
#define PROV_FAMILY_DESC(F, word) extern const struct prov_family_desc rijn_prov_##word;
PROV_FAMILIES(PROV_FAMILY_DESC)
#undef PROV_FAMILY_DESC

/* A family's names, from the table: its word ("gcm"), OpenSSL's spelling
 * of it ("GCM"), and the registry's algorithm ("gcm(aes)"). */
const char *prov_word(enum prov_family f);
const char *prov_name(enum prov_family f);
const char *prov_algorithm(enum prov_family f);

/* Custom parameter: the rijn driver that serves an algorithm (cipher
 * get_params) or a context (get_ctx_params). UTF-8 string pointer. */
#define PROV_PARAM_DRIVER "rijn-driver"

/* Common cipher parameter answers (EVP caches them at fetch). */
int prov_cipher_get_params(OSSL_PARAM params[], unsigned mode, size_t keylen, size_t ivlen, size_t blocksize,
                           int aead, int custom_iv, enum prov_family f);
const OSSL_PARAM *prov_cipher_gettable_params(void *provctx);

/* Driver name for the registry algorithm of f, as selected now. */
const char *prov_driver(enum prov_family f);

/* ------------------------------------------------------------- AEADs --
 * prov_aead.c is the EVP front end of every AEAD: contexts, init, update,
 * final, EVP_Cipher, the parameters (IV length, tag, tag length, IV, the
 * TLS 1.2 ones), the state checks, and the two ways EVP feeds a message:
 *   - streamed (GCM): AAD and data go to librijn as they come, final
 *     makes or checks the tag;
 *   - one-shot (CCM): librijn needs the whole message at once (CCM puts
 *     its length in B0), so AAD is collected, the length may be announced
 *     first (update(NULL, NULL, len)), the data comes in one update, and
 *     decryption takes the tag before it.
 * An algorithm is a struct prov_aead_ops: its IV and tag rules and its
 * librijn calls (prov_gcm.c, prov_ccm.c), registered by PROV_AEAD_IMPL.
 * Another AEAD (AES-GCM-SIV, say) is one more such file and a row in
 * PROV_FAMILIES; a one-shot one needs only setkey, seal and open. */
#define PROV_AEAD_IV_MAX 128 /* bytes of IV a context holds */

/* The librijn calls of a streamed algorithm; st is the algorithm's state. */
struct prov_aead_stream {
    int (*start)(void *st, const uint8_t *iv, size_t ivlen, int enc);
    int (*aad)(void *st, const uint8_t *aad, size_t n);
    prov_xform update; /* (st, out, in, n) */
    int (*finish)(void *st, uint8_t *tag, size_t taglen); /* encryption: the tag */
    int (*verify)(void *st, const uint8_t *tag, size_t taglen);
    void (*end)(void *st);   /* wipe the message's state */
    void (*moved)(void *st); /* the state was copied to a new address */
};

struct prov_aead_ops {
    enum prov_family family;
    unsigned evp_mode;         /* EVP_CIPH_*_MODE */
    size_t state_size;         /* the algorithm's state (key, stream), which
                                * starts 64-byte aligned */
    size_t iv_default, iv_min, iv_max; /* bytes, iv_max <= PROV_AEAD_IV_MAX */
    size_t tag_default;        /* the tag length until one is set */
    uint32_t tag_lengths;      /* bit n set: n-byte tags are accepted (n <= 16) */
    const char *tag_rule;      /* those lengths, in words, for errors */
    int random_iv;             /* an encryption given no IV gets a random one */
    int tls_refused;           /* 0: the TLS 1.2 record path (RFC 5288/6655); else
                                * the reason its parameters are refused with */
    /* every algorithm: key setup, and one-shot seal and open (TLS records,
     * one-shot messages), each returning a rijn_err */
    int (*setkey)(void *st, const uint8_t *key, size_t keylen);
    int (*seal)(const void *st, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t taglen);
    int (*open)(const void *st, const uint8_t *iv, size_t ivlen, const uint8_t *aad, size_t aadlen,
                const uint8_t *in, size_t len, const uint8_t *tag, size_t taglen, uint8_t *out);
    const struct prov_aead_stream *stream; /* NULL: one-shot */
};

/* The front end (prov_aead.c), as EVP's dispatch functions. */
void *prov_aead_new(void *provctx, const struct prov_aead_ops *ops, size_t keylen);
void prov_aead_free(void *vctx);
void *prov_aead_dup(void *vctx);
int prov_aead_einit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[]);
int prov_aead_dinit(void *vctx, const unsigned char *key, size_t keylen, const unsigned char *iv, size_t ivlen,
                    const OSSL_PARAM params[]);
int prov_aead_update(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl);
int prov_aead_final(void *vctx, unsigned char *out, size_t *outl, size_t outsize);
int prov_aead_cipher(void *vctx, unsigned char *out, size_t *outl, size_t outsize, const unsigned char *in,
                     size_t inl);
int prov_aead_get_ctx_params(void *vctx, OSSL_PARAM params[]);
int prov_aead_set_ctx_params(void *vctx, const OSSL_PARAM params[]);
const OSSL_PARAM *prov_aead_gettable(const struct prov_aead_ops *ops);
const OSSL_PARAM *prov_aead_settable(const struct prov_aead_ops *ops);

/* The family rijn_prov_<word> of an AEAD with ops `ops`: AES-128, -192 and
 * -256. OpenSSL reports 12 as the default IV length of every AEAD at the
 * algorithm level (a CCM context then starts with its own 7). */
#define PROV_AEAD_SIZE(word, ops, bits)                                                                         \
    static void *word##_new_##bits(void *provctx)                                                               \
    {                                                                                                           \
        return prov_aead_new(provctx, &(ops), (bits) / 8);                                                      \
    }                                                                                                           \
    static int word##_params_##bits(OSSL_PARAM params[])                                                        \
    {                                                                                                           \
        return prov_cipher_get_params(params, (ops).evp_mode, (bits) / 8, 12, 1, 1, 1, (ops).family);           \
    }                                                                                                           \
    PROV_CIPHER_DISPATCH(word##_disp_##bits, prov_aead, word##_new_##bits, word##_params_##bits,                \
                         word##_gettable_ctx, word##_settable_ctx)
#define PROV_AEAD_IMPL(word, ops)                                                                               \
    static const OSSL_PARAM *word##_gettable_ctx(void *cctx, void *provctx)                                     \
    {                                                                                                           \
        (void)cctx, (void)provctx;                                                                              \
        return prov_aead_gettable(&(ops));                                                                      \
    }                                                                                                           \
    static const OSSL_PARAM *word##_settable_ctx(void *cctx, void *provctx)                                     \
    {                                                                                                           \
        (void)cctx, (void)provctx;                                                                              \
        return prov_aead_settable(&(ops));                                                                      \
    }                                                                                                           \
    PROV_AEAD_SIZE(word, ops, 128)                                                                              \
    PROV_AEAD_SIZE(word, ops, 192)                                                                              \
    PROV_AEAD_SIZE(word, ops, 256)                                                                              \
    const struct prov_family_desc rijn_prov_##word = {                                                          \
        OSSL_OP_CIPHER, 3, { 128, 192, 256 }, { word##_disp_128, word##_disp_192, word##_disp_256 }             \
    };

#endif
