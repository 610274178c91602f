/* SPDX-License-Identifier: MIT */
/*
 * aes-aesni: AES with the AES-NI instructions on 128-bit registers.
 *
 * Parallel work (ECB, CTR, CBC decryption, XTS) keeps eight independent
 * blocks in flight: AESENC has a latency of 3 to 7 cycles and a throughput
 * of one or two per cycle on every core since Westmere, so eight blocks
 * fill the pipeline whichever core runs it. Serial chains (CBC encryption,
 * CBC-MAC) cannot be parallel; CCM runs its CTR block beside its CBC-MAC
 * block so that the CTR half costs nothing (both are latency-bound chains,
 * and the core has room for two).
 *
 * Counters: CTR needs a 128-bit big-endian increment (GCM a 32-bit one).
 * The counter is held byte-reversed, so the low 32 bits are one SIMD lane,
 * incremented with PADDD; a call is split where the low 32 bits would wrap
 * and the full 128-bit carry is done in scalar code between the pieces.
 * The counter value is public (it is the IV), so the split is not a leak.
 */
#include "aes/aesni_core.h"

#ifdef RIJN_X86

static AESNI_TARGET void aesni_setkey(void *ks, const uint8_t *key, size_t key_len)
{
    aesni_expand(ks, key, key_len);
}

/* Eight blocks through all rounds; rk is ek or dk. */
#define AESNI_8(k, b, rk, ENC, LAST)                                                \
    do {                                                                            \
        for (int j_ = 0; j_ < 8; j_++) (b)[j_] = _mm_xor_si128((b)[j_], (rk)[0]);   \
        for (int r_ = 1; r_ < (k)->nr; r_++) {                                      \
            __m128i key_ = (rk)[r_];                                                \
            for (int j_ = 0; j_ < 8; j_++) (b)[j_] = (ENC)((b)[j_], key_);          \
        }                                                                           \
        for (int j_ = 0; j_ < 8; j_++) (b)[j_] = (LAST)((b)[j_], (rk)[(k)->nr]);    \
    } while (0)

static AESNI_TARGET void aesni_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct aesni_ks *k = ks;
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm_loadu_si128((const __m128i *)(in + 16 * j));
        AESNI_8(k, b, k->ek, _mm_aesenc_si128, _mm_aesenclast_si128);
        for (int j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(out + 16 * j), b[j]);
    }
    for (; n; n--, in += 16, out += 16)
        _mm_storeu_si128((__m128i *)out, aesni_enc1(k, _mm_loadu_si128((const __m128i *)in)));
}

static AESNI_TARGET void aesni_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct aesni_ks *k = ks;
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm_loadu_si128((const __m128i *)(in + 16 * j));
        AESNI_8(k, b, k->dk, _mm_aesdec_si128, _mm_aesdeclast_si128);
        for (int j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(out + 16 * j), b[j]);
    }
    for (; n; n--, in += 16, out += 16)
        _mm_storeu_si128((__m128i *)out, aesni_dec1(k, _mm_loadu_si128((const __m128i *)in)));
}

static AESNI_TARGET void aesni_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    aesni_cbc_enc(ks, iv, out, in, n);
}

static AESNI_TARGET void aesni_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    aesni_cbcmac(ks, mac, in, n);
}

static AESNI_TARGET void aesni_cbc_decrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct aesni_ks *k = ks;
    __m128i prev = _mm_loadu_si128((const __m128i *)iv);
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m128i b[8], c[8];
        for (int j = 0; j < 8; j++) b[j] = c[j] = _mm_loadu_si128((const __m128i *)(in + 16 * j));
        AESNI_8(k, b, k->dk, _mm_aesdec_si128, _mm_aesdeclast_si128);
        _mm_storeu_si128((__m128i *)out, _mm_xor_si128(b[0], prev));
        for (int j = 1; j < 8; j++) _mm_storeu_si128((__m128i *)(out + 16 * j), _mm_xor_si128(b[j], c[j - 1]));
        prev = c[7];
    }
    for (; n; n--, in += 16, out += 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)in);
        _mm_storeu_si128((__m128i *)out, _mm_xor_si128(aesni_dec1(k, c), prev));
        prev = c;
    }
    _mm_storeu_si128((__m128i *)iv, prev);
}

