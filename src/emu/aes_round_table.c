/* SPDX-License-Identifier: MIT */
/*
 * aes-round-table: the AES round primitives (include/rijn/aes_round.h)
 * with four T-tables per direction, as QEMU's crypto/aes.c computes them
 * on hosts without AES instructions (its AES_Te0..3, AES_Td0..3,
 * AES_mc_rot, AES_imc_rot): a whole round is four table lookups per
 * column.
 *
 * NOT constant-time: every index is a state byte, so the cache lines
 * touched depend on the data and the key (Bernstein 2005). Registered
 * with ct = false and the lowest priority, so it is never selected by
 * rijn_aes_round_get(NULL) or the public functions; it is the baseline
 * of `rijn speed` and the positive control of the taint test, which must
 * flag it.
 *
 * The tables are computed from the field arithmetic on first use
 * (pthread_once behind an atomic flag: one load per call afterwards).
 */
#include <pthread.h>

#include "emu/aes_round.h"

static uint8_t round_table_sbox[256], round_table_isbox[256];
/* te[0][x] = (2s, s, s, 3s), td[0][x] = (14t, 9t, 13t, 11t) with s = S(x),
 * t = S^-1(x), row 0 in the low byte; [i] is [0] rotated left by 8i.
 * mc and imc are the same columns without the S-box. */
static uint32_t round_table_te[4][256], round_table_td[4][256], round_table_mc[256], round_table_imc[256];
static pthread_once_t round_table_once = PTHREAD_ONCE_INIT;
static int round_table_ready;

static uint8_t round_table_gmul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    while (b) {
        if (b & 1) p ^= a;
        a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
        b >>= 1;
    }
    return p;
}

static uint32_t round_table_rotl8(uint32_t x)
{
    return (x << 8) | (x >> 24);
}

static uint32_t round_table_col(uint8_t v, uint8_t m0, uint8_t m1, uint8_t m2, uint8_t m3)
{
    return round_table_gmul(v, m0) | (uint32_t)round_table_gmul(v, m1) << 8 |
           (uint32_t)round_table_gmul(v, m2) << 16 | (uint32_t)round_table_gmul(v, m3) << 24;
}

static void round_table_build(void)
{
    /* S(x) = affine(x^-1), FIPS 197 §5.1.1; the inverse by search. */
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (int y = 1; y < 256 && x; y++)
            if (round_table_gmul((uint8_t)x, (uint8_t)y) == 1) {
                inv = (uint8_t)y;
                break;
            }
        uint8_t s = inv;
        for (int i = 1; i < 5; i++) s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
        round_table_sbox[x] = s ^ 0x63;
    }
    for (int x = 0; x < 256; x++) round_table_isbox[round_table_sbox[x]] = (uint8_t)x;
    for (int x = 0; x < 256; x++) {
        round_table_te[0][x] = round_table_col(round_table_sbox[x], 2, 1, 1, 3);
        round_table_td[0][x] = round_table_col(round_table_isbox[x], 14, 9, 13, 11);
        round_table_mc[x] = round_table_col((uint8_t)x, 2, 1, 1, 3);
        round_table_imc[x] = round_table_col((uint8_t)x, 14, 9, 13, 11);
        for (int i = 1; i < 4; i++) {
            round_table_te[i][x] = round_table_rotl8(round_table_te[i - 1][x]);
            round_table_td[i][x] = round_table_rotl8(round_table_td[i - 1][x]);
        }
    }
    __atomic_store_n(&round_table_ready, 1, __ATOMIC_RELEASE);
}

static inline void round_table_init(void)
{
    if (__builtin_expect(!__atomic_load_n(&round_table_ready, __ATOMIC_ACQUIRE), 0))
        pthread_once(&round_table_once, round_table_build);
}

/* The state's bytes in FIPS 197 order (reversed when be), and back. */
static inline void round_table_in(uint8_t a[16], const rijn_aes_state *s, bool be)
{
    if (be)
        aes_round_rev(a, s->b);
    else
        memcpy(a, s->b, 16);
}

static inline void round_table_out(rijn_aes_state *r, const uint32_t w[4], bool be)
{
    uint8_t t[16];
    for (int c = 0; c < 4; c++) rijn_store32_le(t + 4 * c, w[c]);
    for (int i = 0; i < 16; i++) r->b[i] = t[be ? 15 - i : i];
}

/* A column from one table of columns: row r's byte x_r contributes
 * tab[x_r] rotated to row r. */
