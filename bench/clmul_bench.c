/* SPDX-License-Identifier: MIT */
/*
 * Cycles per call of the carry-less multiplies (include/rijn/clmul.h),
 * every form, for the free functions (the selected driver through the
 * resolved table: what an emulator calls) and for each available driver
 * through its rijn_clmul_get() table (one indirect call, as the free
 * functions make). Two figures per form:
 *   tput  independent calls (operands from a 256-entry table), cycles per
 *         call in a loop that keeps many calls in flight;
 *   lat   a dependent chain: each call's operand is the previous result.
 * The baseline row, "bitloop", is the generic algorithm an emulator
 * without host support runs (QEMU's crypto/clmul.c: one masked shift and
 * XOR per multiplier bit), written here, for 64x64 and 8x8_low. The
 * figures include the loop and the call; the "(empty)" row shows their
 * cost alone (an indirect call of a function that returns its operand).
 *
 * Clock: the perf_event hardware cycle counter (user mode) when the kernel
 * lets us read it; otherwise, on x86-64, elapsed time times the effective
 * core clock measured with a chain of dependent adds (as `rijn speed`);
 * elsewhere nanoseconds. The header line says which. Each figure is the
 * median of 11 runs.
 *
 * usage: clmul_bench [--json]    (RIJN_CPU masks features as usual)
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bench_clock.h"
#include "rijn/rijn.h"

#define RUNS 11
#define ITERS 200000

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static int perf_fd = -1;
static double ghz; /* effective clock (fallback), 0 if none */

static uint64_t perf_now(void)
{
    uint64_t v = 0;
    if (read(perf_fd, &v, sizeof v) != sizeof v) v = 0;
    return v;
}

static void clock_init(void)
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
        ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0);
        if (perf_now() == 0) {
            close(perf_fd);
            perf_fd = -1;
        }
    }
#if defined(__x86_64__)
    if (perf_fd < 0) {
        double r[RUNS];
        for (int k = 0; k < RUNS; k++) {
            uint64_t x = 0, n = 20000000;
            double t0 = now_ns();
            for (uint64_t i = 0; i < n; i++)
                __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                                 : "+r"(x) : "r"(i));
            r[k] = (double)n * 8 / (now_ns() - t0);
        }
        qsort(r, RUNS, sizeof r[0], cmp_d);
        ghz = r[RUNS / 2];
    }
#endif
}

/* --------------------------------------------------------------- forms -- */

enum form { F64, F32, F8X8, F8X4E, F8X4O, F8X4P, F16E, F16O, NFORMS };
static const char *const form_name[NFORMS] = { "64", "32", "8x8_low", "8x4_even", "8x4_odd", "8x4_packed",
                                               "16x2_even", "16x2_odd" };

/* The baseline: one masked shift-and-XOR per multiplier bit. */
static rijn_clmul128 bitloop_64(uint64_t a, uint64_t b)
{
    rijn_clmul128 r = { a & (0 - (b & 1)), 0 };
    for (int i = 1; i < 64; i++) {
        uint64_t m = 0 - ((b >> i) & 1);
        r.lo ^= (a << i) & m;
        r.hi ^= (a >> (64 - i)) & m;
    }
    return r;
}

static uint64_t bitloop_8x8_low(uint64_t a, uint64_t b)
{
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) {
        r ^= a & (((b & 0x0101010101010101ull) << 8) - (b & 0x0101010101010101ull));
        a = (a << 1) & 0xfefefefefefefefeull;
        b >>= 1;
    }
    return r;
}

static uint64_t opa[256], opb[256];

/* One timed run of n calls of form f through ops o (NULL: the free
 * functions), independent (lat = 0) or chained; returns the sink. */
#define RUN_LOOP(CALL)                                                           \
    do {                                                                         \
        if (lat)                                                                 \
            for (long i = 0; i < n; i++) { x = (CALL(x, opb[i & 255])); }        \
        else                                                                     \
            for (long i = 0; i < n; i++) { x ^= (CALL(opa[i & 255], opb[i & 255])); } \
    } while (0)

static rijn_clmul128 (*f64)(uint64_t, uint64_t);
static uint64_t (*f32)(uint32_t, uint32_t), (*f8x4p)(uint32_t, uint32_t);
static uint64_t (*f2)(uint64_t, uint64_t);

static inline uint64_t call64(uint64_t a, uint64_t b)
{
    rijn_clmul128 r = f64(a, b);
    return r.lo ^ r.hi;
}
static inline uint64_t call32(uint64_t a, uint64_t b) { return f32((uint32_t)a, (uint32_t)b) ^ (a >> 32); }
static inline uint64_t call8x4p(uint64_t a, uint64_t b) { return f8x4p((uint32_t)a, (uint32_t)b) ^ (a >> 32); }
static inline uint64_t call2(uint64_t a, uint64_t b) { return f2(a, b); }

static uint64_t run(enum form f, int lat, long n)
{
    uint64_t x = opa[0];
    switch (f) {
    case F64: RUN_LOOP(call64); break;
    case F32: RUN_LOOP(call32); break;
    case F8X4P: RUN_LOOP(call8x4p); break;
    default: RUN_LOOP(call2); break;
    }
    return x;
}

