/* SPDX-License-Identifier: MIT */
/* aes-ct64: bit-sliced AES on 64-bit integer words, plain C (see mca.h). */
#include "mca.h"
#include "aes/aes_ct64.c"

MCA_KERNEL mca_ct64_ecb(const ct64_ks *kin, uint8_t *out, const uint8_t *in, size_t n)
{
    ct64_encrypt(kin, out, in, n);
}
