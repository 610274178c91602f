/* SPDX-License-Identifier: MIT */
/*
 * The fused GCM kind, "gcm(aes)": a driver that runs GCM's bulk (CTR and
 * GHASH stitched in one pass) with the key formats of one block-cipher
 * driver and one GHASH driver, its descriptor's parts, which set the keys
 * up. The mode's front end (src/modes/gcm.c) keeps everything else, and
 * the same known-answer test covers the fused drivers and the template.
 */
#ifndef RIJN_MODES_GCM_H
#define RIJN_MODES_GCM_H

#include "aes/cipher.h"
#include "gf128/ghash.h"

/* crypt handles n whole blocks: CTR with inc32 counters from ctr (advanced
 * by n) and GHASH of the ciphertext into y. */
struct rijn_gcm_ops {
    void (*crypt)(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                  const uint8_t *in, size_t n, bool encrypt);
    /* Optional: a whole one-shot message with a 96-bit IV (J0 = IV || 1),
     * AAD, bulk, partial last block, lengths block and E(J0) all inside the
     * driver, so a short message costs no trips through the mode layer.
     * tag receives the full 16-byte tag; for decryption the mode layer
     * compares it and zeroes out on mismatch. Limits are checked before. */
    void (*aead)(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad, size_t aad_len,
                 uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16], bool encrypt);
    /* Optional: key setup beyond the GHASH driver's (part[1]'s init has
     * filled hkey's first RIJN_GF128_KEY_BYTES; ks is the block cipher's
     * key): gcm-aes-vaes-avx512 adds the powers H^17..H^32 that only its
     * loop reads, and the -sb driver its first-round table in the
     * RIJN_GCM_FUSED_BYTES after them. crypt and aead get the same hkey. */
    void (*hkey_extend)(const void *ks, void *hkey);
};

extern const struct rijn_kind rijn_kind_gcm;

/*
 * The GCM envelope (SP 800-38D §7.1, §7.2), written once: everything GCM
 * does around its bulk of CTR and GHASH. The template's streaming path
 * (src/modes/gcm.c) and the fused drivers' one-shot paths (aead) use these
 * helpers. A one-shot path is rijn_gcm_aead_envelope below around three
 * primitives of its driver, typed like the driver tables' functions (so a
 * GHASH driver's ghash is a hash primitive as it is). The template's own
 * one-shot calls run its streaming path instead: its open authenticates
 * before it decrypts anything, which one pass cannot.
 */
/* GHASH of n whole blocks into y (rijn_ghash_ops.ghash). */
typedef void rijn_gcm_hash_fn(const void *hkey, uint8_t y[16], const uint8_t *p, size_t n);
/* CTR and GHASH over n whole blocks (rijn_gcm_ops.crypt). */
typedef void rijn_gcm_crypt_fn(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                               const uint8_t *in, size_t n, bool encrypt);
/* crypt, then GHASH of the lengths block lb after the n >= 1 blocks in
 * the same reduction as their last group (a driver's optional one-shot
 * path, for data of whole blocks: the lengths block's own multiply and
 * reduction, after y's store and reload, sit on the tag's critical path). */
typedef void rijn_gcm_crypt_l_fn(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                                 const uint8_t *in, size_t n, bool encrypt, const uint8_t lb[16]);
/* GHASH of a string of len bytes zero-padded to whole blocks into y (a
 * driver's optional one-shot AAD hash: rijn_gcm_hash_padded's padding
 * buffer costs a store-forwarding stall). */
typedef void rijn_gcm_hash_str_fn(const void *hkey, uint8_t y[16], const uint8_t *p, size_t len);
/* ej0 = E(K, J0), the tag's mask, and kb = E(K, ctr), the keystream of a
 * partial last block: two independent AES chains, which side by side cost
 * about the latency of one. */
typedef void rijn_gcm_enc2_fn(const void *ks, uint8_t ej0[16], uint8_t kb[16], const uint8_t j0[16],
                              const uint8_t ctr[16]);

/* Always inlined, so that in a fused driver's one-shot path the primitives,
 * passed as constants, become direct calls and inline too (the x86
 * one-shot functions call only their crypt and the final wipe). */
