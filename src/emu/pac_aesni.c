/* SPDX-License-Identifier: MIT */
/*
 * pac-aesni: rijn_pac_aes with AES-NI, QARMA with the SSSE3 code of
 * pac-ssse3 (every AES-NI CPU has SSSE3).
 *
 * The AES PAC takes a new key on every call, so the key expansion (FIPS
 * 197 §5.2) runs with the encryption, each round key used as soon as
 * it exists (aesni_next_key). The batch form expands the key once and keeps four
 * blocks in flight.
 */
#include "emu/pac.h"

#include "arch/x86/x86.h"

#ifdef RIJN_X86
/* The next AES-128 round key from k and a = AESKEYGENASSIST(k, rcon)
 * (SubWord(RotWord(w3)) ^ Rcon in dword 3): that word broadcast, XORed
 * into the prefix XOR of k's words. (PSHUFB + AESENCLAST in place of
 * AESKEYGENASSIST measured no faster on Zen 3.) */
AESNI_INLINE __m128i aesni_next_key(__m128i k, __m128i a)
{
    a = _mm_shuffle_epi32(a, 0xff);
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 8));
    return _mm_xor_si128(k, a);
}

#define NEXT(k, rcon) aesni_next_key((k), _mm_aeskeygenassist_si128((k), (rcon)))

AESNI_INLINE void aesni_expand(__m128i rk[11], __m128i k)
{
    rk[0] = k;
    rk[1] = NEXT(rk[0], 0x01);
    rk[2] = NEXT(rk[1], 0x02);
    rk[3] = NEXT(rk[2], 0x04);
    rk[4] = NEXT(rk[3], 0x08);
    rk[5] = NEXT(rk[4], 0x10);
    rk[6] = NEXT(rk[5], 0x20);
    rk[7] = NEXT(rk[6], 0x40);
    rk[8] = NEXT(rk[7], 0x80);
    rk[9] = NEXT(rk[8], 0x1b);
    rk[10] = NEXT(rk[9], 0x36);
}

AESNI_TARGET uint64_t rijn_pac_aesni_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    /* key1 || key0 and data || modifier, each 8 bytes little-endian. */
    __m128i k = _mm_set_epi64x((long long)key0, (long long)key1);
    __m128i b = _mm_xor_si128(_mm_set_epi64x((long long)modifier, (long long)data), k);
    k = NEXT(k, 0x01);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x02);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x04);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x08);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x10);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x20);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x40);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x80);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x1b);
    b = _mm_aesenc_si128(b, k);
    k = NEXT(k, 0x36);
    b = _mm_aesenclast_si128(b, k);
    return (uint64_t)_mm_cvtsi128_si64(b);
}

AESNI_INLINE __m128i aesni_block(const uint64_t *data, const uint64_t *modifier, size_t i)
{
    return _mm_set_epi64x((long long)modifier[i], (long long)data[i]);
}

AESNI_TARGET void rijn_pac_aesni_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                           uint64_t key0, uint64_t key1, size_t n)
{
    __m128i rk[11];
    aesni_expand(rk, _mm_set_epi64x((long long)key0, (long long)key1));
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i b0 = _mm_xor_si128(aesni_block(data, modifier, i), rk[0]);
        __m128i b1 = _mm_xor_si128(aesni_block(data, modifier, i + 1), rk[0]);
        __m128i b2 = _mm_xor_si128(aesni_block(data, modifier, i + 2), rk[0]);
        __m128i b3 = _mm_xor_si128(aesni_block(data, modifier, i + 3), rk[0]);
        for (int r = 1; r < 10; r++) {
            b0 = _mm_aesenc_si128(b0, rk[r]);
            b1 = _mm_aesenc_si128(b1, rk[r]);
            b2 = _mm_aesenc_si128(b2, rk[r]);
            b3 = _mm_aesenc_si128(b3, rk[r]);
        }
        out[i] = (uint64_t)_mm_cvtsi128_si64(_mm_aesenclast_si128(b0, rk[10]));
        out[i + 1] = (uint64_t)_mm_cvtsi128_si64(_mm_aesenclast_si128(b1, rk[10]));
        out[i + 2] = (uint64_t)_mm_cvtsi128_si64(_mm_aesenclast_si128(b2, rk[10]));
        out[i + 3] = (uint64_t)_mm_cvtsi128_si64(_mm_aesenclast_si128(b3, rk[10]));
    }
    for (; i < n; i++) {
        __m128i b = _mm_xor_si128(aesni_block(data, modifier, i), rk[0]);
        for (int r = 1; r < 10; r++) b = _mm_aesenc_si128(b, rk[r]);
        out[i] = (uint64_t)_mm_cvtsi128_si64(_mm_aesenclast_si128(b, rk[10]));
    }
    rijn_wipe(rk, sizeof rk);
}

static const struct rijn_pac_ops aesni_ops = {
    .driver = "pac-aesni",
    .qarma5 = rijn_pac_ssse3_qarma5,
    .qarma3 = rijn_pac_ssse3_qarma3,
    .aes = rijn_pac_aesni_aes,
    .qarma5_batch = rijn_pac_ssse3_qarma5_batch,
    .qarma3_batch = rijn_pac_ssse3_qarma3_batch,
    .aes_batch = rijn_pac_aesni_aes_batch,
};
#define AESNI_OPS &aesni_ops
#else
#define AESNI_OPS NULL
#endif

const struct rijn_desc rijn_pac_aesni_desc = {
    .kind = &rijn_kind_pac,
    .name = "pac-aesni",
    .priority = 300,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_SSSE3 | RIJN_CPU_AESNI,
    .ct = true,
    .ops = AESNI_OPS,
};
