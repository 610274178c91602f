/* SPDX-License-Identifier: MIT */
/*
 * ghash-ct64: constant-time GHASH (SP 800-38D §6.3-6.4) in portable C.
 *
 * Carry-less multiplication from integer multiplication ("multiply with
 * holes", after T. Pornin's BearSSL ghash_ctmul64 and BoringSSL's
 * gcm_nohw).
 *
 * An integer multiplier adds partial products with carries; a carry-less
 * one XORs them. If the set bits of each operand are spaced far enough
 * apart, no column sum can carry into the next column that matters, and the
 * parity of each column sum is the carry-less result.
 *
 * Split a 64-bit operand into four classes by bit position mod 4:
 * a_i = a & m_i. The 128-bit integer product a_i * b_j has its columns at
 * positions = i + j (mod 4), four bits apart. A column sums at most
 * min(#bits of a_i, #bits of b_j) partial products. With 16 bits per class
 * that can reach 16, which needs 5 bits and would spill into the next
 * column of the class. So the fixed operand (a piece of H) is split as
 *     b = b60 ^ b4,   b60 = b & ~0xf,   b4 = b & 0xf
 * and b60 has at most 15 bits per class: every column sum is at most 15,
 * fits in its 4 bits, and bit p of a_i * b60_j is exactly the parity of
 * column p. Hence
 *     clmul(a, b60) = OR_k ( XOR_{i+j=k mod 4} a_i * b60_j ) & M_k
 * where M_k keeps positions = k (mod 4) (the same pattern in both 64-bit
 * halves, as 64 = 0 mod 4). The low part needs no mask at all: b4 has one
 * bit per column class, so each column of a_i * b4 has at most one term,
 * and clmul(a, b4) = XOR_i a_i * b4. In all, 20 multiplications for a
 * 64x64 -> 128 product, instead of 25 with five classes.
 *
 * Class-exact partial results stay class-exact under XOR, so products of
 * several blocks are accumulated unmasked and masked once.
 *
 * Aggregation: four blocks at a time as
 *     Y <- (Y ^ X0) H^4 ^ X1 H^3 ^ X2 H^2 ^ X3 H,
 * with one masking and one reduction per four blocks. A 128x128 product is
 * Karatsuba over 64-bit halves (three 64x64 products).
 *
 * Constant time: only AND, XOR, shifts and integer multiplications, with no
 * branch or address on data. This assumes the CPU's 64x64 multiplier has a
 * fixed latency (true of x86-64 and ARMv8 cores; not of some old 32-bit
 * cores, which docs/security.md notes).
 *
 * Without a 128-bit integer type (32-bit targets), each 64x64 product is
 * Karatsuba over three 32x32 -> 64 products, each with four classes (at
 * most 8 terms per column), accumulated exactly.
 */
#include "gf128/ghash_ct64_core.h"

static void set_power(ghash_ct64_key *key, int k, uint64_t h1, uint64_t h0)
{
    make_piece(&key->h1[k], h1);
    make_piece(&key->h0[k], h0);
    make_piece(&key->hx[k], h1 ^ h0);
}

static void ghash_ct64_init(void *hkey, const uint8_t h[16])
{
    ghash_ct64_key *key = hkey;
    uint8_t zero[16] = { 0 };
    uint64_t p1 = rijn_load64_be(h), p0 = rijn_load64_be(h + 8);
    set_power(key, 0, p1, p0);
    /* H^(k+1) = (0 ^ H^k) * H: one GHASH step on a zero block from Y = H^k. */
    for (int k = 1; k < 4; k++) {
        ghash_n(key, &p1, &p0, zero, 1);
        set_power(key, k, p1, p0);
    }
}

static void ghash_ct64(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n)
{
    const ghash_ct64_key *key = hkey;
    uint64_t y1 = rijn_load64_be(y), y0 = rijn_load64_be(y + 8);
    for (; n >= 4; n -= 4, in += 64) {
        RIJN_MCA_BEGIN("ghash-ct64");
        ghash_n(key, &y1, &y0, in, 4);
        RIJN_MCA_END();
    }
    if (n) ghash_n(key, &y1, &y0, in, (int)n);
    rijn_store64_be(y, y1);
    rijn_store64_be(y + 8, y0);
}

static const struct rijn_ghash_ops ghash_ct64_ops = {
    .init = ghash_ct64_init,
    .ghash = ghash_ct64,
};

const struct rijn_desc rijn_ghash_ct64_desc = {
    .kind = &rijn_kind_ghash,
    .name = "ghash-ct64",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .ops = &ghash_ct64_ops,
};
