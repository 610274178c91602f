/* SPDX-License-Identifier: MIT */
/*
 * rijn.so, the OpenSSL 3 provider: entry point and algorithm tables.
 *
 * OpenSSL asks a provider, per operation, for a table of algorithms: names
 * ("AES-128-GCM"), a property string ("provider=rijn") and a dispatch
 * table. rijn builds these tables when it loads, from its registry: for
 * each algorithm the registry lists ("gcm(aes)"), if a driver is selected
 * for it on this CPU and the provider has an EVP front end for the mode
 * (prov_block.c; prov_aead.c with prov_gcm.c and prov_ccm.c; prov_cmac.c),
 * every key size of that mode is registered under OpenSSL's standard name,
 * made from the family table in prov.h. X25519 (prov_x25519.c) is
 * registered the same way, as a key manager and a key exchange, when the
 * registry selects an "x25519" driver. The provider keeps no list of
 * rijn drivers: the description of each algorithm, and the "rijn-driver"
 * parameter, name the driver that the registry selects.
 *
 * Everything here is reached through OSSL_provider_init, the one symbol
 * rijn.so exports (provider/rijn_prov.map). librijn is linked in
 * statically, hidden, so an application that also links librijn.so gets
 * no clash.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <unistd.h>

#include "prov.h"

_Atomic uint64_t rijn_prov_bytes[PF_COUNT];

/* The table (PROV_FAMILIES in prov.h), in the order of enum prov_family:
 * each family's word and front end. */
#define FAMILY_ROW(F, w) [PF_##F] = { #w, &rijn_prov_##w },
static const struct {
    const char *word;
    const struct prov_family_desc *impl;
} families[PF_COUNT] = { PROV_FAMILIES(FAMILY_ROW) };
#undef FAMILY_ROW

static char family_names[PF_COUNT][16], algorithm_names[PF_COUNT][16];

static pthread_once_t names_once = PTHREAD_ONCE_INIT;
static void names_init(void)
{
    for (int f = 0; f < PF_COUNT; f++) {
        char *n = family_names[f];
        snprintf(n, sizeof family_names[f], "%s", families[f].word);
        for (; *n; n++) *n = (char)(*n >= 'a' && *n <= 'z' ? *n - 32 : *n);
        snprintf(algorithm_names[f], sizeof algorithm_names[f], "%s(aes)", families[f].word);
    }
}

const char *prov_word(enum prov_family f)
{
    return families[f].word;
}

const char *prov_name(enum prov_family f)
{
    pthread_once(&names_once, names_init);
    return family_names[f];
}

const char *prov_algorithm(enum prov_family f)
{
    pthread_once(&names_once, names_init);
    return algorithm_names[f];
}

const char *prov_driver(enum prov_family f)
{
    return rijn_selected_driver(prov_algorithm(f));
}

/* ------------------------------------------------------------ errors -- */
static OSSL_FUNC_core_new_error_fn *core_new_error;
static OSSL_FUNC_core_set_error_debug_fn *core_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *core_vset_error;

#define N_RIJN_ERRS 20
static OSSL_ITEM reasons[N_RIJN_ERRS + 16];
static pthread_once_t reasons_once = PTHREAD_ONCE_INIT;
static void reasons_init(void)
{
    static const struct { int id; const char *s; } own[] = {
        { PR_NO_KEY, "no key set" },
        { PR_NO_IV, "no IV set" },
        { PR_BUFFER, "output buffer too small" },
        { PR_FINAL_LEN, "data is not a multiple of the block size (padding is off)" },
        { PR_TAG_NOT_SET, "tag not set before decryption finished" },
        { PR_TAG_UNAVAILABLE, "tag not available (encryption not finished)" },
        { PR_BAD_PARAM, "bad parameter" },
        { PR_TLS_CBC, "no TLS record processing for this cipher or TLS version" },
        { PR_TLS_AEAD, "no TLS 1.2 record processing for this AEAD" },
        { PR_CMAC_CIPHER, "rijn's CMAC supports AES only" },
        { PR_RANDOM, "the OS random source failed" },
        { PR_STATE, "call out of order" },
        { PR_NO_MEMORY, "out of memory" },
    };
    size_t n = 0;
    for (int e = 1; e < N_RIJN_ERRS; e++) {
        const char *s = rijn_strerror(-e);
        if (strncmp(s, "unknown", 7) == 0) continue;
        reasons[n].id = (unsigned)e;
        reasons[n].ptr = (void *)s;
        n++;
    }
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++) {
        reasons[n].id = (unsigned)own[i].id;
        reasons[n].ptr = (void *)own[i].s;
        n++;
    }
    reasons[n].id = 0;
    reasons[n].ptr = NULL;
}

