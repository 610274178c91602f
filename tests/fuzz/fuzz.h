/* SPDX-License-Identifier: MIT */
/*
 * Shared parts of the differential fuzz targets (tests/fuzz/fuzz_*.c).
 *
 * Each target fuzzes every algorithm of one shape (support/adapt.h:
 * RS_CIPHER, RS_AEAD, RS_MAC, or everything that streams): the first input
 * byte picks one of its adapters by index, in rs_get order. It reads its
 * parameters from the fuzzer's input with the reader below, runs the
 * operation through the adapter with EVERY driver of the algorithm that
 * this CPU can run (constant-time or not, dedicated or composed by a
 * template), and through OpenSSL's EVP as the outside reference, found by
 * the adapter's mode name. Any disagreement, in output or in the
 * accept/refuse verdict, calls FAIL(), which aborts so that libFuzzer saves
 * the input. The algorithms and drivers come from the registry and the
 * adapter table: no target keeps a list of names.
 *
 * Input layout. Fields are taken in order:
 *   u8(r)         one byte (0 when the input is exhausted);
 *   bytes(r, n)   the next n bytes (zero-filled past the end);
 *   field(r, max) a length byte L, then min(L, max) bytes;
 *   rest(r)       everything left.
 * scripts/gen_fuzz_corpus.py writes seeds in the same layout from the
 * Wycheproof vectors; keep the two in step.
 */
#ifndef RIJN_FUZZ_H
#define RIJN_FUZZ_H

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>

#include "adapt.h"
#include "rijn/aes.h"
#include "rijn/registry.h"

#define FAIL(...)                                                                                         \
    do {                                                                                                  \
        fprintf(stderr, "fuzz: %s:%d: ", __FILE__, __LINE__);                                            \
        fprintf(stderr, __VA_ARGS__);                                                                     \
        fputc('\n', stderr);                                                                              \
        abort();                                                                                          \
    } while (0)

typedef struct {
    const uint8_t *p;
    size_t n;
} reader;

static inline uint8_t u8(reader *r)
{
    if (!r->n) return 0;
    r->n--;
    return *r->p++;
}

/* Copy n bytes out (zero-filled past the end of the input). */
static inline void bytes(reader *r, uint8_t *out, size_t n)
{
    size_t k = n < r->n ? n : r->n;
    memcpy(out, r->p, k);
    memset(out + k, 0, n - k);
    r->p += k;
    r->n -= k;
}

/* A length byte, then that many bytes (at most max, and at most what is
 * left). Returns a pointer into the input; *len gets the length. */
static inline const uint8_t *field(reader *r, size_t max, size_t *len)
{
    size_t l = u8(r);
    if (l > max) l = max;
    if (l > r->n) l = r->n;
    const uint8_t *p = r->p;
    r->p += l;
    r->n -= l;
    *len = l;
    return p;
}

static inline const uint8_t *rest(reader *r, size_t *len)
{
    const uint8_t *p = r->p;
    *len = r->n;
    r->p += r->n;
    r->n = 0;
    return p;
}

/* The adapters a target fuzzes (support/adapt.h), each with every driver
 * of it that this CPU can run, from the registry: constant-time or not,
 * dedicated or composed by a template. The input picks one by index. */
typedef struct {
    const struct rs_alg *alg;
    const char *drv[64];
    size_t ndrv;
} fuzz_alg;

typedef struct {
    fuzz_alg e[16];
    size_t n;
} fuzz_algs;

/* Once per target: the adapters of `shape` (-1: any shape; and with
 * `stream`, only those that stream), in rs_get order. Fails if the
 * registry composes an algorithm that has no adapter (it would go
 * unfuzzed), if a driver fails its self-test, or if an algorithm has no
 * driver. */
