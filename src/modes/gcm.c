/* SPDX-License-Identifier: MIT */
/*
 * GCM (SP 800-38D), composed from a CTR driver and a GHASH driver.
 *
 * H = E_K(0^128) (§6.4). J0 = IV || 0^31 || 1 for a 96-bit IV, else
 * GHASH(IV || 0^s || [0]_64 || [len(IV)]_64) (§7.1 step 2). Data is
 * encrypted with inc32 counters from inc32(J0) and authenticated as
 * ciphertext; the tag is MSB_t(E_K(J0) xor GHASH(A, C)) (§7.1 steps 5-6).
 * Those pieces, the envelope, are written once in modes/gcm.h, where the
 * fused drivers' one-shot paths take them too.
 *
 * Limits (§5.2.1.1): len(P) <= 2^39 - 256 bits, len(A) <= 2^64 - 1 bits.
 *
 * Streaming: the keystream position and the GHASH block position are both
 * msg_len mod 16, so one partial-block buffer serves both. Whole blocks
 * go through in chunks: CTR then GHASH for encryption, GHASH then CTR for
 * decryption (so that in-place works).
 *
 * One-shot open, template: authenticates first and decrypts only after the
 * tag matched, so a forged message never produces plaintext anywhere. With
 * a dedicated (fused) driver it decrypts and authenticates in one pass and
 * zeroes the output before returning if the tag does not match.
 */
#include "modes/gcm.h"
#include "modes/modes.h"

#define GCM_MAX_MSG ((((uint64_t)1) << 36) - 32)
#define GCM_MAX_AAD ((((uint64_t)1) << 61) - 1)
/* v > max, written as a call: where size_t has 32 bits the comparison can
 * never be true, and GCC's -Wtype-limits would reject it inline. */
static bool gcm_exceeds(uint64_t v, uint64_t max)
{
    return v > max;
}

enum { GCM_ST_NONE = 0, GCM_ST_AAD, GCM_ST_DATA, GCM_ST_DONE };

/* The instance's parts: the block cipher, then GHASH (for the template and
 * for a fused driver alike); a fused driver's own ops, or NULL. */
static const struct rijn_ghash_ops *gcm_gf_ops(const rijn_gcm_key *k)
{
    return rijn_ghash(((const struct rijn_inst *)k->inst)->part[1]);
}

static const struct rijn_gcm_ops *gcm_fused_ops(const rijn_gcm_key *k)
{
    const struct rijn_desc *d = ((const struct rijn_inst *)k->inst)->drv;
    return d ? (const struct rijn_gcm_ops *)d->ops : NULL;
}

static int gcm_setup(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    rijn_gcm_key *k = ctx;
    uint8_t h[16];
    k->inst = NULL;
    int r = rijn_aes_setkey(&k->k, in->part[0], key, key_len);
    if (r) return r;
    rijn_aes_zero_block(&k->k, h);
    rijn_ghash(in->part[1])->init(k->hkey, h);
    rijn_wipe(h, sizeof h);
    const struct rijn_gcm_ops *fused = in->drv ? (const struct rijn_gcm_ops *)in->drv->ops : NULL;
    if (fused && fused->hkey_extend) fused->hkey_extend(k->k.ks, k->hkey);
    k->inst = in;
    return RIJN_OK;
}

void rijn_gcm_clear(rijn_gcm_key *k)
{
    rijn_wipe(k, sizeof *k);
}

/* GHASH over data of any length, zero-padding the last block: the
 * envelope's (modes/gcm.h) over the instance's GHASH driver. */
static void gcm_ghash_padded(const rijn_gcm_key *k, uint8_t y[16], const uint8_t *p, size_t len)
{
    rijn_gcm_hash_padded(gcm_gf_ops(k)->ghash, k->hkey, y, p, len);
}

int rijn_gcm_start(rijn_gcm_ctx *s, const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, int encrypt)
{
    if (!s || !k) return RIJN_ERR_NULL;
    memset(s, 0, sizeof *s);
    if (!k->inst) return RIJN_ERR_STATE;
    if (iv_len == 0 || iv_len > (SIZE_MAX >> 3)) return RIJN_ERR_IV_LEN;
    if (!iv) return RIJN_ERR_NULL;
    s->key = k;
    if (iv_len == 12) rijn_gcm_j0_96(s->j0, iv);
    else rijn_gcm_j0_other(gcm_gf_ops(k)->ghash, k->hkey, s->j0, iv, iv_len);
    memcpy(s->ctr, s->j0, 16);
    rijn_gcm_inc32(s->ctr);
    s->state = GCM_ST_AAD;
    s->encrypt = encrypt ? 1 : 0;
    return RIJN_OK;
}

