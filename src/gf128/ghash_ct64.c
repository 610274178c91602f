/*
 * ghash-ct64: constant-time GHASH (SP 800-38D §6.3-6.4) in portable C.
 *
 * Carry-less multiplication from integer multiplication ("multiply with
 * holes", as in BearSSL's ghash_ctmul64 and T. Pornin's notes on
 * constant-time GHASH).
 *
 * An integer multiplier adds partial products with carries; a carry-less
 * one XORs them. If the set bits of each operand are spaced far enough
 * apart, the integer column sums cannot carry into the next column that
 * matters, and the parity of each column sum is the carry-less result.
 *
 * We split a 64-bit operand into five "classes" by bit position mod 5:
 * a_i = a & m_i. The product a_i * b_j (a 128-bit integer) only has columns
 * at positions = i + j (mod 5). Each class holds at most 13 bits, so a
 * column sums at most 13 partial products: less than 16, it fits in 4 bits,
 * and the 4-bit ranges of two columns of the same class (5 apart) never
 * overlap. Hence bit p of a_i * b_j is exactly the parity of column p, and
 *     clmul(a, b) = OR over k of ( XOR over i+j=k mod 5 of a_i b_j ) & M_k
 * with M_k the 128-bit mask of positions = k (mod 5). 25 multiplications
 * give a full 64x64 -> 128 carry-less product.
 * (Four classes would allow 16 terms per column, which overflows 4 bits;
 * BearSSL avoids this by keeping only the low 64 bits and bit-reversing the
 * operands for the high half. Five classes on a 64x64 -> 128 multiply cost
 * 25 multiplications instead of 32.)
 *
 * Constant time: only AND, XOR, shifts and integer multiplications, with no
 * branch or address on data. This assumes the CPU's 64x64 multiplier has a
 * fixed latency (true of x86-64 and ARMv8 cores; not of some old 32-bit
 * cores, which we note in docs/security.md).
 *
 * Where the compiler has no 128-bit integer type (32-bit targets), the
 * 64x64 product is built by Karatsuba from three 32x32 -> 64 products,
 * each with four classes (at most 8 terms per column, fits in 4 bits).
 *
 * A 128x128 product is Karatsuba over 64-bit halves, then reduction modulo
 * x^128 + x^7 + x^2 + x + 1 in GCM's reflected bit order (see ghash_mul).
 */
#include "core/internal.h"

#if defined(__SIZEOF_INT128__)
typedef unsigned __int128 u128;

/* Bits at positions = k (mod 5) of a 64-bit word. */
static const uint64_t M5[5] = {
    0x1084210842108421ull, 0x2108421084210842ull, 0x4210842108421084ull,
    0x8421084210842108ull, 0x0842108421084210ull,
};

/* 64x64 -> 128 carry-less product; b is given already split in classes. */
static inline void clmul64(uint64_t a, const uint64_t b[5], uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & M5[0], a1 = a & M5[1], a2 = a & M5[2], a3 = a & M5[3], a4 = a & M5[4];
    u128 z0 = (u128)a0 * b[0] ^ (u128)a1 * b[4] ^ (u128)a2 * b[3] ^ (u128)a3 * b[2] ^ (u128)a4 * b[1];
    u128 z1 = (u128)a0 * b[1] ^ (u128)a1 * b[0] ^ (u128)a2 * b[4] ^ (u128)a3 * b[3] ^ (u128)a4 * b[2];
    u128 z2 = (u128)a0 * b[2] ^ (u128)a1 * b[1] ^ (u128)a2 * b[0] ^ (u128)a3 * b[4] ^ (u128)a4 * b[3];
    u128 z3 = (u128)a0 * b[3] ^ (u128)a1 * b[2] ^ (u128)a2 * b[1] ^ (u128)a3 * b[0] ^ (u128)a4 * b[4];
    u128 z4 = (u128)a0 * b[4] ^ (u128)a1 * b[3] ^ (u128)a2 * b[2] ^ (u128)a3 * b[1] ^ (u128)a4 * b[0];
    /* Position 64 + q is = q + 4 (mod 5): the high word of class k uses the
     * low-word mask of class k + 1. */
    uint64_t l = ((uint64_t)z0 & M5[0]) | ((uint64_t)z1 & M5[1]) | ((uint64_t)z2 & M5[2]) |
                 ((uint64_t)z3 & M5[3]) | ((uint64_t)z4 & M5[4]);
    uint64_t h = ((uint64_t)(z0 >> 64) & M5[1]) | ((uint64_t)(z1 >> 64) & M5[2]) |
                 ((uint64_t)(z2 >> 64) & M5[3]) | ((uint64_t)(z3 >> 64) & M5[4]) |
                 ((uint64_t)(z4 >> 64) & M5[0]);
    *hi = h;
    *lo = l;
}

