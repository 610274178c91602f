/* SPDX-License-Identifier: MIT */
/*
 * aes-round-neon: the AES round primitives (include/rijn/aes_round.h) on
 * AArch64 Advanced SIMD without the Crypto Extensions, constant-time:
 * aes-neon's round steps (src/aes/neon_round.h; the reasoning is at the
 * top of src/aes/aes_neon.c). The 256-byte S-box (or its inverse) is
 * loaded into 16 registers on each call and looked up with four
 * independent TBLs; ShiftRows, and the be byte reversal composed with it,
 * is one TBL of the input (it commutes with SubBytes); MixColumns and
 * InvMixColumns work on 32-bit columns with shifts, REV32 and a doubling.
 */
#include "aes/neon_round.h"
#include "emu/aes_round.h"

#ifdef RIJN_HAVE_NEON_AES

/* TBL indices: out[i] = in[idx[i]]; for be the reversal is composed in. */
enum { I_ID, I_REV, I_SR, I_REV_SR, I_ISR, I_REV_ISR };
static const uint8_t round_neon_idx[6][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },
    { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 },
    { 15, 10, 5, 0, 11, 6, 1, 12, 7, 2, 13, 8, 3, 14, 9, 4 },
    { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 },
    { 15, 2, 5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12 },
};

#define LOAD_IN(perm) vqtbl1q_u8(vld1q_u8(st->b), vld1q_u8(round_neon_idx[(perm) + be]))
#define LOAD_KEY() (be ? vqtbl1q_u8(vld1q_u8(rk->b), vld1q_u8(round_neon_idx[I_REV])) : vld1q_u8(rk->b))
#define STORE_OUT(v) vst1q_u8(r->b, be ? vqtbl1q_u8((v), vld1q_u8(round_neon_idx[I_REV])) : (v))

static inline uint8x16_t round_neon_sb(uint8x16_t x, const uint8_t *box)
{
    struct neon_tables tb;
    neon_load_tables(&tb, box);
    return neon_sub_bytes(x, &tb);
}

static void round_neon_enc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    STORE_OUT(neon_mix_columns(LOAD_IN(I_ID)));
}

static void round_neon_enc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    STORE_OUT(veorq_u8(round_neon_sb(LOAD_IN(I_SR), rijn_sbox_fwd), LOAD_KEY()));
}

static void round_neon_enc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                       bool be)
{
    STORE_OUT(veorq_u8(neon_mix_columns(round_neon_sb(LOAD_IN(I_SR), rijn_sbox_fwd)), LOAD_KEY()));
}

static void round_neon_dec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    STORE_OUT(neon_inv_mix_columns(LOAD_IN(I_ID)));
}

static void round_neon_dec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                      bool be)
{
    STORE_OUT(veorq_u8(round_neon_sb(LOAD_IN(I_ISR), rijn_sbox_inv), LOAD_KEY()));
}

static void round_neon_dec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                          bool be)
{
    STORE_OUT(neon_inv_mix_columns(veorq_u8(round_neon_sb(LOAD_IN(I_ISR), rijn_sbox_inv), LOAD_KEY())));
}

static void round_neon_dec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                          bool be)
{
    STORE_OUT(veorq_u8(neon_inv_mix_columns(round_neon_sb(LOAD_IN(I_ISR), rijn_sbox_inv)), LOAD_KEY()));
}

static const struct rijn_aes_round_ops round_neon_ops = {
    .driver = "aes-round-neon",
    .enc_MC = round_neon_enc_MC,
    .enc_SB_SR_AK = round_neon_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = round_neon_enc_SB_SR_MC_AK,
    .dec_IMC = round_neon_dec_IMC,
    .dec_ISB_ISR_AK = round_neon_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = round_neon_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = round_neon_dec_ISB_ISR_IMC_AK,
};
#define ROUND_NEON_OPS &round_neon_ops
#else
#define ROUND_NEON_OPS NULL
#endif

const struct rijn_desc rijn_aes_round_neon_desc = {
    .kind = &rijn_kind_aes_round,
    .name = "aes-round-neon",
    .priority = 250,
    .cpu = RIJN_CPU_AARCH64 | RIJN_CPU_NEON,
    .ct = true,
    .ops = ROUND_NEON_OPS,
};
