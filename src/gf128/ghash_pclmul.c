/* SPDX-License-Identifier: MIT */
/*
 * ghash-pclmul: GHASH (SP 800-38D §6.4) with PCLMULQDQ, eight blocks per
 * reduction. The field arithmetic and its derivation are in
 * ghash_pclmul_core.h.
 */
#include "gf128/ghash_pclmul_core.h"

#ifdef RIJN_X86
static AESNI_TARGET void ghash_pclmul_init(void *hkey, const uint8_t h[16])
{
    gf_init(hkey, h);
}

static AESNI_TARGET void ghash_pclmul(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n)
{
    __m128i v = aesni_bswap(_mm_loadu_si128((const __m128i *)y));
    v = gf_blocks(hkey, v, in, n);
    _mm_storeu_si128((__m128i *)y, aesni_bswap(v));
}

static const struct rijn_ghash_ops ghash_pclmul_ops = { .init = ghash_pclmul_init, .ghash = ghash_pclmul };
#define GHASH_PCLMUL_OPS &ghash_pclmul_ops
#else
#define GHASH_PCLMUL_OPS NULL
#endif

const struct rijn_desc rijn_ghash_pclmul_desc = {
    .kind = &rijn_kind_ghash,
    .name = "ghash-pclmul",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_PCLMUL | RIJN_CPU_SSSE3 | RIJN_CPU_SSE41,
    .ct = true,
    .ops = GHASH_PCLMUL_OPS,
};
