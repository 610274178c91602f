/* SPDX-License-Identifier: MIT */
/*
 * EVP interoperability of the rijn provider against OpenSSL's default
 * provider, through the public EVP API only.
 *
 *   evp_interop <provider dir> [seed] [trials]
 *
 * Which ciphers to test is asked of OpenSSL: every cipher the rijn
 * provider registers (EVP_CIPHER_do_all_provided), plus CMAC. For each,
 * on random keys, IVs, AAD and lengths (0..300, and large), with random
 * streaming splits and in-place buffers:
 *   - encryption by rijn equals encryption by the default provider
 *     (ciphertext and tag), and each decrypts the other's output;
 *   - the EVP corner cases: re-init with the key kept and a new IV,
 *     EVP_CTRL_AEAD_* controls, the tag set before final or before the
 *     data, padding on and off, and the failures (bad tag, bad padding,
 *     wrong lengths) that must fail;
 *   - the TLS record paths, set up as libssl does: TLS 1.2 GCM and CCM
 *     (CCM_8 too), and TLS 1.0-1.2 CBC with and without a MAC in the
 *     record: every padding length, bad padding, records too short;
 *   - XTS's 2^20-block data unit, and CTR re-init without an IV;
 *   - X25519: keys made from random private keys in each provider (the
 *     public keys must agree), key generation in rijn, EVP_PKEY_derive
 *     with the peer key from the other provider (export and import) in
 *     both directions, EVP_PKEY_eq and EVP_PKEY_dup across them, and the
 *     failures: a small-order peer key (all-zero secret), a short buffer.
 * The provider's byte counter must grow by what went through it, and its
 * X25519 counter by the number of secrets rijn derived.
 * Exit status 0 when everything agrees; the first disagreement prints the
 * cipher, the seed and the case, and exits 1.
 */
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state;
static uint64_t rnd(void)
{
    /* xorshift64*: reproducible from the printed seed */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ull;
}
static size_t rnd_below(size_t n)
{
    return n ? (size_t)(rnd() % n) : 0;
}
static void rnd_bytes(unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char)rnd();
}

static uint64_t seed;
static const char *current = "";

#define CHECK(cond, ...)                                                                                       \
    do {                                                                                                       \
        if (!(cond)) {                                                                                         \
            fprintf(stderr, "FAIL %s (seed %llu, line %d): ", current, (unsigned long long)seed, __LINE__);    \
            fprintf(stderr, __VA_ARGS__);                                                                      \
            fprintf(stderr, "\n");                                                                             \
            ERR_print_errors_fp(stderr);                                                                       \
            exit(1);                                                                                           \
        }                                                                                                      \
    } while (0)

/* Expect failure: the call must fail and leave an error on the queue. */
#define EXPECT_FAIL(call, what)                                                                                \
    do {                                                                                                       \
        ERR_clear_error();                                                                                     \
        CHECK(!(call), "%s should have failed", what);                                                         \
        CHECK(ERR_peek_error() != 0, "%s failed without an error on the queue", what);                        \
        ERR_clear_error();                                                                                     \
    } while (0)

static OSSL_LIB_CTX *libctx;
static OSSL_PROVIDER *prov_rijn, *prov_default;

static uint64_t rijn_bytes(void)
{
    uint64_t v = 0;
    OSSL_PARAM p[] = { OSSL_PARAM_uint64("rijn-bytes", &v), OSSL_PARAM_END };
    CHECK(OSSL_PROVIDER_get_params(prov_rijn, p), "provider parameter rijn-bytes");
    return v;
}

static uint64_t rijn_x25519_derives(void)
{
    uint64_t v = 0;
    OSSL_PARAM p[] = { OSSL_PARAM_uint64("rijn-x25519-derives", &v), OSSL_PARAM_END };
    CHECK(OSSL_PROVIDER_get_params(prov_rijn, p), "provider parameter rijn-x25519-derives");
    return v;
}

/* ---------------------------------------------------- a cipher run -- */
struct job {
    const EVP_CIPHER *c;
    int mode;
    int enc;
    const unsigned char *key, *iv;
    size_t ivlen;
    const unsigned char *aad;
    size_t aadlen;
    const unsigned char *in;
    size_t len;
    unsigned char *out;   /* room for len + 32 */
    unsigned char tag[16];
    size_t taglen;        /* GCM/CCM: tag to produce / expected */
    int pad;
    int splits;           /* stream in random pieces */
    int in_place;
    int tag_early;        /* decryption: set the tag before the data */
};

/* Runs j through EVP. Returns 1 on success with *outlen set; 0 when EVP
 * refused (an expected outcome in the failure cases). */
static int run_job(struct job *j, size_t *outlen)
{
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int ok = 0, n = 0;
    size_t total = 0;
    unsigned char *buf = NULL;
    const unsigned char *src = j->in;
    CHECK(x, "CTX_new");
    if (j->in_place) {
        buf = malloc(j->len + 32);
        memcpy(buf, j->in, j->len);
        src = buf;
    }
    unsigned char *dst = j->in_place ? buf : j->out;
    int aead = j->mode == EVP_CIPH_GCM_MODE || j->mode == EVP_CIPH_CCM_MODE;
    if (!EVP_CipherInit_ex(x, j->c, NULL, NULL, NULL, j->enc)) goto done;
    if (aead && !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, (int)j->ivlen, NULL)) goto done;
    if (j->mode == EVP_CIPH_CCM_MODE &&
        !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)j->taglen, j->enc ? NULL : j->tag))
        goto done;
    if (j->mode == EVP_CIPH_GCM_MODE && !j->enc && j->tag_early &&
        !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)j->taglen, j->tag))
        goto done;
    if (!EVP_CipherInit_ex(x, NULL, NULL, j->key, j->iv, -1)) goto done;
    if (!EVP_CIPHER_CTX_set_padding(x, j->pad)) goto done;
    if (j->mode == EVP_CIPH_CCM_MODE && !EVP_CipherUpdate(x, NULL, &n, NULL, (int)j->len)) goto done;
    if (aead && j->aadlen) {
        size_t off = 0;
        while (off < j->aadlen) {
            size_t piece = j->aadlen - off;
            if (j->splits && j->mode == EVP_CIPH_GCM_MODE) piece = 1 + rnd_below(piece);
            if (!EVP_CipherUpdate(x, NULL, &n, j->aad + off, (int)piece)) goto done;
            off += piece;
        }
    }
    if (j->mode == EVP_CIPH_CCM_MODE || j->mode == EVP_CIPH_XTS_MODE || !j->splits) {
        if (!EVP_CipherUpdate(x, dst, &n, src, (int)j->len)) goto done;
        total = (size_t)n;
    } else {
        size_t off = 0;
        while (off < j->len) {
            size_t piece = 1 + rnd_below(j->len - off);
            if (rnd_below(4) == 0) { /* short pieces, zero-length ones included */
                size_t r = rnd_below(40);
                piece = r < j->len - off ? r : j->len - off;
            }
            if (!EVP_CipherUpdate(x, dst + total, &n, src + off, (int)piece)) goto done;
            total += (size_t)n;
            off += piece;
        }
    }
    if (j->mode == EVP_CIPH_GCM_MODE && !j->enc && !j->tag_early &&
        !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, (int)j->taglen, j->tag))
        goto done;
    if (!EVP_CipherFinal_ex(x, dst + total, &n)) goto done;
    total += (size_t)n;
    if (aead && j->enc && !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)j->taglen, j->tag)) goto done;
    if (buf) memcpy(j->out, buf, total);
    *outlen = total;
    ok = 1;
