/* SPDX-License-Identifier: MIT */
/*
 * x25519-ifma4: one X25519 scalar multiplication on the four 64-bit lanes
 * of a 256-bit register, with AVX-512 IFMA's 52-bit multiply-adds
 * (VPMADD52LUQ/HUQ on YMM registers, which AVX-512 VL provides). The field
 * is src/x25519/fe51v.h, the radix-2^51 arithmetic whose bounds
 * tests/proof/bounds.cc checks, on src/x25519/fe51_ifma.h's four-lane
 * layer; x25519-ifma runs the same field code eight lanes wide for
 * batches.
 *
 * Why four lanes of one ladder: x25519-mulx, one 64-bit multiplier, is
 * bound by the latency of its products (docs/performance.md); here each
 * ladder step is three vector products, each four field products at once.
 * 256-bit rather than 512-bit registers: four lanes are all a step has,
 * and Intel's cores issue 256-bit vector operations on three ports
 * against two for 512-bit ones.
 *
 * The public key is curve_core.h's fixed-base method (the same digits
 * and table, every entry of a row read) with the Edwards point (X, Y, Z, T) as one four-lane
 * element: each mixed addition is two four-lane products
 * (src/x25519/ladder4.h's edwards4_madd), and the table scan merges whole
 * 256-bit rows under masks and cuts the limbs in lanes.
 *
 * Batches are calls of the single multiplication one by one, ranked 310:
 * above x25519-mulx, below x25519-ifma (350), which serves them eight at a
 * time. Single multiplications and public keys: 400, the top of the x86
 * ladder.
 *
 * Constant time: the swap bit becomes a lane mask (no branch), the scalar
 * is read at public byte indices, the table scan reads all eight entries
 * of a row and merges them under masks, every permutation and blend has a
 * constant pattern, and the field code has no secret-dependent branch or
 * index (fe51v.h).
 */
#include "x25519/x25519.h"
#include "arch/x86/x86.h"

#ifdef RIJN_X86
#define FE51V_LANES 4
#include "x25519/fe51_ifma.h"

X86_IFMA_FILE_BEGIN

#define FE fe51v
#define FE_0 fe51v_0
#define FE_1 fe51v_1
#define FE_ADD fe51v_add
#define FE_SUB fe51v_sub
#define FE_NEG fe51v_neg
#define FE_MUL fe51v_mul
#define FE_SQR fe51v_sqr
#define FE_MUL_A24 fe51v_mul_a24
#define FE_CARRY fe51v_carry
#define FE_CSWAP fe51v_cswap
#define FE_CMOV fe51v_cmov
#define FE_FROMBYTES fe51v_frombytes
#define FE_TOBYTES fe51v_tobytes
#define CORE_OWN_LADDER
#define CORE_OWN_BASE
#include "x25519/curve_core.h"

/* A single X25519 has no second ladder to fill lanes with, but each
 * ladder step has four independent field operations per level:
 * src/x25519/ladder4.h runs a step as three four-lane products, with the
 * lanes moved by VPERMQ and merged by VPBLENDD. The swap of (x2, z2)
 * with (x3, z3) is a masked choice between X and X with its lane pairs
 * exchanged; the mask comes from the secret bit without a branch. */

static inline void fe51v_perm(fe51v *h, const fe51v *f, const uint64_t idx[4])
{
    FV_UNROLL
    for (int k = 0; k < 5; k++) h->v[k] = fv_perm(f->v[k], idx);
}
/* ladder4.h's exchange within pairs (twice on each step's longest path)
 * stays inside the 128-bit halves: VPSHUFD, one cycle, instead of
 * VPERMQ's three. */
static inline void fe51v_swap_pairs(fe51v *h, const fe51v *f)
{
    FV_UNROLL
    for (int k = 0; k < 5; k++) h->v[k] = fv_swap_pairs(f->v[k]);
}
/* Macros: the 256-bit blend takes an immediate. */
#define fe51v_blend(h, a, b, bits)                                                          \
    do {                                                                                    \
        FV_UNROLL                                                                           \
        for (int k_ = 0; k_ < 5; k_++) (h)->v[k_] = fv_blend((a)->v[k_], (b)->v[k_], bits); \
    } while (0)
/* Lanes of add_lanes (a constant): f + g; others: g - f (+ 2p); then
 * carried: fe51v_add's and fe51v_sub's operations, lane by lane. */
#define fe51v_addsub(h, f, g, add_lanes)                                                                    \
    do {                                                                                                    \
        fe51v t_;                                                                                           \
        FV_UNROLL                                                                                           \
        for (int k_ = 0; k_ < 5; k_++) {                                                                    \
            const FV two_p_ = fv_set1(k_ == 0 ? 0xfffffffffffdaULL : 0xffffffffffffeULL);                  \
            t_.v[k_] = fv_blend(fv_sub(fv_add((g)->v[k_], two_p_), (f)->v[k_]), fv_add((f)->v[k_], (g)->v[k_]), \
                                add_lanes);                                                                 \
        }                                                                                                   \
        fe51v_carry((h), &t_);                                                                              \
    } while (0)

