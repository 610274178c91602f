/* SPDX-License-Identifier: MIT */
/*
 * GF(2^255 - 19) in radix 2^25.5 on four lanes: src/x25519/fe25.h's
 * arithmetic on AVX2's 256-bit registers, one independent field element
 * per 64-bit lane. Radix 2^25.5 is what makes 32 x 32 -> 64-bit vector
 * products (VPMULDQ) enough, as in Bernstein and Schwabe's NEON paper
 * (CHES 2012), which fills its lanes with independent products of one
 * scalar multiplication; here the lanes hold four independent scalar
 * multiplications, so no lane ever talks to another. fe25x4 holds ten
 * registers, register i holding limb i of each lane as a sign-extended
 * 64-bit integer.
 *
 * The scalar model is fe25.h, exactly: every routine here performs, in
 * each lane, the operations of its fe25 namesake on the same integers in
 * the same order (the same products, the same carries in the same chain
 * order, the same rounding), so each lane's limbs after each routine equal
 * what fe25.h computes from the same inputs, bit for bit. The squaring's
 * model is fe25_sqr_once, whose columns, and so whose results, are
 * fe25_sqr's. The bounds
 * written on fe25.h, machine-checked by tests/proof/bounds.cc, are
 * therefore the bounds here; tests/c/test_fe25x4.c runs both on extreme
 * and random limbs within those bounds and compares every lane. Where
 * the instructions differ from the C of fe25.h:
 *   - products: VPMULDQ (_mm256_mul_epi32), the signed 32 x 32 -> 64-bit
 *     product of the low halves of each lane, is fe25's (int64_t)a * b for
 *     int32 a and b. Its operands are sign-extended values that fe25's
 *     bounds keep inside an int32 (f2 = 2 f, g19 = 19 g included), so the
 *     low 32 bits are the int32 value fe25 multiplies.
 *   - limbs live in 64-bit lanes, so limb additions (fe25's int32) are
 *     64-bit additions: the same value wherever fe25 does not overflow,
 *     which its checker proves.
 *   - AVX2 has no 64-bit arithmetic right shift (VPSRAQ is AVX-512), so a
 *     carry's floor((t + 2^(w-1)) / 2^w) is computed as
 *     ((t + 2^(w-1) + 2^62) >>> w) - 2^(62-w) with a logical shift: the
 *     added 2^62 is a multiple of 2^w, so the floor moves by exactly
 *     2^(62-w), and the biased value is in [0, 2^63) (so the logical shift
 *     of its bits is the floor) whenever t is in [-2^62 - 2^(w-1),
 *     2^62 - 2^(w-1)). tests/proof/bounds.cc checks that range on every
 *     value that reaches a carry's shift in fe25.h (FE25_SHIFT_CHECK; the
 *     largest is below 2^61 + 2^37), in every routine and composition.
 *   - 19 c at the fold out of limb 9 is c + 2c + 16c (c may exceed 32
 *     bits, so VPMULDQ cannot take it); 2^w c is a left shift, which in
 *     two's complement is that product for negative c too.
 *
 * Constant time: VPMULDQ, additions, shifts and logic have data-independent
 * timing; the swaps are masks (one mask per lane, all ones or all zeros);
 * no index depends on a limb.
 *
 * x86-64 only; every function has target("avx2") and runs only after the
 * registry checked RIJN_CPU_AVX2.
 */
#ifndef RIJN_X25519_FE25X4_H
#define RIJN_X25519_FE25X4_H

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#include <stdint.h>

#include "core/util.h"
#include "x25519/fe25.h"

#define FE25X4_INLINE static inline __attribute__((always_inline, target("avx2")))
#define FE25X4_CALL static __attribute__((noinline, target("avx2")))

typedef struct {
    __m256i v[10];
} fe25x4;

FE25X4_INLINE void fe25x4_0(fe25x4 *h)
{
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_setzero_si256();
}
FE25X4_INLINE void fe25x4_1(fe25x4 *h)
{
    fe25x4_0(h);
    h->v[0] = _mm256_set1_epi64x(1);
}

/* fe25_add, fe25_sub, fe25_neg: same bounds. */
FE25X4_INLINE void fe25x4_add(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_add_epi64(f->v[i], g->v[i]);
}
FE25X4_INLINE void fe25x4_sub(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_sub_epi64(f->v[i], g->v[i]);
}
FE25X4_INLINE void fe25x4_neg(fe25x4 *h, const fe25x4 *f)
{
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_sub_epi64(_mm256_setzero_si256(), f->v[i]);
}

/* floor((t + 2^(w-1)) / 2^w) for t in [-2^62 - 2^(w-1), 2^62 - 2^(w-1)):
 * fe25's rounding carry (the bias argument is on the file comment). */
