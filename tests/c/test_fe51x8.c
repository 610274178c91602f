/* SPDX-License-Identifier: MIT */
/*
 * x25519-ifma's field code (src/x25519/fe51v.h on fe51_ifma.h's lanes)
 * against fe51.h, lane by lane, on inputs at the edges of fe51v.h's
 * stated bounds: every limb at the carried maximum (2^51 + 2^23 - 1) or
 * zero, alternating, one limb at the maximum, and random limbs within the
 * bound, eight different inputs in the eight lanes. The two compute
 * different limbs (fe51v.h carries after every add), so the comparison is
 * of the values mod p, as canonical bytes; each output limb is also
 * checked against the carried bound that tests/proof/bounds.cc proves.
 * fe51v_carry is tested on limbs up to its stated input bound, 2^63 - 1.
 *
 * This runs the intrinsics (VPMADD52LUQ/HUQ) in the release build, and
 * fe51_ifma.h's emulated lanes in the emulation build (build-emu): both must
 * agree with fe51.h. Skipped (exit 77, with the reason) where the build is
 * not x86-64 or, outside the emulation build, the CPU has no AVX-512 IFMA.
 *
 * usage: test_fe51x8 [random rounds, default 20000]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include "x25519/fe51.h"
#include "x25519/fe51_ifma.h"

#define MAXC ((1ULL << 51) + (1ULL << 23) - 1) /* fe51v.h's carried bound, inclusive */
#define MAXW ((1ULL << 63) - 1)                /* fe51v_carry's input bound */

enum { NPAT = 6 };
/* Pattern p (NPAT: random) with limbs up to max. */
static void pattern(fe51 *f, int p, uint64_t max)
{
    const int which = (int)(t_rand() % 5);
    for (int i = 0; i < 5; i++) {
        uint64_t v;
        switch (p) {
        case 0: v = max; break;
        case 1: v = 0; break;
        case 2: v = (i & 1) ? 0 : max; break;
        case 3: v = (i & 1) ? max : 0; break;
        case 4: v = i == which ? max : 0; break;
        case 5: v = i == which ? 0 : max; break;
        default: v = t_rand() % (max + 1); break;
        }
        f->v[i] = v;
    }
}

/* The value of f mod p as canonical bytes, through fe51.h: f's limbs may
 * be up to 2^63, so through fe51_carry_wide (columns < 2^116). */
static void ref_bytes(uint8_t out[32], const fe51 *f)
{
    fe51 t;
    fe51_carry_wide(&t, f->v[0], f->v[1], f->v[2], f->v[3], f->v[4]);
    fe51_tobytes(out, &t);
}

X86_IFMA_FILE_BEGIN

static void pack(fe51v *h, const fe51 f[8])
{
    uint64_t t[8];
    for (int k = 0; k < 5; k++) {
        for (int l = 0; l < 8; l++) t[l] = f[l].v[k];
        h->v[k] = fv_load(t);
    }
}
static void unpack(fe51 f[8], const fe51v *h)
{
    uint64_t t[8];
    for (int k = 0; k < 5; k++) {
        fv_store(t, h->v[k]);
        for (int l = 0; l < 8; l++) f[l].v[k] = t[l];
    }
}

/* Every lane of h: within the carried bound, and equal mod p to want. */
static void check_lanes(const char *op, const fe51v *h, const fe51 want[8])
{
    fe51 got[8];
    unpack(got, h);
    for (int l = 0; l < 8; l++) {
        for (int i = 0; i < 5; i++)
            CHECK(got[l].v[i] <= MAXC, "%s lane %d limb %d = %#llx above the carried bound", op, l, i,
                  (unsigned long long)got[l].v[i]);
        uint8_t a[32], b[32];
        ref_bytes(a, &got[l]);
        ref_bytes(b, &want[l]);
        CHECK(memcmp(a, b, 32) == 0, "%s lane %d differs from fe51.h mod p", op, l);
    }
}

static void round_(const int pa[8], const int pb[8])
{
    fe51 f[8], g[8], w[8], want[8];
    fe51v F, G, W, H;
    for (int l = 0; l < 8; l++) {
        pattern(&f[l], pa[l], MAXC);
        pattern(&g[l], pb[l], MAXC);
        pattern(&w[l], pa[l], MAXW);
    }
    pack(&F, f);
    pack(&G, g);
    pack(&W, w);

    fe51v_add(&H, &F, &G);
    for (int l = 0; l < 8; l++) fe51_add(&want[l], &f[l], &g[l]);
    check_lanes("add", &H, want);
    fe51v_sub(&H, &F, &G);
    for (int l = 0; l < 8; l++) fe51_sub(&want[l], &f[l], &g[l]);
    check_lanes("sub", &H, want);
    fe51v_neg(&H, &F);
    for (int l = 0; l < 8; l++) fe51_neg(&want[l], &f[l]);
    check_lanes("neg", &H, want);
    fe51v_mul(&H, &F, &G);
    for (int l = 0; l < 8; l++) fe51_mul(&want[l], &f[l], &g[l]);
    check_lanes("mul", &H, want);
    fe51v_sqr(&H, &F);
    for (int l = 0; l < 8; l++) fe51_sqr(&want[l], &f[l]);
    check_lanes("sqr", &H, want);
    fe51v_mul_a24(&H, &F);
    for (int l = 0; l < 8; l++) fe51_mul_a24(&want[l], &f[l]);
    check_lanes("mul_a24", &H, want);
    fe51v_carry(&H, &W);
    check_lanes("carry", &H, w);
}

X86_IFMA_FILE_END

int main(int argc, char **argv)
{
    t_seed();
#ifndef RIJN_EMULATE_VAES
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512ifma")) {
        printf("SKIP: test_fe51x8 runs VPMADD52LUQ/HUQ, and this CPU lacks AVX-512 IFMA "
               "(the emulation build, build-emu, tests the same code on emulated lanes)\n");
        return 77;
    }
#endif
    const long rounds = argc > 1 ? strtol(argv[1], NULL, 0) : 20000;
    /* Every pair of extreme patterns, each in every lane position. */
    for (int a = 0; a <= NPAT; a++)
        for (int b = 0; b <= NPAT; b++) {
            int pa[8], pb[8];
            for (int l = 0; l < 8; l++) {
                pa[l] = (a + l) % (NPAT + 1);
                pb[l] = (b + 3 * l) % (NPAT + 1);
            }
            round_(pa, pb);
        }
    for (long r = 0; r < rounds; r++) {
        int pa[8], pb[8];
        for (int l = 0; l < 8; l++) {
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
    printf("SKIP: test_fe51x8 tests the x86-64 AVX-512 IFMA field code, not built for this architecture\n");
    return 77;
}
#endif
