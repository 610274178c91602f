/* SPDX-License-Identifier: MIT */
/*
 * x25519-neon's field code (src/x25519/fe25x2.h) against its scalar
 * model, src/x25519/fe25.h, lane by lane: fe25x2.h claims that each of
 * its routines computes, in both lanes, exactly the limbs its fe25
 * namesake computes (the squaring: fe25_sqr_once, whose results are
 * fe25_sqr's), and that its lane moves (rev, trn0, trn1, ext1, the
 * masked lane swap) only move limbs. tests/proof/ proves the model's
 * bounds, and ladder2.h's composition of them; this checks the claim on
 * the inputs where a mistake in the vector code would show: every limb at
 * the maximum or minimum of the stated input bound (loose for mul, sqr,
 * mul_a24 and carry; carried for add and sub), mixed signs, single limbs
 * at the bound, and random limbs within the bound, different inputs in
 * the two lanes. It runs under qemu (tests/py/test_cross.py) for 32-bit
 * ARM with NEON and for AArch64.
 *
 * Skipped (exit 77, with the reason) where the build has no NEON field
 * code (x86-64, s390x, clang on 32-bit ARM) or the CPU has no NEON.
 *
 * usage: test_fe25x2 [random rounds, default 20000]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "arch/arm32/arm32.h"
#include "arch/arm64/arm64.h"

#if defined(RIJN_ARM32) || defined(RIJN_ARM64)
#if defined(RIJN_ARM32)
#include <sys/auxv.h>
ARM32_NEON_FILE
#endif
#include "x25519/fe25x2.h"

#include "fe25_pattern.h"

static void check_lanes(const char *op, const fe25x2 *h, const fe25 *w0, const fe25 *w1)
{
    fe25 g0, g1;
    fe25x2_unpack(&g0, &g1, h);
    CHECK(same(&g0, w0), "%s lane 0 differs from fe25", op);
    CHECK(same(&g1, w1), "%s lane 1 differs from fe25", op);
}

/* One round: lane l gets patterns pa[l] (f) and pb[l] (g). */
static void round_(const int pa[2], const int pb[2])
{
    fe25 f[2], g[2], fc[2], gc[2], w[2];
    fe25x2 F, G, FC, GC, H;
    for (int l = 0; l < 2; l++) {
        pattern(&f[l], pa[l], 1);
        pattern(&g[l], pb[l], 1);
        pattern(&fc[l], pa[l], 0);
        pattern(&gc[l], pb[l], 0);
    }
    fe25x2_pack(&F, &f[0], &f[1]);
    fe25x2_pack(&G, &g[0], &g[1]);
    fe25x2_pack(&FC, &fc[0], &fc[1]);
    fe25x2_pack(&GC, &gc[0], &gc[1]);
    check_lanes("pack/unpack", &F, &f[0], &f[1]);

    for (int l = 0; l < 2; l++) fe25_mul(&w[l], &f[l], &g[l]);
    fe25x2_mul(&H, &F, &G);
    check_lanes("mul", &H, &w[0], &w[1]);
    H = G;
    fe25x2_mul(&H, &F, &H); /* h = g */
    check_lanes("mul h=g", &H, &w[0], &w[1]);
    for (int l = 0; l < 2; l++) fe25_sqr(&w[l], &f[l]);
    fe25x2_mul(&H, &F, &F);
    check_lanes("mul f f", &H, &w[0], &w[1]);
    H = F;
    fe25x2_sqr(&H, &H);
    check_lanes("sqr", &H, &w[0], &w[1]);
    for (int l = 0; l < 2; l++) fe25_mul_a24(&w[l], &f[l]);
    fe25x2_mul_a24(&H, &F);
    check_lanes("mul_a24", &H, &w[0], &w[1]);
    for (int l = 0; l < 2; l++) fe25_carry(&w[l], &f[l]);
    fe25x2_carry(&H, &F);
    check_lanes("carry", &H, &w[0], &w[1]);
    for (int l = 0; l < 2; l++) fe25_add(&w[l], &fc[l], &gc[l]);
    fe25x2_add(&H, &FC, &GC);
    check_lanes("add", &H, &w[0], &w[1]);
    for (int l = 0; l < 2; l++) fe25_sub(&w[l], &fc[l], &gc[l]);
    fe25x2_sub(&H, &FC, &GC);
    check_lanes("sub", &H, &w[0], &w[1]);

    /* Lane moves. */
    fe25x2_rev(&H, &F);
    check_lanes("rev", &H, &f[1], &f[0]);
    fe25x2_trn0(&H, &F, &G);
    check_lanes("trn0", &H, &f[0], &g[0]);
    fe25x2_trn1(&H, &F, &G);
    check_lanes("trn1", &H, &f[1], &g[1]);
    fe25x2_ext1(&H, &F, &G);
    check_lanes("ext1", &H, &f[1], &g[0]);
    H = F;
    fe25x2_swap_lanes(&H, 0);
    check_lanes("swap_lanes 0", &H, &f[0], &f[1]);
    fe25x2_swap_lanes(&H, 1);
    check_lanes("swap_lanes 1", &H, &f[1], &f[0]);
}

int main(int argc, char **argv)
{
    t_seed();
#if defined(RIJN_ARM32)
    if (!(getauxval(AT_HWCAP) & (1ul << 12))) { /* HWCAP_NEON */
        printf("SKIP: test_fe25x2 needs NEON, which this CPU lacks\n");
        return 77;
    }
#endif
    const long rounds = argc > 1 ? strtol(argv[1], NULL, 0) : 20000;
    /* Every pair of extreme patterns, each in both lane positions. */
    for (int a = 0; a <= NPAT; a++)
        for (int b = 0; b <= NPAT; b++) {
            const int pa[2] = { a, (a + 1) % (NPAT + 1) }, pb[2] = { b, (b + 3) % (NPAT + 1) };
            round_(pa, pb);
        }
    for (long r = 0; r < rounds; r++) {
        int pa[2], pb[2];
        for (int l = 0; l < 2; l++) {
            pa[l] = (t_rand() & 3) ? NPAT : (int)(t_rand() % NPAT);
            pb[l] = (t_rand() & 3) ? NPAT : (int)(t_rand() % NPAT);
        }
        round_(pa, pb);
    }
    return t_done();
}
#else
int main(void)
{
    printf("SKIP: test_fe25x2 tests the ARM NEON field code (x25519-neon), not built for this architecture\n");
    return 77;
}
#endif
