/* SPDX-License-Identifier: MIT */
/*
 * aes-vaes's key schedule, which gcm-aes-vaes reads too (its AES key is
 * aes-vaes's): aes-aesni's schedule, on which the serial chains and single
 * blocks run, followed by every round key broadcast to both 128-bit lanes
 * of a YMM register, so that a round on two blocks is one VAESENC with a
 * memory operand and no broadcast. x86-64 only, like aesni_core.h.
 */
#ifndef RIJN_VAES_CORE_H
#define RIJN_VAES_CORE_H

#include <stddef.h>

#include "aes/aesni_core.h"

#ifdef RIJN_X86

struct vaes_ks {
    /* First: the code shared with aes-aesni (aesni_enc1, the serial
     * chains, the GCM one-shot path) may take a pointer to the whole
     * schedule as a pointer to this. */
    struct aesni_ks base;
    /* Up to the next multiple of 64 bytes, so that in a context with its
     * declared 64-byte alignment (on the stack, static, or aligned_alloc)
     * every 32-byte round key below sits in one cache line. They are read
     * with unaligned loads all the same: a context from malloc has only 16
     * bytes of alignment, which is all a driver may assume
     * (tests/c/test_sweep.c runs every driver there). */
    uint8_t pad[64 - sizeof(struct aesni_ks) % 64];
    uint8_t ek2[15][32];   /* base.ek, each broadcast to 32 bytes */
    uint8_t dk2[15][32];   /* base.dk, likewise */
};
_Static_assert(offsetof(struct vaes_ks, ek2) % 64 == 0, "aes-vaes's broadcast round keys start a cache line");
_Static_assert(sizeof(struct vaes_ks) <= RIJN_AES_KS_BYTES, "aes-vaes key schedule fits rijn_aes_key");

/* Rounds r0..r1 (constants, so that GCC unrolls them) on m YMM states,
 * the keys rk2[r] broadcast to 32 bytes. */
#define VAES_ROUND_RANGE(b, m, rk2, ENC, r0, r1)                                         \
    _Pragma("GCC unroll 9") for (int r_ = (r0); r_ <= (r1); r_++) {                       \
        const __m256i key_ = LOADY((rk2)[r_]);                                           \
        for (int j_ = 0; j_ < (m); j_++) (b)[j_] = (ENC)((b)[j_], key_);                 \
    }

/* The key schedule pointer p, made opaque to GCC in one arm of a switch
 * on the block count. Every arm loads the same round keys, and GCC's code
 * hoisting (-O2) otherwise moves those loads above the switch: ten or
 * more round keys then live in YMM registers beside the arm's states, and
 * an arm of six to eight states spills them to the stack and back. After
 * the empty asm each arm's loads use its own copy of the pointer, which
 * GCC cannot prove equal, and each round key is loaded where its round
 * needs it. In aes-vaes's short CTR path (with VAES_EACH) that took the
 * stack accesses from 6 to none. */
#define VAES_OPAQUE(p) __asm__("" : "+r"(p))

/* AES-192's and AES-256's rounds beyond the ninth (nr is 10, 12 or 14;
 * the last round is the caller's): two unrolled pairs under run-time
 * tests, not a loop to nr - 1, around which GCC copied every state to
 * other registers and back on every pass of every key size (384 copies
 * in aes_vaes.o, 50 in gcm_vaes.o; docs/performance.md has what they
 * cost on Zen 3). */
#define VAES_EXTRA_ROUNDS(nr, b, m, rk2, ENC)                                            \
    do {                                                                                 \
        if ((nr) > 10) {                                                                 \
            VAES_ROUND_RANGE(b, m, rk2, ENC, 10, 11)                                     \
            if ((nr) > 12) VAES_ROUND_RANGE(b, m, rk2, ENC, 12, 13)                      \
        }                                                                                \
    } while (0)

/* The whole schedule from a pointer to its base, for code that holds the
 * base (C11 §6.7.2.1: a pointer to a structure's first member converts
 * back to a pointer to the structure). */
static inline const struct vaes_ks *vaes_ks_of(const struct aesni_ks *base)
{
    return (const struct vaes_ks *)(const void *)base;
}

#endif /* RIJN_X86 */
#endif
