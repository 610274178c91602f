/* SPDX-License-Identifier: MIT */
/*
 * ghash-neon: constant-time GHASH (SP 800-38D §6.4) on AArch64 Advanced
 * SIMD without PMULL's 64-bit form: every carry-less product is built from
 * PMULL's 8x8-bit form (vmull_p8: eight byte-by-byte products at once), as
 * Câmara, Gouvêa, López and Dahab proposed for ARMv7 NEON.
 *
 * A 64x64-bit product from byte products
 * --------------------------------------
 * With a = sum a_i x^(8i) and b = sum b_j x^(8j) (bytes i, j = 0..7), the
 * product is the sum of the 64 byte products a_i b_j, each 15 bits wide, at
 * bit 8(i + j). Group them by the distance d = j - i (mod 8):
 *   d = 0:   vmull_p8(a, b)                gives lane i = a_i b_i
 *   d = 1..3: vmull_p8(a, b<<<d) + vmull_p8(a<<<d, b)
 *            gives lane i = a_i b_(i+d) + a_(i+d) b_i
 *   d = 4:   vmull_p8(a, b<<<4)            gives lane i = a_i b_(i+4)
 * where x<<<d rotates the bytes (lane i takes byte i + d mod 8), so eight
 * vmull_p8 cover all 64 products. Lane i (16 bits, at byte 2i of the
 * 128-bit result) belongs at byte i + j: 2i + d when i + d < 8, and
 * 2i + d - 8 when the index wrapped. So the lanes below 8 - d move left by
 * d bytes and the others right by 8 - d bytes: a mask and two EXTs per
 * distance.
 *
 * b is H (or a Karatsuba half of it) in every product: its rotations are
 * loop-invariant and are computed once per call, outside the loop; only
 * a's three rotations are computed per product.
 *
 * 128 x 128 and the reduction
 * ---------------------------
 * Blocks are bit-reversed per byte (RBIT), so the bytes hold the polynomial
 * in natural order (see ghash_pmull_core.h). Karatsuba makes three 64x64
 * products. The 256-bit result p3:p2:p1:p0 is reduced modulo
 * x^128 + x^7 + x^2 + x + 1 with shifts only, no wide multiply: a word w at
 * x^128 and above equals w (1 + x + x^2 + x^7), that is
 * w ^ w<<1 ^ w<<2 ^ w<<7 plus the bits pushed out of the word,
 * w>>63 ^ w>>62 ^ w>>57 (at most 7 bits), one word up. p3's fold lands in
 * p2:p1 and p2's in p1:p0; p3's overflow into p2 (< 2^7) is too small to
 * overflow again when p2 is folded (shifts by at most 7 keep it under
 * 2^14 < 2^57), so both folds are done on p3:p2 at once and p3's overflow
 * is folded separately.
 */
#include "arch/arm64/arm64.h"
#include "gf128/ghash.h"

#ifdef RIJN_ARM64

/* b and its byte rotations by 1..4, for one 64-bit operand. */
struct p8_operand {
    uint8x8_t r[5];
};

struct ghash_neon_hkey {
    uint8_t h[16];   /* H, bit-reversed per byte */
};
_Static_assert(sizeof(struct ghash_neon_hkey) <= RIJN_GF128_KEY_BYTES, "neon key too large");

static inline void p8_prepare(struct p8_operand *o, uint8x8_t b)
{
    o->r[0] = b;
    o->r[1] = vext_u8(b, b, 1);
    o->r[2] = vext_u8(b, b, 2);
    o->r[3] = vext_u8(b, b, 3);
    o->r[4] = vext_u8(b, b, 4);
}

static inline uint8x16_t pm8(uint8x8_t a, uint8x8_t b)
{
    return vreinterpretq_u8_p16(vmull_p8(vreinterpret_p8_u8(a), vreinterpret_p8_u8(b)));
}

/* Masks keeping the lanes that move left: bytes below 16 - 2d. */
static const uint8_t p8_low[4][16] = {
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0 },   /* d = 1 */
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0 },         /* d = 2 */
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0 },               /* d = 3 */
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0 },                     /* d = 4 */
};

/* Place the lanes of distance d (see the top of the file). */
#define P8_PLACE(acc, x, d, m, z)                                                   \
    do {                                                                            \
        (acc) = veorq_u8((acc), vextq_u8((z), vandq_u8((x), (m)), 16 - (d)));       \
        (acc) = veorq_u8((acc), vextq_u8(vbicq_u8((x), (m)), (z), 8 - (d)));        \
    } while (0)

/* 64 x 64 -> 128-bit carry-less product a * b, b prepared. */
static inline uint8x16_t clmul64_p8(uint8x8_t a, const struct p8_operand *b, const uint8x16_t m[4])
{
    const uint8x16_t z = vdupq_n_u8(0);
    const uint8x8_t a1 = vext_u8(a, a, 1), a2 = vext_u8(a, a, 2), a3 = vext_u8(a, a, 3);
    uint8x16_t r = pm8(a, b->r[0]);
    const uint8x16_t l = veorq_u8(pm8(a, b->r[1]), pm8(a1, b->r[0]));
    const uint8x16_t mm = veorq_u8(pm8(a, b->r[2]), pm8(a2, b->r[0]));
    const uint8x16_t n = veorq_u8(pm8(a, b->r[3]), pm8(a3, b->r[0]));
    const uint8x16_t k = pm8(a, b->r[4]);
    P8_PLACE(r, l, 1, m[0], z);
    P8_PLACE(r, mm, 2, m[1], z);
    P8_PLACE(r, n, 3, m[2], z);
    P8_PLACE(r, k, 4, m[3], z);
    return r;
}

