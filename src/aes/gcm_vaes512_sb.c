/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-vaes-avx512-sb: gcm-aes-vaes-avx512 with the bulk loop's GHASH
 * by the schoolbook, four VPCLMULQDQ per four blocks and no Karatsuba
 * shuffle or XORs, for cores where VPCLMULQDQ issues every cycle (Intel
 * since Ice Lake: CPU feature fastclmul). On an Emerald Rapids Xeon it
 * measured 3% to 8% faster than Karatsuba at 16 and 64 KiB
 * (docs/performance.md); on AMD's Zen 5, where VPCLMULQDQ issues every
 * other cycle, the fourth product would cost more than it saves. The loop:
 * gcm_vaes512_core.h.
 */
#include "aes/gcm_vaes512_core.h"

GCM_VAES512_OPS_DEF(gcm_vaes512_sb_ops, gcm_vaes512_sb, true)

/* Above gcm-aes-vaes-avx512 (750), on the CPUs that have fastclmul. */
const struct rijn_desc rijn_gcm_vaes512_sb_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-vaes-avx512-sb",
    .priority = 760,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_AVX512_REQ | RIJN_CPU_VAES_REQ | RIJN_CPU_VPCLMUL_REQ |
           RIJN_CPU_FASTCLMUL_REQ,
    .ct = true,
    .ops = GCM_VAES512_OPS_PTR(gcm_vaes512_sb_ops),
    .part = { &rijn_aes_vaes512_desc, &rijn_ghash_pclmul_desc },
};
