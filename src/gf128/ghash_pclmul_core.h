/* SPDX-License-Identifier: MIT */
/*
 * GHASH with carry-less multiplication (PCLMULQDQ): the field engine that
 * ghash-pclmul and the stitched GCM drivers share.
 *
 * Representation (the reasoning, since every constant depends on it)
 * ------------------------------------------------------------------
 * GCM (SP 800-38D §6.3) writes a field element as 16 bytes whose first bit
 * (the top bit of byte 0) is the coefficient of x^0. Byte-reversing the
 * block into a little-endian register puts x^j at bit 127 - j: the
 * "reflected" form rev(a). Think of the register bits as powers of y (bit
 * k is y^k); then rev(a) = y^127 * psi(a), where psi maps x to y^-1 and is
 * a ring isomorphism from GF(2)[x]/P onto GF(2)[y]/P*, with
 * P = x^128 + x^7 + x^2 + x + 1 and its reciprocal
 * P* = y^128 + y^127 + y^126 + y^121 + 1.
 *
 * PCLMULQDQ multiplies polynomials in y. For D = rev(a) * rev(b) (255 bits)
 * we fold the low 128 bits away twice, 64 at a time, Montgomery style
 * (gf_reduce): since P* = 1 mod y^64, adding q * P* with q = the low 64
 * bits clears them, and q * P* = q + q * y^64 * (0xc2 << 56) + q * y^128.
 * Two folds give R = D * y^-128 mod P*, which is
 *   y^254 psi(a) psi(b) y^-128 = y^126 psi(ab) = rev(ab * x).
 * One power of x too many, so the key is stored "twisted", as
 * H' = H * x^-1 mod P: then mul(rev(X), rev(H')) = rev(X * H), and products
 * of twisted powers stay twisted (H' * H = (H^2)'). In the register, * x^-1
 * is a left shift by one; the bit shifted out (H's x^0 term) means P was
 * added first: xor 0xc2000000000000000000000000000001 = rev(P / x).
 *
 * Products use Karatsuba: lo = a0 b0, hi = a1 b1, mid = (a0 ^ a1)(b0 ^ b1)
 * ^ lo ^ hi; the key's (b0 ^ b1) is precomputed. Blocks are aggregated
 * (Y ^ X1) H^n ^ X2 H^(n-1) ^ ... ^ Xn H with one reduction per group.
 * Every step is a fixed sequence of SIMD instructions: constant time.
 */
#ifndef RIJN_GHASH_PCLMUL_CORE_H
#define RIJN_GHASH_PCLMUL_CORE_H

#include "arch/x86/x86.h"
#include "gf128/ghash.h"

#ifdef RIJN_X86

#define GF_POWERS 16

/* h[i] = twisted H^(i+1); hk[i] = h[i]'s halves xored, in both halves.
 * hp, hkp: the same for 256-bit GHASH (gcm-aes-vaes), laid out so that
 * one 32-byte load gives the key pair of two consecutive blocks: in a pass
 * of 16 blocks X0..X15, the register holding (X2j, X2j+1) multiplies by
 * (H^(16-2j), H^(15-2j)) = (hp[2j], hp[2j+1]). */
struct pclmul_hkey {
    __m128i h[GF_POWERS];
    __m128i hk[GF_POWERS];
    __m128i hp[GF_POWERS];
    __m128i hkp[GF_POWERS];
};
_Static_assert(sizeof(struct pclmul_hkey) <= RIJN_GF128_KEY_BYTES, "GHASH key fits");

/* Karatsuba accumulators. */
struct gf_acc { __m128i lo, mid, hi; };

AESNI_INLINE void gf_acc_first(struct gf_acc *a, __m128i x, __m128i h, __m128i hk)
{
    a->lo = _mm_clmulepi64_si128(x, h, 0x00);
    a->hi = _mm_clmulepi64_si128(x, h, 0x11);
    a->mid = _mm_clmulepi64_si128(_mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)), hk, 0x00);
}

AESNI_INLINE void gf_acc_add(struct gf_acc *a, __m128i x, __m128i h, __m128i hk)
{
    a->lo = _mm_xor_si128(a->lo, _mm_clmulepi64_si128(x, h, 0x00));
    a->hi = _mm_xor_si128(a->hi, _mm_clmulepi64_si128(x, h, 0x11));
    a->mid = _mm_xor_si128(a->mid, _mm_clmulepi64_si128(_mm_xor_si128(x, _mm_shuffle_epi32(x, 0x4e)), hk, 0x00));
}

