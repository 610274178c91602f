/* SPDX-License-Identifier: MIT */
/*
 * The registry's data model, with no algorithm named in it.
 *
 *   kind       a family of drivers with one ops interface and one
 *              known-answer test: the block cipher "aes" (src/aes/cipher.h),
 *              "ghash" (src/gf128/ghash.h), a fused "gcm(aes)"
 *              (src/modes/gcm.h). A kind is owned by the code that calls
 *              its ops.
 *   descriptor one implementation of a kind: the const struct at the
 *              bottom of each driver file, listed once in
 *              src/core/drivers.def.
 *   template   a mode composed from parts of given kinds, owned by its
 *              mode file (src/modes/<mode>.c): algorithm name, name format,
 *              priority rule, context setup and known-answer test.
 *   instance   an entry of the registry: a descriptor, or a template over
 *              one descriptor per part. Selection and pinning work on
 *              instances (src/core/registry.c).
 *
 * Data flows downward: the registry iterates the lists it is given and
 * calls kinds and templates only through these function pointers; drivers
 * and modes never call into the registry (src/api/ resolves names).
 */
#ifndef RIJN_DRIVER_H
#define RIJN_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/cpu.h"
#include "core/tooling.h"
#include "core/util.h"
#include "rijn/registry.h"

/* Most parts a template or a fused driver is built from (GCM: two). */
#define RIJN_MAX_PARTS 2
#define RIJN_NAME_MAX 96

struct rijn_inst;

/* Set up a public context (rijn_gcm_key, rijn_cbc_ctx, ...) for instance in;
 * ctx's type is the one its algorithm's public API takes. */
typedef int (*rijn_setup_fn)(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len);
/* Known-answer test of one instance: 0 on pass. */
typedef int (*rijn_selftest_fn)(const struct rijn_inst *in);

struct rijn_kind {
    const char *alg;           /* the algorithm its drivers implement */
    rijn_selftest_fn selftest; /* known answers of one driver (in->drv) */
    rijn_setup_fn setup;       /* public context setup; NULL for primitives */
};

struct rijn_desc {
    const struct rijn_kind *kind;
    const char *name;          /* unique driver name, e.g. "aes-ct64" */
    int priority;
    uint32_t cpu;              /* required RIJN_CPU_* bits */
    bool ct;                   /* claims constant time (and is tested for it) */
    /* The kind's ops table. NULL where this build has no code for the
     * driver (it was written for another architecture): such a descriptor
     * is neither listed nor composed. */
    const void *ops;
    /* Drivers whose key formats this one uses (a fused GCM driver: its AES
     * and its GHASH driver, which set the keys up). The instance needs
     * their CPU features, is constant-time only if they are, and passes
     * its self-test only after they pass theirs. */
    const struct rijn_desc *part[RIJN_MAX_PARTS];
};

struct rijn_template {
    const char *alg;           /* e.g. "gcm(aes)" */
    size_t nparts;
    const struct rijn_kind *part[RIJN_MAX_PARTS]; /* the kind of each part */
    /* Instance name: fmt with one %s per part, filled with the parts' names
     * or, if given, with what args() picks (CCM names the driver that runs
     * its serial CBC-MAC). */
    const char *fmt;
    void (*args)(const struct rijn_desc *const part[], const char *arg[RIJN_MAX_PARTS]);
    /* Priority of the instance over these parts (the mode file says why). */
    int (*priority)(const struct rijn_desc *const part[]);
    rijn_setup_fn setup;
    rijn_selftest_fn selftest; /* the mode's known answers; parts are tested first */
};

/* One entry of the registry. */
struct rijn_inst {
    const char *alg;
    char name[RIJN_NAME_MAX];
    int priority;
    bool ct;
    uint32_t cpu;
    char cpu_names[96];                         /* cpu as text, written once at registry init */
    const struct rijn_desc *drv;                /* a driver's own instance, else NULL */
    const struct rijn_template *tmpl;           /* a template's instance, else NULL */
    const struct rijn_desc *part[RIJN_MAX_PARTS]; /* template parts, or the driver's */
    size_t nparts;
    rijn_setup_fn setup;                        /* the kind's or the template's */
    int selftest;                               /* enum rijn_selftest_status, atomic */
};

/* Resolve `driver` for `alg` (see rijn_resolve); sets *inst. */
RIJN_HIDDEN int rijn_lookup(const char *alg, const char *driver, const struct rijn_inst **inst);

/* Resolve, then set ctx up with the instance's own setup: what every public
 * rijn_<alg>_init does. *slot is the context's instance pointer, cleared
 * first, so a failed init leaves an unusable context. */
RIJN_HIDDEN int rijn_open(const char *alg, const char *driver, void *ctx, const void **slot, const uint8_t *key,
                          size_t key_len);

/* The lists (src/core/drivers.def), declared once for everyone. */
#define RIJN_DRIVER(sym) extern const struct rijn_desc sym;
#define RIJN_PRIMITIVE(kind, sym) extern const struct rijn_desc sym;
#define RIJN_TEMPLATE(sym) extern const struct rijn_template sym;
#include "core/drivers.def"
#undef RIJN_DRIVER
#undef RIJN_PRIMITIVE
#undef RIJN_TEMPLATE

#endif
