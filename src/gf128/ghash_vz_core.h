/* SPDX-License-Identifier: MIT */
/*
 * GHASH (SP 800-38D §6.4) with VPCLMULQDQ on the 512-bit vector layer
 * (src/arch/x86/vz.h): four blocks per register, for gcm-aes-vaes-avx512.
 * The arithmetic is ghash_pclmul_core.h's (reflected blocks, twisted key,
 * Karatsuba, Montgomery-style reduction) and so is the key: ghash-pclmul's
 * table, whose hp/hkp powers are laid out for these wide loads.
 *
 * Constant time: VPCLMULQDQ has fixed timing, and the partial loads take
 * public lengths only.
 */
#ifndef RIJN_GHASH_VZ_CORE_H
#define RIJN_GHASH_VZ_CORE_H

#include "arch/x86/vz.h"
#include "gf128/ghash_pclmul_core.h"

#ifdef RIJN_X86

/* The unreduced lo/mid/hi products of every lane are summed lane by lane,
 * then reduced once (gz_reduce4). */
struct gz_acc { vz lo, mid, hi; };

/* acc = (lo, mid, hi) if first, else acc += it. */
VZ_INLINE void gz_add(struct gz_acc *a, vz lo, vz mid, vz hi, bool first)
{
    if (first) {
        a->lo = lo;
        a->mid = mid;
        a->hi = hi;
    } else {
        a->lo = vz_xor(a->lo, lo);
        a->mid = vz_xor(a->mid, mid);
        a->hi = vz_xor(a->hi, hi);
    }
}

/* acc (+)= x * h, lane by lane; hk holds h's halves xored (gf_keyhalf). */
VZ_INLINE void gz_mul(struct gz_acc *a, vz x, vz h, vz hk, bool first)
{
    const vz lo = vz_clmul(x, h, 0x00), hi = vz_clmul(x, h, 0x11);
    const vz mid = vz_clmul(vz_xor(x, vz_swap64(x)), hk, 0x00);
    gz_add(a, lo, mid, hi, first);
}

/* acc (+)= x * h, lane by lane, by the schoolbook: four VPCLMULQDQ and
 * no Karatsuba shuffle or XORs (mid is a0b1 ^ a1b0 itself, so the sums
 * go to gz_reduce4 with karatsuba false). */
VZ_INLINE void gz_mul_sb(struct gz_acc *a, vz x, vz h, bool first)
{
    const vz lo = vz_clmul(x, h, 0x00), hi = vz_clmul(x, h, 0x11);
    const vz mid = vz_xor(vz_clmul(x, h, 0x01), vz_clmul(x, h, 0x10));
    gz_add(a, lo, mid, hi, first);
}

/* Each lane's triple reduced, lane by lane: gf_reduce's algebra, written
 * on the triple (lo at y^0, mid at y^64, hi at y^128) as gcm-aes-vaes's
 * gcm_vaes_reduce_y does at 256 bits. */
VZ_INLINE vz gz_reduce_lanes(const struct gz_acc *a, bool karatsuba)
{
    const vz poly = vz_bcast(_mm_set_epi64x((long long)0xc200000000000000ull, 1));
    vz mid = karatsuba ? vz_xor(a->mid, vz_xor(a->lo, a->hi)) : a->mid;   /* a0b1 ^ a1b0 */
    mid = vz_xor(mid, vz_xor(vz_swap64(a->lo), vz_clmul(a->lo, poly, 0x10)));
    return vz_xor(a->hi, vz_xor(vz_swap64(mid), vz_clmul(mid, poly, 0x10)));
}

/* The four lanes' triples reduced at once, then the lanes added: the
 * reduction is linear, so this equals folding the three sums' lanes first
 * and reducing once, with one lane fold instead of three (the first
 * version did that). On the GHASH chain of the bulk loop (the hash of one
 * group enters the next group's first product) it is also shorter: two
 * dependent VPCLMULQDQ and one fold, against three parallel folds, then
 * the recombination, then the two. */