AESNI_INLINE __m128i gf_reduce(const struct gf_acc *a)
{
    const __m128i poly = _mm_set_epi64x((long long)0xc200000000000000ull, 1);
    __m128i mid = _mm_xor_si128(a->mid, _mm_xor_si128(a->lo, a->hi));
    __m128i lo = _mm_xor_si128(a->lo, _mm_slli_si128(mid, 8));
    __m128i hi = _mm_xor_si128(a->hi, _mm_srli_si128(mid, 8));
    __m128i t = _mm_clmulepi64_si128(lo, poly, 0x10);      /* q0 * (0xc2 << 56) */
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);   /* / y^64, q0 lands at y^64 */
    t = _mm_clmulepi64_si128(lo, poly, 0x10);
    lo = _mm_xor_si128(_mm_shuffle_epi32(lo, 0x4e), t);
    return _mm_xor_si128(hi, lo);
}

AESNI_INLINE __m128i gf_keyhalf(__m128i h)
{
    __m128i k = _mm_xor_si128(h, _mm_shuffle_epi32(h, 0x4e));
    return _mm_unpacklo_epi64(k, k);
}

AESNI_INLINE __m128i gf_mul(__m128i a, __m128i b)
{
    struct gf_acc acc;
    gf_acc_first(&acc, a, b, gf_keyhalf(b));
    return gf_reduce(&acc);
}

AESNI_INLINE void gf_init(struct pclmul_hkey *k, const uint8_t hb[16])
{
    __m128i h = aesni_bswap(_mm_loadu_si128((const __m128i *)hb));
    /* H * x^-1: shift the 128-bit register left by one, adding
     * rev(P / x) when the bit shifted out was set. */
    __m128i top = _mm_shuffle_epi32(_mm_srai_epi32(h, 31), 0xff);     /* all ones iff bit 127 */
    __m128i carry = _mm_slli_si128(_mm_srli_epi64(h, 63), 8);         /* bit 63 -> bit 64 */
    h = _mm_or_si128(_mm_slli_epi64(h, 1), carry);
    h = _mm_xor_si128(h, _mm_and_si128(top, _mm_set_epi64x((long long)0xc200000000000000ull, 1)));
    k->h[0] = h;
    /* h[i] = H^(i+1), by doubling (H^(a+b) = H^a H^b): a chain of 5
     * dependent multiplications instead of 15, since the key setup is on
     * the hot path when an application sets a key per message. */
    k->h[1] = gf_mul(h, h);
    k->h[2] = gf_mul(k->h[1], h);
    k->h[3] = gf_mul(k->h[1], k->h[1]);
    for (int i = 4; i < 8 && i < GF_POWERS; i++) k->h[i] = gf_mul(k->h[3], k->h[i - 4]);
    for (int i = 8; i < GF_POWERS; i++) k->h[i] = gf_mul(k->h[7], k->h[i - 8]);
    for (int i = 0; i < GF_POWERS; i++) k->hk[i] = gf_keyhalf(k->h[i]);
    for (int i = 0; i < GF_POWERS; i++) {
        k->hp[i] = k->h[GF_POWERS - 1 - i];
        k->hkp[i] = k->hk[GF_POWERS - 1 - i];
    }
}

/* y = GHASH over n blocks, 8 per reduction; y is in reflected form. */
AESNI_INLINE __m128i gf_blocks(const struct pclmul_hkey *k, __m128i y, const uint8_t *in, size_t n)
{
    for (; n >= 8; n -= 8, in += 128) {
        struct gf_acc a;
        gf_acc_first(&a, _mm_xor_si128(y, aesni_bswap(_mm_loadu_si128((const __m128i *)in))), k->h[7], k->hk[7]);
        for (int j = 1; j < 8; j++)
            gf_acc_add(&a, aesni_bswap(_mm_loadu_si128((const __m128i *)(in + 16 * j))), k->h[7 - j], k->hk[7 - j]);
        y = gf_reduce(&a);
    }
    if (n) {
        struct gf_acc a;
        gf_acc_first(&a, _mm_xor_si128(y, aesni_bswap(_mm_loadu_si128((const __m128i *)in))), k->h[n - 1],
                     k->hk[n - 1]);
        for (size_t j = 1; j < n; j++)
            gf_acc_add(&a, aesni_bswap(_mm_loadu_si128((const __m128i *)(in + 16 * j))), k->h[n - 1 - j],
                       k->hk[n - 1 - j]);
        y = gf_reduce(&a);
    }
    return y;
}

#endif /* RIJN_X86 */
#endif
