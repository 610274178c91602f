/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-ct128: GCM with aes-ct128 and ghash-ct64 stitched together.
 *
 * The two halves of GCM use different parts of the core: the bit-sliced AES
 * is vector logic, GHASH is scalar integer multiplication. Run one after the
 * other (the gcm_base template), each leaves the other's execution units
 * idle. Here the GHASH of eight blocks is cut into six steps (for each group
 * of four blocks: high, low and middle Karatsuba products, then the
 * reduction) placed between the AES rounds of an eight-block pass, so an
 * out-of-order core overlaps them. This is the 4-way stitching of the seeds
 * (CTR and GHASH interleaved, aggregated reduction), in portable C.
 *
 * Encryption hashes the ciphertext of the previous pass while it encrypts
 * the current one (software pipelining); decryption hashes the ciphertext
 * of the current pass, which it reads before the pass writes its output,
 * so in == out works. A last pass of fewer than eight blocks, and the
 * ciphertext of the last encryption pass, are hashed after the loop.
 *
 * Keys are set up by aes-ct128 and ghash-ct64 (their formats are used
 * as is), and everything else of GCM (J0, AAD, partial blocks, lengths,
 * tag) is the mode layer's, so this file is only the bulk loop.
 *
 * Measured result: no gain on this project's Intel Xeon test machine (see
 * the priority below); kept, ranked under the template, because it is
 * complete, tested like every driver, and may win on other cores.
 */
#include "aes/ct128_core.h"
#include "gf128/ghash_ct64_core.h"
#include "modes/gcm.h"

/* GHASH of eight blocks in six steps. */
struct gcm_ct128_gh8 {
    const ghash_ct64_key *key;
    const uint8_t *in;
    uint64_t y1, y0;
    uint64_t x1[4], x0[4], xx[4], hh1, hh0, ll1, ll0;
    const piece *p1[4], *p0[4], *px[4];
};

static inline void gcm_ct128_gh8_step(struct gcm_ct128_gh8 *g, int step)
{
    const uint8_t *in = g->in + 64 * (step / 3);
    uint64_t mh, ml;
    switch (step % 3) {
    case 0:
        for (int t = 0; t < 4; t++) {
            g->x1[t] = rijn_load64_be(in + 16 * t);
            g->x0[t] = rijn_load64_be(in + 16 * t + 8);
        }
        g->x1[0] ^= g->y1;
        g->x0[0] ^= g->y0;
        for (int t = 0; t < 4; t++) g->xx[t] = g->x1[t] ^ g->x0[t];
        dot(g->x1, g->p1, 4, &g->hh1, &g->hh0);
        break;
    case 1:
        dot(g->x0, g->p0, 4, &g->ll1, &g->ll0);
        break;
    default:
        dot(g->xx, g->px, 4, &mh, &ml);
        reduce(g->hh1, g->hh0, g->ll1, g->ll0, mh, ml, &g->y1, &g->y0);
    }
}

/* One eight-block AES pass on q, with the six GHASH steps after rounds
 * 1..6 when g is not NULL (every AES key size has at least 9 such rounds). */
static inline void gcm_ct128_pass(const ct128_ks *ks, bs_word q[8], struct gcm_ct128_gh8 *g)
{
    const unsigned nr = ks->rounds;
    add_key(q, ks->enc[0]);
    for (unsigned i = 1; i < nr; i++) {
        sbox_fwd_noconst(q);
        switch (i & 3) {
        case 1: mix_s1(q); break;
        case 2: mix_s2(q); break;
        case 3: mix_s3(q); break;
        default: mix_s0(q);
        }
        add_key(q, ks->enc[i]);
        if (g && i <= 6) gcm_ct128_gh8_step(g, (int)i - 1);
    }
    sbox_fwd_noconst(q);
    add_key(q, ks->enc[nr]);
    if (nr % 4 == 2)
        for (int j = 0; j < 8; j++) q[j] = shift_rows2(q[j]);
}

