/* SPDX-License-Identifier: MIT */
/*
 * aes-vperm: constant-time AES (FIPS 197) with a 16-entry byte shuffle,
 * after M. Hamburg, "Accelerating AES with vector permute instructions"
 * (CHES 2009): SSSE3's PSHUFB on x86-64, TBL on AArch64, VTBL on 32-bit
 * ARM with NEON (vperm_sbox.h holds the one-operation shim and why the
 * three agree on every index used here). One block per register, no
 * tables in memory indexed by secrets: the only lookups are the
 * sixteen-entry in-register ones, whose timing does not depend on the
 * index.
 *
 * Why it exists
 * -------------
 * Without AES instructions the bit-sliced drivers (aes-ct128,
 * aes-bs-avx2, aes-neonbs) are the fast path for parallel modes, but a
 * bit-sliced pass costs the same for one block as for eight or sixteen.
 * CBC encryption and CBC-MAC (CMAC, CCM) have one block in flight, so they
 * need a cipher that is fast on one block: this one, about a dozen
 * shuffles per round. 32-bit ARM needs it most: its VTBL looks up 8 bytes
 * from a table of at most 32, so the 256-byte S-box of aes-neon (AArch64's
 * four-register TBL) has no ARMv7 counterpart, while the GF(16) circuit
 * needs only 16-byte tables. Each shuffle is two VTBLs there (8 result
 * bytes each), as in BoringSSL's vpaes-armv7.
 *
 * The S-box as shuffles
 * ---------------------
 * SubBytes is inversion in GF(256) followed by an affine map. PSHUFB maps
 * a nibble to a byte, so the inversion is done in GF(256) seen as a
 * quadratic extension of GF(16): GF(16)[t]/(t^2 + c t + 1). An element
 * x = p t + r has the conjugate p t' + r with t' = t + c and t t' = 1, the
 * norm N = p^2 + c p r + r^2, and x^-1 = (p t + (c p + r)) / N.
 *
 * Products of two nibbles are what a shuffle cannot do. The circuit below
 * needs none (with q = p + r):
 *     A  = 1/p + c/q        po = r + 1/A   (= N / (q + c p))
 *     B  = 1/r + c/q        ro = p + 1/B   (= N / (q + c r))
 * Expanding r + p q / (q + c p) over its denominator and using
 * q^2 = p^2 + r^2 gives N / (q + c p). So 1/po and 1/ro are GF(16)-linear
 * in the coordinates of x^-1, and x^-1 = F(po) + G(ro) for two functions
 * of one nibble each. F and G, and every linear map that follows the
 * inversion (the affine map's linear part, MixColumns' factor 2, the
 * basis change), are folded into output shuffle tables. The cost is 6
 * lookups for the inversion plus 2 per output wanted.
 *
 * 1/0 is stored as 0x80: PSHUFB gives 0 for an index with bit 7 set, so
 * infinity propagates through an XOR with a nibble and 1/infinity = 0.
 * Every edge case comes out right (p = 0, q = 0, A = 0, and x = 0, whose
 * image must be 0); scripts/gen_vperm_tables.py checks all 256 inputs and
 * the whole cipher against the `cryptography` package before it prints
 * the tables.
 *
 * Bases and constants
 * -------------------
 * The byte fed to the circuit holds p (high nibble) and q (low nibble):
 * a GF(2)-linear image T(s) of the standard byte s. MixColumns and
 * AddRoundKey are GF(2)-linear, so the state stays in T between rounds
 * and the round keys are stored in T; the output tables give T(L z) and
 * T(2 L z) directly (z = x^-1, L the affine map's linear part). The
 * constant 0x63 goes into the round keys: MixColumns maps an all-0x63
 * column to itself (2 + 3 + 1 + 1 = 1 in GF(256)).
 *
 * Decryption uses the equivalent inverse cipher (FIPS 197 §5.3.5) in the
 * basis T2 = T o L^-1, with tables for 14z, 11z, 13z and 9z.
 *
 * Encryption never moves bytes for ShiftRows. MixColumns,
 *   out = 2a + 3a[row + 1] + a[row + 2] + a[row + 3] (after ShiftRows),
 * is computed with the 2a term left where it is, so the state's byte order
 * drifts by one ShiftRows per round; the other three terms move by
 * shuffles whose constant indices depend on the round mod 4, round keys
 * are stored in their round's order, and the last round puts the bytes
 * back. That is 12 shuffles a round (5 inversion, 4 output, 3 MixColumns;
 * the output tables give Lz and 2Lz, and MixColumns reuses a partial sum
 * as vpaes does: vperm_encrypt_n). Decryption keeps the plain order and folds
 * InvShiftRows into its four shuffles (it serves parallel modes only when
 * nothing better is present, and aes-bs-avx2's decryptions of fewer than
 * 7 blocks: no mode chains decryptions, so this round was not tuned for
 * latency as the encryption round was).
 */
