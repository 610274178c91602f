/* SPDX-License-Identifier: MIT */
/*
 * The "aes-round" kind (include/rijn/aes_round.h): its known-answer test,
 * driver resolution, and the public functions.
 *
 * Resolution does not go through the registry (core/prim.h says why): the
 * list below is drivers.def filtered to this kind's lines, and
 * rijn_prim_pick applies the registry's rule to it. The public functions
 * call through `cur`, whose pointers start at the resolver stubs below;
 * the first call to any of them resolves all seven and stores them with
 * atomic stores. Racing first calls pick the same driver (the rule is
 * deterministic, self-test results are cached atomically) and store the
 * same values. The loads are relaxed: a resolved function reads only its
 * own code and constant tables, nothing the resolver wrote.
 */
#include <stdlib.h>

#include "core/prim.h"
#include "emu/aes_round.h"

/* The T-table baseline (ct = false) is never picked by the rule, only by
 * name, for benchmarks and the taint test's positive control. A weak
 * reference: a static program that uses the round primitives without the
 * registry (an emulator; tests/py/test_static.py) does not carry its code
 * and its 10 KiB of tables, and finds no "aes-round-table" (its entry here
 * is NULL, which rijn_prim_pick skips). The registry lists every driver,
 * so wherever it is linked, and in the shared library, the baseline is
 * there as before. */
#pragma weak rijn_aes_round_table_desc

#define RIJN_PRIM_KIND_aes_round RIJN_PRIM_MATCH
#include "core/prim_list.h"

/* ------------------------------------------------------ known answers --
 * FIPS 197 Appendix B (AES-128, key 2b7e1516..., input 3243f6a8...):
 * the state at the start of round 1 and after its SubBytes and ShiftRows,
 * and MixColumns; round key 1; the start of round 10, round key 10 and the
 * output. Each operation is checked against these, with be false and true
 * (every vector reversed) and with r aliasing st. */
static const uint8_t kat_s1[16] = { 0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b,
                                    0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08 };
static const uint8_t kat_sr1[16] = { 0xd4, 0xbf, 0x5d, 0x30, 0xe0, 0xb4, 0x52, 0xae,
                                     0xb8, 0x41, 0x11, 0xf1, 0x1e, 0x27, 0x98, 0xe5 };
static const uint8_t kat_mc1[16] = { 0x04, 0x66, 0x81, 0xe5, 0xe0, 0xcb, 0x19, 0x9a,
                                     0x48, 0xf8, 0xd3, 0x7a, 0x28, 0x06, 0x26, 0x4c };
static const uint8_t kat_rk1[16] = { 0xa0, 0xfa, 0xfe, 0x17, 0x88, 0x54, 0x2c, 0xb1,
                                     0x23, 0xa3, 0x39, 0x39, 0x2a, 0x6c, 0x76, 0x05 };
static const uint8_t kat_s10[16] = { 0xeb, 0x40, 0xf2, 0x1e, 0x59, 0x2e, 0x38, 0x84,
                                     0x8b, 0xa1, 0x13, 0xe7, 0x1b, 0xc3, 0x42, 0xd2 };
static const uint8_t kat_rk10[16] = { 0xd0, 0x14, 0xf9, 0xa8, 0xc9, 0xee, 0x25, 0x89,
                                      0xe1, 0x3f, 0x0c, 0xc8, 0xb6, 0x63, 0x0c, 0xa6 };
static const uint8_t kat_out[16] = { 0x39, 0x25, 0x84, 0x1d, 0x02, 0xdc, 0x09, 0xfb,
                                     0xdc, 0x11, 0x85, 0x97, 0x19, 0x6a, 0x0b, 0x32 };

/* The state of v, reversed when be. */
static rijn_aes_state kat_st(const uint8_t v[16], bool be)
{
    rijn_aes_state s;
    for (int i = 0; i < 16; i++) s.b[i] = v[be ? 15 - i : i];
    return s;
}

/* v1 ^ v2 (v2 may be NULL), as a state. */
static rijn_aes_state kat_xor(const uint8_t *v1, const uint8_t *v2, bool be)
{
    uint8_t t[16];
    for (int i = 0; i < 16; i++) t[i] = v1[i] ^ (v2 ? v2[i] : 0);
    return kat_st(t, be);
}

static int kat_eq(const rijn_aes_state *s, const rijn_aes_state *want)
{
    return memcmp(s->b, want->b, 16) == 0 ? 0 : -1;
}

