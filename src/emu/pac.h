/* SPDX-License-Identifier: MIT */
/*
 * The pointer-authentication kind, "pac" (include/rijn/pac.h): what its
 * drivers (src/emu/pac_*.c) share. A driver's descriptor has .ops pointing
 * at a struct rijn_pac_ops whose .driver is the descriptor's name; the
 * kind's known-answer test and the public entry points are in
 * src/emu/pac.c.
 *
 * Every driver implements all six functions. Where it accelerates only
 * part (SSSE3 has no AES, AES-NI no QARMA), it reuses the best code its
 * CPU requirements allow, through the hidden functions declared here: the
 * portable constant-time code of pac_ct64.c and the SSSE3 QARMA of
 * pac_ssse3.c.
 */
#ifndef RIJN_EMU_PAC_H
#define RIJN_EMU_PAC_H

#include "core/driver.h"
#include "rijn/pac.h"

extern const struct rijn_kind rijn_kind_pac;

/* The Arm ARM's ComputePAC constants: RC[0..4] (digits of pi, as in the
 * QARMA paper) and Alpha. */
#define RIJN_PAC_RC1 0x13198A2E03707344ull
#define RIJN_PAC_RC2 0xA4093822299F31D0ull
#define RIJN_PAC_RC3 0x082EFA98EC4E6C89ull
#define RIJN_PAC_RC4 0x452821E638D01377ull
#define RIJN_PAC_ALPHA 0xC0AC29B7C97C50DDull

/* modk0 = key0<0> : key0<63:2> : (key0<63> EOR key0<1>) (ComputePAC),
 * the QARMA paper's orthomorphism o(w0). */
static inline uint64_t rijn_pac_modk0(uint64_t key0)
{
    return (key0 << 63) | ((key0 >> 2) << 1) | (((key0 >> 63) ^ (key0 >> 1)) & 1);
}

/* The portable functions (pac_ct64.c), for drivers that accelerate only
 * part of the kind. */
RIJN_HIDDEN uint64_t rijn_pac_ct64_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_HIDDEN void rijn_pac_ct64_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                         uint64_t key0, uint64_t key1, size_t n);

/* The SSSE3 QARMA (pac_ssse3.c), for the AES-NI driver. Defined on x86-64
 * builds only. */
RIJN_HIDDEN uint64_t rijn_pac_ssse3_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_HIDDEN uint64_t rijn_pac_ssse3_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_HIDDEN void rijn_pac_ssse3_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                             uint64_t key0, uint64_t key1, size_t n);
RIJN_HIDDEN void rijn_pac_ssse3_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                             uint64_t key0, uint64_t key1, size_t n);
/* The AES-NI PAC (pac_aesni.c), for the AVX2 driver. */
RIJN_HIDDEN uint64_t rijn_pac_aesni_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_HIDDEN void rijn_pac_aesni_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                          uint64_t key0, uint64_t key1, size_t n);
/* The NEON QARMA (pac_neon.c), for the Crypto Extensions driver. */
RIJN_HIDDEN uint64_t rijn_pac_neon_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_HIDDEN uint64_t rijn_pac_neon_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_HIDDEN void rijn_pac_neon_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                            uint64_t key0, uint64_t key1, size_t n);
RIJN_HIDDEN void rijn_pac_neon_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier,
                                            uint64_t key0, uint64_t key1, size_t n);

#endif
