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

int rijn_ccm_setup(rijn_ccm_key *k, const struct rijn_inst *in, const uint8_t *key, size_t key_len)
{
    int r = rijn_aes_setkey(&k->k, in->cipher, key, key_len);
    k->inst = r ? NULL : in;
    return r;
}

int rijn_ccm_init(rijn_ccm_key *k, const char *driver, const uint8_t *key, size_t key_len)
{
    const struct rijn_inst *in;
    if (!k) return RIJN_ERR_NULL;
    k->inst = NULL;
    if (key_len != 16 && key_len != 24 && key_len != 32) return RIJN_ERR_KEY_LEN;
    int r = rijn_lookup("ccm(aes)", driver, &in);
    return r ? r : rijn_ccm_setup(k, in, key, key_len);
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
    while (len && m->n) {
        m->buf[m->n++] = *p++;
        len--;
        if (m->n == 16) {
            rijn_ops(m->k)->cbc_mac(m->k->ks, m->x, m->buf, 1);
            m->n = 0;
        }
    }
    if (m->n) return;   /* everything went into the partial block */
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

/* The CBC-MAC tag T over B0, the encoded AAD and the plaintext p. */
static void ccm_mac(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                    const uint8_t *p, size_t len, size_t tag_len, uint8_t t[16])
{
    struct mac m = { .k = &k->k, .x = { 0 }, .n = 0 };
    size_t q = 15 - nonce_len;
    uint8_t b0[16], hdr[10];
    size_t hl;
    b0[0] = (uint8_t)((aad_len ? 64 : 0) | ((tag_len - 2) / 2) << 3 | (q - 1));
    memcpy(b0 + 1, nonce, nonce_len);
    for (size_t i = 0; i < q; i++) b0[15 - i] = (uint8_t)((uint64_t)len >> (8 * i));
    mac_absorb(&m, b0, 16);
    if (aad_len) {
        uint64_t a = aad_len;
        if (a < 0xff00) {
            hdr[0] = (uint8_t)(a >> 8); hdr[1] = (uint8_t)a; hl = 2;
        } else if (a <= 0xffffffffull) {
            hdr[0] = 0xff; hdr[1] = 0xfe; rijn_store32_be(hdr + 2, (uint32_t)a); hl = 6;
        } else {
            hdr[0] = 0xff; hdr[1] = 0xff; rijn_store64_be(hdr + 2, a); hl = 10;
        }
        mac_absorb(&m, hdr, hl);
        mac_absorb(&m, aad, aad_len);
        mac_pad(&m);
    }
    mac_absorb(&m, p, len);
    mac_pad(&m);
    memcpy(t, m.x, 16);
    rijn_wipe(&m, sizeof m);
}

/* CTR from A_i over len bytes of in; A_0's keystream goes to s0. */
static void ccm_ctr(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, uint8_t *out, const uint8_t *in,
                    size_t len, uint8_t s0[16])
{
    uint8_t a[16] = { 0 };
    a[0] = (uint8_t)(14 - nonce_len);          /* q - 1 */
    memcpy(a + 1, nonce, nonce_len);
    memset(s0, 0, 16);
    rijn_ctr_blocks(&k->k, a, s0, s0, 1, false);   /* A_0, then a = A_1 */
    if (len >= 16) rijn_ctr_blocks(&k->k, a, out, in, len / 16, false);
    if (len % 16) {
        uint8_t b[16] = { 0 };
        size_t full = len - len % 16;
        memcpy(b, in + full, len % 16);
        rijn_ctr_blocks(&k->k, a, b, b, 1, false);
        memcpy(out + full, b, len % 16);
        rijn_wipe(b, sizeof b);
    }
}

int rijn_ccm_seal(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    uint8_t t[16], s0[16];
    int r = ccm_check(k, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
    if (r) return r;
    ccm_mac(k, nonce, nonce_len, aad, aad_len, in, len, tag_len, t);
    ccm_ctr(k, nonce, nonce_len, out, in, len, s0);
    for (size_t i = 0; i < tag_len; i++) tag[i] = t[i] ^ s0[i];
    rijn_wipe(t, 16);
    rijn_wipe(s0, 16);
    return RIJN_OK;
}

/* The MAC covers the plaintext, so decryption comes first; on a tag
 * mismatch the output is zeroed before returning. */
int rijn_ccm_open(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
                  const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len, uint8_t *out)
{
    uint8_t t[16], s0[16];
    int r = ccm_check(k, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
    if (r) {
        if (out && len && r != RIJN_ERR_OVERLAP) rijn_wipe(out, len);
        return r;
    }
    ccm_ctr(k, nonce, nonce_len, out, in, len, s0);
    ccm_mac(k, nonce, nonce_len, aad, aad_len, out, len, tag_len, t);
    rijn_xor16(t, t, s0);
    r = rijn_ct_memcmp(t, tag, tag_len) == 0 ? RIJN_OK : RIJN_ERR_AUTH;
    if (r) rijn_wipe(out, len);
    rijn_wipe(t, 16);
    rijn_wipe(s0, 16);
    return r;
}