#include "aes/vperm.h"
#include "aes/vperm_sbox.h"

typedef uint64_t bs_word;   /* for the shared key expansion (bp_sbox.h) */
#include "aes/bp_sbox.h"

#ifdef RIJN_VPERM

struct vperm_ks {
    struct vperm_enc_ks e;
    uint8_t dk[15][16];
    unsigned nr;
};
_Static_assert(sizeof(struct vperm_ks) <= RIJN_AES_KS_BYTES, "vperm key schedule too large");

#if defined(RIJN_X86)
/* One middle round of vperm_encrypt_n for a single block (CBC
 * encryption, CBC-MAC), in SSSE3 assembly: the same operations as the C
 * loop below, in an order that runs faster. On an Intel Xeon (family 6
 * model 167, 1-cycle PSHUFB and PXOR, measured) GCC's order of the C
 * round took about 17.5 cycles a round against this one's 16 (16 KiB CBC
 * encryptions, AES-128 and AES-256 timed against each other; see
 * docs/performance.md). The round is 13 operations deep either way; what
 * differs is which ready operations compete for the two shuffle ports
 * when. The S tables are loaded from memory in the round (load ports)
 * rather than held in registers: with them in registers the round was
 * slower again, the copies of fourteen register-resident tables and the
 * state being more than move elimination here absorbs. */
/* The inversion (vperm_core) of x, in place of vperm_round_ssse3's and
 * vperm_last_ssse3's asm: p and q from x, then po in t5, ro in t2
 * (p is left in t1). */
#define VPERM_SSSE3_CORE \
    "movdqa %[m], %[t1]\n\t" \
    "pandn %[x], %[t1]\n\t" \
    "psrld $4, %[t1]\n\t"         /* p (the high nibble) */ \
    "pand %[m], %[x]\n\t"         /* q */ \
    "movdqa %[cqt], %[t2]\n\t" \
    "pshufb %[x], %[t2]\n\t"      /* c/q */ \
    "movdqa %[inv], %[t3]\n\t" \
    "pxor %[t1], %[x]\n\t"        /* r = p + q */ \
    "pshufb %[t1], %[t3]\n\t" \
    "movdqa %[inv], %[t4]\n\t" \
    "pxor %[t2], %[t3]\n\t"       /* a = 1/p + c/q */ \
    "pshufb %[x], %[t4]\n\t" \
    "movdqa %[inv], %[t5]\n\t" \
    "pxor %[t2], %[t4]\n\t"       /* b = 1/r + c/q */ \
    "pshufb %[t3], %[t5]\n\t" \
    "movdqa %[inv], %[t2]\n\t" \
    "pxor %[x], %[t5]\n\t"        /* po = r + 1/a */ \
    "pshufb %[t4], %[t2]\n\t" \
    "pxor %[t1], %[t2]\n\t"       /* ro = p + 1/b */

