/* SPDX-License-Identifier: MIT */
/*
 * The "pac" kind (include/rijn/pac.h): its known-answer test, and the
 * public functions, which call through a table resolved once.
 *
 * A static emulator binary that calls rijn_pac_qarma5() links this file,
 * core/prim.c, core/cpu*.c and the pac drivers, not the registry: the
 * driver list is drivers.def filtered to the pac lines (core/prim.h).
 *
 * Resolution: `active` starts at a table of stubs. The first call through
 * it picks the driver (rijn_prim_pick: the registry's rule), publishes the
 * driver's table with one atomic store, and completes the call; every
 * later call is one atomic load (a plain load on x86 and AArch64), one
 * load of the function pointer and one indirect call. Threads that race
 * on the first call pick the same driver. No constructor, no TLS.
 */
#include "emu/pac.h"

#include "core/prim.h"

/* ------------------------------------------------- known-answer test -- */

/* The QARMA paper's QARMA-64 test vector (ePrint 2016/444, Appendix; ToSC
 * 2017(1)): P, T, w0, k0 and the 5-round ciphertext with sigma_2, which
 * is ComputePAC(P, T, key0 = w0, key1 = k0) for QARMA5. No published
 * vector exists for the Arm ARM's QARMA3 (3 rounds, sigma_1): its answer
 * on the same inputs is the one of tests/c/pac_ref.h, the pseudocode
 * transcription that reproduces all nine paper vectors (the sigma_1 ones
 * at 5, 6 and 7 rounds among them). The AES PAC is FIPS 197 Appendix C.1:
 * key 000102..0f, plaintext 00112233..ff, ciphertext 69c4e0d8 6a7b0430...,
 * in the byte order of rijn_pac_aes. */
#define KAT_P 0xfb623599da6e8127ull
#define KAT_T 0x477d469dec0b8762ull
#define KAT_W0 0x84be85ce9804e94bull
#define KAT_K0 0xec2802d4e0a488e9ull
#define KAT_QARMA5 0xc003b93999b33765ull
#define KAT_QARMA3 0xc8b7fdc1d507b9efull
#define KAT_AES_K1 0x0706050403020100ull
#define KAT_AES_K0 0x0f0e0d0c0b0a0908ull
#define KAT_AES_D 0x7766554433221100ull
#define KAT_AES_M 0xffeeddccbbaa9988ull
#define KAT_AES 0x30047b6ad8e0c469ull

typedef uint64_t (*pac_fn)(uint64_t, uint64_t, uint64_t, uint64_t);
typedef void (*pac_batch_fn)(uint64_t *, const uint64_t *, const uint64_t *, uint64_t, uint64_t, size_t);

/* One algorithm: the single function on the vector, and the batch on
 * five elements (a vector driver's full group and its tail) with the
 * vector at both ends, the other three checked against the single
 * function. */
static int pac_kat1(pac_fn f, pac_batch_fn b, uint64_t d, uint64_t m, uint64_t k0, uint64_t k1, uint64_t want)
{
    if (f(d, m, k0, k1) != want) return -1;
    uint64_t in[5] = { d, d ^ 1, ~d, d << 8, d }, mod[5] = { m, m, m ^ (1ull << 63), 0, m }, out[5];
    b(out, in, mod, k0, k1, 5);
    if (out[0] != want || out[4] != want) return -1;
    for (int i = 1; i < 4; i++)
        if (out[i] != f(in[i], mod[i], k0, k1)) return -1;
    return 0;
}

static int pac_selftest(const struct rijn_inst *in)
{
    const struct rijn_pac_ops *o = in->drv->ops;
    if (pac_kat1(o->qarma5, o->qarma5_batch, KAT_P, KAT_T, KAT_W0, KAT_K0, KAT_QARMA5)) return -1;
    if (pac_kat1(o->qarma3, o->qarma3_batch, KAT_P, KAT_T, KAT_W0, KAT_K0, KAT_QARMA3)) return -1;
    if (pac_kat1(o->aes, o->aes_batch, KAT_AES_D, KAT_AES_M, KAT_AES_K0, KAT_AES_K1, KAT_AES)) return -1;
    return 0;
}

const struct rijn_kind rijn_kind_pac = {
    .alg = "pac",
    .selftest = pac_selftest,
    .setup = NULL,
};

/* ------------------------------------------------------- resolution -- */

#define RIJN_PRIM_KIND_pac RIJN_PRIM_MATCH
#include "core/prim_list.h"

