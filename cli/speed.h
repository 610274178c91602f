/* SPDX-License-Identifier: MIT */
/*
 * rijn speed, in parts:
 *   speed.c          the command: options, the rows, the loop over them;
 *   speed_measure.c  timing: calibration, timed runs, cycles (perf_event
 *                    or an effective clock), median or best;
 *   speed_rijn.c     rijn's side, through the adapter table (support/adapt.h);
 *   speed_openssl.c, speed_gcrypt.c, speed_sodium.c, speed_peers.c
 *                    the peers, loaded with dlopen, each mapping an
 *                    adapter's mode and shape, or a primitive kind's
 *                    benchmark op, to its own API;
 *   speed_out.c      the text table and the JSON document (its meta:
 *                    the machine, the peers, the method).
 */
#ifndef RIJN_CLI_SPEED_H
#define RIJN_CLI_SPEED_H

#include <stddef.h>
#include <stdint.h>

#include "adapt.h"
#include "adapt_prim.h"

/* One operation is one complete message: for RS_AEAD a nonce of the
 * adapter's default length (iv_len), SPEED_AAD bytes of AAD, the data and
 * a tag of tag_len bytes (as `openssl speed -aead`); for RS_CIPHER the IV
 * and the buffer; for RS_MAC a MAC over the buffer. Before each message
 * the measurement writes a byte of the IV (speed_measure.c says why), and
 * each side sets the IV again. */
enum { SPEED_AAD = 13, SPEED_TAG_MAX = 16 };

/* The message of one row, shared by rijn and the peers. A side that
 * decrypts an AEAD message writes a valid ciphertext and tag into in and
 * tag when it is set up. */
struct speed_msg {
    const struct rs_alg *a;
    int dec;                /* 0: encrypt or MAC; 1: decrypt */
    size_t size;
    int key_bits;           /* of one AES key; the key holds a->key_parts of them */
    size_t tag_len;         /* the adapter's longest tag, at most SPEED_TAG_MAX */
    uint8_t *in, *out;
    uint8_t key[64], iv[16], aad[SPEED_AAD], tag[SPEED_TAG_MAX];
};

/* What the timed loop runs: op(st), one message per call. */
struct speed_run {
    void (*op)(void *st);
    void *st;
};

/* ------------------------------------------------ speed_measure.c -- */

struct speed_result { double mbps, cpb; };  /* cpb: NaN when unknown */

enum speed_cycles { SPEED_PERF, SPEED_CLOCK, SPEED_NO_CYCLES };

/* The timed runs of each figure. */
enum { SPEED_RUNS = 7 };

/* Open the cycle counter, or measure the effective clock. */
void speed_cycles_init(void);
/* Where cycles come from; *ghz: the clock measured at start, by the cycle
 * counter (SPEED_PERF) or the add chain (SPEED_CLOCK); 0 with
 * SPEED_NO_CYCLES. */
enum speed_cycles speed_cycles_source(double *ghz);

/* Timed runs of n sides of one message (rijn's, then the peers'; n is at
 * most 1 + SPEED_MAX_PEERS), each run about secs / SPEED_RUNS seconds,
 * interleaved: each side is calibrated, then each of the SPEED_RUNS
 * rounds makes one timed run of every side in turn, so that a slow phase
 * of a shared machine (another tenant, a clock change) falls on all of
 * them alike. out[s] is side s's median (best: its fastest run). */
void speed_measure_set(const struct speed_run *runs, size_t n, struct speed_msg *m, double secs, int best,
                       struct speed_result *out);

/* SPEED_RUNS timed runs of a primitive's op(st), which does ops
 * operations (rijn's and the peers' one after the other: each figure is
 * measured once per op, speed.c says why); the result's
 * mbps field is then operations per second, cpb cycles per operation. */
struct speed_result speed_measure_ops(void (*op)(void *), void *st, double ops, double secs, int best);

/* --------------------------------------------------- speed_rijn.c -- */

/* Whether rijn can set a of key_bits up with driver (NULL: the selected
 * one): 0, or the error of the key setup. speed.c asks before it measures
 * anything, so that such an error comes before any output. */
