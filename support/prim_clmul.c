/* SPDX-License-Identifier: MIT */
/*
 * The clmul adapter (support/adapt_prim.h): each form of
 * include/rijn/clmul.h for throughput (independent calls on 8 operand
 * pairs in turn) and latency (each call's operand the previous result),
 * 1024 calls per run; through the public functions (rijn_clmul_*), or
 * through a pinned driver's table. The taint test runs every form on
 * secret operands.
 */
#include "adapt_prim.h"

#include <string.h>

typedef struct rijn_clmul_ops cl_ops;
enum { CL_CALLS = 1024 };

static int cl_open(rs_prim_job *j, const char *driver)
{
    const cl_ops *t;
    int r = rijn_clmul_get(driver, &t);
    if (r) return r;
    j->table = driver ? t : NULL;
    j->driver = t->driver;
    for (size_t i = 0; i < sizeof j->scratch; i++) j->scratch[i] = (uint8_t)(i * 73 + 11);
    return 0;
}

static uint64_t cl_word(const rs_prim_job *j, size_t i)
{
    uint64_t v;
    memcpy(&v, j->scratch + 8 * (i & 15), 8);
    return v;
}

/* The result is folded into one word, written to scratch at the end so
 * the calls are not optimised away. Every form's value is widened to 64
 * bits: the latency chain feeds it back as the next first operand. */
#define CL_FORM(name, T, CALL)                                                    \
    static void cl_thr_##name(rs_prim_job *j)                                     \
    {                                                                             \
        const cl_ops *t = j->table;                                               \
        uint64_t acc = 0, a[8], b[8];                                             \
        for (size_t i = 0; i < 8; i++) a[i] = cl_word(j, i), b[i] = cl_word(j, i + 8); \
        for (size_t i = 0; i < CL_CALLS; i++) acc ^= CALL(t, (T)a[i & 7], (T)b[i & 7]); \
        memcpy(j->out, &acc, 8);                                                  \
    }                                                                             \
    static void cl_lat_##name(rs_prim_job *j)                                     \
    {                                                                             \
        const cl_ops *t = j->table;                                               \
        uint64_t x = cl_word(j, 0), b = cl_word(j, 1) | 1;                        \
        for (size_t i = 0; i < CL_CALLS; i++) x = CALL(t, (T)x, (T)b) | 1;       \
        memcpy(j->out, &x, 8);                                                    \
    }

static inline uint64_t cl_fold(rijn_clmul128 p)
{
    return p.lo ^ p.hi;
}
/* One call of each form, through the table t or (t NULL) the public
 * function, widened to 64 bits. */
static inline uint64_t C64(const cl_ops *t, uint64_t a, uint64_t b)
{
    return cl_fold(t ? t->clmul_64(a, b) : rijn_clmul_64(a, b));
}
static inline uint64_t C32(const cl_ops *t, uint32_t a, uint32_t b)
{
    return t ? t->clmul_32(a, b) : rijn_clmul_32(a, b);
}
static inline uint64_t C8x8(const cl_ops *t, uint64_t a, uint64_t b)
{
    return t ? t->clmul_8x8_low(a, b) : rijn_clmul_8x8_low(a, b);
}
static inline uint64_t C8x4e(const cl_ops *t, uint64_t a, uint64_t b)
{
    return t ? t->clmul_8x4_even(a, b) : rijn_clmul_8x4_even(a, b);
}
static inline uint64_t C8x4o(const cl_ops *t, uint64_t a, uint64_t b)
{
    return t ? t->clmul_8x4_odd(a, b) : rijn_clmul_8x4_odd(a, b);
}
static inline uint64_t C8x4p(const cl_ops *t, uint32_t a, uint32_t b)
{
    return t ? t->clmul_8x4_packed(a, b) : rijn_clmul_8x4_packed(a, b);
}
static inline uint64_t C16e(const cl_ops *t, uint64_t a, uint64_t b)
{
    return t ? t->clmul_16x2_even(a, b) : rijn_clmul_16x2_even(a, b);
}
static inline uint64_t C16o(const cl_ops *t, uint64_t a, uint64_t b)
{
    return t ? t->clmul_16x2_odd(a, b) : rijn_clmul_16x2_odd(a, b);
}
CL_FORM(clmul_64, uint64_t, C64)
CL_FORM(clmul_32, uint32_t, C32)
CL_FORM(clmul_8x8_low, uint64_t, C8x8)
CL_FORM(clmul_8x4_even, uint64_t, C8x4e)
CL_FORM(clmul_8x4_odd, uint64_t, C8x4o)
CL_FORM(clmul_8x4_packed, uint32_t, C8x4p)
CL_FORM(clmul_16x2_even, uint64_t, C16e)
CL_FORM(clmul_16x2_odd, uint64_t, C16o)

#define CL_ROWS(name) { #name, "throughput", CL_CALLS, cl_thr_##name }, { #name, "latency", CL_CALLS, cl_lat_##name }
static const struct rs_prim_op cl_bench[] = {
    CL_ROWS(clmul_64),       CL_ROWS(clmul_32),       CL_ROWS(clmul_8x8_low),   CL_ROWS(clmul_8x4_even),
    CL_ROWS(clmul_8x4_odd),  CL_ROWS(clmul_8x4_packed), CL_ROWS(clmul_16x2_even), CL_ROWS(clmul_16x2_odd),
};

/* Every form of driver on operands from the secret bytes. */
static int cl_taint(const char *driver, const uint8_t *secret, uint8_t *out, size_t len)
{
    const cl_ops *o;
    int r = rijn_clmul_get(driver, &o);
    if (r) return r;
    if (len < 64) return RIJN_ERR_LENGTH;
    uint64_t v[8], a, b;
    for (size_t i = 0; i + 16 <= 64; i += 16) {
        memcpy(&a, secret + i, 8);
        memcpy(&b, secret + i + 8, 8);
        rijn_clmul128 p = o->clmul_64(a, b);
        v[0] = p.lo ^ p.hi;
        v[1] = o->clmul_32((uint32_t)a, (uint32_t)b);
        v[2] = o->clmul_8x8_low(a, b);
        v[3] = o->clmul_8x4_even(a, b);
        v[4] = o->clmul_8x4_odd(a, b);
        v[5] = o->clmul_8x4_packed((uint32_t)a, (uint32_t)b);
        v[6] = o->clmul_16x2_even(a, b);
        v[7] = o->clmul_16x2_odd(a, b);
        memcpy(out + (i * 4) % (len - 63), v, 64);
    }
    return 0;
}

const struct rs_prim rs_prim_clmul = {
    "clmul", cl_open, cl_bench, sizeof cl_bench / sizeof cl_bench[0], cl_taint,
};
