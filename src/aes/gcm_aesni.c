/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-aesni: AES-NI and PCLMULQDQ stitched, legacy SSE encoding, for
 * cores without AVX (Westmere). Above the gcm_base(ctr(aes-aesni),
 * ghash-pclmul) template (400).
 * The loop and its reasoning are in gcm_aesni_core.h.
 */
#include "aes/gcm_aesni_core.h"
#include "modes/gcm.h"

GCM_AESNI_OPS(gcm_aesni_ops, gcm_aesni, "aes,pclmul,ssse3,sse4.1")

const struct rijn_desc rijn_gcm_aesni_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-aesni",
    .priority = 450,
    .cpu = RIJN_CPU_X86_64,
    .ct = true,
    .ops = GCM_AESNI_OPS_PTR(gcm_aesni_ops),
    .part = { &rijn_aes_aesni_desc, &rijn_ghash_pclmul_desc },
};
