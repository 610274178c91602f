/* SPDX-License-Identifier: MIT */
/*
 * x25519-arm64: AArch64, field elements in radix 2^64: four limbs holding
 * any value below 2^256, congruent mod p (only the final encoding is
 * canonical), as in x25519-mulx on x86-64.
 *
 * Why not radix 2^51 (x25519-ref51) here: on the cores' LLVM models
 * (bench/mca_x25519.py) ref51's ladder step is bound by the multiply
 * pipe, not by latency: MUL, UMULH and the 128-bit shifts of its carry
 * chain (EXTR) all issue there. Radix 2^64 needs 16 products per
 * multiplication against 25, 10 per squaring against 15, and its carries
 * are ADDS/ADCS on the two integer pipes. What it pays instead is a carry
 * chain in every addition and subtraction, and those pipes are the ones
 * with room to spare. docs/performance.md has the estimates.
 *
 * GCC 12 does not turn 128-bit additions into ADDS/ADCS chains (it
 * recomputes each carry with CSET and CINC, about twice the
 * instructions), so add, sub, mul, sqr and mul_a24 are inline assembly;
 * the rest, and the ladder around them (src/x25519/curve_core.h), is C.
 * The assembly takes and returns its limbs in registers, so the compiler
 * does the loads and stores and schedules them with the surrounding code.
 *
 * Bounds. There is no slack to track: every limb is a full 64-bit word and
 * every carry is taken. What must hold is that the final folds cannot
 * carry again, and that no top word overflows; each says why on the line.
 * The interval checker of tests/proof/ has no model of the assembly (see
 * docs/security.md, "Not covered by the proof", as for x25519-mulx).
 *
 * Constant time: MUL, UMULH, ADDS/ADCS/SUBS/SBCS and CSEL are on Arm's
 * list of data-independent-timing instructions (FEAT_DIT), and no
 * AArch64 core is known to time them by their data (x25519-ref51 assumes
 * the same of MUL and UMULH; docs/security.md); there is no branch and
 * no memory index in the assembly, and the swaps are masks. arm64
 * valgrind runs this assembly as it is (tests/py/test_cross.py).
 */
#include "x25519/x25519.h"

#if defined(__aarch64__)
#include "x25519/fe64.h"

/* The operands of the assembly below: the limbs of f and g in registers
 * (the compiler loads them, scheduled with the code around), and the
 * result stored from four registers. */
#define FE64_F_IN [f0] "r"(f->v[0]), [f1] "r"(f->v[1]), [f2] "r"(f->v[2]), [f3] "r"(f->v[3])
#define FE64_G_IN [g0] "r"(g->v[0]), [g1] "r"(g->v[1]), [g2] "r"(g->v[2]), [g3] "r"(g->v[3])

FE64_INL void fe64_set(fe64 *h, uint64_t h0, uint64_t h1, uint64_t h2, uint64_t h3)
{
    h->v[0] = h0;
    h->v[1] = h1;
    h->v[2] = h2;
    h->v[3] = h3;
}

/* h = f + g mod p (any inputs < 2^256; output < 2^256). A carry out of
 * bit 256 has weight 2^256 = 2 * 2^255 = 38 (mod p): 38 is added back.
 * That can carry again only if the sum's low 256 bits were at least
 * 2^256 - 38; they are then below 38, and adding 38 once more cannot
 * carry. */
FE64_INL void fe64_add(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t h0, h1, h2, h3, t;
    __asm__("adds %[h0], %[f0], %[g0]\n\t"
            "adcs %[h1], %[f1], %[g1]\n\t"
            "adcs %[h2], %[f2], %[g2]\n\t"
            "adcs %[h3], %[f3], %[g3]\n\t"
            "csel %[t], %[k38], xzr, cs\n\t"
            "adds %[h0], %[h0], %[t]\n\t"
            "adcs %[h1], %[h1], xzr\n\t"
            "adcs %[h2], %[h2], xzr\n\t"
            "adcs %[h3], %[h3], xzr\n\t"
            "csel %[t], %[k38], xzr, cs\n\t"
            "add %[h0], %[h0], %[t]"
            : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t)
            : FE64_F_IN, FE64_G_IN, [k38] "r"((uint64_t)38)
            : "cc");
    fe64_set(h, h0, h1, h2, h3);
}

