/* SPDX-License-Identifier: MIT */
/*
 * ghash-neon: constant-time GHASH (SP 800-38D §6.4) on NEON without a
 * 64-bit carry-less multiply: every carry-less product is built from the
 * 8x8-bit form (vmull_p8: eight byte-by-byte products at once), as Câmara,
 * Gouvêa, López and Dahab ("Fast Software Polynomial Multiplication on ARM
 * Processors Using the NEON Engine", 2013) proposed for ARMv7 NEON. One
 * source for AArch64 (Advanced SIMD is architectural) and 32-bit ARMv7-A
 * with NEON (enabled for this file only, src/arch/arm32/arm32.h).
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
 * 2i + d - 8 when the index wrapped (lanes 8 - d .. 7). Two ways to move
 * them, one per architecture (p8_place):
 *   AArch64: the lanes below 8 - d move left by d bytes and the others
 *            right by 8 - d bytes: a mask and two EXTs per distance.
 *   ARMv7:   the wrapped lanes belong exactly where lanes 4 apart in the
 *            low half go (2i + d - 8 = 2(i - 4) + d), so they are XORed
 *            onto the low half (the high half keeps its 4 - d unwrapped
 *            lanes) and the whole 128 bits rotate left by d bytes. That
 *            is three operations on 64-bit D registers and one VEXT, the
 *            paper's sequence; AArch64 cannot address a register's high
 *            half, which is why it uses the masks.
 * Every step is a fixed sequence of multiplies, masks, XORs and byte
 * moves: no branch and no address depends on H or the data.
 *
 * b is H (or a Karatsuba half of it) in every product: its rotations are
 * loop-invariant and are computed once, when the key is set (they are
 * part of the key, struct ghash_neon_hkey); only a's three rotations are
 * computed per product.
 *
 * The reflected domain
 * --------------------
 * GCM numbers the bits of a block from the most significant bit of byte 0
 * (x^0) to the least significant bit of byte 15 (x^127), so the block read
 * as a big-endian 128-bit integer V holds the polynomial reflected: bit p
 * of V is the coefficient of x^(127 - p). Byte-reversing the block (a
 * VREV64 and a VEXT swapping the 64-bit halves) is all the conversion
 * needed; no bit in a byte moves.
 * ARMv7 has no RBIT on vectors (AArch64's vrbitq_u8), and a per-byte bit
 * reversal there would cost two VTBL lookups per half and four more
 * operations per block. This is the formulation of the Intel
 * carry-less multiplication white paper (Gueron and Kounavis) and of
 * OpenSSL's ghash-armv4.
 *
 * The integer product of two reflected values, V_u V_v (255 bits), has
 * bit p = coefficient of x^(254 - p) of u v: read as a 256-bit reflected
 * value it is u v x. So H is stored "twisted", as H x^-1 (mod the GCM
 * polynomial g = x^128 + x^7 + x^2 + x + 1), and V_y V_(H x^-1) is y H
 * with no shift. x^-1 = x^127 + x^6 + x + 1 (x times it is 1 mod g): in
 * reflected form a left shift by 1, and when the coefficient of x^0 (bit
 * 127) falls out, bits 0, 121, 126 and 127 are XORed in: OpenSSL's
 * "0xc2...01" constant. The powers follow from the product itself:
 * (H^k x^-1)(H x^-1) x = H^(k+1) x^-1.
 *
 * 128 x 128 and the reduction
 * ---------------------------
 * Karatsuba makes three 64x64 products. The 256-bit result P = P_hi:P_lo
 * (128 bits each) represents P_hi + P_lo x^128 in reflected form: P_hi is
 * the part below x^128, P_lo the part above, to fold. Modulo g,
 * x^128 = 1 + x + x^2 + x^7, and multiplying a reflected value by x^k is a
 * right shift by k, so the fold of L = P_lo is L ^ L>>1 ^ L>>2 ^ L>>7
 * (128-bit shifts) plus the k lowest bits of L that the shifts push out
 * below bit 0: they stand for x^128 .. x^134 and make a word O = L<<127 ^
 * L<<126 ^ L<<121 (only its top 7 bits can be set) that is folded once
 * more, O ^ O>>1 ^ O>>2 ^ O>>7, which stays inside 128 bits (O's lowest
 * bit is 121, and 121 - 7 >= 0). In 64-bit lanes, with t = w<<63 ^ w<<62
 * ^ w<<57 per lane: the 128-bit shifts move t of the high lane into the
 * low lane, and t of the low lane is O's high word. Since the fold is
 * linear, O is XORed onto L first and one fold does both.
 *
 * Aggregation
 * -----------
 * Four blocks make one reduction (SP 800-38D's Y_i = (Y_(i-1) + X_i) H,
 * unrolled): Y_4 = (Y_0 + X_1) H^4 + X_2 H^3 + X_3 H^2 + X_4 H. Placing
 * the lanes is linear too, so the four products are summed before it:
 * per Karatsuba part (low, high, middle) the five byte-product sums of
 * distance 0 .. 4 (struct p8_raw) collect all four blocks, and the
 * placing, the Karatsuba combination and the reduction run once per four
 * blocks. That leaves 8 VMULL.P8, 3 rotations of a and 8 XORs per 64-bit
 * product in the loop. The prepared operands of H^1 .. H^4 do not fit the
 * registers (60 of 8 bytes), so the four-block loop loads them from the
 * key; a tail of 1 to 3 blocks uses H alone. The loop takes the
 * Karatsuba parts one at a time across the four blocks (p8_part4), so that
 * five sums are live at once, not fifteen.
 */
