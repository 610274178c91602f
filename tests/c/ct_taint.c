/* SPDX-License-Identifier: MIT */
/*
 * Secret-taint test (the ctgrind method of Langley, used by BoringSSL and
 * Monocypher): the key and the plaintext are marked undefined for valgrind
 * memcheck. Any branch or memory address that depends on them is reported
 * as use of uninitialised data, and --error-exitcode makes it fail.
 *
 * The modes are the registry's algorithms, called through their adapters
 * (support/adapt.h) by shape: this file names none. The primitive kinds
 * (the AES round primitives...) go through theirs (support/adapt_prim.h),
 * which run every operation with the state and key secret.
 *
 * Pointer-authentication drivers (algorithm "pac", rijn/pac.h) are called
 * through their own table: every function, the key, data and modifier
 * secret.
 *
 * usage: ct_taint DRIVER    (a driver name from the registry)
 *        ct_taint --list    (the drivers of this build's modes, those with an
 *                            adapter: name, alg, ct, available, selected)
 * Run it under: valgrind --error-exitcode=42 --track-origins=yes
 */
#include <valgrind/memcheck.h>

#include "adapt.h"
#include "adapt_prim.h"
#include "testutil.h"
#include "rijn/pac.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

/* The positive control for the carry-less multiplies: a bit-serial loop
 * that stops after the multiplier's top set bit, so its trip count (a
 * branch) depends on the secret. valgrind must flag it (test_ct.py). */
static volatile uint64_t clmul_sink;

static int clmul_control(void)
{
    static uint64_t a[64], b[64];
    t_fill((uint8_t *)a, sizeof a);
    t_fill((uint8_t *)b, sizeof b);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    uint64_t x = 0;
    for (int i = 0; i < 64; i++)
        for (uint64_t m = a[i], n = b[i]; n; n >>= 1, m <<= 1) x ^= m & (0 - (n & 1));
    clmul_sink = x;
    printf("ct_taint: clmul control: done\n");
    return 0;
}

/* The positive control for X25519: the ladder of src/x25519/curve_core.h's
 * shape, on the radix-2^51 field of x25519-ref51, with the conditional swap
 * written as a branch on the scalar bit (the classic leak). valgrind must
 * flag it (test_ct.py), while every x25519 driver, run the same way through
 * support/prim_x25519.c, is clean. 16 steps are enough to show it. */
#ifdef __SIZEOF_INT128__
#include "x25519/fe51.h"
static volatile uint64_t x25519_sink;

