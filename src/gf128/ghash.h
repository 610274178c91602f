/* SPDX-License-Identifier: MIT */
/*
 * The GHASH kind, "ghash": multiplication by H in GCM's GF(2^128)
 * (SP 800-38D §6.3-6.4), for src/gf128/ghash_*.c. (POLYVAL, RFC 8452, will
 * be a kind of its own: the same field in the other bit order, and a
 * different function.) The known-answer test is in src/gf128/ghash.c.
 */
#ifndef RIJN_GF128_GHASH_H
#define RIJN_GF128_GHASH_H

#include "core/driver.h"

/* A GHASH driver: hkey is RIJN_GF128_KEY_BYTES, 64-byte aligned.
 * ghash: for each 16-byte block X_i, Y = (Y xor X_i) * H  (SP 800-38D §6.4),
 * with Y and X in GCM's byte order. */
struct rijn_ghash_ops {
    void (*init)(void *hkey, const uint8_t h[16]);
    void (*ghash)(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n);
};

extern const struct rijn_kind rijn_kind_ghash;

static inline const struct rijn_ghash_ops *rijn_ghash(const struct rijn_desc *d)
{
    return (const struct rijn_ghash_ops *)d->ops;
}

#endif
