/* SPDX-License-Identifier: MIT */
/*
 * Secret-taint test of the provider's TLS CBC record check
 * (provider/prov_tls_cbc.c), the ctgrind method of tests/c/ct_taint.c:
 * the decrypted record is marked undefined for valgrind memcheck, so any
 * branch or memory address that depends on it is reported, and
 * --error-exitcode makes the run fail.
 *
 *   prov_tls_taint ct        prov_tls_cbc_unpad, the provider's function:
 *                            must be clean
 *   prov_tls_taint branchy   a textbook check that stops at the first bad
 *                            padding byte and copies the MAC from where
 *                            the padding says: must be flagged
 *   prov_tls_taint indexed   masks everywhere, but the MAC rotated with a
 *                            secret index (OpenSSL's in-place rotation,
 *                            which relies on the cache line): must be
 *                            flagged
 * The two flagged variants show that the check can fail. Each also checks
 * its results on good and bad records, with the outputs declassified
 * first, so a variant that is clean because it does nothing would fail.
 *
 * Run it under: valgrind --error-exitcode=42 prov_tls_taint MODE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>

#include "../../provider/prov_tls_cbc.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

typedef int (*unpad_fn)(const uint8_t *rec, size_t len, size_t mac_size, const uint8_t *randmac, uint8_t *mac,
                        size_t *payload, size_t *good);

/* The leaky textbook version (what Lucky Thirteen exploits). */
static int unpad_branchy(const uint8_t *rec, size_t len, size_t mac_size, const uint8_t *randmac, uint8_t *mac,
                         size_t *payload, size_t *good)
{
    if (len < mac_size + 1) return 0;
    size_t pad = rec[len - 1];
    int ok = pad + 1 + mac_size <= len;
    for (size_t i = 0; ok && i <= pad; i++)
        if (rec[len - 1 - i] != pad) ok = 0;
    size_t end = ok ? len - pad - 1 : len;
    memcpy(mac, ok ? rec + end - mac_size : randmac, mac_size);
    *payload = end - mac_size;
    *good = ok ? (size_t)-1 : 0;
    return 1;
}

/* Constant-time masks, but the rotation reads rot[] at a secret index. */
static int unpad_indexed(const uint8_t *rec, size_t len, size_t mac_size, const uint8_t *randmac, uint8_t *mac,
                         size_t *payload, size_t *good_out)
{
    if (len < mac_size + 1 || mac_size == 0) return prov_tls_cbc_unpad(rec, len, mac_size, randmac, mac, payload,
                                                                        good_out);
    size_t good;
    /* the padding verdict and payload length from the real function ... */
    prov_tls_cbc_unpad(rec, len, mac_size, randmac, mac, payload, &good);
    /* ... then the MAC again, rotated by a secret index */
    size_t mac_start = *payload, off = mac_start % mac_size;
    uint8_t rot[PROV_TLS_MAX_MAC] = { 0 };
    size_t scan = len > mac_size + 256 ? len - (mac_size + 256) : 0;
    for (size_t i = scan; i < len; i++) {
        size_t in = (size_t)0 - (size_t)(i - mac_start < mac_size); /* setb, no branch */
        rot[i % mac_size] = (uint8_t)((rot[i % mac_size] & ~in) | (rec[i] & in));
    }
    for (size_t k = 0; k < mac_size; k++)
        mac[k] = (uint8_t)((rot[(off + k) % mac_size] & good) | (randmac[k] & ~good));
    *good_out = good;
    return 1;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint8_t rnd8(void)
{
    rng ^= rng >> 12, rng ^= rng << 25, rng ^= rng >> 27;
    return (uint8_t)((rng * 2685821657736338717ull) >> 56);
}

int main(int argc, char **argv)
{
    unpad_fn f = NULL;
    if (argc == 2 && strcmp(argv[1], "ct") == 0) f = prov_tls_cbc_unpad;
    if (argc == 2 && strcmp(argv[1], "branchy") == 0) f = unpad_branchy;
    if (argc == 2 && strcmp(argv[1], "indexed") == 0) f = unpad_indexed;
    if (!f) {
        fprintf(stderr, "usage: prov_tls_taint ct|branchy|indexed\n");
        return 2;
    }
    static const size_t macs[] = { 20, 32, 48 };
    /* payload lengths around the 256-byte scan window and padding of
     * every kind: minimal, long (up to 255), bad */
    static const size_t plens[] = { 0, 1, 15, 100, 300, 1000 };
    static const size_t pads[] = { 0, 5, 15, 100, 255 };
    static uint8_t rec[1000 + 48 + 256 + 16], mac[48], randmac[48], want[48];
    int checked = 0;
    for (size_t mi = 0; mi < 3; mi++)
        for (size_t pi = 0; pi < sizeof plens / sizeof plens[0]; pi++)
            for (size_t qi = 0; qi < sizeof pads / sizeof pads[0]; qi++)
                for (int bad = 0; bad < 2; bad++) {
                    size_t ms = macs[mi], plen = plens[pi], p = pads[qi];
                    size_t len = plen + ms + p + 1;
                    if (len % 16) { /* whole blocks: more payload */
                        plen += 16 - len % 16;
                        len += 16 - len % 16;
                    }
                    for (size_t i = 0; i < len; i++) rec[i] = rnd8();
                    for (size_t i = 0; i < ms; i++) want[i] = rec[plen + i], randmac[i] = rnd8() | 1;
                    randmac[0] = (uint8_t)(want[0] ^ 0x80); /* never equal to the real MAC */
                    memset(rec + len - p - 1, (int)p, p + 1);
                    if (bad) rec[len - 1 - (p + 1) / 2] ^= 0x40;
                    SECRET(rec, len);
                    size_t payload = 0, good = 0;
                    int r = f(rec, len, ms, randmac, mac, &payload, &good);
                    PUBLIC(rec, len);
                    PUBLIC(mac, ms);
                    PUBLIC(&payload, sizeof payload);
                    PUBLIC(&good, sizeof good);
                    PUBLIC(&r, sizeof r);
                    /* A flip of the length byte itself may make another
                     * valid padding: then only check that the MAC is not
                     * the real one. */
                    int flipped_len = bad && (p + 1) / 2 == 0;
                    if (r != 1 || (!flipped_len && good != (bad ? 0 : (size_t)-1)) ||
                        (!bad && (payload != plen || memcmp(mac, want, ms) != 0)) ||
                        (bad && !flipped_len && (payload != len - ms || memcmp(mac, randmac, ms) != 0)) ||
                        (bad && memcmp(mac, want, ms) == 0)) {
                        fprintf(stderr, "prov_tls_taint %s: wrong result: mac %zu, payload %zu, pad %zu, bad %d\n",
                                argv[1], ms, plen, p, bad);
                        return 3;
                    }
                    checked++;
                }
    /* publicly invalid: too short for its MAC */
    if (f(rec, 16, 20, randmac, mac, &(size_t){ 0 }, &(size_t){ 0 }) != 0) {
        fprintf(stderr, "prov_tls_taint %s: a 16-byte record with a 20-byte MAC accepted\n", argv[1]);
        return 3;
    }
    printf("prov_tls_taint %s: %d records checked\n", argv[1], checked);
    return 0;
}
