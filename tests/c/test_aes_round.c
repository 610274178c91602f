/* SPDX-License-Identifier: MIT */
/*
 * The AES round primitives (include/rijn/aes_round.h), every driver of
 * "aes-round" in the registry, and the guest-instruction helpers, against
 * an independent reference written here from FIPS 197 (the S-box computed
 * from its definition, MixColumns from the matrix with xtime), Intel's SDM
 * (AESKEYGENASSIST) and the RISC-V scalar crypto spec (v1.0.1, the
 * instructions' pseudocode transcribed below):
 *   - random states and keys, both be values, r aliasing st, r aliasing rk;
 *   - AES-128/192/256 encryption and decryption (both inverse-cipher
 *     forms) built from the primitives equal rijn's ECB;
 *   - rijn_aes_round_get(NULL) picks what the registry selects, and the
 *     public functions run that driver.
 * The helpers run on the selected driver; tests/py/test_aes_round.py runs
 * this program under RIJN_CPU masks so that they meet every tier.
 *
 * usage: test_aes_round            the tests
 *        test_aes_round --selected  print the driver the functions use
 */
#include "testutil.h"

/* ----------------------------------------------------------- reference -- */

static uint8_t ref_sbox[256], ref_isbox[256];

static uint8_t ref_xt(uint8_t b)
{
    return (uint8_t)((b << 1) ^ ((b & 0x80) ? 0x1b : 0));
}

static uint8_t ref_mul(uint8_t a, uint8_t b)
{
    uint8_t p = 0;
    for (int i = 0; i < 8; i++, a = ref_xt(a))
        if (b >> i & 1) p ^= a;
    return p;
}

/* FIPS 197 §5.1.1: the multiplicative inverse, then the affine map
 * b'_i = b_i + b_{i+4} + b_{i+5} + b_{i+6} + b_{i+7} + c_i, c = 0x63. */
static void ref_init(void)
{
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        for (int y = 1; y < 256 && x; y++)
            if (ref_mul((uint8_t)x, (uint8_t)y) == 1) inv = (uint8_t)y;
        uint8_t s = 0;
        for (int i = 0; i < 8; i++) {
            int bit = (inv >> i) ^ (inv >> ((i + 4) % 8)) ^ (inv >> ((i + 5) % 8)) ^ (inv >> ((i + 6) % 8)) ^
                      (inv >> ((i + 7) % 8)) ^ (0x63 >> i);
            s |= (uint8_t)((bit & 1) << i);
        }
        ref_sbox[x] = s;
    }
    for (int x = 0; x < 256; x++) ref_isbox[ref_sbox[x]] = (uint8_t)x;
}

/* State s[4c + r] (FIPS 197 §3.4). */
static void ref_sb(uint8_t s[16], const uint8_t *box)
{
    for (int i = 0; i < 16; i++) s[i] = box[s[i]];
}
static void ref_sr(uint8_t s[16], int inv)
{
    uint8_t t[16];
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) t[4 * c + r] = s[4 * ((c + (inv ? 4 - r : r)) % 4) + r];
    memcpy(s, t, 16);
}
/* MixColumns, §5.1.3, with the matrix circ(2, 3, 1, 1); the inverse
 * circ(14, 11, 13, 9), §5.3.3. */
static void ref_mc(uint8_t s[16], int inv)
{
    static const uint8_t m[2][4] = { { 2, 3, 1, 1 }, { 14, 11, 13, 9 } };
    uint8_t t[16];
    for (int c = 0; c < 4; c++)
        for (int r = 0; r < 4; r++) {
            uint8_t v = 0;
            for (int k = 0; k < 4; k++) v ^= ref_mul(m[inv][k], s[4 * c + (r + k) % 4]);
            t[4 * c + r] = v;
        }
    memcpy(s, t, 16);
}
static void ref_ak(uint8_t s[16], const uint8_t k[16])
{
    for (int i = 0; i < 16; i++) s[i] ^= k[i];
}

