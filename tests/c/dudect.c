/* SPDX-License-Identifier: MIT */
/*
 * Statistical timing test, after dudect (Reparaz, Balasch, Verbauwhede,
 * "Dude, is my code constant time?", DATE 2017).
 *
 * Valgrind's taint test (ct_taint.c) proves that no branch and no address
 * depends on a secret, for the instructions valgrind can run. It cannot see
 * operand-dependent instruction latency, nor run VAES. This test looks at
 * time itself: it runs one operation many times with the secret drawn from
 * two classes, interleaved in random order, reads the cycle counter around
 * each call, and asks Welch's t-test whether the two timing distributions
 * differ. |t| > 4.5 is dudect's threshold for "leaks".
 *
 * The classes, for each driver and each secret:
 *   key        class 0: one fixed random key; class 1: a fresh random key
 *              each time (timed: key setup and the operation);
 *   plaintext  class 0: all-zero blocks; class 1: random ones;
 *   dec-key    (ECB and CBC) as key, timing a decryption;
 *   dec-input  (ECB and CBC) as plaintext, for the ciphertext given to a
 *              decryption: its rounds' data path, which is not the
 *              encryption's (other S-box circuits, other tables or
 *              instructions: AESDEC, VAESDEC, GFNI's inverse affine map).
 *              On DEC_SHORT bytes, where the other tests take MSG: the
 *              short paths (aes-bs-avx2 decrypts fewer than 7 blocks on
 *              aes-vperm's code), while dec-key times the wide ones;
 *   tag        (GCM and CCM decryption) class 0: the right tag with its
 *              last byte wrong; class 1: a random wrong tag. An early-exit
 *              comparison would take longer for class 0.
 *   scalar     (X25519, every driver) class 0: one fixed random scalar;
 *              class 1: a fresh random one; the point fixed. This is the
 *              timing check of x25519-mulx's assembly, which valgrind
 *              cannot run (its taint test runs the emulation build).
 * Everything else (IV, AAD, lengths) is the same in both classes.
 *
 * Before each measurement the test writes 256 KiB of a scratch buffer,
 * which evicts the library's data from L1 and L2, as another process would.
 * A table-based AES then pays a cache miss per line its secret-indexed
 * lookups touch: few lines for the all-zero class, nearly all for random
 * inputs. That is the positive control: `aes-generic` (T-tables) must show
 * |t| > 4.5, or the test says plainly that this machine cannot tell, and
 * its verdicts on the other drivers mean nothing.
 *
 * Cropping (dudect's post-processing): besides all measurements, t is also
 * computed over those below each of several percentiles of the first
 * batch, which removes the long tail of interrupts and preemption. The
 * reported t is the largest |t| over these.
 *
 * A constant-time driver whose |t| exceeds 4.5 is measured again after
 * all the other tests, twice, each time with four times as many
 * measurements: a real leak grows like sqrt(N) and shows in both, a noise
 * excursion does not come back. Only an excess confirmed by both re-runs
 * fails. (One immediate re-run was not enough: on a shared VM a
 * neighbour's load can outlast a test and its re-run, and a CI run once
 * confirmed such a window in a constant-time driver.)
 *
 * usage: dudect [-n MEASUREMENTS] [-f SUBSTRING] [-l]
 *   -n  measurements per class per test (default 20000)
 *   -f  only drivers whose name contains SUBSTRING
 *   -l  list the tests and exit
 * Exit: 0 no confirmed leak in a constant-time driver and the control
 * detected; 1 a confirmed leak; 2 usage; 3 no confirmed leak, but the
 * control was not detected either, so the run shows nothing (make check
 * reports that loudly as INCONCLUSIVE rather than as a pass).
 */
#include <math.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "adapt.h"
#include "rijn/registry.h"
#include "testutil.h"

/* The cycle counter: rdtsc behind lfence on x86 (so the timed work has
 * finished), else the monotonic clock in nanoseconds. */
static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

