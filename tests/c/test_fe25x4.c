/* SPDX-License-Identifier: MIT */
/*
 * x25519-avx2's field code (src/x25519/fe25x4.h) against its scalar
 * model, src/x25519/fe25.h, lane by lane. fe25x4.h claims that each of
 * its routines computes, in every lane, exactly the limbs its fe25
 * namesake computes (the squaring: fe25_sqr_once, whose results are
 * fe25_sqr's); tests/proof/ proves the model's bounds, and this checks
 * the claim on the inputs where a mistake in the vector code would show:
 * every limb at the maximum or minimum of the stated input bound (loose
 * for mul, sqr, mul_a24 and carry; the sum of two carried values for add
 * and sub), mixed signs, single limbs at the bound, and random limbs
 * within the bound, four different inputs in the four lanes. The swaps
 * are checked with per-lane masks.
 *
 * Skipped (exit 77, with the reason) where the build is not x86-64 or the
 * CPU has no AVX2.
 *
 * usage: test_fe25x4 [random rounds, default 20000]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include "x25519/fe25x4.h"

#include "fe25_pattern.h"

__attribute__((target("avx2"))) static void check_lanes(const char *op, const fe25x4 *h, const fe25 want[4])
{
    fe25 got[4];
    fe25x4_unpack(got, h);
    for (int l = 0; l < 4; l++) CHECK(same(&got[l], &want[l]), "%s lane %d differs from fe25", op, l);
}

/* One round: lane l gets patterns pa[l] (f) and pb[l] (g). */
__attribute__((target("avx2"))) static void round_(const int pa[4], const int pb[4])
{
    fe25 f[4], g[4], fc[4], gc[4], want[4];
    fe25x4 F, G, FC, GC, H;
    for (int l = 0; l < 4; l++) {
        pattern(&f[l], pa[l], 1);
        pattern(&g[l], pb[l], 1);
        pattern(&fc[l], pa[l], 0);
        pattern(&gc[l], pb[l], 0);
    }
    fe25x4_pack(&F, f);
    fe25x4_pack(&G, g);
    fe25x4_pack(&FC, fc);
    fe25x4_pack(&GC, gc);

    for (int l = 0; l < 4; l++) fe25_mul(&want[l], &f[l], &g[l]);
    fe25x4_mul(&H, &F, &G);
    check_lanes("mul", &H, want);
    fe25x4_mul(&H, &F, &F); /* aliasing h = f = g, and sqr's columns */
    for (int l = 0; l < 4; l++) fe25_sqr(&want[l], &f[l]);
    check_lanes("mul f f", &H, want);
    H = F;
    fe25x4_sqr(&H, &H);
    check_lanes("sqr", &H, want);
    for (int l = 0; l < 4; l++) {
        fe25 once;
        fe25_sqr_once(&once, &f[l]);
        CHECK(same(&once, &want[l]), "fe25_sqr_once differs from fe25_sqr");
    }
    for (int l = 0; l < 4; l++) fe25_mul_a24(&want[l], &f[l]);
    fe25x4_mul_a24(&H, &F);
    check_lanes("mul_a24", &H, want);
    for (int l = 0; l < 4; l++) fe25_carry(&want[l], &f[l]);
    fe25x4_carry(&H, &F);
    check_lanes("carry", &H, want);
    /* add and sub take two carried values (fe25.h). */
    for (int l = 0; l < 4; l++) fe25_add(&want[l], &fc[l], &gc[l]);
    fe25x4_add(&H, &FC, &GC);
    check_lanes("add", &H, want);
    for (int l = 0; l < 4; l++) fe25_sub(&want[l], &fc[l], &gc[l]);
    fe25x4_sub(&H, &FC, &GC);
    check_lanes("sub", &H, want);
    for (int l = 0; l < 4; l++) fe25_neg(&want[l], &f[l]);
    fe25x4_neg(&H, &F);
    check_lanes("neg", &H, want);

    /* The per-lane swap: lanes whose bit is 1 trade f and g. */
    const unsigned bits = (unsigned)t_rand() & 15;
    const __m256i m = _mm256_sub_epi64(_mm256_setzero_si256(),
                                       _mm256_set_epi64x(bits >> 3 & 1, bits >> 2 & 1, bits >> 1 & 1, bits & 1));
    fe25x4 A = F, B = G;
    fe25x4_cswap_mask(&A, &B, m);
    fe25 wa[4], wb[4];
    for (int l = 0; l < 4; l++) {
        wa[l] = f[l];
        wb[l] = g[l];
        fe25_cswap(&wa[l], &wb[l], bits >> l & 1);
    }
    check_lanes("cswap f", &A, wa);
    check_lanes("cswap g", &B, wb);
}

int main(int argc, char **argv)
{
    t_seed();
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2")) {
        printf("SKIP: test_fe25x4 needs AVX2, which this CPU lacks\n");
        return 77;
    }
    const long rounds = argc > 1 ? strtol(argv[1], NULL, 0) : 20000;
    /* Every pair of extreme patterns, f and g, each in every lane
     * position (lane l takes (a + l) and (b + 3 l) mod NPAT + 1). */
    for (int a = 0; a <= NPAT; a++)
        for (int b = 0; b <= NPAT; b++) {
            int pa[4], pb[4];
            for (int l = 0; l < 4; l++) {
                pa[l] = (a + l) % (NPAT + 1);
                pb[l] = (b + 3 * l) % (NPAT + 1);
            }
            round_(pa, pb);
        }
    for (long r = 0; r < rounds; r++) {
        int pa[4], pb[4];
        for (int l = 0; l < 4; l++) {
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
    printf("SKIP: test_fe25x4 tests the x86-64 AVX2 field code, not built for this architecture\n");
    return 77;
}
#endif