static const OSSL_ITEM *prov_reason_strings(void *provctx)
{
    (void)provctx;
    pthread_once(&reasons_once, reasons_init);
    return reasons;
}

void prov_err(const PROV_CTX *p, int reason, const char *fmt, ...)
{
    if (!p || !core_new_error || !core_vset_error) return;
    if (reason < 0) reason = -reason;
    va_list ap;
    core_new_error(p->handle);
    if (core_set_error_debug) core_set_error_debug(p->handle, __FILE__, __LINE__, "rijn");
    va_start(ap, fmt);
    core_vset_error(p->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

int prov_rijn_fail(const PROV_CTX *p, int err, const char *what)
{
    prov_err(p, err, "%s: %s", what, rijn_strerror(err));
    return 0;
}

int prov_keylen_ok(const PROV_CTX *p, const char *alg, size_t got, size_t want)
{
    if (got == want) return 1;
    prov_err(p, RIJN_ERR_KEY_LEN, "%s: key of %zu bytes, this cipher takes %zu", alg, got, want);
    return 0;
}

/* ------------------------------------------------------------ memory -- */
void *prov_zalloc(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, 64, n) != 0) return NULL;
    memset(p, 0, n);
    return p;
}

void prov_free(void *p, size_t n)
{
    if (!p) return;
    rijn_wipe(p, n);
    free(p);
}

int prov_random(void *buf, size_t n)
{
    unsigned char *b = buf;
    while (n > 0) {
        ssize_t r = getrandom(b, n, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        b += r;
        n -= (size_t)r;
    }
    return 1;
}

int prov_forward(void *ctx, prov_xform f, unsigned char *out, const unsigned char *in, size_t n, size_t step)
{
    if (n == 0 || out == in || out + n <= in || in + n <= out) return f(ctx, out, in, n);
    if (out > in) return RIJN_ERR_OVERLAP;
    /* out < in: copying a piece of the input first keeps every input byte
     * ahead of the output written so far. */
    unsigned char tmp[512];
    if (step == 0 || step > sizeof tmp) {
        unsigned char *copy = malloc(n);
        if (!copy) return RIJN_ERR_BUFFER;
        memcpy(copy, in, n);
        int r = f(ctx, out, copy, n);
        rijn_wipe(copy, n);
        free(copy);
        return r;
    }
    size_t chunk = sizeof tmp - sizeof tmp % step;
    int r = RIJN_OK;
    for (size_t off = 0; off < n && r == RIJN_OK; off += chunk) {
        size_t k = n - off < chunk ? n - off : chunk;
        memcpy(tmp, in + off, k);
        r = f(ctx, out + off, tmp, k);
    }
    rijn_wipe(tmp, sizeof tmp);
    return r;
}

/* ------------------------------------------------- cipher parameters -- */
static const OSSL_PARAM cipher_known_gettable[] = {
    OSSL_PARAM_uint(OSSL_CIPHER_PARAM_MODE, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_KEYLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_IVLEN, NULL),
    OSSL_PARAM_size_t(OSSL_CIPHER_PARAM_BLOCK_SIZE, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_AEAD, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CUSTOM_IV, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_CTS, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK, NULL),
    OSSL_PARAM_int(OSSL_CIPHER_PARAM_HAS_RAND_KEY, NULL),
    OSSL_PARAM_utf8_ptr(PROV_PARAM_DRIVER, NULL, 0),
    OSSL_PARAM_END
};

const OSSL_PARAM *prov_cipher_gettable_params(void *provctx)
{
    (void)provctx;
    return cipher_known_gettable;
}

int prov_cipher_get_params(OSSL_PARAM params[], unsigned mode, size_t keylen, size_t ivlen, size_t blocksize,
                           int aead, int custom_iv, enum prov_family f)
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_MODE)) && !OSSL_PARAM_set_uint(p, mode)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_KEYLEN)) && !OSSL_PARAM_set_size_t(p, keylen)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_IVLEN)) && !OSSL_PARAM_set_size_t(p, ivlen)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_BLOCK_SIZE)) && !OSSL_PARAM_set_size_t(p, blocksize))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_AEAD)) && !OSSL_PARAM_set_int(p, aead)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CUSTOM_IV)) && !OSSL_PARAM_set_int(p, custom_iv)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_CTS)) && !OSSL_PARAM_set_int(p, 0)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_TLS1_MULTIBLOCK)) && !OSSL_PARAM_set_int(p, 0)) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_CIPHER_PARAM_HAS_RAND_KEY)) && !OSSL_PARAM_set_int(p, 0)) return 0;
    if ((p = OSSL_PARAM_locate(params, PROV_PARAM_DRIVER))) {
        const char *d = prov_driver(f);
        if (!d || !OSSL_PARAM_set_utf8_ptr(p, d)) return 0;
    }
    return 1;
}

