/*
 * Known-answer self-tests, run once per driver at first selection (as the
 * kernel's testmgr does at registration). A driver that fails is never
 * selected, and `rijn list` shows FAIL.
 *
 * These few vectors are the library's own power-on checks. The test suite
 * proper reads complete vector files (tests/vectors, Wycheproof).
 * Sources:
 *   AES        FIPS 197 Appendix C.1-C.3
 *   CBC, CTR   SP 800-38A F.2.1 and F.5.1, first block
 *   GCM        McGrew-Viega GCM spec, test cases 1 and 2
 *   CCM        SP 800-38C Appendix C, Example 1
 *   CMAC       SP 800-38B Appendix D.1, Examples 1 and 2
 *   XTS        IEEE 1619-2007 Appendix B, vector 2
 */
#include "core/internal.h"
#include "modes/modes.h"

static size_t unhex(uint8_t *out, const char *s)
{
    size_t n = 0;
    for (; s[0] && s[1]; s += 2) {
        int hi = s[0] <= '9' ? s[0] - '0' : s[0] - 'a' + 10;
        int lo = s[1] <= '9' ? s[1] - '0' : s[1] - 'a' + 10;
        out[n++] = (uint8_t)(hi << 4 | lo);
    }
    return n;
}

static int eq_hex(const uint8_t *got, const char *want)
{
    uint8_t w[64];
    size_t n = unhex(w, want);
    return memcmp(got, w, n) == 0;
}

#define SP38A_KEY "2b7e151628aed2a6abf7158809cf4f3c"
#define SP38A_P1 "6bc1bee22e409f96e93d7e117393172a"

int rijn_selftest_prim(const struct rijn_desc *d)
{
    static const char *const keys[3] = {
        "000102030405060708090a0b0c0d0e0f",
        "000102030405060708090a0b0c0d0e0f1011121314151617",
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
    };
    static const char *const cts[3] = {
        "69c4e0d86a7b0430d8cdb78070b4c55a",
        "dda97ca4864cdfe06eaf70a0ec0d7191",
        "8ea2b7ca516745bfeafc49904b496089",
    };
    uint8_t key[32], pt[16], buf[16 * 33], tmp[16];
    int ok = 1;

    if (d->kind == RIJN_KIND_CIPHER) {
        rijn_aes_key k;
        unhex(pt, "00112233445566778899aabbccddeeff");
        for (int i = 0; i < 3; i++) {
            size_t klen = unhex(key, keys[i]);
            if (rijn_aes_setkey(&k, d, key, klen) != RIJN_OK) return -1;
            /* 33 distinct blocks (block b is pt with b xored into byte
             * 0): every lane of the widest multi-block path (16 blocks),
             * its pair and single-block tails. Block 0 is the FIPS 197
             * vector; the others must match the one-block path. */
            for (int b = 0; b < 33; b++) {
                memcpy(buf + 16 * b, pt, 16);
                buf[16 * b] ^= (uint8_t)b;
            }
            d->cipher->encrypt(k.ks, buf, buf, 33);
            ok &= eq_hex(buf, cts[i]);
            for (int b = 1; b < 33; b++) {
                memcpy(tmp, pt, 16);
                tmp[0] ^= (uint8_t)b;
                d->cipher->encrypt(k.ks, tmp, tmp, 1);
                ok &= memcmp(tmp, buf + 16 * b, 16) == 0;
            }
            d->cipher->decrypt(k.ks, buf, buf, 33);
            for (int b = 0; b < 33; b++) ok &= memcmp(buf + 16 * b + 1, pt + 1, 15) == 0 && buf[16 * b] == (pt[0] ^ b);
            memcpy(buf + 16, pt, 16);
            /* The serial chains agree with the block function. */
            memset(tmp, 0, 16);
            d->cipher->cbc_mac(k.ks, tmp, buf, 2);         /* E(E(pt) ^ pt) */
            d->cipher->encrypt(k.ks, buf, pt, 1);
            rijn_xor16(buf, buf, pt);
            d->cipher->encrypt(k.ks, buf, buf, 1);
            ok &= memcmp(tmp, buf, 16) == 0;
            memset(tmp, 0, 16);
            d->cipher->cbc_encrypt(k.ks, tmp, buf + 16, pt, 1);
            ok &= eq_hex(buf + 16, cts[i]);
            rijn_wipe(&k, sizeof k);
        }
        return ok ? 0 : -1;
    }
    if (d->kind == RIJN_KIND_GF128) {
        /* GCM test case 2: H = E(0^128) under the zero key; GHASH over the
         * ciphertext and the length block equals tag2 ^ tag1 (tag1 = E(J0)). */
        unsigned char hkey[RIJN_GF128_KEY_BYTES] __attribute__((aligned(64)));
        uint8_t h[16], y[16] = { 0 }, blocks[32], t1[16], t2[16];
        unhex(h, "66e94bd4ef8a2c3b884cfa59ca342b2e");
        unhex(blocks, "0388dace60b6a392f328c2b971b2fe78""00000000000000000000000000000080");
        unhex(t1, "58e2fccefa7e3061367f1d57a4e7455a");
        unhex(t2, "ab6e47d42cec13bdf53a67b21257bddf");
        d->gf128->init(hkey, h);
        d->gf128->ghash(hkey, y, blocks, 2);
        rijn_xor16(t1, t1, t2);
        ok = memcmp(y, t1, 16) == 0;
        /* The aggregated paths (8 and 16 blocks per reduction) agree with
         * one block per call, over 37 blocks. */
        uint8_t many[16 * 37], y1[16] = { 0 }, y2[16] = { 0 };
        for (size_t i = 0; i < sizeof many; i++) many[i] = (uint8_t)(i * 29 + 7);
        d->gf128->ghash(hkey, y1, many, 37);
        for (size_t i = 0; i < 37; i++) d->gf128->ghash(hkey, y2, many + 16 * i, 1);
        ok &= memcmp(y1, y2, 16) == 0;
        rijn_wipe(hkey, sizeof hkey);
        return ok ? 0 : -1;
    }
    return -1;
}

