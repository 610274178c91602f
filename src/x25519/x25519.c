/* SPDX-License-Identifier: MIT */
/*
 * The x25519 kind: its known-answer test, driver choice (src/core/prim.h:
 * the registry's rule over this kind's lines of drivers.def, without the
 * registry's tables), and the public functions of include/rijn/x25519.h.
 *
 * What every driver shares is done here, once: NULL checks, clamping the
 * scalar (RFC 7748 section 5, decodeScalar25519) into a local copy that is
 * wiped afterwards, the all-zero check of section 6.1, and key generation.
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "core/cpu.h"
#include "core/prim.h"
#include "x25519/x25519.h"

/* ------------------------------------------------------- self-test -- */

/* RFC 7748 section 5.2, the two single-step vectors (scalar, u, result),
 * and section 6.1's Alice: her private key, her public key (the base
 * operation), and the shared secret with Bob's public key. */
static const uint8_t kat_k1[32] = {
    0xa5, 0x46, 0xe3, 0x6b, 0xf0, 0x52, 0x7c, 0x9d, 0x3b, 0x16, 0x15, 0x4b, 0x82, 0x46, 0x5e, 0xdd,
    0x62, 0x14, 0x4c, 0x0a, 0xc1, 0xfc, 0x5a, 0x18, 0x50, 0x6a, 0x22, 0x44, 0xba, 0x44, 0x9a, 0xc4,
};
static const uint8_t kat_u1[32] = {
    0xe6, 0xdb, 0x68, 0x67, 0x58, 0x30, 0x30, 0xdb, 0x35, 0x94, 0xc1, 0xa4, 0x24, 0xb1, 0x5f, 0x7c,
    0x72, 0x66, 0x24, 0xec, 0x26, 0xb3, 0x35, 0x3b, 0x10, 0xa9, 0x03, 0xa6, 0xd0, 0xab, 0x1c, 0x4c,
};
static const uint8_t kat_r1[32] = {
    0xc3, 0xda, 0x55, 0x37, 0x9d, 0xe9, 0xc6, 0x90, 0x8e, 0x94, 0xea, 0x4d, 0xf2, 0x8d, 0x08, 0x4f,
    0x32, 0xec, 0xcf, 0x03, 0x49, 0x1c, 0x71, 0xf7, 0x54, 0xb4, 0x07, 0x55, 0x77, 0xa2, 0x85, 0x52,
};
/* The second vector's u has bit 255 set (it must be ignored). */
static const uint8_t kat_k2[32] = {
    0x4b, 0x66, 0xe9, 0xd4, 0xd1, 0xb4, 0x67, 0x3c, 0x5a, 0xd2, 0x26, 0x91, 0x95, 0x7d, 0x6a, 0xf5,
    0xc1, 0x1b, 0x64, 0x21, 0xe0, 0xea, 0x01, 0xd4, 0x2c, 0xa4, 0x16, 0x9e, 0x79, 0x18, 0xba, 0x0d,
};
static const uint8_t kat_u2[32] = {
    0xe5, 0x21, 0x0f, 0x12, 0x78, 0x68, 0x11, 0xd3, 0xf4, 0xb7, 0x95, 0x9d, 0x05, 0x38, 0xae, 0x2c,
    0x31, 0xdb, 0xe7, 0x10, 0x6f, 0xc0, 0x3c, 0x3e, 0xfc, 0x4c, 0xd5, 0x49, 0xc7, 0x15, 0xa4, 0x93,
};
static const uint8_t kat_r2[32] = {
    0x95, 0xcb, 0xde, 0x94, 0x76, 0xe8, 0x90, 0x7d, 0x7a, 0xad, 0xe4, 0x5c, 0xb4, 0xb8, 0x73, 0xf8,
    0x8b, 0x59, 0x5a, 0x68, 0x79, 0x9f, 0xa1, 0x52, 0xe6, 0xf8, 0xf7, 0x64, 0x7a, 0xac, 0x79, 0x57,
};
static const uint8_t kat_alice[32] = {
    0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a,
};
static const uint8_t kat_alice_pub[32] = {
    0x85, 0x20, 0xf0, 0x09, 0x89, 0x30, 0xa7, 0x54, 0x74, 0x8b, 0x7d, 0xdc, 0xb4, 0x3e, 0xf7, 0x5a,
    0x0d, 0xbf, 0x3a, 0x0d, 0x26, 0x38, 0x1a, 0xf4, 0xeb, 0xa4, 0xa9, 0x8e, 0xaa, 0x9b, 0x4e, 0x6a,
};
static const uint8_t kat_bob_pub[32] = {
    0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
    0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f,
};
static const uint8_t kat_shared[32] = {
    0x4a, 0x5d, 0x9d, 0x5b, 0xa4, 0xce, 0x2d, 0xe1, 0x72, 0x8e, 0x3b, 0xf4, 0x80, 0x35, 0x0f, 0x25,
    0xe0, 0x7e, 0x21, 0xc9, 0x47, 0xd1, 0x9e, 0x33, 0x76, 0xf0, 0x9b, 0x3c, 0x1e, 0x16, 0x17, 0x42,
};

