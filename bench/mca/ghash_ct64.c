/* SPDX-License-Identifier: MIT */
/* ghash-ct64: GHASH with integer multiplies, plain C (see mca.h). */
#include "mca.h"
#include "gf128/ghash_ct64.c"

MCA_KERNEL mca_ghash_ct64(const void *hkey, uint8_t *y, const uint8_t *in, size_t n) { ghash_ct64(hkey, y, in, n); }