static int selftest_gcm(const struct rijn_inst *in)
{
    rijn_gcm_key k;
    uint8_t key[16] = { 0 }, iv[12] = { 0 }, pt[16] = { 0 }, ct[16], tag[16];
    int ok = rijn_gcm_setup(&k, in, key, 16) == RIJN_OK;
    ok = ok && rijn_gcm_seal(&k, iv, 12, NULL, 0, NULL, 0, NULL, tag, 16) == RIJN_OK &&
         eq_hex(tag, "58e2fccefa7e3061367f1d57a4e7455a");
    ok = ok && rijn_gcm_seal(&k, iv, 12, NULL, 0, pt, 16, ct, tag, 16) == RIJN_OK &&
         eq_hex(ct, "0388dace60b6a392f328c2b971b2fe78") && eq_hex(tag, "ab6e47d42cec13bdf53a67b21257bddf");
    ok = ok && rijn_gcm_open(&k, iv, 12, NULL, 0, ct, 16, tag, 16, ct) == RIJN_OK && memcmp(ct, pt, 16) == 0;
    /* 533 zero bytes (33 blocks and a tail: every bulk path of a fused
     * driver), tag computed with OpenSSL; the tag covers the ciphertext. */
    uint8_t big[533];
    uint8_t z[533] = { 0 };
    ok = ok && rijn_gcm_seal(&k, iv, 12, NULL, 0, z, sizeof z, big, tag, 16) == RIJN_OK &&
         eq_hex(tag, "51a717af2e8d54cc4b86ef72435427f1") && eq_hex(big + 512, "3fc06e5d14e675f5ec880023d4f73296");
    ok = ok && rijn_gcm_open(&k, iv, 12, NULL, 0, big, sizeof z, tag, 16, big) == RIJN_OK &&
         memcmp(big, z, sizeof z) == 0;
    rijn_gcm_clear(&k);
    return ok ? 0 : -1;
}