enum secret { S_KEY, S_PT, S_TAG, S_SCALAR, S_DEC_KEY, S_DEC_IN };
static const char *const secret_name[] = { "key", "plaintext", "tag", "scalar", "dec-key", "dec-input" };

/* The modes tested: the registry's algorithms, through their adapters
 * (support/adapt.h), resolved once per test so that the timed call
 * dispatches without string compares. Of the ciphers, those that take
 * whole blocks only, both ways: ECB runs a driver's parallel block paths,
 * CBC its serial chain (encryption) and its parallel decryption, which
 * CTR and XTS only wrap (their counters and tweaks are public). Every
 * AEAD, for its tag comparison. */
static int tested(const struct rs_alg *a)
{
    return (a->shape == RS_CIPHER && a->block == 16) || a->shape == RS_AEAD;
}

/* X25519 (a primitive kind, no adapter): the scalar is the secret, class
 * 0 one fixed random scalar, class 1 a fresh random one (random-looking
 * both, as the key test below explains); the point is public and fixed. */
static const char X25519[] = "x25519";

struct test {
    const struct rs_alg *a; /* NULL for X25519 */
    const char *driver;
    enum secret secret;
    int constant_time;
};

#define MSG 128 /* eight blocks: the multi-block paths of every driver */
#define DEC_SHORT 80 /* five blocks (dec-input) */
struct input {
    uint8_t key[32], pt[MSG], tag[16];
};

/* Shared, non-secret state, prepared once per test. */
static uint8_t iv[16], aad[16], ct[MSG], right_tag[16], out[MSG + 16];
static uint8_t fixed_key[32];
static rs_ctx ctx;
static volatile uint8_t sink;
static uint8_t x_point[32];

static const char *alg_name(const struct test *t)
{
    return t->a ? t->a->alg : X25519;
}

static int key_setup(const struct test *t, const uint8_t *key)
{
    return t->a->init(&ctx, t->driver, key, 16);
}

/* One timed operation. Returns 0, or a rijn error (a bug). */
static int run_op(const struct test *t, const struct input *in)
{
    int r = 0;
    uint8_t tg[16];
    if (!t->a) {
        r = rijn_x25519(t->driver, out, in->key, x_point);
        sink ^= out[0];
        return r == RIJN_ERR_ZERO_RESULT ? 0 : r;
    }
    const uint8_t *pt = t->secret == S_PT || t->secret == S_DEC_IN ? in->pt : ct;
    const struct rs_alg *a = t->a;
    if (t->secret == S_KEY || t->secret == S_DEC_KEY) { /* key setup is part of what is timed */
        r = key_setup(t, in->key);
        if (r) return r;
    }
    const int enc = t->secret != S_DEC_KEY && t->secret != S_DEC_IN;
    if (a->shape == RS_CIPHER) r = a->crypt(&ctx, enc, iv, out, pt, t->secret == S_DEC_IN ? DEC_SHORT : MSG);
    else if (t->secret == S_TAG) r = a->open(&ctx, iv, 12, aad, 16, ct, MSG, in->tag, 16, out);
    else r = a->seal(&ctx, iv, 12, aad, 16, pt, MSG, out, tg, 16);
    if (t->secret == S_TAG) r = r == RIJN_ERR_AUTH ? 0 : -100; /* every tag given is wrong */
    sink ^= out[0];
    return r;
}

/* Set up the shared state for a test: the fixed-key context, and for the
 * tag test a ciphertext and its right tag. */
static int prepare(const struct test *t)
{
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(ct, sizeof ct);
    t_fill(fixed_key, sizeof fixed_key);
    if (!t->a) {
        t_fill(x_point, sizeof x_point);
        return 0;
    }
    int r = key_setup(t, fixed_key);
    if (r || t->secret != S_TAG) return r;
    uint8_t pt[MSG];
    t_fill(pt, sizeof pt);
    return t->a->seal(&ctx, iv, 12, aad, 16, pt, MSG, ct, right_tag, 16);
}

