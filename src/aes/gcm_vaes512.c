/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-vaes-avx512: GCM with VAES and VPCLMULQDQ on 512-bit registers,
 * the bulk loop's GHASH by Karatsuba, three VPCLMULQDQ per four blocks
 * (the loop and why: gcm_vaes512_core.h). For every CPU with VAES and
 * AVX-512; gcm-aes-vaes-avx512-sb ranks above it where VPCLMULQDQ issues
 * every cycle.
 */
#include "aes/gcm_vaes512_core.h"

GCM_VAES512_OPS_DEF(gcm_vaes512_ops, gcm_vaes512, false)

/* Above gcm-aes-vaes (650) and above its own template instance. */
const struct rijn_desc rijn_gcm_vaes512_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-vaes-avx512",
    .priority = 750,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_AVX512_REQ | RIJN_CPU_VAES_REQ | RIJN_CPU_VPCLMUL_REQ,
    .ct = true,
    .ops = GCM_VAES512_OPS_PTR(gcm_vaes512_ops),
    .part = { &rijn_aes_vaes512_desc, &rijn_ghash_pclmul_desc },
};
