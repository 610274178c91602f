/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-aesni-avx: the gcm-aes-aesni loop compiled for AVX. VEX encoding
 * saves the register copies of two-operand SSE (about 7% at 16 KiB on the
 * Cascade Lake we measure on), so it ranks above gcm-aes-aesni (450), and
 * above gcm_base(ctr(aes-vaes),ghash-pclmul) (500): stitching beats VAES
 * counters with a separate GHASH pass where VPCLMULQDQ is missing.
 * The loop and its reasoning are in gcm_aesni_core.h.
 */
#include "aes/gcm_aesni_core.h"
#include "modes/gcm.h"

GCM_AESNI_OPS(gcm_aesni_avx_ops, gcm_aesni_avx, "avx,aes,pclmul")

const struct rijn_desc rijn_gcm_aesni_avx_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-aesni-avx",
    .priority = 510,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX,
    .ct = true,
    .ops = GCM_AESNI_OPS_PTR(gcm_aesni_avx_ops),
    .part = { &rijn_aes_aesni_desc, &rijn_ghash_pclmul_desc },
};
