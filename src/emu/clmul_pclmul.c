/* SPDX-License-Identifier: MIT */
/*
 * clmul-pclmul: the carry-less multiplies with x86 PCLMULQDQ (64 x 64 ->
 * 128; Intel SDM vol. 2B), constant time like any other multiply on
 * these cores.
 *
 * The lane forms pack two lanes into one PCLMULQDQ: with a_0 at bit 0
 * and a_1 at bit 32 of one operand, b_0 and b_1 likewise in the other,
 * the product holds a_0 b_0 from bit 0, a_1 b_1 from bit 64, and the
 * cross terms a_0 b_1 + a_1 b_0 from bit 32 (each at most 31 bits wide
 * for 16-bit lanes, 15 for 8-bit), so the two wanted products are read
 * out of 32-bit words 0 and 2. Three 8-bit lanes would still fit
 * (lanes at bits 0, 16, 48), four would not (a search over all
 * byte-aligned placements found none), so four 8 x 8 products take two
 * PCLMULQDQs and eight take four. Even so every form beats the portable
 * code on Zen 3 (bench/clmul_bench.c; figures in docs/performance.md),
 * the 8-bit forms by a quarter or more, so this driver uses it for all.
 */
#include "arch/x86/x86.h"
#include "emu/clmul_ct.h"
#include "emu/clmul_kind.h"

#ifdef RIJN_X86
/* PCLMULQDQ and SSE2 only (the baseline of x86-64). */
#define PCLMUL_TARGET __attribute__((target("pclmul")))
#define PCLMUL_INLINE static inline __attribute__((always_inline, target("pclmul")))

PCLMUL_INLINE __m128i pc_mul(uint64_t a, uint64_t b)
{
    return _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0x00);
}

/* 32-bit words 0 and 2 of v, as one 64-bit value. */
PCLMUL_INLINE uint64_t pc_words02(__m128i v)
{
    return (uint64_t)_mm_cvtsi128_si64(_mm_shuffle_epi32(v, _MM_SHUFFLE(3, 2, 2, 0)));
}

static PCLMUL_TARGET rijn_clmul128 pc64(uint64_t a, uint64_t b)
{
    __m128i p = pc_mul(a, b);
    rijn_clmul128 r;
    r.lo = (uint64_t)_mm_cvtsi128_si64(p);
    r.hi = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p));
    return r;
}

static PCLMUL_TARGET uint64_t pc32(uint32_t a, uint32_t b)
{
    return (uint64_t)_mm_cvtsi128_si64(pc_mul(a, b));
}

static PCLMUL_TARGET uint64_t pc16x2_even(uint64_t a, uint64_t b)
{
    const uint64_t m = 0x0000ffff0000ffffull;
    return pc_words02(pc_mul(a & m, b & m));
}

static PCLMUL_TARGET uint64_t pc16x2_odd(uint64_t a, uint64_t b)
{
    const uint64_t m = 0x0000ffff0000ffffull;
    return pc_words02(pc_mul(a >> 16 & m, b >> 16 & m));
}

/* Four 8 x 8 -> 16 products of the bytes at bits 0, 16, 32, 48 of a and
 * b (other bits zero): lanes 0 and 2 in one PCLMULQDQ, lanes 1 and 3
 * (shifted down by 16) in the other. Their 16-bit results: lane 0 at word
 * 0 and lane 2 at word 4 of the first product, lanes 1 and 3 at words 0
 * and 4 of the second, which shifted up by 16 bits fills words 1 and 5;
 * the cross terms sit in words 2 and 3 (and 6, 7) of each. */
PCLMUL_INLINE uint64_t pc8x4_spread(uint64_t a, uint64_t b)
{
    const __m128i m = _mm_set1_epi64x(0x000000ff000000ffll);
    __m128i va = _mm_cvtsi64_si128((long long)a), vb = _mm_cvtsi64_si128((long long)b);
    va = _mm_and_si128(_mm_unpacklo_epi64(va, _mm_srli_epi64(va, 16)), m);
    vb = _mm_and_si128(_mm_unpacklo_epi64(vb, _mm_srli_epi64(vb, 16)), m);
    __m128i p02 = _mm_clmulepi64_si128(va, vb, 0x00), p13 = _mm_clmulepi64_si128(va, vb, 0x11);
    return pc_words02(_mm_xor_si128(p02, _mm_slli_epi64(p13, 16)));
}

static PCLMUL_TARGET uint64_t pc8x4_even(uint64_t a, uint64_t b)
{
    return pc8x4_spread(a & 0x00ff00ff00ff00ffull, b & 0x00ff00ff00ff00ffull);
}

static PCLMUL_TARGET uint64_t pc8x4_odd(uint64_t a, uint64_t b)
{
    return pc8x4_spread(a >> 8 & 0x00ff00ff00ff00ffull, b >> 8 & 0x00ff00ff00ff00ffull);
}

static PCLMUL_TARGET uint64_t pc8x4_packed(uint32_t a, uint32_t b)
{
    return pc8x4_spread(ct_spread8(a), ct_spread8(b));
}

/* Eight lanes: the even and the odd bytes' products, low halves. */
static PCLMUL_TARGET uint64_t pc8x8_low(uint64_t a, uint64_t b)
{
    const uint64_t m = 0x00ff00ff00ff00ffull;
    uint64_t e = pc8x4_spread(a & m, b & m), o = pc8x4_spread(a >> 8 & m, b >> 8 & m);
    return (e & m) | (o & m) << 8;
}

static const struct rijn_clmul_ops clmul_pclmul_ops = {
    .driver = "clmul-pclmul",
    .clmul_64 = pc64,
    .clmul_32 = pc32,
    .clmul_8x8_low = pc8x8_low,
    .clmul_8x4_even = pc8x4_even,
    .clmul_8x4_odd = pc8x4_odd,
    .clmul_8x4_packed = pc8x4_packed,
    .clmul_16x2_even = pc16x2_even,
    .clmul_16x2_odd = pc16x2_odd,
};
#define CLMUL_PCLMUL_OPS &clmul_pclmul_ops
#else
#define CLMUL_PCLMUL_OPS NULL
#endif

const struct rijn_desc rijn_clmul_pclmul_desc = {
    .kind = &rijn_kind_clmul,
    .name = "clmul-pclmul",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_PCLMUL,
    .ct = true,
    .ops = CLMUL_PCLMUL_OPS,
};
