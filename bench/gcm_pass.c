/* SPDX-License-Identifier: MIT */
/*
 * What one pass of a GCM driver's bulk loop costs: one-shot seals and
 * opens (96-bit IV, 13 bytes of AAD, 16-byte tag, as `rijn speed` times
 * them) of 8, 16 and 32 KiB, each the median of 1001 samples of 8 calls,
 * the sizes taking turns. The slope from 8 to 32 KiB, per 256 bytes, is
 * the cost of a pass of 16 blocks (the 512-bit drivers' unit), the fixed
 * cost of a call cancelled out; the intercept is what a 16 KiB call pays
 * beyond 64 passes. Input and output start at chosen offsets from a
 * 4 KiB boundary (so from a cache line), in different pages: the
 * misaligned placements of docs/performance.md ("2026-12-07").
 *
 * Cycles: elapsed time times the effective core clock (bench_clock.h), as
 * `rijn speed` counts them without perf_event; on x86-64 only (elsewhere
 * the figures are nanoseconds).
 *
 * usage: gcm_pass [DRIVER|-] [BITS] [IN] [OUT]
 *   DRIVER  a gcm(aes) driver of `rijn list` ("-": the selected one)
 *   BITS    128, 192 or 256 (default 128)
 *   IN OUT  the input's and output's offsets, 0..4095 (default 0 0)
 * It measures, it does not test: `make check` only runs it once, to see
 * that it runs and refuses bad arguments (tests/py/test_speed.py). It
 * exits 1 if an open fails to verify its own seal, 2 on bad arguments.
 */
#include <rijn/aes.h>
#include <rijn/rijn.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_clock.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

#define SAMPLES 1001
#define CALLS 8
#define NSIZES 3
static const size_t sizes[NSIZES] = { 8192, 16384, 32768 };

/* Two buffers of 32 KiB plus slack, in different pages. */
static uint8_t arena[2 * 40960 + 8192] __attribute__((aligned(4096)));

static long arg_number(const char *what, const char *s, long lo, long hi)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "gcm_pass: %s must be %ld..%ld (got '%s')\n", what, lo, hi, s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    if (argc > 5) {
        fprintf(stderr, "usage: gcm_pass [DRIVER|-] [BITS] [IN] [OUT]\n");
        return 2;
    }
    const char *drv = argc > 1 && strcmp(argv[1], "-") != 0 ? argv[1] : NULL;
    const long bits = argc > 2 ? arg_number("BITS", argv[2], 128, 256) : 128;
    const long ioff = argc > 3 ? arg_number("IN", argv[3], 0, 4095) : 0;
    const long ooff = argc > 4 ? arg_number("OUT", argv[4], 0, 4095) : 0;
    if (bits != 128 && bits != 192 && bits != 256) {
        fprintf(stderr, "gcm_pass: BITS must be 128, 192 or 256\n");
        return 2;
    }
    static const uint8_t key[32] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
                                     17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 };
    rijn_gcm_key k;
    int rc = rijn_gcm_init(&k, drv, key, (size_t)bits / 8);
    if (rc != RIJN_OK) {
        fprintf(stderr, "gcm_pass: driver %s: %s\n", drv ? drv : "(selected)", rijn_strerror(rc));
        return 2;
    }
    uint8_t *in = arena + ioff, *out = arena + 40960 + 4096 + ooff;
    const double ghz = effective_ghz();
    uint8_t iv[12] = { 0 }, aad[13] = { 0 }, tag[NSIZES][16];
    static double t[2][NSIZES][SAMPLES];
    for (int op = 0; op < 2; op++) {
        for (size_t i = 0; i < 32768; i++) in[i] = (uint8_t)(i * 7 + 1);
        if (op == 1) {
            /* The open's input: the plaintext's ciphertext under one IV,
             * in place of the plaintext. A message's ciphertext is a
             * prefix of a longer one's under the same IV (CTR), so one
             * buffer serves every size; each size has its own tag. */
            iv[0] = 0xa5;
            for (int s = 0; s < NSIZES; s++) rijn_gcm_seal(&k, iv, 12, aad, 13, in, sizes[s], out, tag[s], 16);
            memcpy(in, out, 32768);
        }
        for (int r = 0; r < SAMPLES; r++)
            for (int s = 0; s < NSIZES; s++) {
                const size_t n = sizes[s];
                uint8_t seal_tag[16];
                const double t0 = now_ns();
                for (int c = 0; c < CALLS; c++) {
                    if (op == 0) {
                        iv[0] = (uint8_t)c;
                        rc = rijn_gcm_seal(&k, iv, 12, aad, 13, in, n, out, seal_tag, 16);
                    } else {
                        rc = rijn_gcm_open(&k, iv, 12, aad, 13, in, n, tag[s], 16, out);
                    }
                    if (rc != RIJN_OK) {
                        fprintf(stderr, "gcm_pass: %s of %zu bytes failed: %s\n", op ? "open" : "seal", n,
                                rijn_strerror(rc));
                        return 1;
                    }
                }
                t[op][s][r] = (now_ns() - t0) / CALLS * (ghz > 0 ? ghz : 1);
            }
    }
    const char *unit = ghz > 0 ? "cycles" : "ns";
    if (ghz > 0) printf("# effective clock %.2f GHz\n", ghz);
    for (int op = 0; op < 2; op++) {
        double m[NSIZES];
        for (int s = 0; s < NSIZES; s++) {
            qsort(t[op][s], SAMPLES, sizeof(double), cmp_double);
            m[s] = t[op][s][SAMPLES / 2];
        }
        const double slope = (m[2] - m[0]) / ((double)(sizes[2] - sizes[0]) / 256.0);
        printf("AES-%ld %s in+%ld out+%ld: 8K %.0f 16K %.0f 32K %.0f %s; pass (256 bytes) %.2f, 16K beyond 64 "
               "passes %.0f\n",
               bits, op ? "open" : "seal", ioff, ooff, m[0], m[1], m[2], unit, slope, m[1] - 64 * slope);
    }
    rijn_gcm_clear(&k);
    return 0;
}
