/* SPDX-License-Identifier: MIT */
/*
 * How VAESENC, VPCLMULQDQ and the other operations of a GCM pass share an
 * x86-64 core's vector pipes: loops of independent (or, for the latency
 * rows, dependent) instructions in inline assembly, cycles per loop
 * iteration. gcm-aes-vaes-avx512's shape rests on these figures
 * (src/aes/gcm_vaes512_core.h; docs/performance.md, "Fifth session of
 * 2026-11-29"): on an AMD EPYC Zen 4 a 512-bit VPCLMULQDQ alone issues
 * every other cycle, and beside VAESENC each costs the AES pipes about
 * one cycle, so a pass of 16 blocks (44 VAESENC for AES-128, 14
 * VPCLMULQDQ) has a floor near 57 cycles. The "mix A" rows (the sixth
 * session's section there) show what else a pass pays for beside them:
 * on Zen 4, 512-bit XORs, ternary logic and adds (about a fifth of a
 * cycle each), not shuffles, loads, stores or 256-bit XORs. The
 * "streams" rows run a pass's mix over 16 KiB of input and output, each
 * at a chosen offset from a cache line (docs/performance.md, "2026-12-07:
 * what a misaligned stream costs a pass"). The "XTS pass" rows time
 * aes-vaes-avx512's XTS pass with its tweak updates after the stores or
 * between the rounds (docs/performance.md, "2026-12-07, fifth session").
 *
 * Cycles: elapsed time times the effective core clock (bench_clock.h), as
 * `rijn speed` counts them without perf_event. Each figure is the best of
 * 30 runs of 20000 iterations.
 *
 * usage: x86_vaes_pipes   (x86-64 with AVX-512F, VAES and VPCLMULQDQ;
 * elsewhere it says so and exits 0). Not part of `make check`: it
 * measures, it does not test.
 */
#include <stdio.h>
#include <stdint.h>

#include "bench_clock.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>

#define CLOB                                                                                                         \
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",         \
        "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",   \
        "xmm25", "xmm26", "xmm27", "memory"

#define ITERS 20000
#define MEASURE(name, body)                                                                                          \
    do {                                                                                                             \
        double best = 1e30;                                                                                          \
        for (int rep = 0; rep < 30; rep++) {                                                                         \
            double t0 = now_ns();                                                                                    \
            for (int i = 0; i < ITERS; i++) __asm__ volatile(body ::"r"(mem), "r"(mem + 1024) : CLOB);              \
            double t = now_ns() - t0;                                                                                \
            if (t < best) best = t;                                                                                  \
        }                                                                                                            \
        printf("%-56s %7.1f\n", name, best / ITERS * ghz);                                                          \
    } while (0)

/* Four AES states (zmm0..3) through one round; round key zmm16. */
#define R4                                                                                                           \
    "vaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm1,%%zmm1\n\t"                                              \
    "vaesenc %%zmm16,%%zmm2,%%zmm2\n\tvaesenc %%zmm16,%%zmm3,%%zmm3\n\t"
/* Fresh states each iteration: a new pass's counters. */
#define INIT4                                                                                                        \
    "vpxord %%zmm20,%%zmm16,%%zmm0\n\tvpxord %%zmm20,%%zmm17,%%zmm1\n\t"                                              \
    "vpxord %%zmm20,%%zmm18,%%zmm2\n\tvpxord %%zmm20,%%zmm19,%%zmm3\n\t"
#define R11 R4 R4 R4 R4 R4 R4 R4 R4 R4 R4 R4
#define CL(d) "vpclmulqdq $0x11,%%zmm17,%%zmm18," d "\n\t"
#define CLY(d) "vpclmulqdq $0x11,%%ymm17,%%ymm18," d "\n\t"
#define C2 CL("%%zmm4") CL("%%zmm5")
#define C4 C2 CL("%%zmm6") CL("%%zmm7")
#define C12 C4 C4 C4
#define CY4 CLY("%%ymm4") CLY("%%ymm5") CLY("%%ymm6") CLY("%%ymm7")
#define X(d) "vpxord %%zmm21,%%zmm22," d "\n\t"
#define X8 X("%%zmm8") X("%%zmm9") X("%%zmm10") X("%%zmm11") X("%%zmm12") X("%%zmm13") X("%%zmm14") X("%%zmm15")
#define SB(d) "vpshufb %%zmm21,%%zmm22," d "\n\t"
#define SB4 SB("%%zmm8") SB("%%zmm9") SB("%%zmm10") SB("%%zmm11")
#define SD(d) "vpshufd $0x4e,%%zmm21," d "\n\t"
#define SD3 SD("%%zmm12") SD("%%zmm13") SD("%%zmm14")
#define X6 X("%%zmm8") X("%%zmm9") X("%%zmm10") X("%%zmm11") X("%%zmm12") X("%%zmm13")
/* A GCM pass's mix: 36 VAESENC (AES-128's rounds 1..9 of four registers),
 * 14 VPCLMULQDQ, 13 VPSHUFD, 28 XORs. */
