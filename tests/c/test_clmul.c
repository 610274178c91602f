/* SPDX-License-Identifier: MIT */
/*
 * Carry-less multiplies (include/rijn/clmul.h): every form of every clmul
 * driver in the registry, and the free functions, against a plain
 * bit-by-bit reference written here from the definitions (a product is
 * the XOR of b's bit j times a shifted up by j), on edge values and random
 * operands. Also: the first call from many threads at once, the choice of
 * rijn_clmul_get(NULL) against the registry's, and bad arguments.
 *
 * It prints "clmul: selected DRIVER" for tests/py (which checks it under
 * RIJN_CPU masks) and ends with "N passed, N failed".
 */
#include <pthread.h>

#include "testutil.h"

/* ------------------------------------------------------------ reference -- */

static void ref_mul(uint64_t a, uint64_t b, uint64_t *lo, uint64_t *hi)
{
    uint64_t l = 0, h = 0;
    for (int j = 0; j < 64; j++) {
        if ((b >> j) & 1) {
            l ^= a << j;
            if (j) h ^= a >> (64 - j);
        }
    }
    *lo = l;
    *hi = h;
}

/* Lane i of x (width w bits). */
static uint64_t lane(uint64_t x, int w, int i)
{
    return (x >> (w * i)) & ((1ull << w) - 1);
}

static uint64_t ref_lanes(uint64_t a, uint64_t b, int w, int first, int step, int n, int keep_low)
{
    uint64_t r = 0;
    for (int k = 0; k < n; k++) {
        uint64_t lo, hi;
        ref_mul(lane(a, w, first + step * k), lane(b, w, first + step * k), &lo, &hi);
        if (keep_low) lo &= (1ull << w) - 1;
        r |= lo << (k * (keep_low ? w : 2 * w));
    }
    return r;
}

/* --------------------------------------------------------------- forms -- */

enum form { F64, F32, F8X8, F8X4E, F8X4O, F8X4P, F16E, F16O, NFORMS };
static const char *const form_name[NFORMS] = { "clmul_64", "clmul_32", "clmul_8x8_low", "clmul_8x4_even",
                                               "clmul_8x4_odd", "clmul_8x4_packed", "clmul_16x2_even",
                                               "clmul_16x2_odd" };

static void ref_form(enum form f, uint64_t a, uint64_t b, uint64_t out[2])
{
    out[0] = out[1] = 0;
    switch (f) {
    case F64: ref_mul(a, b, &out[0], &out[1]); break;
    case F32: ref_mul((uint32_t)a, (uint32_t)b, &out[0], &out[1]); break;
    case F8X8: out[0] = ref_lanes(a, b, 8, 0, 1, 8, 1); break;
    case F8X4E: out[0] = ref_lanes(a, b, 8, 0, 2, 4, 0); break;
    case F8X4O: out[0] = ref_lanes(a, b, 8, 1, 2, 4, 0); break;
    case F8X4P: out[0] = ref_lanes((uint32_t)a, (uint32_t)b, 8, 0, 1, 4, 0); break;
    case F16E: out[0] = ref_lanes(a, b, 16, 0, 2, 2, 0); break;
    case F16O: out[0] = ref_lanes(a, b, 16, 1, 2, 2, 0); break;
    default: break;
    }
}

