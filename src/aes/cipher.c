/* SPDX-License-Identifier: MIT */
/*
 * The block-cipher kind: key setup with validation, and the known-answer
 * test every AES driver passes before it is selected.
 * Vectors: FIPS 197 Appendix C.1-C.3.
 */
#include "aes/cipher.h"
#include "core/kat.h"

int rijn_aes_setkey(rijn_aes_key *k, const struct rijn_desc *d, const uint8_t *key, size_t key_len)
{
    if (!rijn_aes_key_len_ok(key_len)) return RIJN_ERR_KEY_LEN;
    if (!key) return RIJN_ERR_NULL;
    k->drv = d;
    k->key_bytes = (unsigned)key_len;
    rijn_cipher(d)->setkey(k->ks, key, key_len);
    return RIJN_OK;
}

static int aes_selftest(const struct rijn_inst *in)
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
    const struct rijn_desc *d = in->drv;
    const struct rijn_cipher_ops *ops = rijn_cipher(d);
    uint8_t key[32], pt[16], buf[16 * 33], tmp[16];
    rijn_aes_key k;
    int ok = 1;

    rijn_unhex(pt, "00112233445566778899aabbccddeeff");
    for (int i = 0; i < 3; i++) {
        size_t klen = rijn_unhex(key, keys[i]);
        if (rijn_aes_setkey(&k, d, key, klen) != RIJN_OK) return -1;
        /* 33 distinct blocks (block b is pt with b xored into byte 0):
         * every lane of the widest multi-block path (16 blocks), its pair
         * and single-block tails. Block 0 is the FIPS 197 vector; the
         * others must match the one-block path. */
        for (int b = 0; b < 33; b++) {
            memcpy(buf + 16 * b, pt, 16);
            buf[16 * b] ^= (uint8_t)b;
        }
        ops->encrypt(k.ks, buf, buf, 33);
        ok &= rijn_eq_hex(buf, cts[i]);
        for (int b = 1; b < 33; b++) {
            memcpy(tmp, pt, 16);
            tmp[0] ^= (uint8_t)b;
            ops->encrypt(k.ks, tmp, tmp, 1);
            ok &= memcmp(tmp, buf + 16 * b, 16) == 0;
        }
        ops->decrypt(k.ks, buf, buf, 33);
        for (int b = 0; b < 33; b++) ok &= memcmp(buf + 16 * b + 1, pt + 1, 15) == 0 && buf[16 * b] == (pt[0] ^ b);
        memcpy(buf + 16, pt, 16);
        /* The serial chains agree with the block function. */
        memset(tmp, 0, 16);
        ops->cbc_mac(k.ks, tmp, buf, 2);         /* E(E(pt) ^ pt) */
        ops->encrypt(k.ks, buf, pt, 1);
        rijn_xor16(buf, buf, pt);
        ops->encrypt(k.ks, buf, buf, 1);
        ok &= memcmp(tmp, buf, 16) == 0;
        memset(tmp, 0, 16);
        ops->cbc_encrypt(k.ks, tmp, buf + 16, pt, 1);
        ok &= rijn_eq_hex(buf + 16, cts[i]);
        rijn_wipe(&k, sizeof k);
    }
    return ok ? 0 : -1;
}

const struct rijn_kind rijn_kind_aes = {
    .alg = "aes",
    .selftest = aes_selftest,
};
