/*
 * The stitched AES-NI + PCLMULQDQ GCM loop (SP 800-38D §7.1 steps 3-5:
 * GCTR with inc32 counters, GHASH of the ciphertext), shared by
 * gcm-aes-aesni (legacy SSE encoding) and gcm-aes-aesni-avx (the same body
 * compiled for AVX: VEX three-operand forms drop the register copies that
 * the two-operand SSE forms need).
 *
 * Eight counter blocks go through the AES rounds while eight ciphertext
 * blocks are multiplied by H^8..H^1 between the rounds, and reduced once.
 * AESENC and PCLMULQDQ use different execution ports on Intel cores since
 * Haswell and on AMD Zen, so the GHASH work fills slots the AES rounds
 * leave idle.
 *
 * Encryption hashes the ciphertext it wrote in the previous pass (the
 * current pass's ciphertext only exists after its last round); decryption
 * hashes its own input blocks in the same pass. J0, the AAD, partial
 * blocks, the lengths block and the tag stay in src/modes/gcm.c.
 *
 * Key formats: aes-aesni's schedule and ghash-pclmul's table
 * (ghash_pclmul_core.h), set up by those drivers.
 */
#ifndef RIJN_GCM_AESNI_CORE_H
#define RIJN_GCM_AESNI_CORE_H

#include "aes/aesni_core.h"
#include "gf128/ghash_pclmul_core.h"
#include "modes/gcm.h"

#ifdef RIJN_X86

/* One pass: counter blocks b[] encrypted in place, 8 blocks at hs hashed
 * into *y (hs == NULL: no hashing). */
AESNI_INLINE void pass8(const struct aesni_ks *k, const struct pclmul_hkey *h, __m128i b[8], const uint8_t *hs,
                        __m128i *y)
{
    struct gf_acc a;
    for (int j = 0; j < 8; j++) b[j] = _mm_xor_si128(b[j], k->ek[0]);
    for (int r = 1; r <= 8; r++) {
        __m128i rk = k->ek[r];
        for (int j = 0; j < 8; j++) b[j] = _mm_aesenc_si128(b[j], rk);
        if (!hs) continue;
        __m128i x = aesni_bswap(_mm_loadu_si128((const __m128i *)(hs + 16 * (r - 1))));
        if (r == 1)
            gf_acc_first(&a, _mm_xor_si128(x, *y), h->h[7], h->hk[7]);
        else
            gf_acc_add(&a, x, h->h[8 - r], h->hk[8 - r]);
    }
    for (int r = 9; r < k->nr; r++) {
        __m128i rk = k->ek[r];
        for (int j = 0; j < 8; j++) b[j] = _mm_aesenc_si128(b[j], rk);
        if (r == 9 && hs) *y = gf_reduce(&a);
    }
    for (int j = 0; j < 8; j++) b[j] = _mm_aesenclast_si128(b[j], k->ek[k->nr]);
}

AESNI_INLINE void counters8(__m128i b[8], __m128i *c)
{
    const __m128i one = _mm_set_epi32(0, 0, 0, 1);   /* inc32: lane 0 wraps mod 2^32 */
    for (int j = 0; j < 8; j++) {
        b[j] = aesni_bswap(*c);
        *c = _mm_add_epi32(*c, one);
    }
}

AESNI_INLINE void xor_store8(uint8_t *out, const uint8_t *in, const __m128i b[8])
{
    for (int j = 0; j < 8; j++)
        _mm_storeu_si128((__m128i *)(out + 16 * j),
                         _mm_xor_si128(b[j], _mm_loadu_si128((const __m128i *)(in + 16 * j))));
}

AESNI_INLINE void gcm_body(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                           const uint8_t *in, size_t n, bool encrypt)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    __m128i yv = aesni_bswap(_mm_loadu_si128((const __m128i *)y));
    __m128i c = aesni_bswap(_mm_loadu_si128((const __m128i *)ctr));
    __m128i b[8];
    if (!encrypt) {
        for (; n >= 8; n -= 8, in += 128, out += 128) {
            counters8(b, &c);
            pass8(k, h, b, in, &yv);
            xor_store8(out, in, b);
        }
    } else if (n >= 8) {
        counters8(b, &c);
        pass8(k, h, b, NULL, &yv);
        xor_store8(out, in, b);
        for (n -= 8, in += 128, out += 128; n >= 8; n -= 8, in += 128, out += 128) {
            counters8(b, &c);
            pass8(k, h, b, out - 128, &yv);
            xor_store8(out, in, b);
        }
        yv = gf_blocks(h, yv, out - 128, 8);
    }
    /* Fewer than eight blocks left; decryption hashes in before writing
     * out, since in == out is allowed. */
    if (n && !encrypt) yv = gf_blocks(h, yv, in, n);
    for (size_t j = 0; j < n; j++) {
        __m128i x = _mm_loadu_si128((const __m128i *)(in + 16 * j));
        __m128i s = aesni_enc1(k, aesni_bswap(c));
        c = _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 1));
        _mm_storeu_si128((__m128i *)(out + 16 * j), _mm_xor_si128(x, s));
    }
    if (n && encrypt) yv = gf_blocks(h, yv, out, n);
    _mm_storeu_si128((__m128i *)y, aesni_bswap(yv));
    _mm_storeu_si128((__m128i *)ctr, aesni_bswap(c));
}


