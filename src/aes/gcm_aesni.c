/*
 * gcm-aes-aesni: AES-NI and PCLMULQDQ stitched, legacy SSE encoding, for
 * cores without AVX (Westmere). Above the gcm_base(ctr(aes-aesni),
 * ghash-pclmul) template (400).
 * The loop and its reasoning are in gcm_aesni_core.h.
 */
#include "aes/gcm_aesni_core.h"

GCM_AESNI_OPS(ops, gcm_aesni, "aes,pclmul,ssse3,sse4.1")

const struct rijn_desc rijn_gcm_aesni_desc = {
    .alg = "gcm(aes)",
    .name = "gcm-aes-aesni",
    .priority = 450,
    .cpu = RIJN_CPU_X86_64,
    .ct = true,
    .kind = RIJN_KIND_GCM,
    .gcm = &ops,
};
