/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes: AES with VAES on 256-bit AVX2 registers (Zen 3, Ice Lake and
 * later): one VAESENC runs a round on two blocks, and sixteen blocks (eight
 * YMM registers) are in flight, enough to cover VAESENC's latency at two
 * per cycle. No AVX-512 is needed.
 *
 * Parallel paths (ECB, CTR, CBC decryption, XTS) are written here; the
 * serial chains (CBC encryption, CBC-MAC, CCM) gain nothing from a second
 * lane and reuse the 128-bit AES-NI code, VEX-encoded. The key schedule is
 * aes-aesni's plus each round key broadcast to both lanes (vaes_core.h).
 *
 * XTS keeps sixteen tweaks as eight YMM pairs and advances each pair by
 * x^16 per pass: eight independent updates instead of a serial chain of
 * sixteen doublings (the derivation of the fold is at xts_mulx16 below).
 */
#include "aes/vaes_core.h"

#ifdef RIJN_X86

/* Unaligned loads and stores of the broadcast schedule: a context on the
 * heap has malloc's 16-byte alignment, not the 64 its type asks for, and
 * an aligned 32-byte access there faults (VMOVDQU costs the same as
 * VMOVDQA on aligned data). */
#define RK2(a, r) LOADY((a)[r])

static VAES_TARGET void vaes_setkey(void *ks, const uint8_t *key, size_t key_len)
{
    struct vaes_ks *k = ks;
    aesni_expand(&k->base, key, key_len);
    for (int r = 0; r <= k->base.nr; r++) {
        STOREY(k->ek2[r], _mm256_broadcastsi128_si256(k->base.ek[r]));
        STOREY(k->dk2[r], _mm256_broadcastsi128_si256(k->base.dk[r]));
    }
}

/* m (<= 8) YMM registers through all rounds; rk2 is ek2 or dk2. */
#define VAES_N(k, b, m, rk2, ENC, LAST)                                                    \
    do {                                                                                   \
        for (int j_ = 0; j_ < (m); j_++) (b)[j_] = _mm256_xor_si256((b)[j_], RK2(rk2, 0)); \
        for (int r_ = 1; r_ < (k)->base.nr; r_++) {                                        \
            __m256i key_ = RK2(rk2, r_);                                                   \
            for (int j_ = 0; j_ < (m); j_++) (b)[j_] = (ENC)((b)[j_], key_);               \
        }                                                                                  \
        for (int j_ = 0; j_ < (m); j_++) (b)[j_] = (LAST)((b)[j_], RK2(rk2, (k)->base.nr)); \
    } while (0)


/* ECB in either direction: 16 blocks per pass, then pairs, then one. */
VAES_INLINE void vaes_ecb(const struct vaes_ks *k, uint8_t *out, const uint8_t *in, size_t n, bool enc)
{
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8];
        for (int j = 0; j < 8; j++) b[j] = LOADY(in + 32 * j);
        if (enc)
            VAES_N(k, b, 8, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);
        else
            VAES_N(k, b, 8, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);
        for (int j = 0; j < 8; j++) STOREY(out + 32 * j, b[j]);
    }
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        __m256i b[1] = { LOADY(in) };
        if (enc)
            VAES_N(k, b, 1, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);
        else
            VAES_N(k, b, 1, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);
        STOREY(out, b[0]);
    }
    if (n) STOREX(out, enc ? aesni_enc1(&k->base, LOADX(in)) : aesni_dec1(&k->base, LOADX(in)));
}

static VAES_TARGET void vaes_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    vaes_ecb(ks, out, in, n, true);
}

static VAES_TARGET void vaes_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    vaes_ecb(ks, out, in, n, false);
}

static VAES_TARGET void vaes_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vaes_ks *k = ks;
    aesni_cbc_enc(&k->base, iv, out, in, n);
}

static VAES_TARGET void vaes_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct vaes_ks *k = ks;
    aesni_cbcmac(&k->base, mac, in, n);
}

/* CBC decryption: block i is D(C_i) xor C_{i-1}; the pair of previous
 * blocks for pair j is the unaligned load 16 bytes before it, except for
 * the very first pair, which takes the IV. All loads precede the stores,
 * so in == out works. */
static VAES_TARGET void vaes_cbc_decrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vaes_ks *k = ks;
    __m128i prev = LOADX(iv);
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8], p[8];
        for (int j = 0; j < 8; j++) b[j] = LOADY(in + 32 * j);
        p[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(prev), LOADX(in), 1);
        for (int j = 1; j < 8; j++) p[j] = LOADY(in + 32 * j - 16);
        prev = LOADX(in + 240);
        VAES_N(k, b, 8, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);
        for (int j = 0; j < 8; j++) STOREY(out + 32 * j, _mm256_xor_si256(b[j], p[j]));
    }
    for (; n; n--, in += 16, out += 16) {
        __m128i c = LOADX(in);
        STOREX(out, _mm_xor_si128(aesni_dec1(&k->base, c), prev));
        prev = c;
    }
    STOREX(iv, prev);
}

