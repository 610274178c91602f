/* SPDX-License-Identifier: MIT */
/*
 * Cycles per PAC of every "pac" driver this CPU runs, and of the
 * straightforward pseudocode reference (tests/c/pac_ref.h), the baseline
 * of issue 18's goals:
 *   single   independent calls through the driver's table (throughput)
 *   latency  each call's PAC is the next call's data (a dependent chain)
 *   batchN   the batch function on N PACs under one key, per PAC
 *   api      rijn_pac_<alg>(), the resolved public function (throughput)
 *
 * Clock: the perf_event hardware cycle counter when the kernel lets us
 * read it; otherwise wall time times the effective clock, measured by a
 * chain of dependent adds (one per cycle) sampled around each run, as
 * `rijn speed` does (cli/speed_measure.c). Each figure is the median of
 * RUNS runs, with the best (lowest) beside it: on a shared machine other
 * processes only ever add time, so the best run is the least disturbed.
 *
 * usage: pac_bench [--json] [--alg qarma5|qarma3|aes] [--driver NAME]
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../tests/c/pac_ref.h"
#include "rijn/rijn.h"

#define RUNS 15
#define NIN 1024 /* distinct inputs, cycled through */

static int perf_fd = -1;
static double clock_ghz;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double measure_ghz(uint64_t iters)
{
    uint64_t x = 0;
    double t0 = now_s();
    for (uint64_t i = 0; i < iters; i++) {
#if defined(__x86_64__)
        __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                         "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                         : "+r"(x)
                         : "r"(i));
#elif defined(__aarch64__)
        __asm__ volatile("add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
                         "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1"
                         : "+r"(x)
                         : "r"(i));
#else
        x += i;
        __asm__ volatile("" : "+r"(x));
#endif
    }
    return (double)iters * 8 / (now_s() - t0) / 1e9;
}

static void cycles_init(void)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_CPU_CYCLES;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    perf_fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    if (perf_fd >= 0) {
        uint64_t v;
        ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0);
        if (read(perf_fd, &v, sizeof v) != sizeof v || v == 0) {
            close(perf_fd);
            perf_fd = -1;
        }
    }
    if (perf_fd < 0) clock_ghz = measure_ghz(20000000);
}