#define FE25X4_ROUND_SHIFT(t, w)                                                                         \
    _mm256_sub_epi64(                                                                                    \
        _mm256_srli_epi64(_mm256_add_epi64((t), _mm256_set1_epi64x((INT64_C(1) << ((w) - 1)) + (INT64_C(1) << 62))), \
                          (w)),                                                                          \
        _mm256_set1_epi64x(INT64_C(1) << (62 - (w))))

/* FE25_CARRY: column i into column i + 1, width 26 (even i) or 25. */
#define FE25X4_CARRY(t, i)                                                                               \
    do {                                                                                                 \
        const __m256i c_ = FE25X4_ROUND_SHIFT((t)[(i)], ((i) & 1) ? 25 : 26);                            \
        (t)[(i) + 1] = _mm256_add_epi64((t)[(i) + 1], c_);                                               \
        (t)[(i)] = _mm256_sub_epi64((t)[(i)], _mm256_slli_epi64(c_, ((i) & 1) ? 25 : 26));               \
    } while (0)

/* fe25_carry_wide: the same chain, in the same order (0 4 1 5 2 6 3 7 4 8,
 * 9 into 0 times 19, 0 again). t: |t_k| < 2^61. h: carried. */
FE25X4_INLINE void fe25x4_carry_wide(fe25x4 *h, __m256i t[10])
{
    FE25X4_CARRY(t, 0);
    FE25X4_CARRY(t, 4);
    FE25X4_CARRY(t, 1);
    FE25X4_CARRY(t, 5);
    FE25X4_CARRY(t, 2);
    FE25X4_CARRY(t, 6);
    FE25X4_CARRY(t, 3);
    FE25X4_CARRY(t, 7);
    FE25X4_CARRY(t, 4);
    FE25X4_CARRY(t, 8);
    {
        const __m256i c = FE25X4_ROUND_SHIFT(t[9], 25);
        const __m256i c19 = _mm256_add_epi64(_mm256_add_epi64(c, _mm256_slli_epi64(c, 1)), _mm256_slli_epi64(c, 4));
        t[0] = _mm256_add_epi64(t[0], c19);
        t[9] = _mm256_sub_epi64(t[9], _mm256_slli_epi64(c, 25));
    }
    FE25X4_CARRY(t, 0);
    for (int i = 0; i < 10; i++) h->v[i] = t[i];
}

/* The products' operands, f's and g's limbs and their multiples, do not
 * fit in sixteen registers next to ten column sums; left to itself GCC
 * keeps some in registers and spills the sums instead, a store and a load
 * per product. This puts the operand arrays in memory, from where each
 * VPMULDQ reads one of them directly, and the sums stay in registers
 * (the "memory" clobber makes f and g be read from memory too). */
/* And GCC's reassociation would turn each column's chain of additions
 * into a tree whose products all wait in registers (or on the stack);
 * an empty asm on the running sum keeps the chain as written. */
#define FE25X4_CHAIN(x) __asm__("" : "+x"(x))
#define FE25X4_SPILL(a, b) __asm__ volatile("" : "+m"(a), "+m"(b) : : "memory")

/* fe25_mul: h = f g. f, g: loose. h: carried. The hundred products of
 * fe25_mul, column (i + j) mod 10 collecting f_i g_j, with f_i doubled
 * when i and j are both odd and g_j times 19 when i + j >= 10. h may
 * equal f or g (both are read into the columns before h is written). */
FE25X4_CALL void fe25x4_mul(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
    __m256i f2[10], g19[10], t[10];
    const __m256i n19 = _mm256_set1_epi64x(19);
    for (int i = 0; i < 10; i++) {
        f2[i] = (i & 1) ? _mm256_add_epi64(f->v[i], f->v[i]) : f->v[i];
        g19[i] = _mm256_mul_epi32(g->v[i], n19);
        t[i] = _mm256_setzero_si256();
    }
    FE25X4_SPILL(f2, g19);
    /* Column by column (fe25_mul goes row by row): one accumulator stays
     * in a register while its ten products come in, instead of ten that
     * do not fit the sixteen registers and go to the stack and back for
     * every row. The column sums are the same integers. */
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
#pragma GCC unroll 10
        for (int i = 0; i < 10; i++) {
            const int j = (k - i + 10) % 10;
            const __m256i a = ((i & j) & 1) ? f2[i] : f->v[i];
            const __m256i b = i + j >= 10 ? g19[j] : g->v[j];
            t[k] = _mm256_add_epi64(t[k], _mm256_mul_epi32(a, b));
            FE25X4_CHAIN(t[k]);
        }
    }
    fe25x4_carry_wide(h, t);
}

