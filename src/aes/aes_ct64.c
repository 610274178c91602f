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
 * driver constant-time (checked by tests/ct with valgrind).
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
#include "core/internal.h"

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

/* Transpose 8x8 bit blocks: afterwards q[e] bit (8m + i) is the old q[i]
 * bit (8m + e). An involution. */
#define SWAPMOVE(hi, lo, mask, n)                       \
    do {                                                \
        uint64_t t_ = (((lo) >> (n)) ^ (hi)) & (mask);  \
        (hi) ^= t_;                                     \
        (lo) ^= t_ << (n);                              \
    } while (0)

static void ortho(uint64_t q[8])
{
    SWAPMOVE(q[1], q[0], 0x5555555555555555ull, 1);
    SWAPMOVE(q[3], q[2], 0x5555555555555555ull, 1);
    SWAPMOVE(q[5], q[4], 0x5555555555555555ull, 1);
    SWAPMOVE(q[7], q[6], 0x5555555555555555ull, 1);
    SWAPMOVE(q[2], q[0], 0x3333333333333333ull, 2);
    SWAPMOVE(q[3], q[1], 0x3333333333333333ull, 2);
    SWAPMOVE(q[6], q[4], 0x3333333333333333ull, 2);
    SWAPMOVE(q[7], q[5], 0x3333333333333333ull, 2);
    SWAPMOVE(q[4], q[0], 0x0f0f0f0f0f0f0f0full, 4);
    SWAPMOVE(q[5], q[1], 0x0f0f0f0f0f0f0f0full, 4);
    SWAPMOVE(q[6], q[2], 0x0f0f0f0f0f0f0f0full, 4);
    SWAPMOVE(q[7], q[3], 0x0f0f0f0f0f0f0f0full, 4);
}

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

/* ---------------------------------------------------------- S-boxes -- */

/* The non-linear middle of the Boyar-Peralta circuit, shared by the
 * forward and inverse S-box. Inputs are the 27 linear combinations T and
 * D; outputs M46..M63. */
struct bp_mid { uint64_t m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63; };

static inline void bp_middle(struct bp_mid *o, uint64_t T1, uint64_t T2, uint64_t T3, uint64_t T4, uint64_t T6,
                             uint64_t T8, uint64_t T9, uint64_t T10, uint64_t T13, uint64_t T14, uint64_t T15,
                             uint64_t T16, uint64_t T17, uint64_t T19, uint64_t T20, uint64_t T22, uint64_t T23,
                             uint64_t T24, uint64_t T25, uint64_t T26, uint64_t T27, uint64_t D)
{
    uint64_t M1 = T13 & T6;
    uint64_t M6 = T3 & T16;
    uint64_t M11 = T1 & T15;
    uint64_t M13 = (T4 & T27) ^ M11;
    uint64_t M15 = (T2 & T10) ^ M11;
    uint64_t M20 = T14 ^ M1 ^ (T23 & T8) ^ M13;
    uint64_t M21 = (T19 & D) ^ M1 ^ T24 ^ M15;
    uint64_t M22 = T26 ^ M6 ^ (T22 & T9) ^ M13;
    uint64_t M23 = (T20 & T17) ^ M6 ^ M15 ^ T25;
    uint64_t M25 = M22 & M20;
    uint64_t M37 = M21 ^ ((M20 ^ M21) & (M23 ^ M25));
    uint64_t M38 = M20 ^ M25 ^ (M21 | (M20 & M23));
    uint64_t M39 = M23 ^ ((M22 ^ M23) & (M21 ^ M25));
    uint64_t M40 = M22 ^ M25 ^ (M23 | (M21 & M22));
    uint64_t M41 = M38 ^ M40;
    uint64_t M42 = M37 ^ M39;
    uint64_t M43 = M37 ^ M38;
    uint64_t M44 = M39 ^ M40;
    uint64_t M45 = M42 ^ M41;
    o->m46 = M44 & T6;
    o->m47 = M40 & T8;
    o->m48 = M39 & D;
    o->m49 = M43 & T16;
    o->m50 = M38 & T9;
    o->m51 = M37 & T17;
    o->m52 = M42 & T15;
    o->m53 = M45 & T27;
    o->m54 = M41 & T10;
    o->m55 = M44 & T13;
    o->m56 = M40 & T23;
    o->m57 = M39 & T19;
    o->m58 = M43 & T3;
    o->m59 = M38 & T22;
    o->m60 = M37 & T20;
    o->m61 = M42 & T1;
    o->m62 = M45 & T4;
    o->m63 = M41 & T2;
}

/* Forward S-box without its affine constant: q <- S(q) ^ 0x63 per byte.
 * (U0 is the most significant bit, as in the paper.) */
