/* SPDX-License-Identifier: MIT */
/*
 * src/x25519/invert.c, the divsteps inversion mod p = 2^255 - 19 that
 * single X25519 operations use on 64-bit targets, on its own:
 *  - x * (1/x) = 1 mod p through fe51.h's multiplication, and 1/x
 *    canonical (below p), for x = 1, 2, 19, p - 1, p - 2, (p - 1) / 2,
 *    2^k, 2^k - 1, p - 2^k (every k), values with long runs of zero or
 *    one bits, and random x;
 *  - 1/0 = 0, as Fermat's z^(p-2) gives;
 *  - inside, with the file's static functions: every batch's matrix
 *    within the bound the comments prove (|u| + |v| and |q| + |r| at most
 *    2^62), d and e inside (-2p, p) after every batch, f and g inside
 *    [-p, p], and g = 0 after the ten batches (the 590-step bound); the
 *    most batches any input needed is printed.
 * The X25519 vectors (test_x25519) run it through every driver as well.
 * Skipped (exit 77, with the reason) where the compiler has no 128-bit
 * integer: the library uses Fermat's chain there.
 *
 * usage: test_invert [random rounds, default 200000]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#ifdef __SIZEOF_INT128__
#include "x25519/fe51.h"
#include "x25519/invert.c" // NOLINT(bugprone-suspicious-include): the file under test, with its static functions

static const uint8_t P_BYTES[32] = { 0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f };

/* a < b as 256-bit little-endian numbers */
static int lt(const uint8_t a[32], const uint8_t b[32])
{
    for (int i = 31; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i];
    return 0;
}

/* x mod p, canonical, for any x < 2^255 (subtract p once if x >= p) */
static void canon(uint8_t x[32])
{
    if (lt(x, P_BYTES)) return;
    unsigned borrow = 0;
    for (int i = 0; i < 32; i++) {
        const unsigned d = (unsigned)x[i] - P_BYTES[i] - borrow;
        x[i] = (uint8_t)d;
        borrow = (d >> 8) & 1;
    }
}

/* Compare two numbers in signed 62-bit limbs with v[0..3] in [0, 2^62)
 * (the form every routine of invert.c leaves): the top limbs, then down. */
static int s62_cmp(const s62 *a, const s62 *b)
{
    for (int i = 4; i >= 0; i--)
        if (a->v[i] != b->v[i]) return a->v[i] < b->v[i] ? -1 : 1;
    return 0;
}

static s62 norm(s62 a)
{
    s62_carry(&a);
    return a;
}

static int g_fail, g_tests, g_max_batches;

/* The inversion, step by step, checking the invariants of invert.c. */
static void check_inside(const uint8_t in[32])
{
    uint8_t out[32];
    s62 d = { { 0 } }, e = { { 1, 0, 0, 0, 0 } }, f = { { P0, 0, 0, 0, P4 } }, g;
    uint64_t w[4];
    for (int i = 0; i < 4; i++) w[i] = rijn_load64_le(in + 8 * i);
    g.v[0] = (int64_t)(w[0] & M62);
    g.v[1] = (int64_t)(((w[0] >> 62) | (w[1] << 2)) & M62);
    g.v[2] = (int64_t)(((w[1] >> 60) | (w[2] << 4)) & M62);
    g.v[3] = (int64_t)(((w[2] >> 58) | (w[3] << 6)) & M62);
    g.v[4] = (int64_t)(w[3] >> 56);
    const s62 p = norm((s62){ { P0, 0, 0, 0, P4 } }), mp = norm((s62){ { -P0, 0, 0, 0, -P4 } }),
              m2p = norm((s62){ { -2 * P0, 0, 0, 0, -2 * P4 } });
    int64_t zeta = -1, t[4];
    int batches = 0;
    for (int b = 0; b < 10; b++) {
        int zero = 1;
        for (int i = 0; i < 5; i++) zero &= g.v[i] == 0;
        if (!zero) batches = b + 1;
        zeta = divsteps_59(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], t);
        const __int128 l = (__int128)1 << 62;
        const __int128 uv = (t[0] < 0 ? -(__int128)t[0] : t[0]) + (t[1] < 0 ? -(__int128)t[1] : t[1]);
        const __int128 qr = (t[2] < 0 ? -(__int128)t[2] : t[2]) + (t[3] < 0 ? -(__int128)t[3] : t[3]);
        if (uv > l || qr > l) {
            printf("FAIL matrix bound, batch %d\n", b);
            g_fail++;
        }
        update_de(&d, &e, t);
        update_fg(&f, &g, t);
        /* d, e in (-2p, p); f, g in [-p, p] */
        if (s62_cmp(&d, &m2p) <= 0 || s62_cmp(&d, &p) >= 0 || s62_cmp(&e, &m2p) <= 0 || s62_cmp(&e, &p) >= 0 ||
            s62_cmp(&f, &mp) < 0 || s62_cmp(&f, &p) > 0 || s62_cmp(&g, &mp) < 0 || s62_cmp(&g, &p) > 0) {
            printf("FAIL range after batch %d\n", b);
            g_fail++;
        }
        for (int i = 0; i < 4; i++)
            if (d.v[i] < 0 || e.v[i] < 0 || f.v[i] < 0 || g.v[i] < 0 || (uint64_t)d.v[i] > M62) {
                printf("FAIL limb range after batch %d\n", b);
                g_fail++;
            }
    }
    for (int i = 0; i < 5; i++)
        if (g.v[i] != 0) {
            printf("FAIL g != 0 after 590 steps\n");
            g_fail++;
            break;
        }
    if (batches > g_max_batches) g_max_batches = batches;
    (void)out;
}

