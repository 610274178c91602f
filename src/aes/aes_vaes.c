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
 *
 * What a pass costs besides its rounds decides the short and middle sizes
 * (256 bytes to 4 KiB, issue 22): the XOR that ends each mode (data,
 * tweak, previous block) rides in the last round's key (VAES_N_X); fewer
 * than sixteen blocks left go in one more pass of as many registers as
 * they fill (CTR and XTS, the odd block in a low lane) or in tiers of 8, 4
 * and 2 (VAES_TIERS: ECB, CBC decryption), not a chain per pair; CTR's
 * counters are added in their stored byte order while the last byte
 * cannot wrap; XTS's first sixteen tweaks are three multiplications deep.
 * docs/performance.md has the figures against libgcrypt's VAES code on
 * Zen 3.
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

/* m (<= 8) YMM registers through all rounds but the last; rk2 is ek2 or
 * dk2. Rounds 1..9, which every key size has, are unrolled; AES-192's and
 * AES-256's extra rounds follow as two unrolled pairs under run-time
 * tests (VAES_EXTRA_ROUNDS). With one loop to the run-time round count GCC neither unrolled
 * it nor kept the states in place (a register copy per state per round,
 * 20% slower on Zen 3); with the round count a constant (three copies of
 * each pass) it hoisted the round keys into registers and ran fewer
 * states at once, slower again. A loop over the extra rounds alone (10 to
 * nr - 1) still cost every pass of every key size a copy of each state
 * (VAES_EXTRA_ROUNDS): 16 VMOVDQAs in an XTS pass of 16 blocks. Register
 * copies need no execution pipe, but each takes a slot at dispatch;
 * without them XTS at 4 KiB went from 0.95x to 1.00-1.08x of libgcrypt's
 * VAES code on Zen 3, and CTR at 512 bytes from 0.88x to 0.95-0.97x
 * (docs/performance.md). */
#define VAES_ROUNDS(k, b, m, rk2, ENC)                                                     \
    do {                                                                                   \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) (b)[j_] = _mm256_xor_si256((b)[j_], RK2(rk2, 0)); \
        VAES_ROUND_RANGE(b, m, rk2, ENC, 1, 9)                                             \
        VAES_EXTRA_ROUNDS((k)->base.nr, b, m, rk2, ENC);                                   \
    } while (0)

/* All rounds, each state j stored to out + 32 j as its last round ends
 * (stores in a separate loop after the rounds made GCC keep some states
 * on the stack and copy them out through general registers). */
#define VAES_N(k, b, m, rk2, ENC, LAST)                                                    \
    do {                                                                                   \
        VAES_ROUNDS(k, b, m, rk2, ENC);                                                    \
        __m256i last_ = RK2(rk2, (k)->base.nr);                                            \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) STOREY(out + 32 * j_, (LAST)((b)[j_], last_)); \
    } while (0)

/* The same, with X(j) added to state j: the last round's key is
 * (last round key ^ X(j)), since AESENCLAST and AESDECLAST end with the
 * AddRoundKey XOR (FIPS 197 §5.1.4). The XOR with the data, tweak or
 * previous block then runs beside the rounds instead of after them. X is
 * evaluated there, at the end: data loaded before the rounds was held
 * across them, and GCC spilled it. */
#define VAES_N_X(k, b, m, rk2, ENC, LAST, X)                                               \
    do {                                                                                   \
        VAES_ROUNDS(k, b, m, rk2, ENC);                                                    \
        __m256i last_ = RK2(rk2, (k)->base.nr);                                            \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++)                                         \
            STOREY(out + 32 * j_, (LAST)((b)[j_], _mm256_xor_si256(last_, X(j_))));        \
    } while (0)

/* The last n < 16 blocks of a parallel mode: a pass of 8 blocks if n >= 8,
 * then of 4, then of 2, by TIER(m) with m YMM registers (a constant, so
 * that the rounds unroll); the caller does the last odd block. Each tier
 * interleaves its blocks round by round, and the tiers are independent,
 * so the core overlaps them. A loop over pairs had been up to seven
 * chains of dependent rounds, one per pair, which filled Zen 3's FP
 * scheduler: 1500-byte CTR messages ran 25% slower than whole passes. */
