/* SPDX-License-Identifier: MIT */
/*
 * pac-ce: rijn_pac_aes with the ARMv8 Crypto Extensions (AESE, AESMC),
 * QARMA with the TBL code of pac-neon.
 *
 * The key is new on every call, so the AES-128 key expansion (FIPS 197
 * §5.2) runs with the encryption: RotWord(w3) broadcast to all four words
 * by TBL, then AESE with a zero round key gives SubWord of it in every
 * word (ShiftRows cannot move anything when all columns are equal), XORed
 * with Rcon and into the prefix XOR of the previous key's words. AESE
 * XORs its round key first, so the last round key is a plain XOR.
 */
#include "emu/pac.h"

#include "arch/arm64/arm64.h"

#if defined(RIJN_ARM64) && defined(RIJN_ARM64_CE)
CE_INLINE uint8x16_t ce_next_key(uint8x16_t k, uint32_t rcon)
{
    static const uint8_t rot[16] = { 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12, 13, 14, 15, 12 };
    const uint8x16_t z = vdupq_n_u8(0);
    uint8x16_t t = vaeseq_u8(vqtbl1q_u8(k, vld1q_u8(rot)), z);
    t = veorq_u8(t, vreinterpretq_u8_u32(vdupq_n_u32(rcon)));
    k = veorq_u8(k, vextq_u8(z, k, 12));
    k = veorq_u8(k, vextq_u8(z, k, 8));
    return veorq_u8(k, t);
}

CE_INLINE uint8x16_t ce_block(uint64_t lo, uint64_t hi)
{
    return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(lo), vcreate_u64(hi)));
}

CE_TARGET static uint64_t ce_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    static const uint32_t rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
    uint8x16_t k = ce_block(key1, key0), b = ce_block(data, modifier);
    for (int r = 0; r < 9; r++) {
        b = vaesmcq_u8(vaeseq_u8(b, k));
        k = ce_next_key(k, rcon[r]);
    }
    b = vaeseq_u8(b, k);
    k = ce_next_key(k, rcon[9]);
    return vgetq_lane_u64(vreinterpretq_u64_u8(veorq_u8(b, k)), 0);
}

CE_TARGET static void ce_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                                   uint64_t key1, size_t n)
{
    static const uint32_t rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
    uint8x16_t rk[11];
    rk[0] = ce_block(key1, key0);
    for (int r = 0; r < 10; r++) rk[r + 1] = ce_next_key(rk[r], rcon[r]);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint8x16_t b0 = ce_block(data[i], modifier[i]), b1 = ce_block(data[i + 1], modifier[i + 1]),
                   b2 = ce_block(data[i + 2], modifier[i + 2]), b3 = ce_block(data[i + 3], modifier[i + 3]);
        for (int r = 0; r < 9; r++) {
            b0 = vaesmcq_u8(vaeseq_u8(b0, rk[r]));
            b1 = vaesmcq_u8(vaeseq_u8(b1, rk[r]));
            b2 = vaesmcq_u8(vaeseq_u8(b2, rk[r]));
            b3 = vaesmcq_u8(vaeseq_u8(b3, rk[r]));
        }
        out[i] = vgetq_lane_u64(vreinterpretq_u64_u8(veorq_u8(vaeseq_u8(b0, rk[9]), rk[10])), 0);
        out[i + 1] = vgetq_lane_u64(vreinterpretq_u64_u8(veorq_u8(vaeseq_u8(b1, rk[9]), rk[10])), 0);
        out[i + 2] = vgetq_lane_u64(vreinterpretq_u64_u8(veorq_u8(vaeseq_u8(b2, rk[9]), rk[10])), 0);
        out[i + 3] = vgetq_lane_u64(vreinterpretq_u64_u8(veorq_u8(vaeseq_u8(b3, rk[9]), rk[10])), 0);
    }
    for (; i < n; i++) {
        uint8x16_t b = ce_block(data[i], modifier[i]);
        for (int r = 0; r < 9; r++) b = vaesmcq_u8(vaeseq_u8(b, rk[r]));
        out[i] = vgetq_lane_u64(vreinterpretq_u64_u8(veorq_u8(vaeseq_u8(b, rk[9]), rk[10])), 0);
    }
    rijn_wipe(rk, sizeof rk);
}

static const struct rijn_pac_ops ce_ops = {
    .driver = "pac-ce",
    .qarma5 = rijn_pac_neon_qarma5,
    .qarma3 = rijn_pac_neon_qarma3,
    .aes = ce_aes,
    .qarma5_batch = rijn_pac_neon_qarma5_batch,
    .qarma3_batch = rijn_pac_neon_qarma3_batch,
    .aes_batch = ce_aes_batch,
};
#define CE_OPS &ce_ops
#else
#define CE_OPS NULL
#endif

const struct rijn_desc rijn_pac_ce_desc = {
    .kind = &rijn_kind_pac,
    .name = "pac-ce",
    .priority = 300,
    .cpu = RIJN_CPU_AARCH64 | RIJN_CPU_NEON | RIJN_CPU_ARM_AES,
    .ct = true,
    .ops = CE_OPS,
};