done:
    free(buf);
    EVP_CIPHER_CTX_free(x);
    return ok;
}

static const size_t big_lengths[] = { 4096, 16384 + 5, 65536 + 16, 1 << 20 };

static void test_cipher(const char *name, int trials)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    CHECK(cr && cd, "fetch %s from both providers", name);
    int mode = EVP_CIPHER_get_mode(cr);
    CHECK(mode == EVP_CIPHER_get_mode(cd), "mode %d vs %d", mode, EVP_CIPHER_get_mode(cd));
    CHECK(EVP_CIPHER_get_key_length(cr) == EVP_CIPHER_get_key_length(cd), "key length");
    CHECK(EVP_CIPHER_get_block_size(cr) == EVP_CIPHER_get_block_size(cd), "block size %d vs %d",
          EVP_CIPHER_get_block_size(cr), EVP_CIPHER_get_block_size(cd));
    CHECK((EVP_CIPHER_get_flags(cr) & EVP_CIPH_FLAG_AEAD_CIPHER) ==
              (EVP_CIPHER_get_flags(cd) & EVP_CIPH_FLAG_AEAD_CIPHER),
          "AEAD flag");
    const char *drv = NULL;
    OSSL_PARAM dp[] = { OSSL_PARAM_utf8_ptr("rijn-driver", &drv, 0), OSSL_PARAM_END };
    CHECK(EVP_CIPHER_get_params(cr, dp) && drv && *drv, "rijn-driver parameter");
    printf("  %-12s via %s\n", name, drv);

    size_t keylen = (size_t)EVP_CIPHER_get_key_length(cr);
    size_t maxlen = big_lengths[3] + 64;
    unsigned char key[64], iv[64], aad[300];
    unsigned char *pt = malloc(maxlen), *ct1 = malloc(maxlen), *ct2 = malloc(maxlen), *back = malloc(maxlen);
    for (int t = 0; t < trials; t++) {
        struct job a = { 0 }, b;
        size_t len = t < 301 ? (size_t)t : rnd_below(301);
        if (t % 50 == 49) len = big_lengths[rnd_below(4)];
        int pad = 1;
        if (mode == EVP_CIPH_ECB_MODE || mode == EVP_CIPH_CBC_MODE) {
            pad = (int)rnd_below(2);
            if (!pad) len -= len % 16;
        }
        if (mode == EVP_CIPH_XTS_MODE && len < 16) len = 16 + len;
        rnd_bytes(key, keylen);
        if (mode == EVP_CIPH_XTS_MODE && memcmp(key, key + keylen / 2, keylen / 2) == 0) key[0] ^= 1;
        size_t ivlen = (size_t)EVP_CIPHER_get_iv_length(cr);
        if (mode == EVP_CIPH_GCM_MODE) ivlen = rnd_below(4) ? 12 : 1 + rnd_below(64);
        if (mode == EVP_CIPH_CCM_MODE) ivlen = 7 + rnd_below(7);
        rnd_bytes(iv, sizeof iv);
        size_t aadlen = rnd_below(4) ? rnd_below(sizeof aad) : 0;
        rnd_bytes(aad, aadlen);
        rnd_bytes(pt, len);
        size_t taglen = 16;
        if (mode == EVP_CIPH_CCM_MODE) taglen = 4 + 2 * rnd_below(7);
        if (mode == EVP_CIPH_CCM_MODE && ivlen == 13 && len > 65535) len = 65535; /* L = 2 */
        a.c = cr, a.mode = mode, a.enc = 1, a.key = key, a.iv = iv, a.ivlen = ivlen, a.aad = aad;
        a.aadlen = aadlen, a.in = pt, a.len = len, a.out = ct1, a.taglen = taglen, a.pad = pad;
        a.splits = (int)rnd_below(2), a.in_place = (int)rnd_below(3) == 0;
        b = a;
        b.c = cd, b.out = ct2, b.splits = (int)rnd_below(2), b.in_place = 0;
        size_t n1 = 0, n2 = 0;
        CHECK(run_job(&a, &n1), "rijn encrypt, len %zu", len);
        CHECK(run_job(&b, &n2), "default encrypt, len %zu", len);
        CHECK(n1 == n2 && memcmp(ct1, ct2, n1) == 0, "ciphertexts differ, len %zu (%zu vs %zu bytes)", len, n1,
              n2);
        CHECK(memcmp(a.tag, b.tag, taglen) == 0, "tags differ, len %zu", len);

        /* Each decrypts the other's output. GCM tags may be truncated. */
        size_t dtag = taglen;
        if (mode == EVP_CIPH_GCM_MODE) dtag = 12 + rnd_below(5);
        for (int who = 0; who < 2; who++) {
            struct job d = a;
            d.c = who ? cd : cr, d.enc = 0, d.in = who ? ct1 : ct2, d.len = n1, d.out = back, d.taglen = dtag;
            d.splits = (int)rnd_below(2), d.in_place = (int)rnd_below(3) == 0, d.tag_early = (int)rnd_below(2);
            memcpy(d.tag, a.tag, 16);
            size_t nb = 0;
            CHECK(run_job(&d, &nb), "%s decrypt, len %zu (splits %d, in place %d, pad %d)", who ? "default" : "rijn", len, d.splits, d.in_place, d.pad);
            CHECK(nb == len && memcmp(back, pt, len) == 0, "decryption differs, len %zu", len);
        }

        /* Failures rijn must report: a flipped tag bit, a bad pad. */
        if (mode == EVP_CIPH_GCM_MODE || mode == EVP_CIPH_CCM_MODE) {
            struct job d = a;
            d.enc = 0, d.in = ct1, d.len = n1, d.out = back, d.splits = 0, d.in_place = 0;
            memcpy(d.tag, a.tag, 16);
            d.tag[rnd_below(taglen)] ^= (unsigned char)(1u << rnd_below(8));
            size_t nb;
            memset(back, 0xAA, len);
            ERR_set_mark();
            CHECK(!run_job(&d, &nb), "forged tag accepted, len %zu", len);
            ERR_pop_to_mark();
            if (mode == EVP_CIPH_CCM_MODE && len) /* CCM releases nothing */
                for (size_t i = 0; i < len; i++) CHECK(back[i] == 0 || back[i] == 0xAA, "CCM plaintext released");
        }
        if (mode == EVP_CIPH_CBC_MODE && pad && n1 >= 16) {
            struct job d = a;
            d.enc = 0, d.in = ct1, d.len = n1, d.out = back, d.splits = 0, d.in_place = 0, d.pad = 1;
            /* garble the last block: the pad is wrong with probability ~1 - 2^-8 - ..., so
             * compare with what the default provider says instead of assuming */
            unsigned char save = ct1[n1 - 1];
            ct1[n1 - 1] ^= 0x5a;
            size_t nr, nd;
            ERR_set_mark();
            int okr = run_job(&d, &nr);
            d.c = cd;
            int okd = run_job(&d, &nd);
            ERR_pop_to_mark();
            CHECK(okr == okd && (!okr || nr == nd), "bad-padding verdicts differ (rijn %d, default %d)", okr, okd);
            ct1[n1 - 1] = save;
        }
        if ((mode == EVP_CIPH_ECB_MODE || mode == EVP_CIPH_CBC_MODE) && !pad && len) {
            struct job d = a;
            d.len = len - 1, d.out = back, d.splits = 0, d.in_place = 0;
            size_t nb;
            ERR_set_mark();
            CHECK(!run_job(&d, &nb), "padding off, %zu bytes: final must fail", len - 1);
            ERR_pop_to_mark();
        }
    }
    free(pt), free(ct1), free(ct2), free(back);
    EVP_CIPHER_free(cr);
    EVP_CIPHER_free(cd);
}