#define RIJN_GCM_INLINE static inline __attribute__((always_inline))

/* IV || [c]_32, for len(IV) = 96: J0 is c = 1 (§7.1 step 2), and the data
 * starts at inc32(J0), c = 2 (step 3). */
RIJN_GCM_INLINE void rijn_gcm_ctr_96(uint8_t b[16], const uint8_t iv[12], uint32_t c)
{
    memcpy(b, iv, 12);
    rijn_store32_be(b + 12, c);
}

/* §7.1 step 2 for len(IV) = 96: J0 = IV || 0^31 || 1. */
RIJN_GCM_INLINE void rijn_gcm_j0_96(uint8_t j0[16], const uint8_t iv[12])
{
    rijn_gcm_ctr_96(j0, iv, 1);
}

/* inc32 (§6.2): the low 32 bits plus one, mod 2^32; the rest unchanged.
 * The first data block's counter is inc32(J0) (§7.1 step 3). */
RIJN_GCM_INLINE void rijn_gcm_inc32(uint8_t ctr[16])
{
    rijn_store32_be(ctr + 12, rijn_load32_be(ctr + 12) + 1);
}

/* The last n bytes (1..15) of a string as one block, zero-filled: the
 * 0^s, 0^v and 0^u padding of §7.1 steps 2 and 5. */
RIJN_GCM_INLINE void rijn_gcm_pad(uint8_t b[16], const uint8_t *p, size_t n)
{
    memset(b, 0, 16);
    memcpy(b, p, n);
}

/* [a]_64 || [c]_64 for two byte counts, in bits: the lengths block
 * [len(A)]_64 || [len(C)]_64 of §7.1 step 5, and 0^64 || [len(IV)]_64,
 * the last block of J0's GHASH in step 2. */
RIJN_GCM_INLINE void rijn_gcm_lengths(uint8_t b[16], uint64_t a_bytes, uint64_t c_bytes)
{
    rijn_store64_be(b, a_bytes * 8);
    rijn_store64_be(b + 8, c_bytes * 8);
}

/* GHASH of a string zero-padded to whole blocks (A || 0^v, IV || 0^s). */
RIJN_GCM_INLINE void rijn_gcm_hash_padded(rijn_gcm_hash_fn *hash, const void *hkey, uint8_t y[16],
                                          const uint8_t *p, size_t len)
{
    if (len >= 16) hash(hkey, y, p, len / 16);
    if (len % 16) {
        uint8_t b[16];
        rijn_gcm_pad(b, p + len - len % 16, len % 16);
        hash(hkey, y, b, 1);
    }
}

/* §7.1 step 2 for any other IV length: J0 = GHASH(IV || 0^(s+64) ||
 * [len(IV)]_64). Only the mode layer's streaming path meets other lengths
 * (a fused driver's aead takes 96-bit IVs), and it picks the case, so that
 * the 96-bit case never loads the GHASH driver. */
RIJN_GCM_INLINE void rijn_gcm_j0_other(rijn_gcm_hash_fn *hash, const void *hkey, uint8_t j0[16], const uint8_t *iv,
                                       size_t iv_len)
{
    uint8_t lb[16];
    memset(j0, 0, 16);
    rijn_gcm_hash_padded(hash, hkey, j0, iv, iv_len);
    rijn_gcm_lengths(lb, 0, iv_len);
    hash(hkey, j0, lb, 1);
}

/* §7.1 step 6: the full tag E(K, J0) xor S, of which the mode layer keeps
 * MSB_t (and compares that, §7.2 step 8). */
RIJN_GCM_INLINE void rijn_gcm_tag(uint8_t tag[16], const uint8_t ej0[16], const uint8_t s[16])
{
    rijn_xor16(tag, ej0, s);
}