#define PASS_MIX                                                                                                     \
    INIT4 R4 CL("%%zmm4") CL("%%zmm5") CL("%%zmm6") SD3 X6 R4 CL("%%zmm4") CL("%%zmm5") CL("%%zmm6") SD3 X6 R4       \
        CL("%%zmm4") CL("%%zmm5") CL("%%zmm6") SD3 X6 R4 CL("%%zmm4") CL("%%zmm5") CL("%%zmm6") SD3 X6 R4 C2       \
            SD("%%zmm12") R4 R4 R4 R4

/* Memory operands: %0 and %1 point into a 2 KiB buffer (loads from %0,
 * stores to %1). */
#define BC(d) "vbroadcasti32x4 (%0)," d "\n\t"
#define BC11 BC("%%zmm8") BC("%%zmm9") BC("%%zmm10") BC("%%zmm11") BC("%%zmm12") BC("%%zmm13") BC("%%zmm14") \
    BC("%%zmm15") BC("%%zmm8") BC("%%zmm9") BC("%%zmm10")
#define LD(d, o) "vmovdqu64 " o "(%0)," d "\n\t"
#define LD8 LD("%%zmm8", "0") LD("%%zmm9", "64") LD("%%zmm10", "128") LD("%%zmm11", "192") LD("%%zmm12", "256") \
    LD("%%zmm13", "320") LD("%%zmm14", "384") LD("%%zmm15", "448")
#define ST(o) "vmovdqu64 %%zmm21," o "(%1)\n\t"
#define ST4 ST("0") ST("64") ST("128") ST("192")
#define CM(d, o) "vpclmulqdq $0x11," o "(%0),%%zmm18," d "\n\t"
#define CM2 CM("%%zmm4", "0") CM("%%zmm5", "64")
/* Eight AES states (zmm0..3, zmm24..27) through one round. */
#define R8 R4 "vaesenc %%zmm16,%%zmm24,%%zmm24\n\tvaesenc %%zmm16,%%zmm25,%%zmm25\n\t"                            \
    "vaesenc %%zmm16,%%zmm26,%%zmm26\n\tvaesenc %%zmm16,%%zmm27,%%zmm27\n\t"
#define INIT8 INIT4 "vpxord %%zmm20,%%zmm16,%%zmm24\n\tvpxord %%zmm20,%%zmm17,%%zmm25\n\t"                          \
    "vpxord %%zmm20,%%zmm18,%%zmm26\n\tvpxord %%zmm20,%%zmm17,%%zmm27\n\t"
#define G3 CL("%%zmm4") CL("%%zmm5") CL("%%zmm6") SD3 X6
#define PASS_MIX8 INIT8 R8 G3 G3 R8 G3 G3 R8 G3 G3 R8 G3 G3 R8 C2 C2 SD("%%zmm12") SD("%%zmm12") R8 R8 R8 R8
/* Other operations of the XOR class, and XORs at 256 bits. */
#define T(d) "vpternlogd $0x96,%%zmm21,%%zmm22," d "\n\t"
#define T6 T("%%zmm8") T("%%zmm9") T("%%zmm10") T("%%zmm11") T("%%zmm12") T("%%zmm13")
#define P(d) "vpaddd %%zmm21,%%zmm22," d "\n\t"
#define P6 P("%%zmm8") P("%%zmm9") P("%%zmm10") P("%%zmm11") P("%%zmm12") P("%%zmm13")
#define XY(d) "vpxord %%ymm21,%%ymm22," d "\n\t"
#define XY6 XY("%%ymm8") XY("%%ymm9") XY("%%ymm10") XY("%%ymm11") XY("%%ymm12") XY("%%ymm13")
/* "Mix A": the AES rounds and products of a pass alone, 36 VAESENC and 14
 * VPCLMULQDQ; the rows after it add one kind of operation to it (the
 * `with` argument, spread over four round gaps). */