/* Re-init with the key kept and a new IV: the same as a fresh context. */
static void test_reinit(const char *name)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    int mode = EVP_CIPHER_get_mode(cr);
    unsigned char key[64], iv1[16], iv2[16], pt[100], o1[140], o2[140], t1[16], t2[16];
    int n, m;
    rnd_bytes(key, sizeof key), rnd_bytes(iv1, 16), rnd_bytes(iv2, 16), rnd_bytes(pt, sizeof pt);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new(), *y = EVP_CIPHER_CTX_new();
    CHECK(EVP_EncryptInit_ex(x, cr, NULL, key, iv1), "init");
    if (mode == EVP_CIPH_CCM_MODE) CHECK(EVP_EncryptUpdate(x, o1, &n, pt, 100), "first message");
    else CHECK(EVP_EncryptUpdate(x, o1, &n, pt, 37), "first message");
    CHECK(EVP_EncryptFinal_ex(x, o1 + n, &m), "first final");
    /* new IV, same key, same context */
    CHECK(EVP_EncryptInit_ex(x, NULL, NULL, NULL, iv2), "re-init with IV only");
    CHECK(EVP_EncryptInit_ex(y, cd, NULL, key, iv2), "default init");
    int a = 0, b = 0;
    CHECK(EVP_EncryptUpdate(x, o1, &n, pt, 100), "update after re-init");
    a = n;
    CHECK(EVP_EncryptFinal_ex(x, o1 + a, &n), "final after re-init");
    a += n;
    CHECK(EVP_EncryptUpdate(y, o2, &n, pt, 100), "default update");
    b = n;
    CHECK(EVP_EncryptFinal_ex(y, o2 + b, &n), "default final");
    b += n;
    CHECK(a == b && memcmp(o1, o2, (size_t)a) == 0, "re-init output differs");
    if (mode == EVP_CIPH_CTR_MODE) {
        /* Re-init without an IV (key kept, or the key given again):
         * OpenSSL continues the counter from the next block. 37 bytes
         * first leave a partial block behind. */
        for (int with_key = 0; with_key < 2; with_key++) {
            for (int w = 0; w < 2; w++) {
                EVP_CIPHER_CTX *z = w ? y : x;
                unsigned char *o = w ? o2 : o1;
                CHECK(EVP_EncryptInit_ex(z, w ? cd : cr, NULL, key, iv1), "ctr init");
                CHECK(EVP_EncryptUpdate(z, o, &n, pt, 37), "ctr first part");
                CHECK(EVP_EncryptInit_ex(z, NULL, NULL, with_key ? key : NULL, NULL), "ctr re-init without IV");
                CHECK(EVP_EncryptUpdate(z, o + 37, &n, pt + 37, 63) && n == 63, "ctr after re-init");
            }
            CHECK(memcmp(o1, o2, 100) == 0, "CTR re-init without IV (key %s) differs from OpenSSL",
                  with_key ? "given again" : "kept");
        }
    }
    if (mode == EVP_CIPH_GCM_MODE || mode == EVP_CIPH_CCM_MODE) {
        size_t tl = mode == EVP_CIPH_GCM_MODE ? 16 : 12;
        CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, (int)tl, t1), "get tag");
        CHECK(EVP_CIPHER_CTX_ctrl(y, EVP_CTRL_AEAD_GET_TAG, (int)tl, t2), "default get tag");
        CHECK(memcmp(t1, t2, tl) == 0, "tag after re-init differs");
        int l = 0;
        OSSL_PARAM q[] = { OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD_TAGLEN, &l), OSSL_PARAM_END };
        CHECK(EVP_CIPHER_CTX_get_params(x, q) && (size_t)l == tl, "taglen parameter %d", l);
        /* A finished message's IV is not reused behind the caller's back:
         * init without an IV, then data, must fail (as with OpenSSL). */
        CHECK(EVP_EncryptInit_ex(x, NULL, NULL, NULL, NULL), "re-init without IV");
        ERR_set_mark();
        int refused = !EVP_EncryptUpdate(x, o1, &n, pt, 100) || !EVP_EncryptFinal_ex(x, o1 + 100, &n);
        ERR_pop_to_mark();
        CHECK(refused, "a finished message's IV was used again");
    }
    EVP_CIPHER_CTX_free(x), EVP_CIPHER_CTX_free(y);
    EVP_CIPHER_free(cr), EVP_CIPHER_free(cd);
}

