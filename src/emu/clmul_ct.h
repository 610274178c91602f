/* SPDX-License-Identifier: MIT */
/*
 * Portable constant-time carry-less products (clmul-ct, and the forms a
 * host-instruction driver does not beat). Semantics: include/rijn/clmul.h.
 *
 * No branch and no memory index depends on an operand. Two techniques:
 *
 * Integer multiplication with holes (Pornin, BearSSL ghash_ctmul*; here as
 * in src/gf128/ghash_ct64_core.h). Split each operand into four classes by
 * bit position mod 4 (masks 0x1111..., 0x2222..., ...). An integer product
 * of a class-i part by a class-j part has its terms only in columns
 * congruent to i + j mod 4; if no column receives more than 15 terms, its
 * count fits in the 4 bits before the next column of that class, and the
 * column's lowest bit is the XOR of its terms, i.e. the carry-less result.
 * The four products landing in class k are added (their classes-k bits are
 * exact and the carries land in other classes) and masked to class k.
 * A 64-bit operand has 16 bits per class, one too many, so the multiplier
 * is split as b = (b & ~0xf) + (b & 0xf): 15 bits per class for the
 * sixteen class products, and a * (b & 0xf) separately, as four products
 * of a class of a by the 4-bit value, each with one term per column.
 *
 * Mask-and-XOR (for the 8-bit lane forms): for each bit t of the
 * multiplier lanes, a mask that is all-ones in the lanes whose bit t is
 * set, made arithmetically, selects the multiplicand shifted by t; eight
 * steps cover every lane at once. Cheaper than holes here, because holes
 * would need lanes kept apart by a multiply each.
 *
 * Integer multiplication is constant time on the 64-bit hosts rijn builds
 * for (x86-64, AArch64, s390x z-series) and on ARMv7-A's UMULL; the
 * 32-bit build uses 32 x 32 -> 64 multiplications only.
 */
#ifndef RIJN_EMU_CLMUL_CT_H
#define RIJN_EMU_CLMUL_CT_H

#include <stdint.h>

#include "rijn/clmul.h"

#define CT_M0 0x1111111111111111ull
#define CT_M1 0x2222222222222222ull
#define CT_M2 0x4444444444444444ull
#define CT_M3 0x8888888888888888ull

/* 32 x 32 -> 64 with four classes: at most 8 terms per column, so the
 * multiplier needs no split. */
static inline uint64_t ct_clmul32(uint32_t a, uint32_t b)
{
    uint64_t a0 = a & (uint32_t)CT_M0, a1 = a & (uint32_t)CT_M1, a2 = a & (uint32_t)CT_M2,
             a3 = a & (uint32_t)CT_M3;
    uint64_t b0 = b & (uint32_t)CT_M0, b1 = b & (uint32_t)CT_M1, b2 = b & (uint32_t)CT_M2,
             b3 = b & (uint32_t)CT_M3;
    uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (z0 & CT_M0) | (z1 & CT_M1) | (z2 & CT_M2) | (z3 & CT_M3);
}

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 ct_u128;

/* 64 x 64 -> 128: twenty 64 x 64 -> 128 integer multiplications (one MUL
 * or MUL+UMULH each). */
static inline rijn_clmul128 ct_clmul64(uint64_t a, uint64_t b)
{
    const ct_u128 a0 = a & CT_M0, a1 = a & CT_M1, a2 = a & CT_M2, a3 = a & CT_M3;
    const uint64_t bh = b & ~(uint64_t)0xf, bl = b & 0xf;
    const uint64_t b0 = bh & CT_M0, b1 = bh & CT_M1, b2 = bh & CT_M2, b3 = bh & CT_M3;
    ct_u128 z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    ct_u128 z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    ct_u128 z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    ct_u128 z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    /* Each (a_i * bl) has one term per column: exact, no carries. */
    ct_u128 e = (a0 * bl) ^ (a1 * bl) ^ (a2 * bl) ^ (a3 * bl);
    rijn_clmul128 r;
    r.lo = (uint64_t)e ^ ((uint64_t)z0 & CT_M0) ^ ((uint64_t)z1 & CT_M1) ^ ((uint64_t)z2 & CT_M2) ^
           ((uint64_t)z3 & CT_M3);
    r.hi = (uint64_t)(e >> 64) ^ ((uint64_t)(z0 >> 64) & CT_M0) ^ ((uint64_t)(z1 >> 64) & CT_M1) ^
           ((uint64_t)(z2 >> 64) & CT_M2) ^ ((uint64_t)(z3 >> 64) & CT_M3);
    return r;
}

/* Two 16 x 16 products, the lanes at bits 0 and 32 of each operand. As one
 * 64 x 64 product they land apart: a_0 b_0 at bits 0..30, a_1 b_1 at
 * 64..94, and the cross terms a_0 b_1 + a_1 b_0 at 32..62. Each class of
 * an operand has at most 8 bits, so no column gets more than 8 terms and
 * sixteen multiplications suffice. */
