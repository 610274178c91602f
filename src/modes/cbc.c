/* SPDX-License-Identifier: MIT */
/* CBC (SP 800-38A §6.2), with optional PKCS#7 padding (RFC 5652 §6.3). */
#include "modes/modes.h"

static int cbc_setup(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    rijn_cbc_ctx *c = ctx;
    int r = rijn_aes_setkey(&c->k, in->part[0], key, key_len);
    c->inst = r ? NULL : in;
    return r;
}

static int cbc_check(const rijn_cbc_ctx *c, const uint8_t *iv, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!c || !iv) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    if (len && (!in || !out)) return RIJN_ERR_NULL;
    if (len % 16) return RIJN_ERR_LENGTH;
    return rijn_check_overlap(out, in, len);
}

int rijn_cbc_encrypt(const rijn_cbc_ctx *c, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t len)
{
    int r = cbc_check(c, iv, out, in, len);
    if (r == RIJN_OK && len) rijn_ops(&c->k)->cbc_encrypt(c->k.ks, iv, out, in, len / 16);
    return r;
}

/* Decryption is parallel. For a driver without a CBC decryption path: a
 * chunk is copied aside (so that in == out works), decrypted in one ECB
 * call, then XORed with the previous ciphertext blocks. Out of line, as
 * ctr.c's ctr_blocks_ecb: inlined, its buffer made every call save six
 * registers and set up a 560-byte frame with a stack protector, on the
 * path of the drivers that have one too. */
static __attribute__((noinline)) void cbc_decrypt_ecb(const rijn_cbc_ctx *c, const struct rijn_cipher_ops *ops,
                                                      uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    uint8_t save[16 * RIJN_CHUNK_BLOCKS];
    while (n) {
        size_t m = n < RIJN_CHUNK_BLOCKS ? n : RIJN_CHUNK_BLOCKS;
        memcpy(save, in, 16 * m);
        ops->decrypt(c->k.ks, out, save, m);
        rijn_xor16(out, out, iv);
        for (size_t i = 1; i < m; i++) rijn_xor16(out + 16 * i, out + 16 * i, save + 16 * (i - 1));
        memcpy(iv, save + 16 * (m - 1), 16);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

int rijn_cbc_decrypt(const rijn_cbc_ctx *c, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t len)
{
    int r = cbc_check(c, iv, out, in, len);
    if (r != RIJN_OK || !len) return r;
    const struct rijn_cipher_ops *ops = rijn_ops(&c->k);
    if (ops->cbc_decrypt)
        ops->cbc_decrypt(c->k.ks, iv, out, in, len / 16);
    else
        cbc_decrypt_ecb(c, ops, iv, out, in, len / 16);
    return RIJN_OK;
}

int rijn_cbc_encrypt_pad(const rijn_cbc_ctx *c, const uint8_t iv[16], uint8_t *out, size_t out_cap, size_t *out_len,
                         const uint8_t *in, size_t len)
{
    if (!c || !iv || !out || !out_len || (len && !in)) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    size_t full = len - len % 16, total = full + 16;
    if (total < len) return RIJN_ERR_LENGTH;
    if (out_cap < total) return RIJN_ERR_BUFFER;
    int r = rijn_check_overlap(out, in, len);
    if (r) return r;
    uint8_t v[16], last[16];
    uint8_t pad = (uint8_t)(16 - len % 16);
    memcpy(v, iv, 16);
    memset(last, pad, 16);
    if (len % 16) memcpy(last, in + full, len % 16);
    if (full) rijn_ops(&c->k)->cbc_encrypt(c->k.ks, v, out, in, full / 16);
    rijn_ops(&c->k)->cbc_encrypt(c->k.ks, v, out + full, last, 1);
    *out_len = total;
    rijn_wipe(last, sizeof last);
    return RIJN_OK;
}

int rijn_cbc_decrypt_pad(const rijn_cbc_ctx *c, const uint8_t iv[16], uint8_t *out, size_t out_cap, size_t *out_len,
                         const uint8_t *in, size_t len)
{
    if (!c || !iv || !out || !out_len || (len && !in)) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    *out_len = 0;
    if (len == 0 || len % 16) return RIJN_ERR_LENGTH;
    if (out_cap < len) return RIJN_ERR_BUFFER;
    uint8_t v[16];
    memcpy(v, iv, 16);
    int r = rijn_cbc_decrypt(c, v, out, in, len);
    if (r) return r;
    /* Constant-time check of the last 16 bytes: pad p must be 1..16 and the
     * last p bytes must all equal p. No branch or index depends on p. */
    uint32_t p = out[len - 1], bad = 0;
    bad |= ((p - 1) >> 8) & 1;          /* p == 0 */
    bad |= ((16 - p) >> 8) & 1;         /* p > 16 */
    for (uint32_t i = 0; i < 16; i++) {
        uint32_t in_pad = ((i - p) >> 8) & 1;   /* i < p */
        bad |= in_pad & (((out[len - 1 - i] ^ p) + 0xff) >> 8);
    }
    RIJN_DECLASSIFY(&bad, sizeof bad);   /* the verdict is public */
    if (bad) {
        rijn_wipe(out, len);
        return RIJN_ERR_PADDING;
    }
    RIJN_DECLASSIFY(&p, sizeof p);       /* a valid pad length is public */
    *out_len = len - p;
    return RIJN_OK;
}

void rijn_cbc_clear(rijn_cbc_ctx *c)
{
    rijn_wipe(c, sizeof *c);
}

/* SP 800-38A F.2.1 and F.2.2, first block. */
static int cbc_selftest(const struct rijn_inst *in)
{
    rijn_cbc_ctx c;
    uint8_t key[16], iv[16], pt[16], out[16];
    rijn_unhex(key, "2b7e151628aed2a6abf7158809cf4f3c");
    rijn_unhex(pt, "6bc1bee22e409f96e93d7e117393172a");
    rijn_unhex(iv, "000102030405060708090a0b0c0d0e0f");
    int ok = cbc_setup(&c, in, key, 16) == RIJN_OK && rijn_cbc_encrypt(&c, iv, out, pt, 16) == RIJN_OK &&
             rijn_eq_hex(out, "7649abac8119b246cee98e9b12e9197d");
    rijn_unhex(iv, "000102030405060708090a0b0c0d0e0f");
    ok = ok && rijn_cbc_decrypt(&c, iv, out, out, 16) == RIJN_OK && memcmp(out, pt, 16) == 0;
    rijn_cbc_clear(&c);
    return ok ? 0 : -1;
}

const struct rijn_template rijn_cbc_template = {
    .alg = "cbc(aes)",
    .nparts = 1,
    .part = { &rijn_kind_aes },
    .fmt = "cbc(%s)",
    .priority = rijn_prio_mixed, /* serial encryption, parallel decryption */
    .setup = cbc_setup,
    .selftest = cbc_selftest,
};
