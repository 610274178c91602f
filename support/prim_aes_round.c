/* SPDX-License-Identifier: MIT */
/*
 * The aes-round adapter (support/adapt_prim.h).
 *
 * aes-round: each of the seven round operations twice, for throughput
 * (eight independent states in turn) and latency (each call on the state
 * the last one wrote, through memory as an emulator's guest registers
 * are), 1024 calls per run; and the guest-instruction benchmark: 1 MiB
 * encrypted with AES-128 as AESENC x 9 + AESENCLAST per block (and
 * decrypted as AESDEC x 9 + AESDECLAST with AESIMC'd round keys), one call
 * per emulated instruction, so cycles per operation are cycles per
 * emulated instruction. With the public functions (job table NULL) the
 * calls are direct calls of the API (rijn_aesenc_*, rijn_x86_aes*);
 * with a pinned driver, calls through its table's pointers.
 */
#include "adapt_prim.h"

#include <string.h>

/* ----------------------------------------------------------- aes-round -- */

typedef struct rijn_aes_round_ops ar_ops;
enum { AR_CALLS = 1024 };

static int ar_open(rs_prim_job *j, const char *driver)
{
    const ar_ops *t;
    int r = rijn_aes_round_get(driver, &t);
    if (r) return r;
    j->table = driver ? t : NULL;
    j->driver = t->driver;
    /* The round keys: any bytes (the benchmarks time the rounds, not a key
     * schedule); the decryption keys through AESIMC as a guest does. */
    for (size_t i = 0; i < sizeof j->key; i++) j->key[i] = (uint8_t)(i * 29 + 7);
    return 0;
}

static rijn_aes_state *ar_st(uint8_t *p, size_t i)
{
    return (rijn_aes_state *)(void *)(p + 16 * i);
}

/* Throughput: r_i = f(s_i) over 8 states in turn; latency: x = f(x).
 * Inputs and outputs 128 bytes apart in scratch, so that no load's
 * address matches an earlier store's in the low 12 bits (4K aliasing
 * would make independent calls wait for each other). */
#define AR_BENCH(name, PUB, TAB)                                                  \
    static void ar_thr_##name(rs_prim_job *j)                                     \
    {                                                                             \
        const ar_ops *t = j->table;                                               \
        const rijn_aes_state *k = ar_st(j->key, 0);                               \
        if (!t)                                                                   \
            for (size_t i = 0; i < AR_CALLS; i++)                                 \
                PUB(ar_st(j->scratch + 128, i & 7), ar_st(j->scratch, i & 7), k); \
        else                                                                      \
            for (size_t i = 0; i < AR_CALLS; i++)                                 \
                TAB(ar_st(j->scratch + 128, i & 7), ar_st(j->scratch, i & 7), k); \
    }                                                                             \
    static void ar_lat_##name(rs_prim_job *j)                                     \
    {                                                                             \
        const ar_ops *t = j->table;                                               \
        const rijn_aes_state *k = ar_st(j->key, 0);                               \
        rijn_aes_state *x = ar_st(j->scratch, 0);                                 \
        if (!t)                                                                   \
            for (size_t i = 0; i < AR_CALLS; i++) PUB(x, x, k);                   \
        else                                                                      \
            for (size_t i = 0; i < AR_CALLS; i++) TAB(x, x, k);                   \
    }

