/* SPDX-License-Identifier: MIT */
/*
 * 32-bit ARM (ARMv7-A, and AArch32 on ARMv8 cores) plumbing for the NEON
 * and Crypto Extensions drivers. Nothing here is about AES or GHASH.
 *
 * Debian's armhf baseline is ARMv7-A with VFPv3-D16: NEON is optional
 * (Tegra 2 and some Marvell cores lack it) and the AES and PMULL
 * instructions exist only on ARMv8 cores running 32-bit code. So the
 * library is built for the baseline, and the driver files enable what
 * they use per function, exactly as the x86 drivers use target
 * attributes: one armhf binary runs on a NEON-less core, a Cortex-A7 and
 * a Cortex-A72, and the registry picks from AT_HWCAP/AT_HWCAP2
 * (src/core/cpu_arm.c).
 *
 * RIJN_ARM32: little-endian 32-bit ARM built by GCC 8 or later, whose
 * <arm_neon.h> declares its intrinsics for use under a target attribute
 * or pragma even when the file is compiled for a NEON-less FPU.
 *   ARM32_NEON      per-function attribute: NEON (vmull.p8, vtbl, ...)
 *   ARM32_CE        per-function attribute: ARMv8-A AArch32 with the
 *                   Crypto Extensions (aese.8, aesmc.8, vmull.p64)
 *   ARM32_NEON_FILE at file scope, after the includes: every following
 *                   function, including the static inline ones of headers
 *                   such as aes/ct128_core.h written in GCC vector C, is
 *                   compiled for NEON (push_options; the file's end needs
 *                   nothing, the options end with the translation unit)
 * clang and older GCCs do not define RIJN_ARM32: the drivers' descriptors
 * then keep NULL ops and the registry leaves them out, as on x86.
 *
 * RIJN_ARM_ISA is the CPU bit that the shared ARM drivers (written once
 * for AArch64 and 32-bit ARM) require besides NEON, AES or PMULL:
 * RIJN_CPU_AARCH64 in an AArch64 build, none in a 32-bit one.
 */
#ifndef RIJN_ARCH_ARM32_H
#define RIJN_ARCH_ARM32_H

#include <stdint.h>

#include "core/cpu.h"

#if defined(__arm__) && !defined(__aarch64__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 8
#define RIJN_ARM32 1
#include <arm_neon.h>
#define ARM32_NEON __attribute__((target("fpu=neon")))
#define ARM32_CE __attribute__((target("arch=armv8-a+crypto,fpu=crypto-neon-fp-armv8")))
#define ARM32_NEON_FILE _Pragma("GCC push_options") _Pragma("GCC target(\"fpu=neon\")")
#define ARM32_CE_FILE _Pragma("GCC push_options") _Pragma("GCC target(\"arch=armv8-a+crypto,fpu=crypto-neon-fp-armv8\")")
#endif

#ifndef RIJN_ARM_ISA
#if defined(__aarch64__)
#define RIJN_ARM_ISA RIJN_CPU_AARCH64
#elif defined(__arm__)
#define RIJN_ARM_ISA 0u
#else
#define RIJN_ARM_ISA RIJN_CPU_AARCH64
#endif
#endif

#endif
