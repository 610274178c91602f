/* SPDX-License-Identifier: MIT */
/*
 * aes-gfni: constant-time AES (FIPS 197) for x86-64 CPUs that have GFNI
 * but no usable AES-NI: servers whose firmware switches AES-NI off (a
 * setting of server firmware; it clears AES-NI's CPUID bit, not GFNI's),
 * virtual machines that hide it, and the RIJN_CPU=-aesni tier on any GFNI
 * CPU.
 *
 * Why it exists
 * -------------
 * Without AES instructions, CBC encryption and CBC-MAC (CMAC, CCM) have
 * one block in flight. aes-vperm computes the S-box with about a dozen
 * dependent shuffles a round (12.5 cycles/byte on Zen 4, level with
 * OpenSSL's vpaes), and the bit-sliced aes-bs-avx2 pays for sixteen blocks
 * whatever the message. GF2P8AFFINEINVQB computes the whole S-box of
 * sixteen bytes in one instruction: SubBytes is inversion in GF(2^8)
 * modulo AES's polynomial, which is GFNI's, followed by an affine map
 * (FIPS 197 §5.1.1), which is the instruction's own affine step.
 *
 * A round as four S-box lookups
 * -----------------------------
 * A round's output byte in row r of column c is (FIPS 197 §5.1.3)
 *     2 a0 + 3 a1 + a2 + a3,   aj = S(s[4((c + r + j) mod 4) + (r + j) mod 4])
 * where s is the state (byte 4c + r in row r of column c) and the index is
 * ShiftRows'. A constant multiple of S is another affine map of the
 * inverse: 2 S(x) = (2 A) x^-1 + 2 * 0x63, with 2 A the matrix of
 * y -> 2 A(y). So one PSHUFB per j puts each aj's input under its output
 * byte, four GF2P8AFFINEINVQB (matrices 2A, 3A, A, A) give the four terms,
 * and three XORs and the round key's sum them. The four are independent,
 * so a round's latency is one shuffle, one GFNI instruction and the XOR
 * tree: a chain of 2 + 3 + 3 cycles on Zen 4 (10 a round measured in CBC
 * encryption) against aes-vperm's 20.
 *
 * Decryption uses the equivalent inverse cipher (FIPS 197 §5.3.5) with the
 * coefficients 14, 11, 13 and 9 and InvShiftRows' indices. InvSubBytes is
 * the inverse of the affine map first, then the inversion; the state is
 * kept in the basis z = A^-1 s + A^-1 0x63 (0x05), so that the map is done
 * by the previous round's matrices (A^-1 14, ...) and round keys
 * (A^-1 k + 0x05), and a round is again four shuffles, four inversions and
 * the XORs. One GF2P8AFFINEQB enters the basis at the start.
 *
 * scripts/gen_gfni_consts.py derives the matrices and indices
 * (src/aes/gfni_consts.h) from these definitions and checks the rounds
 * against the `cryptography` package. The instructions are fixed-latency
 * SIMD operations; the valgrind taint test runs this file's data flow over
 * an emulation of them, and dudect the real ones (src/arch/x86/gfni.h).
 *
 * Parallel modes run two blocks per YMM register, eight blocks a pass;
 * CBC decryption and XTS have paths of their own, CTR builds its counter
 * blocks in the mode layer.
 */
#include "aes/keyexp.h"
#include "arch/x86/gfni.h"

#ifdef RIJN_X86

struct gfni_ks {
    __m128i ek[15]; /* FIPS 197 round keys */
    /* dk[0] = ek[nr]; dk[r] = A^-1 InvMixColumns(ek[nr - r]) + 0x05 for
     * 0 < r < nr (the z basis above); dk[nr] = ek[0]. */
    __m128i dk[15];
    /* The round constants of the YMM passes, each 16-byte value in both
     * lanes: ENC_P0..3, M_2A, M_3A, M_A, then DEC_Q0..3, M_AINV_E, _B, _D,
     * _9 (public values, written at key setup; see YC below). Bytes, not
     * __m256i: the key is only 16-byte aligned (RIJN_CTX_ALIGN), and VEX
     * memory operands need no alignment. */
    uint8_t yc[15][32];
    int nr;
};
_Static_assert(sizeof(struct gfni_ks) <= RIJN_AES_KS_BYTES, "aes-gfni key schedule fits rijn_aes_key");

/* The matrices M_*, affine constants C_* and shuffle indices ENC_Pj,
 * DEC_Qj, ROT_j: scripts/gen_gfni_consts.py, which checks them. */
