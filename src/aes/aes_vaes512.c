/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes-avx512: AES with VAES on 512-bit registers (AMD Zen 4 and 5,
 * Intel Ice Lake and later): one VAESENC runs a round on four blocks, and
 * eight ZMM registers keep 32 blocks in flight, which covers VAESENC's
 * latency (about 4 cycles) at two per cycle. Why 512 bits: vaes512_core.h;
 * the vector layer, and how the same code is checked without AVX-512:
 * src/arch/x86/vz.h.
 *
 * Parallel paths (ECB, CTR, CBC decryption, XTS) are written here, 32
 * blocks per pass and a tail of one to eight registers with masked loads
 * and stores (VZ_BY_TAIL: as many registers as the tail fills). The
 * serial chains (CBC encryption, CBC-MAC, CCM) gain nothing from wider
 * registers and run aes-aesni's code. The key schedule is aes-aesni's;
 * each round key is broadcast to the four lanes as it is used.
 *
 * XTS keeps 32 tweaks in eight registers and advances each by x^32 per
 * pass: a four-byte shift of each 128-bit lane, with the 32 bits pushed
 * out folded back by one carry-less multiply by x^7 + x^2 + x + 1. See
 * XTS_MUL_XS and xts_mul_x32 below. On Zen 4 each 512-bit VPCLMULQDQ
 * takes an AES pipe for about a cycle, and where the eight updates sit in
 * a pass costs more than the updates themselves: vaes512_xts_passes.
 */
#include "aes/vaes512_core.h"

#ifdef RIJN_X86

static VZ_TARGET void vaes512_setkey(void *ks, const uint8_t *key, size_t key_len)
{
    aesni_expand(ks, key, key_len);
}

/* ECB over a tail of n < 32 blocks in m registers. */
#define ECB_TAIL(m, k, out, in, n, enc)                                                         \
    do {                                                                                        \
        vz b_[m];                                                                               \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) b_[j_] = vz_load_n((in) + 64 * j_, vz_tail_bytes((n), j_)); \
        if (enc)                                                                                \
            vz_encrypt((k), b_, (m));                                                           \
        else                                                                                    \
            vz_decrypt((k), b_, (m));                                                           \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) vz_store_n((out) + 64 * j_, b_[j_], vz_tail_bytes((n), j_)); \
    } while (0)

VZ_INLINE void vaes512_ecb(const struct aesni_ks *k, uint8_t *out, const uint8_t *in, size_t n, bool enc)
{
    for (; n >= 32; n -= 32, in += 512, out += 512) {
        vz b[8];
        VAES_EACH for (int j = 0; j < 8; j++) b[j] = vz_load(in + 64 * j);
        if (enc)
            vz_encrypt(k, b, 8);
        else
            vz_decrypt(k, b, 8);
        VAES_EACH for (int j = 0; j < 8; j++) vz_store(out + 64 * j, b[j]);
    }
    /* One or two blocks (XTS's tweak, ciphertext stealing, short
     * messages): 128-bit AES-NI, with no masked accesses to set up. */
    if (n && n <= 2) {
        for (; n; n--, in += 16, out += 16) STOREX(out, enc ? aesni_enc1(k, LOADX(in)) : aesni_dec1(k, LOADX(in)));
    } else if (n) {
        VZ_BY_TAIL(n, ECB_TAIL, k, out, in, n, enc);
    }
}

static VZ_TARGET void vaes512_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    vaes512_ecb(ks, out, in, n, true);
}

static VZ_TARGET void vaes512_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    vaes512_ecb(ks, out, in, n, false);
}

static AESNI_TARGET void vaes512_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    aesni_cbc_enc(ks, iv, out, in, n);
}

static AESNI_TARGET void vaes512_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    aesni_cbcmac(ks, mac, in, n);
}

static AESNI_TARGET void vaes512_ccm(const void *ks, uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                     size_t n, bool encrypt)
{
    aesni_ccm_body(ks, mac, ctr, out, in, n, encrypt);
}

