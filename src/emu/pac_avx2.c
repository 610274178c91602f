/* SPDX-License-Identifier: MIT */
/*
 * pac-avx2: QARMA5 and QARMA3 with AVX2 byte shuffles, rijn_pac_aes with
 * AES-NI (pac-aesni's code).
 *
 * The QARMA core is pac_vec_core.h, compiled twice:
 *   - on 128-bit registers with the VEX encoding (target avx2) for the
 *     single PAC: the same shuffles as pac-ssse3, but three-operand, so
 *     without the register copies that two-operand PSHUFB needs (it
 *     overwrites its table): fewer instructions on the critical path and
 *     in the out-of-order window;
 *   - on 256-bit registers for the batches: one PAC per 128-bit lane
 *     (VPSHUFB shuffles within lanes, which is what the core asks of
 *     PV_SHUF), AVX2_REGS registers in lockstep, so 2 x AVX2_REGS
 *     independent PACs per step. A batch is bound by the shuffle unit,
 *     not by one PAC's latency.
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

/* Back to 64 bits: byte pairs (c0, c1) to c0 + 16 c1, then pack. */
AVX2_INLINE uint64_t avx2_pack(__m128i w)
{
    __m128i p = _mm_maddubs_epi16(w, _mm_set1_epi16(0x1001));
    return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(p, p));
}

/* --- 128-bit, VEX-encoded: the single PAC -------------------------- */
#define PV __m128i
#define PV_FN AVX2_INLINE
#define PV_NAME(x) avx2x_##x
#define PV_SHUF(t, i) _mm_shuffle_epi8((t), (i))
#define PV_XOR(a, b) _mm_xor_si128((a), (b))
#define PV_AND(a, b) _mm_and_si128((a), (b))
#define PV_LOAD(p) _mm_load_si128((const __m128i *)(const void *)(p))
#define PV_EXPAND(x) avx2_expand(x)
#define PV_NV 1
#include "emu/pac_vec_core.h"
#undef PV
#undef PV_NAME
#undef PV_SHUF
#undef PV_XOR
#undef PV_AND
#undef PV_LOAD
#undef PV_EXPAND
#undef PV_NV

/* --- 256-bit: the batches ------------------------------------------ */
#define PV __m256i
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

AVX2_INLINE uint64_t avx2_one(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1, int alg)
{
    struct avx2x_key k;
    avx2x_key_setup(&k, key0, key1);
    #ifdef PAC_SINGLE_N
    __m128i w = avx2_expand(data), t = avx2_expand(modifier);
    avx2x_qarma_n(&w, &t, &k, alg, 1);
    return avx2_pack(w);
#else
    return avx2_pack(avx2x_qarma(avx2_expand(data), avx2_expand(modifier), &k, alg));
#endif
}

/* 2 x AVX2_REGS PACs per step; the tail (fewer than that) one at a time
 * on 128-bit registers. */
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
    if (i < n) {
        struct avx2x_key kx;
        avx2x_key_setup(&kx, key0, key1);
        for (; i < n; i++) {
            __m128i w = avx2_expand(data[i]), t = avx2_expand(modifier[i]);
            avx2x_qarma_n(&w, &t, &kx, alg, 1);
            out[i] = avx2_pack(w);
        }
    }
}

AVX2_TARGET static uint64_t avx2_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return avx2_one(data, modifier, key0, key1, 0);
}

AVX2_TARGET static uint64_t avx2_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return avx2_one(data, modifier, key0, key1, 1);
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
    .qarma5 = avx2_qarma5,
    .qarma3 = avx2_qarma3,
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
