/* SPDX-License-Identifier: MIT */
/*
 * AES round primitives for emulators: one guest instruction at a time,
 * with host acceleration where the CPU has it and a constant-time
 * fallback everywhere else (issue 18 §1; QEMU 8.1's crypto/aes-round.h
 * has the same shape).
 *
 * The state
 * ---------
 * A 128-bit AES state. With be == false its bytes are in FIPS 197 order:
 * b[0] is the first input byte, b[4c + r] the byte in row r, column c
 * (FIPS 197 §3.4), as x86 and ARM hold an AES state in a vector register.
 * With be == true the 16 bytes are reversed (b[15] is the first input
 * byte), as a big-endian guest register holds them (PowerPC's vcipher);
 * the flag applies to st, rk and r alike. r may alias st (or rk).
 *
 * The operations
 * --------------
 * SB, SR, MC are SubBytes, ShiftRows and MixColumns (FIPS 197 §5.1.1 to
 * §5.1.3); AK is the XOR with rk (AddRoundKey, §5.1.4); a leading I marks
 * the inverse (§5.3). The letters are in the order of application.
 *
 *   rijn_aesenc_MC              r = MC(st)
 *   rijn_aesenc_SB_SR_AK        r = SR(SB(st)) ^ rk
 *   rijn_aesenc_SB_SR_MC_AK     r = MC(SR(SB(st))) ^ rk
 *   rijn_aesdec_IMC             r = IMC(st)
 *   rijn_aesdec_ISB_ISR_AK      r = ISR(ISB(st)) ^ rk
 *   rijn_aesdec_ISB_ISR_AK_IMC  r = IMC(ISR(ISB(st)) ^ rk)
 *   rijn_aesdec_ISB_ISR_IMC_AK  r = IMC(ISR(ISB(st))) ^ rk
 *
 * They compose every guest instruction (helpers below):
 *   x86 AESENC = SB_SR_MC_AK, AESENCLAST = SB_SR_AK,
 *       AESDEC = ISB_ISR_IMC_AK, AESDECLAST = ISB_ISR_AK, AESIMC = IMC;
 *   ARM AESE = SB_SR_AK of (st ^ key) with a zero round key,
 *       AESD likewise with ISB_ISR_AK, AESMC = MC, AESIMC = IMC;
 *   PowerPC vcipher = SB_SR_MC_AK, vcipherlast = SB_SR_AK,
 *       vncipher = ISB_ISR_AK_IMC, vncipherlast = ISB_ISR_AK (be = true);
 *   RISC-V Zkne/Zknd (aes64es... aes32dsmi): the rijn_rv_* helpers.
 *
 * Drivers and dispatch
 * --------------------
 * The registry lists these drivers under the algorithm "aes-round" (`rijn
 * list`): AES-NI, ARMv8 Crypto Extensions, SSSE3 vector permute, NEON TBL,
 * a portable constant-time one (bit-sliced S-box), and "aes-round-table",
 * four T-tables as QEMU's software fallback, which is not constant-time,
 * never selected, and there as the benchmark baseline.
 *
 * The seven functions below call through a static table of function
 * pointers that starts out pointing at resolver stubs. The first call, from
 * any thread, picks the driver once (the registry's rule: the highest
 * priority among the available, constant-time drivers whose known-answer
 * test passes; RIJN_CPU masks apply) and stores the chosen functions with
 * atomic stores; racing first calls store the same pointers. Every later
 * call is one load and one indirect branch. There are no constructors, no
 * thread-local variables and no dlopen, and resolution does not link the
 * registry's tables, so a static binary that uses only these functions
 * pulls in this kind's code alone.
 *
 * The functions return nothing: if no constant-time driver passed its
 * self-test (a broken build; the portable driver runs everywhere), the
 * first call writes a message to stderr and calls abort(). An emulator
 * that wants an error code instead calls rijn_aes_round_get() first.
 *
 * Every driver that claims constant time is checked under valgrind with
 * the state and round key secret (tests/c/ct_taint.c), the helpers too.
 */
#ifndef RIJN_AES_ROUND_H
#define RIJN_AES_ROUND_H

#include <stdbool.h>
#include <stdint.h>

#include "rijn/rijn.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef union {
    uint8_t b[16];
    uint32_t w[4];
    uint64_t d[2];
} __attribute__((aligned(16))) rijn_aes_state;

RIJN_API void rijn_aesenc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be);
RIJN_API void rijn_aesenc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
RIJN_API void rijn_aesenc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
RIJN_API void rijn_aesdec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be);
RIJN_API void rijn_aesdec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
RIJN_API void rijn_aesdec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                         bool be);
RIJN_API void rijn_aesdec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk,
                                         bool be);

/* One driver's functions, with the contract above. An emulator that keeps
 * its own pointers (one per guest instruction, say) takes them from here. */