#define VAES_TIERS(TIER)          \
    do {                          \
        if (n >= 8) TIER(4);      \
        if (n >= 4) TIER(2);      \
        if (n >= 2) TIER(1);      \
    } while (0)

/* ECB in either direction: 16 blocks per pass, then the tiers, then one. */
VAES_INLINE void vaes_ecb(const struct vaes_ks *k, uint8_t *out, const uint8_t *in, size_t n, bool enc)
{
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8];
        for (int j = 0; j < 8; j++) b[j] = LOADY(in + 32 * j);
        if (enc)
            VAES_N(k, b, 8, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);
        else
            VAES_N(k, b, 8, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);
    }
#define ECB_TIER(m)                                                                            \
    do {                                                                                       \
        __m256i b[m];                                                                          \
        VAES_EACH for (int j = 0; j < (m); j++) b[j] = LOADY(in + 32 * j);                     \
        if (enc)                                                                               \
            VAES_N(k, b, m, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);           \
        else                                                                                   \
            VAES_N(k, b, m, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);           \
        n -= 2 * (m), in += 32 * (m), out += 32 * (m);                                         \
    } while (0)
    VAES_TIERS(ECB_TIER);
#undef ECB_TIER
    if (n) STOREX(out, enc ? aesni_enc1(&k->base, LOADX(in)) : aesni_dec1(&k->base, LOADX(in)));
}

/* One block (XTS's tweak, ciphertext stealing, a 16-byte message) with
 * 128-bit AES-NI: no 256-bit state, frame or VZEROUPPER to pay for. */
static AESNI_TARGET void vaes_ecb1(const struct aesni_ks *k, uint8_t *out, const uint8_t *in, bool enc)
{
    STOREX(out, enc ? aesni_enc1(k, LOADX(in)) : aesni_dec1(k, LOADX(in)));
}

static VAES_TARGET void vaes_ecb_n(const void *ks, uint8_t *out, const uint8_t *in, size_t n, bool enc)
{
    vaes_ecb(ks, out, in, n, enc);
}

static void vaes_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n == 1) vaes_ecb1(&((const struct vaes_ks *)ks)->base, out, in, true);
    else vaes_ecb_n(ks, out, in, n, true);
}

static void vaes_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    if (n == 1) vaes_ecb1(&((const struct vaes_ks *)ks)->base, out, in, false);
    else vaes_ecb_n(ks, out, in, n, false);
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
    /* The previous blocks of pair j: the IV or last block with the first,
     * else the unaligned load 16 bytes before the pair. In the main loop
     * they are read at the last round, folded into its key as memory
     * operands, and every pair is stored after the last round of all
     * eight: with in == out, storing pair j overwrites half of pair
     * j + 1's previous blocks. Loaded before the rounds and held, they
     * took eight of the sixteen YMM registers and GCC spilled five
     * states a pass; CBC decryption at 16 KiB ran at 0.95-0.96x of
     * libgcrypt on Zen 3 that way, 0.98-1.03x this way. The tiers below
     * keep the loads up front (VAES_N_X stores as it goes). */
#define CBCD_PREV(j) p[j]
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8];
        for (int j = 0; j < 8; j++) b[j] = LOADY(in + 32 * j);
        const __m256i p0 = _mm256_inserti128_si256(_mm256_castsi128_si256(prev), LOADX(in), 1);
        prev = LOADX(in + 240);
        VAES_ROUNDS(k, b, 8, k->dk2, _mm256_aesdec_epi128);
        const __m256i last = RK2(k->dk2, k->base.nr);
        b[0] = _mm256_aesdeclast_epi128(b[0], _mm256_xor_si256(last, p0));
        for (int j = 1; j < 8; j++) b[j] = _mm256_aesdeclast_epi128(b[j], _mm256_xor_si256(last, LOADY(in + 32 * j - 16)));
        for (int j = 0; j < 8; j++) STOREY(out + 32 * j, b[j]);
    }
    /* Fewer than sixteen left: tiers of 8, 4 and 2 blocks, then one (see
     * VAES_TIERS). */