static void make_input(const struct test *t, int cls, struct input *in)
{
    memset(in, 0, sizeof *in);
    switch (t->secret) {
    case S_KEY:
    case S_DEC_KEY:
    case S_SCALAR:
        /* Fixed against random, both with random-looking bytes: an
         * all-zero key against random ones also differs in how many bits
         * every key-schedule word toggles, and on Zen 3 that moved the
         * time of AES-NI and VAES key setup (|t| 6.7, then 12 and 14.5 with
         * 4x the measurements, for a key expansion that is one fixed
         * instruction sequence): the power drawn sets the clock
         * (Hertzbleed, CVE-2022-23823), which the code cannot control. */
        if (cls) t_fill(in->key, sizeof in->key);
        else memcpy(in->key, fixed_key, sizeof in->key);
        break;
    case S_PT:
    case S_DEC_IN:
        if (cls) t_fill(in->pt, sizeof in->pt);
        break;
    case S_TAG:
        if (cls) {
            do t_fill(in->tag, 16);
            while (in->tag[0] == right_tag[0]);
        } else {
            memcpy(in->tag, right_tag, 16);
            in->tag[15] ^= 1;
        }
    }
}

/* Welch's t over the measurements below each crop threshold. */
#define NCROP 11
struct welch {
    double n[2], mean[2], m2[2];
};
static void welch_add(struct welch *w, int cls, double x)
{
    double d = x - w->mean[cls];
    w->n[cls] += 1;
    w->mean[cls] += d / w->n[cls];
    w->m2[cls] += d * (x - w->mean[cls]);
}
static double welch_t(const struct welch *w)
{
    if (w->n[0] < 2 || w->n[1] < 2) return 0;
    double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
    double den = sqrt(v0 / w->n[0] + v1 / w->n[1]);
    return den > 0 ? (w->mean[0] - w->mean[1]) / den : 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint8_t *evict_buf;
#define EVICT_BYTES (256 * 1024)

/* Run a test with n measurements per class; returns max |t| (and the class
 * medians, in cycles, through med0/med1), or -1 on an API error. */
static double measure(const struct test *t, size_t n, double *med0, double *med1)
{
    if (prepare(t)) return -1;
    const size_t batch = 1000, total = 2 * n;
    struct input *in = malloc(batch * sizeof *in);
    uint64_t *tm = malloc(total * sizeof *tm), *first = NULL;
    uint8_t *all_cls = malloc(total); /* the class of each measurement */
    double thr[NCROP];
    struct welch w[NCROP + 1];
    memset(w, 0, sizeof w);
    size_t done = 0, warm = 0;
    while (done < total) {
        size_t b = total - done < batch ? total - done : batch;
        uint8_t *cls = all_cls + done;
        for (size_t i = 0; i < b; i++) {
            cls[i] = (uint8_t)(t_rand() & 1);
            make_input(t, cls[i], &in[i]);
        }
        for (size_t i = 0; i < b; i++) {
            for (size_t j = 0; j < EVICT_BYTES; j += 64) evict_buf[j]++;
            uint64_t t0 = ticks();
            int r = run_op(t, &in[i]);
            uint64_t t1 = ticks();
            if (r) {
                fprintf(stderr, "dudect: %s: error %d\n", t->driver, r);
                free(in), free(tm), free(all_cls);
                return -1;
            }
            tm[done + i] = t1 - t0;
        }
        if (!warm) {
            /* The first batch is a warm-up (caches, frequency): it only
             * sets the crop thresholds, at percentiles 1 - 0.5^(k/2)
             * (dudect's spacing, coarser), k = 1..NCROP. */
            first = malloc(b * sizeof *first);
            memcpy(first, tm, b * sizeof *first);
            qsort(first, b, sizeof *first, cmp_u64);
            for (int k = 0; k < NCROP; k++) {
                double p = 1 - pow(0.5, (k + 1) / 2.0);
                thr[k] = (double)first[(size_t)(p * (double)(b - 1))];
            }
            free(first);
            warm = b;
        } else {
            for (size_t i = 0; i < b; i++) {
                double x = (double)tm[done + i];
                welch_add(&w[NCROP], cls[i], x);
                for (int k = 0; k < NCROP; k++)
                    if (x < thr[k]) welch_add(&w[k], cls[i], x);
            }
        }
        done += b;
    }
    double tmax = 0;
    for (int k = 0; k <= NCROP; k++) {
        double v = fabs(welch_t(&w[k]));
        if (v > tmax) tmax = v;
    }
    /* Medians per class, for the report. */
    uint64_t *c0 = malloc(total * sizeof *c0), *c1 = malloc(total * sizeof *c1);
    size_t n0 = 0, n1 = 0;
    for (size_t i = warm; i < total; i++) {
        if (all_cls[i]) c1[n1++] = tm[i];
        else c0[n0++] = tm[i];
    }
    qsort(c0, n0, sizeof *c0, cmp_u64);
    qsort(c1, n1, sizeof *c1, cmp_u64);
    size_t h0 = n0 / 2, h1 = n1 / 2;
    *med0 = n0 ? (double)c0[h0] : 0;
    *med1 = n1 ? (double)c1[h1] : 0;
    free(c0), free(c1), free(in), free(tm), free(all_cls);
    return tmax;
}

#define MAX_TESTS 512
static struct test tests[MAX_TESTS];
static size_t ntests;

static void add_tests(const char *filter)
{
    /* Mode by mode, in the order the registry lists them. */
    const struct rs_alg *done[16];
    size_t ndone = 0;
    for (size_t m = 0; m < rijn_driver_count(); m++) {
        rijn_driver_info mi;
        const struct rs_alg *a;
        if (rijn_driver_get(m, &mi) || !(a = rs_find(mi.algorithm)) || !tested(a)) continue;
        size_t k = 0;
        while (k < ndone && done[k] != a) k++;
        if (k < ndone || ndone == 16) continue;
        done[ndone++] = a;
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_info info;
            if (rijn_driver_get(i, &info) || strcmp(info.algorithm, a->alg) != 0 || !info.available) continue;
            if (rijn_driver_selftest(i) != RIJN_SELFTEST_PASS) continue;
            if (filter && !strstr(info.driver, filter)) continue;
            static const enum secret cipher_s[] = { S_KEY, S_PT, S_DEC_KEY, S_DEC_IN },
                                     aead_s[] = { S_KEY, S_PT, S_TAG };
            const enum secret *ss = a->shape == RS_AEAD ? aead_s : cipher_s;
            const size_t ns = a->shape == RS_AEAD ? 3 : 4;
            for (size_t s = 0; s < ns; s++) {
                if (ntests == MAX_TESTS) return;
                tests[ntests++] = (struct test){ a, info.driver, ss[s], info.constant_time };
            }
        }
    }
    for (size_t i = 0; i < rijn_driver_count() && ntests < MAX_TESTS; i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) || strcmp(info.algorithm, X25519) != 0 || !info.available) continue;
        if (rijn_driver_selftest(i) != RIJN_SELFTEST_PASS) continue;
        if (filter && !strstr(info.driver, filter)) continue;
        tests[ntests++] = (struct test){ NULL, info.driver, S_SCALAR, info.constant_time };
    }
}