/* fe25_sqr_once (fe25.h): h = f^2 from 55 products, the columns of
 * fe25_sqr (so the same result as fe25_sqr and fe25x4_mul(h, f, f)). f:
 * loose. h: carried. h may equal f. */
FE25X4_CALL void fe25x4_sqr(fe25x4 *h, const fe25x4 *f)
{
    __m256i f2[10], f4[10], f19[10], t[10];
    const __m256i n19 = _mm256_set1_epi64x(19);
    for (int i = 0; i < 10; i++) {
        f2[i] = _mm256_add_epi64(f->v[i], f->v[i]);
        f4[i] = (i & 1) ? _mm256_add_epi64(f2[i], f2[i]) : f2[i];
        f19[i] = _mm256_mul_epi32(f->v[i], n19);
        t[i] = _mm256_setzero_si256();
    }
    FE25X4_SPILL(f2, f19);
    FE25X4_SPILL(f4, f4);
    /* Column by column, as in fe25x4_mul: pairs i <= j with i + j = k or
     * k + 10. */
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
#pragma GCC unroll 10
        for (int i = 0; i < 10; i++) {
            const int j = (k - i + 10) % 10;
            if (j < i) continue;
            const __m256i a = i == j ? ((i & 1) ? f2[i] : f->v[i]) : ((i & j & 1) ? f4[i] : f2[i]);
            const __m256i b = i + j >= 10 ? f19[j] : f->v[j];
            t[k] = _mm256_add_epi64(t[k], _mm256_mul_epi32(a, b));
            FE25X4_CHAIN(t[k]);
        }
    }
    fe25x4_carry_wide(h, t);
}

/* fe25_mul_a24: h = 121665 f. f: loose. h: carried. */
FE25X4_INLINE void fe25x4_mul_a24(fe25x4 *h, const fe25x4 *f)
{
    __m256i t[10];
    const __m256i a24 = _mm256_set1_epi64x(121665);
    for (int i = 0; i < 10; i++) t[i] = _mm256_mul_epi32(f->v[i], a24);
    fe25x4_carry_wide(h, t);
}

/* fe25_carry. f: loose. h: carried. */
FE25X4_INLINE void fe25x4_carry(fe25x4 *h, const fe25x4 *f)
{
    __m256i t[10];
    for (int i = 0; i < 10; i++) t[i] = f->v[i];
    fe25x4_carry_wide(h, t);
}

/* Swap f and g in the lanes where m is all ones (m: per lane all ones or
 * all zeros, secret). */
FE25X4_INLINE void fe25x4_cswap_mask(fe25x4 *f, fe25x4 *g, __m256i m)
{
    for (int i = 0; i < 10; i++) {
        const __m256i x = _mm256_and_si256(_mm256_xor_si256(f->v[i], g->v[i]), m);
        f->v[i] = _mm256_xor_si256(f->v[i], x);
        g->v[i] = _mm256_xor_si256(g->v[i], x);
    }
}

/* The all-ones-or-zero mask of b (0 or 1, secret) in every lane. */
FE25X4_INLINE __m256i fe25x4_mask(uint32_t b)
{
    return _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_set1_epi64x((long long)b));
}

/* fe25_cswap and fe25_cmov, with the same b in every lane. */
FE25X4_INLINE void fe25x4_cswap(fe25x4 *f, fe25x4 *g, uint32_t b)
{
    fe25x4_cswap_mask(f, g, fe25x4_mask(b));
}
FE25X4_INLINE void fe25x4_cmov(fe25x4 *f, const fe25x4 *g, uint32_t b)
{
    const __m256i m = fe25x4_mask(b);
    for (int i = 0; i < 10; i++)
        f->v[i] = _mm256_xor_si256(f->v[i], _mm256_and_si256(_mm256_xor_si256(f->v[i], g->v[i]), m));
}

/* Lane l of h = in[l]. */
FE25X4_INLINE void fe25x4_pack(fe25x4 *h, const fe25 in[4])
{
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_set_epi64x(in[3].v[i], in[2].v[i], in[1].v[i], in[0].v[i]);
}

/* out[l] = lane l of f. f: within fe25's loose bound, so each lane's limb
 * is an int32 held sign-extended, and the narrowing keeps it. */
FE25X4_INLINE void fe25x4_unpack(fe25 out[4], const fe25x4 *f)
{
    int64_t w[4];
    for (int i = 0; i < 10; i++) {
        _mm256_storeu_si256((__m256i *)w, f->v[i]);
        for (int l = 0; l < 4; l++) out[l].v[i] = (int32_t)w[l];
    }
    rijn_wipe(w, sizeof w);
}

#endif
#endif
