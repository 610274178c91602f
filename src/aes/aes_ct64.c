/* SPDX-License-Identifier: MIT */
/*
 * aes-ct64: constant-time AES (FIPS 197) in portable C on 64-bit words,
 * bit-sliced, four blocks at a time, with a fixsliced encryption.
 *
 * Representation
 * --------------
 * Four blocks b = 0..3 are held in eight 64-bit words q[0..7]. Word q[j]
 * holds bit j of every state byte. The byte in row r, column c of block b
 * (FIPS 197 §3.4: byte index 4c + r) sits at bit position
 *
 *         p(r, c, b) = 16 r + 4 c + b
 *
 * so each row is a 16-bit field, each column a nibble inside it, and the
 * four blocks are the four bits of that nibble. All operations are fixed
 * sequences of AND/XOR/shift/rotate on whole words: no table, no branch and
 * no address depends on the key or the data, which is what makes this
 * driver constant-time (checked under valgrind by tests/c/ct_taint.c, run by
 * tests/py/test_ct.py).
 *
 * SubBytes is the Boyar-Peralta depth-16 circuit (J. Boyar, R. Peralta, "A
 * depth-16 circuit for the AES S-box", ePrint 2011/332), forward and
 * inverse, applied to the eight words at once: 64 S-boxes per gate.
 *
 * Moving bytes. Let R(k, j) be "take the byte k rows down and j columns to
 * the right": out(r, c) = in(r + k, c + j), indices mod 4. With j = 0 it is
 * one 64-bit rotation by 16k. With j != 0, columns wrap inside each 16-bit
 * row, so it is two rotations and a mask:
 *     R(k, j)(x) = (ror(x, 16k + 4j) & M_j) | (ror(x, 16k + 4j - 16) & ~M_j)
 * where M_j keeps the columns c < 4 - j (those that do not wrap).
 *
 * Fixslicing (A. Adomnicai, T. Peyrin, "Fixslicing AES-like ciphers", TCHES
 * 2021/1). ShiftRows costs a mask-and-shift per row per word (about 100
 * operations a round); we skip it. After s skipped ShiftRows the physical
 * state P relates to the true state T by T(r, c) = P(r, c + r s). MixColumns
 * on the true columns then reads, for the output at physical (r, c'), the
 * inputs at physical (r + k, c' + k s) for k = 1, 2, 3, i.e. R(k, k s). With
 *     B = R(1, s)(q),  t = q ^ B,
 *     MixColumns = 2 t ^ B ^ R(2, 2 s)(t)
 * (2a0 ^ 3a1 ^ a2 ^ a3 = 2(a0 ^ a1) ^ a1 ^ (a2 ^ a3), and R(2,2s)(t) is
 * a2 ^ a3). For s = 0 both moves are plain rotations; for s = 2 one is; for
 * s = 1, 3 both are masked. Round keys are stored in the matching physical
 * order (InvShiftRows applied s times), and the output is fixed up with s =
 * Nr mod 4 ShiftRows at the end (s = 2 for AES-128/256, 0 for AES-192).
 *
 * The S-box's affine constant 0x63 (four NOT gates) is not computed: it
 * passes unchanged through MixColumns (2 ^ 3 ^ 1 ^ 1 = 1) and through byte
 * permutations, so it is folded into round keys 1..Nr.
 *
 * Decryption uses the plain bit-sliced inverse cipher (FIPS 197 §5.3):
 * InvShiftRows with masks, the inverse circuit, and InvMixColumns as
 * MixColumns(y) with y_r = x_r ^ 4 (x_r ^ x_{r+2}), since
 * circ(0e,0b,0d,09) = circ(02,03,01,01) x circ(05,00,04,00).
 *
 * The key schedule (FIPS 197 §5.2) runs on bytes, with SubWord computed by
 * the same circuit on a bit-sliced word, so it is constant-time too.
 */
#include "aes/cipher.h"

typedef uint64_t bs_word;
#include "aes/bp_sbox.h"    /* the S-box circuit, key expansion, ortho() */

typedef struct {
    uint64_t enc[15][8];   /* fixsliced, 0x63-folded */
    uint64_t dec[15][8];   /* plain bit-sliced */
    unsigned rounds;
} ct64_ks;

_Static_assert(sizeof(ct64_ks) <= RIJN_AES_KS_BYTES, "ct64 key schedule too large");

static inline uint64_t ror64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << ((64 - n) & 63));
}

/* ---------------------------------------------------------- packing -- */