#include "aes/gfni_consts.h"

/* ---- one block in an XMM register (the serial chains) ---- */

GFNI_INLINE __m128i enc_round_x(__m128i s, __m128i k)
{
    const __m128i u0 = GF_AFFINEINV(_mm_shuffle_epi8(s, ENC_P0), _mm_set1_epi64x(M_2A), C_2);
    const __m128i u1 = GF_AFFINEINV(_mm_shuffle_epi8(s, ENC_P1), _mm_set1_epi64x(M_3A), C_3);
    const __m128i u2 = GF_AFFINEINV(_mm_shuffle_epi8(s, ENC_P2), _mm_set1_epi64x(M_A), C_1);
    const __m128i u3 = GF_AFFINEINV(_mm_shuffle_epi8(s, ENC_P3), _mm_set1_epi64x(M_A), C_1);
    return _mm_xor_si128(_mm_xor_si128(u0, u1), _mm_xor_si128(_mm_xor_si128(u2, u3), k));
}

GFNI_INLINE __m128i enc1(const struct gfni_ks *k, __m128i s)
{
    s = _mm_xor_si128(s, k->ek[0]);
    for (int r = 1; r < k->nr; r++) s = enc_round_x(s, k->ek[r]);
    /* Last round: SubBytes and ShiftRows only (FIPS 197 §5.1). */
    s = GF_AFFINEINV(_mm_shuffle_epi8(s, ENC_P0), _mm_set1_epi64x(M_A), C_1);
    return _mm_xor_si128(s, k->ek[k->nr]);
}

GFNI_INLINE __m128i dec_round_x(__m128i z, __m128i k)
{
    const __m128i u0 = GF_AFFINEINV(_mm_shuffle_epi8(z, DEC_Q0), _mm_set1_epi64x(M_AINV_E), 0);
    const __m128i u1 = GF_AFFINEINV(_mm_shuffle_epi8(z, DEC_Q1), _mm_set1_epi64x(M_AINV_B), 0);
    const __m128i u2 = GF_AFFINEINV(_mm_shuffle_epi8(z, DEC_Q2), _mm_set1_epi64x(M_AINV_D), 0);
    const __m128i u3 = GF_AFFINEINV(_mm_shuffle_epi8(z, DEC_Q3), _mm_set1_epi64x(M_AINV_9), 0);
    return _mm_xor_si128(_mm_xor_si128(u0, u1), _mm_xor_si128(_mm_xor_si128(u2, u3), k));
}

GFNI_INLINE __m128i dec1(const struct gfni_ks *k, __m128i s)
{
    /* Into the z basis: z = A^-1 (s + k) + 0x05. */
    __m128i z = GF_AFFINE(_mm_xor_si128(s, k->dk[0]), _mm_set1_epi64x(M_AINV), C_Z);
    for (int r = 1; r < k->nr; r++) z = dec_round_x(z, k->dk[r]);
    /* Last round: InvShiftRows and the inversion, which ends InvSubBytes
     * (its affine part is already in z). */
    z = GF_AFFINEINV(_mm_shuffle_epi8(z, DEC_Q0), _mm_set1_epi64x(M_ID), 0);
    return _mm_xor_si128(z, k->dk[k->nr]);
}

/* ---- two blocks per YMM register, m registers (1 to 4) at once ---- */

#define B2(x) _mm256_broadcastsi128_si256(x)

/* The YMM passes read their shuffle indices and matrices from the key
 * (yc) through a pointer the compiler cannot follow, once per round, so
 * each is a memory operand of its instruction and not a register held
 * across the pass. Held in registers, the eleven constants beside four
 * states and their four terms made GCC spill states and terms to the
 * stack, where nothing would clear them. */
#define YC(k, c)                      \
    do {                              \
        (c) = (k)->yc;                \
        __asm__("" : "+r"(c));        \
    } while (0)
enum { YC_P0 = 0, YC_2A = 4, YC_3A, YC_A, YC_Q0, YC_E = 11, YC_B, YC_D, YC_9 };

