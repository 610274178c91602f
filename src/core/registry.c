/*
 * The registry: the one list of drivers, the templates that compose modes
 * out of them, and the selection rule.
 *
 * Policy, top to bottom:
 *   1. Drivers are listed in `drivers`: primitives (block ciphers, GHASH)
 *      and dedicated mode drivers (a fused GCM), each one an instance.
 *   2. Each mode template is instantiated over every block-cipher driver
 *      (and, for GCM, every GHASH driver). The instance's name shows the
 *      composition; its priority is the block cipher's, or for GCM the mean
 *      of the CTR and GHASH parts (as the kernel's gcm_base does); it is
 *      constant-time only if every part is. Serial work ranks ciphers by
 *      their serial priority: CMAC is all serial (serial priority), CBC
 *      (serial encryption, parallel decryption) and CCM (serial CBC-MAC,
 *      parallel CTR) take the mean of the two.
 *   3. Selection by algorithm name: the highest priority among instances
 *      that are available (CPU features present after RIJN_CPU masking),
 *      constant-time, and pass their known-answer self-test (run once, on
 *      first selection). Ties go to the earlier entry.
 *   4. Pinning by driver name: exactly that instance, constant-time or not,
 *      if available and self-tested.
 * Nobody else keeps a list of names: the CLI, the tests and the provider
 * iterate this registry.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"

/* Every driver, in no particular order: priorities decide. */
static const struct rijn_desc *const drivers[] = {
    &rijn_aes_ct128_desc,
    &rijn_aes_ct64_desc,
    &rijn_aes_generic_desc,
    &rijn_ghash_ct64_desc,
    &rijn_gcm_ct128_desc,
    &rijn_aes_aesni_desc,
    &rijn_aes_vaes_desc,
    &rijn_ghash_pclmul_desc,
    &rijn_gcm_aesni_desc,
    &rijn_gcm_aesni_avx_desc,
    &rijn_gcm_vaes_desc,
    &rijn_aes_vaes512_desc,
    &rijn_gcm_vaes512_desc,
    &rijn_aes_vperm_desc,
    &rijn_aes_bs_avx2_desc,
    &rijn_aes_ce_desc,
    &rijn_ghash_pmull_desc,
    &rijn_gcm_ce_desc,
    &rijn_aes_neon_desc,
    &rijn_aes_neonbs_desc,
    &rijn_ghash_neon_desc,
};
#define NDRIVERS (sizeof drivers / sizeof drivers[0])

/* Mode templates. `fmt` gets the block-cipher driver name (twice for CCM:
 * CTR part and CBC-MAC part), or for GCM the cipher then the GHASH driver. */
static const struct {
    const char *alg;
    enum rijn_mode mode;
    const char *fmt;
} templates[] = {
    { "ecb(aes)", RIJN_MODE_ECB, "ecb(%s)" },   /* parallel */
    { "cbc(aes)", RIJN_MODE_CBC, "cbc(%s)" },
    { "ctr(aes)", RIJN_MODE_CTR, "ctr(%s)" },
    { "xts(aes)", RIJN_MODE_XTS, "xts(%s)" },
    { "gcm(aes)", RIJN_MODE_GCM, "gcm_base(ctr(%s),%s)" },
    { "ccm(aes)", RIJN_MODE_CCM, "ccm_base(ctr(%s),cbcmac(%s))" },
    { "cmac(aes)", RIJN_MODE_CMAC, "cmac(%s)" },
};

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

static struct rijn_inst *add(const char *alg, int prio, bool ct, uint32_t cpu, enum rijn_mode mode)
{
    if (ninst == MAX_INST) return NULL;
    struct rijn_inst *in = &insts[ninst++];
    in->alg = alg;
    in->priority = prio;
    in->ct = ct;
    in->cpu = cpu;
    in->mode = mode;
    return in;
}

/* A driver written for another architecture is compiled with no
 * functions (its file is empty there): it is not part of this build, so it
 * is neither listed nor composed into templates. */
static bool built(const struct rijn_desc *d)
{
    switch (d->kind) {
    case RIJN_KIND_CIPHER: return d->cipher != NULL;
    case RIJN_KIND_GF128: return d->gf128 != NULL;
    case RIJN_KIND_GCM: return d->gcm != NULL && d->gcm->crypt != NULL;
    }
    return false;
}

static void reg_build(void)
{
    for (size_t i = 0; i < NDRIVERS; i++) {
        const struct rijn_desc *d = drivers[i];
        struct rijn_inst *in;
        if (!built(d)) continue;
        if (d->kind == RIJN_KIND_GCM) {
            /* Usable only where its parts are; constant-time only if they are. */
            const struct rijn_gcm_ops *g = d->gcm;
            in = add(d->alg, d->priority, d->ct && g->cipher->ct && g->gf->ct, d->cpu | g->cipher->cpu | g->gf->cpu,
                     RIJN_MODE_GCM);
            if (!in) return;
            in->cipher = g->cipher;
            in->gf = g->gf;
            in->gcm = g;
        } else {
            in = add(d->alg, d->priority, d->ct, d->cpu, RIJN_MODE_NONE);
            if (!in) return;
            in->prim = d;
        }
        snprintf(in->name, sizeof in->name, "%s", d->name);
    }
    for (size_t t = 0; t < sizeof templates / sizeof templates[0]; t++) {
        for (size_t i = 0; i < NDRIVERS; i++) {
            const struct rijn_desc *c = drivers[i];
            if (c->kind != RIJN_KIND_CIPHER || !built(c)) continue;
            if (templates[t].mode != RIJN_MODE_GCM) {
                const enum rijn_mode m = templates[t].mode;
                const int serial = c->serial_priority ? c->serial_priority : c->priority;
                const int prio = m == RIJN_MODE_CMAC                       ? serial
                                 : m == RIJN_MODE_CBC || m == RIJN_MODE_CCM ? (c->priority + serial) / 2
                                                                            : c->priority;
                struct rijn_inst *in = add(templates[t].alg, prio, c->ct, c->cpu, m);
                if (!in) return;
                /* CCM's CBC-MAC half is serial: name the driver that runs it. */
                snprintf(in->name, sizeof in->name, templates[t].fmt, c->name,
                         c->serial && m == RIJN_MODE_CCM ? c->serial->name : c->name);
                in->cipher = c;
                continue;
            }
            for (size_t j = 0; j < NDRIVERS; j++) {
                const struct rijn_desc *g = drivers[j];
                if (g->kind != RIJN_KIND_GF128 || !built(g)) continue;
                struct rijn_inst *in = add(templates[t].alg, (c->priority + g->priority) / 2, c->ct && g->ct,
                                           c->cpu | g->cpu, RIJN_MODE_GCM);
                if (!in) return;
                snprintf(in->name, sizeof in->name, templates[t].fmt, c->name, g->name);
                in->cipher = c;
                in->gf = g;
            }
        }
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

/* Run the instance's self-test once. Racing threads may both run it; the
 * result is the same and is stored atomically. */
static int selftest(struct rijn_inst *in)
{
    int st = __atomic_load_n(&in->selftest, __ATOMIC_ACQUIRE);
    if (st != RIJN_SELFTEST_NOT_RUN) return st;
    if (!available(in)) return RIJN_SELFTEST_UNAVAILABLE;
    int r = in->mode == RIJN_MODE_NONE ? rijn_selftest_prim(in->prim) : rijn_selftest_mode(in);
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
    info->is_template = in->mode != RIJN_MODE_NONE && !in->gcm;
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
