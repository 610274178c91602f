/*
 * Exhaustive small-length sweeps, every mode and every driver.
 *
 * 1. Every length from 0 to 1024 bytes: each driver of each mode that this
 *    CPU runs must give the same bytes as the registry's first driver of
 *    that mode (the vectors test that one; here every other must agree):
 *    ECB and CBC (block multiples, both directions, and CBC with PKCS#7
 *    for every length), CTR (starting 40 blocks before a 2^32 counter
 *    wrap), XTS (from 16 bytes, both directions, 256- and 512-bit keys),
 *    GCM (seal and open, 12-byte and odd IVs), CCM (every nonce and tag
 *    length in turn) and CMAC. Key sizes rotate with the length.
 *    Each run places its context at one of two addresses, alternating with
 *    the driver and the length: 64-byte aligned (as on the stack), or at
 *    exactly malloc's alignment (_Alignof(max_align_t): 16 on x86-64 and
 *    AArch64, 8 on 32-bit ARM), which is all the library may assume of a
 *    context on the heap. A driver that needs more faults or differs.
 * 2. Two-call streaming, at every split point, for the lengths 0..80 and
 *    the block boundaries 127..129, 255..257, 511..513: CTR, CBC (block
 *    splits), XTS (update then final), GCM (data split, and AAD split) and
 *    CMAC must give what the same driver gives in one call.
 * 3. GCM one-shot over every AAD length 0..260 with every data length
 *    0..64 (a grid the first part only samples): short-message paths
 *    switch on both lengths (gcm-aes-vaes-avx512 keeps up to 48 bytes of
 *    data and 192 of AAD in registers), so every GCM driver must match the
 *    first on all of it, sealing and opening.
 */
#include <stddef.h>

#include "rijn/registry.h"
#include "testutil.h"

#define MAXLEN 1024
static const char *const algs[] = { "ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)",
                                    "gcm(aes)", "ccm(aes)", "cmac(aes)" };
#define NALGS (sizeof algs / sizeof algs[0])
static const char *drv[NALGS][64];
static size_t ndrv[NALGS];

static uint8_t key[64], iv[64], aad[MAXLEN + 16], msg[MAXLEN + 16]; /* GCM IVs up to 40 bytes */

/* Fresh inputs for length len (the same for every driver). */
static void inputs(size_t len)
{
    t_rng = 0x5eed0000u + len;
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);
    t_fill(msg, sizeof msg);
}

/* Room for the largest context, from a 64-byte boundary plus an offset. */
static unsigned char arena[sizeof(rijn_xts_ctx) + sizeof(rijn_gcm_key) + 128] __attribute__((aligned(64)));
#define MALLOC_ALIGN _Alignof(max_align_t)
_Static_assert(MALLOC_ALIGN < 64, "the offset placement differs from the aligned one");

/* One driver's answer for mode a at length len, written to out (at most
 * 4 * MAXLEN + 64 bytes); returns its length, or (size_t)-1 on an error.
 * The context lives at arena + place (0, or MALLOC_ALIGN). */
