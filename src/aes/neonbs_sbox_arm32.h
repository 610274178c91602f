/* SPDX-License-Identifier: MIT */
/*
 * Written by scripts/neonbs_sbox_arm32.py, which says how; do not edit.
 *
 * The AES S-box circuits for aes-neonbs on 32-bit ARM NEON: the forward
 * one without its constant (q <- S(q) ^ 0x63 per byte, as
 * sbox_fwd_noconst in bp_sbox.h) and the complete inverse (as sbox_inv),
 * both Kasper and Schwabe's tower-field circuit (CHES 2009, after
 * Canright), allocated to 16 Q registers with no spill.
 *
 * Why not bp_sbox.h's circuit, as everywhere else: it keeps up to 26
 * values live, and ARMv7 NEON has 16 Q registers, so GCC 12 spilled about
 * 30 of them per S-box (60 VSTR/VLDR, on the in-order cores' one NEON
 * pipe). These circuits take as many operations (128 forward, 133
 * inverse against 137) and fit.
 *
 * The operands: r0..r7 come in as q[0..7] (bit j of every byte in q[j]),
 * eight "+w" registers that GCC picks; r8..r15 are eight earlyclobber
 * temporaries. The sixteen are all of q0-q15, so the caller can keep
 * nothing else in a NEON register across the S-box (the round keeps only
 * the state). The outputs end in a permutation of r0..r7, which the
 * assignments at the end undo.
 *
 * The middle of the two functions (the inversion in the tower field) is
 * the same circuit, written twice: one asm block per S-box is what keeps
 * the allocation exactly as the script made it.
 *
 * Checked: the script evaluates each circuit on all 256 bytes before it
 * writes this file, test_neonbs_sbox_arm32_is_current (tests/py) requires
 * this file to be the script's output, and test_cross.py runs aes-neonbs
 * on every AES vector and the differential sweep under qemu-arm.
 */
#ifndef RIJN_NEONBS_SBOX_ARM32_H
#define RIJN_NEONBS_SBOX_ARM32_H

