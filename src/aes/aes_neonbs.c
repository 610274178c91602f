/* SPDX-License-Identifier: MIT */
/*
 * aes-neonbs: bit-sliced constant-time AES (FIPS 197) for Advanced SIMD
 * (NEON) without the Crypto Extensions, eight blocks per pass, for the
 * parallel modes (CTR, XTS, ECB, CBC decryption, GCM's and CCM's CTR). One
 * source for AArch64 and for 32-bit ARMv7-A NEON.
 *
 * Eight blocks in eight 128-bit registers, one bit position per register:
 * the S-box is a Boolean circuit (Boyar-Peralta, bp_sbox.h) on whole
 * registers, so nothing depends on data. The representation, the fixslicing
 * and the reasoning are aes-ct128's (aes_ct128.c, ct128_core.h), whose
 * portable vector C maps one-to-one onto NEON's 128-bit logic; what this
 * driver adds for NEON is MixColumns' byte moves, R(1, s) (a 32-bit lane
 * rotation by s columns, then a byte rotation inside each lane) and
 * R(2, 2s) (a lane rotation by 2s, then a half-word swap inside each lane):
 *   - AArch64: one TBL each, with a constant permutation, where the
 *     portable code needs EXT plus two shifts and an OR;
 *   - ARMv7: VTBL looks up 8 bytes at a time (two VTBL and two index
 *     registers per 16-byte permutation), so the moves are built from the
 *     cheaper whole-register ones instead: the lane rotation is one VEXT
 *     (none for s = 0), the byte rotation a VSHR and a VSLI, the half-word
 *     swap one VREV32.16. And there the S-boxes are other circuits, ones
 *     that fit the 16 Q registers without spilling
 *     (neonbs_sbox_arm32.h), and MixColumns folds its doubling in as it
 *     goes (CT_MIX_FOLDED), so that the rounds keep everything in
 *     registers.
 *
 * Serial chains (CBC encryption, CBC-MAC for CMAC and CCM) have one block
 * in flight, and a bit-sliced pass costs the same for one block as for
 * eight. They run on another driver's one-block code, with its schedule
 * kept in this key, and rank below that driver for serial work, so that
 * cmac(aes) picks it, while cbc(aes) and ccm(aes) (the mean of the two
 * ranks) pick this driver and name the serial one:
 *   - AArch64: aes-neon (TBL S-box; 250), serial priority 240:
 *     ccm_base(ctr(aes-neonbs),cbcmac(aes-neon));
 *   - ARMv7: aes-vperm (vperm.h; 200; aes-neon's 256-byte S-box needs
 *     AArch64's four-register TBL), serial priority 190, as aes-bs-avx2
 *     on x86: ccm_base(ctr(aes-neonbs),cbcmac(aes-vperm)).
 *
 * Priority 300 for parallel work: above aes-neon's 250 (AArch64),
 * aes-vperm's 200 and every portable driver.
 */
#include "arch/arm32/arm32.h"
#include "arch/arm64/arm64.h"
#include "aes/cipher.h"

#if defined(RIJN_ARM64)

/* out byte 4c + r = in byte 4((c + j) mod 4) + (r + k) mod 4 */
#define NEONBS_I(c, r, j, k) (uint8_t)(4 * (((c) + (j)) & 3) + (((r) + (k)) & 3))
#define NEONBS_C(c, j, k) NEONBS_I(c, 0, j, k), NEONBS_I(c, 1, j, k), NEONBS_I(c, 2, j, k), NEONBS_I(c, 3, j, k)
#define NEONBS_IDX(j, k) { NEONBS_C(0, j, k), NEONBS_C(1, j, k), NEONBS_C(2, j, k), NEONBS_C(3, j, k) }
static const uint8_t neonbs_mix_b[4][16] = { NEONBS_IDX(0, 1), NEONBS_IDX(1, 1), NEONBS_IDX(2, 1), NEONBS_IDX(3, 1) };
static const uint8_t neonbs_mix_o[4][16] = { NEONBS_IDX(0, 2), NEONBS_IDX(2, 2), NEONBS_IDX(0, 2), NEONBS_IDX(2, 2) };
#define CT_MIX_B(x, s) ((bs_word)vqtbl1q_u8((uint8x16_t)(x), vld1q_u8(neonbs_mix_b[(s)&3])))
#define CT_MIX_O(x, s) ((bs_word)vqtbl1q_u8((uint8x16_t)(x), vld1q_u8(neonbs_mix_o[(s)&3])))
#define NEONBS 1

#elif defined(RIJN_ARM32)
#include "aes/vperm.h"

/* Everything below, ct128_core.h's rounds included, is NEON code: the
 * descriptor requires RIJN_CPU_NEON, so none of it runs on a core
 * without. (The headers above are included first: their inline functions
 * stay baseline code.) */
ARM32_NEON_FILE

/* Column move by j: out lane c = in lane (c + j) mod 4, one VEXT of the
 * register with itself (nothing for j = 0). j is a constant. */
#define NEONBS_COLS(x, j)                                                                                    \
    (((j)&3) == 0 ? (uint32x4_t)(x)                                                                          \
                  : vreinterpretq_u32_u8(vextq_u8((uint8x16_t)(x), (uint8x16_t)(x), ((j)&3) == 0 ? 0 : 4 * ((j)&3))))
/* Row move by one inside every lane (little-endian: byte r at bits 8r):
 * a rotation right by 8, as VSHR then VSLI (shift left and insert). */