static inline void fuzz_setup(fuzz_algs *f, int shape, int stream)
{
    char missing[256];
    if (rs_check_registry(missing, sizeof missing)) FAIL("no adapter in support/adapt.c for %s", missing);
    f->n = 0;
    for (size_t i = 0; rs_get(i); i++) {
        const struct rs_alg *a = rs_get(i);
        if ((shape >= 0 && (int)a->shape != shape) || (stream && !a->s_start)) continue;
        if (f->n == 16) FAIL("more than 16 adapters");
        fuzz_alg *e = &f->e[f->n++];
        e->alg = a;
        e->ndrv = rs_drivers(a, e->drv, 64);
        size_t avail = 0;
        for (size_t j = 0; j < rijn_driver_count(); j++) {
            rijn_driver_info info;
            if (rijn_driver_get(j, &info) != RIJN_OK) FAIL("rijn_driver_get(%zu)", j);
            avail += strcmp(info.algorithm, a->alg) == 0 && info.available;
        }
        if (avail > 64) FAIL("more than 64 drivers for %s", a->alg);
        if (avail != e->ndrv) FAIL("%s: %zu of its %zu drivers failed their self-test", a->alg, avail - e->ndrv, avail);
        if (e->ndrv == 0) FAIL("no driver for %s", a->alg);
    }
    if (f->n == 0) FAIL("no adapter of shape %d", shape);
}

/* A context for any adapter, on the heap at the alignment the types ask
 * for, so that ASan sees its end. */
static inline void *ctx_alloc(const struct rs_alg *a)
{
    void *c = aligned_alloc(64, (a->ctx_size + 63) / 64 * 64);
    if (!c) abort();
    return c;
}

/* Whether a key of several AES keys (XTS: K1 || K2) repeats one: such
 * keys must be refused with RIJN_ERR_WEAK_KEY. */
static inline int key_repeats(const struct rs_alg *a, const uint8_t *key, size_t key_len)
{
    size_t part = key_len / a->key_parts;
    for (size_t i = 0; i < a->key_parts; i++)
        for (size_t j = i + 1; j < a->key_parts; j++)
            if (memcmp(key + i * part, key + j * part, part) == 0) return 1;
    return 0;
}

/* Whether tag_len is one the adapter accepts. */
static inline int tag_ok(const struct rs_alg *a, size_t tag_len)
{
    for (size_t i = 0; a->tags && a->tags[i]; i++)
        if (a->tags[i] == tag_len) return 1;
    return 0;
}

static inline void check_eq(const char *what, const char *drv, const uint8_t *a, const uint8_t *b, size_t n)
{
    if (n && memcmp(a, b, n) != 0) {
        size_t i = 0;
        while (a[i] == b[i]) i++;
        FAIL("%s: driver %s differs from the reference at byte %zu of %zu", what, drv, i, n);
    }
}

static inline int is_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
}

/* n zeroed bytes on the heap (at least one). */
static inline uint8_t *zalloc(size_t n)
{
    uint8_t *p = calloc(1, n ? n : 1);
    if (!p) abort();
    return p;
}

/* A heap copy of n bytes at base + 1 (returned: the base, to free), with
 * room for `extra` more: drivers see a misaligned buffer, and ASan sees
 * the exact end. */
static inline uint8_t *dup_off(const uint8_t *p, size_t n, size_t extra)
{
    uint8_t *b = malloc(n + extra + 1);
    if (!b) abort();
    if (n) memcpy(b + 1, p, n);
    return b;
}

/* OpenSSL's cipher for an adapter's mode and an AES key size in bits
 * ("AES-128-CBC", "AES-256-XTS": XTS is named by one of its two keys), or
 * NULL where OpenSSL has none (AES-192-XTS); looked up once. It fails if
 * OpenSSL lacks the 128-bit one too: then the name is wrong, and the
 * target would have no reference. */
static inline EVP_CIPHER *evp_cipher(const struct rs_alg *a, size_t bits)
{
    static struct {
        const struct rs_alg *a;
        size_t bits;
        EVP_CIPHER *c;
    } cache[64];
    static size_t n;
    for (size_t i = 0; i < n; i++)
        if (cache[i].a == a && cache[i].bits == bits) return cache[i].c;
    char name[32];
    size_t k = (size_t)snprintf(name, sizeof name, "AES-%zu-%s", bits, a->mode);
    for (size_t i = 8; i < k && i < sizeof name; i++) name[i] = (char)toupper((unsigned char)name[i]);
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    if (!c && bits == 128) FAIL("OpenSSL has no %s", name);
    if (!c) (void)evp_cipher(a, 128); /* fails if the mode has no 128-bit one */
    if (n == 64) FAIL("evp_cipher: cache full");
    cache[n].a = a, cache[n].bits = bits, cache[n].c = c;
    n++;
    return c;
}

/* OpenSSL's unauthenticated cipher; returns 1 if it accepted the input
 * (padding included), with *out_len. */