VZ_INLINE __m128i gz_reduce4(const struct gz_acc *a, bool karatsuba)
{
    return vz_fold(gz_reduce_lanes(a, karatsuba));
}

/* H^17..H^32 into hp[0..15] and hkp[0..15], from gf_init's H^1..H^16:
 * H^(16+i) = H^16 H^i, four lanes a register, each lane reduced alone
 * (gz_reduce_lanes is gf_reduce's algebra, so every power is the value
 * gf_mul would give). The key halves as gf_keyhalf: lo ^ hi, which
 * x ^ swap64(x) puts in both halves. */
VZ_INLINE void gz_powers32(struct pclmul_hkey *k)
{
    const vz h16 = vz_bcast(GF_H(k, 15));
    for (int j = 0; j < 4; j++) {
        struct gz_acc a;
        gz_mul(&a, h16, vz_load(&GF_HP16(k)[4 * j]), vz_load(&GF_HKP16(k)[4 * j]), true);
        const vz p = gz_reduce_lanes(&a, true);
        vz_store(&k->hp[GF_POWERS - 32 + 4 * j], p);
        vz_store(&k->hkp[GF_POWERS - 32 + 4 * j], vz_xor(p, vz_swap64(p)));
    }
}

/* acc += l * H in lane 0: one more block, the last of a group (GCM's
 * lengths block, SP 800-38D §7.1 step 5), by the 128-bit code's product
 * (gf_acc_first, Karatsuba). Sums kept in the schoolbook's form
 * (karatsuba false: mid is a0b1 ^ a1b0) take its mid with lo and hi
 * added, as gz_reduce_lanes turns one form into the other. */
VZ_INLINE void gz_add_last(struct gz_acc *a, const struct pclmul_hkey *h, __m128i l, bool karatsuba)
{
    struct gf_acc t;
    gf_acc_first(&t, l, GF_H(h, 0), GF_HK(h, 0));
    const __m128i mid = karatsuba ? t.mid : _mm_xor_si128(t.mid, _mm_xor_si128(t.lo, t.hi));
    gz_add(a, vz_from128(t.lo), vz_from128(mid), vz_from128(t.hi), false);
}

/* y (reflected) updated with the n bytes at p, 1 <= n <= 256, zero-padded
 * to k = ceil(n / 16) blocks, in one reduction: (y + X_0) H^k + X_1
 * H^(k-1) + ... + X_(k-1) H. hp[i] is H^(GF_POWERS-i), so the powers for
 * X_0.. start at hp[GF_POWERS - k]; bytes past the end load as zero, from
 * the data (the padding, SP 800-38D §7.1 step 5) and from the key alike.
 * With l (not NULL; then k <= 15), the block *l follows them in the same
 * reduction: every power is one higher (the loads start a block earlier)
 * and *l is weighted H. */
VZ_INLINE __m128i gz_hash_upto16_n(const struct pclmul_hkey *h, __m128i y, const uint8_t *p, size_t n,
                                   const __m128i *l)
{
    struct gz_acc a = { vz_zero(), vz_zero(), vz_zero() };
    const size_t k = (n + 15) / 16, t = k + (l != NULL);
    const uint8_t *hp = (const uint8_t *)&h->hp[GF_POWERS - t], *hkp = (const uint8_t *)&h->hkp[GF_POWERS - t];
    /* Register 0, which takes y, is summed last: on y's chain, one
     * product and one sum (as in the bulk loop's passes). */
    for (int j = 1; 4 * (size_t)j < k; j++) {
        const size_t nb = vz_tail_bytes(k, j), nd = n - 64 * (size_t)j < 64 ? n - 64 * (size_t)j : 64;
        gz_mul(&a, vz_bswap(vz_load_n(p + 64 * j, nd)), vz_load_n(hp + 64 * j, nb), vz_load_n(hkp + 64 * j, nb),
               j == 1);
    }
    if (l) gz_add_last(&a, h, *l, true);
    const size_t nb = vz_tail_bytes(k, 0);
    gz_mul(&a, vz_xor(vz_bswap(vz_load_n(p, n < 64 ? n : 64)), vz_from128(y)), vz_load_n(hp, nb),
           vz_load_n(hkp, nb), false);
    return gz_reduce4(&a, true);
}