/* CBC decryption (SP 800-38A §6.2): P_i = D(C_i) xor C_{i-1}. Register j
 * needs C_{4j-1}..C_{4j+2}: an unaligned load 16 bytes before its own
 * blocks, except register 0 of a pass, which shifts the previous
 * ciphertext block (the IV, or the last block of the last pass, kept in a
 * register since out may be in) in under its first three blocks. Every
 * load of a pass precedes its stores, so in == out works. */
#define CBC_TAIL(m, k, out, in, n, prev)                                                              \
    do {                                                                                              \
        vz b_[m], p_[m];                                                                              \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) {                                                            \
            const size_t nb_ = vz_tail_bytes((n), j_);                                                \
            b_[j_] = vz_load_n((in) + 64 * j_, nb_);                                                  \
            p_[j_] = j_ ? vz_load_n((in) + 64 * j_ - 16, nb_) : vz_shift_in(b_[0], (prev));         \
        }                                                                                             \
        (prev) = LOADX((in) + 16 * ((n) - 1));                                                        \
        vz_decrypt((k), b_, (m));                                                                     \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) vz_store_n((out) + 64 * j_, vz_xor(b_[j_], p_[j_]), vz_tail_bytes((n), j_)); \
    } while (0)

static VZ_TARGET void vaes512_cbc_decrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct aesni_ks *k = ks;
    __m128i prev = LOADX(iv);
    for (; n >= 32; n -= 32, in += 512, out += 512) {
        vz b[8], p[8];
        VAES_EACH for (int j = 0; j < 8; j++) b[j] = vz_load(in + 64 * j);
        p[0] = vz_shift_in(b[0], prev);
        VAES_EACH for (int j = 1; j < 8; j++) p[j] = vz_load(in + 64 * j - 16);
        prev = LOADX(in + 496);
        vz_decrypt(k, b, 8);
        VAES_EACH for (int j = 0; j < 8; j++) vz_store(out + 64 * j, vz_xor(b[j], p[j]));
    }
    if (n) VZ_BY_TAIL(n, CBC_TAIL, k, out, in, n, prev);
    STOREX(iv, prev);
}

/* CTR over n blocks whose low 32 counter bits do not wrap (aesni_ctr_split
 * cuts there). The counter is kept byte-reversed, as a little-endian
 * integer per lane: lane j of c holds counter + j. */