/* Byte r of a 32-bit word to bit 16r, and back. */
static inline uint64_t spread16(uint32_t x)
{
    uint64_t v = x;
    v = (v | (v << 16)) & 0x0000ffff0000ffffull;
    v = (v | (v << 8)) & 0x00ff00ff00ff00ffull;
    return v;
}
static inline uint32_t unspread16(uint64_t v)
{
    v &= 0x00ff00ff00ff00ffull;
    v = (v | (v >> 8)) & 0x0000ffff0000ffffull;
    v = (v | (v >> 16)) & 0x00000000ffffffffull;
    return (uint32_t)v;
}

/* Load four blocks (64 bytes). Word i = b + 4 c0 gets columns c0 and c0 + 2
 * of block b, their bytes interleaved (byte m = c1 + 2r), so that after
 * ortho() bit 8m + i = 16 r + 4 (c0 + 2 c1) + b is p(r, c, b). */
static void pack4(uint64_t q[8], const uint8_t *in)
{
    for (int b = 0; b < 4; b++) {
        const uint8_t *blk = in + 16 * b;
        for (int c0 = 0; c0 < 2; c0++) {
            uint32_t x = rijn_load32_le(blk + 4 * c0);
            uint32_t y = rijn_load32_le(blk + 4 * (c0 + 2));
            q[b + 4 * c0] = spread16(x) | (spread16(y) << 8);
        }
    }
    ortho(q);
}

static void unpack4(uint8_t *out, uint64_t q[8])
{
    ortho(q);
    for (int b = 0; b < 4; b++) {
        uint8_t *blk = out + 16 * b;
        for (int c0 = 0; c0 < 2; c0++) {
            uint64_t w = q[b + 4 * c0];
            rijn_store32_le(blk + 4 * c0, unspread16(w));
            rijn_store32_le(blk + 4 * (c0 + 2), unspread16(w >> 8));
        }
    }
}

/* ----------------------------------------------------- linear layers -- */

/* Masks M_j of R(k, j): columns c < 4 - j in every 16-bit row. */
#define MCOL1 0x0fff0fff0fff0fffull
#define MCOL2 0x00ff00ff00ff00ffull
#define MCOL3 0x000f000f000f000full

static inline uint64_t rmove(uint64_t x, unsigned k, unsigned j, uint64_t mj)
{
    return (ror64(x, 16 * k + 4 * j) & mj) | (ror64(x, 16 * k + 4 * j - 16) & ~mj);
}


/* MixColumns with s = 0: B = ror 16, R(2,0) = ror 32. */
static inline void mix_s0(uint64_t q[8])
{
    uint64_t t[8], o[8];
    for (int j = 0; j < 8; j++) {
        uint64_t b = ror64(q[j], 16);
        t[j] = q[j] ^ b;
        o[j] = b ^ ror64(t[j], 32);
    }
    XTIME_XOR(o, t);
    memcpy(q, o, sizeof o);
}

static inline void mix_s1(uint64_t q[8])
{
    uint64_t t[8], o[8];
    for (int j = 0; j < 8; j++) {
        uint64_t b = rmove(q[j], 1, 1, MCOL1);
        t[j] = q[j] ^ b;
        o[j] = b ^ rmove(t[j], 2, 2, MCOL2);
    }
    XTIME_XOR(o, t);
    memcpy(q, o, sizeof o);
}

static inline void mix_s2(uint64_t q[8])
{
    uint64_t t[8], o[8];
    for (int j = 0; j < 8; j++) {
        uint64_t b = rmove(q[j], 1, 2, MCOL2);
        t[j] = q[j] ^ b;
        o[j] = b ^ ror64(t[j], 32);        /* R(2, 4) = R(2, 0) */
    }
    XTIME_XOR(o, t);
    memcpy(q, o, sizeof o);
}

static inline void mix_s3(uint64_t q[8])
{
    uint64_t t[8], o[8];
    for (int j = 0; j < 8; j++) {
        uint64_t b = rmove(q[j], 1, 3, MCOL3);
        t[j] = q[j] ^ b;
        o[j] = b ^ rmove(t[j], 2, 2, MCOL2);  /* R(2, 6) = R(2, 2) */
    }
    XTIME_XOR(o, t);
    memcpy(q, o, sizeof o);
}

/* ShiftRows applied twice: rows 1 and 3 rotate by two columns (8 bits
 * inside their 16-bit field); rows 0 and 2 stay. */
static inline uint64_t shift_rows2(uint64_t x)
{
    const uint64_t rows13 = 0xffff0000ffff0000ull;
    uint64_t sw = ((x >> 8) & 0x00ff00ff00ff00ffull) | ((x << 8) & 0xff00ff00ff00ff00ull);
    return (x & ~rows13) | (sw & rows13);
}

