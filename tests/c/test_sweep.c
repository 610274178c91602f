/* SPDX-License-Identifier: MIT */
/*
 * Exhaustive small-length sweeps, every mode and every driver.
 *
 * The modes are the registry's algorithms, called through their adapters
 * (support/adapt.h): this file names none. An algorithm composed by a
 * template that has no adapter fails the test.
 *
 * 1. Every length from 0 to 1024 bytes: each driver of each mode that this
 *    CPU runs must give the same bytes as the registry's first driver of
 *    that mode (the vectors test that one; here every other must agree):
 *    ciphers both ways, out of place and in place (serial chains read
 *    block i + 1 before they write block i), on the length rounded down to
 *    the mode's block, from an IV 40 blocks before a 2^32 counter wrap,
 *    or 5 blocks before its last byte wraps, or with that byte 0 (the
 *    length picks),
 *    plus a PKCS#7 round trip at every length where the mode pads; AEADs
 *    seal and open, out of place and in place, with nonce and tag lengths
 *    rotating through what the mode accepts (GCM: 12 bytes, and every 5th
 *    length an odd one); MACs. Key sizes rotate with the length (XTS:
 *    256-, 384- and 512-bit keys).
 *    Each run places its context at one of two addresses, alternating with
 *    the driver and the length: 64-byte aligned (as on the stack), or at
 *    exactly malloc's alignment (MALLOC_ALIGN below: 16 on x86-64, AArch64
 *    and s390x, 8 on 32-bit ARM), which is all the library may assume of a
 *    context on the heap. A driver that needs more faults or differs.
 * 2. Two-call streaming, at every split point, for the lengths 0..80 and
 *    the block boundaries 127..129, 255..257, 511..513: CTR, CBC (block
 *    splits), XTS (update then final), GCM (data split, and AAD split) and
 *    CMAC: every mode that streams must give what the same driver gives in
 *    one call.
 * 3. AEAD one-shot over every AAD length 0..260 with every data length
 *    0..64, and beyond that to 256 at the block boundaries (a grid the
 *    first part only samples): short-message paths
 *    switch on both lengths (gcm-aes-vaes-avx512 keeps up to 240 bytes of
 *    data and 192 of AAD in registers while their GHASH input fits 16
 *    blocks), so every driver must match the
 *    first on all of it, sealing and opening.
 * 4. Placement at a 4 KiB page boundary: cipher modes at a few lengths
 *    (512, 528, 1504 and 2048 bytes), the output, then the input, at every
 *    16-byte offset from 2112 bytes before a page's end to its end, each
 *    driver against the first with 64-byte aligned buffers, both ways;
 *    AEADs the same, each driver sealing and opening in one shot
 *    (aead_placements).
 *    xts(aes-vaes-avx512) takes a head block where a 16-byte-aligned
 *    output would put a 32-byte store across a page, and only there.
 * 5. AEAD streams across the counter's low byte: GCM's counter blocks
 *    change in byte 15 only, 256 at a time (both gcm-aes-vaes-avx512
 *    drivers take their first AES round from a table of that byte within
 *    each such period), so each driver seals and opens LONGLEN bytes, which cross
 *    the byte's wrap twice, as a first update of 16 k bytes (k = 0..31:
 *    the data's first block at every counter value modulo 32, so the bulk
 *    passes of 16 blocks start at each offset from the wrap) and the rest
 *    in a second, against the first driver's one-shot seal.
 */
#include <stddef.h>

#include "adapt.h"
#include "rijn/registry.h"
#include "testutil.h"

#define MAXLEN 1024
#define MAXALGS 16
#define LONGLEN 9001
static const struct rs_alg *algs[MAXALGS];
static size_t nalgs;
static const char *drv[MAXALGS][64];
static size_t ndrv[MAXALGS];

static uint8_t key[64], iv[64], aad[MAXLEN + 16], msg[MAXLEN + 16]; /* GCM IVs up to 64 bytes */

/* Fresh inputs for length len (the same for every driver). */
static void inputs(size_t len)
{
    t_rng = 0x5eed0000u + len;
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(msg, sizeof msg);
}

