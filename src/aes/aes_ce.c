/* SPDX-License-Identifier: MIT */
/*
 * aes-ce: AES (FIPS 197) on the ARMv8 Crypto Extensions (AESE, AESD,
 * AESMC, AESIMC), AArch64 and AArch32 (32-bit code on ARMv8 cores). The
 * rounds are in ce_core.h.
 *
 * Constant time: the AES instructions take the same time for every input,
 * and the key expansion computes SubWord with AESE as well (below), so no
 * secret ever indexes memory or decides a branch.
 *
 * Every mode has a fast path here, shaped by what limits it:
 *   - parallel work (ECB, CTR, CBC decryption, XTS) runs four independent
 *     blocks per round (ce_enc4/ce_dec4), enough to hide the AESE/AESMC
 *     latency on one AES pipe;
 *   - serial chains (CBC encryption, CBC-MAC) cannot be parallelised: one
 *     block at a time, with the round keys in registers;
 *   - CCM runs its two halves, the CTR block and the CBC-MAC step, in
 *     lockstep (ce_enc2), so the CTR encryption fills the MAC chain's
 *     latency and CCM costs about what the CBC-MAC alone costs.
 */
#include "aes/ce_core.h"
#include "aes/keyexp.h"

#ifdef RIJN_HAVE_CE

/* SubWord with AESE and an all-zero round key: AESE(0, x) is
 * ShiftRows(SubBytes(x)). With the word copied into all four columns,
 * ShiftRows only moves equal bytes between columns, so column 0 holds
 * SubWord(w). */
CE_TARGET static uint32_t ce_sub_word(uint32_t v)
{
    uint8x16_t x = vreinterpretq_u8_u32(vdupq_n_u32(v));
    x = vaeseq_u8(x, vdupq_n_u8(0));
    return vgetq_lane_u32(vreinterpretq_u32_u8(x), 0);
}

CE_TARGET void rijn_ce_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct ce_ks *k = ctx;
    uint8_t rk[240];
    k->nr = rijn_key_expand(rk, key, key_len, ce_sub_word);
    for (unsigned r = 0; r <= k->nr; r++) k->ek[r] = vld1q_u8(rk + 16 * r);
    k->dk[0] = k->ek[k->nr];
    for (unsigned r = 1; r < k->nr; r++) k->dk[r] = vaesimcq_u8(k->ek[k->nr - r]);
    k->dk[k->nr] = k->ek[0];
    rijn_wipe(rk, sizeof rk);
}

CE_INLINE void ecb_body(const struct ce_ks *k, unsigned nr, uint8_t *out, const uint8_t *in, size_t n, bool enc)
{
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        RIJN_MCA_BEGIN("ce-ecb");
        uint8x16_t x[4];
        for (int i = 0; i < 4; i++) x[i] = vld1q_u8(in + 16 * i);
        if (enc)
            ce_enc4(k, nr, x);
        else
            ce_dec4(k, nr, x);
        for (int i = 0; i < 4; i++) vst1q_u8(out + 16 * i, x[i]);
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16, out += 16) {
        const uint8x16_t x = vld1q_u8(in);
        vst1q_u8(out, enc ? ce_enc1(k, nr, x) : ce_dec1(k, nr, x));
    }
}

CE_TARGET static void ce_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(ecb_body, k, out, in, n, true);
}

CE_TARGET static void ce_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(ecb_body, k, out, in, n, false);
}

/* The CBC chain (SP 800-38A §6.2), or the CBC-MAC chain (mac: nothing
 * stored but the last block). */
CE_INLINE void cbc_enc_body(const struct ce_ks *k, unsigned nr, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                            size_t n, bool mac)
{
    uint8x16_t c = vld1q_u8(iv);
    for (; n; n--, in += 16) {
        RIJN_MCA_BEGIN("ce-cbc-enc");
        c = ce_enc1(k, nr, veorq_u8(c, vld1q_u8(in)));
        if (!mac) {
            vst1q_u8(out, c);
            out += 16;
        }
        RIJN_MCA_END();
    }
    vst1q_u8(iv, c);
}

CE_TARGET static void ce_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(cbc_enc_body, k, iv, out, in, n, false);
}

CE_TARGET static void ce_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(cbc_enc_body, k, mac, NULL, in, n, true);
}

/* SP 800-38A §6.2: P_i = D(C_i) xor C_{i-1}. All inputs are read before
 * the four outputs are written, so out == in works. */
CE_INLINE void cbc_dec_body(const struct ce_ks *k, unsigned nr, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                            size_t n)
{
    uint8x16_t prev = vld1q_u8(iv);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        RIJN_MCA_BEGIN("ce-cbc-dec");
        uint8x16_t c[4], x[4];
        for (int i = 0; i < 4; i++) x[i] = c[i] = vld1q_u8(in + 16 * i);
        ce_dec4(k, nr, x);
        vst1q_u8(out, veorq_u8(x[0], prev));
        for (int i = 1; i < 4; i++) vst1q_u8(out + 16 * i, veorq_u8(x[i], c[i - 1]));
        prev = c[3];
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16, out += 16) {
        const uint8x16_t c = vld1q_u8(in);
        vst1q_u8(out, veorq_u8(ce_dec1(k, nr, c), prev));
        prev = c;
    }
    vst1q_u8(iv, prev);
}

CE_TARGET static void ce_cbc_decrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(cbc_dec_body, k, iv, out, in, n);
}

