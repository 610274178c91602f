/* SPDX-License-Identifier: MIT */
/*
 * AES with the AES-NI instructions: what the aes-aesni, aes-vaes and GCM
 * drivers share. x86-64 only; every file that includes this compiles on
 * other architectures to nothing but an unavailable descriptor (see the
 * RIJN_X86 guard in the drivers). The plumbing under it (target
 * attributes, loads and stores, byte reversal, the VAES emulation build)
 * is src/arch/x86/x86.h.
 *
 * Constant time: AESENC/AESDEC/AESKEYGENASSIST/AESIMC run in fixed time
 * whatever their operands (Intel's AES-NI white paper, §"Software side
 * channels"); the code around them has no secret-dependent branch or
 * address. The taint test (tests/c/ct_taint.c) checks that under valgrind.
 *
 * Key schedule (struct aesni_ks): the FIPS 197 §5.2 expansion with SubWord
 * from AESKEYGENASSIST: in registers for 128- and 256-bit keys, word by
 * word for 192-bit keys (Rcon added in a scalar register there). The
 * decryption keys are the equivalent inverse cipher's (FIPS 197 §5.3.5):
 * dk[0] = ek[Nr], dk[i] = InvMixColumns(ek[Nr - i]) via AESIMC,
 * dk[Nr] = ek[0]. aes-vaes extends it with broadcast copies of every
 * round key (struct vaes_ks, vaes_core.h); aes-vaes-avx512 uses it as it is.
 */
#ifndef RIJN_AESNI_CORE_H
#define RIJN_AESNI_CORE_H

#include "aes/cipher.h"
#include "arch/x86/x86.h"

#ifdef RIJN_X86

struct aesni_ks {
    __m128i ek[15];
    __m128i dk[15];
    int nr;
};
_Static_assert(sizeof(struct aesni_ks) <= RIJN_AES_KS_BYTES, "AES-NI key schedule fits rijn_aes_key");

/* SubWord(w) (low half) and RotWord(SubWord(w)) (high half) of a key word
 * in little-endian byte order. */
AESNI_INLINE uint64_t aesni_subword2(uint32_t w)
{
    __m128i x = _mm_shuffle_epi32(_mm_cvtsi32_si128((int)w), 0);
    return (uint64_t)_mm_cvtsi128_si64(_mm_aeskeygenassist_si128(x, 0));
}

/* w[4i..4i+3] of FIPS 197 §5.2 for Nk = 4 (and every 4-word step of
 * Nk = 8) is the running XOR of the previous four words, plus one word
 * t broadcast: prefix_xor(prev) ^ {t, t, t, t}. */
AESNI_INLINE __m128i aesni_prefix_xor(__m128i k)
{
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    return _mm_xor_si128(k, _mm_slli_si128(k, 4));
}

/* AESKEYGENASSIST(X, rcon) holds RotWord(SubWord(X[3])) ^ rcon in lane 3
 * and SubWord(X[3]) in lane 2. The immediate must be a constant: macros. */
#define AESNI_K_ROT(prev, last, rcon) \
    _mm_xor_si128(aesni_prefix_xor(prev), _mm_shuffle_epi32(_mm_aeskeygenassist_si128(last, rcon), 0xff))
#define AESNI_K_SUB(prev, last) \
    _mm_xor_si128(aesni_prefix_xor(prev), _mm_shuffle_epi32(_mm_aeskeygenassist_si128(last, 0), 0xaa))

/* AES-128 and AES-256 stay in registers: a key may be set per message, so
 * key setup is on the hot path of some applications. */
AESNI_INLINE void aesni_expand_128(__m128i ek[11], const uint8_t *key)
{
    ek[0] = _mm_loadu_si128((const __m128i *)key);
    ek[1] = AESNI_K_ROT(ek[0], ek[0], 0x01);
    ek[2] = AESNI_K_ROT(ek[1], ek[1], 0x02);
    ek[3] = AESNI_K_ROT(ek[2], ek[2], 0x04);
    ek[4] = AESNI_K_ROT(ek[3], ek[3], 0x08);
    ek[5] = AESNI_K_ROT(ek[4], ek[4], 0x10);
    ek[6] = AESNI_K_ROT(ek[5], ek[5], 0x20);
    ek[7] = AESNI_K_ROT(ek[6], ek[6], 0x40);
    ek[8] = AESNI_K_ROT(ek[7], ek[7], 0x80);
    ek[9] = AESNI_K_ROT(ek[8], ek[8], 0x1b);
    ek[10] = AESNI_K_ROT(ek[9], ek[9], 0x36);
}