enum { OP_MC, OP_SB_SR_AK, OP_SB_SR_MC_AK, OP_IMC, OP_ISB_ISR_AK, OP_ISB_ISR_AK_IMC, OP_ISB_ISR_IMC_AK, NOPS };
static const char *const op_name[NOPS] = { "enc_MC", "enc_SB_SR_AK", "enc_SB_SR_MC_AK", "dec_IMC", "dec_ISB_ISR_AK",
                                           "dec_ISB_ISR_AK_IMC", "dec_ISB_ISR_IMC_AK" };

/* The op, in FIPS order; the letters in order of application. */
static void ref_op(int op, uint8_t s[16], const uint8_t k[16])
{
    switch (op) {
    case OP_MC: ref_mc(s, 0); break;
    case OP_SB_SR_AK: ref_sb(s, ref_sbox); ref_sr(s, 0); ref_ak(s, k); break;
    case OP_SB_SR_MC_AK: ref_sb(s, ref_sbox); ref_sr(s, 0); ref_mc(s, 0); ref_ak(s, k); break;
    case OP_IMC: ref_mc(s, 1); break;
    case OP_ISB_ISR_AK: ref_sb(s, ref_isbox); ref_sr(s, 1); ref_ak(s, k); break;
    case OP_ISB_ISR_AK_IMC: ref_sb(s, ref_isbox); ref_sr(s, 1); ref_ak(s, k); ref_mc(s, 1); break;
    case OP_ISB_ISR_IMC_AK: ref_sb(s, ref_isbox); ref_sr(s, 1); ref_mc(s, 1); ref_ak(s, k); break;
    }
}

/* FIPS 197 §5.2 (the S-box from above). */
static int ref_expand(uint8_t rk[15][16], const uint8_t *key, size_t kl)
{
    const int nk = (int)kl / 4, nr = nk + 6;
    uint8_t w[60][4], rc = 1;
    memcpy(w, key, kl);
    for (int i = nk; i < 4 * (nr + 1); i++) {
        uint8_t t[4];
        memcpy(t, w[i - 1], 4);
        if (i % nk == 0) {
            const uint8_t t0 = t[0];
            t[0] = ref_sbox[t[1]] ^ rc;
            t[1] = ref_sbox[t[2]];
            t[2] = ref_sbox[t[3]];
            t[3] = ref_sbox[t0];
            rc = ref_xt(rc);
        } else if (nk > 6 && i % nk == 4) {
            for (int j = 0; j < 4; j++) t[j] = ref_sbox[t[j]];
        }
        for (int j = 0; j < 4; j++) w[i][j] = w[i - nk][j] ^ t[j];
    }
    memcpy(rk, w, (size_t)(nr + 1) * 16);
    return nr;
}

/* ------------------------------------------------------------ drivers -- */

typedef void (*op1_fn)(rijn_aes_state *, const rijn_aes_state *, bool);
typedef void (*op2_fn)(rijn_aes_state *, const rijn_aes_state *, const rijn_aes_state *, bool);

/* One op of a table (the public functions when o is NULL). */
static void run_op(const struct rijn_aes_round_ops *o, int op, rijn_aes_state *r, const rijn_aes_state *st,
                   const rijn_aes_state *rk, bool be)
{
    static const op1_fn pub1[NOPS] = { [OP_MC] = rijn_aesenc_MC, [OP_IMC] = rijn_aesdec_IMC };
    static const op2_fn pub2[NOPS] = { [OP_SB_SR_AK] = rijn_aesenc_SB_SR_AK,
                                       [OP_SB_SR_MC_AK] = rijn_aesenc_SB_SR_MC_AK,
                                       [OP_ISB_ISR_AK] = rijn_aesdec_ISB_ISR_AK,
                                       [OP_ISB_ISR_AK_IMC] = rijn_aesdec_ISB_ISR_AK_IMC,
                                       [OP_ISB_ISR_IMC_AK] = rijn_aesdec_ISB_ISR_IMC_AK };
    if (!o) {
        if (pub1[op]) pub1[op](r, st, be);
        else pub2[op](r, st, rk, be);
        return;
    }
    switch (op) {
    case OP_MC: o->enc_MC(r, st, be); break;
    case OP_SB_SR_AK: o->enc_SB_SR_AK(r, st, rk, be); break;
    case OP_SB_SR_MC_AK: o->enc_SB_SR_MC_AK(r, st, rk, be); break;
    case OP_IMC: o->dec_IMC(r, st, be); break;
    case OP_ISB_ISR_AK: o->dec_ISB_ISR_AK(r, st, rk, be); break;
    case OP_ISB_ISR_AK_IMC: o->dec_ISB_ISR_AK_IMC(r, st, rk, be); break;
    case OP_ISB_ISR_IMC_AK: o->dec_ISB_ISR_IMC_AK(r, st, rk, be); break;
    }
}

