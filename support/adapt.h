/* SPDX-License-Identifier: MIT */
/*
 * Typed adapters: from a registry algorithm name ("gcm(aes)") to its C API.
 *
 * The registry (rijn_driver_count/rijn_driver_get) says which algorithms
 * and drivers exist; each algorithm's public API has its own typed calls
 * (rijn_gcm_seal, rijn_xts_encrypt, ...). This table is the one place that
 * joins the two, so that the CLI, speed, the C tests, dudect, the taint
 * test and the fuzzers iterate the registry and call any algorithm through
 * one interface of its shape, instead of each keeping its own list of mode
 * names and its own switch over them.
 *
 * Three shapes:
 *   RS_CIPHER  unauthenticated encryption (ECB, CBC, CTR, XTS): crypt();
 *              CBC adds PKCS#7 (crypt_pad);
 *   RS_AEAD    authenticated encryption (GCM, CCM): seal() and open();
 *   RS_MAC     a MAC (CMAC): mac() and verify().
 * Where the API streams, the stream calls (s_*) cover it with the rules of
 * the mode (update_granule, final_min).
 *
 * A new mode is one entry in support/adapt.c; nothing else outside src/
 * names it. Tests that must exercise every mode check that each algorithm
 * the registry composes from templates has an entry (rs_check_registry).
 */
#ifndef RIJN_SUPPORT_ADAPT_H
#define RIJN_SUPPORT_ADAPT_H

#include <stddef.h>
#include <stdint.h>

#include "rijn/aes.h"
#include "rijn/registry.h"

enum rs_shape { RS_CIPHER, RS_AEAD, RS_MAC };

/* Room for any algorithm's context and stream state; contexts ask for
 * 64-byte alignment (rijn/aes.h). */
typedef union rs_ctx {
    rijn_ecb_ctx ecb;
    rijn_cbc_ctx cbc;
    rijn_ctr_ctx ctr;
    rijn_xts_ctx xts;
    rijn_gcm_key gcm;
    rijn_ccm_key ccm;
    rijn_cmac_key cmac;
} rs_ctx;

typedef struct rs_stream {
    const void *ctx;        /* the key or context the stream runs on */
    int encrypt;
    uint8_t iv[16];         /* CBC's chaining value */
    union {
        rijn_gcm_ctx gcm;
        rijn_cmac_ctx cmac;
    } u;
} rs_stream;