/* InvShiftRows: new(r, c) = old(r, c - r). */
static inline uint64_t inv_shift_rows(uint64_t x)
{
    return (x & 0x000000000000ffffull)
         | ((x << 4) & 0x00000000fff00000ull) | ((x >> 12) & 0x00000000000f0000ull)
         | ((x << 8) & 0x0000ff0000000000ull) | ((x >> 8) & 0x000000ff00000000ull)
         | ((x >> 4) & 0x0fff000000000000ull) | ((x << 12) & 0xf000000000000000ull);
}

static inline void inv_mix(uint64_t q[8])
{
    /* y = x ^ 4 (x ^ R(2,0) x), then MixColumns(y). */
    uint64_t u[8], v[8];
    for (int j = 0; j < 8; j++) u[j] = q[j] ^ ror64(q[j], 32);
    /* v = 2u, then 4u = 2v. */
    memset(v, 0, sizeof v);
    XTIME_XOR(v, u);
    memset(u, 0, sizeof u);
    XTIME_XOR(u, v);
    for (int j = 0; j < 8; j++) q[j] ^= u[j];
    mix_s0(q);
}

/* ------------------------------------------------------------ cipher -- */

#include "aes/bs_rounds.h"

static void encrypt4(const ct64_ks *ks, uint64_t q[8])
{
    bs_encrypt((const bs_word(*)[8])ks->enc, RIJN_ROUNDS(ks->rounds), q);
}

static void decrypt4(const ct64_ks *ks, uint64_t q[8])
{
    bs_decrypt((const bs_word(*)[8])ks->dec, RIJN_ROUNDS(ks->rounds), q);
}

/* --------------------------------------------------------- key setup -- */

/* Bit-slice one 16-byte round key, the same for all four blocks. */
static void slice_key(uint64_t out[8], const uint8_t k[16])
{
    uint8_t four[64];
    for (int b = 0; b < 4; b++) memcpy(four + 16 * b, k, 16);
    pack4(out, four);
    rijn_wipe(four, sizeof four);
}

static void ct64_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    ct64_ks *ks = ctx;
    ks->rounds = bs_schedule(ks->enc, ks->dec, key, key_len, slice_key);
}

/* ------------------------------------------------------ block driver -- */

static void ct64_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const ct64_ks *ks = ctx;
    uint64_t q[8];
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        RIJN_MCA_BEGIN("ct64-blocks");
        pack4(q, in);
        encrypt4(ks, q);
        unpack4(out, q);
        RIJN_MCA_END();
    }
    if (n) {
        uint8_t tmp[64] = { 0 };
        memcpy(tmp, in, 16 * n);
        pack4(q, tmp);
        encrypt4(ks, q);
        unpack4(tmp, q);
        memcpy(out, tmp, 16 * n);
        rijn_wipe(tmp, sizeof tmp);
    }
    rijn_wipe(q, sizeof q);
}

static void ct64_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const ct64_ks *ks = ctx;
    uint64_t q[8];
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        pack4(q, in);
        decrypt4(ks, q);
        unpack4(out, q);
    }
    if (n) {
        uint8_t tmp[64] = { 0 };
        memcpy(tmp, in, 16 * n);
        pack4(q, tmp);
        decrypt4(ks, q);
        unpack4(tmp, q);
        memcpy(out, tmp, 16 * n);
        rijn_wipe(tmp, sizeof tmp);
    }
    rijn_wipe(q, sizeof q);
}

/* Serial chains use one lane of the four: bit-slicing cannot help them. */
static void ct64_cbc_encrypt(const void *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const ct64_ks *ks = ctx;
    uint8_t blk[64] = { 0 };
    uint64_t q[8];
    for (; n; n--, in += 16, out += 16) {
        rijn_xor16(blk, iv, in);
        pack4(q, blk);
        encrypt4(ks, q);
        unpack4(blk, q);
        memcpy(out, blk, 16);
        memcpy(iv, blk, 16);
    }
    rijn_wipe(blk, sizeof blk);
    rijn_wipe(q, sizeof q);
}

static void ct64_cbc_mac(const void *ctx, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const ct64_ks *ks = ctx;
    uint8_t blk[64] = { 0 };
    uint64_t q[8];
    for (; n; n--, in += 16) {
        rijn_xor16(blk, mac, in);
        pack4(q, blk);
        encrypt4(ks, q);
        unpack4(blk, q);
        memcpy(mac, blk, 16);
    }
    rijn_wipe(blk, sizeof blk);
    rijn_wipe(q, sizeof q);
}

static const struct rijn_cipher_ops ct64_ops = {
    .setkey = ct64_setkey,
    .encrypt = ct64_encrypt,
    .decrypt = ct64_decrypt,
    .cbc_encrypt = ct64_cbc_encrypt,
    .cbc_mac = ct64_cbc_mac,
    .pass_blocks = 4, /* ct64_encrypt: four blocks per pass */
};

const struct rijn_desc rijn_aes_ct64_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-ct64",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .ops = &ct64_ops,
};
