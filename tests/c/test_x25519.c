/* SPDX-License-Identifier: MIT */
/*
 * X25519 through every driver, in C, for the builds whose architecture
 * has no Python (aarch64, armv7, s390x under qemu-user) and natively:
 *
 *   - the cases of FILE (scripts/gen_kat.py writes build/x25519_kat.txt:
 *     Wycheproof, RFC 7748, edge u-coordinates, and random cases whose
 *     results come from OpenSSL), each through rijn_x25519 with every
 *     available driver; an all-zero result must come with
 *     RIJN_ERR_ZERO_RESULT and 32 zero bytes;
 *   - rijn_x25519_base against rijn_x25519(k, 9), and every driver
 *     against the first, on random scalars;
 *   - batches of every size 0..20 (the file's cases, zero results
 *     included) against the single calls, status entries and return code,
 *     out in place of the points and of the scalars; the same through the
 *     batch pick (driver NULL), which ranks drivers by batch_priority;
 *   - out aliasing the scalar or the point in the single call;
 *   - the RFC 7748 section 5.2 iterated test to 1000 (make x25519-long runs
 *     1,000,000: tests/c/test_x25519_iter.c);
 *   - misuse: NULL pointers, unknown drivers, a driver of another kind.
 *
 * usage: test_x25519 FILE [--selected]
 *   --selected  print the driver that NULL selects and exit
 */
#include "rijn/rijn.h"
#include "testutil.h"

#define MAXDRV 16
#define MAXCASE 2048

static const char *drivers[MAXDRV];
static size_t ndrivers;

static struct xcase {
    uint8_t k[32], u[32], r[32];
    int zero;
} cases[MAXCASE];
static size_t ncases;

static int unhex(uint8_t *out, const char *s, size_t n)
{
    if (strlen(s) != 2 * n) return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

static int load(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return -1;
    }
    char kind[16], verdict[8], k[80], u[80], r[80];
    while (fscanf(f, "%15s %7s %79s %79s %79s", kind, verdict, k, u, r) == 5) {
        struct xcase *c = &cases[ncases];
        if (ncases == MAXCASE || strcmp(kind, "x25519") != 0 || unhex(c->k, k, 32) || unhex(c->u, u, 32) ||
            unhex(c->r, r, 32)) {
            fclose(f);
            fprintf(stderr, "%s: malformed line %zu\n", path, ncases + 1);
            return -1;
        }
        c->zero = strcmp(verdict, "zero") == 0;
        ncases++;
    }
    fclose(f);
    return 0;
}

static void vectors(const char *d)
{
    unsigned long zero = 0;
    for (size_t i = 0; i < ncases; i++) {
        const struct xcase *c = &cases[i];
        uint8_t out[32];
        memset(out, 0xa5, sizeof out);
        int r = rijn_x25519(d, out, c->k, c->u);
        CHECK(memcmp(out, c->r, 32) == 0, "%s case %zu: wrong result", d, i + 1);
        CHECK(r == (c->zero ? RIJN_ERR_ZERO_RESULT : RIJN_OK), "%s case %zu: returned %d", d, i + 1, r);
        zero += (unsigned long)c->zero;
    }
    printf("%s: %zu cases (%lu with an all-zero result)\n", d, ncases, zero);
}

static void base_and_agreement(const char *d)
{
    static const uint8_t nine[32] = { 9 };
    for (int i = 0; i < 64; i++) {
        uint8_t k[32], a[32], b[32], c[32];
        t_fill(k, 32);
        CHECK(rijn_x25519_base(d, a, k) == RIJN_OK, "%s base", d);
        CHECK(rijn_x25519(d, b, k, nine) == RIJN_OK && memcmp(a, b, 32) == 0, "%s: base != x25519(k, 9)", d);
        CHECK(rijn_x25519(drivers[0], c, k, a) == rijn_x25519(d, b, k, a) && memcmp(b, c, 32) == 0,
              "%s disagrees with %s", d, drivers[0]);
    }
}

static void batches(const char *d)
{
    enum { N = 20 };
    uint8_t k[N * 32] = { 0 }, u[N * 32] = { 0 }, out[N * 32] = { 0 }, want[N * 32] = { 0 };
    int st[N] = { 0 }, wst[N] = { 0 };
    /* d NULL: the batch pick (x25519.c ranks batches by batch_priority),
     * against the single-operation pick. */
    const char *name = d ? d : "the batch pick";
    for (size_t n = 0; n <= N; n++) {
        /* Cases from the file at a stride, so that zero results mix in. */
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            const struct xcase *c = &cases[(n * 37 + i * 13) % ncases];
            memcpy(k + 32 * i, c->k, 32);
            memcpy(u + 32 * i, c->u, 32);
            wst[i] = rijn_x25519(d, want + 32 * i, c->k, c->u);
            any |= wst[i] != RIJN_OK;
        }
        int r = rijn_x25519_batch(d, out, k, u, n, st);
        CHECK(r == (any ? RIJN_ERR_ZERO_RESULT : RIJN_OK), "%s batch %zu returned %d", name, n, r);
        CHECK(memcmp(out, want, 32 * n) == 0 && memcmp(st, wst, n * sizeof st[0]) == 0, "%s batch %zu", name, n);
        /* In place of the points, and of the scalars (without status). */
        memcpy(out, u, 32 * n);
        CHECK(rijn_x25519_batch(d, out, k, out, n, NULL) == r && memcmp(out, want, 32 * n) == 0,
              "%s batch %zu in place of the points", name, n);
        memcpy(out, k, 32 * n);
        CHECK(rijn_x25519_batch(d, out, out, u, n, NULL) == r && memcmp(out, want, 32 * n) == 0,
              "%s batch %zu in place of the scalars", name, n);
    }
}