#define NEONBS_ROW1(v) vsliq_n_u32(vshrq_n_u32((v), 8), (v), 24)
#define CT_MIX_B(x, s) ((bs_word)NEONBS_ROW1(NEONBS_COLS((x), (s))))
#define CT_MIX_O(x, s) ((bs_word)vrev32q_u16(vreinterpretq_u16_u32(NEONBS_COLS((x), 2 * (s)))))
/* 16 Q registers: S-box circuits that fit them with no spill
 * (neonbs_sbox_arm32.h) and MixColumns with its doubling folded in
 * (ct128_core.h). GCC 12 spilled about 30 Q values per S-box and 20 per
 * MixColumns otherwise. */
#define CT_SBOX_INCLUDE "aes/neonbs_sbox_arm32.h"
#define CT_MIX_FOLDED 1
/* Blocks in and out with VLD1/VST1 (GCC 12 copies ct128_core.h's memcpy
 * into a vector array through core registers and the stack). */
#define CT_LOAD(q, in) for (int b_ = 0; b_ < 8; b_++) (q)[b_] = (bs_word)vld1q_u8((in) + 16 * b_)
#define CT_STORE(out, q) for (int b_ = 0; b_ < 8; b_++) vst1q_u8((out) + 16 * b_, (uint8x16_t)(q)[b_])
/* ortho's swap-moves (bp_sbox.h) shift 64-bit lanes, which GCC 12 splits
 * into scalar shifts through the stack on 32-bit ARM. Their masks keep
 * every moved bit inside its byte (the transposition is per byte), so
 * 32-bit lanes (VSHR.U32, VSHL.I32) compute the same. */
#define BS_SWAPMOVE(hi, lo, mask, n)                                                   \
    do {                                                                               \
        bs_word t_ = (bs_word)((ct_u32)(lo) >> (n)) ^ (hi);                            \
        t_ &= (bs_word){ 0 } ^ (mask);                                                 \
        (hi) ^= t_;                                                                    \
        (lo) ^= (bs_word)((ct_u32)t_ << (n));                                          \
    } while (0)
#define NEONBS 1

#endif

#ifdef NEONBS

/* On both: the S-box inline in the round (out of line, GCC 12 called it
 * every round with the state in memory), and the round loops that keep
 * the state in registers (bs_rounds.h). */
#define BS_SBOX_INLINE static inline __attribute__((always_inline))
#define BS_STATE_LOCAL 1
#define CT_MCA "neonbs"
#include "aes/ct128_core.h"

#if defined(RIJN_ARM64)
#include "aes/neon_core.h"

/* aes-ct128's schedule (the bit-sliced round keys are the same words; the
 * MixColumns above only changes how rounds move bytes), then aes-neon's
 * round keys, which the serial chains run on. */
struct neonbs_ks {
    ct128_ks bs;
    uint8_t serial[15][16];
};
#else
/* aes-ct128's schedule, then aes-vperm's encryption schedule, which the
 * serial chains run on. */
struct neonbs_ks {
    ct128_ks bs;
    struct vperm_enc_ks serial;
};
#endif
_Static_assert(sizeof(struct neonbs_ks) <= RIJN_AES_KS_BYTES, "aes-neonbs key schedule too large");

static void neonbs_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct neonbs_ks *k = ctx;
    rijn_ct128_setkey(&k->bs, key, key_len);
#if defined(RIJN_ARM64)
    rijn_neon_expand(k->serial, key, key_len);
#else
    rijn_vperm_setkey_enc(&k->serial, key, key_len);
#endif
}

static void neonbs_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct neonbs_ks *k = ks;
    ct_blocks(&k->bs, out, in, n, encrypt8);
}

static void neonbs_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct neonbs_ks *k = ks;
    ct_blocks(&k->bs, out, in, n, decrypt8);
}

static void neonbs_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    const struct neonbs_ks *k = ks;
    ct_ctr(&k->bs, ctr, out, in, n, inc32);
}

#if defined(RIJN_ARM64)
static void neonbs_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct neonbs_ks *k = ks;
    rijn_neon_cbc_encrypt(k->serial, k->bs.rounds, iv, out, in, n);
}

static void neonbs_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct neonbs_ks *k = ks;
    rijn_neon_cbc_mac(k->serial, k->bs.rounds, mac, in, n);
}
#define NEONBS_SERIAL_PRIORITY 240
#define NEONBS_SERIAL &rijn_aes_neon_desc
#else
static void neonbs_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct neonbs_ks *k = ks;
    rijn_vperm_cbc_encrypt(&k->serial, k->bs.rounds, iv, out, in, n);
}

static void neonbs_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct neonbs_ks *k = ks;
    rijn_vperm_cbc_mac(&k->serial, k->bs.rounds, mac, in, n);
}
#define NEONBS_SERIAL_PRIORITY 190
#define NEONBS_SERIAL &rijn_aes_vperm_desc
#endif

static const struct rijn_cipher_ops neonbs_ops = {
    .setkey = neonbs_setkey,
    .encrypt = neonbs_encrypt,
    .decrypt = neonbs_decrypt,
    .cbc_encrypt = neonbs_cbc_encrypt,
    .cbc_mac = neonbs_cbc_mac,
    .ctr = neonbs_ctr,
    .serial_priority = NEONBS_SERIAL_PRIORITY,
    .serial = NEONBS_SERIAL,
    .pass_blocks = CT_NB,
};
#define NEONBS_OPS &neonbs_ops
#else
#define NEONBS_OPS NULL
#endif

const struct rijn_desc rijn_aes_neonbs_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-neonbs",
    .priority = 300,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_NEON,
    .ct = true,
    .ops = NEONBS_OPS,
};
