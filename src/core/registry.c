/* SPDX-License-Identifier: MIT */
/*
 * The registry: instances built from the one list of drivers and templates
 * (drivers.def), and the selection rule. It names no algorithm: kinds and
 * templates are data (core/driver.h).
 *
 * Policy, top to bottom:
 *   1. Every driver with code in this build is an instance of its kind's
 *      algorithm. A driver built on parts (a fused GCM) needs their CPU
 *      features and is constant-time only if they are.
 *   2. Each template is instantiated over every combination of built
 *      drivers of its parts' kinds. The instance's name shows the
 *      composition; its priority is the template's rule (the mode file
 *      gives the reasoning); it is constant-time only if every part is.
 *   3. Selection by algorithm name: the highest priority among instances
 *      that are available (CPU features present after RIJN_CPU masking),
 *      constant-time, and pass their known-answer self-test (run once, on
 *      first selection, after the self-tests of their parts). Ties go to
 *      the earlier entry.
 *   4. Pinning by driver name: exactly that instance, constant-time or not,
 *      if available and self-tested.
 * Nobody else keeps a list of names: the CLI, the tests and the provider
 * iterate this registry.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/driver.h"

static const struct rijn_desc *const drivers[] = {
#define RIJN_DRIVER(sym) &(sym),
#define RIJN_PRIMITIVE(kind, sym) &(sym),
#define RIJN_TEMPLATE(sym)
#include "core/drivers.def"
#undef RIJN_DRIVER
#undef RIJN_PRIMITIVE
#undef RIJN_TEMPLATE
};
#define NDRIVERS (sizeof drivers / sizeof drivers[0])

static const struct rijn_template *const templates[] = {
#define RIJN_DRIVER(sym)
#define RIJN_PRIMITIVE(kind, sym)
#define RIJN_TEMPLATE(sym) &(sym),
#include "core/drivers.def"
#undef RIJN_DRIVER
#undef RIJN_PRIMITIVE
#undef RIJN_TEMPLATE
};
#define NTEMPLATES (sizeof templates / sizeof templates[0])

#define MAX_INST 512
static struct rijn_inst insts[MAX_INST];
static size_t ninst;
static pthread_once_t reg_once = PTHREAD_ONCE_INIT;

/* Selection by algorithm name runs on every key setup, and an application
 * may set a key per message (OpenSSL's EVP_EncryptInit_ex with a key, as
 * `openssl speed` does): walking every instance with strcmp each time cost
 * more than the AES key schedule. The answer cannot change within a
 * process (CPU features are read once; a self-test result is final), so
 * each algorithm name keeps it in a slot, filled on first use. */
#define MAX_ALGS 32
static struct {
    const char *alg;
    const struct rijn_inst *selected; /* atomic; NULL until first asked */
} algs[MAX_ALGS];
static size_t nalgs;

static void add_alg(const char *alg)
{
    for (size_t i = 0; i < nalgs; i++)
        if (strcmp(algs[i].alg, alg) == 0) return;
    if (nalgs < MAX_ALGS) algs[nalgs++].alg = alg;
}

static struct rijn_inst *add(const char *alg, int prio, bool ct, uint32_t cpu)
{
    if (ninst == MAX_INST) return NULL;
    struct rijn_inst *in = &insts[ninst++];
    in->alg = alg;
    in->priority = prio;
    in->ct = ct;
    in->cpu = cpu;
    return in;
}

/* Instances of template t over every combination of built drivers of its
 * parts' kinds: part slot `slot` onwards is still to choose. */
