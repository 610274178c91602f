/* SPDX-License-Identifier: MIT */
/*
 * rijn/aes.h: AES (FIPS 197) in seven modes.
 *
 *   ECB, CBC, CTR  SP 800-38A        XTS   IEEE 1619 / SP 800-38E
 *   GCM            SP 800-38D        CCM   SP 800-38C / RFC 3610
 *   CMAC           SP 800-38B
 *
 * Key lengths: 16, 24 or 32 bytes (XTS: 32, 48 or 64, i.e. two keys).
 *
 * Every *_init takes `driver`: NULL for the best constant-time driver of the
 * mode's algorithm ("cbc(aes)", "gcm(aes)", ...), or a driver name from
 * `rijn list` to pin one. The driver is chosen once, at key setup, and kept
 * in the context: key schedules of different drivers cannot mix.
 *
 * Buffers: `in` and `out` may be the same pointer (in place) or disjoint;
 * partial overlap is refused with RIJN_ERR_OVERLAP. No alignment is needed.
 * A NULL pointer is accepted only with a zero length.
 *
 * Contexts and keys (rijn_gcm_key, rijn_xts_ctx, ...) may live on the
 * stack, in static storage, inside your own structs, or on the heap:
 * plain malloc() is enough. Their types ask for no more alignment than
 * malloc guarantees (RIJN_CTX_ALIGN: 16 bytes on 64-bit systems, 8 on
 * 32-bit ones), so a context at any address malloc returns is a valid
 * object in C's terms too (UBSan checks this in make check). The drivers
 * assume no more than that; aligned_alloc(64, sizeof ...) keeps the round
 * keys of the 256-bit drivers within cache lines, which is a little faster.
 *
 * Safety: never reuse a (key, IV) pair with CTR or GCM, nor a (key, nonce)
 * pair with CCM. XTS is for storage (a tweak per sector), not for messages.
 */
#ifndef RIJN_AES_H
#define RIJN_AES_H

#include "rijn/rijn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Alignment of key schedules inside contexts: glibc's and musl's malloc
 * guarantee at least twice the pointer size (16 bytes on 64-bit systems,
 * 8 on 32-bit ones). Asking more (an earlier 64) made every malloc'ed
 * context misaligned for its own type: undefined behaviour, which UBSan
 * reports, although the code only needs 16 for its vector loads. */
#define RIJN_CTX_ALIGN (2 * sizeof(void *))
#if defined(__GNUC__)
#define RIJN_ALIGNED(n) __attribute__((aligned(n)))
#else
#define RIJN_ALIGNED(n)
#endif

#define RIJN_AES_BLOCK 16
/* Room for the largest key schedule of any driver (bit-sliced drivers keep
 * an encryption and a decryption schedule: aes-ct128 needs 3844 bytes). */
#define RIJN_AES_KS_BYTES 4096
/* Room for the largest GHASH key (tables of powers of H for wide drivers). */
#define RIJN_GF128_KEY_BYTES 1024
/* A GCM key's tables beyond its block cipher's and GHASH's keys: a fused
 * driver's own (gcm-aes-vaes-avx512 and gcm-aes-vaes-avx512-sb keep their
 * first AES round for each value of the counter's low byte there, 4 KiB).
 * No other architecture's driver has one, so their keys do not carry the
 * room. */
#if defined(__x86_64__) || defined(_M_X64)
#define RIJN_GCM_FUSED_BYTES 4224
#else
#define RIJN_GCM_FUSED_BYTES 0
#endif

/* An AES key bound to one block-cipher driver. Internal layout. */
typedef struct rijn_aes_key {
    const void *drv;
    unsigned key_bytes;
    unsigned char ks[RIJN_AES_KS_BYTES] RIJN_ALIGNED(RIJN_CTX_ALIGN);
} rijn_aes_key;

/* ---------------------------------------------------------------- ECB -- */
typedef struct rijn_ecb_ctx { const void *inst; rijn_aes_key k; } rijn_ecb_ctx;