static size_t run(size_t a, const char *d, size_t len, uint8_t *out, size_t place)
{
    void *mem = arena + place;
    size_t kl = 16 + 8 * (len % 3), n = 0;
    uint8_t v[16], tag[16], *tmp = malloc(MAXLEN + 32);
    int r = 0;
    switch (a) {
    case 0: { /* ECB */
        rijn_ecb_ctx *c = mem;
        if (len % 16) break;
        r |= rijn_ecb_init(c, d, key, kl);
        r |= rijn_ecb_encrypt(c, out, msg, len);
        r |= rijn_ecb_decrypt(c, out + len, msg, len);
        n = 2 * len;
        rijn_ecb_clear(c);
        break;
    }
    case 1: { /* CBC raw, both ways, then PKCS#7 round trip */
        rijn_cbc_ctx *c = mem;
        size_t pl = 0, dl = 0, bl = len - len % 16;
        r |= rijn_cbc_init(c, d, key, kl);
        memcpy(v, iv, 16);
        r |= rijn_cbc_encrypt(c, v, out, msg, bl);
        memcpy(out + bl, v, 16);
        /* In place gives the same blocks (serial chains read block i + 1
         * before they write block i). */
        memcpy(tmp, msg, bl);
        memcpy(v, iv, 16);
        r |= rijn_cbc_encrypt(c, v, tmp, tmp, bl);
        if (memcmp(tmp, out, bl) != 0) r = -101;
        memcpy(v, iv, 16);
        r |= rijn_cbc_decrypt(c, v, out + bl + 16, msg, bl);
        n = 2 * bl + 16;
        r |= rijn_cbc_encrypt_pad(c, iv, out + n, MAXLEN + 32, &pl, msg, len);
        r |= rijn_cbc_decrypt_pad(c, iv, tmp, MAXLEN + 32, &dl, out + n, pl);
        if (dl != len || memcmp(tmp, msg, len) != 0) r = -100;
        n += pl;
        rijn_cbc_clear(c);
        break;
    }
    case 2: { /* CTR across a 32-bit counter wrap */
        rijn_ctr_ctx *c = mem;
        memcpy(v, iv, 16);
        memset(v + 12, 0xff, 4);
        v[15] = (uint8_t)(0xff - 40);
        r |= rijn_ctr_init(c, d, key, kl, v);
        r |= rijn_ctr_xor(c, out, msg, len);
        n = len;
        rijn_ctr_clear(c);
        break;
    }
    case 3: { /* XTS */
        rijn_xts_ctx *c = mem;
        if (len < 16) break;
        r |= rijn_xts_init(c, d, key, len % 2 ? 64 : 32);
        r |= rijn_xts_encrypt(c, iv, out, msg, len);
        r |= rijn_xts_decrypt(c, iv, out + len, msg, len);
        n = 2 * len;
        rijn_xts_clear(c);
        break;
    }
    case 4: { /* GCM */
        rijn_gcm_key *k = mem;
        size_t ivl = len % 5 ? 12 : 1 + len % 40, al = len % 37;
        r |= rijn_gcm_init(k, d, key, kl);
        r |= rijn_gcm_seal(k, iv, ivl, aad, al, msg, len, out, out + len, 16);
        r |= rijn_gcm_open(k, iv, ivl, aad, al, out, len, out + len, 16, tmp);
        if (memcmp(tmp, msg, len) != 0) r = -100;
        n = len + 16;
        rijn_gcm_clear(k);
        break;
    }
    case 5: { /* CCM */
        rijn_ccm_key *k = mem;
        size_t nl = 7 + len % 7, tl = 4 + 2 * (len % 7), al = len % 29;
        r |= rijn_ccm_init(k, d, key, kl);
        r |= rijn_ccm_seal(k, iv, nl, aad, al, msg, len, out, out + len, tl);
        r |= rijn_ccm_open(k, iv, nl, aad, al, out, len, out + len, tl, tmp);
        if (memcmp(tmp, msg, len) != 0) r = -100;
        /* In place, both ways. */
        uint8_t ipt[16];
        memcpy(tmp, msg, len);
        r |= rijn_ccm_seal(k, iv, nl, aad, al, tmp, len, tmp, ipt, tl);
        if (memcmp(tmp, out, len) != 0 || memcmp(ipt, out + len, tl) != 0) r = -101;
        r |= rijn_ccm_open(k, iv, nl, aad, al, tmp, len, ipt, tl, tmp);
        if (memcmp(tmp, msg, len) != 0) r = -102;
        n = len + tl;
        rijn_ccm_clear(k);
        break;
    }
    default: { /* CMAC */
        rijn_cmac_key *k = mem;
        r |= rijn_cmac_init(k, d, key, kl);
        r |= rijn_cmac(k, msg, len, tag, 16);
        memcpy(out, tag, 16);
        n = 16;
        rijn_cmac_clear(k);
    }
    }
    free(tmp);
    return r ? (size_t)-1 : n;
}

