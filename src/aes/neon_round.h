/* SPDX-License-Identifier: MIT */
/*
 * aes-neon's round steps (the reasoning is at the top of aes_neon.c): the
 * 256-byte S-box held in 16 registers and looked up with TBL, MixColumns
 * and InvMixColumns on 32-bit columns, the ShiftRows permutations. Shared
 * by aes-neon and the one-round primitives of src/emu/aes_round_neon.c.
 * AArch64, little-endian.
 */
#ifndef RIJN_NEON_ROUND_H
#define RIJN_NEON_ROUND_H

#include "aes/neon_core.h"
#include "aes/sbox_tables.h"

#ifdef RIJN_HAVE_NEON_AES

struct neon_tables {
    uint8x16x4_t t[4];
};

static inline void neon_load_tables(struct neon_tables *tb, const uint8_t *s)
{
    for (int i = 0; i < 4; i++) tb->t[i] = vld1q_u8_x4(s + 64 * i);
}

static inline uint8x16_t neon_sub_bytes(uint8x16_t x, const struct neon_tables *tb)
{
    /* Four independent lookups, one per quarter, ORed: TBL gives 0 for an
     * index past 63, so only the quarter that holds x[i] contributes. */
    const uint8x16_t r0 = vqtbl4q_u8(tb->t[0], x);
    const uint8x16_t r1 = vqtbl4q_u8(tb->t[1], vsubq_u8(x, vdupq_n_u8(0x40)));
    const uint8x16_t r2 = vqtbl4q_u8(tb->t[2], veorq_u8(x, vdupq_n_u8(0x80)));
    const uint8x16_t r3 = vqtbl4q_u8(tb->t[3], vaddq_u8(x, vdupq_n_u8(0x40)));
    return vorrq_u8(vorrq_u8(r0, r1), vorrq_u8(r2, r3));
}

static inline uint8x16_t neon_xtime(uint8x16_t b)
{
    const uint8x16_t hi = vreinterpretq_u8_s8(vshrq_n_s8(vreinterpretq_s8_u8(b), 7));
    return veorq_u8(vshlq_n_u8(b, 1), vandq_u8(hi, vdupq_n_u8(0x1b)));
}

static inline uint8x16_t neon_rot8(uint8x16_t a)
{
    const uint32x4_t w = vreinterpretq_u32_u8(a);
    return vreinterpretq_u8_u32(vsriq_n_u32(vshlq_n_u32(w, 24), w, 8));
}

static inline uint8x16_t neon_rot16(uint8x16_t a)
{
    return vreinterpretq_u8_u16(vrev32q_u16(vreinterpretq_u16_u8(a)));
}

static inline uint8x16_t neon_mix_columns(uint8x16_t a)
{
    const uint8x16_t r1 = neon_rot8(a), b = veorq_u8(a, r1);
    return veorq_u8(veorq_u8(neon_xtime(b), r1), neon_rot16(b));
}

static inline uint8x16_t neon_inv_mix_columns(uint8x16_t a)
{
    const uint8x16_t u = neon_xtime(neon_xtime(veorq_u8(a, neon_rot16(a))));
    return neon_mix_columns(veorq_u8(a, u));
}

/* out[4c + r] = in[4((c + r) mod 4) + r], and its inverse. */
static const uint8_t neon_shift_rows_idx[16] = { 0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11 };
static const uint8_t neon_inv_shift_rows_idx[16] = { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 };

#endif
#endif
