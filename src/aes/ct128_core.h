/* SPDX-License-Identifier: MIT */
/*
 * The rounds of aes-ct128 (representation and reasoning: aes_ct128.c),
 * shared by the block driver and the stitched GCM driver (gcm_ct128.c).
 */
#ifndef RIJN_CT128_CORE_H
#define RIJN_CT128_CORE_H

#include "aes/cipher.h"

/* The word width: 16 bytes (eight blocks) here; aes-bs-avx2 defines
 * CT_BYTES 32 before including this header and gets sixteen blocks, two
 * independent 128-bit halves of the same layout. Every byte move below
 * stays inside its 128-bit half, as AVX2's in-lane shuffles require. Round
 * keys stay 128-bit (ct_key) either way: the key bits are the same for every
 * block, so the wide driver broadcasts them (CT_KEY) instead of storing
 * twice as much. */
#ifndef CT_BYTES
#define CT_BYTES 16
#endif
typedef uint64_t bs_word __attribute__((vector_size(CT_BYTES)));
typedef uint32_t ct_u32 __attribute__((vector_size(CT_BYTES)));
typedef uint16_t ct_u16 __attribute__((vector_size(CT_BYTES)));
typedef uint8_t ct_u8 __attribute__((vector_size(CT_BYTES)));
typedef uint64_t ct_key __attribute__((vector_size(16)));
#ifndef CT_KEY
#define CT_KEY(k) (k)
#endif
#define bs_key ct_key
#define BS_KEY CT_KEY

#include "aes/bp_sbox.h"

typedef struct {
    ct_key enc[15][8];    /* fixsliced, 0x63-folded */
    ct_key dec[15][8];    /* plain bit-sliced */
    unsigned rounds;
} ct128_ks;

/* The key setup of aes-ct128 (aes_ct128.c): it also fills aes-bs-avx2's
 * bit-sliced schedule, whose round keys are the same 128-bit words. */
RIJN_HIDDEN void rijn_ct128_setkey(void *ctx, const uint8_t *key, size_t key_len);

_Static_assert(sizeof(ct128_ks) <= RIJN_AES_KS_BYTES, "ct128 key schedule too large");

/* Shuffle masks, repeated in each 128-bit half (H is the half's index). */
#if CT_BYTES == 16
#define CT_HALVES(f, a) f(0, a)
#else
#define CT_HALVES(f, a) f(0, a), f(1, a)
#endif

/* Lane permutation: out lane c = in lane (c + j) mod 4. */
#define COLS_M(H, j) 4 * (H) + ((j) & 3), 4 * (H) + (((j) + 1) & 3), 4 * (H) + (((j) + 2) & 3), 4 * (H) + (((j) + 3) & 3)
#define ROWS2_M(H, _) 8 * (H) + 1, 8 * (H), 8 * (H) + 3, 8 * (H) + 2, 8 * (H) + 5, 8 * (H) + 4, 8 * (H) + 7, 8 * (H) + 6
#if defined(__clang__)
#define COLS(x, j) ((bs_word)__builtin_shufflevector((ct_u32)(x), (ct_u32)(x), CT_HALVES(COLS_M, j)))
#define ROWS2(x) ((bs_word)__builtin_shufflevector((ct_u16)(x), (ct_u16)(x), CT_HALVES(ROWS2_M, 0)))
#else
#define COLS(x, j) ((bs_word)__builtin_shuffle((ct_u32)(x), (ct_u32){ CT_HALVES(COLS_M, j) }))
/* Row move by 2: swap the 16-bit halves of every lane. The same on either
 * endianness, and a word shuffle rather than shifts (pshuflw/pshufhw). */
#define ROWS2(x) ((bs_word)__builtin_shuffle((ct_u16)(x), (ct_u16){ CT_HALVES(ROWS2_M, 0) }))
#endif

/* Row move by k inside every lane: out byte r = in byte r + k (mod 4).
 * Byte r of a lane sits at bits 8r on little-endian machines and at bits
 * 8 (3 - r) on big-endian ones, hence the two rotation directions. */
static inline bs_word rows(bs_word x, unsigned k)
{
    ct_u32 v = (ct_u32)x;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = (v << (8 * k)) | (v >> (32 - 8 * k));
#else
    v = (v >> (8 * k)) | (v << (32 - 8 * k));
#endif
    return (bs_word)v;
}

/* Byte masks of the rows (byte p belongs to row p mod 4). */
#define ROWMASK_M(r) (r) == 0 ? 0xff : 0, (r) == 1 ? 0xff : 0, (r) == 2 ? 0xff : 0, (r) == 3 ? 0xff : 0
#define ROWMASK_Q(H, r) ROWMASK_M(r), ROWMASK_M(r), ROWMASK_M(r), ROWMASK_M(r)
#define ROWMASK(r) ((bs_word)(ct_u8){ CT_HALVES(ROWMASK_Q, r) })

