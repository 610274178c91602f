/* SPDX-License-Identifier: MIT */
/* ghash-neon: 64x64 products from 8x8 PMULL (see mca.h). */
#include "mca.h"
#include "gf128/ghash_neon.c"

MCA_KERNEL mca_ghash_neon(const void *hkey, uint8_t *y, const uint8_t *in, size_t n) { ghash_neon(hkey, y, in, n); }
