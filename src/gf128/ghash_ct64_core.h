/* SPDX-License-Identifier: MIT */
/*
 * The field arithmetic of ghash-ct64 (reasoning: ghash_ct64.c), shared by
 * the GHASH driver and the stitched GCM driver (src/aes/gcm_ct128.c).
 */
#ifndef RIJN_GHASH_CT64_CORE_H
#define RIJN_GHASH_CT64_CORE_H

#include "gf128/ghash.h"

/* A 64-bit piece of a power of H, pre-split. */
typedef struct {
    uint64_t c[4];   /* (b & ~0xf) & M_j */
    uint64_t lo4;    /* b & 0xf */
    uint64_t full;   /* b, for the 32-bit fallback */
} piece;

/* H^k for k = 1..4: its high and low halves and their XOR (Karatsuba). */
typedef struct {
    piece h1[4], h0[4], hx[4];   /* index k - 1 */
} ghash_ct64_key;

_Static_assert(sizeof(ghash_ct64_key) <= RIJN_GF128_KEY_BYTES, "ghash key too large");

static const uint64_t M4[4] = {
    0x1111111111111111ull, 0x2222222222222222ull, 0x4444444444444444ull, 0x8888888888888888ull,
};

static inline void make_piece(piece *p, uint64_t b)
{
    for (int j = 0; j < 4; j++) p->c[j] = b & ~(uint64_t)0xf & M4[j];
    p->lo4 = b & 0xf;
    p->full = b;
}

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;

/* Accumulator of 64x64 products: z[k] class-exact (unmasked), e exact. */
typedef struct { u128 z[4], e; } acc;

static inline void acc_init(acc *A)
{
    A->z[0] = A->z[1] = A->z[2] = A->z[3] = A->e = 0;
}

static inline void clmul_acc(acc *A, uint64_t a, const piece *b)
{
    uint64_t a0 = a & M4[0], a1 = a & M4[1], a2 = a & M4[2], a3 = a & M4[3];
    A->z[0] ^= (u128)a0 * b->c[0] ^ (u128)a1 * b->c[3] ^ (u128)a2 * b->c[2] ^ (u128)a3 * b->c[1];
    A->z[1] ^= (u128)a0 * b->c[1] ^ (u128)a1 * b->c[0] ^ (u128)a2 * b->c[3] ^ (u128)a3 * b->c[2];
    A->z[2] ^= (u128)a0 * b->c[2] ^ (u128)a1 * b->c[1] ^ (u128)a2 * b->c[0] ^ (u128)a3 * b->c[3];
    A->z[3] ^= (u128)a0 * b->c[3] ^ (u128)a1 * b->c[2] ^ (u128)a2 * b->c[1] ^ (u128)a3 * b->c[0];
    A->e ^= (u128)a0 * b->lo4 ^ (u128)a1 * b->lo4 ^ (u128)a2 * b->lo4 ^ (u128)a3 * b->lo4;
}

static inline void acc_final(const acc *A, uint64_t *hi, uint64_t *lo)
{
    uint64_t l = (uint64_t)A->e, h = (uint64_t)(A->e >> 64);
    for (int k = 0; k < 4; k++) {
        l ^= (uint64_t)A->z[k] & M4[k];
        h ^= (uint64_t)(A->z[k] >> 64) & M4[k];
    }
    *hi = h;
    *lo = l;
}
#else
/* 32x32 -> 64 carry-less product with four classes (at most 8 terms per
 * column, so no spill). */
static inline uint64_t clmul32(uint32_t a, uint32_t b)
{
    uint64_t a0 = a & 0x11111111u, a1 = a & 0x22222222u, a2 = a & 0x44444444u, a3 = a & 0x88888888u;
    uint64_t b0 = b & 0x11111111u, b1 = b & 0x22222222u, b2 = b & 0x44444444u, b3 = b & 0x88888888u;
    uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (z0 & M4[0]) | (z1 & M4[1]) | (z2 & M4[2]) | (z3 & M4[3]);
}

typedef struct { uint64_t hi, lo; } acc;

