/* SPDX-License-Identifier: MIT */
/*
 * gcm-aes-vaes-avx512 and gcm-aes-vaes-avx512-sb: GCM's bulk loop (SP
 * 800-38D §7.1 steps 3-5) with VAES and VPCLMULQDQ on 512-bit registers
 * (vaes512_core.h says why, and how the same code is checked without
 * AVX-512).
 *
 * A pass runs sixteen counter blocks (four ZMM registers) through the
 * rounds, and round gaps 1..4 each carry one register of GHASH, four
 * blocks, over the powers of H laid out for wide loads (hp, hkp in
 * ghash_pclmul_core.h: one 64-byte load gives the keys of four
 * consecutive blocks). Two passes hash a group of 32 blocks, H^32..H^1,
 * with one reduction, in the second pass's gap 5, of all four lanes at
 * once (gz_reduce4); a pass alone hashes sixteen, H^16..H^1 (GV_FIRST and
 * the lines above it say why). Each group's first product waits for the
 * group before; that product is issued last (gcm_vaes512_step says why).
 *
 * Why this shape, measured on an Intel Xeon of the Emerald Rapids class
 * (docs/performance.md, 2026-11-26): the first version ran 32 blocks per
 * pass with the round loop rolled (GCC kept it rolled around a run-time
 * test of the hash pointer, with a branch and eight register copies per
 * round): 16 KiB seal at 0.79x AWS-LC. Unrolled, with the four-lane
 * reduction and byte-order-free counters (since replaced by the first
 * round from a table, below), 32 blocks
 * per pass reached 0.95x to 0.97x and sixteen 0.96x to 1.01x, with no
 * register spilled (32 blocks spilled three).
 *
 * The GHASH products: Karatsuba's three VPCLMULQDQ per register (plus a
 * shuffle and an XOR), or the schoolbook's four. On Intel, where
 * VPCLMULQDQ issues every cycle on port 5, the fourth costs no more than
 * the shuffle and XOR did, and the schoolbook measured 3% to 8% faster at
 * 16 and 64 KiB; on AMD's Zen 5 VPCLMULQDQ is the scarce unit, one every
 * two cycles (vaes512_core.h), and the fourth would make the GHASH-bound
 * part a third slower. So there are two drivers, which differ in
 * gcm_vaes512_step only: gcm_vaes512.c (Karatsuba) and gcm_vaes512_sb.c
 * (schoolbook), selected by the CPU feature fastclmul
 * (src/core/cpu_x86.c); the tails and the short path use Karatsuba in
 * both.
 *
 * Both drivers take each pass's first AES round from a table that key
 * setup writes (gcm_vaes512_ctrs, the section "The first round from a
 * table"): measured on an Intel Xeon for the -sb driver, then on an AMD
 * EPYC Zen 4 for this one (docs/performance.md, 2026-12-06 and
 * 2026-12-07). The -sb driver, Intel's, also loads decryption's input
 * once for the hash and the last round, and seals messages of up to eight
 * passes hashing the ciphertext of one pass back (gcm_vaes512_body); on
 * the Zen 4 neither helped gcm-aes-vaes-avx512, which AMD's cores select
 * (the same section of docs/performance.md), so it keeps its schedule.
 *
 * As in gcm-aes-vaes, encryption hashes the ciphertext of two passes back
 * and decryption hashes its own input, before anything is written (in ==
 * out is allowed). Fewer than sixteen blocks left: the CTR tail of
 * ceil(n/4) registers with masked loads and stores (VZ_BY_TAIL), and
 * their GHASH in one reduction (gz_hash_upto16). J0,
 * AAD, the partial block, lengths and tag: the envelope (modes/gcm.h),
 * through gcm_aesni_aead_body (one-shot) or src/modes/gcm.c; a one-shot
 * message of whole blocks hands its lengths block to the bulk
 * (gcm_vaes512_body's withl), which hashes it in its last reduction. Key formats:
 * aes-vaes-avx512's (aes-aesni's) and ghash-pclmul's.
 *
 * Names: this file's own start with gcm_vaes512_; vz_ (the vector layer)
 * and gz_ (GHASH on it) are vaes512_core.h's, gcm_aesni_ gcm_aesni_core.h's.
 */
#ifndef RIJN_GCM_VAES512_CORE_H
#define RIJN_GCM_VAES512_CORE_H

#include "aes/gcm_aesni_core.h"
#include "aes/vaes512_core.h"
#include "gf128/ghash_vz_core.h"
#include "modes/gcm.h"

#ifdef RIJN_X86

/* Four counter registers per pass, one GHASH group of sixteen blocks:
 * gcm_vaes512_pass's gap schedule (registers 1, 2, 3, 0, then the
 * reduction) is written for exactly that. */
#define GV_M 4
#define GV_BLOCKS (4 * GV_M)
#define GV_BYTES (64 * GV_M)

/* Which blocks of a GHASH group a pass hashes. A group is 32 blocks, two
 * passes' worth, with one reduction: the first pass's products (weighted
 * by H^32..H^17, the group's incoming hash added to its first block) are
 * left unreduced in the accumulators, and the second pass adds its own
 * (H^16..H^1) and reduces. A pass alone (an odd pass at the end) is a
 * group of sixteen, H^16..H^1, with its own reduction. Why 32: on an AMD
 * EPYC Zen 4 a 512-bit VPCLMULQDQ occupies, for two cycles, one of the
 * two pipes that run VAESENC, and the shuffles and lane folds of a
 * reduction land on those pipes too; one reduction per 32 blocks instead
 * of 16 took 16 KiB messages from 73.4-73.9 to 70.0-71.7 cycles per 256
 * bytes (docs/performance.md, 2026-11-29).
 */
