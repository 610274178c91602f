/* SPDX-License-Identifier: MIT */
/*
 * Pointer authentication (include/rijn/pac.h), every driver of the
 * registry's algorithm "pac" that this CPU runs:
 *   - the QARMA paper's nine QARMA-64 vectors (ePrint 2016/444) through the
 *     pseudocode reference (tests/c/pac_ref.h), which shows the reference
 *     right for all three S-boxes and for 5, 6 and 7 rounds; the sigma_2,
 *     5-round one is ComputePAC for QARMA5 and is checked on every driver;
 *   - every driver against the reference on random inputs, single and
 *     batch, QARMA5 and QARMA3; batch sizes 0..40, arrays at every
 *     element offset from a 64-byte boundary, in place on data and on
 *     modifier;
 *   - the AES PAC against FIPS 197 Appendix C.1 and against rijn's own
 *     AES-128 ECB (rijn/aes.h) on random inputs;
 *   - rijn_pac_get(NULL) is the registry's selection for "pac", and the
 *     public functions compute what that driver computes;
 *   - bad input: NULL arrays, overlap, unknown drivers.
 *
 * usage: test_pac [--selected]   (--selected: print the driver
 *                                 rijn_pac_get(NULL) picks, and exit)
 * RIJN_TEST_SEED seeds the random inputs; RIJN_PAC_ITERS sets their count.
 */
#include "pac_ref.h"
#include "testutil.h"

#include "rijn/pac.h"

#define MAXN 40

static uint64_t aes_pac_ecb(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1)
{
    uint8_t key[16], blk[16], out[16];
    for (int i = 0; i < 8; i++) {
        key[i] = (uint8_t)(key1 >> (8 * i));
        key[8 + i] = (uint8_t)(key0 >> (8 * i));
        blk[i] = (uint8_t)(data >> (8 * i));
        blk[8 + i] = (uint8_t)(modifier >> (8 * i));
    }
    rijn_ecb_ctx c;
    if (rijn_ecb_init(&c, NULL, key, 16) != RIJN_OK || rijn_ecb_encrypt(&c, out, blk, 16) != RIJN_OK) {
        fprintf(stderr, "ECB failed\n");
        exit(1);
    }
    rijn_ecb_clear(&c);
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) r |= (uint64_t)out[i] << (8 * i);
    return r;
}

typedef uint64_t (*pac_fn)(uint64_t, uint64_t, uint64_t, uint64_t);
typedef void (*pac_batch_fn)(uint64_t *, const uint64_t *, const uint64_t *, uint64_t, uint64_t, size_t);

/* A random input with structure now and then: pointers (high bits clear
 * or set), zero and all-ones words, so that edge patterns occur. */
static uint64_t t_word(void)
{
    uint64_t r = t_rand();
    switch (t_rand() % 8) {
    case 0: return r & 0x0000ffffffffffffull;
    case 1: return r | 0xffff000000000000ull;
    case 2: return 0;
    case 3: return ~0ull;
    default: return r;
    }
}

static void check_alg(const char *drv, const char *alg, pac_fn f, pac_batch_fn b, pac_fn ref, int iters)
{
    for (int i = 0; i < iters; i++) {
        uint64_t d = t_word(), m = t_word(), k0 = t_word(), k1 = t_word();
        uint64_t want = ref(d, m, k0, k1), got = f(d, m, k0, k1);
        CHECK(got == want, "%s %s(%016llx, %016llx, %016llx, %016llx) = %016llx, want %016llx", drv, alg,
              (unsigned long long)d, (unsigned long long)m, (unsigned long long)k0, (unsigned long long)k1,
              (unsigned long long)got, (unsigned long long)want);
    }
    /* Batches: every size 0..MAXN at every element offset 0..7 from a
     * 64-byte boundary (the vector drivers' full groups, tails and
     * unaligned loads), then in place. A guard after out catches
     * overruns. */
    static uint64_t bd[MAXN + 8] __attribute__((aligned(64))), bm[MAXN + 8] __attribute__((aligned(64))),
        bo[MAXN + 9] __attribute__((aligned(64))), want[MAXN];
    for (size_t n = 0; n <= MAXN; n++) {
        for (size_t off = 0; off < 8; off++) {
            uint64_t k0 = t_word(), k1 = t_word();
            uint64_t *d = bd + off, *m = bm + (7 - off), *o = bo + (off + 3) % 8;
            for (size_t i = 0; i < n; i++) {
                d[i] = t_word();
                m[i] = t_word();
                want[i] = ref(d[i], m[i], k0, k1);
            }
            o[n] = 0x5a5a5a5a5a5a5a5aull;
            b(o, d, m, k0, k1, n);
            int ok = o[n] == 0x5a5a5a5a5a5a5a5aull;
            for (size_t i = 0; i < n; i++) ok &= o[i] == want[i];
            CHECK(ok, "%s %s batch n=%zu offset %zu", drv, alg, n, off);
        }
        if (n == 0) continue;
        uint64_t k0 = t_word(), k1 = t_word();
        for (size_t i = 0; i < n; i++) {
            bd[i] = t_word();
            bm[i] = t_word();
            want[i] = ref(bd[i], bm[i], k0, k1);
        }
        memcpy(bo, bd, n * sizeof *bo);
        b(bo, bo, bm, k0, k1, n);
        CHECK(memcmp(bo, want, n * sizeof *bo) == 0, "%s %s batch n=%zu in place on data", drv, alg, n);
        memcpy(bo, bm, n * sizeof *bo);
        b(bo, bd, bo, k0, k1, n);
        CHECK(memcmp(bo, want, n * sizeof *bo) == 0, "%s %s batch n=%zu in place on modifier", drv, alg, n);
    }
}