static void instantiate(const struct rijn_template *t, const struct rijn_desc *part[], size_t slot)
{
    if (t->nparts > RIJN_MAX_PARTS) return;
    if (slot < t->nparts && slot < RIJN_MAX_PARTS) {
        for (size_t i = 0; i < NDRIVERS; i++) {
            if (drivers[i]->kind != t->part[slot] || !drivers[i]->ops) continue;
            part[slot] = drivers[i];
            instantiate(t, part, slot + 1);
        }
        return;
    }
    bool ct = true;
    uint32_t cpu = 0;
    const char *arg[RIJN_MAX_PARTS] = { NULL };
    for (size_t p = 0; p < t->nparts; p++) {
        ct = ct && part[p]->ct;
        cpu |= part[p]->cpu;
        arg[p] = part[p]->name;
    }
    if (t->args) t->args(part, arg);
    struct rijn_inst *in = add(t->alg, t->priority(part), ct, cpu);
    if (!in) return;
    /* Formats come from the template list; at most RIJN_MAX_PARTS args. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    snprintf(in->name, sizeof in->name, t->fmt, arg[0], arg[1]);
#pragma GCC diagnostic pop
    in->tmpl = t;
    in->setup = t->setup;
    in->nparts = t->nparts;
    for (size_t p = 0; p < t->nparts; p++) in->part[p] = part[p];
}

static void reg_build(void)
{
    for (size_t i = 0; i < NDRIVERS; i++) {
        const struct rijn_desc *d = drivers[i];
        if (!d->ops) continue;
        bool ct = d->ct;
        uint32_t cpu = d->cpu;
        size_t np = 0;
        for (; np < RIJN_MAX_PARTS && d->part[np]; np++) {
            ct = ct && d->part[np]->ct;
            cpu |= d->part[np]->cpu;
        }
        struct rijn_inst *in = add(d->kind->alg, d->priority, ct, cpu);
        if (!in) return;
        snprintf(in->name, sizeof in->name, "%s", d->name);
        in->drv = d;
        in->setup = d->kind->setup;
        in->nparts = np;
        for (size_t p = 0; p < np; p++) in->part[p] = d->part[p];
    }
    for (size_t t = 0; t < NTEMPLATES; t++) {
        const struct rijn_desc *part[RIJN_MAX_PARTS] = { NULL };
        instantiate(templates[t], part, 0);
    }
}

static void reg_init(void)
{
    reg_build();
    /* Everything rijn_driver_get hands out is written here, once, under
     * pthread_once: threads listing drivers share no scratch buffer (the
     * ThreadSanitizer test caught an earlier shared one). */
    for (size_t i = 0; i < ninst; i++) {
        add_alg(insts[i].alg);
        rijn_cpu_names(insts[i].cpu, insts[i].cpu_names, sizeof insts[i].cpu_names);
    }
}

static void ensure_init(void)
{
    pthread_once(&reg_once, reg_init);
}

static bool available(const struct rijn_inst *in)
{
    return (in->cpu & rijn_cpu_get()) == in->cpu;
}

static int selftest(struct rijn_inst *in);

/* The instance of driver d itself (every part is registered). */
static struct rijn_inst *inst_of(const struct rijn_desc *d)
{
    for (size_t i = 0; i < ninst; i++)
        if (insts[i].drv == d) return &insts[i];
    return NULL;
}

/* Run the instance's self-test once: its parts' first (each cached in its
 * own instance), then its own known answers. Racing threads may both run
 * it; the result is the same and is stored atomically. */
static int selftest(struct rijn_inst *in)
{
    int st = __atomic_load_n(&in->selftest, __ATOMIC_ACQUIRE);
    if (st != RIJN_SELFTEST_NOT_RUN) return st;
    if (!available(in)) return RIJN_SELFTEST_UNAVAILABLE;
    int r = 0;
    for (size_t p = 0; p < in->nparts && r == 0; p++) {
        struct rijn_inst *part = inst_of(in->part[p]);
        r = part && selftest(part) == RIJN_SELFTEST_PASS ? 0 : -1;
    }
    if (r == 0) r = in->tmpl ? in->tmpl->selftest(in) : in->drv->kind->selftest(in);
#ifdef RIJN_TEST_HOOKS
    /* Test builds only (never the release library): make the self-test of
     * every driver whose name contains the given text fail, so tests can
     * check that a failed driver is never selected and shows up in list. */
    const char *brk = getenv("RIJN_TEST_FAIL_SELFTEST");
    if (brk && *brk && strstr(in->name, brk)) r = -1;
#endif
    st = r == 0 ? RIJN_SELFTEST_PASS : RIJN_SELFTEST_FAIL;
    __atomic_store_n(&in->selftest, st, __ATOMIC_RELEASE);
    return st;
}