/*
 * A whole message with a 96-bit IV (rijn_gcm_ops.aead): §7.1 steps 2-6
 * (H, step 1, is the key's), and §7.2's decryption, which hashes the
 * ciphertext, in the same pass; the mode layer truncates or compares.
 * J0, GHASH of the padded AAD, the bulk through the driver's crypt from
 * inc32(J0), E(J0) beside the keystream of a partial last block, that
 * block (hashed as ciphertext, zero-padded; read before out is written,
 * since in == out is allowed), the lengths block, and the full tag. A
 * driver's crypt_l (NULL: none) takes the lengths block into the bulk's
 * last reduction where the data is whole blocks, and its hash_aad (NULL:
 * none, hash over a padded copy) hashes the AAD from the caller's bytes.
 */
RIJN_GCM_INLINE void rijn_gcm_aead_envelope(rijn_gcm_hash_fn *hash, rijn_gcm_hash_str_fn *hash_aad,
                                            rijn_gcm_crypt_fn *crypt, rijn_gcm_crypt_l_fn *crypt_l,
                                            rijn_gcm_enc2_fn *enc2,
                                            const void *ks, const void *hkey,
                                            const uint8_t iv[12], const uint8_t *aad, size_t aad_len, uint8_t *out,
                                            const uint8_t *in, size_t len, uint8_t tag[16], bool encrypt)
{
    /* The secret blocks in one array, wiped with one call: S, E(J0), the
     * keystream block, the partial block in, and the last two blocks
     * hashed (the partial block as hashed, zero-padded, then the lengths
     * block, which is public but adjacent). */
    uint8_t w[96], j0[16], ctr[16], last[16];
    uint8_t *y = w, *ej0 = w + 16, *kb = w + 32, *b = w + 48, *t = w + 64;   /* t: two blocks */
    const size_t full = len / 16, r = len % 16;
    memset(y, 0, 16);
    rijn_gcm_j0_96(j0, iv);
    /* inc32(J0) from the IV, not from J0's bytes: for encryption the
     * counter feeds the ciphertext that GHASH waits for, and a copy of J0
     * would chain two stores that cannot forward to its 16-byte load. */
    rijn_gcm_ctr_96(ctr, iv, 2);
    /* The partial block's counter (2 + full mod 2^32, where crypt leaves
     * it) from the IV, and the partial input block padded, both before
     * the bulk: their stores have retired by the time enc2 and the XOR
     * below load them (crypt's 4-byte store of the counter could not
     * forward to enc2's 16-byte load, nor pad's two stores to a 16-byte
     * load right after them). crypt writes whole blocks only, so
     * in == out keeps the partial input. enc2 itself runs after the bulk,
     * where the AES unit is free: before it, its two chains delayed the
     * bulk's first rounds (256-byte seals 10% slower on an Intel Xeon,
     * docs/performance.md). */
    rijn_gcm_ctr_96(last, iv, 2 + (uint32_t)full);
    if (r) rijn_gcm_pad(b, in + 16 * full, r);
    if (hash_aad)
        hash_aad(hkey, y, aad, aad_len);
    else
        rijn_gcm_hash_padded(hash, hkey, y, aad, aad_len);
    rijn_gcm_lengths(t + 16, aad_len, len);
    /* Whole blocks and a crypt_l: the lengths block goes with them. */
    const bool with_lengths = crypt_l && full && !r;
    if (with_lengths)
        crypt_l(ks, hkey, ctr, y, out, in, full, encrypt, t + 16);
    else if (full)
        crypt(ks, hkey, ctr, y, out, in, full, encrypt);
    enc2(ks, ej0, kb, j0, last);
    if (r) {
        /* The partial block's output, zero past r, and GHASH of the
         * ciphertext block with the lengths block in one call (one
         * reduction where the primitive aggregates). */
        for (size_t i = 0; i < 16; i++) t[i] = (uint8_t)((b[i] ^ kb[i]) & (0u - (unsigned)(i < r)));
        memcpy(out + 16 * full, t, r);
        if (!encrypt) memcpy(t, b, 16);   /* decryption hashes its input */
        hash(hkey, y, t, 2);
    } else if (!with_lengths) {
        hash(hkey, y, t + 16, 1);
    }
    rijn_gcm_tag(tag, ej0, y);
    rijn_wipe(w, sizeof w);
}

#endif