/* ops NULL: the free functions. */
static void run_form(const struct rijn_clmul_ops *o, enum form f, uint64_t a, uint64_t b, uint64_t out[2])
{
    rijn_clmul128 p;
    out[0] = out[1] = 0;
    switch (f) {
    case F64:
        p = o ? o->clmul_64(a, b) : rijn_clmul_64(a, b);
        out[0] = p.lo;
        out[1] = p.hi;
        break;
    case F32: out[0] = o ? o->clmul_32((uint32_t)a, (uint32_t)b) : rijn_clmul_32((uint32_t)a, (uint32_t)b); break;
    case F8X8: out[0] = o ? o->clmul_8x8_low(a, b) : rijn_clmul_8x8_low(a, b); break;
    case F8X4E: out[0] = o ? o->clmul_8x4_even(a, b) : rijn_clmul_8x4_even(a, b); break;
    case F8X4O: out[0] = o ? o->clmul_8x4_odd(a, b) : rijn_clmul_8x4_odd(a, b); break;
    case F8X4P:
        out[0] = o ? o->clmul_8x4_packed((uint32_t)a, (uint32_t)b) : rijn_clmul_8x4_packed((uint32_t)a, (uint32_t)b);
        break;
    case F16E: out[0] = o ? o->clmul_16x2_even(a, b) : rijn_clmul_16x2_even(a, b); break;
    case F16O: out[0] = o ? o->clmul_16x2_odd(a, b) : rijn_clmul_16x2_odd(a, b); break;
    default: break;
    }
}

/* Operands that reach the corners: zero, one, all-ones, each lane's top
 * bit (which makes the longest product), each lane's bottom bit, lane
 * patterns that tell even from odd, and single top bits of each width. */
static const uint64_t edges[] = {
    0, 1, ~0ull, 1ull << 63, 1ull << 31, 0x8000000000000001ull, 0xffffffffull, 0xffffffff00000000ull,
    0x8080808080808080ull, 0x0101010101010101ull, 0x8000800080008000ull, 0x0001000100010001ull,
    0x8000000080000000ull, 0x00ff00ff00ff00ffull, 0xff00ff00ff00ff00ull, 0x0000ffff0000ffffull,
    0xffff0000ffff0000ull, 0x7fffffffffffffffull, 0xfefefefefefefefeull, 0x5555555555555555ull,
    0xaaaaaaaaaaaaaaaaull,
};
#define NEDGES (sizeof edges / sizeof edges[0])

static int check_one(const struct rijn_clmul_ops *o, const char *who, enum form f, uint64_t a, uint64_t b)
{
    uint64_t want[2], got[2];
    ref_form(f, a, b, want);
    run_form(o, f, a, b, got);
    int ok = want[0] == got[0] && want[1] == got[1];
    CHECK(ok, "%s %s(%#llx, %#llx) = %#llx:%#llx, expected %#llx:%#llx", who, form_name[f], (unsigned long long)a,
          (unsigned long long)b, (unsigned long long)got[1], (unsigned long long)got[0],
          (unsigned long long)want[1], (unsigned long long)want[0]);
    return ok;
}

/* Every form on every pair of edge values, then on n random pairs (one
 * CHECK per form and class of input, so a broken form reports once per
 * failure but the count stays readable). */
static void check_ops(const struct rijn_clmul_ops *o, const char *who, int n)
{
    for (int f = 0; f < NFORMS; f++) {
        int ok = 1;
        for (size_t i = 0; i < NEDGES && ok; i++)
            for (size_t j = 0; j < NEDGES && ok; j++) ok = check_one(o, who, (enum form)f, edges[i], edges[j]);
        for (int k = 0; k < n && ok; k++) {
            uint64_t a = t_rand(), b = t_rand();
            /* Sparse operands too (few bits set: long runs of zero lanes). */
            if (k % 4 == 1) a &= t_rand() & t_rand();
            if (k % 4 == 2) b &= t_rand() & t_rand();
            ok = check_one(o, who, (enum form)f, a, b);
        }
    }
}

/* ------------------------------------------------------------- threads -- */

#define NTHREADS 16
static pthread_barrier_t barrier;
static uint64_t thread_a[NTHREADS], thread_b[NTHREADS];
static int thread_ok[NTHREADS];