static void check(const uint8_t x_in[32])
{
    uint8_t x[32], y[32], one[32], yc[32];
    memcpy(x, x_in, 32);
    x[31] &= 0x7f;
    canon(x);
    rijn_x25519_invert(y, x);
    g_tests++;
    check_inside(x);
    memcpy(yc, y, 32);
    canon(yc);
    if (memcmp(yc, y, 32) != 0 || (y[31] & 0x80)) {
        printf("FAIL non-canonical output\n");
        g_fail++;
    }
    fe51 a, b, c;
    fe51_frombytes(&a, x);
    fe51_frombytes(&b, y);
    fe51_mul(&c, &a, &b);
    fe51_tobytes(one, &c);
    int is_zero = 1;
    for (int i = 0; i < 32; i++) is_zero &= x[i] == 0;
    uint8_t want[32] = { 0 };
    if (!is_zero) want[0] = 1;
    if (memcmp(one, want, 32) != 0 || (is_zero && memcmp(y, want, 32) != 0)) {
        printf("FAIL x * (1/x) != 1 for x =");
        for (int i = 31; i >= 0; i--) printf("%02x", x[i]);
        printf("\n");
        g_fail++;
    }
    /* in place */
    uint8_t z[32];
    memcpy(z, x, 32);
    rijn_x25519_invert(z, z);
    if (memcmp(z, y, 32) != 0) {
        printf("FAIL in place differs\n");
        g_fail++;
    }
}

static void set_pow2(uint8_t x[32], int k)
{
    memset(x, 0, 32);
    x[k / 8] = (uint8_t)(1u << (k % 8));
}

/* x - 1 (x != 0), or p - x for the p-relative values */
static void dec(uint8_t x[32])
{
    for (int i = 0; i < 32; i++)
        if (x[i]--) break;
}
static void p_minus(uint8_t out[32], const uint8_t x[32])
{
    unsigned borrow = 0;
    for (int i = 0; i < 32; i++) {
        const unsigned d = (unsigned)P_BYTES[i] - x[i] - borrow;
        out[i] = (uint8_t)d;
        borrow = (d >> 8) & 1;
    }
}

int main(int argc, char **argv)
{
    const long rounds = argc > 1 ? atol(argv[1]) : 200000;
    uint8_t x[32], y[32];
    memset(x, 0, 32);
    check(x); /* 0 */
    for (int v = 1; v < 64; v++) {
        memset(x, 0, 32);
        x[0] = (uint8_t)v;
        check(x);
        p_minus(y, x);
        check(y);
    }
    p_minus(x, (const uint8_t[32]){ 1 });
    for (int i = 0; i < 32; i++) y[i] = (uint8_t)((x[i] >> 1) | (i < 31 ? x[i + 1] << 7 : 0)); /* (p-1)/2 */
    check(y);
    for (int k = 0; k < 255; k++) {
        set_pow2(x, k);
        check(x);
        p_minus(y, x);
        check(y);
        dec(x);
        check(x);
        p_minus(y, x);
        check(y);
    }
    /* long runs: bytes of 0x00 and 0xff in blocks */
    for (int blk = 1; blk < 32; blk++) {
        for (int i = 0; i < 32; i++) x[i] = (i / blk) & 1 ? 0xff : 0x00;
        check(x);
        for (int i = 0; i < 32; i++) x[i] = (i / blk) & 1 ? 0x00 : 0xff;
        check(x);
    }
    for (long r = 0; r < rounds; r++) {
        t_fill(x, 32);
        check(x);
    }
    printf("test_invert: %d inputs (the most batches of 59 steps any needed: %d of 10), %d failed\n", g_tests,
           g_max_batches, g_fail);
    return g_fail ? 1 : 0;
}

#else
int main(void)
{
    printf("SKIP: no 128-bit integer on this target: the library inverts by Fermat's chain here, and "
           "src/x25519/invert.c is not built\n");
    return 77;
}
#endif
