/* SPDX-License-Identifier: MIT */
/*
 * Inputs for the vector field tests (test_fe25x4.c, test_fe25x2.c): limbs
 * at and within the bounds that src/x25519/fe25.h states, and a limb-wise
 * comparison. Include after testutil.h and fe25.h.
 */
#ifndef RIJN_TESTS_FE25_PATTERN_H
#define RIJN_TESTS_FE25_PATTERN_H

/* fe25.h's bounds (its comment; tests/proof/bounds.cc B25_*). */
#define LOOSE_EVEN (3 * (1 << 25) + (1 << 17))
#define LOOSE_ODD (3 * (1 << 24) + (1 << 17))
#define CARRIED_EVEN (1 << 25)
#define CARRIED_ODD ((1 << 24) + (1 << 15))

static int32_t bound(int i, int loose)
{
    return loose ? ((i & 1) ? LOOSE_ODD : LOOSE_EVEN) : ((i & 1) ? CARRIED_ODD : CARRIED_EVEN);
}

/* A random value in [-b, b]. */
static int32_t rnd_in(int32_t b)
{
    return (int32_t)(t_rand() % (uint64_t)(2 * (int64_t)b + 1)) - b;
}

/* Input pattern p (0..NPAT-1 are the extremes, NPAT: random) within the
 * loose (loose = 1) or carried bound. */
enum { NPAT = 9 };
static void pattern(fe25 *f, int p, int loose)
{
    const int which = (int)(t_rand() % 10);
    for (int i = 0; i < 10; i++) {
        const int32_t b = bound(i, loose);
        int32_t v;
        switch (p) {
        case 0: v = b; break;                             /* all at the maximum */
        case 1: v = -b; break;                            /* all at the minimum */
        case 2: v = (i & 1) ? -b : b; break;              /* alternating */
        case 3: v = (i & 1) ? b : -b; break;
        case 4: v = i == which ? b : 0; break;            /* one limb */
        case 5: v = i == which ? -b : 0; break;
        case 6: v = (t_rand() & 1) ? b : -b; break;       /* random signs at the bound */
        case 7: v = b - (int32_t)(t_rand() & 0xff); break; /* near the maximum */
        case 8: v = 0; break;
        default: v = rnd_in(b); break;
        }
        f->v[i] = v;
    }
}

static int same(const fe25 *a, const fe25 *b)
{
    return memcmp(a->v, b->v, sizeof a->v) == 0;
}

#endif
