/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-vaes-avx512: GCM's bulk loop (SP 800-38D §7.1 steps 3-5) with
 * VAES and VPCLMULQDQ on 512-bit registers (vaes512_core.h says why, and
 * how the same code is checked without AVX-512).
 *
 * A pass runs 32 counter blocks (eight ZMM registers) through the rounds.
 * The round gaps 1..8 each carry one register of GHASH, four blocks, over
 * the powers of H laid out for wide loads (hp, hkp in ghash_pclmul_core.h:
 * one 64-byte load gives the keys of four consecutive blocks). The 32
 * hashed blocks are two aggregated groups of sixteen, H^16..H^1 each, with
 * one reduction per group: the key holds sixteen powers, and the second
 * group's first product waits for the first group's reduction, which the
 * AES rounds around it hide.
 *
 * As in gcm-aes-vaes, encryption hashes the previous pass's ciphertext and
 * decryption hashes its own input, before anything is written (in == out
 * is allowed). Fewer than 32 blocks left: the CTR tail of 1, 2, 4 or 8
 * registers with masked loads and stores, and GHASH sixteen blocks per
 * reduction, the last group of any size in one reduction (gz_hash). J0,
 * AAD, the partial block, lengths and tag: the envelope (modes/gcm.h),
 * through gcm_aesni_aead_body (one-shot) or src/modes/gcm.c. Key formats:
 * aes-vaes-avx512's (aes-aesni's) and ghash-pclmul's.
 *
 * Names: this file's own start with gcm_vaes512_; vz_ (the vector layer)
 * and gz_ (GHASH on it) are vaes512_core.h's, gcm_aesni_ gcm_aesni_core.h's.
 */
#include "aes/gcm_aesni_core.h"
#include "aes/vaes512_core.h"
#include "gf128/ghash_vz_core.h"
#include "modes/gcm.h"

#ifdef RIJN_X86

/* Thirty-two counter blocks from *c encrypted into b[]; if hs, the 32
 * blocks at hs hashed into *y on the way. */
VZ_INLINE void gcm_vaes512_pass32(const struct aesni_ks *k, const struct pclmul_hkey *h, vz b[8], vz *c,
                                  const uint8_t *hs, __m128i *y)
{
    const vz four = vz_lanes32(4, 4, 4, 4), k0 = vz_bcast(k->ek[0]);
    struct gz_acc a = { vz_zero(), vz_zero(), vz_zero() };   /* set by the first product */
    for (int j = 0; j < 8; j++) {
        b[j] = vz_xor(vz_bswap(*c), k0);
        *c = vz_add32(*c, four);
    }
    for (int r = 1; r <= 8; r++) {
        const vz kr = vz_bcast(k->ek[r]);
        for (int j = 0; j < 8; j++) b[j] = vz_aesenc(b[j], kr);
        if (hs) {
            const int g = r - 1, i = g % 4;   /* register g: group g / 4, position i */
            vz x = vz_bswap(vz_load(hs + 64 * g));
            if (i == 0) x = vz_xor(x, vz_from128(*y));
            gz_mul(&a, x, vz_load(&h->hp[4 * i]), vz_load(&h->hkp[4 * i]), i == 0);
            if (i == 3) *y = gz_reduce(&a);
        }
    }
    for (int r = 9; r < k->nr; r++) {
        const vz kr = vz_bcast(k->ek[r]);
        for (int j = 0; j < 8; j++) b[j] = vz_aesenc(b[j], kr);
    }
    const vz kl = vz_bcast(k->ek[k->nr]);
    for (int j = 0; j < 8; j++) b[j] = vz_aesenclast(b[j], kl);
}

VZ_INLINE void gcm_vaes512_xor_store32(uint8_t *out, const uint8_t *in, const vz b[8])
{
    for (int j = 0; j < 8; j++) vz_store(out + 64 * j, vz_xor(b[j], vz_load(in + 64 * j)));
}

static VZ_TARGET void gcm_vaes512_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                                        const uint8_t *in, size_t n, bool encrypt)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    const uint32_t c32 = rijn_load32_be(ctr + 12);
    const size_t total = n;
    __m128i yv = aesni_bswap(LOADX(y));
    /* inc32 (SP 800-38D §6.2): lane words wrap mod 2^32, which is inc32. */
    vz c = vz_add32(vz_bcast(aesni_bswap(LOADX(ctr))), vz_lanes32(0, 1, 2, 3));
    vz b[8];
    if (!encrypt) {
        for (; n >= 32; n -= 32, in += 512, out += 512) {
            gcm_vaes512_pass32(k, h, b, &c, in, &yv);
            gcm_vaes512_xor_store32(out, in, b);
        }
    } else if (n >= 32) {
        gcm_vaes512_pass32(k, h, b, &c, NULL, &yv);
        gcm_vaes512_xor_store32(out, in, b);
        for (n -= 32, in += 512, out += 512; n >= 32; n -= 32, in += 512, out += 512) {
            gcm_vaes512_pass32(k, h, b, &c, out - 512, &yv);
            gcm_vaes512_xor_store32(out, in, b);
        }
        yv = gz_hash(h, yv, out - 512, 32);
    }
    if (n) {
        if (!encrypt) yv = gz_hash(h, yv, in, n);
        VZ_BY_TAIL(n, VZ_CTR_TAIL, k, out, in, n, c);
        if (encrypt) yv = gz_hash(h, yv, out, n);
    }
    STOREX(y, aesni_bswap(yv));
    rijn_store32_be(ctr + 12, c32 + (uint32_t)total);
}

