/* SPDX-License-Identifier: MIT */
/*
 * CPU detection for x86 and x86-64: CPUID, plus XGETBV to check that the
 * OS saves the YMM state before any AVX feature is reported (Intel SDM vol.
 * 1 §14.3), and the opmask and ZMM state before AVX-512 (§15.2: XCR0 bits
 * 5, 6 and 7). Compiled on every architecture; empty elsewhere.
 */
#include "core/cpu.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

uint32_t rijn_cpu_detect_arch(void)
{
    unsigned a, b, c, d;
    uint32_t m = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
#ifdef __x86_64__
    m |= RIJN_CPU_X86_64;
#endif
    if (d & (1u << 26)) m |= RIJN_CPU_SSE2;
    if (c & (1u << 9)) m |= RIJN_CPU_SSSE3;
    if (c & (1u << 19)) m |= RIJN_CPU_SSE41;
    if (c & (1u << 25)) m |= RIJN_CPU_AESNI;
    if (c & (1u << 1)) m |= RIJN_CPU_PCLMUL;
    const int osxsave = (c & (1u << 27)) != 0;
    const uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    const int os_avx = osxsave && (c & (1u << 28)) && (xcr0 & 6) == 6;         /* AVX, XMM|YMM */
    const int os_avx512 = os_avx && (xcr0 & 0xe0) == 0xe0;                     /* opmask, ZMM0-15 high, ZMM16-31 */
    if (os_avx) m |= RIJN_CPU_AVX;
    if (__get_cpuid_max(0, NULL) >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (b & (1u << 8)) m |= RIJN_CPU_BMI2;
        if (b & (1u << 19)) m |= RIJN_CPU_ADX;
        if (os_avx) {
            if (b & (1u << 5)) m |= RIJN_CPU_AVX2;
            if (c & (1u << 9)) m |= RIJN_CPU_VAES;
            if (c & (1u << 10)) m |= RIJN_CPU_VPCLMUL;
            if (c & (1u << 8)) m |= RIJN_CPU_GFNI;
        }
        /* AVX512F (EBX 16), AVX512BW (30), AVX512VL (31): all three. */
        if (os_avx512 && (b & (1u << 16)) && (b & (1u << 30)) && (b & (1u << 31))) m |= RIJN_CPU_AVX512;
        if ((m & RIJN_CPU_AVX512) && (b & (1u << 21))) m |= RIJN_CPU_IFMA;
    }
    /* fastclmul: a property of Intel's cores, not a CPUID bit. Every
     * Intel core with 512-bit VPCLMULQDQ (Ice Lake and later) issues it
     * every cycle on port 5; AMD's Zen 5 every other cycle (measured,
     * src/aes/vaes512_core.h). Vendor "GenuineIntel": EBX, EDX, ECX of
     * leaf 0. */
    __cpuid(0, a, b, c, d);
    const int intel = b == 0x756e6547u && d == 0x49656e69u && c == 0x6c65746eu;
    if (intel && (m & RIJN_CPU_AVX512) && (m & RIJN_CPU_VPCLMUL)) m |= RIJN_CPU_FASTCLMUL;
    return m;
}
#endif
