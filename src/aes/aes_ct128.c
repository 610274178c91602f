/* SPDX-License-Identifier: MIT */
/*
 * aes-ct128: constant-time AES (FIPS 197), bit-sliced and fixsliced like
 * aes-ct64, on 128-bit words: eight blocks per pass.
 *
 * Portable C with GCC/Clang vector extensions: on x86-64 the compiler emits
 * SSE2 (always present), on AArch64 NEON, elsewhere pairs of scalar
 * operations. No intrinsic and no target attribute, so the driver needs no
 * CPU feature; it outranks aes-ct64 because it does half the work per byte.
 *
 * Representation
 * --------------
 * Word q[j] (16 bytes) holds bit j of every state byte of eight blocks.
 * Byte p of the word is state byte p in FIPS 197 order (p = 4c + r: column
 * c is 32-bit lane c, row r is byte r of the lane), and bit b of that byte
 * belongs to block b. Loading eight blocks into eight words and running the
 * 8x8 bit transposition of aes-ct64 inside each byte (ortho) gives exactly
 * this layout; running it again undoes it.
 *
 * This layout makes the byte moves of MixColumns cheap. With R(k, j) =
 * "take the byte k rows down and j columns right", out(r, c) = in(r+k, c+j):
 *   - a column move is a permutation of the four 32-bit lanes (pshufd on
 *     SSE2: one instruction);
 *   - a row move is a rotation of every 32-bit lane by 8k bits (three
 *     instructions on SSE2), and needs no mask because rows wrap inside
 *     their lane.
 * The fixsliced round (see aes_ct64.c for the derivation) needs R(1, s) and
 * R(2, 2s) for s = round mod 4: at most two lane permutations and two lane
 * rotations per word.
 *
 * Decryption is the plain inverse cipher; InvShiftRows takes row r from the
 * lanes permuted by -r columns and merges the four rows with byte masks.
 *
 * The key schedule is the shared FIPS 197 expansion with a constant-time
 * SubWord (bp_sbox.h). Round keys are stored bit-sliced: each byte of a key
 * word is 0x00 or 0xff (the same key bit for all eight blocks).
 */
#include "aes/ct128_core.h"

/* --------------------------------------------------------- key setup -- */

static void slice_key(bs_word out[8], const uint8_t k[16])
{
    uint8_t eight[128];
    for (int b = 0; b < 8; b++) memcpy(eight + 16 * b, k, 16);
    pack8(out, eight);
    rijn_wipe(eight, sizeof eight);
}

void rijn_ct128_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    ct128_ks *ks = ctx;
    ks->rounds = bs_schedule(ks->enc, ks->dec, key, key_len, slice_key);
}

/* ------------------------------------------------------ block driver -- */

static void ct128_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ct_blocks(ks, out, in, n, encrypt8);
}

static void ct128_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ct_blocks(ks, out, in, n, decrypt8);
}

static void ct128_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    ct_ctr(ks, ctr, out, in, n, inc32);
}

/* Serial chains use one lane of the eight: bit-slicing cannot help them. */
static void ct128_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    uint8_t blk[16];
    for (; n; n--, in += 16, out += 16) {
        rijn_xor16(blk, iv, in);
        ct128_encrypt(ks, iv, blk, 1);
        memcpy(out, iv, 16);
    }
    rijn_wipe(blk, sizeof blk);
}

static void ct128_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    for (; n; n--, in += 16) {
        rijn_xor16(mac, mac, in);
        ct128_encrypt(ks, mac, mac, 1);
    }
}

static const struct rijn_cipher_ops ct128_ops = {
    .setkey = rijn_ct128_setkey,
    .encrypt = ct128_encrypt,
    .decrypt = ct128_decrypt,
    .cbc_encrypt = ct128_cbc_encrypt,
    .cbc_mac = ct128_cbc_mac,
    .ctr = ct128_ctr,
    .pass_blocks = CT_NB,
};

const struct rijn_desc rijn_aes_ct128_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-ct128",
    .priority = 110,
    .cpu = 0,
    .ct = true,
    .ops = &ct128_ops,
};