GFNI_INLINE void enc_y(const struct gfni_ks *k, __m256i *s, int m)
{
    const uint8_t(*c)[32];
    __m256i rk = B2(k->ek[0]);
    VAES_EACH for (int j = 0; j < m; j++) s[j] = _mm256_xor_si256(s[j], rk);
    for (int r = 1; r < k->nr; r++) {
        YC(k, c);
        rk = B2(k->ek[r]);
        VAES_EACH for (int j = 0; j < m; j++) {
            const __m256i u0 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_P0])), LOADY(c[YC_2A]), C_2);
            const __m256i u1 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_P0 + 1])), LOADY(c[YC_3A]), C_3);
            const __m256i u2 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_P0 + 2])), LOADY(c[YC_A]), C_1);
            const __m256i u3 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_P0 + 3])), LOADY(c[YC_A]), C_1);
            s[j] = _mm256_xor_si256(_mm256_xor_si256(u0, u1), _mm256_xor_si256(_mm256_xor_si256(u2, u3), rk));
        }
    }
    YC(k, c);
    rk = B2(k->ek[k->nr]);
    VAES_EACH for (int j = 0; j < m; j++)
        s[j] = _mm256_xor_si256(GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_P0])), LOADY(c[YC_A]), C_1), rk);
}

GFNI_INLINE void dec_y(const struct gfni_ks *k, __m256i *s, int m)
{
    const uint8_t(*c)[32];
    __m256i rk = B2(k->dk[0]);
    VAES_EACH for (int j = 0; j < m; j++)
        s[j] = GF_AFFINE_Y(_mm256_xor_si256(s[j], rk), _mm256_set1_epi64x(M_AINV), C_Z);
    for (int r = 1; r < k->nr; r++) {
        YC(k, c);
        rk = B2(k->dk[r]);
        VAES_EACH for (int j = 0; j < m; j++) {
            const __m256i u0 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_Q0])), LOADY(c[YC_E]), 0);
            const __m256i u1 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_Q0 + 1])), LOADY(c[YC_B]), 0);
            const __m256i u2 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_Q0 + 2])), LOADY(c[YC_D]), 0);
            const __m256i u3 = GF_AFFINEINV_Y(_mm256_shuffle_epi8(s[j], LOADY(c[YC_Q0 + 3])), LOADY(c[YC_9]), 0);
            s[j] = _mm256_xor_si256(_mm256_xor_si256(u0, u1), _mm256_xor_si256(_mm256_xor_si256(u2, u3), rk));
        }
    }
    YC(k, c);
    rk = B2(k->dk[k->nr]);
    VAES_EACH for (int j = 0; j < m; j++) {
        const __m256i z = _mm256_shuffle_epi8(s[j], LOADY(c[YC_Q0]));
        s[j] = _mm256_xor_si256(GF_AFFINEINV_Y(z, _mm256_set1_epi64x(M_ID), 0), rk);
    }
}

/* ---- key setup ---- */

GFNI_INLINE uint32_t gfni_sub_word(uint32_t w)
{
    return (uint32_t)_mm_cvtsi128_si32(GF_AFFINEINV(_mm_cvtsi32_si128((int)w), _mm_set1_epi64x(M_A), C_1));
}

static GFNI_TARGET void gfni_setkey(void *ks, const uint8_t *key, size_t key_len)
{
    struct gfni_ks *k = ks;
    uint8_t rk[240];
    const int nr = (int)rijn_key_expand(rk, key, key_len, gfni_sub_word);
    k->nr = nr;
    for (int r = 0; r <= nr; r++) k->ek[r] = LOADX(rk + 16 * r);
    k->dk[0] = k->ek[nr];
    k->dk[nr] = k->ek[0];
    /* One round key at a time: GCC unrolled this loop and spilled key
     * material to the stack. */
    _Pragma("GCC unroll 1") for (int r = 1; r < nr; r++) {
        /* A^-1 InvMixColumns(e) + 0x05: InvMixColumns' byte in row i is
         * 14 e_i + 11 e_(i+1) + 13 e_(i+2) + 9 e_(i+3) within the column
         * (FIPS 197 §5.3.3), each term one matrix A^-1 c. */
        const __m128i e = k->ek[nr - r];
        __m128i d = GF_AFFINE(e, _mm_set1_epi64x(M_AINV_E), C_Z);
        d = _mm_xor_si128(d, GF_AFFINE(_mm_shuffle_epi8(e, ROT_1), _mm_set1_epi64x(M_AINV_B), 0));
        d = _mm_xor_si128(d, GF_AFFINE(_mm_shuffle_epi8(e, ROT_2), _mm_set1_epi64x(M_AINV_D), 0));
        d = _mm_xor_si128(d, GF_AFFINE(_mm_shuffle_epi8(e, ROT_3), _mm_set1_epi64x(M_AINV_9), 0));
        k->dk[r] = d;
    }
    rijn_wipe(rk, sizeof rk);
    const __m128i yc[15] = { ENC_P0, ENC_P1, ENC_P2, ENC_P3,
                             _mm_set1_epi64x(M_2A), _mm_set1_epi64x(M_3A), _mm_set1_epi64x(M_A),
                             DEC_Q0, DEC_Q1, DEC_Q2, DEC_Q3,
                             _mm_set1_epi64x(M_AINV_E), _mm_set1_epi64x(M_AINV_B),
                             _mm_set1_epi64x(M_AINV_D), _mm_set1_epi64x(M_AINV_9) };
    for (int i = 0; i < 15; i++) STOREY(k->yc[i], B2(yc[i]));
}

