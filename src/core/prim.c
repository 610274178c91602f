/* SPDX-License-Identifier: MIT */
/*
 * Driver choice for the primitive kinds (core/prim.h): the registry's rule
 * over one kind's short list, so that a static binary calling a primitive
 * links this file, cpu.c and that kind's drivers, and nothing else.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/prim.h"

static bool prim_available(const struct rijn_desc *d)
{
    return d->ops && (d->cpu & rijn_cpu_get()) == d->cpu;
}

static int prim_selftest(const struct rijn_desc *d, int *status)
{
    int st = __atomic_load_n(status, __ATOMIC_ACQUIRE);
    if (st != RIJN_SELFTEST_NOT_RUN) return st;
    struct rijn_inst in;
    memset(&in, 0, sizeof in);
    in.alg = d->kind->alg;
    in.drv = d;
    in.priority = d->priority;
    in.ct = d->ct;
    in.cpu = d->cpu;
    size_t len = strlen(d->name);
    memcpy(in.name, d->name, len < RIJN_NAME_MAX - 1 ? len : RIJN_NAME_MAX - 1);
    int r = d->kind->selftest(&in);
#ifdef RIJN_TEST_HOOKS
    /* As in registry.c: test builds can make chosen drivers fail. */
    const char *brk = getenv("RIJN_TEST_FAIL_SELFTEST");
    if (brk && *brk && strstr(d->name, brk)) r = -1;
#endif
    st = r == 0 ? RIJN_SELFTEST_PASS : RIJN_SELFTEST_FAIL;
    __atomic_store_n(status, st, __ATOMIC_RELEASE);
    return st;
}

int rijn_prim_pick(const struct rijn_desc *const list[], int status[], size_t n, const char *driver,
                   const struct rijn_desc **out)
{
    if (driver) {
        for (size_t i = 0; i < n; i++) {
            if (!list[i] || !list[i]->ops || strcmp(list[i]->name, driver) != 0) continue;
            if (!prim_available(list[i])) return RIJN_ERR_NO_DRIVER;
            if (prim_selftest(list[i], &status[i]) != RIJN_SELFTEST_PASS) return RIJN_ERR_SELFTEST;
            *out = list[i];
            return RIJN_OK;
        }
        return RIJN_ERR_NO_DRIVER;
    }
    /* Candidates in priority order (ties: the earlier line); the first
     * whose self-test passes. At most 64 drivers per kind. */
    uint64_t tried = 0;
    for (;;) {
        size_t best = n;
        for (size_t i = 0; i < n && i < 64; i++) {
            if ((tried >> i & 1) || !list[i] || !list[i]->ct || !prim_available(list[i])) continue;
            if (best == n || list[i]->priority > list[best]->priority) best = i;
        }
        if (best == n) return RIJN_ERR_NO_DRIVER;
        if (prim_selftest(list[best], &status[best]) == RIJN_SELFTEST_PASS) {
            *out = list[best];
            return RIJN_OK;
        }
        tried |= (uint64_t)1 << best;
    }
}

const void *rijn_prim_resolve(const struct rijn_desc *const list[], int status[], size_t n)
{
    const struct rijn_desc *d;
    int r = rijn_prim_pick(list, status, n, NULL, &d);
    if (r != RIJN_OK) {
        const char *alg = "?";
        for (size_t i = 0; i < n; i++)
            if (list[i]) alg = list[i]->kind->alg;
        fprintf(stderr, "rijn: %s: no driver passed its self-test (%s); cannot continue\n", alg, rijn_strerror(r));
        abort();
    }
    return d->ops;
}