enum { GV_GROUP16, GV_FIRST, GV_SECOND };
_Static_assert(GF_POWERS >= 32, "a group of 32 blocks needs H^32..H^1");

/*
 * Groups with one power per register (gcm-aes-vaes-avx512-sb)
 * ------------------------------------------------------------
 * A group's four lanes are reduced side by side and then added
 * (gz_reduce4): lane i of register j holds block 4j + i of the group,
 * weighted H^(32-4j-i), and register 0 of the next group takes the sum in
 * lane 0. The addition is four operations (two extracts, two XORs) on the
 * port that already runs every VPCLMULQDQ and shuffle on an Intel core,
 * per 32 blocks, and it is on the chain from one group to the next.
 *
 * The lanes need not be added until the message ends. Keep the four
 * reduced lanes v_0..v_3 of a group, standing for the hash
 *     Y = v_0 + v_1 H^-1 + v_2 H^-2 + v_3 H^-3,
 * add v to register 0 of the next group lane by lane, and weight all four
 * lanes of register j with one power, H^(32-4j) (its lane 0's). Lane i of
 * the next group then sums (blocks X_0..X_31)
 *     r_i = (v_i + X_i) H^32 + X_(4+i) H^28 + ... + X_(28+i) H^4,
 * so that r_0 + r_1 H^-1 + r_2 H^-2 + r_3 H^-3
 *     = (v_0 + v_1 H^-1 + v_2 H^-2 + v_3 H^-3) H^32 + X_0 H^32 + X_1 H^31 + ... + X_31 H
 *     = Y H^32 + X_0 H^32 + ... + X_31 H,
 * the next hash (SP 800-38D §6.4), in the same form; the reduction is
 * linear, so reducing each lane keeps it. The negative powers are never
 * computed: a group with the usual powers, lane i of register 0 weighted
 * H^(t-i) for t blocks, adds v_0 H^t + v_1 H^(t-1) + v_2 H^(t-2) + v_3
 * H^(t-3) = Y H^t, and the sum of its lanes is the plain hash. A plain
 * hash y is also of the form, as (y, 0, 0, 0). So the bulk loops' groups
 * run flat (the powers H^32, H^28, ..., H^4, broadcast), and the data's
 * last group has the usual powers: decryption's last pair runs outside
 * its loop, and encryption's ciphertext of the last passes goes to
 * gz_hash_regs. A broadcast load of a power replaces a 64-byte load of
 * four, and each group of 32 blocks drops its four lane operations from
 * port 5 and from the chain that runs from one group's hash to the next:
 * 78 to 76 vector operations a pass, and on an Intel Xeon (Sapphire/
 * Emerald Rapids class) 16 KiB messages 4% to 8% faster, the cost per
 * block down by 8% (docs/performance.md, "Third visit on 2026-12-06: one
 * power per register"). Only the -sb driver, measured on that Xeon only,
 * does this; gcm-aes-vaes-avx512, AMD's, keeps its folds.
 */

/* Hash step for register g (0..3) of a pass's hashed data: four blocks
 * weighted by hp[base + 4g ..], H^(32-base-4g)..H^(29-base-4g), where
 * base is 0 for a group's first pass and 16 otherwise (GF_POWERS is 32),
 * less shift: 1 in a group of sixteen blocks that the lengths block
 * follows (gcm_vaes512_pass's l), whose powers are then H^17..H^2.
 * In a pass that starts a group, register 0 takes the incoming hash y; it
 * is issued last of its pass (gcm_vaes512_pass), so that on the chain
 * from one group's hash to the next, y's product is the only one, and the
 * sums start with register 1. In a group's second pass every product
 * adds to the sums. */
VZ_INLINE void gcm_vaes512_step(struct gz_acc *a, const struct pclmul_hkey *h, vz data, int g, vz y,
                                const bool sb, const int part, const int shift, vz *pend, const bool flat)
{
    const int base = (part == GV_FIRST ? GF_POWERS - 32 : GF_POWERS - 16) - shift;
    const bool start = part != GV_SECOND;
    vz x = vz_bswap(data);
    if (start && g == 0) x = vz_xor(x, y);
    /* flat: the register's first power in all four lanes (below) */
    const vz hh = flat ? vz_bcast(h->hp[base + 4 * g]) : vz_load(&h->hp[base + 4 * g]);
    if (sb) {
        gz_mul_sb(a, x, hh, start && g == 1);
        return;
    }
    /* Karatsuba by pairs of registers, (1, 2) and (3, 0): the middle
     * products take each block's halves xored, and one XOR of the pair's
     * interleaved halves gives them for eight blocks (register g - 1's in
     * the low half of each lane, g's in the high), where each register
     * alone took a VPSHUFD and an XOR. The key's hkp holds each power's
     * halves xored in both halves, so VPCLMULQDQ's 0x00 and 0x11 pick the
     * two registers' products from the same operands. On Zen 4 the
     * 512-bit XORs of a pass are what it pays for beyond its VAESENC and
     * VPCLMULQDQ, and shuffles are not (bench/x86_vaes_pipes.c). */
    const vz lo = vz_clmul(x, hh, 0x00), hi = vz_clmul(x, hh, 0x11);
    const bool first = start && g == 1;
    a->lo = first ? lo : vz_xor(a->lo, lo);
    a->hi = first ? hi : vz_xor(a->hi, hi);
    if (g % 2) {
        *pend = x;   /* registers 1 and 3: their middle product waits for the pair's other */
        return;
    }
    const vz m = vz_xor(vz_unpacklo64(*pend, x), vz_unpackhi64(*pend, x));
    const vz mid = vz_xor(vz_clmul(m, vz_load(&h->hkp[base + 4 * ((g + 3) % 4)]), 0x00),
                          vz_clmul(m, vz_load(&h->hkp[base + 4 * g]), 0x11));
    a->mid = start && g == 2 ? mid : vz_xor(a->mid, mid);
}