static void bind(const struct rijn_clmul_ops *o, enum form f)
{
    f64 = o ? o->clmul_64 : rijn_clmul_64;
    f32 = o ? o->clmul_32 : rijn_clmul_32;
    f8x4p = o ? o->clmul_8x4_packed : rijn_clmul_8x4_packed;
    switch (f) {
    case F8X8: f2 = o ? o->clmul_8x8_low : rijn_clmul_8x8_low; break;
    case F8X4E: f2 = o ? o->clmul_8x4_even : rijn_clmul_8x4_even; break;
    case F8X4O: f2 = o ? o->clmul_8x4_odd : rijn_clmul_8x4_odd; break;
    case F16E: f2 = o ? o->clmul_16x2_even : rijn_clmul_16x2_even; break;
    case F16O: f2 = o ? o->clmul_16x2_odd : rijn_clmul_16x2_odd; break;
    default: f2 = NULL; break;
    }
}

static volatile uint64_t sink;

/* Median cost of one call, in cycles (or ns without a cycle source),
 * loop included: the "(empty)" row is the same loop calling, through the
 * same kind of pointer, a function that returns its operand. */
static double measure(enum form f, int lat)
{
    double v[RUNS];
    for (int k = 0; k < RUNS; k++) {
        uint64_t c0 = perf_fd >= 0 ? perf_now() : 0;
        double t0 = now_ns();
        sink = run(f, lat, ITERS);
        double dt = now_ns() - t0;
        uint64_t c1 = perf_fd >= 0 ? perf_now() : 0;
        v[k] = (perf_fd >= 0 ? (double)(c1 - c0) : ghz > 0 ? dt * ghz : dt) / ITERS;
    }
    qsort(v, RUNS, sizeof v[0], cmp_d);
    return v[RUNS / 2];
}

static rijn_clmul128 base_64(uint64_t a, uint64_t b)
{
    rijn_clmul128 r = { a, b };
    __asm__ volatile("" : "+r"(r.lo), "+r"(r.hi));
    return r;
}
static uint64_t base_2(uint64_t a, uint64_t b)
{
    __asm__ volatile("" : "+r"(a) : "r"(b));
    return a;
}
static uint64_t base_32(uint32_t a, uint32_t b)
{
    uint64_t r = a;
    __asm__ volatile("" : "+r"(r) : "r"(b));
    return r;
}

static int json, first_rec = 1;

static void report(const char *drv, enum form f, double tput, double l)
{
    const char *unit = perf_fd >= 0 || ghz > 0 ? "cycles" : "ns";
    if (json)
        printf("%s{\"algorithm\": \"clmul_%s\", \"driver\": \"%s\", \"%s_per_op\": %.2f, \"%s_latency\": %.2f}",
               first_rec ? "[\n" : ",\n", form_name[f], drv, unit, tput, unit, l);
    else
        printf("%-14s %-12s %8.2f %8.2f\n", drv, form_name[f], tput, l);
    first_rec = 0;
}

int main(int argc, char **argv)
{
    json = argc > 1 && strcmp(argv[1], "--json") == 0;
    clock_init();
    for (int i = 0; i < 256; i++) {
        opa[i] = (uint64_t)rand() << 40 ^ (uint64_t)rand() << 20 ^ (uint64_t)rand();
        opb[i] = (uint64_t)rand() << 40 ^ (uint64_t)rand() << 20 ^ (uint64_t)rand();
    }
    if (!json) {
        printf("# clmul: %s per call, median of %d runs of %d calls, loop and call included\n",
               perf_fd >= 0 ? "cycles (perf_event)"
               : ghz > 0    ? "cycles (time x effective clock from an add chain)"
                            : "ns (no cycle source here)",
               RUNS, ITERS);
        if (ghz > 0) printf("# effective clock %.2f GHz\n", ghz);
        printf("# cpu: %s\n", rijn_cpu_features());
        printf("%-14s %-12s %8s %8s\n", "driver", "form", "tput", "lat");
    }
    const struct rijn_clmul_ops *best = NULL;
    if (rijn_clmul_get(NULL, &best) != RIJN_OK) return 1;
    char api[64];
    snprintf(api, sizeof api, "api(%s)", best->driver);
    for (int f = 0; f < NFORMS; f++) {
        bind(NULL, (enum form)f);
        report(api, (enum form)f, measure((enum form)f, 0), measure((enum form)f, 1));
    }
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        const struct rijn_clmul_ops *o;
        if (rijn_driver_get(i, &info) != RIJN_OK || strcmp(info.algorithm, "clmul") != 0) continue;
        if (rijn_clmul_get(info.driver, &o) != RIJN_OK) continue;
        for (int f = 0; f < NFORMS; f++) {
            bind(o, (enum form)f);
            report(info.driver, (enum form)f, measure((enum form)f, 0), measure((enum form)f, 1));
        }
    }
    f64 = bitloop_64;
    report("bitloop", F64, measure(F64, 0), measure(F64, 1));
    f2 = bitloop_8x8_low;
    report("bitloop", F8X8, measure(F8X8, 0), measure(F8X8, 1));
    f64 = base_64;
    f32 = f8x4p = base_32;
    f2 = base_2;
    for (int f = 0; f < NFORMS; f++) report("(empty)", (enum form)f, measure((enum form)f, 0), measure((enum form)f, 1));
    if (json) printf("\n]\n");
    return 0;
}
