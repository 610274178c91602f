/* SPDX-License-Identifier: MIT */
/*
 * pac-ct64: the portable constant-time pointer-authentication driver
 * (include/rijn/pac.h), in plain C on 64-bit words, for every CPU.
 *
 * QARMA (ComputePAC of the Arm ARM, QARMA5 and QARMA3) on bit planes.
 * The 16 cells of 4 bits are held as four 16-bit planes of one 64-bit
 * word: bit j of cell i sits at bit 16 j + i (topl() converts, with four
 * delta swaps). In that form every step of the cipher is a fixed sequence
 * of shifts by constants, masks and Boolean operations, with no table and
 * no data-dependent shift:
 *   - the S-boxes (PACSub = sigma_2, PACInvSub, PACSub1 = sigma_1) are
 *     their algebraic normal forms on the planes: the 16 monomials of the
 *     four input planes (11 ANDs), each output plane the XOR of those its
 *     coefficient mask names;
 *   - a cell permutation (PACCellShuffle, its inverse, TweakShuffle's) is
 *     the same bit permutation of every 16-bit plane: one mask-and-shift
 *     per distinct shift distance (12, 12 and 7 of them);
 *   - RotCell by 1 or 2, in PACMult, moves whole planes: a 64-bit rotation
 *     by 16 or 32 bits; PACMult's rows (cells 4r..4r+3) rotate inside each
 *     plane;
 *   - TweakCellRot (the LFSR omega) on seven cells is a plane rotation
 *     merged under a mask.
 *
 * AES-128 for rijn_pac_aes, bit-sliced on 32-bit words with the
 * Boyar-Peralta S-box circuit of src/aes/bp_sbox.h: word q[j] holds bit j
 * of the 16 state bytes in its low half (bit i = byte i, FIPS 197 order:
 * column-major) and bit j of the current round key's bytes in its high
 * half, so one S-box evaluation serves the round and the key expansion.
 * The batch form expands the key once and encrypts two blocks per word.
 */
#include "emu/pac.h"

typedef uint32_t bs_word;
#include "aes/bp_sbox.h"

/* ---------------------------------------------------------- QARMA -- */

static inline uint64_t rol64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> ((64 - n) & 63));
}

/* Exchange the bits selected by m with those d places above them. */
static inline uint64_t swapmove(uint64_t x, uint64_t m, unsigned d)
{
    uint64_t t = ((x >> d) ^ x) & m;
    return x ^ t ^ (t << d);
}

/* Bit 4i + j (cell i, bit j) to bit 16j + i: the bit index (i3 i2 i1 i0 j1
 * j0) rotated right by two places, as four swaps of index bits (0,2),
 * (1,3), (2,4), (3,5). frompl() undoes them in reverse order. */
static inline uint64_t topl(uint64_t x)
{
    x = swapmove(x, 0x0a0a0a0a0a0a0a0aull, 3);
    x = swapmove(x, 0x00cc00cc00cc00ccull, 6);
    x = swapmove(x, 0x0000f0f00000f0f0ull, 12);
    x = swapmove(x, 0x00000000ff00ff00ull, 24);
    return x;
}
static inline uint64_t frompl(uint64_t x)
{
    x = swapmove(x, 0x00000000ff00ff00ull, 24);
    x = swapmove(x, 0x0000f0f00000f0f0ull, 12);
    x = swapmove(x, 0x00cc00cc00cc00ccull, 6);
    x = swapmove(x, 0x0a0a0a0a0a0a0a0aull, 3);
    return x;
}

/* Algebraic normal forms: bit m of anf[j] says that the monomial of the
 * input planes in m (bit t of m: plane t; m = 0: the constant 1) is a
 * term of output plane j. They are the Moebius transforms of the S-box
 * tables (PACSub = the QARMA paper's sigma_2 = b,6,8,f,c,0,9,e,3,7,4,5,d,
 * 2,1,a; PACInvSub its inverse; PACSub1 = sigma_1 = a,d,e,6,f,7,3,5,9,8,
 * 0,c,b,1,2,4); the drivers' tests against tests/c/pac_ref.h, which uses
 * the tables, check them. */
static const uint16_t anf_sub[4] = { 0x5ab7, 0x285d, 0x4c52, 0x7b0b };
static const uint16_t anf_inv_sub[4] = { 0x5fd3, 0x23fa, 0x6f99, 0x523e };
static const uint16_t anf_sub1[4] = { 0x15ba, 0x1b2b, 0x363e, 0x4469 };

