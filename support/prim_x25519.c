/* SPDX-License-Identifier: MIT */
/*
 * The x25519 adapter (support/adapt_prim.h): include/rijn/x25519.h's
 * operations for throughput, RS_X25519_OPS independent operations per
 * run, each on its own scalar and point:
 *   derive  rijn_x25519(): a shared secret, the variable-base ladder;
 *   base    rijn_x25519_base(): a public key, the fixed-base method;
 *   batch   one rijn_x25519_batch() of RS_X25519_OPS multiplications,
 *           counted per multiplication, so that it compares with derive.
 * x25519 has no function table: every call takes the driver's name. The
 * job's "table" is that name for a pinned driver, NULL for the public
 * functions' own choice (driver NULL), as the other kinds' tables are.
 *
 * The points are public keys (X25519 of a scalar and 9), as a server
 * receives them: a point of small order would give the zero result, which
 * is no case to time.
 *
 * The taint test runs every operation, the batch included, with the
 * scalars and the points from the secret bytes.
 */
#include "adapt_prim.h"

#include <string.h>

#include "rijn/registry.h"

enum { XL = RIJN_X25519_LEN, XN = RS_X25519_OPS };

static const uint8_t *x_scalar(const rs_prim_job *j, size_t i)
{
    return j->in + XL * i;
}

static const uint8_t *x_point(const rs_prim_job *j, size_t i)
{
    return j->in + XL * (XN + i);
}

static int x_open(rs_prim_job *j, const char *driver)
{
    const char *name;
    /* The registry's name for it (or for its choice): unknown drivers,
     * drivers of other kinds and drivers this CPU cannot run fail here. */
    int r = rijn_resolve("x25519", driver, &name);
    if (r) return r;
    j->table = driver ? name : NULL;
    j->driver = name;
    uint8_t *s = j->in, *p = j->in + XL * XN;
    for (size_t i = 0; i < XL * XN; i++) s[i] = (uint8_t)(i * 29 + 7);
    for (size_t i = 0; i < XN; i++) {
        uint8_t k[XL];
        for (size_t b = 0; b < XL; b++) k[b] = (uint8_t)(i * 53 + b * 11 + 1);
        r = rijn_x25519_base(driver, p + XL * i, k);
        if (r) return r;
    }
    return 0;
}

static void x_derive(rs_prim_job *j)
{
    const char *d = j->table;
    for (size_t i = 0; i < XN; i++) rijn_x25519(d, j->out + XL * i, x_scalar(j, i), x_point(j, i));
}

static void x_base(rs_prim_job *j)
{
    const char *d = j->table;
    for (size_t i = 0; i < XN; i++) rijn_x25519_base(d, j->out + XL * i, x_scalar(j, i));
}

static void x_batch(rs_prim_job *j)
{
    rijn_x25519_batch(j->table, j->out, x_scalar(j, 0), x_point(j, 0), XN, NULL);
}

static const struct rs_prim_op x_bench[] = {
    { "derive", "throughput", XN, x_derive },
    { "base", "throughput", XN, x_base },
    { "batch", "batch of 8", XN, x_batch },
};
_Static_assert(XN == 8, "the batch row's measure names its size");

/* Every operation of driver on secret scalars and points: 32-byte pieces
 * of the secret bytes, scalar i and point i from different pieces. The
 * batch is XN + 1 long, so that a driver that computes several at once
 * meets a full group and a tail. The return codes are secret too (the
 * zero check reads the result), so they are combined without a branch,
 * and the caller declassifies the one it gets. */
static int x_taint(const char *driver, const uint8_t *secret, uint8_t *out, size_t len)
{
    const char *name;
    int r = rijn_resolve("x25519", driver, &name);
    if (r) return r;
    if (len < 2 * XL) return RIJN_ERR_LENGTH;
    enum { NB = XN + 1 };
    const size_t pieces = len / XL;
    uint8_t s[NB * XL], p[NB * XL], res[NB * XL];
    int status[NB];
    for (size_t i = 0; i < NB; i++) {
        memcpy(s + XL * i, secret + XL * ((2 * i) % pieces), XL);
        memcpy(p + XL * i, secret + XL * ((2 * i + 1) % pieces), XL);
    }
    int acc = 0;
    acc |= rijn_x25519(driver, res, s, p);
    acc |= rijn_x25519_base(driver, res + XL, s + XL);
    acc |= rijn_x25519_batch(driver, res + 2 * XL, s, p, NB - 2, status);
    /* In place: the outputs over the points, then over the scalars. */
    acc |= rijn_x25519_batch(driver, p, s, p, NB, status);
    acc |= rijn_x25519_batch(driver, s, s, res, NB, status);
    for (size_t i = 0; i < NB * XL; i++) out[i % len] ^= res[i] ^ s[i] ^ p[i];
    return acc;
}

const struct rs_prim rs_prim_x25519 = {
    "x25519", x_open, x_bench, sizeof x_bench / sizeof x_bench[0], x_taint,
};
