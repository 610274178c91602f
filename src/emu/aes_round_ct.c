/* SPDX-License-Identifier: MIT */
/*
 * aes-round-ct: the AES round primitives (include/rijn/aes_round.h) in
 * portable C, constant-time, for every architecture (armv7, s390x, x86
 * without SSSE3, AArch64 without NEON): the floor of the ladder.
 *
 * SubBytes is the Boyar-Peralta circuit (src/aes/bp_sbox.h) on the 16
 * bytes bit-sliced into eight 32-bit words (16 bits used: word j holds
 * bit j of every byte). The bytes are gathered into the words in
 * ShiftRows order (or InvShiftRows', composed with the be reversal), so
 * the permutation costs nothing: SubBytes is per byte and commutes with
 * it, and the gather's indices are constants. ortho() transposes the 8x8
 * bit blocks into slices and back. MixColumns and InvMixColumns run on the
 * four columns as little-endian 32-bit words (SWAR doubling; InvMixColumns
 * as MixColumns after a + 4 (a + rot16(a)), the "Rijndael book"
 * factorisation), so byte order never depends on the host's.
 *
 * Every step is a fixed sequence of loads at constant offsets, shifts,
 * ANDs and XORs: no branch or address depends on the state or the key
 * (tests/c/ct_taint.c checks it under valgrind). The branches on be and
 * on which S-box are on public values.
 */
#include "emu/aes_round.h"

typedef uint32_t bs_word;
#include "aes/bp_sbox.h"

/* Gather indices: out byte i comes from input byte idx[i]. */
enum { I_ID, I_REV, I_SR, I_REV_SR, I_ISR, I_REV_ISR };
static const uint8_t round_ct_idx[6][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },
    { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 },      /* ShiftRows: out[4c+r] = in[4(c+r)+r] */
    { 15, 10, 5, 0, 11, 6, 1, 12, 7, 2, 13, 8, 3, 14, 9, 4 },      /* ... of the reversed input */
    { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 },      /* InvShiftRows */
    { 15, 2, 5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12 },      /* ... of the reversed input */
};

/* The four columns of in, permuted by idx, as little-endian words. */
static inline void round_ct_load(uint32_t w[4], const uint8_t *in, const uint8_t idx[16])
{
    for (int c = 0; c < 4; c++)
        w[c] = (uint32_t)in[idx[4 * c]] | (uint32_t)in[idx[4 * c + 1]] << 8 | (uint32_t)in[idx[4 * c + 2]] << 16 |
               (uint32_t)in[idx[4 * c + 3]] << 24;
}

static inline void round_ct_store(uint8_t *out, const uint32_t w[4], bool be)
{
    uint8_t t[16];
    for (int c = 0; c < 4; c++) rijn_store32_le(t + 4 * c, w[c]);
    for (int i = 0; i < 16; i++) out[i] = t[be ? 15 - i : i];
}

/* SubBytes (less its constant 0x63 when fwd) of in permuted by idx. */
static inline void round_ct_sub(uint32_t w[4], const uint8_t *in, const uint8_t idx[16], bool fwd)
{
    bs_word q[8];
    for (int i = 0; i < 8; i++) q[i] = (bs_word)in[idx[i]] | (bs_word)in[idx[i + 8]] << 8;
    ortho(q);
    if (fwd)
        sbox_fwd_noconst(q);
    else
        sbox_inv(q);
    ortho(q);
    /* Byte i is in q[i] (i < 8) or q[i - 8] >> 8. */
    for (int c = 0; c < 2; c++) {
        const int b = 4 * c;
        w[c] = (q[b] & 0xff) | (q[b + 1] & 0xff) << 8 | (q[b + 2] & 0xff) << 16 | (q[b + 3] & 0xff) << 24;
        w[c + 2] = (q[b] >> 8 & 0xff) | (q[b + 1] >> 8 & 0xff) << 8 | (q[b + 2] >> 8 & 0xff) << 16 |
                   (q[b + 3] >> 8 & 0xff) << 24;
    }
}