SSSE3_INLINE __m128i vperm_round_ssse3(__m128i x, __m128i k, const uint8_t (*mc)[16], __m128i inv, __m128i cqt,
                                       __m128i d_p, __m128i d_r)
{
    __m128i t1, t2, t3, t4, t5, t6;
    __asm__(VPERM_SSSE3_CORE
            "movdqa %[sp], %[x]\n\t"
            "pshufb %[t5], %[x]\n\t"
            "movdqa %[dp], %[t3]\n\t"
            "pshufb %[t5], %[t3]\n\t"
            "pxor %[k], %[x]\n\t"         /* S(po) + K */
            "movdqa %[sr], %[t1]\n\t"
            "pshufb %[t2], %[t1]\n\t"
            "movdqa %[dr], %[t6]\n\t"
            "pshufb %[t2], %[t6]\n\t"
            "pxor %[t1], %[x]\n\t"        /* A = S + K */
            "pxor %[t6], %[t3]\n\t"       /* 2S */
            "movdqa %[x], %[t4]\n\t"
            "pshufb %[mc0], %[x]\n\t"     /* R1(A) */
            "pshufb %[mc2], %[t4]\n\t"    /* R3(A) */
            "pxor %[t3], %[x]\n\t"        /* y = 2S + R1(A) */
            "pxor %[x], %[t4]\n\t"        /* y + R3(A) */
            "pshufb %[mc0], %[x]\n\t"     /* R1(y) */
            "pxor %[t4], %[x]"
            : [x] "+x"(x), [t1] "=&x"(t1), [t2] "=&x"(t2), [t3] "=&x"(t3), [t4] "=&x"(t4), [t5] "=&x"(t5),
              [t6] "=&x"(t6)
            : [m] "x"(_mm_set1_epi8(0x0f)), [inv] "x"(inv), [cqt] "x"(cqt), [dp] "x"(d_p), [dr] "x"(d_r),
              [sp] "m"(vperm_tab[VP_ENC_S_P]), [sr] "m"(vperm_tab[VP_ENC_S_R]), [k] "x"(k), [mc0] "m"(mc[0]),
              [mc2] "m"(mc[2]));
    return x;
}

/* The last round of vperm_encrypt_n with T(c) wanted (CBC), for the
 * same reason: with its tables as memory operands GCC need not keep
 * seven more constants in registers through the loop (it spilled and
 * reloaded one per block). tkl is 16-byte aligned (an SSE memory
 * operand). */
SSSE3_INLINE __m128i vperm_last_ssse3(__m128i x, __m128i kl, const __m128i *tkl, const uint8_t *last, __m128i inv,
                                      __m128i cqt, __m128i *tc)
{
    __m128i t1, t2, t3, t4, t5, t6;
    __asm__(VPERM_SSSE3_CORE
            "movdqa %[sp], %[t1]\n\t"
            "pshufb %[t5], %[t1]\n\t"
            "movdqa %[lp], %[t4]\n\t"
            "pshufb %[t5], %[t4]\n\t"
            "pxor %[tkl], %[t1]\n\t"
            "pxor %[kl], %[t4]\n\t"
            "movdqa %[sr], %[t3]\n\t"
            "pshufb %[t2], %[t3]\n\t"
            "movdqa %[lr], %[t6]\n\t"
            "pshufb %[t2], %[t6]\n\t"
            "pxor %[t3], %[t1]\n\t"
            "pxor %[t6], %[t4]\n\t"
            "pshufb %[last], %[t1]\n\t"   /* T(c) */
            "pshufb %[last], %[t4]\n\t"   /* c */
            : [x] "+x"(x), [t1] "=&x"(t1), [t2] "=&x"(t2), [t3] "=&x"(t3), [t4] "=&x"(t4), [t5] "=&x"(t5),
              [t6] "=&x"(t6)
            : [m] "x"(_mm_set1_epi8(0x0f)), [inv] "x"(inv), [cqt] "x"(cqt), [kl] "x"(kl), [tkl] "m"(*tkl),
              [sp] "m"(vperm_tab[VP_ENC_S_P]), [sr] "m"(vperm_tab[VP_ENC_S_R]), [lp] "m"(vperm_tab[VP_ENC_LAST_P]),
              [lr] "m"(vperm_tab[VP_ENC_LAST_R]), [last] "m"(*(const uint8_t(*)[16])last));
    *tc = t1;
    return t4;
}
#endif

