/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: libsodium as a peer (--vs sodium), through libsodium.so.23
 * (Debian's libsodium23) loaded with dlopen, so that rijn does not link
 * it. It is the usual reference for X25519, so it is a peer of the x25519
 * kind (of rijn's modes it has only AES-256-GCM, on CPUs with AES-NI,
 * which OpenSSL and libgcrypt cover): crypto_scalarmult for derive,
 * crypto_scalarmult_base for base, and for batch, which libsodium has no
 * call for, the same crypto_scalarmult one by one; on the scalars and
 * points of rijn's job (support/adapt_prim.h).
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

#define SONAME "libsodium.so.23"

static struct {
    void *h;
    int (*init)(void);
    const char *(*version)(void);
    int (*scalarmult)(uint8_t *q, const uint8_t *n, const uint8_t *p);
    int (*scalarmult_base)(uint8_t *q, const uint8_t *n);
} S;

static int load(void)
{
    S.h = dlopen(SONAME, RTLD_NOW);
    if (!S.h) return -1;
#define SYM(f, n) *(void **)&S.f = dlsym(S.h, n); if (!S.f) return -1
    SYM(init, "sodium_init");
    SYM(version, "sodium_version_string");
    SYM(scalarmult, "crypto_scalarmult");
    SYM(scalarmult_base, "crypto_scalarmult_base");
#undef SYM
    /* 0: initialised now, 1: already; -1: it cannot run (no randomness
     * source), and its functions must not be called. */
    return S.init() < 0 ? -1 : 0;
}

/* sodium_version_string(): the version of the library loaded, "1.0.18". */
static const char *version(void)
{
    return S.version();
}

struct sodium_job {
    const uint8_t *in;      /* RS_X25519_OPS scalars, then as many points */
    uint8_t out[RS_X25519_OPS][32];
};

static void op_derive(void *p)
{
    struct sodium_job *x = p;
    for (size_t i = 0; i < RS_X25519_OPS; i++)
        S.scalarmult(x->out[i], x->in + 32 * i, x->in + 32 * (RS_X25519_OPS + i));
}

static void op_base(void *p)
{
    struct sodium_job *x = p;
    for (size_t i = 0; i < RS_X25519_OPS; i++) S.scalarmult_base(x->out[i], x->in + 32 * i);
}

static int prim_setup(const struct rs_prim *p, const struct rs_prim_op *op, const rs_prim_job *j,
                      struct speed_run *run)
{
    const int derive = strcmp(op->op, "derive") == 0 || strcmp(op->op, "batch") == 0;
    if (strcmp(p->alg, "x25519") != 0 || op->ops != RS_X25519_OPS || (!derive && strcmp(op->op, "base") != 0))
        return -1;
    struct sodium_job *x = calloc(1, sizeof *x);
    if (!x) return -1;
    x->in = j->in;
    run->st = x;
    run->op = derive ? op_derive : op_base;
    return 0;
}

static void prim_done(struct speed_run *run)
{
    free(run->st);
}

const struct speed_peer speed_sodium = {
    .name = "sodium", .title = "libsodium", .soname = SONAME, .col = "sodium", .ratio_key = "sodium_ratio",
    .load = load, .version = version, .prim_setup = prim_setup, .prim_done = prim_done,
};
