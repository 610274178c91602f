/* SPDX-License-Identifier: MIT */
/*
 * aes-neon: constant-time AES (FIPS 197) on AArch64 Advanced SIMD without
 * the Crypto Extensions (Cortex-A53 in the Raspberry Pi 3, Cortex-A55 and
 * A35 built without them), one block per register.
 *
 * The S-box lives in registers
 * ----------------------------
 * TBL looks bytes up in a table of up to four registers (64 bytes) and
 * gives 0 for an index past 63. The 256-byte S-box is 16 registers, so
 * SubBytes is four TBLs, one per quarter, on the indices x, x - 64,
 * x - 128 and x - 192 (mod 256), ORed together: only the quarter that
 * holds a byte's entry answers for it. The kernel's aes-neon chains one
 * TBL and three TBX (which keep a lane whose index is out of range)
 * instead; on a serial chain (CBC encryption, CBC-MAC: this driver's job)
 * that puts four table lookups in a row on the critical path, where the
 * four independent ones put one. llvm-mca's Cortex-A57 model puts CBC
 * encryption at 35 instead of 53 cycles per byte, Neoverse N1 at 17.5
 * instead of 23; the in-order Cortex-A510 is unchanged (bench/mca.py).
 * These lookups read registers,
 * not memory, so their timing cannot depend on the index (no cache lines,
 * no bank conflicts); the table is loaded whole, at fixed addresses.
 *
 * The rest of the round
 * ---------------------
 * ShiftRows is one TBL with a constant permutation (done before SubBytes,
 * with which it commutes). MixColumns works on each 32-bit column, byte r
 * of a column at bits 8r:
 *     out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3}
 *           = 2 b_r + a_{r+1} + b_{r+2},   b = a + neon_rot8(a),
 * where neon_rot8 moves byte r+1 to r (a 32-bit rotate by 8) and b_{r+2} is b
 * rotated by 16 bits (REV32 on 16-bit halves). Doubling in GF(2^8) is a
 * shift and a conditional 0x1b taken from the sign bit with an arithmetic
 * shift: no branch. InvMixColumns factors as MixColumns after the matrix
 * circ(5, 0, 4, 0), i.e. a + 4 (a + neon_rot16(a)) (the "Rijndael book"
 * decomposition), so decryption costs two more doublings per round.
 *
 * Decryption runs the inverse cipher directly (FIPS 197 §5.3), from the
 * same round keys, with the inverse S-box loaded instead.
 *
 * Why it exists: serial modes. CBC encryption and the CBC-MAC of CMAC and
 * CCM have one block in flight; the bit-sliced aes-neonbs needs eight to
 * pay off. aes-neonbs runs its serial chains on this code.
 */
#include "aes/keyexp.h"
#include "aes/neon_core.h"
#include "aes/neon_round.h"

#ifdef RIJN_HAVE_NEON_AES

static inline uint8x16_t enc_block(const uint8_t rk[15][16], unsigned nr, const struct neon_tables *tb,
                                   uint8x16_t sr, uint8x16_t x)
{
    x = veorq_u8(x, vld1q_u8(rk[0]));
    for (unsigned r = 1; r < nr; r++) x = veorq_u8(neon_mix_columns(neon_sub_bytes(vqtbl1q_u8(x, sr), tb)), vld1q_u8(rk[r]));
    return veorq_u8(neon_sub_bytes(vqtbl1q_u8(x, sr), tb), vld1q_u8(rk[nr]));
}

static inline uint8x16_t dec_block(const struct neon_ks *k, const struct neon_tables *tb, uint8x16_t isr,
                                   uint8x16_t x)
{
    x = veorq_u8(x, vld1q_u8(k->rk[k->nr]));
    for (unsigned r = k->nr - 1; r > 0; r--)
        x = neon_inv_mix_columns(veorq_u8(neon_sub_bytes(vqtbl1q_u8(x, isr), tb), vld1q_u8(k->rk[r])));
    return veorq_u8(neon_sub_bytes(vqtbl1q_u8(x, isr), tb), vld1q_u8(k->rk[0]));
}

