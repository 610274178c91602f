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

/* m registers (four blocks each) through every round; rk is ek (enc) or
 * dk (dec) of an aesni_ks. One broadcast of each round key per call. */
VZ_INLINE void vz_encrypt(const struct aesni_ks *k, vz *b, int m)
{
    const vz k0 = vz_bcast(k->ek[0]);
    VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_xor(b[j], k0);
    for (int r = 1; r < k->nr; r++) {
        const vz kr = vz_bcast(k->ek[r]);
        VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_aesenc(b[j], kr);
    }
    const vz kl = vz_bcast(k->ek[k->nr]);
    VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_aesenclast(b[j], kl);
}

VZ_INLINE void vz_decrypt(const struct aesni_ks *k, vz *b, int m)
{
    const vz k0 = vz_bcast(k->dk[0]);
    VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_xor(b[j], k0);
    for (int r = 1; r < k->nr; r++) {
        const vz kr = vz_bcast(k->dk[r]);
        VAES_EACH for (int j = 0; j < m; j++) b[j] = vz_aesdec(b[j], kr);
    }
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
 * and stored (only the tail's n blocks are loaded and stored). */
#define VZ_CTR_FINISH(m, k, out, in, n, b_)                                                        \
    do {                                                                                           \
        vz_encrypt((k), (b_), (m));                                                                \
        VAES_EACH for (int j_ = 0; j_ < (m); j_++) {                                                         \
            const size_t nb_ = vz_tail_bytes((n), j_);                                             \
            vz_store_n((out) + 64 * j_, vz_xor((b_)[j_], vz_load_n((in) + 64 * j_, nb_)), nb_);    \
        }                                                                                          \
    } while (0)

#endif /* RIJN_X86 */
#endif