int rijn_gcm_aad(rijn_gcm_ctx *s, const uint8_t *aad, size_t len)
{
    if (!s) return RIJN_ERR_NULL;
    if (s->state != GCM_ST_AAD) return RIJN_ERR_STATE;
    if (len && !aad) return RIJN_ERR_NULL;
    if (len > GCM_MAX_AAD - s->aad_len) return RIJN_ERR_LIMIT;
    s->aad_len += len;
    const rijn_gcm_key *k = s->key;
    if (s->buf_len) {
        while (len && s->buf_len < 16) {
            s->buf[s->buf_len++] = *aad++;
            len--;
        }
        if (s->buf_len < 16) return RIJN_OK;
        gcm_gf_ops(k)->ghash(k->hkey, s->y, s->buf, 1);
        s->buf_len = 0;
    }
    if (len >= 16) gcm_gf_ops(k)->ghash(k->hkey, s->y, aad, len / 16);
    if (len % 16) memcpy(s->buf, aad + len - len % 16, len % 16);
    s->buf_len = (unsigned)(len % 16);
    return RIJN_OK;
}

/* Close the AAD phase: pad and hash a partial AAD block. */
static void gcm_end_aad(rijn_gcm_ctx *s)
{
    if (s->state == GCM_ST_AAD) {
        if (s->buf_len) gcm_ghash_padded(s->key, s->y, s->buf, s->buf_len);
        s->buf_len = 0;
        s->state = GCM_ST_DATA;
    }
}

int rijn_gcm_update(rijn_gcm_ctx *s, uint8_t *out, const uint8_t *in, size_t len)
{
    if (!s) return RIJN_ERR_NULL;
    if (s->state != GCM_ST_AAD && s->state != GCM_ST_DATA) return RIJN_ERR_STATE;
    if (len && (!in || !out)) return RIJN_ERR_NULL;
    int r = rijn_check_overlap(out, in, len);
    if (r) return r;
    if (len > GCM_MAX_MSG - s->msg_len) return RIJN_ERR_LIMIT;
    gcm_end_aad(s);
    const rijn_gcm_key *k = s->key;
    const struct rijn_ghash_ops *gf = gcm_gf_ops(k);
    s->msg_len += len;
    /* Finish a partial block. */
    while (len && s->buf_len) {
        uint8_t c = *in ^ s->ks[s->buf_len];
        s->buf[s->buf_len] = s->encrypt ? c : *in;
        *out++ = c;
        in++;
        len--;
        if (++s->buf_len == 16) {
            gf->ghash(k->hkey, s->y, s->buf, 1);
            s->buf_len = 0;
        }
    }
    /* Whole blocks: a dedicated driver takes them all at once; the template
     * goes a chunk at a time. */
    const struct rijn_gcm_ops *fused = gcm_fused_ops(k);
    if (fused && len >= 16) {
        size_t m = len / 16;
        fused->crypt(k->k.ks, k->hkey, s->ctr, s->y, out, in, m, s->encrypt);
        in += 16 * m;
        out += 16 * m;
        len -= 16 * m;
    }
    while (len >= 16) {
        size_t m = len / 16 < RIJN_CHUNK_BLOCKS ? len / 16 : RIJN_CHUNK_BLOCKS;
        if (!s->encrypt) gf->ghash(k->hkey, s->y, in, m);
        rijn_ctr_blocks(&k->k, s->ctr, out, in, m, true);
        if (s->encrypt) gf->ghash(k->hkey, s->y, out, m);
        in += 16 * m;
        out += 16 * m;
        len -= 16 * m;
    }
    /* Start a partial block. */
    if (len) {
        memset(s->ks, 0, 16);
        rijn_ctr_blocks(&k->k, s->ctr, s->ks, s->ks, 1, true);
        for (size_t i = 0; i < len; i++) {
            uint8_t c = in[i] ^ s->ks[i];   /* read in[i] before out[i] (in place) */
            s->buf[i] = s->encrypt ? c : in[i];
            out[i] = c;
        }
        s->buf_len = (unsigned)len;
    }
    return RIJN_OK;
}

/* The full 16-byte tag: E_K(J0) xor GHASH(..., [len(A)]_64 || [len(C)]_64). */
static void gcm_full_tag(rijn_gcm_ctx *s, uint8_t tag[16])
{
    const rijn_gcm_key *k = s->key;
    uint8_t lb[16];
    gcm_end_aad(s);
    if (s->buf_len) gcm_ghash_padded(k, s->y, s->buf, s->buf_len);
    rijn_gcm_lengths(lb, s->aad_len, s->msg_len);
    gcm_gf_ops(k)->ghash(k->hkey, s->y, lb, 1);
    rijn_ops(&k->k)->encrypt(k->k.ks, tag, s->j0, 1);
    rijn_gcm_tag(tag, tag, s->y);
}

