/* SPDX-License-Identifier: MIT */
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
 * sub_word is SubWord on a little-endian word (byte 0, row 0, in the low
 * bits). Inlined, so that sub_word, a constant at every call site, is a
 * direct call or inline.
 *
 * The expansion runs on 32-bit words, as FIPS 197 writes it. A byte-wise
 * version (four byte stores, then a 4-byte load of the same word for the
 * next step) made aes-vperm's key setup 10% slower and, on Zen 3, gave its
 * timing a dependence on the key that dudect confirmed (|t| 12, then 23
 * with four times the measurements, all-zero key against random keys);
 * this form shows neither (tests/c/dudect.c). */
static inline __attribute__((always_inline)) unsigned rijn_key_expand(uint8_t rk[240], const uint8_t *key,
                                                                      size_t key_len, uint32_t (*sub_word)(uint32_t))
{
    const unsigned nk = (unsigned)key_len / 4, nr = nk + 6;
    uint32_t w[60], rcon = 1;
    for (unsigned i = 0; i < nk; i++) w[i] = rijn_load32_le(key + 4 * i);
    for (unsigned i = nk; i < 4 * (nr + 1); i++) {
        /* key_len is 16, 24 or 32 (rijn_aes_setkey checks it), so nk >= 4;
         * clang-analyzer cannot see that from here. */
        uint32_t t = w[i - 1]; // NOLINT(clang-analyzer-core.uninitialized.Assign)
        if (i % nk == 0) { // NOLINT(clang-analyzer-core.DivideZero)
            /* RotWord, SubWord, Rcon[i/Nk] = x^(i/Nk - 1) in GF(2^8) (FIPS 197 §5.2) */
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;
            rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    for (unsigned i = 0; i < 4 * (nr + 1); i++) rijn_store32_le(rk + 4 * i, w[i]);
    rijn_wipe(w, sizeof w);
    return nr;
}

#endif