/* Part 4 for an AEAD: each driver's one-shot seal and open of each
 * length, the output and then the input at every 16-byte offset near a
 * page's end (pages: 3 pages, 4096-byte aligned), against the first
 * driver's seal with static buffers. gcm-aes-vaes-avx512-sb stores its
 * output in 32-byte halves where it lies 32 bytes past a cache line, and
 * 64 bytes at a time elsewhere. Returns the placements run. */
static size_t aead_placements(const struct rs_alg *a, const char *const *drvs, size_t n, uint8_t *pages,
                              uint8_t *src, const size_t *lens, size_t nlens)
{
    static uint8_t ref[2048 + 16], got[2048];
    size_t placed = 0;
    for (size_t li = 0; li < nlens; li++) {
        const size_t len = lens[li];
        CHECK(len <= sizeof got, "%s: placement length %zu", a->alg, len);
        if (len > sizeof got) continue;
        inputs(len);
        t_fill(src, len);
        rs_ctx k;
        int r = a->init(&k, drvs[0], key, rs_key_len(a, len));
        r |= a->seal(&k, iv, 12, aad, 13, src, len, ref, ref + len, 16);
        a->clear(&k);
        CHECK(r == 0, "%s %s: len %zu: error", a->alg, drvs[0], len);
        for (size_t d = 0; d < n; d++) {
            r = a->init(&k, drvs[d], key, rs_key_len(a, len));
            for (size_t off = 2 * 4096 - 2112; off <= 2 * 4096; off += 16) {
                for (int side = 0; side < 2; side++) {
                    /* side 0: out at off, in aligned; side 1: the reverse */
                    uint8_t *o = side ? pages : pages + off, *i = side ? pages + off : got, tag[16] = { 0 };
                    memcpy(i, src, len);
                    r |= a->seal(&k, iv, 12, aad, 13, i, len, o, tag, 16);
                    CHECK(r == 0 && memcmp(o, ref, len) == 0 && memcmp(tag, ref + len, 16) == 0,
                          "%s: %s seal differs from %s: len %zu, %s at %zu", a->alg, drvs[d], drvs[0], len,
                          side ? "in" : "out", off % 4096);
                    memcpy(i, ref, len);
                    r |= a->open(&k, iv, 12, aad, 13, i, len, ref + len, 16, o);
                    CHECK(r == 0 && memcmp(o, src, len) == 0, "%s: %s open: len %zu, %s at %zu", a->alg, drvs[d],
                          len, side ? "in" : "out", off % 4096);
                    placed++;
                }
            }
            a->clear(&k);
        }
    }
    return placed;
}

/* Room for the largest context, from a 64-byte boundary plus an offset. */
static unsigned char arena[sizeof(rs_ctx) + 128] __attribute__((aligned(64)));
/* What malloc guarantees: glibc's and musl's MALLOC_ALIGNMENT is twice the
 * pointer size, or long double's alignment where that is more (i386);
 * _Alignof(max_align_t) alone is 8 on s390x, where malloc gives 16. */
#define MALLOC_ALIGN (2 * sizeof(void *) > _Alignof(max_align_t) ? 2 * sizeof(void *) : _Alignof(max_align_t))
_Static_assert(MALLOC_ALIGN < 64, "the offset placement differs from the aligned one");
/* The placement at malloc's alignment is a valid object only if no context
 * type asks for more (include/rijn/aes.h, RIJN_CTX_ALIGN): UBSan reports
 * a member access through a misaligned pointer otherwise. */
_Static_assert(_Alignof(rs_ctx) <= MALLOC_ALIGN, "a context type asks for more than malloc's alignment");

/* The nonce length for length len: ranges of up to 16 lengths (CCM's 7..13)
 * rotate on every length; wide ones (GCM's any length) keep the default
 * and take an odd length every 5th. */
static size_t nonce_len(const struct rs_alg *a, size_t len)
{
    size_t span = a->iv_max - a->iv_min + 1;
    if (span <= 16) return a->iv_min + len % span;
    return len % 5 ? a->iv_len : a->iv_min + len % span;
}