static void *first_use(void *arg)
{
    size_t t = (size_t)arg;
    pthread_barrier_wait(&barrier);
    /* Every thread's first call goes through a different form's stub. */
    enum form f = (enum form)(t % NFORMS);
    uint64_t want[2], got[2];
    ref_form(f, thread_a[t], thread_b[t], want);
    run_form(NULL, f, thread_a[t], thread_b[t], got);
    thread_ok[t] = want[0] == got[0] && want[1] == got[1];
    return NULL;
}

static void test_threads(void)
{
    pthread_t th[NTHREADS];
    pthread_barrier_init(&barrier, NULL, NTHREADS);
    for (size_t t = 0; t < NTHREADS; t++) {
        thread_a[t] = t_rand();
        thread_b[t] = t_rand();
        pthread_create(&th[t], NULL, first_use, (void *)t);
    }
    int ok = 1;
    for (size_t t = 0; t < NTHREADS; t++) {
        pthread_join(th[t], NULL);
        ok &= thread_ok[t];
    }
    pthread_barrier_destroy(&barrier);
    CHECK(ok, "first use of the free functions from %d threads at once", NTHREADS);
}

/* ---------------------------------------------------------------- main -- */

int main(int argc, char **argv)
{
    t_seed();
    int n = argc > 1 ? atoi(argv[1]) : 20000;

    /* First, before anything resolves the table. */
    test_threads();

    size_t tested = 0;
    const char *other = NULL;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        CHECK(rijn_driver_get(i, &info) == RIJN_OK, "driver_get %zu", i);
        if (strcmp(info.algorithm, "clmul") != 0) {
            if (!other) other = info.driver;
            continue;
        }
        const struct rijn_clmul_ops *o = NULL;
        int r = rijn_clmul_get(info.driver, &o);
        if (!info.available) {
            CHECK(r == RIJN_ERR_NO_DRIVER, "%s unavailable here, pinning gave %d", info.driver, r);
            continue;
        }
        CHECK(r == RIJN_OK && o, "pin %s: %s", info.driver, rijn_strerror(r));
        if (r != RIJN_OK || !o) continue;
        CHECK(strcmp(o->driver, info.driver) == 0, "pinned %s, table says %s", info.driver, o->driver);
        CHECK(info.constant_time, "%s: every clmul driver is constant time", info.driver);
        check_ops(o, info.driver, n);
        printf("clmul: %s: every form checked\n", info.driver);
        tested++;
    }
    CHECK(tested >= 1, "no clmul driver available (the portable one always is)");

    /* The free functions, through the resolved table. */
    check_ops(NULL, "rijn_clmul", n);

    /* NULL picks what the registry's selection picks. */
    const struct rijn_clmul_ops *best = NULL, *again = NULL;
    CHECK(rijn_clmul_get(NULL, &best) == RIJN_OK && best, "get(NULL)");
    const char *sel = rijn_selected_driver("clmul");
    CHECK(best && sel && strcmp(best->driver, sel) == 0, "get(NULL) gives %s, the registry selects %s",
          best ? best->driver : "-", sel ? sel : "-");
    CHECK(rijn_clmul_get(NULL, &again) == RIJN_OK && again == best, "get(NULL) is stable");
    if (best) printf("clmul: selected %s\n", best->driver);

    /* Bad arguments: clear errors. */
    const struct rijn_clmul_ops *o = NULL;
    CHECK(rijn_clmul_get(NULL, NULL) == RIJN_ERR_NULL, "get(NULL, NULL)");
    CHECK(sel && rijn_clmul_get(sel, NULL) == RIJN_ERR_NULL, "get(name, NULL)");
    CHECK(rijn_clmul_get("no-such-driver", &o) == RIJN_ERR_NO_DRIVER && !o, "unknown driver");
    CHECK(rijn_clmul_get("", &o) == RIJN_ERR_NO_DRIVER && !o, "empty driver name");
    CHECK(other && rijn_clmul_get(other, &o) == RIJN_ERR_NO_DRIVER && !o, "%s is not a clmul driver",
          other ? other : "-");
    return t_done();
}