/* h = f - g mod p. A borrow (carry clear after SUBS/SBCS) means the
 * result is f - g + 2^256 = f - g + 38 (mod p): 38 is taken away. That
 * can borrow again only if the result was below 38; it is then at least
 * 2^256 - 38 (limbs 1..3 all ones, limb 0 at least 2^64 - 38), and taking
 * 38 from limb 0 once more cannot borrow. */
FE64_INL void fe64_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t h0, h1, h2, h3, t;
    __asm__("subs %[h0], %[f0], %[g0]\n\t"
            "sbcs %[h1], %[f1], %[g1]\n\t"
            "sbcs %[h2], %[f2], %[g2]\n\t"
            "sbcs %[h3], %[f3], %[g3]\n\t"
            "csel %[t], %[k38], xzr, cc\n\t"
            "subs %[h0], %[h0], %[t]\n\t"
            "sbcs %[h1], %[h1], xzr\n\t"
            "sbcs %[h2], %[h2], xzr\n\t"
            "sbcs %[h3], %[h3], xzr\n\t"
            "csel %[t], %[k38], xzr, cc\n\t"
            "sub %[h0], %[h0], %[t]"
            : [h0] "=&r"(h0), [h1] "=&r"(h1), [h2] "=&r"(h2), [h3] "=&r"(h3), [t] "=&r"(t)
            : FE64_F_IN, FE64_G_IN, [k38] "r"((uint64_t)38)
            : "cc");
    fe64_set(h, h0, h1, h2, h3);
}

/* The reduction of a 512-bit product t0..t7 to four limbs, shared by mul
 * and sqr: t0..t3 + 38 (t4..t7), since 2^256 = 38 (mod p). 38 t_i < 2^70,
 * so its high word (UMULH) is below 38. Column i collects t_i, the low
 * word of 38 t_(i+4) and the high word of 38 t_(i+3); the top, the high
 * word of 38 t7 plus two carries, is below 40. 38 times it (< 2^11) adds
 * into limb 0; a carry out of that add means the sum was within 38 * 40 of
 * 2^256, so its low 256 bits are below 1,520, and the final 38 cannot
 * carry. Operands a..d are scratch; k38 holds 38. */
#define FE64_REDUCE                        \
    "mul %[a], %[t4], %[k38]\n\t"          \
    "umulh %[t4], %[t4], %[k38]\n\t"       \
    "mul %[b], %[t5], %[k38]\n\t"          \
    "umulh %[t5], %[t5], %[k38]\n\t"       \
    "mul %[c], %[t6], %[k38]\n\t"          \
    "umulh %[t6], %[t6], %[k38]\n\t"       \
    "mul %[d], %[t7], %[k38]\n\t"          \
    "umulh %[t7], %[t7], %[k38]\n\t"       \
    "adds %[t0], %[t0], %[a]\n\t"          \
    "adcs %[t1], %[t1], %[b]\n\t"          \
    "adcs %[t2], %[t2], %[c]\n\t"          \
    "adcs %[t3], %[t3], %[d]\n\t"          \
    "adc %[t7], %[t7], xzr\n\t"            \
    "adds %[t1], %[t1], %[t4]\n\t"         \
    "adcs %[t2], %[t2], %[t5]\n\t"         \
    "adcs %[t3], %[t3], %[t6]\n\t"         \
    "adc %[t7], %[t7], xzr\n\t"            \
    "mul %[t7], %[t7], %[k38]\n\t"         \
    "adds %[t0], %[t0], %[t7]\n\t"         \
    "adcs %[t1], %[t1], xzr\n\t"           \
    "adcs %[t2], %[t2], xzr\n\t"           \
    "adcs %[t3], %[t3], xzr\n\t"           \
    "csel %[t7], %[k38], xzr, cs\n\t"      \
    "add %[t0], %[t0], %[t7]"

