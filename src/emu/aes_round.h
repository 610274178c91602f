/* SPDX-License-Identifier: MIT */
/*
 * The "aes-round" primitive kind (include/rijn/aes_round.h): its drivers
 * (src/emu/aes_round_<impl>.c) fill a struct rijn_aes_round_ops, the
 * public table itself, and point their descriptor's ops at it. The kind
 * (known-answer test, resolution, the public functions) is aes_round.c.
 */
#ifndef RIJN_EMU_AES_ROUND_H
#define RIJN_EMU_AES_ROUND_H

#include <string.h>

#include "core/driver.h"
#include "rijn/aes_round.h"

extern const struct rijn_kind rijn_kind_aes_round;

/* Byte reversal of a state (the be flag): portable, for the drivers
 * without a vector shuffle. */
static inline void aes_round_rev(uint8_t out[16], const uint8_t in[16])
{
    for (int i = 0; i < 16; i++) out[i] = in[15 - i];
}

#endif
