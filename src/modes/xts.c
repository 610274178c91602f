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

/* lo || hi times alpha^k, 1 <= k <= 63 (k public: a block count). The
 * 128-bit little-endian value shifted left by k bits is the product but
 * for the k bits v pushed out of the top, worth v * x^128 = v * (x^7 +
 * x^2 + x + 1) (IEEE 1619 §5.2's modulus). v < 2^k, so that product is
 * below 2^(k+8) <= 2^71 < 2^128 and needs no second fold. The fold's
 * high word is what v << 1, v << 2 and v << 7 push past bit 63. */
static void mul_alpha(uint64_t *lo, uint64_t *hi)
{
    uint64_t carry = *hi >> 63;
    *hi = (*hi << 1) | (*lo >> 63);
    *lo = (*lo << 1) ^ (0x87 & (0 - carry));
}

static void mul_alpha_k(uint64_t *lo, uint64_t *hi, unsigned k)
{
    const uint64_t v = *hi >> (64 - k);   /* 1 <= 64 - k <= 63 */
    *hi = (*hi << k) | (*lo >> (64 - k));
    *lo = (*lo << k) ^ v ^ (v << 1) ^ (v << 2) ^ (v << 7);
    *hi ^= (v >> 63) ^ (v >> 62) ^ (v >> 57);
}

/* The 16 bytes lo || hi (little-endian words, as rijn_store64_le) as a
 * 16-byte vector (GCC's and clang's vector extension). */
typedef uint64_t xts_u64x2 __attribute__((vector_size(16)));
typedef uint8_t xts_u8x16 __attribute__((vector_size(16)));
static inline xts_u8x16 steal_vec(uint64_t lo, uint64_t hi)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    lo = __builtin_bswap64(lo);
    hi = __builtin_bswap64(hi);
#endif
    const xts_u64x2 v = { lo, hi };
    xts_u8x16 r;
    memcpy(&r, &v, 16);
    return r;
}

/* The b (1..15) bytes at p + 16 - b, as the low bytes of lo || hi
 * (little-endian words), the rest zero: read as the 16 bytes that end
 * where they end (the caller's data starts at least 16 bytes before) and
 * shifted down by 16 - b bytes. Loads only, so nothing waits on a store:
 * a copy of b bytes into a buffer, loaded back in words, did. */
static inline void steal_load(const uint8_t *p, size_t b, uint64_t *lo, uint64_t *hi)
{
    uint64_t l = rijn_load64_le(p), h = rijn_load64_le(p + 8);
    const unsigned s = 8 * (unsigned)(16 - b);   /* 8..120: public */
    if (s >= 64) {
        l = h >> (s - 64);
        h = 0;
    } else {
        l = (l >> s) | (h << (64 - s));
        h >>= s;
    }
    *lo = l;
    *hi = h;
}

/* n whole blocks with the running tweak, for a driver without an XTS
 * path: a chunk of tweaks and one ECB call per chunk. Out of line: its
 * buffers (a kilobyte of frame, a stack protector, six saved registers)
 * were set up on every call of the drivers that have one. */
static __attribute__((noinline)) void xts_blocks_ecb(rijn_xts_ctx *c, const struct rijn_cipher_ops *ops, uint8_t *out,
                                                     const uint8_t *in, size_t n)
{
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

/* n whole blocks with the running tweak. */
static inline void xts_blocks(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct rijn_cipher_ops *ops = rijn_ops(&c->k1);
    if (!n) return;
    if (ops->xts)
        ops->xts(c->k1.ks, c->tweak, out, in, n, c->dir != 0);
    else
        xts_blocks_ecb(c, ops, out, in, n);
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

/* Decryptions of at most this many whole blocks put the two stolen
 * blocks first (xts_steal_dec says why). Their tweaks then come from
 * the current one by mul_alpha_k, ceil((m - 1) / 63) steps, at most 17. */
#define XTS_STEAL_FIRST_MAX 1024

/* Bytes 0..b-1 set (1 <= b <= 15; b is public): P_m's or C_m's share of
 * the stolen block. */
static inline xts_u8x16 steal_mask(size_t b)
{
    return steal_vec(b >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * b)) - 1,
                     b > 8 ? ((uint64_t)1 << (8 * (b - 8))) - 1 : 0);
}

/* The two stolen blocks, at in and out (block m - 1 and the b bytes of
 * block m): t1 is block m - 1's tweak, t2 = t1 * alpha block m's.
 * Encryption (§5.3.2): PP = E_T1(P_{m-1}); C_m = PP[0..b);
 * C_{m-1} = E_T2(P_m || PP[b..]). Here out already holds PP: the bulk
 * call encrypted block m - 1 as an ordinary block, and t1 is not used.
 * Decryption (§5.4.2) takes T2 before T1: PP = D_T2(C_{m-1});
 * P_m = PP[0..b); P_{m-1} = D_T1(C_m || PP[b..]).
 *
 * The stolen block is put together in 16-byte vectors (GCC's and clang's
 * vector extension: one SSE or NEON register where the target has them),
 * the b bytes selected by a mask (b, and so the mask, is public), and each
 * 16-byte value the block cipher loads was written by one 16-byte store.
 * Built in memory instead (a 16-byte copy, a b-byte copy over it, then
 * 16-byte XORs of the tweak), a load spanned stores that a core cannot
 * forward to it, and waited for them to reach the cache: on Zen 3,
 * 31-byte messages ran at 0.91x (decryption) and 1.05x (encryption) of
 * libgcrypt's speed that way, and at 1.18x to 1.20x this way
 * (docs/performance.md). No scratch buffer: the block cipher works in
 * place on block m - 1 of out, which ends holding output (C_{m-1} or
 * P_{m-1}), so nothing is left to wipe. The 32-byte buffer and its wipe
 * (a memset call whose stores the next message's IV load waits behind)
 * measured 5 to 8 ns of a 1500-byte message's 155 on Zen 4. */
