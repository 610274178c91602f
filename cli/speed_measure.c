/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: the measurement (cli/speed.h).
 *
 * Each figure is the median of several timed runs. Cycles per byte come
 * from perf_event (hardware cycle counter) when the kernel lets us read it.
 * Otherwise, on x86-64, from the measured effective core clock (a chain of
 * dependent adds, one cycle each) times the elapsed time. Elsewhere there
 * is no such fallback (an AArch64 board may switch between big and little
 * cores, and under qemu an add chain measures the emulator): only MB/s is
 * reported, and cpb is NaN. The output says which.
 */
#include <linux/perf_event.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "speed.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double best_of(const double *v, int n, int want_max)
{
    double b = v[0];
    for (int i = 1; i < n; i++) b = want_max ? (v[i] > b ? v[i] : b) : (v[i] < b ? v[i] : b);
    return b;
}

/* ---------------------------------------------------------- cycles -- */

static int perf_fd = -1;
static double clock_ghz;   /* effective clock when perf is unavailable; 0: none */
static double perf_ghz;    /* with perf: its cycles per second over an add chain, for the record */

/* Effective clock now: 8 dependent adds per iteration take 8 cycles. */
static double measure_ghz(uint64_t iters)
{
    uint64_t x = 0;
    double t0 = now_s();
    for (uint64_t i = 0; i < iters; i++) {
#if defined(__x86_64__)
        __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                         "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                         : "+r"(x) : "r"(i));
#elif defined(__aarch64__)
        __asm__ volatile("add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
                         "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1"
                         : "+r"(x) : "r"(i));
#else
        x += i;
        __asm__ volatile("" : "+r"(x));
#endif
    }
    return (double)iters * 8 / (now_s() - t0) / 1e9;
}

static uint64_t cycles_now(void)
{
    uint64_t v = 0;
    if (perf_fd >= 0 && read(perf_fd, &v, sizeof v) != sizeof v) v = 0;
    return v;
}

void speed_cycles_init(void)
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
    if (perf_fd >= 0) {
        /* The clock the counter saw, for the JSON's meta: only a record,
         * the figures use the counts themselves. */
        uint64_t c0 = cycles_now();
        double t0 = now_s();
        measure_ghz(20000000);
        perf_ghz = (double)(cycles_now() - c0) / (now_s() - t0) / 1e9;
        return;
    }
#if !defined(__x86_64__)
    return;   /* no trusted clock: MB/s only (see the top of the file) */
#endif
    double r[7];
    for (int k = 0; k < 7; k++) r[k] = measure_ghz(20000000);
    clock_ghz = median(r, 7);
}

enum speed_cycles speed_cycles_source(double *ghz)
{
    *ghz = perf_fd >= 0 ? perf_ghz : clock_ghz;
    return perf_fd >= 0 ? SPEED_PERF : clock_ghz > 0 ? SPEED_CLOCK : SPEED_NO_CYCLES;
}

/* ------------------------------------------------------------ runs -- */

/* Calibration: the number of calls to op(st) that one timed run makes,
 * about secs / SPEED_RUNS seconds of them. Before each call, *w = iv0
 * (speed_measure says why). */
static size_t calibrate(void (*const op)(void *), void *const st, volatile uint8_t *const w, const uint8_t iv0,
                        double secs)
{
    size_t reps = 1;
    for (;;) {
        double t0 = now_s();
        for (size_t i = 0; i < reps; i++) { *w = iv0; op(st); }
        double dt = now_s() - t0;
        if (dt > 0.01 || reps > (1u << 30))
            return (size_t)((double)reps * (secs / SPEED_RUNS) / (dt > 1e-9 ? dt : 1e-9)) + 1;
        reps *= 4;
    }
}

/* One timed run of reps calls; units is what one call does (bytes,
 * operations). Its rate in units per second, and cycles per unit. */
static void timed_run(void (*const op)(void *), void *const st, volatile uint8_t *const w, const uint8_t iv0,
                      size_t reps, double units, double *rate, double *cpu)
{
    /* Without perf, the clock is sampled around each run as well: on a
     * shared VM the host steals time, and a run slowed that way is
     * converted with the clock seen at that moment (the higher of the
     * two samples, so cycles are never understated). */
    double g0 = perf_fd >= 0 || clock_ghz == 0 ? 0 : measure_ghz(250000);
    uint64_t c0 = cycles_now();
    double t0 = now_s();
    for (size_t i = 0; i < reps; i++) { *w = iv0; op(st); }
    double dt = now_s() - t0;
    uint64_t c1 = cycles_now();
    double g1 = perf_fd >= 0 || clock_ghz == 0 ? 0 : measure_ghz(250000);
    double n = units * (double)reps;
    *rate = n / dt;
    *cpu = perf_fd >= 0 ? (double)(c1 - c0) / n : clock_ghz > 0 ? dt * (g0 > g1 ? g0 : g1) * 1e9 / n : NAN;
}

static struct speed_result summary(double *rate, double *cpu, int best)
{
    if (best) return (struct speed_result){ best_of(rate, SPEED_RUNS, 1), best_of(cpu, SPEED_RUNS, 0) };
    return (struct speed_result){ median(rate, SPEED_RUNS), median(cpu, SPEED_RUNS) };
}

/* SPEED_RUNS timed runs of op(st), each about secs / SPEED_RUNS seconds.
 * Before each call, *iv = iv0 (NULL: nothing; speed_measure_set says
 * why). */
static struct speed_result measure_core(void (*const op)(void *), void *const st, volatile uint8_t *const iv,
                                        const uint8_t iv0, double units, double secs, int best)
{
    double rate[SPEED_RUNS], cpu[SPEED_RUNS];
    uint8_t sink = 0;
    volatile uint8_t *const w = iv ? iv : &sink;
    const size_t reps = calibrate(op, st, w, iv0, secs);
    for (int r = 0; r < SPEED_RUNS; r++) timed_run(op, st, w, iv0, reps, units, &rate[r], &cpu[r]);
    return summary(rate, cpu, best);
}

struct speed_result speed_measure_ops(void (*op)(void *), void *st, double ops, double secs, int best)
{
    return measure_core(op, st, NULL, 0, ops, secs, best);
}

void speed_measure_set(const struct speed_run *runs, size_t n, struct speed_msg *m, double secs, int best,
                       struct speed_result *out)
{
    enum { MAX = 1 + SPEED_MAX_PEERS };
    double rate[MAX][SPEED_RUNS], cpu[MAX][SPEED_RUNS];
    size_t reps[MAX];
    /* Each message is written a new IV first, one byte of it, as an
     * application writes its next IV or counter: the side's 16-byte load
     * of the IV then waits for that store (no store forwarding from a
     * narrower store), which orders one message after the other as in
     * use. The value stays the same, so that a prepared tag verifies. */
    volatile uint8_t *const w = m->iv;
    const uint8_t iv0 = m->iv[0];
    if (n > MAX) n = MAX;
    for (size_t s = 0; s < n; s++) reps[s] = calibrate(runs[s].op, runs[s].st, w, iv0, secs);
    /* Round r starts with side r mod n, so that no side always runs
     * first (after a peer's cache-cold setup) or last. */
    for (int r = 0; r < SPEED_RUNS; r++)
        for (size_t k = 0; k < n; k++) {
            const size_t s = (k + (size_t)r) % n;
            timed_run(runs[s].op, runs[s].st, w, iv0, reps[s], (double)m->size, &rate[s][r], &cpu[s][r]);
        }
    for (size_t s = 0; s < n; s++) {
        out[s] = summary(rate[s], cpu[s], best);
        out[s].mbps /= 1e6;
    }
}