/* Bytes after an output that the call must leave alone. The comparisons
 * with the first driver see only the output's own bytes, so a tail
 * register stored with too wide a mask, past the message's end, passed
 * them when a later output (the next in the same buffer) overwrote it. So
 * each output in run() is followed by GUARD bytes of a pattern, checked
 * after the call. */
#define GUARD 64
static void guard_set(uint8_t *p) { memset(p, 0xa5, GUARD); }
static int guard_ok(const uint8_t *p)
{
    for (size_t i = 0; i < GUARD; i++)
        if (p[i] != 0xa5) return 0;
    return 1;
}

/* One driver's answer for mode a at length len, written to out (at most
 * 4 * MAXLEN + 64 bytes, and GUARD bytes after each output for its
 * guard); returns its length, or (size_t)-1 on an error.
 * The context lives at arena + place (0, or MALLOC_ALIGN). */
static size_t run(const struct rs_alg *a, const char *d, size_t len, uint8_t *out, size_t place)
{
    void *mem = arena + place;
    size_t n = 0;
    uint8_t *tmp = malloc(MAXLEN + 32 + GUARD);
    int r = a->init(mem, d, key, rs_key_len(a, len));
    switch (a->shape) {
    case RS_CIPHER: {
        /* The IV, by the length: 40 blocks before a 2^32 counter wrap
         * (CTR), or 5 blocks before a wrap of the last byte only (where
         * the VAES drivers' short path, which adds to that byte, must
         * hand over), or at a last byte of 0 (where it must not). */
        uint8_t v[16];
        size_t bl = len - len % a->block;
        memcpy(v, iv, 16);
        if (len % 3 == 0) {
            memset(v + 12, 0xff, 4);
            v[15] = (uint8_t)(0xff - 40);
        } else {
            v[15] = len % 3 == 1 ? 0xfb : 0x00;
        }
        if (bl >= a->min_len) {
            for (int enc = 1; enc >= 0; enc--) {
                uint8_t *o = enc ? out : out + bl;
                guard_set(o + bl);
                r |= a->crypt(mem, enc, v, o, msg, bl);
                if (!guard_ok(o + bl)) r = -104;
                memcpy(tmp, msg, bl);
                guard_set(tmp + bl);
                r |= a->crypt(mem, enc, v, tmp, tmp, bl);
                if (memcmp(tmp, o, bl) != 0) r = -101;
                if (!guard_ok(tmp + bl)) r = -105;
            }
            n = 2 * bl;
        }
        if (a->crypt_pad) {
            size_t pl = 0, dl = 0;
            r |= a->crypt_pad(mem, 1, v, out + n, MAXLEN + 32, &pl, msg, len);
            r |= a->crypt_pad(mem, 0, v, tmp, MAXLEN + 32, &dl, out + n, pl);
            if (dl != len || memcmp(tmp, msg, len) != 0) r = -100;
            n += pl;
        }
        break;
    }
    case RS_AEAD: {
        size_t nl = nonce_len(a, len), tl = a->tags[len % rs_ntags(a)], al = len % 37;
        uint8_t ipt[16];
        guard_set(out + len + tl);
        r |= a->seal(mem, iv, nl, aad, al, msg, len, out, out + len, tl);
        if (!guard_ok(out + len + tl)) r = -104;
        guard_set(tmp + len);
        r |= a->open(mem, iv, nl, aad, al, out, len, out + len, tl, tmp);
        if (memcmp(tmp, msg, len) != 0) r = -100;
        if (!guard_ok(tmp + len)) r = -105;
        /* In place, both ways. */
        memcpy(tmp, msg, len);
        r |= a->seal(mem, iv, nl, aad, al, tmp, len, tmp, ipt, tl);
        if (memcmp(tmp, out, len) != 0 || memcmp(ipt, out + len, tl) != 0) r = -101;
        if (!guard_ok(tmp + len)) r = -106;
        r |= a->open(mem, iv, nl, aad, al, tmp, len, ipt, tl, tmp);
        if (memcmp(tmp, msg, len) != 0) r = -102;
        if (!guard_ok(tmp + len)) r = -107;
        n = len + tl;
        break;
    }
    case RS_MAC:
        r |= a->mac(mem, msg, len, out, 16);
        r |= a->verify(mem, msg, len, out, 16);
        n = 16;
        break;
    }
    a->clear(mem);
    free(tmp);
    return r ? (size_t)-1 : n;
}

