/* CTR (SP 800-38A §6.5) with a 128-bit big-endian counter that wraps mod
 * 2^128 (SP 800-38A Appendix B.1's "standard incrementing function" over
 * the whole block, as OpenSSL and Linux do). */
#include "modes/modes.h"

int rijn_ctr_setup(rijn_ctr_ctx *c, const struct rijn_inst *in, const uint8_t *key, size_t key_len,
                   const uint8_t iv[16])
{
    int r = rijn_aes_setkey(&c->k, in->cipher, key, key_len);
    c->inst = r ? NULL : in;
    if (r == RIJN_OK) r = rijn_ctr_set_iv(c, iv);
    return r;
}

int rijn_ctr_init(rijn_ctr_ctx *c, const char *driver, const uint8_t *key, size_t key_len, const uint8_t iv[16])
{
    const struct rijn_inst *in;
    if (!c) return RIJN_ERR_NULL;
    c->inst = NULL;
    if (key_len != 16 && key_len != 24 && key_len != 32) return RIJN_ERR_KEY_LEN;
    if (!iv) return RIJN_ERR_NULL;
    int r = rijn_lookup("ctr(aes)", driver, &in);
    return r ? r : rijn_ctr_setup(c, in, key, key_len, iv);
}

int rijn_ctr_set_iv(rijn_ctr_ctx *c, const uint8_t iv[16])
{
    if (!c || !iv) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    memcpy(c->ctr, iv, 16);
    rijn_wipe(c->ks, 16);
    c->used = 16;
    return RIJN_OK;
}

int rijn_ctr_xor(rijn_ctr_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!c) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    if (len && (!in || !out)) return RIJN_ERR_NULL;
    int r = rijn_check_overlap(out, in, len);
    if (r) return r;
    /* Rest of the current keystream block, whole blocks, then a new block
     * whose unused keystream is kept for the next call. */
    while (len && c->used < 16) {
        *out++ = *in++ ^ c->ks[c->used++];
        len--;
    }
    if (len >= 16) {
        rijn_ctr_blocks(&c->k, c->ctr, out, in, len / 16, false);
        out += len - len % 16;
        in += len - len % 16;
        len %= 16;
    }
    if (len) {
        memset(c->ks, 0, 16);
        rijn_ctr_blocks(&c->k, c->ctr, c->ks, c->ks, 1, false);
        for (c->used = 0; c->used < len; c->used++) out[c->used] = in[c->used] ^ c->ks[c->used];
    }
    return RIJN_OK;
}

void rijn_ctr_clear(rijn_ctr_ctx *c)
{
    rijn_wipe(c, sizeof *c);
}