static void rev16(uint8_t *d, const uint8_t *s)
{
    for (int i = 0; i < 16; i++) d[i] = s[15 - i];
}

/* Random inputs: every op, be, and aliasing (0: none, 1: r == st,
 * 2: r == rk). */
static void test_random(const struct rijn_aes_round_ops *o, const char *name)
{
    for (int it = 0; it < 300; it++)
        for (int op = 0; op < NOPS; op++)
            for (int be = 0; be < 2; be++)
                for (int alias = 0; alias < 3; alias++) {
                    const bool has_key = op != OP_MC && op != OP_IMC;
                    if (alias == 2 && !has_key) continue;
                    rijn_aes_state st, rk, r, *dst = alias == 1 ? &st : alias == 2 ? &rk : &r;
                    uint8_t s[16], k[16], want[16];
                    t_fill(st.b, 16);
                    t_fill(rk.b, 16);
                    if (be) {
                        rev16(s, st.b);
                        rev16(k, rk.b);
                    } else {
                        memcpy(s, st.b, 16);
                        memcpy(k, rk.b, 16);
                    }
                    ref_op(op, s, k);
                    if (be) rev16(want, s);
                    else memcpy(want, s, 16);
                    run_op(o, op, dst, &st, &rk, be);
                    CHECK(memcmp(dst->b, want, 16) == 0, "%s: %s be=%d alias=%d", name, op_name[op], be, alias);
                }
}

static void st_xor(rijn_aes_state *d, const uint8_t *k, bool be)
{
    for (int i = 0; i < 16; i++) d->b[i] ^= k[be ? 15 - i : i];
}
static void st_set(rijn_aes_state *d, const uint8_t *v, bool be)
{
    for (int i = 0; i < 16; i++) d->b[i] = v[be ? 15 - i : i];
}

/* AES-128/192/256 from the primitives against rijn's ECB: the cipher
 * (FIPS 197 §5.1), the inverse cipher (§5.3: ISB_ISR_AK_IMC) and the
 * equivalent inverse cipher (§5.3.5: ISB_ISR_IMC_AK with IMC'd keys). */
static void test_cipher(const struct rijn_aes_round_ops *o, const char *name)
{
    for (size_t kl = 16; kl <= 32; kl += 8)
        for (int be = 0; be < 2; be++)
            for (int it = 0; it < 20; it++) {
                uint8_t key[32], pt[16], ct[16], rk[15][16];
                t_fill(key, sizeof key);
                t_fill(pt, 16);
                rijn_ecb_ctx c;
                CHECK(rijn_ecb_init(&c, NULL, key, kl) == RIJN_OK, "ecb init");
                rijn_ecb_encrypt(&c, ct, pt, 16);
                rijn_ecb_clear(&c);
                const int nr = ref_expand(rk, key, kl);
                rijn_aes_state x, k, back;
                st_set(&x, pt, be);
                st_xor(&x, rk[0], be);
                for (int r = 1; r < nr; r++) {
                    st_set(&k, rk[r], be);
                    run_op(o, OP_SB_SR_MC_AK, &x, &x, &k, be);
                }
                st_set(&k, rk[nr], be);
                run_op(o, OP_SB_SR_AK, &x, &x, &k, be);
                st_set(&back, ct, be);
                CHECK(memcmp(x.b, back.b, 16) == 0, "%s: AES-%zu encryption from primitives, be=%d", name, 8 * kl,
                      be);
                for (int form = 0; form < 2; form++) {
                    st_set(&x, ct, be);
                    st_xor(&x, rk[nr], be);
                    for (int r = nr - 1; r > 0; r--) {
                        st_set(&k, rk[r], be);
                        if (form == 0) {
                            run_op(o, OP_ISB_ISR_AK_IMC, &x, &x, &k, be);
                        } else {
                            run_op(o, OP_IMC, &k, &k, NULL, be);
                            run_op(o, OP_ISB_ISR_IMC_AK, &x, &x, &k, be);
                        }
                    }
                    st_set(&k, rk[0], be);
                    run_op(o, OP_ISB_ISR_AK, &x, &x, &k, be);
                    st_set(&back, pt, be);
                    CHECK(memcmp(x.b, back.b, 16) == 0, "%s: AES-%zu decryption (%s) from primitives, be=%d", name,
                          8 * kl, form ? "equivalent inverse cipher" : "inverse cipher", be);
                }
            }
}