static VZ_TARGET void vaes512_ctr_run(const struct aesni_ks *k, const uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                      size_t n)
{
    vz c = vz_add32(vz_bcast(aesni_bswap(LOADX(ctr))), vz_lanes32(0, 1, 2, 3));
    const vz four = vz_lanes32(4, 4, 4, 4);
    if (n > 28 && n <= 32) {
        /* A message of 29..32 blocks runs as two groups of four registers,
         * not as one of eight. Eight registers go through the rounds
         * together and finish together, and their stores, which retire
         * in program order after every round, all wait for the last one.
         * With two groups, the first group's stores can retire and
         * complete while the second group's rounds run. Four registers
         * still fill both AES pipes: eight 256-bit VAESENC halves per
         * round, one round's latency of four cycles. On Zen 4, 512-byte
         * messages ran 5-6% faster (464 and 480 bytes 4-5%; AES-256 512
         * bytes 3%). vaes512_ctr_short does the same. Splitting a
         * tail of 17..28 blocks the same way lost 8% at 384 bytes: a
         * second group of one to three registers runs its ten rounds'
         * latency after the first group has the pipes. Splitting the whole
         * pass after a tail (576..1024 bytes) gained at 576 bytes but lost
         * at 768, so it was not done. */
        VZ_CTR_TAIL(4, k, out, in, 16, c);
        VZ_CTR_TAIL(4, k, out + 256, in + 256, n - 16, c);
        return;
    }
    /* A tail after whole passes runs first: run last, its rounds (a
     * chain of Nr VAESENC latencies) started only when the passes'
     * older instructions had the AES units, and added that chain to the
     * message: 576-byte messages took 50 ns on Zen 4, 46 ns this way. The
     * tail's lanes are the counter plus w (no 32-bit wrap in a run). */
    const size_t r = n % 32;
    if (r && n > 32) {
        const size_t w = n - r;
        vz ct = vz_add32(c, vz_bcast(_mm_set_epi32(0, 0, 0, (int)w)));
        VZ_BY_TAIL(r, VZ_CTR_TAIL, k, out + 16 * w, in + 16 * w, r, ct);
        n = w;
    }
    for (; n >= 32; n -= 32, in += 512, out += 512) {
        vz b[8];
        VAES_EACH for (int j = 0; j < 8; j++) {
            b[j] = vz_bswap(c);
            c = vz_add32(c, four);
        }
        /* All eight loads of the input before the first store, and the
         * data xored into the last round key, as in the GCM pass. With
         * each load just after the previous register's store, an output
         * 16 to 64 bytes past the input (modulo 4096) made each load
         * overlap that store in its low 12 address bits, and on Zen 4
         * some processes (by where their pages fell) ran AES-128 at 16
         * KiB at 15.3 GB/s against 21. This way every placement tried
         * (output 0 to 64 bytes past the input, or before it) ran at
         * 21.2-22.4 GB/s. */
        VZ_ROUNDS(k, k->ek, b, 8, vz_aesenc);
        const vz kl = vz_bcast(k->ek[k->nr]);
        VAES_EACH for (int j = 0; j < 8; j++) b[j] = vz_aesenclast(b[j], vz_xor(kl, vz_load(in + 64 * j)));
        VAES_EACH for (int j = 0; j < 8; j++) vz_store(out + 64 * j, b[j]);
    }
    if (n) VZ_BY_TAIL(n, VZ_CTR_TAIL, k, out, in, n, c);
}

/* A message of 2..64 blocks whose counter's last byte does not wrap in it
 * (ctr[15] + n <= 256): block i's counter is the stored block with i added
 * to its last byte, a 32-bit add of i << 24 to the lane's last word (byte
 * 15 is that word's top byte; aes_vaes.c's vaes_ctr_run says more). The
 * first round waits for a broadcast load and one add, not for the byte
 * swaps around a little-endian add. vaes512_ctr_short advances the stored
 * counter after it has read it.
 *
 * The addends come from ctr_be_rows: row r, lane i holds (4r + i) << 24 in
 * the last word, so register j of a group that starts at block 4g is the
 * broadcast counter plus row g + j, one add with a memory operand. Built
 * in registers instead (lane offsets, then 4j << 24 per register), GCC
 * emitted three inserts, a shuffle per register and two dependent adds
 * before each register's first round; with the rows, Zen 4 ran 128- and
 * 256-byte messages 4% faster (AES-256 128 bytes 6%). 16 rows, 1 KiB:
 * the 64 blocks of the longest short message. */
#define CTR_BE_ROW(r) { 0, 0, 0, (4u * (r)) << 24, 0, 0, 0, (4u * (r) + 1) << 24, \
                        0, 0, 0, (4u * (r) + 2) << 24, 0, 0, 0, (4u * (r) + 3) << 24 }
static const uint32_t ctr_be_rows[16][16] __attribute__((aligned(64))) = {
    CTR_BE_ROW(0),  CTR_BE_ROW(1),  CTR_BE_ROW(2),  CTR_BE_ROW(3),  CTR_BE_ROW(4),  CTR_BE_ROW(5),
    CTR_BE_ROW(6),  CTR_BE_ROW(7),  CTR_BE_ROW(8),  CTR_BE_ROW(9),  CTR_BE_ROW(10), CTR_BE_ROW(11),
    CTR_BE_ROW(12), CTR_BE_ROW(13), CTR_BE_ROW(14), CTR_BE_ROW(15),
};
#undef CTR_BE_ROW
#define CTR_BE_TAIL(m, k, out, in, n, cb, row)                                                     \
    do {                                                                                           \
        vz b_[m];                                                                                  \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) b_[j_] = vz_add32((cb), vz_load(ctr_be_rows[(row) + j_])); \
        VZ_CTR_FINISH(m, k, out, in, n, b_);                                                       \
    } while (0)