CE_INLINE void ctr_body(const struct ce_ks *k, unsigned nr, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                        size_t n, bool inc32)
{
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        RIJN_MCA_BEGIN("ce-ctr");
        uint8x16_t x[4];
        for (int i = 0; i < 4; i++) {
            x[i] = ce_be128(hi, lo);
            rijn_ctr_inc(&hi, &lo, inc32);
        }
        ce_enc4(k, nr, x);
        for (int i = 0; i < 4; i++) vst1q_u8(out + 16 * i, veorq_u8(x[i], vld1q_u8(in + 16 * i)));
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16, out += 16) {
        vst1q_u8(out, veorq_u8(ce_enc1(k, nr, ce_be128(hi, lo)), vld1q_u8(in)));
        rijn_ctr_inc(&hi, &lo, inc32);
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

CE_TARGET static void ce_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(ctr_body, k, ctr, out, in, n, inc32);
}

/* Multiply an XTS tweak by x (IEEE 1619 §5.2): the 128-bit tweak is
 * little-endian; a carry out of bit 127 folds back as x^7 + x^2 + x + 1
 * (0x87), selected with a mask rather than a branch. */
static inline void xts_mulx(uint64_t *lo, uint64_t *hi)
{
    const uint64_t carry = *hi >> 63;
    *hi = (*hi << 1) | (*lo >> 63);
    *lo = (*lo << 1) ^ (0x87 & (0 - carry));
}

CE_INLINE uint8x16_t xts_vec(uint64_t lo, uint64_t hi)
{
    return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
}

CE_INLINE void xts_body(const struct ce_ks *k, unsigned nr, uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                        size_t n, bool encrypt)
{
    uint64_t lo = rijn_load64_le(tweak), hi = rijn_load64_le(tweak + 8);
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        RIJN_MCA_BEGIN("ce-xts");
        uint8x16_t t[4], x[4];
        for (int i = 0; i < 4; i++) {
            t[i] = xts_vec(lo, hi);
            xts_mulx(&lo, &hi);
            x[i] = veorq_u8(vld1q_u8(in + 16 * i), t[i]);
        }
        if (encrypt)
            ce_enc4(k, nr, x);
        else
            ce_dec4(k, nr, x);
        for (int i = 0; i < 4; i++) vst1q_u8(out + 16 * i, veorq_u8(x[i], t[i]));
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16, out += 16) {
        const uint8x16_t t = xts_vec(lo, hi);
        const uint8x16_t x = veorq_u8(vld1q_u8(in), t);
        vst1q_u8(out, veorq_u8(encrypt ? ce_enc1(k, nr, x) : ce_dec1(k, nr, x), t));
        xts_mulx(&lo, &hi);
    }
    rijn_store64_le(tweak, lo);
    rijn_store64_le(tweak + 8, hi);
}

CE_TARGET static void ce_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                             bool encrypt)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(xts_body, k, tweak, out, in, n, encrypt);
}

/* CCM (SP 800-38C §6.1): C_i = P_i xor E(A_i), and the MAC chain
 * X_i = E(X_{i-1} xor P_i). Encryption knows P_i up front, so E(A_i) and
 * the MAC step run in lockstep. Decryption needs E(A_i) before P_i exists,
 * so the CTR block runs one ahead: the MAC step of block i pairs with the
 * keystream of block i + 1. */
CE_INLINE void ccm_body(const struct ce_ks *k, unsigned nr, uint8_t mac[16], uint8_t ctr[16], uint8_t *out,
                        const uint8_t *in, size_t n, bool encrypt)
{
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    uint8x16_t x = vld1q_u8(mac);
    if (encrypt) {
        for (; n; n--, in += 16, out += 16) {
            RIJN_MCA_BEGIN("ce-ccm-enc");
            const uint8x16_t p = vld1q_u8(in);
            uint8x16_t s = ce_be128(hi, lo);
            rijn_ctr_inc(&hi, &lo, false);
            x = veorq_u8(x, p);
            ce_enc2(k, nr, &x, &s);
            vst1q_u8(out, veorq_u8(p, s));
            RIJN_MCA_END();
        }
    } else if (n) {
        uint8x16_t s = ce_enc1(k, nr, ce_be128(hi, lo));
        rijn_ctr_inc(&hi, &lo, false);
        for (; n > 1; n--, in += 16, out += 16) {
            const uint8x16_t p = veorq_u8(vld1q_u8(in), s);
            vst1q_u8(out, p);
            s = ce_be128(hi, lo);
            rijn_ctr_inc(&hi, &lo, false);
            x = veorq_u8(x, p);
            ce_enc2(k, nr, &x, &s);
        }
        const uint8x16_t p = veorq_u8(vld1q_u8(in), s);
        vst1q_u8(out, p);
        x = ce_enc1(k, nr, veorq_u8(x, p));
    }
    vst1q_u8(mac, x);
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

CE_TARGET static void ce_ccm(const void *ks, uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                             size_t n, bool encrypt)
{
    const struct ce_ks *k = ks;
    CE_BY_NR(ccm_body, k, mac, ctr, out, in, n, encrypt);
}

static const struct rijn_cipher_ops ce_ops = {
    .setkey = rijn_ce_setkey,
    .encrypt = ce_encrypt,
    .decrypt = ce_decrypt,
    .cbc_encrypt = ce_cbc_encrypt,
    .cbc_mac = ce_cbc_mac,
    .ctr = ce_ctr,
    .cbc_decrypt = ce_cbc_decrypt,
    .xts = ce_xts,
    .ccm = ce_ccm,
};
#define CE_OPS &ce_ops
#else
#define CE_OPS NULL
#endif

const struct rijn_desc rijn_aes_ce_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-ce",
    .priority = 400,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_ARM_AES,
    .ct = true,
    .ops = CE_OPS,
};