/* Rounds 1..Nr of nb blocks side by side (1 or 2: two independent chains
 * fill the shuffle port's latency gaps in the parallel modes), from x, the
 * state after round 0 (T(block) + T(rk0)). Gives the ciphertext in c
 * and, where tc is not NULL, its T image, which a CBC chain starts its
 * next block from (T is linear, so T(c + p) = T(c) + T(p), and T(p) is
 * off the chain); tkl holds T(ek[Nr]), used only with tc (from memory:
 * held in a register through the loop, it made the x86 loop 3% slower).
 * ek is the schedule of vperm_schedule.
 *
 * A middle round, with S = T(L(1/x)) (the S-box output less 0x63) and
 * its double from the output tables, and the rows moved by R1, R3 (the
 * round's mc tables; R1 R1 = R2, which the table script asserts):
 *     A = S + K,  y = 2S + R1(A),  out = y + R3(A) + R1(y)
 *       = 2S + 3 R1(S) + R2(S) + R3(S) + (R1 + R2 + R3)(K),
 * i.e. MixColumns plus the round key, when K = N(k) for the key k and
 * N = R1 + R2 + R3, which is its own inverse (see mc_key below). This is
 * the form of Hamburg's and vpaes's round: 7 shuffles and 6 XORs after
 * the inversion, one XOR fewer than 2S, 3S and S moved separately, and
 * 13 operations deep (po, ro 6 and 7; A 9; y 11; out 13).
 *
 * The last round: z = L(1/x) from the output tables, c = last(z + kl'),
 * where kl' is the last round key moved back through the shuffle "last"
 * (which puts the drifted layout back in FIPS order), so the key is
 * added off the chain; T(c) = last(S + T(kl')) comes from the S tables:
 * a CBC chain goes from ro to the next block's state in 4 operations,
 * where the ciphertext, then T(c + p) + T(rk0) took 10. */
VP_INLINE void vperm_encrypt_n(const uint8_t (*ek)[16], unsigned nr, vp_t *x, vp_t *c, vp_t *tc, const uint8_t *tkl, int nb)
{
    const vp_t inv = VT(INV), cqt = VT(CQ);
    const vp_t s_p = VT(ENC_S_P), s_r = VT(ENC_S_R), d_p = VT(ENC_D_P), d_r = VT(ENC_D_R);
    for (unsigned r = 1; r < nr; r++) {
        const vp_t k = VP_LOAD(ek[r]);
        const uint8_t (*mc)[16] = &vperm_tab[VP_MC0_ROT1 + 3 * ((r - 1) & 3)];
#if defined(RIJN_X86)
        if (nb == 1) {
            x[0] = vperm_round_ssse3(x[0], k, mc, inv, cqt, d_p, d_r);
            continue;
        }
#endif
        for (int j = 0; j < nb; j++) {
            vp_t po, ro;
            vperm_core(x[j], inv, cqt, &po, &ro);
            /* The key joins po's term, which is ready a level before ro's:
             * GCC reassociates XOR chains freely and otherwise adds it
             * last, on the chain. */
            vp_t sk = X(SHUF(s_p, po), k);
            VP_PIN(sk);
            vp_t a = X(sk, SHUF(s_r, ro));
            vp_t y = X(X(SHUF(d_p, po), SHUF(d_r, ro)), SHUF(a, VP_LOAD(mc[0])));
            /* Likewise: y + R3(A) is ready a level before R1(y). */
            vp_t ya = X(y, SHUF(a, VP_LOAD(mc[2])));
            VP_PIN(ya);
            x[j] = X(ya, SHUF(y, VP_LOAD(mc[0])));
        }
    }
    const vp_t last = VP_LOAD(vperm_tab[VP_LAST0 + ((nr - 1) & 3)]);
    const vp_t kl = VP_LOAD(ek[nr]);
#if defined(RIJN_X86)
    if (nb == 1 && tc) {
        c[0] = vperm_last_ssse3(x[0], kl, (const __m128i *)tkl, vperm_tab[VP_LAST0 + ((nr - 1) & 3)], inv, cqt, tc);
        return;
    }
#endif
    for (int j = 0; j < nb; j++) {
        vp_t po, ro;
        vperm_core(x[j], inv, cqt, &po, &ro);
        if (tc) {
            vp_t sk = X(SHUF(s_p, po), VP_LOAD(tkl));
            VP_PIN(sk);
            tc[j] = SHUF(X(sk, SHUF(s_r, ro)), last);
        }
        c[j] = SHUF(X(X(SHUF(VT(ENC_LAST_P), po), kl), SHUF(VT(ENC_LAST_R), ro)), last);
    }
}

