/* SPDX-License-Identifier: MIT */
/*
 * The Boyar-Peralta depth-16 S-box circuit (J. Boyar, R. Peralta, "A depth-16
 * circuit for the AES S-box", ePrint 2011/332), forward and inverse, on
 * bit-sliced words, and SubWord built on it for the key expansion
 * (keyexp.h).
 *
 * Shared by the bit-sliced drivers. The including file defines the word
 * type first, e.g.  typedef uint64_t bs_word;  (aes-ct64) or a 128-bit
 * vector type (aes-ct128). Word q[j] holds bit j of every byte it covers;
 * every operation is a fixed AND/XOR/NOT sequence, independent of the data.
 */
#ifndef RIJN_BP_SBOX_H
#define RIJN_BP_SBOX_H

#include "aes/cipher.h"
#include "aes/keyexp.h"

/* How the two S-box functions are declared: an includer may force them
 * inline (aes_neonbs.c on 32-bit ARM, where GCC otherwise keeps them out
 * of line for their spill frame and the state goes through memory every
 * round). */
#ifndef BS_SBOX_INLINE
#define BS_SBOX_INLINE static inline
#endif

/* The non-linear middle of the Boyar-Peralta circuit, shared by the
 * forward and inverse S-box. Inputs are the 27 linear combinations T and
 * D; outputs M46..M63. */
struct bp_mid { bs_word m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63; };