#define FE64_PRODUCT_OUTPUTS                                                                                      \
    [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),             \
        [t6] "=&r"(t6), [t7] "=&r"(t7), [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c), [d] "=&r"(d)

/* One row of the schoolbook product after the first: f_i g added into
 * t_i .. t_(i+4), the low words on one ADDS/ADCS chain (whose carry opens
 * t_(i+4)), then the high words on a second. The last ADC cannot overflow:
 * the partial product of i + 1 rows is below 2^(64 (i + 5)). */
#define FE64_ROW(F, T0, T1, T2, T3, T4)            \
    "mul %[a], " F ", %[g0]\n\t"                  \
    "mul %[b], " F ", %[g1]\n\t"                  \
    "mul %[c], " F ", %[g2]\n\t"                  \
    "mul %[d], " F ", %[g3]\n\t"                  \
    "adds " T0 ", " T0 ", %[a]\n\t"               \
    "adcs " T1 ", " T1 ", %[b]\n\t"               \
    "adcs " T2 ", " T2 ", %[c]\n\t"               \
    "adcs " T3 ", " T3 ", %[d]\n\t"               \
    "adc " T4 ", xzr, xzr\n\t"                    \
    "umulh %[a], " F ", %[g0]\n\t"                \
    "umulh %[b], " F ", %[g1]\n\t"                \
    "umulh %[c], " F ", %[g2]\n\t"                \
    "umulh %[d], " F ", %[g3]\n\t"                \
    "adds " T1 ", " T1 ", %[a]\n\t"               \
    "adcs " T2 ", " T2 ", %[b]\n\t"               \
    "adcs " T3 ", " T3 ", %[c]\n\t"               \
    "adc " T4 ", " T4 ", %[d]\n\t"

/* h = f g mod p (any inputs < 2^256; output < 2^256). h may be f or g. */
FE64_INL void fe64_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, a, b, c, d;
    __asm__(/* row 0: f0 g -> t0 .. t4 */
            "mul %[t0], %[f0], %[g0]\n\t"
            "umulh %[t1], %[f0], %[g0]\n\t"
            "mul %[a], %[f0], %[g1]\n\t"
            "umulh %[t2], %[f0], %[g1]\n\t"
            "mul %[b], %[f0], %[g2]\n\t"
            "umulh %[t3], %[f0], %[g2]\n\t"
            "mul %[c], %[f0], %[g3]\n\t"
            "umulh %[t4], %[f0], %[g3]\n\t"
            "adds %[t1], %[t1], %[a]\n\t"
            "adcs %[t2], %[t2], %[b]\n\t"
            "adcs %[t3], %[t3], %[c]\n\t"
            "adc %[t4], %[t4], xzr\n\t" /* f0 g < 2^320 */
            FE64_ROW("%[f1]", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t5]")
            FE64_ROW("%[f2]", "%[t2]", "%[t3]", "%[t4]", "%[t5]", "%[t6]")
            FE64_ROW("%[f3]", "%[t3]", "%[t4]", "%[t5]", "%[t6]", "%[t7]")
            FE64_REDUCE
            : FE64_PRODUCT_OUTPUTS
            : FE64_F_IN, FE64_G_IN, [k38] "r"((uint64_t)38)
            : "cc");
    fe64_set(h, t0, t1, t2, t3);
}

/* h = f^2 mod p (any input < 2^256; output < 2^256). The six cross
 * products f_i f_j (i < j) once, into t1..t6; doubled; then the four
 * squares on the diagonal, and mul's reduction.
 *
 * Why no top word overflows. The cross sum S = sum over i < j of
 * f_i f_j 2^(64 (i + j)) is below 2^448 (with B = 2^64 and every limb at
 * most B - 1, S <= (B - 1)^2 (B^5 + B^4 + 2 B^3 + B^2 + B) < B^7), so
 * it fits t1..t6; after the rows of f0 and f1 the partial sum is at most
 * (B - 1)^2 (B^4 + 2 B^3 + B^2 + B) = B^6 - 2 B^4 + B^3 - B^2 + B < B^6,
 * so t5 takes that row's carries without overflowing. Doubling moves
 * one bit into t7, and 2 S + the squares = f^2 < 2^512 fits t0..t7. */