/* Two calls at split s must equal one call (same driver). Returns 1 if
 * the split applies to the mode (and was checked), else 0. */
static int split_check(const struct rs_alg *a, const char *d, size_t len, size_t s)
{
    uint8_t one[MAXLEN + 32], two[MAXLEN + 32], t1[16], t2[16];
    rs_ctx c;
    rs_stream st;
    int r = 0, same = 1;
    if (!a->s_start) return 0; /* one-shot modes (CCM) */
    if (a->shape == RS_CIPHER) {
        /* Updates take whole granules; with a partial one at the end,
         * final takes it and final_min more. */
        size_t m = len - len % a->block, tail = m % a->update_granule;
        size_t keep = tail ? tail + a->final_min : 0;
        if (m < a->min_len || s % a->update_granule || s + keep > m) return 0;
    }
    r |= a->init(&c, d, key, rs_key_len(a, len));
    switch (a->shape) {
    case RS_CIPHER: {
        size_t m = len - len % a->block;
        r |= a->crypt(&c, 1, iv, one, msg, m);
        r |= a->s_start(&st, &c, iv, 16, 1);
        r |= a->s_update(&st, two, msg, s);
        r |= a->s_final(&st, two + s, msg + s, m - s, NULL, 0);
        same = memcmp(one, two, m) == 0;
        break;
    }
    case RS_AEAD: {
        /* Data split (AAD 13 bytes), then AAD split (data 37). */
        r |= a->seal(&c, iv, 12, aad, 13, msg, len, one, t1, 16);
        r |= a->s_start(&st, &c, iv, 12, 1);
        r |= a->s_aad(&st, aad, 13);
        r |= a->s_update(&st, two, msg, s);
        r |= a->s_final(&st, two + s, msg + s, len - s, t2, 16);
        same = memcmp(one, two, len) == 0 && memcmp(t1, t2, 16) == 0;
        r |= a->seal(&c, iv, 12, aad, len, msg, 37, one, t1, 16);
        r |= a->s_start(&st, &c, iv, 12, 1);
        r |= a->s_aad(&st, aad, s);
        r |= a->s_aad(&st, aad + s, len - s);
        r |= a->s_final(&st, two, msg, 37, t2, 16);
        same &= memcmp(one, two, 37) == 0 && memcmp(t1, t2, 16) == 0;
        break;
    }
    case RS_MAC:
        r |= a->mac(&c, msg, len, t1, 16);
        r |= a->s_start(&st, &c, NULL, 0, 1);
        r |= a->s_update(&st, NULL, msg, s);
        r |= a->s_final(&st, NULL, msg + s, len - s, t2, 16);
        same = memcmp(t1, t2, 16) == 0;
        break;
    }
    a->clear(&c);
    CHECK(r == 0 && same, "%s %s: len %zu split at %zu: %s", a->alg, d, len, s, r ? "error" : "differs");
    return 1;
}

