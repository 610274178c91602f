/* SPDX-License-Identifier: MIT */
/*
 * x25519-arm64's radix-2^64 field (src/x25519/x25519_arm64.c: add, sub,
 * neg, mul, sqr, mul_a24 in inline assembly, and the canonical encoding)
 * against fe51.h, the field whose bounds `make proof` checks, on values
 * chosen to reach the folds that random ladder inputs almost never do:
 * every limb pattern built from 0, 1, 19, 37, 38, 2^63 - 1, 2^63,
 * 2^64 - 39, 2^64 - 38, 2^64 - 19, 2^64 - 1 and a random word (so
 * 2^256 - 1, 2^256 - 38, p, 2^255, ...), then random values, and random values with limbs forced to all
 * ones. Each result must be below 2^256 (it is: four words) and congruent
 * to fe51's result mod p; both are compared canonically, fe64's through
 * its own fe64_tobytes, which is itself checked against a reduction by
 * hand. In place (h = f, h = g) too.
 *
 * AArch64 only (the assembly is AArch64's): tests/py/test_cross.py runs it
 * under qemu-aarch64; elsewhere it exits 77 and says so.
 *
 * usage: test_fe64 [random rounds, default 200000]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#if defined(__aarch64__)
#include "x25519/fe51.h"
#include "x25519/x25519_arm64.c" // NOLINT(bugprone-suspicious-include): the file under test, with its static functions

/* x mod p, canonical, of any x < 2^256 given as four words, by hand:
 * x = lo + 2^255 hi ~ lo + 19 hi, then subtract p while x >= p (at most
 * twice from below 2^255 + 19 * 1 + ...: lo + 19 < 2^255 + 19 < 2p). */
static void ref_canon(uint8_t out[32], const uint64_t v[4])
{
    uint64_t w[4] = { v[0], v[1], v[2], v[3] & 0x7fffffffffffffffULL };
    unsigned __int128 acc = (unsigned __int128)w[0] + 19 * (v[3] >> 63);
    for (int i = 0; i < 4; i++) {
        if (i) acc += w[i];
        w[i] = (uint64_t)acc;
        acc >>= 64;
    }
    static const uint64_t P[4] = { 0xffffffffffffffedULL, ~0ULL, ~0ULL, 0x7fffffffffffffffULL };
    for (int k = 0; k < 2; k++) {
        int ge = 1;
        for (int i = 3; i >= 0; i--)
            if (w[i] != P[i]) {
                ge = w[i] > P[i];
                break;
            }
        if (!ge) break;
        unsigned __int128 b = 0;
        for (int i = 0; i < 4; i++) {
            unsigned __int128 d = (unsigned __int128)w[i] - P[i] - (uint64_t)b;
            w[i] = (uint64_t)d;
            b = (d >> 64) & 1;
        }
    }
    for (int i = 0; i < 4; i++) rijn_store64_le(out + 8 * i, w[i]);
}

/* fe64 (any value < 2^256) to fe51 through the canonical bytes */
static void to51(fe51 *h, const fe64 *f)
{
    uint8_t b[32];
    ref_canon(b, f->v);
    fe51_frombytes(h, b);
}

static int g_fail, g_tests;

static void expect(const char *op, const fe64 *got, const fe51 *want, const fe64 *f, const fe64 *g)
{
    uint8_t a[32], b[32], c[32];
    fe64_tobytes(a, got);
    ref_canon(b, got->v);
    fe51 w = *want;
    fe51_tobytes(c, &w);
    g_tests++;
    if (memcmp(a, b, 32) != 0 || memcmp(a, c, 32) != 0) {
        g_fail++;
        if (g_fail <= 10) {
            printf("FAIL %s: f = %016llx %016llx %016llx %016llx", op, (unsigned long long)f->v[3],
                   (unsigned long long)f->v[2], (unsigned long long)f->v[1], (unsigned long long)f->v[0]);
            if (g)
                printf(", g = %016llx %016llx %016llx %016llx", (unsigned long long)g->v[3],
                       (unsigned long long)g->v[2], (unsigned long long)g->v[1], (unsigned long long)g->v[0]);
            printf("%s\n", memcmp(a, b, 32) ? " (fe64_tobytes differs from the reduction by hand)" : "");
        }
    }
}