/* What a pass hashes on the way (gcm_vaes512_pass): nothing, the
 * GV_BLOCKS blocks at hs (decryption: its own input), or the GV_BLOCKS
 * blocks in the registers hx[] (encryption: the ciphertext of two passes
 * back, which that pass left there). */
enum { GV_HASH_NONE, GV_HASH_MEM, GV_HASH_REGS };

/* One pass: the GV_BLOCKS counter blocks in b[] (round key 0 already
 * added) through the rounds, xored with in into out; the GV_BLOCKS blocks
 * that hash names hashed into the sums *a on the way, as part (above)
 * says, and reduced into *y if the pass ends a group (the hash in lane 0
 * and zeros; with flat, the group's four lanes unfolded, "Groups with one
 * power per register" above); if keep, the blocks written to out also
 * left in hx[] (after hx[] was read). hash, part, keep and flat (only in
 * the -sb driver's groups of two passes) are constants at every call, so
 * that each copy has its branches resolved and its round loop unrolled
 * (the first version tested a pointer for NULL at run time and GCC kept
 * the loop rolled around the test, with eight register copies per
 * round). Rounds 1..9, which every
 * key size has, are unrolled; gaps 1..4 carry registers 1, 2, 3 and 0 of
 * the hashing, gap 5 the reduction. Every load of in and hs comes before
 * the stores, so in == out (and hs == in) is allowed. The data is xored
 * into the last round key, so that a state is stored as its last round
 * ends. With l (not NULL; part is then GV_GROUP16), the block *l (the
 * lengths block) ends the group, weighted H, in the same reduction. b[]
 * arrive after round 1 (gcm_vaes512_ctrs). With sb, decryption's input
 * is loaded once, for its hash step and for the last round: a second
 * 64-byte load per register, split across cache lines where in is not
 * 64-byte aligned, measured 4% slower at 4 KiB on the Intel Xeon. */
VZ_INLINE void gcm_vaes512_pass(const struct aesni_ks *k, const struct pclmul_hkey *h, vz b[GV_M], uint8_t *out,
                                const uint8_t *in, const int hash, const uint8_t *hs, vz hx[GV_M], const bool keep,
                                struct gz_acc *a, const int part, vz *y, const bool sb, const __m128i *l,
                                const bool flat)
{
    vz pend = vz_zero();   /* gcm_vaes512_step's pairs */
    vz din[GV_M];
#pragma GCC unroll 9
    for (int r = 1; r <= 9; r++) {
        const vz kr = vz_bcast(k->ek[r]);
        if (r > 1)   /* the counters come after round 1 (gcm_vaes512_ctrs) */
            for (int j = 0; j < GV_M; j++) b[j] = vz_aesenc(b[j], kr);
        if (hash == GV_HASH_MEM && r <= 4) din[r % 4] = vz_load(hs + 64 * (r % 4));
        if (hash != GV_HASH_NONE && r <= 4)
            gcm_vaes512_step(a, h, hash == GV_HASH_REGS ? hx[r % 4] : din[r % 4], r % 4, *y, sb,
                             part, l != NULL, &pend, flat);
        if (hash != GV_HASH_NONE && part != GV_FIRST && r == 5) {
            if (l) gz_add_last(a, h, *l, !sb);
            *y = flat ? gz_reduce_lanes(a, !sb) : vz_from128(gz_reduce4(a, !sb));
        }
    }
    for (int r = 10; r < k->nr; r++) {
        const vz kr = vz_bcast(k->ek[r]);
        for (int j = 0; j < GV_M; j++) b[j] = vz_aesenc(b[j], kr);
    }
    const vz kl = vz_bcast(k->ek[k->nr]);
    /* Where out lies 32 bytes past a cache line (one 16-byte-aligned
     * buffer in four, such as malloc's), each 64-byte store would be split
     * across two lines; the -sb driver then stores each register as two
     * halves, each within one line (the high half by VEXTRACTI64X4 to
     * memory, which takes no shuffle port). On the Intel Xeon an open's
     * pass of AES-128 measured 39.9 to 41.4 cycles with the split stores
     * and 38.1 to 38.5 with the halves, as where out is on a line (AES-256:
     * 54.4 and 51.2). At 16 or 48 bytes past a line one of any two pieces
     * still crosses it, and three pieces measured no faster than the split
     * (docs/performance.md, "Opens whose output is 32 bytes past a line"). */
    const bool halves = sb && ((uintptr_t)out & 63) == 32;
    /* In a pass that hashes (every pass of an open, and a seal's from its
     * third on), gcm-aes-vaes-avx512 loads all four registers of data
     * before its first store. Stored one by one, each after its load,
     * register j's load came right after register j - 1's store, and
     * where out is 48 bytes past in modulo 4096 (rijn speed --offsets
     * 0,48) the load overlaps the last 48 bytes of that store in its
     * address's low 12 bits. On the Zen 4, with the same virtual
     * addresses, some placements of the pages in physical memory (fresh
     * buffers of the same process: about one in four; rijn speed: about
     * half its processes, at some times of day and none at others) then
     * made 16 KiB messages 20% to 25% slower and 2 KiB ones up to twice
     * as slow. With the loads first none of 27 processes was; other
     * placements moved by -3% to +1%. A seal's first two passes keep the
     * old order, which measured 2% to 5% faster for seals of 256 bytes to
     * 1 KiB (docs/performance.md, 2026-12-07). The -sb driver keeps its
     * order: it was not measured on an Intel core. */
    const bool lfirst = !sb && hash != GV_HASH_NONE;
    if (lfirst)
        for (int j = 0; j < GV_M; j++) b[j] = vz_aesenclast(b[j], vz_xor(kl, vz_load(in + 64 * j)));
    for (int j = 0; j < GV_M; j++) {
        const vz c =
            lfirst ? b[j] : vz_aesenclast(b[j], vz_xor(kl, hash == GV_HASH_MEM && sb ? din[j] : vz_load(in + 64 * j)));
        if (halves)
            vz_store_halves(out + 64 * j, c);
        else
            vz_store(out + 64 * j, c);
        if (keep) hx[j] = c;
    }
}

