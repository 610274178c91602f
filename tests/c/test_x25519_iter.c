/* SPDX-License-Identifier: MIT */
/*
 * The iterated X25519 test of RFC 7748 section 5.2: k = u = 9, then N times
 * (k, u) = (X25519(k, u), k). The RFC gives k after 1, 1,000 and 1,000,000
 * iterations; each one reached is compared.
 *
 *   test_x25519_iter [-d DRIVER|all] [N [EXPECTED]]
 *
 * N defaults to 1000. -d pins one driver (default: every available driver
 * of "x25519" and the automatic selection, NULL); EXPECTED (64 hex digits)
 * replaces the RFC's value for N, for counts the RFC does not list and to
 * show that a mismatch fails. Prints k and the time taken per driver, then
 * "N passed, N failed"; exits non-zero on any mismatch or error.
 * make x25519-long runs N = 1,000,000 (minutes per driver on the portable
 * drivers).
 */
#include <time.h>

#include "testutil.h"
#include "rijn/x25519.h"

static const struct {
    unsigned long n;
    const char *k;
} rfc[] = {
    {1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"},
    {1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"},
    {1000000, "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"},
};

static void hex(char out[65], const uint8_t b[32])
{
    for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", b[i]);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs n iterations with one driver (NULL: selection), checking every RFC
 * value passed on the way and, at the end, `expect` when given. */
static void run(const char *driver, unsigned long n, const char *expect)
{
    uint8_t k[32] = {9}, u[32] = {9}, t[32];
    char h[65];
    const char *name = driver ? driver : "(selected)";
    double t0 = now();
    for (unsigned long i = 1; i <= n; i++) {
        int r = rijn_x25519(driver, t, k, u);
        if (r != RIJN_OK) {
            CHECK(0, "%s: iteration %lu: rijn_x25519 returned %d", name, i, r);
            return;
        }
        memcpy(u, k, 32);
        memcpy(k, t, 32);
        for (size_t j = 0; j < sizeof rfc / sizeof rfc[0]; j++) {
            if (rfc[j].n != i || (i == n && expect)) continue;
            hex(h, k);
            CHECK(strcmp(h, rfc[j].k) == 0, "%s: after %lu iterations k = %s, RFC 7748 says %s", name, i, h,
                  rfc[j].k);
        }
    }
    double dt = now() - t0;
    hex(h, k);
    printf("%s: %lu iterations: k = %s (%.2f s, %.1f us each)\n", name, n, h, dt, n ? dt * 1e6 / (double)n : 0.0);
    if (expect) CHECK(strcmp(h, expect) == 0, "%s: after %lu iterations k = %s, expected %s", name, n, h, expect);
}

int main(int argc, char **argv)
{
    const char *only = "all";
    int a = 1;
    if (a + 1 < argc && strcmp(argv[a], "-d") == 0) {
        only = argv[a + 1];
        a += 2;
    }
    unsigned long n = 1000;
    if (a < argc) {
        char *end;
        n = strtoul(argv[a], &end, 10);
        if (*argv[a] == '\0' || *end != '\0') {
            fprintf(stderr, "usage: %s [-d DRIVER|all] [N [EXPECTED]]\n", argv[0]);
            return 2;
        }
        a++;
    }
    const char *expect = a < argc ? argv[a] : NULL;
    if (expect && strlen(expect) != 64) {
        fprintf(stderr, "EXPECTED must be 64 hex digits\n");
        return 2;
    }
    if (strcmp(only, "all") != 0) {
        run(only, n, expect);
        return t_done();
    }
    run(NULL, n, expect);
    size_t count = 0;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info d;
        if (rijn_driver_get(i, &d) != RIJN_OK || strcmp(d.algorithm, "x25519") != 0 || !d.available) continue;
        run(d.driver, n, expect);
        count++;
    }
    CHECK(count > 0, "no available driver of x25519 in the registry");
    return t_done();
}