static void gcm_ct128_crypt(const void *ksv, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                            const uint8_t *in, size_t n, bool encrypt)
{
    const ct128_ks *ks = ksv;
    struct gcm_ct128_gh8 g;
    g.key = hkey;
    g.y1 = rijn_load64_be(y);
    g.y0 = rijn_load64_be(y + 8);
    for (int t = 0; t < 4; t++) {
        g.p1[t] = &g.key->h1[3 - t];
        g.p0[t] = &g.key->h0[3 - t];
        g.px[t] = &g.key->hx[3 - t];
    }
    uint32_t c32 = rijn_load32_be(ctr + 12);
    uint8_t blk[16];
    memcpy(blk, ctr, 16);
    const uint8_t *pending = NULL;   /* encryption: last pass's ciphertext */
    bs_word q[8];
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        for (int b = 0; b < 8; b++) {
            rijn_store32_be(blk + 12, c32++);     /* inc32 (SP 800-38D §6.2) */
            memcpy(&q[b], blk, 16);
        }
        ortho(q);
        g.in = encrypt ? pending : in;
        gcm_ct128_pass(ks, q, g.in ? &g : NULL);
        ortho(q);
        for (int b = 0; b < 8; b++) {
            bs_word d;
            memcpy(&d, in + 16 * b, 16);
            d ^= q[b];
            memcpy(out + 16 * b, &d, 16);
        }
        pending = out;
    }
    if (pending && encrypt) {
        g.in = pending;
        for (int step = 0; step < 6; step++) gcm_ct128_gh8_step(&g, step);
    }
    if (n) {
        /* The last few blocks: plain CTR through the pass, GHASH after
         * (encryption) or before (decryption) writing. */
        uint8_t ksb[128];
        for (size_t b = 0; b < 8; b++) {
            rijn_store32_be(blk + 12, c32 + (uint32_t)b);
            memcpy(&q[b], blk, 16);
        }
        c32 += (uint32_t)n;
        ortho(q);
        gcm_ct128_pass(ks, q, NULL);
        ortho(q);
        /* cppcheck takes bs_word (a GCC vector of CT_BYTES) for a
         * uint64_t, and q for 64 bytes instead of 128. */
        // cppcheck-suppress bufferAccessOutOfBounds
        memcpy(ksb, q, sizeof ksb);
        if (!encrypt) {
            for (size_t t = 0; t + 4 <= n; t += 4) ghash_n(g.key, &g.y1, &g.y0, in + 16 * t, 4);
            if (n % 4) ghash_n(g.key, &g.y1, &g.y0, in + 16 * (n - n % 4), (int)(n % 4));
        }
        rijn_xor_bytes(out, in, ksb, 16 * n);
        if (encrypt) {
            for (size_t t = 0; t + 4 <= n; t += 4) ghash_n(g.key, &g.y1, &g.y0, out + 16 * t, 4);
            if (n % 4) ghash_n(g.key, &g.y1, &g.y0, out + 16 * (n - n % 4), (int)(n % 4));
        }
        rijn_wipe(ksb, sizeof ksb);
    }
    rijn_store32_be(ctr + 12, c32);
    rijn_store64_be(y, g.y1);
    rijn_store64_be(y + 8, g.y0);
    rijn_wipe(q, sizeof q);
    rijn_wipe(&g, sizeof g);
}

static const struct rijn_gcm_ops gcm_ct128_ops = {
    .crypt = gcm_ct128_crypt,
};

const struct rijn_desc rijn_gcm_ct128_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-ct128",
    /* Below the gcm_base(ctr(aes-ct128),ghash-ct64) template (105): on the
     * Intel Xeon we measure on, vector and scalar work share execution
     * ports and the stitched loop was about 6% slower (docs/performance.md).
     * Cores with separate integer and vector schedulers may differ: compare
     * with rijn speed --alg 'gcm(aes)' --driver gcm-aes-ct128. */
    .priority = 104,
    .cpu = 0,
    .ct = true,
    .ops = &gcm_ct128_ops,
    .part = { &rijn_aes_ct128_desc, &rijn_ghash_ct64_desc },
};
