/* SPDX-License-Identifier: MIT */
/*
 * aes-fixed-time: scalar AES (FIPS 197) with a 256-byte S-box and nothing
 * else in memory, after the Linux kernel's "fixed-time" AES (aes_ti.c,
 * Linux 4.11, now lib/crypto/aes.c): portable C for every architecture.
 *
 * What it does against cache timing
 * ---------------------------------
 * aes-generic indexes 4 KiB of T-tables per direction with (state ^ key)
 * bytes: which of its 64 cache lines a round touches depends on the
 * secret, and whether they are cached shows in the time (Bernstein 2005).
 * Here the only table is the S-box itself, 256 bytes (4 lines of 64 bytes,
 * 8 of 32), and before every block the whole table is read, word by word,
 * behind a compiler barrier, so that the secret-indexed lookups of that
 * block find every line already cached and all take the same time.
 * MixColumns is computed arithmetically on 32-bit column words (GF(2^8)
 * doubling as shifts and masks, no branch, no table), so no other memory
 * is indexed by secrets.
 *
 * Why it is NOT constant-time
 * ---------------------------
 * The loads are still addressed by secret bytes. Pulling the table into
 * the cache removes the largest, cross-block signal (a line missing or
 * not), but not the others: a line evicted between the prefetch and a
 * lookup (another thread, an interrupt, a co-resident attacker priming
 * the cache), cache-bank conflicts within a line (CacheBleed, Yarom et al.
 * 2016), 4K-aliasing and store-forwarding checks on the address. Nothing
 * bounds those. The descriptor says ct = false, the registry never
 * selects it by algorithm name, and the secret-taint test
 * (tests/c/ct_taint.c) must flag it, as it flags aes-generic. It exists as
 * the kernel's fallback for cores without a constant-time fast path, for
 * benchmarks and as a second positive control of the taint test.
 *
 * The kernel mixes a few S-box bytes that XOR to zero into the state; the
 * barrier here does the same job (the reads cannot be dropped, and no
 * lookup can move above them) without depending on the key.
 */
#include "aes/cipher.h"
#include "aes/keyexp.h"
#include "aes/sbox_tables.h"

struct fixed_time_ks {
    uint32_t rk[60];   /* little-endian column words: row r in bits 8r */
    unsigned nr;
};
_Static_assert(sizeof(struct fixed_time_ks) <= RIJN_AES_KS_BYTES, "fixed-time key schedule too large");

/* Read all 256 bytes of the table (64 words) and make the compiler keep
 * the reads and keep every later memory access after them: the asm takes
 * their XOR as an input (so they happen before it) and clobbers memory (so
 * no lookup of the block is hoisted above it). Every word rather than one
 * per cache line: no assumption about the line size, and 64 loads against
 * some 160 lookups and 40 MixColumns per block. */
static inline void fixed_time_touch(const uint8_t table[256])
{
    uint32_t acc = 0;
    for (unsigned i = 0; i < 256; i += 4) {
        uint32_t w;
        memcpy(&w, table + i, 4);
        acc ^= w;
    }
    __asm__ volatile("" : : "r"(acc) : "memory");
}

static inline uint32_t fixed_time_ror(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

/* Each byte times x in GF(2^8) (FIPS 197 §4.2.1): shift, and 0x1b where
 * the byte's top bit was set, taken from that bit by a multiply. */
static inline uint32_t fixed_time_xt(uint32_t w)
{
    return ((w & 0x7f7f7f7fu) << 1) ^ (((w >> 7) & 0x01010101u) * 0x1bu);
}

/* MixColumns of one column (FIPS 197 §5.1.3):
 *   out_r = 2 a_r + 3 a_{r+1} + a_{r+2} + a_{r+3}
 *         = 2 t_r + a_{r+1} + t_{r+2},   t_r = a_r + a_{r+1},
 * byte r + k of a column word moved to byte r by a right rotation of 8k. */
static inline uint32_t fixed_time_mix(uint32_t a)
{
    const uint32_t a1 = fixed_time_ror(a, 8), t = a ^ a1;
    return fixed_time_xt(t) ^ a1 ^ fixed_time_ror(t, 16);
}

/* InvMixColumns = MixColumns after circ(5, 0, 4, 0), i.e. after
 * a + 4 (a + a_{r+2}) (the factorisation of "The Design of Rijndael",
 * §4.1.3): two more doublings. */
static inline uint32_t fixed_time_inv_mix(uint32_t a)
{
    const uint32_t u = fixed_time_xt(fixed_time_xt(a ^ fixed_time_ror(a, 16)));
    return fixed_time_mix(a ^ u);
}

/* SubBytes and ShiftRows for output column c: row r comes from column
 * c + r (FIPS 197 §5.1.2); InvShiftRows takes it from column c - r
 * (§5.3.1), i.e. step = 3. */
static inline uint32_t fixed_time_sub_shift(const uint8_t sbox[256], const uint32_t s[4], unsigned c,
                                            unsigned step)
{
    return (uint32_t)sbox[s[c] & 0xff] | (uint32_t)sbox[(s[(c + step) & 3] >> 8) & 0xff] << 8 |
           (uint32_t)sbox[(s[(c + 2 * step) & 3] >> 16) & 0xff] << 16 |
           (uint32_t)sbox[s[(c + 3 * step) & 3] >> 24] << 24;
}

static uint32_t fixed_time_sub_word(uint32_t w)
{
    fixed_time_touch(rijn_sbox_fwd);
    const uint32_t s[4] = { w, w, w, w };
    return fixed_time_sub_shift(rijn_sbox_fwd, s, 0, 0);
}

static void fixed_time_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct fixed_time_ks *k = ctx;
    uint8_t rk[240];
    k->nr = rijn_key_expand(rk, key, key_len, fixed_time_sub_word);
    for (unsigned i = 0; i < 4 * (k->nr + 1); i++) k->rk[i] = rijn_load32_le(rk + 4 * i);
    rijn_wipe(rk, sizeof rk);
}