static VZ_TARGET void vaes512_ctr_short(const struct aesni_ks *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                        size_t n, bool inc32)
{
    const vz cb = vz_bcast(LOADX(ctr));
    aesni_ctr_advance(ctr, n, inc32);
    if (n > 32) {
        /* 33..64 blocks: the tail (blocks 32..n-1) first, as in
         * vaes512_ctr_run, then one whole pass. Through the general path
         * (vaes512_ctr_split's call, the byte-swapped counters) 576, 768
         * and 1024-byte messages took 46, 55 and 65.5 ns on Zen 4; this
         * way 43, 50 and 62. */
        VZ_BY_TAIL(n - 32, CTR_BE_TAIL, k, out + 512, in + 512, n - 32, cb, 8);
        CTR_BE_TAIL(8, k, out, in, 32, cb, 0);   /* full masks: as fast as plain accesses */
        return;
    }
    if (n > 28) {
        /* 29..32 blocks: two groups of four registers (vaes512_ctr_run's
         * comment says why). */
        CTR_BE_TAIL(4, k, out, in, 16, cb, 0);
        CTR_BE_TAIL(4, k, out + 256, in + 256, n - 16, cb, 4);
        return;
    }
    VZ_BY_TAIL(n, CTR_BE_TAIL, k, out, in, n, cb, 0);
}
#undef CTR_BE_TAIL

static VZ_TARGET __attribute__((noinline)) void vaes512_ctr_split(const void *ks, uint8_t ctr[16], uint8_t *out,
                                                                  const uint8_t *in, size_t n, bool inc32)
{
    if (n == 1) {
        /* One block: no counter arithmetic to split, no masks. */
        STOREX(out, _mm_xor_si128(aesni_enc1(ks, LOADX(ctr)), LOADX(in)));
        uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
        rijn_ctr_inc(&hi, &lo, inc32);
        rijn_store64_be(ctr, hi);
        rijn_store64_be(ctr + 8, lo);
        return;
    }
    aesni_ctr_split(ks, ctr, out, in, n, inc32, vaes512_ctr_run);
}

/* Both paths are tail calls: with the other inlined here, the short
 * messages' calls saved and restored six registers that only it uses
 * (as in aes-vaes, where 64-byte messages ran 10% faster on Zen 3
 * without them). */
static VZ_TARGET void vaes512_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n,
                                  bool inc32)
{
    if (n >= 2 && n <= 64 && ctr[15] + n <= 256)
        vaes512_ctr_short(ks, ctr, out, in, n, inc32);
    else
        vaes512_ctr_split(ks, ctr, out, in, n, inc32);
}

/*
 * Tweaks times x^s in each lane (IEEE 1619 §5.2 applied s times),
 * 1 <= s <= 63. The lane is a little-endian 128-bit integer: shifting it
 * left by s bits is the multiplication but for the s bits v pushed out at
 * the top, worth v * x^128 = v * (x^7 + x^2 + x + 1); that product has
 * fewer than s + 8 <= 71 bits, below x^128, so one carry-less multiply
 * folds it back with no further reduction.
 */
#define XTS_MUL_XS(t, s)                                                                           \
    vz_xor(vz_or(vz_slli64((t), (s)), vz_srli64(vz_bslli((t), 8), 64 - (s))),                      \
           vz_clmul(vz_srli64(vz_bsrli((t), 8), 64 - (s)), vz_lanes32(0x87, 0x87, 0x87, 0x87), 0x00))