int main(void)
{
    static uint8_t ref[4 * MAXLEN + 64], got[4 * MAXLEN + 64];
    size_t total = 0;
    char missing[256];
    CHECK(rs_check_registry(missing, sizeof missing) == 0, "no adapter (support/adapt.c) for %s", missing);
    /* The algorithms, in registry order, and their drivers. */
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        const struct rs_alg *a;
        if (rijn_driver_get(i, &info) || !(a = rs_find(info.algorithm))) continue;
        size_t k = 0;
        while (k < nalgs && algs[k] != a) k++;
        if (k < nalgs || nalgs == MAXALGS) continue;
        algs[nalgs] = a;
        ndrv[nalgs] = rs_drivers(a, drv[nalgs], 64);
        CHECK(ndrv[nalgs] > 0, "no driver for %s", a->alg);
        nalgs++;
    }
    CHECK(nalgs > 0, "no algorithm with an adapter in the registry");
    /* 1. every length, every driver against the first */
    for (size_t a = 0; a < nalgs; a++) {
        for (size_t len = 0; len <= MAXLEN; len++) {
            inputs(len);
            size_t rn = ndrv[a] ? run(algs[a], drv[a][0], len, ref, 0) : 0;
            CHECK(rn != (size_t)-1, "%s %s: len %zu: error", algs[a]->alg, drv[a][0], len);
            for (size_t d = 1; d < ndrv[a]; d++) {
                inputs(len);
                size_t gn = run(algs[a], drv[a][d], len, got, (len + d) % 2 ? MALLOC_ALIGN : 0);
                CHECK(gn == rn && memcmp(ref, got, rn) == 0, "%s: %s differs from %s at len %zu", algs[a]->alg,
                      drv[a][d], drv[a][0], len);
                total++;
            }
        }
    }
    /* 2. two-call streaming at every split point (counted where checked) */
    static const size_t extra[] = { 127, 128, 129, 255, 256, 257, 511, 512, 513 };
    size_t splits = 0;
    for (size_t a = 0; a < nalgs; a++) {
        if (!algs[a]->s_start) continue;
        for (size_t d = 0; d < ndrv[a]; d++) {
            for (size_t li = 0; li <= 80 + sizeof extra / sizeof extra[0]; li++) {
                size_t len = li <= 80 ? li : extra[li - 81];
                inputs(len);
                for (size_t s = 0; s <= len; s++) splits += (size_t)split_check(algs[a], drv[a][d], len, s);
            }
        }
    }
    /* 3. AEAD one-shot: AAD lengths 0..260 x data lengths 0..256 */
    size_t grid = 0;
    for (size_t g = 0; g < nalgs; g++) {
        const struct rs_alg *a = algs[g];
        if (a->shape != RS_AEAD) continue;
        for (size_t al = 0; al <= 260; al++) {
            for (size_t len = 0; len <= 256; len++) {
                /* Past 64 bytes, the block boundaries only (lengths 0, 1
                 * and 15 mod 16) against AAD lengths up to 16 and at
                 * its own block boundaries: every register count and
                 * lane of the short path and both sides of its limit,
                 * at a cost qemu can carry (test_cross runs this under
                 * eleven CPU models). */
                const size_t lb = len % 16, ab = al % 16;
                if (len > 64 && ((lb > 1 && lb < 15) || (al > 16 && ab > 1 && ab < 15))) continue;
                uint8_t back[256];
                rs_ctx k;
                inputs(al * 100 + len);
                for (size_t d = 0; d < ndrv[g]; d++) {
                    uint8_t *o = d ? got : ref;
                    int r = a->init(&k, drv[g][d], key, rs_key_len(a, al));
                    r |= a->seal(&k, iv, a->iv_len, aad, al, msg, len, o, o + len, 16);
                    r |= a->open(&k, iv, a->iv_len, aad, al, o, len, o + len, 16, back);
                    CHECK(r == 0 && memcmp(back, msg, len) == 0, "%s: aad %zu len %zu: round trip", drv[g][d], al, len);
                    if (d) CHECK(memcmp(ref, got, len + 16) == 0, "%s differs from %s: aad %zu len %zu", drv[g][d],
                                 drv[g][0], al, len);
                    a->clear(&k);
                    grid++;
                }
            }
        }
    }
    /* 4. placement at a page boundary (ciphers, then AEADs in aead_placements): out, then in, near a page's end */
    static uint8_t pages[3 * 4096] __attribute__((aligned(4096))), src[2048];
    static const size_t plens[] = { 512, 528, 1504, 2048 };
    size_t placed = 0;
    for (size_t g = 0; g < nalgs; g++) {
        const struct rs_alg *a = algs[g];
        if (a->shape == RS_AEAD) {
            placed += aead_placements(a, drv[g], ndrv[g], pages, src, plens, sizeof plens / sizeof plens[0]);
            continue;
        }
        if (a->shape != RS_CIPHER) continue;
        for (size_t li = 0; li < sizeof plens / sizeof plens[0]; li++) {
            const size_t len = plens[li] - plens[li] % a->block;
            inputs(len);
            t_fill(src, len);   /* msg has MAXLEN + 16 bytes, fewer than the longest */
            for (int enc = 0; enc < 2; enc++) {
                rs_ctx k;
                int r = a->init(&k, drv[g][0], key, rs_key_len(a, len));
                r |= a->crypt(&k, enc, iv, ref, src, len);
                a->clear(&k);
                CHECK(r == 0, "%s %s: len %zu: error", a->alg, drv[g][0], len);
                for (size_t d = 1; d < ndrv[g]; d++) {
                    r = a->init(&k, drv[g][d], key, rs_key_len(a, len));
                    for (size_t off = 2 * 4096 - 2112; off <= 2 * 4096; off += 16) {
                        for (int side = 0; side < 2; side++) {
                            /* side 0: out at off, in aligned; side 1: the reverse */
                            uint8_t *o = side ? pages : pages + off, *i = side ? pages + off : got;
                            memcpy(i, src, len);
                            r |= a->crypt(&k, enc, iv, o, i, len);
                            CHECK(r == 0 && memcmp(o, ref, len) == 0, "%s: %s differs from %s: len %zu, %s at %zu",
                                  a->alg, drv[g][d], drv[g][0], len, side ? "in" : "out", off % 4096);
                            placed++;
                        }
                    }
                    a->clear(&k);
                }
            }
        }
    }
    /* 5. AEAD streams across the counter's low byte (every driver against the first's one-shot) */
    static uint8_t lmsg[LONGLEN], lref[LONGLEN + 16], lgot[LONGLEN], lback[LONGLEN];
    size_t crossed = 0;
    t_fill(lmsg, LONGLEN);
    for (size_t g = 0; g < nalgs; g++) {
        const struct rs_alg *a = algs[g];
        if (a->shape != RS_AEAD || !a->s_start) continue;
        rs_ctx k;
        int r = a->init(&k, drv[g][0], key, rs_key_len(a, g));
        r |= a->seal(&k, iv, 12, aad, 13, lmsg, LONGLEN, lref, lref + LONGLEN, 16);
        a->clear(&k);
        CHECK(r == 0, "%s %s: %d bytes: error", a->alg, drv[g][0], LONGLEN);
        for (size_t d = 0; d < ndrv[g]; d++) {
            r = a->init(&k, drv[g][d], key, rs_key_len(a, g));
            for (size_t first = 0; first < 32 * 16; first += 16) {
                uint8_t tag[16] = { 0 };
                rs_stream st;
                for (int enc = 1; enc >= 0; enc--) {
                    const uint8_t *from = enc ? lmsg : lref;
                    uint8_t *to = enc ? lgot : lback;
                    r |= a->s_start(&st, &k, iv, 12, enc);
                    r |= a->s_aad(&st, aad, 13);
                    r |= a->s_update(&st, to, from, first);
                    r |= a->s_final(&st, to + first, from + first, LONGLEN - first, enc ? tag : lref + LONGLEN,
                                    16);
                    if (enc)
                        CHECK(r == 0 && memcmp(lgot, lref, LONGLEN) == 0 && memcmp(tag, lref + LONGLEN, 16) == 0,
                              "%s: %s differs from %s: seal of %d bytes split at %zu", a->alg, drv[g][d],
                              drv[g][0], LONGLEN, first);
                    else
                        CHECK(r == 0 && memcmp(lback, lmsg, LONGLEN) == 0, "%s: %s: open of %d bytes split at %zu",
                              a->alg, drv[g][d], LONGLEN, first);
                }
                crossed++;
            }
            a->clear(&k);
        }
    }
    printf("sweep: %zu algorithms, %zu driver-length comparisons (0..%d bytes), %zu split points, %zu AEAD AAD x "
           "length cases, %zu page placements, %zu long AEAD streams\n",
           nalgs, total, MAXLEN, splits, grid, placed, crossed);
    return t_done();
}
