/* SPDX-License-Identifier: MIT */
/*
 * The pac adapter (support/adapt_prim.h): each PAC function of
 * include/rijn/pac.h for throughput (independent calls) and latency (each
 * call's data the previous PAC, as a chain of signed pointers), and the
 * batch forms per PAC (256 pointers under one key, as an emulator signing
 * a backlog); through the public functions (rijn_pac_*), or through a
 * pinned driver's table. The taint test runs every function, batches
 * included, with the keys, data and modifiers secret.
 */
#include "adapt_prim.h"

#include <string.h>

typedef struct rijn_pac_ops pac_ops;
enum { PAC_CALLS = 256, PAC_BATCH = 256 };

static int pa_open(rs_prim_job *j, const char *driver)
{
    const pac_ops *t;
    int r = rijn_pac_get(driver, &t);
    if (r) return r;
    j->table = driver ? t : NULL;
    j->driver = t->driver;
    for (size_t i = 0; i < sizeof j->key; i++) j->key[i] = (uint8_t)(i * 29 + 7);
    for (size_t i = 0; i < 2 * 8 * PAC_BATCH; i++) j->in[i] = (uint8_t)(i * 73 + 11);
    return 0;
}

static void pa_keys(const rs_prim_job *j, uint64_t *k0, uint64_t *k1)
{
    memcpy(k0, j->key, 8);
    memcpy(k1, j->key + 8, 8);
}

static const uint64_t *pa_words(const rs_prim_job *j, size_t i)
{
    return (const uint64_t *)(const void *)(j->in + 8 * PAC_BATCH * i);
}

#define PA_ONE(name)                                                                        \
    static void pa_thr_##name(rs_prim_job *j)                                               \
    {                                                                                       \
        const pac_ops *t = j->table;                                                        \
        uint64_t k0, k1, acc = 0;                                                           \
        pa_keys(j, &k0, &k1);                                                               \
        const uint64_t *d = pa_words(j, 0), *m = pa_words(j, 1);                            \
        if (!t)                                                                             \
            for (size_t i = 0; i < PAC_CALLS; i++) acc ^= rijn_pac_##name(d[i], m[i], k0, k1); \
        else                                                                                \
            for (size_t i = 0; i < PAC_CALLS; i++) acc ^= t->name(d[i], m[i], k0, k1);      \
        memcpy(j->out, &acc, 8);                                                            \
    }                                                                                       \
    static void pa_lat_##name(rs_prim_job *j)                                               \
    {                                                                                       \
        const pac_ops *t = j->table;                                                        \
        uint64_t k0, k1, x = pa_words(j, 0)[0], m = pa_words(j, 1)[0];                      \
        pa_keys(j, &k0, &k1);                                                               \
        if (!t)                                                                             \
            for (size_t i = 0; i < PAC_CALLS; i++) x = rijn_pac_##name(x, m, k0, k1);       \
        else                                                                                \
            for (size_t i = 0; i < PAC_CALLS; i++) x = t->name(x, m, k0, k1);               \
        memcpy(j->out, &x, 8);                                                              \
    }                                                                                       \
    static void pa_batch_##name(rs_prim_job *j)                                             \
    {                                                                                       \
        const pac_ops *t = j->table;                                                        \
        uint64_t k0, k1;                                                                    \
        pa_keys(j, &k0, &k1);                                                               \
        uint64_t *o = (uint64_t *)(void *)j->out;                                           \
        if (!t)                                                                             \
            rijn_pac_##name##_batch(o, pa_words(j, 0), pa_words(j, 1), k0, k1, PAC_BATCH);  \
        else                                                                                \
            t->name##_batch(o, pa_words(j, 0), pa_words(j, 1), k0, k1, PAC_BATCH);          \
    }
PA_ONE(qarma5)
PA_ONE(qarma3)
PA_ONE(aes)

#define PA_ROWS(name)                                                                           \
    { #name, "throughput", PAC_CALLS, pa_thr_##name }, { #name, "latency", PAC_CALLS, pa_lat_##name }, \
    { #name "_batch", "batch of 256", PAC_BATCH, pa_batch_##name }
static const struct rs_prim_op pa_bench[] = { PA_ROWS(qarma5), PA_ROWS(qarma3), PA_ROWS(aes) };

/* Every function of driver; keys, data and modifiers from the secret
 * bytes; 37 batch elements cover the vector drivers' groups and tails.
 * The PACs go to out, which the caller treats as public (they are the
 * guest's to publish). */
static int pa_taint(const char *driver, const uint8_t *secret, uint8_t *out, size_t len)
{
    const pac_ops *o;
    int r = rijn_pac_get(driver, &o);
    if (r) return r;
    enum { N = 37 };
    if (len < 8 * N) return RIJN_ERR_LENGTH;
    uint64_t k[2], d[N], m[N], res[N];
    for (size_t i = 0; i < N; i++) {
        memcpy(&d[i], secret + (8 * i) % 240, 8);
        memcpy(&m[i], secret + (8 * i + 120) % 240, 8);
    }
    memcpy(k, secret + 240, 16);
    uint64_t acc = o->qarma5(d[0], m[0], k[0], k[1]) ^ o->qarma3(d[1], m[1], k[0], k[1]) ^
                   o->aes(d[2], m[2], k[0], k[1]);
    o->qarma5_batch(res, d, m, k[0], k[1], N);
    o->qarma3_batch(res, res, m, k[0], k[1], N);
    o->aes_batch(res, res, m, k[0], k[1], N);
    res[0] ^= acc;
    memcpy(out, res, sizeof res);
    return 0;
}

const struct rs_prim rs_prim_pac = {
    "pac", pa_open, pa_bench, sizeof pa_bench / sizeof pa_bench[0], pa_taint,
};
