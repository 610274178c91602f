/* SPDX-License-Identifier: MIT */
/* aes-ct128 built for AArch64: the same bit-sliced code as aes-neonbs in
 * portable vector C, without its TBL byte moves (see mca.h). */
#include "mca.h"
#include "aes/aes_ct128.c"

#define KEY10 ct128_ks k = *kin

MCA_KERNEL mca_ct128_ctr(const ct128_ks *kin, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ct128_ctr(&k, ctr, out, in, n, false); }
