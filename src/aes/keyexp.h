/*
 * The AES key expansion (FIPS 197 §5.2) over bytes, written once for every
 * driver that expands its key in scalar code. Only SubWord differs, and
 * the driver supplies it, so that each constant-time driver computes it
 * with its own constant-time S-box (AESE on Crypto Extensions, TBL on
 * plain NEON, the Boyar-Peralta circuit of bp_sbox.h for the bit-sliced
 * and vperm drivers): the key bytes never index a table in memory. Only
 * aes-generic, which is not constant-time, passes a table lookup.
 * (AES-NI expands in registers with AESKEYGENASSIST: aesni_core.h.)
 */
#ifndef RIJN_KEYEXP_H
#define RIJN_KEYEXP_H

#include "aes/cipher.h"

/* Fill rk with Nr + 1 round keys (16 bytes each, FIPS 197 byte order: word
 * w[i] is rk[4i .. 4i+3], byte 0 in row 0) and return Nr (10, 12 or 14).
 * sub4 applies the S-box to four bytes in place (SubWord). Inlined, so
 * that sub4, a constant at every call site, is a direct call or inline. */
static inline __attribute__((always_inline)) unsigned rijn_key_expand(uint8_t rk[240], const uint8_t *key,
                                                                      size_t key_len, void (*sub4)(uint8_t w[4]))
{
    const unsigned nk = (unsigned)key_len / 4, nr = nk + 6;
    uint8_t rcon = 1;
    memcpy(rk, key, key_len);
    for (unsigned i = nk; i < 4 * (nr + 1); i++) {
        uint8_t t[4];
        memcpy(t, rk + 4 * (i - 1), 4);
        /* key_len is 16, 24 or 32 (rijn_aes_setkey checks it): nk >= 4. */
        if (i % nk == 0) { // NOLINT(clang-analyzer-core.DivideZero)
            /* RotWord, SubWord, Rcon */
            const uint8_t t0 = t[0];
            t[0] = t[1]; t[1] = t[2]; t[2] = t[3]; t[3] = t0;
            sub4(t);
            t[0] ^= rcon;   /* Rcon[i/Nk] = x^(i/Nk - 1) in GF(2^8) (FIPS 197 §5.2) */
            rcon = (uint8_t)((rcon << 1) ^ ((rcon >> 7) * 0x1b));
        } else if (nk > 6 && i % nk == 4) {
            sub4(t);
        }
        for (unsigned j = 0; j < 4; j++) rk[4 * i + j] = rk[4 * (i - nk) + j] ^ t[j];
    }
    return nr;
}

#endif