/* ---------------------------------------------------------- provider -- */
static const OSSL_PARAM prov_param_types[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
    OSSL_PARAM_uint64("rijn-bytes", NULL),
    OSSL_PARAM_uint64("rijn-x25519-derives", NULL),
#define COUNTER_PARAM(F, w) OSSL_PARAM_uint64("rijn-bytes-" #w, NULL),
    PROV_FAMILIES(COUNTER_PARAM)
#undef COUNTER_PARAM
    OSSL_PARAM_END
};

static const OSSL_PARAM *prov_gettable_params(void *provctx)
{
    (void)provctx;
    return prov_param_types;
}

static int prov_get_params(void *provctx, OSSL_PARAM params[])
{
    (void)provctx;
    OSSL_PARAM *p;
    uint64_t total = 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) && !OSSL_PARAM_set_utf8_ptr(p, "rijn")) return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) && !OSSL_PARAM_set_utf8_ptr(p, rijn_version()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) &&
        !OSSL_PARAM_set_utf8_ptr(p, "rijn " RIJN_VERSION_STRING " (AES drivers chosen per CPU)"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) && !OSSL_PARAM_set_int(p, 1)) return 0;
    for (int f = 0; f < PF_COUNT; f++) {
        char name[32];
        uint64_t v = atomic_load(&rijn_prov_bytes[f]);
        total += v;
        snprintf(name, sizeof name, "rijn-bytes-%s", families[f].word);
        if ((p = OSSL_PARAM_locate(params, name)) && !OSSL_PARAM_set_uint64(p, v)) return 0;
    }
    if ((p = OSSL_PARAM_locate(params, "rijn-bytes")) && !OSSL_PARAM_set_uint64(p, total)) return 0;
    if ((p = OSSL_PARAM_locate(params, "rijn-x25519-derives")) &&
        !OSSL_PARAM_set_uint64(p, atomic_load(&rijn_prov_x25519_derives)))
        return 0;
    return 1;
}

/* Build the OSSL_ALGORITHM table of one operation from the registry. */
static OSSL_ALGORITHM *build_table(int operation, char **strp, char *end)
{
    int added[PF_COUNT] = { 0 };
    size_t n = 0, cap = 32;
    OSSL_ALGORITHM *t = calloc(cap + 1, sizeof *t);
    if (!t) return NULL;
    size_t nd = rijn_driver_count();
    for (size_t i = 0; i < nd; i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) != RIJN_OK) continue;
        for (int f = 0; f < PF_COUNT; f++) {
            const struct prov_family_desc *d = families[f].impl;
            if (added[f] || d->operation != operation || strcmp(info.algorithm, prov_algorithm(f)) != 0)
                continue;
            const char *drv = rijn_selected_driver(info.algorithm);
            if (!drv) continue; /* nothing qualifies on this CPU */
            added[f] = 1;
            for (int s = 0; s < d->nsizes && n < cap; s++) {
                char *name = *strp, *desc;
                int k;
                if (operation == OSSL_OP_MAC) {
                    k = snprintf(name, (size_t)(end - name), "%s", prov_name(f));
                } else {
                    k = snprintf(name, (size_t)(end - name), "AES-%d-%s", d->bits[s], prov_name(f));
                }
                if (k < 0 || name + k + 1 >= end) break;
                desc = name + k + 1;
                k = snprintf(desc, (size_t)(end - desc), "rijn %s", drv);
                if (k < 0 || desc + k + 1 >= end) break;
                *strp = desc + k + 1;
                t[n].algorithm_names = name;
                t[n].property_definition = "provider=rijn";
                t[n].implementation = d->dispatch[s];
                t[n].algorithm_description = desc;
                n++;
            }
        }
    }
    return t;
}

/* The X25519 table of one operation (key manager or key exchange): one
 * entry when the registry selects an x25519 driver on this CPU, else
 * none. The key manager and the exchange are registered together or not
 * at all: OpenSSL can only run an exchange on a key of its own provider
 * (or one it can move there). The names are OpenSSL's: the algorithm and
 * its OID (RFC 8410), as the default provider registers them. */
static OSSL_ALGORITHM *build_x25519(const OSSL_DISPATCH *dispatch, char **strp, char *end)
{
    OSSL_ALGORITHM *t = calloc(2, sizeof *t);
    if (!t) return NULL;
    const char *drv = rijn_selected_driver(PROV_X25519_ALGORITHM);
    if (!drv) return t;
    char *desc = *strp;
    int k = snprintf(desc, (size_t)(end - desc), "rijn %s", drv);
    if (k < 0 || desc + k + 1 >= end) return t;
    *strp = desc + k + 1;
    t[0].algorithm_names = "X25519:1.3.101.110";
    t[0].property_definition = "provider=rijn";
    t[0].implementation = dispatch;
    t[0].algorithm_description = desc;
    return t;
}

