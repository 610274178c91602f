/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: rijn's side (cli/speed.h), through the adapter table
 * (support/adapt.h). Setup picks the op for the adapter's shape and the
 * direction, so a message costs one indirect call into the adapter, whose
 * function calls the public API.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

struct rijn_job {
    rs_ctx ctx;                 /* first: 64-byte aligned (rijn/aes.h) */
    const struct rs_alg *a;
    struct speed_msg *m;
    int enc;
};

static void op_crypt(void *p)
{
    struct rijn_job *j = p;
    struct speed_msg *m = j->m;
    j->a->crypt(&j->ctx, j->enc, m->iv, m->out, m->in, m->size);
}

static void op_seal(void *p)
{
    struct rijn_job *j = p;
    struct speed_msg *m = j->m;
    j->a->seal(&j->ctx, m->iv, j->a->iv_len, m->aad, SPEED_AAD, m->in, m->size, m->out, m->tag, m->tag_len);
}

static void op_open(void *p)
{
    struct rijn_job *j = p;
    struct speed_msg *m = j->m;
    j->a->open(&j->ctx, m->iv, j->a->iv_len, m->aad, SPEED_AAD, m->in, m->size, m->tag, m->tag_len, m->out);
}

static void op_mac(void *p)
{
    struct rijn_job *j = p;
    struct speed_msg *m = j->m;
    j->a->mac(&j->ctx, m->in, m->size, m->tag, m->tag_len);
}

int speed_rijn_check(const struct rs_alg *a, const char *driver, int key_bits)
{
    struct rijn_job *j = aligned_alloc(64, (sizeof *j + 63) / 64 * 64);
    if (!j) {
        fprintf(stderr, "rijn speed: out of memory\n");
        exit(2);
    }
    memset(j, 0, sizeof *j);
    uint8_t key[64];
    for (int b = 0; b < 64; b++) key[b] = (uint8_t)(b * 7 + 1);   /* speed.c's key: XTS refuses equal halves */
    int r = a->init(&j->ctx, driver, key, (size_t)key_bits / 8 * a->key_parts);
    if (!r) a->clear(&j->ctx);
    free(j);
    return r;
}

int speed_rijn_setup(struct speed_msg *m, const char *driver, struct speed_run *run)
{
    const struct rs_alg *a = m->a;
    struct rijn_job *j = aligned_alloc(64, (sizeof *j + 63) / 64 * 64);
    if (!j) {
        fprintf(stderr, "rijn speed: out of memory\n");
        exit(2);
    }
    memset(j, 0, sizeof *j);
    j->a = a;
    j->m = m;
    j->enc = !m->dec;
    int r = a->init(&j->ctx, driver, m->key, (size_t)m->key_bits / 8 * a->key_parts);
    if (r) {
        free(j);
        return r;
    }
    switch (a->shape) {
    case RS_CIPHER: run->op = op_crypt; break;
    case RS_AEAD: run->op = m->dec ? op_open : op_seal; break;
    case RS_MAC: run->op = op_mac; break;
    }
    /* Decryption must authenticate: seal out (zeros) into in and tag. */
    if (a->shape == RS_AEAD && m->dec)
        a->seal(&j->ctx, m->iv, a->iv_len, m->aad, SPEED_AAD, m->out, m->size, m->in, m->tag, m->tag_len);
    run->st = j;
    return 0;
}

void speed_rijn_done(struct speed_run *run)
{
    struct rijn_job *j = run->st;
    j->a->clear(&j->ctx);
    free(j);
}
