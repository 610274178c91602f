/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-vaes: GCM's bulk loop (SP 800-38D §7.1 steps 3-5) with VAES and
 * VPCLMULQDQ on 256-bit AVX2 registers, for Zen 3 and other cores with
 * VAES but no AVX-512 requirement.
 *
 * Eight counter blocks (four YMM pairs) go through the AES rounds per
 * pass; round gaps 1..4 each carry one 256-bit Karatsuba step of GHASH on
 * two blocks at once (three VPCLMULQDQ for two products), over key powers
 * laid out in pairs (hp/hkp in ghash_pclmul_core.h). Two passes make a
 * group of sixteen blocks with one reduction, which reduces both lanes at
 * once and then adds them (gcm_vaes_reduce_y). Sixteen blocks per pass,
 * the first version, needed eight states, the round key and the hash in
 * sixteen YMM registers, and GCC spilled; eight per pass with a reduction
 * per pass measured 0.44 cycles/byte against 0.52 on a Zen 3, and the
 * reduction per sixteen blocks about 4% more (docs/performance.md).
 *
 * As in gcm-aes-aesni, encryption hashes the previous pass's ciphertext,
 * and decryption hashes its input in the same pass. Fewer than eight
 * blocks left: groups of four and two, then one block, hashed with the
 * 128-bit aggregated code. J0, AAD, partial blocks, the lengths block and the tag stay in
 * src/modes/gcm.c. Key formats: aes-vaes and ghash-pclmul.
 */
#include "aes/gcm_aesni_core.h"
#include "aes/vaes_core.h"
#include "modes/gcm.h"

#ifdef RIJN_X86

#define GCM_VAES_RK2(r) LOADY(vaes_ks_of(k)->ek2[r])   /* unaligned: see aes_vaes.c */

/* 256-bit reduction of both lanes at once (each lane is an independent
 * Karatsuba triple), then the lanes added: reduction is linear, so this
 * equals adding the lanes first, and saves two of the three lane folds.
 * The folds work on the triple itself (lo at y^0, mid at y^64, hi at
 * y^128): adding q * P* for q = lo's low half clears it; q's terms land
 * at mid's level as swap(lo) (lo's high half at y^64, q * y^128 at
 * y^128) plus q * (0xc2 << 56) (the middle term of P*, shifted down by
 * y^64); the same again folds mid into hi. Same algebra as gf_reduce. */
VAES_INLINE __m128i gcm_vaes_reduce_y(__m256i lo, __m256i mid, __m256i hi)
{
    const __m256i poly = _mm256_set_epi64x((long long)0xc200000000000000ull, 1, (long long)0xc200000000000000ull, 1);
    mid = _mm256_xor_si256(mid, _mm256_xor_si256(lo, hi));          /* Karatsuba: a0b1 ^ a1b0 */
    mid = _mm256_xor_si256(mid, _mm256_xor_si256(_mm256_shuffle_epi32(lo, 0x4e), _mm256_clmulepi64_epi128(lo, poly, 0x10)));
    hi = _mm256_xor_si256(hi, _mm256_xor_si256(_mm256_shuffle_epi32(mid, 0x4e), _mm256_clmulepi64_epi128(mid, poly, 0x10)));
    return _mm_xor_si128(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));
}

/* GHASH of sixteen blocks per reduction, over two passes of eight (each
 * pass's AES needs only four states, so the hash fits beside them in
 * sixteen registers): the first pass multiplies its blocks by H^16..H^9
 * and leaves the sums unreduced, the second by H^8..H^1 and reduces.
 * VPCLMULQDQ is the scarce unit on Zen 3 (one 256-bit product every two
 * cycles, measured): three per pair of blocks, and a reduction (two) per
 * sixteen blocks instead of per eight. */
enum gcm_vaes_hash {
    GH_NONE,    /* no hashing in this pass */
    GH_FIRST,   /* blocks 0..7 of a group of sixteen: H^16..H^9, y added, no reduction */
    GH_SECOND,  /* blocks 8..15: H^8..H^1, then the reduction into y */
    GH_SINGLE,  /* a group of eight alone: H^8..H^1, y added, reduction */
};

struct gcm_vaes_acc { __m256i lo, mid, hi; };

