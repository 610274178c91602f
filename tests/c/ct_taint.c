/*
 * Secret-taint test (the ctgrind method of Langley, used by BoringSSL and
 * Monocypher): the key and the plaintext are marked undefined for valgrind
 * memcheck. Any branch or memory address that depends on them is reported
 * as use of uninitialised data, and --error-exitcode makes it fail.
 *
 * usage: ct_taint DRIVER    (a driver name from the registry)
 *        ct_taint --list    (the mode drivers of this build: name, alg, ct, available, selected)
 * Run it under: valgrind --error-exitcode=42 --track-origins=yes
 */
#include <valgrind/memcheck.h>

#include "testutil.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: ct_taint DRIVER\n");
        return 2;
    }
    const char *drv = argv[1], *alg = NULL;
    rijn_driver_info info;
    if (strcmp(drv, "--list") == 0) {
        /* The drivers of this build (the taint build compiles the VAES
         * drivers in emulation, so its list differs from the release's). */
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_get(i, &info);
            if (strchr(info.algorithm, '('))
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
    /* Self-tests run now, on public data, before anything is tainted. */
    for (size_t i = 0; i < rijn_driver_count(); i++) rijn_driver_selftest(i);

    static uint8_t key[64], pt[1000], out[1032], iv[16], tag[16];
    t_fill(key, sizeof key);
    t_fill(pt, sizeof pt);
    t_fill(iv, sizeof iv);
    SECRET(key, sizeof key);
    SECRET(pt, sizeof pt);
    int r = -100;
    /* Lengths chosen to hit the multi-block path and the tails. */
    const size_t len = 16 * 37 + 5, blen = 16 * 37;
    if (strcmp(alg, "ecb(aes)") == 0) {
        rijn_ecb_ctx c;
        r = rijn_ecb_init(&c, drv, key, 32);
        if (!r) r = rijn_ecb_encrypt(&c, out, pt, blen);
        if (!r) r = rijn_ecb_decrypt(&c, out, out, blen);
        rijn_ecb_clear(&c);
    } else if (strcmp(alg, "cbc(aes)") == 0) {
        rijn_cbc_ctx c;
        size_t ol;
        r = rijn_cbc_init(&c, drv, key, 16);
        if (!r) r = rijn_cbc_encrypt(&c, iv, out, pt, blen);
        if (!r) r = rijn_cbc_decrypt(&c, iv, out, out, blen);
        /* Padding removal: the padding verdict itself is public. */
        if (!r) r = rijn_cbc_encrypt_pad(&c, iv, out, sizeof out, &ol, pt, len);
        if (!r) {
            int pr = rijn_cbc_decrypt_pad(&c, iv, out, sizeof out, &ol, out, ol);
            PUBLIC(&pr, sizeof pr);
            r = pr;
        }
        rijn_cbc_clear(&c);
    } else if (strcmp(alg, "ctr(aes)") == 0) {
        rijn_ctr_ctx c;
        r = rijn_ctr_init(&c, drv, key, 24, iv);
        if (!r) r = rijn_ctr_xor(&c, out, pt, 3);
        if (!r) r = rijn_ctr_xor(&c, out + 3, pt + 3, len - 3);
        rijn_ctr_clear(&c);
    } else if (strcmp(alg, "xts(aes)") == 0) {
        rijn_xts_ctx c;
        PUBLIC(key, 1);   /* the K1 != K2 check compares in constant time, but */
        key[0] ^= 1;      /* make sure the halves differ without reading secrets */
        r = rijn_xts_init(&c, drv, key, 64);
        if (!r) r = rijn_xts_encrypt(&c, iv, out, pt, len);
        if (!r) r = rijn_xts_decrypt(&c, iv, out, out, len);
        rijn_xts_clear(&c);
    } else if (strcmp(alg, "gcm(aes)") == 0) {
        rijn_gcm_key k;
        r = rijn_gcm_init(&k, drv, key, 16);
        /* A long message and a short one (drivers keep short ones, here
         * 21 bytes, on a path of their own). */
        for (int pass = 0; pass < 2 && !r; pass++) {
            const size_t gl = pass ? 21 : len;
            r = rijn_gcm_seal(&k, iv, 12, pt, 13, pt + 13, gl, out, tag, 16);
            if (!r) {
                /* The tag comparison: only the verdict may be public. */
                int vr = rijn_gcm_open(&k, iv, 12, pt, 13, out, gl, tag, 16, out);
                PUBLIC(&vr, sizeof vr);
                r = vr;
            }
        }
        rijn_gcm_clear(&k);
    } else if (strcmp(alg, "ccm(aes)") == 0) {
        rijn_ccm_key k;
        r = rijn_ccm_init(&k, drv, key, 16);
        if (!r) r = rijn_ccm_seal(&k, iv, 12, pt, 20, pt + 20, len, out, tag, 16);
        if (!r) {
            int vr = rijn_ccm_open(&k, iv, 12, pt, 20, out, len, tag, 16, out);
            PUBLIC(&vr, sizeof vr);
            r = vr;
        }
        rijn_ccm_clear(&k);
    } else if (strcmp(alg, "cmac(aes)") == 0) {
        rijn_cmac_key k;
        r = rijn_cmac_init(&k, drv, key, 16);
        if (!r) {
            int vr = rijn_cmac_verify(&k, pt, len, pt, 16);
            PUBLIC(&vr, sizeof vr);
            r = vr == RIJN_ERR_AUTH ? 0 : -1;
        }
        rijn_cmac_clear(&k);
    } else {
        fprintf(stderr, "ct_taint: %s: test the modes that use it (algorithm %s)\n", drv, alg);
        return 2;
    }
    PUBLIC(&r, sizeof r);
    if (r != 0) {
        fprintf(stderr, "ct_taint: %s: %s\n", drv, rijn_strerror(r));
        return 3;
    }
    printf("ct_taint: %s: done\n", drv);
    return 0;
}