/* The XOR of the monomials that the constant coefficient mask c names
 * (the conditions fold away at compile time). */
#define ANF_T(c, i) (((c) >> (i) & 1) ? m[i] : 0)
#define ANF(c)                                                                                                  \
    (ANF_T(c, 0) ^ ANF_T(c, 1) ^ ANF_T(c, 2) ^ ANF_T(c, 3) ^ ANF_T(c, 4) ^ ANF_T(c, 5) ^ ANF_T(c, 6) ^            \
     ANF_T(c, 7) ^ ANF_T(c, 8) ^ ANF_T(c, 9) ^ ANF_T(c, 10) ^ ANF_T(c, 11) ^ ANF_T(c, 12) ^ ANF_T(c, 13) ^       \
     ANF_T(c, 14) ^ ANF_T(c, 15))

static inline __attribute__((always_inline)) uint64_t sub(uint64_t x, const uint16_t anf[4])
{
    uint64_t m[16];
    m[0] = ~0ull;
    m[1] = x;
    m[2] = x >> 16;
    m[4] = x >> 32;
    m[8] = x >> 48;
    m[3] = m[1] & m[2];
    m[5] = m[1] & m[4];
    m[6] = m[2] & m[4];
    m[7] = m[3] & m[4];
    m[9] = m[1] & m[8];
    m[10] = m[2] & m[8];
    m[11] = m[3] & m[8];
    m[12] = m[4] & m[8];
    m[13] = m[5] & m[8];
    m[14] = m[6] & m[8];
    m[15] = m[7] & m[8];
    const unsigned c0 = anf[0], c1 = anf[1], c2 = anf[2], c3 = anf[3];
    return (ANF(c0) & 0xffff) | (ANF(c1) & 0xffff) << 16 | (ANF(c2) & 0xffff) << 32 | ANF(c3) << 48;
}

/* PACCellShuffle: output cell k is input cell
 * 13,6,11,0,7,12,1,10,8,3,14,5,2,9,4,15 (k = 0..15), on every plane. */
static inline uint64_t cell_shuffle(uint64_t x)
{
    return ((x >> 13) & 0x0001000100010001ull) | ((x >> 9) & 0x0004000400040004ull) |
           ((x >> 7) & 0x0020002000200020ull) | ((x >> 5) & 0x0002000200020002ull) |
           ((x >> 4) & 0x0400040004000400ull) | ((x >> 3) & 0x0090009000900090ull) | (x & 0x8100810081008100ull) |
           ((x << 3) & 0x0008000800080008ull) | ((x << 4) & 0x2000200020002000ull) |
           ((x << 5) & 0x0040004000400040ull) | ((x << 6) & 0x0a000a000a000a00ull) |
           ((x << 10) & 0x5000500050005000ull);
}

/* PACCellInvShuffle: output cell k is input cell
 * 3,6,12,9,14,11,1,4,8,13,7,2,5,0,10,15. */
static inline uint64_t cell_inv_shuffle(uint64_t x)
{
    return ((x >> 10) & 0x0014001400140014ull) | ((x >> 6) & 0x0028002800280028ull) |
           ((x >> 5) & 0x0002000200020002ull) | ((x >> 4) & 0x0200020002000200ull) |
           ((x >> 3) & 0x0001000100010001ull) | (x & 0x8100810081008100ull) | ((x << 3) & 0x0480048004800480ull) |
           ((x << 4) & 0x4000400040004000ull) | ((x << 5) & 0x0040004000400040ull) |
           ((x << 7) & 0x1000100010001000ull) | ((x << 9) & 0x0800080008000800ull) |
           ((x << 13) & 0x2000200020002000ull);
}

/* TweakShuffle: output cell k is input cell 4,5,6,7,11,2,3,8,12,13,14,15,
 * 0,1,10,9, and output cells 2,4,7,11,12,14,15 (mask 0xd894 in every
 * plane) go through TweakCellRot, the LFSR omega: bits (b0,b1,b2,b3) become
 * (b1, b2, b3, b0 ^ b1), i.e. each plane takes the next one's place and
 * plane 3 becomes plane 0 ^ plane 1. */
