/* SPDX-License-Identifier: MIT */
/* gcm-aes-ce: the stitched bulk loop of gcm_ce.c (see mca.h). */
#include "mca.h"
#include "aes/gcm_ce.c"

MCA_KERNEL mca_gcm_ce_enc(const struct ce_ks *kin, const void *hkey, uint8_t *ctr, uint8_t *y, uint8_t *out, const uint8_t *in, size_t n)
{
    struct ce_ks k = *kin;
    k.nr = 10;
    gcm_ce_crypt(&k, hkey, ctr, y, out, in, n, true);
}
MCA_KERNEL mca_gcm_ce_dec(const struct ce_ks *kin, const void *hkey, uint8_t *ctr, uint8_t *y, uint8_t *out, const uint8_t *in, size_t n)
{
    struct ce_ks k = *kin;
    k.nr = 10;
    gcm_ce_crypt(&k, hkey, ctr, y, out, in, n, false);
}
