/* SPDX-License-Identifier: MIT */
/*
 * The X25519 kernels for bench/mca_x25519.py: one ladder step (with its two
 * conditional swaps), one squaring and one multiplication of a portable
 * driver's field, each between llvm-mca region markers, with everything
 * inlined (`flatten`) into straight-line code. The driver's source is
 * included whole: X25519_DRIVER names it (x25519_ref51.c on AArch64,
 * x25519_ref25.c on ARMv7); FE is its field type. The markers clobber
 * memory so that GCC keeps the work between them. Built only by
 * bench/mca_x25519.py, never linked into anything.
 */
#include "x25519/x25519.h"
#include X25519_DRIVER

#define MCA_KERNEL __attribute__((flatten, noinline)) void
#define MCA_BEGIN(name) __asm__ volatile("# LLVM-MCA-BEGIN " name ::: "memory")
#define MCA_END() __asm__ volatile("# LLVM-MCA-END" ::: "memory")

MCA_KERNEL mca_step(FE *x2, FE *z2, FE *x3, FE *z3, const FE *x1, unsigned b);
MCA_KERNEL mca_step(FE *x2, FE *z2, FE *x3, FE *z3, const FE *x1, unsigned b)
{
    MCA_BEGIN("step");
    FE_CSWAP(x2, x3, b);
    FE_CSWAP(z2, z3, b);
    core_ladder_step(x2, z2, x3, z3, x1);
    MCA_END();
}

MCA_KERNEL mca_sqr(FE *t);
MCA_KERNEL mca_sqr(FE *t)
{
    MCA_BEGIN("sqr");
    FE_SQR(t, t);
    MCA_END();
}

MCA_KERNEL mca_mul(FE *t, const FE *u);
MCA_KERNEL mca_mul(FE *t, const FE *u)
{
    MCA_BEGIN("mul");
    FE_MUL(t, t, u);
    MCA_END();
}