#include "arch/arm32/arm32.h"
#include "arch/arm64/arm64.h"
#include "core/util.h"
#include "gf128/ghash.h"

#if defined(RIJN_ARM64) || defined(RIJN_ARM32)
#define GHASH_NEON 1
#endif

#ifdef GHASH_NEON
#ifdef RIJN_ARM32
ARM32_NEON_FILE
#endif

/* A 64-bit operand b and its byte rotations b<<<1 .. b<<<4. */
struct p8_operand {
    uint8x8_t r[5];
};

/* H^k x^-1 for k = 1..4, each as its low and high 64-bit halves and their
 * sum (Karatsuba's middle operand), prepared. */
struct ghash_neon_hkey {
    struct p8_operand pw[4][3];
};
_Static_assert(sizeof(struct ghash_neon_hkey) <= RIJN_GF128_KEY_BYTES, "neon key too large");

/* A 64 x 64 product before its lanes are placed: the byte products of
 * distance 0 .. 4 (d1 .. d3 already pairwise summed). Placing is linear,
 * so sums of products are placed once. */
struct p8_raw {
    uint8x16_t d[5];
};

/* The Karatsuba parts of a 128 x 128 product, or of a sum of them. */
struct p8_prod {
    struct p8_raw lo, hi, mid;
};

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

#ifdef RIJN_ARM32
/* Place the lanes of distance d (see the top of the file): the wrapped
 * lanes onto the low half, the high half keeping its 4 - d unwrapped
 * 16-bit lanes (keep: its low 16(4 - d) bits), then the 128 bits rotate
 * left by d bytes. The first step is the paper's three instructions on
 * the halves of one Q register, in place, as inline assembly: written
 * with intrinsics (vget_low/vget_high/vcombine), GCC 12 moved the halves
 * between registers with a VMOV or two per distance (17 per block, 156
 * instructions instead of 142 in the one-block loop). %e0 and %f0 name
 * the low and high D registers of the Q operand. */
static inline uint8x16_t p8_wrap(uint8x16_t t, uint8x8_t keep)
{
    __asm__("veor\t%e0, %e0, %f0\n\t"
            "vand\t%f0, %f0, %P1\n\t"
            "veor\t%e0, %e0, %f0"
            : "+w"(t)
            : "w"(keep));
    return t;
}

#define P8_PLACE(acc, x, d, keep)                                      \
    do {                                                              \
        const uint8x16_t t_ = p8_wrap((x), (keep));                   \
        (acc) = veorq_u8((acc), vextq_u8(t_, t_, 16 - (d)));          \
    } while (0)

/* The 128-bit product from its byte products. */
static inline uint64x2_t p8_place(const struct p8_raw *x)
{
    uint8x16_t r = x->d[0];
    P8_PLACE(r, x->d[1], 1, vcreate_u8(0x0000ffffffffffffull));
    P8_PLACE(r, x->d[2], 2, vcreate_u8(0x00000000ffffffffull));
    P8_PLACE(r, x->d[3], 3, vcreate_u8(0x000000000000ffffull));
    /* d = 4: every high lane wraps, and the high half is left empty */
    const uint8x16_t k = vcombine_u8(veor_u8(vget_low_u8(x->d[4]), vget_high_u8(x->d[4])), vdup_n_u8(0));
    return vreinterpretq_u64_u8(veorq_u8(r, vextq_u8(k, k, 12)));
}
#else
/* Masks keeping the lanes that move left: bytes below 16 - 2d. */
static const uint8_t p8_low[4][16] = {
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0 },   /* d = 1 */
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0 },         /* d = 2 */
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0 },               /* d = 3 */
    { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 0, 0 },                     /* d = 4 */
};

