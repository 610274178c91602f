/* SPDX-License-Identifier: MIT */
/*
 * GF(2^255 - 19) in radix 2^64, the parts that are plain C: four limbs
 * holding any value below 2^256, congruent mod p (only the encoding is
 * canonical). Shared by the drivers that bring the arithmetic in their
 * own instructions: x25519-mulx (x86-64, MULX/ADCX/ADOX) and
 * x25519-arm64 (AArch64, MUL/UMULH/ADCS). Each includes this file, then
 * defines
 *
 *   fe64_add(h, f, g)  fe64_sub(h, f, g)  fe64_mul(h, f, g)
 *   fe64_sqr(h, f)     fe64_mul_a24(h, f)            (h = 121665 f)
 *
 * for any inputs below 2^256 with outputs below 2^256, then includes
 * src/x25519/curve_core.h: the FE_* names below bind them to it.
 *
 * There is no slack in this representation, so FE_CARRY has nothing to
 * do; what each driver's arithmetic must show instead is that its final
 * folds cannot carry again (each says why on its lines).
 *
 * Needs unsigned __int128 (every 64-bit target GCC and Clang support).
 */
#ifndef RIJN_X25519_FE64_H
#define RIJN_X25519_FE64_H

#include "core/util.h"

typedef struct {
    uint64_t v[4];
} fe64;

#define FE64_INL static inline __attribute__((always_inline))

FE64_INL void fe64_0(fe64 *h)
{
    h->v[0] = h->v[1] = h->v[2] = h->v[3] = 0;
}
FE64_INL void fe64_1(fe64 *h)
{
    fe64_0(h);
    h->v[0] = 1;
}
FE64_INL void fe64_copy(fe64 *h, const fe64 *f)
{
    *h = *f;
}

/* The empty asm statements keep the mask opaque (no branch or select on
 * b) and keep GCC from vectorising the swap: 16-byte loads of limbs that
 * a multiplication just stored 8 bytes at a time cannot be forwarded from
 * the store buffer, and cost a stall each. b: 0 or 1 (secret). */
FE64_INL void fe64_cswap(fe64 *f, fe64 *g, uint64_t b)
{
    uint64_t m = 0 - b;
    __asm__("" : "+r"(m));
    for (int i = 0; i < 4; i++) {
        uint64_t x = (f->v[i] ^ g->v[i]) & m;
        __asm__("" : "+r"(x));
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

FE64_INL void fe64_cmov(fe64 *f, const fe64 *g, uint64_t b)
{
    uint64_t m = 0 - b;
    __asm__("" : "+r"(m));
    for (int i = 0; i < 4; i++) f->v[i] ^= (f->v[i] ^ g->v[i]) & m;
}

/* Bit 255 is ignored (RFC 7748 section 5); a value >= p stays as it is. */
FE64_INL void fe64_frombytes(fe64 *h, const uint8_t s[32])
{
    for (int i = 0; i < 4; i++) h->v[i] = rijn_load64_le(s + 8 * i);
    h->v[3] &= 0x7fffffffffffffffULL;
}

/* The canonical encoding of f < 2^256: fold bit 255 (times 19), which
 * leaves f' < 2^255 + 19 < 2p; then f' - p = f' + 19 - 2^255 replaces f'
 * exactly when f' + 19 has bit 255 set. Once per operation, so plain C
 * (GCC makes slower carry chains of it than the drivers' own code). */
FE64_INL void fe64_tobytes(uint8_t s[32], const fe64 *f)
{
    uint64_t r[4], t[4];
    unsigned __int128 acc = (unsigned __int128)f->v[0] + 19 * (f->v[3] >> 63);
    r[0] = (uint64_t)acc;
    acc = (acc >> 64) + f->v[1];
    r[1] = (uint64_t)acc;
    acc = (acc >> 64) + f->v[2];
    r[2] = (uint64_t)acc;
    r[3] = (uint64_t)((acc >> 64) + (f->v[3] & 0x7fffffffffffffffULL)); /* < 2^63 + 1: no carry out */
    acc = (unsigned __int128)r[0] + 19;
    t[0] = (uint64_t)acc;
    acc = (acc >> 64) + r[1];
    t[1] = (uint64_t)acc;
    acc = (acc >> 64) + r[2];
    t[2] = (uint64_t)acc;
    t[3] = (uint64_t)((acc >> 64) + r[3]);
    const uint64_t m = 0 - (t[3] >> 63);
    t[3] &= 0x7fffffffffffffffULL;
    for (int i = 0; i < 4; i++) rijn_store64_le(s + 8 * i, (t[i] & m) | (r[i] & ~m));
    rijn_wipe(r, sizeof r);
    rijn_wipe(t, sizeof t);
}

/* The names curve_core.h uses; fe64_add, fe64_sub, fe64_mul, fe64_sqr
 * and fe64_mul_a24 are the including driver's. */
#define FE fe64
#define FE_0 fe64_0
#define FE_1 fe64_1
#define FE_ADD fe64_add
#define FE_SUB fe64_sub
#define FE_NEG fe64_neg
#define FE_MUL fe64_mul
#define FE_SQR fe64_sqr
#define FE_MUL_A24 fe64_mul_a24
#define FE_CARRY fe64_copy /* no slack, nothing to carry */
#define FE_CSWAP fe64_cswap
#define FE_CMOV fe64_cmov
#define FE_FROMBYTES fe64_frombytes
#define FE_TOBYTES fe64_tobytes

/* h = -f mod p, by the driver's subtraction (declared here, defined by
 * the driver before curve_core.h). */
FE64_INL void fe64_sub(fe64 *h, const fe64 *f, const fe64 *g);
FE64_INL void fe64_neg(fe64 *h, const fe64 *f)
{
    fe64 z;
    fe64_0(&z);
    fe64_sub(h, &z, f);
}

#endif