/* q <- S(q) ^ 0x63: 128 operations, 1 register copy, no spills. */
static inline __attribute__((always_inline)) void neonbs_sbox_fwd(bs_word q[8])
{
    bs_word r0 = q[0], r1 = q[1], r2 = q[2], r3 = q[3], r4 = q[4], r5 = q[5], r6 = q[6], r7 = q[7];
    bs_word r8, r9, r10, r11, r12, r13, r14, r15;
    __asm__(
        /* change of basis into GF(((2^2)^2)^2) */
        "veor %q[r2], %q[r2], %q[r1]\n\t"
        "veor %q[r5], %q[r5], %q[r6]\n\t"
        "veor %q[r3], %q[r3], %q[r0]\n\t"
        "veor %q[r6], %q[r6], %q[r2]\n\t"
        "veor %q[r5], %q[r5], %q[r0]\n\t"
        "veor %q[r6], %q[r6], %q[r3]\n\t"
        "veor %q[r3], %q[r3], %q[r7]\n\t"
        "veor %q[r7], %q[r7], %q[r5]\n\t"
        "veor %q[r3], %q[r3], %q[r4]\n\t"
        "veor %q[r4], %q[r4], %q[r5]\n\t"
        "veor %q[r2], %q[r2], %q[r7]\n\t"
        "veor %q[r3], %q[r3], %q[r1]\n\t"
        "veor %q[r1], %q[r1], %q[r5]\n\t"
        /* GF(2^8) to GF(16): the value whose inverse gives x's */
        "veor %q[r8], %q[r7], %q[r4]\n\t"
        "veor %q[r9], %q[r1], %q[r2]\n\t"
        "veor %q[r10], %q[r5], %q[r3]\n\t"
        "veor %q[r11], %q[r2], %q[r4]\n\t"
        "veor %q[r12], %q[r6], %q[r0]\n\t"
        "vorr %q[r13], %q[r9], %q[r10]\n\t"
        "veor %q[r14], %q[r8], %q[r9]\n\t"
        "vand %q[r15], %q[r8], %q[r12]\n\t"
        "vorr %q[r8], %q[r8], %q[r12]\n\t"
        "veor %q[r12], %q[r12], %q[r10]\n\t"
        "vand %q[r9], %q[r9], %q[r10]\n\t"
        "veor %q[r10], %q[r3], %q[r0]\n\t"
        "vand %q[r12], %q[r14], %q[r12]\n\t"
        "vand %q[r10], %q[r11], %q[r10]\n\t"
        "veor %q[r11], %q[r7], %q[r1]\n\t"
        "veor %q[r14], %q[r5], %q[r6]\n\t"
        "veor %q[r8], %q[r8], %q[r10]\n\t"
        "veor %q[r10], %q[r13], %q[r10]\n\t"
        "vand %q[r13], %q[r11], %q[r14]\n\t"
        "vorr %q[r11], %q[r11], %q[r14]\n\t"
        "veor %q[r8], %q[r8], %q[r12]\n\t"
        "veor %q[r9], %q[r9], %q[r13]\n\t"
        "veor %q[r10], %q[r10], %q[r15]\n\t"
        "veor %q[r11], %q[r11], %q[r12]\n\t"
        "veor %q[r9], %q[r9], %q[r15]\n\t"
        "vand %q[r12], %q[r2], %q[r3]\n\t"
        "veor %q[r11], %q[r11], %q[r15]\n\t"
        "vand %q[r13], %q[r4], %q[r0]\n\t"
        "vand %q[r14], %q[r1], %q[r5]\n\t"
        "vorr %q[r15], %q[r7], %q[r6]\n\t"
        "veor %q[r8], %q[r8], %q[r12]\n\t"
        "veor %q[r11], %q[r11], %q[r14]\n\t"
        "veor %q[r9], %q[r9], %q[r15]\n\t"
        "veor %q[r10], %q[r10], %q[r13]\n\t"
        /* its inverse in GF(16) */
        "vand %q[r12], %q[r8], %q[r11]\n\t"
        "veor %q[r13], %q[r10], %q[r12]\n\t"
        "veor %q[r14], %q[r9], %q[r12]\n\t"
        "veor %q[r12], %q[r9], %q[r12]\n\t"
        "vbsl %q[r13], %q[r11], %q[r9]\n\t"
        "vbsl %q[r14], %q[r8], %q[r10]\n\t"
        "veor %q[r8], %q[r8], %q[r10]\n\t"
        "vmov %q[r10], %q[r9]\n\t"                          /* a copy: VBSL overwrites its selector */
        "vbsl %q[r10], %q[r13], %q[r12]\n\t"
        "vbsl %q[r9], %q[r12], %q[r13]\n\t"
        "vand %q[r10], %q[r10], %q[r14]\n\t"
        "veor %q[r9], %q[r11], %q[r9]\n\t"
        "veor %q[r8], %q[r10], %q[r8]\n\t"
        /* two GF(16) products: the inverse's two halves */
        "veor %q[r10], %q[r6], %q[r0]\n\t"
        "veor %q[r11], %q[r5], %q[r3]\n\t"
        "veor %q[r12], %q[r14], %q[r8]\n\t"
        "vand %q[r12], %q[r12], %q[r6]\n\t"
        "veor %q[r6], %q[r6], %q[r5]\n\t"
        "vand %q[r5], %q[r5], %q[r14]\n\t"
        "vand %q[r6], %q[r6], %q[r8]\n\t"
        "veor %q[r12], %q[r5], %q[r12]\n\t"
        "veor %q[r5], %q[r6], %q[r5]\n\t"
        "veor %q[r6], %q[r14], %q[r13]\n\t"
        "veor %q[r8], %q[r8], %q[r9]\n\t"
        "veor %q[r14], %q[r6], %q[r8]\n\t"
        "vand %q[r14], %q[r14], %q[r10]\n\t"
        "veor %q[r10], %q[r10], %q[r11]\n\t"
        "vand %q[r11], %q[r11], %q[r6]\n\t"
        "vand %q[r10], %q[r10], %q[r8]\n\t"
        "veor %q[r11], %q[r11], %q[r10]\n\t"
        "veor %q[r10], %q[r10], %q[r14]\n\t"
        "veor %q[r14], %q[r13], %q[r9]\n\t"
        "vand %q[r14], %q[r14], %q[r0]\n\t"
        "veor %q[r0], %q[r0], %q[r3]\n\t"
        "vand %q[r3], %q[r3], %q[r13]\n\t"
        "vand %q[r0], %q[r0], %q[r9]\n\t"
        "veor %q[r0], %q[r0], %q[r3]\n\t"
        "veor %q[r3], %q[r3], %q[r14]\n\t"
        "veor %q[r5], %q[r5], %q[r10]\n\t"
        "veor %q[r0], %q[r0], %q[r10]\n\t"
        "veor %q[r10], %q[r12], %q[r11]\n\t"
        "veor %q[r3], %q[r3], %q[r11]\n\t"
        "veor %q[r11], %q[r7], %q[r4]\n\t"
        "veor %q[r12], %q[r1], %q[r2]\n\t"
        "veor %q[r14], %q[r6], %q[r8]\n\t"
        "vand %q[r14], %q[r14], %q[r11]\n\t"
        "veor %q[r11], %q[r11], %q[r12]\n\t"
        "vand %q[r12], %q[r12], %q[r6]\n\t"
        "vand %q[r11], %q[r11], %q[r8]\n\t"
        "veor %q[r12], %q[r12], %q[r11]\n\t"
        "veor %q[r11], %q[r11], %q[r14]\n\t"
        "veor %q[r14], %q[r13], %q[r9]\n\t"
        "vand %q[r14], %q[r14], %q[r4]\n\t"
        "veor %q[r4], %q[r4], %q[r2]\n\t"
        "vand %q[r2], %q[r2], %q[r13]\n\t"
        "vand %q[r4], %q[r4], %q[r9]\n\t"
        "veor %q[r4], %q[r4], %q[r2]\n\t"
        "veor %q[r2], %q[r2], %q[r14]\n\t"
        "veor %q[r6], %q[r6], %q[r13]\n\t"
        "veor %q[r8], %q[r8], %q[r9]\n\t"
        "veor %q[r9], %q[r6], %q[r8]\n\t"
        "vand %q[r9], %q[r9], %q[r7]\n\t"
        "veor %q[r7], %q[r7], %q[r1]\n\t"
        "vand %q[r1], %q[r1], %q[r6]\n\t"
        "vand %q[r6], %q[r7], %q[r8]\n\t"
        "veor %q[r7], %q[r1], %q[r9]\n\t"
        "veor %q[r1], %q[r6], %q[r1]\n\t"
        "veor %q[r1], %q[r1], %q[r11]\n\t"
        "veor %q[r4], %q[r4], %q[r11]\n\t"
        "veor %q[r6], %q[r7], %q[r12]\n\t"
        "veor %q[r2], %q[r2], %q[r12]\n\t"
        /* change of basis back, with the affine map (its constant 0x63 left out) */
        "veor %q[r1], %q[r1], %q[r0]\n\t"
        "veor %q[r6], %q[r6], %q[r5]\n\t"
        "veor %q[r5], %q[r5], %q[r0]\n\t"
        "veor %q[r4], %q[r4], %q[r1]\n\t"
        "veor %q[r0], %q[r0], %q[r6]\n\t"
        "veor %q[r6], %q[r6], %q[r10]\n\t"
        "veor %q[r7], %q[r10], %q[r2]\n\t"
        "veor %q[r2], %q[r2], %q[r3]\n\t"
        "veor %q[r3], %q[r3], %q[r7]\n\t"
        "veor %q[r4], %q[r4], %q[r7]\n\t"
        "veor %q[r5], %q[r5], %q[r3]\n\t"
        : [r0] "+w"(r0), [r1] "+w"(r1), [r2] "+w"(r2), [r3] "+w"(r3), [r4] "+w"(r4), [r5] "+w"(r5), [r6] "+w"(r6), [r7] "+w"(r7),
          [r8] "=&w"(r8), [r9] "=&w"(r9), [r10] "=&w"(r10), [r11] "=&w"(r11), [r12] "=&w"(r12), [r13] "=&w"(r13), [r14] "=&w"(r14), [r15] "=&w"(r15));
    q[0] = r0;
    q[1] = r6;
    q[2] = r4;
    q[3] = r5;
    q[4] = r3;
    q[5] = r1;
    q[6] = r2;
    q[7] = r7;
}

