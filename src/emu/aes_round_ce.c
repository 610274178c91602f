/* SPDX-License-Identifier: MIT */
/*
 * aes-round-ce: the AES round primitives (include/rijn/aes_round.h) with
 * the ARMv8 Crypto Extensions (Arm ARM, AESE/AESD/AESMC/AESIMC), AArch64
 * and AArch32 (the same instructions, aese.8 ...; arch/arm/ce.h).
 *
 * AESE and AESD add their key before the S-box: AESE(x, k) =
 * SR(SB(x ^ k)). The primitives add the round key after, so they run AESE
 * with a zero key and XOR rk afterwards:
 *   SB_SR_AK        AESE(x, 0) ^ rk           MC   AESMC(x)
 *   SB_SR_MC_AK     AESMC(AESE(x, 0)) ^ rk    IMC  AESIMC(x)
 *   ISB_ISR_AK      AESD(x, 0) ^ rk
 *   ISB_ISR_AK_IMC  AESIMC(AESD(x, 0) ^ rk)
 *   ISB_ISR_IMC_AK  AESIMC(AESD(x, 0)) ^ rk
 * A vector register holds the state in FIPS 197 byte order after LD1
 * (little-endian only: RIJN_ARM_CE), so be == false is a plain load;
 * be == true reverses with REV64 and EXT (branch on the public flag).
 */
#include "arch/arm/ce.h"
#include "emu/aes_round.h"

#ifdef RIJN_ARM_CE

CE_INLINE uint8x16_t round_ce_rev(uint8x16_t x)
{
    x = vrev64q_u8(x);
    return vextq_u8(x, x, 8);
}

CE_INLINE uint8x16_t round_ce_mc(uint8x16_t x, uint8x16_t k)
{
    (void)k;
    return vaesmcq_u8(x);
}
CE_INLINE uint8x16_t round_ce_imc(uint8x16_t x, uint8x16_t k)
{
    (void)k;
    return vaesimcq_u8(x);
}
CE_INLINE uint8x16_t round_ce_sb_sr_ak(uint8x16_t x, uint8x16_t k)
{
    return veorq_u8(vaeseq_u8(x, vdupq_n_u8(0)), k);
}
CE_INLINE uint8x16_t round_ce_sb_sr_mc_ak(uint8x16_t x, uint8x16_t k)
{
    return veorq_u8(vaesmcq_u8(vaeseq_u8(x, vdupq_n_u8(0))), k);
}
CE_INLINE uint8x16_t round_ce_isb_isr_ak(uint8x16_t x, uint8x16_t k)
{
    return veorq_u8(vaesdq_u8(x, vdupq_n_u8(0)), k);
}
CE_INLINE uint8x16_t round_ce_isb_isr_ak_imc(uint8x16_t x, uint8x16_t k)
{
    return vaesimcq_u8(veorq_u8(vaesdq_u8(x, vdupq_n_u8(0)), k));
}
CE_INLINE uint8x16_t round_ce_isb_isr_imc_ak(uint8x16_t x, uint8x16_t k)
{
    return veorq_u8(vaesimcq_u8(vaesdq_u8(x, vdupq_n_u8(0))), k);
}

#define ROUND_CE(name, f, ...)                                                                    \
    static CE_TARGET void name(rijn_aes_state *r, const rijn_aes_state *st, __VA_ARGS__ bool be)  \
    {                                                                                             \
        uint8x16_t x = vld1q_u8(st->b), k = ROUND_CE_KEY;                                         \
        if (be)                                                                                   \
            x = round_ce_rev(f(round_ce_rev(x), round_ce_rev(k)));                                \
        else                                                                                      \
            x = f(x, k);                                                                          \
        vst1q_u8(r->b, x);                                                                        \
    }

#define ROUND_CE_KEY vdupq_n_u8(0)
ROUND_CE(round_ce_enc_MC, round_ce_mc, )
ROUND_CE(round_ce_dec_IMC, round_ce_imc, )
#undef ROUND_CE_KEY
#define ROUND_CE_KEY vld1q_u8(rk->b)
ROUND_CE(round_ce_enc_SB_SR_AK, round_ce_sb_sr_ak, const rijn_aes_state *rk, )
ROUND_CE(round_ce_enc_SB_SR_MC_AK, round_ce_sb_sr_mc_ak, const rijn_aes_state *rk, )
ROUND_CE(round_ce_dec_ISB_ISR_AK, round_ce_isb_isr_ak, const rijn_aes_state *rk, )
ROUND_CE(round_ce_dec_ISB_ISR_AK_IMC, round_ce_isb_isr_ak_imc, const rijn_aes_state *rk, )
ROUND_CE(round_ce_dec_ISB_ISR_IMC_AK, round_ce_isb_isr_imc_ak, const rijn_aes_state *rk, )
#undef ROUND_CE_KEY

static const struct rijn_aes_round_ops round_ce_ops = {
    .driver = "aes-round-ce",
    .enc_MC = round_ce_enc_MC,
    .enc_SB_SR_AK = round_ce_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = round_ce_enc_SB_SR_MC_AK,
    .dec_IMC = round_ce_dec_IMC,
    .dec_ISB_ISR_AK = round_ce_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = round_ce_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = round_ce_dec_ISB_ISR_IMC_AK,
};
#define ROUND_CE_OPS &round_ce_ops
#else
#define ROUND_CE_OPS NULL
#endif

const struct rijn_desc rijn_aes_round_ce_desc = {
    .kind = &rijn_kind_aes_round,
    .name = "aes-round-ce",
    .priority = 400,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_ARM_AES,
    .ct = true,
    .ops = ROUND_CE_OPS,
};