static int x25519_control(void)
{
    uint8_t k[32], u[32] = { 9 };
    t_fill(k, sizeof k);
    SECRET(k, sizeof k);
    fe51 x1, x2, z2, x3, z3, a, b, c, d;
    fe51_frombytes(&x1, u);
    fe51_1(&x2);
    fe51_0(&z2);
    x3 = x1;
    fe51_1(&z3);
    for (int t = 254; t > 238; t--) {
        if ((k[t >> 3] >> (t & 7)) & 1) { /* the leak: a branch on the secret */
            fe51 s = x2;
            x2 = x3;
            x3 = s;
            s = z2;
            z2 = z3;
            z3 = s;
        }
        fe51_add(&a, &x2, &z2);
        fe51_sub(&b, &x2, &z2);
        fe51_add(&c, &x3, &z3);
        fe51_sub(&d, &x3, &z3);
        fe51_mul(&x3, &d, &a);
        fe51_mul(&z3, &c, &b);
        fe51_sqr(&x2, &a);
        fe51_sqr(&z2, &b);
    }
    x25519_sink = x2.v[0] ^ z2.v[1] ^ x3.v[2] ^ z3.v[3];
    printf("ct_taint: x25519 control: done\n");
    return 0;
}
#else
static int x25519_control(void)
{
    printf("ct_taint: x25519 control: no 128-bit products on this host\n");
    return 3;
}
#endif

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ct_taint DRIVER\n");
        return 2;
    }
    const char *drv = argv[1], *alg = NULL;
    rijn_driver_info info;
    if (strcmp(drv, "--clmul-control") == 0) return clmul_control();
    if (strcmp(drv, "--x25519-control") == 0) return x25519_control();
    if (strcmp(drv, "--list") == 0) {
        /* The drivers of this build (the taint build compiles the VAES
         * drivers in emulation, so its list differs from the release's). */
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_get(i, &info);
            if (rs_find(info.algorithm) || rs_prim_find(info.algorithm))
                printf("%s\t%s\t%d\t%d\t%d\n", info.driver, info.algorithm, info.constant_time, info.available,
                       info.selected);
        }
        return 0;
    }
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_get(i, &info);
        if (strcmp(info.driver, drv) == 0) alg = info.algorithm;
    }
    if (!alg) {
        fprintf(stderr, "ct_taint: unknown driver %s\n", drv);
        return 2;
    }
    /* A primitive kind (support/adapt_prim.h): its adapter runs every
     * operation of the driver on the secret bytes (state, round key...). */
    const struct rs_prim *p = rs_prim_find(alg);
    if (p) {
        for (size_t i = 0; i < rijn_driver_count(); i++) rijn_driver_selftest(i);
        static uint8_t secret[512], res[512];
        t_fill(secret, sizeof secret);
        SECRET(secret, sizeof secret);
        int pr = p->taint(drv, secret, res, sizeof res);
        PUBLIC(&pr, sizeof pr);
        if (pr != 0) {
            fprintf(stderr, "ct_taint: %s: %s\n", drv, rijn_strerror(pr));
            return 3;
        }
        printf("ct_taint: %s: done\n", drv);
        return 0;
    }
    const struct rs_alg *a = rs_find(alg);
    if (!a) {
        fprintf(stderr, "ct_taint: %s: test the modes that use it (algorithm %s)\n", drv, alg);
        return 2;
    }
    /* Self-tests run now, on public data, before anything is tainted. */
    for (size_t i = 0; i < rijn_driver_count(); i++) rijn_driver_selftest(i);

    static uint8_t key[64], pt[5120], out[5152], iv[16], tag[16];
    t_fill(key, sizeof key);
    t_fill(pt, sizeof pt);
    t_fill(iv, sizeof iv);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    /* A key with two parts (XTS: K1 || K2) must have distinct halves. The
     * check compares in constant time, but make sure they differ without
     * reading secrets. */
    if (a->key_parts > 1) {
        PUBLIC(key, 1);
        key[0] ^= 1;
    }
    /* Lengths chosen to hit the multi-block path and the tails. The key
     * size rotates with the mode's place in the table, so that each
     * driver's 128-, 192- and 256-bit key schedules are all checked. */
    size_t idx = 0;
    while (rs_get(idx) != a) idx++;
    const size_t len = 16 * 37 + 5, blen = 16 * 37, kl = rs_key_len(a, idx);
    rs_ctx c;
    rs_stream st;
    int r = a->init(&c, drv, key, kl);
    switch (a->shape) {
    case RS_CIPHER: {
        /* Whole blocks where the mode needs them, else with a tail. First
         * 100 blocks (and 5 bytes): XTS gives the driver 100 whole blocks
         * to encrypt and 99 to decrypt (decryption steals with the last
         * whole one first), and from 96 on aes-vaes-avx512's whole passes
         * run in vaes512_xts_passes. */
        size_t n = a->block > 1 ? blen : len;
        const size_t nl = a->block > 1 ? 16 * 100 : 16 * 100 + 5;
        if (!r) r = a->crypt(&c, 1, iv, out, pt, nl);
        if (!r) r = a->crypt(&c, 0, iv, out, out, nl);
        if (!r) r = a->crypt(&c, 1, iv, out, pt, n);
        if (!r) r = a->crypt(&c, 0, iv, out, out, n);
        /* Streaming, where the mode has it and takes any split: a partial
         * block first, then the rest. */
        if (!r && a->s_start && a->update_granule == 1) {
            r = a->s_start(&st, &c, iv, 16, 1);
            if (!r) r = a->s_update(&st, out, pt, 3);
            if (!r) r = a->s_final(&st, out + 3, pt + 3, n - 3, NULL, 0);
        }
        if (!r && a->crypt_pad) {
            /* Padding removal: the padding verdict itself is public. */
            size_t ol;
            r = a->crypt_pad(&c, 1, iv, out, sizeof out, &ol, pt, len);
            if (!r) {
                int pr = a->crypt_pad(&c, 0, iv, out, sizeof out, &ol, out, ol);
                PUBLIC(&pr, sizeof pr);
                r = pr;
            }
        }
        break;
    }
    case RS_AEAD: {
        /* A long message, a short one (drivers keep short ones, here 21
         * bytes, on a path of their own) and a longer one, 117 blocks and
         * 5 bytes: seven passes of gcm-aes-vaes-avx512, which reach its
         * loop's 32-block groups and the odd pass after them in both
         * directions. Then whole blocks, which that driver's one-shot
         * path hashes with the lengths block in their last group: 96
         * (six passes, an even count), 112 (seven) and 37 (two passes
         * and a tail of five). Last, 300 blocks and 3 bytes: GCM's counter
         * byte 15 wraps in it (the gcm-aes-vaes-avx512 drivers' first-round
         * table serves 256 blocks, then takes the next period's S1). AAD 20,
         * then 13 bytes. */
        static const size_t mls[] = { 16 * 37 + 5, 21, 16 * 117 + 5, 16 * 96, 16 * 112, 16 * 37, 16 * 300 + 3 };
        for (size_t pass = 0; pass < sizeof mls / sizeof mls[0] && !r; pass++) {
            const size_t ml = mls[pass], al = pass == 0 ? 20 : 13;
            r = a->seal(&c, iv, a->iv_len, pt, al, pt + al, ml, out, tag, 16);
            if (!r) {
                /* The tag comparison: only the verdict may be public. */
                int vr = a->open(&c, iv, a->iv_len, pt, al, out, ml, tag, 16, out);
                PUBLIC(&vr, sizeof vr);
                r = vr;
            }
        }
        break;
    }
    case RS_MAC:
        if (!r) {
            int vr = a->verify(&c, pt, len, pt, 16);
            PUBLIC(&vr, sizeof vr);
            r = vr == RIJN_ERR_AUTH ? 0 : -1;
        }
        break;
    }
    a->clear(&c);
    PUBLIC(&r, sizeof r);
    if (r != 0) {
        fprintf(stderr, "ct_taint: %s: %s\n", drv, rijn_strerror(r));
        return 3;
    }
    printf("ct_taint: %s: done\n", drv);
    return 0;
}