RIJN_API int rijn_ecb_init(rijn_ecb_ctx *c, const char *driver, const uint8_t *key, size_t key_len);
/* len must be a multiple of 16, else RIJN_ERR_LENGTH. */
RIJN_API int rijn_ecb_encrypt(const rijn_ecb_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
RIJN_API int rijn_ecb_decrypt(const rijn_ecb_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
RIJN_API void rijn_ecb_clear(rijn_ecb_ctx *c);

/* ---------------------------------------------------------------- CBC -- */
typedef struct rijn_cbc_ctx { const void *inst; rijn_aes_key k; } rijn_cbc_ctx;

RIJN_API int rijn_cbc_init(rijn_cbc_ctx *c, const char *driver, const uint8_t *key, size_t key_len);
/* Streaming: iv[16] is read and updated to the last ciphertext block, so a
 * message may be processed in several calls. len must be a multiple of 16. */
RIJN_API int rijn_cbc_encrypt(const rijn_cbc_ctx *c, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t len);
RIJN_API int rijn_cbc_decrypt(const rijn_cbc_ctx *c, uint8_t iv[16], uint8_t *out, const uint8_t *in, size_t len);
/* One-shot with PKCS#7 padding. Encryption writes len + 16 - len % 16 bytes
 * (out_cap must allow it). Decryption checks the padding in constant time;
 * on a bad pad it returns RIJN_ERR_PADDING, zeroes out[0..len) and sets
 * *out_len = 0. `in`/`out` may be equal; out_cap >= len for decryption. */
RIJN_API int rijn_cbc_encrypt_pad(const rijn_cbc_ctx *c, const uint8_t iv[16], uint8_t *out, size_t out_cap,
                                  size_t *out_len, const uint8_t *in, size_t len);
RIJN_API int rijn_cbc_decrypt_pad(const rijn_cbc_ctx *c, const uint8_t iv[16], uint8_t *out, size_t out_cap,
                                  size_t *out_len, const uint8_t *in, size_t len);
RIJN_API void rijn_cbc_clear(rijn_cbc_ctx *c);

/* ---------------------------------------------------------------- CTR -- */
/* The 16-byte counter block is incremented as one 128-bit big-endian integer
 * and wraps modulo 2^128 (as OpenSSL and Linux do). Any length; streaming
 * calls continue inside a block. Encryption and decryption are the same. */
typedef struct rijn_ctr_ctx {
    const void *inst;
    rijn_aes_key k;
    uint8_t ctr[16];   /* next counter block */
    uint8_t ks[16];    /* keystream of the current block */
    unsigned used;     /* keystream bytes used in ks (16 = none left) */
} rijn_ctr_ctx;

RIJN_API int rijn_ctr_init(rijn_ctr_ctx *c, const char *driver, const uint8_t *key, size_t key_len,
                           const uint8_t iv[16]);
/* Restart at a new initial counter block, keeping the key. */
RIJN_API int rijn_ctr_set_iv(rijn_ctr_ctx *c, const uint8_t iv[16]);
RIJN_API int rijn_ctr_xor(rijn_ctr_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
RIJN_API void rijn_ctr_clear(rijn_ctr_ctx *c);

/* ---------------------------------------------------------------- XTS -- */
/* key is K1 || K2 (data key, then tweak key): 32, 48 or 64 bytes. Equal
 * halves are refused with RIJN_ERR_WEAK_KEY (IEEE 1619 / SP 800-38E need two
 * independent keys).
 * A data unit is at most 2^20 blocks, RIJN_XTS_MAX_UNIT bytes (IEEE
 * 1619-2007 §5.1, SP 800-38E §4): a longer one is refused with
 * RIJN_ERR_LIMIT, by the one-shot calls and by the streaming calls of one
 * unit together, before any of the refused call's input is processed (as
 * OpenSSL's default provider refuses it). Split longer data into units
 * with tweaks of their own (sector numbers). */
#define RIJN_XTS_MAX_UNIT ((size_t)1 << 24)
typedef struct rijn_xts_ctx {
    const void *inst;
    rijn_aes_key k1, k2;
    uint8_t tweak[16];  /* current tweak T (encrypted), for streaming */
    int dir;            /* 1 encrypt, 0 decrypt, -1 no data unit started */
    size_t unit_len;    /* bytes of the current data unit processed */
} rijn_xts_ctx;

RIJN_API int rijn_xts_init(rijn_xts_ctx *c, const char *driver, const uint8_t *key, size_t key_len);
/* One data unit in one call: len >= 16, ciphertext stealing when len % 16. */
RIJN_API int rijn_xts_encrypt(rijn_xts_ctx *c, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len);
RIJN_API int rijn_xts_decrypt(rijn_xts_ctx *c, const uint8_t tweak[16], uint8_t *out, const uint8_t *in, size_t len);
/* A data unit in several calls: start, then update (len a multiple of 16),
 * then final. final takes the rest: 0 bytes, a multiple of 16, or (when the
 * unit length is not a multiple of 16) at least 16 bytes: the last full
 * block travels with the partial one because stealing rewrites it. */
RIJN_API int rijn_xts_start(rijn_xts_ctx *c, const uint8_t tweak[16], int encrypt);
RIJN_API int rijn_xts_update(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
RIJN_API int rijn_xts_final(rijn_xts_ctx *c, uint8_t *out, const uint8_t *in, size_t len);
RIJN_API void rijn_xts_clear(rijn_xts_ctx *c);

/* ---------------------------------------------------------------- GCM -- */
/* The key (AES schedule and GHASH key) is read-only once set up and may be
 * shared by threads; each message uses its own rijn_gcm_ctx.
 * IV: any length >= 1 byte (12 is the fast, recommended case).
 * Tag: 4..16 bytes (SP 800-38D recommends 12..16; 4 and 8 only with its
 * Appendix C limits). Plaintext: at most 2^36 - 32 bytes per message
 * (2^39 - 256 bits); AAD at most 2^61 - 1 bytes. */
typedef struct rijn_gcm_key {
    const void *inst;
    rijn_aes_key k;
    /* The GHASH key, then RIJN_GCM_FUSED_BYTES for the fused drivers. */
    unsigned char hkey[RIJN_GF128_KEY_BYTES + RIJN_GCM_FUSED_BYTES] RIJN_ALIGNED(RIJN_CTX_ALIGN);
} rijn_gcm_key;

typedef struct rijn_gcm_ctx {
    const rijn_gcm_key *key;
    uint8_t j0[16], ctr[16], y[16], buf[16], ks[16];
    uint64_t aad_len, msg_len;
    unsigned buf_len;   /* bytes pending in buf (AAD or ciphertext) */
    unsigned ks_used;   /* keystream bytes used in ks */
    int state;          /* internal */
    int encrypt;
} rijn_gcm_ctx;

RIJN_API int rijn_gcm_init(rijn_gcm_key *k, const char *driver, const uint8_t *key, size_t key_len);
RIJN_API void rijn_gcm_clear(rijn_gcm_key *k);
/* One-shot. seal writes len bytes to out and tag_len bytes to tag. open
 * checks the tag in constant time; on failure it returns RIJN_ERR_AUTH and
 * out[0..len) is zeroed: no plaintext is released. */
RIJN_API int rijn_gcm_seal(const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                           size_t tag_len);
RIJN_API int rijn_gcm_open(const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len,
                           uint8_t *out);
/* Streaming: start, aad* (all AAD before any data), update*, then
 * finish (encryption: writes the tag) or verify (decryption: compares it).
 * Streaming decryption releases plaintext before the tag is checked: the
 * caller must discard it if verify fails. Any call after finish/verify, or
 * out of order, returns RIJN_ERR_STATE. */
RIJN_API int rijn_gcm_start(rijn_gcm_ctx *s, const rijn_gcm_key *k, const uint8_t *iv, size_t iv_len, int encrypt);
RIJN_API int rijn_gcm_aad(rijn_gcm_ctx *s, const uint8_t *aad, size_t len);
RIJN_API int rijn_gcm_update(rijn_gcm_ctx *s, uint8_t *out, const uint8_t *in, size_t len);
RIJN_API int rijn_gcm_finish(rijn_gcm_ctx *s, uint8_t *tag, size_t tag_len);
RIJN_API int rijn_gcm_verify(rijn_gcm_ctx *s, const uint8_t *tag, size_t tag_len);
RIJN_API void rijn_gcm_ctx_clear(rijn_gcm_ctx *s);

/* ---------------------------------------------------------------- CCM -- */
/* Nonce 7..13 bytes; tag 4, 6, 8, 10, 12, 14 or 16 bytes; AAD any length;
 * message length < 2^(8*(15 - nonce_len)). One-shot only: CCM needs the
 * message length before it starts. open zeroes out on failure. */
typedef struct rijn_ccm_key { const void *inst; rijn_aes_key k; } rijn_ccm_key;

RIJN_API int rijn_ccm_init(rijn_ccm_key *k, const char *driver, const uint8_t *key, size_t key_len);
RIJN_API int rijn_ccm_seal(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                           size_t tag_len);
RIJN_API int rijn_ccm_open(const rijn_ccm_key *k, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                           size_t aad_len, const uint8_t *in, size_t len, const uint8_t *tag, size_t tag_len,
                           uint8_t *out);
RIJN_API void rijn_ccm_clear(rijn_ccm_key *k);

/* --------------------------------------------------------------- CMAC -- */
typedef struct rijn_cmac_key {
    const void *inst;
    rijn_aes_key k;
    uint8_t k1[16], k2[16];   /* SP 800-38B subkeys */
} rijn_cmac_key;

typedef struct rijn_cmac_ctx {
    const rijn_cmac_key *key;
    uint8_t x[16], buf[16];
    unsigned buf_len;
    int state;
} rijn_cmac_ctx;

RIJN_API int rijn_cmac_init(rijn_cmac_key *k, const char *driver, const uint8_t *key, size_t key_len);
RIJN_API void rijn_cmac_clear(rijn_cmac_key *k);
/* Streaming MAC; final writes tag_len (1..16) bytes, the leftmost bits of
 * the full tag (SP 800-38B §6.2), and ends the context. */
RIJN_API int rijn_cmac_start(rijn_cmac_ctx *s, const rijn_cmac_key *k);
RIJN_API int rijn_cmac_update(rijn_cmac_ctx *s, const uint8_t *in, size_t len);
RIJN_API int rijn_cmac_final(rijn_cmac_ctx *s, uint8_t *tag, size_t tag_len);
/* One-shot compute, and constant-time verify (RIJN_ERR_AUTH on mismatch). */
RIJN_API int rijn_cmac(const rijn_cmac_key *k, const uint8_t *in, size_t len, uint8_t *tag, size_t tag_len);
RIJN_API int rijn_cmac_verify(const rijn_cmac_key *k, const uint8_t *in, size_t len, const uint8_t *tag,
                              size_t tag_len);

#ifdef __cplusplus
}
#endif

#endif
