/* SPDX-License-Identifier: MIT */
/*
 * aes-neonbs: bit-sliced constant-time AES (FIPS 197) for AArch64 Advanced
 * SIMD without the Crypto Extensions, eight blocks per pass, for the
 * parallel modes (CTR, XTS, ECB, CBC decryption, GCM's CTR).
 *
 * Eight blocks in eight 128-bit registers, one bit position per register:
 * the S-box is a Boolean circuit (Boyar-Peralta, bp_sbox.h) on whole
 * registers, so nothing depends on data. The representation, the fixslicing
 * and the reasoning are aes-ct128's (aes_ct128.c, ct128_core.h), whose
 * portable vector C maps one-to-one onto NEON's 128-bit logic; what this
 * driver adds for NEON:
 *   - MixColumns' byte moves (a 32-bit lane rotation followed by a byte
 *     rotation inside each lane, then the same with a half-word swap) are
 *     one TBL each with a constant permutation, where the portable code
 *     needs EXT plus two shifts and an OR;
 *   - serial chains (CBC encryption, CBC-MAC for CMAC and CCM) run on
 *     aes-neon (TBL S-box, one block per register) with its own schedule
 *     kept in this key: a bit-sliced pass costs the same for one block as
 *     for eight. The ccm template therefore reads
 *     ccm_base(ctr(aes-neonbs),cbcmac(aes-neon)).
 *
 * Priorities: 300 for parallel work (above aes-neon's 250), 240 for serial
 * chains (below it), so cmac(aes) picks aes-neon and ctr/xts pick this.
 */
#include "arch/arm64/arm64.h"

#ifdef RIJN_ARM64

/* out byte 4c + r = in byte 4((c + j) mod 4) + (r + k) mod 4 */
#define NEONBS_I(c, r, j, k) (uint8_t)(4 * (((c) + (j)) & 3) + (((r) + (k)) & 3))
#define NEONBS_C(c, j, k) NEONBS_I(c, 0, j, k), NEONBS_I(c, 1, j, k), NEONBS_I(c, 2, j, k), NEONBS_I(c, 3, j, k)
#define NEONBS_IDX(j, k) { NEONBS_C(0, j, k), NEONBS_C(1, j, k), NEONBS_C(2, j, k), NEONBS_C(3, j, k) }
static const uint8_t neonbs_mix_b[4][16] = { NEONBS_IDX(0, 1), NEONBS_IDX(1, 1), NEONBS_IDX(2, 1), NEONBS_IDX(3, 1) };
static const uint8_t neonbs_mix_o[4][16] = { NEONBS_IDX(0, 2), NEONBS_IDX(2, 2), NEONBS_IDX(0, 2), NEONBS_IDX(2, 2) };
#define CT_MIX_B(x, s) ((bs_word)vqtbl1q_u8((uint8x16_t)(x), vld1q_u8(neonbs_mix_b[(s)&3])))
#define CT_MIX_O(x, s) ((bs_word)vqtbl1q_u8((uint8x16_t)(x), vld1q_u8(neonbs_mix_o[(s)&3])))

#define CT_MCA "neonbs"
#include "aes/ct128_core.h"
#include "aes/neon_core.h"

/* aes-ct128's schedule (the bit-sliced round keys are the same words; the
 * MixColumns above only changes how rounds move bytes), then aes-neon's
 * round keys, which the serial chains run on. */
struct neonbs_ks {
    ct128_ks bs;
    uint8_t serial[15][16];
};
_Static_assert(sizeof(struct neonbs_ks) <= RIJN_AES_KS_BYTES, "aes-neonbs key schedule too large");

static void neonbs_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct neonbs_ks *k = ctx;
    rijn_ct128_setkey(&k->bs, key, key_len);
    rijn_neon_expand(k->serial, key, key_len);
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

static const struct rijn_cipher_ops neonbs_ops = {
    .setkey = neonbs_setkey,
    .encrypt = neonbs_encrypt,
    .decrypt = neonbs_decrypt,
    .cbc_encrypt = neonbs_cbc_encrypt,
    .cbc_mac = neonbs_cbc_mac,
    .ctr = neonbs_ctr,
    .serial_priority = 240,
    .serial = &rijn_aes_neon_desc,
};
#define NEONBS_OPS &neonbs_ops
#else
#include "aes/cipher.h"
#define NEONBS_OPS NULL
#endif

const struct rijn_desc rijn_aes_neonbs_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-neonbs",
    .priority = 300,
    .cpu = RIJN_CPU_AARCH64 | RIJN_CPU_NEON,
    .ct = true,
    .ops = NEONBS_OPS,
};
