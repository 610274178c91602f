/*
 * Internal entry points of the mode layer: key setup for an instance that
 * the caller already resolved (the self-tests use these, since resolving
 * would run the self-test again), and shared mode helpers.
 */
#ifndef RIJN_MODES_H
#define RIJN_MODES_H

#include "core/internal.h"

RIJN_HIDDEN int rijn_ecb_setup(rijn_ecb_ctx *c, const struct rijn_inst *in, const uint8_t *key, size_t key_len);
RIJN_HIDDEN int rijn_cbc_setup(rijn_cbc_ctx *c, const struct rijn_inst *in, const uint8_t *key, size_t key_len);
RIJN_HIDDEN int rijn_ctr_setup(rijn_ctr_ctx *c, const struct rijn_inst *in, const uint8_t *key, size_t key_len,
                               const uint8_t iv[16]);
RIJN_HIDDEN int rijn_xts_setup(rijn_xts_ctx *c, const struct rijn_inst *in, const uint8_t *key, size_t key_len);
RIJN_HIDDEN int rijn_gcm_setup(rijn_gcm_key *k, const struct rijn_inst *in, const uint8_t *key, size_t key_len);
RIJN_HIDDEN int rijn_ccm_setup(rijn_ccm_key *k, const struct rijn_inst *in, const uint8_t *key, size_t key_len);
RIJN_HIDDEN int rijn_cmac_setup(rijn_cmac_key *k, const struct rijn_inst *in, const uint8_t *key, size_t key_len);

/* Blocks processed per stack buffer in the mode loops: 32 blocks = 512
 * bytes, a whole number of 4-, 8- and 16-block driver batches. */
#define RIJN_CHUNK_BLOCKS 32

#endif
