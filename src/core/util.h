/* SPDX-License-Identifier: MIT */
/*
 * Byte helpers shared by drivers and modes: overlap check, constant-time
 * comparison, XOR, and fixed-endian loads and stores. No algorithm here.
 */
#ifndef RIJN_UTIL_H
#define RIJN_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/tooling.h"
#include "rijn/rijn.h"

/* 0 if the ranges are identical or disjoint, else RIJN_ERR_OVERLAP.
 * Inline: every mode's entry checks it, and as a call it made those
 * entries keep their arguments in saved registers across it. */
static inline int rijn_check_overlap(const void *out, const void *in, size_t len)
{
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
    if (!len || o == i) return RIJN_OK;
    if (o < i + len && i < o + len) return RIJN_ERR_OVERLAP;
    return RIJN_OK;
}
/* Constant-time comparison: 0 if equal, else -1. */
RIJN_HIDDEN int rijn_ct_memcmp(const uint8_t *a, const uint8_t *b, size_t n);

static inline void rijn_xor16(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    for (int i = 0; i < 16; i++) d[i] = a[i] ^ b[i];
}
/* d = a xor b over n bytes, 8 bytes at a time (d may equal a or b). */
static inline void rijn_xor_bytes(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(d + i, &x, 8);
    }
    for (; i < n; i++) d[i] = a[i] ^ b[i];
}
static inline uint32_t rijn_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline void rijn_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}
static inline uint64_t rijn_load64_be(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v);
#else
    return ((uint64_t)rijn_load32_be(p) << 32) | rijn_load32_be(p + 4);
#endif
}
static inline void rijn_store64_be(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
    memcpy(p, &v, 8);
#else
    rijn_store32_be(p, (uint32_t)(v >> 32)); rijn_store32_be(p + 4, (uint32_t)v);
#endif
}
static inline uint32_t rijn_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline void rijn_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static inline uint64_t rijn_load64_le(const uint8_t *p)
{
    return (uint64_t)rijn_load32_le(p) | ((uint64_t)rijn_load32_le(p + 4) << 32);
}
static inline void rijn_store64_le(uint8_t *p, uint64_t v)
{
    rijn_store32_le(p, (uint32_t)v); rijn_store32_le(p + 4, (uint32_t)(v >> 32));
}

#endif