/* Hash step j (pair j of the eight blocks at hs) of a pass of kind m. */
VAES_INLINE void gcm_vaes_step(struct gcm_vaes_acc *a, const struct pclmul_hkey *h, const uint8_t *hs, int j,
                               enum gcm_vaes_hash m, __m128i y)
{
    const int pw = m == GH_FIRST ? 0 : 8;           /* hp16[pw + 2j] = (H^(16-pw-2j), H^(15-pw-2j)) */
    const bool start = m != GH_SECOND && j == 0;    /* the group's first pair: y added, sums start */
    __m256i x = bswap_y(LOADY(hs + 32 * j));
    if (start) x = _mm256_xor_si256(x, _mm256_zextsi128_si256(y));
    __m256i hp = LOADY(&GF_HP16(h)[pw + 2 * j]), hk = LOADY(&GF_HKP16(h)[pw + 2 * j]);
    __m256i xk = _mm256_xor_si256(x, _mm256_shuffle_epi32(x, 0x4e));
    __m256i lo = _mm256_clmulepi64_epi128(x, hp, 0x00);
    __m256i hi = _mm256_clmulepi64_epi128(x, hp, 0x11);
    __m256i mid = _mm256_clmulepi64_epi128(xk, hk, 0x00);
    if (start) {
        a->lo = lo, a->mid = mid, a->hi = hi;
    } else {
        a->lo = _mm256_xor_si256(a->lo, lo);
        a->mid = _mm256_xor_si256(a->mid, mid);
        a->hi = _mm256_xor_si256(a->hi, hi);
    }
}

/* The hash of a pass of kind m without AES: the last ciphertext pass of
 * an encryption. */
VAES_INLINE __m128i gcm_vaes_hash8(struct gcm_vaes_acc *a, const struct pclmul_hkey *h, const uint8_t *hs,
                                   enum gcm_vaes_hash m, __m128i y)
{
    for (int j = 0; j < 4; j++) gcm_vaes_step(a, h, hs, j, m, y);
    return m == GH_FIRST ? y : gcm_vaes_reduce_y(a->lo, a->mid, a->hi);
}

/* Eight counter blocks from *c2 encrypted into b[]; the eight blocks at hs
 * hashed on the way as m says, one pair in each of round gaps 1..4, the
 * reduction (GH_SECOND, GH_SINGLE) in gap 5. */
VAES_INLINE void gcm_vaes_pass8(const struct aesni_ks *k, const struct pclmul_hkey *h, __m256i b[4], __m256i *c2,
                                const uint8_t *hs, const enum gcm_vaes_hash m, struct gcm_vaes_acc *a, __m128i *y)
{
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);   /* inc32: lane words wrap mod 2^32 */
    for (int j = 0; j < 4; j++) {
        b[j] = _mm256_xor_si256(bswap_y(*c2), GCM_VAES_RK2(0));
        *c2 = _mm256_add_epi32(*c2, two);
    }
    /* Rounds 1..9, which every key size has, unrolled with the hash in
     * their gaps (constant bounds, so that GCC unrolls them and keeps
     * the states in registers); then AES-192/256's extra rounds. */
#pragma GCC unroll 9
    for (int r = 1; r <= 9; r++) {
        __m256i rk = GCM_VAES_RK2(r);
        for (int j = 0; j < 4; j++) b[j] = _mm256_aesenc_epi128(b[j], rk);
        if (m != GH_NONE && r <= 4) gcm_vaes_step(a, h, hs, r - 1, m, *y);
        if ((m == GH_SECOND || m == GH_SINGLE) && r == 5) *y = gcm_vaes_reduce_y(a->lo, a->mid, a->hi);
    }
    VAES_EXTRA_ROUNDS(k->nr, b, 4, vaes_ks_of(k)->ek2, _mm256_aesenc_epi128);
    for (int j = 0; j < 4; j++) b[j] = _mm256_aesenclast_epi128(b[j], GCM_VAES_RK2(k->nr));
}

VAES_INLINE void gcm_vaes_xor_store8(uint8_t *out, const uint8_t *in, const __m256i b[4])
{
    for (int j = 0; j < 4; j++) STOREY(out + 32 * j, _mm256_xor_si256(b[j], LOADY(in + 32 * j)));
}