#define P8_PLACE(acc, x, d, m, z)                                                   \
    do {                                                                            \
        (acc) = veorq_u8((acc), vextq_u8((z), vandq_u8((x), (m)), 16 - (d)));       \
        (acc) = veorq_u8((acc), vextq_u8(vbicq_u8((x), (m)), (z), 8 - (d)));        \
    } while (0)

/* The 128-bit product from its byte products. */
static inline uint64x2_t p8_place(const struct p8_raw *x)
{
    const uint8x16_t z = vdupq_n_u8(0);
    uint8x16_t r = x->d[0];
    P8_PLACE(r, x->d[1], 1, vld1q_u8(p8_low[0]), z);
    P8_PLACE(r, x->d[2], 2, vld1q_u8(p8_low[1]), z);
    P8_PLACE(r, x->d[3], 3, vld1q_u8(p8_low[2]), z);
    P8_PLACE(r, x->d[4], 4, vld1q_u8(p8_low[3]), z);
    return vreinterpretq_u64_u8(r);
}
#endif

/* The byte products of a * b (b prepared), stored (add = 0) or added. */
static inline void p8_clmul64(struct p8_raw *x, uint8x8_t a, const struct p8_operand *b, int add)
{
    const uint8x8_t b0 = b->r[0];
    const uint8x8_t a1 = vext_u8(a, a, 1), a2 = vext_u8(a, a, 2), a3 = vext_u8(a, a, 3);
    const uint8x16_t t[5] = {
        pm8(a, b0),
        veorq_u8(pm8(a, b->r[1]), pm8(a1, b0)),
        veorq_u8(pm8(a, b->r[2]), pm8(a2, b0)),
        veorq_u8(pm8(a, b->r[3]), pm8(a3, b0)),
        pm8(a, b->r[4]),
    };
    for (int i = 0; i < 5; i++) x->d[i] = add ? veorq_u8(x->d[i], t[i]) : t[i];
}

/* The Karatsuba parts of y * H^k (h: H^k's three operands), into p. */
static inline void p8_mul(struct p8_prod *p, uint64x2_t y, const struct p8_operand h[3])
{
    const uint8x16_t yb = vreinterpretq_u8_u64(y);
    const uint8x8_t y0 = vget_low_u8(yb), y1 = vget_high_u8(yb);
    p8_clmul64(&p->lo, y0, &h[0], 0);
    p8_clmul64(&p->hi, y1, &h[1], 0);
    p8_clmul64(&p->mid, veor_u8(y0, y1), &h[2], 0);
}

/* w ^ w>>1 ^ w>>2 ^ w>>7 per 64-bit lane: w (1 + x + x^2 + x^7) in the
 * reflected domain, the bits that stay in the lane. */
static inline uint64x2_t fold_in(uint64x2_t w)
{
    return veorq_u64(veorq_u64(w, vshrq_n_u64(w, 1)), veorq_u64(vshrq_n_u64(w, 2), vshrq_n_u64(w, 7)));
}

/* ... and the bits pushed out of the lane's bottom (at most 7), at its top. */
static inline uint64x2_t fold_out(uint64x2_t w)
{
    return veorq_u64(veorq_u64(vshlq_n_u64(w, 63), vshlq_n_u64(w, 62)), vshlq_n_u64(w, 57));
}

/* Combine the Karatsuba parts, placed, and reduce modulo g (top of the
 * file); pm is the middle product before Karatsuba's correction. */
static inline uint64x2_t p8_reduce_placed(uint64x2_t lo, uint64x2_t hi, uint64x2_t pm)
{
    const uint64x2_t z = vdupq_n_u64(0);
    const uint64x2_t mid = veorq_u64(pm, veorq_u64(lo, hi));
    const uint64x2_t l = veorq_u64(lo, vextq_u64(z, mid, 1));   /* P_lo = lo + mid x^64 */
    const uint64x2_t t = fold_out(l);
    /* P_hi = hi + mid x^-64, and t's high lane crossing into the low lane */
    const uint64x2_t h = veorq_u64(hi, vextq_u64(veorq_u64(mid, t), z, 1));
    /* O (t's low lane, at the top of the high lane) joins L for one fold */
    return veorq_u64(h, fold_in(veorq_u64(l, vextq_u64(z, t, 1))));
}

static inline uint64x2_t p8_reduce(const struct p8_prod *p)
{
    return p8_reduce_placed(p8_place(&p->lo), p8_place(&p->hi), p8_place(&p->mid));
}

