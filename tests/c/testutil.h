/* SPDX-License-Identifier: MIT */
/* Tiny helpers for the C test programs: a deterministic RNG and checks
 * that count failures. Each program prints "N passed, N failed". */
#ifndef RIJN_TESTUTIL_H
#define RIJN_TESTUTIL_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rijn/rijn.h"

static unsigned long t_pass, t_fail;
static uint64_t t_rng = 0x9e3779b97f4a7c15ull;

static inline uint64_t t_rand(void)
{
    /* splitmix64 */
    uint64_t z = (t_rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline void t_fill(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)t_rand();
}
static inline void t_seed(void)
{
    const char *s = getenv("RIJN_TEST_SEED");
    if (s) t_rng = strtoull(s, NULL, 0);
}

#define CHECK(cond, ...)                                              \
    do {                                                              \
        if (cond) {                                                   \
            t_pass++;                                                 \
        } else {                                                      \
            t_fail++;                                                 \
            if (t_fail <= 50) {                                       \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);  \
                fprintf(stderr, __VA_ARGS__);                         \
                fprintf(stderr, "\n");                                \
            }                                                         \
        }                                                             \
    } while (0)

static inline int t_done(void)
{
    printf("%lu passed, %lu failed\n", t_pass, t_fail);
    return t_fail ? 1 : 0;
}
#endif