/*
 * The first round from a table (both drivers)
 * -------------------------------------------
 * Within 256 consecutive counter blocks only byte 15 changes (the
 * counter's low byte x; inc32 carries into bytes 12..14 when it wraps),
 * and AES's first round is linear past SubBytes (FIPS 197 §5.1:
 * SubBytes, ShiftRows, MixColumns, AddRoundKey). So the state after round
 * 1 of counter block J || x is S1 ^ R[x]:
 * - S1 is round 1 of the block with x's input byte replaced by 0x52, the
 *   byte that SubBytes maps to 0 (gcm_vaes512_s1): one AESENC per 256
 *   blocks, from Z, round key 0 with byte 15 replaced by 0x52;
 * - R[x] is round 1 of the block that is 0x52 everywhere but byte 15,
 *   which is x ^ k0[15], with a zero round key: S(x ^ k0[15]) moved by
 *   ShiftRows to column 0 and multiplied there by MixColumns' last
 *   column, bytes 0..3 = (s, s, 3s, 2s), zeros elsewhere.
 * R depends on the key only; key setup writes its 256 rows (4 KiB) after
 * the GHASH key (gcm_vaes512_rows_init), and a pass then starts at round
 * 2 with one 64-byte load and one XOR per four blocks, where it took a
 * counter addition, the XOR of round key 0 and a VAESENC. On the Intel
 * Xeon (Sapphire/Emerald Rapids class) 512-bit operations issue on ports
 * 0 and 5 only and VAESENC on port 0 only; the pass was at 87 vector
 * operations for 40 VAESENC, and 8 of them fewer made 16 KiB messages 7%
 * to 11% faster (docs/performance.md, 2026-12-06). On an AMD EPYC Zen 4,
 * where 512-bit VAESENC issue one a cycle and each VPCLMULQDQ takes one
 * of those cycles (docs/performance.md, fifth session of 2026-11-29), the
 * 4 VAESENC fewer took gcm-aes-vaes-avx512's pass from 67-68 to 62-63
 * cycles (AES-128; AES-256 80 to 75), and its messages of 256 bytes to
 * 64 KiB up to 15% faster, 5% to 9% at 16 KiB (docs/performance.md,
 * 2026-12-07). The table is indexed by the counter (public: the IV is);
 * its contents are secret and are wiped with the key.
 *
 * The area: the rows' offset (a 32-bit word), Z at byte 16, and the rows.
 * They start where row 2 is 64-byte aligned (a one-shot message with a
 * 96-bit IV starts its data at counter 2, and a pass's loads are then
 * whole cache lines; split loads measured 5% slower): the key's address
 * modulo 64 decides the offset, which is stored so that a copied key
 * still reads its own rows.
 */
#define GV_ROWS_AT 64
#define GV_ROWS_BYTES (GV_ROWS_AT + 48 + 256 * 16)
_Static_assert(GV_ROWS_BYTES <= RIJN_GCM_FUSED_BYTES, "the first-round table fits the GCM key");

/* The table area: after the GHASH key in the GCM key's hkey. */
#define GV_AREA(hkey) ((const uint8_t *)(hkey) + RIJN_GF128_KEY_BYTES)
#define GV_Z(hkey) (GV_AREA(hkey) + 16)

static inline const uint8_t *gcm_vaes512_rows(const void *hkey)
{
    uint32_t off;
    memcpy(&off, GV_AREA(hkey), sizeof off);
    return GV_AREA(hkey) + off;
}
#define GV_TOP _mm_set_epi32((int)0xff000000, 0, 0, 0) /* byte 15 */