/* ---------------------------------------------------------- packing -- */



/* Blocks per pass: eight per 128-bit half. Word b holds block b (and, in
 * the 256-bit build, block b + 8 in its high half); ortho then spreads the
 * bits. The wide build defines CT_LOAD/CT_STORE with lane inserts. */
#define CT_NB (CT_BYTES / 2)
_Static_assert(CT_NB <= RIJN_AES_MAX_PASS, "a pass of the bit-sliced core exceeds RIJN_AES_MAX_PASS");
#ifndef CT_LOAD
#define CT_LOAD(q, in) for (int b_ = 0; b_ < 8; b_++) memcpy(&(q)[b_], (in) + 16 * b_, 16)
#define CT_STORE(out, q) for (int b_ = 0; b_ < 8; b_++) memcpy((out) + 16 * b_, &(q)[b_], 16)
#endif

static inline void pack8(bs_word q[8], const uint8_t *in)
{
    CT_LOAD(q, in);
    ortho(q);
}

static inline void unpack8(uint8_t *out, bs_word q[8])
{
    ortho(q);
    CT_STORE(out, q);
}

/* ----------------------------------------------------- linear layers -- */


/* The two byte moves of MixColumns: a column move then a row move. A
 * driver with a one-instruction byte permutation (aes-neonbs: TBL) defines
 * each as one lookup. */
#ifndef CT_MIX_B
#define CT_MIX_B(x, s) rows(COLS((x), (s)), 1)
#define CT_MIX_O(x, s) ROWS2(COLS((x), 2 * (s)))
#endif

/* MixColumns after s skipped ShiftRows: B = R(1, s) q, t = q ^ B,
 * out = 2 t ^ B ^ R(2, 2 s) t. One body per s so that the lane
 * permutations are compile-time constants. */
#ifndef CT_MIX_FOLDED
#define MIX_BODY(s)                                                  \
    do {                                                             \
        bs_word t[8], o[8];                                          \
        for (int j = 0; j < 8; j++) {                                \
            bs_word b = CT_MIX_B(q[j], (s));                         \
            t[j] = q[j] ^ b;                                         \
            o[j] = b ^ CT_MIX_O(t[j], (s));                          \
        }                                                            \
        XTIME_XOR(o, t);                                             \
        for (int j = 0; j < 8; j++) q[j] = o[j];                     \
    } while (0)
#else
/* The same for a driver short of registers (aes-neonbs on ARMv7: 16 Q
 * registers). 2 t on bit-sliced words (XTIME_XOR) adds t[j - 1] to out[j]
 * and t[7] to out[0], out[1], out[3] and out[4]. Computing t[7] first,
 * then each out[j] in place of q[j] with those terms folded in at once,
 * keeps only t[7], t[j - 1] and the state live: 11 words rather than q, t
 * and out together. (On x86 the form above is faster: aes-bs-avx2's CTR
 * at 4 KiB ran 9% slower with this one on an Intel Xeon.) */
#define MIX_BODY(s)                                                  \
    do {                                                             \
        const bs_word b7 = CT_MIX_B(q[7], (s)), t7 = q[7] ^ b7;      \
        bs_word tp = t7;                                             \
        for (int j = 0; j < 8; j++) {                                \
            bs_word b = j == 7 ? b7 : CT_MIX_B(q[j], (s));           \
            bs_word t = j == 7 ? t7 : q[j] ^ b;                      \
            bs_word o = b ^ CT_MIX_O(t, (s)) ^ tp;                   \
            if (j == 1 || j == 3 || j == 4)                          \
                o ^= t7;                                             \
            q[j] = o;                                                \
            tp = t;                                                  \
        }                                                            \
    } while (0)
#endif

static inline void mix_s0(bs_word q[8]) { MIX_BODY(0); }
static inline void mix_s1(bs_word q[8]) { MIX_BODY(1); }
static inline void mix_s2(bs_word q[8]) { MIX_BODY(2); }
static inline void mix_s3(bs_word q[8]) { MIX_BODY(3); }

/* ShiftRows twice: rows 1 and 3 move by two columns. */
static inline bs_word shift_rows2(bs_word x)
{
    const bs_word m13 = ROWMASK(1) | ROWMASK(3);
    return (x & ~m13) | (COLS(x, 2) & m13);
}