#define Q4 fe51v
#define Q4_PERM fe51v_perm
#define Q4_SWAP_PAIRS fe51v_swap_pairs
#define Q4_BLEND fe51v_blend
#define Q4_ADDSUB fe51v_addsub
#define Q4_ADD fe51v_add
#define Q4_MUL fe51v_mul
#include "x25519/ladder4.h"

/* Swap the lane pairs (x2, z2) and (x3, z3) of x where m is all ones. */
static inline void ladder4_cswap(fe51v *x, FV m)
{
    fe51v s;
    fe51v_perm(&s, x, L4_HALVES);
    fe51v_cswap_mask(x, &s, m);
}

struct ladder4_state {
    fe51v x, one_x1, a24, l, r, m;
    fe51 u;
    uint8_t k[32];
    uint64_t lane[4];
};

/* out = X25519(k, u), k clamped: the Montgomery ladder four ways, then
 * one inversion (core_invert1: by divsteps on 64-bit builds, src/x25519/invert.c). */
static void ifma_scalarmult(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    struct ladder4_state s;
    memcpy(s.k, k, 32);
    fe51_frombytes(&s.u, u);
    /* one_x1 = (1, x1, 1, 0); x = (x1, 1, 1, 0) as (x3, z3, x2, z2): the
     * state is kept with its pairs exchanged (ladder4.h's step leaves it
     * so, saving a lane-crossing move per step), and each swap below
     * exchanges them where the ladder's swap bit is 0 instead of 1. */
    for (int i = 0; i < 5; i++) {
        for (int l = 0; l < 4; l++) s.lane[l] = 0;
        s.lane[1] = s.u.v[i];
        if (i == 0) s.lane[0] = s.lane[2] = 1;
        s.one_x1.v[i] = fv_load(s.lane);
        for (int l = 0; l < 4; l++) s.lane[l] = 0;
        s.lane[0] = s.u.v[i];
        if (i == 0) s.lane[1] = s.lane[2] = 1;
        s.x.v[i] = fv_load(s.lane);
        for (int l = 0; l < 4; l++) s.lane[l] = 0;
        if (i == 0) s.lane[3] = 121665;
        s.a24.v[i] = fv_load(s.lane);
    }
    fe51v x = s.x;
    const fe51v one_x1 = s.one_x1, a24 = s.a24;
    unsigned swap = 0;
    for (int t = 254; t >= 0; t--) {
        const unsigned bit = (s.k[t >> 3] >> (t & 7)) & 1;
        ladder4_cswap(&x, fe51v_mask(swap ^ bit ^ 1));
        swap = bit;
        ladder4_step(&x, &one_x1, &a24);
    }
    ladder4_cswap(&x, fe51v_mask(swap ^ 1));   /* now (x2, z2, x3, z3) */
    /* x2 / z2: z2 and x2 broadcast to every lane, then lane 0. */
    fe51v_perm(&s.l, &x, L4_LANE1);
    core_invert1(&s.l, &s.l);
    fe51v_perm(&s.r, &x, L4_LANE0);
    fe51v_mul(&s.m, &s.r, &s.l);
    fe51v_tobytes(out, &s.m);
    rijn_wipe(&s, sizeof s);
    rijn_wipe(&x, sizeof x);
    rijn_wipe(&swap, sizeof swap);
}

/* ------------------------------------------------ the public key --
 * curve_core.h's fixed-base method (core_base: 64 signed radix-16 digits,
 * the same table, the same scan) with the point as one four-lane element
 * (X, Y, Z, T), ladder4.h's edwards4_madd and edwards4_dbl. */

static const uint64_t L4_SWAP01[4] = { 1, 0, 2, 3 };
static const uint64_t LANE2_ONLY[4] = { 0, 0, ~(uint64_t)0, 0 };
static const uint64_t L4_WORD[4][4] = { { 0, 0, 0, 0 }, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, { 3, 3, 3, 3 } };

struct base4_state {
    signed char e[64];
    fe51v n, s, neg;
};

/* s->n = e * 256^i B as (y - x, y + x, 2dxy, 1), e in [-8, 8]: core_select
 * in lanes. A table entry is three 256-bit little-endian values of four
 * words, (y + x, y - x, 2dxy); all eight entries of row i are read whole
 * and merged under masks (the identity, (1, 1, 0), when e = 0), then
 * word k of each value goes to lane 0 (y - x), 1 (y + x) or 2 (2dxy), and
 * the limbs are cut from the words as fe51_frombytes cuts them (bit 255
 * dropped). The negation for e < 0 (swap lanes 0 and 1, negate lane 2)
 * is masked. Addresses and branches depend on i only. */