VZ_INLINE void gcm_vaes512_rows_init(const struct aesni_ks *k, void *hkey)
{
    uint8_t *area = (uint8_t *)hkey + RIJN_GF128_KEY_BYTES;   /* GV_AREA, writable */
    const uint32_t off = GV_ROWS_AT + (uint32_t)((96 - ((uintptr_t)area + GV_ROWS_AT) % 64) % 64);
    memcpy(area, &off, sizeof off);
    const __m128i top = GV_TOP, c52 = _mm_set1_epi8(0x52);
    STOREX(area + 16, _mm_or_si128(_mm_andnot_si128(top, k->ek[0]), _mm_and_si128(top, c52)));   /* Z */
    /* 0x52 in bytes 0..14, k0[15] in byte 15; row x xors x into it. Lane
     * j of t holds 4i + j in byte 15 (the top byte of the lane's last
     * word), so adding 4 << 24 to each lane's last word steps all four
     * rows with no carry (4i + j <= 255). Built from four general
     * registers each time, t made a key setup on Zen 4 take 203 ns
     * against 152 ns this way (114 ns without the table;
     * docs/performance.md). */
    const vz c = vz_bcast(_mm_or_si128(_mm_andnot_si128(top, c52), _mm_and_si128(top, k->ek[0])));
    const vz step = vz_bcast(_mm_set_epi32(0x04000000, 0, 0, 0));
    vz t = vz_bswap(vz_lanes32(0, 1, 2, 3));
    for (uint32_t i = 0; i < 256; i += 4, t = vz_add32(t, step))
        vz_store(area + off + 16 * i, vz_aesenc(vz_xor(c, t), vz_zero()));
}

/* S1 (above) of the period of counter block blk (big-endian, as stored):
 * round 1 of (blk with byte 15 cleared) ^ Z. */
VZ_INLINE vz gcm_vaes512_s1(const struct aesni_ks *k, const uint8_t *z, __m128i blk)
{
    return vz_bcast(_mm_aesenc_si128(_mm_xor_si128(_mm_andnot_si128(GV_TOP, blk), LOADX(z)), k->ek[1]));
}

/* The bulk's counters: cnt is the next counter's value (public: the IV
 * is), cnt0 the first's, cle0 the first four blocks as little-endian
 * lanes, blk0 the first block as stored, s1 S1 of cnt's 256-block
 * period. */
struct gv_ctrs {
    vz cle0, s1;
    __m128i blk0;
    uint32_t cnt, cnt0;
};

/* The counter blocks of the next pass into b[], after round 1. While
 * the low byte of the counter does not wrap in this pass (fifteen of
 * every sixteen passes), rows x..x+15 of the table (above) give the
 * states; otherwise the counters are rebuilt from cnt with inc32's wrap
 * (SP 800-38D §6.2), byte-swapped, and run through round 1. */
VZ_INLINE void gcm_vaes512_ctrs(vz b[GV_M], const struct aesni_ks *k, struct gv_ctrs *c, const uint8_t *rows,
                                const uint8_t *z)
{
    const uint32_t x = c->cnt & 0xff;
    if (x + GV_BLOCKS <= 256) {
        for (int j = 0; j < GV_M; j++) b[j] = vz_xor(c->s1, vz_load(rows + 16 * (x + 4 * (uint32_t)j)));
    } else {
        const uint32_t d = c->cnt - c->cnt0;
        vz v = vz_add32(c->cle0, vz_lanes32(d, d, d, d));
        for (int j = 0; j < GV_M; j++) {
            b[j] = vz_aesenc(vz_xor(vz_bswap(v), vz_bcast(k->ek[0])), vz_bcast(k->ek[1]));
            v = vz_add32(v, vz_lanes32(4, 4, 4, 4));
        }
    }
    c->cnt += GV_BLOCKS;
    /* The next pass starts a new period: its S1. */
    if (x + GV_BLOCKS >= 256)
        c->s1 = gcm_vaes512_s1(k, z, _mm_insert_epi32(c->blk0, (int)__builtin_bswap32(c->cnt), 3));
}

/* The bulk: CTR and GHASH over n >= 1 whole blocks from the counter
 * block ctr, the hash y updated; with withl, GHASH then takes the lengths
 * block lb (SP 800-38D §7.1 step 5) in the same reduction as the data's
 * last group, not in one of its own after it: the one-shot path's, where
 * the data is whole blocks (gcm_vaes512_crypt_l). A reduction on the
 * tag's critical path, after a store and a reload of y, cost 41 to 57
 * cycles per message on Zen 4 (docs/performance.md). */