static inline uint64_t tweak_shuffle(uint64_t x)
{
    uint64_t t = ((x >> 7) & 0x0010001000100010ull) | ((x >> 4) & 0x0f0f0f0f0f0f0f0full) |
                 ((x >> 1) & 0x0080008000800080ull) | ((x << 3) & 0x0060006000600060ull) |
                 ((x << 4) & 0x4000400040004000ull) | ((x << 6) & 0x8000800080008000ull) |
                 ((x << 12) & 0x3000300030003000ull);
    uint64_t l = rol64(t, 48) ^ ((t << 32) & 0xffff000000000000ull);
    return t ^ ((t ^ l) & 0xd894d894d894d894ull);
}

/* PACMult: output row r (cells 4r..4r+3) is RotCell1(row r+1) ^
 * RotCell2(row r+2) ^ RotCell1(row r+3), rows mod 4 (the pseudocode's t3,
 * t2, t1, t0). RotCell by n moves plane j to plane j+n (a rotation by 16n
 * bits); taking row r+k is a rotation by 4k inside each 16-bit plane. */
static inline uint64_t rows_down(uint64_t x, unsigned k)
{
    const uint64_t lo = 0xffffull >> (4 * k);
    const uint64_t m = lo | lo << 16 | lo << 32 | lo << 48;
    return ((x >> (4 * k)) & m) | ((x << (16 - 4 * k)) & ~m);
}
static inline uint64_t mult(uint64_t x)
{
    uint64_t a = rol64(x, 16), b = rol64(x, 32);
    return rows_down(a, 1) ^ rows_down(b, 2) ^ rows_down(a, 3);
}

struct ct_key {
    uint64_t k0, k1, mk0;
};

static inline struct ct_key ct_key(uint64_t key0, uint64_t key1)
{
    struct ct_key k = { topl(key0), topl(key1), topl(rijn_pac_modk0(key0)) };
    return k;
}

/* ComputePAC (Arm ARM) in plane form: `it` iterations (4: QARMA5, 2:
 * QARMA3), S-box sf forward and si backward. The tweaks T0..T(it+1) are
 * computed forward once; the pseudocode's backward TweakInvShuffle steps
 * only revisit them. */
static inline __attribute__((always_inline)) uint64_t ct_qarma(uint64_t data, uint64_t modifier,
                                                                const struct ct_key *k, const uint16_t sf[4],
                                                                const uint16_t si[4], int it)
{
    static const uint64_t rc[5] = { 0, RIJN_PAC_RC1, RIJN_PAC_RC2, RIJN_PAC_RC3, RIJN_PAC_RC4 };
    uint64_t t[6], w;
    t[0] = topl(modifier);
#pragma GCC unroll 8
    for (int i = 0; i <= it; i++) t[i + 1] = tweak_shuffle(t[i]);
    w = topl(data) ^ k->k0;
#pragma GCC unroll 8
    for (int i = 0; i <= it; i++) {
        w ^= k->k1 ^ t[i] ^ topl(rc[i]);
        if (i > 0) w = mult(cell_shuffle(w));
        w = sub(w, sf);
    }
    w ^= k->mk0 ^ t[it + 1];
    w = sub(mult(cell_shuffle(w)), sf);
    w = mult(cell_shuffle(w)) ^ k->k1;
    w = sub(cell_inv_shuffle(w), si);
    w = cell_inv_shuffle(mult(w));
    w ^= k->k0 ^ t[it + 1];
#pragma GCC unroll 8
    for (int i = 0; i <= it; i++) {
        w = sub(w, si);
        if (i < it) w = cell_inv_shuffle(mult(w));
        w ^= topl(rc[it - i] ^ RIJN_PAC_ALPHA) ^ k->k1 ^ t[it - i];
    }
    return frompl(w ^ k->mk0);
}

/* One copy of each unrolled cipher, shared by the single and batch
 * functions: the code size a static binary carries matters more here
 * than the call. */
static __attribute__((noinline)) uint64_t ct64_q5(uint64_t data, uint64_t modifier, const struct ct_key *k)
{
    return ct_qarma(data, modifier, k, anf_sub, anf_inv_sub, 4);
}

static __attribute__((noinline)) uint64_t ct64_q3(uint64_t data, uint64_t modifier, const struct ct_key *k)
{
    return ct_qarma(data, modifier, k, anf_sub1, anf_sub1, 2);
}

static uint64_t ct64_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    struct ct_key k = ct_key(key0, key1);
    return ct64_q5(data, modifier, &k);
}

static uint64_t ct64_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    struct ct_key k = ct_key(key0, key1);
    return ct64_q3(data, modifier, &k);
}

