/* SPDX-License-Identifier: MIT */
/*
 * First use from many threads at once. No init call exists: the first
 * lookup builds the registry (pthread_once), runs self-tests (each stored
 * atomically; racing threads may both run one) and fills the per-algorithm
 * selection cache (atomic pointers). Here 16 threads start together and
 * each selects and uses every mode (the registry's algorithms, through
 * their adapters in support/adapt.h), lists the drivers, and compares its
 * results with what a pinned reference driver gives after they all end:
 * the lowest-priority constant-time driver of each mode, the portable one.
 * make check runs it in a ThreadSanitizer build (build-tsan/), which
 * reports any data race; the plain build checks the answers.
 */
#include <pthread.h>

#include "adapt.h"
#include "rijn/registry.h"
#include "testutil.h"

#define THREADS 16
#define MAXALGS 16
#define MSG 1000
static const struct rs_alg *algs[MAXALGS];
static size_t nalgs;

static pthread_barrier_t start;
static uint8_t key[64], iv[16], msg[MSG];

struct result {
    const char *selected[MAXALGS];
    uint8_t out[MAXALGS][MSG + 16];
    int err;
};
static struct result res[THREADS];

/* One message through algorithm a with driver d (NULL: the selected one):
 * the same call a thread makes on first use. */
static int use(const struct rs_alg *a, const char *d, uint8_t *out)
{
    rs_ctx c;
    int r = a->init(&c, d, key, 16 * a->key_parts);
    if (r) return r;
    switch (a->shape) {
    case RS_CIPHER: r = a->crypt(&c, 1, iv, out, msg, MSG - MSG % a->block); break;
    case RS_AEAD: r = a->seal(&c, iv, a->iv_len, key, 13, msg, MSG, out, out + MSG, 16); break;
    case RS_MAC: r = a->mac(&c, msg, MSG, out, 16); break;
    }
    a->clear(&c);
    return r;
}

static void *worker(void *arg)
{
    struct result *r = arg;
    pthread_barrier_wait(&start);
    /* half the threads list first (running every self-test), half select first */
    if ((r - res) % 2) {
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_info info;
            r->err |= rijn_driver_get(i, &info);
        }
    }
    for (size_t a = 0; a < nalgs; a++) r->selected[a] = rijn_selected_driver(algs[a]->alg);
    for (size_t a = 0; a < nalgs; a++) r->err |= use(algs[a], NULL, r->out[a]);
    return NULL;
}

/* The modes: the registry's algorithms that have an adapter. Read from the
 * adapter table, not the registry, so that the threads make the registry's
 * first use. */
static void find_algs(void)
{
    for (const struct rs_alg *a; nalgs < MAXALGS && (a = rs_get(nalgs)) != NULL;) algs[nalgs++] = a;
}

/* The reference driver of a mode: its lowest-priority constant-time one. */
static const char *reference(const struct rs_alg *a)
{
    const char *best = NULL;
    int prio = 0;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) || strcmp(info.algorithm, a->alg) != 0 || !info.available ||
            !info.constant_time || rijn_driver_selftest(i) != RIJN_SELFTEST_PASS)
            continue;
        if (!best || info.priority < prio) best = info.driver, prio = info.priority;
    }
    return best;
}

int main(void)
{
    pthread_t th[THREADS];
    t_seed();
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(msg, sizeof msg);
    find_algs();
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++) CHECK(pthread_create(&th[i], NULL, worker, &res[i]) == 0, "thread %d", i);
    for (int i = 0; i < THREADS; i++) pthread_join(th[i], NULL);

    /* Every mode the registry composes has an adapter, so none was missed. */
    char missing[256];
    CHECK(rs_check_registry(missing, sizeof missing) == 0, "no adapter (support/adapt.c) for %s", missing);
    /* The answers: every thread agrees with the portable reference. */
    static struct result ref;
    for (size_t a = 0; a < nalgs; a++) {
        const char *d = reference(algs[a]);
        CHECK(d != NULL, "%s: no constant-time reference driver", algs[a]->alg);
        ref.err |= d ? use(algs[a], d, ref.out[a]) : -1;
        ref.selected[a] = d;
    }
    CHECK(ref.err == 0, "reference drivers");
    for (int i = 0; i < THREADS; i++) {
        CHECK(res[i].err == 0, "thread %d: a call failed", i);
        for (size_t a = 0; a < nalgs; a++) {
            CHECK(res[i].selected[a] && res[0].selected[a] && strcmp(res[i].selected[a], res[0].selected[a]) == 0,
                  "thread %d selected %s for %s", i, res[i].selected[a] ? res[i].selected[a] : "nothing",
                  algs[a]->alg);
            CHECK(memcmp(res[i].out[a], ref.out[a], sizeof ref.out[a]) == 0, "thread %d: %s differs from %s", i,
                  algs[a]->alg, ref.selected[a] ? ref.selected[a] : "?");
        }
    }
    pthread_barrier_destroy(&start);
    return t_done();
}
