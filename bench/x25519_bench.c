/* SPDX-License-Identifier: MIT */
/*
 * Cycles per X25519 operation, rijn's drivers against OpenSSL and
 * libsodium, interleaved: each round runs every contestant once (16 calls
 * each, in a fixed order), and each figure is the median over 41 rounds,
 * with the quartiles, so that a shared machine's slow stretches fall on
 * every contestant alike.
 *
 *   derive  a shared secret: rijn_x25519 with each available driver,
 *           OpenSSL's EVP_PKEY_derive on a context set up beforehand (as
 *           `openssl speed` and `rijn speed` time it), libsodium's
 *           crypto_scalarmult;
 *   base    a public key: rijn_x25519_base, libsodium's
 *           crypto_scalarmult_base; OpenSSL has no call for it alone, so
 *           its row is EVP_PKEY_new_raw_private_key with
 *           EVP_PKEY_get_raw_public_key (as `rijn speed` times it);
 *   batch   rijn_x25519_batch of BATCH multiplications (16, the kind's
 *           chunk), each driver pinned and the batch pick (driver NULL),
 *           per multiplication; the peers have no batch call.
 *
 * The peers are loaded with dlopen (libcrypto.so.3, libsodium.so.23, as
 * `rijn speed` loads them); one that is missing is left out, and the
 * header says so. Clock: elapsed time times the effective core clock,
 * measured with a chain of dependent adds (as `rijn speed` does where
 * perf_event is closed), on x86-64; elsewhere nanoseconds.
 *
 * usage: x25519_bench        (make bench-x25519; RIJN_CPU masks features)
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"
#include "rijn/rijn.h"

#define ROUNDS 41
#define CALLS 16
#define MAXC 24
#define BATCH 16

/* The peers' entry points (OpenSSL 3's and libsodium's ABI). */
typedef struct evp_pkey_st EVP_PKEY;
typedef struct evp_pkey_ctx_st EVP_PKEY_CTX;
static struct {
    EVP_PKEY *(*new_raw_priv)(int, void *, const unsigned char *, size_t);
    EVP_PKEY *(*new_raw_pub)(int, void *, const unsigned char *, size_t);
    int (*get_raw_pub)(const EVP_PKEY *, unsigned char *, size_t *);
    void (*pkey_free)(EVP_PKEY *);
    EVP_PKEY_CTX *(*ctx_new)(EVP_PKEY *, void *);
    int (*derive_init)(EVP_PKEY_CTX *);
    int (*set_peer)(EVP_PKEY_CTX *, EVP_PKEY *);
    int (*derive)(EVP_PKEY_CTX *, unsigned char *, size_t *);
    EVP_PKEY_CTX *dctx;
} ossl;
static struct {
    int (*init)(void);
    int (*scalarmult)(unsigned char *, const unsigned char *, const unsigned char *);
    int (*scalarmult_base)(unsigned char *, const unsigned char *);
} sodium;
#define EVP_PKEY_X25519 1034 /* NID_X25519 */

static uint8_t k[32], u[32], o[32];
static uint8_t bk[BATCH * 32], bu[BATCH * 32], bo[BATCH * 32];

struct contestant {
    char name[64];
    int op;            /* 0 derive, 1 base, 2 batch */
    const char *drv;   /* rijn driver, or NULL for a peer */
    int peer;          /* 0 rijn, 1 OpenSSL, 2 libsodium */
    double t[ROUNDS];
};
static struct contestant cs[MAXC];
static int nc;

