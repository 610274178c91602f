/* SPDX-License-Identifier: MIT */
/*
 * CPU detection for ARM: getauxval(AT_HWCAP) on Linux. AArch64 always has
 * NEON (Advanced SIMD); 32-bit ARM reports it in HWCAP, and AES/PMULL in
 * HWCAP2. Compiled on every architecture; empty elsewhere.
 */
#include "core/cpu.h"

#if defined(__aarch64__) || defined(__arm__)
#include <stdlib.h>
#include <sys/auxv.h>

uint32_t rijn_cpu_detect_arch(void)
{
    uint32_t m = 0;
#if defined(__aarch64__)
    unsigned long hw = getauxval(AT_HWCAP);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    m |= RIJN_CPU_AARCH64;
#endif
    if (hw & (1ul << 1)) m |= RIJN_CPU_NEON;        /* HWCAP_ASIMD */
    if (hw & (1ul << 3)) m |= RIJN_CPU_ARM_AES;     /* HWCAP_AES */
    if (hw & (1ul << 4)) m |= RIJN_CPU_ARM_PMULL;   /* HWCAP_PMULL */
#else
    unsigned long hw = getauxval(AT_HWCAP), hw2 = getauxval(AT_HWCAP2);
#if defined(RIJN_CTGRIND)
    /* The secret-taint build only, never a release: valgrind's ARM port
     * hands its client an auxv without AT_HWCAP2 (and fakes
     * /proc/self/auxv the same way), although it runs AESE, AESMC and
     * VMULL.P64. tests/py/test_cross.py passes the value that qemu-arm
     * reports outside valgrind in RIJN_CT_HWCAP2, so that the AArch32
     * Crypto Extensions drivers are checked too. */
    const char *ct_hw2 = getenv("RIJN_CT_HWCAP2");
    if (ct_hw2 && *ct_hw2) hw2 = strtoul(ct_hw2, NULL, 0);
#endif
    if (hw & (1ul << 12)) m |= RIJN_CPU_NEON;       /* HWCAP_NEON */
    if (hw2 & (1ul << 0)) m |= RIJN_CPU_ARM_AES;    /* HWCAP2_AES */
    if (hw2 & (1ul << 1)) m |= RIJN_CPU_ARM_PMULL;  /* HWCAP2_PMULL */
#endif
    return m;
}
#endif
