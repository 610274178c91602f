/* SPDX-License-Identifier: MIT */
/*
 * The clmul kind (src/core/prim.h): drivers of the carry-less multiplies
 * of include/rijn/clmul.h. A driver's ops is its struct rijn_clmul_ops,
 * which rijn_clmul_get() hands out as it is.
 */
#ifndef RIJN_EMU_CLMUL_KIND_H
#define RIJN_EMU_CLMUL_KIND_H

#include "core/driver.h"
#include "rijn/clmul.h"

extern const struct rijn_kind rijn_kind_clmul;

#endif
