/* SPDX-License-Identifier: MIT */
/*
 * The AES rounds on the ARMv8 Crypto Extensions, shared by aes-ce
 * (aes_ce.c) and the stitched gcm-aes-ce (gcm_ce.c), in both AArch64 and
 * AArch32 (arch/arm/ce.h: the same intrinsics, aese.8/aesmc.8 on 32-bit
 * ARM).
 *
 * AESE k, x computes ShiftRows(SubBytes(x ^ k)) and AESMC is MixColumns;
 * FIPS 197's round (SubBytes, ShiftRows, MixColumns, AddRoundKey) is the
 * same sequence with the key addition moved to the front, so a cipher is
 * Nr - 1 AESE/AESMC pairs, one last AESE, and an XOR with the last round
 * key. Cores fuse an adjacent AESE/AESMC pair on one register into one
 * operation (Cortex-A57/A72, Neoverse): every pair below is written
 * adjacent so that the compiler keeps them together.
 *
 * Decryption uses the equivalent inverse cipher (FIPS 197 §5.3.5): AESD
 * and AESIMC with round keys passed through InvMixColumns at key setup.
 *
 * Latency, not throughput, is the limit on one block: a pair takes about
 * 3 cycles on a Cortex-A57 where one issues per cycle, so the bulk paths
 * keep four independent blocks in flight (ce_enc4), which is what the
 * 0.625 cycles/byte floor of a 10-round cipher on one AES pipe needs.
 *
 * The round count is a parameter, and every mode body is compiled three
 * times with it constant (CE_BY_NR, once per buffer): the rounds unroll,
 * and the 11 to 15 round keys stay in registers for the whole buffer
 * instead of being loaded every round.
 */
#ifndef RIJN_CE_CORE_H
#define RIJN_CE_CORE_H

#include "aes/cipher.h"
#include "arch/arm/ce.h"

#ifdef RIJN_ARM_CE
#define RIJN_HAVE_CE 1

/* body(k, NR, ...) with NR = k->nr as a compile-time constant. */
#define CE_BY_NR(body, k, ...)                                  \
    do {                                                        \
        if ((k)->nr == 10) body((k), 10, __VA_ARGS__);          \
        else if ((k)->nr == 12) body((k), 12, __VA_ARGS__);     \
        else body((k), 14, __VA_ARGS__);                        \
    } while (0)

struct ce_ks {
    uint8x16_t ek[15];  /* encryption round keys, FIPS 197 order */
    uint8x16_t dk[15];  /* equivalent inverse cipher: ek reversed, InvMixColumns inside */
    unsigned nr;
};
_Static_assert(sizeof(struct ce_ks) <= RIJN_AES_KS_BYTES, "ce key schedule too large");

RIJN_HIDDEN void rijn_ce_setkey(void *ks, const uint8_t *key, size_t key_len);

CE_INLINE uint8x16_t ce_enc1(const struct ce_ks *k, unsigned nr, uint8x16_t x)
{
    unsigned r = 0;
    for (; r + 1 < nr; r++) x = vaesmcq_u8(vaeseq_u8(x, k->ek[r]));
    return veorq_u8(vaeseq_u8(x, k->ek[r]), k->ek[r + 1]);
}

CE_INLINE uint8x16_t ce_dec1(const struct ce_ks *k, unsigned nr, uint8x16_t x)
{
    unsigned r = 0;
    for (; r + 1 < nr; r++) x = vaesimcq_u8(vaesdq_u8(x, k->dk[r]));
    return veorq_u8(vaesdq_u8(x, k->dk[r]), k->dk[r + 1]);
}

/* Four independent blocks, round by round. */
CE_INLINE void ce_enc4(const struct ce_ks *k, unsigned nr, uint8x16_t x[4])
{
    unsigned r = 0;
    for (; r + 1 < nr; r++) {
        const uint8x16_t rk = k->ek[r];
        x[0] = vaesmcq_u8(vaeseq_u8(x[0], rk));
        x[1] = vaesmcq_u8(vaeseq_u8(x[1], rk));
        x[2] = vaesmcq_u8(vaeseq_u8(x[2], rk));
        x[3] = vaesmcq_u8(vaeseq_u8(x[3], rk));
    }
    for (int i = 0; i < 4; i++) x[i] = veorq_u8(vaeseq_u8(x[i], k->ek[r]), k->ek[r + 1]);
}

CE_INLINE void ce_dec4(const struct ce_ks *k, unsigned nr, uint8x16_t x[4])
{
    unsigned r = 0;
    for (; r + 1 < nr; r++) {
        const uint8x16_t rk = k->dk[r];
        x[0] = vaesimcq_u8(vaesdq_u8(x[0], rk));
        x[1] = vaesimcq_u8(vaesdq_u8(x[1], rk));
        x[2] = vaesimcq_u8(vaesdq_u8(x[2], rk));
        x[3] = vaesimcq_u8(vaesdq_u8(x[3], rk));
    }
    for (int i = 0; i < 4; i++) x[i] = veorq_u8(vaesdq_u8(x[i], k->dk[r]), k->dk[r + 1]);
}

/* Two independent chains in lockstep (CCM: the CBC-MAC and the CTR block). */
CE_INLINE void ce_enc2(const struct ce_ks *k, unsigned nr, uint8x16_t *a, uint8x16_t *b)
{
    uint8x16_t x = *a, y = *b;
    unsigned r = 0;
    for (; r + 1 < nr; r++) {
        x = vaesmcq_u8(vaeseq_u8(x, k->ek[r]));
        y = vaesmcq_u8(vaeseq_u8(y, k->ek[r]));
    }
    *a = veorq_u8(vaeseq_u8(x, k->ek[r]), k->ek[r + 1]);
    *b = veorq_u8(vaeseq_u8(y, k->ek[r]), k->ek[r + 1]);
}

#endif
#endif
