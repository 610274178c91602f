/* SPDX-License-Identifier: MIT */
/*
 * A static emulator's use of rijn (issue 18, "Static and small"): a guest
 * AESENC and a PACIA-style PAC through the public primitives, checked
 * against known answers, linked with -static -Wl,--gc-sections by
 * tests/py/test_static.py, which also measures what rijn adds to the
 * binary. Build with -DWITHOUT_RIJN for the baseline of the same program
 * with no rijn calls.
 */
#include <stdio.h>
#include <string.h>

#ifndef WITHOUT_RIJN
#include "rijn/aes_round.h"
#include "rijn/pac.h"
#endif

int main(void)
{
#ifdef WITHOUT_RIJN
    puts("baseline");
    return 0;
#else
    /* FIPS 197 Appendix B, round 1: start of round (state after the
     * initial AddRoundKey) and round key 1; the result is the start of
     * round 2. */
    static const unsigned char start[16] = { 0x19, 0x3d, 0xe3, 0xbe, 0xa0, 0xf4, 0xe2, 0x2b,
                                             0x9a, 0xc6, 0x8d, 0x2a, 0xe9, 0xf8, 0x48, 0x08 };
    static const unsigned char rk1[16] = { 0xa0, 0xfa, 0xfe, 0x17, 0x88, 0x54, 0x2c, 0xb1,
                                           0x23, 0xa3, 0x39, 0x39, 0x2a, 0x6c, 0x76, 0x05 };
    static const unsigned char next[16] = { 0xa4, 0x9c, 0x7f, 0xf2, 0x68, 0x9f, 0x35, 0x2b,
                                            0x6b, 0x5b, 0xea, 0x43, 0x02, 0x6a, 0x50, 0x49 };
    rijn_aes_state st, k, r;
    memcpy(st.b, start, 16);
    memcpy(k.b, rk1, 16);
    rijn_x86_aesenc(&r, &st, &k);
    if (memcmp(r.b, next, 16) != 0) {
        puts("AESENC: wrong answer");
        return 1;
    }
    /* The QARMA-64 paper's vector (Avanzi, ePrint 2016/444) with the
     * S-box and the 5 rounds of the Arm ARM's QARMA5, as ComputePAC(P, T,
     * key0 = w0, key1 = k0) (src/emu/pac.c's self-test uses it too). */
    uint64_t pac = rijn_pac_qarma5(0xfb623599da6e8127ull, 0x477d469dec0b8762ull, 0x84be85ce9804e94bull,
                                   0xec2802d4e0a488e9ull);
    if (pac != 0xc003b93999b33765ull) {
        printf("PAC: wrong answer %016llx\n", (unsigned long long)pac);
        return 1;
    }
    puts("ok");
    return 0;
#endif
}