#define CBCD_TIER(m)                                                                           \
    do {                                                                                       \
        __m256i b[m], p[m];                                                                    \
        VAES_EACH for (int j = 0; j < (m); j++) b[j] = LOADY(in + 32 * j);                     \
        p[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(prev), LOADX(in), 1);            \
        VAES_EACH for (int j = 1; j < (m); j++) p[j] = LOADY(in + 32 * j - 16);                \
        prev = LOADX(in + 32 * (m) - 16);                                                      \
        VAES_N_X(k, b, m, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128, CBCD_PREV);  \
        n -= 2 * (m), in += 32 * (m), out += 32 * (m);                                         \
    } while (0)
    VAES_TIERS(CBCD_TIER);
#undef CBCD_TIER
#undef CBCD_PREV
    if (n) {
        __m128i c = LOADX(in);
        STOREX(out, _mm_xor_si128(aesni_dec1(&k->base, c), prev));
        prev = c;
    }
    STOREX(iv, prev);
}

/*
 * CTR over n blocks whose low 32 counter bits do not wrap (or inc32:
 * aesni_ctr_split cuts there), sixteen blocks (eight YMM pairs) per pass
 * and the last n % 16 in one more pass of ceil(n / 2) pairs, whose odd
 * last block rides in the low lane of its register, of which only that
 * lane is loaded and stored. All of a message's blocks below sixteen go
 * through the rounds together: one chain of latency per message, where
 * tiers of 8, 4 and 2 ran up to four chains.
 *
 * The counter blocks: while the counter's last byte does not wrap inside
 * a pass (every pass of a counter that starts at a multiple of sixteen,
 * 241 of 256 others at sixteen blocks), block j's is the stored block with
 * j added to that byte, a 32-bit add of j << 24 to each lane's last word
 * (bytes 12..15, little-endian: byte 15 is the word's top byte; the carry
 * out of it, which this case excludes, would be lost). So a message's
 * first round waits for a broadcast load and one add, where byte swapping
 * took two shuffles and a lane insert, and GCC's loop had also sent the
 * counter through the stack. Otherwise the pass byte-swaps a 32-bit count
 * (the split guarantees that it does not wrap). Which path a pass takes
 * depends on the counter only, which is public (it is the IV). Measured
 * on Zen 3 against libgcrypt's VAES code, interleaved: 256-byte messages
 * 0.85x before, 1.03x after; 64-byte 0.85x, 1.12x (docs/performance.md).
 */
/* Pairs j < m from cb, the stored counter block in both lanes, by adding
 * to its last byte (the caller has checked that it does not wrap). */
#define VAES_CTR_BE(m)                                                                         \
    VAES_EACH for (int j = 0; j < (m); j++)                                                    \
    b[j] = _mm256_add_epi32(cb, _mm256_set_epi32((2 * j + 1) << 24, 0, 0, 0, (2 * j) << 24, 0, 0, 0))
#define VAES_CTR_BLOCKS(m, cnt)                                                                \
    do {                                                                                       \
        if (((cnt) & 0xff) + 2 * (m) <= 256) {                                                 \
            VAES_CTR_BE(m);                                                                    \
        } else {                                                                               \
            const __m256i c2_ = _mm256_add_epi32(_mm256_broadcastsi128_si256(_mm_add_epi32(cle, _mm_cvtsi32_si128((int)((cnt) - cnt0)))), \
                                                 _mm256_set_epi32(0, 0, 0, 1, 0, 0, 0, 0));    \
            VAES_EACH for (int j = 0; j < (m); j++)                                            \
                b[j] = bswap_y(_mm256_add_epi32(c2_, _mm256_set_epi32(0, 0, 0, 2 * j, 0, 0, 0, 2 * j))); \
        }                                                                                      \
    } while (0)
/* m pairs through the rounds, the data xored into the last round key; with
 * odd, the last register's high lane is neither loaded nor stored. */