struct rs_alg {
    const char *alg;        /* the registry's algorithm name, "cbc(aes)" */
    const char *mode;       /* its short name, as OpenSSL and libgcrypt spell the mode: "cbc" */
    enum rs_shape shape;
    size_t ctx_size;        /* bytes of the public context */
    unsigned key_parts;     /* AES keys in the key: 1, or 2 for XTS (K1 || K2) */
    /* IV: RS_CIPHER: its length (0 for ECB, else 16); RS_AEAD: the default
     * nonce length, and the range to try (CCM: all it accepts; GCM takes
     * any length >= 1, and 64 bytes reach its multi-block GHASH of the IV). */
    size_t iv_len, iv_min, iv_max;
    size_t block;           /* RS_CIPHER: lengths must be a multiple of this (1: any) */
    size_t min_len;         /* RS_CIPHER: shortest input (XTS: one block) */
    const uint8_t *tags;    /* RS_AEAD, RS_MAC: accepted tag lengths, longest first, 0-terminated */
    /* 1: `rijn speed` measures decryption in rows of its own, because it
     * runs other code than encryption, at a cost no other row shows: CBC
     * (serial encryption, parallel decryption), XTS (the inverse cipher),
     * GCM (the fused drivers' decryption paths). 0: ECB (its inverse
     * cipher is XTS decryption's), CTR (the same code), CCM (open costs
     * what seal does), MACs. */
    unsigned speed_dec;
    /* The context. init's key_len is the whole key (XTS: both halves). */
    int (*init)(void *ctx, const char *driver, const uint8_t *key, size_t key_len);
    void (*clear)(void *ctx);
    /* RS_CIPHER, one call per message: iv is not modified. */
    int (*crypt)(void *ctx, int encrypt, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len);
    /* RS_CIPHER with PKCS#7 padding (NULL if the mode has none). */
    int (*crypt_pad)(void *ctx, int encrypt, const uint8_t *iv, uint8_t *out, size_t out_cap, size_t *out_len,
                     const uint8_t *in, size_t len);
    /* RS_AEAD, one shot; open zeroes out on a wrong tag. */
    int (*seal)(const void *ctx, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len);
    int (*open)(const void *ctx, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len, uint8_t *out);
    /* RS_MAC: compute, and compare in constant time. */
    int (*mac)(const void *ctx, const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len);
    int (*verify)(const void *ctx, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len);
    /* RS_CIPHER whose IV is the tweak of one data unit (XTS): the longest
     * data unit in bytes (RIJN_XTS_MAX_UNIT); longer data is split into
     * units numbered from the IV, a 128-bit little-endian integer (IEEE
     * 1619-2007 §5.1: the tweak is the data unit's sequence number). 0
     * for modes without data units. */
    size_t unit_max;
    /* Streaming (NULL where the API has none: CCM). start, then aad
     * (RS_AEAD, all before any data), then updates, then final with the
     * rest. update lengths must be multiples of update_granule; when the
     * message length is not a multiple of it, final must take final_min
     * bytes more than the partial granule (XTS: the last full block travels
     * with the partial one, since stealing rewrites it). final writes the
     * tag (encrypt, RS_MAC) or checks it (decrypt); RS_MAC's update and
     * final take out = NULL. */
    size_t update_granule, final_min;
    int (*s_start)(rs_stream *s, void *ctx, const uint8_t *iv, size_t iv_len, int encrypt);
    int (*s_aad)(rs_stream *s, const uint8_t *aad, size_t len);
    int (*s_update)(rs_stream *s, uint8_t *out, const uint8_t *in, size_t len);
    int (*s_final)(rs_stream *s, uint8_t *out, const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len);
    /* 1 where final ends the stream, so that any later call gives
     * RIJN_ERR_STATE (XTS, GCM, CMAC); 0 where the API has no end and
     * final is one more update (CBC, CTR). final with len 0 calls no
     * update: after the end it reaches the tag call itself. */
    int final_ends;
    /* Where crypt_pad and streaming both exist (CBC): the last call of a
     * padded stream, from the stream's state (CBC's chaining value), with
     * crypt_pad's contract: encryption pads, decryption checks and strips
     * the padding in constant time (RIJN_ERR_PADDING). */
    int (*s_final_pad)(rs_stream *s, uint8_t *out, size_t out_cap, size_t *out_len, const uint8_t *in, size_t len);
};

/* The adapter of an algorithm, or NULL. */
const struct rs_alg *rs_find(const char *alg);
/* The adapters in the table's order: i = 0 .. rs_count() - 1, else NULL.
 * Consumers that test "every algorithm" walk the registry and rs_find()
 * each name instead; this order is for inputs that pick an algorithm by
 * index (the fuzzers). */
const struct rs_alg *rs_get(size_t i);
size_t rs_count(void);
/* The AES key length (16, 24, 32) for the i-th rotation, times key_parts. */
static inline size_t rs_key_len(const struct rs_alg *a, size_t i)
{
    return (16 + 8 * (i % 3)) * a->key_parts;
}
/* Number of accepted tag lengths. */
size_t rs_ntags(const struct rs_alg *a);

/* The algorithms the registry composes from templates that have no
 * adapter: written to `missing` (comma-separated); returns how many. A
 * test that covers "every mode" fails if this is not 0. */
size_t rs_check_registry(char *missing, size_t cap);

/* The drivers of algorithm a that this CPU runs and whose self-test
 * passes, in registry order: up to cap names into names; returns the
 * count. */
size_t rs_drivers(const struct rs_alg *a, const char **names, size_t cap);

#endif
