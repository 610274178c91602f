/*
 * The rounds of aes-ct128 (representation and reasoning: aes_ct128.c),
 * shared by the block driver and the stitched GCM driver (gcm_ct128.c).
 */
#ifndef RIJN_CT128_CORE_H
#define RIJN_CT128_CORE_H

#include "core/internal.h"

typedef uint64_t bs_word __attribute__((vector_size(16)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef uint8_t u8x16 __attribute__((vector_size(16)));

#include "aes/bp_sbox.h"

typedef struct {
    bs_word enc[15][8];   /* fixsliced, 0x63-folded */
    bs_word dec[15][8];   /* plain bit-sliced */
    unsigned rounds;
} ct128_ks;

_Static_assert(sizeof(ct128_ks) <= RIJN_AES_KS_BYTES, "ct128 key schedule too large");

/* Lane permutation: out lane c = in lane (c + j) mod 4. */
#if defined(__clang__)
#define COLS(x, j) ((bs_word)__builtin_shufflevector((u32x4)(x), (u32x4)(x), (j) & 3, ((j) + 1) & 3, \
                                                     ((j) + 2) & 3, ((j) + 3) & 3))
#else
#define COLS(x, j) ((bs_word)__builtin_shuffle((u32x4)(x), (u32x4){ (j) & 3, ((j) + 1) & 3, ((j) + 2) & 3, \
                                                                    ((j) + 3) & 3 }))
#endif

/* Row move by k inside every lane: out byte r = in byte r + k (mod 4).
 * Byte r of a lane sits at bits 8r on little-endian machines and at bits
 * 8 (3 - r) on big-endian ones, hence the two rotation directions. */
static inline bs_word rows(bs_word x, unsigned k)
{
    u32x4 v = (u32x4)x;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = (v << (8 * k)) | (v >> (32 - 8 * k));
#else
    v = (v >> (8 * k)) | (v << (32 - 8 * k));
#endif
    return (bs_word)v;
}

/* Row move by 2: swap the 16-bit halves of every lane. The same on either
 * endianness, and a word shuffle rather than shifts (pshuflw/pshufhw). */
typedef uint16_t u16x8 __attribute__((vector_size(16)));
#if defined(__clang__)
#define ROWS2(x) ((bs_word)__builtin_shufflevector((u16x8)(x), (u16x8)(x), 1, 0, 3, 2, 5, 4, 7, 6))
#else
#define ROWS2(x) ((bs_word)__builtin_shuffle((u16x8)(x), (u16x8){ 1, 0, 3, 2, 5, 4, 7, 6 }))
#endif

/* Byte masks of the rows (byte p belongs to row p mod 4). */
#define ROWMASK(r) ((bs_word)(u8x16){ (r) == 0 ? 0xff : 0, (r) == 1 ? 0xff : 0, (r) == 2 ? 0xff : 0, \
    (r) == 3 ? 0xff : 0, (r) == 0 ? 0xff : 0, (r) == 1 ? 0xff : 0, (r) == 2 ? 0xff : 0, (r) == 3 ? 0xff : 0, \
    (r) == 0 ? 0xff : 0, (r) == 1 ? 0xff : 0, (r) == 2 ? 0xff : 0, (r) == 3 ? 0xff : 0, \
    (r) == 0 ? 0xff : 0, (r) == 1 ? 0xff : 0, (r) == 2 ? 0xff : 0, (r) == 3 ? 0xff : 0 })

/* ---------------------------------------------------------- packing -- */



static inline void pack8(bs_word q[8], const uint8_t *in)
{
    for (int b = 0; b < 8; b++) memcpy(&q[b], in + 16 * b, 16);
    ortho(q);
}

static inline void unpack8(uint8_t *out, bs_word q[8])
{
    ortho(q);
    for (int b = 0; b < 8; b++) memcpy(out + 16 * b, &q[b], 16);
}

/* ----------------------------------------------------- linear layers -- */


/* MixColumns after s skipped ShiftRows: B = R(1, s) q, t = q ^ B,
 * out = 2 t ^ B ^ R(2, 2 s) t. One body per s so that the lane
 * permutations are compile-time constants. */
#define MIX_BODY(s)                                                  \
    do {                                                             \
        bs_word t[8], o[8];                                          \
        for (int j = 0; j < 8; j++) {                                \
            bs_word b = rows(COLS(q[j], (s)), 1);                    \
            t[j] = q[j] ^ b;                                         \
            o[j] = b ^ ROWS2(COLS(t[j], 2 * (s)));                 \
        }                                                            \
        XTIME_XOR(o, t);                                             \
        for (int j = 0; j < 8; j++) q[j] = o[j];                     \
    } while (0)

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
        v[j] = (bs_word){ 0, 0 };
    }
    XTIME_XOR(v, u);
    for (int j = 0; j < 8; j++) u[j] = (bs_word){ 0, 0 };
    XTIME_XOR(u, v);
    for (int j = 0; j < 8; j++) q[j] ^= u[j];
    mix_s0(q);
}

/* ------------------------------------------------------------ cipher -- */

#include "aes/bs_rounds.h"

static inline void encrypt8(const ct128_ks *ks, bs_word q[8])
{
    bs_encrypt((const bs_word(*)[8])ks->enc, ks->rounds, q);
}

static inline void decrypt8(const ct128_ks *ks, bs_word q[8])
{
    bs_decrypt((const bs_word(*)[8])ks->dec, ks->rounds, q);
}

#endif