AESNI_INLINE void aesni_expand_256(__m128i ek[15], const uint8_t *key)
{
    ek[0] = _mm_loadu_si128((const __m128i *)key);
    ek[1] = _mm_loadu_si128((const __m128i *)(key + 16));
    ek[2] = AESNI_K_ROT(ek[0], ek[1], 0x01);
    ek[3] = AESNI_K_SUB(ek[1], ek[2]);
    ek[4] = AESNI_K_ROT(ek[2], ek[3], 0x02);
    ek[5] = AESNI_K_SUB(ek[3], ek[4]);
    ek[6] = AESNI_K_ROT(ek[4], ek[5], 0x04);
    ek[7] = AESNI_K_SUB(ek[5], ek[6]);
    ek[8] = AESNI_K_ROT(ek[6], ek[7], 0x08);
    ek[9] = AESNI_K_SUB(ek[7], ek[8]);
    ek[10] = AESNI_K_ROT(ek[8], ek[9], 0x10);
    ek[11] = AESNI_K_SUB(ek[9], ek[10]);
    ek[12] = AESNI_K_ROT(ek[10], ek[11], 0x20);
    ek[13] = AESNI_K_SUB(ek[11], ek[12]);
    ek[14] = AESNI_K_ROT(ek[12], ek[13], 0x40);
}

/* AES-192 word by word (Nk = 6): its 6-word steps straddle round keys. */
AESNI_INLINE void aesni_expand_192(__m128i ek[13], const uint8_t *key)
{
    uint32_t w[52];
    uint32_t rcon = 1;
    for (size_t i = 0; i < 6; i++) w[i] = rijn_load32_le(key + 4 * i);
    for (size_t i = 6; i < 52; i++) {
        uint32_t t = w[i - 1];
        if (i % 6 == 0) {
            t = (uint32_t)(aesni_subword2(t) >> 32) ^ rcon;
            rcon = (rcon << 1) ^ (0x11b & (0u - (rcon >> 7)));   /* xtime in GF(2^8) */
        }
        w[i] = w[i - 6] ^ t;
    }
    for (size_t r = 0; r < 13; r++) ek[r] = _mm_loadu_si128((const __m128i *)(w + 4 * r));
    rijn_wipe(w, sizeof w);
}

AESNI_INLINE void aesni_expand(struct aesni_ks *k, const uint8_t *key, size_t key_len)
{
    size_t nr = key_len / 4 + 6;
    if (key_len == 16) aesni_expand_128(k->ek, key);
    else if (key_len == 24) aesni_expand_192(k->ek, key);
    else aesni_expand_256(k->ek, key);
    k->dk[0] = k->ek[nr];
    for (size_t r = 1; r < nr; r++) k->dk[r] = _mm_aesimc_si128(k->ek[nr - r]);
    k->dk[nr] = k->ek[0];
    k->nr = (int)nr;
}

AESNI_INLINE __m128i aesni_enc1(const struct aesni_ks *k, __m128i x)
{
    x = _mm_xor_si128(x, k->ek[0]);
    for (int r = 1; r < k->nr; r++) x = _mm_aesenc_si128(x, k->ek[r]);
    return _mm_aesenclast_si128(x, k->ek[k->nr]);
}

AESNI_INLINE __m128i aesni_dec1(const struct aesni_ks *k, __m128i x)
{
    x = _mm_xor_si128(x, k->dk[0]);
    for (int r = 1; r < k->nr; r++) x = _mm_aesdec_si128(x, k->dk[r]);
    return _mm_aesdeclast_si128(x, k->dk[k->nr]);
}

