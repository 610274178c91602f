/* SPDX-License-Identifier: MIT */
/*
 * CCM (SP 800-38C, RFC 3610), composed from CTR and CBC-MAC.
 *
 * With nonce length n, q = 15 - n bytes count the message length.
 * B0 = flags || N || [len(P)]_q, flags = 64 [A present] + 8 (t - 2) / 2 +
 * (q - 1) (§A.2.1). AAD is prefixed by its encoded length: 2 bytes below
 * 2^16 - 2^8, else 0xfffe + 4 bytes, else 0xffff + 8 bytes (§A.2.2), and
 * zero-padded to a block; so is P. T = CBC-MAC; counter blocks are
 * A_i = (q - 1) || N || [i]_q; the tag is MSB_t(T) xor MSB_t(E(A_0)), and
 * P is encrypted from A_1 (§6.1).
 */
#include "modes/modes.h"

static int ccm_setup(void *ctx, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    rijn_ccm_key *k = ctx;
    int r = rijn_aes_setkey(&k->k, in->part[0], key, key_len);
    k->inst = r ? NULL : in;
    return r;
}

void rijn_ccm_clear(rijn_ccm_key *k)
{
    rijn_wipe(k, sizeof *k);
}

/* CBC-MAC over a byte stream: partial input waits in buf; runs of whole
 * blocks go to the driver's chain in one call. */
struct mac { const rijn_aes_key *k; uint8_t x[16], buf[16]; size_t n; };

static void mac_absorb(struct mac *m, const uint8_t *p, size_t len)
{
    if (m->n) {
        size_t take = 16 - m->n < len ? 16 - m->n : len;
        memcpy(m->buf + m->n, p, take);
        m->n += take;
        p += take;
        len -= take;
        if (m->n < 16) return;   /* everything went into the partial block */
        rijn_ops(m->k)->cbc_mac(m->k->ks, m->x, m->buf, 1);
        m->n = 0;
    }
    if (len >= 16) rijn_ops(m->k)->cbc_mac(m->k->ks, m->x, p, len / 16);
    if (len % 16) memcpy(m->buf, p + len - len % 16, len % 16);
    m->n = len % 16;
}

static void mac_pad(struct mac *m)
{
    if (m->n) {
        memset(m->buf + m->n, 0, 16 - m->n);
        rijn_ops(m->k)->cbc_mac(m->k->ks, m->x, m->buf, 1);
        m->n = 0;
    }
}

static int ccm_check(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                     const uint8_t *in, size_t len, const uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    if (!k || !nonce || !tag || (len && (!in || !out)) || (aad_len && !aad)) return RIJN_ERR_NULL;
    if (!k->inst) return RIJN_ERR_STATE;
    if (nonce_len < 7 || nonce_len > 13) return RIJN_ERR_IV_LEN;
    if (tag_len < 4 || tag_len > 16 || tag_len % 2) return RIJN_ERR_TAG_LEN;
    size_t q = 15 - nonce_len;
    if (q < sizeof(size_t) && (len >> (8 * q)) != 0) return RIJN_ERR_LIMIT;
    return rijn_check_overlap(out, in, len);
}