/* q <- InvS(q), complete: 133 operations, 1 register copy, no spills. */
static inline __attribute__((always_inline)) void neonbs_sbox_inv(bs_word q[8])
{
    bs_word r0 = q[0], r1 = q[1], r2 = q[2], r3 = q[3], r4 = q[4], r5 = q[5], r6 = q[6], r7 = q[7];
    bs_word r8, r9, r10, r11, r12, r13, r14, r15;
    __asm__(
        /* x ^ 0x63: the affine map's constant, undone first */
        "vmvn %q[r0], %q[r0]\n\t"
        "vmvn %q[r1], %q[r1]\n\t"
        "vmvn %q[r5], %q[r5]\n\t"
        "vmvn %q[r6], %q[r6]\n\t"
        /* the inverse affine map and the change of basis into GF(((2^2)^2)^2) (linear) */
        "veor %q[r1], %q[r1], %q[r4]\n\t"
        "veor %q[r3], %q[r3], %q[r4]\n\t"
        "veor %q[r4], %q[r4], %q[r7]\n\t"
        "veor %q[r1], %q[r1], %q[r6]\n\t"
        "veor %q[r2], %q[r2], %q[r7]\n\t"
        "veor %q[r6], %q[r6], %q[r4]\n\t"
        "veor %q[r0], %q[r0], %q[r1]\n\t"
        "veor %q[r2], %q[r2], %q[r5]\n\t"
        "veor %q[r7], %q[r7], %q[r6]\n\t"
        "veor %q[r3], %q[r3], %q[r0]\n\t"
        "veor %q[r5], %q[r5], %q[r0]\n\t"
        "veor %q[r1], %q[r1], %q[r3]\n\t"
        /* GF(2^8) to GF(16): the value whose inverse gives x's */
        "veor %q[r8], %q[r3], %q[r0]\n\t"
        "veor %q[r9], %q[r7], %q[r4]\n\t"
        "veor %q[r10], %q[r1], %q[r6]\n\t"
        "veor %q[r11], %q[r4], %q[r0]\n\t"
        "veor %q[r12], %q[r5], %q[r2]\n\t"
        "vorr %q[r13], %q[r9], %q[r10]\n\t"
        "veor %q[r14], %q[r8], %q[r9]\n\t"
        "vand %q[r15], %q[r8], %q[r12]\n\t"
        "vorr %q[r8], %q[r8], %q[r12]\n\t"
        "veor %q[r12], %q[r12], %q[r10]\n\t"
        "vand %q[r9], %q[r9], %q[r10]\n\t"
        "veor %q[r10], %q[r6], %q[r2]\n\t"
        "vand %q[r12], %q[r14], %q[r12]\n\t"
        "vand %q[r10], %q[r11], %q[r10]\n\t"
        "veor %q[r11], %q[r3], %q[r7]\n\t"
        "veor %q[r14], %q[r1], %q[r5]\n\t"
        "veor %q[r8], %q[r8], %q[r10]\n\t"
        "veor %q[r10], %q[r13], %q[r10]\n\t"
        "vand %q[r13], %q[r11], %q[r14]\n\t"
        "vorr %q[r11], %q[r11], %q[r14]\n\t"
        "veor %q[r8], %q[r8], %q[r12]\n\t"
        "veor %q[r9], %q[r9], %q[r13]\n\t"
        "veor %q[r10], %q[r10], %q[r15]\n\t"
        "veor %q[r11], %q[r11], %q[r12]\n\t"
        "veor %q[r9], %q[r9], %q[r15]\n\t"
        "vand %q[r12], %q[r4], %q[r6]\n\t"
        "veor %q[r11], %q[r11], %q[r15]\n\t"
        "vand %q[r13], %q[r0], %q[r2]\n\t"
        "vand %q[r14], %q[r7], %q[r1]\n\t"
        "vorr %q[r15], %q[r3], %q[r5]\n\t"
        "veor %q[r8], %q[r8], %q[r12]\n\t"
        "veor %q[r11], %q[r11], %q[r14]\n\t"
        "veor %q[r9], %q[r9], %q[r15]\n\t"
        "veor %q[r10], %q[r10], %q[r13]\n\t"
        /* its inverse in GF(16) */
        "vand %q[r12], %q[r8], %q[r11]\n\t"
        "veor %q[r13], %q[r10], %q[r12]\n\t"
        "veor %q[r14], %q[r9], %q[r12]\n\t"
        "veor %q[r12], %q[r9], %q[r12]\n\t"
        "vbsl %q[r13], %q[r11], %q[r9]\n\t"
        "vbsl %q[r14], %q[r8], %q[r10]\n\t"
        "veor %q[r8], %q[r8], %q[r10]\n\t"
        "vmov %q[r10], %q[r9]\n\t"                          /* a copy: VBSL overwrites its selector */
        "vbsl %q[r10], %q[r13], %q[r12]\n\t"
        "vbsl %q[r9], %q[r12], %q[r13]\n\t"
        "vand %q[r10], %q[r10], %q[r14]\n\t"
        "veor %q[r9], %q[r11], %q[r9]\n\t"
        "veor %q[r8], %q[r10], %q[r8]\n\t"
        /* two GF(16) products: the inverse's two halves */
        "veor %q[r10], %q[r5], %q[r2]\n\t"
        "veor %q[r11], %q[r1], %q[r6]\n\t"
        "veor %q[r12], %q[r14], %q[r8]\n\t"
        "vand %q[r12], %q[r12], %q[r5]\n\t"
        "veor %q[r5], %q[r5], %q[r1]\n\t"
        "vand %q[r1], %q[r1], %q[r14]\n\t"
        "vand %q[r5], %q[r5], %q[r8]\n\t"
        "veor %q[r12], %q[r1], %q[r12]\n\t"
        "veor %q[r1], %q[r5], %q[r1]\n\t"
        "veor %q[r5], %q[r14], %q[r13]\n\t"
        "veor %q[r8], %q[r8], %q[r9]\n\t"
        "veor %q[r14], %q[r5], %q[r8]\n\t"
        "vand %q[r14], %q[r14], %q[r10]\n\t"
        "veor %q[r10], %q[r10], %q[r11]\n\t"
        "vand %q[r11], %q[r11], %q[r5]\n\t"
        "vand %q[r10], %q[r10], %q[r8]\n\t"
        "veor %q[r11], %q[r11], %q[r10]\n\t"
        "veor %q[r10], %q[r10], %q[r14]\n\t"
        "veor %q[r14], %q[r13], %q[r9]\n\t"
        "vand %q[r14], %q[r14], %q[r2]\n\t"
        "veor %q[r2], %q[r2], %q[r6]\n\t"
        "vand %q[r6], %q[r6], %q[r13]\n\t"
        "vand %q[r2], %q[r2], %q[r9]\n\t"
        "veor %q[r2], %q[r2], %q[r6]\n\t"
        "veor %q[r6], %q[r6], %q[r14]\n\t"
        "veor %q[r1], %q[r1], %q[r10]\n\t"
        "veor %q[r2], %q[r2], %q[r10]\n\t"
        "veor %q[r10], %q[r12], %q[r11]\n\t"
        "veor %q[r6], %q[r6], %q[r11]\n\t"
        "veor %q[r11], %q[r3], %q[r0]\n\t"
        "veor %q[r12], %q[r7], %q[r4]\n\t"
        "veor %q[r14], %q[r5], %q[r8]\n\t"
        "vand %q[r14], %q[r14], %q[r11]\n\t"
        "veor %q[r11], %q[r11], %q[r12]\n\t"
        "vand %q[r12], %q[r12], %q[r5]\n\t"
        "vand %q[r11], %q[r11], %q[r8]\n\t"
        "veor %q[r12], %q[r12], %q[r11]\n\t"
        "veor %q[r11], %q[r11], %q[r14]\n\t"
        "veor %q[r14], %q[r13], %q[r9]\n\t"
        "vand %q[r14], %q[r14], %q[r0]\n\t"
        "veor %q[r0], %q[r0], %q[r4]\n\t"
        "vand %q[r4], %q[r4], %q[r13]\n\t"
        "vand %q[r0], %q[r0], %q[r9]\n\t"
        "veor %q[r0], %q[r0], %q[r4]\n\t"
        "veor %q[r4], %q[r4], %q[r14]\n\t"
        "veor %q[r5], %q[r5], %q[r13]\n\t"
        "veor %q[r8], %q[r8], %q[r9]\n\t"
        "veor %q[r9], %q[r5], %q[r8]\n\t"
        "vand %q[r9], %q[r9], %q[r3]\n\t"
        "veor %q[r3], %q[r3], %q[r7]\n\t"
        "vand %q[r5], %q[r7], %q[r5]\n\t"
        "vand %q[r3], %q[r3], %q[r8]\n\t"
        "veor %q[r7], %q[r5], %q[r9]\n\t"
        "veor %q[r3], %q[r3], %q[r5]\n\t"
        "veor %q[r3], %q[r3], %q[r11]\n\t"
        "veor %q[r0], %q[r0], %q[r11]\n\t"
        "veor %q[r5], %q[r7], %q[r12]\n\t"
        "veor %q[r4], %q[r4], %q[r12]\n\t"
        /* change of basis back (linear) */
        "veor %q[r7], %q[r10], %q[r5]\n\t"
        "veor %q[r6], %q[r6], %q[r1]\n\t"
        "veor %q[r4], %q[r4], %q[r7]\n\t"
        "veor %q[r2], %q[r2], %q[r5]\n\t"
        "veor %q[r1], %q[r1], %q[r5]\n\t"
        "veor %q[r4], %q[r4], %q[r2]\n\t"
        "veor %q[r5], %q[r5], %q[r0]\n\t"
        "veor %q[r4], %q[r4], %q[r1]\n\t"
        "veor %q[r3], %q[r3], %q[r6]\n\t"
        "veor %q[r6], %q[r6], %q[r7]\n\t"
        "veor %q[r3], %q[r3], %q[r4]\n\t"
        "veor %q[r4], %q[r4], %q[r0]\n\t"
        "veor %q[r5], %q[r5], %q[r3]\n\t"
        : [r0] "+w"(r0), [r1] "+w"(r1), [r2] "+w"(r2), [r3] "+w"(r3), [r4] "+w"(r4), [r5] "+w"(r5), [r6] "+w"(r6), [r7] "+w"(r7),
          [r8] "=&w"(r8), [r9] "=&w"(r9), [r10] "=&w"(r10), [r11] "=&w"(r11), [r12] "=&w"(r12), [r13] "=&w"(r13), [r14] "=&w"(r14), [r15] "=&w"(r15));
    q[0] = r0;
    q[1] = r7;
    q[2] = r6;
    q[3] = r4;
    q[4] = r2;
    q[5] = r5;
    q[6] = r3;
    q[7] = r1;
}

#define BS_SBOX_FWD neonbs_sbox_fwd
#define BS_SBOX_INV neonbs_sbox_inv

#endif