#define VAES_CTR_CRYPT(m, odd)                                                                 \
    do {                                                                                       \
        VAES_ROUNDS(k, b, m, k->ek2, _mm256_aesenc_epi128);                                    \
        const __m256i last = RK2(k->ek2, k->base.nr);                                          \
        VAES_EACH for (int j = 0; j < (m) - 1; j++)                                            \
            STOREY(out + 32 * j, _mm256_aesenclast_epi128(b[j], _mm256_xor_si256(last, LOADY(in + 32 * j)))); \
        uint8_t *o_ = out + 32 * ((m) - 1);                                                    \
        const uint8_t *i_ = in + 32 * ((m) - 1);                                               \
        if (odd)                                                                               \
            STOREX(o_, _mm_xor_si128(_mm256_castsi256_si128(_mm256_aesenclast_epi128(b[(m) - 1], last)), LOADX(i_))); \
        else                                                                                   \
            STOREY(o_, _mm256_aesenclast_epi128(b[(m) - 1], _mm256_xor_si256(last, LOADY(i_)))); \
    } while (0)
#define VAES_CTR_TAIL(m)                 \
    do {                                 \
        __m256i b[m];                    \
        VAES_OPAQUE(k);                  \
        VAES_CTR_BLOCKS(m, cnt);         \
        VAES_CTR_CRYPT(m, n & 1);        \
    } while (0)
static VAES_TARGET void vaes_ctr_run(const struct aesni_ks *base, const uint8_t ctr[16], uint8_t *out,
                                     const uint8_t *in, size_t n)
{
    const struct vaes_ks *k = vaes_ks_of(base);
    const __m128i c0 = LOADX(ctr);
    const __m128i cle = aesni_bswap(c0);                 /* the counter as a little-endian integer */
    const uint32_t cnt0 = rijn_load32_be(ctr + 12);      /* its low 32 bits */
    uint32_t cnt = cnt0;                                 /* the counter of the next block */
    __m256i cb = _mm256_broadcastsi128_si256(c0);        /* that block as stored, in both lanes */
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        __m256i b[8];
        VAES_CTR_BLOCKS(8, cnt);
        VAES_CTR_CRYPT(8, false);
        /* The next pass's counter block: 16 more in the last byte while it
         * does not wrap, else byte-swapped from the count. */
        if ((cnt & 0xff) + 16 < 256)
            cb = _mm256_add_epi32(cb, _mm256_set_epi32(16 << 24, 0, 0, 0, 16 << 24, 0, 0, 0));
        else
            cb = _mm256_broadcastsi128_si256(aesni_bswap(_mm_add_epi32(cle, _mm_cvtsi32_si128((int)(cnt + 16 - cnt0)))));
        cnt += 16;
    }
    switch ((n + 1) / 2) {
    case 0: break;
    case 1: VAES_CTR_TAIL(1); break;
    case 2: VAES_CTR_TAIL(2); break;
    case 3: VAES_CTR_TAIL(3); break;
    case 4: VAES_CTR_TAIL(4); break;
    case 5: VAES_CTR_TAIL(5); break;
    case 6: VAES_CTR_TAIL(6); break;
    case 7: VAES_CTR_TAIL(7); break;
    default: VAES_CTR_TAIL(8); break;
    }
}
#undef VAES_CTR_TAIL
#undef VAES_CTR_BLOCKS

/* One block, the whole of a 16-byte message and every partial block's
 * keystream (rijn_ctr_xor): 128-bit AES-NI, so no 256-bit state, frame or
 * VZEROUPPER for it. */
static AESNI_TARGET void vaes_ctr_run1(const struct aesni_ks *k, const uint8_t ctr[16], uint8_t *out,
                                       const uint8_t *in, size_t n)
{
    (void)n;    /* one block: the caller passes it only for n == 1 */
    STOREX(out, _mm_xor_si128(aesni_enc1(k, LOADX(ctr)), LOADX(in)));
}