static inline void bp_middle(struct bp_mid *o, bs_word T1, bs_word T2, bs_word T3, bs_word T4, bs_word T6,
                             bs_word T8, bs_word T9, bs_word T10, bs_word T13, bs_word T14, bs_word T15,
                             bs_word T16, bs_word T17, bs_word T19, bs_word T20, bs_word T22, bs_word T23,
                             bs_word T24, bs_word T25, bs_word T26, bs_word T27, bs_word D)
{
    bs_word M1 = T13 & T6;
    bs_word M6 = T3 & T16;
    bs_word M11 = T1 & T15;
    bs_word M13 = (T4 & T27) ^ M11;
    bs_word M15 = (T2 & T10) ^ M11;
    bs_word M20 = T14 ^ M1 ^ (T23 & T8) ^ M13;
    bs_word M21 = (T19 & D) ^ M1 ^ T24 ^ M15;
    bs_word M22 = T26 ^ M6 ^ (T22 & T9) ^ M13;
    bs_word M23 = (T20 & T17) ^ M6 ^ M15 ^ T25;
    bs_word M25 = M22 & M20;
    bs_word M37 = M21 ^ ((M20 ^ M21) & (M23 ^ M25));
    bs_word M38 = M20 ^ M25 ^ (M21 | (M20 & M23));
    bs_word M39 = M23 ^ ((M22 ^ M23) & (M21 ^ M25));
    bs_word M40 = M22 ^ M25 ^ (M23 | (M21 & M22));
    bs_word M41 = M38 ^ M40;
    bs_word M42 = M37 ^ M39;
    bs_word M43 = M37 ^ M38;
    bs_word M44 = M39 ^ M40;
    bs_word M45 = M42 ^ M41;
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
BS_SBOX_INLINE void sbox_fwd_noconst(bs_word q[8])
{
    /* bs_word is each includer's own type (uint32_t in aes_round_ct.c,
     * uint64_t in aes_ct64.c): cppcheck's whole-program pass mixes the
     * two and sees a 32-byte q read at 8-byte offsets. */
    // cppcheck-suppress ctuArrayIndex
    bs_word U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
    /* Top linear layer. */
    bs_word T1 = U0 ^ U3, T2 = U0 ^ U5, T3 = U0 ^ U6, T4 = U3 ^ U5, T5 = U4 ^ U6;
    bs_word T6 = T1 ^ T5, T7 = U1 ^ U2, T8 = U7 ^ T6, T9 = U7 ^ T7, T10 = T6 ^ T7;
    bs_word T11 = U1 ^ U5, T12 = U2 ^ U5, T13 = T3 ^ T4, T14 = T6 ^ T11, T15 = T5 ^ T11;
    bs_word T16 = T5 ^ T12, T17 = T9 ^ T16, T18 = U3 ^ U7, T19 = T7 ^ T18, T20 = T1 ^ T19;
    bs_word T21 = U6 ^ U7, T22 = T7 ^ T21, T23 = T2 ^ T22, T24 = T2 ^ T10, T25 = T20 ^ T17;
    bs_word T26 = T3 ^ T16, T27 = T1 ^ T12;
    struct bp_mid m;
    bp_middle(&m, T1, T2, T3, T4, T6, T8, T9, T10, T13, T14, T15, T16, T17, T19, T20, T22, T23, T24, T25,
              T26, T27, U7);
    /* Bottom linear layer; the XNORs of the paper are plain XORs here. */
    bs_word L0 = m.m61 ^ m.m62, L1 = m.m50 ^ m.m56, L2 = m.m46 ^ m.m48, L3 = m.m47 ^ m.m55;
    bs_word L4 = m.m54 ^ m.m58, L5 = m.m49 ^ m.m61, L6 = m.m62 ^ L5, L7 = m.m46 ^ L3;
    bs_word L8 = m.m51 ^ m.m59, L9 = m.m52 ^ m.m53, L10 = m.m53 ^ L4, L11 = m.m60 ^ L2;
    bs_word L12 = m.m48 ^ m.m51, L13 = m.m50 ^ L0, L14 = m.m52 ^ m.m61, L15 = m.m55 ^ L1;
    bs_word L16 = m.m56 ^ L0, L17 = m.m57 ^ L1, L18 = m.m58 ^ L8, L19 = m.m63 ^ L4;
    bs_word L20 = L0 ^ L1, L21 = L1 ^ L7, L22 = L3 ^ L12, L23 = L18 ^ L2, L24 = L15 ^ L9;
    bs_word L25 = L6 ^ L10, L26 = L7 ^ L9, L27 = L8 ^ L10, L28 = L11 ^ L14, L29 = L11 ^ L17;
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
BS_SBOX_INLINE void sbox_inv(bs_word q[8])
{
    /* bs_word is each includer's own type (uint32_t in aes_round_ct.c,
     * uint64_t in aes_ct64.c): cppcheck's whole-program pass mixes the
     * two and sees a 32-byte q read at 8-byte offsets. */
    // cppcheck-suppress ctuArrayIndex
    bs_word U0 = q[7], U1 = q[6], U2 = q[5], U3 = q[4], U4 = q[3], U5 = q[2], U6 = q[1], U7 = q[0];
    bs_word T23 = U0 ^ U3, T22 = ~(U1 ^ U3), T2 = ~(U0 ^ U1), T1 = U3 ^ U4, T24 = ~(U4 ^ U7);
    bs_word R5 = U6 ^ U7, T8 = ~(U1 ^ T23), T19 = T22 ^ R5, T9 = ~(U7 ^ T1), T10 = T2 ^ T24;
    bs_word T13 = T2 ^ R5, T3 = T1 ^ R5, T25 = ~(U2 ^ T1), R13 = U1 ^ U6, T17 = ~(U2 ^ T19);
    bs_word T20 = T24 ^ R13, T4 = U4 ^ T8, R17 = ~(U2 ^ U5), R18 = ~(U5 ^ U6), R19 = ~(U2 ^ U4);
    bs_word D = U0 ^ R17, T6 = T22 ^ R17, T16 = R13 ^ R19, T27 = T1 ^ R18, T15 = T10 ^ T27;
    bs_word T14 = T10 ^ R18, T26 = T3 ^ T16;
    struct bp_mid m;
    bp_middle(&m, T1, T2, T3, T4, T6, T8, T9, T10, T13, T14, T15, T16, T17, T19, T20, T22, T23, T24, T25,
              T26, T27, D);
    bs_word P0 = m.m52 ^ m.m61, P1 = m.m58 ^ m.m59, P2 = m.m54 ^ m.m62, P3 = m.m47 ^ m.m50;
    bs_word P4 = m.m48 ^ m.m56, P5 = m.m46 ^ m.m51, P6 = m.m49 ^ m.m60, P7 = P0 ^ P1;
    bs_word P8 = m.m50 ^ m.m53, P9 = m.m55 ^ m.m63, P10 = m.m57 ^ P4, P11 = P0 ^ P3;
    bs_word P12 = m.m46 ^ m.m48, P13 = m.m49 ^ m.m51, P14 = m.m49 ^ m.m62, P15 = m.m54 ^ m.m59;
    bs_word P16 = m.m57 ^ m.m61, P17 = m.m58 ^ P2, P18 = m.m63 ^ P5, P19 = P2 ^ P3;
    bs_word P20 = P4 ^ P6, P22 = P2 ^ P7, P23 = P7 ^ P8, P24 = P5 ^ P7, P25 = P6 ^ P10;
    bs_word P26 = P9 ^ P11, P27 = P10 ^ P18, P28 = P11 ^ P25, P29 = P15 ^ P20;
    q[7] = P13 ^ P22;
    q[6] = P26 ^ P29;
    q[5] = P17 ^ P28;
    q[4] = P12 ^ P22;
    q[3] = P23 ^ P27;
    q[2] = P19 ^ P24;
    q[1] = P14 ^ P23;
    q[0] = P9 ^ P16;
}

/* o ^= 2 t on bit-sliced words (xtime, FIPS 197 §4.2.1): multiplication by
 * x modulo x^8 + x^4 + x^3 + x + 1, so bits 0, 1, 3 and 4 receive t7. */
#define XTIME_XOR(o, t)                 \
    do {                                \
        (o)[0] ^= (t)[7];               \
        (o)[1] ^= (t)[0] ^ (t)[7];      \
        (o)[2] ^= (t)[1];               \
        (o)[3] ^= (t)[2] ^ (t)[7];      \
        (o)[4] ^= (t)[3] ^ (t)[7];      \
        (o)[5] ^= (t)[4];               \
        (o)[6] ^= (t)[5];               \
        (o)[7] ^= (t)[6];               \
    } while (0)

/* 8x8 bit transposition inside every byte, over eight words: afterwards
 * q[e] bit (8m + i) is the old q[i] bit (8m + e). An involution. Loading
 * one block (or an interleaved pair of columns) per word and running it
 * gives the bit-sliced representation. (bs_word){0} ^ mask broadcasts the
 * mask to every lane of a vector word. */
#ifndef BS_SWAPMOVE   /* an includer may define its own (aes_neonbs.c) */
#define BS_SWAPMOVE(hi, lo, mask, n)                                     \
    do {                                                                 \
        bs_word t_ = (((lo) >> (n)) ^ (hi)) & ((bs_word){ 0 } ^ (mask)); \
        (hi) ^= t_;                                                      \
        (lo) ^= t_ << (n);                                               \
    } while (0)
#endif

static inline void ortho(bs_word q[8])
{
    BS_SWAPMOVE(q[1], q[0], 0x5555555555555555ull, 1);
    BS_SWAPMOVE(q[3], q[2], 0x5555555555555555ull, 1);
    BS_SWAPMOVE(q[5], q[4], 0x5555555555555555ull, 1);
    BS_SWAPMOVE(q[7], q[6], 0x5555555555555555ull, 1);
    BS_SWAPMOVE(q[2], q[0], 0x3333333333333333ull, 2);
    BS_SWAPMOVE(q[3], q[1], 0x3333333333333333ull, 2);
    BS_SWAPMOVE(q[6], q[4], 0x3333333333333333ull, 2);
    BS_SWAPMOVE(q[7], q[5], 0x3333333333333333ull, 2);
    BS_SWAPMOVE(q[4], q[0], 0x0f0f0f0f0f0f0f0full, 4);
    BS_SWAPMOVE(q[5], q[1], 0x0f0f0f0f0f0f0f0full, 4);
    BS_SWAPMOVE(q[6], q[2], 0x0f0f0f0f0f0f0f0full, 4);
    BS_SWAPMOVE(q[7], q[3], 0x0f0f0f0f0f0f0f0full, 4);
}

/* SubWord (FIPS 197 §5.2) of a little-endian word (byte 0 is row 0)
 * through the circuit, so no table is indexed by key bytes. */
static inline uint32_t bs_sub_word(uint32_t w)
{
    bs_word q[8];
    for (int j = 0; j < 8; j++) {
        uint64_t v = 0;
        for (int r = 0; r < 4; r++) v |= (uint64_t)((w >> (8 * r + j)) & 1) << r;
        q[j] = (bs_word){ 0 } ^ v;      /* v in (every lane of) the word */
    }
    sbox_fwd_noconst(q);
    uint32_t o = 0;
    for (int j = 0; j < 8; j++) {
        uint64_t v;
        memcpy(&v, &q[j], sizeof v);   /* lane 0 */
        for (int r = 0; r < 4; r++) o |= (uint32_t)((v >> r) & 1) << (8 * r + j);
    }
    return o ^ 0x63636363u;
}

/* Round key r of the fixsliced encryption, in the physical byte order after
 * s = r mod 4 skipped ShiftRows: K_phys(row, c') = K(row, c' - row s), with
 * the S-box constant 0x63 folded in for r >= 1 (see aes_ct64.c). */
static inline void bs_fixslice_key(uint8_t phys[16], const uint8_t rk[16], unsigned r)
{
    unsigned s = r % 4;
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++)
            phys[4 * c + row] = rk[4 * ((c - row * (int)s) & 3) + row] ^ (r ? 0x63 : 0);
}

#endif