static inline int evp_block(EVP_CIPHER *c, int dec, int pad, const uint8_t *key, const uint8_t *iv,
                            const uint8_t *in, size_t len, uint8_t *out, size_t *out_len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ol = 0, fl = 0, ok = x && EVP_CipherInit_ex2(x, c, key, iv, !dec, NULL);
    if (ok) ok = EVP_CIPHER_CTX_set_padding(x, pad);
    if (ok) ok = EVP_CipherUpdate(x, out, &ol, in, (int)len);
    if (ok) ok = EVP_CipherFinal_ex(x, out + ol, &fl);
    *out_len = (size_t)ol + (size_t)fl;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

/* Whether OpenSSL's AEAD takes a nonce of this length. */
static inline int evp_nonce_ok(EVP_CIPHER *c, size_t nonce_len)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ok = x && EVP_CipherInit_ex2(x, c, NULL, NULL, 1, NULL) &&
             EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) > 0;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

/* OpenSSL's AEAD: seal (writes tag_len bytes of tag) or open (checks the
 * tag). Returns 1 if it accepted, 0 if it refused the message (a wrong
 * tag), -1 if it refused the parameters (nonce length, tag length, a
 * message too long for the nonce). OpenSSL's CCM wants the tag length
 * before the key and the message length before the AAD. */
static inline int evp_aead(EVP_CIPHER *c, int dec, const uint8_t *key, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                           uint8_t *tag, size_t tag_len)
{
    int upfront = EVP_CIPHER_get_mode(c) == EVP_CIPH_CCM_MODE;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int l = 0, ok = x && EVP_CipherInit_ex2(x, c, NULL, NULL, !dec, NULL);
    if (ok) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) > 0;
    if (ok && upfront) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, dec ? tag : NULL) > 0;
    if (ok) ok = EVP_CipherInit_ex2(x, NULL, key, nonce, !dec, NULL);
    if (ok && upfront) ok = EVP_CipherUpdate(x, NULL, &l, NULL, (int)len);
    if (!ok) {
        EVP_CIPHER_CTX_free(x);
        return -1;
    }
    if (aad_len) ok = EVP_CipherUpdate(x, NULL, &l, aad, (int)aad_len);
    if (ok) ok = EVP_CipherUpdate(x, out, &l, in, (int)len);
    if (ok && dec && !upfront) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, tag) > 0;
    if (ok) ok = EVP_CipherFinal_ex(x, out + l, &l);
    if (ok && !dec) ok = EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag) > 0;
    EVP_CIPHER_CTX_free(x);
    return ok;
}

/* OpenSSL's full 16-byte tag for a MAC adapter: the EVP_MAC named as the
 * mode ("CMAC"), over AES in CBC mode, as OpenSSL's CMAC takes its
 * cipher. */
static inline void evp_mac(const struct rs_alg *a, const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len,
                           uint8_t ref[16])
{
    char name[16], cipher[24];
    size_t ref_len = 0, i;
    for (i = 0; a->mode[i] && i + 1 < sizeof name; i++) name[i] = (char)toupper((unsigned char)a->mode[i]);
    name[i] = 0;
    snprintf(cipher, sizeof cipher, "AES-%zu-CBC", key_len * 8);
    static struct {
        const struct rs_alg *a;
        EVP_MAC *mac;
    } cache[16];
    static size_t n;
    EVP_MAC *mac = NULL;
    for (i = 0; i < n && !mac; i++)
        if (cache[i].a == a) mac = cache[i].mac;
    if (!mac) {
        mac = EVP_MAC_fetch(NULL, name, NULL);
        if (!mac) FAIL("OpenSSL has no MAC %s", name);
        if (n == 16) FAIL("evp_mac: cache full");
        cache[n].a = a, cache[n].mac = mac;
        n++;
    }
    EVP_MAC_CTX *mx = EVP_MAC_CTX_new(mac);
    OSSL_PARAM p[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0), OSSL_PARAM_construct_end() };
    if (!mx || !EVP_MAC_init(mx, key, key_len, p) || !EVP_MAC_update(mx, msg, len) ||
        !EVP_MAC_final(mx, ref, &ref_len, 16) || ref_len != 16)
        FAIL("OpenSSL %s over %s failed", name, cipher);
    EVP_MAC_CTX_free(mx);
}

#endif