/* The QARMA paper's inputs and its nine ciphertexts: [sigma][rounds - 5]. */
static const uint64_t P = 0xfb623599da6e8127ull, T = 0x477d469dec0b8762ull, W0 = 0x84be85ce9804e94bull,
                      K0 = 0xec2802d4e0a488e9ull;
static const uint64_t paper[3][3] = {
    { 0x3ee99a6c82af0c38ull, 0x9f5c41ec525603c9ull, 0xbcaf6c89de930765ull },
    { 0x544b0ab95bda7c3aull, 0xa512dd1e4e3ec582ull, 0xedf67ff370a483f2ull },
    { 0xc003b93999b33765ull, 0x270a787275c48d10ull, 0x5c06a7501b63b2fdull },
};

static void test_driver(const char *name, int iters)
{
    const struct rijn_pac_ops *o = NULL;
    int r = rijn_pac_get(name, &o);
    CHECK(r == RIJN_OK && o, "rijn_pac_get(%s): %s", name, rijn_strerror(r));
    if (r != RIJN_OK || !o) return;
    CHECK(strcmp(o->driver, name) == 0, "rijn_pac_get(%s) gave the table of %s", name, o->driver);
    CHECK(o->qarma5(P, T, W0, K0) == paper[2][0], "%s: QARMA paper vector (sigma_2, 5 rounds)", name);
    /* FIPS 197 C.1 in rijn_pac_aes's byte order. */
    CHECK(o->aes(0x7766554433221100ull, 0xffeeddccbbaa9988ull, 0x0f0e0d0c0b0a0908ull, 0x0706050403020100ull) ==
              0x30047b6ad8e0c469ull,
          "%s: AES PAC, FIPS 197 C.1", name);
    check_alg(name, "qarma5", o->qarma5, o->qarma5_batch, pac_ref_qarma5, iters);
    check_alg(name, "qarma3", o->qarma3, o->qarma3_batch, pac_ref_qarma3, iters);
    check_alg(name, "aes", o->aes, o->aes_batch, aes_pac_ecb, iters / 4 + 1);
}