VZ_INLINE void gcm_vaes512_body(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                                const uint8_t *in, size_t n, bool encrypt, const bool sb, const bool withl,
                                const uint8_t *lb)
{
    const struct aesni_ks *k = ks;
    const struct pclmul_hkey *h = hkey;
    const uint32_t c32 = rijn_load32_be(ctr + 12);
    const size_t total = n;
    /* The hash, reflected, in lane 0 (zeros in the others), or after a
     * flat group its four lanes ("Groups with one power per register"):
     * every path below ends the data with a group of the usual powers,
     * which leaves the plain form again. */
    vz yv = vz_from128(aesni_bswap(LOADX(y)));
    /* lv: the lengths block, reflected. lend: the last pass ends the data
     * (no tail), so the group it ends takes lv; otherwise the tail's. */
    const __m128i lv = withl ? aesni_bswap(LOADX(lb)) : _mm_setzero_si128();
    const __m128i *const l = withl ? &lv : NULL;
    const bool lend = withl && n % GV_BLOCKS == 0;
    /* inc32 (SP 800-38D §6.2): lane words wrap mod 2^32, which is inc32. */
    const vz cle0 = vz_add32(vz_bcast(aesni_bswap(LOADX(ctr))), vz_lanes32(0, 1, 2, 3));
    vz b[GV_M];
    const uint8_t *const rows = gcm_vaes512_rows(hkey), *const z = GV_Z(hkey);
    struct gv_ctrs cs = { cle0, gcm_vaes512_s1(k, z, LOADX(ctr)), LOADX(ctr), c32, c32 };
    struct gz_acc a = { vz_zero(), vz_zero(), vz_zero() };   /* set by each group's register 1 */
    if (!encrypt) {
        /* Where the lengths block ends the last pass's group and that
         * pass would be a group's second (an even number of passes), the
         * last two passes run as two groups of sixteen instead, the
         * second with the lengths block: H^33 would be needed otherwise,
         * and the key holds 32 powers. */
        const size_t pairs = n / (2 * GV_BLOCKS);
        const bool split = lend && pairs && n % (2 * GV_BLOCKS) == 0;
        size_t i = split;
        /* The -sb driver's pairs run flat but the last, which has the
         * usual powers and folds its lanes (above). */
        for (; sb && i + 1 < pairs; i++, n -= 2 * GV_BLOCKS, in += 2 * GV_BYTES, out += 2 * GV_BYTES) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_MEM, in, NULL, false, &a, GV_FIRST, &yv, sb, NULL, true);
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out + GV_BYTES, in + GV_BYTES, GV_HASH_MEM, in + GV_BYTES, NULL, false, &a,
                             GV_SECOND, &yv, sb, NULL, true);
        }
        for (; i < pairs; i++, n -= 2 * GV_BLOCKS, in += 2 * GV_BYTES, out += 2 * GV_BYTES) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_MEM, in, NULL, false, &a, GV_FIRST, &yv, sb, NULL, false);
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out + GV_BYTES, in + GV_BYTES, GV_HASH_MEM, in + GV_BYTES, NULL, false, &a,
                             GV_SECOND, &yv, sb, NULL, false);
        }
        if (split) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_MEM, in, NULL, false, &a, GV_GROUP16, &yv, sb, NULL, false);
            n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES;
        }
        if (n >= GV_BLOCKS) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_MEM, in, NULL, false, &a, GV_GROUP16, &yv, sb,
                             lend ? l : NULL, false);
            n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES;
        }
    } else {
        /* Encryption hashes the ciphertext of two passes back: the
         * previous pass's is ready only as its last round ends, and
         * hashing it at once would hold this pass's products back (as in
         * gcm-aes-vaes). It stays in registers until then, two sets that
         * even and odd passes take turns with (each pass hashes its set,
         * then leaves its own ciphertext there): read back from memory,
         * the stores of two passes before had to be forwarded, and where
         * out is not 32-byte aligned (a TLS record's payload, or
         * calloc's 16-byte alignment) each 64-byte block is a store split
         * across two cache lines: 16 KiB seals measured 6% slower than
         * opens there (docs/performance.md). Set ca holds the earlier
         * pass of each pair, so the loop's two passes are a group's first
         * and second. The last two passes' are hashed after the loop,
         * from those registers, as one group of 32 (or 16) blocks: read
         * back from out, as the first version did, they waited on the
         * forwarding of that pass's stores, on the critical path of the
         * tag. */
        vz ca[GV_M], cb[GV_M];
        size_t done = 0;
        /* The -sb driver seals up to eight passes hashing the ciphertext
         * of one pass back, in set ca, which each pass hashes and then
         * refills: only the last pass's is left for after the loop, where
         * two back leave two (32 blocks, 30 to 40 cycles with nothing
         * beside them). Its products wait for the previous pass's last
         * round, which at 16 KiB measured 3% to 7% slower, and from 256
         * to 2048 bytes 2% to 8% faster, on the Intel Xeon. */
        const bool one_back = sb && n >= GV_BLOCKS && n < 9 * GV_BLOCKS;
        if (one_back) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_NONE, NULL, ca, true, &a, GV_GROUP16, &yv, sb, NULL, false);
            n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES;
            /* Flat pairs: a sixteen-block group or gz_hash_regs follows. */
            for (; n >= 2 * GV_BLOCKS; n -= 2 * GV_BLOCKS, in += 2 * GV_BYTES, out += 2 * GV_BYTES) {
                gcm_vaes512_ctrs(b, k, &cs, rows, z);
                gcm_vaes512_pass(k, h, b, out, in, GV_HASH_REGS, NULL, ca, true, &a, GV_FIRST, &yv, sb, NULL, true);
                gcm_vaes512_ctrs(b, k, &cs, rows, z);
                gcm_vaes512_pass(k, h, b, out + GV_BYTES, in + GV_BYTES, GV_HASH_REGS, NULL, ca, true, &a,
                                 GV_SECOND, &yv, sb, NULL, true);
            }
            if (n >= GV_BLOCKS) {
                gcm_vaes512_ctrs(b, k, &cs, rows, z);
                gcm_vaes512_pass(k, h, b, out, in, GV_HASH_REGS, NULL, ca, true, &a, GV_GROUP16, &yv, sb, NULL,
                                 false);
                n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES;
            }
            yv = vz_from128(gz_hash_regs(h, yv, ca, NULL, lend ? l : NULL));
        }
        if (!one_back && n >= GV_BLOCKS) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_NONE, NULL, ca, true, &a, GV_GROUP16, &yv, sb, NULL, false);
            n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES, done = 1;
        }
        if (n >= GV_BLOCKS) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_NONE, NULL, cb, true, &a, GV_GROUP16, &yv, sb, NULL, false);
            n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES, done = 2;
        }
        /* This loop runs only after the two passes above (done == 2), so
         * gz_hash_regs below ends the data's hash with the usual powers:
         * the -sb driver's pairs here run flat. */
        for (; n >= 2 * GV_BLOCKS; n -= 2 * GV_BLOCKS, in += 2 * GV_BYTES, out += 2 * GV_BYTES) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_REGS, NULL, ca, true, &a, GV_FIRST, &yv, sb, NULL, sb);
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out + GV_BYTES, in + GV_BYTES, GV_HASH_REGS, NULL, cb, true, &a, GV_SECOND,
                             &yv, sb, NULL, sb);
        }
        /* An odd pass at the end hashes set ca and leaves its own
         * ciphertext there, after set cb's: the unhashed passes, in
         * message order, are then cb and ca. */
        bool odd = false;
        if (n >= GV_BLOCKS) {
            gcm_vaes512_ctrs(b, k, &cs, rows, z);
            gcm_vaes512_pass(k, h, b, out, in, GV_HASH_REGS, NULL, ca, true, &a, GV_GROUP16, &yv, sb, NULL, false);
            n -= GV_BLOCKS, in += GV_BYTES, out += GV_BYTES, odd = true;
        }
        const __m128i *const lp = lend ? l : NULL;   /* no tail: these passes end the data */
        if (done == 1) yv = vz_from128(gz_hash_regs(h, yv, ca, NULL, lp));
        if (done == 2) yv = vz_from128(odd ? gz_hash_regs(h, yv, cb, ca, lp) : gz_hash_regs(h, yv, ca, cb, lp));
    }
    /* A tail (n < 16 blocks) ends the data: its group takes lv. */
    if (n) {
        const uint32_t d = cs.cnt - c32;
        vz c = vz_add32(cle0, vz_lanes32(d, d, d, d));
        if (!encrypt) yv = vz_from128(gz_hash_upto16(h, vz_lane(yv, 0), in, n, l));
        VZ_BY_TAIL(n, VZ_CTR_TAIL, k, out, in, n, c);
        if (encrypt) yv = vz_from128(gz_hash_upto16(h, vz_lane(yv, 0), out, n, l));
    }
    STOREX(y, aesni_bswap(vz_lane(yv, 0)));
    rijn_store32_be(ctr + 12, c32 + (uint32_t)total);
}