/* A message of 2..16 blocks whose counter's last byte does not wrap in
 * it: vaes_ctr_run's last pass alone, with no loop before it, in which
 * GCC keeps the counter on the stack (a store and a reload before the
 * first round), and no split; the counter block is broadcast straight
 * from memory, and the stored counter advanced after that load. */
#define VAES_CTR_SHORT(m)                                                                      \
    do {                                                                                       \
        __m256i b[m];                                                                          \
        VAES_OPAQUE(k);                                                                        \
        VAES_CTR_BE(m);                                                                        \
        VAES_CTR_CRYPT(m, n & 1);                                                              \
    } while (0)
static VAES_TARGET void vaes_ctr_short(const struct vaes_ks *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                       size_t n, bool inc32)
{
    const __m256i cb = _mm256_broadcastsi128_si256(LOADX(ctr));
    aesni_ctr_advance(ctr, n, inc32);
    switch ((n + 1) / 2) {
    case 1: VAES_CTR_SHORT(1); break;
    case 2: VAES_CTR_SHORT(2); break;
    case 3: VAES_CTR_SHORT(3); break;
    case 4: VAES_CTR_SHORT(4); break;
    case 5: VAES_CTR_SHORT(5); break;
    case 6: VAES_CTR_SHORT(6); break;
    case 7: VAES_CTR_SHORT(7); break;
    default: VAES_CTR_SHORT(8); break;
    }
}
#undef VAES_CTR_SHORT
#undef VAES_CTR_CRYPT
#undef VAES_CTR_BE

static __attribute__((noinline)) void vaes_ctr_split(const struct vaes_ks *k, uint8_t ctr[16], uint8_t *out,
                                                      const uint8_t *in, size_t n, bool inc32)
{
    aesni_ctr_split(&k->base, ctr, out, in, n, inc32, n == 1 ? vaes_ctr_run1 : vaes_ctr_run);
}

/* Both paths are tail calls: with the split inlined here, every call
 * saved and restored six registers that only the split uses. */
static void vaes_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    const struct vaes_ks *k = ks;
    if (n >= 2 && n <= 16 && ctr[15] + n <= 256)
        vaes_ctr_short(k, ctr, out, in, n, inc32);
    else
        vaes_ctr_split(k, ctr, out, in, n, inc32);
}

/*
 * Tweak times x^16, in each 128-bit lane (IEEE 1619 §5.2 applied sixteen
 * times). The lane is a little-endian 128-bit integer: shifting it left by
 * two bytes is the multiplication except for the 16 bits v pushed out at
 * the top, worth v * x^128 = v * (x^7 + x^2 + x + 1); that product has
 * fewer than 16 + 8 bits, so one carry-less multiply by 0x87 folds it back
 * into the low 64 bits with no further reduction. Four instructions: two
 * byte shifts, the multiply and an XOR. The fold by shifts and XORs (v ^
 * v<<1 ^ v<<2 ^ v<<7) took nine, three of them bit shifts, which on Zen 3
 * share a pipe with VAESENC: XTS ran at 0.88x to 0.90x of libgcrypt's
 * VAES code at 4 and 16 KiB with it (docs/performance.md). The carry-less
 * unit is otherwise idle in XTS; hence the driver's VPCLMULQDQ
 * requirement (every CPU with VAES has it).
 */
VAES_INLINE __m256i xts_mulx16(__m256i t)
{
    const __m256i poly = _mm256_set_epi64x(0, 0x87, 0, 0x87);
    return _mm256_xor_si256(_mm256_slli_si256(t, 2), _mm256_clmulepi64_epi128(_mm256_srli_si256(t, 14), poly, 0x00));
}

/*
 * Tweak times x^s for 1 <= s <= 56, in each 128-bit lane: the same
 * argument as xts_mulx16 with a bit shift. The s bits v pushed out at the
 * top fold back as v * (x^7 + x^2 + x + 1), below 2^(s+8) <= 2^64, so
 * into the low 64 bits with no further reduction; the s top bits of the
 * low half move to the bottom of the high half.
 */
