/* SPDX-License-Identifier: MIT */
/* ECB (SP 800-38A §6.1): the whole buffer goes to the driver in one call. */
#include "modes/modes.h"

static int ecb_setup(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    rijn_ecb_ctx *c = ctx;
    int r = rijn_aes_setkey(&c->k, in->part[0], key, key_len);
    c->inst = r ? NULL : in;
    return r;
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

/* FIPS 197 Appendix C.1 through the mode. */
static int ecb_selftest(const struct rijn_inst *in)
{
    rijn_ecb_ctx c;
    uint8_t key[16], pt[16], out[16];
    rijn_unhex(key, "000102030405060708090a0b0c0d0e0f");
    rijn_unhex(pt, "00112233445566778899aabbccddeeff");
    int ok = ecb_setup(&c, in, key, 16) == RIJN_OK && rijn_ecb_encrypt(&c, out, pt, 16) == RIJN_OK &&
             rijn_eq_hex(out, "69c4e0d86a7b0430d8cdb78070b4c55a");
    rijn_ecb_clear(&c);
    return ok ? 0 : -1;
}

const struct rijn_template rijn_ecb_template = {
    .alg = "ecb(aes)",
    .nparts = 1,
    .part = { &rijn_kind_aes },
    .fmt = "ecb(%s)",
    .priority = rijn_prio_parallel, /* every block is independent */
    .setup = ecb_setup,
    .selftest = ecb_selftest,
};
