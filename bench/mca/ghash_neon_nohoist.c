/* SPDX-License-Identifier: MIT */
/* ghash-neon with H's byte rotations recomputed for every block: the
 * comparison for the hoisting that ghash_neon.c does (the seed's second
 * GHASH step). An empty asm on H inside the loop stops GCC from hoisting
 * them itself. Not shipped; see mca.h. */
#include "mca.h"
#include "gf128/ghash_neon.c"

MCA_KERNEL mca_ghash_neon_nohoist(const void *hkey, uint8_t *y, const uint8_t *in, size_t n)
{
    const struct ghash_neon_hkey *k = hkey;
    struct ghash_neon_h h;
    uint8x16_t hv = vld1q_u8(k->h);
    for (int i = 0; i < 4; i++) h.m[i] = vld1q_u8(p8_low[i]);
    uint64x2_t acc = load_rev(y);
    for (; n; n--, in += 16) {
        RIJN_MCA_BEGIN("ghash-neon-nohoist");
        __asm__("" : "+w"(hv));
        p8_prepare(&h.lo, vget_low_u8(hv));
        p8_prepare(&h.hi, vget_high_u8(hv));
        p8_prepare(&h.mid, veor_u8(vget_low_u8(hv), vget_high_u8(hv)));
        acc = mul_h(veorq_u64(acc, load_rev(in)), &h);
        RIJN_MCA_END();
    }
    vst1q_u8(y, vrbitq_u8(vreinterpretq_u8_u64(acc)));
}
