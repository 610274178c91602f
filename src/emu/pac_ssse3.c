/* SPDX-License-Identifier: MIT */
/*
 * pac-ssse3: QARMA5 and QARMA3 with SSSE3 byte shuffles (PSHUFB), one PAC
 * per register; the core, and why shuffles make it constant-time, are in
 * pac_vec_core.h. x86-64 CPUs without AES-NI compute rijn_pac_aes with the
 * portable bit-sliced AES of pac-ct64. pac-aesni reuses this QARMA.
 */
#include "emu/pac.h"

#include "arch/x86/x86.h"

#ifdef RIJN_X86
/* PACs in flight per batch step. */
#ifndef SSSE3_LANES
#define SSSE3_LANES 4
#endif
#define PV __m128i
#define PV_FN SSSE3_INLINE
#define PV_NAME(x) ssse3_##x
#define PV_SHUF(t, i) _mm_shuffle_epi8((t), (i))
#define PV_XOR(a, b) _mm_xor_si128((a), (b))
#define PV_AND(a, b) _mm_and_si128((a), (b))
#define PV_LOAD(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define PV_EXPAND(x) ssse3_expand(x)
#define PV_NV SSSE3_LANES

/* The 16 cells of x, one per byte: low and high nibbles interleaved. */
SSSE3_INLINE __m128i ssse3_expand(uint64_t x)
{
    const __m128i v = _mm_cvtsi64_si128((long long)x), m = _mm_set1_epi8(0x0f);
    return _mm_unpacklo_epi8(_mm_and_si128(v, m), _mm_and_si128(_mm_srli_epi64(v, 4), m));
}

/* Back to 64 bits: byte pairs (c0, c1) to c0 + 16 c1, then pack. */
SSSE3_INLINE uint64_t ssse3_pack(__m128i w)
{
    __m128i p = _mm_maddubs_epi16(w, _mm_set1_epi16(0x1001));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(p, p));
}

#include "emu/pac_vec_core.h"

SSSE3_INLINE uint64_t ssse3_one(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1, int alg)
{
    struct ssse3_key k;
    ssse3_key_setup(&k, key0, key1);
    __m128i w = ssse3_expand(data), t = ssse3_expand(modifier);
    ssse3_qarma_n(&w, &t, &k, alg, 1);
    return ssse3_pack(w);
}

/* SSSE3_LANES PACs per step, in lockstep (pac_vec_core.h, qarma_n); the
 * tail one at a time. */
SSSE3_INLINE void ssse3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                              uint64_t key1, size_t n, int alg)
{
    struct ssse3_key k;
    ssse3_key_setup(&k, key0, key1);
    size_t i = 0;
    for (; i + SSSE3_LANES <= n; i += SSSE3_LANES) {
        __m128i w[SSSE3_LANES], t[SSSE3_LANES];
        for (int j = 0; j < SSSE3_LANES; j++) {
            w[j] = ssse3_expand(data[i + j]);
            t[j] = ssse3_expand(modifier[i + j]);
        }
        ssse3_qarma_n(w, t, &k, alg, SSSE3_LANES);
        for (int j = 0; j < SSSE3_LANES; j++) out[i + j] = ssse3_pack(w[j]);
    }
    for (; i < n; i++) {
        __m128i w = ssse3_expand(data[i]), t = ssse3_expand(modifier[i]);
        ssse3_qarma_n(&w, &t, &k, alg, 1);
        out[i] = ssse3_pack(w);
    }
}

SSSE3_TARGET uint64_t rijn_pac_ssse3_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return ssse3_one(data, modifier, key0, key1, 0);
}

SSSE3_TARGET uint64_t rijn_pac_ssse3_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return ssse3_one(data, modifier, key0, key1, 1);
}

SSSE3_TARGET void rijn_pac_ssse3_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                              uint64_t key0, uint64_t key1, size_t n)
{
    ssse3_batch(out, data, modifier, key0, key1, n, 0);
}

SSSE3_TARGET void rijn_pac_ssse3_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                              uint64_t key0, uint64_t key1, size_t n)
{
    ssse3_batch(out, data, modifier, key0, key1, n, 1);
}

static const struct rijn_pac_ops ssse3_ops = {
    .driver = "pac-ssse3",
    .qarma5 = rijn_pac_ssse3_qarma5,
    .qarma3 = rijn_pac_ssse3_qarma3,
    .aes = rijn_pac_ct64_aes,
    .qarma5_batch = rijn_pac_ssse3_qarma5_batch,
    .qarma3_batch = rijn_pac_ssse3_qarma3_batch,
    .aes_batch = rijn_pac_ct64_aes_batch,
};
#define SSSE3_OPS &ssse3_ops
#else
#define SSSE3_OPS NULL
#endif

const struct rijn_desc rijn_pac_ssse3_desc = {
    .kind = &rijn_kind_pac,
    .name = "pac-ssse3",
    .priority = 200,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_SSSE3,
    .ct = true,
    .ops = SSSE3_OPS,
};