/* T(block) + T(rk0): the state after round 0. */
VP_INLINE vp_t vperm_enc_in(const uint8_t (*ek)[16], vp_t b)
{
    vp_t x = X(vperm_basis(b, VT(ENC_IN_LO), VT(ENC_IN_HI)), VP_LOAD(ek[0]));
    VP_PIN(x);   /* whole, so that a CBC chain adds it in one XOR */
    return x;
}

VP_INLINE void vperm_decrypt_n(const uint8_t (*dk)[16], unsigned nr, vp_t *x, int nb)
{
    const vp_t inv = VT(INV), cqt = VT(CQ);
    const vp_t k0 = VP_LOAD(dk[nr]);
    for (int j = 0; j < nb; j++) x[j] = X(vperm_basis(x[j], VT(DEC_IN_LO), VT(DEC_IN_HI)), k0);
    for (unsigned r = nr - 1; r > 0; r--) {
        const vp_t kr = VP_LOAD(dk[r]);
        for (int j = 0; j < nb; j++) {
            vp_t po, ro;
            vperm_core(x[j], inv, cqt, &po, &ro);
            vp_t e = X(SHUF(VT(DEC_E_P), po), SHUF(VT(DEC_E_R), ro));
            vp_t b = X(SHUF(VT(DEC_B_P), po), SHUF(VT(DEC_B_R), ro));
            vp_t d = X(SHUF(VT(DEC_D_P), po), SHUF(VT(DEC_D_R), ro));
            vp_t n = X(SHUF(VT(DEC_9_P), po), SHUF(VT(DEC_9_R), ro));
            vp_t t = X(SHUF(e, VT(ISR_ROT0)), SHUF(b, VT(ISR_ROT1)));
            vp_t u = X(SHUF(d, VT(ISR_ROT2)), SHUF(n, VT(ISR_ROT3)));
            x[j] = X(X(t, u), kr);
        }
    }
    const vp_t kl = VP_LOAD(dk[0]);
    for (int j = 0; j < nb; j++) {
        vp_t po, ro;
        vperm_core(x[j], inv, cqt, &po, &ro);
        vp_t z = X(SHUF(VT(DEC_LAST_P), po), SHUF(VT(DEC_LAST_R), ro));
        x[j] = X(SHUF(z, VT(ISR_ROT0)), kl);
    }
}

/* ------------------------------------------------------ key schedule -- */

static VP_TARGET void to_basis(uint8_t out[16], const uint8_t in[16], vp_t lo_t, vp_t hi_t, vp_t add)
{
    VP_STORE(out, X(vperm_basis(VP_LOAD(in), lo_t, hi_t), add));
}

/* N(k) = R1(k) + R2(k) + R3(k) in round r's layout: the key a middle
 * round adds once, into A, comes out of MixColumns as N of itself (see
 * vperm_encrypt_n), so the stored key is N(k). N is its own inverse: per
 * column it is multiplication by x + x^2 + x^3 modulo x^4 + 1 (x moves a
 * byte one row), and in characteristic 2 its square is x^2 + x^4 + x^6 =
 * x^2 + 1 + x^2 = 1. The script's model asserts N(N(k)) = k. */