/* T = MSB_t(full tag) (§7.1 step 6), and its constant-time comparison with
 * the received tag (§7.2 step 8); both wipe the full tag. */
static void gcm_tag_out(uint8_t *tag, size_t tag_len, uint8_t full[16])
{
    memcpy(tag, full, tag_len);
    rijn_wipe(full, 16);
}

static int gcm_tag_check(uint8_t full[16], const uint8_t *tag, size_t tag_len)
{
    int r = rijn_ct_memcmp(full, tag, tag_len) == 0 ? RIJN_OK : RIJN_ERR_AUTH;
    rijn_wipe(full, 16);
    return r;
}

int rijn_gcm_finish(rijn_gcm_ctx *s, uint8_t *tag, size_t tag_len)
{
    if (!s || !tag) return RIJN_ERR_NULL;
    if ((s->state != GCM_ST_AAD && s->state != GCM_ST_DATA) || !s->encrypt) return RIJN_ERR_STATE;
    if (tag_len < 4 || tag_len > 16) return RIJN_ERR_TAG_LEN;
    uint8_t t[16];
    gcm_full_tag(s, t);
    gcm_tag_out(tag, tag_len, t);
    rijn_gcm_ctx_clear(s);
    s->state = GCM_ST_DONE;
    return RIJN_OK;
}

int rijn_gcm_verify(rijn_gcm_ctx *s, const uint8_t *tag, size_t tag_len)
{
    if (!s || !tag) return RIJN_ERR_NULL;
    if ((s->state != GCM_ST_AAD && s->state != GCM_ST_DATA) || s->encrypt) return RIJN_ERR_STATE;
    if (tag_len < 4 || tag_len > 16) return RIJN_ERR_TAG_LEN;
    uint8_t t[16];
    gcm_full_tag(s, t);
    int r = gcm_tag_check(t, tag, tag_len);
    rijn_gcm_ctx_clear(s);
    s->state = GCM_ST_DONE;
    return r;
}

void rijn_gcm_ctx_clear(rijn_gcm_ctx *s)
{
    rijn_wipe(s, sizeof *s);
}

static int gcm_oneshot_check(const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                             size_t aad_len, const uint8_t *in, size_t len, const uint8_t *out, const uint8_t *tag,
                             size_t tag_len)
{
    if (!k || !tag || (len && (!in || !out)) || (aad_len && !aad)) return RIJN_ERR_NULL;
    if (!k->inst) return RIJN_ERR_STATE;
    if (iv_len == 0) return RIJN_ERR_IV_LEN;
    if (!iv) return RIJN_ERR_NULL;
    if (tag_len < 4 || tag_len > 16) return RIJN_ERR_TAG_LEN;
    if (gcm_exceeds(len, GCM_MAX_MSG) || gcm_exceeds(aad_len, GCM_MAX_AAD)) return RIJN_ERR_LIMIT;
    return rijn_check_overlap(out, in, len);
}

int rijn_gcm_seal(const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    rijn_gcm_ctx s;
    int r = gcm_oneshot_check(k, iv, iv_len, aad, aad_len, in, len, out, tag, tag_len);
    const struct rijn_gcm_ops *fused = r == RIJN_OK ? gcm_fused_ops(k) : NULL;
    if (fused && fused->aead && iv_len == 12) {
        uint8_t t[16];
        fused->aead(k->k.ks, k->hkey, iv, aad, aad_len, out, in, len, t, true);
        gcm_tag_out(tag, tag_len, t);
        return RIJN_OK;
    }
    if (r == RIJN_OK) r = rijn_gcm_start(&s, k, iv, iv_len, 1);
    if (r == RIJN_OK) r = rijn_gcm_aad(&s, aad, aad_len);
    if (r == RIJN_OK) r = rijn_gcm_update(&s, out, in, len);
    if (r == RIJN_OK) r = rijn_gcm_finish(&s, tag, tag_len);
    rijn_gcm_ctx_clear(&s);
    return r;
}