/* The same for s = 32 with byte shifts: the pass-to-pass step. */
VZ_INLINE vz xts_mul_x32(vz t)
{
    return vz_xor(vz_bslli(t, 4), vz_clmul(vz_bsrli(t, 12), vz_lanes32(0x87, 0x87, 0x87, 0x87), 0x00));
}

#define XTS_TAIL(m, k, out, in, n, t, enc)                                                         \
    do {                                                                                           \
        vz b_[m];                                                                                  \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) b_[j_] = vz_xor(vz_load_n((in) + 64 * j_, vz_tail_bytes((n), j_)), (t)[j_]); \
        if (enc)                                                                                   \
            vz_encrypt((k), b_, (m));                                                              \
        else                                                                                       \
            vz_decrypt((k), b_, (m));                                                              \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) vz_store_n((out) + 64 * j_, vz_xor(b_[j_], (t)[j_]), vz_tail_bytes((n), j_)); \
    } while (0)

/* t[1..m-1] from t[0]: register j's lanes are t[0]'s times x^(4j). */
#define XTS_FILL(t, m)                                   \
    do {                                                 \
        if ((m) > 1) (t)[1] = XTS_MUL_XS((t)[0], 4);     \
        if ((m) > 2) (t)[2] = XTS_MUL_XS((t)[0], 8);     \
        if ((m) > 3) (t)[3] = XTS_MUL_XS((t)[0], 12);    \
        if ((m) > 4) (t)[4] = XTS_MUL_XS((t)[0], 16);    \
        if ((m) > 5) (t)[5] = XTS_MUL_XS((t)[0], 20);    \
        if ((m) > 6) (t)[6] = XTS_MUL_XS((t)[0], 24);    \
        if ((m) > 7) (t)[7] = XTS_MUL_XS((t)[0], 28);    \
    } while (0)
#define XTS_FILL_TAIL(m, t, k, out, in, n, enc) \
    do {                                        \
        XTS_FILL((t), (m));                     \
        XTS_TAIL(m, k, out, in, n, t, enc);     \
    } while (0)

/* The blocks from which whole passes run in vaes512_xts_passes: three
 * passes (vaes512_xts_body says why). */
#define XTS_LONG 96

/* Lane i: tw times x^i, all four at once: XTS_MUL_XS with a shift of i
 * bits per lane (variable shifts; a shift by 64 gives 0, which makes lane
 * 0 the tweak itself). */
VZ_INLINE vz xts_first4(__m128i tw)
{
    const vz tb = vz_bcast(tw);
    const vz s = vz_set4(_mm_set1_epi64x(0), _mm_set1_epi64x(1), _mm_set1_epi64x(2), _mm_set1_epi64x(3));
    const vz r = vz_set4(_mm_set1_epi64x(64), _mm_set1_epi64x(63), _mm_set1_epi64x(62), _mm_set1_epi64x(61));
    const vz top = vz_srlv64(vz_bsrli(tb, 8), r);
    return vz_xor(vz_or(vz_sllv64(tb, s), vz_srlv64(vz_bslli(tb, 8), r)),
                  vz_clmul(top, vz_lanes32(0x87, 0x87, 0x87, 0x87), 0x00));
}

/* One AES round in the direction of the call (a constant where the
 * functions below are inlined). */
VZ_INLINE vz xts_round(vz b, vz k, bool encrypt)
{
    return encrypt ? vz_aesenc(b, k) : vz_aesdec(b, k);
}