struct rijn_aes_round_ops {
    const char *driver;   /* its registry name, e.g. "aes-round-aesni" */
    void (*enc_MC)(rijn_aes_state *r, const rijn_aes_state *st, bool be);
    void (*enc_SB_SR_AK)(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
    void (*enc_SB_SR_MC_AK)(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
    void (*dec_IMC)(rijn_aes_state *r, const rijn_aes_state *st, bool be);
    void (*dec_ISB_ISR_AK)(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
    void (*dec_ISB_ISR_AK_IMC)(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
    void (*dec_ISB_ISR_IMC_AK)(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
};

/* The table of driver (NULL: the one the functions above use, chosen by the
 * rule above; a name from `rijn list`: exactly that driver, constant-time
 * or not, as registry pinning). Returns RIJN_OK and sets *out (a static
 * table, valid for the life of the process), RIJN_ERR_NULL if out is NULL,
 * RIJN_ERR_NO_DRIVER (unknown name, or not available on this CPU) or
 * RIJN_ERR_SELFTEST. */
RIJN_API int rijn_aes_round_get(const char *driver, const struct rijn_aes_round_ops **out);

/* ------------------------------------------------- guest instructions --
 * Compositions of the functions above, one per instruction, with the
 * instruction's own operand conventions (little-endian registers; be is
 * not a parameter). Constant-time like the driver they run on: no table
 * is indexed by the state, the key or a source register.
 */

/* x86 (Intel SDM, vol. 2A, AESENC ... AESKEYGENASSIST): r = instruction(st, rk). */
RIJN_API void rijn_x86_aesenc(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk);
RIJN_API void rijn_x86_aesenclast(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk);
RIJN_API void rijn_x86_aesdec(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk);
RIJN_API void rijn_x86_aesdeclast(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk);
RIJN_API void rijn_x86_aesimc(rijn_aes_state *r, const rijn_aes_state *st);
/* AESKEYGENASSIST xmm1, xmm2, imm8, with X1 = src dword 1, X3 = dword 3:
 * r = [SubWord(X1), RotWord(SubWord(X1)) ^ rcon, SubWord(X3),
 * RotWord(SubWord(X3)) ^ rcon] (dwords 0..3), rcon = imm8. */
RIJN_API void rijn_x86_aeskeygenassist(rijn_aes_state *r, const rijn_aes_state *src, uint8_t rcon);

/* ARM (Arm ARM, AESE/AESD/AESMC/AESIMC, A64 and A32 alike):
 *   AESE  Vd, Vn:  r = SR(SB(d ^ n))       AESMC  Vd, Vn: r = MC(n)
 *   AESD  Vd, Vn:  r = ISR(ISB(d ^ n))     AESIMC Vd, Vn: r = IMC(n) */
RIJN_API void rijn_arm_aese(rijn_aes_state *r, const rijn_aes_state *d, const rijn_aes_state *n);
RIJN_API void rijn_arm_aesd(rijn_aes_state *r, const rijn_aes_state *d, const rijn_aes_state *n);
RIJN_API void rijn_arm_aesmc(rijn_aes_state *r, const rijn_aes_state *n);
RIJN_API void rijn_arm_aesimc(rijn_aes_state *r, const rijn_aes_state *n);

/* RISC-V scalar cryptography v1.0.1 (Zkne, Zknd), RV64: the state is
 * rs1 (low 64 bits: columns 0 and 1) and rs2 (high: columns 2 and 3),
 * each little-endian; the result is one half of the round:
 *   aes64es   rd = low half of SR(SB(rs2:rs1))
 *   aes64esm  rd = low half of MC(SR(SB(rs2:rs1)))
 *   aes64ds   rd = low half of ISR(ISB(rs2:rs1))
 *   aes64dsm  rd = low half of IMC(ISR(ISB(rs2:rs1)))
 * (the high half: swap rs1 and rs2), and the key schedule:
 *   aes64ks1i rd = the word SubWord(RotWord(rs1[63:32])) ^ rcon(rnum),
 *             twice; rnum = 0xA: SubWord without RotWord and rcon
 *             (AES-256's odd steps); rnum > 0xA is reserved: returns 0
 *   aes64ks2  rd = [w, w ^ rs2[63:32]] with w = rs1[63:32] ^ rs2[31:0]
 * The word forms (RV32; also the byte step of aes64im):
 *   aes32esi  rd = rs1 ^ rol32(SB(rs2 byte bs), 8 bs)
 *   aes32esmi rd = rs1 ^ rol32(MC column of SB(rs2 byte bs), 8 bs)
 *   aes32dsi  rd = rs1 ^ rol32(ISB(rs2 byte bs), 8 bs)
 *   aes32dsmi rd = rs1 ^ rol32(IMC column of ISB(rs2 byte bs), 8 bs)
 * where the MC column of b is (2b, b, b, 3b) from the low byte up, the IMC
 * column (14b, 9b, 13b, 11b), and bs is 0..3 (taken mod 4). */
RIJN_API uint64_t rijn_rv_aes64es(uint64_t rs1, uint64_t rs2);
RIJN_API uint64_t rijn_rv_aes64esm(uint64_t rs1, uint64_t rs2);
RIJN_API uint64_t rijn_rv_aes64ds(uint64_t rs1, uint64_t rs2);
RIJN_API uint64_t rijn_rv_aes64dsm(uint64_t rs1, uint64_t rs2);
RIJN_API uint64_t rijn_rv_aes64ks1i(uint64_t rs1, unsigned rnum);
RIJN_API uint64_t rijn_rv_aes64ks2(uint64_t rs1, uint64_t rs2);
RIJN_API uint32_t rijn_rv_aes32esi(uint32_t rs1, uint32_t rs2, unsigned bs);
RIJN_API uint32_t rijn_rv_aes32esmi(uint32_t rs1, uint32_t rs2, unsigned bs);
RIJN_API uint32_t rijn_rv_aes32dsi(uint32_t rs1, uint32_t rs2, unsigned bs);
RIJN_API uint32_t rijn_rv_aes32dsmi(uint32_t rs1, uint32_t rs2, unsigned bs);

#ifdef __cplusplus
}
#endif

#endif
