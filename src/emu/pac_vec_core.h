/* SPDX-License-Identifier: MIT */
/*
 * QARMA (the Arm ARM's ComputePAC, QARMA5 and QARMA3) on byte-shuffle
 * vectors: SSSE3 PSHUFB (pac-ssse3, pac-aesni), AVX2 VPSHUFB with one PAC
 * per 128-bit lane (pac-avx2's batches), AArch64 TBL (pac-neon, pac-ce).
 *
 * A 64-bit cipher state is one 16-byte lane, byte i holding cell i (bits
 * 4i+3..4i) as a value 0..15. Then a 16-entry shuffle does everything:
 *   - as a table look-up indexed by the state (shuffle(table, state)): the
 *     S-boxes PACSub, PACInvSub, PACSub1; RotCell by 1 and 2 (PACMult's
 *     off-diagonal entries); TweakCellRot;
 *   - as a permutation of the state (shuffle(state, index)): the cell
 *     shuffles and the moves between PACMult's rows.
 * The table entries are constants and the indices are the secret state:
 * the instruction's time does not depend on them (it has no memory
 * access), which is why byte shuffles give constant-time S-boxes.
 *
 * PACMult's output row r (cells 4r..4r+3) is RotCell1(row r+1) ^
 * RotCell2(row r+2) ^ RotCell1(row r+3), rows mod 4. So with A = RotCell1
 * and B = RotCell2 of every cell (two look-ups), PACMult is
 * P1(A) ^ P2(B) ^ P3(A), P_k taking row r+k into row r; a cell shuffle
 * before or after it folds into the three permutations, and a PACInvSub
 * before it into the two tables (RotCell(PACInvSub(c)) as one table).
 * A forward round is thus 2 look-ups, 3 permutations, an S-box look-up and
 * 3 XORs; a backward round 5 shuffles and 3 XORs, its round key XORed
 * in alongside the permutations (two XOR levels, not three).
 *
 * The including file defines, for its vector type:
 *   PV              the vector type
 *   PV_FN           qualifiers of the functions here (static inline,
 *                   always_inline, its target attribute)
 *   PV_NAME(x)      a unique name for function x
 *   PV_SHUF(t, i)   out byte b = t byte i[b] (i[b] < 16), per 16-byte lane
 *   PV_XOR, PV_AND  bitwise operations
 *   PV_LOAD(p)      the 16 constant bytes at p, in every lane
 *   PV_EXPAND(x)    the cells of a 64-bit value x, in every lane
 *   PV_NV           the most states qarma_n takes at once
 * and includes this file once per vector type.
 */

#ifndef RIJN_PAC_VEC_TABLES
#define RIJN_PAC_VEC_TABLES
/* Indices and tables, 16 bytes each (tests/c/test_pac.c checks the drivers
 * that use them against the pseudocode). With rr_k(m) = 4((m/4 + k) mod 4)
 * + m mod 4 (row m/4 + k, same column), tau the source cells of
 * PACCellShuffle (13,6,11,0,7,12,1,10,8,3,14,5,2,9,4,15) and tau' those of
 * PACCellInvShuffle (3,6,12,9,14,11,1,4,8,13,7,2,5,0,10,15):
 *   fp[k]  = tau[rr_k(m)]:           PACMult(PACCellShuffle(x)), forward
 *   bp[k]  = rr_k(tau'[m]):          PACCellInvShuffle(PACMult(x)), backward
 *   mp[k]  = tau'[rr_k(tau'[m])]:    the middle's inverse shuffle, PACMult,
 *                                    inverse shuffle
 * for k = 1, 2, 3 (index 0 unused). */
/* The 16 cells of a 64-bit constant, as an initialiser. */
#define PAC_CELL(x, i) (uint8_t)(((uint64_t)(x) >> (4 * (i))) & 15)
#define PAC_CELLS(x)                                                                                            \
    {                                                                                                           \
        PAC_CELL(x, 0), PAC_CELL(x, 1), PAC_CELL(x, 2), PAC_CELL(x, 3), PAC_CELL(x, 4), PAC_CELL(x, 5),         \
            PAC_CELL(x, 6), PAC_CELL(x, 7), PAC_CELL(x, 8), PAC_CELL(x, 9), PAC_CELL(x, 10), PAC_CELL(x, 11),   \
            PAC_CELL(x, 12), PAC_CELL(x, 13), PAC_CELL(x, 14), PAC_CELL(x, 15)                                  \
    }
