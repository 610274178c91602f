/* SPDX-License-Identifier: MIT */
/*
 * rijn/registry.h: the driver registry.
 *
 * Every implementation ("driver") of an algorithm is described by a static
 * descriptor: algorithm name, unique driver name, priority, required CPU
 * features and a constant-time flag. Modes that have no dedicated driver are
 * composed from the block-cipher and GHASH drivers by a template, and the
 * composed driver's name shows the composition, as in the Linux kernel:
 *
 *     algorithm   driver
 *     aes         aes-ct64
 *     ctr(aes)    ctr(aes-ct64)
 *     gcm(aes)    gcm_base(ctr(aes-ct64),ghash-ct64)
 *     ccm(aes)    ccm_base(ctr(aes-ct64),cbcmac(aes-ct64))
 *
 * Selection by algorithm name takes, among the drivers that are available on
 * this CPU, constant-time, and pass their known-answer self-test, the one
 * with the highest priority. Pinning by driver name takes exactly that
 * driver, constant-time or not, provided the CPU has its features and it
 * passes its self-test.
 *
 * The environment variable RIJN_CPU masks CPU features off, e.g.
 * RIJN_CPU=-aesni,-pclmul or RIJN_CPU=none (see README). It is read once.
 */
#ifndef RIJN_REGISTRY_H
#define RIJN_REGISTRY_H

#include "rijn/rijn.h"

#ifdef __cplusplus
extern "C" {
#endif

enum rijn_selftest_status {
    RIJN_SELFTEST_NOT_RUN = 0,
    RIJN_SELFTEST_PASS = 1,
    RIJN_SELFTEST_FAIL = 2,
    RIJN_SELFTEST_UNAVAILABLE = 3 /* cannot run: the CPU lacks a feature */
};

typedef struct rijn_driver_info {
    const char *algorithm;    /* "aes", "ghash", "gcm(aes)", ... */
    const char *driver;       /* unique driver name */
    int priority;
    int constant_time;        /* 1 if the driver claims constant time (tested) */
    int available;            /* 1 if this CPU (after RIJN_CPU masking) can run it */
    int selected;             /* 1 if selection by algorithm name returns it */
    int selftest;             /* enum rijn_selftest_status */
    int is_template;          /* 1 if composed by a template */
    const char *cpu_features; /* required features, comma-separated ("" if none) */
} rijn_driver_info;

/* Number of drivers (dedicated and template instances) in the registry. */
RIJN_API size_t rijn_driver_count(void);

/* Fill *info for driver i (0 <= i < rijn_driver_count()). Computing
 * `selected` runs the self-tests of the candidates for that algorithm. */
RIJN_API int rijn_driver_get(size_t i, rijn_driver_info *info);

/* Run (once) and return the self-test status of driver i. */
RIJN_API int rijn_driver_selftest(size_t i);

/* Name of the driver that selection by algorithm name returns, or NULL if
 * none qualifies (or the algorithm is unknown). */
RIJN_API const char *rijn_selected_driver(const char *algorithm);

/* Resolve `driver` (NULL: best for `algorithm`; else an exact driver name of
 * that algorithm). Returns 0 and sets *name to the canonical driver name, or
 * RIJN_ERR_NO_DRIVER / RIJN_ERR_SELFTEST. */
RIJN_API int rijn_resolve(const char *algorithm, const char *driver, const char **name);

/* CPU features detected, after RIJN_CPU masking, comma-separated. */
RIJN_API const char *rijn_cpu_features(void);

/* All CPU feature names this build knows for this architecture. */
RIJN_API const char *rijn_cpu_feature_names(void);

#ifdef __cplusplus
}
#endif

#endif