static void clamp(uint8_t k[32], const uint8_t s[32])
{
    memcpy(k, s, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

static void run_batch(const struct rijn_x25519_ops *o, uint8_t *out, const uint8_t *k, const uint8_t *u, size_t n)
{
    if (o->batch) {
        o->batch(out, k, u, n);
        return;
    }
    for (size_t i = 0; i < n; i++) o->scalarmult(out + 32 * i, k + 32 * i, u + 32 * i);
}

static int x25519_selftest(const struct rijn_inst *in)
{
    const struct rijn_x25519_ops *o = in->drv->ops;
    uint8_t k[3 * 32], u[3 * 32], r[3 * 32];
    int ok = 1;
    clamp(k, kat_k1);
    o->scalarmult(r, k, kat_u1);
    ok &= memcmp(r, kat_r1, 32) == 0;
    clamp(k, kat_k2);
    o->scalarmult(r, k, kat_u2);
    ok &= memcmp(r, kat_r2, 32) == 0;
    clamp(k, kat_alice);
    o->base(r, k);
    ok &= memcmp(r, kat_alice_pub, 32) == 0;
    o->scalarmult(r, k, kat_bob_pub);
    ok &= memcmp(r, kat_shared, 32) == 0;
    /* The batch path, where the driver has its own: three lanes, the
     * results in place of the points. */
    clamp(k, kat_k1);
    clamp(k + 32, kat_k2);
    clamp(k + 64, kat_alice);
    memcpy(u, kat_u1, 32);
    memcpy(u + 32, kat_u2, 32);
    memcpy(u + 64, kat_bob_pub, 32);
    run_batch(o, u, k, u, 3);
    memcpy(r, kat_r1, 32);
    memcpy(r + 32, kat_r2, 32);
    memcpy(r + 64, kat_shared, 32);
    ok &= memcmp(u, r, sizeof r) == 0;
    return ok ? 0 : -1;
}

/* The filler of unused lanes: a clamped scalar and the base point, both
 * public constants (RFC 7748 section 6.1's Alice, clamped). */
static const uint8_t dummy_k[32] = {
    0x70, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
    0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x6a,
};
static const uint8_t dummy_u[32] = { 9 };

void rijn_x25519_groups(uint8_t *out, const uint8_t *k, const uint8_t *u, size_t n, size_t lanes,
                        rijn_x25519_lanes_fn *ladder)
{
    uint8_t r[8][32];
    for (size_t i = 0; i < n; i += lanes) {
        const size_t m = n - i < lanes ? n - i : lanes;
        const uint8_t *kl[8], *ul[8];
        for (size_t l = 0; l < lanes; l++) {
            kl[l] = l < m ? k + 32 * (i + l) : dummy_k;
            ul[l] = l < m ? u + 32 * (i + l) : dummy_u;
        }
        ladder(r, kl, ul);
        for (size_t l = 0; l < m; l++) memcpy(out + 32 * (i + l), r[l], 32);
    }
    rijn_wipe(r, sizeof r);
}

const struct rijn_kind rijn_kind_x25519 = {
    .alg = "x25519",
    .selftest = x25519_selftest,
};

/* ------------------------------------------------------ driver choice -- */

#define RIJN_PRIM_KIND_x25519 RIJN_PRIM_MATCH
#include "core/prim_list.h"

/* The NULL driver's pick, resolved once (rijn_prim_pick caches each
 * driver's self-test; this caches the choice). */
static const struct rijn_x25519_ops *auto_ops;

static int get_ops(const char *driver, const struct rijn_x25519_ops **o)
{
    if (!driver) {
        const struct rijn_x25519_ops *a = __atomic_load_n(&auto_ops, __ATOMIC_ACQUIRE);
        if (a) {
            *o = a;
            return RIJN_OK;
        }
    }
    const struct rijn_desc *d;
    int r = rijn_prim_pick(prim_list, prim_status, PRIM_N, driver, &d);
    if (r) return r;
    *o = d->ops;
    if (!driver) __atomic_store_n(&auto_ops, *o, __ATOMIC_RELEASE);
    return RIJN_OK;
}

/* The priority a driver brings to batches (struct rijn_x25519_ops). */
static int batch_priority(const struct rijn_desc *d)
{
    const int b = ((const struct rijn_x25519_ops *)d->ops)->batch_priority;
    return b ? b : d->priority;
}

/* Batches rank drivers by batch_priority, single calls by priority; the
 * rest of the rule is rijn_prim_pick's (available after RIJN_CPU masking,
 * constant-time, self-test passed; ties to the earlier line). Each
 * candidate goes through rijn_prim_pick by name, which runs and caches
 * its self-test. A pinned driver is the same for both. */
static const struct rijn_x25519_ops *auto_batch_ops;

static int get_batch_ops(const char *driver, const struct rijn_x25519_ops **o)
{
    if (driver) return get_ops(driver, o);
    const struct rijn_x25519_ops *a = __atomic_load_n(&auto_batch_ops, __ATOMIC_ACQUIRE);
    if (a) {
        *o = a;
        return RIJN_OK;
    }
    const uint32_t cpu = rijn_cpu_get();
    uint64_t tried = 0;
    for (;;) {
        size_t best = PRIM_N;
        for (size_t i = 0; i < PRIM_N && i < 64; i++) {
            const struct rijn_desc *d = prim_list[i];
            if ((tried >> i & 1) || !d || !d->ops || !d->ct || (d->cpu & cpu) != d->cpu) continue;
            if (best == PRIM_N || batch_priority(d) > batch_priority(prim_list[best])) best = i;
        }
        if (best == PRIM_N) return RIJN_ERR_NO_DRIVER;
        const struct rijn_desc *d;
        if (rijn_prim_pick(prim_list, prim_status, PRIM_N, prim_list[best]->name, &d) == RIJN_OK) {
            *o = d->ops;
            __atomic_store_n(&auto_batch_ops, *o, __ATOMIC_RELEASE);
            return RIJN_OK;
        }
        tried |= (uint64_t)1 << best;
    }
}

/* ---------------------------------------------------- public functions -- */

/* 0 if the 32 bytes are all zero, else 1; no branch on the bytes. */
static int nonzero(const uint8_t r[32])
{
    unsigned acc = 0;
    for (int i = 0; i < 32; i++) acc |= r[i];
    /* The verdict is public (it is the function's result). */
    unsigned nz = (acc + 0xff) >> 8;
    RIJN_DECLASSIFY(&nz, sizeof nz);
    return (int)nz;
}

int rijn_x25519(const char *driver, uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    if (!out || !scalar || !point) return RIJN_ERR_NULL;
    const struct rijn_x25519_ops *o;
    int r = get_ops(driver, &o);
    if (r) return r;
    uint8_t k[32];
    clamp(k, scalar);
    o->scalarmult(out, k, point);
    rijn_wipe(k, sizeof k);
    return nonzero(out) ? RIJN_OK : RIJN_ERR_ZERO_RESULT;
}

int rijn_x25519_base(const char *driver, uint8_t pub[32], const uint8_t scalar[32])
{
    if (!pub || !scalar) return RIJN_ERR_NULL;
    const struct rijn_x25519_ops *o;
    int r = get_ops(driver, &o);
    if (r) return r;
    uint8_t k[32];
    clamp(k, scalar);
    o->base(pub, k);
    rijn_wipe(k, sizeof k);
    return RIJN_OK;
}

int rijn_x25519_keygen(const char *driver, uint8_t priv[32], uint8_t pub[32])
{
    if (!priv || !pub) return RIJN_ERR_NULL;
    /* Zero first, so that no error path leaves old key bytes behind. */
    memset(priv, 0, 32);
    memset(pub, 0, 32);
    const struct rijn_x25519_ops *o;
    int r = get_ops(driver, &o);
    if (r) return r;
    size_t got = 0;
    while (got < 32) {
        ssize_t n = getrandom(priv + got, 32 - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            rijn_wipe(priv, 32);
            memset(pub, 0, 32);
            return RIJN_ERR_RANDOM;
        }
        got += (size_t)n;
    }
    uint8_t k[32];
    clamp(k, priv);
    o->base(pub, k);
    rijn_wipe(k, sizeof k);
    return RIJN_OK;
}

/* Scalars are clamped in chunks on the stack, so that the caller's
 * scalars stay as given and out may equal scalars or points. */
enum { BATCH_CHUNK = 16 };

int rijn_x25519_batch(const char *driver, uint8_t *out, const uint8_t *scalars, const uint8_t *points, size_t n,
                      int *status)
{
    if (n == 0) return RIJN_OK;
    if (!out || !scalars || !points) return RIJN_ERR_NULL;
    const struct rijn_x25519_ops *o;
    int r = get_batch_ops(driver, &o);
    if (r) return r;
    uint8_t k[BATCH_CHUNK * 32];
    int rc = RIJN_OK;
    for (size_t i = 0; i < n; i += BATCH_CHUNK) {
        const size_t m = n - i < BATCH_CHUNK ? n - i : BATCH_CHUNK;
        for (size_t j = 0; j < m; j++) clamp(k + 32 * j, scalars + 32 * (i + j));
        run_batch(o, out + 32 * i, k, points + 32 * i, m);
        for (size_t j = 0; j < m; j++) {
            const int z = !nonzero(out + 32 * (i + j));
            if (status) status[i + j] = z ? RIJN_ERR_ZERO_RESULT : RIJN_OK;
            if (z) rc = RIJN_ERR_ZERO_RESULT;
        }
    }
    rijn_wipe(k, sizeof k);
    return rc;
}