/* n blocks of CTR whose low 32 counter bits do not wrap (or inc32). The
 * counter is byte-reversed; c2 holds (c, c + 1). aesni_ctr_split passes
 * the base of the schedule. */
static VAES_TARGET void vaes_ctr_run(const struct aesni_ks *base, const uint8_t ctr[16], uint8_t *out,
                                     const uint8_t *in, size_t n)
{
    const struct vaes_ks *k = vaes_ks_of(base);
    __m128i c = aesni_bswap(LOADX(ctr));
    __m256i c2 = _mm256_add_epi32(_mm256_broadcastsi128_si256(c), _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));
    const __m256i two = _mm256_set_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8];
        for (int j = 0; j < 8; j++) {
            b[j] = bswap_y(c2);
            c2 = _mm256_add_epi32(c2, two);
        }
        VAES_N(k, b, 8, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);
        for (int j = 0; j < 8; j++) STOREY(out + 32 * j, _mm256_xor_si256(b[j], LOADY(in + 32 * j)));
    }
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        __m256i b[1] = { bswap_y(c2) };
        c2 = _mm256_add_epi32(c2, two);
        VAES_N(k, b, 1, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);
        STOREY(out, _mm256_xor_si256(b[0], LOADY(in)));
    }
    if (n) STOREX(out, _mm_xor_si128(aesni_enc1(base, aesni_bswap(_mm256_castsi256_si128(c2))), LOADX(in)));
}

static void vaes_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    const struct vaes_ks *k = ks;
    aesni_ctr_split(&k->base, ctr, out, in, n, inc32, vaes_ctr_run);
}

/*
 * Tweak times x^16, in each 128-bit lane (IEEE 1619 §5.2 applied sixteen
 * times). The lane is a little-endian 128-bit integer: shifting it left by
 * two bytes is the multiplication except for the 16 bits v pushed out at
 * the top, worth v * x^128 = v * (x^7 + x^2 + x + 1); that product is
 * v ^ v<<1 ^ v<<2 ^ v<<7, below 2^23, so it fits the low 64 bits with no
 * further reduction.
 */
VAES_INLINE __m256i xts_mulx16(__m256i t)
{
    __m256i v = _mm256_srli_si256(t, 14);
    __m256i fold = _mm256_xor_si256(_mm256_xor_si256(v, _mm256_slli_epi64(v, 1)),
                                    _mm256_xor_si256(_mm256_slli_epi64(v, 2), _mm256_slli_epi64(v, 7)));
    return _mm256_xor_si256(_mm256_slli_si256(t, 2), fold);
}

static VAES_TARGET void vaes_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                                 bool encrypt)
{
    const struct vaes_ks *k = ks;
    __m128i t1[17];
    __m256i t[8];
    t1[0] = LOADX(tweak);
    for (int j = 1; j < 16; j++) t1[j] = xts_mulx(t1[j - 1]);
    for (int j = 0; j < 8; j++) t[j] = _mm256_inserti128_si256(_mm256_castsi128_si256(t1[2 * j]), t1[2 * j + 1], 1);
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm256_xor_si256(LOADY(in + 32 * j), t[j]);
        if (encrypt)
            VAES_N(k, b, 8, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);
        else
            VAES_N(k, b, 8, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);
        for (int j = 0; j < 8; j++) {
            STOREY(out + 32 * j, _mm256_xor_si256(b[j], t[j]));
            t[j] = xts_mulx16(t[j]);
        }
    }
    /* n < 16 left: t holds the tweaks of the next sixteen blocks. */
    for (int j = 0; j < 8; j++) {
        t1[2 * j] = _mm256_castsi256_si128(t[j]);
        t1[2 * j + 1] = _mm256_extracti128_si256(t[j], 1);
    }
    for (size_t j = 0; j < n; j++) {
        __m128i b = _mm_xor_si128(LOADX(in + 16 * j), t1[j]);
        b = encrypt ? aesni_enc1(&k->base, b) : aesni_dec1(&k->base, b);
        STOREX(out + 16 * j, _mm_xor_si128(b, t1[j]));
    }
    STOREX(tweak, t1[n]);
    rijn_wipe(t1, sizeof t1);
}

static VAES_TARGET void vaes_ccm(const void *ks, uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                 size_t n, bool encrypt)
{
    const struct vaes_ks *k = ks;
    aesni_ccm_body(&k->base, mac, ctr, out, in, n, encrypt);
}

static const struct rijn_cipher_ops vaes_ops = {
    .setkey = vaes_setkey,
    .encrypt = vaes_encrypt,
    .decrypt = vaes_decrypt,
    .cbc_encrypt = vaes_cbc_encrypt,
    .cbc_mac = vaes_cbc_mac,
    .ctr = vaes_ctr,
    .cbc_decrypt = vaes_cbc_decrypt,
    .xts = vaes_xts,
    .ccm = vaes_ccm,
};
#define VAES_OPS &vaes_ops
#else
#define VAES_OPS NULL
#endif

const struct rijn_desc rijn_aes_vaes_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-vaes",
    .priority = 600,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AESNI | RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_VAES_REQ,
    .ct = true,
    .ops = VAES_OPS,
};