/* The cipher (FIPS 197 §5.1) on four column words. */
static void fixed_time_enc(const struct fixed_time_ks *k, uint32_t s[4])
{
    const uint32_t *rk = k->rk;
    uint32_t t[4];
    fixed_time_touch(rijn_sbox_fwd);
    for (unsigned c = 0; c < 4; c++) s[c] ^= rk[c];
    for (unsigned r = 1; r < k->nr; r++) {
        rk += 4;
        for (unsigned c = 0; c < 4; c++) t[c] = fixed_time_sub_shift(rijn_sbox_fwd, s, c, 1);
        for (unsigned c = 0; c < 4; c++) s[c] = fixed_time_mix(t[c]) ^ rk[c];
    }
    rk += 4;
    for (unsigned c = 0; c < 4; c++) t[c] = fixed_time_sub_shift(rijn_sbox_fwd, s, c, 1);
    for (unsigned c = 0; c < 4; c++) s[c] = t[c] ^ rk[c];
}

/* The inverse cipher (FIPS 197 §5.3), from the same round keys. */
static void fixed_time_dec(const struct fixed_time_ks *k, uint32_t s[4])
{
    const uint32_t *rk = k->rk + 4 * k->nr;
    uint32_t t[4];
    fixed_time_touch(rijn_sbox_inv);
    for (unsigned c = 0; c < 4; c++) s[c] ^= rk[c];
    for (unsigned r = k->nr - 1; r > 0; r--) {
        rk -= 4;
        for (unsigned c = 0; c < 4; c++) t[c] = fixed_time_sub_shift(rijn_sbox_inv, s, c, 3);
        for (unsigned c = 0; c < 4; c++) s[c] = fixed_time_inv_mix(t[c] ^ rk[c]);
    }
    rk -= 4;
    for (unsigned c = 0; c < 4; c++) t[c] = fixed_time_sub_shift(rijn_sbox_inv, s, c, 3);
    for (unsigned c = 0; c < 4; c++) s[c] = t[c] ^ rk[c];
}

static inline void fixed_time_load(uint32_t s[4], const uint8_t *in)
{
    for (unsigned c = 0; c < 4; c++) s[c] = rijn_load32_le(in + 4 * c);
}

static inline void fixed_time_store(uint8_t *out, const uint32_t s[4])
{
    for (unsigned c = 0; c < 4; c++) rijn_store32_le(out + 4 * c, s[c]);
}

static void fixed_time_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    uint32_t s[4];
    for (; n; n--, in += 16, out += 16) {
        fixed_time_load(s, in);
        fixed_time_enc(ctx, s);
        fixed_time_store(out, s);
    }
    rijn_wipe(s, sizeof s);
}

static void fixed_time_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    uint32_t s[4];
    for (; n; n--, in += 16, out += 16) {
        fixed_time_load(s, in);
        fixed_time_dec(ctx, s);
        fixed_time_store(out, s);
    }
    rijn_wipe(s, sizeof s);
}

/* SP 800-38A §6.2: C_i = E(P_i ^ C_{i-1}), iv holding C_{i-1}. */
static void fixed_time_cbc_encrypt(const void *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    uint32_t s[4];
    fixed_time_load(s, iv);
    for (; n; n--, in += 16, out += 16) {
        for (unsigned c = 0; c < 4; c++) s[c] ^= rijn_load32_le(in + 4 * c);
        fixed_time_enc(ctx, s);
        fixed_time_store(out, s);
    }
    fixed_time_store(iv, s);
    rijn_wipe(s, sizeof s);
}

static void fixed_time_cbc_mac(const void *ctx, uint8_t mac[16], const uint8_t *in, size_t n)
{
    uint32_t s[4];
    fixed_time_load(s, mac);
    for (; n; n--, in += 16) {
        for (unsigned c = 0; c < 4; c++) s[c] ^= rijn_load32_le(in + 4 * c);
        fixed_time_enc(ctx, s);
    }
    fixed_time_store(mac, s);
    rijn_wipe(s, sizeof s);
}

static const struct rijn_cipher_ops fixed_time_ops = {
    .setkey = fixed_time_setkey,
    .encrypt = fixed_time_encrypt,
    .decrypt = fixed_time_decrypt,
    .cbc_encrypt = fixed_time_cbc_encrypt,
    .cbc_mac = fixed_time_cbc_mac,
};

/* Not constant-time (above): under aes-generic's 50, reached only by its
 * driver name. */
const struct rijn_desc rijn_aes_fixed_time_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-fixed-time",
    .priority = 40,
    .cpu = 0,
    .ct = false,
    .ops = &fixed_time_ops,
};