static uint64_t cycles_now(void)
{
    uint64_t v = 0;
    if (perf_fd >= 0 && read(perf_fd, &v, sizeof v) != sizeof v) v = 0;
    return v;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef uint64_t (*pac_fn)(uint64_t, uint64_t, uint64_t, uint64_t);
typedef void (*pac_batch_fn)(uint64_t *, const uint64_t *, const uint64_t *, uint64_t, uint64_t, size_t);

static uint64_t in_d[NIN], in_m[NIN], out_b[NIN];
static volatile uint64_t sink;

enum mode { SINGLE, LATENCY, BATCH };

/* One run of `reps` PACs; returns its cycles per PAC. */
static void run_once(enum mode md, pac_fn f, pac_batch_fn b, size_t bn, size_t reps)
{
    const uint64_t k0 = 0x84be85ce9804e94bull, k1 = 0xec2802d4e0a488e9ull;
    uint64_t acc = 0;
    switch (md) {
    case SINGLE:
        for (size_t i = 0; i < reps; i++) acc ^= f(in_d[i % NIN], in_m[i % NIN], k0, k1);
        break;
    case LATENCY: {
        uint64_t d = in_d[0];
        for (size_t i = 0; i < reps; i++) d = f(d, in_m[i % NIN], k0, k1);
        acc = d;
        break;
    }
    case BATCH:
        for (size_t i = 0; i < reps; i += bn) {
            b(out_b, in_d, in_m, k0, k1, bn);
            acc ^= out_b[0];
        }
        break;
    }
    sink = acc;
}

struct fig {
    double median, best;
};

static struct fig measure(enum mode md, pac_fn f, pac_batch_fn b, size_t bn, double secs)
{
    size_t reps = md == BATCH ? bn : 1;
    for (;;) {
        double t0 = now_s();
        run_once(md, f, b, bn, reps);
        double dt = now_s() - t0;
        if (dt > 0.005 || reps > (SIZE_MAX >> 2)) {
            reps = (size_t)((double)reps * (secs / RUNS) / (dt > 1e-9 ? dt : 1e-9)) + 1;
            break;
        }
        reps *= 4;
    }
    if (md == BATCH) reps = (reps + bn - 1) / bn * bn;
    double c[RUNS];
    for (int r = 0; r < RUNS; r++) {
        double g0 = perf_fd >= 0 ? 0 : measure_ghz(250000);
        uint64_t c0 = cycles_now();
        double t0 = now_s();
        run_once(md, f, b, bn, reps);
        double dt = now_s() - t0;
        uint64_t c1 = cycles_now();
        double g1 = perf_fd >= 0 ? 0 : measure_ghz(250000);
        c[r] = perf_fd >= 0 ? (double)(c1 - c0) / (double)reps : dt * (g0 > g1 ? g0 : g1) * 1e9 / (double)reps;
    }
    qsort(c, RUNS, sizeof c[0], cmp_d);
    return (struct fig){ c[RUNS / 2], c[0] };
}

static int json, first = 1;

static void report(const char *alg, const char *drv, const char *mode, struct fig f)
{
    if (json) {
        printf("%s\n  {\"algorithm\": \"pac-%s\", \"driver\": \"%s\", \"mode\": \"%s\", \"cycles_per_op\": %.1f, "
               "\"cycles_per_op_best\": %.1f}",
               first ? "[" : ",", alg, drv, mode, f.median, f.best);
        first = 0;
    } else {
        printf("%-7s %-22s %-9s %9.1f %9.1f\n", alg, drv, mode, f.median, f.best);
    }
    fflush(stdout);
}

static uint64_t api_q5(uint64_t d, uint64_t m, uint64_t k0, uint64_t k1)
{
    return rijn_pac_qarma5(d, m, k0, k1);
}
static uint64_t api_q3(uint64_t d, uint64_t m, uint64_t k0, uint64_t k1)
{
    return rijn_pac_qarma3(d, m, k0, k1);
}
static uint64_t api_aes(uint64_t d, uint64_t m, uint64_t k0, uint64_t k1)
{
    return rijn_pac_aes(d, m, k0, k1);
}

int main(int argc, char **argv)
{
    const char *only_alg = NULL, *only_drv = NULL;
    double secs = 0.35;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (strcmp(argv[i], "--alg") == 0 && i + 1 < argc) only_alg = argv[++i];
        else if (strcmp(argv[i], "--driver") == 0 && i + 1 < argc) only_drv = argv[++i];
        else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) secs = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: pac_bench [--json] [--alg qarma5|qarma3|aes] [--driver NAME] [--seconds S]\n");
            return 2;
        }
    }
    for (size_t i = 0; i < NIN; i++) {
        in_d[i] = 0x0000ffff12345678ull * (i + 1) ^ ((uint64_t)i << 40);
        in_m[i] = 0x9e3779b97f4a7c15ull * (i + 7);
    }
    cycles_init();
    if (!json) {
        if (perf_fd >= 0) printf("# cycles: perf_event hardware counter; median of %d runs\n", RUNS);
        else printf("# cycles: time x effective clock %.2f GHz (dependent adds); median of %d runs\n", clock_ghz, RUNS);
        printf("# cpu: %s\n", rijn_cpu_features());
        printf("%-7s %-22s %-9s %9s %9s\n", "alg", "driver", "mode", "median", "best");
    }
    static const char *const algs[3] = { "qarma5", "qarma3", "aes" };
    for (int a = 0; a < 3; a++) {
        if (only_alg && strcmp(only_alg, algs[a]) != 0) continue;
        if (a < 2 && (!only_drv || strcmp(only_drv, "reference") == 0))
            report(algs[a], "reference", "single", measure(SINGLE, a ? pac_ref_qarma3 : pac_ref_qarma5, NULL, 0, secs));
        rijn_driver_info info;
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_get(i, &info);
            if (strcmp(info.algorithm, "pac") != 0 || !info.available) continue;
            if (only_drv && strcmp(only_drv, info.driver) != 0) continue;
            const struct rijn_pac_ops *o;
            if (rijn_pac_get(info.driver, &o) != RIJN_OK) continue;
            pac_fn f = a == 0 ? o->qarma5 : a == 1 ? o->qarma3 : o->aes;
            pac_batch_fn b = a == 0 ? o->qarma5_batch : a == 1 ? o->qarma3_batch : o->aes_batch;
            report(algs[a], info.driver, "single", measure(SINGLE, f, NULL, 0, secs));
            report(algs[a], info.driver, "latency", measure(LATENCY, f, NULL, 0, secs));
            report(algs[a], info.driver, "batch8", measure(BATCH, NULL, b, 8, secs));
            report(algs[a], info.driver, "batch256", measure(BATCH, NULL, b, 256, secs));
        }
        if (!only_drv || strcmp(only_drv, "api") == 0) {
            pac_fn f = a == 0 ? api_q5 : a == 1 ? api_q3 : api_aes;
            const struct rijn_pac_ops *o;
            rijn_pac_get(NULL, &o);
            char name[64];
            snprintf(name, sizeof name, "api(%s)", o->driver);
            report(algs[a], name, "single", measure(SINGLE, f, NULL, 0, secs));
        }
    }
    if (json) printf("\n]\n");
    return 0;
}