FE64_INL void fe64_sqr(fe64 *h, const fe64 *f)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, a, b, c, d;
    __asm__(/* f0 f1, f0 f2, f0 f3 -> t1 .. t4 */
            "mul %[t1], %[f0], %[f1]\n\t"
            "umulh %[t2], %[f0], %[f1]\n\t"
            "mul %[a], %[f0], %[f2]\n\t"
            "umulh %[t3], %[f0], %[f2]\n\t"
            "mul %[b], %[f0], %[f3]\n\t"
            "umulh %[t4], %[f0], %[f3]\n\t"
            "adds %[t2], %[t2], %[a]\n\t"
            "adcs %[t3], %[t3], %[b]\n\t"
            "adc %[t4], %[t4], xzr\n\t"
            /* f1 f2 (t3, t4), f1 f3 (t4, t5) */
            "mul %[a], %[f1], %[f2]\n\t"
            "umulh %[b], %[f1], %[f2]\n\t"
            "mul %[c], %[f1], %[f3]\n\t"
            "umulh %[t5], %[f1], %[f3]\n\t"
            "adds %[t3], %[t3], %[a]\n\t"
            "adcs %[t4], %[t4], %[b]\n\t"
            "adc %[t5], %[t5], xzr\n\t" /* UMULH < 2^64 - 1 */
            "adds %[t4], %[t4], %[c]\n\t"
            "adc %[t5], %[t5], xzr\n\t" /* partial sum < B^6, above */
            /* f2 f3 (t5, t6) */
            "mul %[a], %[f2], %[f3]\n\t"
            "umulh %[t6], %[f2], %[f3]\n\t"
            "adds %[t5], %[t5], %[a]\n\t"
            "adc %[t6], %[t6], xzr\n\t" /* S < B^7 */
            /* 2 S, with its top bit in t7 */
            "adds %[t1], %[t1], %[t1]\n\t"
            "adcs %[t2], %[t2], %[t2]\n\t"
            "adcs %[t3], %[t3], %[t3]\n\t"
            "adcs %[t4], %[t4], %[t4]\n\t"
            "adcs %[t5], %[t5], %[t5]\n\t"
            "adcs %[t6], %[t6], %[t6]\n\t"
            "adc %[t7], xzr, xzr\n\t"
            /* the squares (MUL and UMULH leave the flags alone) */
            "mul %[t0], %[f0], %[f0]\n\t"
            "umulh %[a], %[f0], %[f0]\n\t"
            "mul %[b], %[f1], %[f1]\n\t"
            "umulh %[c], %[f1], %[f1]\n\t"
            "adds %[t1], %[t1], %[a]\n\t"
            "adcs %[t2], %[t2], %[b]\n\t"
            "adcs %[t3], %[t3], %[c]\n\t"
            "mul %[a], %[f2], %[f2]\n\t"
            "umulh %[b], %[f2], %[f2]\n\t"
            "mul %[c], %[f3], %[f3]\n\t"
            "umulh %[d], %[f3], %[f3]\n\t"
            "adcs %[t4], %[t4], %[a]\n\t"
            "adcs %[t5], %[t5], %[b]\n\t"
            "adcs %[t6], %[t6], %[c]\n\t"
            "adc %[t7], %[t7], %[d]\n\t" /* f^2 < 2^512 */
            FE64_REDUCE
            : FE64_PRODUCT_OUTPUTS
            : FE64_F_IN, [k38] "r"((uint64_t)38)
            : "cc");
    fe64_set(h, t0, t1, t2, t3);
}

/* h = 121665 f mod p (a24 of RFC 7748 section 5): four products with the
 * high words added into the next limb; the top, below 121665 + 1, folds
 * times 38 (< 2^23), and as in FE64_REDUCE the last 38 cannot carry. */