/* ------------------------------------------------------------ helpers -- */

static void ref_state(uint8_t s[16], const rijn_aes_state *x)
{
    memcpy(s, x->b, 16);
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Intel SDM vol. 2A, AESKEYGENASSIST:
 *   X3 = SRC[127:96]; X1 = SRC[63:32]; RCON = ZeroExtend(imm8)
 *   DEST[31:0] = SubWord(X1); DEST[63:32] = RotWord(SubWord(X1)) XOR RCON
 *   DEST[95:64] = SubWord(X3); DEST[127:96] = RotWord(SubWord(X3)) XOR RCON
 * with RotWord(x) = ROR(x, 8) on the dword. */
static uint32_t sdm_subword(uint32_t x)
{
    return (uint32_t)ref_sbox[x & 0xff] | (uint32_t)ref_sbox[x >> 8 & 0xff] << 8 |
           (uint32_t)ref_sbox[x >> 16 & 0xff] << 16 | (uint32_t)ref_sbox[x >> 24] << 24;
}
static uint32_t sdm_rotword(uint32_t x)
{
    return (x >> 8) | (x << 24);
}

/* RISC-V scalar crypto v1.0.1, the Sail of the Zkne/Zknd instructions,
 * transcribed (aes_sbox_fwd/inv, aes_mixcolumn_byte_fwd/inv,
 * aes_shift_rows_fwd/inv over 128 bits as rs2 @ rs1). */
static uint64_t rv_get_byte(const uint8_t s[16], int i) { return s[i]; }
static uint32_t rv_mixcolumn_byte_fwd(uint8_t so)
{
    return (uint32_t)ref_mul(so, 3) << 24 | (uint32_t)so << 16 | (uint32_t)so << 8 | ref_mul(so, 2);
}
static uint32_t rv_mixcolumn_byte_inv(uint8_t so)
{
    return (uint32_t)ref_mul(so, 0xb) << 24 | (uint32_t)ref_mul(so, 0xd) << 16 | (uint32_t)ref_mul(so, 0x9) << 8 |
           ref_mul(so, 0xe);
}
static uint32_t rv_mixcolumn_fwd(uint32_t x)
{
    uint8_t s0 = (uint8_t)x, s1 = (uint8_t)(x >> 8), s2 = (uint8_t)(x >> 16), s3 = (uint8_t)(x >> 24);
    uint8_t b0 = ref_mul(s0, 2) ^ ref_mul(s1, 3) ^ s2 ^ s3;
    uint8_t b1 = s0 ^ ref_mul(s1, 2) ^ ref_mul(s2, 3) ^ s3;
    uint8_t b2 = s0 ^ s1 ^ ref_mul(s2, 2) ^ ref_mul(s3, 3);
    uint8_t b3 = ref_mul(s0, 3) ^ s1 ^ s2 ^ ref_mul(s3, 2);
    return (uint32_t)b3 << 24 | (uint32_t)b2 << 16 | (uint32_t)b1 << 8 | b0;
}
static uint32_t rv_mixcolumn_inv(uint32_t x)
{
    uint8_t s0 = (uint8_t)x, s1 = (uint8_t)(x >> 8), s2 = (uint8_t)(x >> 16), s3 = (uint8_t)(x >> 24);
    uint8_t b0 = ref_mul(s0, 0xe) ^ ref_mul(s1, 0xb) ^ ref_mul(s2, 0xd) ^ ref_mul(s3, 0x9);
    uint8_t b1 = ref_mul(s0, 0x9) ^ ref_mul(s1, 0xe) ^ ref_mul(s2, 0xb) ^ ref_mul(s3, 0xd);
    uint8_t b2 = ref_mul(s0, 0xd) ^ ref_mul(s1, 0x9) ^ ref_mul(s2, 0xe) ^ ref_mul(s3, 0xb);
    uint8_t b3 = ref_mul(s0, 0xb) ^ ref_mul(s1, 0xd) ^ ref_mul(s2, 0x9) ^ ref_mul(s3, 0xe);
    return (uint32_t)b3 << 24 | (uint32_t)b2 << 16 | (uint32_t)b1 << 8 | b0;
}
/* aes_shift_rows_fwd/inv(x): the low 64 bits, as the instructions use. */
static uint64_t rv_shift_rows(uint64_t rs1, uint64_t rs2, int inv)
{
    uint8_t s[16];
    for (int i = 0; i < 8; i++) {
        s[i] = (uint8_t)(rs1 >> (8 * i));
        s[8 + i] = (uint8_t)(rs2 >> (8 * i));
    }
    /* fwd: ic3 @ ic2 @ ... per the spec's byte selections: column c row r
     * takes column c + r (fwd) or c - r (inv). */
    uint64_t v = 0;
    for (int c = 0; c < 2; c++)
        for (int r = 0; r < 4; r++)
            v |= rv_get_byte(s, 4 * ((c + (inv ? 4 - r : r)) % 4) + r) << (8 * (4 * c + r));
    return v;
}
static uint64_t rv_sbox64(uint64_t x, const uint8_t *box)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)box[x >> (8 * i) & 0xff] << (8 * i);
    return v;
}
static uint64_t rv_aes64es(uint64_t rs1, uint64_t rs2) { return rv_sbox64(rv_shift_rows(rs1, rs2, 0), ref_sbox); }
static uint64_t rv_aes64ds(uint64_t rs1, uint64_t rs2) { return rv_sbox64(rv_shift_rows(rs1, rs2, 1), ref_isbox); }
static uint64_t rv_aes64esm(uint64_t rs1, uint64_t rs2)
{
    uint64_t sb = rv_aes64es(rs1, rs2);
    return (uint64_t)rv_mixcolumn_fwd((uint32_t)(sb >> 32)) << 32 | rv_mixcolumn_fwd((uint32_t)sb);
}
static uint64_t rv_aes64dsm(uint64_t rs1, uint64_t rs2)
{
    uint64_t sb = rv_aes64ds(rs1, rs2);
    return (uint64_t)rv_mixcolumn_inv((uint32_t)(sb >> 32)) << 32 | rv_mixcolumn_inv((uint32_t)sb);
}
static uint64_t rv_aes64ks1i(uint64_t rs1, unsigned rnum)
{
    static const uint8_t dec_rcon[11] = { 0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36, 0x00 };
    uint32_t tmp1 = (uint32_t)(rs1 >> 32), rc = dec_rcon[rnum];
    uint32_t tmp2 = rnum == 0xA ? tmp1 : (tmp1 >> 8) | (tmp1 << 24);
    uint32_t tmp3 = sdm_subword(tmp2);
    return (uint64_t)(tmp3 ^ rc) << 32 | (tmp3 ^ rc);
}
static uint64_t rv_aes64ks2(uint64_t rs1, uint64_t rs2)
{
    uint32_t rs1_hi = (uint32_t)(rs1 >> 32), rs2_lo = (uint32_t)rs2, rs2_hi = (uint32_t)(rs2 >> 32);
    uint32_t w0 = rs1_hi ^ rs2_lo, w1 = rs1_hi ^ rs2_lo ^ rs2_hi;
    return (uint64_t)w1 << 32 | w0;
}
static uint32_t rv_rol32(uint32_t x, unsigned n) { return n ? (x << n) | (x >> (32 - n)) : x; }
static uint32_t rv_aes32(uint32_t rs1, uint32_t rs2, unsigned bs, int dec, int mix)
{
    unsigned shamt = bs * 8;
    uint8_t si = (uint8_t)(rs2 >> shamt);
    uint8_t so8 = dec ? ref_isbox[si] : ref_sbox[si];
    uint32_t so = mix ? (dec ? rv_mixcolumn_byte_inv(so8) : rv_mixcolumn_byte_fwd(so8)) : so8;
    return rs1 ^ rv_rol32(so, shamt);
}

