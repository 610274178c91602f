/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-ce: GCM (SP 800-38D) with the ARMv8 Crypto Extensions (AArch64
 * and AArch32), CTR on
 * AESE/AESMC (ce_core.h) stitched with GHASH on PMULL
 * (ghash_pmull_core.h), four blocks per step.
 *
 * Why stitch: AESE/AESMC and PMULL go to different pipes on the cores that
 * matter (Cortex-A57/A72, Neoverse N1), and each chain alone is latency
 * bound. One loop body holds the four AES chains of this step and the
 * four GHASH products of the previous step's ciphertext (encryption) or of
 * this step's input (decryption, which reads the ciphertext first), so an
 * out-of-order core runs both at once. GHASH's four products are summed
 * unreduced and reduced once (aggregated reduction over H^1..H^4).
 *
 * The one-shot path (aead) keeps a whole short message in the driver: the
 * envelope (modes/gcm.h: J0, AAD, the partial last block, the lengths
 * block, E(J0) and the tag) around this file's primitives, with no trip
 * through the mode layer.
 *
 * Keys are aes-ce's and ghash-pmull's, set up by them.
 */
#include "aes/ce_core.h"
#include "gf128/ghash_pmull_core.h"
#include "modes/gcm.h"

#if defined(RIJN_HAVE_CE) && defined(RIJN_HAVE_PMULL)

/* Counter block with the low 32 bits set to c (GCM's inc32). */
CE_INLINE uint8x16_t gcm_ce_ctr32(uint8x16_t base, uint32_t c)
{
    return vreinterpretq_u8_u32(vsetq_lane_u32(__builtin_bswap32(c), vreinterpretq_u32_u8(base), 3));
}

/* n whole blocks: out = in xor E(ctr + i), and GHASH of the ciphertext
 * into *y (bit-reversed). *c is the low counter word, advanced by n. */
CE_INLINE void gcm_ce_bulk(const struct ce_ks *k, unsigned nr, const struct pmull_hkey *hk, uint8x16_t base,
                           uint32_t *c, uint64x2_t *y, uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    uint64x2_t acc = *y;
    uint32_t cnt = *c;
    if (encrypt && n >= 4) {
        /* Software pipeline: hash step i - 1 while encrypting step i. */
        uint64x2_t pend[4];
        uint8x16_t x[4];
        for (int i = 0; i < 4; i++) x[i] = gcm_ce_ctr32(base, cnt + (uint32_t)i);
        cnt += 4;
        ce_enc4(k, nr, x);
        for (int i = 0; i < 4; i++) {
            const uint8x16_t ct = veorq_u8(x[i], vld1q_u8(in + 16 * i));
            vst1q_u8(out + 16 * i, ct);
            pend[i] = vreinterpretq_u64_u8(ce_rbit8(ct));
        }
        in += 64, out += 64, n -= 4;
        for (; n >= 4; n -= 4, in += 64, out += 64) {
            RIJN_MCA_BEGIN("gcm-ce-enc");
            for (int i = 0; i < 4; i++) x[i] = gcm_ce_ctr32(base, cnt + (uint32_t)i);
            cnt += 4;
            ce_enc4(k, nr, x);
            acc = pm_hash4(hk, acc, pend);
            for (int i = 0; i < 4; i++) {
                const uint8x16_t ct = veorq_u8(x[i], vld1q_u8(in + 16 * i));
                vst1q_u8(out + 16 * i, ct);
                pend[i] = vreinterpretq_u64_u8(ce_rbit8(ct));
            }
            RIJN_MCA_END();
        }
        acc = pm_hash4(hk, acc, pend);
    }
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        /* Decryption: hash this step's ciphertext, read before any write. */
        RIJN_MCA_BEGIN("gcm-ce-dec");
        uint64x2_t h[4];
        uint8x16_t x[4], ct[4];
        for (int i = 0; i < 4; i++) {
            ct[i] = vld1q_u8(in + 16 * i);
            h[i] = vreinterpretq_u64_u8(ce_rbit8(ct[i]));
            x[i] = gcm_ce_ctr32(base, cnt + (uint32_t)i);
        }
        cnt += 4;
        ce_enc4(k, nr, x);
        acc = pm_hash4(hk, acc, h);
        for (int i = 0; i < 4; i++) vst1q_u8(out + 16 * i, veorq_u8(x[i], ct[i]));
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16, out += 16) {
        const uint8x16_t p = vld1q_u8(in);
        const uint8x16_t ct = veorq_u8(p, ce_enc1(k, nr, gcm_ce_ctr32(base, cnt++)));
        const uint8x16_t cblk = encrypt ? ct : p;   /* the ciphertext, whichever way */
        vst1q_u8(out, ct);
        acc = pm_mul1(veorq_u64(acc, vreinterpretq_u64_u8(ce_rbit8(cblk))), hk, 0);
    }
    *y = acc;
    *c = cnt;
}

