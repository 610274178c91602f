/* SPDX-License-Identifier: MIT */
/*
 * TLS 1.0-1.2 CBC records: padding check and MAC extraction in constant
 * time (see prov_tls_cbc.h).
 *
 * The record is MAC-then-encrypt: payload || MAC || padding, where the
 * padding is p + 1 bytes of value p, p = 0..255 (RFC 5246 §6.2.3.2). The
 * position of the MAC therefore depends on the secret p. Lucky Thirteen
 * showed that any timing difference between good and bad padding, or
 * between padding lengths, is a decryption oracle. So:
 *   - every one of the last min(256, len) bytes is compared, masked by
 *     whether it lies in the padding (the check never stops early);
 *   - the MAC is copied out by scanning the last mac_size + 256 bytes
 *     (the only window where it can lie) into a buffer indexed by the
 *     public loop counter, which leaves it rotated by a secret offset;
 *   - the rotation is undone by selecting each output byte from every
 *     position with a mask, so no memory address depends on the secret
 *     (OpenSSL's ssl3_cbc_copy_mac rotates with a secret index into one
 *     cache line; the taint test would flag that, and does, see
 *     tests/provider/prov_tls_taint.c);
 *   - bad padding yields the caller's random MAC, so the MAC check that
 *     follows fails in the same time as for a forged MAC (RFC 5246
 *     §6.2.3.2 asks for the MAC to be computed in either case).
 * The payload length is secret too: libssl computes the MAC over it with
 * its own constant-time digest (ssl3_cbc_digest_record).
 */
#include "prov_tls_cbc.h"

#include <string.h>

/* Keeps the compiler from turning mask arithmetic back into branches, and
 * from rewriting a public index in terms of a secret: GCC turns
 * rec[len - 1 - i] next to pad - i into an induction variable on pad, so
 * that the address is computed from the secret (and cancels out, which
 * the hardware does not care about but the taint test rightly reports).
 * Indices that must stay public go through it. */
static inline size_t ct_barrier(size_t x)
{
    __asm__("" : "+r"(x));
    return x;
}

static inline size_t ct_msb(size_t a)
{
    return ct_barrier(0 - (a >> (sizeof a * 8 - 1)));
}

/* All ones when a < b, else 0 (any size_t values). */
static inline size_t ct_lt(size_t a, size_t b)
{
    return ct_msb(a ^ ((a ^ b) | ((a - b) ^ b)));
}

static inline size_t ct_ge(size_t a, size_t b)
{
    return ~ct_lt(a, b);
}

static inline size_t ct_eq(size_t a, size_t b)
{
    size_t x = a ^ b;
    return ct_msb(~x & (x - 1));
}

int prov_tls_cbc_unpad(const uint8_t *rec, size_t len, size_t mac_size, const uint8_t *randmac, uint8_t *mac,
                       size_t *payload, size_t *good_out)
{
    /* Public lengths: branching on them is fine. */
    if (mac_size > PROV_TLS_MAX_MAC || len < mac_size + 1) return 0;

    size_t pad = rec[len - 1];
    /* room for the padding and the MAC */
    size_t good = ct_ge(len, mac_size + 1 + pad);
    size_t to_check = len < 256 ? len : 256;
    for (size_t i = 0; i < to_check; i++) {
        size_t in_pad = ct_ge(pad, i); /* byte len-1-i is padding (or its length byte) */
        good &= ~(in_pad & (size_t)(pad ^ rec[ct_barrier(len - 1 - i)]));
    }
    /* Any differing bit in the low byte clears good's low byte. */
    good = ct_eq(good & 0xff, 0xff);
    size_t mac_end = len - (good & (pad + 1));
    *payload = mac_end - mac_size;
    *good_out = good;
    if (mac_size == 0) return 1;

    /* The MAC starts at a secret offset within the last mac_size + 256
     * bytes. Copy that window into rot[] by the public counter j (mod
     * mac_size); rot is then the MAC rotated left by the j at which it
     * started. */
    uint8_t rot[PROV_TLS_MAX_MAC];
    memset(rot, 0, sizeof rot);
    size_t mac_start = mac_end - mac_size;
    size_t scan = len > mac_size + 256 ? len - (mac_size + 256) : 0;
    size_t in_mac = 0, offset = 0, j = (scan % mac_size);
    /* j counts from the start of the scan; its value at mac_start is the
     * rotation. Starting j at scan % mac_size keeps j = i mod mac_size. */
    for (size_t i = scan; i < len; i++) {
        size_t started = ct_eq(i, mac_start);
        in_mac |= started;
        in_mac &= ct_lt(i, mac_end);
        offset |= j & started;
        rot[j] |= (uint8_t)(rec[i] & in_mac);
        j++;
        j &= ct_lt(j, mac_size);
    }
    /* mac[k] = rot[(offset + k) mod mac_size], each byte selected from all
     * mac_size positions by mask. */
    for (size_t k = 0; k < mac_size; k++) {
        size_t want = offset + k;
        want -= mac_size & ct_ge(want, mac_size);
        uint8_t b = 0;
        for (size_t m = 0; m < mac_size; m++) b |= (uint8_t)(rot[m] & ct_eq(m, want));
        size_t at = ct_barrier(k);
        mac[at] = (uint8_t)((b & good) | (randmac[at] & ~good));
    }
    memset(rot, 0, sizeof rot);
    __asm__ volatile("" : : "r"(rot) : "memory"); /* keep the wipe */
    return 1;
}
