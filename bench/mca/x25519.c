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
#ifdef X25519_LADDER2
#define FE25X2_CALL static inline
#endif
#include X25519_DRIVER

#define MCA_KERNEL __attribute__((flatten, noinline)) void
#define MCA_BEGIN(name) __asm__ volatile("# LLVM-MCA-BEGIN " name ::: "memory")
#define MCA_END() __asm__ volatile("# LLVM-MCA-END" ::: "memory")

#ifdef X25519_LADDER2
/* x25519-neon calls its two-lane multiply and square out of line
 * (fe25x2.h), so its step is estimated as the library runs it: the rest
 * of the step (lane swaps, sums, lane moves, mul_a24, and the loads and
 * stores around the calls) as region "step", with each product an opaque
 * use of its operands, plus 3 "mul2" and 2 "sqr2" regions, the two-lane
 * products alone (bench/mca_x25519.py adds them up). */
#undef P2_MUL
#undef P2_SQR
#define P2_MUL(h, f, g) __asm__ volatile("" : : "r"(h), "r"(f), "r"(g) : "memory")
#define P2_SQR(h, f) __asm__ volatile("" : : "r"(h), "r"(f) : "memory")
#define ladder2_step mca_ladder2_rest
#include "x25519/ladder2.h"

MCA_KERNEL mca_step(P2 *x, P2 *z, const P2 *x1, unsigned b);
MCA_KERNEL mca_step(P2 *x, P2 *z, const P2 *x1, unsigned b)
{
    MCA_BEGIN("step");
    fe25x2_swap_lanes(x, b);
    fe25x2_swap_lanes(z, b);
    mca_ladder2_rest(x, z, x1);
    MCA_END();
}

MCA_KERNEL mca_mul2(P2 *t, const P2 *u);
MCA_KERNEL mca_mul2(P2 *t, const P2 *u)
{
    MCA_BEGIN("mul2");
    fe25x2_mul(t, t, u);
    MCA_END();
}

MCA_KERNEL mca_sqr2(P2 *t);
MCA_KERNEL mca_sqr2(P2 *t)
{
    MCA_BEGIN("sqr2");
    fe25x2_sqr(t, t);
    MCA_END();
}
#else
MCA_KERNEL mca_step(FE *x2, FE *z2, FE *x3, FE *z3, const FE *x1, unsigned b);
MCA_KERNEL mca_step(FE *x2, FE *z2, FE *x3, FE *z3, const FE *x1, unsigned b)
{
    MCA_BEGIN("step");
    FE_CSWAP(x2, x3, b);
    FE_CSWAP(z2, z3, b);
    core_ladder_step(x2, z2, x3, z3, x1);
    MCA_END();
}
#endif

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

#ifdef RIJN_X25519_INVERT
/* The inversion of single operations on 64-bit targets (invert.c): one
 * batch of 59 divsteps, unrolled, and the two matrix products that follow
 * it; bench/mca_x25519.py counts ten of each. */
#define INVERT_STEPS_UNROLL _Pragma("GCC unroll 59")
#include "x25519/invert.c"

MCA_KERNEL mca_divsteps(int64_t *zeta, const s62 *f, const s62 *g, int64_t t[4]);
MCA_KERNEL mca_divsteps(int64_t *zeta, const s62 *f, const s62 *g, int64_t t[4])
{
    MCA_BEGIN("divsteps");
    *zeta = divsteps_59(*zeta, (uint64_t)f->v[0], (uint64_t)g->v[0], t);
    MCA_END();
}

MCA_KERNEL mca_updates(s62 *d, s62 *e, s62 *f, s62 *g, const int64_t t[4]);
MCA_KERNEL mca_updates(s62 *d, s62 *e, s62 *f, s62 *g, const int64_t t[4])
{
    MCA_BEGIN("updates");
    update_de(d, e, t);
    update_fg(f, g, t);
    MCA_END();
}
#endif

/* The fixed-base public key (core_base in curve_core.h): one selection
 * of a table entry (the scan of a row's eight entries, the decoding and
 * the conditional negation), one mixed addition and one doubling;
 * bench/mca_x25519.py counts 64, 64 and 4 of them, plus the inversion and
 * one multiplication. They are compiled only when MCA_BASE is defined (the
 * script's second compile), so that the first compile's assembly stays
 * what llvm-mca parses on every target: it rejects the Thumb-2 IT blocks
 * GCC makes of the ARMv7 scan. */
#ifdef MCA_BASE
MCA_KERNEL mca_select(core_niels *n, int i, int e, struct core_select_tmp *t);
MCA_KERNEL mca_select(core_niels *n, int i, int e, struct core_select_tmp *t)
{
    MCA_BEGIN("select");
    core_select(n, i, e, t);
    MCA_END();
}

MCA_KERNEL mca_madd(core_ge *p, const core_niels *n);
MCA_KERNEL mca_madd(core_ge *p, const core_niels *n)
{
    MCA_BEGIN("madd");
    core_madd(p, n);
    MCA_END();
}

MCA_KERNEL mca_dbl(core_ge *p);
MCA_KERNEL mca_dbl(core_ge *p)
{
    MCA_BEGIN("dbl");
    core_dbl(p);
    MCA_END();
}
#endif