/* Two calls at split s must equal one call (same driver). */
static void split_check(size_t a, const char *d, size_t len, size_t s)
{
    uint8_t one[MAXLEN + 32], two[MAXLEN + 32], t1[16], t2[16];
    size_t kl = 16 + 8 * (len % 3);
    int r = 0, same = 1;
    switch (a) {
    case 1: { /* CBC: block splits */
        rijn_cbc_ctx c;
        uint8_t v[16];
        size_t bl = len - len % 16;
        if (s % 16 || s > bl) return;
        r |= rijn_cbc_init(&c, d, key, kl);
        memcpy(v, iv, 16);
        r |= rijn_cbc_encrypt(&c, v, one, msg, bl);
        memcpy(v, iv, 16);
        r |= rijn_cbc_encrypt(&c, v, two, msg, s);
        r |= rijn_cbc_encrypt(&c, v, two + s, msg + s, bl - s);
        same = memcmp(one, two, bl) == 0;
        rijn_cbc_clear(&c);
        break;
    }
    case 2: { /* CTR */
        rijn_ctr_ctx c;
        r |= rijn_ctr_init(&c, d, key, kl, iv);
        r |= rijn_ctr_xor(&c, one, msg, len);
        r |= rijn_ctr_set_iv(&c, iv);
        r |= rijn_ctr_xor(&c, two, msg, s);
        r |= rijn_ctr_xor(&c, two + s, msg + s, len - s);
        same = memcmp(one, two, len) == 0;
        rijn_ctr_clear(&c);
        break;
    }
    case 3: { /* XTS: update(s) with s a block multiple, then final */
        rijn_xts_ctx c;
        size_t keep = len % 16 ? 16 + len % 16 : 0;
        if (len < 16 || s % 16 || s + keep > len) return;
        r |= rijn_xts_init(&c, d, key, 32);
        r |= rijn_xts_encrypt(&c, iv, one, msg, len);
        r |= rijn_xts_start(&c, iv, 1);
        r |= rijn_xts_update(&c, two, msg, s);
        r |= rijn_xts_final(&c, two + s, msg + s, len - s);
        same = memcmp(one, two, len) == 0;
        rijn_xts_clear(&c);
        break;
    }
    case 4: { /* GCM: data split (AAD 13 bytes), then AAD split (data 37) */
        rijn_gcm_key k;
        rijn_gcm_ctx st;
        r |= rijn_gcm_init(&k, d, key, kl);
        r |= rijn_gcm_seal(&k, iv, 12, aad, 13, msg, len, one, t1, 16);
        r |= rijn_gcm_start(&st, &k, iv, 12, 1);
        r |= rijn_gcm_aad(&st, aad, 13);
        r |= rijn_gcm_update(&st, two, msg, s);
        r |= rijn_gcm_update(&st, two + s, msg + s, len - s);
        r |= rijn_gcm_finish(&st, t2, 16);
        same = memcmp(one, two, len) == 0 && memcmp(t1, t2, 16) == 0;
        r |= rijn_gcm_seal(&k, iv, 12, aad, len, msg, 37, one, t1, 16);
        r |= rijn_gcm_start(&st, &k, iv, 12, 1);
        r |= rijn_gcm_aad(&st, aad, s);
        r |= rijn_gcm_aad(&st, aad + s, len - s);
        r |= rijn_gcm_update(&st, two, msg, 37);
        r |= rijn_gcm_finish(&st, t2, 16);
        same &= memcmp(one, two, 37) == 0 && memcmp(t1, t2, 16) == 0;
        rijn_gcm_clear(&k);
        break;
    }
    case 6: { /* CMAC */
        rijn_cmac_key k;
        rijn_cmac_ctx st;
        r |= rijn_cmac_init(&k, d, key, kl);
        r |= rijn_cmac(&k, msg, len, t1, 16);
        r |= rijn_cmac_start(&st, &k);
        r |= rijn_cmac_update(&st, msg, s);
        r |= rijn_cmac_update(&st, msg + s, len - s);
        r |= rijn_cmac_final(&st, t2, 16);
        same = memcmp(t1, t2, 16) == 0;
        rijn_cmac_clear(&k);
        break;
    }
    default:
        return; /* ECB has no stream; CCM is one-shot */
    }
    CHECK(r == 0 && same, "%s %s: len %zu split at %zu: %s", algs[a], d, len, s, r ? "error" : "differs");
}