int rijn_pac_get(const char *driver, const struct rijn_pac_ops **ops)
{
    if (!ops) return RIJN_ERR_NULL;
    const struct rijn_desc *d;
    int r = rijn_prim_pick(prim_list, prim_status, PRIM_N, driver, &d);
    if (r == RIJN_OK) *ops = d->ops;
    return r;
}

static const struct rijn_pac_ops stub_ops;
static const struct rijn_pac_ops *active = &stub_ops;

/* The table the functions use from now on. When no driver passes its
 * known-answer test (a broken build, or the test hook that fails
 * self-tests on purpose), rijn_prim_resolve aborts with a message: a
 * function returning a PAC has no error to report, and a PAC from code
 * that failed its known answers would be silently wrong. */
static const struct rijn_pac_ops *pac_resolve(void)
{
    const struct rijn_pac_ops *o = rijn_prim_resolve(prim_list, prim_status, PRIM_N);
    __atomic_store_n(&active, o, __ATOMIC_RELEASE);
    return o;
}

static inline const struct rijn_pac_ops *pac_active(void)
{
    return __atomic_load_n(&active, __ATOMIC_ACQUIRE);
}

static uint64_t stub_qarma5(uint64_t d, uint64_t m, uint64_t k0, uint64_t k1)
{
    return pac_resolve()->qarma5(d, m, k0, k1);
}
static uint64_t stub_qarma3(uint64_t d, uint64_t m, uint64_t k0, uint64_t k1)
{
    return pac_resolve()->qarma3(d, m, k0, k1);
}
static uint64_t stub_aes(uint64_t d, uint64_t m, uint64_t k0, uint64_t k1)
{
    return pac_resolve()->aes(d, m, k0, k1);
}
static void stub_qarma5_batch(uint64_t *o, const uint64_t *d, const uint64_t *m, uint64_t k0, uint64_t k1, size_t n)
{
    pac_resolve()->qarma5_batch(o, d, m, k0, k1, n);
}
static void stub_qarma3_batch(uint64_t *o, const uint64_t *d, const uint64_t *m, uint64_t k0, uint64_t k1, size_t n)
{
    pac_resolve()->qarma3_batch(o, d, m, k0, k1, n);
}
static void stub_aes_batch(uint64_t *o, const uint64_t *d, const uint64_t *m, uint64_t k0, uint64_t k1, size_t n)
{
    pac_resolve()->aes_batch(o, d, m, k0, k1, n);
}

static const struct rijn_pac_ops stub_ops = {
    .driver = "(unresolved)",
    .qarma5 = stub_qarma5,
    .qarma3 = stub_qarma3,
    .aes = stub_aes,
    .qarma5_batch = stub_qarma5_batch,
    .qarma3_batch = stub_qarma3_batch,
    .aes_batch = stub_aes_batch,
};

/* ----------------------------------------------------- public calls -- */

uint64_t rijn_pac_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return pac_active()->qarma5(data, modifier, key0, key1);
}

uint64_t rijn_pac_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return pac_active()->qarma3(data, modifier, key0, key1);
}

uint64_t rijn_pac_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    return pac_active()->aes(data, modifier, key0, key1);
}

/* out == data or out == modifier is in place; any other overlap of out
 * with an input would let a vector driver read what it already wrote. */
static int pac_batch_check(const uint64_t *out, const uint64_t *data, const uint64_t *modifier, size_t n)
{
    if (n == 0) return RIJN_OK;
    if (!out || !data || !modifier) return RIJN_ERR_NULL;
    if (n > SIZE_MAX / sizeof *out) return RIJN_ERR_LENGTH;
    const uintptr_t o = (uintptr_t)out, len = n * sizeof *out;
    const uintptr_t in[2] = { (uintptr_t)data, (uintptr_t)modifier };
    for (int i = 0; i < 2; i++)
        if (in[i] != o && in[i] < o + len && o < in[i] + len) return RIJN_ERR_OVERLAP;
    return RIJN_OK;
}

int rijn_pac_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                          uint64_t key1, size_t n)
{
    int r = pac_batch_check(out, data, modifier, n);
    if (r == RIJN_OK && n) pac_active()->qarma5_batch(out, data, modifier, key0, key1, n);
    return r;
}

int rijn_pac_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                          uint64_t key1, size_t n)
{
    int r = pac_batch_check(out, data, modifier, n);
    if (r == RIJN_OK && n) pac_active()->qarma3_batch(out, data, modifier, key0, key1, n);
    return r;
}

int rijn_pac_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0, uint64_t key1,
                       size_t n)
{
    int r = pac_batch_check(out, data, modifier, n);
    if (r == RIJN_OK && n) pac_active()->aes_batch(out, data, modifier, key0, key1, n);
    return r;
}
