/* SPDX-License-Identifier: MIT */
/*
 * rijn: AES modes, GHASH, with several implementations per algorithm and a
 * registry that picks the fastest constant-time one for the running CPU.
 *
 * This is the umbrella header. The contract of every function lives in the
 * header that declares it:
 *   rijn/registry.h  drivers: listing, selection, pinning, self-tests
 *   rijn/aes.h       the modes: ECB, CBC, CTR, XTS, GCM, CCM, CMAC
 *   rijn/clmul.h     carry-less multiplies for emulators (PCLMULQDQ, PMULL, VPMSUM)
 *   rijn/aes_round.h AES round primitives for emulators (one guest instruction)
 *   rijn/pac.h       Arm pointer authentication (QARMA5, QARMA3, AES), for emulators
 *   rijn/x25519.h    X25519 key agreement (RFC 7748)
 *
 * Conventions used everywhere:
 *   - Functions return 0 (RIJN_OK) or a negative rijn_err code.
 *   - `driver` arguments: NULL selects the best constant-time driver for the
 *     algorithm; a driver name (as printed by `rijn list`) pins exactly that
 *     driver, even one that is not constant-time.
 *   - Contexts are plain structs that may live on the stack. They hold key
 *     material: call the matching *_clear() when done; it wipes them.
 *   - No global initialisation call is needed; first use is thread-safe.
 */
#ifndef RIJN_RIJN_H
#define RIJN_RIJN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define RIJN_API __attribute__((visibility("default")))
#else
#define RIJN_API
#endif

#define RIJN_VERSION_MAJOR 0
#define RIJN_VERSION_MINOR 1
#define RIJN_VERSION_PATCH 0
#define RIJN_VERSION_STRING "0.1.0"

typedef enum rijn_err {
    RIJN_OK = 0,
    RIJN_ERR_NULL = -1,       /* a required pointer is NULL (with a non-zero length) */
    RIJN_ERR_KEY_LEN = -2,    /* key length not valid for the algorithm */
    RIJN_ERR_IV_LEN = -3,     /* IV / nonce / tweak length not valid */
    RIJN_ERR_TAG_LEN = -4,    /* tag length not valid */
    RIJN_ERR_LENGTH = -5,     /* input length not valid (block multiple, minimum...) */
    RIJN_ERR_AUTH = -6,       /* authentication failed: tag mismatch */
    RIJN_ERR_PADDING = -7,    /* bad PKCS#7 padding */
    RIJN_ERR_STATE = -8,      /* call out of order (e.g. AAD after data, use after finish) */
    RIJN_ERR_NO_DRIVER = -9,  /* unknown algorithm/driver, or unavailable on this CPU */
    RIJN_ERR_LIMIT = -10,     /* a length limit of the mode is exceeded */
    RIJN_ERR_OVERLAP = -11,   /* input and output overlap partially */
    RIJN_ERR_BUFFER = -12,    /* output buffer too small */
    RIJN_ERR_SELFTEST = -13,  /* the driver failed its known-answer self-test */
    RIJN_ERR_WEAK_KEY = -14,  /* key refused (XTS with K1 == K2) */
    RIJN_ERR_ZERO_RESULT = -15, /* X25519: the result is all zero (a small-order point; RFC 7748 6.1) */
    RIJN_ERR_RANDOM = -16     /* the OS random source failed */
} rijn_err;

/* A short English description of an error code; never NULL. */
RIJN_API const char *rijn_strerror(int err);

/* The library version, e.g. "0.1.0". */
RIJN_API const char *rijn_version(void);

/* Wipe memory in a way the compiler cannot remove. */
RIJN_API void rijn_wipe(void *p, size_t n);

#ifdef __cplusplus
}
#endif

#include "rijn/registry.h"
#include "rijn/aes.h"
#include "rijn/clmul.h"
#include "rijn/aes_round.h"
#include "rijn/pac.h"
#include "rijn/x25519.h"

#endif