int main(int argc, char **argv)
{
    t_seed();
    if (argc == 2 && strcmp(argv[1], "--selected") == 0) {
        const struct rijn_pac_ops *o;
        int r = rijn_pac_get(NULL, &o);
        if (r != RIJN_OK) {
            printf("none: %s\n", rijn_strerror(r));
            return 1;
        }
        printf("%s\n", o->driver);
        return 0;
    }
    const char *it = getenv("RIJN_PAC_ITERS");
    const int iters = it ? atoi(it) : 2000;

    /* The reference against the paper: every S-box, 5 to 7 rounds. */
    for (int s = 0; s < 3; s++)
        for (int rounds = 5; rounds <= 7; rounds++)
            CHECK(pac_ref_qarma(P, T, W0, K0, pac_ref_sigma[s], rounds - 1) == paper[s][rounds - 5],
                  "reference: paper vector sigma_%d, %d rounds", s, rounds);
    /* The reference's round functions are bijections with their inverses. */
    for (int i = 0; i < 100; i++) {
        uint64_t x = t_rand();
        CHECK(pac_ref_cell_inv_shuffle(pac_ref_cell_shuffle(x)) == x, "reference: cell shuffle inverse");
        CHECK(pac_ref_tweak_inv_shuffle(pac_ref_tweak_shuffle(x)) == x, "reference: tweak shuffle inverse");
        CHECK(pac_ref_mult(pac_ref_mult(x)) == x, "reference: PACMult is an involution");
    }

    size_t ndrv = 0;
    rijn_driver_info info;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_get(i, &info);
        if (strcmp(info.algorithm, "pac") != 0) continue;
        if (!info.available) {
            const struct rijn_pac_ops *o;
            CHECK(rijn_pac_get(info.driver, &o) == RIJN_ERR_NO_DRIVER, "%s unavailable but get works",
                  info.driver);
            printf("%s: not available on this CPU\n", info.driver);
            continue;
        }
        test_driver(info.driver, iters);
        printf("%s: tested\n", info.driver);
        ndrv++;
    }
    CHECK(ndrv >= 1, "no pac driver tested");

    /* Selection: rijn_pac_get(NULL) is the registry's choice, and the
     * public functions (resolved through their own table) agree. */
    const struct rijn_pac_ops *sel = NULL;
    CHECK(rijn_pac_get(NULL, &sel) == RIJN_OK, "rijn_pac_get(NULL)");
    const char *reg = rijn_selected_driver("pac");
    CHECK(sel && reg && strcmp(sel->driver, reg) == 0, "rijn_pac_get(NULL) = %s, registry selects %s",
          sel ? sel->driver : "-", reg ? reg : "-");
    printf("selected: %s\n", sel ? sel->driver : "-");
    for (int i = 0; i < 200; i++) {
        uint64_t d = t_word(), m = t_word(), k0 = t_word(), k1 = t_word();
        CHECK(rijn_pac_qarma5(d, m, k0, k1) == pac_ref_qarma5(d, m, k0, k1), "rijn_pac_qarma5");
        CHECK(rijn_pac_qarma3(d, m, k0, k1) == pac_ref_qarma3(d, m, k0, k1), "rijn_pac_qarma3");
        CHECK(rijn_pac_aes(d, m, k0, k1) == aes_pac_ecb(d, m, k0, k1), "rijn_pac_aes");
    }
    uint64_t d[MAXN], m[MAXN], o[MAXN];
    for (int i = 0; i < MAXN; i++) {
        d[i] = t_word();
        m[i] = t_word();
    }
    CHECK(rijn_pac_qarma5_batch(o, d, m, W0, K0, MAXN) == RIJN_OK, "rijn_pac_qarma5_batch");
    for (int i = 0; i < MAXN; i++) CHECK(o[i] == pac_ref_qarma5(d[i], m[i], W0, K0), "qarma5_batch[%d]", i);
    CHECK(rijn_pac_qarma3_batch(o, d, m, W0, K0, MAXN) == RIJN_OK, "rijn_pac_qarma3_batch");
    for (int i = 0; i < MAXN; i++) CHECK(o[i] == pac_ref_qarma3(d[i], m[i], W0, K0), "qarma3_batch[%d]", i);
    CHECK(rijn_pac_aes_batch(o, d, m, W0, K0, MAXN) == RIJN_OK, "rijn_pac_aes_batch");
    for (int i = 0; i < MAXN; i++) CHECK(o[i] == aes_pac_ecb(d[i], m[i], W0, K0), "aes_batch[%d]", i);

    /* Bad input. */
    CHECK(rijn_pac_get(NULL, NULL) == RIJN_ERR_NULL, "get(NULL, NULL)");
    CHECK(rijn_pac_get("no-such-driver", &sel) == RIJN_ERR_NO_DRIVER, "get(unknown)");
    CHECK(rijn_pac_get("aes-ct64", &sel) == RIJN_ERR_NO_DRIVER, "get(a driver of another algorithm)");
    CHECK(rijn_pac_qarma5_batch(NULL, d, m, 1, 2, 1) == RIJN_ERR_NULL, "batch out NULL");
    CHECK(rijn_pac_qarma3_batch(o, NULL, m, 1, 2, 1) == RIJN_ERR_NULL, "batch data NULL");
    CHECK(rijn_pac_aes_batch(o, d, NULL, 1, 2, 1) == RIJN_ERR_NULL, "batch modifier NULL");
    CHECK(rijn_pac_qarma5_batch(NULL, NULL, NULL, 1, 2, 0) == RIJN_OK, "batch n = 0 with NULL");
    CHECK(rijn_pac_qarma5_batch(d + 1, d, m, 1, 2, 4) == RIJN_ERR_OVERLAP, "batch out overlaps data");
    CHECK(rijn_pac_aes_batch(m, d, m + 1, 1, 2, 4) == RIJN_ERR_OVERLAP, "batch out overlaps modifier");
    CHECK(rijn_pac_qarma3_batch(o, d, m, 1, 2, SIZE_MAX) == RIJN_ERR_LENGTH, "batch n too large");
    return t_done();
}
