/* SPDX-License-Identifier: MIT */
/*
 * Adapters for the primitive kinds (src/core/prim.h: "aes-round", "clmul",
 * "pac", "x25519"): functions called once per operation, with no
 * context, which support/adapt.h's shapes (cipher, AEAD, MAC) do not fit.
 * Each kind has one entry here, joining its registry algorithm name to
 * its public API:
 *   - open: the driver's function table (pinned by name, or NULL for the
 *     one the public functions use, which the benchmarks then call
 *     directly, as an application does);
 *   - ops: its named benchmark operations, for `rijn speed` (cycles and
 *     operations per second);
 *   - taint: every operation once on secret inputs, for the
 *     valgrind taint test (tests/c/ct_taint.c).
 * A new kind is one file support/prim_<kind>.c with its entry, and one
 * line in support/adapt_prim.c's table; nothing else outside src/ names it.
 */
#ifndef RIJN_SUPPORT_ADAPT_PRIM_H
#define RIJN_SUPPORT_ADAPT_PRIM_H

#include <stddef.h>
#include <stdint.h>

#include "rijn/rijn.h"

/* Bytes of data a benchmark job carries (the guest benchmarks' message). */
enum { RS_PRIM_BUF = 1 << 20 };

typedef struct rs_prim_job {
    const void *table;      /* the kind's function table; NULL: the public functions */
    const char *driver;     /* the driver that runs */
    uint8_t *in, *out;      /* RS_PRIM_BUF bytes each, 64-byte aligned */
    uint8_t key[16 * 16] __attribute__((aligned(64)));    /* keys, round keys: the kind's use */
    uint8_t scratch[256] __attribute__((aligned(64)));
} rs_prim_job;

struct rs_prim_op {
    const char *op;         /* e.g. "enc_SB_SR_MC_AK" */
    const char *measure;    /* "throughput" (independent calls), "latency" (each on the last result),
                               or what one operation of a composite benchmark is ("guest instruction") */
    size_t ops;             /* operations per run() */
    void (*run)(rs_prim_job *j);
};

struct rs_prim {
    const char *alg;        /* the registry's algorithm name */
    /* The table of driver (NULL: the public functions'; j->table stays
     * NULL then and j->driver names the resolved driver). 0 or an error. */
    int (*open)(rs_prim_job *j, const char *driver);
    const struct rs_prim_op *ops;
    size_t nops;
    /* Every operation of driver once (and the guest helpers, when driver
     * is the resolved one), reading len >= 64 secret bytes; results go to
     * out (len bytes). 0 or an error. */
    int (*taint)(const char *driver, const uint8_t *secret, uint8_t *out, size_t len);
};

/* The kinds' entries (support/prim_<kind>.c). */
extern const struct rs_prim rs_prim_aes_round, rs_prim_clmul, rs_prim_pac, rs_prim_x25519;

/* x25519's jobs, which rijn speed's peers (cli/speed_*.c) read to run the
 * same operations on the same inputs: after open, j->in holds
 * RS_X25519_OPS private scalars, then as many points (public keys), 32
 * bytes each; every benchmark op does RS_X25519_OPS operations per run,
 * operation i on scalar i (and point i). */
enum { RS_X25519_OPS = 8 };

const struct rs_prim *rs_prim_find(const char *alg);
const struct rs_prim *rs_prim_get(size_t i);

#endif