#define MIX_A(g) INIT4 R4 C2 C2 g R4 C2 C2 g R4 C2 C2 g R4 C2 C2 g R4 C2 R4 R4 R4 R4
#define MIX_AM INIT4 R4 CM2 CM2 R4 CM2 CM2 R4 CM2 CM2 R4 CM2 CM2 R4 CM2 R4 R4 R4 R4

/* A pass over streams: per 256 bytes, four 64-byte loads from %0 and
 * four stores to %1, 36 VAESENC (R4 for rounds 2..9 of four registers,
 * then VAESENCLAST), 17 VPCLMULQDQ, 4 VPSHUFB and a VPSHUFD (the loads' GHASH
 * and a reduction), 4 XORs with a table at %3 and 4 with the data, and
 * the `more` arguments (10 ternary XORs in the full mix): 76 vector
 * operations, as gcm-aes-vaes-avx512-sb's decryption pass has, or 66
 * without them.
 * %2 counts the passes. */
#define SCL(k, x) "vpclmulqdq $0x00," k "," x ",%%zmm12\n\tvpclmulqdq $0x11," k "," x ",%%zmm13\n\t"           \
    "vpclmulqdq $0x01," k "," x ",%%zmm14\n\tvpclmulqdq $0x10," k "," x ",%%zmm15\n\t"
#define STERN(a)                                                                                                     \
    "vpternlogd $0x96,%%zmm12,%%zmm13," a "\n\tvpternlogd $0x96,%%zmm14,%%zmm15,%%zmm21\n\t"
#define STERN1 "vpternlogd $0x96,%%zmm12,%%zmm14,%%zmm22\n\t"
#define STREAM_PASS(more1, more2)                                                                                    \
    "1:\n\t"                                                                                                         \
    "vmovdqu64 0(%0),%%zmm4\n\tvmovdqu64 64(%0),%%zmm5\n\tvmovdqu64 128(%0),%%zmm6\n\tvmovdqu64 192(%0),%%zmm7\n\t" \
    "vpxord 0(%3),%%zmm25,%%zmm0\n\tvpxord 64(%3),%%zmm25,%%zmm1\n\tvpxord 128(%3),%%zmm25,%%zmm2\n\t"           \
    "vpxord 192(%3),%%zmm25,%%zmm3\n\t"                                                                            \
    R4 "vpshufb %%zmm24,%%zmm4,%%zmm8\n\tvpshufb %%zmm24,%%zmm5,%%zmm9\n\t"                                        \
    SCL("%%zmm17", "%%zmm8") more1 R4 "vpshufb %%zmm24,%%zmm6,%%zmm10\n\tvpshufb %%zmm24,%%zmm7,%%zmm11\n\t"       \
    SCL("%%zmm18", "%%zmm9") more2 R4 SCL("%%zmm19", "%%zmm10") more1 R4 SCL("%%zmm17", "%%zmm11") more2 R4      \
    "vpshufd $0x4e,%%zmm22,%%zmm23\n\tvpclmulqdq $0x10,%%zmm18,%%zmm22,%%zmm12\n\t" R4 R4 R4                      \
    "vpxord %%zmm4,%%zmm26,%%zmm4\n\tvpxord %%zmm5,%%zmm26,%%zmm5\n\tvpxord %%zmm6,%%zmm26,%%zmm6\n\t"            \
    "vpxord %%zmm7,%%zmm26,%%zmm7\n\t"                                                                             \
    "vaesenclast %%zmm4,%%zmm0,%%zmm0\n\tvaesenclast %%zmm5,%%zmm1,%%zmm1\n\tvaesenclast %%zmm6,%%zmm2,%%zmm2\n\t" \
    "vaesenclast %%zmm7,%%zmm3,%%zmm3\n\t"                                                                         \
    "vmovdqu64 %%zmm0,0(%1)\n\tvmovdqu64 %%zmm1,64(%1)\n\tvmovdqu64 %%zmm2,128(%1)\n\tvmovdqu64 %%zmm3,192(%1)\n\t" \
    "add $256,%0\n\tadd $256,%1\n\tdec %2\n\tjnz 1b\n\t"