/*
 * A whole message with a 96-bit IV (SP 800-38D §7.1, 7.2): J0 = IV || 1,
 * GHASH of the zero-padded AAD, the bulk through the driver's crypt
 * (passed in: gcm-aes-aesni's or gcm-aes-vaes's), then the partial last
 * block and E(J0) encrypted side by side (two independent AES chains cost
 * about one latency), the lengths block, and the tag. For decryption the
 * partial block is hashed as ciphertext before it is decrypted.
 */
typedef void gcm_crypt_fn(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                          const uint8_t *in, size_t n, bool encrypt);

AESNI_INLINE void gcm_aead_body(gcm_crypt_fn *crypt, const void *ks, const void *hkey, const uint8_t iv[12],
                                const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                                uint8_t tag[16], bool encrypt)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    uint8_t ctr[16], yb[16], buf[16];
    size_t full = len / 16, r = len % 16;
    __m128i y = _mm_setzero_si128();
    memcpy(ctr, iv, 12);
    rijn_store32_be(ctr + 12, 1);
    __m128i j0 = _mm_loadu_si128((const __m128i *)ctr);
    rijn_store32_be(ctr + 12, 2);
    if (aad_len >= 16) y = gf_blocks(h, y, aad, aad_len / 16);
    if (aad_len % 16) {
        memset(buf, 0, 16);
        memcpy(buf, aad + aad_len - aad_len % 16, aad_len % 16);
        y = gf_blocks(h, y, buf, 1);
    }
    if (full) {
        _mm_storeu_si128((__m128i *)yb, aesni_bswap(y));
        crypt(ks, hkey, ctr, yb, out, in, full, encrypt);
        y = aesni_bswap(_mm_loadu_si128((const __m128i *)yb));
    }
    /* E(J0) beside the keystream block of the partial tail. */
    __m128i a = _mm_xor_si128(j0, k->ek[0]);
    __m128i b = _mm_xor_si128(_mm_loadu_si128((const __m128i *)ctr), k->ek[0]);
    for (int i = 1; i < k->nr; i++) {
        a = _mm_aesenc_si128(a, k->ek[i]);
        b = _mm_aesenc_si128(b, k->ek[i]);
    }
    a = _mm_aesenclast_si128(a, k->ek[k->nr]);
    if (r) {
        b = _mm_aesenclast_si128(b, k->ek[k->nr]);
        memset(buf, 0, 16);
        memcpy(buf, in + 16 * full, r);
        __m128i x = _mm_loadu_si128((const __m128i *)buf);
        _mm_storeu_si128((__m128i *)buf, _mm_xor_si128(x, b));
        memcpy(out + 16 * full, buf, r);
        if (encrypt) memset(buf + r, 0, 16 - r);   /* hash the ciphertext, zero-padded */
        else _mm_storeu_si128((__m128i *)buf, x);
        y = gf_blocks(h, y, buf, 1);
    }
    rijn_store64_be(buf, (uint64_t)aad_len * 8);
    rijn_store64_be(buf + 8, (uint64_t)len * 8);
    y = gf_blocks(h, y, buf, 1);
    _mm_storeu_si128((__m128i *)tag, _mm_xor_si128(aesni_bswap(y), a));
    rijn_wipe(buf, sizeof buf);
    rijn_wipe(yb, sizeof yb);
}

/* The driver functions and ops of a gcm-aes-aesni variant: crypt and aead
 * around the bodies above, compiled for the instruction set `isa`. */
#define GCM_AESNI_OPS(ops, prefix, isa)                                                                          \
    static __attribute__((target(isa))) void prefix##_crypt(const void *ks, const void *hkey, uint8_t ctr[16],     \
                                                            uint8_t y[16], uint8_t *out, const uint8_t *in,        \
                                                            size_t n, bool encrypt)                                \
    {                                                                                                              \
        gcm_body(ks, hkey, ctr, y, out, in, n, encrypt);                                                           \
    }                                                                                                              \
    static __attribute__((target(isa))) void prefix##_aead(const void *ks, const void *hkey, const uint8_t iv[12], \
                                                           const uint8_t *aad, size_t aad_len, uint8_t *out,       \
                                                           const uint8_t *in, size_t len, uint8_t tag[16],         \
                                                           bool encrypt)                                           \
    {                                                                                                              \
        gcm_aead_body(prefix##_crypt, ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);                     \
    }                                                                                                              \
    static const struct rijn_gcm_ops ops = { .crypt = prefix##_crypt, .aead = prefix##_aead };
/* The descriptor's ops: the table above, or NULL where it is not built. */
#define GCM_AESNI_OPS_PTR(ops) (&(ops))

#else
/* Not x86-64: no functions, so the registry leaves the driver out. */
#define GCM_AESNI_OPS(ops, prefix, isa)
#define GCM_AESNI_OPS_PTR(ops) NULL
#endif /* RIJN_X86 */
#endif