static inline void sbox_fwd_noconst(uint64_t q[8])
{
    uint64_t U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
    /* Top linear layer. */
    uint64_t T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5, T5 = U4 ^ U6;
    uint64_t T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6, T9 = U7 ^ T7, T10 = T6 ^ T7;
    uint64_t T11 = U1 ^ U5, T12 = U2 ^ U5, T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11;
    uint64_t T16 = T5 ^ T12, T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
    uint64_t T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10, T25 = T20 ^ T17;
    uint64_t T26 = T3 ^ T16, T27 = T1 ^ T12;
    struct bp_mid m;
    bp_middle(&m, T1, T2, T3, T4, T6, T8, T9, T10, T13, T14, T15, T16, T17, T19, T20, T22, T23, T24, T25,
              T26, T27, U7);
    /* Bottom linear layer; the XNORs of the paper are plain XORs here. */
    uint64_t L0 = m.m61 ^ m.m62, L1 = m.m50 ^ m.m56, L2 = m.m46 ^ m.m48, L3 = m.m47 ^ m.m55;
    uint64_t L4 = m.m54 ^ m.m58, L5 = m.m49 ^ m.m61, L6 = m.m62 ^ L5, L7 = m.m46 ^ L3;
    uint64_t L8 = m.m51 ^ m.m59, L9 = m.m52 ^ m.m53, L10 = m.m53 ^ L4, L11 = m.m60 ^ L2;
    uint64_t L12 = m.m48 ^ m.m51, L13 = m.m50 ^ L0, L14 = m.m52 ^ m.m61, L15 = m.m55 ^ L1;
    uint64_t L16 = m.m56 ^ L0, L17 = m.m57 ^ L1, L18 = m.m58 ^ L8, L19 = m.m63 ^ L4;
    uint64_t L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
    uint64_t L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;
    q[7] = L6 ^ L24;
    q[6] = L16 ^ L26;   /* ~ in the paper: folded */
    q[5] = L19 ^ L28;   /* ~ */
    q[4] = L6 ^ L21;
    q[3] = L20 ^ L22;
    q[2] = L25 ^ L29;
    q[1] = L13 ^ L27;   /* ~ */
    q[0] = L6 ^ L23;    /* ~ */
}