/*
 * Serial chains (CBC encryption, SP 800-38A §6.2; the CBC-MAC of CMAC and
 * CCM, SP 800-38B/C): one block at a time by nature, so the latency of the
 * chain is the speed. Written plainly, a block costs an XOR with the
 * plaintext, an XOR with round key 0, then Nr AES rounds. Both XORs come
 * off the chain here: AESENCLAST ends with an XOR of its round key, so
 * giving it k_Nr ^ k_0 ^ P_(i+1) (computed beside the chain) yields
 * C_i ^ P_(i+1) ^ k_0, which is the next block's state after its round-0
 * key addition; C_i itself, for the output, is that value XORed with
 * P_(i+1) ^ k_0, also off the chain. The chain is then Nr AES rounds per
 * block and nothing else (about 40 cycles for AES-128 on Zen 5). All of
 * block i + 1 is read before C_i is written, so out == in works.
 * Returns the last ciphertext block (the next IV, or the MAC).
 */
AESNI_INLINE __m128i aesni_chain(const struct aesni_ks *k, __m128i v, uint8_t *out, const uint8_t *in, size_t n,
                                 bool store)
{
    if (!n) return v;
    const __m128i k0 = k->ek[0], kl = k->ek[k->nr];
    __m128i w = _mm_xor_si128(v, _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k0));
    for (;; in += 16) {
        for (int r = 1; r < k->nr; r++) w = _mm_aesenc_si128(w, k->ek[r]);
        if (--n == 0) {
            v = _mm_aesenclast_si128(w, kl);
            if (store) _mm_storeu_si128((__m128i *)out, v);
            return v;
        }
        const __m128i pk = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16)), k0);   /* P_(i+1) ^ k_0 */
        w = _mm_aesenclast_si128(w, _mm_xor_si128(pk, kl));
        if (store) {
            _mm_storeu_si128((__m128i *)out, _mm_xor_si128(w, pk));
            out += 16;
        }
    }
}

AESNI_INLINE void aesni_cbc_enc(const struct aesni_ks *k, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    _mm_storeu_si128((__m128i *)iv, aesni_chain(k, _mm_loadu_si128((const __m128i *)iv), out, in, n, true));
}

AESNI_INLINE void aesni_cbcmac(const struct aesni_ks *k, uint8_t mac[16], const uint8_t *in, size_t n)
{
    _mm_storeu_si128((__m128i *)mac, aesni_chain(k, _mm_loadu_si128((const __m128i *)mac), NULL, in, n, false));
}

/*
 * CTR over n blocks, split where the low 32 counter bits wrap: a driver's
 * `run` increments only those 32 bits (one SIMD lane), and the full
 * 128-bit carry is done here between the pieces. With inc32 (GCM) there is
 * no split: the lane wraps mod 2^32, which is inc32. The counter value is
 * public (it is the IV), so the split leaks nothing.
 */
typedef void aesni_ctr_run_fn(const struct aesni_ks *k, const uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                              size_t n);

/* The counter block after n more blocks (n <= 2^32 - 1): inc32's wrap of
 * the last word, or the whole block's 128-bit add. */
static inline void aesni_ctr_advance(uint8_t ctr[16], size_t n, bool inc32)
{
    if (inc32) {
        rijn_store32_be(ctr + 12, rijn_load32_be(ctr + 12) + (uint32_t)n);
    } else {
        uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
        lo += n;
        hi += lo < n;
        rijn_store64_be(ctr, hi);
        rijn_store64_be(ctr + 8, lo);
    }
}

static inline void aesni_ctr_split(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n,
                                   bool inc32, aesni_ctr_run_fn *run)
{
    while (n) {
        uint64_t room = inc32 ? n : (1ull << 32) - rijn_load32_be(ctr + 12);
        size_t m = room < n ? (size_t)room : n;
        run(ks, ctr, out, in, m);
        aesni_ctr_advance(ctr, m, inc32);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
}

/*
 * XTS tweak times x (IEEE 1619 §5.2, alpha = x). The tweak is a
 * little-endian 128-bit integer: both 64-bit halves double (PADDQ), the
 * carry out of the low half (its sign bit) enters bit 64, and the carry out
 * of bit 127 folds back as x^128 = x^7 + x^2 + x + 1 = 0x87. The sign
 * bits are spread with PSRAD and moved into place with one PSHUFD: four
 * instructions and no branch.
 */
AESNI_INLINE __m128i xts_mulx(__m128i t)
{
    __m128i s = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x13);   /* [sign(d3), 0, sign(d1), 0] */
    return _mm_xor_si128(_mm_add_epi64(t, t), _mm_and_si128(s, _mm_set_epi32(0, 1, 0, 0x87)));
}

