/* SPDX-License-Identifier: MIT */
/*
 * rijn/x25519.h: Diffie-Hellman on Curve25519 (RFC 7748).
 *
 * All values are 32-byte little-endian strings, as RFC 7748 section 5
 * encodes them:
 *   - a scalar is clamped before use (bits 0, 1, 2 and 255 cleared, bit 254
 *     set), so any 32 bytes are a valid private key;
 *   - a u-coordinate has its top bit (bit 255) ignored, and non-canonical
 *     values (2^255 - 19 .. 2^255 - 1) are accepted and reduced mod p.
 *     Every 32-byte string is accepted: points on the twist and of low order
 *     included, as the RFC requires.
 *
 * The all-zero result (section 6.1). When the point has small order, the
 * shared secret is zero whatever the scalar: the peer has chosen it so that
 * the exchange carries no secret. rijn_x25519() and rijn_x25519_batch()
 * then return RIJN_ERR_ZERO_RESULT, as libsodium's crypto_scalarmult() does,
 * and still write the (all-zero) result, so that protocols which must go on
 * regardless (and know why) can; everyone else treats the error as fatal.
 *
 * Drivers: the algorithm "x25519" of the registry (`rijn list`). Every call
 * takes `driver` as the rest of rijn does: NULL for the best constant-time
 * driver on this CPU, or a driver name to pin exactly that one. All drivers
 * give the same results; they differ only in speed. The scalar is secret:
 * no branch and no memory address depends on it (tests/c/ct_taint.c checks
 * each driver under valgrind). Secrets are wiped from the stack before
 * return.
 *
 * Errors (negative rijn_err): RIJN_ERR_NULL (a NULL pointer),
 * RIJN_ERR_NO_DRIVER / RIJN_ERR_SELFTEST (as for every algorithm),
 * RIJN_ERR_ZERO_RESULT (above), RIJN_ERR_RANDOM (rijn_x25519_keygen: the OS
 * gave no randomness). Outputs may alias inputs.
 */
#ifndef RIJN_X25519_H
#define RIJN_X25519_H

#include "rijn/rijn.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RIJN_X25519_LEN 32

/* out = X25519(scalar, point): the shared secret of RFC 7748 section 6.1
 * (the peer's public key as point), or any scalar multiplication on the
 * Montgomery curve. */
RIJN_API int rijn_x25519(const char *driver, uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

/* pub = X25519(scalar, 9): the public key of a private scalar. Computed with
 * a fixed-base method (precomputed multiples of the Edwards base point),
 * faster than the ladder; the result is the same. Never zero. */
RIJN_API int rijn_x25519_base(const char *driver, uint8_t pub[32], const uint8_t scalar[32]);

/* A new key pair: priv from the OS random source (getrandom(2)), pub its
 * public key. On error nothing usable is left in priv or pub (both are
 * zeroed). */
RIJN_API int rijn_x25519_keygen(const char *driver, uint8_t priv[32], uint8_t pub[32]);

/* n independent scalar multiplications in one call: out + 32 i =
 * X25519(scalars + 32 i, points + 32 i) for i < n, for a server with a
 * backlog of handshakes. A driver with wide vectors computes several at
 * once. status, when not NULL, gets one entry per multiplication: 0, or
 * RIJN_ERR_ZERO_RESULT. The call returns RIJN_ERR_ZERO_RESULT if any result
 * is zero (every output is still written), else 0. out may equal points or
 * scalars; other overlaps are not allowed. n = 0 is a no-op. */
RIJN_API int rijn_x25519_batch(const char *driver, uint8_t *out, const uint8_t *scalars, const uint8_t *points,
                               size_t n, int *status);

#ifdef __cplusplus
}
#endif

#endif
