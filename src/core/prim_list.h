/* SPDX-License-Identifier: MIT */
/*
 * One primitive kind's driver list (core/prim.h), for that kind's file
 * only, included once after
 *
 *     #define RIJN_PRIM_KIND_<kind> RIJN_PRIM_MATCH
 *
 * It defines prim_list[] (src/core/drivers.def filtered to that kind's
 * RIJN_PRIMITIVE lines), PRIM_N, its length, and prim_status[], the
 * self-test results rijn_prim_pick() caches. No include guard: it defines
 * file-local objects, once per kind file.
 */
static const struct rijn_desc *const prim_list[] = {
#define RIJN_DRIVER(sym)
#define RIJN_TEMPLATE(sym)
#define RIJN_PRIMITIVE(k, sym) RIJN_PRIM_SELECT(k, sym)
#include "core/drivers.def"
#undef RIJN_DRIVER
#undef RIJN_TEMPLATE
#undef RIJN_PRIMITIVE
};
#define PRIM_N (sizeof prim_list / sizeof prim_list[0])
static int prim_status[PRIM_N];
