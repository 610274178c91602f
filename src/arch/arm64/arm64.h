/* SPDX-License-Identifier: MIT */
/*
 * AArch64 plumbing for the intrinsics drivers (src/aes, src/gf128): which
 * intrinsics this compiler can build, the per-function target attribute
 * of the Crypto Extensions, and byte reversal into a vector. Nothing here
 * is about AES or GHASH.
 *
 * RIJN_ARM64: little-endian AArch64, where Advanced SIMD is architectural
 * and <arm_neon.h> is included (the NEON drivers). RIJN_ARM64_CE: the AES
 * and PMULL intrinsics can be built too, under CE_TARGET (aes-ce,
 * ghash-pmull, gcm-aes-ce). Every driver file compiles everywhere and
 * tests one of them before defining any function: elsewhere its descriptor
 * stays, with NULL ops, and the registry leaves the driver out. 32-bit ARM
 * has NEON too, but not these intrinsics, and big-endian AArch64 would
 * need every lane order revisited: neither defines RIJN_ARM64.
 */
#ifndef RIJN_ARCH_ARM64_H
#define RIJN_ARCH_ARM64_H

#include <stdint.h>

#if defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define RIJN_ARM64 1
#include <arm_neon.h>

/* GCC declares the AES and PMULL intrinsics for use under a per-function
 * target attribute. clang's arm_neon.h declares them only when the whole
 * file targets the Crypto Extensions, until clang 16; an older clang
 * without -march=armv8-a+crypto therefore builds rijn without these
 * drivers (their ops stay NULL, and the registry leaves them out). */
#if !defined(__clang__) || __clang_major__ >= 16 || defined(__ARM_FEATURE_AES)
#define RIJN_ARM64_CE 1
#if defined(__clang__)
#define CE_TARGET __attribute__((target("crypto,aes")))
#else
#define CE_TARGET __attribute__((target("+crypto")))
#endif
#define CE_INLINE CE_TARGET static inline __attribute__((always_inline))
#endif

/* The 16 bytes of a big-endian 128-bit integer held as two words (CTR's
 * counter blocks: the high word changes only on a 2^64 carry). */
static inline uint8x16_t arm64_be128(uint64_t hi, uint64_t lo)
{
    return vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(__builtin_bswap64(hi)), vcreate_u64(__builtin_bswap64(lo))));
}

#endif /* RIJN_ARM64 */
#endif