/* One tweak times x^s, 0 <= s <= 63 (s public: a block count): the
 * argument of aes_vaes512.c's XTS_MUL_XS on one 128-bit register, with
 * shift counts in a register (a shift by 64 gives 0, so s = 0 returns t).
 * The VAES drivers take the tweak after a message's last block from the
 * one before its first: their tweak registers are then never indexed by
 * a run-time count, which kept them all in memory. */
AESNI_INLINE __m128i xts_mul_xn(__m128i t, unsigned s)
{
    const __m128i sl = _mm_cvtsi32_si128((int)s), sr = _mm_cvtsi32_si128(64 - (int)s);
    const __m128i v = _mm_srl_epi64(_mm_srli_si128(t, 8), sr);
    return _mm_xor_si128(_mm_or_si128(_mm_sll_epi64(t, sl), _mm_srl_epi64(_mm_slli_si128(t, 8), sr)),
                         _mm_clmulepi64_si128(v, _mm_cvtsi32_si128(0x87), 0x00));
}

/*
 * CCM: the CBC-MAC chain and the CTR block run side by side, round by
 * round, so that the CTR half hides in the MAC's latency. Decryption needs
 * the plaintext before the MAC can absorb it, so the keystream for block
 * i + 1 is computed beside the MAC of block i.
 */
AESNI_INLINE void aesni_ccm_body(const void *ks, uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                 size_t n, bool encrypt)
{
    const struct aesni_ks *k = ks;
    __m128i m = _mm_loadu_si128((const __m128i *)mac);
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    if (encrypt && n) {
        /* The MAC chain as in aesni_chain: the next plaintext block enters
         * through the last round's key, so the chain is Nr rounds. */
        const __m128i k0 = k->ek[0], kl = k->ek[k->nr];
        __m128i a = _mm_xor_si128(m, _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), k0));
        for (;; in += 16, out += 16) {
            const __m128i p = _mm_loadu_si128((const __m128i *)in);
            __m128i s = _mm_xor_si128(aesni_bswap(_mm_set_epi64x((long long)hi, (long long)lo)), k0);
            for (int r = 1; r < k->nr; r++) {
                a = _mm_aesenc_si128(a, k->ek[r]);
                s = _mm_aesenc_si128(s, k->ek[r]);
            }
            s = _mm_aesenclast_si128(s, kl);
            rijn_ctr_inc(&hi, &lo, false);
            if (--n == 0) {
                _mm_storeu_si128((__m128i *)out, _mm_xor_si128(p, s));
                m = _mm_aesenclast_si128(a, kl);
                break;
            }
            const __m128i pk = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(in + 16)), k0);
            _mm_storeu_si128((__m128i *)out, _mm_xor_si128(p, s));
            a = _mm_aesenclast_si128(a, _mm_xor_si128(pk, kl));
        }
    } else if (!encrypt && n) {
        __m128i s = aesni_enc1(k, aesni_bswap(_mm_set_epi64x((long long)hi, (long long)lo)));
        rijn_ctr_inc(&hi, &lo, false);
        for (; n; n--, in += 16, out += 16) {
            __m128i p = _mm_xor_si128(_mm_loadu_si128((const __m128i *)in), s);
            _mm_storeu_si128((__m128i *)out, p);
            __m128i a = _mm_xor_si128(_mm_xor_si128(m, p), k->ek[0]);
            s = _mm_xor_si128(aesni_bswap(_mm_set_epi64x((long long)hi, (long long)lo)), k->ek[0]);
            for (int r = 1; r < k->nr; r++) {
                a = _mm_aesenc_si128(a, k->ek[r]);
                s = _mm_aesenc_si128(s, k->ek[r]);
            }
            m = _mm_aesenclast_si128(a, k->ek[k->nr]);
            s = _mm_aesenclast_si128(s, k->ek[k->nr]);
            if (n > 1) rijn_ctr_inc(&hi, &lo, false);
        }
    }
    _mm_storeu_si128((__m128i *)mac, m);
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
}

#endif /* RIJN_X86 */
#endif