/* InvShiftRows: new(r, c) = old(r, c - r). */
static inline bs_word inv_shift_rows(bs_word x)
{
    return (x & ROWMASK(0)) | (COLS(x, 3) & ROWMASK(1)) | (COLS(x, 2) & ROWMASK(2)) | (COLS(x, 1) & ROWMASK(3));
}

static inline void inv_mix(bs_word q[8])
{
    /* y = x ^ 4 (x ^ R(2,0) x), then MixColumns(y) (see aes_ct64.c). */
    bs_word u[8], v[8];
    for (int j = 0; j < 8; j++) {
        u[j] = q[j] ^ ROWS2(q[j]);
        v[j] = (bs_word){ 0 };
    }
    XTIME_XOR(v, u);
    for (int j = 0; j < 8; j++) u[j] = (bs_word){ 0 };
    XTIME_XOR(u, v);
    for (int j = 0; j < 8; j++) q[j] ^= u[j];
    mix_s0(q);
}

/* ------------------------------------------------------------ cipher -- */

/* The driver's name in llvm-mca region names (bench/mca.py). */
#ifndef CT_MCA
#define CT_MCA "ct128"
#endif

/* A driver's own code for the S-box circuits (see bs_rounds.h). */
#ifdef CT_SBOX_INCLUDE
#include CT_SBOX_INCLUDE
#endif
#include "aes/bs_rounds.h"

/* n blocks, CT_NB per pass; a short last pass is padded with zeros. */
static inline void ct_blocks(const ct128_ks *ks, uint8_t *out, const uint8_t *in, size_t n,
                             void (*pass)(const ct128_ks *, bs_word *))
{
    bs_word q[8];
    for (; n >= CT_NB; n -= CT_NB, in += 16 * CT_NB, out += 16 * CT_NB) {
        pack8(q, in);
        pass(ks, q);
        unpack8(out, q);
    }
    if (n) {
        uint8_t tmp[16 * CT_NB] = { 0 };
        memcpy(tmp, in, 16 * n);
        pack8(q, tmp);
        pass(ks, q);
        unpack8(tmp, q);
        memcpy(out, tmp, 16 * n);
        rijn_wipe(tmp, sizeof tmp);
    }
    rijn_wipe(q, sizeof q);
}

static inline void encrypt8(const ct128_ks *ks, bs_word q[8])
{
    bs_encrypt((const bs_key(*)[8])ks->enc, RIJN_ROUNDS(ks->rounds), q);
}

static inline void decrypt8(const ct128_ks *ks, bs_word q[8])
{
    bs_decrypt((const bs_key(*)[8])ks->dec, RIJN_ROUNDS(ks->rounds), q);
}

/* Two 64-bit words in a 16-byte vector: counter blocks and XTS tweaks,
 * each written to memory by one 16-byte store. The pass loads them as
 * 16-byte blocks, and a load that spans two 8-byte stores waits for both
 * to reach the cache instead of taking them from the store buffer: XTS
 * with its tweaks written in halves ran 1.2 cycles/byte slower than ECB
 * on Zen 4 with aes-bs-avx2, and CTR 0.1-0.2. */
typedef uint64_t ct_u64x2 __attribute__((vector_size(16)));

/* m counter blocks from (hi, lo), the 128-bit big-endian value hi || lo,
 * advanced by m (the whole value, or the low 32 bits for inc32). */
static inline void ct_counters(uint8_t *p, uint64_t *hi, uint64_t *lo, size_t m, bool inc32)
{
    for (size_t b = 0; b < m; b++, p += 16) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        const ct_u64x2 v = { *hi, *lo };
#else
        const ct_u64x2 v = { __builtin_bswap64(*hi), __builtin_bswap64(*lo) };
#endif
        memcpy(p, &v, 16);
        rijn_ctr_inc(hi, lo, inc32);
    }
}

/* CTR, CT_NB counter blocks per pass: the counters (public: they come from
 * the IV) are written as plain blocks and packed like data, and the
 * keystream is XORed into the data with vector operations. The counter is
 * a 128-bit big-endian integer (or its low 32 bits only, for GCM's inc32).
 * Shared by aes-ct128 and aes-bs-avx2. */
/* One pass: m <= CT_NB counter blocks from (hi, lo), advanced by m, the
 * rest of the pass zero; out = in xor their encryption, m blocks. */
static inline void ct_ctr_pass(const ct128_ks *ks, uint64_t *hi, uint64_t *lo, uint8_t *out, const uint8_t *in,
                               size_t m, bool inc32, uint8_t blk[16 * CT_NB], bs_word q[8])
{
    if (m < CT_NB) memset(blk, 0, 16 * CT_NB);
    ct_counters(blk, hi, lo, m, inc32);
    pack8(q, blk);
    encrypt8(ks, q);
    unpack8(blk, q);
    rijn_xor_bytes(out, in, blk, 16 * m);
}