/* One Karatsuba part (0 low, 1 high, 2 middle) of the four products
 * y[j] * H^(4 - j), summed and placed. The four-block loop runs the parts
 * one after the other, rather than the blocks: five byte-product sums are
 * live at a time instead of fifteen, which ARMv7's sixteen Q registers
 * hold beside the blocks (by blocks, GCC spilled about 60 D registers a
 * pass, docs/performance.md). */
static inline uint64x2_t p8_part4(const uint64x2_t y[4], const struct ghash_neon_hkey *k, int part)
{
    struct p8_raw x;
    for (int j = 0; j < 4; j++) {
        const uint8x16_t yb = vreinterpretq_u8_u64(y[j]);
        const uint8x8_t a = part == 0 ? vget_low_u8(yb)
                          : part == 1 ? vget_high_u8(yb)
                                      : veor_u8(vget_low_u8(yb), vget_high_u8(yb));
        p8_clmul64(&x, a, &k->pw[3 - j][part], j);
    }
    uint64x2_t r = p8_place(&x);
    /* The part ends here: without this pin GCC's scheduler interleaved
     * the three parts again and spilled more than before (ARMv7: 495
     * instructions a pass instead of 385, 12.84 cpb on LLVM's Cortex-A9
     * model instead of 9.75). */
    __asm__ volatile("" : "+w"(r));
    return r;
}

/* A block as its reflected value V: lane 0 = V's low 64 bits (bytes 15..8
 * of the block, byte 15 lowest), lane 1 = its high 64 bits. */
static inline uint64x2_t load_refl(const uint8_t *p)
{
    const uint8x16_t r = vrev64q_u8(vld1q_u8(p));
    return vreinterpretq_u64_u8(vextq_u8(r, r, 8));
}

static inline void store_refl(uint8_t *p, uint64x2_t v)
{
    const uint8x16_t r = vrev64q_u8(vreinterpretq_u8_u64(v));
    vst1q_u8(p, vcombine_u8(vget_high_u8(r), vget_low_u8(r)));
}

/* Prepare the three Karatsuba operands of v. */
static inline void p8_prepare3(struct p8_operand o[3], uint64x2_t v)
{
    const uint8x16_t b = vreinterpretq_u8_u64(v);
    p8_prepare(&o[0], vget_low_u8(b));
    p8_prepare(&o[1], vget_high_u8(b));
    p8_prepare(&o[2], veor_u8(vget_low_u8(b), vget_high_u8(b)));
}

static void ghash_neon_init(void *hkey, const uint8_t h[16])
{
    struct ghash_neon_hkey *k = hkey;
    /* H x^-1 in the reflected domain: V<<1, and the 0xc2...01 constant
     * when bit 127 (x^0) shifts out; a mask, not a branch. */
    uint64_t hi = rijn_load64_be(h), lo = rijn_load64_be(h + 8);
    const uint64_t c = 0 - (hi >> 63);
    hi = (hi << 1 | lo >> 63) ^ (c & 0xc200000000000000ull);
    lo = (lo << 1) ^ (c & 1u);
    const uint64x2_t h1 = vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
    p8_prepare3(k->pw[0], h1);
    uint64x2_t hk = h1;
    for (int i = 1; i < 4; i++) {
        struct p8_prod p;
        p8_mul(&p, hk, k->pw[0]);
        hk = p8_reduce(&p);
        p8_prepare3(k->pw[i], hk);
    }
}

static void ghash_neon(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n)
{
    const struct ghash_neon_hkey *k = hkey;
    uint64x2_t acc = load_refl(y);
    for (; n >= 4; n -= 4, in += 64) {
        RIJN_MCA_BEGIN("ghash-neon-4x");
        const uint64x2_t blk[4] = { veorq_u64(acc, load_refl(in)), load_refl(in + 16), load_refl(in + 32),
                                    load_refl(in + 48) };
        acc = p8_reduce_placed(p8_part4(blk, k, 0), p8_part4(blk, k, 1), p8_part4(blk, k, 2));
        RIJN_MCA_END();
    }
    for (; n; n--, in += 16) {
        RIJN_MCA_BEGIN("ghash-neon");
        struct p8_prod p;
        p8_mul(&p, veorq_u64(acc, load_refl(in)), k->pw[0]);
        acc = p8_reduce(&p);
        RIJN_MCA_END();
    }
    store_refl(y, acc);
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
    .cpu = RIJN_ARM_ISA | RIJN_CPU_NEON,
    .ct = true,
    .ops = GHASH_NEON_OPS,
};