/*
 * A short message with one reduction: up to 240 bytes of data and 192 of
 * AAD (TLS records carry 13), as long as the GHASH input is at most
 * sixteen blocks (the limit this path was measured with; the key holds
 * 32 powers since the bulk loop's groups grew), all in registers.
 * Registers of counter blocks J0..J0+3, J0+4..J0+7, ... (as many as the
 * data needs, m <= 4) go through the rounds in one pass, which gives
 * E(J0) for the tag in lane 0 and the keystream in the lanes after it:
 * data register i takes lanes 1..3 of counter register i and lane 0 of
 * register i + 1. The GHASH input (SP 800-38D §7.1 step 5: the AAD and
 * the ciphertext, each zero-padded, then the lengths block) is t <= 16
 * blocks, block i weighted by H^(t-i): the AAD registers take their
 * powers from hp[GF_POWERS - t] (H^t), the ciphertext with the lengths
 * block in the lane after it from hp[GF_POWERS - 1 - nc], and one
 * reduction sums them all. The general path would run two AES chains and
 * three reductions one after the other, and pass the blocks through
 * memory. Measured on an Emerald Rapids Xeon: with one register (48
 * bytes) 64-byte seals took the general path at 0.92x to 0.99x ring's
 * speed; with up to four, 1.49x to 1.57x, and 1.47x to 1.59x from 112 to
 * 176 bytes (docs/performance.md).
 */
#define GCM_VAES512_SHORT_DATA 240
#define GCM_VAES512_SHORT_AAD 192
static inline bool gcm_vaes512_short_fits(size_t aad_len, size_t len)
{
    return len <= GCM_VAES512_SHORT_DATA && aad_len <= GCM_VAES512_SHORT_AAD &&
           (aad_len + 15) / 16 + (len + 15) / 16 + 1 <= 16;
}

/* Bytes 64 i .. 64 i + 63 of a run of n bytes: how many there are. */
static inline size_t gcm_vaes512_part(size_t n, size_t i)
{
    return n <= 64 * i ? 0 : n - 64 * i >= 64 ? 64 : n - 64 * i;
}

