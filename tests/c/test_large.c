/* SPDX-License-Identifier: MIT */
/*
 * Large inputs: GCM and CTR over more than 4 GiB in ONE call, compared with
 * the same message processed in chunks by the streaming API.
 *
 * The message comes from a generator (xorshift, cheap to recompute), so the
 * chunked pass regenerates each chunk instead of reading a second copy.
 * 4 GiB + 4 KiB + 13 bytes crosses 2^32 bytes, where a length kept in a
 * 32-bit variable would wrap; the CTR counter starts 2^20 blocks before a
 * 2^32 block-counter wrap, and GCM's 32-bit counter runs through 2^28
 * blocks. Then the one-call ciphertext is opened in one call, in place,
 * and must give the message back.
 *
 * Drivers: the selected ones for gcm(aes) and ctr(aes), and the GCM
 * template over the selected block cipher and GHASH (a different path).
 * Needs 4 GiB of memory; without it the test says so and is skipped
 * (exit 77).
 *
 * usage: test_large [GiB]   (default 4; the length is GiB * 2^30 + 4109)
 */
#include "rijn/registry.h"
#include "testutil.h"

static inline uint64_t gen_word(uint64_t w)
{
    uint64_t z = w * 0x9e3779b97f4a7c15ull;
    z ^= z >> 29;
    z *= 0xbf58476d1ce4e5b9ull;
    return z ^ (z >> 32);
}

/* Bytes [pos, pos + n) of the message: byte i is byte i % 8 (little-endian)
 * of gen_word(i / 8), so any chunk can be regenerated alone. */
static void gen(uint8_t *p, size_t n, uint64_t pos)
{
    size_t i = 0;
    for (; i < n && (pos + i) % 8; i++) p[i] = (uint8_t)(gen_word((pos + i) / 8) >> (8 * ((pos + i) % 8)));
    for (; i + 8 <= n; i += 8) {
        uint64_t z = gen_word((pos + i) / 8);
        for (int b = 0; b < 8; b++) p[i + b] = (uint8_t)(z >> (8 * b)); /* compiles to one store */
    }
    for (; i < n; i++) p[i] = (uint8_t)(gen_word((pos + i) / 8) >> (8 * ((pos + i) % 8)));
}

static uint8_t *piece, *cpiece;
static const size_t chunk = (1u << 20) + 7;

typedef int (*step_fn)(void *ctx, uint8_t *out, const uint8_t *in, size_t n);
static int gcm_step(void *s, uint8_t *out, const uint8_t *in, size_t n)
{
    return rijn_gcm_update(s, out, in, n);
}
static int ctr_step(void *c, uint8_t *out, const uint8_t *in, size_t n)
{
    return rijn_ctr_xor(c, out, in, n);
}

/* Regenerate the message chunk by chunk; pass each through step (or
 * nothing, when step is NULL) and compare it with big at that offset. */
static void compare_chunks(const char *what, const uint8_t *big, size_t len, step_fn step, void *ctx)
{
    size_t bad = 0;
    for (size_t off = 0; off < len; off += chunk) {
        size_t n = len - off < chunk ? len - off : chunk;
        gen(piece, n, off);
        if (step) CHECK(step(ctx, cpiece, piece, n) == RIJN_OK, "%s: chunk at %zu refused", what, off);
        if (memcmp(step ? cpiece : piece, big + off, n) != 0 && bad++ == 0)
            CHECK(0, "%s: differs in the chunk at %zu", what, off);
    }
}

int main(int argc, char **argv)
{
    size_t gib = argc > 1 ? strtoull(argv[1], NULL, 0) : 4;
    const size_t len = (gib << 30) + 4096 + 13;
    uint8_t *big = malloc(len);
    if (!big) {
        printf("SKIP: test_large needs %zu MiB of memory\n", len >> 20);
        return 77;
    }
    piece = malloc(chunk);
    cpiece = malloc(chunk);
    uint8_t key[32], iv[16], aad[20], tag1[16], tag2[16];
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(aad, sizeof aad);

    /* The GCM drivers: the selected one and the template over the selected
     * AES and GHASH, found by their composed name in the registry. */
    const char *gcm_drivers[2] = { rijn_selected_driver("gcm(aes)"), NULL };
    char tmpl[128];
    snprintf(tmpl, sizeof tmpl, "gcm_base(ctr(%s),%s)", rijn_selected_driver("aes"), rijn_selected_driver("ghash"));
    if (rijn_resolve("gcm(aes)", tmpl, &gcm_drivers[1]) != RIJN_OK) gcm_drivers[1] = NULL;

    for (int g = 0; g < 2 && gcm_drivers[g]; g++) {
        const char *d = gcm_drivers[g];
        rijn_gcm_key k;
        rijn_gcm_ctx s;
        CHECK(rijn_gcm_init(&k, d, key, 16) == RIJN_OK, "%s init", d);
        gen(big, len, 0);
        CHECK(rijn_gcm_seal(&k, iv, 12, aad, sizeof aad, big, len, big, tag1, 16) == RIJN_OK, "%s seal", d);
        /* Chunks, through the streaming API, compared as they come. */
        CHECK(rijn_gcm_start(&s, &k, iv, 12, 1) == RIJN_OK, "start");
        CHECK(rijn_gcm_aad(&s, aad, sizeof aad) == RIJN_OK, "aad");
        compare_chunks(d, big, len, gcm_step, &s);
        CHECK(rijn_gcm_finish(&s, tag2, 16) == RIJN_OK, "finish");
        CHECK(memcmp(tag1, tag2, 16) == 0, "%s: one-call and chunked tags differ over %zu bytes", d, len);
        /* Open in one call, in place. */
        CHECK(rijn_gcm_open(&k, iv, 12, aad, sizeof aad, big, len, tag1, 16, big) == RIJN_OK, "%s open", d);
        compare_chunks(d, big, len, NULL, NULL);
        printf("gcm  %-44s %zu bytes: one call == chunks, opens back\n", d, len);
        rijn_gcm_clear(&k);
    }

    /* CTR, the counter starting 2^20 blocks before its low 32 bits wrap. */
    {
        const char *d = rijn_selected_driver("ctr(aes)");
        rijn_ctr_ctx c;
        memset(iv + 12, 0xff, 4);
        iv[13] = 0xf0;
        CHECK(rijn_ctr_init(&c, d, key, 32, iv) == RIJN_OK, "%s init", d);
        gen(big, len, 0);
        CHECK(rijn_ctr_xor(&c, big, big, len) == RIJN_OK, "%s one call", d);
        CHECK(rijn_ctr_set_iv(&c, iv) == RIJN_OK, "set_iv");
        compare_chunks(d, big, len, ctr_step, &c);
        printf("ctr  %-44s %zu bytes: one call == chunks\n", d, len);
        rijn_ctr_clear(&c);
    }
    free(big);
    free(piece);
    free(cpiece);
    return t_done();
}
