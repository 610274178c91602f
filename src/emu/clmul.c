/* SPDX-License-Identifier: MIT */
/*
 * The clmul kind: its known-answer test, driver choice without the
 * registry (src/core/prim.h), and the public entry points of
 * include/rijn/clmul.h.
 *
 * The free functions call through `table`, which starts out holding
 * resolver stubs. The first call, from any thread, picks the driver once
 * and stores its functions into the table; from then on every call is
 * one load and one indirect branch. Two threads racing through the stubs
 * both pick the same driver (the choice is deterministic and the
 * self-test results are cached atomically) and store the same pointers.
 * The stores and loads are relaxed atomics: the pointers lead to code,
 * and the drivers keep no state that would need ordering. No constructor,
 * no thread-local variable, no dlopen: a static binary links this file,
 * core/prim.c, core/cpu*.c and the clmul drivers.
 */
#include <stdlib.h>

#include "core/prim.h"
#include "emu/clmul_kind.h"

/* ------------------------------------------------------- self-test -- */

/* Known answers. The first vector is the PCLMULQDQ example of Gueron and
 * Kounavis, "Intel Carry-Less Multiplication Instruction and its Usage
 * for Computing the GCM Mode" (rev. 2.02, 2014): xmm1 =
 * 7b5b546573745665:63746f725d53475d, xmm2 = 4869285368617929:
 * 5b477565726f6e5d; imm8 0x00 gives 1d4d84c85c3440c0929633d5d36f0451 and
 * 0x11 gives 1d1e1f2c592e7c45d66ee03e410fd4ed. The other forms' answers
 * on the same operands were computed with a bit-by-bit Python model of
 * the definitions in include/rijn/clmul.h, independent of this code; all-ones
 * operands give 0x55... in every form (each output bit k < w counts k + 1
 * terms; only the even k, bits 0, 2, ... have odd counts). */
static const struct {
    uint64_t a, b;
    uint64_t lo, hi, c32, c8x8, c8x4e, c8x4o, c8x4p, c16e, c16o;
} clmul_kat[] = {
    { 0x63746f725d53475dull, 0x5b477565726f6e5dull, 0x929633d5d36f0451ull, 0x1d4d84c85c3440c0ull,
      0x198eb296d36f0451ull, 0x4d4c037a8a818a51ull, 0x1c4c137a1d811151ull, 0x1d4d1103198a1a8aull,
      0x198a1d811a8a1151ull, 0x1100ba7a1a830451ull, 0x1d4d894c198eb081ull },
    { 0x7b5b546573745665ull, 0x4869285368617929ull, 0xd66ee03e410fd4edull, 0x1d1e1f2c592e7c45ull,
      0x113aeb6c410fd4edull, 0x182320bf38f4c6edull, 0x1f231fbf13f40fedull, 0x1d180820113818c6ull,
      0x113813f418c60fedull, 0x083f2bbf18ded4edull, 0x1d1e0423113ae0f4ull },
    { ~0ull, ~0ull, 0x5555555555555555ull, 0x5555555555555555ull, 0x5555555555555555ull,
      0x5555555555555555ull, 0x5555555555555555ull, 0x5555555555555555ull, 0x5555555555555555ull,
      0x5555555555555555ull, 0x5555555555555555ull },
};

static int clmul_selftest(const struct rijn_inst *in)
{
    const struct rijn_clmul_ops *o = in->drv->ops;
    int ok = 1;
    for (size_t i = 0; i < sizeof clmul_kat / sizeof clmul_kat[0]; i++) {
        uint64_t a = clmul_kat[i].a, b = clmul_kat[i].b;
        rijn_clmul128 p = o->clmul_64(a, b);
        ok &= p.lo == clmul_kat[i].lo && p.hi == clmul_kat[i].hi;
        ok &= o->clmul_32((uint32_t)a, (uint32_t)b) == clmul_kat[i].c32;
        ok &= o->clmul_8x8_low(a, b) == clmul_kat[i].c8x8;
        ok &= o->clmul_8x4_even(a, b) == clmul_kat[i].c8x4e;
        ok &= o->clmul_8x4_odd(a, b) == clmul_kat[i].c8x4o;
        ok &= o->clmul_8x4_packed((uint32_t)a, (uint32_t)b) == clmul_kat[i].c8x4p;
        ok &= o->clmul_16x2_even(a, b) == clmul_kat[i].c16e;
        ok &= o->clmul_16x2_odd(a, b) == clmul_kat[i].c16o;
        /* Commutativity, with the operands swapped (a driver that reads
         * one operand's lanes from the other would pass the first test
         * only where they agree). */
        p = o->clmul_64(b, a);
        ok &= p.lo == clmul_kat[i].lo && p.hi == clmul_kat[i].hi;
        ok &= o->clmul_8x4_odd(b, a) == clmul_kat[i].c8x4o;
        ok &= o->clmul_16x2_odd(b, a) == clmul_kat[i].c16o;
    }
    return ok ? 0 : -1;
}

