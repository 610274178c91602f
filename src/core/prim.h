/* SPDX-License-Identifier: MIT */
/*
 * Primitive kinds: algorithms that applications call once per operation
 * rather than through a keyed context (the emulator primitives of
 * include/rijn/aes_round.h, clmul.h and pac.h). Their drivers are listed in
 * src/core/drivers.def like every other, as
 *
 *     RIJN_PRIMITIVE(kind, descriptor)
 *
 * so the registry lists, pins and self-tests them as usual. But an
 * emulator links librijn.a statically and calls one of these functions per
 * guest instruction, so each kind's entry points resolve their driver
 * without the registry's tables: those reference every driver and mode,
 * and would pull the whole library into a static binary. Each kind's file
 * filters drivers.def down to its own lines (RIJN_PRIM_SELECT below) and
 * picks with rijn_prim_pick(), which applies the registry's selection rule
 * (src/core/registry.c) to that short list: the highest priority among
 * the available, constant-time drivers whose known-answer test passes;
 * ties go to the earlier line. A test checks that both give one answer.
 */
#ifndef RIJN_CORE_PRIM_H
#define RIJN_CORE_PRIM_H

#include "core/driver.h"

/* Filtering drivers.def by kind in the preprocessor. A kind's file defines
 *     #define RIJN_PRIM_KIND_<kind> RIJN_PRIM_MATCH
 * and then RIJN_PRIM_SELECT(k, sym) expands to `&(sym),` when k is that
 * kind and to nothing for any other, without naming the other kinds: an
 * undefined RIJN_PRIM_KIND_<k> stays one token, so the second argument
 * picked out below is the 0 that follows it; the defined one expands to
 * `~, 1` and pushes the 1 into second place. */
#define RIJN_PRIM_MATCH ~, 1
#define RIJN_PRIM_SECOND_(a, b, ...) b
#define RIJN_PRIM_SECOND(...) RIJN_PRIM_SECOND_(__VA_ARGS__, 0, ~)
#define RIJN_PRIM_IS(k) RIJN_PRIM_SECOND(RIJN_PRIM_KIND_##k)
#define RIJN_PRIM_IF_1(x) x,
#define RIJN_PRIM_IF_0(x)
#define RIJN_PRIM_IF_(c, x) RIJN_PRIM_IF_##c(x)
#define RIJN_PRIM_IF(c, x) RIJN_PRIM_IF_(c, x)
#define RIJN_PRIM_SELECT(k, sym) RIJN_PRIM_IF(RIJN_PRIM_IS(k), &(sym))

/* One kind's drivers: its file defines RIJN_PRIM_KIND_<kind> as above and
 * includes core/prim_list.h, which builds prim_list[] from drivers.def
 * with RIJN_PRIM_SELECT, and prim_status[].
 *
 * status[] has one int per entry, zero-initialised (RIJN_SELFTEST_NOT_RUN),
 * and caches each driver's self-test result (atomically). A NULL entry (a
 * weak reference to a driver the program did not link: aes_round.c's
 * T-table baseline) is skipped.
 *
 * driver == NULL: the rule above. driver named: exactly that driver, if it
 * is in the list, available after RIJN_CPU masking, and passes its
 * self-test, constant-time or not (as registry pinning). Returns RIJN_OK
 * and sets *out, or RIJN_ERR_NO_DRIVER / RIJN_ERR_SELFTEST. */
RIJN_HIDDEN int rijn_prim_pick(const struct rijn_desc *const list[], int status[], size_t n, const char *driver,
                               const struct rijn_desc **out);

/* The table the public functions of a kind use from their first call on:
 * the pick for driver == NULL. Their results cannot carry an error, so if
 * no driver passes its self-test (a broken build: the portable driver runs
 * on every CPU) this prints why and aborts, rather than compute with a
 * driver whose known answers are wrong. rijn_<kind>_get() reports the same
 * condition as an error code, for callers that want to check first. */
RIJN_HIDDEN const void *rijn_prim_resolve(const struct rijn_desc *const list[], int status[], size_t n);

#endif