static inline uint32_t round_table_cols(const uint32_t tab[256], uint8_t x0, uint8_t x1, uint8_t x2, uint8_t x3)
{
    const uint32_t t1 = tab[x1], t2 = tab[x2], t3 = tab[x3];
    return tab[x0] ^ ((t1 << 8) | (t1 >> 24)) ^ ((t2 << 16) | (t2 >> 16)) ^ ((t3 << 24) | (t3 >> 8));
}

static inline uint32_t round_table_key(const uint8_t k[16], int c)
{
    return rijn_load32_le(k + 4 * c);
}

#define A(c, row) a[4 * ((c) & 3) + (row)]

static void round_table_enc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    uint8_t a[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    for (int c = 0; c < 4; c++) w[c] = round_table_cols(round_table_mc, A(c, 0), A(c, 1), A(c, 2), A(c, 3));
    round_table_out(r, w, be);
}

static void round_table_dec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    uint8_t a[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    for (int c = 0; c < 4; c++) w[c] = round_table_cols(round_table_imc, A(c, 0), A(c, 1), A(c, 2), A(c, 3));
    round_table_out(r, w, be);
}

/* ShiftRows: output column c takes row r from column c + r;
 * InvShiftRows from column c - r. */
static void round_table_enc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    uint8_t a[16], k[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    round_table_in(k, rk, be);
    for (int c = 0; c < 4; c++)
        w[c] = ((uint32_t)round_table_sbox[A(c, 0)] | (uint32_t)round_table_sbox[A(c + 1, 1)] << 8 |
                (uint32_t)round_table_sbox[A(c + 2, 2)] << 16 | (uint32_t)round_table_sbox[A(c + 3, 3)] << 24) ^
               round_table_key(k, c);
    round_table_out(r, w, be);
}

static void round_table_enc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                        bool be)
{
    uint8_t a[16], k[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    round_table_in(k, rk, be);
    for (int c = 0; c < 4; c++)
        w[c] = round_table_te[0][A(c, 0)] ^ round_table_te[1][A(c + 1, 1)] ^ round_table_te[2][A(c + 2, 2)] ^
               round_table_te[3][A(c + 3, 3)] ^ round_table_key(k, c);
    round_table_out(r, w, be);
}

static void round_table_isb_isr(uint32_t w[4], const uint8_t a[16])
{
    for (int c = 0; c < 4; c++)
        w[c] = (uint32_t)round_table_isbox[A(c, 0)] | (uint32_t)round_table_isbox[A(c + 3, 1)] << 8 |
               (uint32_t)round_table_isbox[A(c + 2, 2)] << 16 | (uint32_t)round_table_isbox[A(c + 1, 3)] << 24;
}

static void round_table_dec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                       bool be)
{
    uint8_t a[16], k[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    round_table_in(k, rk, be);
    round_table_isb_isr(w, a);
    for (int c = 0; c < 4; c++) w[c] ^= round_table_key(k, c);
    round_table_out(r, w, be);
}

/* IMC(ISR(ISB(x)) ^ k): as QEMU, the inverse last round, then IMC by the
 * imc table. */
static void round_table_dec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                           bool be)
{
    uint8_t a[16], k[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    round_table_in(k, rk, be);
    round_table_isb_isr(w, a);
    for (int c = 0; c < 4; c++) {
        const uint32_t x = w[c] ^ round_table_key(k, c);
        w[c] = round_table_cols(round_table_imc, (uint8_t)x, (uint8_t)(x >> 8), (uint8_t)(x >> 16),
                                (uint8_t)(x >> 24));
    }
    round_table_out(r, w, be);
}

static void round_table_dec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                           bool be)
{
    uint8_t a[16], k[16];
    uint32_t w[4];
    round_table_init();
    round_table_in(a, st, be);
    round_table_in(k, rk, be);
    for (int c = 0; c < 4; c++)
        w[c] = round_table_td[0][A(c, 0)] ^ round_table_td[1][A(c + 3, 1)] ^ round_table_td[2][A(c + 2, 2)] ^
               round_table_td[3][A(c + 1, 3)] ^ round_table_key(k, c);
    round_table_out(r, w, be);
}

static const struct rijn_aes_round_ops round_table_ops = {
    .driver = "aes-round-table",
    .enc_MC = round_table_enc_MC,
    .enc_SB_SR_AK = round_table_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = round_table_enc_SB_SR_MC_AK,
    .dec_IMC = round_table_dec_IMC,
    .dec_ISB_ISR_AK = round_table_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = round_table_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = round_table_dec_ISB_ISR_IMC_AK,
};

const struct rijn_desc rijn_aes_round_table_desc = {
    .kind = &rijn_kind_aes_round,
    .name = "aes-round-table",
    .priority = 50,
    .cpu = 0,
    .ct = false,
    .ops = &round_table_ops,
};