/* w (1 + x + x^2 + x^7) per 64-bit lane: the part that stays in the word. */
static inline uint64x2_t fold_lo(uint64x2_t w)
{
    return veorq_u64(veorq_u64(w, vshlq_n_u64(w, 1)), veorq_u64(vshlq_n_u64(w, 2), vshlq_n_u64(w, 7)));
}

/* ... and the bits pushed out of it (at most 7). */
static inline uint64x2_t fold_hi(uint64x2_t w)
{
    return veorq_u64(veorq_u64(vshrq_n_u64(w, 63), vshrq_n_u64(w, 62)), vshrq_n_u64(w, 57));
}

struct ghash_neon_h {
    struct p8_operand lo, hi, mid;   /* H's halves and their sum, prepared */
    uint8x16_t m[4];
};

/* y * H in the bit-reversed domain. */
static inline uint64x2_t mul_h(uint64x2_t y, const struct ghash_neon_h *h)
{
    const uint8x16_t yb = vreinterpretq_u8_u64(y);
    const uint8x8_t y0 = vget_low_u8(yb), y1 = vget_high_u8(yb);
    const uint64x2_t lo = vreinterpretq_u64_u8(clmul64_p8(y0, &h->lo, h->m));
    const uint64x2_t hi = vreinterpretq_u64_u8(clmul64_p8(y1, &h->hi, h->m));
    uint64x2_t mid = vreinterpretq_u64_u8(clmul64_p8(veor_u8(y0, y1), &h->mid, h->m));
    mid = veorq_u64(mid, veorq_u64(lo, hi));
    const uint64x2_t z = vdupq_n_u64(0);
    const uint64x2_t p10 = veorq_u64(lo, vextq_u64(z, mid, 1));   /* lo + mid x^64 */
    const uint64x2_t p32 = veorq_u64(hi, vextq_u64(mid, z, 1));   /* hi + mid / x^64 */
    /* Fold p3:p2 into p2:p1 / p1:p0 at once: lane 0 (p2) lands in p0 and
     * its overflow in p1; lane 1 (p3) lands in p1 and its overflow in p2,
     * which is folded once more into p0. */
    const uint64x2_t lo_part = fold_lo(p32), hi_part = fold_hi(p32);
    const uint64x2_t o3 = vextq_u64(hi_part, z, 1);                  /* (p3's overflow, 0) */
    uint64x2_t r = veorq_u64(p10, lo_part);                          /* p0 ^= L(p2), p1 ^= L(p3) */
    r = veorq_u64(r, vextq_u64(z, hi_part, 1));                      /* p1 ^= p2's overflow */
    r = veorq_u64(r, fold_lo(o3));                                   /* p0 ^= L(p3's overflow) */
    return r;
}

static inline uint64x2_t load_rev(const uint8_t *p)
{
    return vreinterpretq_u64_u8(vrbitq_u8(vld1q_u8(p)));
}

static void ghash_neon_init(void *hkey, const uint8_t h[16])
{
    struct ghash_neon_hkey *k = hkey;
    vst1q_u8(k->h, vrbitq_u8(vld1q_u8(h)));
}

static void ghash_neon(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n)
{
    const struct ghash_neon_hkey *k = hkey;
    struct ghash_neon_h h;
    const uint8x16_t hv = vld1q_u8(k->h);
    p8_prepare(&h.lo, vget_low_u8(hv));
    p8_prepare(&h.hi, vget_high_u8(hv));
    p8_prepare(&h.mid, veor_u8(vget_low_u8(hv), vget_high_u8(hv)));
    for (int i = 0; i < 4; i++) h.m[i] = vld1q_u8(p8_low[i]);
    uint64x2_t acc = load_rev(y);
    for (; n; n--, in += 16) {
        RIJN_MCA_BEGIN("ghash-neon");
        acc = mul_h(veorq_u64(acc, load_rev(in)), &h);
        RIJN_MCA_END();
    }
    vst1q_u8(y, vrbitq_u8(vreinterpretq_u8_u64(acc)));
}

static const struct rijn_ghash_ops ghash_neon_ops = { .init = ghash_neon_init, .ghash = ghash_neon };
#define GHASH_NEON_OPS &ghash_neon_ops
#else
#define GHASH_NEON_OPS NULL
#endif

const struct rijn_desc rijn_ghash_neon_desc = {
    .kind = &rijn_kind_ghash,
    .name = "ghash-neon",
    .priority = 250,
    .cpu = RIJN_CPU_AARCH64 | RIJN_CPU_NEON,
    .ct = true,
    .ops = GHASH_NEON_OPS,
};