static void ct64_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                              uint64_t key1, size_t n)
{
    struct ct_key k = ct_key(key0, key1);
    for (size_t i = 0; i < n; i++) out[i] = ct64_q5(data[i], modifier[i], &k);
}

static void ct64_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                              uint64_t key1, size_t n)
{
    struct ct_key k = ct_key(key0, key1);
    for (size_t i = 0; i < n; i++) out[i] = ct64_q3(data[i], modifier[i], &k);
}

/* ------------------------------------------------------------ AES -- */

/* 8x8 bit transposition of the bytes of x (byte = row, bit = column;
 * Hacker's Delight 7-3): afterwards byte j holds bit j of every byte. */
static inline uint64_t transpose8(uint64_t x)
{
    x = swapmove(x, 0x00aa00aa00aa00aaull, 7);
    x = swapmove(x, 0x0000cccc0000ccccull, 14);
    x = swapmove(x, 0x00000000f0f0f0f0ull, 28);
    return x;
}

/* Slice 16 bytes (lo: bytes 0..7, hi: bytes 8..15, little-endian) into
 * eight 16-bit words, bit i of word j = bit j of byte i, shifted by s. */
static inline void slice16(uint32_t q[8], uint64_t lo, uint64_t hi, unsigned s)
{
    lo = transpose8(lo);
    hi = transpose8(hi);
    for (int j = 0; j < 8; j++) q[j] |= (uint32_t)(((lo >> (8 * j)) & 0xff) | ((hi >> (8 * j)) & 0xff) << 8) << s;
}

/* Bytes 0..7 of the 16-bit slices at bit s, as a little-endian word. */
static inline uint64_t unslice8(const uint32_t q[8], unsigned s)
{
    uint64_t x = 0;
    for (int j = 0; j < 8; j++) x |= (uint64_t)((q[j] >> s) & 0xff) << (8 * j);
    return transpose8(x);
}

/* The S-box on every byte of the words, with its constant 0x63. */
static inline void sbox(uint32_t q[8])
{
    sbox_fwd_noconst(q);
    q[0] = ~q[0];
    q[1] = ~q[1];
    q[5] = ~q[5];
    q[6] = ~q[6];
}

/* In the column-major slice (bit 4c + r: row r, column c; the same
 * layout in both 16-bit halves): row r moved down by k rows (out(r, c) =
 * in(r + k, c)) rotates each nibble; ShiftRows (out(r, c) = in(r, c + r))
 * rotates row r by r nibbles. */
static inline uint32_t rows_up1(uint32_t x)
{
    return ((x >> 1) & 0x77777777u) | ((x << 3) & 0x88888888u);
}
static inline uint32_t rows_up2(uint32_t x)
{
    return ((x >> 2) & 0x33333333u) | ((x << 2) & 0xccccccccu);
}
static inline uint32_t shift_rows(uint32_t x)
{
    /* within each 16-bit half: rotate right by 4r bits, kept on row r */
    const uint32_t h1 = 0xfff0fff0u, h2 = 0xff00ff00u, h3 = 0xf000f000u;
    uint32_t r1 = ((x >> 4) & ~h3) | ((x << 12) & h3);
    uint32_t r2 = ((x >> 8) & ~h2) | ((x << 8) & h2);
    uint32_t r3 = ((x >> 12) & ~h1) | ((x << 4) & h1);
    return (x & 0x11111111u) | (r1 & 0x22222222u) | (r2 & 0x44444444u) | (r3 & 0x88888888u);
}

/* MixColumns (FIPS 197 §5.1.3) on both halves: with b = the next row and
 * t = q ^ b, out = 2t ^ b ^ (t two rows down) (2a0 ^ 3a1 ^ a2 ^ a3 =
 * 2(a0 ^ a1) ^ a1 ^ (a2 ^ a3)). */
static inline void mix_columns(uint32_t q[8])
{
    uint32_t t[8], o[8];
    for (int j = 0; j < 8; j++) {
        uint32_t b = rows_up1(q[j]);
        t[j] = q[j] ^ b;
        o[j] = b ^ rows_up2(t[j]);
    }
    XTIME_XOR(o, t);
    memcpy(q, o, sizeof o);
}

/* The next AES-128 round key (FIPS 197 §5.2), sliced in the low 16 bits:
 * w0' = w0 ^ SubWord(RotWord(w3)) ^ Rcon, w(i)' = w(i) ^ w(i-1)'. s holds
 * SubBytes of the current key (only column 3 is used); RotWord takes row
 * r + 1 of it into row r; the columns' chain is a prefix XOR over the
 * nibbles. rcon is public. */
