/* SPDX-License-Identifier: MIT */
/*
 * The block-cipher kind, "aes": the interface every AES driver implements
 * (src/aes/aes_*.c), the key object that binds a key to one driver, and
 * the helpers the modes use over it. The kind's known-answer test is in
 * src/aes/cipher.c.
 */
#ifndef RIJN_AES_CIPHER_H
#define RIJN_AES_CIPHER_H

#include "core/driver.h"

/* A block-cipher driver. Every function handles n >= 0 whole blocks; out
 * may equal in (never partially overlap). The key schedule lives in
 * rijn_aes_key.ks (RIJN_AES_KS_BYTES, 64-byte aligned). */
struct rijn_cipher_ops {
    /* Expand a 16/24/32-byte key for both directions. */
    void (*setkey)(void *ks, const uint8_t *key, size_t key_len);
    void (*encrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
    void (*decrypt)(const void *ks, uint8_t *out, const uint8_t *in, size_t n);
    /* Serial chains, kept inside the driver so that no call is made per
     * block: CBC encryption (iv updated) and CBC-MAC (mac updated). */
    void (*cbc_encrypt)(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n);
    void (*cbc_mac)(const void *ks, uint8_t mac[16], const uint8_t *in, size_t n);
    /* Optional CTR fast path with the contract of rijn_ctr_blocks (below):
     * counters built inside the driver, no pass through memory. NULL: the
     * mode layer builds counter blocks and calls encrypt. */
    void (*ctr)(const void *ks, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32);
    /* Optional whole-mode fast paths; NULL: the mode layer composes the
     * mode from encrypt/decrypt. Each takes n whole blocks, out == in
     * allowed, and leaves the chaining value ready for the next call.
     *   cbc_decrypt: iv is the previous ciphertext block (SP 800-38A §6.2).
     *   xts: tweak T of the first block in, T * x^n out (IEEE 1619 §5.2),
     *        one key (K1) for the data; encrypt or decrypt.
     *   ccm: CTR from ctr (all 128 bits incremented; CCM's q-byte counter
     *        cannot carry further within the length limit) fused with the
     *        CBC-MAC of the plaintext into mac, SP 800-38C §6.1: for
     *        encryption the MAC reads in, for decryption it reads out. */
    void (*cbc_decrypt)(const void *ks, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t n);
    void (*xts)(const void *ks, uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t n, bool encrypt);
    void (*ccm)(const void *ks, uint8_t mac[16], uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n,
                bool encrypt);
    /* The priority of this driver's serial chains (CBC-MAC, CBC
     * encryption), where one block is in flight; 0 means the descriptor's
     * priority. A bit-sliced driver sets it below aes-vperm so that
     * cmac(aes) picks the driver that is fast on one block. */
    int serial_priority;
    /* Where the serial chains run on another driver's code (with that
     * driver's schedule kept inside this one's key): that driver. Templates
     * name it, e.g. ccm_base(ctr(aes-neonbs),cbcmac(aes-neon)). */
    const struct rijn_desc *serial;
    /* Bit-sliced drivers: the blocks one pass computes whatever n is (a
     * shorter call is padded to a full pass through a buffer on the
     * stack), at most RIJN_AES_MAX_PASS. 0: the cost grows with n. Used
     * where one block is all a mode needs (rijn_aes_zero_block). */
    unsigned pass_blocks;
};

#define RIJN_AES_MAX_PASS 16

extern const struct rijn_kind rijn_kind_aes;

static inline const struct rijn_cipher_ops *rijn_cipher(const struct rijn_desc *d)
{
    return (const struct rijn_cipher_ops *)d->ops;
}
static inline const struct rijn_cipher_ops *rijn_ops(const rijn_aes_key *k)
{
    return rijn_cipher((const struct rijn_desc *)k->drv);
}
/* The priority a driver brings to serial work (see serial_priority). */
static inline int rijn_serial_priority(const struct rijn_desc *d)
{
    const int s = rijn_cipher(d)->serial_priority;
    return s ? s : d->priority;
}

/* E_K(0^128), the subkey of GCM (H, SP 800-38D §6.4) and CMAC (L, SP
 * 800-38B §6.1). A bit-sliced driver encrypts a whole pass of zero blocks
 * instead of one, at the same cost. On an AMD Zen 4, its padded one-block
 * path followed by the GHASH key setup took a key-dependent time: dudect's
 * key class went over the threshold in most runs (|t| up to 115 with 80000
 * measurements per class; the fixed key slower by a few cycles), and the
 * whole pass followed by the same code never did. No branch or address
 * depends on the key on either path (the taint test), and the core's
 * reason is not known (docs/performance.md, "dudect and aes-ct128's GCM
 * key setup on Zen 4"): this takes the path that measures clean. */
static inline void rijn_aes_zero_block(const rijn_aes_key *k, uint8_t out[16])
{
    const struct rijn_cipher_ops *ops = rijn_ops(k);
    const size_t n = ops->pass_blocks ? ops->pass_blocks : 1;
    uint8_t z[16 * RIJN_AES_MAX_PASS] = { 0 };
    ops->encrypt(k->ks, z, z, n);
    memcpy(out, z, 16);
    rijn_wipe(z, 16 * n);
}

/* An AES key length: 16, 24 or 32 bytes (FIPS 197 §5). */
static inline bool rijn_aes_key_len_ok(size_t key_len)
{
    return key_len == 16 || key_len == 24 || key_len == 32;
}

/* Key setup with validation; key_len must be 16, 24 or 32. */
RIJN_HIDDEN int rijn_aes_setkey(rijn_aes_key *k, const struct rijn_desc *d, const uint8_t *key, size_t key_len);

/* Advance a counter block held as two big-endian 64-bit halves: the whole
 * 128 bits (wrapping mod 2^128), or only the low 32 bits (GCM's inc32,
 * SP 800-38D §6.2). */
static inline void rijn_ctr_inc(uint64_t *hi, uint64_t *lo, bool inc32)
{
    if (inc32) {
        *lo = (*lo & 0xffffffff00000000ull) | (uint32_t)(*lo + 1);
    } else {
        *lo += 1;
        *hi += (*lo == 0);
    }
}

#endif
