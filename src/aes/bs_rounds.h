/* SPDX-License-Identifier: MIT */
/*
 * The round sequence and key schedule of the fixsliced bit-sliced AES,
 * written once for aes-ct64 and aes-ct128 (reasoning: aes_ct64.c).
 *
 * The including file defines the word type bs_word, includes bp_sbox.h,
 * and defines its layout's linear layers, then includes this header:
 *   mix_s0 .. mix_s3   MixColumns after s = 0..3 skipped ShiftRows
 *   shift_rows2        ShiftRows applied twice (the final fix-up)
 *   inv_shift_rows     InvShiftRows, for the plain inverse cipher
 *   inv_mix            InvMixColumns
 * The key schedules are arrays of Nr + 1 round keys of eight words. A
 * file whose stored key word is narrower than its state word (aes-bs-avx2
 * stores 128-bit keys, runs 256-bit words) defines bs_key and BS_KEY(k),
 * the widening load.
 */
#ifndef RIJN_BS_ROUNDS_H
#define RIJN_BS_ROUNDS_H

/* The S-box circuits: bp_sbox.h's, unless the including file brings its
 * own code for the same circuits (aes-neonbs on ARMv7:
 * neonbs_sbox_arm32.h). */
#ifndef BS_SBOX_FWD
#define BS_SBOX_FWD sbox_fwd_noconst
#endif
#ifndef BS_SBOX_INV
#define BS_SBOX_INV sbox_inv
#endif

#ifndef bs_key
#define bs_key bs_word
#define BS_KEY(k) (k)
#endif

static inline void add_key(bs_word q[8], const bs_key k[8])
{
    for (int j = 0; j < 8; j++) q[j] ^= BS_KEY(k[j]);
}

#ifndef BS_STATE_LOCAL

/* Fixsliced encryption (FIPS 197 §5.1 with ShiftRows skipped). */
static inline void bs_encrypt(const bs_key (*rk)[8], unsigned nr, bs_word q[8])
{
    add_key(q, rk[0]);
    /* Rounds 1..nr-1 with s = i mod 4 = 1, 2, 3, 0; nr - 1 is 9, 11 or 13,
     * so the last group of four is cut short. */
    for (unsigned i = 1;; i += 4) {
        BS_SBOX_FWD(q); mix_s1(q); add_key(q, rk[i]);
        if (i + 1 == nr) break;
        BS_SBOX_FWD(q); mix_s2(q); add_key(q, rk[i + 1]);
        if (i + 2 == nr) break;
        BS_SBOX_FWD(q); mix_s3(q); add_key(q, rk[i + 2]);
        if (i + 3 == nr) break;
        BS_SBOX_FWD(q); mix_s0(q); add_key(q, rk[i + 3]);
        if (i + 4 == nr) break;
    }
    BS_SBOX_FWD(q);
    add_key(q, rk[nr]);
    if (nr % 4 == 2)   /* AES-128 and AES-256 end with s = 2; AES-192 with 0 */
        for (int j = 0; j < 8; j++) q[j] = shift_rows2(q[j]);
}

/* The plain inverse cipher (FIPS 197 §5.3). */
static inline void bs_decrypt(const bs_key (*rk)[8], unsigned nr, bs_word q[8])
{
    add_key(q, rk[nr]);
    for (unsigned i = nr - 1; i > 0; i--) {
        for (int j = 0; j < 8; j++) q[j] = inv_shift_rows(q[j]);
        BS_SBOX_INV(q);
        add_key(q, rk[i]);
        inv_mix(q);
    }
    for (int j = 0; j < 8; j++) q[j] = inv_shift_rows(q[j]);
    BS_SBOX_INV(q);
    add_key(q, rk[0]);
}

#else

/* The round sequences for aes-neonbs (BS_STATE_LOCAL, on ARMv7 and
 * AArch64). What GCC 12 did with the ones above there, in the out-of-line
 * copy the library calls:
 *   - the caller's q may alias the round keys (vectors of the same type),
 *     so through the pointer every key addition stored the state back and
 *     reloaded it: here the ciphers work on a local copy;
 *   - before each test for the loop's end it stored the whole state to
 *     the stack (ARMv7, where the S-box takes all 16 Q registers), to
 *     bring it to the one exit path in one place: here the loops test once
 *     every four rounds (encryption) or two (decryption).
 * On x86 both changes were slower (aes-bs-avx2's CTR 10% with the local
 * copy, aes-ct64's 7% with the loop), so the other drivers keep the
 * sequences above. */