/* GCM corner cases: controls, random IV, misuse. */
static void test_gcm_corners(const char *name)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    unsigned char key[32], iv[12], pt[64], ct[64], out[64], tag[16], giv[12];
    int n;
    rnd_bytes(key, sizeof key), rnd_bytes(pt, sizeof pt);
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();

    /* Encryption with no IV: rijn draws a random one; the default provider
     * decrypts with it. */
    CHECK(EVP_EncryptInit_ex(x, cr, NULL, key, NULL), "init without IV");
    CHECK(EVP_EncryptUpdate(x, ct, &n, pt, 64), "update with generated IV");
    CHECK(EVP_EncryptFinal_ex(x, ct + n, &n), "final");
    CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag), "tag");
    OSSL_PARAM q[] = { OSSL_PARAM_octet_string(OSSL_CIPHER_PARAM_IV, giv, sizeof giv), OSSL_PARAM_END };
    CHECK(EVP_CIPHER_CTX_get_params(x, q), "read the generated IV");
    EVP_CIPHER_CTX *y = EVP_CIPHER_CTX_new();
    CHECK(EVP_DecryptInit_ex(y, cd, NULL, key, giv), "default decrypt init");
    CHECK(EVP_DecryptUpdate(y, out, &n, ct, 64), "default decrypt");
    CHECK(EVP_CIPHER_CTX_ctrl(y, EVP_CTRL_AEAD_SET_TAG, 16, tag), "default set tag");
    CHECK(EVP_DecryptFinal_ex(y, out + n, &n) && memcmp(out, pt, 64) == 0, "generated IV round trip");
    EVP_CIPHER_CTX_free(y);

    /* update after final, without a new IV, is refused */
    EXPECT_FAIL(EVP_EncryptUpdate(x, ct, &n, pt, 16), "GCM update after final");
    /* decryption without a tag is refused at final */
    rnd_bytes(iv, sizeof iv);
    CHECK(EVP_DecryptInit_ex(x, cr, NULL, key, iv), "decrypt init");
    CHECK(EVP_DecryptUpdate(x, out, &n, ct, 64), "decrypt update");
    EXPECT_FAIL(EVP_DecryptFinal_ex(x, out + n, &n), "GCM final without a tag");
    /* a tag when encrypting is refused; a 3-byte tag is refused */
    CHECK(EVP_EncryptInit_ex(x, cr, NULL, key, iv), "init");
    EXPECT_FAIL(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 16, tag) > 0, "GCM set tag while encrypting");
    CHECK(EVP_DecryptInit_ex(x, cr, NULL, key, iv), "init");
    EXPECT_FAIL(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, 3, tag) > 0, "GCM 3-byte tag");
    /* the tag is not there before final */
    CHECK(EVP_EncryptInit_ex(x, cr, NULL, key, iv), "init");
    EXPECT_FAIL(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag) > 0, "GCM tag before final");
    EVP_CIPHER_CTX_free(x);

    EVP_CIPHER_free(cr), EVP_CIPHER_free(cd);
}

/* The TLS 1.2 AEAD record path, rijn against default, both ways: GCM
 * (RFC 5288) and CCM (RFC 6655; tags of 16 bytes, or 8 for the _CCM_8
 * suites of RFC 7251), set up the way libssl 3.0 does it
 * (tls1_change_cipher_state). */
static void tls_aead_ctx(EVP_CIPHER_CTX *x, const EVP_CIPHER *c, int enc, const unsigned char *key,
                         const unsigned char *fixed, int taglen)
{
    if (EVP_CIPHER_get_mode(c) == EVP_CIPH_CCM_MODE) {
        CHECK(EVP_CipherInit_ex(x, c, NULL, NULL, NULL, enc), "tls ccm init");
        CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL) > 0, "tls ccm ivlen");
        CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_SET_TAG, taglen, NULL) > 0, "tls ccm tag length");
        CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_CCM_SET_IV_FIXED, 4, (void *)fixed) > 0, "tls ccm fixed IV");
        CHECK(EVP_CipherInit_ex(x, NULL, NULL, key, NULL, -1), "tls ccm key");
    } else {
        CHECK(EVP_CipherInit_ex(x, c, NULL, key, NULL, enc), "tls gcm init");
        CHECK(EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_IV_FIXED, 4, (void *)fixed) > 0, "tls gcm fixed IV");
    }
}

static void test_aead_tls(const char *name)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    int ccm = EVP_CIPHER_get_mode(cr) == EVP_CIPH_CCM_MODE;
    unsigned char key[32];
    rnd_bytes(key, sizeof key);
    for (int tl = 16; tl >= (ccm ? 8 : 16); tl -= 8)
    for (int dir = 0; dir < 2; dir++) {
        EVP_CIPHER_CTX *e = EVP_CIPHER_CTX_new(), *d = EVP_CIPHER_CTX_new();
        unsigned char fixed[4], rec[8 + 300 + 16], aad[13];
        rnd_bytes(fixed, 4);
        tls_aead_ctx(e, dir ? cd : cr, 1, key, fixed, tl);
        tls_aead_ctx(d, dir ? cr : cd, 0, key, fixed, tl);
        for (int r = 0; r < 20; r++) {
            size_t plen = rnd_below(300), ov = 8 + (size_t)tl;
            rnd_bytes(aad, 13);
            rnd_bytes(rec + 8, plen);
            unsigned char keep[300];
            memcpy(keep, rec + 8, plen);
            /* libssl's AAD length counts the explicit nonce when sealing,
             * and the nonce and tag when opening */
            aad[11] = (unsigned char)((plen + 8) >> 8), aad[12] = (unsigned char)(plen + 8);
            int pad = EVP_CIPHER_CTX_ctrl(e, EVP_CTRL_AEAD_TLS1_AAD, 13, aad);
            CHECK(pad == tl, "tls aad pad %d (tag %d)", pad, tl);
            /* libssl 3 passes records to provided ciphers with
             * EVP_CipherUpdate, in place */
            int l = 0;
            CHECK(EVP_CipherUpdate(e, rec, &l, rec, (int)(plen + ov)) && l == (int)(plen + ov), "tls seal %d", l);
            size_t rl = plen + ov;
            aad[11] = (unsigned char)(rl >> 8), aad[12] = (unsigned char)rl;
            CHECK(EVP_CIPHER_CTX_ctrl(d, EVP_CTRL_AEAD_TLS1_AAD, 13, aad) == tl, "tls aad (dec)");
            if (r == 7) { /* a forged record is refused */
                rec[8 + plen] ^= 1;
                CHECK(!EVP_CipherUpdate(d, rec, &l, rec, (int)rl), "forged TLS record accepted");
                ERR_clear_error();
                continue;
            }
            CHECK(EVP_CipherUpdate(d, rec, &l, rec, (int)rl), "tls open, record %d, dir %d, tag %d", r, dir, tl);
            CHECK(l == (int)plen && memcmp(rec + 8, keep, plen) == 0, "tls open %d of %zu (record %d, dir %d)", l,
                  plen, r, dir);
        }
        EVP_CIPHER_CTX_free(e), EVP_CIPHER_CTX_free(d);
    }
    EVP_CIPHER_free(cr), EVP_CIPHER_free(cd);
}