static void run(const struct contestant *c)
{
    for (int i = 0; i < CALLS; i++) {
        size_t l = 32;
        if (c->peer == 0 && c->op == 0) rijn_x25519(c->drv, o, k, u);
        else if (c->peer == 0 && c->op == 2) rijn_x25519_batch(c->drv, bo, bk, bu, BATCH, NULL);
        else if (c->peer == 0) rijn_x25519_base(c->drv, o, k);
        else if (c->peer == 1 && c->op == 0) ossl.derive(ossl.dctx, o, &l);
        else if (c->peer == 1) {
            EVP_PKEY *p = ossl.new_raw_priv(EVP_PKEY_X25519, NULL, k, 32);
            ossl.get_raw_pub(p, o, &l);
            ossl.pkey_free(p);
        } else if (c->op == 0) sodium.scalarmult(o, k, u);
        else sodium.scalarmult_base(o, k);
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void add(int op, const char *drv, int peer, const char *name)
{
    if (nc == MAXC) return;
    struct contestant *c = &cs[nc++];
    c->op = op;
    c->drv = drv;
    c->peer = peer;
    snprintf(c->name, sizeof c->name, "%s", name);
}

int main(void)
{
    void *lc = dlopen("libcrypto.so.3", RTLD_NOW), *ls = dlopen("libsodium.so.23", RTLD_NOW);
    if (lc) {
        *(void **)&ossl.new_raw_priv = dlsym(lc, "EVP_PKEY_new_raw_private_key");
        *(void **)&ossl.new_raw_pub = dlsym(lc, "EVP_PKEY_new_raw_public_key");
        *(void **)&ossl.get_raw_pub = dlsym(lc, "EVP_PKEY_get_raw_public_key");
        *(void **)&ossl.pkey_free = dlsym(lc, "EVP_PKEY_free");
        *(void **)&ossl.ctx_new = dlsym(lc, "EVP_PKEY_CTX_new");
        *(void **)&ossl.derive_init = dlsym(lc, "EVP_PKEY_derive_init");
        *(void **)&ossl.set_peer = dlsym(lc, "EVP_PKEY_derive_set_peer");
        *(void **)&ossl.derive = dlsym(lc, "EVP_PKEY_derive");
    }
    if (ls) {
        *(void **)&sodium.init = dlsym(ls, "sodium_init");
        *(void **)&sodium.scalarmult = dlsym(ls, "crypto_scalarmult");
        *(void **)&sodium.scalarmult_base = dlsym(ls, "crypto_scalarmult_base");
        if (!sodium.init || sodium.init() < 0) ls = NULL;
    }
    for (int i = 0; i < 32; i++) k[i] = (uint8_t)(i * 7 + 3);
    /* The point: a public key, as a server receives it. */
    uint8_t s[32];
    for (int i = 0; i < 32; i++) s[i] = (uint8_t)(i * 13 + 1);
    if (rijn_x25519_base(NULL, u, s) != RIJN_OK) return 1;
    if (lc) {
        EVP_PKEY *pk = ossl.new_raw_priv(EVP_PKEY_X25519, NULL, k, 32);
        EVP_PKEY *pu = ossl.new_raw_pub(EVP_PKEY_X25519, NULL, u, 32);
        ossl.dctx = pk && pu ? ossl.ctx_new(pk, NULL) : NULL;
        if (!ossl.dctx || ossl.derive_init(ossl.dctx) <= 0 || ossl.set_peer(ossl.dctx, pu) <= 0) lc = NULL;
    }
    for (int i = 0; i < BATCH * 32; i++) {
        bk[i] = (uint8_t)(i * 7 + 3);
        bu[i] = u[i % 32] ^ (uint8_t)(i / 32);
    }
    for (int op = 0; op < 3; op++) {
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_info d;
            if (rijn_driver_get(i, &d) || strcmp(d.algorithm, "x25519") || !d.available) continue;
            char name[64];
            snprintf(name, sizeof name, "rijn %s", d.driver);
            add(op, d.driver, 0, name);
        }
        if (op == 2) {
            add(op, NULL, 0, "rijn batch pick (driver NULL)");
            continue;
        }
        if (lc) add(op, NULL, 1, op ? "OpenSSL (raw key, get public)" : "OpenSSL EVP_PKEY_derive");
        if (ls) add(op, NULL, 2, op ? "libsodium crypto_scalarmult_base" : "libsodium crypto_scalarmult");
    }
    const double ghz = effective_ghz();
    for (int r = 0; r < ROUNDS; r++)
        for (int c = 0; c < nc; c++) {
            double t = now_ns();
            run(&cs[c]);
            cs[c].t[r] = (now_ns() - t) / (CALLS * (cs[c].op == 2 ? BATCH : 1)) * (ghz > 0 ? ghz : 1);
        }
    printf("# x25519_bench: %s per operation, median of %d interleaved rounds of %d calls (quartiles); "
           "clock %.2f GHz (add chain)%s%s\n",
           ghz > 0 ? "cycles" : "nanoseconds", ROUNDS, CALLS, ghz, lc ? "" : "; OpenSSL not loaded",
           ls ? "" : "; libsodium not loaded");
    for (int op = 0; op < 3; op++) {
        static const char *const title[3] = { "derive (shared secret)", "base (public key)",
                                              "batch of 16 (per multiplication)" };
        printf("%s\n", title[op]);
        for (int c = 0; c < nc; c++) {
            if (cs[c].op != op) continue;
            qsort(cs[c].t, ROUNDS, sizeof cs[c].t[0], cmp);
            printf("  %-36s %9.0f  (%.0f .. %.0f)\n", cs[c].name, cs[c].t[ROUNDS / 2], cs[c].t[ROUNDS / 4],
                   cs[c].t[3 * ROUNDS / 4]);
        }
    }
    return 0;
}
