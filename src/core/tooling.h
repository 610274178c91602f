/* SPDX-License-Identifier: MIT */
/*
 * Build tooling shared by every file of the library: symbol visibility,
 * the llvm-mca region markers, and the secret-taint test's declassify.
 * Nothing here names an algorithm.
 */
#ifndef RIJN_TOOLING_H
#define RIJN_TOOLING_H

#define RIJN_HIDDEN __attribute__((visibility("hidden")))

/* llvm-mca regions (bench/mca.py): the steady-state loop body of a driver,
 * between these two, is what the cycle estimates analyse. They are empty
 * unless the estimate's own build defines RIJN_MCA. */
#ifdef RIJN_MCA
#define RIJN_MCA_BEGIN(name) __asm__ volatile("# LLVM-MCA-BEGIN " name)
#define RIJN_MCA_END() __asm__ volatile("# LLVM-MCA-END")
#else
#define RIJN_MCA_BEGIN(name) ((void)0)
#define RIJN_MCA_END() ((void)0)
#endif
/* A key schedule's round count as the bit-sliced cores read it: the
 * estimate's kernels pin it to a constant (bench/mca/mca.h), so that their
 * round loops unroll into straight-line code; elsewhere it is r itself. */
#ifdef RIJN_MCA_NR
#define RIJN_ROUNDS(r) RIJN_MCA_NR
#else
#define RIJN_ROUNDS(r) (r)
#endif

/* Mark a value computed from secrets as public (a verdict such as "tag
 * matched"). Only the secret-taint test build (-DRIJN_CTGRIND, see
 * tests/c/ct_taint.c) does anything: it tells valgrind the value is
 * defined, so branching on it is not reported. */
#ifdef RIJN_CTGRIND
#include <valgrind/memcheck.h>
#define RIJN_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define RIJN_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

#endif
