/* SPDX-License-Identifier: MIT */
/*
 * The straightforward pointer-authentication reference: ComputePAC of the
 * Arm ARM's shared pseudocode (DDI 0487, aarch64/functions/pac/computepac
 * and its helpers PACCellShuffle, PACCellInvShuffle, PACSub, PACSub1,
 * PACInvSub, PACMult, TweakCellRot, TweakShuffle, TweakCellInvRot,
 * TweakInvShuffle, RotCell), transcribed function by function, cell by
 * cell, with table look-ups. It is the independent check of every rijn
 * driver (tests/c/test_pac.c) and the speed baseline of bench/pac_bench.c;
 * it is deliberately not constant-time and not fast, and not part of
 * librijn.
 *
 * The pseudocode fixes the S-box and the round count by the algorithm
 * (QARMA5: PACSub/PACInvSub and 4 iterations; QARMA3: PACSub1 both ways and
 * 2 iterations). pac_ref_qarma() takes them as parameters so that the same
 * code can also be run on all nine QARMA-64 vectors of the QARMA paper
 * (three S-boxes, 5, 6 and 7 rounds): r rounds are r - 1 iterations.
 */
#ifndef RIJN_PAC_REF_H
#define RIJN_PAC_REF_H

#include <stdint.h>
#include <string.h>

/* Cell i of a 64-bit value is bits <4i+3:4i> (the pseudocode's indata<4i+3:4i>). */
static inline unsigned pac_ref_cell(uint64_t x, int i)
{
    return (unsigned)(x >> (4 * i)) & 0xf;
}
static inline uint64_t pac_ref_put(uint64_t o, int i, unsigned c)
{
    return o | (uint64_t)(c & 0xf) << (4 * i);
}

/* The QARMA paper's S-boxes, sigma_0..2 (ePrint 2016/444, §3). The Arm ARM's
 * PACSub is sigma_2 and PACSub1 (QARMA3) is sigma_1. */
static const uint8_t pac_ref_sigma[3][16] = {
    { 0, 14, 2, 10, 9, 15, 8, 11, 6, 4, 3, 7, 13, 12, 1, 5 },
    { 10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4 },
    { 11, 6, 8, 15, 12, 0, 9, 14, 3, 7, 4, 5, 13, 2, 1, 10 },
};

/* PACCellShuffle: outdata<4i+3:4i> = indata<4 src[i] + 3 : 4 src[i]>. */
static inline uint64_t pac_ref_cell_shuffle(uint64_t x)
{
    static const int src[16] = { 13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15 };
    uint64_t o = 0;
    for (int i = 0; i < 16; i++) o = pac_ref_put(o, i, pac_ref_cell(x, src[i]));
    return o;
}

static inline uint64_t pac_ref_cell_inv_shuffle(uint64_t x)
{
    static const int src[16] = { 3, 6, 12, 9, 14, 11, 1, 4, 8, 13, 7, 2, 5, 0, 10, 15 };
    uint64_t o = 0;
    for (int i = 0; i < 16; i++) o = pac_ref_put(o, i, pac_ref_cell(x, src[i]));
    return o;
}

static inline uint64_t pac_ref_sub(uint64_t x, const uint8_t s[16])
{
    uint64_t o = 0;
    for (int i = 0; i < 16; i++) o = pac_ref_put(o, i, s[pac_ref_cell(x, i)]);
    return o;
}

/* RotCell(incell, amount): a 4-bit rotation left by amount. */
static inline unsigned pac_ref_rot_cell(unsigned c, int n)
{
    unsigned t = c | c << 4;
    return (t >> (4 - n)) & 0xf;
}

/* PACMult: each column (cells i, i+4, i+8, i+12) through the matrix with
 * RotCell by 1 and 2 off the diagonal. */
static inline uint64_t pac_ref_mult(uint64_t x)
{
    uint64_t o = 0;
    for (int i = 0; i < 4; i++) {
        unsigned a0 = pac_ref_cell(x, i), a4 = pac_ref_cell(x, i + 4), a8 = pac_ref_cell(x, i + 8),
                 ac = pac_ref_cell(x, i + 12);
        unsigned t0 = pac_ref_rot_cell(a8, 1) ^ pac_ref_rot_cell(a4, 2) ^ pac_ref_rot_cell(a0, 1);
        unsigned t1 = pac_ref_rot_cell(ac, 1) ^ pac_ref_rot_cell(a4, 1) ^ pac_ref_rot_cell(a0, 2);
        unsigned t2 = pac_ref_rot_cell(ac, 2) ^ pac_ref_rot_cell(a8, 1) ^ pac_ref_rot_cell(a0, 1);
        unsigned t3 = pac_ref_rot_cell(ac, 1) ^ pac_ref_rot_cell(a8, 2) ^ pac_ref_rot_cell(a4, 1);
        o = pac_ref_put(o, i, t3);
        o = pac_ref_put(o, i + 4, t2);
        o = pac_ref_put(o, i + 8, t1);
        o = pac_ref_put(o, i + 12, t0);
    }
    return o;
}