static inline uint32_t round_ct_ror(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

/* 2x in every byte (FIPS 197 §4.2.1), without a branch. */
static inline uint32_t round_ct_xtime(uint32_t x)
{
    return ((x & 0x7f7f7f7fu) << 1) ^ (((x >> 7) & 0x01010101u) * 0x1b);
}

/* A column, row r at bits 8r: out_r = 2 b_r + a_{r+1} + b_{r+2}, with
 * b = a + a_{r+1} (a_{r+1} is the rotation right by 8). */
static inline uint32_t round_ct_mc(uint32_t a)
{
    const uint32_t a1 = round_ct_ror(a, 8), b = a ^ a1;
    return round_ct_xtime(b) ^ a1 ^ round_ct_ror(b, 16);
}

static inline uint32_t round_ct_imc(uint32_t a)
{
    return round_ct_mc(a ^ round_ct_xtime(round_ct_xtime(a ^ round_ct_ror(a, 16))));
}

static void round_ct_enc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    uint32_t w[4];
    round_ct_load(w, st->b, round_ct_idx[I_ID + be]);
    for (int c = 0; c < 4; c++) w[c] = round_ct_mc(w[c]);
    round_ct_store(r->b, w, be);
}

static void round_ct_dec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    uint32_t w[4];
    round_ct_load(w, st->b, round_ct_idx[I_ID + be]);
    for (int c = 0; c < 4; c++) w[c] = round_ct_imc(w[c]);
    round_ct_store(r->b, w, be);
}

/* The forward rounds: SB and SR, then MC if mc, then the key and the
 * S-box constant (MC maps an all-0x63 column to itself: 2 + 3 + 1 + 1 = 1). */
static inline void round_ct_enc(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be,
                                bool mc)
{
    uint32_t w[4], k[4];
    round_ct_sub(w, st->b, round_ct_idx[I_SR + be], true);
    round_ct_load(k, rk->b, round_ct_idx[I_ID + be]);
    for (int c = 0; c < 4; c++) w[c] = (mc ? round_ct_mc(w[c]) : w[c]) ^ k[c] ^ 0x63636363u;
    round_ct_store(r->b, w, be);
}

static void round_ct_enc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    round_ct_enc(r, st, rk, be, false);
}

static void round_ct_enc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    round_ct_enc(r, st, rk, be, true);
}

/* The inverse rounds: ISB and ISR; IMC before the key (imc == 1), after
 * it (imc == 2), or not at all (0). */
static inline void round_ct_dec(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be,
                                int imc)
{
    uint32_t w[4], k[4];
    round_ct_sub(w, st->b, round_ct_idx[I_ISR + be], false);
    round_ct_load(k, rk->b, round_ct_idx[I_ID + be]);
    for (int c = 0; c < 4; c++) {
        uint32_t x = imc == 1 ? round_ct_imc(w[c]) : w[c];
        x ^= k[c];
        w[c] = imc == 2 ? round_ct_imc(x) : x;
    }
    round_ct_store(r->b, w, be);
}

static void round_ct_dec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    round_ct_dec(r, st, rk, be, 0);
}

static void round_ct_dec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                        bool be)
{
    round_ct_dec(r, st, rk, be, 1);
}

static void round_ct_dec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                        bool be)
{
    round_ct_dec(r, st, rk, be, 2);
}

static const struct rijn_aes_round_ops round_ct_ops = {
    .driver = "aes-round-ct",
    .enc_MC = round_ct_enc_MC,
    .enc_SB_SR_AK = round_ct_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = round_ct_enc_SB_SR_MC_AK,
    .dec_IMC = round_ct_dec_IMC,
    .dec_ISB_ISR_AK = round_ct_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = round_ct_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = round_ct_dec_ISB_ISR_IMC_AK,
};

/* The floor: every architecture, always registered. */
const struct rijn_desc rijn_aes_round_ct_desc = {
    .kind = &rijn_kind_aes_round,
    .name = "aes-round-ct",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .ops = &round_ct_ops,
};