static const struct pac_vec_tables {
    uint8_t fp[4][16], bp[4][16], mp[4][16];
    uint8_t h[16];       /* TweakShuffle's source cells */
    uint8_t omega[16];   /* TweakCellRot */
    uint8_t mw[16];      /* 0xff on the cells TweakShuffle rotates (2,4,7,11,12,14,15) */
    uint8_t omx[16];     /* c ^ TweakCellRot(c): the change on a rotated cell */
    uint8_t r1[16], r2[16];  /* RotCell(c, 1), RotCell(c, 2) */
    /* Per algorithm: [0] QARMA5 (sigma_2 and its inverse), [1] QARMA3
     * (sigma_1, an involution): the forward S-box, the inverse S-box, and
     * RotCell 1 and 2 of the inverse S-box. */
    uint8_t s[2][16], si[2][16], r1si[2][16], r2si[2][16];
    /* The cells of RC[i] and of RC[i] ^ Alpha. */
    uint8_t rc[5][16], rca[5][16];
} pac_vec __attribute__((aligned(16))) = {
    .fp = { { 0 },
            { 7, 12, 1, 10, 8, 3, 14, 5, 2, 9, 4, 15, 13, 6, 11, 0 },
            { 8, 3, 14, 5, 2, 9, 4, 15, 13, 6, 11, 0, 7, 12, 1, 10 },
            { 2, 9, 4, 15, 13, 6, 11, 0, 7, 12, 1, 10, 8, 3, 14, 5 } },
    .bp = { { 0 },
            { 7, 10, 0, 13, 2, 15, 5, 8, 12, 1, 11, 6, 9, 4, 14, 3 },
            { 11, 14, 4, 1, 6, 3, 9, 12, 0, 5, 15, 10, 13, 8, 2, 7 },
            { 15, 2, 8, 5, 10, 7, 13, 0, 4, 9, 3, 14, 1, 12, 6, 11 } },
    .mp = { { 0 },
            { 4, 7, 3, 0, 12, 15, 11, 8, 5, 6, 2, 1, 13, 14, 10, 9 },
            { 2, 10, 14, 6, 1, 9, 13, 5, 3, 11, 15, 7, 0, 8, 12, 4 },
            { 15, 12, 8, 11, 7, 4, 0, 3, 14, 13, 9, 10, 6, 5, 1, 2 } },
    .h = { 4, 5, 6, 7, 11, 2, 3, 8, 12, 13, 14, 15, 0, 1, 10, 9 },
    .omega = { 0, 8, 9, 1, 2, 10, 11, 3, 4, 12, 13, 5, 6, 14, 15, 7 },
    .mw = { 0, 0, 255, 0, 255, 0, 0, 255, 0, 0, 0, 255, 255, 0, 255, 255 },
    .omx = { 0, 9, 11, 2, 6, 15, 13, 4, 12, 5, 7, 14, 10, 3, 1, 8 },
    .r1 = { 0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15 },
    .r2 = { 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15 },
    .s = { { 11, 6, 8, 15, 12, 0, 9, 14, 3, 7, 4, 5, 13, 2, 1, 10 },
           { 10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4 } },
    .si = { { 5, 14, 13, 8, 10, 11, 1, 9, 2, 6, 15, 0, 4, 12, 7, 3 },
            { 10, 13, 14, 6, 15, 7, 3, 5, 9, 8, 0, 12, 11, 1, 2, 4 } },
    .r1si = { { 10, 13, 11, 1, 5, 7, 2, 3, 4, 12, 15, 0, 8, 9, 14, 6 },
              { 5, 11, 13, 12, 15, 14, 6, 10, 3, 1, 0, 9, 7, 2, 4, 8 } },
    .r2si = { { 5, 11, 7, 2, 10, 14, 4, 6, 8, 9, 15, 0, 1, 3, 13, 12 },
              { 10, 7, 11, 9, 15, 13, 12, 5, 6, 2, 0, 3, 14, 4, 8, 1 } },
    .rc = { PAC_CELLS(0), PAC_CELLS(RIJN_PAC_RC1), PAC_CELLS(RIJN_PAC_RC2), PAC_CELLS(RIJN_PAC_RC3),
            PAC_CELLS(RIJN_PAC_RC4) },
    .rca = { PAC_CELLS(RIJN_PAC_ALPHA), PAC_CELLS(RIJN_PAC_RC1 ^ RIJN_PAC_ALPHA),
             PAC_CELLS(RIJN_PAC_RC2 ^ RIJN_PAC_ALPHA), PAC_CELLS(RIJN_PAC_RC3 ^ RIJN_PAC_ALPHA),
             PAC_CELLS(RIJN_PAC_RC4 ^ RIJN_PAC_ALPHA) },
};
#endif

/* The key material of one key, expanded once: the round keys with their
 * constants folded in. */
struct PV_NAME(key) {
    PV kin;      /* key0 ^ key1 (^ RC[0] = 0): the first whitening and round key */
    PV kf[5];    /* key1 ^ RC[i], forward round i >= 1 */
    PV kb[5];    /* key1 ^ RC[i] ^ Alpha, backward */
    PV k0, k1, mk0;
};

