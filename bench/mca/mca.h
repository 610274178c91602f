/* SPDX-License-Identifier: MIT */
/*
 * Kernels for bench/mca.py: each includes one driver's source file and
 * calls its shipped function from a wrapper with `flatten`, on a copy of
 * the key whose round count is AES-128's (10) as a constant. Everything is
 * then inlined, the round loops unroll, and the driver's steady-state loop
 * body, between its RIJN_MCA_BEGIN/END, becomes straight-line code that
 * llvm-mca can analyse. The bit-sliced cores read the round count through
 * RIJN_ROUNDS (src/core/tooling.h), pinned here to 10 as well, because
 * GCC does not carry a constant through a copy of their 4 KiB schedule.
 * Built only by bench/mca.py (-DRIJN_MCA), never linked into anything.
 */
#ifndef RIJN_MCA_H
#define RIJN_MCA_H
#include <stddef.h>
#include <stdint.h>

#define RIJN_MCA_NR 10u

#define MCA_KERNEL __attribute__((flatten, noinline)) void
#endif
