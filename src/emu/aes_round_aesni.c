/* SPDX-License-Identifier: MIT */
/*
 * aes-round-aesni: the AES round primitives (include/rijn/aes_round.h)
 * with AES-NI, one to three instructions each (Intel SDM vol. 2A):
 *
 *   SB_SR_MC_AK     AESENC             SB_SR_AK     AESENCLAST
 *   ISB_ISR_IMC_AK  AESDEC             ISB_ISR_AK   AESDECLAST
 *   IMC             AESIMC             ISB_ISR_AK_IMC  AESDEC(x, AESIMC(k))
 *   MC              byte rotations and doublings (below)
 *
 * ISB_ISR_AK_IMC is IMC(ISB(ISR(x)) ^ k) = IMC(ISB(ISR(x))) ^ IMC(k)
 * (InvMixColumns is linear over GF(2)), which is AESDEC with the key
 * IMC(k): one AES instruction on the state's path, the key's AESIMC beside
 * it. AESIMC(AESDECLAST(x, k)) puts two in series; in a chain of calls
 * (each on the state the last wrote) that measured 13.7 against 10.5 TSC
 * ticks per call (Zen 3, medians of 101 runs).
 *
 * MC has no instruction of its own. AESENC(AESDECLAST(x, 0), 0) gives it
 * (AESDECLAST with a zero key is ISB(ISR(x)), which AESENC's SR(SB(.))
 * cancels; QEMU's host/i386 aes-round.h uses that identity), but with two
 * AES instructions in series. FIPS 197 §5.1.3 written on the register is
 * shorter: with a1 = the state with each column rotated by one byte,
 * t = x ^ a1, MC(x) = xtime(t) ^ a1 ^ rot2(t), where rot2 rotates each
 * column by two bytes: byte i of a column becomes
 * 2(a_i ^ a_{i+1}) ^ a_{i+1} ^ a_{i+2} ^ a_{i+3}, which is 2a_i ^ 3a_{i+1}
 * ^ a_{i+2} ^ a_{i+3}. Two PSHUFB, a doubling (PADDB, and 0x1b where the
 * top bit was set) and XORs: 12.3 against 13.7 ticks per call in the
 * same chain.
 *
 * The register holds the state in FIPS 197 byte order, as memory does, so
 * be == false is a plain load. be == true reverses the bytes with one
 * PSHUFB on the way in and one on the way out (and one for the key); the
 * branch on be is on a public flag.
 */
#include "arch/x86/x86.h"
#include "emu/aes_round.h"

#ifdef RIJN_X86

AESNI_INLINE __m128i round_aesni_rev(__m128i x)
{
    return _mm_shuffle_epi8(x, _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
}

AESNI_INLINE __m128i round_aesni_mc(__m128i x, __m128i k)
{
    (void)k;
    const __m128i rot1 = _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    const __m128i rot2 = _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    __m128i a1 = _mm_shuffle_epi8(x, rot1);
    __m128i t = _mm_xor_si128(x, a1);
    /* xtime(t): double each byte, reduce by x^8 = x^4 + x^3 + x + 1 where
     * the top bit was set (the mask from a signed compare: no branch). */
    __m128i top = _mm_cmpgt_epi8(_mm_setzero_si128(), t);
    __m128i t2 = _mm_xor_si128(_mm_add_epi8(t, t), _mm_and_si128(top, _mm_set1_epi8(0x1b)));
    return _mm_xor_si128(t2, _mm_xor_si128(a1, _mm_shuffle_epi8(t, rot2)));
}
AESNI_INLINE __m128i round_aesni_imc(__m128i x, __m128i k)
{
    (void)k;
    return _mm_aesimc_si128(x);
}
AESNI_INLINE __m128i round_aesni_ib_ir_ak_imc(__m128i x, __m128i k)
{
    return _mm_aesdec_si128(x, _mm_aesimc_si128(k));
}

/* One function per operation: load, reverse if be, compute, store. */
#define ROUND_AESNI(name, f, ...)                                                     \
    static AESNI_TARGET void name(rijn_aes_state *r, const rijn_aes_state *st,         \
                                  __VA_ARGS__ bool be)                                 \
    {                                                                                  \
        __m128i x = LOADX(st->b), k = ROUND_AESNI_KEY;                                 \
        if (be) {                                                                      \
            x = round_aesni_rev(f(round_aesni_rev(x), round_aesni_rev(k)));            \
        } else {                                                                       \
            x = f(x, k);                                                               \
        }                                                                              \
        STOREX(r->b, x);                                                               \
    }

#define ROUND_AESNI_KEY _mm_setzero_si128()
ROUND_AESNI(round_aesni_enc_MC, round_aesni_mc, )
ROUND_AESNI(round_aesni_dec_IMC, round_aesni_imc, )
#undef ROUND_AESNI_KEY
#define ROUND_AESNI_KEY LOADX(rk->b)
ROUND_AESNI(round_aesni_enc_SB_SR_AK, _mm_aesenclast_si128, const rijn_aes_state *rk, )
ROUND_AESNI(round_aesni_enc_SB_SR_MC_AK, _mm_aesenc_si128, const rijn_aes_state *rk, )
ROUND_AESNI(round_aesni_dec_ISB_ISR_AK, _mm_aesdeclast_si128, const rijn_aes_state *rk, )
ROUND_AESNI(round_aesni_dec_ISB_ISR_AK_IMC, round_aesni_ib_ir_ak_imc, const rijn_aes_state *rk, )
ROUND_AESNI(round_aesni_dec_ISB_ISR_IMC_AK, _mm_aesdec_si128, const rijn_aes_state *rk, )
#undef ROUND_AESNI_KEY

static const struct rijn_aes_round_ops round_aesni_ops = {
    .driver = "aes-round-aesni",
    .enc_MC = round_aesni_enc_MC,
    .enc_SB_SR_AK = round_aesni_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = round_aesni_enc_SB_SR_MC_AK,
    .dec_IMC = round_aesni_dec_IMC,
    .dec_ISB_ISR_AK = round_aesni_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = round_aesni_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = round_aesni_dec_ISB_ISR_IMC_AK,
};
#define ROUND_AESNI_OPS &round_aesni_ops
#else
#define ROUND_AESNI_OPS NULL
#endif

const struct rijn_desc rijn_aes_round_aesni_desc = {
    .kind = &rijn_kind_aes_round,
    .name = "aes-round-aesni",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AESNI | RIJN_CPU_SSSE3,
    .ct = true,
    .ops = ROUND_AESNI_OPS,
};