static void check_pair(const fe64 *f, const fe64 *g)
{
    fe51 f5, g5, w;
    fe64 h, t;
    to51(&f5, f);
    to51(&g5, g);

    fe64_add(&h, f, g);
    fe51 fc = f5, gc = g5;
    fe51_add(&w, &fc, &gc);
    fe51_carry(&w, &w);
    expect("add", &h, &w, f, g);

    fe64_sub(&h, f, g);
    fe51_sub(&w, &f5, &g5);
    fe51_carry(&w, &w);
    expect("sub", &h, &w, f, g);

    fe64_mul(&h, f, g);
    fe51_mul(&w, &f5, &g5);
    expect("mul", &h, &w, f, g);
    t = *f;
    fe64_mul(&t, &t, g); /* h = f */
    expect("mul in place (h = f)", &t, &w, f, g);
    t = *g;
    fe64_mul(&t, f, &t); /* h = g */
    expect("mul in place (h = g)", &t, &w, f, g);
}

static void check_one(const fe64 *f)
{
    fe51 f5, w;
    fe64 h, t;
    to51(&f5, f);

    fe64_sqr(&h, f);
    fe51_sqr(&w, &f5);
    expect("sqr", &h, &w, f, NULL);
    t = *f;
    fe64_sqr(&t, &t);
    expect("sqr in place", &t, &w, f, NULL);

    fe64_mul_a24(&h, f);
    fe51_mul_a24(&w, &f5);
    expect("mul_a24", &h, &w, f, NULL);

    fe64_neg(&h, f);
    fe51 z;
    fe51_0(&z);
    fe51_sub(&w, &z, &f5);
    fe51_carry(&w, &w);
    expect("neg", &h, &w, f, NULL);

    fe64_copy(&h, f); /* the encoding alone */
    expect("tobytes", &h, &f5, f, NULL);
}

int main(int argc, char **argv)
{
    const long rounds = argc > 1 ? atol(argv[1]) : 200000;
    t_seed();
    const uint64_t words[] = { 0, 1, 19, 37, 38, 0x8000000000000000ULL, 0x7fffffffffffffffULL, ~0ULL - 38,
                               ~0ULL - 37, ~0ULL - 18 /* p's limb 0 */, ~0ULL, 0 /* random, set below */ };
    const size_t nw = sizeof words / sizeof words[0];
    /* every limb pattern of the special words, paired with a sample of
     * the others (all pairs would be 12^8) */
    fe64 *pat = malloc(sizeof(fe64) * nw * nw * nw * nw);
    size_t np = 0;
    if (!pat) return 1;
    for (size_t a = 0; a < nw; a++)
        for (size_t b = 0; b < nw; b++)
            for (size_t c = 0; c < nw; c++)
                for (size_t d = 0; d < nw; d++) {
                    fe64 *x = &pat[np++];
                    const size_t ix[4] = { a, b, c, d };
                    for (int i = 0; i < 4; i++) x->v[i] = ix[i] == nw - 1 ? t_rand() : words[ix[i]];
                }
    for (size_t i = 0; i < np; i++) {
        check_one(&pat[i]);
        check_pair(&pat[i], &pat[i]);
        check_pair(&pat[i], &pat[(i * 7919 + 13) % np]);
        check_pair(&pat[(i * 104729 + 1) % np], &pat[i]);
    }
    free(pat);
    for (long r = 0; r < rounds; r++) {
        fe64 f, g;
        for (int i = 0; i < 4; i++) {
            f.v[i] = t_rand();
            g.v[i] = t_rand();
        }
        /* sometimes limbs of all ones, where the carries run furthest */
        const uint64_t m = t_rand();
        for (int i = 0; i < 4; i++) {
            if ((m >> i) & (m >> 8) & 1) f.v[i] = ~0ULL;
            if ((m >> (i + 4)) & (m >> 9) & 1) g.v[i] = ~0ULL;
        }
        check_one(&f);
        check_pair(&f, &g);
    }
    printf("test_fe64: %d checks, %d failed\n", g_tests, g_fail);
    return g_fail != 0;
}
#else
int main(void)
{
    printf("x25519-arm64's field is AArch64 assembly: not built for this target (tests/py/test_cross.py runs "
           "this test under qemu-aarch64)\n");
    return 77;
}
#endif
