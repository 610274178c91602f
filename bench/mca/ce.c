/* SPDX-License-Identifier: MIT */
/* aes-ce: the mode loops of aes_ce.c (see mca.h). */
#include "mca.h"
#include "aes/aes_ce.c"

#define KEY10 struct ce_ks k = *kin; k.nr = 10

MCA_KERNEL mca_ce_ecb(const struct ce_ks *kin, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ce_encrypt(&k, out, in, n); }
MCA_KERNEL mca_ce_ctr(const struct ce_ks *kin, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ce_ctr(&k, ctr, out, in, n, false); }
MCA_KERNEL mca_ce_cbc_enc(const struct ce_ks *kin, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ce_cbc_encrypt(&k, iv, out, in, n); }
MCA_KERNEL mca_ce_cbc_dec(const struct ce_ks *kin, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ce_cbc_decrypt(&k, iv, out, in, n); }
MCA_KERNEL mca_ce_xts(const struct ce_ks *kin, uint8_t *tw, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ce_xts(&k, tw, out, in, n, true); }
MCA_KERNEL mca_ce_ccm(const struct ce_ks *kin, uint8_t *mac, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t n) { KEY10; ce_ccm(&k, mac, ctr, out, in, n, true); }
