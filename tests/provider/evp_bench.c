/* SPDX-License-Identifier: MIT */
/*
 * Per-message cost of AES-128-GCM through EVP: rijn provider against the
 * default provider, interleaved, best of several rounds.
 *
 *   evp_bench <provider dir> [messages per round] [rounds]
 *
 * One message is what OpenVPN and TLS do per packet: init with a new IV
 * (and, in the "rekey" rows, the key again, as `openssl speed -evp` does),
 * 13 bytes of AAD, the data in place, final, and the tag. Reported: the
 * fastest round's ns per message (the shared host's slow phases inflate
 * medians but rarely every round) and the ratio default / rijn (> 1 means
 * rijn is faster). Not a test: it asserts nothing.
 */
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static double run(EVP_CIPHER *c, int len, int rekey, int n)
{
    static unsigned char buf[16384 + 32];
    unsigned char key[16] = { 1 }, iv[12] = { 2 }, aad[13] = { 3 }, tag[16];
    int outl;
    EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
    EVP_EncryptInit_ex(x, c, NULL, key, iv);
    double t = now_ns();
    for (int i = 0; i < n; i++) {
        iv[11] = (unsigned char)i;
        EVP_EncryptInit_ex(x, NULL, NULL, rekey ? key : NULL, iv);
        EVP_EncryptUpdate(x, NULL, &outl, aad, sizeof aad);
        EVP_EncryptUpdate(x, buf, &outl, buf, len);
        EVP_EncryptFinal_ex(x, buf + outl, &outl);
        EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_AEAD_GET_TAG, 16, tag);
    }
    t = (now_ns() - t) / n;
    EVP_CIPHER_CTX_free(x);
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s <provider dir> [messages per round] [rounds]\n", argv[0]);
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 100000, rounds = argc > 3 ? atoi(argv[3]) : 7;
    OSSL_PROVIDER_set_default_search_path(NULL, argv[1]);
    if (!OSSL_PROVIDER_load(NULL, "rijn") || !OSSL_PROVIDER_load(NULL, "default")) {
        fprintf(stderr, "cannot load the rijn and default providers from %s\n", argv[1]);
        return 1;
    }
    EVP_CIPHER *cr = EVP_CIPHER_fetch(NULL, "AES-128-GCM", "provider=rijn");
    EVP_CIPHER *cd = EVP_CIPHER_fetch(NULL, "AES-128-GCM", "provider=default");
    static const int lens[] = { 16, 1500, 16384 };
    printf("# AES-128-GCM per message through EVP, best of %d rounds of %d\n", rounds, n);
    printf("%6s %6s %12s %15s %7s\n", "bytes", "rekey", "rijn ns/msg", "default ns/msg", "ratio");
    for (int rekey = 0; rekey < 2; rekey++)
        for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
            double br = 1e30, bd = 1e30;
            int m = lens[l] > 4096 ? n / 16 : n;
            for (int r = 0; r < rounds; r++) {
                double a = run(cr, lens[l], rekey, m), b = run(cd, lens[l], rekey, m);
                if (a < br) br = a;
                if (b < bd) bd = b;
            }
            printf("%6d %6s %12.1f %15.1f %6.2fx\n", lens[l], rekey ? "yes" : "no", br, bd, bd / br);
        }
    EVP_CIPHER_free(cr);
    EVP_CIPHER_free(cd);
    return 0;
}
