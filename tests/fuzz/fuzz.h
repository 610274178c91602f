/*
 * Shared parts of the differential fuzz targets (tests/fuzz/fuzz_*.c).
 *
 * Each target reads its parameters from the fuzzer's input with the reader
 * below, runs the operation through EVERY driver of the algorithm that this
 * CPU can run (constant-time or not, dedicated or composed by a template),
 * and through OpenSSL's EVP as the outside reference. Any disagreement, in
 * output or in the accept/refuse verdict, calls FAIL(), which aborts so that
 * libFuzzer saves the input. The drivers come from the registry: no target
 * keeps a list of names.
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

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>

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

/* Every driver of `alg` that this CPU can run and that passed its
 * self-test, from the registry. Filled once; at most 64 per algorithm. */
typedef struct {
    const char *name[64];
    size_t n;
} driver_list;

static inline void drivers_of(const char *alg, driver_list *d)
{
    d->n = 0;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) != RIJN_OK) FAIL("rijn_driver_get(%zu)", i);
        if (strcmp(info.algorithm, alg) || !info.available) continue;
        if (rijn_driver_selftest(i) != RIJN_SELFTEST_PASS) FAIL("%s failed its self-test", info.driver);
        if (d->n == 64) FAIL("more than 64 drivers for %s", alg);
        d->name[d->n++] = info.driver;
    }
    if (d->n == 0) FAIL("no driver for %s", alg);
}

static inline void check_eq(const char *what, const char *drv, const uint8_t *a, const uint8_t *b, size_t n)
{
    if (n && memcmp(a, b, n) != 0) {
        size_t i = 0;
        while (a[i] == b[i]) i++;
        FAIL("%s: driver %s differs from OpenSSL at byte %zu of %zu", what, drv, i, n);
    }
}

static inline int is_zero(const uint8_t *p, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= p[i];
    return acc == 0;
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

static inline EVP_CIPHER *evp_cipher(const char *name)
{
    EVP_CIPHER *c = EVP_CIPHER_fetch(NULL, name, NULL);
    if (!c) FAIL("OpenSSL has no %s", name);
    return c;
}

/* OpenSSL's ECB/CBC/CTR/XTS (by EVP name); returns 1 if it accepted the
 * input (padding included), with *out_len. */
static inline int evp_block(const char *name, int dec, int pad, const uint8_t *key, const uint8_t *iv,
                            const uint8_t *in, size_t len, uint8_t *out, size_t *out_len)
{
    EVP_CIPHER *c = evp_cipher(name);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ol = 0, fl = 0, ok = x && EVP_CipherInit_ex2(x, c, key, iv, !dec, NULL);
    if (ok) ok = EVP_CIPHER_CTX_set_padding(x, pad);
    if (ok) ok = EVP_CipherUpdate(x, out, &ol, in, (int)len);
    if (ok) ok = EVP_CipherFinal_ex(x, out + ol, &fl);
    *out_len = (size_t)ol + (size_t)fl;
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(c);
    return ok;
}

/* OpenSSL's full 16-byte AES-CMAC tag. */
static inline void evp_cmac(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len, uint8_t ref[16])
{
    char cipher[24];
    size_t ref_len = 0;
    snprintf(cipher, sizeof cipher, "AES-%zu-CBC", key_len * 8);
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "CMAC", NULL);
    EVP_MAC_CTX *mx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    OSSL_PARAM p[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_CIPHER, cipher, 0), OSSL_PARAM_construct_end() };
    if (!mx || !EVP_MAC_init(mx, key, key_len, p) || !EVP_MAC_update(mx, msg, len) ||
        !EVP_MAC_final(mx, ref, &ref_len, 16) || ref_len != 16)
        FAIL("OpenSSL CMAC failed");
    EVP_MAC_CTX_free(mx);
    EVP_MAC_free(mac);
}

#endif