/* The same on k whole blocks, 1 <= k <= 16. */
VZ_INLINE __m128i gz_hash_upto16(const struct pclmul_hkey *h, __m128i y, const uint8_t *p, size_t k,
                                 const __m128i *l)
{
    return gz_hash_upto16_n(h, y, p, 16 * k, l);
}

/* y updated with a string of n >= 0 bytes zero-padded to whole blocks
 * (the AAD: A || 0^v, SP 800-38D §7.1 step 5), sixteen blocks per
 * reduction, straight from the caller's bytes: padding it in a buffer
 * first, stores of the tail and a zeroing store followed by a 16-byte
 * load, could not be forwarded. On an Intel Xeon a one-shot 16 KiB open
 * with 13 bytes of AAD was 50 cycles faster with the AAD's hash left out
 * altogether, and hashing it from the caller's bytes took 35 of them
 * (docs/performance.md, 2026-12-06). */
VZ_INLINE __m128i gz_hash_string(const struct pclmul_hkey *h, __m128i y, const uint8_t *p, size_t n)
{
    for (; n > 256; n -= 256, p += 256) y = gz_hash_upto16_n(h, y, p, 256, NULL);
    return n ? gz_hash_upto16_n(h, y, p, n, NULL) : y;
}

/* One reduction of the blocks in registers x0[0..3], then, unless x1 is
 * NULL, x1[0..3] (up to 32 blocks: the key must hold H^1..H^32,
 * gz_powers32), then, unless l is NULL, the block *l (then x1 is NULL).
 * The hash so far, y, comes as a register of four lanes, which are added
 * to x0[0]'s four blocks: the hash in lane 0 and zeros (vz_from128), or
 * the lanes that gcm-aes-vaes-avx512-sb's bulk loop leaves unfolded
 * (gcm_vaes512_core.h, "Groups with one power per register"), whose lane
 * i this group weights H^(t-i) for t blocks, as that form needs. */
VZ_INLINE __m128i gz_hash_regs_once(const struct pclmul_hkey *h, vz y, const vz x0[4], const vz x1[4],
                                    const __m128i *l)
{
    struct gz_acc a;
    const int m = x1 ? 8 : 4, base = GF_POWERS - 4 * m - (l != NULL);
    /* Register 0, which takes y, is summed last (gz_hash_upto16). */
    for (int j = 1; j < m; j++)
        gz_mul(&a, vz_bswap(j < 4 ? x0[j] : x1[j - 4]), vz_load(&h->hp[base + 4 * j]),
               vz_load(&h->hkp[base + 4 * j]), j == 1);
    if (l) gz_add_last(&a, h, *l, true);
    gz_mul(&a, vz_xor(vz_bswap(x0[0]), y), vz_load(&h->hp[base]), vz_load(&h->hkp[base]), false);
    return gz_reduce4(&a, true);
}

/* y updated with the sixteen blocks in registers x0[0..3], then, unless
 * x1 is NULL, the sixteen in x1[0..3], then, unless l is NULL, the block
 * *l: the encryption's last passes, whose ciphertext is still in
 * registers, and the lengths block. One reduction for up to 32 blocks;
 * 33 take two, the second for x1 and *l, whose products do not wait for
 * the first. */
VZ_INLINE __m128i gz_hash_regs(const struct pclmul_hkey *h, vz y, const vz x0[4], const vz x1[4],
                               const __m128i *l)
{
    if (x1 && l) return gz_hash_regs_once(h, vz_from128(gz_hash_regs_once(h, y, x0, NULL, NULL)), x1, NULL, l);
    return gz_hash_regs_once(h, y, x0, x1, l);
}

#endif /* RIJN_X86 */
#endif
