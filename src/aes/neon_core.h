/* SPDX-License-Identifier: MIT */
/*
 * aes-neon's key schedule and serial chains (aes_neon.c), which aes-neonbs
 * also runs for CBC encryption and CBC-MAC: bit-slicing cannot speed up
 * one block at a time. AArch64, little-endian.
 */
#ifndef RIJN_NEON_CORE_H
#define RIJN_NEON_CORE_H

#include "aes/cipher.h"
#include "arch/arm64/arm64.h"

#ifdef RIJN_ARM64
#define RIJN_HAVE_NEON_AES 1

struct neon_ks {
    uint8_t rk[15][16];   /* round keys, FIPS 197 byte order */
    unsigned nr;
};

/* Expand key into rk (FIPS 197 order, TBL S-box); returns Nr. */
RIJN_HIDDEN unsigned rijn_neon_expand(uint8_t rk[15][16], const uint8_t *key, size_t key_len);
RIJN_HIDDEN void rijn_neon_cbc_encrypt(const uint8_t rk[15][16], unsigned nr, uint8_t iv[16], uint8_t *out,
                                       const uint8_t *in, size_t n);
RIJN_HIDDEN void rijn_neon_cbc_mac(const uint8_t rk[15][16], unsigned nr, uint8_t mac[16], const uint8_t *in,
                                   size_t n);
#endif
#endif
