/* SPDX-License-Identifier: MIT */
/*
 * CPU features: one bit each, detected once per process by
 * src/core/cpu_<arch>.c (the only files that ask the CPU), then masked by
 * the RIJN_CPU environment variable (src/core/cpu.c) so that tests can
 * force every tier. A descriptor states the bits its driver needs.
 */
#ifndef RIJN_CPU_H
#define RIJN_CPU_H

#include <stddef.h>
#include <stdint.h>

#include "core/tooling.h"

/* One bit per feature; the names are in src/core/cpu.c. */
enum {
    RIJN_CPU_SSE2 = 1u << 0,
    RIJN_CPU_SSSE3 = 1u << 1,
    RIJN_CPU_SSE41 = 1u << 2,
    RIJN_CPU_AESNI = 1u << 3,
    RIJN_CPU_PCLMUL = 1u << 4,
    RIJN_CPU_AVX = 1u << 5,
    RIJN_CPU_AVX2 = 1u << 6,
    RIJN_CPU_VAES = 1u << 7,
    RIJN_CPU_VPCLMUL = 1u << 8,
    RIJN_CPU_BMI2 = 1u << 9,
    /* ADCX/ADOX (CPUID 7 EBX bit 19): two independent carry chains. */
    RIJN_CPU_ADX = 1u << 10,
    /* The library was built for x86-64 and runs there: drivers written with
     * x86 intrinsics require it, so on other builds they are unavailable. */
    RIJN_CPU_X86_64 = 1u << 15,
    /* Likewise for the AArch64 drivers (AArch64 intrinsics, little-endian):
     * 32-bit ARM reports NEON too, but cannot run them. */
    RIJN_CPU_AARCH64 = 1u << 19,
    RIJN_CPU_NEON = 1u << 16,
    RIJN_CPU_ARM_AES = 1u << 17,
    RIJN_CPU_ARM_PMULL = 1u << 18,
    /* AVX-512 F, BW and VL, with the OS saving the opmask and ZMM state
     * (XCR0 bits 5..7): what the 512-bit VAES drivers need besides VAES
     * and VPCLMULQDQ themselves. */
    RIJN_CPU_AVX512 = 1u << 20,
    /* Not an instruction set: VPCLMULQDQ on 512-bit registers issues every
     * cycle (Intel cores with AVX-512 and VPCLMULQDQ, Ice Lake and later;
     * AMD's Zen 5 issues one every two). gcm-aes-vaes-avx512-sb needs it
     * for speed, not for correctness; masking it off (RIJN_CPU=-fastclmul)
     * selects gcm-aes-vaes-avx512 instead. */
    RIJN_CPU_FASTCLMUL = 1u << 21,
    /* AVX-512 IFMA (CPUID 7 EBX bit 21: VPMADD52LUQ/HUQ), reported only
     * with RIJN_CPU_AVX512's OS state: x25519-ifma. */
    RIJN_CPU_IFMA = 1u << 22,
    /* GFNI (CPUID 7 ECX bit 8), reported only with the OS's YMM state:
     * aes-gfni uses its VEX forms (GF2P8AFFINEINVQB on XMM and YMM). */
    RIJN_CPU_GFNI = 1u << 23
};

/* Features of this CPU after RIJN_CPU masking; detected once, thread-safe. */
RIJN_HIDDEN uint32_t rijn_cpu_get(void);
/* Raw detection, per architecture (src/core/cpu_<arch>.c). */
RIJN_HIDDEN uint32_t rijn_cpu_detect_arch(void);
/* Comma-separated names of the bits in mask, into buf. */
RIJN_HIDDEN const char *rijn_cpu_names(uint32_t mask, char *buf, size_t cap);

#endif