#define STREAM_CLOB                                                                                                  \
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",         \
        "xmm13", "xmm14", "xmm15", "xmm20", "xmm21", "xmm22", "xmm23", "memory"

static __attribute__((target("avx512f"), noinline)) void stream_pass(const unsigned char *in, unsigned char *out,
                                                                    const unsigned char *tab, long passes, int full)
{
    if (full)
        __asm__ volatile(STREAM_PASS(STERN("%%zmm20"), STERN("%%zmm22") STERN1)
                         : "+r"(in), "+r"(out), "+r"(passes)
                         : "r"(tab)
                         : STREAM_CLOB);
    else
        __asm__ volatile(STREAM_PASS("", "") : "+r"(in), "+r"(out), "+r"(passes) : "r"(tab) : STREAM_CLOB);
}

/* Cycles per pass over 16 KiB, input and output at the given offsets
 * from a line (the buffers 64-byte aligned, 68 KiB apart, all in L1).
 * The rows take turns, 30 rounds of 200 walks each, best round per row:
 * a drift of the clock or a neighbour's load then moves every row alike,
 * and the last column, each row over the aligned row of its mix, is the
 * figure to read. */
static void measure_streams(double ghz)
{
    static unsigned char buf[3 * 65536] __attribute__((aligned(4096)));
    static const int offs[][2] = { { 0, 0 }, { 48, 0 }, { 0, 48 }, { 16, 16 }, { 32, 0 }, { 0, 32 } };
    enum { NOFF = sizeof offs / sizeof offs[0] };
    double best[2][NOFF];
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < NOFF; i++) best[f][i] = 1e30;
    for (int rep = 0; rep < 30; rep++)
        for (int f = 0; f < 2; f++)
            for (int i = 0; i < NOFF; i++) {
                const unsigned char *in = buf + offs[i][0];
                unsigned char *out = buf + 65536 + 4096 + offs[i][1];
                double t0 = now_ns();
                for (int w = 0; w < 200; w++) stream_pass(in, out, buf + 2 * 65536, 64, f == 0);
                double t = now_ns() - t0;
                if (t < best[f][i]) best[f][i] = t;
            }
    printf("# streams: a pass's mix over 16 KiB in and out (64 passes), cycles per pass, and over the aligned row\n");
    for (int f = 0; f < 2; f++)
        for (int i = 0; i < NOFF; i++)
            printf("%s, in +%2d out +%2d bytes past a line %6.1f %5.3fx\n", f == 0 ? "76 operations" : "66 operations",
                   offs[i][0], offs[i][1], best[f][i] / (200 * 64) * ghz, best[f][i] / best[f][0]);
}

/* AVX-512F (CPUID.7.0:EBX bit 16), VAES and VPCLMULQDQ (ECX bits 9 and
 * 10), and the OS saving the ZMM state (XCR0 bits 1, 2 and 5..7). */
static int have_vaes512(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return 0;   /* OSXSAVE */
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    if ((lo & 0xe6) != 0xe6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b & (1u << 16)) && (c & (1u << 9)) && (c & (1u << 10));
}

/* An XTS pass of aes-vaes-avx512 (src/aes/aes_vaes512.c, vaes512_xts_body)
 * for AES-128: eight states (zmm0..7) with their tweaks (zmm8..15), each
 * loaded from %0 and whitened, nine rounds and the last one, and each
 * output XORed with its tweak and stored to %1. XTW(t, a, c) advances
 * the tweaks in t by x^32 with scratch a and c (xts_mul_x32: two byte
 * shifts, a carry-less multiply by 0x87 in zmm17, an XOR); the tweak
 * chain runs from one iteration to the next, as in the loop. The rows
 * put the eight updates after the stores, or one after each of rounds
 * 1..8. */
#define XW(j, b, t) "vpxord " #j "*64(%0)," t "," b "\n\tvpxord " b ",%%zmm19," b "\n\t"
#define XWHITEN                                                                                                      \
    XW(0, "%%zmm0", "%%zmm8") XW(1, "%%zmm1", "%%zmm9") XW(2, "%%zmm2", "%%zmm10") XW(3, "%%zmm3", "%%zmm11")       \
        XW(4, "%%zmm4", "%%zmm12") XW(5, "%%zmm5", "%%zmm13") XW(6, "%%zmm6", "%%zmm14") XW(7, "%%zmm7", "%%zmm15")
