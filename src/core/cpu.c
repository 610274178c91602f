/* SPDX-License-Identifier: MIT */
/*
 * CPU features: detected once per process (src/core/cpu_<arch>.c), then
 * masked by the RIJN_CPU environment variable so tests can force every tier.
 *
 * RIJN_CPU syntax: a comma-separated list of tokens, applied left to right:
 *   -NAME   mask feature NAME off (e.g. -aesni, -vaes, -neon)
 *   none    mask every feature off (portable drivers only)
 * Unknown names are reported once on stderr and ignored. Features can only
 * be removed, never added: a driver can never run on a CPU that lacks it.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpu.h"
#include "rijn/registry.h"

static const struct { const char *name; uint32_t bit; } feature_names[] = {
    { "x86_64", RIJN_CPU_X86_64 }, { "aarch64", RIJN_CPU_AARCH64 },
    { "sse2", RIJN_CPU_SSE2 },     { "ssse3", RIJN_CPU_SSSE3 }, { "sse4.1", RIJN_CPU_SSE41 },
    { "aesni", RIJN_CPU_AESNI },   { "pclmul", RIJN_CPU_PCLMUL }, { "avx", RIJN_CPU_AVX },
    { "avx2", RIJN_CPU_AVX2 },     { "vaes", RIJN_CPU_VAES },   { "vpclmul", RIJN_CPU_VPCLMUL },
    { "avx512", RIJN_CPU_AVX512 }, { "fastclmul", RIJN_CPU_FASTCLMUL },
    { "ifma", RIJN_CPU_IFMA },     { "gfni", RIJN_CPU_GFNI },
    { "bmi2", RIJN_CPU_BMI2 },     { "adx", RIJN_CPU_ADX },     { "neon", RIJN_CPU_NEON },   { "aes", RIJN_CPU_ARM_AES },
    { "pmull", RIJN_CPU_ARM_PMULL },
};

static uint32_t cpu_mask;
static char cpu_names_buf[256];
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;

static void apply_override(uint32_t *mask, const char *spec)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *save = NULL, *tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        if (strcmp(tok, "none") == 0) {
            *mask = 0;
            continue;
        }
        const char *name = tok[0] == '-' ? tok + 1 : NULL;
        uint32_t bit = 0;
        for (size_t i = 0; name && i < sizeof feature_names / sizeof feature_names[0]; i++)
            if (strcmp(name, feature_names[i].name) == 0) bit = feature_names[i].bit;
        if (bit)
            *mask &= ~bit;
        else
            fprintf(stderr, "rijn: RIJN_CPU: ignoring unknown token '%s' (use -NAME or none)\n", tok);
    }
}

static void cpu_init(void)
{
    uint32_t m = rijn_cpu_detect_arch();
    const char *env = getenv("RIJN_CPU");
    if (env && *env) apply_override(&m, env);
    cpu_mask = m;
    rijn_cpu_names(m, cpu_names_buf, sizeof cpu_names_buf);
}

uint32_t rijn_cpu_get(void)
{
    pthread_once(&cpu_once, cpu_init);
    return cpu_mask;
}

const char *rijn_cpu_names(uint32_t mask, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (size_t i = 0; i < sizeof feature_names / sizeof feature_names[0]; i++)
        if (mask & feature_names[i].bit)
            len += (size_t)snprintf(buf + len, len < cap ? cap - len : 0, "%s%s", len ? "," : "",
                                    feature_names[i].name);
    return buf;
}

const char *rijn_cpu_features(void)
{
    pthread_once(&cpu_once, cpu_init);
    return cpu_names_buf;
}

static char all_names[256];
static void all_names_init(void)
{
    rijn_cpu_names(0xffffffffu, all_names, sizeof all_names);
}

const char *rijn_cpu_feature_names(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, all_names_init);
    return all_names;
}