/*
 * The whole passes of a message of n >= XTS_LONG blocks (after any tail
 * that vaes512_xts_body ran first: r blocks, past these), then a tail of
 * n % 32 blocks, and the tweak of the block after them stored. t0:
 * register 0's tweaks (blocks 0..3).
 *
 * The next pass's tweaks are made during this pass's rounds, register j's
 * after round j + 1, between the rounds in program order. Made after the
 * stores, as vaes512_xts_body's loop makes them, they hold a pass to
 * about 113 cycles on Zen 4 (16.6 GB/s at 16 KiB), where CTR's pass takes
 * 84: in a loop of a pass's instructions in assembly
 * (bench/x86_vaes_pipes.c, the "XTS pass" rows) the pass took 106-108
 * cycles with the eight updates after the stores, 88-92 with them between
 * the rounds and 79-80 with none. The updates are the same four
 * instructions (xts_mul_x32) either way; their cost was where they sat.
 *
 * The new tweaks go to a buffer, tw, and are read back after the pass's
 * stores, while the pass's own stay in registers for the last round
 * (whose key they are folded into: it ends in an XOR with its key). Held
 * in registers, the new tweaks beside the old did not fit with the eight
 * states and the round keys that GCC keeps in registers: GCC spilled
 * seven registers a pass to its own stack slots, where nothing would wipe
 * them. tw is written and read through a volatile pointer, so that GCC
 * keeps it in memory, and cleared the same way before the function
 * returns. After the last whole pass all eight registers are advanced,
 * used or not: a 4 KiB sector pays seven multiplications it does not
 * need, inside the rounds.
 */
VZ_INLINE void vaes512_xts_passes(const struct aesni_ks *k, vz t0, uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                  size_t n, size_t r, const bool encrypt)
{
    vz t[8], tw[8];
    t[0] = t0;
    XTS_FILL(t, 8);
    volatile vz *const tv = tw;
    const __m128i *rk = encrypt ? k->ek : k->dk;
    for (; n >= 32; n -= 32, in += 512, out += 512) {
        vz b[8];
        const vz k0 = vz_bcast(rk[0]);
        VAES_EACH for (int j = 0; j < 8; j++) b[j] = vz_xor(vz_xor(vz_load(in + 64 * j), t[j]), k0);
        _Pragma("GCC unroll 9") for (int rd = 1; rd <= 9; rd++) {
            const vz kr = vz_bcast(rk[rd]);
            VAES_EACH for (int j = 0; j < 8; j++) b[j] = xts_round(b[j], kr, encrypt);
            if (rd <= 8) tv[rd - 1] = xts_mul_x32(t[rd - 1]);
        }
        if (k->nr > 10) {
            _Pragma("GCC unroll 4") for (int rd = 10; rd < k->nr; rd++) {
                const vz kr = vz_bcast(rk[rd]);
                VAES_EACH for (int j = 0; j < 8; j++) b[j] = xts_round(b[j], kr, encrypt);
            }
        }
        const vz kl = vz_bcast(rk[k->nr]);
        VAES_EACH for (int j = 0; j < 8; j++) {
            const vz kt = vz_xor(kl, t[j]);
            vz_store(out + 64 * j, encrypt ? vz_aesenclast(b[j], kt) : vz_aesdeclast(b[j], kt));
        }
        VAES_EACH for (int j = 0; j < 8; j++) t[j] = tv[j];
    }
    VAES_EACH for (int j = 0; j < 8; j++) tv[j] = vz_zero();
    /* n < 32 left. The tweak of block n: block 0's (lane 0 of register
     * 0) times x^n. A tail register past the data holds an old tweak; its
     * blocks are neither loaded nor stored. */
    const __m128i tn = xts_mul_xn(vz_lane(t[0], 0), (unsigned)(n + r));
    if (n) VZ_BY_TAIL(n, XTS_TAIL, k, out, in, n, t, encrypt);
    STOREX(tweak, tn);
}

static VZ_TARGET __attribute__((noinline)) void vaes512_xts_passes_enc(const struct aesni_ks *k, vz t0,
                                                                        uint8_t tweak[16], uint8_t *out,
                                                                        const uint8_t *in, size_t n, size_t r)
{
    vaes512_xts_passes(k, t0, tweak, out, in, n, r, true);
}

static VZ_TARGET __attribute__((noinline)) void vaes512_xts_passes_dec(const struct aesni_ks *k, vz t0,
                                                                        uint8_t tweak[16], uint8_t *out,
                                                                        const uint8_t *in, size_t n, size_t r)
{
    vaes512_xts_passes(k, t0, tweak, out, in, n, r, false);
}