FE64_INL void fe64_mul_a24(fe64 *h, const fe64 *f)
{
    uint64_t t0, t1, t2, t3, a, b, c, d;
    __asm__("mul %[t0], %[f0], %[k]\n\t"
            "umulh %[a], %[f0], %[k]\n\t"
            "mul %[t1], %[f1], %[k]\n\t"
            "umulh %[b], %[f1], %[k]\n\t"
            "mul %[t2], %[f2], %[k]\n\t"
            "umulh %[c], %[f2], %[k]\n\t"
            "mul %[t3], %[f3], %[k]\n\t"
            "umulh %[d], %[f3], %[k]\n\t"
            "adds %[t1], %[t1], %[a]\n\t"
            "adcs %[t2], %[t2], %[b]\n\t"
            "adcs %[t3], %[t3], %[c]\n\t"
            "adc %[d], %[d], xzr\n\t"
            "mul %[d], %[d], %[k38]\n\t"
            "adds %[t0], %[t0], %[d]\n\t"
            "adcs %[t1], %[t1], xzr\n\t"
            "adcs %[t2], %[t2], xzr\n\t"
            "adcs %[t3], %[t3], xzr\n\t"
            "csel %[d], %[k38], xzr, cs\n\t"
            "add %[t0], %[t0], %[d]"
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [a] "=&r"(a), [b] "=&r"(b),
              [c] "=&r"(c), [d] "=&r"(d)
            : FE64_F_IN,
              [k] "r"((uint64_t)121665), [k38] "r"((uint64_t)38)
            : "cc");
    fe64_set(h, t0, t1, t2, t3);
}

/* curve_core.h's fixed-base table scan in NEON (every AArch64 core has
 * it): the twelve words of an entry in six Q registers, each entry
 * merged by BSL under a mask that is all ones for the entry that matches
 * |e| and all zeros for the others (the portable scan is 96 scalar merges
 * per entry; this is six loads and six BSLs). Every entry is read whole;
 * the mask comes from arithmetic on mag, not a branch, and BSL's timing
 * does not depend on its operands. */
#include <arm_neon.h>

#include "x25519/base_table.h"
FE64_INL void arm64_table_scan(uint64_t w[12], int i, unsigned mag)
{
    const uint64x2_t one = vcombine_u64(vcreate_u64(1), vcreate_u64(0));
    uint64x2_t acc[6] = { one, vdupq_n_u64(0), one, vdupq_n_u64(0), vdupq_n_u64(0), vdupq_n_u64(0) };
    for (unsigned j = 0; j < 8; j++) {
        /* all ones if mag == j + 1 (both < 256: the difference is 0 or
         * wraps below 2^32 - 255 only when they differ) */
        const uint64x2_t m = vdupq_n_u64(0 - (uint64_t)(((mag ^ (j + 1)) - 1u) >> 31));
        const uint64_t *v = rijn_x25519_base_table[i][j];
        for (int l = 0; l < 6; l++) acc[l] = vbslq_u64(m, vld1q_u64(v + 2 * l), acc[l]);
    }
    for (int l = 0; l < 6; l++) vst1q_u64(w + 2 * l, acc[l]);
}
#define CORE_TABLE_SCAN arm64_table_scan

#include "x25519/curve_core.h"

static const struct rijn_x25519_ops arm64_ops = {
    .scalarmult = core_scalarmult,
    .base = core_base,
    .batch = NULL,
};
#define ARM64_OPS (&arm64_ops)
#else
#define ARM64_OPS NULL
#endif

/* 250: above x25519-ref51 (200) and x25519-neon (150), the other drivers
 * an AArch64 build has (docs/drivers.md, the x25519 ladder). */
const struct rijn_desc rijn_x25519_arm64_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-arm64",
    .priority = 250,
    .cpu = RIJN_CPU_AARCH64,
    .ct = true,
    .ops = ARM64_OPS,
};