int rijn_lookup(const char *alg, const char *driver, const struct rijn_inst **out)
{
    ensure_init();
    if (driver) {
        for (size_t i = 0; i < ninst; i++) {
            struct rijn_inst *in = &insts[i];
            if (strcmp(in->name, driver) != 0 || (alg && strcmp(in->alg, alg) != 0)) continue;
            if (!available(in)) return RIJN_ERR_NO_DRIVER;
            if (selftest(in) != RIJN_SELFTEST_PASS) return RIJN_ERR_SELFTEST;
            *out = in;
            return RIJN_OK;
        }
        return RIJN_ERR_NO_DRIVER;
    }
    if (!alg) return RIJN_ERR_NO_DRIVER;
    size_t slot = 0;
    while (slot < nalgs && strcmp(algs[slot].alg, alg) != 0) slot++;
    if (slot == nalgs) return RIJN_ERR_NO_DRIVER;
    const struct rijn_inst *cached = __atomic_load_n(&algs[slot].selected, __ATOMIC_ACQUIRE);
    if (cached) {
        *out = cached;
        return RIJN_OK;
    }
    /* Candidates in priority order; the first that passes its self-test.
     * Racing first users compute the same answer. */
    bool tried[MAX_INST] = { false };
    for (;;) {
        struct rijn_inst *best = NULL;
        size_t besti = 0;
        for (size_t i = 0; i < ninst; i++) {
            struct rijn_inst *in = &insts[i];
            if (tried[i] || strcmp(in->alg, alg) != 0 || !in->ct || !available(in)) continue;
            if (!best || in->priority > best->priority) {
                best = in;
                besti = i;
            }
        }
        if (!best) return RIJN_ERR_NO_DRIVER;
        if (selftest(best) == RIJN_SELFTEST_PASS) {
            __atomic_store_n(&algs[slot].selected, best, __ATOMIC_RELEASE);
            *out = best;
            return RIJN_OK;
        }
        tried[besti] = true;
    }
}

size_t rijn_driver_count(void)
{
    ensure_init();
    return ninst;
}

int rijn_driver_get(size_t i, rijn_driver_info *info)
{
    ensure_init();
    if (!info) return RIJN_ERR_NULL;
    if (i >= ninst) return RIJN_ERR_NO_DRIVER;
    struct rijn_inst *in = &insts[i];
    const struct rijn_inst *sel = NULL;
    info->algorithm = in->alg;
    info->driver = in->name;
    info->priority = in->priority;
    info->constant_time = in->ct;
    info->available = available(in);
    info->selected = rijn_lookup(in->alg, NULL, &sel) == RIJN_OK && sel == in;
    info->selftest = available(in) ? __atomic_load_n(&in->selftest, __ATOMIC_ACQUIRE) : RIJN_SELFTEST_UNAVAILABLE;
    info->is_template = in->tmpl != NULL;
    info->cpu_features = in->cpu_names;
    return RIJN_OK;
}

int rijn_driver_selftest(size_t i)
{
    ensure_init();
    if (i >= ninst) return RIJN_ERR_NO_DRIVER;
    return selftest(&insts[i]);
}

const char *rijn_selected_driver(const char *alg)
{
    const struct rijn_inst *in;
    return rijn_lookup(alg, NULL, &in) == RIJN_OK ? in->name : NULL;
}

int rijn_resolve(const char *alg, const char *driver, const char **name)
{
    const struct rijn_inst *in;
    int r = rijn_lookup(alg, driver, &in);
    if (r == RIJN_OK && name) *name = in->name;
    return r;
}

int rijn_open(const char *alg, const char *driver, void *ctx, const void **slot, const uint8_t *key, size_t key_len)
{
    const struct rijn_inst *in;
    *slot = NULL;
    int r = rijn_lookup(alg, driver, &in);
    return r ? r : in->setup(ctx, in, key, key_len);
}