static VP_TARGET vp_t mc_key(vp_t k, unsigned r)
{
    const uint8_t (*mc)[16] = &vperm_tab[VP_MC0_ROT1 + 3 * ((r - 1) & 3)];
    return X(X(SHUF(k, VP_LOAD(mc[0])), SHUF(k, VP_LOAD(mc[1]))), SHUF(k, VP_LOAD(mc[2])));
}

static VP_TARGET unsigned vperm_schedule(struct vperm_enc_ks *e, const uint8_t *key, size_t key_len)
{
    uint8_t rks[240], im[16];
    const vp_t zero = VP_DUP(0);
    const unsigned nr = rijn_key_expand(rks, key, key_len, bs_sub_word);
    for (unsigned r = 0; r <= nr; r++) {
        const uint8_t *rk = rks + 16 * r;
        /* Encryption: T(rk0); N(T(rk ^ 63)) in round r's state layout in
         * the middle; at the end rk ^ 63 moved back through the last
         * shuffle (last[j] is where byte j comes from). Its T image, which
         * CBC needs, is made once per call (the CBC functions): the
         * schedule of aes-bs-avx2 has no room for a sixteenth key. */
        if (r == 0) {
            to_basis(e->ek[r], rk, VT(ENC_IN_LO), VT(ENC_IN_HI), zero);
        } else if (r < nr) {
            to_basis(e->ek[r], rk, VT(ENC_IN_LO), VT(ENC_IN_HI), VT(T_63));
            VP_STORE(e->ek[r], mc_key(SHUF(VP_LOAD(e->ek[r]), VP_LOAD(vperm_tab[VP_PI0 + (r & 3)])), r));
        } else {
            const unsigned m = VP_LAST0 + ((nr - 1) & 3);
            for (unsigned j = 0; j < 16; j++) im[vperm_tab[m][j] & 15] = (uint8_t)(rk[j] ^ 0x63);   /* public index */
            memcpy(e->ek[nr], im, 16);
        }
    }
    rijn_wipe(rks, sizeof rks);
    rijn_wipe(im, sizeof im);
    return nr;
}

/* The decryption schedule from the encryption one, for a driver that
 * keeps only the latter (aes-bs-avx2's decryptions of a few blocks,
 * rijn_vperm_decrypt_ek) and for aes-vperm's own key setup (the
 * equivalent inverse cipher's keys, FIPS 197 §5.3.5, in the basis T2): each
 * key made from the matching encryption key by linear maps, which are
 * shuffles. ek[0] = T(rk0) goes back
 * through T^-1. The middle keys N(PI_r(T(rk + 63))) go through N (its own
 * inverse) and PI_r^-1 = PI_{-r mod 4} (ShiftRows has order 4), and then
 * through InvMixColumns with T2 o T^-1 folded in: per column out = 14a +
 * 11a[row + 1] + 13a[row + 2] + 9a[row + 3], each product a nibble-table
 * pair indexed by the T-basis byte. InvMixColumns maps the all-0x63
 * column to itself, so the 0x63 that the encryption key carries is the
 * one the decryption key needs. ek[nr], rk + 63 moved by the last
 * shuffle, is moved back and put in T2. scripts/gen_vperm_tables.py
 * checks the same steps against the schedule made from the key. */
static VP_TARGET void vperm_dk_from_ek(uint8_t (*dk)[16], const uint8_t (*ek)[16], unsigned nr)
{
    VP_STORE(dk[0], vperm_basis(VP_LOAD(ek[0]), VT(T_INV_LO), VT(T_INV_HI)));
    for (unsigned r = 1; r < nr; r++) {
        const vp_t k = SHUF(mc_key(VP_LOAD(ek[r]), r), VP_LOAD(vperm_tab[VP_PI0 + ((4 - r) & 3)]));
        const vp_t t14 = vperm_basis(k, VT(DK14_LO), VT(DK14_HI)), t11 = vperm_basis(k, VT(DK11_LO), VT(DK11_HI));
        const vp_t t13 = vperm_basis(k, VT(DK13_LO), VT(DK13_HI)), t9 = vperm_basis(k, VT(DK9_LO), VT(DK9_HI));
        VP_STORE(dk[r], X(X(t14, SHUF(t11, VT(ROT1))), X(SHUF(t13, VT(ROT2)), SHUF(t9, VT(ROT3)))));
    }
    const vp_t kl = SHUF(VP_LOAD(ek[nr]), VP_LOAD(vperm_tab[VP_LAST0 + ((nr - 1) & 3)]));
    VP_STORE(dk[nr], vperm_basis(kl, VT(DEC_IN_LO), VT(DEC_IN_HI)));
}