#define XR1 R4 "vaesenc %%zmm16,%%zmm4,%%zmm4\n\tvaesenc %%zmm16,%%zmm5,%%zmm5\n\t"                                 \
    "vaesenc %%zmm16,%%zmm6,%%zmm6\n\tvaesenc %%zmm16,%%zmm7,%%zmm7\n\t"
#define XL(j, b, t) "vaesenclast %%zmm18," b "," b "\n\tvpxord " t "," b "," b "\n\tvmovdqu64 " b "," #j "*64(%1)\n\t"
#define XLAST                                                                                                        \
    XL(0, "%%zmm0", "%%zmm8") XL(1, "%%zmm1", "%%zmm9") XL(2, "%%zmm2", "%%zmm10") XL(3, "%%zmm3", "%%zmm11")       \
        XL(4, "%%zmm4", "%%zmm12") XL(5, "%%zmm5", "%%zmm13") XL(6, "%%zmm6", "%%zmm14") XL(7, "%%zmm7", "%%zmm15")
#define XTW(t, a, c)                                                                                                 \
    "vpsrldq $12," t "," a "\n\tvpslldq $4," t "," c "\n\tvpclmulqdq $0x00,%%zmm17," a "," a "\n\tvpxord " a "," c \
    "," t "\n\t"
#define XTW0 XTW("%%zmm8", "%%zmm20", "%%zmm21")
#define XTW1 XTW("%%zmm9", "%%zmm22", "%%zmm23")
#define XTW2 XTW("%%zmm10", "%%zmm24", "%%zmm25")
#define XTW3 XTW("%%zmm11", "%%zmm26", "%%zmm27")
#define XTW4 XTW("%%zmm12", "%%zmm20", "%%zmm21")
#define XTW5 XTW("%%zmm13", "%%zmm22", "%%zmm23")
#define XTW6 XTW("%%zmm14", "%%zmm24", "%%zmm25")
#define XTW7 XTW("%%zmm15", "%%zmm26", "%%zmm27")
#define XTS_NONE XWHITEN XR1 XR1 XR1 XR1 XR1 XR1 XR1 XR1 XR1 XLAST
#define XTS_AFTER XTS_NONE XTW0 XTW1 XTW2 XTW3 XTW4 XTW5 XTW6 XTW7
#define XTS_BETWEEN XWHITEN XR1 XTW0 XR1 XTW1 XR1 XTW2 XR1 XTW3 XR1 XTW4 XR1 XTW5 XR1 XTW6 XR1 XTW7 XR1 XLAST

/* Compiled for AVX-512 (the clobber list names zmm16..23), called only
 * after main has checked the CPU. */
