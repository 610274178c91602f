/* SPDX-License-Identifier: MIT */
/*
 * Guest instructions composed from the round primitives (the mapping is
 * documented in include/rijn/aes_round.h). Each runs on the driver the
 * public functions resolved, and is constant-time when it is: single
 * S-box bytes (AESKEYGENASSIST, the RISC-V key schedule and aes32*) are
 * taken from a whole-state primitive at constant positions, never looked
 * up in a table, and GF(2^8) multiples are computed without branches.
 */
#include "core/util.h"
#include "emu/aes_round.h"

static const rijn_aes_state guest_zero;

/* InvShiftRows' gather indices: after ShiftRows, byte m of the input's
 * SubBytes sits at position guest_isr[m] (FIPS 197 §5.1.2). */
static const uint8_t guest_isr[16] = { 0, 13, 10, 7, 4, 1, 14, 11, 8, 5, 2, 15, 12, 9, 6, 3 };

/* ---------------------------------------------------------------- x86 --
 * Intel SDM vol. 2A: AESENC is one full round with the key added last,
 * AESDEC the equivalent inverse cipher's round (InvMixColumns before the
 * key). */
void rijn_x86_aesenc(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk)
{
    rijn_aesenc_SB_SR_MC_AK(r, st, rk, false);
}
void rijn_x86_aesenclast(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk)
{
    rijn_aesenc_SB_SR_AK(r, st, rk, false);
}
void rijn_x86_aesdec(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk)
{
    rijn_aesdec_ISB_ISR_IMC_AK(r, st, rk, false);
}
void rijn_x86_aesdeclast(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk)
{
    rijn_aesdec_ISB_ISR_AK(r, st, rk, false);
}
void rijn_x86_aesimc(rijn_aes_state *r, const rijn_aes_state *st)
{
    rijn_aesdec_IMC(r, st, false);
}

/* SubWord of dword w of src, from t = SR(SB(src)): byte m of SB(src) is
 * t[guest_isr[m]]. */
static uint32_t guest_subword(const rijn_aes_state *t, int w)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)t->b[guest_isr[4 * w + i]] << (8 * i);
    return v;
}

void rijn_x86_aeskeygenassist(rijn_aes_state *r, const rijn_aes_state *src, uint8_t rcon)
{
    rijn_aes_state t;
    rijn_aesenc_SB_SR_AK(&t, src, &guest_zero, false);
    const uint32_t x1 = guest_subword(&t, 1), x3 = guest_subword(&t, 3);
    /* RotWord(x) = ROR(x, 8) on the little-endian dword. */
    const uint32_t w[4] = { x1, ((x1 >> 8) | (x1 << 24)) ^ rcon, x3, ((x3 >> 8) | (x3 << 24)) ^ rcon };
    for (int i = 0; i < 4; i++) rijn_store32_le(r->b + 4 * i, w[i]);
    rijn_wipe(&t, sizeof t);
}

/* ---------------------------------------------------------------- ARM --
 * Arm ARM: AESE and AESD add the key first (d ^ n), then the S-box and
 * the row shift; the mix-column steps are separate instructions. */
void rijn_arm_aese(rijn_aes_state *r, const rijn_aes_state *d, const rijn_aes_state *n)
{
    rijn_aes_state t;
    t.d[0] = d->d[0] ^ n->d[0];
    t.d[1] = d->d[1] ^ n->d[1];
    rijn_aesenc_SB_SR_AK(r, &t, &guest_zero, false);
    rijn_wipe(&t, sizeof t);
}
void rijn_arm_aesd(rijn_aes_state *r, const rijn_aes_state *d, const rijn_aes_state *n)
{
    rijn_aes_state t;
    t.d[0] = d->d[0] ^ n->d[0];
    t.d[1] = d->d[1] ^ n->d[1];
    rijn_aesdec_ISB_ISR_AK(r, &t, &guest_zero, false);
    rijn_wipe(&t, sizeof t);
}
void rijn_arm_aesmc(rijn_aes_state *r, const rijn_aes_state *n)
{
    rijn_aesenc_MC(r, n, false);
}
void rijn_arm_aesimc(rijn_aes_state *r, const rijn_aes_state *n)
{
    rijn_aesdec_IMC(r, n, false);
}

/* ------------------------------------------------------------- RISC-V --
 * RISC-V Scalar Cryptography Extensions v1.0.1, Zkne/Zknd: the state is
 * rs2:rs1, little-endian, so FIPS 197 byte i is byte i of rs1 (i < 8) or
 * of rs2. Each aes64 instruction gives the low half of a round step. */
typedef void (*guest_step)(rijn_aes_state *, const rijn_aes_state *, const rijn_aes_state *, bool);

static uint64_t guest_rv64(uint64_t rs1, uint64_t rs2, guest_step step)
{
    rijn_aes_state s;
    rijn_store64_le(s.b, rs1);
    rijn_store64_le(s.b + 8, rs2);
    step(&s, &s, &guest_zero, false);
    const uint64_t v = rijn_load64_le(s.b);
    rijn_wipe(&s, sizeof s);
    return v;
}

