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

#define GF_POWERS 32

/* hp[i] = twisted H^(32-i); hkp[i] = hp[i]'s halves xored, in both
 * halves. Highest power first, so that one wide load gives the keys of
 * consecutive blocks: in a group of k blocks X0..X(k-1) (one reduction),
 * X_j is weighted by H^(k-j) = hp[32-k+j], and a 32-byte load there gives
 * two blocks' keys (gcm-aes-vaes), a 64-byte load four
 * (gcm-aes-vaes-avx512). GF_H(k, i) = H^(i+1) for the 128-bit code.
 * gf_init sets H^1..H^16 (hp[16..31]), all that ghash-pclmul and the GCM
 * drivers built on it read. hp[0..15], H^17..H^32, belong to
 * gcm-aes-vaes-avx512, which reduces once per 32 blocks and fills them at
 * its own key setup (gz_powers32, with 512-bit products: sixteen more
 * gf_mul here took an AES-128 GCM key setup on Zen 4 from about 440 to
 * 640 cycles, for every driver, and `openssl speed -evp` sets a key per
 * message). Together the table is the whole RIJN_GF128_KEY_BYTES. */
struct pclmul_hkey {
    __m128i hp[GF_POWERS];
    __m128i hkp[GF_POWERS];
};
#define GF_H(k, i) ((k)->hp[GF_POWERS - 1 - (i)])
#define GF_HK(k, i) ((k)->hkp[GF_POWERS - 1 - (i)])
/* hp16(k)[i] = H^(16-i): the table of a group of sixteen blocks. */
#define GF_HP16(k) (&(k)->hp[GF_POWERS - 16])
#define GF_HKP16(k) (&(k)->hkp[GF_POWERS - 16])
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
    GF_H(k, 0) = h;
    /* GF_H(k, i) = H^(i+1), by doubling (H^(a+b) = H^a H^b): a chain of 5
     * dependent multiplications instead of 15, since the key setup is on
     * the hot path when an application sets a key per message. */
    GF_H(k, 1) = gf_mul(h, h);
    GF_H(k, 2) = gf_mul(GF_H(k, 1), h);
    GF_H(k, 3) = gf_mul(GF_H(k, 1), GF_H(k, 1));
    for (int i = 4; i < 8; i++) GF_H(k, i) = gf_mul(GF_H(k, 3), GF_H(k, i - 4));
    for (int i = 8; i < 16; i++) GF_H(k, i) = gf_mul(GF_H(k, 7), GF_H(k, i - 8));
    for (int i = 0; i < 16; i++) GF_HK(k, i) = gf_keyhalf(GF_H(k, i));
}

/* y = GHASH over n blocks, 8 per reduction; y is in reflected form. */
AESNI_INLINE __m128i gf_blocks(const struct pclmul_hkey *k, __m128i y, const uint8_t *in, size_t n)
{
    for (; n >= 8; n -= 8, in += 128) {
        struct gf_acc a;
        gf_acc_first(&a, _mm_xor_si128(y, aesni_bswap(_mm_loadu_si128((const __m128i *)in))), GF_H(k, 7),
                     GF_HK(k, 7));
        for (int j = 1; j < 8; j++)
            gf_acc_add(&a, aesni_bswap(_mm_loadu_si128((const __m128i *)(in + 16 * j))), GF_H(k, 7 - j),
                       GF_HK(k, 7 - j));
        y = gf_reduce(&a);
    }
    if (n) {
        struct gf_acc a;
        gf_acc_first(&a, _mm_xor_si128(y, aesni_bswap(_mm_loadu_si128((const __m128i *)in))), GF_H(k, n - 1),
                     GF_HK(k, n - 1));
        for (size_t j = 1; j < n; j++)
            gf_acc_add(&a, aesni_bswap(_mm_loadu_si128((const __m128i *)(in + 16 * j))), GF_H(k, n - 1 - j),
                       GF_HK(k, n - 1 - j));
        y = gf_reduce(&a);
    }
    return y;
}

#endif /* RIJN_X86 */
#endif
