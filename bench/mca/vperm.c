/* SPDX-License-Identifier: MIT */
/* aes-vperm's CBC encryption, the serial chain it is selected for: PSHUFB
 * on x86-64, TBL on AArch64, two VTBLs per shuffle on 32-bit ARM (see
 * mca.h). */
#include "mca.h"
#include "aes/aes_vperm.c"

MCA_KERNEL mca_vperm_cbc_enc(const struct vperm_enc_ks *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    rijn_vperm_cbc_encrypt(k, RIJN_MCA_NR, iv, out, in, n);
}
