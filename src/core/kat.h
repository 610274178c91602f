/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the known-answer self-tests that kinds and templates carry
 * (run once per instance at first selection, as the kernel's testmgr does
 * at registration). The vectors are written as lowercase hex.
 */
#ifndef RIJN_KAT_H
#define RIJN_KAT_H

#include <stddef.h>
#include <stdint.h>

#include "core/tooling.h"

/* Decode lowercase hex into out; returns the byte count. */
RIJN_HIDDEN size_t rijn_unhex(uint8_t *out, const char *hex);
/* 1 if got starts with the bytes that hex encodes (at most 64). */
RIJN_HIDDEN int rijn_eq_hex(const uint8_t *got, const char *hex);

#endif