/* B0 and the encoded, padded AAD into the CBC-MAC (whole blocks after). */
static void ccm_header(struct mac *m, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                       size_t len, size_t tag_len)
{
    size_t q = 15 - nonce_len;
    uint8_t b0[16], hdr[10];
    size_t hl;
    b0[0] = (uint8_t)((aad_len ? 64 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    for (size_t i = 0; i < q; i++) b0[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
    mac_absorb(m, b0, 16);
    if (aad_len) {
        uint64_t a = aad_len;
        if (a < 0xff00) {
            hdr[0] = (uint8_t)(a >> 8); hdr[1] = (uint8_t)a; hl = 2;
        } else if (a <= 0xffffffffull) {
            hdr[0] = 0xff; hdr[1] = 0xfe; rijn_store32_be(hdr + 2, (uint32_t)a); hl = 6;
        } else {
            hdr[0] = 0xff; hdr[1] = 0xff; rijn_store64_be(hdr + 2, a); hl = 10;
        }
        mac_absorb(m, hdr, hl);
        mac_absorb(m, aad, aad_len);
        mac_pad(m);
    }
}

/* The payload: CTR from A_1 and the CBC-MAC of the plaintext (in for
 * encryption, out for decryption); A_0's keystream goes to s0. Whole
 * blocks go to the driver's fused CCM path when it has one. */
static void ccm_payload(const rijn_ccm_key *k, struct mac *m, const uint8_t *nonce, size_t nonce_len, uint8_t *out,
                        const uint8_t *in, size_t len, uint8_t s0[16], bool encrypt)
{
    const struct rijn_cipher_ops *ops = rijn_ops(&k->k);
    uint8_t a[16] = { 0 };
    size_t full = len / 16, r = len % 16;
    a[0] = (uint8_t)(14 - nonce_len);          /* q - 1 */
    memcpy(a + 1, nonce, nonce_len);
    memset(s0, 0, 16);
    rijn_ctr_blocks(&k->k, a, s0, s0, 1, false);   /* A_0, then a = A_1 */
    if (full && ops->ccm) {
        ops->ccm(k->k.ks, m->x, a, out, in, full, encrypt);
    } else if (full) {
        if (encrypt) mac_absorb(m, in, 16 * full);
        rijn_ctr_blocks(&k->k, a, out, in, full, false);
        if (!encrypt) mac_absorb(m, out, 16 * full);
    }
    if (r) {
        uint8_t b[16] = { 0 };
        memcpy(b, in + 16 * full, r);
        if (encrypt) mac_absorb(m, b, r);
        rijn_ctr_blocks(&k->k, a, b, b, 1, false);
        memcpy(out + 16 * full, b, r);
        if (!encrypt) mac_absorb(m, out + 16 * full, r);
        rijn_wipe(b, sizeof b);
    }
    mac_pad(m);
    rijn_wipe(a, sizeof a);
}

int rijn_ccm_seal(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    uint8_t s0[16];
    int r = ccm_check(k, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
    if (r) return r;
    struct mac m = { .k = &k->k, .x = { 0 }, .n = 0 };
    ccm_header(&m, nonce, nonce_len, aad, aad_len, len, tag_len);
    ccm_payload(k, &m, nonce, nonce_len, out, in, len, s0, true);
    for (size_t i = 0; i < tag_len; i++) tag[i] = m.x[i] ^ s0[i];
    rijn_wipe(&m, sizeof m);
    rijn_wipe(s0, 16);
    return RIJN_OK;
}

/* The MAC covers the plaintext, so it is computed as the output is
 * decrypted; on a tag mismatch the output is zeroed before returning. */
int rijn_ccm_open(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len, uint8_t *out)
{
    uint8_t s0[16];
    int r = ccm_check(k, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
    if (r) {
        if (out && len && r != RIJN_ERR_OVERLAP) rijn_wipe(out, len);
        return r;
    }
    struct mac m = { .k = &k->k, .x = { 0 }, .n = 0 };
    ccm_header(&m, nonce, nonce_len, aad, aad_len, len, tag_len);
    ccm_payload(k, &m, nonce, nonce_len, out, in, len, s0, false);
    rijn_xor16(m.x, m.x, s0);
    r = rijn_ct_memcmp(m.x, tag, tag_len) == 0 ? RIJN_OK : RIJN_ERR_AUTH;
    if (r) rijn_wipe(out, len);
    rijn_wipe(&m, sizeof m);
    rijn_wipe(s0, 16);
    return r;
}

/* SP 800-38C Appendix C, Example 1. */
static int ccm_selftest(const struct rijn_inst *in)
{
    rijn_ccm_key k;
    uint8_t key[16], nonce[7], aad[8], pt[4], out[4], tag[4];
    rijn_unhex(key, "404142434445464748494a4b4c4d4e4f");
    rijn_unhex(nonce, "10111213141516");
    rijn_unhex(aad, "0001020304050607");
    rijn_unhex(pt, "20212223");
    int ok = ccm_setup(&k, in, key, 16) == RIJN_OK &&
             rijn_ccm_seal(&k, nonce, 7, aad, 8, pt, 4, out, tag, 4) == RIJN_OK && rijn_eq_hex(out, "7162015b") &&
             rijn_eq_hex(tag, "4dac255d");
    ok = ok && rijn_ccm_open(&k, nonce, 7, aad, 8, out, 4, tag, 4, out) == RIJN_OK && memcmp(out, pt, 4) == 0;
    rijn_ccm_clear(&k);
    return ok ? 0 : -1;
}


/* The CBC-MAC half runs on the driver's serial code: name that driver. */
static void ccm_args(const struct rijn_desc *const part[], const char *arg[RIJN_MAX_PARTS])
{
    const struct rijn_desc *serial = rijn_cipher(part[0])->serial;
    arg[1] = serial ? serial->name : part[0]->name;
}

const struct rijn_template rijn_ccm_template = {
    .alg = "ccm(aes)",
    .nparts = 1,
    .part = { &rijn_kind_aes },
    .fmt = "ccm_base(ctr(%s),cbcmac(%s))",
    .args = ccm_args,
    .priority = rijn_prio_mixed, /* a serial CBC-MAC beside a parallel CTR */
    .setup = ccm_setup,
    .selftest = ccm_selftest,
};