static inline void next_key(uint32_t k[8], const uint32_t s[8], unsigned rcon)
{
    for (int j = 0; j < 8; j++) {
        uint32_t c3 = (s[j] >> 12) & 0xf;
        uint32_t u = k[j] ^ (((c3 >> 1) | (c3 << 3)) & 0xf) ^ ((rcon >> j) & 1);
        u ^= (u << 4) & 0xfff0;
        u ^= (u << 8) & 0xff00;
        k[j] = u;
    }
}

static inline unsigned rcon_next(unsigned rcon)
{
    return ((rcon << 1) ^ (0x11b & -(rcon >> 7))) & 0xff;
}

/* One block, key expanded on the fly: the state in the low half of each
 * word, the round key in the high half, one S-box evaluation for both. */
static uint64_t ct64_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    uint32_t q[8] = { 0 }, k[8], s[8];
    slice16(q, data, modifier, 0);
    slice16(q, key1, key0, 16);
    unsigned rcon = 1;
    for (int r = 1; r <= 10; r++) {
        for (int j = 0; j < 8; j++) {
            k[j] = q[j] >> 16;
            q[j] ^= k[j];             /* AddRoundKey, round key r - 1 */
        }
        sbox(q);
        for (int j = 0; j < 8; j++) {
            s[j] = q[j] >> 16;
            q[j] = shift_rows(q[j] & 0xffff);
        }
        if (r < 10) mix_columns(q);
        next_key(k, s, rcon);
        rcon = rcon_next(rcon);
        for (int j = 0; j < 8; j++) q[j] |= k[j] << 16;
    }
    for (int j = 0; j < 8; j++) q[j] ^= q[j] >> 16;
    uint64_t r = unslice8(q, 0);
    rijn_wipe(q, sizeof q);
    rijn_wipe(k, sizeof k);
    rijn_wipe(s, sizeof s);
    return r;
}

/* Batch: the eleven round keys once (each duplicated into both halves),
 * then two blocks per word. */
static void ct64_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                           uint64_t key1, size_t n)
{
    uint32_t rk[11][8], k[8] = { 0 }, s[8], q[8];
    slice16(k, key1, key0, 0);
    unsigned rcon = 1;
    for (int r = 0; r <= 10; r++) {
        for (int j = 0; j < 8; j++) rk[r][j] = k[j] | k[j] << 16;
        if (r == 10) break;
        memcpy(s, k, sizeof s);
        sbox(s);
        next_key(k, s, rcon);
        rcon = rcon_next(rcon);
    }
    for (size_t i = 0; i < n; i += 2) {
        const size_t i1 = i + 1 < n ? i + 1 : i;
        memset(q, 0, sizeof q);
        slice16(q, data[i], modifier[i], 0);
        slice16(q, data[i1], modifier[i1], 16);
        for (int r = 1; r <= 10; r++) {
            for (int j = 0; j < 8; j++) q[j] ^= rk[r - 1][j];
            sbox(q);
            for (int j = 0; j < 8; j++) q[j] = shift_rows(q[j]);
            if (r < 10) mix_columns(q);
        }
        for (int j = 0; j < 8; j++) q[j] ^= rk[10][j];
        const uint64_t a = unslice8(q, 0), b = unslice8(q, 16);
        out[i] = a;
        if (i1 != i) out[i1] = b;
    }
    rijn_wipe(rk, sizeof rk);
    rijn_wipe(k, sizeof k);
    rijn_wipe(s, sizeof s);
    rijn_wipe(q, sizeof q);
}

uint64_t rijn_pac_ct64_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return ct64_aes(data, modifier, key0, key1);
}

void rijn_pac_ct64_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                             uint64_t key1, size_t n)
{
    ct64_aes_batch(out, data, modifier, key0, key1, n);
}

static const struct rijn_pac_ops ct64_ops = {
    .driver = "pac-ct64",
    .qarma5 = ct64_qarma5,
    .qarma3 = ct64_qarma3,
    .aes = ct64_aes,
    .qarma5_batch = ct64_qarma5_batch,
    .qarma3_batch = ct64_qarma3_batch,
    .aes_batch = ct64_aes_batch,
};

const struct rijn_desc rijn_pac_ct64_desc = {
    .kind = &rijn_kind_pac,
    .name = "pac-ct64",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .ops = &ct64_ops,
};
