/* SPDX-License-Identifier: MIT */
/* aes-neon: TBL S-box, one block per register (see mca.h). */
#include "mca.h"
#include "aes/aes_neon.c"

MCA_KERNEL mca_neon_cbc_enc(const struct neon_ks *k, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n) { rijn_neon_cbc_encrypt(k->rk, 10, iv, out, in, n); }
MCA_KERNEL mca_neon_ecb_dec(const struct neon_ks *kin, uint8_t *out, const uint8_t *in, size_t n)
{
    struct neon_ks k = *kin;
    k.nr = 10;
    neon_decrypt(&k, out, in, n);
}