int main(int argc, char **argv)
{
    size_t n = 20000;
    const char *filter = NULL;
    int list = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc) n = strtoull(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "-f") == 0 && i + 1 < argc) filter = argv[++i];
        else if (strcmp(argv[i], "-l") == 0) list = 1;
        else {
            fprintf(stderr, "usage: dudect [-n MEASUREMENTS] [-f SUBSTRING] [-l]\n");
            return 2;
        }
    }
    if (n < 2000) n = 2000;
    t_seed();
    add_tests(filter);
    if (list) {
        for (size_t i = 0; i < ntests; i++)
            printf("%s\t%s\t%s\t%s\n", alg_name(&tests[i]), tests[i].driver, secret_name[tests[i].secret],
                   tests[i].constant_time ? "ct" : "not-ct");
        return 0;
    }
    evict_buf = calloc(1, EVICT_BYTES);
    printf("# dudect: %zu measurements per class, threshold |t| > 4.5, cpu: %s\n", n, rijn_cpu_features());
    printf("# %-9s %-46s %-9s %8s %10s %10s  %s\n", "mode", "driver", "secret", "max|t|", "med0", "med1",
           "verdict");
    int leaks = 0, control_tests = 0, control_detected = 0;
    /* Constant-time tests over the threshold, confirmed after the pass. */
    static size_t suspect[MAX_TESTS];
    static double first_t[MAX_TESTS];
    size_t nsuspect = 0;
    for (size_t i = 0; i < ntests; i++) {
        const struct test *t = &tests[i];
        /* The control's leak is small (see the top): it gets four times the
         * measurements, so t can grow twice as large. */
        double m0 = 0, m1 = 0, tv = measure(t, t->constant_time ? n : 4 * n, &m0, &m1);
        if (tv < 0) return 1;
        const char *verdict;
        if (!t->constant_time) {
            control_tests++;
            /* The key test of the control has a key schedule that touches
             * every table line whatever the key; its plaintext test is the
             * one that must show. */
            if (tv > 4.5) control_detected++;
            verdict = tv > 4.5 ? "leak (expected: not constant-time)" : "not detected";
        } else if (tv <= 4.5) {
            verdict = "ok";
        } else {
            verdict = "over the threshold: confirmed or not after the pass";
            first_t[nsuspect] = tv;
            suspect[nsuspect++] = i;
        }
        printf("  %-9s %-46s %-9s %8.2f %10.0f %10.0f  %s\n", alg_name(t), t->driver, secret_name[t->secret], tv, m0, m1,
               verdict);
        fflush(stdout);
    }
    /* Confirmation, after every other test has run, so that the re-runs
     * fall in another stretch of the machine's time than the first
     * measurement (on a shared VM a neighbour's load can last as long as
     * one test and its immediate re-runs: a CI run and a make check beside
     * other jobs each once "confirmed" such a window). Twice with four
     * times the measurements: a real leak grows like sqrt(N) and shows in
     * both, an excursion of the noise does not come back. */
    for (size_t k = 0; k < nsuspect; k++) {
        const struct test *t = &tests[suspect[k]];
        double m0 = 0, m1 = 0, tv2 = measure(t, 4 * n, &m0, &m1), tv3 = 0;
        if (tv2 < 0) return 1;
        if (tv2 > 4.5 && (tv3 = measure(t, 4 * n, &m0, &m1)) < 0) return 1;
        int leak = tv2 > 4.5 && tv3 > 4.5;
        leaks += leak;
        printf("  %-9s %-46s %-9s %8.2f  re-runs with %zu: |t| = %.2f%s%.2f  %s\n", alg_name(t), t->driver,
               secret_name[t->secret], first_t[k], 4 * n, tv2, tv2 > 4.5 ? ", then " : "", tv2 > 4.5 ? tv3 : 0.0,
               leak ? "LEAK (confirmed)" : "ok (noise: not confirmed)");
        fflush(stdout);
    }
    free(evict_buf);
    if (control_tests)
        printf("# positive control (drivers not constant-time): leak detected in %d of %d tests%s\n",
               control_detected, control_tests,
               control_detected ? "" : ": THIS MACHINE'S NOISE HIDES EVEN aes-generic; the verdicts above show nothing");
    else
        printf("# positive control: none selected by the filter, so the verdicts above are uncalibrated\n");
    printf("# %d confirmed leak(s) in constant-time drivers\n", leaks);
    return leaks ? 1 : control_detected ? 0 : 3;
}