/* Rounds 1..nr-1 take s = i mod 4 = 1, 2, 3, 0 in turn, and nr - 1 is 9,
 * 11 or 13: whole groups of four in the loop (two, two, three), then one
 * round (s = 1), or three (s = 1, 2, 3) for AES-192. */
static inline void bs_encrypt(const bs_key (*rk)[8], unsigned nr, bs_word state[8])
{
    bs_word q[8];
    for (int j = 0; j < 8; j++) q[j] = state[j];
    add_key(q, rk[0]);
    unsigned i = 1;
    for (; i + 4 < nr; i += 4) {
        BS_SBOX_FWD(q); mix_s1(q); add_key(q, rk[i]);
        BS_SBOX_FWD(q); mix_s2(q); add_key(q, rk[i + 1]);
        BS_SBOX_FWD(q); mix_s3(q); add_key(q, rk[i + 2]);
        BS_SBOX_FWD(q); mix_s0(q); add_key(q, rk[i + 3]);
    }
    BS_SBOX_FWD(q); mix_s1(q); add_key(q, rk[i]);
    if (i + 1 < nr) {   /* AES-192: i = 9, nr = 12 */
        BS_SBOX_FWD(q); mix_s2(q); add_key(q, rk[i + 1]);
        BS_SBOX_FWD(q); mix_s3(q); add_key(q, rk[i + 2]);
    }
    BS_SBOX_FWD(q);
    add_key(q, rk[nr]);
    if (nr % 4 == 2)   /* AES-128 and AES-256 end with s = 2; AES-192 with 0 */
        for (int j = 0; j < 8; j++) q[j] = shift_rows2(q[j]);
    for (int j = 0; j < 8; j++) state[j] = q[j];
}

/* One round of the plain inverse cipher. */
static inline __attribute__((always_inline)) void bs_dec_round(bs_word q[8], const bs_key k[8])
{
    for (int j = 0; j < 8; j++) q[j] = inv_shift_rows(q[j]);
    BS_SBOX_INV(q);
    add_key(q, k);
    inv_mix(q);
}

/* Rounds nr-1..1 (9, 11 or 13 of them): one, then pairs. */
static inline void bs_decrypt(const bs_key (*rk)[8], unsigned nr, bs_word state[8])
{
    bs_word q[8];
    for (int j = 0; j < 8; j++) q[j] = state[j];
    add_key(q, rk[nr]);
    bs_dec_round(q, rk[nr - 1]);
    for (unsigned i = nr - 2; i > 0; i -= 2) {
        bs_dec_round(q, rk[i]);
        bs_dec_round(q, rk[i - 1]);
    }
    for (int j = 0; j < 8; j++) q[j] = inv_shift_rows(q[j]);
    BS_SBOX_INV(q);
    add_key(q, rk[0]);
    for (int j = 0; j < 8; j++) state[j] = q[j];
}

#endif

/* Both schedules from a 16/24/32-byte key; slice() bit-slices one 16-byte
 * round key for every block lane. Returns Nr. */
static inline unsigned bs_schedule(bs_word (*enc)[8], bs_word (*dec)[8], const uint8_t *key, size_t key_len,
                                   void (*slice)(bs_word out[8], const uint8_t k[16]))
{
    uint8_t rks[240], phys[16];
    const unsigned nr = rijn_key_expand(rks, key, key_len, bs_sub_word);
    for (unsigned r = 0; r <= nr; r++) {
        const uint8_t *rk = rks + 16 * r;
        slice(dec[r], rk);
        bs_fixslice_key(phys, rk, r);
        slice(enc[r], phys);
    }
    rijn_wipe(rks, sizeof rks);
    rijn_wipe(phys, sizeof phys);
    return nr;
}

#endif
