/* SPDX-License-Identifier: MIT */
/*
 * rijn/clmul.h: carry-less multiplication, one call per guest instruction,
 * for emulators of PCLMULQDQ, PMULL, VPMSUM and their kin.
 *
 * A carry-less product multiplies two polynomials over GF(2): bit k of an
 * operand is the coefficient of x^k, and partial products are added with
 * XOR instead of with carries. An n-bit by m-bit product has n + m - 1
 * significant bits (bit n + m - 1 of the result is always 0).
 *
 * Lanes. The lane forms treat a uint64_t as a vector of w-bit lanes: lane i
 * is bits [w*i, w*i + w) of the integer, lane 0 the least significant,
 * whatever the host's byte order. An emulator that keeps a guest vector
 * register as an array of uint64_t in the guest's element order (QEMU
 * does) passes each 64-bit word as it is. These are the operations of
 * QEMU's include/crypto/clmul.h (QEMU 8.1), with the same semantics:
 *
 *   rijn_clmul_8x8_low    8 lanes of 8 bits: lane i of the result is the
 *                         low 8 bits of a_i * b_i.
 *                           ARM PMUL (AArch64 PMUL Vd.8B/16B, AArch32
 *                           VMUL.P8), SVE PMUL.
 *   rijn_clmul_8x4_even   the even 8-bit lanes (bytes 0, 2, 4, 6): 16-bit
 *                         lane i of the result is a_(2i) * b_(2i); the odd
 *                         bytes are ignored.
 *   rijn_clmul_8x4_odd    the same for the odd bytes 1, 3, 5, 7: 16-bit lane
 *                         i is a_(2i+1) * b_(2i+1); the even bytes ignored.
 *                           SVE2 PMULLB/PMULLT .H (even/odd = bottom/top);
 *                           PowerPC VPMSUMB (even ^ odd of each halfword
 *                           pair); s390x VGFM(A) .B (even ^ odd).
 *   rijn_clmul_8x4_packed four 8-bit lanes of a 32-bit operand: 16-bit lane
 *                         i of the result is a_i * b_i.
 *                           AArch64 PMULL/PMULL2 Vd.8H (one call per 4
 *                           bytes of the selected half), AArch32 VMULL.P8.
 *   rijn_clmul_16x2_even  the even 16-bit lanes (0, 2): 32-bit lane i of
 *                         the result is a_(2i) * b_(2i); odd lanes ignored.
 *   rijn_clmul_16x2_odd   the odd 16-bit lanes (1, 3): 32-bit lane i is
 *                         a_(2i+1) * b_(2i+1); even lanes ignored.
 *                           PowerPC VPMSUMH (even ^ odd), s390x VGFM(A) .H
 *                           (even ^ odd), SVE2 PMULLB/PMULLT .S.
 *   rijn_clmul_32         32 x 32 -> 64.
 *                           PowerPC VPMSUMW (the XOR of two), s390x
 *                           VGFM(A) .F, RV32 Zbc clmul (low word) and
 *                           clmulh (high word), clmulr = bits 62..31,
 *                           SVE2 PMULLB/PMULLT .D.
 *   rijn_clmul_64         64 x 64 -> 128, as a {lo, hi} pair.
 *                           x86 PCLMULQDQ (imm8 bit 0 picks a's qword, bit
 *                           4 b's), AArch64 PMULL/PMULL2 Vd.1Q, AArch32
 *                           VMULL.P64, PowerPC VPMSUMD (the XOR of two),
 *                           s390x VGFM(A) .G, RV64 Zbc clmul (lo),
 *                           clmulh (hi), clmulr ((hi << 1) | (lo >> 63)),
 *                           Zvbc vclmul/vclmulh, SVE2 PMULLB/PMULLT .Q.
 *
 * Every function is defined for all inputs and has no error case.
 *
 * Implementations (drivers of the algorithm "clmul" in the registry, see
 * `rijn list`): clmul-pclmul (x86-64 PCLMULQDQ), clmul-pmull (AArch64
 * PMULL and PMUL), and clmul-ct, portable C for every other host. All are
 * constant time: no branch and no memory address depends on an operand
 * (clmul-ct uses integer multiplications, which are constant time on the
 * 64-bit hosts rijn targets). RIJN_CPU masks features as for every
 * algorithm.
 *
 * Cost: the functions below call through a table resolved once, on the
 * first call from any thread, with the registry's rule (the best
 * constant-time driver whose known-answer test passes); after that a
 * call is one indirect branch. No constructor runs at load time. If no
 * driver passes its known-answer test (a miscompiled library), they
 * abort(): call rijn_clmul_get(NULL, ...) first to get an error instead.
 */
#ifndef RIJN_CLMUL_H
#define RIJN_CLMUL_H

#include "rijn/rijn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A 128-bit product: lo holds bits 0..63 (coefficients of x^0..x^63), hi
 * bits 64..127. Returned by value (in two registers on x86-64 and
 * AArch64). */
typedef struct rijn_clmul128 {
    uint64_t lo, hi;
} rijn_clmul128;

RIJN_API rijn_clmul128 rijn_clmul_64(uint64_t a, uint64_t b);
RIJN_API uint64_t rijn_clmul_32(uint32_t a, uint32_t b);
RIJN_API uint64_t rijn_clmul_8x8_low(uint64_t a, uint64_t b);
RIJN_API uint64_t rijn_clmul_8x4_even(uint64_t a, uint64_t b);
RIJN_API uint64_t rijn_clmul_8x4_odd(uint64_t a, uint64_t b);
RIJN_API uint64_t rijn_clmul_8x4_packed(uint32_t a, uint32_t b);
RIJN_API uint64_t rijn_clmul_16x2_even(uint64_t a, uint64_t b);
RIJN_API uint64_t rijn_clmul_16x2_odd(uint64_t a, uint64_t b);

/* One driver's functions, for emulators that keep function pointers
 * (a translator emitting direct calls, for instance). Each member has the
 * semantics of the free function of the same name. */
struct rijn_clmul_ops {
    const char *driver; /* its name in the registry, e.g. "clmul-pclmul" */
    rijn_clmul128 (*clmul_64)(uint64_t a, uint64_t b);
    uint64_t (*clmul_32)(uint32_t a, uint32_t b);
    uint64_t (*clmul_8x8_low)(uint64_t a, uint64_t b);
    uint64_t (*clmul_8x4_even)(uint64_t a, uint64_t b);
    uint64_t (*clmul_8x4_odd)(uint64_t a, uint64_t b);
    uint64_t (*clmul_8x4_packed)(uint32_t a, uint32_t b);
    uint64_t (*clmul_16x2_even)(uint64_t a, uint64_t b);
    uint64_t (*clmul_16x2_odd)(uint64_t a, uint64_t b);
};

/* driver NULL: the table the free functions use (the best constant-time
 * driver on this CPU); a driver name: exactly that one. Sets *out to a
 * table that stays valid for the life of the process. Returns RIJN_OK,
 * RIJN_ERR_NULL (out is NULL), RIJN_ERR_NO_DRIVER (unknown name, or this
 * CPU lacks the driver's features) or RIJN_ERR_SELFTEST. Thread-safe. */
RIJN_API int rijn_clmul_get(const char *driver, const struct rijn_clmul_ops **out);

#ifdef __cplusplus
}
#endif

#endif
