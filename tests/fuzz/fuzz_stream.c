/* SPDX-License-Identifier: MIT */
/*
 * Differential fuzz target: every algorithm that streams (the adapters
 * with s_start: ECB, CBC, CTR, XTS, GCM, CMAC), with split points and forbidden
 * calls chosen by the fuzzer, every driver against its own one-shot call
 * and OpenSSL's one-shot answer.
 *
 * Input: algorithm byte (index, modulo their number, into the adapters
 * that stream, in rs_get order), key-size byte (mod 3), flags byte (bit 0
 * decrypt, bit 1 in place, bits 2..7 the tag length: an index into the
 * adapter's tags), IV-length byte (RS_AEAD: b % 17, clamped to
 * iv_min..min(iv_max, 16); the others take iv_len), key (64 bytes), IV
 * (16 bytes), AAD field (up to 255 bytes; used where the adapter has
 * s_aad), script field (up to 64 bytes), then the message: the rest, cut
 * to a multiple of the adapter's `block` (a message under min_len, or a
 * key that repeats a part, is fuzz_block's).
 *
 * The AAD, then the message, go in pieces, one per script byte: its low 7
 * bits are the piece length in units of update_granule (CBC and XTS pieces
 * reach 127 blocks, past every driver's batch), and its top bit inserts,
 * after that call, calls the API forbids at that point:
 *   - an update with a NULL input: RIJN_ERR_NULL;
 *   - where update_granule > 1 (CBC, XTS), an update that is not a
 *     multiple of it: RIJN_ERR_LENGTH;
 *   - after data: AAD (GCM), and an RS_AEAD final of the other direction
 *     (verify on a sealing stream, finish on an opening one):
 *     RIJN_ERR_STATE.
 * Each must leave the stream as it was. Updates stop where final still
 * gets what it needs (final_min: XTS keeps the last full block with the
 * partial one); when the script runs out, final takes the rest. Every
 * piece continues from the state the previous one left (CBC's chaining
 * value, CTR's counter and keystream, XTS's tweak, GHASH, CMAC's block), so
 * a wrong state after any call shows in the next piece. The output and tag
 * must equal the driver's one-shot call, which must equal the reference
 * (OpenSSL's one-shot; the first driver's where OpenSSL lacks the key
 * size), and an opening stream must accept the reference's tag. Where
 * final ends the stream (final_ends: XTS, GCM, CMAC), every later call, of
 * either direction, must give RIJN_ERR_STATE.
 */
#include "fuzz.h"

static fuzz_algs algs;

typedef struct {
    const uint8_t *s;
    size_t n, i;
} script;

/* The next piece (a multiple of unit, at most left), and whether to insert
 * forbidden calls after it. */
static size_t next_piece(script *sc, size_t left, size_t unit, int *bad)
{
    uint8_t b = sc->s[sc->i++];
    size_t l = (size_t)(b & 0x7f) * unit;
    *bad = b >> 7;
    return l < left ? l : left;
}