unsigned rijn_vperm_setkey_enc(struct vperm_enc_ks *k, const uint8_t *key, size_t key_len)
{
    return vperm_schedule(k, key, key_len);
}

/* Decryption: T2(rk ^ 63) first, T2(InvMC(rk) ^ 63), rk0 last, made from
 * the encryption keys. */
static void vperm_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct vperm_ks *k = ctx;
    k->nr = vperm_schedule(&k->e, key, key_len);
    vperm_dk_from_ek(k->dk, (const uint8_t(*)[16])k->e.ek, k->nr);
}

/* ------------------------------------------------------------- modes -- */

/* Also aes-bs-avx2's short encryptions, on the schedule it keeps for its
 * serial chains (vperm.h). */
VP_TARGET void rijn_vperm_encrypt(const struct vperm_enc_ks *k, unsigned nr, uint8_t *out, const uint8_t *in,
                                  size_t n)
{
    const uint8_t (*ek)[16] = (const uint8_t(*)[16])k->ek;
    vp_t x[2], c[2];
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        x[0] = vperm_enc_in(ek, VP_LOAD(in));
        x[1] = vperm_enc_in(ek, VP_LOAD(in + 16));
        vperm_encrypt_n(ek, nr, x, c, NULL, NULL, 2);
        VP_STORE(out, c[0]);
        VP_STORE(out + 16, c[1]);
    }
    if (n) {
        x[0] = vperm_enc_in(ek, VP_LOAD(in));
        vperm_encrypt_n(ek, nr, x, c, NULL, NULL, 1);
        VP_STORE(out, c[0]);
    }
}

static void vperm_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vperm_ks *k = ctx;
    rijn_vperm_encrypt(&k->e, k->nr, out, in, n);
}

static VP_TARGET void vperm_decrypt_blocks(const uint8_t (*dk)[16], unsigned nr, uint8_t *out, const uint8_t *in,
                                           size_t n)
{
    vp_t x[2];
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        x[0] = VP_LOAD(in);
        x[1] = VP_LOAD(in + 16);
        vperm_decrypt_n(dk, nr, x, 2);
        VP_STORE(out, x[0]);
        VP_STORE(out + 16, x[1]);
    }
    if (n) {
        x[0] = VP_LOAD(in);
        vperm_decrypt_n(dk, nr, x, 1);
        VP_STORE(out, x[0]);
    }
}

static void vperm_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vperm_ks *k = ctx;
    vperm_decrypt_blocks((const uint8_t(*)[16])k->dk, k->nr, out, in, n);
}

VP_TARGET void rijn_vperm_decrypt_ek(const struct vperm_enc_ks *k, unsigned nr, uint8_t *out, const uint8_t *in,
                                     size_t n)
{
    uint8_t dk[15][16] __attribute__((aligned(16)));
    vperm_dk_from_ek(dk, (const uint8_t(*)[16])k->ek, nr);
    vperm_decrypt_blocks((const uint8_t(*)[16])dk, nr, out, in, n);
    rijn_wipe(dk, sizeof dk);
}

/* The chain runs in the T basis: each block starts from T(c) of the one
 * before, plus T(p) + T(rk0), which do not wait for it (vperm_encrypt_n).
 * (Storing T(c) and turning it back in a second pass over each 1 KiB,
 * to take the ciphertext's three shuffles off the loop, was 2-4% slower
 * on the Xeon of docs/performance.md: they run in the chain's gaps.) */