static inline void acc_init(acc *A)
{
    A->hi = A->lo = 0;
}

static inline void clmul_acc(acc *A, uint64_t a, const piece *b)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b->full, b1 = (uint32_t)(b->full >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    A->lo ^= l ^ (m << 32);
    A->hi ^= h ^ (m >> 32);
}

static inline void acc_final(const acc *A, uint64_t *hi, uint64_t *lo)
{
    *hi = A->hi;
    *lo = A->lo;
}
#endif

/*
 * Karatsuba recombination and reduction of the three products (high
 * halves hh, low halves ll, middle mm = (x1 ^ x0)(h1 ^ h0)) into Y.
 *
 * Big-endian loads put GCM's x^0 at bit 127: the bit order is reflected.
 * A carry-less product of reflected operands is the reflected product
 * shifted right by one, so the 256-bit product is shifted left by 1; then
 * bit b stands for x^(255 - b).
 *
 * Reduction: a term x^d with d >= 128 equals x^(d-128) (x^7 + x^2 + x + 1),
 * i.e. the bit at position p < 128 adds to positions p + 128, p + 127,
 * p + 126 and p + 121. Folding the lowest word v0 lands in v2 (right shifts
 * by 0, 1, 2, 7) and spills into v1 (left shifts by 63, 62, 57); then v1 is
 * folded into v3 and v2 the same way (Intel's CLMUL white paper, alg. 4/5).
 */
static inline void reduce(uint64_t hh1, uint64_t hh0, uint64_t ll1, uint64_t ll0, uint64_t mh, uint64_t ml,
                          uint64_t *y1, uint64_t *y0)
{
    mh ^= hh1 ^ ll1;
    ml ^= hh0 ^ ll0;
    uint64_t v3 = hh1, v2 = hh0 ^ mh, v1 = ll1 ^ ml, v0 = ll0;
    v3 = (v3 << 1) | (v2 >> 63);
    v2 = (v2 << 1) | (v1 >> 63);
    v1 = (v1 << 1) | (v0 >> 63);
    v0 <<= 1;
    v2 ^= v0 ^ (v0 >> 1) ^ (v0 >> 2) ^ (v0 >> 7);
    v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
    v3 ^= v1 ^ (v1 >> 1) ^ (v1 >> 2) ^ (v1 >> 7);
    v2 ^= (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
    *y1 = v3;
    *y0 = v2;
}

/* Sum over t < n of a[t] * p[t], one 64x64 role of Karatsuba. Keeping one
 * accumulator live at a time keeps the products in registers. */
static inline void dot(const uint64_t *a, const piece *const *p, int n, uint64_t *hi, uint64_t *lo)
{
    acc A;
    acc_init(&A);
    for (int t = 0; t < n; t++) clmul_acc(&A, a[t], p[t]);
    acc_final(&A, hi, lo);
}

/* Y <- (Y ^ X_0) H^n ^ X_1 H^(n-1) ^ ... ^ X_(n-1) H, for n = 1..4. */
static inline void ghash_n(const ghash_ct64_key *key, uint64_t *y1, uint64_t *y0, const uint8_t *in, int n)
{
    uint64_t x1[4] = { 0 }, x0[4] = { 0 }, xx[4], hh1, hh0, ll1, ll0, mh, ml;
    const piece *p1[4], *p0[4], *px[4];
    for (int t = 0; t < n; t++) {
        x1[t] = rijn_load64_be(in + 16 * t);
        x0[t] = rijn_load64_be(in + 16 * t + 8);
        p1[t] = &key->h1[n - 1 - t];
        p0[t] = &key->h0[n - 1 - t];
        px[t] = &key->hx[n - 1 - t];
    }
    x1[0] ^= *y1;
    x0[0] ^= *y0;
    for (int t = 0; t < n; t++) xx[t] = x1[t] ^ x0[t];
    dot(x1, p1, n, &hh1, &hh0);
    dot(x0, p0, n, &ll1, &ll0);
    dot(xx, px, n, &mh, &ml);
    reduce(hh1, hh0, ll1, ll0, mh, ml, y1, y0);
}

#endif