/* XTS in one direction: inlined into vaes512_xts_enc and vaes512_xts_dec
 * with encrypt a constant, so that neither carries the other's code or a
 * test of the direction in its paths. */
VZ_INLINE void vaes512_xts_body(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                                const bool encrypt)
{
    const struct aesni_ks *k = ks;
    if (n < 4) {
        /* A few blocks (a short unit, or the blocks before ciphertext
         * stealing): one at a time in 128-bit registers. */
        __m128i t = LOADX(tweak);
        for (; n; n--, in += 16, out += 16) {
            const __m128i x = _mm_xor_si128(LOADX(in), t);
            STOREX(out, _mm_xor_si128(encrypt ? aesni_enc1(k, x) : aesni_dec1(k, x), t));
            t = xts_mulx(t);
        }
        STOREX(tweak, t);
        return;
    }
    __m128i t0 = LOADX(tweak);
    if (((uintptr_t)out & 16) && ((uintptr_t)out & 4095) + 16 * n > 4096) {
        /* An output 16 bytes off a 32-byte boundary that crosses a 4 KiB
         * page: one block first, so that every 64-byte store after it is
         * 32-byte aligned. Zen 4 stores a ZMM register as two 32-byte
         * halves, and a half that crosses a page costs about 50 cycles:
         * a 512-byte sector whose output starts at 0xf10 in its page took
         * 187 TSC ticks against 161 at 0xf00 or 0xf20, and 167 with this
         * head block. Where no store crosses a page, the head block cost
         * 2-5 ticks (164 -> 166-169 at 0x010), so it is taken only where
         * one would (docs/performance.md). The block's rounds (a chain of
         * latencies) overlap the rest; the next tweak is one doubling. */
        const __m128i x = _mm_xor_si128(LOADX(in), t0);
        STOREX(out, _mm_xor_si128(encrypt ? aesni_enc1(k, x) : aesni_dec1(k, x), t0));
        t0 = xts_mulx(t0);
        in += 16, out += 16, n--;
    }
    /* t[j] lane i: the tweak of block 4j + i of this pass. */
    vz t[8];
    t[0] = xts_first4(t0);
    if (n > 28 && n <= 32) {
        /* 29..32 blocks (a 512-byte sector): two groups of four
         * registers, not one of eight, as in vaes512_ctr_run (which says
         * why). 512-byte sectors ran 4-5% faster on Zen 4, both ways. */
        const __m128i tn = xts_mul_xn(t0, (unsigned)n);
        XTS_FILL(t, 8);
        XTS_TAIL(4, k, out, in, 16, t, encrypt);
        XTS_TAIL(4, k, out + 256, in + 256, n - 16, t + 4, encrypt);
        STOREX(tweak, tn);
        return;
    }
    if (n < 32) {
        /* The tweak of block n, then only the registers the tail uses. */
        const __m128i tn = xts_mul_xn(t0, (unsigned)n);
        VZ_BY_TAIL(n, XTS_FILL_TAIL, t, k, out, in, n, encrypt);
        STOREX(tweak, tn);
        return;
    }
    /* A tail after one to three whole passes runs first, as in
     * vaes512_ctr_run (which says why): its first tweak is the message's
     * times x^w, w/32 steps of x^32. r: the blocks it did. */
    size_t r = n % 32;
    if (r && n < 128) {
        const size_t w = n - r;
        __m128i tw = t0;
        for (size_t q = 0; q < w; q += 32) tw = xts_mul_xn(tw, 32);
        vz u[8];
        u[0] = xts_first4(tw);
        VZ_BY_TAIL(r, XTS_FILL_TAIL, u, k, out + 16 * w, in + 16 * w, r, encrypt);
        n = w;
    } else {
        r = 0;
    }
    /* Three whole passes or more: vaes512_xts_passes. Clearing its buffer
     * costs a call eight stores, and each pass eight stores and eight
     * loads, against about 15 cycles a pass saved. From 64 blocks on (two
     * passes), 1 KiB messages ran 1% slower than before the split by
     * direction on Zen 4; left to the loop below, 4-6% faster (that split
     * alone). 2 KiB ran 2-5% faster, 4 KiB 9-10%, 16 KiB 14%. */
    if (n >= XTS_LONG) {
        if (encrypt)
            vaes512_xts_passes_enc(k, t[0], tweak, out, in, n, r);
        else
            vaes512_xts_passes_dec(k, t[0], tweak, out, in, n, r);
        return;
    }
    XTS_FILL(t, 8);
    for (; n >= 32; n -= 32, in += 512, out += 512) {
        vz b[8];
        VAES_EACH for (int j = 0; j < 8; j++) b[j] = vz_xor(vz_load(in + 64 * j), t[j]);
        if (encrypt)
            vz_encrypt(k, b, 8);
        else
            vz_decrypt(k, b, 8);
        VAES_EACH for (int j = 0; j < 8; j++) vz_store(out + 64 * j, vz_xor(b[j], t[j]));
        /* The next pass's tweaks; after the last whole pass, register 0
         * (the stored tweak comes from it) and those the tail reads
         * (4j < n - 32): a message of whole passes (1 KiB) needs one of
         * the eight in its second pass. */
        VAES_EACH for (int j = 0; j < 8; j++)
            if (j == 0 || 4 * (size_t)j < n - 32) t[j] = xts_mul_x32(t[j]);
    }
    /* n < 32 left. The tweak of block n: block 0's (lane 0 of register
     * 0) times x^n. A tail register past the data holds an old tweak; its
     * blocks are neither loaded nor stored. */
    const __m128i tn = xts_mul_xn(vz_lane(t[0], 0), (unsigned)(n + r));
    if (n) VZ_BY_TAIL(n, XTS_TAIL, k, out, in, n, t, encrypt);
    STOREX(tweak, tn);
}

