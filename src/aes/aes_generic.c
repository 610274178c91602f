/* SPDX-License-Identifier: MIT */
/*
 * aes-generic: classic T-table AES (FIPS 197; the "32-bit" method of the
 * Rijndael proposal, §5.2.1). Four 1 KiB tables per direction.
 *
 * NOT constant-time: every table index is a byte of (state xor key), so the
 * cache lines it touches depend on the key and the data (Bernstein 2005).
 * It is registered with ct = false and the lowest priority: selection by
 * algorithm name never returns it. It exists as the baseline of the seed's
 * benchmarks, and as the positive control of the constant-time tests, which
 * must flag it.
 *
 * The tables are computed once, on first key setup, from the field
 * arithmetic (no hand-copied constants).
 */
#include <pthread.h>

#include "aes/cipher.h"
#include "aes/keyexp.h"

/* File-internal names start with generic_; the functions below alias the
 * tables by their short names. */
static uint8_t generic_sbox[256], generic_inv_sbox[256];
static uint32_t generic_te[4][256], generic_td[4][256];
static pthread_once_t generic_tables_once = PTHREAD_ONCE_INIT;

static uint8_t generic_gmul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    while (b) {
        if (b & 1) p ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return p;
}

static uint32_t generic_rotl8(uint32_t x) { return (x << 8) | (x >> 24); }

static void generic_build_tables(void)
{
    uint8_t *sbox = generic_sbox, *inv_sbox = generic_inv_sbox;
    uint32_t (*te)[256] = generic_te, (*td)[256] = generic_td;
    /* S(x) = affine(x^-1), FIPS 197 §5.1.1; inverse by brute force. */
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (int y = 1; y < 256 && x; y++)
            if (generic_gmul((uint8_t)x, (uint8_t)y) == 1) { inv = (uint8_t)y; break; }
        uint8_t s = inv;
        for (int i = 1; i < 5; i++) s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
        sbox[x] = s ^ 0x63;
    }
    for (int x = 0; x < 256; x++) inv_sbox[sbox[x]] = (uint8_t)x;
    /* te[0][x] is the MixColumns column (2s, s, s, 3s) as a little-endian
     * word (row 0 in the low byte); te[i] is te[0] rotated by 8i. */
    for (int x = 0; x < 256; x++) {
        uint8_t s = sbox[x], t = inv_sbox[x];
        te[0][x] = generic_gmul(s, 2) | ((uint32_t)s << 8) | ((uint32_t)s << 16) | ((uint32_t)generic_gmul(s, 3) << 24);
        td[0][x] = generic_gmul(t, 14) | ((uint32_t)generic_gmul(t, 9) << 8) | ((uint32_t)generic_gmul(t, 13) << 16) |
                   ((uint32_t)generic_gmul(t, 11) << 24);
        for (int i = 1; i < 4; i++) {
            te[i][x] = generic_rotl8(te[i - 1][x]);
            td[i][x] = generic_rotl8(td[i - 1][x]);
        }
    }
}

typedef struct {
    uint32_t ek[60], dk[60];   /* little-endian column words */
    unsigned rounds;
} generic_ks;

_Static_assert(sizeof(generic_ks) <= RIJN_AES_KS_BYTES, "generic key schedule too large");

/* SubWord by table lookup, indexed by key bytes: not constant-time, like
 * the rest of this driver, and the only such SubWord (keyexp.h). */
static uint32_t generic_sub_word(uint32_t w)
{
    return (uint32_t)generic_sbox[w & 0xff] | (uint32_t)generic_sbox[(w >> 8) & 0xff] << 8 |
           (uint32_t)generic_sbox[(w >> 16) & 0xff] << 16 | (uint32_t)generic_sbox[w >> 24] << 24;
}

/* InvMixColumns of one column word, for the equivalent inverse cipher's
 * decryption keys (FIPS 197 §5.3.5). */
static uint32_t generic_inv_mix_word(uint32_t w)
{
    const uint8_t *sbox = generic_sbox;
    const uint32_t (*td)[256] = generic_td;
    return td[0][sbox[w & 0xff]] ^ td[1][sbox[(w >> 8) & 0xff]] ^ td[2][sbox[(w >> 16) & 0xff]] ^
           td[3][sbox[w >> 24]];
}

static void generic_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    generic_ks *ks = ctx;
    uint8_t rk[240];
    pthread_once(&generic_tables_once, generic_build_tables);
    const unsigned nr = rijn_key_expand(rk, key, key_len, generic_sub_word);
    ks->rounds = nr;
    for (unsigned i = 0; i < 4 * (nr + 1); i++) ks->ek[i] = rijn_load32_le(rk + 4 * i);
    rijn_wipe(rk, sizeof rk);
    /* Decryption keys: reversed round order, InvMixColumns on the inner
     * rounds. */
    for (unsigned r = 0; r <= nr; r++)
        for (unsigned c = 0; c < 4; c++) {
            uint32_t w = ks->ek[4 * (nr - r) + c];
            ks->dk[4 * r + c] = (r == 0 || r == nr) ? w : generic_inv_mix_word(w);
        }
}

