/* ECB (SP 800-38A §6.1): the whole buffer goes to the driver in one call. */
#include "modes/modes.h"

int rijn_ecb_setup(rijn_ecb_ctx *c, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    int r = rijn_aes_setkey(&c->k, in->cipher, key, key_len);
    c->inst = r ? NULL : in;
    return r;
}

int rijn_ecb_init(rijn_ecb_ctx *c, const char *driver, const uint8_t *key, size_t key_len)
{
    const struct rijn_inst *in;
    if (!c) return RIJN_ERR_NULL;
    c->inst = NULL;
    if (key_len != 16 && key_len != 24 && key_len != 32) return RIJN_ERR_KEY_LEN;
    int r = rijn_lookup("ecb(aes)", driver, &in);
    return r ? r : rijn_ecb_setup(c, in, key, key_len);
}

static int ecb_check(const rijn_ecb_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!c) return RIJN_ERR_NULL;
    if (!c->inst) return RIJN_ERR_STATE;
    if (len && (!in || !out)) return RIJN_ERR_NULL;
    if (len % 16) return RIJN_ERR_LENGTH;
    return rijn_check_overlap(out, in, len);
}

int rijn_ecb_encrypt(const rijn_ecb_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int r = ecb_check(c, out, in, len);
    if (r == RIJN_OK && len) rijn_ops(&c->k)->encrypt(c->k.ks, out, in, len / 16);
    return r;
}

int rijn_ecb_decrypt(const rijn_ecb_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int r = ecb_check(c, out, in, len);
    if (r == RIJN_OK && len) rijn_ops(&c->k)->decrypt(c->k.ks, out, in, len / 16);
    return r;
}

void rijn_ecb_clear(rijn_ecb_ctx *c)
{
    rijn_wipe(c, sizeof *c);
}
