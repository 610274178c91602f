/* SPDX-License-Identifier: MIT */
/*
 * The benches' clock: elapsed time, and the effective core clock that
 * turns it into cycles where perf_event is not used (the CI machines and
 * the KVM guests have no counters).
 */
#ifndef RIJN_BENCH_CLOCK_H
#define RIJN_BENCH_CLOCK_H

#include <time.h>

static inline double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Core cycles per nanosecond, from 2^28 dependent adds (one a cycle; the
 * loop's count and branch run beside them), best of five; 0 where it is
 * not measured (not x86-64): the caller then reports nanoseconds. The
 * addend is a register, not an immediate: Intel's Golden Cove cores
 * (Sapphire and Emerald Rapids) fold chains of immediate adds at rename,
 * and an immediate chain read "15.9 GHz" and "22.8 GHz" on two of them
 * (cli/speed_measure.c uses register adds for the same reason). */
static inline double effective_ghz(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    double best = 0;
    for (int r = 0; r < 5; r++) {
        unsigned long n = 1ul << 26, x = 0, one = 1;
        double t = now_ns();
        __asm__ volatile("1: add %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tadd %2, %0\n\tsub $1, %1\n\tjnz 1b"
                         : "+r"(x), "+r"(n)
                         : "r"(one));
        double g = 4.0 * (double)(1ul << 26) / (now_ns() - t);
        if (g > best) best = g;
    }
    return best;
#else
    return 0;
#endif
}

#endif