/* TweakCellRot: the LFSR omega, (c >> 1) with bit 3 = c<0> XOR c<1>. */
static inline unsigned pac_ref_tweak_cell_rot(unsigned c)
{
    return (c >> 1) | (((c ^ (c >> 1)) & 1) << 3);
}
static inline unsigned pac_ref_tweak_cell_inv_rot(unsigned c)
{
    return ((c << 1) & 0xf) | ((c & 1) ^ (c >> 3));
}

/* TweakShuffle: the permutation h with omega on seven output cells. */
static inline uint64_t pac_ref_tweak_shuffle(uint64_t x)
{
    static const int src[16] = { 4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9 };
    static const int rot[16] = { 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1 };
    uint64_t o = 0;
    for (int i = 0; i < 16; i++) {
        unsigned c = pac_ref_cell(x, src[i]);
        o = pac_ref_put(o, i, rot[i] ? pac_ref_tweak_cell_rot(c) : c);
    }
    return o;
}

static inline uint64_t pac_ref_tweak_inv_shuffle(uint64_t x)
{
    static const int src[16] = { 12, 13, 5, 6, 0, 1, 2, 3, 7, 15, 14, 4, 8, 9, 10, 11 };
    static const int rot[16] = { 1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1 };
    uint64_t o = 0;
    for (int i = 0; i < 16; i++) {
        unsigned c = pac_ref_cell(x, src[i]);
        o = pac_ref_put(o, i, rot[i] ? pac_ref_tweak_cell_inv_rot(c) : c);
    }
    return o;
}

/* ComputePAC with S-box s (and its inverse), `iterations` + 1 rounds each
 * way, exactly as the pseudocode sequences it. */
static inline uint64_t pac_ref_qarma(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1,
                                     const uint8_t s[16], int iterations)
{
    /* RC[0..4] are the pseudocode's; RC[5..7], the QARMA paper's c5..c7
     * (digits of pi, as the others), serve only the paper's 6- and 7-round
     * vectors. */
    static const uint64_t RC[8] = { 0x0000000000000000ull, 0x13198A2E03707344ull, 0xA4093822299F31D0ull,
                                    0x082EFA98EC4E6C89ull, 0x452821E638D01377ull, 0xBE5466CF34E90C6Cull,
                                    0x3F84D5B5B5470917ull, 0x9216D5D98979FB1Bull };
    const uint64_t alpha = 0xC0AC29B7C97C50DDull;
    uint8_t si[16];
    for (int i = 0; i < 16; i++) si[s[i]] = (uint8_t)i;

    /* modk0 = key0<0> : key0<63:2> : (key0<63> EOR key0<1>) */
    uint64_t modk0 = (key0 << 63) | ((key0 >> 2) << 1) | (((key0 >> 63) ^ (key0 >> 1)) & 1);
    uint64_t runningmod = modifier, workingval = data ^ key0, roundkey;
    for (int i = 0; i <= iterations; i++) {
        roundkey = key1 ^ runningmod;
        workingval ^= roundkey;
        workingval ^= RC[i];
        if (i > 0) {
            workingval = pac_ref_cell_shuffle(workingval);
            workingval = pac_ref_mult(workingval);
        }
        workingval = pac_ref_sub(workingval, s);
        runningmod = pac_ref_tweak_shuffle(runningmod);
    }
    roundkey = modk0 ^ runningmod;
    workingval ^= roundkey;
    workingval = pac_ref_cell_shuffle(workingval);
    workingval = pac_ref_mult(workingval);
    workingval = pac_ref_sub(workingval, s);
    workingval = pac_ref_cell_shuffle(workingval);
    workingval = pac_ref_mult(workingval);
    workingval ^= key1;
    workingval = pac_ref_cell_inv_shuffle(workingval);
    workingval = pac_ref_sub(workingval, si);
    workingval = pac_ref_mult(workingval);
    workingval = pac_ref_cell_inv_shuffle(workingval);
    workingval ^= key0;
    workingval ^= runningmod;
    for (int i = 0; i <= iterations; i++) {
        workingval = pac_ref_sub(workingval, si);
        if (i < iterations) {
            workingval = pac_ref_mult(workingval);
            workingval = pac_ref_cell_inv_shuffle(workingval);
        }
        runningmod = pac_ref_tweak_inv_shuffle(runningmod);
        roundkey = key1 ^ runningmod;
        workingval ^= RC[iterations - i];
        workingval ^= roundkey;
        workingval ^= alpha;
    }
    workingval ^= modk0;
    return workingval;
}

static inline uint64_t pac_ref_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return pac_ref_qarma(data, modifier, key0, key1, pac_ref_sigma[2], 4);
}
static inline uint64_t pac_ref_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return pac_ref_qarma(data, modifier, key0, key1, pac_ref_sigma[1], 2);
}

#endif
