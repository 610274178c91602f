/* SPDX-License-Identifier: MIT */
/*
 * The SSSE3 vector-permute AES core (aes_vperm.c), as a library for other
 * x86 drivers: aes-bs-avx2 runs its serial chains (CBC encryption, CBC-MAC)
 * on it, as the kernel's bit-sliced NEON driver runs its CBC encryption on
 * the plain NEON code with a second key schedule.
 */
#ifndef RIJN_VPERM_H
#define RIJN_VPERM_H

#include "aes/cipher.h"

/* Encryption round keys in the vperm basis (see aes_vperm.c). */
struct vperm_enc_ks {
    uint8_t ek[15][16];
};

/* Return Nr. */
RIJN_HIDDEN unsigned rijn_vperm_setkey_enc(struct vperm_enc_ks *k, const uint8_t *key, size_t key_len);
RIJN_HIDDEN void rijn_vperm_cbc_encrypt(const struct vperm_enc_ks *k, unsigned nr, uint8_t iv[16], uint8_t *out,
                                        const uint8_t *in, size_t n);
RIJN_HIDDEN void rijn_vperm_cbc_mac(const struct vperm_enc_ks *k, unsigned nr, uint8_t mac[16], const uint8_t *in,
                                    size_t n);

#endif