#define EXPECT(call, want)                                                                                \
    do {                                                                                                  \
        int rc_ = (call);                                                                                 \
        if (rc_ != (want)) FAIL("%s: %s gave %d, not %d", drv, #call, rc_, want);                        \
    } while (0)

static uint8_t junk[64];

/* RS_MAC's update and final take no output. */
static uint8_t *out_at(const struct rs_alg *a, uint8_t *out, size_t off)
{
    return a->shape == RS_MAC ? NULL : out + off;
}

/* The calls the API forbids here; `data`: after the first update. */
static void forbidden(const struct rs_alg *a, const char *drv, rs_stream *s, int data, size_t tag_len)
{
    size_t g = a->update_granule;
    EXPECT(a->s_update(s, out_at(a, junk, 0), NULL, g), RIJN_ERR_NULL);
    if (g > 1) EXPECT(a->s_update(s, out_at(a, junk, 0), junk, g - 1), RIJN_ERR_LENGTH);
    if (!data) return;
    if (a->s_aad) {
        EXPECT(a->s_aad(s, junk, 1), RIJN_ERR_STATE);
        EXPECT(a->s_aad(s, junk, 0), RIJN_ERR_STATE);
    }
    if (a->shape == RS_AEAD) {
        s->encrypt = !s->encrypt;
        EXPECT(a->s_final(s, out_at(a, junk, 0), junk, 0, junk, tag_len), RIJN_ERR_STATE);
        s->encrypt = !s->encrypt;
    }
}

/* After final ended the stream: everything, either direction. */
static void after_end(const struct rs_alg *a, const char *drv, rs_stream *s, size_t tag_len)
{
    size_t g = a->update_granule;
    uint8_t *o = out_at(a, junk, 0);
    for (int dir = 0; dir < 2; dir++) {
        if (a->s_aad) EXPECT(a->s_aad(s, junk, 1), RIJN_ERR_STATE);
        EXPECT(a->s_update(s, o, junk, 0), RIJN_ERR_STATE);
        EXPECT(a->s_update(s, o, junk, g), RIJN_ERR_STATE);
        EXPECT(a->s_final(s, o, junk, 0, junk, tag_len), RIJN_ERR_STATE);
        EXPECT(a->s_final(s, o, junk, g > a->final_min ? g : a->final_min, junk, tag_len), RIJN_ERR_STATE);
        s->encrypt = !s->encrypt;
    }
}

/* The adapter's one-shot call: out gets the output (not RS_MAC), tag the
 * tag (RS_AEAD sealing, RS_MAC) or gives it (RS_AEAD opening). */
static int oneshot(const struct rs_alg *a, void *ctx, int enc, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    switch (a->shape) {
    case RS_CIPHER:
        return a->crypt(ctx, enc, iv, out, in, len);
    case RS_AEAD:
        return enc ? a->seal(ctx, iv, iv_len, aad, aad_len, in, len, out, tag, tag_len)
                   : a->open(ctx, iv, iv_len, aad, aad_len, in, len, tag, tag_len, out);
    default:
        return a->mac(ctx, in, len, tag, tag_len);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!algs.n) fuzz_setup(&algs, -1, 1);
    reader r = { data, size };
    const fuzz_alg *fa = &algs.e[u8(&r) % algs.n];
    const struct rs_alg *a = fa->alg;
    size_t key_len = rs_key_len(a, u8(&r));
    uint8_t flags = u8(&r);
    size_t iv_len = u8(&r) % 17, aad_len, script_len, len;
    int dec = flags & 1 && a->shape != RS_MAC, inplace = (flags >> 1) & 1;
    size_t ntags = rs_ntags(a), tag_len = ntags ? a->tags[(size_t)(flags >> 2) % ntags] : 0;
    uint8_t key[64], iv[16];
    bytes(&r, key, sizeof key);
    bytes(&r, iv, sizeof iv);
    const uint8_t *aad = field(&r, 255, &aad_len);
    const uint8_t *steps = field(&r, 64, &script_len);
    const uint8_t *msg = rest(&r, &len);
    if (a->shape == RS_AEAD) {
        size_t hi = a->iv_max < 16 ? a->iv_max : 16;
        iv_len = iv_len < a->iv_min ? a->iv_min : iv_len > hi ? hi : iv_len;
    } else {
        iv_len = a->iv_len;
    }
    if (!a->s_aad) aad_len = 0;
    if (a->shape == RS_CIPHER) {
        len -= len % a->block;
        if (len < a->min_len) return 0;
    }
    if (key_repeats(a, key, key_len)) return 0;
    if (a->update_granule > sizeof junk || a->final_min > sizeof junk) FAIL("%s: granule too large", a->alg);

    /* The reference, in one call: OpenSSL's where it has the cipher, else
     * the first driver's. RS_AEAD seals the message; to test opening, it
     * opens the sealed ciphertext and expects the message back. */
    uint8_t *ref = zalloc(len), *sealed = zalloc(len), ref_tag[16] = { 0 };
    void *ctx = ctx_alloc(a);
    int have_ref = 1;
    if (a->shape == RS_MAC) {
        evp_mac(a, key, key_len, msg, len, ref_tag);
    } else {
        EVP_CIPHER *c = evp_cipher(a, key_len / a->key_parts * 8);
        size_t ref_len = len;
        int ok = 1;
        if (!c) have_ref = 0;
        else if (a->shape == RS_CIPHER) ok = evp_block(c, dec, 0, key, iv, msg, len, ref, &ref_len);
        else ok = evp_aead(c, 0, key, iv, iv_len, aad, aad_len, msg, len, ref, ref_tag, tag_len) == 1;
        if (!ok || ref_len != len) FAIL("OpenSSL refused %s, %zu bytes", a->alg, len);
    }
    if (!have_ref) {
        const char *drv = fa->drv[0];
        EXPECT(a->init(ctx, drv, key, key_len), RIJN_OK);
        int enc = a->shape == RS_AEAD || !dec;
        EXPECT(oneshot(a, ctx, enc, iv, iv_len, aad, aad_len, msg, len, ref, ref_tag, tag_len), RIJN_OK);
        a->clear(ctx);
    }
    if (a->shape == RS_AEAD && dec) {
        if (len) memcpy(sealed, ref, len);
        if (len) memcpy(ref, msg, len);
        msg = sealed;
    }

    for (size_t d = 0; d < fa->ndrv; d++) {
        const char *drv = fa->drv[d];
        EXPECT(a->init(ctx, drv, key, key_len), RIJN_OK);
        uint8_t *base = dup_off(msg, len, 0), *in = base + 1;
        uint8_t *obuf = zalloc(len + 1), *out = inplace ? in : obuf + 1, *one = zalloc(len);
        uint8_t one_tag[16], tag[16];

        /* The one-shot call equals the reference. */
        memcpy(one_tag, ref_tag, 16);
        EXPECT(oneshot(a, ctx, !dec, iv, iv_len, aad, aad_len, msg, len, one, one_tag, tag_len), RIJN_OK);
        if (a->shape != RS_MAC) check_eq("one-shot", drv, ref, one, len);
        if (a->shape != RS_CIPHER) check_eq("one-shot tag", drv, ref_tag, one_tag, tag_len);

        /* The stream equals the one-shot call. */
        rs_stream s;
        script sc = { steps, script_len, 0 };
        size_t off = 0, l, g = a->update_granule, part = len % g;
        int bad;
        memset(&s, 0, sizeof s);
        EXPECT(a->s_start(&s, ctx, iv, iv_len, !dec), RIJN_OK);
        for (off = 0; off < aad_len && sc.i < sc.n; off += l) {
            l = next_piece(&sc, aad_len - off, 1, &bad);
            EXPECT(a->s_aad(&s, aad + off, l), RIJN_OK);
            if (bad) forbidden(a, drv, &s, 0, tag_len);
        }
        if (off < aad_len) EXPECT(a->s_aad(&s, aad + off, aad_len - off), RIJN_OK);
        size_t limit = !part ? len : len - part >= a->final_min ? len - part - a->final_min : 0;
        limit -= limit % g;
        for (off = 0; sc.i < sc.n; off += l) {
            l = next_piece(&sc, limit - off, g, &bad);
            EXPECT(a->s_update(&s, out_at(a, out, off), in + off, l), RIJN_OK);
            if (bad) forbidden(a, drv, &s, 1, tag_len);
        }
        memcpy(tag, ref_tag, 16);
        EXPECT(a->s_final(&s, out_at(a, out, off), in + off, len - off, a->shape == RS_CIPHER ? NULL : tag, tag_len),
               RIJN_OK);
        if (a->shape != RS_MAC) check_eq("stream", drv, one, out, len);
        if (a->shape != RS_CIPHER) check_eq("stream tag", drv, one_tag, tag, tag_len);
        if (a->final_ends) after_end(a, drv, &s, tag_len);

        a->clear(ctx);
        free(base);
        free(obuf);
        free(one);
    }
    free(ctx);
    free(ref);
    free(sealed);
    return 0;
}