#define P_MC(r, s, k) ((void)(k), rijn_aesenc_MC(r, s, false))
#define T_MC(r, s, k) ((void)(k), t->enc_MC(r, s, false))
#define P_IMC(r, s, k) ((void)(k), rijn_aesdec_IMC(r, s, false))
#define T_IMC(r, s, k) ((void)(k), t->dec_IMC(r, s, false))
AR_BENCH(enc_MC, P_MC, T_MC)
AR_BENCH(dec_IMC, P_IMC, T_IMC)
#define AR_BENCH2(name, pub)                                                       \
    static inline void ar_p_##name(rijn_aes_state *r, const rijn_aes_state *s,     \
                                   const rijn_aes_state *k)                        \
    {                                                                              \
        pub(r, s, k, false);                                                       \
    }                                                                              \
    AR_BENCH(name, ar_p_##name, t->name##_T)
/* t->name_T: the table's member for name. */
#define enc_SB_SR_AK_T(r, s, k) enc_SB_SR_AK(r, s, k, false)
#define enc_SB_SR_MC_AK_T(r, s, k) enc_SB_SR_MC_AK(r, s, k, false)
#define dec_ISB_ISR_AK_T(r, s, k) dec_ISB_ISR_AK(r, s, k, false)
#define dec_ISB_ISR_AK_IMC_T(r, s, k) dec_ISB_ISR_AK_IMC(r, s, k, false)
#define dec_ISB_ISR_IMC_AK_T(r, s, k) dec_ISB_ISR_IMC_AK(r, s, k, false)
AR_BENCH2(enc_SB_SR_AK, rijn_aesenc_SB_SR_AK)
AR_BENCH2(enc_SB_SR_MC_AK, rijn_aesenc_SB_SR_MC_AK)
AR_BENCH2(dec_ISB_ISR_AK, rijn_aesdec_ISB_ISR_AK)
AR_BENCH2(dec_ISB_ISR_AK_IMC, rijn_aesdec_ISB_ISR_AK_IMC)
AR_BENCH2(dec_ISB_ISR_IMC_AK, rijn_aesdec_ISB_ISR_IMC_AK)

/* The guest benchmark: every block of the 1 MiB buffer through AES-128's
 * ten rounds, one emulated instruction per round (the initial key XOR is
 * a PXOR, not an AES instruction, and is not counted). */
enum { AR_BLOCKS = RS_PRIM_BUF / 16, AR_GUEST_OPS = AR_BLOCKS * 10 };

static void ar_guest_enc(rs_prim_job *j)
{
    const ar_ops *t = j->table;
    const rijn_aes_state *k = ar_st(j->key, 0);
    for (size_t b = 0; b < AR_BLOCKS; b++) {
        rijn_aes_state *x = ar_st(j->out, b);
        const rijn_aes_state *p = ar_st(j->in, b);
        x->d[0] = p->d[0] ^ k[0].d[0];
        x->d[1] = p->d[1] ^ k[0].d[1];
        if (!t) {
            for (int r = 1; r < 10; r++) rijn_x86_aesenc(x, x, &k[r]);
            rijn_x86_aesenclast(x, x, &k[10]);
        } else {
            for (int r = 1; r < 10; r++) t->enc_SB_SR_MC_AK(x, x, &k[r], false);
            t->enc_SB_SR_AK(x, x, &k[10], false);
        }
    }
}

static void ar_guest_dec(rs_prim_job *j)
{
    const ar_ops *t = j->table;
    const rijn_aes_state *k = ar_st(j->key, 0);
    rijn_aes_state dk[11];
    /* AESIMC of round keys 1..9 (the equivalent inverse cipher, FIPS 197
     * §5.3.5), once per message as a guest's key setup does. */
    for (int r = 1; r < 10; r++) {
        if (!t) rijn_x86_aesimc(&dk[r], &k[r]);
        else t->dec_IMC(&dk[r], &k[r], false);
    }
    for (size_t b = 0; b < AR_BLOCKS; b++) {
        rijn_aes_state *x = ar_st(j->out, b);
        const rijn_aes_state *c = ar_st(j->in, b);
        x->d[0] = c->d[0] ^ k[10].d[0];
        x->d[1] = c->d[1] ^ k[10].d[1];
        if (!t) {
            for (int r = 9; r > 0; r--) rijn_x86_aesdec(x, x, &dk[r]);
            rijn_x86_aesdeclast(x, x, &k[0]);
        } else {
            for (int r = 9; r > 0; r--) t->dec_ISB_ISR_IMC_AK(x, x, &dk[r], false);
            t->dec_ISB_ISR_AK(x, x, &k[0], false);
        }
    }
}

#define AR_ROWS(name) { #name, "throughput", AR_CALLS, ar_thr_##name }, { #name, "latency", AR_CALLS, ar_lat_##name }
static const struct rs_prim_op ar_bench[] = {
    AR_ROWS(enc_MC),
    AR_ROWS(enc_SB_SR_AK),
    AR_ROWS(enc_SB_SR_MC_AK),
    AR_ROWS(dec_IMC),
    AR_ROWS(dec_ISB_ISR_AK),
    AR_ROWS(dec_ISB_ISR_AK_IMC),
    AR_ROWS(dec_ISB_ISR_IMC_AK),
    { "guest_aesenc_1MiB", "guest instruction", AR_GUEST_OPS, ar_guest_enc },
    { "guest_aesdec_1MiB", "guest instruction", AR_GUEST_OPS, ar_guest_dec },
};

/* The taint test: state and key from the secret bytes, every operation,
 * both be values; the guest helpers too when driver is the resolved one
 * (they run on the public functions). */
static int ar_taint(const char *driver, const uint8_t *secret, uint8_t *out, size_t len)
{
    const ar_ops *t, *sel;
    int r = rijn_aes_round_get(driver, &t);
    if (!r) r = rijn_aes_round_get(NULL, &sel);
    if (r) return r;
    if (len < 64) return RIJN_ERR_LENGTH;
    rijn_aes_state st, rk, x;
    memcpy(st.b, secret, 16);
    memcpy(rk.b, secret + 16, 16);
    size_t o = 0;
#define EMIT(v)                                     \
    do {                                            \
        memcpy(out + o % (len - 15), (v), 16);      \
        o += 16;                                    \
    } while (0)
    for (int be = 0; be < 2; be++) {
        t->enc_MC(&x, &st, be);                      EMIT(x.b);
        t->enc_SB_SR_AK(&x, &st, &rk, be);           EMIT(x.b);
        t->enc_SB_SR_MC_AK(&x, &st, &rk, be);        EMIT(x.b);
        t->dec_IMC(&x, &st, be);                     EMIT(x.b);
        t->dec_ISB_ISR_AK(&x, &st, &rk, be);         EMIT(x.b);
        t->dec_ISB_ISR_AK_IMC(&x, &st, &rk, be);     EMIT(x.b);
        t->dec_ISB_ISR_IMC_AK(&x, &st, &rk, be);     EMIT(x.b);
    }
    if (strcmp(t->driver, sel->driver) == 0) {
        rijn_x86_aesenc(&x, &st, &rk);               EMIT(x.b);
        rijn_x86_aesenclast(&x, &st, &rk);           EMIT(x.b);
        rijn_x86_aesdec(&x, &st, &rk);               EMIT(x.b);
        rijn_x86_aesdeclast(&x, &st, &rk);           EMIT(x.b);
        rijn_x86_aesimc(&x, &st);                    EMIT(x.b);
        rijn_x86_aeskeygenassist(&x, &st, 0x1b);     EMIT(x.b);
        rijn_arm_aese(&x, &st, &rk);                 EMIT(x.b);
        rijn_arm_aesd(&x, &st, &rk);                 EMIT(x.b);
        rijn_arm_aesmc(&x, &st);                     EMIT(x.b);
        rijn_arm_aesimc(&x, &st);                    EMIT(x.b);
        uint64_t v[16];
        v[0] = rijn_rv_aes64es(st.d[0], st.d[1]);
        v[1] = rijn_rv_aes64esm(st.d[0], st.d[1]);
        v[2] = rijn_rv_aes64ds(st.d[0], st.d[1]);
        v[3] = rijn_rv_aes64dsm(st.d[0], st.d[1]);
        v[4] = rijn_rv_aes64ks1i(rk.d[0], 3);
        v[5] = rijn_rv_aes64ks1i(rk.d[0], 0xA);
        v[6] = rijn_rv_aes64ks2(rk.d[0], rk.d[1]);
        v[7] = rijn_rv_aes32esi(st.w[0], st.w[1], 1);
        v[8] = rijn_rv_aes32esmi(st.w[0], st.w[1], 2);
        v[9] = rijn_rv_aes32dsi(st.w[0], st.w[1], 3);
        v[10] = rijn_rv_aes32dsmi(st.w[0], st.w[1], 0);
        for (int i = 0; i < 11; i += 2) EMIT(&v[i]);
    }
#undef EMIT
    return 0;
}

const struct rs_prim rs_prim_aes_round = {
    "aes-round", ar_open, ar_bench, sizeof ar_bench / sizeof ar_bench[0], ar_taint,
};