static const OSSL_ALGORITHM *prov_query(void *provctx, int operation_id, int *no_cache)
{
    PROV_CTX *pc = provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_CIPHER: return pc->ciphers;
    case OSSL_OP_MAC: return pc->macs;
    case OSSL_OP_KEYMGMT: return pc->keymgmt;
    case OSSL_OP_KEYEXCH: return pc->keyexch;
    default: return NULL;
    }
}

/* Capabilities: "TLS-GROUP" (libssl's key exchange groups), x25519 when
 * rijn registers X25519 (prov_x25519.c says why libssl needs it from rijn).
 * Any other capability has nothing from rijn, which is a success with
 * no entries: a failure would make libssl's walk over all providers fail. */
static int prov_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    const PROV_CTX *pc = provctx;
    if (capability && strcasecmp(capability, "TLS-GROUP") == 0 && pc->keymgmt[0].algorithm_names)
        return prov_x25519_tls_group(cb, arg);
    return 1;
}

static _Atomic int instances;

/* RIJN_PROVIDER_STATS=<file>: when the last instance is unloaded (at
 * OPENSSL_cleanup, i.e. at process exit), append the byte counters to the
 * file, their total, and then the number of X25519 derivations (after
 * total, which sums bytes only). This is how a test proves that an
 * unmodified application (OpenVPN, s_client) ran its data or its key
 * exchange through rijn. */
static void write_stats(void)
{
    const char *path = getenv("RIJN_PROVIDER_STATS");
    if (!path || !*path) return;
    FILE *f = fopen(path, "a");
    if (!f) return;
    uint64_t total = 0;
    fprintf(f, "rijn-provider pid=%ld", (long)getpid());
    for (int i = 0; i < PF_COUNT; i++) {
        uint64_t v = atomic_load(&rijn_prov_bytes[i]);
        total += v;
        fprintf(f, " %s=%llu", families[i].word, (unsigned long long)v);
    }
    fprintf(f, " total=%llu x25519=%llu\n", (unsigned long long)total,
            (unsigned long long)atomic_load(&rijn_prov_x25519_derives));
    fclose(f);
}

static void prov_teardown(void *provctx)
{
    PROV_CTX *pc = provctx;
    if (!pc) return;
    free(pc->ciphers);
    free(pc->macs);
    free(pc->keymgmt);
    free(pc->keyexch);
    free(pc->strings);
    free(pc);
    if (atomic_fetch_sub(&instances, 1) == 1) write_stats();
}

static const OSSL_DISPATCH prov_dispatch[] = {
    { OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))prov_teardown },
    { OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))prov_gettable_params },
    { OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))prov_get_params },
    { OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))prov_query },
    { OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))prov_reason_strings },
    { OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))prov_get_capabilities },
    { 0, NULL }
};

__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle,
                                                              const OSSL_DISPATCH *in,
                                                              const OSSL_DISPATCH **out, void **provctx);

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                       void **provctx)
{
    for (; in && in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: core_new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG: core_set_error_debug = OSSL_FUNC_core_set_error_debug(in); break;
        case OSSL_FUNC_CORE_VSET_ERROR: core_vset_error = OSSL_FUNC_core_vset_error(in); break;
        default: break;
        }
    }
    PROV_CTX *pc = calloc(1, sizeof *pc);
    if (!pc) return 0;
    pc->handle = handle;
    const size_t strcap = 8192;
    pc->strings = malloc(strcap);
    if (!pc->strings) {
        free(pc);
        return 0;
    }
    char *s = pc->strings, *end = pc->strings + strcap;
    pc->ciphers = build_table(OSSL_OP_CIPHER, &s, end);
    pc->macs = build_table(OSSL_OP_MAC, &s, end);
    pc->keymgmt = build_x25519(rijn_prov_x25519_keymgmt, &s, end);
    pc->keyexch = build_x25519(rijn_prov_x25519_keyexch, &s, end);
    if (!pc->ciphers || !pc->macs || !pc->keymgmt || !pc->keyexch ||
        (pc->keymgmt[0].algorithm_names != NULL) != (pc->keyexch[0].algorithm_names != NULL)) {
        free(pc->ciphers);
        free(pc->macs);
        free(pc->keymgmt);
        free(pc->keyexch);
        free(pc->strings);
        free(pc);
        return 0;
    }
    atomic_fetch_add(&instances, 1);
    *out = prov_dispatch;
    *provctx = pc;
    return 1;
}