static inline void ct_ctr(const ct128_ks *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    uint8_t blk[16 * CT_NB];
    bs_word q[8];
    for (; n >= CT_NB; n -= CT_NB, in += 16 * CT_NB, out += 16 * CT_NB) {
        RIJN_MCA_BEGIN(CT_MCA "-ctr");
        ct_ctr_pass(ks, &hi, &lo, out, in, CT_NB, inc32, blk, q);
        RIJN_MCA_END();
    }
    if (n) ct_ctr_pass(ks, &hi, &lo, out, in, n, inc32, blk, q);   /* the last, partial pass */
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
    rijn_wipe(q, sizeof q);
    rijn_wipe(blk, sizeof blk);
}

/* XTS tweaks as two 64-bit words, lo (bytes 0-7 read little-endian) then
 * hi. Times alpha (IEEE 1619-2007 §5.2): each word shifted left by one,
 * lo's top bit carried into hi, and hi's folded into lo as 0x87, by a
 * mask (the tweak is secret). m tweaks from *t are written to p, and *t
 * advanced by m. */
static inline void ct_tweaks(uint8_t *p, ct_u64x2 *t, size_t m)
{
    for (size_t b = 0; b < m; b++, p += 16) {
        ct_u64x2 v = *t;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        v = (ct_u64x2){ __builtin_bswap64(v[0]), __builtin_bswap64(v[1]) };
#endif
        memcpy(p, &v, 16);
        const ct_u64x2 c = *t >> 63;
        *t = (*t << 1) ^ ((ct_u64x2){ 0x87, 1 } & -(ct_u64x2){ c[1], c[0] });
    }
}

/* XTS over n whole blocks (IEEE 1619-2007 §5.3.1, §5.4.1), CT_NB per
 * pass, as rijn_cipher_ops.xts: the tweak of the first block in, times
 * alpha^n out. Without it the mode layer wrote the tweaks to a buffer,
 * XORed them into a copy of the data, made an ECB call and XORed again:
 * three passes over memory. Here a pass's tweaks are written as plain
 * blocks (as ct_ctr writes its counters) and loaded in the data's layout,
 * so both XORs are word operations on the words the pass packs. They are
 * loaded again after the rounds rather than held across them in eight
 * more registers. A short last pass runs on zero blocks and zero tweaks
 * past n and stores only n blocks, as ct_blocks's does. pass is encrypt8
 * or decrypt8, a constant where this is inlined: called through the
 * pointer, the rounds ran out of line at 1.6 times the cost.
 *
 * aes-bs-avx2 uses it (4.4 against 6.2 cycles/byte for XTS decryption at
 * 16 KiB on Zen 4). aes-ct128 does not: a second inlined copy of its
 * decryption made GCC call bs_decrypt out of line from ct_blocks too, and
 * its CBC decryption ran at 0.83x. aes-neonbs was not measured with it. */
static inline __attribute__((always_inline)) void ct_xts(const ct128_ks *ks, uint8_t tweak[16], uint8_t *out,
                                                         const uint8_t *in, size_t n,
                                                         void (*pass)(const ct128_ks *, bs_word *))
{
    ct_u64x2 t0 = { rijn_load64_le(tweak), rijn_load64_le(tweak + 8) };
    uint8_t tw[16 * CT_NB], blk[16 * CT_NB];
    bs_word q[8], t[8];
    while (n) {
        const size_t m = n < CT_NB ? n : CT_NB;
        const uint8_t *src = in;
        ct_tweaks(tw, &t0, m);
        if (m < CT_NB) {
            memset(tw + 16 * m, 0, 16 * (CT_NB - m));
            memset(blk + 16 * m, 0, 16 * (CT_NB - m));
            memcpy(blk, in, 16 * m);
            src = blk;
        }
        CT_LOAD(q, src);
        CT_LOAD(t, tw);
        for (int b = 0; b < 8; b++) q[b] ^= t[b];
        ortho(q);
        pass(ks, q);
        ortho(q);
        CT_LOAD(t, tw);
        for (int b = 0; b < 8; b++) q[b] ^= t[b];
        if (m < CT_NB) {
            CT_STORE(blk, q);
            memcpy(out, blk, 16 * m);
        } else {
            CT_STORE(out, q);
        }
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    rijn_store64_le(tweak, t0[0]);
    rijn_store64_le(tweak + 8, t0[1]);
    rijn_wipe(q, sizeof q);
    rijn_wipe(t, sizeof t);
    rijn_wipe(tw, sizeof tw);
    rijn_wipe(blk, sizeof blk);
}

#endif