static void generic_enc_block(const generic_ks *ks, uint8_t out[16], const uint8_t in[16])
{
    const uint32_t *k = ks->ek;
    const uint8_t *sbox = generic_sbox;
    const uint32_t (*te)[256] = generic_te;
    uint32_t s0 = rijn_load32_le(in) ^ k[0], s1 = rijn_load32_le(in + 4) ^ k[1];
    uint32_t s2 = rijn_load32_le(in + 8) ^ k[2], s3 = rijn_load32_le(in + 12) ^ k[3];
    for (unsigned r = 1; r < ks->rounds; r++) {
        k += 4;
        /* Column c takes row i from column c + i (ShiftRows). */
        uint32_t t0 = te[0][s0 & 0xff] ^ te[1][(s1 >> 8) & 0xff] ^ te[2][(s2 >> 16) & 0xff] ^ te[3][s3 >> 24] ^ k[0];
        uint32_t t1 = te[0][s1 & 0xff] ^ te[1][(s2 >> 8) & 0xff] ^ te[2][(s3 >> 16) & 0xff] ^ te[3][s0 >> 24] ^ k[1];
        uint32_t t2 = te[0][s2 & 0xff] ^ te[1][(s3 >> 8) & 0xff] ^ te[2][(s0 >> 16) & 0xff] ^ te[3][s1 >> 24] ^ k[2];
        uint32_t t3 = te[0][s3 & 0xff] ^ te[1][(s0 >> 8) & 0xff] ^ te[2][(s1 >> 16) & 0xff] ^ te[3][s2 >> 24] ^ k[3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    k += 4;
    uint32_t o[4];
    uint32_t s[4] = { s0, s1, s2, s3 };
    for (int c = 0; c < 4; c++)
        o[c] = (sbox[s[c] & 0xff] | ((uint32_t)sbox[(s[(c + 1) & 3] >> 8) & 0xff] << 8) |
                ((uint32_t)sbox[(s[(c + 2) & 3] >> 16) & 0xff] << 16) | ((uint32_t)sbox[s[(c + 3) & 3] >> 24] << 24)) ^
               k[c];
    for (int c = 0; c < 4; c++) rijn_store32_le(out + 4 * c, o[c]);
}

static void generic_dec_block(const generic_ks *ks, uint8_t out[16], const uint8_t in[16])
{
    const uint32_t *k = ks->dk;
    const uint8_t *inv_sbox = generic_inv_sbox;
    const uint32_t (*td)[256] = generic_td;
    uint32_t s0 = rijn_load32_le(in) ^ k[0], s1 = rijn_load32_le(in + 4) ^ k[1];
    uint32_t s2 = rijn_load32_le(in + 8) ^ k[2], s3 = rijn_load32_le(in + 12) ^ k[3];
    for (unsigned r = 1; r < ks->rounds; r++) {
        k += 4;
        /* Column c takes row i from column c - i (InvShiftRows). */
        uint32_t t0 = td[0][s0 & 0xff] ^ td[1][(s3 >> 8) & 0xff] ^ td[2][(s2 >> 16) & 0xff] ^ td[3][s1 >> 24] ^ k[0];
        uint32_t t1 = td[0][s1 & 0xff] ^ td[1][(s0 >> 8) & 0xff] ^ td[2][(s3 >> 16) & 0xff] ^ td[3][s2 >> 24] ^ k[1];
        uint32_t t2 = td[0][s2 & 0xff] ^ td[1][(s1 >> 8) & 0xff] ^ td[2][(s0 >> 16) & 0xff] ^ td[3][s3 >> 24] ^ k[2];
        uint32_t t3 = td[0][s3 & 0xff] ^ td[1][(s2 >> 8) & 0xff] ^ td[2][(s1 >> 16) & 0xff] ^ td[3][s0 >> 24] ^ k[3];
        s0 = t0; s1 = t1; s2 = t2; s3 = t3;
    }
    k += 4;
    uint32_t s[4] = { s0, s1, s2, s3 };
    for (int c = 0; c < 4; c++) {
        uint32_t o = (inv_sbox[s[c] & 0xff] | ((uint32_t)inv_sbox[(s[(c + 3) & 3] >> 8) & 0xff] << 8) |
                      ((uint32_t)inv_sbox[(s[(c + 2) & 3] >> 16) & 0xff] << 16) |
                      ((uint32_t)inv_sbox[s[(c + 1) & 3] >> 24] << 24)) ^ k[c];
        rijn_store32_le(out + 4 * c, o);
    }
}

static void generic_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n; n--, in += 16, out += 16) generic_enc_block(ks, out, in);
}

static void generic_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n; n--, in += 16, out += 16) generic_dec_block(ks, out, in);
}

static void generic_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    for (; n; n--, in += 16, out += 16) {
        rijn_xor16(iv, iv, in);
        generic_enc_block(ks, iv, iv);
        memcpy(out, iv, 16);
    }
}

static void generic_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    for (; n; n--, in += 16) {
        rijn_xor16(mac, mac, in);
        generic_enc_block(ks, mac, mac);
    }
}

static const struct rijn_cipher_ops generic_ops = {
    .setkey = generic_setkey,
    .encrypt = generic_encrypt,
    .decrypt = generic_decrypt,
    .cbc_encrypt = generic_cbc_encrypt,
    .cbc_mac = generic_cbc_mac,
};

const struct rijn_desc rijn_aes_generic_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-generic",
    .priority = 50,
    .cpu = 0,
    .ct = false,
    .ops = &generic_ops,
};
