/* SPDX-License-Identifier: MIT */
/*
 * The x25519 kind: drivers of include/rijn/x25519.h. X25519 is a
 * primitive kind (src/core/prim.h): calls take no context, the driver is
 * picked per call (NULL: once, then cached), and a static program that
 * uses only X25519 links this kind's files and not the AES registry.
 *
 * A driver gets scalars that are already clamped (src/x25519/x25519.c
 * does that, once, for all of them) and u-coordinates as given; it ignores
 * bit 255 of u and accepts non-canonical u, writes canonical results, and
 * wipes its own stack. The zero-result check and the wiping of the clamped
 * scalar are the kind's.
 */
#ifndef RIJN_X25519_KIND_H
#define RIJN_X25519_KIND_H

#include "core/driver.h"
#include "rijn/x25519.h"

struct rijn_x25519_ops {
    /* out = X25519(k, u) by the Montgomery ladder (RFC 7748 section 5). */
    void (*scalarmult)(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
    /* out = X25519(k, 9), by any method that gives the same result. */
    void (*base)(uint8_t out[32], const uint8_t k[32]);
    /* n multiplications, k and u at 32-byte strides; NULL: the kind calls
     * scalarmult n times. out may equal u or k. */
    void (*batch)(uint8_t *out, const uint8_t *k, const uint8_t *u, size_t n);
    /* The priority of this driver for batches (rijn_x25519_batch with
     * driver NULL); 0 means the descriptor's priority, which ranks the
     * single operations. A driver that computes several multiplications
     * at once in vector lanes (x25519-avx2) is slow on one and fast per
     * multiplication on many: it ranks low for single calls and high here.
     * The AES kind's serial_priority (src/aes/cipher.h) is the same idea. */
    int batch_priority;
};

extern const struct rijn_kind rijn_kind_x25519;

/* For drivers that run several ladders at once, one per vector lane
 * (x25519-avx2, x25519-ifma): their batch function. n multiplications go
 * to ladder(out, k, u), which computes `lanes` (at most 8) of them with a
 * scalar and a point per lane, in groups; a last group of fewer fills its
 * spare lanes with a public dummy (a clamped scalar and the base point)
 * and drops their results, so which lanes are filled depends on n only,
 * which is public. out may equal k or u: ladder copies its inputs before
 * it writes. */
typedef void rijn_x25519_lanes_fn(uint8_t out[][32], const uint8_t *const k[], const uint8_t *const u[]);
RIJN_HIDDEN void rijn_x25519_groups(uint8_t *out, const uint8_t *k, const uint8_t *u, size_t n, size_t lanes,
                                    rijn_x25519_lanes_fn *ladder);

/* out = 1/in mod 2^255 - 19 (0 for 0), in constant time by Bernstein and
 * Yang's divsteps (src/x25519/invert.c); in: canonical little-endian
 * bytes (< p), as FE_TOBYTES writes them; out may equal in. Defined where
 * the compiler has a 128-bit integer (64-bit targets); curve_core.h's
 * core_invert1 uses it for single elements when RIJN_X25519_INVERT is
 * defined, and Fermat's chain otherwise. */
#ifdef __SIZEOF_INT128__
#define RIJN_X25519_INVERT rijn_x25519_invert
RIJN_HIDDEN void rijn_x25519_invert(uint8_t out[32], const uint8_t in[32]);
#endif

#endif
