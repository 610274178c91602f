/* SPDX-License-Identifier: MIT */
/*
 * GHASH (SP 800-38D §6.4) with PMULL (64x64 -> 128-bit carry-less
 * multiply: PMULL on AArch64, vmull.p64 on AArch32, arch/arm/ce.h), shared
 * by ghash-pmull and the stitched gcm-aes-ce.
 *
 * Bit order
 * ---------
 * GCM numbers the bits of a block from the left: bit 7 of byte 0 is the
 * coefficient of x^0. RBIT on each byte (ce_rbit8: one instruction for
 * 16 bytes on AArch64, seven on AArch32) turns that into the natural
 * order: byte k, bit j is the coefficient of x^(8k + j), so the block
 * loaded little-endian is the polynomial as a 128-bit integer, and
 * carry-less products need no shift by one (the usual price of multiplying
 * reflected operands). Blocks are bit-reversed on the
 * way in and the hash on the way out; the powers of H are kept reversed.
 *
 * Products and reduction
 * ----------------------
 * a * b, 128 x 128 bits, by Karatsuba: lo = a0 b0, hi = a1 b1,
 * mid = (a0 + a1)(b0 + b1) + lo + hi, three PMULLs. Four blocks are hashed
 * together, Y' = (Y + X1) H^4 + X2 H^3 + X3 H^2 + X4 H, by adding the
 * unreduced lo/hi/mid of the four products: one reduction per four blocks
 * (the aggregated reduction of Gueron and Kounavis).
 *
 * The 256-bit product P = p3:p2:p1:p0 (64-bit words) is reduced modulo
 * g = x^128 + x^7 + x^2 + x + 1, where x^128 = x^7 + x^2 + x + 1 (0x87):
 *   p3 x^192 = (p3 * 0x87) x^64: a 71-bit product, added to p2:p1;
 *   p2 x^128 = p2 * 0x87: a 71-bit product, added to p1:p0.
 * The second fold uses p2 after the first has changed it; neither can
 * spill further, because a 64-bit word times a degree-7 polynomial has at
 * most 71 bits, and 71 + 64 < 192, 71 < 128.
 */
#ifndef RIJN_GHASH_PMULL_CORE_H
#define RIJN_GHASH_PMULL_CORE_H

#include "arch/arm/ce.h"
#include "gf128/ghash.h"

#ifdef RIJN_ARM_CE
#define RIJN_HAVE_PMULL 1
/* PMULL's 64-bit form is part of the Crypto Extensions: their target. */
#define PMULL_TARGET CE_TARGET

struct pmull_hkey {
    uint64x2_t h[4];   /* H^1..H^4, bit-reversed */
    uint64x2_t k[4];   /* lo ^ hi of each, for Karatsuba's middle product */
};
_Static_assert(sizeof(struct pmull_hkey) <= RIJN_GF128_KEY_BYTES, "pmull key too large");

/* Unreduced sum of products. */
struct pm_acc {
    uint64x2_t lo, hi, mid;
};

PMULL_TARGET static inline uint64x2_t pm_load(const uint8_t *p)
{
    return vreinterpretq_u64_u8(ce_rbit8(vld1q_u8(p)));
}

PMULL_TARGET static inline void pm_store(uint8_t *p, uint64x2_t v)
{
    vst1q_u8(p, ce_rbit8(vreinterpretq_u8_u64(v)));
}

/* acc (+)= a * H^(i+1), unreduced. */
PMULL_TARGET static inline void pm_mul(struct pm_acc *acc, uint64x2_t a, const struct pmull_hkey *k, int i, bool first)
{
    const uint64x2_t lo = ce_clmul_lo(a, k->h[i]), hi = ce_clmul_hi(a, k->h[i]);
    const uint64x2_t mid = ce_clmul_lo(veorq_u64(a, vextq_u64(a, a, 1)), k->k[i]);
    if (first) {
        acc->lo = lo; acc->hi = hi; acc->mid = mid;
    } else {
        acc->lo = veorq_u64(acc->lo, lo);
        acc->hi = veorq_u64(acc->hi, hi);
        acc->mid = veorq_u64(acc->mid, mid);
    }
}

PMULL_TARGET static inline uint64x2_t pm_reduce(const struct pm_acc *acc)
{
    const uint64x2_t zero = vdupq_n_u64(0), g = vdupq_n_u64(0x87);
    const uint64x2_t mid = veorq_u64(acc->mid, veorq_u64(acc->lo, acc->hi));
    /* p1:p0 = lo + (mid << 64), p3:p2 = hi + (mid >> 64) */
    uint64x2_t p10 = veorq_u64(acc->lo, vextq_u64(zero, mid, 1));
    uint64x2_t p32 = veorq_u64(acc->hi, vextq_u64(mid, zero, 1));
    /* p3 * 0x87 into p2:p1 */
    const uint64x2_t t = ce_clmul_hi(p32, g);
    p10 = veorq_u64(p10, vextq_u64(zero, t, 1));
    p32 = veorq_u64(p32, vextq_u64(t, zero, 1));
    /* p2 * 0x87 into p1:p0 */
    return veorq_u64(p10, ce_clmul_lo(p32, g));
}

PMULL_TARGET static inline uint64x2_t pm_mul1(uint64x2_t a, const struct pmull_hkey *k, int i)
{
    struct pm_acc acc;
    pm_mul(&acc, a, k, i, true);
    return pm_reduce(&acc);
}

/* Y' = (Y + X1) H^4 + X2 H^3 + X3 H^2 + X4 H (x already bit-reversed). */
PMULL_TARGET static inline uint64x2_t pm_hash4(const struct pmull_hkey *k, uint64x2_t y, const uint64x2_t x[4])
{
    struct pm_acc acc;
    pm_mul(&acc, veorq_u64(y, x[0]), k, 3, true);
    pm_mul(&acc, x[1], k, 2, false);
    pm_mul(&acc, x[2], k, 1, false);
    pm_mul(&acc, x[3], k, 0, false);
    return pm_reduce(&acc);
}

RIJN_HIDDEN void rijn_pmull_init(void *hkey, const uint8_t h[16]);

#endif
#endif
