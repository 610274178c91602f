/*
 * Differential fuzz target: the streaming APIs, with split points and
 * out-of-order calls chosen by the fuzzer, every driver against OpenSSL's
 * one-shot answer.
 *
 * Input: family byte (mod 5: GCM, CTR, CBC, XTS, CMAC), key-size byte
 * (mod 3), flags byte (bit 0 decrypt, bit 1 in place), IV-length byte (GCM:
 * 1 + b % 16), key (64 bytes), IV (16 bytes), AAD field (up to 255 bytes,
 * GCM only), script field (up to 64 bytes), then the message: the rest.
 *
 * Each script byte makes one call: its low 7 bits are the piece length
 * (CBC and XTS round it down to whole blocks), and its top bit inserts, after
 * that call, one call the API forbids at that point:
 *   GCM: AAD after data, verify on a sealing context (finish on an opening
 *        one), update with a NULL input and a non-zero length;
 *   CTR, CBC: a NULL input with a non-zero length;
 *   XTS: an update that is not a block multiple;
 *   CMAC: a NULL input with a non-zero length.
 * Each must return its documented error and leave the context as it was, so
 * the final answer must still equal OpenSSL's. When the script runs out,
 * the rest of the data goes in one call. After a GCM finish/verify, a CMAC
 * final or an XTS final, every further call must return RIJN_ERR_STATE.
 */
#include "fuzz_aead.h"

enum { F_GCM, F_CTR, F_CBC, F_XTS, F_CMAC, F_COUNT };
static const char *const alg_of[F_COUNT] = { "gcm(aes)", "ctr(aes)", "cbc(aes)", "xts(aes)", "cmac(aes)" };
static driver_list drivers[F_COUNT];

typedef struct {
    const uint8_t *s;
    size_t n, i;
} script;

/* Next piece length (at most left), and whether to insert a bad call. */
static size_t next_piece(script *sc, size_t left, size_t unit, int *bad)
{
    *bad = 0;
    if (sc->i >= sc->n) return left;
    uint8_t b = sc->s[sc->i++];
    size_t l = (size_t)(b & 0x7f) / unit * unit;
    *bad = b >> 7;
    return l < left ? l : left;
}