const struct rijn_kind rijn_kind_clmul = {
    .alg = "clmul",
    .selftest = clmul_selftest,
};

/* ------------------------------------------------------ driver choice -- */

#define RIJN_PRIM_KIND_clmul RIJN_PRIM_MATCH
#include "core/prim_list.h"

int rijn_clmul_get(const char *driver, const struct rijn_clmul_ops **out)
{
    if (!out) return RIJN_ERR_NULL;
    const struct rijn_desc *d;
    int r = rijn_prim_pick(prim_list, prim_status, PRIM_N, driver, &d);
    if (r == RIJN_OK) *out = d->ops;
    return r;
}

/* ------------------------------------------------- resolved entry points -- */

static rijn_clmul128 stub_64(uint64_t a, uint64_t b);
static uint64_t stub_32(uint32_t a, uint32_t b);
static uint64_t stub_8x8_low(uint64_t a, uint64_t b);
static uint64_t stub_8x4_even(uint64_t a, uint64_t b);
static uint64_t stub_8x4_odd(uint64_t a, uint64_t b);
static uint64_t stub_8x4_packed(uint32_t a, uint32_t b);
static uint64_t stub_16x2_even(uint64_t a, uint64_t b);
static uint64_t stub_16x2_odd(uint64_t a, uint64_t b);

static struct rijn_clmul_ops table = {
    .driver = NULL,
    .clmul_64 = stub_64,
    .clmul_32 = stub_32,
    .clmul_8x8_low = stub_8x8_low,
    .clmul_8x4_even = stub_8x4_even,
    .clmul_8x4_odd = stub_8x4_odd,
    .clmul_8x4_packed = stub_8x4_packed,
    .clmul_16x2_even = stub_16x2_even,
    .clmul_16x2_odd = stub_16x2_odd,
};

#define LOAD(f) __atomic_load_n(&table.f, __ATOMIC_RELAXED)
#define STORE(f) __atomic_store_n(&table.f, o->f, __ATOMIC_RELAXED)

static const struct rijn_clmul_ops *resolve(void)
{
    const struct rijn_clmul_ops *o = rijn_prim_resolve(prim_list, prim_status, PRIM_N);
    STORE(clmul_64);
    STORE(clmul_32);
    STORE(clmul_8x8_low);
    STORE(clmul_8x4_even);
    STORE(clmul_8x4_odd);
    STORE(clmul_8x4_packed);
    STORE(clmul_16x2_even);
    STORE(clmul_16x2_odd);
    return o;
}

static rijn_clmul128 stub_64(uint64_t a, uint64_t b) { return resolve()->clmul_64(a, b); }
static uint64_t stub_32(uint32_t a, uint32_t b) { return resolve()->clmul_32(a, b); }
static uint64_t stub_8x8_low(uint64_t a, uint64_t b) { return resolve()->clmul_8x8_low(a, b); }
static uint64_t stub_8x4_even(uint64_t a, uint64_t b) { return resolve()->clmul_8x4_even(a, b); }
static uint64_t stub_8x4_odd(uint64_t a, uint64_t b) { return resolve()->clmul_8x4_odd(a, b); }
static uint64_t stub_8x4_packed(uint32_t a, uint32_t b) { return resolve()->clmul_8x4_packed(a, b); }
static uint64_t stub_16x2_even(uint64_t a, uint64_t b) { return resolve()->clmul_16x2_even(a, b); }
static uint64_t stub_16x2_odd(uint64_t a, uint64_t b) { return resolve()->clmul_16x2_odd(a, b); }

rijn_clmul128 rijn_clmul_64(uint64_t a, uint64_t b) { return LOAD(clmul_64)(a, b); }
uint64_t rijn_clmul_32(uint32_t a, uint32_t b) { return LOAD(clmul_32)(a, b); }
uint64_t rijn_clmul_8x8_low(uint64_t a, uint64_t b) { return LOAD(clmul_8x8_low)(a, b); }
uint64_t rijn_clmul_8x4_even(uint64_t a, uint64_t b) { return LOAD(clmul_8x4_even)(a, b); }
uint64_t rijn_clmul_8x4_odd(uint64_t a, uint64_t b) { return LOAD(clmul_8x4_odd)(a, b); }
uint64_t rijn_clmul_8x4_packed(uint32_t a, uint32_t b) { return LOAD(clmul_8x4_packed)(a, b); }
uint64_t rijn_clmul_16x2_even(uint64_t a, uint64_t b) { return LOAD(clmul_16x2_even)(a, b); }
uint64_t rijn_clmul_16x2_odd(uint64_t a, uint64_t b) { return LOAD(clmul_16x2_odd)(a, b); }
