/* SPDX-License-Identifier: MIT */
/*
 * CMAC (SP 800-38B). Subkeys (§6.1): L = E_K(0^128), K1 = dbl(L),
 * K2 = dbl(K1), dbl = left shift by one with 0x87 folded in when the top
 * bit was set (R_128). The last block is XORed with K1 if complete, else
 * padded 10* and XORed with K2 (§6.2). The last block is held back while
 * streaming, since only final() knows it is the last.
 */
#include "modes/modes.h"

enum { CM_NONE = 0, CM_OPEN, CM_DONE };

static void dbl(uint8_t out[16], const uint8_t in[16])
{
    uint64_t hi = rijn_load64_be(in), lo = rijn_load64_be(in + 8);
    uint64_t carry = hi >> 63;
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (0x87 & (0 - carry));
    rijn_store64_be(out, hi);
    rijn_store64_be(out + 8, lo);
}

static int cmac_setup(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    rijn_cmac_key *k = ctx;
    uint8_t l[16];
    k->inst = NULL;
    int r = rijn_aes_setkey(&k->k, in->part[0], key, key_len);
    if (r) return r;
    rijn_aes_zero_block(&k->k, l);
    dbl(k->k1, l);
    dbl(k->k2, k->k1);
    rijn_wipe(l, 16);
    k->inst = in;
    return RIJN_OK;
}

void rijn_cmac_clear(rijn_cmac_key *k)
{
    rijn_wipe(k, sizeof *k);
}

int rijn_cmac_start(rijn_cmac_ctx *s, const rijn_cmac_key *k)
{
    if (!s || !k) return RIJN_ERR_NULL;
    memset(s, 0, sizeof *s);
    if (!k->inst) return RIJN_ERR_STATE;
    s->key = k;
    s->state = CM_OPEN;
    return RIJN_OK;
}

int rijn_cmac_update(rijn_cmac_ctx *s, const uint8_t *in, size_t len)
{
    if (!s) return RIJN_ERR_NULL;
    if (s->state != CM_OPEN) return RIJN_ERR_STATE;
    if (len && !in) return RIJN_ERR_NULL;
    const rijn_aes_key *k = &s->key->k;
    if (s->buf_len + len <= 16) {
        if (len) memcpy(s->buf + s->buf_len, in, len);
        s->buf_len += (unsigned)len;
        return RIJN_OK;
    }
    /* More than a block in total: the buffered block is not the last. */
    size_t fill = 16 - s->buf_len;
    memcpy(s->buf + s->buf_len, in, fill);
    rijn_ops(k)->cbc_mac(k->ks, s->x, s->buf, 1);
    in += fill;
    len -= fill;
    /* Keep 1..16 bytes back for final(). */
    size_t nb = (len - 1) / 16;
    if (nb) rijn_ops(k)->cbc_mac(k->ks, s->x, in, nb);
    in += 16 * nb;
    len -= 16 * nb;
    memcpy(s->buf, in, len);
    s->buf_len = (unsigned)len;
    return RIJN_OK;
}

int rijn_cmac_final(rijn_cmac_ctx *s, uint8_t *tag, size_t tag_len)
{
    if (!s || !tag) return RIJN_ERR_NULL;
    if (s->state != CM_OPEN) return RIJN_ERR_STATE;
    if (tag_len < 1 || tag_len > 16) return RIJN_ERR_TAG_LEN;
    const rijn_cmac_key *key = s->key;
    uint8_t last[16];
    if (s->buf_len == 16) {
        rijn_xor16(last, s->buf, key->k1);
    } else {
        memset(last, 0, 16);
        memcpy(last, s->buf, s->buf_len);
        last[s->buf_len] = 0x80;
        rijn_xor16(last, last, key->k2);
    }
    rijn_ops(&key->k)->cbc_mac(key->k.ks, s->x, last, 1);
    memcpy(tag, s->x, tag_len);
    rijn_wipe(last, 16);
    rijn_wipe(s, sizeof *s);
    s->state = CM_DONE;
    return RIJN_OK;
}

/* One-shot: the whole message is here, so nothing needs holding back. All
 * but the last 1..16 bytes go through the chain straight from the input
 * in one call, then the last block with its subkey (§6.2) in another: two
 * driver calls, where the streaming path makes three and copies. The
 * checks are the streaming functions', in the same order. */
int rijn_cmac(const rijn_cmac_key *k, const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len)
{
    if (!tag) return RIJN_ERR_NULL;
    if (tag_len < 1 || tag_len > 16) return RIJN_ERR_TAG_LEN;
    if (!k) return RIJN_ERR_NULL;
    if (!k->inst) return RIJN_ERR_STATE;
    if (len && !in) return RIJN_ERR_NULL;
    const struct rijn_cipher_ops *ops = rijn_ops(&k->k);
    uint8_t x[16] = { 0 }, last[16];
    const size_t nb = len ? (len - 1) / 16 : 0, rest = len - 16 * nb;   /* rest: 0..16 */
    if (nb) ops->cbc_mac(k->k.ks, x, in, nb);
    if (rest == 16) {
        rijn_xor16(last, in + 16 * nb, k->k1);
    } else {
        memset(last, 0, 16);
        if (rest) memcpy(last, in + 16 * nb, rest);
        last[rest] = 0x80;
        rijn_xor16(last, last, k->k2);
    }
    ops->cbc_mac(k->k.ks, x, last, 1);
    memcpy(tag, x, tag_len);
    rijn_wipe(x, sizeof x);
    rijn_wipe(last, sizeof last);
    return RIJN_OK;
}

int rijn_cmac_verify(const rijn_cmac_key *k, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len)
{
    uint8_t t[16];
    if (!tag) return RIJN_ERR_NULL;
    int r = rijn_cmac(k, in, len, t, tag_len);
    if (r == RIJN_OK) r = rijn_ct_memcmp(t, tag, tag_len) == 0 ? RIJN_OK : RIJN_ERR_AUTH;
    rijn_wipe(t, 16);
    return r;
}

/* SP 800-38B Appendix D.1, Examples 1 and 2. */
static int cmac_selftest(const struct rijn_inst *in)
{
    rijn_cmac_key k;
    uint8_t key[16], pt[16], tag[16];
    rijn_unhex(key, "2b7e151628aed2a6abf7158809cf4f3c");
    rijn_unhex(pt, "6bc1bee22e409f96e93d7e117393172a");
    int ok = cmac_setup(&k, in, key, 16) == RIJN_OK && rijn_cmac(&k, NULL, 0, tag, 16) == RIJN_OK &&
             rijn_eq_hex(tag, "bb1d6929e95937287fa37d129b756746");
    ok = ok && rijn_cmac(&k, pt, 16, tag, 16) == RIJN_OK && rijn_eq_hex(tag, "070a16b46b4d4144f79bdd9dd04a287c");
    rijn_cmac_clear(&k);
    return ok ? 0 : -1;
}

const struct rijn_template rijn_cmac_template = {
    .alg = "cmac(aes)",
    .nparts = 1,
    .part = { &rijn_kind_aes },
    .fmt = "cmac(%s)",
    .priority = rijn_prio_serial, /* all serial: one block in flight */
    .setup = cmac_setup,
    .selftest = cmac_selftest,
};