/* Inverse S-box, complete (its input NOTs included). */
static void sbox_inv(uint64_t q[8])
{
    uint64_t U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
    uint64_t T23 = U0 ^ U3, T22 = ~(U1 ^ U3), T2 = ~(U0 ^ U1), T1 = U3 ^ U4, T24 = ~(U4 ^ U7);
    uint64_t R5 = U6 ^ U7, T8 = ~(U1 ^ T23), T19 = T22 ^ R5, T9 = ~(U7 ^ T1), T10 = T2 ^ T24;
    uint64_t T13 = T2 ^ R5, T3 = T1 ^ R5, T25 = ~(U2 ^ T1), R13 = U1 ^ U6, T17 = ~(U2 ^ T19);
    uint64_t T20 = T24 ^ R13, T4 = U4 ^ T8, R17 = ~(U2 ^ U5), R18 = ~(U5 ^ U6), R19 = ~(U2 ^ U4);
    uint64_t D = U0 ^ R17, T6 = T22 ^ R17, T16 = R13 ^ R19, T27 = T1 ^ R18, T15 = T10 ^ T27;
    uint64_t T14 = T10 ^ R18, T26 = T3 ^ T16;
    struct bp_mid m;
    bp_middle(&m, T1, T2, T3, T4, T6, T8, T9, T10, T13, T14, T15, T16, T17, T19, T20, T22, T23, T24, T25,
              T26, T27, D);
    uint64_t P0 = m.m52 ^ m.m61, P1 = m.m58 ^ m.m59, P2 = m.m54 ^ m.m62, P3 = m.m47 ^ m.m50;
    uint64_t P4 = m.m48 ^ m.m56, P5 = m.m46 ^ m.m51, P6 = m.m49 ^ m.m60, P7 = P0 ^ P1;
    uint64_t P8 = m.m50 ^ m.m53, P9 = m.m55 ^ m.m63, P10 = m.m57 ^ P4, P11 = P0 ^ P3;
    uint64_t P12 = m.m46 ^ m.m48, P13 = m.m49 ^ m.m51, P14 = m.m49 ^ m.m62, P15 = m.m54 ^ m.m59;
    uint64_t P16 = m.m57 ^ m.m61, P17 = m.m58 ^ P2, P18 = m.m63 ^ P5, P19 = P2 ^ P3;
    uint64_t P20 = P4 ^ P6, P22 = P2 ^ P7, P23 = P7 ^ P8, P24 = P5 ^ P7, P25 = P6 ^ P10;
    uint64_t P26 = P9 ^ P11, P27 = P10 ^ P18, P28 = P11 ^ P25, P29 = P15 ^ P20;
    q[7] = P13 ^ P22;
    q[6] = P26 ^ P29;
    q[5] = P17 ^ P28;
    q[4] = P12 ^ P22;
    q[3] = P23 ^ P27;
    q[2] = P19 ^ P24;
    q[1] = P14 ^ P23;
    q[0] = P9 ^ P16;
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

/* 2 t (xtime) on bit-sliced words, mod x^8 + x^4 + x^3 + x + 1: bits 0, 1,
 * 3, 4 receive the carry t7. Written into o[], used by MixColumns. */
#define XTIME_XOR(o, t)                 \
    do {                                \
        o[0] ^= t[7];                   \
        o[1] ^= t[0] ^ t[7];            \
        o[2] ^= t[1];                   \
        o[3] ^= t[2] ^ t[7];            \
        o[4] ^= t[3] ^ t[7];            \
        o[5] ^= t[4];                   \
        o[6] ^= t[5];                   \
        o[7] ^= t[6];                   \
    } while (0)

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

static inline void add_key(uint64_t q[8], const uint64_t k[8])
{
    for (int j = 0; j < 8; j++) q[j] ^= k[j];
}

/* ------------------------------------------------------------ cipher -- */

static void encrypt4(const ct64_ks *ks, uint64_t q[8])
{
    const unsigned nr = ks->rounds;
    add_key(q, ks->enc[0]);
    /* Rounds 1..nr-1 with s = i mod 4 = 1, 2, 3, 0; nr - 1 is 9, 11 or 13,
     * so the last group of four is cut short. */
    for (unsigned i = 1;; i += 4) {
        sbox_fwd_noconst(q); mix_s1(q); add_key(q, ks->enc[i]);
        if (i + 1 == nr) break;
        sbox_fwd_noconst(q); mix_s2(q); add_key(q, ks->enc[i + 1]);
        if (i + 2 == nr) break;
        sbox_fwd_noconst(q); mix_s3(q); add_key(q, ks->enc[i + 2]);
        if (i + 3 == nr) break;
        sbox_fwd_noconst(q); mix_s0(q); add_key(q, ks->enc[i + 3]);
        if (i + 4 == nr) break;
    }
    sbox_fwd_noconst(q);
    add_key(q, ks->enc[nr]);
    if (nr % 4 == 2)
        for (int j = 0; j < 8; j++) q[j] = shift_rows2(q[j]);
}

static void decrypt4(const ct64_ks *ks, uint64_t q[8])
{
    const unsigned nr = ks->rounds;
    add_key(q, ks->dec[nr]);
    for (unsigned i = nr - 1; i > 0; i--) {
        for (int j = 0; j < 8; j++) q[j] = inv_shift_rows(q[j]);
        sbox_inv(q);
        add_key(q, ks->dec[i]);
        inv_mix(q);
    }
    for (int j = 0; j < 8; j++) q[j] = inv_shift_rows(q[j]);
    sbox_inv(q);
    add_key(q, ks->dec[0]);
}

/* --------------------------------------------------------- key setup -- */

/* SubWord (FIPS 197 §5.2) in constant time, through the circuit. */
static uint32_t sub_word(uint32_t w)
{
    uint64_t q[8];
    for (int j = 0; j < 8; j++) {
        uint64_t v = 0;
        for (int r = 0; r < 4; r++) v |= (uint64_t)((w >> (8 * r + j)) & 1) << r;
        q[j] = v;
    }
    sbox_fwd_noconst(q);
    uint32_t o = 0;
    for (int j = 0; j < 8; j++)
        for (int r = 0; r < 4; r++) o |= (uint32_t)((q[j] >> r) & 1) << (8 * r + j);
    return o ^ 0x63636363u;
}

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
    const unsigned nk = (unsigned)key_len / 4, nr = nk + 6;
    uint32_t w[60];   /* little-endian words: byte 0 of the word is row 0 */
    uint8_t rk[16], phys[16];

    ks->rounds = nr;
    for (unsigned i = 0; i < nk; i++) w[i] = rijn_load32_le(key + 4 * i);
    uint32_t rcon = 1;
    for (unsigned i = nk; i < 4 * (nr + 1); i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon;     /* RotWord, SubWord, Rcon */
            rcon = (rcon << 1) ^ (0x11b & -(rcon >> 7));
        } else if (nk > 6 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    for (unsigned r = 0; r <= nr; r++) {
        for (int c = 0; c < 4; c++) rijn_store32_le(rk + 4 * c, w[4 * r + c]);
        slice_key(ks->dec[r], rk);
        /* Encryption: physical order after s = r mod 4 skipped ShiftRows,
         * K_phys(row, c') = K(row, c' - row s), and 0x63 folded (r >= 1). */
        unsigned s = r % 4;
        for (int c = 0; c < 4; c++)
            for (int row = 0; row < 4; row++)
                phys[4 * c + row] = rk[4 * ((c - row * (int)s) & 3) + row] ^ (r ? 0x63 : 0);
        slice_key(ks->enc[r], phys);
    }
    rijn_wipe(w, sizeof w);
    rijn_wipe(rk, sizeof rk);
    rijn_wipe(phys, sizeof phys);
}

/* ------------------------------------------------------ block driver -- */

static void ct64_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const ct64_ks *ks = ctx;
    uint64_t q[8];
    for (; n >= 4; n -= 4, in += 64, out += 64) {
        pack4(q, in);
        encrypt4(ks, q);
        unpack4(out, q);
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
};

const struct rijn_desc rijn_aes_ct64_desc = {
    .alg = "aes",
    .name = "aes-ct64",
    .priority = 100,
    .cpu = 0,
    .ct = true,
    .kind = RIJN_KIND_CIPHER,
    .cipher = &ct64_ops,
};
