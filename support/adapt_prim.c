/* SPDX-License-Identifier: MIT */
/*
 * The primitive kinds' adapters (support/adapt_prim.h): one entry per
 * kind, each in its own file (support/prim_<kind>.c).
 */
#include "adapt_prim.h"

#include <string.h>

static const struct rs_prim *const prims[] = { &rs_prim_aes_round, &rs_prim_clmul, &rs_prim_pac, &rs_prim_x25519 };

const struct rs_prim *rs_prim_find(const char *alg)
{
    for (size_t i = 0; i < sizeof prims / sizeof prims[0]; i++)
        if (strcmp(prims[i]->alg, alg) == 0) return prims[i];
    return NULL;
}

const struct rs_prim *rs_prim_get(size_t i)
{
    return i < sizeof prims / sizeof prims[0] ? prims[i] : NULL;
}
