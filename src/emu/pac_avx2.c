/* SPDX-License-Identifier: MIT */
/*
 * pac-avx2: batches of QARMA5 and QARMA3 with AVX2 byte shuffles; the
 * single PAC is pac-ssse3's, rijn_pac_aes pac-aesni's.
 *
 * The batches run pac_vec_core.h on 256-bit registers: one PAC per
 * 128-bit lane (VPSHUFB shuffles within lanes, which is what the core
 * asks of PV_SHUF), AVX2_REGS registers in lockstep, so 2 x AVX2_REGS
 * independent PACs per step: a batch is bound by the shuffle units, not
 * by one PAC's latency. For the single PAC the same core on 128-bit VEX
 * registers measured no faster than pac-ssse3's (about 90 cycles either
 * way on Zen 3, its latency longer), so it is not compiled twice.
 * Constant time for the same reason as pac-ssse3: shuffles with secret
 * indices and constant tables, no memory access depending on a secret.
 */
#include "emu/pac.h"

#include "arch/x86/x86.h"

#ifdef RIJN_X86
#define AVX2_TARGET __attribute__((target("avx2")))
#define AVX2_INLINE static inline __attribute__((always_inline, target("avx2")))
/* 256-bit registers per batch step (two PACs each). */
#ifndef AVX2_REGS
#define AVX2_REGS 4
#endif
_Static_assert(AVX2_REGS % 2 == 0, "pac-avx2 stores its PACs four at a time");

/* The 16 cells of x, one per byte: low and high nibbles interleaved. */
AVX2_INLINE __m128i avx2_expand(uint64_t x)
{
    const __m128i v = _mm_cvtsi64_si128((long long)x), m = _mm_set1_epi8(0x0f);
    return _mm_unpacklo_epi8(_mm_and_si128(v, m), _mm_and_si128(_mm_srli_epi64(v, 4), m));
}

#define PV __m256i
#define PV_FN AVX2_INLINE
#define PV_NAME(x) avx2y_##x
#define PV_SHUF(t, i) _mm256_shuffle_epi8((t), (i))
#define PV_XOR(a, b) _mm256_xor_si256((a), (b))
#define PV_AND(a, b) _mm256_and_si256((a), (b))
#define PV_LOAD(p) _mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(const void *)(p)))
#define PV_EXPAND(x) _mm256_broadcastsi128_si256(avx2_expand(x))
#define PV_NV AVX2_REGS
#include "emu/pac_vec_core.h"

/* The cells of p[0] in the low lane and of p[1] in the high one: each
 * byte zero-extended to a word (c0 + 256 c1 from the byte c0 + 16 c1),
 * then the high nibble moved up into the word's second byte. */
AVX2_INLINE __m256i avx2_expand2(const uint64_t *p)
{
    const __m256i w = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)p));
    return _mm256_or_si256(_mm256_and_si256(w, _mm256_set1_epi16(0x000f)),
                           _mm256_and_si256(_mm256_slli_epi16(w, 4), _mm256_set1_epi16(0x0f00)));
}

/* The PACs of a (lanes: PACs 0, 1) and b (2, 3) to out[0..3]. */
AVX2_INLINE void avx2_pack4(uint64_t *out, __m256i a, __m256i b)
{
    const __m256i m = _mm256_set1_epi16(0x1001);
    /* Per lane: a's 8 bytes, then b's. */
    const __m256i p = _mm256_packus_epi16(_mm256_maddubs_epi16(a, m), _mm256_maddubs_epi16(b, m));
    _mm256_storeu_si256((__m256i *)(void *)out, _mm256_permute4x64_epi64(p, 0xd8));
}

/* 2 x AVX2_REGS PACs per step; the tail (fewer than that) one at a time
 * by the single function. */
AVX2_INLINE void avx2_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                            uint64_t key1, size_t n, int alg)
{
    struct avx2y_key k;
    avx2y_key_setup(&k, key0, key1);
    size_t i = 0;
    for (; i + 2 * AVX2_REGS <= n; i += 2 * AVX2_REGS) {
        __m256i w[AVX2_REGS], t[AVX2_REGS];
        for (int j = 0; j < AVX2_REGS; j++) {
            w[j] = avx2_expand2(data + i + 2 * j);
            t[j] = avx2_expand2(modifier + i + 2 * j);
        }
        avx2y_qarma_n(w, t, &k, alg, AVX2_REGS);
        for (int j = 0; j < AVX2_REGS; j += 2) avx2_pack4(out + i + 2 * j, w[j], w[j + 1]);
    }
    for (; i < n; i++)
        out[i] = (alg ? rijn_pac_ssse3_qarma3 : rijn_pac_ssse3_qarma5)(data[i], modifier[i], key0, key1);
}

AVX2_TARGET static void avx2_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                          uint64_t key0, uint64_t key1, size_t n)
{
    avx2_batch(out, data, modifier, key0, key1, n, 0);
}

AVX2_TARGET static void avx2_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                          uint64_t key0, uint64_t key1, size_t n)
{
    avx2_batch(out, data, modifier, key0, key1, n, 1);
}

static const struct rijn_pac_ops avx2_ops = {
    .driver = "pac-avx2",
    .qarma5 = rijn_pac_ssse3_qarma5,
    .qarma3 = rijn_pac_ssse3_qarma3,
    .aes = rijn_pac_aesni_aes,
    .qarma5_batch = avx2_qarma5_batch,
    .qarma3_batch = avx2_qarma3_batch,
    .aes_batch = rijn_pac_aesni_aes_batch,
};
#define AVX2_OPS &avx2_ops
#else
#define AVX2_OPS NULL
#endif

const struct rijn_desc rijn_pac_avx2_desc = {
    .kind = &rijn_kind_pac,
    .name = "pac-avx2",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_AESNI,
    .ct = true,
    .ops = AVX2_OPS,
};