static VAES_TARGET void gcm_vaes_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16],
                                       uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    __m128i yv = aesni_bswap(LOADX(y));
    __m128i c = aesni_bswap(LOADX(ctr));
    __m256i c2 = _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    __m256i b[8];
    struct gcm_vaes_acc acc;
    if (!encrypt) {
        /* Decryption hashes its input in the same pass, sixteen blocks
         * per group, the last group of eight alone. */
        for (; n >= 16; n -= 16, in += 256, out += 256) {
            gcm_vaes_pass8(k, h, b, &c2, in, GH_FIRST, &acc, &yv);
            gcm_vaes_xor_store8(out, in, b);
            gcm_vaes_pass8(k, h, b, &c2, in + 128, GH_SECOND, &acc, &yv);
            gcm_vaes_xor_store8(out + 128, in + 128, b);
        }
        if (n >= 8) {
            gcm_vaes_pass8(k, h, b, &c2, in, GH_SINGLE, &acc, &yv);
            gcm_vaes_xor_store8(out, in, b);
            n -= 8, in += 128, out += 128;
        }
    } else if (n >= 8) {
        /* Encryption hashes ciphertext two passes old: the previous
         * pass's is stored only when its last round ends, and waiting for
         * it (eleven to fifteen dependent rounds) held AES-256 back.
         * Groups of sixteen start on alternate passes; the last one or two
         * passes' blocks are hashed after the loop. */
        enum gcm_vaes_hash next = GH_FIRST;
        size_t done = 0;    /* passes made */
        for (; n >= 8; n -= 8, in += 128, out += 128, done++) {
            if (done < 2) {
                gcm_vaes_pass8(k, h, b, &c2, NULL, GH_NONE, &acc, &yv);
            } else {
                /* A group opened here is always closed: by a later pass,
                 * or after the loop, with ciphertext not yet hashed. */
                gcm_vaes_pass8(k, h, b, &c2, out - 256, next, &acc, &yv);
                next = next == GH_FIRST ? GH_SECOND : GH_FIRST;
            }
            gcm_vaes_xor_store8(out, in, b);
        }
        if (done >= 2) {
            yv = gcm_vaes_hash8(&acc, h, out - 256, next, yv);
            next = next == GH_FIRST ? GH_SECOND : GH_FIRST;
        }
        yv = gcm_vaes_hash8(&acc, h, out - 128, next == GH_SECOND ? GH_SECOND : GH_SINGLE, yv);
    }
    /* Fewer than eight blocks; decryption hashes in before writing out,
     * since in == out is allowed. Four blocks if there are, then two,
     * then one: each group's blocks interleaved round by round, the
     * groups independent of each other (aes_vaes.c's VAES_TIERS says
     * why). */
    if (n && !encrypt) yv = gf_blocks(h, yv, in, n);
    size_t j = 0;
#define GCM_VAES_TIER(m)                                                                       \
    do {                                                                                       \
        __m256i s[m];                                                                          \
        for (int i = 0; i < (m); i++) {                                                        \
            s[i] = _mm256_xor_si256(bswap_y(c2), GCM_VAES_RK2(0));                             \
            c2 = _mm256_add_epi32(c2, two);                                                    \
        }                                                                                      \
        for (int r = 1; r < k->nr; r++) {                                                      \
            __m256i rk = GCM_VAES_RK2(r);                                                      \
            for (int i = 0; i < (m); i++) s[i] = _mm256_aesenc_epi128(s[i], rk);               \
        }                                                                                      \
        for (int i = 0; i < (m); i++)                                                          \
            STOREY(out + 16 * j + 32 * i, _mm256_xor_si256(_mm256_aesenclast_epi128(s[i], GCM_VAES_RK2(k->nr)), \
                                                           LOADY(in + 16 * j + 32 * i)));      \
        j += 2 * (m);                                                                          \
    } while (0)
    if (n - j >= 4) GCM_VAES_TIER(2);
    if (n - j >= 2) GCM_VAES_TIER(1);
#undef GCM_VAES_TIER
    if (j < n) {
        __m128i s = aesni_enc1(k, aesni_bswap(_mm256_castsi256_si128(c2)));
        c2 = _mm256_add_epi32(c2, _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 1));
        STOREX(out + 16 * j, _mm_xor_si128(s, LOADX(in + 16 * j)));
    }
    if (n && encrypt) yv = gf_blocks(h, yv, out, n);
    STOREX(y, aesni_bswap(yv));
    STOREX(ctr, aesni_bswap(_mm256_castsi256_si128(c2)));
}

static VAES_TARGET void gcm_vaes_aead(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad,
                                      size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16],
                                      bool encrypt)
{
    gcm_aesni_aead_body(gcm_vaes_crypt, NULL, NULL, ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);
}

static const struct rijn_gcm_ops gcm_vaes_ops = {
    .crypt = gcm_vaes_crypt,
    .aead = gcm_vaes_aead,
};
#define GCM_VAES_OPS &gcm_vaes_ops
#else
#define GCM_VAES_OPS NULL
#endif

const struct rijn_desc rijn_gcm_vaes_desc = {
    .kind = &rijn_kind_gcm,
    .name = "gcm-aes-vaes",
    .priority = 650,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_VAES_REQ | RIJN_CPU_VPCLMUL_REQ,
    .ct = true,
    .ops = GCM_VAES_OPS,
    .part = { &rijn_aes_vaes_desc, &rijn_ghash_pclmul_desc },
};
