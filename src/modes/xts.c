/* SPDX-License-Identifier: MIT */
/*
 * XTS-AES (IEEE 1619-2007, SP 800-38E). key = K1 (data) || K2 (tweak).
 * T = E_K2(tweak); block j: C = E_K1(P xor T) xor T; then T = T * alpha in
 * GF(2^128) with IEEE 1619's little-endian convention (§5.2: shift left
 * by one over the 16 bytes read as a little-endian integer, and fold the
 * carry out of bit 127 back as 0x87).
 * A trailing partial block uses ciphertext stealing (§5.3.2 / §5.4.2).
 */
#include "modes/modes.h"

static int xts_setup(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    rijn_xts_ctx *c = ctx;
    size_t half = key_len / 2;
    c->inst = NULL;
    if (key_len != 32 && key_len != 48 && key_len != 64) return RIJN_ERR_KEY_LEN;
    if (!key) return RIJN_ERR_NULL;
    if (rijn_ct_memcmp(key, key + half, half) == 0) return RIJN_ERR_WEAK_KEY;
    int r = rijn_aes_setkey(&c->k1, in->part[0], key, half);
    if (r == RIJN_OK) r = rijn_aes_setkey(&c->k2, in->part[0], key + half, half);
    if (r == RIJN_OK) c->inst = in;
    c->dir = -1;
    return r;
}

static void mul_alpha(uint64_t *lo, uint64_t *hi)
{
    uint64_t carry = *hi >> 63;
    *hi = (*hi << 1) | (*lo >> 63);
    *lo = (*lo << 1) ^ (0x87 & (0 - carry));
}