CE_TARGET static void gcm_ce_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                                   const uint8_t *in, size_t n, bool encrypt)
{
    const struct ce_ks *k = ks;
    uint64x2_t acc = pm_load(y);
    uint32_t c = rijn_load32_be(ctr + 12);
    CE_BY_NR(gcm_ce_bulk, k, hkey, vld1q_u8(ctr), &c, &acc, out, in, n, encrypt);
    rijn_store32_be(ctr + 12, c);
    pm_store(y, acc);
}

/* The one-shot envelope's primitives (modes/gcm.h): GHASH on PMULL, four
 * blocks per reduction (the AAD), and E(J0) beside the keystream block of
 * the partial tail (ce_enc2: two chains in lockstep). */
CE_INLINE void gcm_ce_hash(const void *hkey, uint8_t y[16], const uint8_t *p, size_t n)
{
    const struct pmull_hkey *hk = hkey;
    uint64x2_t acc = pm_load(y);
    for (; n >= 4; n -= 4, p += 64) {
        uint64x2_t x[4];
        for (int i = 0; i < 4; i++) x[i] = pm_load(p + 16 * i);
        acc = pm_hash4(hk, acc, x);
    }
    for (; n; n--, p += 16) acc = pm_mul1(veorq_u64(acc, pm_load(p)), hk, 0);
    pm_store(y, acc);
}

CE_INLINE void gcm_ce_enc2(const void *ks, uint8_t ej0[16], uint8_t kb[16], const uint8_t j0[16],
                           const uint8_t ctr[16])
{
    const struct ce_ks *k = ks;
    uint8x16_t a = vld1q_u8(j0), b = vld1q_u8(ctr);
    CE_BY_NR(ce_enc2, k, &a, &b);
    vst1q_u8(ej0, a);
    vst1q_u8(kb, b);
}

CE_TARGET static void gcm_ce_aead(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad,
                                  size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16],
                                  bool encrypt)
{
    rijn_gcm_aead_envelope(gcm_ce_hash, NULL, gcm_ce_crypt, NULL, gcm_ce_enc2, ks, hkey, iv, aad, aad_len, out, in, len, tag,
                           encrypt);
}

static const struct rijn_gcm_ops gcm_ce_ops = {
    .crypt = gcm_ce_crypt,
    .aead = gcm_ce_aead,
};
#define GCM_CE_OPS &gcm_ce_ops
#else
#define GCM_CE_OPS NULL
#endif

/* Above the gcm_base(ctr(aes-ce),ghash-pmull) template (400). */
const struct rijn_desc rijn_gcm_ce_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-ce",
    .priority = 450,
    .cpu = RIJN_ARM_ISA | RIJN_CPU_ARM_AES | RIJN_CPU_ARM_PMULL,
    .ct = true,
    .ops = GCM_CE_OPS,
    .part = { &rijn_aes_ce_desc, &rijn_ghash_pmull_desc },
};