/* n blocks of CTR whose low 32 counter bits do not wrap (or inc32). */
static AESNI_TARGET void aesni_ctr_run(const struct aesni_ks *k, const uint8_t ctr[16], uint8_t *out,
                                       const uint8_t *in, size_t n)
{
    __m128i c = aesni_bswap(_mm_loadu_si128((const __m128i *)ctr));
    const __m128i one = _mm_set_epi32(0, 0, 0, 1);
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) {
            b[j] = aesni_bswap(c);
            c = _mm_add_epi32(c, one);
        }
        AESNI_8(k, b, k->ek, _mm_aesenc_si128, _mm_aesenclast_si128);
        for (int j = 0; j < 8; j++)
            _mm_storeu_si128((__m128i *)(out + 16 * j),
                             _mm_xor_si128(b[j], _mm_loadu_si128((const __m128i *)(in + 16 * j))));
    }
    for (; n; n--, in += 16, out += 16) {
        __m128i b = aesni_enc1(k, aesni_bswap(c));
        c = _mm_add_epi32(c, one);
        _mm_storeu_si128((__m128i *)out, _mm_xor_si128(b, _mm_loadu_si128((const __m128i *)in)));
    }
}

/* Advance a big-endian counter by m blocks: all 128 bits, or the low 32. */
static void aesni_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    aesni_ctr_split(ks, ctr, out, in, n, inc32, aesni_ctr_run);
}

static AESNI_TARGET void aesni_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                                   bool encrypt)
{
    const struct aesni_ks *k = ks;
    __m128i t[8];
    t[0] = _mm_loadu_si128((const __m128i *)tweak);
    for (int j = 1; j < 8; j++) t[j] = xts_mulx(t[j - 1]);
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m128i b[8];
        for (int j = 0; j < 8; j++) b[j] = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16 * j)), t[j]);
        if (encrypt)
            AESNI_8(k, b, k->ek, _mm_aesenc_si128, _mm_aesenclast_si128);
        else
            AESNI_8(k, b, k->dk, _mm_aesdec_si128, _mm_aesdeclast_si128);
        for (int j = 0; j < 8; j++) _mm_storeu_si128((__m128i *)(out + 16 * j), _mm_xor_si128(b[j], t[j]));
        t[0] = xts_mulx(t[7]);
        for (int j = 1; j < 8; j++) t[j] = xts_mulx(t[j - 1]);
    }
    /* n < 8 left: t[0..7] are the tweaks of the next eight blocks. */
    for (size_t j = 0; j < n; j++, in += 16, out += 16) {
        __m128i b = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), t[j]);
        b = encrypt ? aesni_enc1(k, b) : aesni_dec1(k, b);
        _mm_storeu_si128((__m128i *)out, _mm_xor_si128(b, t[j]));
    }
    _mm_storeu_si128((__m128i *)tweak, t[n]);
}

static AESNI_TARGET void aesni_ccm(const void *ks, uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                   size_t n, bool encrypt)
{
    aesni_ccm_body(ks, mac, ctr, out, in, n, encrypt);
}

static const struct rijn_cipher_ops aesni_ops = {
    .setkey = aesni_setkey,
    .encrypt = aesni_encrypt,
    .decrypt = aesni_decrypt,
    .cbc_encrypt = aesni_cbc_encrypt,
    .cbc_mac = aesni_cbc_mac,
    .ctr = aesni_ctr,
    .cbc_decrypt = aesni_cbc_decrypt,
    .xts = aesni_xts,
    .ccm = aesni_ccm,
};
#define AESNI_OPS &aesni_ops
#else
#define AESNI_OPS NULL
#endif

const struct rijn_desc rijn_aes_aesni_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-aesni",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AESNI | RIJN_CPU_SSSE3 | RIJN_CPU_SSE41,
    .ct = true,
    .ops = AESNI_OPS,
};