static inline __attribute__((always_inline)) void xts_steal_pair(const rijn_xts_ctx *c,
                                                                 const struct rijn_cipher_ops *ops, int enc,
                                                                 uint8_t *out, const uint8_t *in, size_t b,
                                                                 xts_u8x16 mask, xts_u8x16 t1, xts_u8x16 t2)
{
    uint64_t ql = 0, qh = 0;
    xts_u8x16 p, ts;
    if (enc) {
        /* P_m, a byte at a time: steal_load's window would overlap block
         * m - 1, which the bulk call has just written when out == in, and
         * a load that only partly overlaps a store waits for it too. */
        for (size_t i = 0; i < b; i++) {
            if (i < 8)
                ql |= (uint64_t)in[16 + i] << (8 * i);
            else
                qh |= (uint64_t)in[16 + i] << (8 * (i - 8));
        }
        memcpy(&p, out, 16);           /* PP */
        ts = t2;
    } else {
        steal_load(in + b, b, &ql, &qh);   /* C_m, read before out (== in) is written */
        memcpy(&p, in, 16);
        p ^= t2;
        memcpy(out, &p, 16);           /* in + 16 and in are read already */
        ops->decrypt(c->k1.ks, out, out, 1);
        memcpy(&p, out, 16);
        p ^= t2;                       /* PP */
        memcpy(out, &p, 16);
        ts = t1;
    }
    memcpy(out + 16, out, b);          /* C_m or P_m = PP[0..b) */
    xts_u8x16 q = ((steal_vec(ql, qh) & mask) | (p & ~mask)) ^ ts;
    memcpy(out, &q, 16);
    if (enc)
        ops->encrypt(c->k1.ks, out, out, 1);
    else
        ops->decrypt(c->k1.ks, out, out, 1);
    memcpy(&q, out, 16);
    q ^= ts;
    memcpy(out, &q, 16);               /* C_{m-1} or P_{m-1} */
}

/* Ciphertext stealing (IEEE 1619-2007 §5.3.2 and §5.4.2): m >= 1 whole
 * blocks, then b (1..15) bytes. Out of line, as xts_blocks_ecb: whole-
 * block units do not pay for them; and one function per direction, as
 * one function for both, with decryption's tweak steps, measured 4%
 * slower for 520-byte encryptions and 31-byte decryptions on Zen 4 (more
 * registers saved, more of the frame spilled).
 *
 * Encryption: block m - 1 is an ordinary block with its own tweak T1, so
 * it joins the bulk call, one serial block fewer, and the driver leaves
 * the tweak at T2. (The pair first, as decryption does below, measured
 * the same at 1500 bytes on Zen 4 and 7% slower at 31, where it makes two
 * single-block calls of one.) */
static __attribute__((noinline)) void xts_steal_enc(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t m,
                                                    size_t b)
{
    const struct rijn_cipher_ops *ops = rijn_ops(&c->k1);
    const xts_u8x16 mask = steal_mask(b);
    xts_blocks(c, out, in, m);
    xts_u8x16 t2;
    memcpy(&t2, c->tweak, 16);
    xts_steal_pair(c, ops, 1, out + 16 * (m - 1), in + 16 * (m - 1), b, mask, t2, t2);   /* t1 is not used */
}

/* Decryption: the two stolen blocks are two block cipher calls in a chain
 * (the second's input holds the first's output), and neither needs
 * blocks 0 .. m - 2. After the bulk call, as the standard orders them,
 * that chain started only when the bulk's instructions had left the
 * core's window, and added two AES latencies to the message. Up to
 * XTS_STEAL_FIRST_MAX blocks they run first, with their tweaks computed
 * from the current one, and the bulk's blocks fill the AES units around
 * them: on Zen 4, 1500-byte messages ran 8-10% faster (1.00x-1.02x of
 * libgcrypt before, 1.08x-1.13x after). Longer messages keep the old
 * order: the tail is a small part of them, and the tweaks would take
 * more steps. In place is safe either way: the pair reads blocks m - 1
 * and m before writing them, and the bulk call touches only blocks
 * 0 .. m - 2. */
static __attribute__((noinline)) void xts_steal_dec(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t m,
                                                    size_t b)
{
    const struct rijn_cipher_ops *ops = rijn_ops(&c->k1);
    const xts_u8x16 mask = steal_mask(b);
    const int first = m <= XTS_STEAL_FIRST_MAX;
    if (!first) xts_blocks(c, out, in, m - 1);
    uint64_t lo = rijn_load64_le(c->tweak), hi = rijn_load64_le(c->tweak + 8);
    if (first)
        for (size_t k = m - 1; k; k -= k < 63 ? k : 63) mul_alpha_k(&lo, &hi, (unsigned)(k < 63 ? k : 63));
    const xts_u8x16 t1 = steal_vec(lo, hi);
    mul_alpha(&lo, &hi);
    xts_steal_pair(c, ops, 0, out + 16 * (m - 1), in + 16 * (m - 1), b, mask, t1, steal_vec(lo, hi));
    if (first) xts_blocks(c, out, in, m - 1);
}

int rijn_xts_final(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
    int r = xts_check(c, out, in, len);
    if (r) return r;
    size_t b = len % 16;
    if (b && len < 16) return RIJN_ERR_LENGTH;
    if (!b)
        xts_blocks(c, out, in, len / 16);
    else if (c->dir)
        xts_steal_enc(c, out, in, len / 16, b);
    else
        xts_steal_dec(c, out, in, len / 16, b);
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