VAES_INLINE __m256i xts_mulxs(__m256i t, int s)
{
    __m256i top = _mm256_srli_epi64(t, 64 - s);            /* each half's top s bits */
    __m256i v = _mm256_srli_si256(top, 8);                  /* the high half's: the overflow */
    __m256i fold = _mm256_xor_si256(_mm256_xor_si256(v, _mm256_slli_epi64(v, 1)),
                                    _mm256_xor_si256(_mm256_slli_epi64(v, 2), _mm256_slli_epi64(v, 7)));
    return _mm256_xor_si256(_mm256_xor_si256(_mm256_slli_epi64(t, s), _mm256_slli_si256(top, 8)), fold);
}

/* GCC's pre-allocation scheduler: the Makefile leaves it off for this file
 * (it hoisted round-key loads and spilled a state in CBC decryption's
 * loop), but XTS, whose eight tweaks do not fit beside the states anyway,
 * ran 2-6% faster with it on Zen 3 (docs/performance.md), so this one
 * function keeps it. */
#if defined(__GNUC__) && !defined(__clang__)
#define VAES_SCHED __attribute__((optimize("schedule-insns", "sched-pressure")))
#else
#define VAES_SCHED
#endif
static VAES_TARGET VAES_SCHED __attribute__((noinline)) void vaes_xts_long(const void *ks, uint8_t tweak[16],
                                                                            uint8_t *out, const uint8_t *in, size_t n,
                                                                            bool encrypt)
{
    const struct vaes_ks *k = ks;
    __m256i t[8];
    /* The first sixteen tweaks, pairs (T_2j, T_2j+1) in t[j], three
     * multiplications deep instead of a chain of fifteen doublings: a
     * fixed cost of every call, which short sectors feel. */
    __m128i t0 = LOADX(tweak);
    t[0] = _mm256_inserti128_si256(_mm256_castsi128_si256(t0), xts_mulx(t0), 1);
    /* Only those a short call uses (n + 1 tweaks: the last is stored for
     * the next call or for ciphertext stealing); the branches are on the
     * length, which is public. */
    if (n >= 2) {
        t[1] = xts_mulxs(t[0], 2);
        if (n >= 4) {
            t[2] = xts_mulxs(t[0], 4);
            t[3] = xts_mulxs(t[1], 4);
        }
        if (n >= 8) {
            t[4] = xts_mulxs(t[0], 8);
            t[5] = xts_mulxs(t[1], 8);
            t[6] = xts_mulxs(t[2], 8);
            t[7] = xts_mulxs(t[3], 8);
        }
    }
#define XTS_T(j) t[j]
    /* A tail of nt < 16 blocks at tin and tout, with the tweak pairs tt[j]
     * (as t): one pass of m = ceil(nt / 2) registers, all through the
     * rounds together (one chain of latency, where tiers of 8, 4 and 2
     * blocks ran up to four one after the other); an odd last block rides
     * in the low lane of the last register, and only that lane is loaded
     * and stored. */
#define XTS_TAIL(m, rk2, ENC, LAST)                                                            \
    do {                                                                                       \
        __m256i b[m];                                                                          \
        VAES_EACH for (int j = 0; j < (m) - 1; j++) b[j] = _mm256_xor_si256(LOADY(tin + 32 * j), tt[j]); \
        const uint8_t *i_ = tin + 32 * ((m) - 1);                                              \
        b[(m) - 1] = _mm256_xor_si256(odd ? _mm256_zextsi128_si256(LOADX(i_)) : LOADY(i_), tt[(m) - 1]); \
        VAES_ROUNDS(k, b, m, rk2, ENC);                                                        \
        const __m256i last = RK2(rk2, k->base.nr);                                             \
        VAES_EACH for (int j = 0; j < (m) - 1; j++) STOREY(tout + 32 * j, LAST(b[j], _mm256_xor_si256(last, tt[j]))); \
        const __m256i e_ = LAST(b[(m) - 1], _mm256_xor_si256(last, tt[(m) - 1]));             \
        if (odd)                                                                               \
            STOREX(tout + 32 * ((m) - 1), _mm256_castsi256_si128(e_));                         \
        else                                                                                   \
            STOREY(tout + 32 * ((m) - 1), e_);                                                 \
    } while (0)
#define XTS_TAILS()                                                                            \
    do {                                                                                       \
        if (encrypt)                                                                           \
            XTS_TAILS_DIR(k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);             \
        else                                                                                   \
            XTS_TAILS_DIR(k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);             \
    } while (0)
#define XTS_TAILS_DIR(rk2, ENC, LAST)                      \
    do {                                                   \
        switch (m) {                                       \
        case 1: XTS_TAIL(1, rk2, ENC, LAST); break;        \
        case 2: XTS_TAIL(2, rk2, ENC, LAST); break;        \
        case 3: XTS_TAIL(3, rk2, ENC, LAST); break;        \
        case 4: XTS_TAIL(4, rk2, ENC, LAST); break;        \
        case 5: XTS_TAIL(5, rk2, ENC, LAST); break;        \
        case 6: XTS_TAIL(6, rk2, ENC, LAST); break;        \
        case 7: XTS_TAIL(7, rk2, ENC, LAST); break;        \
        default: XTS_TAIL(8, rk2, ENC, LAST); break;       \
        }                                                  \
    } while (0)
    /* A whole pass of 16 blocks at in and out, with the tweaks t. */
#define XTS_PASS()                                                                             \
    do {                                                                                       \
        __m256i b[8];                                                                          \
        for (int j = 0; j < 8; j++) b[j] = _mm256_xor_si256(LOADY(in + 32 * j), t[j]);         \
        if (encrypt)                                                                           \
            VAES_N_X(k, b, 8, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128, XTS_T);  \
        else                                                                                   \
            VAES_N_X(k, b, 8, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128, XTS_T);  \
    } while (0)
    /* The tweak of the block after the tail, stored: the high lane of the
     * tail's last register (nt odd; m <= 8), else the low lane of the
     * next (m <= 7 then: nt + 1 tweaks were made). Then the tweaks GCC
     * spilled, in t and tp, are cleared with 32-byte stores through a
     * volatile pointer, which the compiler may neither drop nor merge into
     * a REP STOS (it did so for a plain loop, which cost 64-byte messages
     * 25%); rijn_wipe's memset through a volatile function pointer adds a
     * call and memset's dispatch. */
#define XTS_END(tt, ...)                                                                       \
    do {                                                                                       \
        STOREX(tweak, odd ? _mm256_extracti128_si256((tt)[m - 1], 1) : _mm256_castsi256_si128((tt)[m])); \
        volatile __m256i *vt_[] = { __VA_ARGS__ };                                             \
        for (size_t a_ = 0; a_ < sizeof vt_ / sizeof vt_[0]; a_++)                             \
            for (int j = 0; j < 8; j++) vt_[a_][j] = _mm256_setzero_si256();                   \
    } while (0)

    /* One pass and a tail (16 < n < 32: 272 to 496 bytes): the tail
     * first. Its registers are a chain of dependent rounds each, fewer
     * than the AES units could take; issued before the pass, the pass's
     * rounds fill the idle slots beside them, where after the pass the
     * tail's rounds ran almost alone: 320- and 384-byte sectors ran at
     * 0.91x and 0.93x of libgcrypt's VAES code on Zen 3 that way
     * (docs/performance.md). Blocks are independent in XTS and the two
     * ranges do not overlap, so in == out still works. The tail's tweaks
     * are the pass's times x^16: those it uses and the stored one (pairs
     * j <= nt / 2). Longer messages keep the order below: with every
     * message's tail moved before its last pass, the passes themselves
     * ran 3-9% slower on Zen 3. */
    if (n > 16 && n < 32) {
        __m256i tp[8];
        const uint8_t *tin = in + 256;
        uint8_t *tout = out + 256;
        const __m256i *tt = tp;
        const size_t nt = n - 16, m = (nt + 1) / 2;
        const bool odd = nt & 1;
        VAES_EACH for (int j = 0; j < 8; j++)
            if (2 * (size_t)j <= nt) tp[j] = xts_mulx16(t[j]);
        XTS_TAILS();
        XTS_PASS();
        XTS_END(tp, t, tp);
        return;
    }
    for (; n >= 16; n -= 16, in += 256, out += 256) {
        XTS_PASS();
        /* The next pass's tweaks; in the last whole pass only those the
         * tail and the stored tweak use (pairs j <= (n - 16) / 2, as in
         * the setup above): a 256-byte sector needs one of the eight. */
        if (n >= 32) {
            for (int j = 0; j < 8; j++) t[j] = xts_mulx16(t[j]);
        } else {
            for (int j = 0; j < 8; j++)
                if (2 * (size_t)j + 16 <= n) t[j] = xts_mulx16(t[j]);
        }
    }
    const uint8_t *tin = in;
    uint8_t *tout = out;
    const __m256i *tt = t;
    const size_t m = (n + 1) / 2;
    const bool odd = n & 1;
    if (m) XTS_TAILS();
    XTS_END(t, t);
#undef XTS_END
#undef XTS_PASS
#undef XTS_TAILS
#undef XTS_T
}

