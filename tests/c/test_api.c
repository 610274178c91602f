/* SPDX-License-Identifier: MIT */
/*
 * Bad input and misuse through the C API, for every driver of every mode
 * (iterating the registry): each invalid length, size, tag or call order
 * gives its documented error; a corrupted tag gives no plaintext; contexts
 * are wiped by their clear functions.
 */
#include "testutil.h"

static const char *drivers_of(const char *alg, size_t *i)
{
    rijn_driver_info d;
    for (; *i < rijn_driver_count(); (*i)++) {
        rijn_driver_get(*i, &d);
        if (strcmp(d.algorithm, alg) == 0 && d.available) return (*i)++, d.driver;
    }
    return NULL;
}

#define FOR_DRIVERS(alg, d) for (size_t it_ = 0; ((d) = drivers_of(alg, &it_)) != NULL;)

static int all_zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return 0;
    return 1;
}

int main(void)
{
    uint8_t key[64], iv[16], buf[256], out[256], tag[16];
    uint8_t *unit = calloc(1, RIJN_XTS_MAX_UNIT + 32);
    CHECK(unit != NULL, "out of memory");
    if (!unit) return 1;
    const char *d;
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(buf, sizeof buf);

    CHECK(rijn_ecb_init(NULL, NULL, key, 16) == RIJN_ERR_NULL, "ecb NULL ctx");
    {
        rijn_ecb_ctx c;
        CHECK(rijn_ecb_init(&c, "no-such-driver", key, 16) == RIJN_ERR_NO_DRIVER, "unknown driver");
        CHECK(rijn_ecb_init(&c, "ctr(aes-ct64)", key, 16) == RIJN_ERR_NO_DRIVER, "driver of another alg");
        CHECK(rijn_ecb_encrypt(&c, out, buf, 16) == RIJN_ERR_STATE, "use after failed init");
    }
    FOR_DRIVERS("ecb(aes)", d) {
        rijn_ecb_ctx c;
        for (size_t kl = 0; kl <= 40; kl++)
            CHECK((rijn_ecb_init(&c, d, key, kl) == RIJN_OK) == (kl == 16 || kl == 24 || kl == 32), "%s key %zu", d, kl);
        CHECK(rijn_ecb_init(&c, d, key, 16) == RIJN_OK, "init");
        for (size_t n = 1; n < 48; n++)
            if (n % 16) CHECK(rijn_ecb_encrypt(&c, out, buf, n) == RIJN_ERR_LENGTH, "%s ecb len %zu", d, n);
        CHECK(rijn_ecb_encrypt(&c, NULL, buf, 16) == RIJN_ERR_NULL, "NULL out");
        CHECK(rijn_ecb_encrypt(&c, NULL, NULL, 0) == RIJN_OK, "NULL with zero length");
        CHECK(rijn_ecb_encrypt(&c, buf + 1, buf, 32) == RIJN_ERR_OVERLAP, "partial overlap");
        CHECK(rijn_ecb_encrypt(&c, buf, buf, 32) == RIJN_OK, "in place");
        rijn_ecb_clear(&c);
        CHECK(all_zero(&c, sizeof c), "ecb clear wipes");
        CHECK(rijn_ecb_encrypt(&c, out, buf, 16) == RIJN_ERR_STATE, "use after clear");
    }
    FOR_DRIVERS("cbc(aes)", d) {
        rijn_cbc_ctx c;
        size_t ol;
        CHECK(rijn_cbc_init(&c, d, key, 24) == RIJN_OK, "init");
        CHECK(rijn_cbc_encrypt(&c, iv, out, buf, 17) == RIJN_ERR_LENGTH, "cbc len");
        CHECK(rijn_cbc_encrypt(&c, NULL, out, buf, 16) == RIJN_ERR_NULL, "cbc NULL iv");
        CHECK(rijn_cbc_encrypt_pad(&c, iv, out, 16, &ol, buf, 16) == RIJN_ERR_BUFFER, "pad needs room");
        CHECK(rijn_cbc_decrypt_pad(&c, iv, out, 256, &ol, buf, 0) == RIJN_ERR_LENGTH, "unpad empty");
        CHECK(rijn_cbc_decrypt_pad(&c, iv, out, 256, &ol, buf, 20) == RIJN_ERR_LENGTH, "unpad len");
        /* Every bad final byte gives PADDING, zeroed output and length 0. */
        int badpad = 0, zeroed = 1;
        for (int p = 0; p < 256; p++) {
            uint8_t pt[32], ct[32], v[16];
            memset(pt, 0x5a, 32);
            pt[31] = (uint8_t)p;
            memcpy(v, iv, 16);
            rijn_cbc_encrypt(&c, v, ct, pt, 32);
            memset(out, 0xee, 32);
            ol = 99;
            int r = rijn_cbc_decrypt_pad(&c, iv, out, 256, &ol, ct, 32);
            int valid = p == 1;   /* only 0x01 is a valid pad given 0x5a before it */
            if ((r == RIJN_OK) != valid) badpad++;
            if (r != RIJN_OK && (!all_zero(out, 32) || ol != 0)) zeroed = 0;
        }
        CHECK(badpad == 0, "%s padding verdicts", d);
        CHECK(zeroed, "%s bad padding releases nothing", d);
        rijn_cbc_clear(&c);
    }
    FOR_DRIVERS("ctr(aes)", d) {
        rijn_ctr_ctx c;
        CHECK(rijn_ctr_init(&c, d, key, 16, NULL) == RIJN_ERR_NULL, "ctr NULL iv");
        CHECK(rijn_ctr_init(&c, d, key, 17, iv) == RIJN_ERR_KEY_LEN, "ctr key");
        CHECK(rijn_ctr_init(&c, d, key, 32, iv) == RIJN_OK, "ctr init");
        CHECK(rijn_ctr_xor(&c, out, NULL, 5) == RIJN_ERR_NULL, "ctr NULL in");
        CHECK(rijn_ctr_xor(&c, buf + 3, buf, 40) == RIJN_ERR_OVERLAP, "ctr overlap");
        rijn_ctr_clear(&c);
        CHECK(all_zero(&c, sizeof c), "ctr clear wipes");
    }
    FOR_DRIVERS("xts(aes)", d) {
        rijn_xts_ctx c;
        uint8_t same[64];
        memcpy(same, key, 32);
        memcpy(same + 32, key, 32);
        CHECK(rijn_xts_init(&c, d, same, 64) == RIJN_ERR_WEAK_KEY, "xts equal halves");
        CHECK(rijn_xts_init(&c, d, key, 16) == RIJN_ERR_KEY_LEN, "xts single key");
        CHECK(rijn_xts_init(&c, d, key, 48) == RIJN_OK, "xts 2x192");
        for (size_t n = 0; n < 16; n++)
            CHECK(rijn_xts_encrypt(&c, iv, out, buf, n) == RIJN_ERR_LENGTH, "xts short %zu", n);
        CHECK(rijn_xts_update(&c, out, buf, 16) == RIJN_ERR_STATE, "xts update before start");
        CHECK(rijn_xts_start(&c, iv, 1) == RIJN_OK, "start");
        CHECK(rijn_xts_update(&c, out, buf, 20) == RIJN_ERR_LENGTH, "xts update not a block multiple");
        CHECK(rijn_xts_update(&c, out, buf, 32) == RIJN_OK, "update");
        CHECK(rijn_xts_final(&c, out, buf, 5) == RIJN_ERR_LENGTH, "final partial without full block");
        CHECK(rijn_xts_final(&c, out, buf, 21) == RIJN_OK, "final with stealing");
        CHECK(rijn_xts_final(&c, out, buf, 16) == RIJN_ERR_STATE, "final after final");
        /* The data-unit limit, 2^20 blocks (IEEE 1619-2007 §5.1): refused
         * before any work, one-shot and summed over streaming calls; unit
         * is only read where a call is accepted. */
        CHECK(rijn_xts_encrypt(&c, iv, unit, unit, RIJN_XTS_MAX_UNIT + 1) == RIJN_ERR_LIMIT, "xts one-shot limit");
        CHECK(rijn_xts_decrypt(&c, iv, unit, unit, RIJN_XTS_MAX_UNIT + 16) == RIJN_ERR_LIMIT, "xts one-shot limit");
        CHECK(rijn_xts_start(&c, iv, 1) == RIJN_OK, "start");
        CHECK(rijn_xts_update(&c, out, buf, 32) == RIJN_OK, "update");
        CHECK(rijn_xts_update(&c, unit, unit, RIJN_XTS_MAX_UNIT - 16) == RIJN_ERR_LIMIT, "xts streamed limit");
        CHECK(rijn_xts_final(&c, unit, unit, RIJN_XTS_MAX_UNIT - 31) == RIJN_ERR_LIMIT, "xts streamed limit");
        CHECK(rijn_xts_final(&c, out, buf, 21) == RIJN_OK, "final after a refused call");
        /* A new unit starts from 0. */
        CHECK(rijn_xts_start(&c, iv, 0) == RIJN_OK && rijn_xts_final(&c, out, buf, 32) == RIJN_OK, "next unit");
        rijn_xts_clear(&c);
    }
    {
        /* Exactly 2^20 blocks is accepted, streamed or in one call (the
         * selected driver: the length check is the mode's, shared by all). */
        rijn_xts_ctx c;
        CHECK(rijn_xts_init(&c, NULL, key, 64) == RIJN_OK, "xts init");
        CHECK(rijn_xts_encrypt(&c, iv, unit, unit, RIJN_XTS_MAX_UNIT) == RIJN_OK, "xts 2^20 blocks");
        CHECK(rijn_xts_start(&c, iv, 1) == RIJN_OK && rijn_xts_update(&c, unit, unit, RIJN_XTS_MAX_UNIT - 32) == RIJN_OK &&
                  rijn_xts_final(&c, unit, unit, 33) == RIJN_ERR_LIMIT && rijn_xts_final(&c, unit, unit, 32) == RIJN_OK,
              "xts 2^20 blocks streamed");
        rijn_xts_clear(&c);
    }
    FOR_DRIVERS("gcm(aes)", d) {
        rijn_gcm_key k;
        rijn_gcm_ctx s;
        CHECK(rijn_gcm_init(&k, d, key, 16) == RIJN_OK, "gcm init");
        CHECK(rijn_gcm_seal(&k, iv, 0, NULL, 0, buf, 16, out, tag, 16) == RIJN_ERR_IV_LEN, "gcm iv 0");
        for (size_t t = 0; t <= 20; t++)
            CHECK((rijn_gcm_seal(&k, iv, 12, NULL, 0, buf, 16, out, tag, t) == RIJN_OK) == (t >= 4 && t <= 16),
                  "gcm tag %zu", t);
        CHECK(rijn_gcm_seal(&k, iv, 12, NULL, 5, buf, 16, out, tag, 16) == RIJN_ERR_NULL, "gcm NULL aad");
        /* A corrupted tag: AUTH, and the output is all zero. */
        CHECK(rijn_gcm_seal(&k, iv, 12, key, 7, buf, 100, out, tag, 16) == RIJN_OK, "seal");
        for (int bit = 0; bit < 128; bit += 9) {
            uint8_t t2[16], pt[100];
            memcpy(t2, tag, 16);
            t2[bit / 8] ^= (uint8_t)(1 << (bit % 8));
            memset(pt, 0xcc, sizeof pt);
            CHECK(rijn_gcm_open(&k, iv, 12, key, 7, out, 100, t2, 16, pt) == RIJN_ERR_AUTH, "forged tag");
            CHECK(all_zero(pt, sizeof pt), "no plaintext on failure");
        }
        /* A copy of the key at another address (16 and 48 bytes past a
         * 64-byte line: any address malloc may give) seals as the original
         * over 4800 bytes, which cross the counter byte's wrap:
         * both gcm-aes-vaes-avx512 drivers keep the offset of their
         * first-round table with the key. */
        {
            static unsigned char arena[sizeof(rijn_gcm_key) + 128] __attribute__((aligned(64)));
            static uint8_t msg[4800], c1[4800], c2[4800];
            uint8_t t1[16], t2[16];
            for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 13 + 5);
            CHECK(rijn_gcm_seal(&k, iv, 12, key, 7, msg, sizeof msg, c1, t1, 16) == RIJN_OK, "seal");
            for (size_t off = 16; off < 64; off += 32) {
                rijn_gcm_key *kc = (rijn_gcm_key *)(void *)(arena + off);
                memcpy(kc, &k, sizeof k);
                CHECK(rijn_gcm_seal(kc, iv, 12, key, 7, msg, sizeof msg, c2, t2, 16) == RIJN_OK &&
                          memcmp(c1, c2, sizeof c1) == 0 && memcmp(t1, t2, 16) == 0,
                      "%s: a copied key seals the same", d);
                rijn_gcm_clear(kc);
            }
        }
        /* Streaming order. */
        CHECK(rijn_gcm_start(&s, &k, iv, 12, 1) == RIJN_OK, "start");
        CHECK(rijn_gcm_update(&s, out, buf, 10) == RIJN_OK, "update");
        CHECK(rijn_gcm_aad(&s, buf, 3) == RIJN_ERR_STATE, "AAD after data");
        CHECK(rijn_gcm_verify(&s, tag, 16) == RIJN_ERR_STATE, "verify on an encryption");
        CHECK(rijn_gcm_finish(&s, tag, 3) == RIJN_ERR_TAG_LEN, "finish tag len");
        CHECK(rijn_gcm_finish(&s, tag, 16) == RIJN_OK, "finish");
        CHECK(rijn_gcm_update(&s, out, buf, 10) == RIJN_ERR_STATE, "update after finish");
        CHECK(rijn_gcm_finish(&s, tag, 16) == RIJN_ERR_STATE, "finish twice");
        /* The message limit, 2^36 - 32 bytes: refused before any work.
         * (A 32-bit size_t cannot express it in one call.) */
#if SIZE_MAX > 0xffffffffu
        CHECK(rijn_gcm_start(&s, &k, iv, 12, 1) == RIJN_OK, "start");
        CHECK(rijn_gcm_update(&s, buf, buf, ((size_t)1 << 36) - 31) == RIJN_ERR_LIMIT, "gcm limit");
        CHECK(rijn_gcm_update(&s, buf, buf, 16) == RIJN_OK, "under the limit");
        CHECK(rijn_gcm_update(&s, buf, buf, ((size_t)1 << 36) - 47) == RIJN_ERR_LIMIT, "gcm limit, cumulative");
#endif
        rijn_gcm_ctx_clear(&s);
        rijn_gcm_clear(&k);
        CHECK(all_zero(&k, sizeof k), "gcm clear wipes key and H");
        CHECK(rijn_gcm_seal(&k, iv, 12, NULL, 0, buf, 16, out, tag, 16) == RIJN_ERR_STATE, "use after clear");
    }
    FOR_DRIVERS("ccm(aes)", d) {
        rijn_ccm_key k;
        CHECK(rijn_ccm_init(&k, d, key, 16) == RIJN_OK, "ccm init");
        for (size_t n = 0; n <= 16; n++)
            CHECK((rijn_ccm_seal(&k, iv, n, NULL, 0, buf, 16, out, tag, 16) == RIJN_OK) == (n >= 7 && n <= 13),
                  "ccm nonce %zu", n);
        for (size_t t = 0; t <= 18; t++)
            CHECK((rijn_ccm_seal(&k, iv, 12, NULL, 0, buf, 16, out, tag, t) == RIJN_OK) ==
                      (t >= 4 && t <= 16 && t % 2 == 0), "ccm tag %zu", t);
        /* q = 2 (13-byte nonce): messages must be shorter than 2^16. */
        static uint8_t big[70000];
        CHECK(rijn_ccm_seal(&k, iv, 13, NULL, 0, big, 65536, big, tag, 16) == RIJN_ERR_LIMIT, "ccm q limit");
        CHECK(rijn_ccm_seal(&k, iv, 13, NULL, 0, big, 65535, big, tag, 16) == RIJN_OK, "ccm q limit - 1");
        CHECK(rijn_ccm_seal(&k, iv, 8, key, 9, buf, 50, out, tag, 8) == RIJN_OK, "seal");
        tag[0] ^= 1;
        uint8_t pt[50];
        memset(pt, 0xcc, sizeof pt);
        CHECK(rijn_ccm_open(&k, iv, 8, key, 9, out, 50, tag, 8, pt) == RIJN_ERR_AUTH, "ccm forged");
        CHECK(all_zero(pt, sizeof pt), "ccm no plaintext on failure");
        rijn_ccm_clear(&k);
    }
    FOR_DRIVERS("cmac(aes)", d) {
        rijn_cmac_key k;
        rijn_cmac_ctx s;
        CHECK(rijn_cmac_init(&k, d, key, 32) == RIJN_OK, "cmac init");
        CHECK(rijn_cmac(&k, buf, 10, tag, 0) == RIJN_ERR_TAG_LEN, "cmac tag 0");
        CHECK(rijn_cmac(&k, buf, 10, tag, 17) == RIJN_ERR_TAG_LEN, "cmac tag 17");
        CHECK(rijn_cmac_start(&s, &k) == RIJN_OK, "start");
        CHECK(rijn_cmac_final(&s, tag, 16) == RIJN_OK, "final");
        CHECK(rijn_cmac_update(&s, buf, 1) == RIJN_ERR_STATE, "update after final");
        rijn_cmac_clear(&k);
        CHECK(all_zero(&k, sizeof k), "cmac clear wipes");
    }
    /* Every algorithm in the registry has a selected constant-time driver,
     * and exactly one. */
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info, other;
        size_t n = 0;
        CHECK(rijn_driver_get(i, &info) == RIJN_OK, "driver %zu", i);
        for (size_t j = 0; j < rijn_driver_count(); j++)
            n += rijn_driver_get(j, &other) == RIJN_OK && strcmp(other.algorithm, info.algorithm) == 0 &&
                 other.selected && other.constant_time;
        CHECK(rijn_selected_driver(info.algorithm) != NULL && n == 1, "%s: %zu selected drivers", info.algorithm,
              n);
    }
    free(unit);
    return t_done();
}
