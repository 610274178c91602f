/* SPDX-License-Identifier: MIT */
/*
 * aes-round-vperm: the AES round primitives (include/rijn/aes_round.h) on
 * x86-64 with SSSE3 but no AES-NI, one block per register, constant-time:
 * the only lookups are PSHUFB's in-register ones.
 *
 * SubBytes is aes-vperm's S-box (src/aes/vperm_sbox.h, M. Hamburg,
 * "Accelerating AES with vector permute instructions", CHES 2009): the
 * state is taken into the basis T by two nibble lookups, inverted in
 * GF(16)^2 by six, and brought back to the standard basis by the two
 * "last round" output tables, which give L(x^-1); the constant 0x63 is
 * XORed in with the round key (MixColumns maps an all-0x63 column to
 * itself, 2 + 3 + 1 + 1 = 1, so it may go after MixColumns too). The
 * inverse S-box takes x ^ 0x63 into T2 = T o L^-1, where the same
 * circuit inverts L^-1(x ^ 0x63), which is InvSubBytes (FIPS 197 §5.3.2).
 *
 * Unlike aes-vperm, whose state stays in T between rounds, every call
 * here starts and ends in the standard basis, so the linear steps are
 * done there: ShiftRows (and the be byte reversal, composed with it) is one
 * PSHUFB of the input (it commutes with SubBytes); MixColumns is
 *     out_r = 2 b_r + a_{r+1} + b_{r+2},  b_r = a_r + a_{r+1}
 * with two PSHUFB rotations inside each column and a doubling (add, and
 * 0x1b where the sign bit was set); InvMixColumns is MixColumns after
 * a + 4 (a + rot2(a)) (the "Rijndael book" factorisation, as aes-neon).
 */
#include "aes/vperm_sbox.h"
#include "emu/aes_round.h"

#ifdef RIJN_X86

/* PSHUFB indices: out[i] = in[idx[i]]. */
#define IDX(a) _mm_load_si128((const __m128i *)(const void *)round_vperm_idx[a])
enum { I_ID, I_REV, I_SR, I_REV_SR, I_ISR, I_REV_ISR, I_ROT1, I_ROT2 };
static const uint8_t round_vperm_idx[8][16] __attribute__((aligned(16))) = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },      /* identity */
    { 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 },      /* be: reversal */
    { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 },      /* ShiftRows: out[4c+r] = in[4(c+r)+r] */
    { 15, 10, 5, 0, 11, 6, 1, 12, 7, 2, 13, 8, 3, 14, 9, 4 },      /* ShiftRows of the reversed input */
    { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 },      /* InvShiftRows */
    { 15, 2, 5, 8, 11, 14, 1, 4, 7, 10, 13, 0, 3, 6, 9, 12 },      /* InvShiftRows of the reversed input */
    { 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12 },      /* a_{r+1} within each column */
    { 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13 },      /* a_{r+2} */
};

SSSE3_INLINE __m128i round_vperm_xtime(__m128i b)
{
    const __m128i hi = _mm_cmpgt_epi8(_mm_setzero_si128(), b);   /* 0xff where bit 7 is set */
    return X(_mm_add_epi8(b, b), _mm_and_si128(hi, _mm_set1_epi8(0x1b)));
}

SSSE3_INLINE __m128i round_vperm_mc(__m128i a)
{
    const __m128i a1 = SHUF(a, IDX(I_ROT1)), b = X(a, a1);
    return X(X(round_vperm_xtime(b), a1), SHUF(b, IDX(I_ROT2)));
}

SSSE3_INLINE __m128i round_vperm_imc(__m128i a)
{
    const __m128i u = round_vperm_xtime(round_vperm_xtime(X(a, SHUF(a, IDX(I_ROT2)))));
    return round_vperm_mc(X(a, u));
}