int main(void)
{
    static uint8_t ref[4 * MAXLEN + 64], got[4 * MAXLEN + 64];
    size_t total = 0;
    for (size_t a = 0; a < NALGS; a++) {
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_info info;
            if (rijn_driver_get(i, &info) || strcmp(info.algorithm, algs[a]) != 0 || !info.available) continue;
            if (rijn_driver_selftest(i) != RIJN_SELFTEST_PASS || ndrv[a] == 64) continue;
            drv[a][ndrv[a]++] = info.driver;
        }
        CHECK(ndrv[a] > 0, "no driver for %s", algs[a]);
    }
    /* 1. every length, every driver against the first */
    for (size_t a = 0; a < NALGS; a++) {
        for (size_t len = 0; len <= MAXLEN; len++) {
            inputs(len);
            size_t rn = ndrv[a] ? run(a, drv[a][0], len, ref, 0) : 0;
            CHECK(rn != (size_t)-1, "%s %s: len %zu: error", algs[a], drv[a][0], len);
            for (size_t d = 1; d < ndrv[a]; d++) {
                inputs(len);
                size_t gn = run(a, drv[a][d], len, got, (len + d) % 2 ? MALLOC_ALIGN : 0);
                CHECK(gn == rn && memcmp(ref, got, rn) == 0, "%s: %s differs from %s at len %zu", algs[a],
                      drv[a][d], drv[a][0], len);
                total++;
            }
        }
    }
    /* 2. two-call streaming at every split point */
    static const size_t extra[] = { 127, 128, 129, 255, 256, 257, 511, 512, 513 };
    size_t splits = 0;
    for (size_t a = 0; a < NALGS; a++) {
        for (size_t d = 0; d < ndrv[a]; d++) {
            for (size_t li = 0; li <= 80 + sizeof extra / sizeof extra[0]; li++) {
                size_t len = li <= 80 ? li : extra[li - 81];
                inputs(len);
                for (size_t s = 0; s <= len; s++, splits++) split_check(a, drv[a][d], len, s);
            }
        }
    }
    /* 3. GCM one-shot: AAD lengths 0..260 x data lengths 0..64 */
    size_t grid = 0;
    {
        size_t g = 4;   /* gcm(aes) in algs[] */
        for (size_t al = 0; al <= 260; al++) {
            for (size_t len = 0; len <= 64; len++) {
                uint8_t back[64];
                rijn_gcm_key k;
                inputs(al * 100 + len);
                for (size_t d = 0; d < ndrv[g]; d++) {
                    uint8_t *o = d ? got : ref;
                    int r = rijn_gcm_init(&k, drv[g][d], key, 16 + 8 * (al % 3));
                    r |= rijn_gcm_seal(&k, iv, 12, aad, al, msg, len, o, o + len, 16);
                    r |= rijn_gcm_open(&k, iv, 12, aad, al, o, len, o + len, 16, back);
                    CHECK(r == 0 && memcmp(back, msg, len) == 0, "%s: aad %zu len %zu: round trip", drv[g][d], al, len);
                    if (d) CHECK(memcmp(ref, got, len + 16) == 0, "%s differs from %s: aad %zu len %zu", drv[g][d],
                                 drv[g][0], al, len);
                    rijn_gcm_clear(&k);
                    grid++;
                }
            }
        }
    }
    printf("sweep: %zu driver-length comparisons (0..%d bytes), %zu split points, %zu GCM AAD x length cases\n",
           total, MAXLEN, splits, grid);
    return t_done();
}
