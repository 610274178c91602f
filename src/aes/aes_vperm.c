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
 * back. That is 12 shuffles a round (5 inversion, 4 output, 3 MixColumns).
 * The output tables give 2Lz and 3Lz, so the longest term (3a moved) does
 * not wait for their sum. Decryption keeps the plain order and folds
 * InvShiftRows into its four shuffles (it serves parallel modes only when
 * nothing better is present, so latency matters less there).
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

/* Nb blocks side by side (1 or 2: two independent chains fill the
 * shuffle port's latency gaps in the parallel modes). */
VP_INLINE void vperm_encrypt_n(const uint8_t (*ek)[16], unsigned nr, vp_t *x, int nb)
{
    const vp_t inv = VT(INV), cqt = VT(CQ);
    const vp_t d_p = VT(ENC_D_P), d_r = VT(ENC_D_R), e_p = VT(ENC_E_P), e_r = VT(ENC_E_R);
    const vp_t k0 = VP_LOAD(ek[0]);
    for (int j = 0; j < nb; j++) x[j] = X(vperm_basis(x[j], VT(ENC_IN_LO), VT(ENC_IN_HI)), k0);
    for (unsigned r = 1; r < nr; r++) {
        const vp_t k = VP_LOAD(ek[r]);
        const uint8_t (*mc)[16] = &vperm_tab[VP_MC0_ROT1 + 3 * ((r - 1) & 3)];
        for (int j = 0; j < nb; j++) {
            vp_t po, ro;
            vperm_core(x[j], inv, cqt, &po, &ro);
            /* 2a stays in place, 3a and a move (ShiftRows is implicit). */
            vp_t d = X(SHUF(d_p, po), SHUF(d_r, ro));
            vp_t e = X(SHUF(e_p, po), SHUF(e_r, ro));
            vp_t s = X(d, e);
            vp_t dk = X(d, k);
            /* Keep the key XOR off the critical path: GCC reassociates
             * XOR chains freely and otherwise adds the key last. */
            VP_PIN(dk);
            vp_t t = X(dk, SHUF(e, VP_LOAD(mc[0])));
            vp_t u = X(SHUF(s, VP_LOAD(mc[1])), SHUF(s, VP_LOAD(mc[2])));
            x[j] = X(t, u);
        }
    }
    const vp_t kl = VP_LOAD(ek[nr]), last = VP_LOAD(vperm_tab[VP_LAST0 + ((nr - 1) & 3)]);
    for (int j = 0; j < nb; j++) {
        vp_t po, ro;
        vperm_core(x[j], inv, cqt, &po, &ro);
        vp_t z = X(SHUF(VT(ENC_LAST_P), po), SHUF(VT(ENC_LAST_R), ro));
        x[j] = X(SHUF(z, last), kl);
    }
}