uint64_t rijn_rv_aes64es(uint64_t rs1, uint64_t rs2)
{
    return guest_rv64(rs1, rs2, rijn_aesenc_SB_SR_AK);
}
uint64_t rijn_rv_aes64esm(uint64_t rs1, uint64_t rs2)
{
    return guest_rv64(rs1, rs2, rijn_aesenc_SB_SR_MC_AK);
}
uint64_t rijn_rv_aes64ds(uint64_t rs1, uint64_t rs2)
{
    return guest_rv64(rs1, rs2, rijn_aesdec_ISB_ISR_AK);
}
uint64_t rijn_rv_aes64dsm(uint64_t rs1, uint64_t rs2)
{
    return guest_rv64(rs1, rs2, rijn_aesdec_ISB_ISR_IMC_AK);
}

/* SubWord (or its inverse) of a little-endian word: the word in column 0,
 * whose row 0 byte ShiftRows leaves in place and whose other bytes it
 * moves to guest_isr's inverse positions. */
static uint32_t guest_subword32(uint32_t w, bool inverse)
{
    rijn_aes_state s;
    memset(&s, 0, sizeof s);
    rijn_store32_le(s.b, w);
    if (inverse) {
        rijn_aesdec_ISB_ISR_AK(&s, &s, &guest_zero, false);
        /* InvShiftRows moves row m of column 0 to column m: position 5m. */
        static const uint8_t pos[4] = { 0, 5, 10, 15 };
        w = (uint32_t)s.b[pos[0]] | (uint32_t)s.b[pos[1]] << 8 | (uint32_t)s.b[pos[2]] << 16 |
            (uint32_t)s.b[pos[3]] << 24;
    } else {
        rijn_aesenc_SB_SR_AK(&s, &s, &guest_zero, false);
        w = guest_subword(&s, 0);
    }
    rijn_wipe(&s, sizeof s);
    return w;
}

uint64_t rijn_rv_aes64ks1i(uint64_t rs1, unsigned rnum)
{
    /* rnum is the instruction's immediate: public. 0xA (AES-256's odd
     * steps) takes SubWord alone; above it the encoding is reserved. */
    static const uint8_t rcon[10] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36 };
    if (rnum > 0xA) return 0;
    const uint32_t t1 = (uint32_t)(rs1 >> 32);
    const uint32_t t2 = rnum == 0xA ? t1 : (t1 >> 8) | (t1 << 24);
    const uint32_t t3 = guest_subword32(t2, false) ^ (rnum < 0xA ? rcon[rnum] : 0);
    return (uint64_t)t3 << 32 | t3;
}

uint64_t rijn_rv_aes64ks2(uint64_t rs1, uint64_t rs2)
{
    const uint32_t w0 = (uint32_t)(rs1 >> 32) ^ (uint32_t)rs2;
    const uint32_t w1 = w0 ^ (uint32_t)(rs2 >> 32);
    return (uint64_t)w1 << 32 | w0;
}

/* 2x in GF(2^8) (FIPS 197 §4.2.1) without a branch. */
static uint32_t guest_xt(uint32_t b)
{
    return ((b << 1) ^ (0x1b & (0u - (b >> 7)))) & 0xff;
}

static uint32_t guest_rol32(uint32_t x, unsigned n)
{
    n &= 31;
    return n ? (x << n) | (x >> (32 - n)) : x;
}

/* The aes32 forms: the S-box (inverse when dec) of byte bs of rs2, then
 * its MixColumns (InvMixColumns) column when mix, rotated into place. */
static uint32_t guest_rv32(uint32_t rs1, uint32_t rs2, unsigned bs, bool dec, bool mix)
{
    const unsigned sh = 8 * (bs & 3);
    const uint32_t so = guest_subword32((rs2 >> sh) & 0xff, dec) & 0xff;
    uint32_t col = so;
    if (mix) {
        const uint32_t x2 = guest_xt(so), x4 = guest_xt(x2), x8 = guest_xt(x4);
        if (dec) /* (14, 9, 13, 11) so */
            col = (x8 ^ x4 ^ x2) | (x8 ^ so) << 8 | (x8 ^ x4 ^ so) << 16 | (x8 ^ x2 ^ so) << 24;
        else     /* (2, 1, 1, 3) so */
            col = x2 | so << 8 | so << 16 | (x2 ^ so) << 24;
    }
    return rs1 ^ guest_rol32(col, sh);
}

uint32_t rijn_rv_aes32esi(uint32_t rs1, uint32_t rs2, unsigned bs)
{
    return guest_rv32(rs1, rs2, bs, false, false);
}
uint32_t rijn_rv_aes32esmi(uint32_t rs1, uint32_t rs2, unsigned bs)
{
    return guest_rv32(rs1, rs2, bs, false, true);
}
uint32_t rijn_rv_aes32dsi(uint32_t rs1, uint32_t rs2, unsigned bs)
{
    return guest_rv32(rs1, rs2, bs, true, false);
}
uint32_t rijn_rv_aes32dsmi(uint32_t rs1, uint32_t rs2, unsigned bs)
{
    return guest_rv32(rs1, rs2, bs, true, true);
}