PV_FN void PV_NAME(key_setup)(struct PV_NAME(key) * k, uint64_t key0, uint64_t key1)
{
    k->k0 = PV_EXPAND(key0);
    k->k1 = PV_EXPAND(key1);
    k->mk0 = PV_EXPAND(rijn_pac_modk0(key0));
    k->kin = PV_XOR(k->k0, k->k1);
#pragma GCC unroll 8
    for (int i = 0; i < 5; i++) {
        k->kf[i] = PV_XOR(k->k1, PV_LOAD(pac_vec.rc[i]));
        k->kb[i] = PV_XOR(k->k1, PV_LOAD(pac_vec.rca[i]));
    }
}

/* P1(A) ^ P2(B) ^ P3(A) ^ x for the permutations p[1..3]: two levels of
 * XOR, so that a round key joining here (x) costs no extra step. */
PV_FN PV PV_NAME(mix)(PV a, PV b, PV x, const uint8_t p[4][16])
{
    return PV_XOR(PV_XOR(PV_SHUF(a, PV_LOAD(p[1])), PV_SHUF(a, PV_LOAD(p[3]))),
                  PV_XOR(PV_SHUF(b, PV_LOAD(p[2])), x));
}
PV_FN PV PV_NAME(mix0)(PV a, PV b, const uint8_t p[4][16])
{
    return PV_XOR(PV_XOR(PV_SHUF(a, PV_LOAD(p[1])), PV_SHUF(a, PV_LOAD(p[3]))), PV_SHUF(b, PV_LOAD(p[2])));
}

/* TweakShuffle: u = the cells moved by h, then TweakCellRot on the cells
 * of mw, as u ^ (c ^ TweakCellRot(c)) there: 4 operations and 4 steps
 * (one table, omx, instead of the rotation and a second XOR). */
PV_FN PV PV_NAME(tweak_next)(PV tw)
{
    const PV u = PV_SHUF(tw, PV_LOAD(pac_vec.h));
    return PV_XOR(u, PV_AND(PV_SHUF(PV_LOAD(pac_vec.omx), u), PV_LOAD(pac_vec.mw)));
}
#define PV_LANES _Pragma("GCC unroll 8") for (int j = 0; j < nv; j++)

/* ComputePAC on nv independent states in lockstep (nv a constant after
 * inlining): every step is written for all lanes before the next step, so
 * the instruction stream interleaves nv dependency chains and the
 * out-of-order window sees them together (one chain after another would
 * not fit in it). nv = 1 is the single PAC. w: the cells of data in, the PACs' cells out; t: the
 * modifiers' cells. alg 0 is QARMA5 (4 iterations), 1 QARMA3 (2). */
PV_FN void PV_NAME(qarma_n)(PV *w, const PV *t, const struct PV_NAME(key) * k, int alg, int nv)
{
    const int it = alg ? 2 : 4;
    const PV s = PV_LOAD(pac_vec.s[alg]), r1 = PV_LOAD(pac_vec.r1), r2 = PV_LOAD(pac_vec.r2);
    PV tw[6][PV_NV];
    PV_LANES
    {
        tw[0][j] = t[j];
        w[j] = PV_SHUF(s, PV_XOR(w[j], PV_XOR(k->kin, t[j])));
    }
#pragma GCC unroll 8
    for (int i = 1; i <= it + 1; i++) {
        const PV ki = i <= it ? k->kf[i] : k->mk0;
        PV_LANES
        {
            tw[i][j] = PV_NAME(tweak_next)(tw[i - 1][j]);
            const PV x = PV_XOR(w[j], PV_XOR(ki, tw[i][j]));
            w[j] = PV_SHUF(s, PV_NAME(mix0)(PV_SHUF(r1, x), PV_SHUF(r2, x), pac_vec.fp));
        }
    }
    PV_LANES w[j] = PV_NAME(mix)(PV_SHUF(r1, w[j]), PV_SHUF(r2, w[j]), k->k1, pac_vec.fp);
    const PV r1si = PV_LOAD(pac_vec.r1si[alg]), r2si = PV_LOAD(pac_vec.r2si[alg]);
    PV_LANES w[j] = PV_NAME(mix)(PV_SHUF(r1si, w[j]), PV_SHUF(r2si, w[j]), PV_XOR(k->k0, tw[it + 1][j]), pac_vec.mp);
#pragma GCC unroll 8
    for (int i = 0; i < it; i++)
        PV_LANES w[j] = PV_NAME(mix)(PV_SHUF(r1si, w[j]), PV_SHUF(r2si, w[j]), PV_XOR(k->kb[it - i], tw[it - i][j]),
                                     pac_vec.bp);
    const PV si = PV_LOAD(pac_vec.si[alg]);
    PV_LANES w[j] = PV_XOR(PV_SHUF(si, w[j]), PV_XOR(k->kb[0], PV_XOR(tw[0][j], k->mk0)));
}

#undef PV_LANES