static __attribute__((target("avx512f"), noinline)) void measure_all(double ghz)
{
    static unsigned char mem[2048] __attribute__((aligned(64)));
    printf("# effective clock %.2f GHz; cycles per loop iteration (best of 30 x %d)\n", ghz, ITERS);
    printf("# throughput: independent instructions\n");
    MEASURE("44 VAESENC zmm (4 chains x 11)", R11);
    MEASURE("12 VPCLMULQDQ zmm", C12);
    MEASURE("12 VPCLMULQDQ ymm", CY4 CY4 CY4);
    MEASURE("44 VAESENC + 12 VPCLMULQDQ zmm", R11 C12);
    MEASURE("44 VAESENC + 14 VPCLMULQDQ zmm", R11 C12 C2);
    MEASURE("44 VAESENC + 16 VPCLMULQDQ zmm", R11 C12 C4);
    MEASURE("44 VAESENC + 24 VPXORD zmm", R11 X8 X8 X8);
    MEASURE("44 VAESENC + 8 VPSHUFB zmm", R11 SB4 SB4);
    MEASURE("44 VAESENC + 11 VBROADCASTI32X4 zmm from memory", R11 BC11);
    MEASURE("44 VAESENC + 8 loads + 4 stores zmm", R11 LD8 ST4);
    MEASURE("GCM pass mix: 36 VAESENC, 14 CLMUL, 13 VPSHUFD, 28 XOR", PASS_MIX);
    MEASURE("two pass mixes on eight AES states", PASS_MIX8);
    printf("# a pass's AES and products (mix A), then one kind of operation added\n");
    MEASURE("mix A: 36 VAESENC + 14 VPCLMULQDQ zmm", MIX_A(""));
    MEASURE("A, the products' keys as memory operands", MIX_AM);
    MEASURE("A + 12 VPXORD zmm", MIX_A(X("%%zmm8") X("%%zmm9") X("%%zmm10")));
    MEASURE("A + 24 VPXORD zmm", MIX_A(X6));
    MEASURE("A + 24 VPTERNLOGD zmm", MIX_A(T6));
    MEASURE("A + 24 VPADDD zmm", MIX_A(P6));
    MEASURE("A + 24 VPXORD ymm", MIX_A(XY6));
    MEASURE("A + 12 VPSHUFD zmm", MIX_A(SD3));
    MEASURE("A + 16 VPSHUFB zmm", MIX_A(SB4));
    MEASURE("A + 16 VPERMT2Q zmm", MIX_A("vpermt2q %%zmm21,%%zmm22,%%zmm8\n\tvpermt2q %%zmm21,%%zmm22,%%zmm9\n\tvpermt2q %%zmm21,%%zmm22,%%zmm10\n\tvpermt2q %%zmm21,%%zmm22,%%zmm11\n\t"));
    MEASURE("A + 16 VSHUFI64X2 zmm", MIX_A("vshufi64x2 $0x44,%%zmm21,%%zmm22,%%zmm8\n\tvshufi64x2 $0x44,%%zmm21,%%zmm22,%%zmm9\n\tvshufi64x2 $0x44,%%zmm21,%%zmm22,%%zmm10\n\tvshufi64x2 $0x44,%%zmm21,%%zmm22,%%zmm11\n\t"));
    MEASURE("A + 16 VPUNPCKLQDQ zmm", MIX_A("vpunpcklqdq %%zmm21,%%zmm22,%%zmm8\n\tvpunpcklqdq %%zmm21,%%zmm22,%%zmm9\n\tvpunpcklqdq %%zmm21,%%zmm22,%%zmm10\n\tvpunpcklqdq %%zmm21,%%zmm22,%%zmm11\n\t"));
    MEASURE("A + 8 loads, 4 stores, 12 broadcasts", MIX_A(LD("%%zmm8", "0") LD("%%zmm9", "64") ST("0") BC("%%zmm10") BC("%%zmm11") BC("%%zmm12")));
    MEASURE("36 VAESENC + 24 VPXORD zmm (no products)", INIT4 R4 X6 R4 X6 R4 X6 R4 X6 R4 R4 R4 R4 R4);
    printf("# an XTS pass of eight registers (AES-128), loads and stores included\n");
    MEASURE("XTS pass, no tweak updates", XTS_NONE);
    MEASURE("XTS pass, tweak updates after the stores", XTS_AFTER);
    MEASURE("XTS pass, tweak updates between the rounds", XTS_BETWEEN);
    printf("# latency: dependent chains of 10\n");
    MEASURE("10 VAESENC zmm, each on the last",
            "vaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm0,%%zmm0\n\t"
            "vaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm0,%%zmm0\n\t"
            "vaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm0,%%zmm0\n\tvaesenc %%zmm16,%%zmm0,%%zmm0\n\t"
            "vaesenc %%zmm16,%%zmm0,%%zmm0\n\t");
    MEASURE("10 VPCLMULQDQ zmm, each on the last",
            "vpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\tvpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\t"
            "vpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\tvpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\t"
            "vpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\tvpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\t"
            "vpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\tvpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\t"
            "vpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\tvpclmulqdq $0x11,%%zmm16,%%zmm0,%%zmm0\n\t");
}

int main(void)
{
    if (!have_vaes512()) {
        printf("x86_vaes_pipes: this CPU lacks AVX-512F, VAES or VPCLMULQDQ; nothing to measure\n");
        return 0;
    }
    const double ghz = effective_ghz();
    measure_all(ghz);
    measure_streams(ghz);
    return 0;
}

#else
int main(void)
{
    printf("x86_vaes_pipes: x86-64 only; nothing to measure\n");
    return 0;
}
#endif
