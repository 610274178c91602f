/* SPDX-License-Identifier: MIT */
/*
 * The fixed-base table of src/x25519/curve_core.h: (j + 1) 256^i B for the
 * Ed25519 base point B, i < 32, j < 8, each entry (y + x, y - x, 2dxy) as
 * three canonical 32-byte little-endian values in twelve 64-bit words
 * (word l: bytes 8l .. 8l + 7, least significant first). 24 KiB, shared by
 * every scalar driver. Generated: src/x25519/base_table.c.
 */
#ifndef RIJN_X25519_BASE_TABLE_H
#define RIJN_X25519_BASE_TABLE_H

#include <stdint.h>

#include "core/tooling.h"

RIJN_HIDDEN extern const uint64_t rijn_x25519_base_table[32][8][12];

#endif