static inline void select4(struct base4_state *s, int i, int e)
{
    const unsigned neg = (unsigned)e >> 31;                      /* 1 if e < 0 */
    const unsigned mag = (unsigned)(e ^ (0 - (int)neg)) + neg;   /* |e| */
    static const uint64_t one[4] = { 1, 0, 0, 0 };
    FV ypx = fv_load(one), ymx = ypx, xy2d = fv_zero(), w[4];
    FV_UNROLL
    for (unsigned j = 0; j < 8; j++) {
        const FV m = fv_set1(core_eq_mask(mag, j + 1));
        const uint64_t *v = rijn_x25519_base_table[i][j];
        ypx = fv_xor(ypx, fv_andv(fv_xor(ypx, fv_load(v)), m));
        ymx = fv_xor(ymx, fv_andv(fv_xor(ymx, fv_load(v + 4)), m));
        xy2d = fv_xor(xy2d, fv_andv(fv_xor(xy2d, fv_load(v + 8)), m));
    }
    /* w[k] = (word k of y - x, of y + x, of 2dxy, of 1). */
    FV_UNROLL
    for (int k = 0; k < 4; k++) {
        const FV t = fv_blend(fv_perm(ymx, L4_WORD[k]), fv_perm(ypx, L4_WORD[k]), 0x2);
        w[k] = fv_blend(fv_blend(t, fv_perm(xy2d, L4_WORD[k]), 0x4), k == 0 ? fv_set1(1) : fv_zero(), 0x8);
    }
    s->n.v[0] = fv_and(w[0], FE51V_M51);
    s->n.v[1] = fv_and(fv_xor(fv_shr(w[0], 51), fv_shl(w[1], 13)), FE51V_M51);
    s->n.v[2] = fv_and(fv_xor(fv_shr(w[1], 38), fv_shl(w[2], 26)), FE51V_M51);
    s->n.v[3] = fv_and(fv_xor(fv_shr(w[2], 25), fv_shl(w[3], 39)), FE51V_M51);
    s->n.v[4] = fv_and(fv_shr(w[3], 12), FE51V_M51);
    const FV m = fe51v_mask(neg);
    fe51v_perm(&s->s, &s->n, L4_SWAP01);
    fe51v_cswap_mask(&s->n, &s->s, m);
    fe51v_neg(&s->neg, &s->n);
    fe51v_cswap_mask(&s->n, &s->neg, fv_andv(m, fv_load(LANE2_ONLY)));
}

static void ifma_base(uint8_t out[32], const uint8_t k[32])
{
    struct base4_state s;
    fe51v p, zero, num;
    core_digits(s.e, k);
    fe51v_0(&zero);
    /* (X, Y, Z, T) = (0, 1, 1, 0), the identity. */
    {
        fe51 id[4];
        fe51_0(&id[0]);
        fe51_1(&id[1]);
        fe51_1(&id[2]);
        fe51_0(&id[3]);
        fe51v_pack(&p, id);
    }
    for (int i = 1; i < 64; i += 2) {
        select4(&s, i / 2, s.e[i]);
        edwards4_madd(&p, &s.n, &zero);
    }
    for (int i = 0; i < 4; i++) edwards4_dbl(&p);
    for (int i = 0; i < 64; i += 2) {
        select4(&s, i / 2, s.e[i]);
        edwards4_madd(&p, &s.n, &zero);
    }
    /* u = (Z + Y) / (Z - Y): lane 0 of (Y + Z, Z - Y), then the
     * denominator broadcast through the inversion. */
    fe51v_perm(&s.s, &p, L4_LANE1);
    fe51v_perm(&s.neg, &p, L4_LANE2);
    fe51v_addsub(&num, &s.s, &s.neg, 0x1);
    fe51v_perm(&s.s, &num, L4_LANE1);
    core_invert1(&s.s, &s.s);
    fe51v_perm(&num, &num, L4_LANE0);
    fe51v_mul(&num, &num, &s.s);
    fe51v_tobytes(out, &num);
    rijn_wipe(&s, sizeof s);
    rijn_wipe(&p, sizeof p);
    rijn_wipe(&num, sizeof num);
}

X86_IFMA_FILE_END

static const struct rijn_x25519_ops ifma4_ops = {
    .scalarmult = ifma_scalarmult,
    .base = ifma_base,
    .batch_priority = 310,
};
#define IFMA4_OPS (&ifma4_ops)
#define IFMA4_REQ (RIJN_CPU_AVX512_IFMA_REQ | RIJN_CPU_IFMA_REQ)
#else
#define IFMA4_OPS NULL
#define IFMA4_REQ (RIJN_CPU_AVX512 | RIJN_CPU_IFMA)
#endif

const struct rijn_desc rijn_x25519_ifma4_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-ifma4",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64 | IFMA4_REQ,
    .ct = true,
    .ops = IFMA4_OPS,
};
