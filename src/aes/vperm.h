/* SPDX-License-Identifier: MIT */
/*
 * The vector-permute AES core (aes_vperm.c), as a library for other
 * drivers: aes-bs-avx2 (x86-64) runs its serial chains (CBC encryption,
 * CBC-MAC), its short encryptions (rijn_vperm_encrypt) and its short
 * decryptions (rijn_vperm_decrypt_ek) on it, as the
 * kernel's bit-sliced NEON driver runs its CBC encryption on the plain
 * NEON code with a second key schedule; a
 * bit-sliced NEON driver on 32-bit ARM can do the same.
 *
 * Where these are defined: x86-64 (SSSE3), AArch64 and 32-bit ARM (NEON),
 * i.e. wherever aes_vperm.c defines RIJN_VPERM (aes/vperm_sbox.h). Call
 * them only from a driver whose descriptor requires the same CPU bits as
 * aes-vperm's (SSSE3 on x86-64, NEON on ARM): they are compiled for those
 * instructions. The declarations are the same on every architecture.
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
RIJN_HIDDEN void rijn_vperm_encrypt(const struct vperm_enc_ks *k, unsigned nr, uint8_t *out, const uint8_t *in,
                                    size_t n);
/* n blocks decrypted with the decryption schedule made from k on the
 * stack (and wiped): for a driver that keeps only the encryption one. */
RIJN_HIDDEN void rijn_vperm_decrypt_ek(const struct vperm_enc_ks *k, unsigned nr, uint8_t *out, const uint8_t *in,
                                       size_t n);
RIJN_HIDDEN void rijn_vperm_cbc_encrypt(const struct vperm_enc_ks *k, unsigned nr, uint8_t iv[16], uint8_t *out,
                                        const uint8_t *in, size_t n);
RIJN_HIDDEN void rijn_vperm_cbc_mac(const struct vperm_enc_ks *k, unsigned nr, uint8_t mac[16], const uint8_t *in,
                                    size_t n);

#endif