/* n whole blocks with the running tweak, a chunk per driver call. */
static void xts_blocks(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct rijn_cipher_ops *ops = rijn_ops(&c->k1);
    if (ops->xts) {
        if (n) ops->xts(c->k1.ks, c->tweak, out, in, n, c->dir != 0);
        return;
    }
    uint8_t tw[16 * RIJN_CHUNK_BLOCKS], buf[16 * RIJN_CHUNK_BLOCKS];
    uint64_t lo = rijn_load64_le(c->tweak), hi = rijn_load64_le(c->tweak + 8);
    while (n) {
        size_t m = n < RIJN_CHUNK_BLOCKS ? n : RIJN_CHUNK_BLOCKS;
        for (size_t i = 0; i < m; i++) {
            rijn_store64_le(tw + 16 * i, lo);
            rijn_store64_le(tw + 16 * i + 8, hi);
            mul_alpha(&lo, &hi);
        }
        rijn_xor_bytes(buf, in, tw, 16 * m);
        if (c->dir)
            ops->encrypt(c->k1.ks, buf, buf, m);
        else
            ops->decrypt(c->k1.ks, buf, buf, m);
        rijn_xor_bytes(out, buf, tw, 16 * m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    rijn_store64_le(c->tweak, lo);
    rijn_store64_le(c->tweak + 8, hi);
    rijn_wipe(tw, sizeof tw);
    rijn_wipe(buf, sizeof buf);
}

int rijn_xts_start(rijn_xts_ctx *c, const uint8_t tweak[16], int encrypt)
{
    if (!c || !tweak) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    rijn_ops(&c->k2)->encrypt(c->k2.ks, c->tweak, tweak, 1);
    c->dir = encrypt ? 1 : 0;
    c->unit_len = 0;
    return RIJN_OK;
}

static int xts_check(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!c) return RIJN_ERR_NULL;
    if (!c->inst || c->dir < 0) return RIJN_ERR_STATE;
    if (len && (!in || !out)) return RIJN_ERR_NULL;
    /* At most 2^20 blocks per data unit (IEEE 1619-2007 §5.1), counted
     * over the unit's calls, and refused before anything is processed. */
    if (len > RIJN_XTS_MAX_UNIT - c->unit_len) return RIJN_ERR_LIMIT;
    return rijn_check_overlap(out, in, len);
}

int rijn_xts_update(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int r = xts_check(c, out, in, len);
    if (r) return r;
    if (len % 16) return RIJN_ERR_LENGTH;
    xts_blocks(c, out, in, len / 16);
    c->unit_len += len;
    return RIJN_OK;
}

int rijn_xts_final(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int r = xts_check(c, out, in, len);
    if (r) return r;
    size_t b = len % 16;
    if (b && len < 16) return RIJN_ERR_LENGTH;
    if (!b) {
        xts_blocks(c, out, in, len / 16);
        c->dir = -1;
        return RIJN_OK;
    }
    /* m full blocks then b bytes. */
    size_t m = len / 16;
    const struct rijn_cipher_ops *ops = rijn_ops(&c->k1);
    if (c->dir) {
        /* Encryption (§5.3.2): PP = E_T1(P_{m-1}); C_m = PP[0..b);
         * C_{m-1} = E_T2(P_m || PP[b..]). Block m - 1 is an ordinary
         * block with its own tweak T1, so it joins the bulk call, one
         * serial block fewer, and the driver leaves the tweak at T2. */
        uint8_t pp[16], cc[16];
        xts_blocks(c, out, in, m);
        in += 16 * (m - 1);
        out += 16 * (m - 1);
        memcpy(pp, out, 16);
        memcpy(cc, pp, 16);
        memcpy(cc, in + 16, b);        /* in + 16 lies past all that was written, even when out == in */
        rijn_xor16(cc, cc, c->tweak);
        ops->encrypt(c->k1.ks, cc, cc, 1);
        rijn_xor16(out, cc, c->tweak);
        memcpy(out + 16, pp, b);
        rijn_wipe(pp, 16);
        rijn_wipe(cc, 16);
        c->dir = -1;
        return RIJN_OK;
    }
    /* Decryption (§5.4.2) takes T2 before T1: the first m - 1 blocks as
     * usual, then the two out of order. */
    xts_blocks(c, out, in, m - 1);
    in += 16 * (m - 1);
    out += 16 * (m - 1);
    uint8_t t1[16], t2[16], pp[16], cc[16], tail[16];
    uint64_t lo = rijn_load64_le(c->tweak), hi = rijn_load64_le(c->tweak + 8);
    memcpy(t1, c->tweak, 16);          /* tweak of block m - 1 */
    mul_alpha(&lo, &hi);
    rijn_store64_le(t2, lo);           /* tweak of block m */
    rijn_store64_le(t2 + 8, hi);
    memcpy(tail, in + 16, b);          /* read before out (== in) is written */
    /* PP = D_T2(C_{m-1}); P_m = PP[0..b); P_{m-1} = D_T1(C_m || PP[b..]). */
    rijn_xor16(pp, in, t2);
    ops->decrypt(c->k1.ks, pp, pp, 1);
    rijn_xor16(pp, pp, t2);
    memcpy(cc, pp, 16);
    memcpy(cc, tail, b);
    rijn_xor16(cc, cc, t1);
    ops->decrypt(c->k1.ks, cc, cc, 1);
    rijn_xor16(out, cc, t1);
    memcpy(out + 16, pp, b);
    rijn_wipe(pp, 16);
    rijn_wipe(cc, 16);
    rijn_wipe(tail, 16);
    c->dir = -1;
    return RIJN_OK;
}

static int xts_oneshot(rijn_xts_ctx *c, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len, int enc)
{
    if (!c) return RIJN_ERR_NULL;
    if (c->inst && len < 16) return RIJN_ERR_LENGTH;
    int r = rijn_xts_start(c, tweak, enc);
    if (r == RIJN_OK) r = rijn_xts_final(c, out, in, len);
    c->dir = -1;
    return r;
}

int rijn_xts_encrypt(rijn_xts_ctx *c, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    return xts_oneshot(c, tweak, out, in, len, 1);
}

int rijn_xts_decrypt(rijn_xts_ctx *c, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len)
{
    return xts_oneshot(c, tweak, out, in, len, 0);
}

void rijn_xts_clear(rijn_xts_ctx *c)
{
    rijn_wipe(c, sizeof *c);
}

/* IEEE 1619-2007 Appendix B, vector 2. */
static int xts_selftest(const struct rijn_inst *in)
{
    rijn_xts_ctx c;
    uint8_t key[32], iv[16], pt[32], out[32];
    rijn_unhex(key, "1111111111111111111111111111111122222222222222222222222222222222");
    rijn_unhex(iv, "33333333330000000000000000000000");
    memset(pt, 0x44, 32);
    int ok = xts_setup(&c, in, key, 32) == RIJN_OK && rijn_xts_encrypt(&c, iv, out, pt, 32) == RIJN_OK &&
             rijn_eq_hex(out, "c454185e6a16936e39334038acef838bfb186fff7480adc4289382ecd6d394f0");
    ok = ok && rijn_xts_decrypt(&c, iv, out, out, 32) == RIJN_OK && memcmp(out, pt, 32) == 0;
    rijn_xts_clear(&c);
    return ok ? 0 : -1;
}

const struct rijn_template rijn_xts_template = {
    .alg = "xts(aes)",
    .nparts = 1,
    .part = { &rijn_kind_aes },
    .fmt = "xts(%s)",
    .priority = rijn_prio_parallel, /* blocks are independent given their tweaks */
    .setup = xts_setup,
    .selftest = xts_selftest,
};