#define EXPECT(call, want)                                                                                \
    do {                                                                                                  \
        int rc_ = (call);                                                                                 \
        if (rc_ != (want)) FAIL("%s: %s gave %d, not %d", drv, #call, rc_, want);                        \
    } while (0)

static void run_gcm(const char *drv, int dec, const uint8_t *key, size_t key_len, const uint8_t *iv, size_t iv_len,
                    const uint8_t *aad, size_t aad_len, script *sc, uint8_t *in, uint8_t *out, size_t len,
                    const uint8_t *ref, const uint8_t *ref_tag)
{
    rijn_gcm_key k;
    rijn_gcm_ctx s;
    uint8_t tag[16], junk[1] = { 0 };
    int bad;
    if (rijn_gcm_init(&k, drv, key, key_len)) FAIL("%s: init", drv);
    EXPECT(rijn_gcm_start(&s, &k, iv, iv_len, !dec), RIJN_OK);
    for (size_t off = 0; off < aad_len;) {
        size_t l = next_piece(sc, aad_len - off, 1, &bad);
        EXPECT(rijn_gcm_aad(&s, aad + off, l), RIJN_OK);
        off += l;
        if (bad) EXPECT(rijn_gcm_update(&s, out, NULL, 1), RIJN_ERR_NULL);
    }
    for (size_t off = 0; off < len || off == 0;) {
        size_t l = next_piece(sc, len - off, 1, &bad);
        EXPECT(rijn_gcm_update(&s, out + off, in + off, l), RIJN_OK);
        off += l;
        if (bad) {
            EXPECT(rijn_gcm_aad(&s, junk, 1), RIJN_ERR_STATE);
            EXPECT(rijn_gcm_aad(&s, junk, 0), RIJN_ERR_STATE);
            if (dec) EXPECT(rijn_gcm_finish(&s, tag, 16), RIJN_ERR_STATE);
            else EXPECT(rijn_gcm_verify(&s, ref_tag, 16), RIJN_ERR_STATE);
        }
        if (len == 0) break;
    }
    if (dec) {
        EXPECT(rijn_gcm_verify(&s, ref_tag, 16), RIJN_OK);
        check_eq("gcm stream open", drv, ref, out, len);
    } else {
        EXPECT(rijn_gcm_finish(&s, tag, 16), RIJN_OK);
        check_eq("gcm stream seal", drv, ref, out, len);
        check_eq("gcm stream tag", drv, ref_tag, tag, 16);
    }
    /* A finished context takes nothing more. */
    EXPECT(rijn_gcm_aad(&s, junk, 1), RIJN_ERR_STATE);
    EXPECT(rijn_gcm_update(&s, junk, junk, 1), RIJN_ERR_STATE);
    EXPECT(rijn_gcm_finish(&s, tag, 16), RIJN_ERR_STATE);
    EXPECT(rijn_gcm_verify(&s, tag, 16), RIJN_ERR_STATE);
    rijn_gcm_clear(&k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!drivers[0].n)
        for (int f = 0; f < F_COUNT; f++) drivers_of(alg_of[f], &drivers[f]);
    reader r = { data, size };
    int fam = u8(&r) % F_COUNT;
    size_t ks = u8(&r) % 3;
    uint8_t flags = u8(&r);
    size_t iv_len = 1 + u8(&r) % 16, aad_len, script_len, len;
    int dec = flags & 1, inplace = (flags >> 1) & 1;
    uint8_t key[64], iv[16];
    bytes(&r, key, sizeof key);
    bytes(&r, iv, sizeof iv);
    const uint8_t *aad = field(&r, 255, &aad_len);
    const uint8_t *steps = field(&r, 64, &script_len);
    const uint8_t *msg = rest(&r, &len);
    size_t key_len = fam == F_XTS ? 32 + 32 * (ks & 1) : 16 + 8 * ks;
    if (fam == F_CBC) len -= len % 16;
    if (fam == F_XTS && (len < 16 || memcmp(key, key + key_len / 2, key_len / 2) == 0)) return 0; /* fuzz_block's */

    /* OpenSSL, in one call. */
    uint8_t *ref = malloc(len + 16), *sealed = malloc(len + 1), ref_tag[16];
    size_t ref_len;
    char name[24];
    int ok = 1;
    switch (fam) {
    case F_GCM:
        /* Seal the message; to test opening, open OpenSSL's ciphertext and
         * tag, and expect the message back. */
        ok = evp_aead("GCM", 0, key, key_len, iv, iv_len, aad, aad_len, msg, len, ref, ref_tag, 16);
        if (ok && dec) {
            memcpy(sealed, ref, len);
            memcpy(ref, msg, len);
            msg = sealed;
        }
        break;
    case F_CTR:
    case F_CBC:
        snprintf(name, sizeof name, "AES-%zu-%s", key_len * 8, fam == F_CTR ? "CTR" : "CBC");
        ok = evp_block(name, dec, 0, key, iv, msg, len, ref, &ref_len);
        break;
    case F_XTS:
        snprintf(name, sizeof name, "AES-%zu-XTS", key_len * 4);
        ok = evp_block(name, dec, 0, key, iv, msg, len, ref, &ref_len);
        break;
    default:
        evp_cmac(key, key_len, msg, len, ref_tag);
    }
    if (!ok) FAIL("OpenSSL refused family %d", fam);

    for (size_t d = 0; d < drivers[fam].n; d++) {
        const char *drv = drivers[fam].name[d];
        uint8_t *base = dup_off(msg, len, 0), *in = base + 1;
        uint8_t *obuf = calloc(1, len + 1), *out = inplace ? in : obuf + 1, junk[16] = { 0 };
        script sc = { steps, script_len, 0 };
        int bad;
        switch (fam) {
        case F_GCM:
            run_gcm(drv, dec, key, key_len, iv, iv_len, aad, aad_len, &sc, in, out, len, ref, ref_tag);
            break;
        case F_CTR: {
            rijn_ctr_ctx c;
            if (rijn_ctr_init(&c, drv, key, key_len, iv)) FAIL("%s: init", drv);
            for (size_t off = 0; off < len;) {
                size_t l = next_piece(&sc, len - off, 1, &bad);
                EXPECT(rijn_ctr_xor(&c, out + off, in + off, l), RIJN_OK);
                off += l;
                if (bad) EXPECT(rijn_ctr_xor(&c, out, NULL, 1), RIJN_ERR_NULL);
            }
            check_eq("ctr stream", drv, ref, out, len);
            rijn_ctr_clear(&c);
            break;
        }
        case F_CBC: {
            rijn_cbc_ctx c;
            uint8_t chain[16];
            memcpy(chain, iv, 16);
            if (rijn_cbc_init(&c, drv, key, key_len)) FAIL("%s: init", drv);
            for (size_t off = 0; off < len;) {
                size_t l = next_piece(&sc, len - off, 16, &bad);
                EXPECT(dec ? rijn_cbc_decrypt(&c, chain, out + off, in + off, l)
                           : rijn_cbc_encrypt(&c, chain, out + off, in + off, l), RIJN_OK);
                off += l;
                if (bad) EXPECT(rijn_cbc_encrypt(&c, chain, out, NULL, 16), RIJN_ERR_NULL);
            }
            check_eq("cbc stream", drv, ref, out, len);
            rijn_cbc_clear(&c);
            break;
        }
        case F_XTS: {
            rijn_xts_ctx c;
            if (rijn_xts_init(&c, drv, key, key_len)) FAIL("%s: init", drv);
            EXPECT(rijn_xts_start(&c, iv, !dec), RIJN_OK);
            /* Updates take whole blocks; with stealing, the last full block
             * and the partial one must reach final together. */
            size_t keep = len % 16 ? 16 + len % 16 : 0, off = 0;
            while (off < len - keep && sc.i < sc.n) {
                size_t l = next_piece(&sc, len - keep - off, 16, &bad);
                EXPECT(rijn_xts_update(&c, out + off, in + off, l), RIJN_OK);
                off += l;
                if (bad) EXPECT(rijn_xts_update(&c, junk, junk, 15), RIJN_ERR_LENGTH);
            }
            EXPECT(rijn_xts_final(&c, out + off, in + off, len - off), RIJN_OK);
            check_eq("xts stream", drv, ref, out, len);
            EXPECT(rijn_xts_update(&c, junk, junk, 16), RIJN_ERR_STATE);
            EXPECT(rijn_xts_final(&c, junk, junk, 16), RIJN_ERR_STATE);
            rijn_xts_clear(&c);
            break;
        }
        default: {
            rijn_cmac_key k;
            rijn_cmac_ctx s;
            uint8_t tag[16];
            if (rijn_cmac_init(&k, drv, key, key_len)) FAIL("%s: init", drv);
            EXPECT(rijn_cmac_start(&s, &k), RIJN_OK);
            for (size_t off = 0; off < len;) {
                size_t l = next_piece(&sc, len - off, 1, &bad);
                EXPECT(rijn_cmac_update(&s, in + off, l), RIJN_OK);
                off += l;
                if (bad) EXPECT(rijn_cmac_update(&s, NULL, 1), RIJN_ERR_NULL);
            }
            EXPECT(rijn_cmac_final(&s, tag, 16), RIJN_OK);
            check_eq("cmac stream", drv, ref_tag, tag, 16);
            EXPECT(rijn_cmac_update(&s, in, 0), RIJN_ERR_STATE);
            EXPECT(rijn_cmac_final(&s, tag, 16), RIJN_ERR_STATE);
            rijn_cmac_clear(&k);
        }
        }
        free(base);
        free(obuf);
    }
    free(ref);
    free(sealed);
    return 0;
}