VP_TARGET void rijn_vperm_cbc_encrypt(const struct vperm_enc_ks *k, unsigned nr, uint8_t iv[16], uint8_t *out,
                                         const uint8_t *in, size_t n)
{
    const uint8_t (*ek)[16] = (const uint8_t(*)[16])k->ek;
    vp_t tkl_v = vperm_basis(VP_LOAD(ek[nr]), VT(ENC_IN_LO), VT(ENC_IN_HI));   /* aligned */
    const uint8_t *tkl = (const uint8_t *)&tkl_v;
    vp_t c = VP_LOAD(iv), t = vperm_basis(c, VT(ENC_IN_LO), VT(ENC_IN_HI));
    for (; n; n--, in += 16, out += 16) {
        RIJN_MCA_BEGIN("vperm-cbc-enc");
        vp_t x = X(t, vperm_enc_in(ek, VP_LOAD(in)));
        vperm_encrypt_n(ek, nr, &x, &c, &t, tkl, 1);
        VP_STORE(out, c);
        RIJN_MCA_END();
    }
    VP_STORE(iv, c);
}

/* As CBC encryption, without the ciphertexts: only the last block's. */
VP_TARGET void rijn_vperm_cbc_mac(const struct vperm_enc_ks *k, unsigned nr, uint8_t mac[16], const uint8_t *in,
                                     size_t n)
{
    const uint8_t (*ek)[16] = (const uint8_t(*)[16])k->ek;
    if (!n) return;
    vp_t tkl_v = vperm_basis(VP_LOAD(ek[nr]), VT(ENC_IN_LO), VT(ENC_IN_HI));   /* aligned */
    const uint8_t *tkl = (const uint8_t *)&tkl_v;
    vp_t c, t = vperm_basis(VP_LOAD(mac), VT(ENC_IN_LO), VT(ENC_IN_HI)), x;
    for (; n > 1; n--, in += 16) {
        x = X(t, vperm_enc_in(ek, VP_LOAD(in)));
        vperm_encrypt_n(ek, nr, &x, &c, &t, tkl, 1);
    }
    x = X(t, vperm_enc_in(ek, VP_LOAD(in)));
    vperm_encrypt_n(ek, nr, &x, &c, NULL, NULL, 1);
    VP_STORE(mac, c);
}

static void vperm_cbc_encrypt(const void *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vperm_ks *k = ctx;
    rijn_vperm_cbc_encrypt(&k->e, k->nr, iv, out, in, n);
}

static void vperm_cbc_mac(const void *ctx, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct vperm_ks *k = ctx;
    rijn_vperm_cbc_mac(&k->e, k->nr, mac, in, n);
}

static const struct rijn_cipher_ops vperm_ops = {
    .setkey = vperm_setkey,
    .encrypt = vperm_encrypt,
    .decrypt = vperm_decrypt,
    .cbc_encrypt = vperm_cbc_encrypt,
    .cbc_mac = vperm_cbc_mac,
};
#define VPERM_OPS &vperm_ops
#else
#define VPERM_OPS NULL
#endif

/* 200 on every architecture. x86-64: under aes-aesni (400), above
 * aes-bs-avx2's serial 190 and aes-ct128 (110), so CMAC and CBC
 * encryption run here without AES-NI. AArch64: under aes-neon (250) and
 * aes-neonbs's serial 240, whose 256-byte TBL S-box costs fewer
 * instructions per round there (4 TBLs against 12 shuffles). 32-bit ARM
 * has neither AES instructions nor TBL's four-register table, so this is
 * the serial driver there: above aes-ct128 (110), and a bit-sliced NEON
 * driver ranks its serial chains below 200 and runs them on this code
 * (vperm.h). */
#if defined(RIJN_X86)
#define VPERM_CPU (RIJN_CPU_X86_64 | RIJN_CPU_SSSE3)
#else
#define VPERM_CPU (RIJN_ARM_ISA | RIJN_CPU_NEON)
#endif
const struct rijn_desc rijn_aes_vperm_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-vperm",
    .priority = 200,
    .cpu = VPERM_CPU,
    .ct = true,
    .ops = VPERM_OPS,
};