/* A sector of at most 12 blocks (192 bytes): one arm per register count
 * m <= 6, whose tweak pairs are the first pair times x^(2j), one
 * multiplication each, in an array indexed by constants only. With the
 * states they fit the sixteen YMM registers, so no tweak reaches the
 * stack and none needs clearing (vaes_xts_long stores and clears eight);
 * the tweak after the last block is the first times x^n. Both are reached
 * by tail calls from vaes_xts, so the long path's frame and saved
 * registers are not set up for a short sector either. Measured on Zen 3
 * against libgcrypt's VAES code: docs/performance.md. */
static VAES_TARGET __attribute__((noinline)) void vaes_xts_short(const struct vaes_ks *k, uint8_t tweak[16],
                                                                 uint8_t *out, const uint8_t *in, size_t n,
                                                                 bool encrypt)
{
    const __m128i t0 = LOADX(tweak);
    const __m256i tp0 = _mm256_inserti128_si256(_mm256_castsi128_si256(t0), xts_mulx(t0), 1);
    const uint8_t *tin = in;
    uint8_t *tout = out;
    const size_t m = (n + 1) / 2;
    const bool odd = n & 1;
#define XTS_SHORT(M)                                                                           \
    do {                                                                                       \
        __m256i tt[M];                                                                         \
        tt[0] = tp0;                                                                           \
        VAES_EACH for (int j = 1; j < (M); j++) tt[j] = xts_mulxs(tp0, 2 * j);                 \
        if (encrypt)                                                                           \
            XTS_TAIL(M, k->ek2, _mm256_aesenc_epi128, _mm256_aesenclast_epi128);               \
        else                                                                                   \
            XTS_TAIL(M, k->dk2, _mm256_aesdec_epi128, _mm256_aesdeclast_epi128);               \
    } while (0)
    switch (m) {
    case 0: return;
    case 1: XTS_SHORT(1); break;
    case 2: XTS_SHORT(2); break;
    case 3: XTS_SHORT(3); break;
    case 4: XTS_SHORT(4); break;
    case 5: XTS_SHORT(5); break;
    default: XTS_SHORT(6); break;
    }
#undef XTS_SHORT
    STOREX(tweak, xts_mul_xn(t0, (unsigned)n));
}
#undef XTS_TAILS_DIR
#undef XTS_TAIL

static VAES_TARGET void vaes_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                                 bool encrypt)
{
    if (n <= 12)
        vaes_xts_short(ks, tweak, out, in, n, encrypt);
    else
        vaes_xts_long(ks, tweak, out, in, n, encrypt);
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
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AESNI | RIJN_CPU_AVX | RIJN_CPU_AVX2 | RIJN_CPU_VAES_REQ |
           RIJN_CPU_VPCLMUL_REQ,   /* XTS's tweak update (xts_mulx16) */
    .ct = true,
    .ops = VAES_OPS,
};
