/* SPDX-License-Identifier: MIT */
/*
 * A program outside the tree that uses an installed rijn, the way a user's
 * would (tests/py/test_install.py and test_deb.py build it with pkg-config
 * and with CMake against the installed files only).
 *
 *   consumer              FIPS 197 Appendix C.1: AES-128 of one block;
 *                         exit 0 if it matches, 1 if not
 *   consumer KEY BLOCK    prints AES(KEY, BLOCK) in hex (the test checks
 *                         it against pyca/cryptography)
 */
#include <rijn/rijn.h>
#include <stdio.h>
#include <string.h>

static int unhex(const char *s, uint8_t *out, size_t max, size_t *len)
{
    size_t n = strlen(s);
    if (n % 2 || n / 2 > max)
        return -1;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    *len = n / 2;
    return 0;
}

int main(int argc, char **argv)
{
    /* FIPS 197, Appendix C.1 (AES-128). */
    uint8_t key[32] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
                       0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
    uint8_t in[16] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                      0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff};
    static const uint8_t want[16] = {0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
                                     0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
    size_t key_len = 16, in_len = 16;
    uint8_t out[16];
    rijn_ecb_ctx c;
    int r;

    if (argc == 3 && (unhex(argv[1], key, sizeof key, &key_len) || unhex(argv[2], in, sizeof in, &in_len) ||
                      in_len != 16)) {
        fprintf(stderr, "usage: consumer [KEY-HEX BLOCK-HEX(16 bytes)]\n");
        return 2;
    }
    if ((r = rijn_ecb_init(&c, NULL, key, key_len)) != RIJN_OK ||
        (r = rijn_ecb_encrypt(&c, out, in, sizeof out)) != RIJN_OK) {
        fprintf(stderr, "consumer: %s\n", rijn_strerror(r));
        return 2;
    }
    rijn_ecb_clear(&c);
    for (size_t i = 0; i < sizeof out; i++)
        printf("%02x", out[i]);
    printf("\n");
    if (argc == 3)
        return 0;
    if (memcmp(out, want, sizeof want) != 0) {
        fprintf(stderr, "consumer: FIPS 197 C.1 mismatch\n");
        return 1;
    }
    return 0;
}