/* ------------------------------------------------ TLS 1.0-1.2 CBC -- */
static void tls_cbc_ctx(EVP_CIPHER_CTX *x, const EVP_CIPHER *c, int enc, const unsigned char *key,
                        const unsigned char *iv, unsigned ver, size_t ms)
{
    /* as libssl 3.0 (tls_provider_set_tls_params): the version as an int */
    int v = (int)ver;
    CHECK(EVP_CipherInit_ex(x, c, NULL, key, iv, enc), "tls cbc init");
    OSSL_PARAM p[] = { OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS_VERSION, &v),
                       OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &ms), OSSL_PARAM_END };
    CHECK(EVP_CIPHER_CTX_set_params(x, p), "tls cbc parameters (version 0x%x, mac %zu)", ver, ms);
}

/* Open a record in place as libssl does: the payload length, and the MAC
 * through "tls-mac". 0 when the provider refused the record. */
static int tls_cbc_open(EVP_CIPHER_CTX *x, unsigned char *rec, size_t len, int *pl, unsigned char *mac, size_t ms)
{
    ERR_set_mark();
    int ok = EVP_CipherUpdate(x, rec, pl, rec, (int)len);
    ERR_pop_to_mark();
    if (!ok) return 0;
    if (ms) {
        unsigned char *m = NULL;
        OSSL_PARAM q[] = { OSSL_PARAM_octet_ptr(OSSL_CIPHER_PARAM_TLS_MAC, (void **)&m, ms), OSSL_PARAM_END };
        CHECK(EVP_CIPHER_CTX_get_params(x, q) && m, "tls-mac parameter");
        memcpy(mac, m, ms);
    }
    return 1;
}

static const unsigned tls_versions[] = { 0x0301, 0x0302, 0x0303, 0xfefd }; /* TLS 1.0-1.2, DTLS 1.2 */
static const size_t tls_macs[] = { 0, 20, 32, 48 }; /* encrypt-then-MAC, HMAC-SHA1/256/384 */

/* Sealed records, rijn against default, then opened by the other one,
 * record after record (TLS 1.0 chains the IV across records). Every
 * padding length 1..16 comes up; the last record is garbled. */
static void test_cbc_tls(const char *name)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    unsigned char key[32], iv[16], rec[16 + 1100 + 48 + 16], rec2[sizeof rec], a[sizeof rec], b[sizeof rec];
    unsigned char payload[1100], mac[48], macr[48], macd[48];
    for (size_t vi = 0; vi < sizeof tls_versions / sizeof tls_versions[0]; vi++)
    for (size_t mi = 0; mi < sizeof tls_macs / sizeof tls_macs[0]; mi++) {
        unsigned ver = tls_versions[vi];
        size_t ms = tls_macs[mi], skip = ver == 0x0301 ? 0 : 16;
        rnd_bytes(key, sizeof key), rnd_bytes(iv, 16);
        EVP_CIPHER_CTX *er = EVP_CIPHER_CTX_new(), *ed = EVP_CIPHER_CTX_new();
        EVP_CIPHER_CTX *dr = EVP_CIPHER_CTX_new(), *dd = EVP_CIPHER_CTX_new();
        tls_cbc_ctx(er, cr, 1, key, iv, ver, ms), tls_cbc_ctx(ed, cd, 1, key, iv, ver, ms);
        tls_cbc_ctx(dr, cr, 0, key, iv, ver, ms), tls_cbc_ctx(dd, cd, 0, key, iv, ver, ms);
        for (int r = 0; r < 24; r++) {
            size_t plen = r < 20 ? (size_t)r : rnd_below(sizeof payload), len = skip + plen + ms;
            rnd_bytes(rec, skip), rnd_bytes(payload, plen), rnd_bytes(mac, ms);
            memcpy(rec + skip, payload, plen), memcpy(rec + skip + plen, mac, ms);
            memcpy(rec2, rec, len);
            int l1 = 0, l2 = 0, pr = -1, pd = -1;
            CHECK(EVP_CipherUpdate(er, rec, &l1, rec, (int)len), "tls cbc seal (rijn)");
            CHECK(EVP_CipherUpdate(ed, rec2, &l2, rec2, (int)len), "tls cbc seal (default)");
            CHECK(l1 == l2 && l1 % 16 == 0 && (size_t)l1 > len && memcmp(rec, rec2, (size_t)l1) == 0,
                  "tls cbc records differ: version 0x%x, mac %zu, payload %zu (%d vs %d bytes)", ver, ms, plen, l1, l2);
            memcpy(a, rec, (size_t)l1), memcpy(b, rec, (size_t)l1);
            if (r == 23) { /* garble the padding (a flip in the block before it) */
                a[l1 - 17] ^= (unsigned char)(1 + rnd_below(255));
                b[l1 - 17] = a[l1 - 17];
            }
            int okr = tls_cbc_open(dr, a, (size_t)l1, &pr, macr, ms);
            int okd = tls_cbc_open(dd, b, (size_t)l1, &pd, macd, ms);
            CHECK(okr == okd, "tls cbc open verdicts differ (rijn %d, default %d): version 0x%x, mac %zu, record %d",
                  okr, okd, ver, ms, r);
            if (r == 23) {
                /* A MAC-then-encrypt record with bad padding opens, with a
                 * random MAC in place of the real one (the MAC check
                 * fails later, in the same time); without a MAC in the
                 * record the padding verdict is an error, as in OpenSSL. */
                if (okr && ms) CHECK(memcmp(macr, mac, ms) != 0, "garbled record kept its MAC");
                continue;
            }
            CHECK(okr && pr == (int)plen && pd == (int)plen, "tls cbc open: %d and %d of %zu (version 0x%x, mac %zu)",
                  pr, pd, plen, ver, ms);
            CHECK(memcmp(a + skip, payload, plen) == 0 && memcmp(b + skip, payload, plen) == 0, "tls cbc payload");
            CHECK(memcmp(macr, mac, ms) == 0 && memcmp(macd, mac, ms) == 0, "tls cbc MAC (version 0x%x, mac %zu)",
                  ver, ms);
        }
        /* a record is one update, never finalised */
        int l = 0;
        EXPECT_FAIL(EVP_EncryptFinal_ex(er, rec, &l), "final on a TLS CBC record cipher");
        EVP_CIPHER_CTX_free(er), EVP_CIPHER_CTX_free(ed), EVP_CIPHER_CTX_free(dr), EVP_CIPHER_CTX_free(dd);
    }
    EVP_CIPHER_free(cr), EVP_CIPHER_free(cd);
}

