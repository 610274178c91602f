/* SPDX-License-Identifier: MIT */
/*
 * The ARMv8 Crypto Extensions in both instruction sets: AArch64 (AESE,
 * AESMC, PMULL Vd.1Q) and AArch32 on ARMv8 cores (aese.8, aesmc.8,
 * vmull.p64), the 32-bit userland of a Raspberry Pi 3/4 or a Cortex-A53
 * board. The drivers that use them (aes-ce, ghash-pmull, gcm-aes-ce,
 * clmul-pmull, aes-round-ce) are written once over the ACLE intrinsics
 * that both have; this header supplies the target attribute and the few
 * operations whose best form differs. Nothing here is about AES or GHASH.
 *
 * RIJN_ARM_CE: the intrinsics build here, under CE_TARGET (one function)
 * or CE_INLINE (a helper forced inline into one). On AArch64 these come
 * from arm64.h (RIJN_ARM64_CE); on 32-bit ARM from arm32.h (RIJN_ARM32:
 * GCC 8 or later), where the armhf baseline has no NEON at all, so every
 * function that touches a vector, however small, carries the attribute.
 * Elsewhere the drivers' ops stay NULL and the registry leaves them out.
 *
 * The shims:
 *   ce_rbit8(x)       reverse the bits of each byte (GHASH's bit order,
 *                     ghash_pmull_core.h). AArch64: RBIT, one instruction.
 *                     AArch32 has no vector RBIT: three swaps (nibbles by
 *                     shift and insert, then bit pairs and bits by two
 *                     shifts and a bit select each), eight instructions
 *                     on q registers, no table and no data-dependent
 *                     address. Two nibble lookups per d half (vtbl.8) take
 *                     seven, but GCC moves their d results into place
 *                     with extra vmovs: llvm-mca (AArch32 Cortex-A57
 *                     model) gave gcm-aes-ce 1.44 / 1.64 cycles per byte
 *                     (seal / open) with the lookups and 1.49 / 1.45 with
 *                     the shifts, ghash-pmull 0.80 either way.
 *   ce_be128(hi, lo)  a big-endian 128-bit integer held as two words
 *                     (CTR's counters). AArch32 moves the words in as they
 *                     are (vmov d, r, r) and reverses the bytes in the
 *                     vector (vrev64.8) instead of four REVs in the core
 *                     registers: llvm-mca (AArch32 A57) gives CTR 0.68
 *                     cycles per byte against 0.74 with the REVs (the
 *                     latency-bound CCM loses a little: 2.44 against 2.25).
 *   ce_clmul_lo/hi    64 x 64 -> 128 carry-less product of the low or the
 *                     high halves: PMULL / PMULL2 on AArch64; vmull.p64 of
 *                     two d registers on AArch32, where the halves of a q
 *                     register are d registers and need no move.
 */
#ifndef RIJN_ARCH_ARM_CE_H
#define RIJN_ARCH_ARM_CE_H

#include "arch/arm32/arm32.h"
#include "arch/arm64/arm64.h"

#if defined(RIJN_ARM64_CE)
#define RIJN_ARM_CE 1

CE_INLINE uint8x16_t ce_rbit8(uint8x16_t x)
{
    return vrbitq_u8(x);
}

CE_INLINE uint8x16_t ce_be128(uint64_t hi, uint64_t lo)
{
    return arm64_be128(hi, lo);
}

CE_INLINE uint64x2_t ce_clmul_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

#elif defined(RIJN_ARM32)
#define RIJN_ARM_CE 1
#define CE_TARGET ARM32_CE
#define CE_INLINE CE_TARGET static inline __attribute__((always_inline))

CE_INLINE uint8x16_t ce_rbit8(uint8x16_t x)
{
    /* swap the nibbles, then the bit pairs, then the bits */
    x = vsliq_n_u8(vshrq_n_u8(x, 4), x, 4);
    x = vbslq_u8(vdupq_n_u8(0xcc), vshlq_n_u8(x, 2), vshrq_n_u8(x, 2));
    return vbslq_u8(vdupq_n_u8(0xaa), vshlq_n_u8(x, 1), vshrq_n_u8(x, 1));
}

CE_INLINE uint8x16_t ce_be128(uint64_t hi, uint64_t lo)
{
    return vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hi), vcreate_u64(lo))));
}

CE_INLINE uint64x2_t ce_clmul_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 1), (poly64_t)vgetq_lane_u64(b, 1)));
}
#endif

#ifdef RIJN_ARM_CE
CE_INLINE uint64x2_t ce_clmul_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}
#endif

#endif