int rijn_selftest_mode(const struct rijn_inst *in)
{
    uint8_t key[64], iv[16], pt[32], out[32], tag[16];
    int ok = 1;

    if (rijn_selftest_prim(in->cipher) != 0) return -1;
    if (in->gf && rijn_selftest_prim(in->gf) != 0) return -1;
    unhex(key, SP38A_KEY);
    unhex(pt, SP38A_P1);
    switch (in->mode) {
    case RIJN_MODE_ECB: {
        rijn_ecb_ctx c;
        unhex(key, "000102030405060708090a0b0c0d0e0f");
        unhex(pt, "00112233445566778899aabbccddeeff");
        ok = rijn_ecb_setup(&c, in, key, 16) == RIJN_OK && rijn_ecb_encrypt(&c, out, pt, 16) == RIJN_OK &&
             eq_hex(out, "69c4e0d86a7b0430d8cdb78070b4c55a");
        rijn_ecb_clear(&c);
        break;
    }
    case RIJN_MODE_CBC: {
        rijn_cbc_ctx c;
        unhex(iv, "000102030405060708090a0b0c0d0e0f");
        ok = rijn_cbc_setup(&c, in, key, 16) == RIJN_OK && rijn_cbc_encrypt(&c, iv, out, pt, 16) == RIJN_OK &&
             eq_hex(out, "7649abac8119b246cee98e9b12e9197d");
        unhex(iv, "000102030405060708090a0b0c0d0e0f");
        ok = ok && rijn_cbc_decrypt(&c, iv, out, out, 16) == RIJN_OK && memcmp(out, pt, 16) == 0;
        rijn_cbc_clear(&c);
        break;
    }
    case RIJN_MODE_CTR: {
        rijn_ctr_ctx c;
        unhex(iv, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
        ok = rijn_ctr_setup(&c, in, key, 16, iv) == RIJN_OK && rijn_ctr_xor(&c, out, pt, 16) == RIJN_OK &&
             eq_hex(out, "874d6191b620e3261bef6864990db6ce");
        rijn_ctr_clear(&c);
        break;
    }
    case RIJN_MODE_XTS: {
        rijn_xts_ctx c;
        unhex(key, "1111111111111111111111111111111122222222222222222222222222222222");
        unhex(iv, "33333333330000000000000000000000");
        memset(pt, 0x44, 32);
        ok = rijn_xts_setup(&c, in, key, 32) == RIJN_OK && rijn_xts_encrypt(&c, iv, out, pt, 32) == RIJN_OK &&
             eq_hex(out, "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0");
        ok = ok && rijn_xts_decrypt(&c, iv, out, out, 32) == RIJN_OK && memcmp(out, pt, 32) == 0;
        rijn_xts_clear(&c);
        break;
    }
    case RIJN_MODE_GCM:
        ok = selftest_gcm(in) == 0;
        break;
    case RIJN_MODE_CCM: {
        rijn_ccm_key k;
        uint8_t nonce[7], aad[8];
        unhex(key, "404142434445464748494a4b4c4d4e4f");
        unhex(nonce, "10111213141516");
        unhex(aad, "0001020304050607");
        unhex(pt, "20212223");
        ok = rijn_ccm_setup(&k, in, key, 16) == RIJN_OK &&
             rijn_ccm_seal(&k, nonce, 7, aad, 8, pt, 4, out, tag, 4) == RIJN_OK && eq_hex(out, "7162015b") &&
             eq_hex(tag, "4dac255d");
        ok = ok && rijn_ccm_open(&k, nonce, 7, aad, 8, out, 4, tag, 4, out) == RIJN_OK && memcmp(out, pt, 4) == 0;
        rijn_ccm_clear(&k);
        break;
    }
    case RIJN_MODE_CMAC: {
        rijn_cmac_key k;
        ok = rijn_cmac_setup(&k, in, key, 16) == RIJN_OK && rijn_cmac(&k, NULL, 0, tag, 16) == RIJN_OK &&
             eq_hex(tag, "bb1d6929e95937287fa37d129b756746");
        ok = ok && rijn_cmac(&k, pt, 16, tag, 16) == RIJN_OK && eq_hex(tag, "070a16b46b4d4144f79bdd9dd04a287c");
        rijn_cmac_clear(&k);
        break;
    }
    default:
        ok = 0;
    }
    return ok ? 0 : -1;
}