VP_INLINE void vperm_decrypt_n(const struct vperm_ks *k, vp_t *x, int nb)
{
    const vp_t inv = VT(INV), cqt = VT(CQ);
    const unsigned nr = k->nr;
    const vp_t k0 = VP_LOAD(k->dk[nr]);
    for (int j = 0; j < nb; j++) x[j] = X(vperm_basis(x[j], VT(DEC_IN_LO), VT(DEC_IN_HI)), k0);
    for (unsigned r = nr - 1; r > 0; r--) {
        const vp_t kr = VP_LOAD(k->dk[r]);
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
    const vp_t kl = VP_LOAD(k->dk[0]);
    for (int j = 0; j < nb; j++) {
        vp_t po, ro;
        vperm_core(x[j], inv, cqt, &po, &ro);
        vp_t z = X(SHUF(VT(DEC_LAST_P), po), SHUF(VT(DEC_LAST_R), ro));
        x[j] = X(SHUF(z, VT(ISR_ROT0)), kl);
    }
}

/* ------------------------------------------------------ key schedule -- */

static uint8_t xt(uint8_t b)
{
    return (uint8_t)((b << 1) ^ (0x1b & -(b >> 7)));   /* no branch on the key */
}

/* InvMixColumns of one round key (FIPS 197 §5.3.5, the equivalent inverse
 * cipher's decryption keys). */
static void inv_mix_key(uint8_t out[16], const uint8_t in[16])
{
    for (int c = 0; c < 4; c++) {
        const uint8_t *a = in + 4 * c;
        for (int r = 0; r < 4; r++) {
            uint8_t m[4];
            for (int i = 0; i < 4; i++) {
                uint8_t b = a[(r + i) & 3], b2 = xt(b), b4 = xt(b2), b8 = xt(b4);
                static const uint8_t which[4] = { 14, 11, 13, 9 };
                /* e = 8 + (4 if e & 4) + (2 if e & 2) + 1 if odd; the
                 * factor is public, the byte is not. */
                m[i] = (uint8_t)(b8 ^ ((which[i] & 4) ? b4 : 0) ^ ((which[i] & 2) ? b2 : 0) ^ ((which[i] & 1) ? b : 0));
            }
            out[4 * c + r] = m[0] ^ m[1] ^ m[2] ^ m[3];
        }
    }
}

static VP_TARGET void to_basis(uint8_t out[16], const uint8_t in[16], vp_t lo_t, vp_t hi_t, vp_t add)
{
    VP_STORE(out, X(vperm_basis(VP_LOAD(in), lo_t, hi_t), add));
}

static VP_TARGET unsigned vperm_schedule(struct vperm_enc_ks *e, uint8_t (*dk)[16], const uint8_t *key,
                                            size_t key_len)
{
    uint8_t rks[240], im[16];
    const vp_t c63 = VP_DUP(0x63), zero = VP_DUP(0);
    const unsigned nr = rijn_key_expand(rks, key, key_len, bs_sub_word);
    for (unsigned r = 0; r <= nr; r++) {
        const uint8_t *rk = rks + 16 * r;
        /* Encryption: T(rk0); T(rk ^ 63) in the middle, in round r's
         * state layout; rk ^ 63 last. */
        if (r == 0) {
            to_basis(e->ek[r], rk, VT(ENC_IN_LO), VT(ENC_IN_HI), zero);
        } else if (r < nr) {
            to_basis(e->ek[r], rk, VT(ENC_IN_LO), VT(ENC_IN_HI), VT(T_63));
            VP_STORE(e->ek[r], SHUF(VP_LOAD(e->ek[r]), VP_LOAD(vperm_tab[VP_PI0 + (r & 3)])));
        } else
            VP_STORE(e->ek[r], X(VP_LOAD(rk), c63));
        if (!dk) continue;
        /* Decryption: T2(rk ^ 63) first, T2(InvMC(rk) ^ 63), rk0 last. */
        if (r == 0) {
            memcpy(dk[0], rk, 16);
        } else if (r == nr) {
            to_basis(dk[r], rk, VT(DEC_IN_LO), VT(DEC_IN_HI), VT(T2_63));
        } else {
            inv_mix_key(im, rk);
            to_basis(dk[r], im, VT(DEC_IN_LO), VT(DEC_IN_HI), VT(T2_63));
        }
    }
    rijn_wipe(rks, sizeof rks);
    rijn_wipe(im, sizeof im);
    return nr;
}

unsigned rijn_vperm_setkey_enc(struct vperm_enc_ks *k, const uint8_t *key, size_t key_len)
{
    return vperm_schedule(k, NULL, key, key_len);
}

static void vperm_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct vperm_ks *k = ctx;
    k->nr = vperm_schedule(&k->e, k->dk, key, key_len);
}

/* ------------------------------------------------------------- modes -- */

static VP_TARGET void vperm_encrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vperm_ks *k = ctx;
    vp_t x[2];
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        x[0] = VP_LOAD(in);
        x[1] = VP_LOAD(in + 16);
        vperm_encrypt_n((const uint8_t(*)[16])k->e.ek, k->nr, x, 2);
        VP_STORE(out, x[0]);
        VP_STORE(out + 16, x[1]);
    }
    if (n) {
        x[0] = VP_LOAD(in);
        vperm_encrypt_n((const uint8_t(*)[16])k->e.ek, k->nr, x, 1);
        VP_STORE(out, x[0]);
    }
}

static VP_TARGET void vperm_decrypt(const void *ctx, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct vperm_ks *k = ctx;
    vp_t x[2];
    for (; n >= 2; n -= 2, in += 32, out += 32) {
        x[0] = VP_LOAD(in);
        x[1] = VP_LOAD(in + 16);
        vperm_decrypt_n(k, x, 2);
        VP_STORE(out, x[0]);
        VP_STORE(out + 16, x[1]);
    }
    if (n) {
        x[0] = VP_LOAD(in);
        vperm_decrypt_n(k, x, 1);
        VP_STORE(out, x[0]);
    }
}

VP_TARGET void rijn_vperm_cbc_encrypt(const struct vperm_enc_ks *k, unsigned nr, uint8_t iv[16], uint8_t *out,
                                         const uint8_t *in, size_t n)
{
    vp_t c = VP_LOAD(iv);
    for (; n; n--, in += 16, out += 16) {
        RIJN_MCA_BEGIN("vperm-cbc-enc");
        c = X(c, VP_LOAD(in));
        vperm_encrypt_n((const uint8_t(*)[16])k->ek, nr, &c, 1);
        VP_STORE(out, c);
        RIJN_MCA_END();
    }
    VP_STORE(iv, c);
}

VP_TARGET void rijn_vperm_cbc_mac(const struct vperm_enc_ks *k, unsigned nr, uint8_t mac[16], const uint8_t *in,
                                     size_t n)
{
    vp_t c = VP_LOAD(mac);
    for (; n; n--, in += 16) {
        c = X(c, VP_LOAD(in));
        vperm_encrypt_n((const uint8_t(*)[16])k->ek, nr, &c, 1);
    }
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