int rijn_gcm_open(const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len, uint8_t *out)
{
    rijn_gcm_ctx s;
    int r = gcm_oneshot_check(k, iv, iv_len, aad, aad_len, in, len, out, tag, tag_len);
    if (r) {
        if (out && len && r != RIJN_ERR_OVERLAP) rijn_wipe(out, len);
        return r;
    }
    const struct rijn_gcm_ops *fused = gcm_fused_ops(k);
    if (fused && fused->aead && iv_len == 12) {
        /* The whole message in the driver; zeroed if the tag is wrong. */
        uint8_t t[16];
        fused->aead(k->k.ks, k->hkey, iv, aad, aad_len, out, in, len, t, false);
        r = gcm_tag_check(t, tag, tag_len);
        if (r != RIJN_OK && len) rijn_wipe(out, len);
        return r;
    }
    if (fused) {
        /* A fused driver decrypts and authenticates in one pass; the output
         * is zeroed below if the tag does not match. */
        r = rijn_gcm_start(&s, k, iv, iv_len, 0);
        if (r == RIJN_OK) r = rijn_gcm_aad(&s, aad, aad_len);
        if (r == RIJN_OK) r = rijn_gcm_update(&s, out, in, len);
        if (r == RIJN_OK) r = rijn_gcm_verify(&s, tag, tag_len);
        if (r != RIJN_OK && out && len) rijn_wipe(out, len);
        rijn_gcm_ctx_clear(&s);
        return r;
    }
    /* Template: authenticate the ciphertext first (pass 1). */
    r = rijn_gcm_start(&s, k, iv, iv_len, 0);
    if (r == RIJN_OK) r = rijn_gcm_aad(&s, aad, aad_len);
    if (r == RIJN_OK) {
        gcm_end_aad(&s);
        gcm_ghash_padded(k, s.y, in, len);
        s.msg_len = len;
        s.buf_len = 0;
        uint8_t ctr[16];
        memcpy(ctr, s.ctr, 16);
        r = rijn_gcm_verify(&s, tag, tag_len);
        /* Pass 2: decrypt only what authenticated. */
        if (r == RIJN_OK) {
            size_t full = len / 16;
            if (full) rijn_ctr_blocks(&k->k, ctr, out, in, full, true);
            if (len % 16) {
                uint8_t b[16];
                rijn_gcm_pad(b, in + 16 * full, len % 16);
                rijn_ctr_blocks(&k->k, ctr, b, b, 1, true);
                memcpy(out + 16 * full, b, len % 16);
                rijn_wipe(b, sizeof b);
            }
        }
    }
    if (r != RIJN_OK && out && len) rijn_wipe(out, len);
    rijn_gcm_ctx_clear(&s);
    return r;
}

/* McGrew-Viega GCM specification, test cases 1 and 2, and 533 zero bytes
 * (33 blocks and a tail: every bulk path of a fused driver), tag computed
 * with OpenSSL; the tag covers the ciphertext. The template and the fused
 * drivers pass the same test. */
static int gcm_selftest(const struct rijn_inst *in)
{
    rijn_gcm_key k;
    uint8_t key[16] = { 0 }, iv[12] = { 0 }, pt[16] = { 0 }, ct[16], tag[16];
    int ok = gcm_setup(&k, in, key, 16) == RIJN_OK;
    ok = ok && rijn_gcm_seal(&k, iv, 12, NULL, 0, NULL, 0, NULL, tag, 16) == RIJN_OK &&
         rijn_eq_hex(tag, "58e2fccefa7e3061367f1d57a4e7455a");
    ok = ok && rijn_gcm_seal(&k, iv, 12, NULL, 0, pt, 16, ct, tag, 16) == RIJN_OK &&
         rijn_eq_hex(ct, "0388dace60b6a392f328c2b971b2fe78") && rijn_eq_hex(tag, "ab6e47d42cec13bdf53a67b21257bddf");
    ok = ok && rijn_gcm_open(&k, iv, 12, NULL, 0, ct, 16, tag, 16, ct) == RIJN_OK && memcmp(ct, pt, 16) == 0;
    uint8_t big[533];
    uint8_t z[533] = { 0 };
    ok = ok && rijn_gcm_seal(&k, iv, 12, NULL, 0, z, sizeof z, big, tag, 16) == RIJN_OK &&
         rijn_eq_hex(tag, "51a717af2e8d54cc4b86ef72435427f1") && rijn_eq_hex(big + 512, "3fc06e5d14e675f5ec880023d4f73296");
    ok = ok && rijn_gcm_open(&k, iv, 12, NULL, 0, big, sizeof z, tag, 16, big) == RIJN_OK &&
         memcmp(big, z, sizeof z) == 0;
    rijn_gcm_clear(&k);
    return ok ? 0 : -1;
}

/* CTR and GHASH both run over the whole message in parallel: the mean of
 * the two parts' priorities, as the kernel's gcm_base does. */
static int gcm_priority(const struct rijn_desc *const part[])
{
    return (part[0]->priority + part[1]->priority) / 2;
}

const struct rijn_template rijn_gcm_template = {
    .alg = "gcm(aes)",
    .nparts = 2,
    .part = { &rijn_kind_aes, &rijn_kind_ghash },
    .fmt = "gcm_base(ctr(%s),%s)",
    .priority = gcm_priority,
    .setup = gcm_setup,
    .selftest = gcm_selftest,
};

/* The fused drivers' kind (modes/gcm.h): the same setup and known answers. */
const struct rijn_kind rijn_kind_gcm = {
    .alg = "gcm(aes)",
    .selftest = gcm_selftest,
    .setup = gcm_setup,
};
