/* SPDX-License-Identifier: MIT */
/*
 * aes-bs-avx2: the bit-sliced, fixsliced AES of aes-ct128 on AVX2's 256-bit
 * registers: sixteen blocks per pass, for the parallel modes (ECB, CTR,
 * CBC decryption, XTS, and GCM's and CCM's CTR through the mode layer) on
 * x86 CPUs without AES-NI, or with AES-NI masked off.
 *
 * The rounds are ct128_core.h compiled with CT_BYTES 32: each 256-bit word
 * is two independent halves in aes-ct128's layout (blocks 0-7 in the low
 * half, 8-15 in the high one), and every byte move of the round stays
 * within a 128-bit half, which is what AVX2's VPSHUFD/VPSHUFLW do. The
 * three-operand VEX forms also remove most of the register copies that
 * the two-operand SSE2 code of aes-ct128 pays for.
 *
 * Round keys are aes-ct128's 128-bit schedule (the same key bits for every
 * block), broadcast to both halves as they are loaded (VBROADCASTI128), so
 * the schedule is no larger than aes-ct128's. Serial chains (CBC
 * encryption, CBC-MAC for CMAC and CCM) gain nothing from sixteen lanes:
 * they run on the aes-vperm core with a second, vperm schedule kept in
 * the same key context, as the Linux kernel's bit-sliced NEON driver does
 * for its CBC encryption. So do messages and tails too short to fill a
 * pass (BS_VPERM_BELOW, BS_VPERM_DEC_BELOW).
 */
#include "aes/cipher.h"
#include "aes/vperm.h"
#include "arch/x86/x86.h"

#ifdef RIJN_X86
X86_AVX2_FILE_BEGIN

#define CT_BYTES 32
#define CT_KEY(k) ((bs_word)_mm256_broadcastsi128_si256((__m128i)(k)))
/* Block b in the low half of word b, block b + 8 in its high half. */
#define CT_LOAD(q, in)                                                                                   \
    for (int b_ = 0; b_ < 8; b_++)                                                                       \
    (q)[b_] = (bs_word)_mm256_inserti128_si256(_mm256_castsi128_si256(LOADX((in) + 16 * b_)),            \
                                               LOADX((in) + 16 * (b_ + 8)), 1)
#define CT_STORE(out, q)                                                                                 \
    for (int b_ = 0; b_ < 8; b_++) {                                                                     \
        STOREX((out) + 16 * b_, _mm256_castsi256_si128((__m256i)(q)[b_]));                               \
        STOREX((out) + 16 * (b_ + 8), _mm256_extracti128_si256((__m256i)(q)[b_], 1));                   \
    }
#include "aes/ct128_core.h"

/* aes-ct128's schedule, then the aes-vperm one that the serial chains run
 * on. */
struct bs_avx2_ks {
    ct128_ks bs;
    struct vperm_enc_ks serial;
};
_Static_assert(sizeof(struct bs_avx2_ks) <= RIJN_AES_KS_BYTES, "aes-bs-avx2 key schedule too large");

static void bs_avx2_setkey(void *ctx, const uint8_t *key, size_t key_len)
{
    struct bs_avx2_ks *k = ctx;
    rijn_ct128_setkey(&k->bs, key, key_len);
    rijn_vperm_setkey_enc(&k->serial, key, key_len);
}

/* Encryptions of fewer than this many blocks, alone or after whole
 * passes, run on the aes-vperm code and its schedule: a bit-sliced pass
 * costs the same for one block as for sixteen (about 930 cycles on Zen
 * 4), aes-vperm about 120 a block with two in flight, so eight blocks are
 * the break-even. The split depends only on n, which is public. (Both
 * bounds can be set with -D, to time others against them.) */
#ifndef BS_VPERM_BELOW
#define BS_VPERM_BELOW 8
#endif
/* Decryptions likewise, below this many blocks. aes-vperm's decryption
 * schedule does not fit beside the other two in RIJN_AES_KS_BYTES, so
 * each such call first makes it from the encryption one
 * (rijn_vperm_decrypt_ek). On Zen 4 a one-block CBC decryption here costs
 * about 390 cycles, aes-vperm's own 233 (AES-128), a pass 1000 or more;
 * six blocks ran 1.25x (CBC) and 1.13x (XTS) faster on aes-vperm, seven
 * about the same either way. */
#ifndef BS_VPERM_DEC_BELOW
#define BS_VPERM_DEC_BELOW 7
#endif

/* How many of n blocks, at the end, go to aes-vperm. */
static inline size_t vperm_tail(size_t n, size_t below)
{
    const size_t r = n % CT_NB;
    return r < below ? r : 0;
}

static void bs_avx2_encrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct bs_avx2_ks *k = ks;
    const size_t r = vperm_tail(n, BS_VPERM_BELOW), m = n - r;
    /* Called even for m = 0 (it then does nothing): behind an if, GCC
     * gave up its copy of ct_blocks with encrypt8 inlined and called the
     * rounds through the pointer, and ECB ran at 5.8 cycles/byte, not 3.2
     * (Zen 4). */
    ct_blocks(&k->bs, out, in, m, encrypt8);
    if (r) rijn_vperm_encrypt(&k->serial, k->bs.rounds, out + 16 * m, in + 16 * m, r);
}