static void aliasing(const char *d)
{
    const struct xcase *c = &cases[0];
    uint8_t b[32];
    memcpy(b, c->k, 32);
    CHECK(rijn_x25519(d, b, b, c->u) == RIJN_OK && memcmp(b, c->r, 32) == 0, "%s: out == scalar", d);
    memcpy(b, c->u, 32);
    CHECK(rijn_x25519(d, b, c->k, b) == RIJN_OK && memcmp(b, c->r, 32) == 0, "%s: out == point", d);
}

/* RFC 7748 section 5.2: k = u = 9; each round, (k, u) = (X25519(k, u), k). */
static void iterated(const char *d)
{
    static const char *want1 = "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079";
    static const char *want1000 = "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
    uint8_t k[32] = { 9 }, u[32] = { 9 }, r[32], w[32];
    for (int i = 1; i <= 1000; i++) {
        rijn_x25519(d, r, k, u);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == 1) CHECK(unhex(w, want1, 32) == 0 && memcmp(k, w, 32) == 0, "%s: 1 iteration", d);
    }
    CHECK(unhex(w, want1000, 32) == 0 && memcmp(k, w, 32) == 0, "%s: 1000 iterations", d);
}

static void misuse(void)
{
    uint8_t a[32] = { 1 }, b[32] = { 9 }, o[32];
    CHECK(rijn_x25519(NULL, NULL, a, b) == RIJN_ERR_NULL, "NULL out");
    CHECK(rijn_x25519(NULL, o, NULL, b) == RIJN_ERR_NULL, "NULL scalar");
    CHECK(rijn_x25519(NULL, o, a, NULL) == RIJN_ERR_NULL, "NULL point");
    CHECK(rijn_x25519_base(NULL, NULL, a) == RIJN_ERR_NULL && rijn_x25519_base(NULL, o, NULL) == RIJN_ERR_NULL,
          "base NULL");
    CHECK(rijn_x25519_keygen(NULL, NULL, o) == RIJN_ERR_NULL && rijn_x25519_keygen(NULL, o, NULL) == RIJN_ERR_NULL,
          "keygen NULL");
    CHECK(rijn_x25519_batch(NULL, NULL, a, b, 1, NULL) == RIJN_ERR_NULL, "batch NULL");
    CHECK(rijn_x25519_batch(NULL, NULL, NULL, NULL, 0, NULL) == RIJN_OK, "batch n = 0");
    CHECK(rijn_x25519(NULL, o, a, b) == RIJN_OK, "selected driver");
    CHECK(rijn_x25519("no-such-driver", o, a, b) == RIJN_ERR_NO_DRIVER, "unknown driver");
    CHECK(rijn_x25519("aes-ct64", o, a, b) == RIJN_ERR_NO_DRIVER, "a driver of another kind");
    CHECK(rijn_x25519_base("aes-ct64", o, a) == RIJN_ERR_NO_DRIVER, "base: a driver of another kind");
    uint8_t p1[32], q1[32], p2[32], q2[32], chk[32];
    CHECK(rijn_x25519_keygen(NULL, p1, q1) == RIJN_OK && rijn_x25519_keygen(NULL, p2, q2) == RIJN_OK &&
              memcmp(p1, p2, 32) != 0 && rijn_x25519_base(NULL, chk, p1) == RIJN_OK && memcmp(chk, q1, 32) == 0,
          "keygen");
}

int main(int argc, char **argv)
{
    t_seed();
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) == RIJN_OK && strcmp(info.algorithm, "x25519") == 0 && info.available &&
            ndrivers < MAXDRV)
            drivers[ndrivers++] = info.driver;
    }
    if (argc == 3 && strcmp(argv[2], "--selected") == 0) {
        const char *s = rijn_selected_driver("x25519");
        printf("%s\n", s ? s : "(none)");
        return s ? 0 : 1;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE [--selected] (FILE: build/x25519_kat.txt, from scripts/gen_kat.py)\n",
                argv[0]);
        return 2;
    }
    if (load(argv[1]) || ncases == 0) return 2;
    CHECK(ndrivers > 0, "no x25519 driver available");
    for (size_t d = 0; d < ndrivers; d++) {
        vectors(drivers[d]);
        base_and_agreement(drivers[d]);
        batches(drivers[d]);
        aliasing(drivers[d]);
        iterated(drivers[d]);
        printf("tested %s\n", drivers[d]);
    }
    batches(NULL);
    misuse();
    return t_done();
}