/* SubBytes less its constant 0x63: L(x^-1) per byte. */
SSSE3_INLINE __m128i round_vperm_sb(__m128i x)
{
    __m128i po, ro;
    vperm_core(vperm_basis(x, VT(ENC_IN_LO), VT(ENC_IN_HI)), VT(INV), VT(CQ), &po, &ro);
    return X(SHUF(VT(ENC_LAST_P), po), SHUF(VT(ENC_LAST_R), ro));
}

/* InvSubBytes. */
SSSE3_INLINE __m128i round_vperm_isb(__m128i x)
{
    __m128i po, ro;
    vperm_core(X(vperm_basis(x, VT(DEC_IN_LO), VT(DEC_IN_HI)), VT(T2_63)), VT(INV), VT(CQ), &po, &ro);
    return X(SHUF(VT(DEC_LAST_P), po), SHUF(VT(DEC_LAST_R), ro));
}

/* The state and key in standard order, the input already (Inv)ShiftRowed
 * (perm: the permutation for be == false; the next entry is for true). */
#define LOAD_IN(perm) SHUF(LOADX(st->b), IDX((perm) + be))
#define LOAD_KEY() (be ? SHUF(LOADX(rk->b), IDX(I_REV)) : LOADX(rk->b))
#define STORE_OUT(v) STOREX(r->b, be ? SHUF((v), IDX(I_REV)) : (v))
#define C63 _mm_set1_epi8(0x63)

static SSSE3_TARGET void round_vperm_enc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    STORE_OUT(round_vperm_mc(LOAD_IN(I_ID)));
}

static SSSE3_TARGET void round_vperm_enc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st,
                                                  const rijn_aes_state *rk, bool be)
{
    const __m128i k = X(LOAD_KEY(), C63);
    STORE_OUT(X(round_vperm_sb(LOAD_IN(I_SR)), k));
}

static SSSE3_TARGET void round_vperm_enc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st,
                                                     const rijn_aes_state *rk, bool be)
{
    /* MC(z ^ 63) = MC(z) ^ 63: the constant joins the key. */
    const __m128i k = X(LOAD_KEY(), C63);
    STORE_OUT(X(round_vperm_mc(round_vperm_sb(LOAD_IN(I_SR))), k));
}

static SSSE3_TARGET void round_vperm_dec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    STORE_OUT(round_vperm_imc(LOAD_IN(I_ID)));
}

static SSSE3_TARGET void round_vperm_dec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st,
                                                    const rijn_aes_state *rk, bool be)
{
    const __m128i k = LOAD_KEY();
    STORE_OUT(X(round_vperm_isb(LOAD_IN(I_ISR)), k));
}

static SSSE3_TARGET void round_vperm_dec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st,
                                                        const rijn_aes_state *rk, bool be)
{
    const __m128i k = LOAD_KEY();
    STORE_OUT(round_vperm_imc(X(round_vperm_isb(LOAD_IN(I_ISR)), k)));
}

static SSSE3_TARGET void round_vperm_dec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st,
                                                        const rijn_aes_state *rk, bool be)
{
    const __m128i k = LOAD_KEY();
    STORE_OUT(X(round_vperm_imc(round_vperm_isb(LOAD_IN(I_ISR))), k));
}

static const struct rijn_aes_round_ops round_vperm_ops = {
    .driver = "aes-round-vperm",
    .enc_MC = round_vperm_enc_MC,
    .enc_SB_SR_AK = round_vperm_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = round_vperm_enc_SB_SR_MC_AK,
    .dec_IMC = round_vperm_dec_IMC,
    .dec_ISB_ISR_AK = round_vperm_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = round_vperm_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = round_vperm_dec_ISB_ISR_IMC_AK,
};
#define ROUND_VPERM_OPS &round_vperm_ops
#else
#define ROUND_VPERM_OPS NULL
#endif

const struct rijn_desc rijn_aes_round_vperm_desc = {
    .kind = &rijn_kind_aes_round,
    .name = "aes-round-vperm",
    .priority = 200,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_SSSE3,
    .ct = true,
    .ops = ROUND_VPERM_OPS,
};