static void bs_avx2_decrypt(const void *ks, uint8_t *out, const uint8_t *in, size_t n)
{
    const struct bs_avx2_ks *k = ks;
    const size_t r = vperm_tail(n, BS_VPERM_DEC_BELOW), m = n - r;
    ct_blocks(&k->bs, out, in, m, decrypt8);   /* no if: as bs_avx2_encrypt's */
    if (r) rijn_vperm_decrypt_ek(&k->serial, k->bs.rounds, out + 16 * m, in + 16 * m, r);
}

static void bs_avx2_ctr(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    const struct bs_avx2_ks *k = ks;
    const size_t r = vperm_tail(n, BS_VPERM_BELOW), m = n - r;
    if (m) ct_ctr(&k->bs, ctr, out, in, m, inc32);
    if (r) {
        /* The counters are public; the keystream is not, and is wiped.
         * (r < BS_VPERM_BELOW, but sized for any r < CT_NB: GCC does not
         * carry vperm_tail's bound into rijn_xor_bytes' unrolled loop.) */
        uint8_t blk[16 * CT_NB];
        uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
        ct_counters(blk, &hi, &lo, r, inc32);
        rijn_store64_be(ctr, hi);
        rijn_store64_be(ctr + 8, lo);
        rijn_vperm_encrypt(&k->serial, k->bs.rounds, blk, blk, r);
        rijn_xor_bytes(out + 16 * m, in + 16 * m, blk, 16 * r);
        rijn_wipe(blk, 16 * r);
    }
}

/* XTS: whole passes bit-sliced (ct_xts); a short tail on aes-vperm,
 * each block XORed with its tweak before and after. */
static void bs_avx2_xts(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    const struct bs_avx2_ks *k = ks;
    const size_t r = vperm_tail(n, encrypt ? BS_VPERM_BELOW : BS_VPERM_DEC_BELOW), m = n - r;
    if (m) {
        if (encrypt)
            ct_xts(&k->bs, tweak, out, in, m, encrypt8);
        else
            ct_xts(&k->bs, tweak, out, in, m, decrypt8);
    }
    if (r) {
        uint8_t tw[16 * CT_NB], blk[16 * CT_NB];   /* as bs_avx2_ctr's */
        ct_u64x2 t0 = { rijn_load64_le(tweak), rijn_load64_le(tweak + 8) };
        ct_tweaks(tw, &t0, r);
        rijn_store64_le(tweak, t0[0]);
        rijn_store64_le(tweak + 8, t0[1]);
        rijn_xor_bytes(blk, in + 16 * m, tw, 16 * r);
        if (encrypt)
            rijn_vperm_encrypt(&k->serial, k->bs.rounds, blk, blk, r);
        else
            rijn_vperm_decrypt_ek(&k->serial, k->bs.rounds, blk, blk, r);
        rijn_xor_bytes(out + 16 * m, blk, tw, 16 * r);
        rijn_wipe(tw, 16 * r);
        rijn_wipe(blk, 16 * r);
    }
}

/* CBC decryption (SP 800-38A §6.2): sixteen blocks decrypted at once, each
 * XORed with the ciphertext before it. The ciphertext is copied first, so
 * out == in works. */
static void bs_avx2_cbc_decrypt(const void *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct bs_avx2_ks *k = ctx;
    uint8_t prev[16 + 256];
    while (n) {
        const size_t m = n < 16 ? n : 16;
        memcpy(prev, iv, 16);
        memcpy(prev + 16, in, 16 * m);
        memcpy(iv, in + 16 * (m - 1), 16);
        if (m < BS_VPERM_DEC_BELOW)
            rijn_vperm_decrypt_ek(&k->serial, k->bs.rounds, out, in, m);
        else
            ct_blocks(&k->bs, out, in, m, decrypt8);
        rijn_xor_bytes(out, out, prev, 16 * m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    rijn_wipe(prev, sizeof prev);
}

static void bs_avx2_cbc_encrypt(const void *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n)
{
    const struct bs_avx2_ks *k = ctx;
    rijn_vperm_cbc_encrypt(&k->serial, k->bs.rounds, iv, out, in, n);
}

static void bs_avx2_cbc_mac(const void *ctx, uint8_t mac[16], const uint8_t *in, size_t n)
{
    const struct bs_avx2_ks *k = ctx;
    rijn_vperm_cbc_mac(&k->serial, k->bs.rounds, mac, in, n);
}

static const struct rijn_cipher_ops bs_avx2_ops = {
    .setkey = bs_avx2_setkey,
    .encrypt = bs_avx2_encrypt,
    .decrypt = bs_avx2_decrypt,
    .cbc_encrypt = bs_avx2_cbc_encrypt,
    .cbc_mac = bs_avx2_cbc_mac,
    .ctr = bs_avx2_ctr,
    .xts = bs_avx2_xts,
    .cbc_decrypt = bs_avx2_cbc_decrypt,
    .serial_priority = 190,
    .serial = &rijn_aes_vperm_desc,
    .pass_blocks = CT_NB,
};

X86_AVX2_FILE_END
#define BS_AVX2_OPS &bs_avx2_ops
#else
#define BS_AVX2_OPS NULL
#endif

const struct rijn_desc rijn_aes_bs_avx2_desc = {
    .kind = &rijn_kind_aes,
    .name = "aes-bs-avx2",
    .priority = 300,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_AVX2 | RIJN_CPU_SSSE3,
    .ct = true,
    .ops = BS_AVX2_OPS,
};
