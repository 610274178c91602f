/*
 * The fused GCM kind, "gcm(aes)": a driver that runs GCM's bulk (CTR and
 * GHASH stitched in one pass) with the key formats of one block-cipher
 * driver and one GHASH driver, its descriptor's parts, which set the keys
 * up. The mode's front end (src/modes/gcm.c) keeps everything else, and
 * the same known-answer test covers the fused drivers and the template.
 */
#ifndef RIJN_MODES_GCM_H
#define RIJN_MODES_GCM_H

#include "aes/cipher.h"
#include "gf128/ghash.h"

/* crypt handles n whole blocks: CTR with inc32 counters from ctr (advanced
 * by n) and GHASH of the ciphertext into y. */
struct rijn_gcm_ops {
    void (*crypt)(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                  const uint8_t *in, size_t n, bool encrypt);
    /* Optional: a whole one-shot message with a 96-bit IV (J0 = IV || 1),
     * AAD, bulk, partial last block, lengths block and E(J0) all inside the
     * driver, so a short message costs no trips through the mode layer.
     * tag receives the full 16-byte tag; for decryption the mode layer
     * compares it and zeroes out on mismatch. Limits are checked before. */
    void (*aead)(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad, size_t aad_len,
                 uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16], bool encrypt);
};

extern const struct rijn_kind rijn_kind_gcm;

#endif