static void test_helpers(void)
{
    for (int it = 0; it < 500; it++) {
        rijn_aes_state a, b, r;
        uint8_t s[16], k[16];
        t_fill(a.b, 16);
        t_fill(b.b, 16);
#define X86(fn, op)                                                   \
    do {                                                              \
        ref_state(s, &a);                                             \
        ref_state(k, &b);                                             \
        ref_op(op, s, k);                                             \
        fn(&r, &a, &b);                                               \
        CHECK(memcmp(r.b, s, 16) == 0, "%s", #fn);                    \
    } while (0)
        X86(rijn_x86_aesenc, OP_SB_SR_MC_AK);
        X86(rijn_x86_aesenclast, OP_SB_SR_AK);
        X86(rijn_x86_aesdec, OP_ISB_ISR_IMC_AK);
        X86(rijn_x86_aesdeclast, OP_ISB_ISR_AK);
#undef X86
        ref_state(s, &a);
        ref_mc(s, 1);
        rijn_x86_aesimc(&r, &a);
        CHECK(memcmp(r.b, s, 16) == 0, "rijn_x86_aesimc");
        const uint8_t rcon = (uint8_t)t_rand();
        rijn_x86_aeskeygenassist(&r, &a, rcon);
        const uint32_t x1 = sdm_subword(le32(a.b + 4)), x3 = sdm_subword(le32(a.b + 12));
        const uint32_t want[4] = { x1, sdm_rotword(x1) ^ rcon, x3, sdm_rotword(x3) ^ rcon };
        for (int i = 0; i < 4; i++) CHECK(le32(r.b + 4 * i) == want[i], "rijn_x86_aeskeygenassist dword %d", i);
        /* ARM: AESE/AESD add the key first, then SB/SR (ISB/ISR). */
        for (int i = 0; i < 16; i++) s[i] = a.b[i] ^ b.b[i];
        ref_sb(s, ref_sbox);
        ref_sr(s, 0);
        rijn_arm_aese(&r, &a, &b);
        CHECK(memcmp(r.b, s, 16) == 0, "rijn_arm_aese");
        for (int i = 0; i < 16; i++) s[i] = a.b[i] ^ b.b[i];
        ref_sb(s, ref_isbox);
        ref_sr(s, 1);
        rijn_arm_aesd(&r, &a, &b);
        CHECK(memcmp(r.b, s, 16) == 0, "rijn_arm_aesd");
        ref_state(s, &a);
        ref_mc(s, 0);
        rijn_arm_aesmc(&r, &a);
        CHECK(memcmp(r.b, s, 16) == 0, "rijn_arm_aesmc");
        ref_state(s, &a);
        ref_mc(s, 1);
        rijn_arm_aesimc(&r, &a);
        CHECK(memcmp(r.b, s, 16) == 0, "rijn_arm_aesimc");
        /* RISC-V */
        const uint64_t rs1 = t_rand(), rs2 = t_rand();
        CHECK(rijn_rv_aes64es(rs1, rs2) == rv_aes64es(rs1, rs2), "aes64es");
        CHECK(rijn_rv_aes64esm(rs1, rs2) == rv_aes64esm(rs1, rs2), "aes64esm");
        CHECK(rijn_rv_aes64ds(rs1, rs2) == rv_aes64ds(rs1, rs2), "aes64ds");
        CHECK(rijn_rv_aes64dsm(rs1, rs2) == rv_aes64dsm(rs1, rs2), "aes64dsm");
        CHECK(rijn_rv_aes64ks2(rs1, rs2) == rv_aes64ks2(rs1, rs2), "aes64ks2");
        for (unsigned rnum = 0; rnum <= 0xA; rnum++)
            CHECK(rijn_rv_aes64ks1i(rs1, rnum) == rv_aes64ks1i(rs1, rnum), "aes64ks1i rnum=%u", rnum);
        for (unsigned bs = 0; bs < 4; bs++) {
            const uint32_t w1 = (uint32_t)rs1, w2 = (uint32_t)rs2;
            CHECK(rijn_rv_aes32esi(w1, w2, bs) == rv_aes32(w1, w2, bs, 0, 0), "aes32esi bs=%u", bs);
            CHECK(rijn_rv_aes32esmi(w1, w2, bs) == rv_aes32(w1, w2, bs, 0, 1), "aes32esmi bs=%u", bs);
            CHECK(rijn_rv_aes32dsi(w1, w2, bs) == rv_aes32(w1, w2, bs, 1, 0), "aes32dsi bs=%u", bs);
            CHECK(rijn_rv_aes32dsmi(w1, w2, bs) == rv_aes32(w1, w2, bs, 1, 1), "aes32dsmi bs=%u", bs);
        }
    }
    /* RISC-V's AES-128 key schedule from aes64ks1i/ks2 (the spec's use)
     * against the reference expansion. */
    uint8_t key[16], rk[15][16];
    t_fill(key, 16);
    ref_expand(rk, key, 16);
    uint64_t k0 = le32(key) | (uint64_t)le32(key + 4) << 32, k1 = le32(key + 8) | (uint64_t)le32(key + 12) << 32;
    for (unsigned r = 0; r < 10; r++) {
        const uint64_t t = rijn_rv_aes64ks1i(k1, r);
        k0 = rijn_rv_aes64ks2(t, k0);
        k1 = rijn_rv_aes64ks2(k0, k1);
        const uint64_t w0 = le32(rk[r + 1]) | (uint64_t)le32(rk[r + 1] + 4) << 32;
        const uint64_t w1 = le32(rk[r + 1] + 8) | (uint64_t)le32(rk[r + 1] + 12) << 32;
        CHECK(k0 == w0 && k1 == w1, "aes64ks1i/aes64ks2 AES-128 round key %u", r + 1);
    }
}

int main(int argc, char **argv)
{
    t_seed();
    const struct rijn_aes_round_ops *sel = NULL;
    if (argc == 2 && strcmp(argv[1], "--selected") == 0) {
        if (rijn_aes_round_get(NULL, &sel) != RIJN_OK) return 1;
        printf("%s\n", sel->driver);
        return 0;
    }
    ref_init();

    /* Selection: the kind's own resolution agrees with the registry. */
    CHECK(rijn_aes_round_get(NULL, &sel) == RIJN_OK, "rijn_aes_round_get(NULL)");
    const char *reg = rijn_selected_driver("aes-round");
    CHECK(sel && reg && strcmp(sel->driver, reg) == 0, "kind picks %s, registry selects %s",
          sel ? sel->driver : "(none)", reg ? reg : "(none)");
    const struct rijn_aes_round_ops *o = NULL;
    CHECK(rijn_aes_round_get(NULL, NULL) == RIJN_ERR_NULL, "get with out NULL");
    CHECK(rijn_aes_round_get("no-such-driver", &o) == RIJN_ERR_NO_DRIVER, "unknown driver");
    CHECK(rijn_aes_round_get("aes-ct64", &o) == RIJN_ERR_NO_DRIVER, "a driver of another kind");

    /* Every driver of the kind in the registry, pinned. */
    size_t tested = 0;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) || strcmp(info.algorithm, "aes-round") != 0) continue;
        int r = rijn_aes_round_get(info.driver, &o);
        if (!info.available) {
            CHECK(r == RIJN_ERR_NO_DRIVER, "%s unavailable, get gives %d", info.driver, r);
            printf("UNAVAILABLE %s\n", info.driver);
            continue;
        }
        CHECK(r == RIJN_OK && strcmp(o->driver, info.driver) == 0, "pin %s: %d", info.driver, r);
        if (r != RIJN_OK) continue;
        test_random(o, info.driver);
        test_cipher(o, info.driver);
        tested++;
        printf("tested %s\n", info.driver);
    }
    CHECK(tested >= 2, "at least the portable and the table driver");

    /* The public functions (the selected driver, through the stubs), and
     * the helpers on it. */
    test_random(NULL, "public functions");
    test_cipher(NULL, "public functions");
    test_helpers();
    printf("selected %s\n", sel ? sel->driver : "(none)");
    return t_done();
}
