/* SPDX-License-Identifier: MIT */
/* ghash-pmull (see mca.h). */
#include "mca.h"
#include "gf128/ghash_pmull.c"

MCA_KERNEL mca_ghash_pmull(const void *hkey, uint8_t *y, const uint8_t *in, size_t n) { ghash_pmull(hkey, y, in, n); }
