/* SPDX-License-Identifier: MIT */
/* Small shared pieces: errors, version, wiping, overlap, constant-time compare. */
#include "core/util.h"

const char *rijn_version(void)
{
    return RIJN_VERSION_STRING;
}

const char *rijn_strerror(int err)
{
    switch (err) {
    case RIJN_OK: return "success";
    case RIJN_ERR_NULL: return "NULL pointer with non-zero length";
    case RIJN_ERR_KEY_LEN: return "invalid key length";
    case RIJN_ERR_IV_LEN: return "invalid IV/nonce/tweak length";
    case RIJN_ERR_TAG_LEN: return "invalid tag length";
    case RIJN_ERR_LENGTH: return "invalid input length";
    case RIJN_ERR_AUTH: return "authentication failed";
    case RIJN_ERR_PADDING: return "bad padding";
    case RIJN_ERR_STATE: return "call out of order or on an unset context";
    case RIJN_ERR_NO_DRIVER: return "unknown or unavailable algorithm/driver";
    case RIJN_ERR_LIMIT: return "length limit of the mode exceeded";
    case RIJN_ERR_OVERLAP: return "input and output overlap partially";
    case RIJN_ERR_BUFFER: return "output buffer too small";
    case RIJN_ERR_SELFTEST: return "driver failed its self-test";
    case RIJN_ERR_WEAK_KEY: return "key refused (XTS halves must differ)";
    case RIJN_ERR_ZERO_RESULT: return "X25519 result is all zero (small-order point)";
    case RIJN_ERR_RANDOM: return "the OS random source failed";
    default: return "unknown error";
    }
}

/* Writes through a volatile function pointer: the compiler cannot prove
 * the stores dead, so it cannot drop them (as in libsodium / BoringSSL). */
static void *(*volatile wipe_memset)(void *, int, size_t) = memset;

void rijn_wipe(void *p, size_t n)
{
    if (p && n) wipe_memset(p, 0, n);
}

int rijn_ct_memcmp(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++) d |= a[i] ^ b[i];
    /* 0 -> 0, non-zero -> -1, without a branch on d. The verdict is public. */
    int r = (int)(((uint32_t)d + 0xffu) >> 8) * -1;
    RIJN_DECLASSIFY(&r, sizeof r);
    return r;
}
