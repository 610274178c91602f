/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: the output (cli/speed.h), a text table or a JSON array. In
 * both, rijn's columns come first, then each loaded peer's in --vs order:
 * a peer that lacks a row's mode or key size shows "-" there (text) or
 * leaves its keys out (JSON).
 */
#include <math.h>
#include <stdio.h>

#include "speed.h"

static int json, first;
static const struct speed_peer *const *peers;
static size_t npeers;

/* cpb as text: "-" when it could not be measured (NaN). */
static const char *cpb_txt(double v, char buf[32], const char *null)
{
    if (isnan(v)) return null;
    snprintf(buf, 32, *null == '-' ? "%.2f" : "%.3f", v);   /* table: 2 decimals, JSON: 3 */
    return buf;
}

void speed_out_begin(int as_json, int key_bits, int best, const struct speed_peer *const *ps, size_t n)
{
    json = as_json;
    first = 1;
    peers = ps;
    npeers = n;
    if (json) {
        printf("[\n");
        return;
    }
    double ghz;
    switch (speed_cycles_source(&ghz)) {
    case SPEED_PERF: printf("# cycles: perf_event hardware counter\n"); break;
    case SPEED_CLOCK:
        printf("# cycles: perf_event unavailable; time x effective clock (dependent-add chain, sampled around each "
               "run; %.2f GHz at start)\n", ghz);
        break;
    case SPEED_NO_CYCLES:
        printf("# cycles: perf_event unavailable, and no effective-clock fallback off x86-64: MB/s only, cpb not "
               "reported\n");
        break;
    }
    printf("# AES-%d, one op = new IV + buffer (AEAD: new nonce, 13-byte AAD, tag); %s of 7 runs\n", key_bits,
           best ? "best" : "medians");
    for (size_t i = 0; i < npeers; i++)
        if (peers[i]->banner) printf("# %s\n", peers[i]->banner());
    printf("%-10s %-4s %-44s %6s %10s %8s", "algorithm", "op", "driver", "size", "MB/s", "cpb");
    for (size_t i = 0; i < npeers; i++) {
        char mb[32], cpb[32];
        snprintf(mb, sizeof mb, "%s MB/s", peers[i]->col);
        snprintf(cpb, sizeof cpb, "%s cpb", peers[i]->col);
        printf(" %10s %8s %7s", mb, cpb, "ratio");
    }
    printf("\n");
}

void speed_out_row(const struct speed_row *r)
{
    char b1[32], b2[32];
    if (json) {
        printf("%s  {\"algorithm\": \"%s\", \"driver\": \"%s\", \"op\": \"%s\", \"key_bits\": %d, "
               "\"size\": %zu, \"mb_per_s\": %.1f, \"cycles_per_byte\": %s",
               first ? "" : ",\n", r->alg, r->driver, r->op, r->key_bits, r->size, r->mine.mbps,
               cpb_txt(r->mine.cpb, b1, "null"));
        for (size_t i = 0; i < npeers; i++)
            if (r->have[i])
                printf(", \"%s_mb_per_s\": %.1f, \"%s_cycles_per_byte\": %s, \"%s\": %.3f", peers[i]->name,
                       r->peer[i].mbps, peers[i]->name, cpb_txt(r->peer[i].cpb, b2, "null"), peers[i]->ratio_key,
                       r->mine.mbps / r->peer[i].mbps);
        printf("}");
        first = 0;
    } else {
        printf("%-10s %-4s %-44s %6zu %10.1f %8.8s", r->alg, r->op, r->driver, r->size, r->mine.mbps,
               cpb_txt(r->mine.cpb, b1, "-"));
        for (size_t i = 0; i < npeers; i++)
            if (r->have[i])
                printf(" %10.1f %8.8s %6.2fx", r->peer[i].mbps, cpb_txt(r->peer[i].cpb, b2, "-"),
                       r->mine.mbps / r->peer[i].mbps);
            else
                printf(" %10s %8s %7s", "-", "-", "-");
        printf("\n");
    }
    fflush(stdout);
}

void speed_out_end(void)
{
    if (json) printf("\n]\n");
}
