/* SPDX-License-Identifier: MIT */
/*
 * The 512-bit VAES drivers (aes-vaes-avx512, gcm-aes-vaes-avx512): the
 * AES rounds on four blocks per register, and the CTR tail.
 *
 * Why 512 bits
 * ------------
 * On AMD Zen 5 (this project's development machine) VAESENC retires two
 * per cycle at 256 and at 512 bits alike, and VPCLMULQDQ one every two
 * cycles at either width (a microbenchmark of dependent-free chains): a
 * ZMM register does twice the work of a YMM one for the same issue slots.
 * AVX-512 also has 32 vector registers, which the stitched GCM loop and
 * XTS's tweaks need. Intel cores with VAES (Ice Lake and later) run
 * 512-bit VAES too. Zen 3 has no AVX-512; it keeps the 256-bit drivers.
 *
 * The vector layer, `vz` (four 128-bit lanes), and how the same code is
 * checked on machines without AVX-512 (the emulation build) are in
 * src/arch/x86/vz.h; GHASH on it is src/gf128/ghash_vz_core.h.
 *
 * Constant time: VAESENC/VAESDEC have fixed timing, and masked loads and
 * stores are used only with public lengths (tails).
 */
#ifndef RIJN_VAES512_CORE_H
#define RIJN_VAES512_CORE_H

#include "aes/aesni_core.h"
#include "arch/x86/vz.h"

#ifdef RIJN_X86

/* Rounds r0..r1 (constants) on m registers with the round keys rk. */
#define VZ_ROUND_RANGE(rk, b, m, ROUND, r0, r1)                                  \
    _Pragma("GCC unroll 9") for (int r_ = (r0); r_ <= (r1); r_++) {               \
        const vz kr_ = vz_bcast((rk)[r_]);                                       \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) (b)[j_] = ROUND((b)[j_], kr_); \
    }

/* Every round but the last on m registers (m is a constant at every
 * call), two ways:
 * - fewer than eight registers: rounds 1..9, which every key size has,
 *   unrolled, and AES-192's and AES-256's pairs beyond them under tests of
 *   nr (public), as aes_vaes.c's VAES_EXTRA_ROUNDS;
 * - eight: a loop to nr - 1, which GCC unrolls with a test of nr after
 *   each round.
 * Measured on Zen 4, alternating builds (docs/performance.md): with fewer
 * than eight registers (messages up to 256 bytes, every tail) the first
 * ran up to 10% faster (ECB at 64 bytes; CTR at 256 bytes 3%); with eight
 * (the whole passes, 512-byte messages) it ran 2-5% slower: without the
 * tests as barriers GCC's scheduler moved every round key's broadcast to
 * the top of the pass. */
#define VZ_ROUNDS(k, rk, b, m, ROUND)                                                   \
    do {                                                                                \
        const vz k0_ = vz_bcast((rk)[0]);                                               \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) (b)[j_] = vz_xor((b)[j_], k0_);       \
        if ((m) < 8) {                                                                  \
            VZ_ROUND_RANGE(rk, b, m, ROUND, 1, 9)                                       \
            if ((k)->nr > 10) {                                                         \
                VZ_ROUND_RANGE(rk, b, m, ROUND, 10, 11)                                 \
                if ((k)->nr > 12) VZ_ROUND_RANGE(rk, b, m, ROUND, 12, 13)               \
            }                                                                           \
        } else {                                                                        \
            for (int r_ = 1; r_ < (k)->nr; r_++) {                                      \
                const vz kr_ = vz_bcast((rk)[r_]);                                      \
                VAES_EACH for (int j_ = 0; j_ < (m); j_++) (b)[j_] = ROUND((b)[j_], kr_); \
            }                                                                           \
        }                                                                               \
    } while (0)

/* m registers (four blocks each) through every round; rk is ek (enc) or
 * dk (dec) of an aesni_ks. One broadcast of each round key per call. */
VZ_INLINE void vz_encrypt(const struct aesni_ks *k, vz *b, int m)
{
    VZ_ROUNDS(k, k->ek, b, m, vz_aesenc);
    const vz kl = vz_bcast(k->ek[k->nr]);
    VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_aesenclast(b[j], kl);
}

VZ_INLINE void vz_decrypt(const struct aesni_ks *k, vz *b, int m)
{
    VZ_ROUNDS(k, k->dk, b, m, vz_aesdec);
    const vz kl = vz_bcast(k->dk[k->nr]);
    VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_aesdeclast(b[j], kl);
}

/* CTR keystream over a tail of n < 32 blocks in m registers: c holds the
 * byte-reversed counters (lane j: counter + j) and advances by 4 per
 * register. Used by ctr(aes-vaes-avx512) and gcm-aes-vaes-avx512. */
#define VZ_CTR_TAIL(m, k, out, in, n, c)                                                           \
    do {                                                                                           \
        vz b_[m];                                                                                  \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) {                                                         \
            b_[j_] = vz_bswap(c);                                                                  \
            (c) = vz_add32((c), vz_lanes32(4, 4, 4, 4));                                           \
        }                                                                                          \
        VZ_CTR_FINISH(m, k, out, in, n, b_);                                                       \
    } while (0)
/* The counter blocks b_ of a tail through the rounds, xored with the data
 * and stored (only the tail's n blocks are loaded and stored). The data
 * goes into the last round key (AESENCLAST ends with the XOR of its key),
 * so that a state is stored as its last round ends, as in the GCM pass. */
#define VZ_CTR_FINISH(m, k, out, in, n, b_)                                                        \
    do {                                                                                           \
        VZ_ROUNDS((k), (k)->ek, (b_), (m), vz_aesenc);                                             \
        const vz kl_ = vz_bcast((k)->ek[(k)->nr]);                                                 \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) {                                               \
            const size_t nb_ = vz_tail_bytes((n), j_);                                             \
            vz_store_n((out) + 64 * j_, vz_aesenclast((b_)[j_], vz_xor(kl_, vz_load_n((in) + 64 * j_, nb_))), nb_); \
        }                                                                                          \
    } while (0)

#endif /* RIJN_X86 */
#endif
