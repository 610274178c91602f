/* SPDX-License-Identifier: MIT */
/*
 * Shared pieces of the mode layer (src/modes/): the modes are written once,
 * in portable C, over the block-cipher kind's interface (aes/cipher.h).
 * Each mode file ends with its template descriptor (core/driver.h): name
 * format, priority rule, context setup and known-answer test.
 */
#ifndef RIJN_MODES_H
#define RIJN_MODES_H

#include "aes/cipher.h"
#include "core/kat.h"

/* Blocks processed per stack buffer in the mode loops: 32 blocks = 512
 * bytes, a whole number of 4-, 8- and 16-block driver batches. */
#define RIJN_CHUNK_BLOCKS 32

/* CTR keystream over n blocks: out = in xor E(ctr), E(ctr+1), ...
 * inc32: increment only the low 32 bits (GCM's inc32), else all 128 bits.
 * ctr is advanced by n. The driver's own CTR path if it has one, else
 * counter blocks through its encrypt (src/modes/ctr.c). */
RIJN_HIDDEN void rijn_ctr_blocks(const rijn_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                 size_t n, bool inc32);

/* Priority rules that templates over one block cipher share (prio.c).
 * Parallel work (independent blocks) ranks at the driver's priority; a
 * serial chain (one block in flight) at its serial priority, where a
 * bit-sliced driver, slow on one block, ranks below a one-block driver; a
 * mode with both halves at the mean of the two. Each template says which
 * applies to it, and why, beside its descriptor. */
RIJN_HIDDEN int rijn_prio_parallel(const struct rijn_desc *const part[]);
RIJN_HIDDEN int rijn_prio_serial(const struct rijn_desc *const part[]);
RIJN_HIDDEN int rijn_prio_mixed(const struct rijn_desc *const part[]);

#endif
