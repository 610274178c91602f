/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-vaes: GCM's bulk loop (SP 800-38D §7.1 steps 3-5) with VAES and
 * VPCLMULQDQ on 256-bit AVX2 registers, for Zen 3 and other cores with
 * VAES but no AVX-512 requirement.
 *
 * Sixteen counter blocks (eight YMM pairs) go through the AES rounds; the
 * eight round gaps 1..8 each carry one 256-bit Karatsuba step of GHASH on
 * two ciphertext blocks at once (three VPCLMULQDQ for two products), over
 * H^16..H^1 laid out in pairs (hp/hkp in ghash_pclmul_core.h). After round
 * 8 the two lanes of the three accumulators are added and the 256-bit sum
 * is reduced once, as in ghash_pclmul_core.h, so sixteen blocks cost one
 * reduction.
 *
 * As in gcm-aes-aesni, encryption hashes the previous pass's ciphertext,
 * and decryption hashes its input in the same pass. Fewer than sixteen
 * blocks left: pairs, then one block, hashed with the 128-bit aggregated
 * code. J0, AAD, partial blocks, the lengths block and the tag stay in
 * src/modes/gcm.c. Key formats: aes-vaes and ghash-pclmul.
 */
#include "aes/gcm_aesni_core.h"
#include "aes/vaes_core.h"
#include "modes/gcm.h"

#ifdef RIJN_X86

#define GCM_VAES_RK2(r) LOADY(vaes_ks_of(k)->ek2[r])   /* unaligned: see aes_vaes.c */

struct gcm_vaes_acc { __m256i lo, mid, hi; };

/* Pair j of the sixteen blocks at hs into the accumulators; pair 0 gets
 * the running hash y added to its first block. */
VAES_INLINE void gcm_vaes_ghash_step(struct gcm_vaes_acc *a, const struct pclmul_hkey *h, const uint8_t *hs, int j,
                                     __m128i y)
{
    __m256i x = bswap_y(LOADY(hs + 32 * j));
    __m256i hp = LOADY(&h->hp[2 * j]), hk = LOADY(&h->hkp[2 * j]);
    if (j == 0) x = _mm256_xor_si256(x, _mm256_inserti128_si256(_mm256_setzero_si256(), y, 0));
    __m256i xk = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
    if (j == 0) {
        a->lo = _mm256_clmulepi64_epi128(x, hp, 0x00);
        a->hi = _mm256_clmulepi64_epi128(x, hp, 0x11);
        a->mid = _mm256_clmulepi64_epi128(xk, hk, 0x00);
        return;
    }
    a->lo = _mm256_xor_si256(a->lo, _mm256_clmulepi64_epi128(x, hp, 0x00));
    a->hi = _mm256_xor_si256(a->hi, _mm256_clmulepi64_epi128(x, hp, 0x11));
    a->mid = _mm256_xor_si256(a->mid, _mm256_clmulepi64_epi128(xk, hk, 0x00));
}

VAES_INLINE __m128i gcm_vaes_ghash_finish(const struct gcm_vaes_acc *a)
{
    struct gf_acc s;
    s.lo = _mm_xor_si128(_mm256_castsi256_si128(a->lo), _mm256_extracti128_si256(a->lo, 1));
    s.mid = _mm_xor_si128(_mm256_castsi256_si128(a->mid), _mm256_extracti128_si256(a->mid, 1));
    s.hi = _mm_xor_si128(_mm256_castsi256_si128(a->hi), _mm256_extracti128_si256(a->hi, 1));
    return gf_reduce(&s);
}

/* Sixteen counter blocks from *c2 encrypted into b[]; sixteen blocks at hs
 * hashed into *y on the way (hs == NULL: none). */