/* Records made by hand (CBC with padding off): padding of any length up
 * to 256 bytes, which TLS allows (RFC 5246 §6.2.3.2), bad patterns, pad
 * lengths that run past the record, records too short for their MAC.
 * rijn and default must agree on each. */
static void test_cbc_tls_raw(const char *name)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    /* The longest record: explicit IV, payload up to 299, MAC up to 48,
     * padding up to 255 and its length byte, rounded up to a block. */
    unsigned char key[32], iv[16], pt[16 + 299 + 48 + 256 + 15], ct[sizeof pt + 16], a[sizeof ct], b[sizeof ct];
    unsigned char mac[48], macr[48], macd[48];
    for (int t = 0; t < 400; t++) {
        unsigned ver = tls_versions[rnd_below(4)];
        size_t ms = tls_macs[rnd_below(4)], skip = ver == 0x0301 ? 0 : 16;
        size_t plen = rnd_below(300), p = rnd_below(256), kind = rnd_below(5);
        size_t len = skip + plen + ms + p + 1;
        size_t total = (len + 15) / 16 * 16;
        plen += total - len; /* fill up to whole blocks with payload */
        len = total;
        rnd_bytes(key, sizeof key), rnd_bytes(iv, 16), rnd_bytes(pt, len), rnd_bytes(mac, ms);
        memcpy(pt + skip + plen, mac, ms);
        memset(pt + len - p - 1, (int)p, p + 1);
        if (kind == 1) pt[len - 1 - rnd_below(p + 1)] ^= (unsigned char)(1 + rnd_below(255)); /* bad pattern */
        if (kind == 2 && p == 255) kind = 0;
        if (kind == 2) pt[len - 1] = 255; /* longer than the padding there, or than the record */
        if (kind == 3) len = skip + 16 * (ms / 16); /* shorter than its MAC and length byte */
        if (len == 0) len = 16;
        /* the ciphertext, by the default provider with padding off */
        EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
        int n = 0;
        CHECK(EVP_EncryptInit_ex(x, cd, NULL, key, iv) && EVP_CIPHER_CTX_set_padding(x, 0) &&
                  EVP_EncryptUpdate(x, ct, &n, pt, (int)len) && n == (int)len, "raw record");
        EVP_CIPHER_CTX_free(x);
        EVP_CIPHER_CTX *dr = EVP_CIPHER_CTX_new(), *dd = EVP_CIPHER_CTX_new();
        tls_cbc_ctx(dr, cr, 0, key, iv, ver, ms), tls_cbc_ctx(dd, cd, 0, key, iv, ver, ms);
        memcpy(a, ct, len), memcpy(b, ct, len);
        int pr = -1, pd = -1;
        int okr = tls_cbc_open(dr, a, len, &pr, macr, ms), okd = tls_cbc_open(dd, b, len, &pd, macd, ms);
        CHECK(okr == okd, "raw record (kind %zu, version 0x%x, mac %zu, pad %zu, %zu bytes): rijn %d, default %d",
              kind, ver, ms, p, len, okr, okd);
        if (!okr) continue;
        int good = kind == 0 || kind == 4;
        if (good) {
            CHECK(pr == (int)plen && pd == (int)plen && memcmp(macr, mac, ms) == 0 && memcmp(macd, mac, ms) == 0,
                  "raw record, pad %zu: payload %d and %d of %zu", p, pr, pd, plen);
            CHECK(memcmp(a + skip, pt + skip, plen) == 0, "raw record payload");
        } else if (ms) {
            /* bad padding: the length without the padding removed, a
             * random MAC (a pad byte flipped into another valid pattern
             * is impossible here: the flip breaks the run) */
            CHECK(pr == pd, "bad-padding record lengths differ: %d vs %d", pr, pd);
            CHECK(memcmp(macr, mac, ms) != 0, "bad-padding record kept its MAC");
        }
        EVP_CIPHER_CTX_free(dr), EVP_CIPHER_CTX_free(dd);
    }
    /* SSL 3.0 and unknown versions are refused; so is a MAC over 64 bytes */
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    int v = 0x0300;
    size_t big = 65;
    CHECK(EVP_DecryptInit_ex(x, cr, NULL, key, iv), "init");
    OSSL_PARAM p1[] = { OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS_VERSION, &v), OSSL_PARAM_END };
    EXPECT_FAIL(EVP_CIPHER_CTX_set_params(x, p1), "SSL 3.0 record processing");
    OSSL_PARAM p2[] = { OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_TLS_MAC_SIZE, &big), OSSL_PARAM_END };
    EXPECT_FAIL(EVP_CIPHER_CTX_set_params(x, p2), "a 65-byte TLS MAC");
    EVP_CIPHER_CTX_free(x);
    EVP_CIPHER_free(cr), EVP_CIPHER_free(cd);
}

/* XTS: one data unit is at most 2^20 blocks (IEEE 1619, SP 800-38E);
 * both providers take exactly that and refuse one block more. */
