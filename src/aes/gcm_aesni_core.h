/* SPDX-License-Identifier: MIT */
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
 * blocks, the lengths block and the tag are the envelope's (modes/gcm.h):
 * the streaming path's in src/modes/gcm.c, the one-shot path's through
 * gcm_aesni_aead_body below.
 *
 * Key formats: aes-aesni's schedule and ghash-pclmul's table
 * (ghash_pclmul_core.h), set up by those drivers.
 *
 * Names: gcm_aesni_ for this header's own; GCM_AESNI_OPS gives each
 * including driver's functions that driver's prefix.
 */
#ifndef RIJN_GCM_AESNI_CORE_H
#define RIJN_GCM_AESNI_CORE_H

#include "aes/aesni_core.h"
#include "gf128/ghash_pclmul_core.h"
#include "modes/gcm.h"

#ifdef RIJN_X86

/* One pass: counter blocks b[] encrypted in place, 8 blocks at hs hashed
 * into *y (hs == NULL: no hashing). */
AESNI_INLINE void gcm_aesni_pass8(const struct aesni_ks *k, const struct pclmul_hkey *h, __m128i b[8],
                                  const uint8_t *hs, __m128i *y)
{
    struct gf_acc a;
    for (int j = 0; j < 8; j++) b[j] = _mm_xor_si128(b[j], k->ek[0]);
    for (int r = 1; r <= 8; r++) {
        __m128i rk = k->ek[r];
        for (int j = 0; j < 8; j++) b[j] = _mm_aesenc_si128(b[j], rk);
        if (!hs) continue;
        __m128i x = aesni_bswap(_mm_loadu_si128((const __m128i *)(hs + 16 * (r - 1))));
        if (r == 1)
            gf_acc_first(&a, _mm_xor_si128(x, *y), GF_H(h, 7), GF_HK(h, 7));
        else
            gf_acc_add(&a, x, GF_H(h, 8 - r), GF_HK(h, 8 - r));
    }
    for (int r = 9; r < k->nr; r++) {
        __m128i rk = k->ek[r];
        for (int j = 0; j < 8; j++) b[j] = _mm_aesenc_si128(b[j], rk);
        if (r == 9 && hs) *y = gf_reduce(&a);
    }
    for (int j = 0; j < 8; j++) b[j] = _mm_aesenclast_si128(b[j], k->ek[k->nr]);
}

AESNI_INLINE void gcm_aesni_counters8(__m128i b[8], __m128i *c)
{
    const __m128i one = _mm_set_epi32(0, 0, 0, 1);   /* inc32: lane 0 wraps mod 2^32 */
    for (int j = 0; j < 8; j++) {
        b[j] = aesni_bswap(*c);
        *c = _mm_add_epi32(*c, one);
    }
}

AESNI_INLINE void gcm_aesni_xor_store8(uint8_t *out, const uint8_t *in, const __m128i b[8])
{
    for (int j = 0; j < 8; j++)
        _mm_storeu_si128((__m128i *)(out + 16 * j),
                         _mm_xor_si128(b[j], _mm_loadu_si128((const __m128i *)(in + 16 * j))));
}

AESNI_INLINE void gcm_aesni_body(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                                 const uint8_t *in, size_t n, bool encrypt)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    __m128i yv = aesni_bswap(_mm_loadu_si128((const __m128i *)y));
    __m128i c = aesni_bswap(_mm_loadu_si128((const __m128i *)ctr));
    __m128i b[8];
    if (!encrypt) {
        for (; n >= 8; n -= 8, in += 128, out += 128) {
            gcm_aesni_counters8(b, &c);
            gcm_aesni_pass8(k, h, b, in, &yv);
            gcm_aesni_xor_store8(out, in, b);
        }
    } else if (n >= 8) {
        gcm_aesni_counters8(b, &c);
        gcm_aesni_pass8(k, h, b, NULL, &yv);
        gcm_aesni_xor_store8(out, in, b);
        for (n -= 8, in += 128, out += 128; n >= 8; n -= 8, in += 128, out += 128) {
            gcm_aesni_counters8(b, &c);
            gcm_aesni_pass8(k, h, b, out - 128, &yv);
            gcm_aesni_xor_store8(out, in, b);
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
 * The one-shot envelope's primitives (modes/gcm.h), shared by every x86
 * fused driver (gcm-aes-aesni, gcm-aes-vaes, gcm-aes-vaes-avx512 beyond its
 * short path): GHASH in PCLMULQDQ's reflected form, byte-swapped at the
 * ends, and E(J0) beside the keystream block of the partial tail.
 */
AESNI_INLINE void gcm_aesni_hash(const void *hkey, uint8_t y[16], const uint8_t *p, size_t n)
{
    STOREX(y, aesni_bswap(gf_blocks(hkey, aesni_bswap(LOADX(y)), p, n)));
}

AESNI_INLINE void gcm_aesni_enc2(const void *ks, uint8_t ej0[16], uint8_t kb[16], const uint8_t j0[16],
                                 const uint8_t ctr[16])
{
    const struct aesni_ks *k = ks;
    __m128i a = _mm_xor_si128(LOADX(j0), k->ek[0]);
    __m128i b = _mm_xor_si128(LOADX(ctr), k->ek[0]);
    for (int i = 1; i < k->nr; i++) {
        a = _mm_aesenc_si128(a, k->ek[i]);
        b = _mm_aesenc_si128(b, k->ek[i]);
    }
    STOREX(ej0, _mm_aesenclast_si128(a, k->ek[k->nr]));
    STOREX(kb, _mm_aesenclast_si128(b, k->ek[k->nr]));
}

/* A whole message with a 96-bit IV: the envelope around the driver's own
 * crypt (gcm-aes-aesni's, gcm-aes-vaes's or gcm-aes-vaes-avx512's). */
AESNI_INLINE void gcm_aesni_aead_body(rijn_gcm_crypt_fn *crypt, rijn_gcm_crypt_l_fn *crypt_l,
                                      rijn_gcm_hash_str_fn *hash_aad, const void *ks, const void *hkey,
                                      const uint8_t iv[12], const uint8_t *aad, size_t aad_len, uint8_t *out,
                                      const uint8_t *in, size_t len, uint8_t tag[16], bool encrypt)
{
    rijn_gcm_aead_envelope(gcm_aesni_hash, hash_aad, crypt, crypt_l, gcm_aesni_enc2, ks, hkey, iv, aad, aad_len, out,
                           in, len, tag, encrypt);
}

/* The driver functions and ops of a gcm-aes-aesni variant: crypt and aead
 * around the bodies above, compiled for the instruction set `isa`. */
#define GCM_AESNI_OPS(ops, prefix, isa)                                                                          \
    static __attribute__((target(isa))) void prefix##_crypt(const void *ks, const void *hkey, uint8_t ctr[16],     \
                                                            uint8_t y[16], uint8_t *out, const uint8_t *in,        \
                                                            size_t n, bool encrypt)                                \
    {                                                                                                              \
        gcm_aesni_body(ks, hkey, ctr, y, out, in, n, encrypt);                                                     \
    }                                                                                                              \
    static __attribute__((target(isa))) void prefix##_aead(const void *ks, const void *hkey, const uint8_t iv[12], \
                                                           const uint8_t *aad, size_t aad_len, uint8_t *out,       \
                                                           const uint8_t *in, size_t len, uint8_t tag[16],         \
                                                           bool encrypt)                                           \
    {                                                                                                              \
        gcm_aesni_aead_body(prefix##_crypt, NULL, NULL, ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);   \
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