VZ_INLINE void gcm_vaes512_short(const struct aesni_ks *k, const struct pclmul_hkey *h, const uint8_t iv[12],
                                 const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
                                 uint8_t tag[16], bool encrypt)
{
    const size_t na = (aad_len + 15) / 16, nc = (len + 15) / 16, t = na + nc + 1;
    const size_t m = (nc + 4) / 4;   /* counter registers: J0 and nc blocks */
    const uint8_t *hp = (const uint8_t *)h->hp, *hkp = (const uint8_t *)h->hkp;
    uint8_t j0[16], lb[16];
    rijn_gcm_j0_96(j0, iv);
    rijn_gcm_lengths(lb, aad_len, len);   /* early: its stores retire before the rounds end */
    const vz cle = vz_bcast(aesni_bswap(LOADX(j0)));
    vz b[4];
    for (size_t i = 0; i < 4; i++) {
        const uint32_t c = 4 * (uint32_t)i;
        b[i] = i < m ? vz_bswap(vz_add32(cle, vz_lanes32(c, c + 1, c + 2, c + 3))) : vz_zero();
    }
    /* The AAD's products run beside the rounds. */
    struct gz_acc a = { vz_zero(), vz_zero(), vz_zero() };
    for (size_t r = 0; 4 * r < na; r++) {
        const size_t nb = gcm_vaes512_part(aad_len, r), hb = vz_tail_bytes(na, (int)r);
        const size_t off = 16 * (GF_POWERS - t + 4 * r);
        gz_mul(&a, vz_bswap(vz_load_n(aad + 64 * r, nb)), vz_load_n(hp + off, hb), vz_load_n(hkp + off, hb), r == 0);
    }
    /* m is public (the length's); each case unrolls its rounds. */
    switch (m) {
    case 1: vz_encrypt(k, b, 1); break;
    case 2: vz_encrypt(k, b, 2); break;
    case 3: vz_encrypt(k, b, 3); break;
    default: vz_encrypt(k, b, 4); break;
    }
    /* Data register i: blocks 4i..4i+3 with counters J0+4i+1..J0+4i+4.
     * All loads precede the stores: in == out is allowed. */
    vz d[4], c[4];
    const size_t nd = (nc + 3) / 4;   /* data registers; in and out may be NULL when there are none */
    for (size_t i = 0; i < 4; i++) d[i] = i < nd ? vz_load_n(in + 64 * i, gcm_vaes512_part(len, i)) : vz_zero();
    for (size_t i = 0; i < 4; i++) {
        const size_t li = gcm_vaes512_part(len, i);
        c[i] = vz_keep_n(vz_xor(i + 1 < m ? vz_shift_pair(b[i], b[i + 1]) : vz_shift_out(b[i]), d[i]), li);
        if (i < nd) vz_store_n(out + 64 * i, c[i], li);
    }
    /* GHASH of the ciphertext and the lengths block (lane nc % 4 of
     * register nc / 4, past the last ciphertext block). */
    const __m128i lens = aesni_bswap(LOADX(lb));
    const size_t off = 16 * (GF_POWERS - 1 - nc);
    for (size_t i = 0; i <= nc / 4; i++) {
        vz x = vz_bswap(encrypt ? c[i] : d[i]);
        if (i == nc / 4) x = vz_put_lane(x, lens, (unsigned)(nc % 4));
        const size_t hb = gcm_vaes512_part(16 * (nc + 1), i);
        gz_mul(&a, x, vz_load_n(hp + off + 64 * i, hb), vz_load_n(hkp + off + 64 * i, hb), na == 0 && i == 0);
    }
    /* The tag, E(J0) xor S (§7.1 step 6), in registers: E(J0) is lane 0 of
     * the one AES pass and S leaves the reduction in a register, at the
     * end of the critical path, where rijn_gcm_tag's bytes would add a
     * store and a reload of each. J0 and the lengths block above are the
     * envelope's (modes/gcm.h), formatted off that path. */
    STOREX(tag, _mm_xor_si128(aesni_bswap(gz_reduce4(&a, true)), vz_lane(b[0], 0)));
}

/* A driver's functions and ops table: crypt and aead around the bodies
 * above, with the bulk loop's GHASH by Karatsuba (sb false) or by the
 * schoolbook (sb true). */
#define GCM_VAES512_OPS_DEF(ops, prefix, sb)                                                                        \
    static VZ_TARGET void prefix##_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16],           \
                                         uint8_t *out, const uint8_t *in, size_t n, bool encrypt)                    \
    {                                                                                                               \
        gcm_vaes512_body(ks, hkey, ctr, y, out, in, n, encrypt, (sb), false, NULL);                                 \
    }                                                                                                               \
    /* Called from aead's envelope only, and inlined there: when the body       \
     * grew by the flat pairs' loop GCC stopped inlining it, and the call        \
     * made one-shot seals of 1 to 2 KiB 5% to 9% slower on the Intel Xeon. */ \
    VZ_INLINE void prefix##_crypt_l(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16],               \
                                    uint8_t *out, const uint8_t *in, size_t n, bool encrypt, const uint8_t lb[16])   \
    {                                                                                                               \
        gcm_vaes512_body(ks, hkey, ctr, y, out, in, n, encrypt, (sb), true, lb);                                    \
    }                                                                                                               \
    VZ_INLINE void prefix##_hash_aad(const void *hkey, uint8_t y[16], const uint8_t *p, size_t len)                \
    {                                                                                                               \
        STOREX(y, aesni_bswap(gz_hash_string(hkey, aesni_bswap(LOADX(y)), p, len)));                               \
    }                                                                                                               \
    static VZ_TARGET void prefix##_aead(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad,  \
                                        size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16], \
                                        bool encrypt)                                                               \
    {                                                                                                               \
        if (gcm_vaes512_short_fits(aad_len, len))                                                                   \
            gcm_vaes512_short(ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);                              \
        else                                                                                                        \
            gcm_aesni_aead_body(prefix##_crypt, prefix##_crypt_l, prefix##_hash_aad, ks, hkey, iv, aad, aad_len,  \
                                out, in, len, tag, encrypt);                                                        \
    }                                                                                                               \
    static VZ_TARGET void prefix##_hkey_extend(const void *ks, void *hkey)                                         \
    {                                                                                                               \
        gz_powers32(hkey);                                                                                          \
        gcm_vaes512_rows_init(ks, hkey);                                                                            \
    }                                                                                                               \
    static const struct rijn_gcm_ops ops = { .crypt = prefix##_crypt, .aead = prefix##_aead,                        \
                                             .hkey_extend = prefix##_hkey_extend };
#define GCM_VAES512_OPS_PTR(ops) (&(ops))

#else
/* Not x86-64: no functions, so the registry leaves the driver out. */
#define GCM_VAES512_OPS_DEF(ops, prefix, sb)
#define GCM_VAES512_OPS_PTR(ops) NULL
#endif /* RIJN_X86 */
#endif