/* ---- the driver's entry points ---- */

/* m registers (1 to 4, a constant at each call, so that the states stay
 * in registers) of ECB through the rounds. */
GFNI_INLINE void ecb_pass(const struct gfni_ks *k, uint8_t *out, const uint8_t *in, int m, bool encrypt)
{
    __m256i s[4];
    VAES_EACH for (int j = 0; j < m; j++) s[j] = LOADY(in + 32 * j);
    if (encrypt)
        enc_y(k, s, m);
    else
        dec_y(k, s, m);
    VAES_EACH for (int j = 0; j < m; j++) STOREY(out + 32 * j, s[j]);
}

/* Whole passes of four registers, then one pass of the 1 to 3 registers
 * left, then an odd block in an XMM register. */
GFNI_INLINE void ecb_body(const struct gfni_ks *k, uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    for (; n >= 8; n -= 8, in += 128, out += 128) ecb_pass(k, out, in, 4, encrypt);
    switch (n / 2) {
    case 3: ecb_pass(k, out, in, 3, encrypt); break;
    case 2: ecb_pass(k, out, in, 2, encrypt); break;
    case 1: ecb_pass(k, out, in, 1, encrypt); break;
    default: break;
    }
    in += 32 * (n / 2);
    out += 32 * (n / 2);
    if (n & 1) STOREX(out, encrypt ? enc1(k, LOADX(in)) : dec1(k, LOADX(in)));
}

static GFNI_TARGET void gfni_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ecb_body(ks, out, in, n, true);
}

static GFNI_TARGET void gfni_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    ecb_body(ks, out, in, n, false);
}

static GFNI_TARGET void gfni_cbc_encrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct gfni_ks *k = ks;
    __m128i c = LOADX(iv);
    for (; n; n--, in += 16, out += 16) {
        c = enc1(k, _mm_xor_si128(c, LOADX(in)));
        STOREX(out, c);
    }
    STOREX(iv, c);
}

static GFNI_TARGET void gfni_cbc_mac(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct gfni_ks *k = ks;
    __m128i c = LOADX(mac);
    for (; n; n--, in += 16) c = enc1(k, _mm_xor_si128(c, LOADX(in)));
    STOREX(mac, c);
}

/* CBC decryption (SP 800-38A §6.2): eight blocks a pass; every input block
 * of a pass is loaded before the pass stores, so out == in works. */
static GFNI_TARGET void gfni_cbc_decrypt(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct gfni_ks *k = ks;
    __m128i prev = LOADX(iv);
    for (; n >= 8; n -= 8, in += 128, out += 128) {
        __m256i s[4], p[4];
        VAES_EACH for (int j = 0; j < 4; j++) s[j] = LOADY(in + 32 * j);
        dec_y(k, s, 4);
        /* The ciphertext block before each, (prev, c0), (c1, c2), ...,
         * loaded after the rounds (held across them, GCC spilled them)
         * and before the first store. */
        p[0] = _mm256_set_m128i(LOADX(in), prev);
        VAES_EACH for (int j = 1; j < 4; j++) p[j] = LOADY(in + 32 * j - 16);
        prev = LOADX(in + 112);
        VAES_EACH for (int j = 0; j < 4; j++) STOREY(out + 32 * j, _mm256_xor_si256(s[j], p[j]));
    }
    for (; n; n--, in += 16, out += 16) {
        const __m128i c = LOADX(in);
        STOREX(out, _mm_xor_si128(dec1(k, c), prev));
        prev = c;
    }
    STOREX(iv, prev);
}

/* XTS tweak times x (IEEE 1619 §5.2): both 64-bit halves doubled, the
 * low half's carry into bit 64, bit 127's folded back as 0x87. No branch.
 * aesni_core.h's xts_mulx is the same, but compiled for AES-NI, which
 * this driver cannot require. */
GFNI_INLINE __m128i gfni_mulx(__m128i t)
{
    const __m128i s = _mm_shuffle_epi32(_mm_srai_epi32(t, 31), 0x13); /* [sign(d3), 0, sign(d1), 0] */
    return _mm_xor_si128(_mm_add_epi64(t, t), _mm_and_si128(s, _mm_set_epi32(0, 1, 0, 0x87)));
}

