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

static int json, first, key_bits_, best_, mode_head, prim_head;
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
    key_bits_ = key_bits;
    best_ = best;
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
}

/* The modes' table header, before their first row. */
static void mode_header(void)
{
    if (mode_head++) return;
    printf("# AES-%d, one op = new IV + buffer (AEAD: new nonce, 13-byte AAD, tag); %s of 7 runs\n", key_bits_,
           best_ ? "best" : "medians");
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
        mode_header();
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

void speed_out_prim_row(const struct speed_prim_row *r)
{
    char b[32];
    if (json) {
        printf("%s  {\"algorithm\": \"%s\", \"driver\": \"%s\", \"op\": \"%s\", \"measure\": \"%s\", "
               "\"api\": %s, \"ops_per_s\": %.0f, \"cycles_per_op\": %s}",
               first ? "" : ",\n", r->alg, r->driver, r->op, r->measure, r->api ? "true" : "false", r->res.mbps,
               cpb_txt(r->res.cpb, b, "null"));
        first = 0;
    } else {
        if (!prim_head++)
            printf("# primitives: %s of 7 runs; throughput: independent calls, latency: each call on the last "
                   "result,\n# guest instruction: AES-128 over 1 MiB, one call per emulated instruction; "
                   "driver*: the public functions (resolved), else calls through the pinned driver's table\n"
                   "%-10s %-20s %-18s %-18s %10s %10s\n",
                   best_ ? "best" : "medians", "algorithm", "op", "measure", "driver", "Mops/s", "cycles/op");
        char d[64];
        snprintf(d, sizeof d, "%s%s", r->driver, r->api ? "*" : "");
        printf("%-10s %-20s %-18s %-18s %10.1f %10.10s\n", r->alg, r->op, r->measure, d, r->res.mbps / 1e6,
               cpb_txt(r->res.cpb, b, "-"));
    }
    fflush(stdout);
}

void speed_out_end(void)
{
    if (json) printf("\n]\n");
}
