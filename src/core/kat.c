/* SPDX-License-Identifier: MIT */
/* Hex helpers of the known-answer self-tests (core/kat.h). */
#include <string.h>

#include "core/kat.h"

size_t rijn_unhex(uint8_t *out, const char *s)
{
    size_t n = 0;
    for (; s[0] && s[1]; s += 2) {
        int hi = s[0] <= '9' ? s[0] - '0' : s[0] - 'a' + 10;
        int lo = s[1] <= '9' ? s[1] - '0' : s[1] - 'a' + 10;
        out[n++] = (uint8_t)(hi << 4 | lo);
    }
    return n;
}

int rijn_eq_hex(const uint8_t *got, const char *want)
{
    uint8_t w[64];
    size_t n = rijn_unhex(w, want);
    return memcmp(got, w, n) == 0;
}