int speed_rijn_check(const struct rs_alg *a, const char *driver, int key_bits);
/* rijn's side of m with driver (NULL: the selected one): 0, or the error
 * of the key setup. */
int speed_rijn_setup(struct speed_msg *m, const char *driver, struct speed_run *run);
void speed_rijn_done(struct speed_run *run);

/* ------------------------------------------------------ the peers -- */

struct speed_peer {
    const char *name;       /* for --vs, and the JSON keys' prefix: "openssl" */
    const char *title;      /* in messages: "OpenSSL" */
    const char *soname;     /* what dlopen loads */
    const char *col;        /* the text columns' prefix: "ossl" */
    const char *ratio_key;  /* the JSON key of rijn's ratio to it */
    int (*load)(void);      /* 0, or -1: not loadable */
    const char *(*version)(void); /* once loaded: the library's own version, "3.0.19" */
    /* The peer's side of m: 0, or -1 where it lacks the mode or key size
     * (nothing left to free then). NULL: the peer has no modes at all
     * (libsodium), and the modes' table has no columns for it. */
    int (*setup)(struct speed_msg *m, struct speed_run *run);
    void (*done)(struct speed_run *run);
    /* The peer's side of a primitive kind's benchmark op (kind p, op, on
     * the inputs that rijn's job j holds after p->open: support/
     * adapt_prim.h says where), op->ops operations per run->op call as on
     * rijn's side: 0, or -1 where it lacks the operation (nothing left to
     * free then). NULL: the peer has no primitive kind at all, and the
     * primitives' table has no columns for it. */
    int (*prim_setup)(const struct rs_prim *p, const struct rs_prim_op *op, const rs_prim_job *j,
                      struct speed_run *run);
    void (*prim_done)(struct speed_run *run);
};

extern const struct speed_peer speed_openssl, speed_gcrypt, speed_sodium, speed_awslc, speed_ring, speed_openssl4;

/* ---------------------------------------------------- speed_out.c -- */

enum { SPEED_MAX_PEERS = 6 };

struct speed_row {
    const char *alg, *op, *driver;
    int key_bits;
    size_t size;
    unsigned in_offset, out_offset;   /* the buffers' addresses modulo 4096 */
    struct speed_result mine, peer[SPEED_MAX_PEERS];
    int have[SPEED_MAX_PEERS];  /* peer[i] measured (else its columns say "-") */
};

/* What the output needs to know of the run: where it goes, and what the
 * JSON's meta records (docs/performance.md, "JSON"). */
struct speed_out_cfg {
    int table;              /* 1: the text table on stdout */
    int json;               /* 1: the JSON document on stdout (instead of the table) */
    const char *json_path;  /* or non-NULL: the JSON document into this file (with the table) */
    int key_bits, best;
    double secs;
    const size_t *sizes;
    int nsizes;
    const struct speed_peer *const *peers;  /* the loaded peers, in column order */
    size_t npeers;
    const struct speed_peer *const *absent; /* the peers asked for that did not load */
    size_t nabsent;
    int offsets[2];         /* --offsets (input, output), or -1 */
};

/* Starts the output. The JSON document is built in memory and written out
 * by speed_out_end only, whole: an error before then (the command exits
 * non-zero) writes none of it, so that stdout, or the file, holds valid
 * JSON or nothing. A file is written under a temporary name in its
 * directory, made here (so an unwritable path fails before anything is
 * measured), and renamed at the end; at any other exit it is removed. */
void speed_out_begin(const struct speed_out_cfg *cfg);
void speed_out_row(const struct speed_row *r);
/* A primitive kind's benchmark (support/adapt_prim.h): res.mbps is
 * operations per second, res.cpb cycles per operation; the same for each
 * peer that has the op. */
struct speed_prim_row {
    const char *alg, *op, *measure, *driver;
    int api;                /* 1: the public functions (the resolved driver); 0: the pinned table */
    struct speed_result res, peer[SPEED_MAX_PEERS];
    int have[SPEED_MAX_PEERS];  /* peer[i] measured (else its columns say "-") */
};
void speed_out_prim_row(const struct speed_prim_row *r);
/* Writes the JSON document out (exit 2 if that fails). */
void speed_out_end(void);

#endif