static int aes_round_selftest(const struct rijn_inst *in)
{
    const struct rijn_aes_round_ops *o = in->drv->ops;
    int bad = 0;
    for (int pass = 0; pass < 4; pass++) {
        const bool be = pass & 1, alias = pass & 2;
        rijn_aes_state r, x, k, w, zero;
        memset(&zero, 0, sizeof zero);
        rijn_aes_state *const dst = alias ? &x : &r;
#define KAT(call, xv, want)                   \
    do {                                      \
        x = (xv);                             \
        call;                                 \
        w = (want);                           \
        bad |= kat_eq(dst, &w);               \
    } while (0)
        /* Forward: one round, the last round, MixColumns. */
        k = kat_st(kat_rk1, be);
        KAT(o->enc_SB_SR_MC_AK(dst, &x, &k, be), kat_st(kat_s1, be), kat_xor(kat_mc1, kat_rk1, be));
        k = kat_st(kat_rk10, be);
        KAT(o->enc_SB_SR_AK(dst, &x, &k, be), kat_st(kat_s10, be), kat_st(kat_out, be));
        KAT(o->enc_MC(dst, &x, be), kat_st(kat_sr1, be), kat_st(kat_mc1, be));
        /* Inverse: undo those steps. */
        KAT(o->dec_IMC(dst, &x, be), kat_st(kat_mc1, be), kat_st(kat_sr1, be));
        k = kat_st(kat_rk1, be);
        KAT(o->dec_ISB_ISR_AK(dst, &x, &k, be), kat_st(kat_sr1, be), kat_xor(kat_s1, kat_rk1, be));
        /* IMC(ISR(ISB(sr1)) ^ (s1 ^ mc1)) = IMC(mc1) = sr1. */
        k = kat_xor(kat_s1, kat_mc1, be);
        KAT(o->dec_ISB_ISR_AK_IMC(dst, &x, &k, be), kat_st(kat_sr1, be), kat_st(kat_sr1, be));
        /* IMC(ISR(ISB(SR(SB(mc1))))) ^ rk1 = sr1 ^ rk1: through the last
         * round's forward step, checked above. */
        x = kat_st(kat_mc1, be);
        o->enc_SB_SR_AK(&x, &x, &zero, be);
        k = kat_st(kat_rk1, be);
        o->dec_ISB_ISR_IMC_AK(dst, &x, &k, be);
        w = kat_xor(kat_sr1, kat_rk1, be);
        bad |= kat_eq(dst, &w);
#undef KAT
    }
    return bad;
}

const struct rijn_kind rijn_kind_aes_round = { .alg = "aes-round", .selftest = aes_round_selftest };

/* ---------------------------------------------------------- resolution -- */

int rijn_aes_round_get(const char *driver, const struct rijn_aes_round_ops **out)
{
    if (!out) return RIJN_ERR_NULL;
    const struct rijn_desc *d;
    int r = rijn_prim_pick(prim_list, prim_status, PRIM_N, driver, &d);
    if (r == RIJN_OK) *out = d->ops;
    return r;
}

static void stub_enc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be);
static void stub_enc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
static void stub_enc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
static void stub_dec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be);
static void stub_dec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
static void stub_dec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);
static void stub_dec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be);

/* What the public functions call: the stubs until the first call. */
static struct rijn_aes_round_ops cur = {
    .driver = NULL,
    .enc_MC = stub_enc_MC,
    .enc_SB_SR_AK = stub_enc_SB_SR_AK,
    .enc_SB_SR_MC_AK = stub_enc_SB_SR_MC_AK,
    .dec_IMC = stub_dec_IMC,
    .dec_ISB_ISR_AK = stub_dec_ISB_ISR_AK,
    .dec_ISB_ISR_AK_IMC = stub_dec_ISB_ISR_AK_IMC,
    .dec_ISB_ISR_IMC_AK = stub_dec_ISB_ISR_IMC_AK,
};

#define LOAD(f) __atomic_load_n(&cur.f, __ATOMIC_RELAXED)

static void resolve(void)
{
    const struct rijn_aes_round_ops *o = rijn_prim_resolve(prim_list, prim_status, PRIM_N);
    __atomic_store_n(&cur.enc_MC, o->enc_MC, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.enc_SB_SR_AK, o->enc_SB_SR_AK, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.enc_SB_SR_MC_AK, o->enc_SB_SR_MC_AK, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.dec_IMC, o->dec_IMC, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.dec_ISB_ISR_AK, o->dec_ISB_ISR_AK, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.dec_ISB_ISR_AK_IMC, o->dec_ISB_ISR_AK_IMC, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.dec_ISB_ISR_IMC_AK, o->dec_ISB_ISR_IMC_AK, __ATOMIC_RELEASE);
    __atomic_store_n(&cur.driver, o->driver, __ATOMIC_RELEASE);
}

/* A stub resolves, then calls what is now in its slot (never itself: a
 * resolved slot holds a driver's function). */
#define STUB1(f)                                                                 \
    static void stub_##f(rijn_aes_state *r, const rijn_aes_state *st, bool be)  \
    {                                                                            \
        resolve();                                                               \
        LOAD(f)(r, st, be);                                                      \
    }
#define STUB2(f)                                                                                            \
    static void stub_##f(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)   \
    {                                                                                                       \
        resolve();                                                                                          \
        LOAD(f)(r, st, rk, be);                                                                             \
    }
STUB1(enc_MC)
STUB2(enc_SB_SR_AK)
STUB2(enc_SB_SR_MC_AK)
STUB1(dec_IMC)
STUB2(dec_ISB_ISR_AK)
STUB2(dec_ISB_ISR_AK_IMC)
STUB2(dec_ISB_ISR_IMC_AK)

/* ------------------------------------------------------ the public API --
 * One relaxed load and a tail call each. */

void rijn_aesenc_MC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    LOAD(enc_MC)(r, st, be);
}
void rijn_aesenc_SB_SR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    LOAD(enc_SB_SR_AK)(r, st, rk, be);
}
void rijn_aesenc_SB_SR_MC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    LOAD(enc_SB_SR_MC_AK)(r, st, rk, be);
}
void rijn_aesdec_IMC(rijn_aes_state *r, const rijn_aes_state *st, bool be)
{
    LOAD(dec_IMC)(r, st, be);
}
void rijn_aesdec_ISB_ISR_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    LOAD(dec_ISB_ISR_AK)(r, st, rk, be);
}
void rijn_aesdec_ISB_ISR_AK_IMC(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    LOAD(dec_ISB_ISR_AK_IMC)(r, st, rk, be);
}
void rijn_aesdec_ISB_ISR_IMC_AK(rijn_aes_state *r, const rijn_aes_state *st, const rijn_aes_state *rk, bool be)
{
    LOAD(dec_ISB_ISR_IMC_AK)(r, st, rk, be);
}