static uint32_t neon_sub_word(uint32_t w)
{
    struct neon_tables tb;
    uint8_t b[16] = { 0 };
    neon_load_tables(&tb, rijn_sbox_fwd);
    rijn_store32_le(b, w);
    vst1q_u8(b, neon_sub_bytes(vld1q_u8(b), &tb));
    w = rijn_load32_le(b);
    rijn_wipe(b, sizeof b);
    return w;
}

unsigned rijn_neon_expand(uint8_t rk[15][16], const uint8_t *key, size_t key_len)
{
    return rijn_key_expand((uint8_t *)rk, key, key_len, neon_sub_word);
}

static void neon_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct neon_ks *k = ctx;
    k->nr = rijn_neon_expand(k->rk, key, key_len);
}

static void neon_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    struct neon_tables tb;
    neon_load_tables(&tb, rijn_sbox_fwd);
    const uint8x16_t sr = vld1q_u8(neon_shift_rows_idx);
    const struct neon_ks *k = ks;
    for (; n; n--, in += 16, out += 16) vst1q_u8(out, enc_block(k->rk, k->nr, &tb, sr, vld1q_u8(in)));
}

static void neon_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    struct neon_tables tb;
    neon_load_tables(&tb, rijn_sbox_inv);
    const uint8x16_t isr = vld1q_u8(neon_inv_shift_rows_idx);
    for (; n; n--, in += 16, out += 16) {
        RIJN_MCA_BEGIN("neon-ecb-dec");
        vst1q_u8(out, dec_block(ks, &tb, isr, vld1q_u8(in)));
        RIJN_MCA_END();
    }
}

void rijn_neon_cbc_encrypt(const uint8_t rk[15][16], unsigned nr, uint8_t iv[16], uint8_t *out, const uint8_t *in,
                           size_t n)
{
    struct neon_tables tb;
    neon_load_tables(&tb, rijn_sbox_fwd);
    const uint8x16_t sr = vld1q_u8(neon_shift_rows_idx);
    uint8x16_t c = vld1q_u8(iv);
    for (; n; n--, in += 16, out += 16) {
        RIJN_MCA_BEGIN("neon-cbc-enc");
        c = enc_block(rk, nr, &tb, sr, veorq_u8(c, vld1q_u8(in)));
        vst1q_u8(out, c);
        RIJN_MCA_END();
    }
    vst1q_u8(iv, c);
}

void rijn_neon_cbc_mac(const uint8_t rk[15][16], unsigned nr, uint8_t mac[16], const uint8_t *in, size_t n)
{
    struct neon_tables tb;
    neon_load_tables(&tb, rijn_sbox_fwd);
    const uint8x16_t sr = vld1q_u8(neon_shift_rows_idx);
    uint8x16_t c = vld1q_u8(mac);
    for (; n; n--, in += 16) c = enc_block(rk, nr, &tb, sr, veorq_u8(c, vld1q_u8(in)));
    vst1q_u8(mac, c);
}

static void neon_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct neon_ks *k = ks;
    rijn_neon_cbc_encrypt(k->rk, k->nr, iv, out, in, n);
}

static void neon_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct neon_ks *k = ks;
    rijn_neon_cbc_mac(k->rk, k->nr, mac, in, n);
}

static const struct rijn_cipher_ops neon_ops = {
    .setkey = neon_setkey,
    .encrypt = neon_encrypt,
    .decrypt = neon_decrypt,
    .cbc_encrypt = neon_cbc_encrypt,
    .cbc_mac = neon_cbc_mac,
};
#define NEON_OPS &neon_ops
#else
#define NEON_OPS NULL
#endif

/* Serial modes: above the bit-sliced aes-neonbs's serial priority (240),
 * below its parallel one (300). */
const struct rijn_desc rijn_aes_neon_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-neon",
    .priority = 250,
    .cpu = RIJN_CPU_AARCH64 | RIJN_CPU_NEON,
    .ct = true,
    .ops = NEON_OPS,
};