static void test_xts_limit(const char *name)
{
    EVP_CIPHER *cr = EVP_CIPHER_fetch(libctx, name, "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(libctx, name, "provider=default");
    size_t max = (size_t)16 << 20;
    unsigned char key[64], iv[16];
    unsigned char *in = malloc(max + 16), *o1 = malloc(max + 16), *o2 = malloc(max + 16);
    CHECK(in && o1 && o2, "memory");
    rnd_bytes(key, sizeof key), rnd_bytes(iv, 16), rnd_bytes(in, max + 16);
    key[0] = (unsigned char)~key[EVP_CIPHER_get_key_length(cr) / 2]; /* distinct halves */
    for (int w = 0; w < 2; w++) {
        EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
        int n = 0;
        CHECK(EVP_EncryptInit_ex(x, w ? cd : cr, NULL, key, iv), "xts init");
        CHECK(EVP_EncryptUpdate(x, w ? o2 : o1, &n, in, (int)max) && n == (int)max, "%s: 2^20 blocks",
              w ? "default" : "rijn");
        CHECK(EVP_EncryptInit_ex(x, NULL, NULL, NULL, iv), "xts re-init");
        EXPECT_FAIL(EVP_EncryptUpdate(x, w ? o2 : o1, &n, in, (int)(max + 16)), "XTS data unit of 2^20 + 1 blocks");
        CHECK(EVP_DecryptInit_ex(x, w ? cd : cr, NULL, key, iv), "xts init");
        EXPECT_FAIL(EVP_DecryptUpdate(x, w ? o2 : o1, &n, in, (int)(max + 1)), "XTS decryption over 2^20 blocks");
        EVP_CIPHER_CTX_free(x);
    }
    CHECK(memcmp(o1, o2, max) == 0, "XTS at 2^20 blocks differs");
    free(in), free(o1), free(o2);
    EVP_CIPHER_free(cr), EVP_CIPHER_free(cd);
}

static void test_cmac(int trials)
{
    EVP_MAC *mr = EVP_MAC_fetch(libctx, "CMAC", "provider=rijn");
    EVP_MAC *md = EVP_MAC_fetch(libctx, "CMAC", "provider=default");
    CHECK(mr && md, "fetch CMAC");
    static const char *const ciphers[] = { "AES-128-CBC", "AES-192-CBC", "AES-256-CBC" };
    unsigned char key[32], msg[1000], t1[16] = { 0 }, t2[16] = { 0 };
    for (int t = 0; t < trials; t++) {
        int ci = (int)rnd_below(3);
        size_t kl = 16 + 8 * (size_t)ci, len = t < 300 ? (size_t)t : rnd_below(sizeof msg);
        rnd_bytes(key, kl), rnd_bytes(msg, len);
        OSSL_PARAM p[] = { OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, (char *)ciphers[ci], 0), OSSL_PARAM_END };
        size_t l1 = 0, l2 = 0;
        for (int w = 0; w < 2; w++) {
            EVP_MAC_CTX *m = EVP_MAC_CTX_new(w ? md : mr);
            CHECK(m && EVP_MAC_init(m, key, kl, p), "CMAC init");
            size_t off = 0;
            while (off < len) {
                size_t piece = 1 + rnd_below(len - off);
                CHECK(EVP_MAC_update(m, msg + off, piece), "CMAC update");
                off += piece;
            }
            CHECK(EVP_MAC_final(m, w ? t2 : t1, w ? &l2 : &l1, 16), "CMAC final");
            EVP_MAC_CTX_free(m);
        }
        CHECK(l1 == 16 && l2 == 16 && memcmp(t1, t2, 16) == 0, "CMAC differs, %s, len %zu", ciphers[ci], len);
    }
    /* not AES: refused with an error */
    EVP_MAC_CTX *m = EVP_MAC_CTX_new(mr);
    OSSL_PARAM p[] = { OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, "DES-EDE3-CBC", 0), OSSL_PARAM_END };
    EXPECT_FAIL(EVP_MAC_init(m, key, 24, p), "CMAC with 3DES");
    /* wrong key length for the cipher */
    OSSL_PARAM p2[] = { OSSL_PARAM_utf8_string(OSSL_MAC_PARAM_CIPHER, "AES-256-CBC", 0), OSSL_PARAM_END };
    EXPECT_FAIL(EVP_MAC_init(m, key, 16, p2), "CMAC AES-256 with a 16-byte key");
    EVP_MAC_CTX_free(m);
    EVP_MAC_free(mr), EVP_MAC_free(md);
}

/* ------------------------------------------------------------ X25519 -- */
static EVP_PKEY *x_priv(const char *prov, const unsigned char priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(libctx, "X25519", prov, priv, 32);
    CHECK(k, "X25519 private key into %s", prov);
    return k;
}

static EVP_PKEY *x_pub(const char *prov, const unsigned char pub[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key_ex(libctx, "X25519", prov, pub, 32);
    CHECK(k, "X25519 public key into %s", prov);
    return k;
}

/* The secret of key with peer, computed by the provider prov (which gets
 * both keys by export and import when they live elsewhere). 1 on success,
 * 0 when EVP refused. */
static int x_derive(const char *prov, EVP_PKEY *key, EVP_PKEY *peer, unsigned char out[32])
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, key, prov);
    size_t len = 0;
    CHECK(c && EVP_PKEY_derive_init(c) > 0, "X25519 derive init in %s", prov);
    int ok = EVP_PKEY_derive_set_peer(c, peer) > 0 && EVP_PKEY_derive(c, NULL, &len) > 0 && len == 32;
    ok = ok && EVP_PKEY_derive(c, out, &len) > 0 && len == 32;
    EVP_PKEY_CTX_free(c);
    return ok;
}

static void x_raw(EVP_PKEY *k, int priv, unsigned char out[32])
{
    size_t len = 32;
    int ok = priv ? EVP_PKEY_get_raw_private_key(k, out, &len) : EVP_PKEY_get_raw_public_key(k, out, &len);
    CHECK(ok && len == 32, "X25519 raw %s key", priv ? "private" : "public");
}

