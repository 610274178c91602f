/* SPDX-License-Identifier: MIT */
/* ghash-neon with H's byte rotations recomputed for every block: the
 * comparison for the hoisting that ghash_neon.c does (the seed's second
 * GHASH step; the shipped driver computes them once per key). An empty
 * asm on H inside the loop stops GCC from hoisting them itself. One block
 * per iteration, as the shipped tail loop. Not shipped; see mca.h. */
#include "mca.h"
#include "gf128/ghash_neon.c"

MCA_KERNEL mca_ghash_neon_nohoist(const void *hkey, uint8_t *y, const uint8_t *in, size_t n)
{
    const struct ghash_neon_hkey *k = hkey;
    struct p8_operand h[3];
    uint64x2_t hv = vreinterpretq_u64_u8(vcombine_u8(k->pw[0][0].r[0], k->pw[0][1].r[0]));
    uint64x2_t acc = load_refl(y);
    for (; n; n--, in += 16) {
        RIJN_MCA_BEGIN("ghash-neon-nohoist");
        __asm__("" : "+w"(hv));
        p8_prepare3(h, hv);
        struct p8_prod p;
        p8_mul(&p, veorq_u64(acc, load_refl(in)), h);
        acc = p8_reduce(&p);
        RIJN_MCA_END();
    }
    store_refl(y, acc);
}