/* The tweaks of 2m blocks from t, two per register; t advances past them. */
GFNI_INLINE void xts_tweaks(__m128i *t, __m256i *tw, int m)
{
    VAES_EACH for (int j = 0; j < m; j++) {
        const __m128i a = *t, b = gfni_mulx(a);
        tw[j] = _mm256_set_m128i(b, a);
        *t = gfni_mulx(b);
    }
}

/* m registers of XTS: C = E(P + T) + T, *t the pass's first tweak,
 * advanced past the pass at its end. The pass's tweaks go through tb, a buffer the
 * caller clears, written and read back through a volatile pointer: held
 * in registers across the rounds beside the states, GCC spilled tweaks
 * (and values it derived from them) to stack slots of its own, which
 * nothing clears. */
GFNI_INLINE void xts_pass(const struct gfni_ks *k, __m128i *t, volatile __m256i *tb, uint8_t *out,
                          const uint8_t *in, int m, bool encrypt)
{
    __m256i s[4], tw[4];
    __m128i u = *t;
    xts_tweaks(&u, tw, m);
    VAES_EACH for (int j = 0; j < m; j++) {
        tb[j] = tw[j];
        s[j] = _mm256_xor_si256(LOADY(in + 32 * j), tw[j]);
    }
    if (encrypt)
        enc_y(k, s, m);
    else
        dec_y(k, s, m);
    VAES_EACH for (int j = 0; j < m; j++) STOREY(out + 32 * j, _mm256_xor_si256(s[j], tb[j]));
    /* The next tweak from the buffer's last, so that none is live across
     * the rounds. */
    *t = gfni_mulx(_mm256_extracti128_si256(tb[m - 1], 1));
}

GFNI_INLINE void xts_body(const struct gfni_ks *k, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n,
                          bool encrypt)
{
    __m256i buf[4];
    volatile __m256i *const tb = buf;
    __m128i t = LOADX(tweak);
    for (; n >= 8; n -= 8, in += 128, out += 128) xts_pass(k, &t, tb, out, in, 4, encrypt);
    switch (n / 2) {
    case 3: xts_pass(k, &t, tb, out, in, 3, encrypt); break;
    case 2: xts_pass(k, &t, tb, out, in, 2, encrypt); break;
    case 1: xts_pass(k, &t, tb, out, in, 1, encrypt); break;
    default: break;
    }
    in += 32 * (n / 2);
    out += 32 * (n / 2);
    if (n & 1) {
        const __m128i b = _mm_xor_si128(LOADX(in), t);
        STOREX(out, _mm_xor_si128(encrypt ? enc1(k, b) : dec1(k, b), t));
        t = gfni_mulx(t);
    }
    STOREX(tweak, t);
    for (int j = 0; j < 4; j++) tb[j] = _mm256_setzero_si256();
}

/* One function per direction, so that no loop tests it. */
static GFNI_TARGET void gfni_xts_enc(const struct gfni_ks *k, uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    xts_body(k, tweak, out, in, n, true);
}

static GFNI_TARGET void gfni_xts_dec(const struct gfni_ks *k, uint8_t tweak[16], uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    xts_body(k, tweak, out, in, n, false);
}

static void gfni_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    if (encrypt)
        gfni_xts_enc(ks, tweak, out, in, n);
    else
        gfni_xts_dec(ks, tweak, out, in, n);
}

static const struct rijn_cipher_ops gfni_ops = {
    .setkey = gfni_setkey,
    .encrypt = gfni_encrypt,
    .decrypt = gfni_decrypt,
    .cbc_encrypt = gfni_cbc_encrypt,
    .cbc_mac = gfni_cbc_mac,
    .cbc_decrypt = gfni_cbc_decrypt,
    .xts = gfni_xts,
};
#define GFNI_OPS &gfni_ops
#else
#define GFNI_OPS NULL
#endif

/* 350: under aes-aesni (400), above aes-bs-avx2 (300) and aes-vperm
 * (200), whose parallel and serial paths it beats (docs/performance.md,
 * "aes-gfni"), so every mode runs here where AES-NI is absent or masked
 * and GFNI is present. */
const struct rijn_desc rijn_aes_gfni_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-gfni",
    .priority = 350,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_SSSE3 | RIJN_CPU_AVX2 | RIJN_CPU_GFNI_REQ,
    .ct = true,
    .ops = GFNI_OPS,
};