static void test_x25519(int trials)
{
    const char *R = "provider=rijn", *D = "provider=default";
    uint64_t before = rijn_x25519_derives(), ours = 0;
    unsigned char a[32], b[32], pa_r[32], pa_d[32], pb[32], s1[32], s2[32], s3[32], s4[32];
    for (int t = 0; t < trials; t++) {
        rnd_bytes(a, 32), rnd_bytes(b, 32);
        EVP_PKEY *ar = x_priv(R, a), *ad = x_priv(D, a), *br = x_priv(R, b), *bd = x_priv(D, b);
        /* rijn computes the public key from the private one on import */
        x_raw(ar, 0, pa_r), x_raw(ad, 0, pa_d);
        CHECK(memcmp(pa_r, pa_d, 32) == 0, "X25519 public keys differ (trial %d)", t);
        CHECK(EVP_PKEY_eq(ar, ad) == 1 && EVP_PKEY_eq(ar, bd) != 1, "X25519 EVP_PKEY_eq across providers");
        /* rijn with the peer from the default provider and the other way
         * round; the default provider with rijn's keys; all agree */
        CHECK(x_derive(R, ar, bd, s1), "rijn derive a.B (trial %d)", t);
        CHECK(x_derive(R, br, ad, s2), "rijn derive b.A (trial %d)", t);
        CHECK(x_derive(D, ad, br, s3), "default derive a.B with rijn's B (trial %d)", t);
        CHECK(x_derive(D, bd, ar, s4), "default derive b.A with rijn's A (trial %d)", t);
        ours += 2;
        CHECK(memcmp(s1, s2, 32) == 0 && memcmp(s1, s3, 32) == 0 && memcmp(s1, s4, 32) == 0,
              "X25519 shared secrets differ (trial %d)", t);
        /* a public key alone, and a copy */
        x_raw(bd, 0, pb);
        EVP_PKEY *pr = x_pub(R, pb), *dup = EVP_PKEY_dup(ar);
        CHECK(dup && x_derive(R, dup, pr, s2) && memcmp(s1, s2, 32) == 0, "rijn derive with a dup and a public key");
        ours++;
        EVP_PKEY_free(ar), EVP_PKEY_free(ad), EVP_PKEY_free(br), EVP_PKEY_free(bd), EVP_PKEY_free(pr);
        EVP_PKEY_free(dup);
    }
    /* keys generated by rijn: the default provider gets the same public
     * key from the private key, and the two derive the same secret */
    for (int t = 0; t < 20; t++) {
        EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(libctx, "X25519", R);
        EVP_PKEY *k = NULL;
        CHECK(g && EVP_PKEY_keygen_init(g) > 0 && EVP_PKEY_CTX_set_group_name(g, "x25519") > 0 &&
                  EVP_PKEY_keygen(g, &k) > 0,
              "X25519 keygen in rijn");
        EVP_PKEY_CTX_free(g);
        x_raw(k, 1, a), x_raw(k, 0, pa_r);
        EVP_PKEY *kd = x_priv(D, a);
        x_raw(kd, 0, pa_d);
        CHECK(memcmp(pa_r, pa_d, 32) == 0, "rijn's generated key: public key differs from the default provider's");
        rnd_bytes(b, 32);
        EVP_PKEY *bd = x_priv(D, b);
        CHECK(x_derive(R, k, bd, s1) && x_derive(D, bd, k, s2) && memcmp(s1, s2, 32) == 0,
              "X25519 with rijn's generated key");
        ours++;
        EVP_PKEY_free(k), EVP_PKEY_free(kd), EVP_PKEY_free(bd);
    }
    EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(libctx, "X25519", R);
    CHECK(g && EVP_PKEY_keygen_init(g) > 0, "X25519 keygen init");
    EXPECT_FAIL(EVP_PKEY_CTX_set_group_name(g, "x448") > 0, "X25519 keygen with the group x448");
    EVP_PKEY_CTX_free(g);
    /* failures: a small-order peer key (the secret would be zero), and a
     * buffer too short for the secret */
    rnd_bytes(a, 32);
    EVP_PKEY *ar = x_priv(R, a);
    memset(pb, 0, 32);
    EVP_PKEY *zero = x_pub(R, pb);
    EXPECT_FAIL(x_derive(R, ar, zero, s1), "X25519 with the all-zero peer key");
    CHECK(!x_derive(D, ar, zero, s1), "the default provider accepted the all-zero peer key");
    ERR_clear_error();
    pb[0] = 1;
    EVP_PKEY *one = x_pub(R, pb);
    EXPECT_FAIL(x_derive(R, ar, one, s1), "X25519 with the peer key u = 1");
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(libctx, ar, R);
    size_t len = 31;
    CHECK(c && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, ar) > 0, "X25519 derive setup");
    EXPECT_FAIL(EVP_PKEY_derive(c, s1, &len) > 0, "X25519 derive into 31 bytes");
    /* no private key: refused when the exchange starts */
    EVP_PKEY_CTX_free(c);
    c = EVP_PKEY_CTX_new_from_pkey(libctx, one, R);
    EXPECT_FAIL(c && EVP_PKEY_derive_init(c) > 0, "X25519 derive with a public key only");
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(ar), EVP_PKEY_free(zero), EVP_PKEY_free(one);
    uint64_t after = rijn_x25519_derives();
    CHECK(after - before == ours, "X25519 counter moved by %llu, rijn derived %llu secrets",
          (unsigned long long)(after - before), (unsigned long long)ours);
}

#define MAX_NAMES 64
static char *names[MAX_NAMES];
static int nnames;
static void collect(EVP_CIPHER *c, void *arg)
{
    (void)arg;
    const OSSL_PROVIDER *p = EVP_CIPHER_get0_provider(c);
    if (p && strcmp(OSSL_PROVIDER_get0_name(p), "rijn") == 0 && nnames < MAX_NAMES)
        names[nnames++] = strdup(EVP_CIPHER_get0_name(c));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <provider dir> [seed] [trials]\n", argv[0]);
        return 2;
    }
    seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    int trials = argc > 3 ? atoi(argv[3]) : 400;
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    libctx = OSSL_LIB_CTX_new();
    CHECK(libctx, "libctx");
    CHECK(OSSL_PROVIDER_set_default_search_path(libctx, argv[1]), "search path");
    prov_rijn = OSSL_PROVIDER_load(libctx, "rijn");
    prov_default = OSSL_PROVIDER_load(libctx, "default");
    CHECK(prov_rijn && prov_default, "load the rijn and default providers from %s", argv[1]);
    printf("evp_interop: seed %llu, %d trials per cipher\n", (unsigned long long)seed, trials);

    EVP_CIPHER_do_all_provided(libctx, collect, NULL);
    CHECK(nnames >= 17, "rijn registers %d ciphers, expected the 17 of ECB/CBC/CTR/GCM/CCM x3 and XTS x2", nnames);
    uint64_t before = rijn_bytes();
    for (int i = 0; i < nnames; i++) {
        current = names[i];
        test_cipher(names[i], trials);
        test_reinit(names[i]);
        int mode = EVP_CIPHER_get_mode(EVP_CIPHER_fetch(libctx, names[i], "provider=rijn"));
        if (mode == EVP_CIPH_GCM_MODE) test_gcm_corners(names[i]);
        if (mode == EVP_CIPH_GCM_MODE || mode == EVP_CIPH_CCM_MODE) test_aead_tls(names[i]);
        if (mode == EVP_CIPH_CBC_MODE) {
            test_cbc_tls(names[i]);
            test_cbc_tls_raw(names[i]);
        }
        if (mode == EVP_CIPH_XTS_MODE) test_xts_limit(names[i]);
    }
    current = "CMAC";
    test_cmac(trials);
    current = "X25519";
    test_x25519(trials);
    uint64_t after = rijn_bytes();
    current = "counter";
    CHECK(after > before + (uint64_t)nnames * 1000, "byte counter moved by only %llu",
          (unsigned long long)(after - before));
    printf("evp_interop: %d ciphers, CMAC and X25519 agree with the default provider; rijn processed %llu bytes\n", nnames,
           (unsigned long long)(after - before));
    for (int i = 0; i < nnames; i++) free(names[i]);
    OSSL_PROVIDER_unload(prov_rijn);
    OSSL_PROVIDER_unload(prov_default);
    OSSL_LIB_CTX_free(libctx);
    return 0;
}