static VZ_TARGET __attribute__((noinline)) void vaes512_xts_enc(const void *ks, uint8_t tweak[16], uint8_t *out,
                                                                 const uint8_t *in, size_t n)
{
    vaes512_xts_body(ks, tweak, out, in, n, true);
}

static VZ_TARGET __attribute__((noinline)) void vaes512_xts_dec(const void *ks, uint8_t tweak[16], uint8_t *out,
                                                                 const uint8_t *in, size_t n)
{
    vaes512_xts_body(ks, tweak, out, in, n, false);
}

static VZ_TARGET void vaes512_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                                  bool encrypt)
{
    if (encrypt)
        vaes512_xts_enc(ks, tweak, out, in, n);
    else
        vaes512_xts_dec(ks, tweak, out, in, n);
}

static const struct rijn_cipher_ops vaes512_ops = {
    .setkey = vaes512_setkey,
    .encrypt = vaes512_encrypt,
    .decrypt = vaes512_decrypt,
    .cbc_encrypt = vaes512_cbc_encrypt,
    .cbc_mac = vaes512_cbc_mac,
    .ctr = vaes512_ctr,
    .cbc_decrypt = vaes512_cbc_decrypt,
    .xts = vaes512_xts,
    .ccm = vaes512_ccm,
};
#define VAES512_OPS &vaes512_ops
#else
#define VAES512_OPS NULL
#endif

/* Above aes-vaes (600): the kernel's 512-bit VAES drivers rank above its
 * 256-bit ones the same way. */
const struct rijn_desc rijn_aes_vaes512_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-vaes-avx512",
    .priority = 700,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AESNI | RIJN_CPU_SSSE3 | RIJN_CPU_SSE41 | RIJN_CPU_AVX | RIJN_CPU_AVX2 |
           RIJN_CPU_AVX512_REQ | RIJN_CPU_VAES_REQ | RIJN_CPU_VPCLMUL_REQ,   /* XTS folds with VPCLMULQDQ */
    .ct = true,
    .ops = VAES512_OPS,
};
