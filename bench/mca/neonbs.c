/* SPDX-License-Identifier: MIT */
/* aes-neonbs: bit-sliced, eight blocks (see mca.h). */
#include "mca.h"
#include "aes/aes_neonbs.c"

#define KEY10 struct neonbs_ks k = *kin

MCA_KERNEL mca_neonbs_ctr(const struct neonbs_ks *kin, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) { KEY10; neonbs_ctr(&k, ctr, out, in, n, false); }