/*
 * A short message in one register and one reduction: up to 48 bytes of
 * data and 192 of AAD (TLS records carry 13), all in registers. One
 * register holds the counter blocks J0..J0+3, so a single pass through the
 * rounds gives E(J0) for the tag in lane 0 and the keystream in lanes
 * 1..3. The GHASH input (SP 800-38D §7.1 step 5: the AAD and the
 * ciphertext, each zero-padded, then the lengths block) is t <= 16 blocks,
 * block i weighted by H^(t-i): the AAD registers take their powers from
 * hp[16 - t], the ciphertext with the lengths block in the lane after it
 * from hp[15 - nc], and one reduction sums them all. The general path
 * would run two AES chains and three reductions one after the other, and
 * pass the blocks through memory.
 */
#define GCM_VAES512_SHORT_DATA 48
#define GCM_VAES512_SHORT_AAD 192

VZ_INLINE void gcm_vaes512_short(const struct aesni_ks *k, const struct pclmul_hkey *h, const uint8_t iv[12],
                                 const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                                 uint8_t tag[16], bool encrypt)
{
    const size_t na = (aad_len + 15) / 16, nc = (len + 15) / 16, t = na + nc + 1;
    const uint8_t *hp = (const uint8_t *)h->hp, *hkp = (const uint8_t *)h->hkp;
    uint8_t j0[16], lb[16];
    rijn_gcm_j0_96(j0, iv);
    rijn_gcm_lengths(lb, aad_len, len);   /* early: its stores retire before the rounds end */
    vz b = vz_bswap(vz_add32(vz_bcast(aesni_bswap(LOADX(j0))), vz_lanes32(0, 1, 2, 3)));
    /* The AAD's products run beside the rounds. */
    struct gz_acc a = { vz_zero(), vz_zero(), vz_zero() };
    for (size_t r = 0; 4 * r < na; r++) {
        const size_t nb = aad_len - 64 * r < 64 ? aad_len - 64 * r : 64, hb = vz_tail_bytes(na, (int)r);
        const size_t off = 16 * (GF_POWERS - t + 4 * r);
        gz_mul(&a, vz_bswap(vz_load_n(aad + 64 * r, nb)), vz_load_n(hp + off, hb), vz_load_n(hkp + off, hb), r == 0);
    }
    vz_encrypt(k, &b, 1);
    const vz din = vz_load_n(in, len);
    const vz c = vz_keep_n(vz_xor(vz_shift_out(b), din), len);   /* lanes 0..nc-1 */
    vz_store_n(out, c, len);
    const __m128i lens = aesni_bswap(LOADX(lb));
    const vz x = vz_put_lane(vz_bswap(encrypt ? c : din), lens, (unsigned)nc);
    const size_t off = 16 * (GF_POWERS - 1 - nc), hb = 16 * (nc + 1);
    gz_mul(&a, x, vz_load_n(hp + off, hb), vz_load_n(hkp + off, hb), na == 0);
    /* The tag, E(J0) xor S (§7.1 step 6), in registers: E(J0) is lane 0 of
     * the one AES pass and S leaves the reduction in a register, at the
     * end of the critical path, where rijn_gcm_tag's bytes would add a
     * store and a reload of each. J0 and the lengths block above are the
     * envelope's (modes/gcm.h), formatted off that path. */
    STOREX(tag, _mm_xor_si128(aesni_bswap(gz_reduce(&a)), vz_lane(b, 0)));
}

static VZ_TARGET void gcm_vaes512_aead(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad,
                                       size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16],
                                       bool encrypt)
{
    if (len <= GCM_VAES512_SHORT_DATA && aad_len <= GCM_VAES512_SHORT_AAD)
        gcm_vaes512_short(ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);
    else
        gcm_aesni_aead_body(gcm_vaes512_crypt, ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);
}

static const struct rijn_gcm_ops gcm_vaes512_ops = {
    .crypt = gcm_vaes512_crypt,
    .aead = gcm_vaes512_aead,
};
#define GCM_VAES512_OPS &gcm_vaes512_ops
#else
#define GCM_VAES512_OPS NULL
#endif

/* Above gcm-aes-vaes (650) and above its own template instance. */
const struct rijn_desc rijn_gcm_vaes512_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-vaes-avx512",
    .priority = 750,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_AVX512_REQ | RIJN_CPU_VAES_REQ | RIJN_CPU_VPCLMUL_REQ,
    .ct = true,
    .ops = GCM_VAES512_OPS,
    .part = { &rijn_aes_vaes512_desc, &rijn_ghash_pclmul_desc },
};