static inline void split(uint64_t out[5], uint64_t b)
{
    for (int i = 0; i < 5; i++) out[i] = b & M5[i];
}
#define NSPLIT 5
#else
/* 32x32 -> 64 carry-less product with four classes. */
static inline uint64_t clmul32(uint32_t a, uint32_t b)
{
    const uint32_t m0 = 0x11111111, m1 = 0x22222222, m2 = 0x44444444, m3 = 0x88888888;
    uint64_t a0 = a & m0, a1 = a & m1, a2 = a & m2, a3 = a & m3;
    uint64_t b0 = b & m0, b1 = b & m1, b2 = b & m2, b3 = b & m3;
    uint64_t z0 = (a0 * b0) ^ (a1 * b3) ^ (a2 * b2) ^ (a3 * b1);
    uint64_t z1 = (a0 * b1) ^ (a1 * b0) ^ (a2 * b3) ^ (a3 * b2);
    uint64_t z2 = (a0 * b2) ^ (a1 * b1) ^ (a2 * b0) ^ (a3 * b3);
    uint64_t z3 = (a0 * b3) ^ (a1 * b2) ^ (a2 * b1) ^ (a3 * b0);
    return (z0 & 0x1111111111111111ull) | (z1 & 0x2222222222222222ull) | (z2 & 0x4444444444444444ull) |
           (z3 & 0x8888888888888888ull);
}

static inline void clmul64(uint64_t a, const uint64_t b[1], uint64_t *hi, uint64_t *lo)
{
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b[0], b1 = (uint32_t)(b[0] >> 32);
    uint64_t l = clmul32(a0, b0), h = clmul32(a1, b1);
    uint64_t m = clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
    *lo = l ^ (m << 32);
    *hi = h ^ (m >> 32);
}

static inline void split(uint64_t out[1], uint64_t b)
{
    out[0] = b;
}
#define NSPLIT 1
#endif

/* The key: H's halves and their XOR (for Karatsuba), pre-split. */
typedef struct {
    uint64_t h1[NSPLIT], h0[NSPLIT], hx[NSPLIT];
} ghash_ct64_key;

_Static_assert(sizeof(ghash_ct64_key) <= RIJN_GF128_KEY_BYTES, "ghash key too large");

static void ghash_ct64_init(void *hkey, const uint8_t h[16])
{
    ghash_ct64_key *k = hkey;
    uint64_t h1 = rijn_load64_be(h), h0 = rijn_load64_be(h + 8);
    split(k->h1, h1);
    split(k->h0, h0);
    split(k->hx, h1 ^ h0);
}

/*
 * (y1:y0) <- (y1:y0) * H. Big-endian loads put GCM's x^0 at bit 127: the
 * bit order is reflected. An integer-style carry-less product of reflected
 * operands is the reflected product shifted right by one, so we shift the
 * 256-bit product left by 1; then bit b stands for x^(255 - b).
 *
 * Reduction: a term x^d with d >= 128 equals x^(d-128) (x^7 + x^2 + x + 1),
 * i.e. the bit at position p < 128 adds to positions p + 128, p + 127,
 * p + 126 and p + 121. Folding the lowest word v0 lands in v2 (right shifts
 * by 0, 1, 2, 7) and spills into v1 (left shifts by 63, 62, 57); then v1 is
 * folded into v3 and v2 the same way. (Intel's CLMUL white paper, alg. 4/5.)
 */
static inline void ghash_mul(const ghash_ct64_key *k, uint64_t *y1, uint64_t *y0)
{
    uint64_t hh, hl, lh, ll, mh, ml;
    clmul64(*y1, k->h1, &hh, &hl);
    clmul64(*y0, k->h0, &lh, &ll);
    clmul64(*y1 ^ *y0, k->hx, &mh, &ml);
    mh ^= hh ^ lh;
    ml ^= hl ^ ll;
    /* 256-bit product v3:v2:v1:v0. */
    uint64_t v3 = hh, v2 = hl ^ mh, v1 = lh ^ ml, v0 = ll;
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

static void ghash_ct64(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n)
{
    const ghash_ct64_key *k = hkey;
    uint64_t y1 = rijn_load64_be(y), y0 = rijn_load64_be(y + 8);
    for (; n; n--, in += 16) {
        y1 ^= rijn_load64_be(in);
        y0 ^= rijn_load64_be(in + 8);
        ghash_mul(k, &y1, &y0);
    }
    rijn_store64_be(y, y1);
    rijn_store64_be(y + 8, y0);
}

static const struct rijn_gf128_ops ghash_ct64_ops = {
    .init = ghash_ct64_init,
    .ghash = ghash_ct64,
};

const struct rijn_desc rijn_ghash_ct64_desc = {
    .alg = "gf128",
    .name = "ghash-ct64",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .kind = RIJN_KIND_GF128,
    .gf128 = &ghash_ct64_ops,
};