VAES_INLINE void gcm_vaes_pass16(const struct aesni_ks *k, const struct pclmul_hkey *h, __m256i b[8], __m256i *c2,
                                 const uint8_t *hs, __m128i *y)
{
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);   /* inc32: lane words wrap mod 2^32 */
    struct gcm_vaes_acc a;
    for (int j = 0; j < 8; j++) {
        b[j] = _mm256_xor_si256(bswap_y(*c2), GCM_VAES_RK2(0));
        *c2 = _mm256_add_epi32(*c2, two);
    }
    for (int r = 1; r <= 8; r++) {
        __m256i rk = GCM_VAES_RK2(r);
        for (int j = 0; j < 8; j++) b[j] = _mm256_aesenc_epi128(b[j], rk);
        if (hs) gcm_vaes_ghash_step(&a, h, hs, r - 1, *y);
    }
    for (int r = 9; r < k->nr; r++) {
        __m256i rk = GCM_VAES_RK2(r);
        for (int j = 0; j < 8; j++) b[j] = _mm256_aesenc_epi128(b[j], rk);
        if (r == 9 && hs) *y = gcm_vaes_ghash_finish(&a);
    }
    for (int j = 0; j < 8; j++) b[j] = _mm256_aesenclast_epi128(b[j], GCM_VAES_RK2(k->nr));
}

VAES_INLINE void gcm_vaes_xor_store16(uint8_t *out, const uint8_t *in, const __m256i b[8])
{
    for (int j = 0; j < 8; j++) STOREY(out + 32 * j, _mm256_xor_si256(b[j], LOADY(in + 32 * j)));
}

static VAES_TARGET void gcm_vaes_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16],
                                       uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    __m128i yv = aesni_bswap(LOADX(y));
    __m128i c = aesni_bswap(LOADX(ctr));
    __m256i c2 = _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    __m256i b[8];
    if (!encrypt) {
        for (; n >= 16; n -= 16, in += 256, out += 256) {
            gcm_vaes_pass16(k, h, b, &c2, in, &yv);
            gcm_vaes_xor_store16(out, in, b);
        }
    } else if (n >= 16) {
        gcm_vaes_pass16(k, h, b, &c2, NULL, &yv);
        gcm_vaes_xor_store16(out, in, b);
        for (n -= 16, in += 256, out += 256; n >= 16; n -= 16, in += 256, out += 256) {
            gcm_vaes_pass16(k, h, b, &c2, out - 256, &yv);
            gcm_vaes_xor_store16(out, in, b);
        }
        yv = gf_blocks(h, yv, out - 256, 16);
    }
    /* Fewer than sixteen blocks; decryption hashes in before writing out,
     * since in == out is allowed. */
    if (n && !encrypt) yv = gf_blocks(h, yv, in, n);
    size_t j = 0;
    for (; j + 2 <= n; j += 2) {
        __m256i s = _mm256_xor_si256(bswap_y(c2), GCM_VAES_RK2(0));
        c2 = _mm256_add_epi32(c2, two);
        for (int r = 1; r < k->nr; r++) s = _mm256_aesenc_epi128(s, GCM_VAES_RK2(r));
        s = _mm256_aesenclast_epi128(s, GCM_VAES_RK2(k->nr));
        STOREY(out + 16 * j, _mm256_xor_si256(s, LOADY(in + 16 * j)));
    }
    if (j < n) {
        __m128i s = aesni_enc1(k, aesni_bswap(_mm256_castsi256_si128(c2)));
        c2 = _mm256_add_epi32(c2, _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 1));
        STOREX(out + 16 * j, _mm_xor_si128(s, LOADX(in + 16 * j)));
    }
    if (n && encrypt) yv = gf_blocks(h, yv, out, n);
    STOREX(y, aesni_bswap(yv));
    STOREX(ctr, aesni_bswap(_mm256_castsi256_si128(c2)));
}

static VAES_TARGET void gcm_vaes_aead(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad,
                                      size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16],
                                      bool encrypt)
{
    gcm_aesni_aead_body(gcm_vaes_crypt, ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);
}

static const struct rijn_gcm_ops gcm_vaes_ops = {
    .crypt = gcm_vaes_crypt,
    .aead = gcm_vaes_aead,
};
#define GCM_VAES_OPS &gcm_vaes_ops
#else
#define GCM_VAES_OPS NULL
#endif

const struct rijn_desc rijn_gcm_vaes_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-vaes",
    .priority = 650,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_VAES_REQ | RIJN_CPU_VPCLMUL_REQ,
    .ct = true,
    .ops = GCM_VAES_OPS,
    .part = { &rijn_aes_vaes_desc, &rijn_ghash_pclmul_desc },
};
