/* SPDX-License-Identifier: MIT */
/* Shared declarations of the rijn CLI. */
#ifndef RIJN_CLI_H
#define RIJN_CLI_H

#include <stddef.h>

#include "adapt.h"

int cmd_speed(int argc, char **argv);

/* The algorithms that the registry offers and that have an adapter
 * (support/adapt.h), each once: in the order of the registry's templates
 * (drivers.def lists one per mode), then any algorithm that only
 * dedicated drivers implement. Up to cap into algs; returns the count. */
size_t cli_algs(const struct rs_alg **algs, size_t cap);

#endif