static inline uint64_t ct_clmul16x2_spread(uint64_t a, uint64_t b)
{
    const ct_u128 a0 = a & CT_M0, a1 = a & CT_M1, a2 = a & CT_M2, a3 = a & CT_M3;
    const uint64_t b0 = b & CT_M0, b1 = b & CT_M1, b2 = b & CT_M2, b3 = b & CT_M3;
    ct_u128 z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    ct_u128 z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    ct_u128 z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    ct_u128 z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    uint64_t lo = ((uint64_t)z0 & CT_M0) | ((uint64_t)z1 & CT_M1) | ((uint64_t)z2 & CT_M2) | ((uint64_t)z3 & CT_M3);
    uint64_t hi = ((uint64_t)(z0 >> 64) & CT_M0) | ((uint64_t)(z1 >> 64) & CT_M1) |
                  ((uint64_t)(z2 >> 64) & CT_M2) | ((uint64_t)(z3 >> 64) & CT_M3);
    return (lo & 0xffffffffu) | (hi << 32);
}
#else
/* No 128-bit integers (32-bit hosts): Karatsuba over three 32 x 32
 * products, lo = a0 b0, hi = a1 b1, mid = (a0 + a1)(b0 + b1) + lo + hi. */
static inline rijn_clmul128 ct_clmul64(uint64_t a, uint64_t b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint64_t l = ct_clmul32(a0, b0), h = ct_clmul32(a1, b1);
    uint64_t m = ct_clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    rijn_clmul128 r;
    r.lo = l ^ (m << 32);
    r.hi = h ^ (m >> 32);
    return r;
}

static inline uint64_t ct_clmul16x2_spread(uint64_t a, uint64_t b)
{
    return ct_clmul32((uint32_t)a, (uint32_t)b) | ct_clmul32((uint32_t)(a >> 32), (uint32_t)(b >> 32)) << 32;
}
#endif

/* All-ones in each w-bit lane of x that holds 1, zero where it holds 0:
 * x * (2^w - 1) = (x << w) - x, computed mod 2^64 (the top lane's
 * x << w falls off, and the difference is still exact mod 2^64). */
#define CT_LANEMASK(x, w) (((x) << (w)) - (x))

/* Eight 8 x 8 products, low halves. Step t adds a_i << t to the lanes
 * whose b_i has bit t; the bits a_i << t pushes beyond the lane are
 * dropped by the mask of lane-local positions >= t. */
static inline uint64_t ct_clmul8x8_low(uint64_t a, uint64_t b)
{
    const uint64_t ones = 0x0101010101010101ull;
    uint64_t r = 0;
    for (int t = 0; t < 8; t++) {
        uint64_t sel = (b >> t) & ones;
        uint64_t keep = (0xffull << t & 0xff) * ones; /* lane bits t..7 */
        r ^= (a << t) & keep & CT_LANEMASK(sel, 8);
    }
    return r;
}

/* Four 8 x 8 -> 16 products, operands in the low bytes of 16-bit lanes
 * (the high bytes zero): a_i << t stays within its 16-bit lane. */
static inline uint64_t ct_clmul8x4_spread(uint64_t a, uint64_t b)
{
    const uint64_t ones = 0x0001000100010001ull;
    uint64_t r = 0;
    for (int t = 0; t < 8; t++) {
        uint64_t sel = (b >> t) & ones;
        r ^= (a << t) & CT_LANEMASK(sel, 16);
    }
    return r;
}

/* The 4 bytes of x into the low bytes of four 16-bit lanes. */
static inline uint64_t ct_spread8(uint32_t x)
{
    uint64_t v = x;
    v = (v | v << 16) & 0x0000ffff0000ffffull;
    return (v | v << 8) & 0x00ff00ff00ff00ffull;
}

static inline uint64_t ct_clmul8x4_even(uint64_t a, uint64_t b)
{
    return ct_clmul8x4_spread(a & 0x00ff00ff00ff00ffull, b & 0x00ff00ff00ff00ffull);
}

static inline uint64_t ct_clmul8x4_odd(uint64_t a, uint64_t b)
{
    return ct_clmul8x4_spread(a >> 8 & 0x00ff00ff00ff00ffull, b >> 8 & 0x00ff00ff00ff00ffull);
}

static inline uint64_t ct_clmul8x4_packed(uint32_t a, uint32_t b)
{
    return ct_clmul8x4_spread(ct_spread8(a), ct_spread8(b));
}

static inline uint64_t ct_clmul16x2_even(uint64_t a, uint64_t b)
{
    return ct_clmul16x2_spread(a & 0x0000ffff0000ffffull, b & 0x0000ffff0000ffffull);
}

static inline uint64_t ct_clmul16x2_odd(uint64_t a, uint64_t b)
{
    return ct_clmul16x2_spread(a >> 16 & 0x0000ffff0000ffffull, b >> 16 & 0x0000ffff0000ffffull);
}

#endif
