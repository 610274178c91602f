/*
 * Internal interfaces between drivers, the registry and the mode layer.
 *
 * A driver file (src/aes/aes_NAME.c, src/gf128/ghash_NAME.c) implements one ops
 * table and ends with one `const struct rijn_desc` descriptor. The registry
 * (src/core/registry.c) lists the descriptors; nothing else names drivers.
 *
 * Mode logic (counters, tweaks, lengths, tags) is written once in
 * src/modes/ over the block interface below. Drivers get whole buffers
 * (N blocks per call), never one call per block.
 */
#ifndef RIJN_INTERNAL_H
#define RIJN_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "rijn/rijn.h"

#define RIJN_HIDDEN __attribute__((visibility("hidden")))

/* llvm-mca regions (bench/mca.py): the steady-state loop body of a driver,
 * between these two, is what the cycle estimates analyse. They are empty
 * unless the estimate's own build defines RIJN_MCA. */
#ifdef RIJN_MCA
#define RIJN_MCA_BEGIN(name) __asm__ volatile("# LLVM-MCA-BEGIN " name)
#define RIJN_MCA_END() __asm__ volatile("# LLVM-MCA-END")
#else
#define RIJN_MCA_BEGIN(name) ((void)0)
#define RIJN_MCA_END() ((void)0)
#endif
/* A key schedule's round count as the bit-sliced cores read it: the
 * estimate's kernels pin it to a constant (bench/mca/mca.h), so that their
 * round loops unroll into straight-line code; elsewhere it is r itself. */
#ifdef RIJN_MCA_NR
#define RIJN_ROUNDS(r) RIJN_MCA_NR
#else
#define RIJN_ROUNDS(r) (r)
#endif

/* Mark a value computed from secrets as public (a verdict such as "tag
 * matched"). Only the secret-taint test build (-DRIJN_CTGRIND, see
 * tests/c/ct_taint.c) does anything: it tells valgrind the value is
 * defined, so branching on it is not reported. */
#ifdef RIJN_CTGRIND
#include <valgrind/memcheck.h>
#define RIJN_DECLASSIFY(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define RIJN_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

/* ------------------------------------------------------------ CPU bits -- */
/* One bit per feature; the names are in src/core/cpu.c. */
enum {
    RIJN_CPU_SSE2 = 1u << 0,
    RIJN_CPU_SSSE3 = 1u << 1,
    RIJN_CPU_SSE41 = 1u << 2,
    RIJN_CPU_AESNI = 1u << 3,
    RIJN_CPU_PCLMUL = 1u << 4,
    RIJN_CPU_AVX = 1u << 5,
    RIJN_CPU_AVX2 = 1u << 6,
    RIJN_CPU_VAES = 1u << 7,
    RIJN_CPU_VPCLMUL = 1u << 8,
    RIJN_CPU_BMI2 = 1u << 9,
    /* The library was built for x86-64 and runs there: drivers written with
     * x86 intrinsics require it, so on other builds they are unavailable. */
    RIJN_CPU_X86_64 = 1u << 15,
    /* Likewise for the AArch64 drivers (AArch64 intrinsics, little-endian):
     * 32-bit ARM reports NEON too, but cannot run them. */
    RIJN_CPU_AARCH64 = 1u << 19,
    RIJN_CPU_NEON = 1u << 16,
    RIJN_CPU_ARM_AES = 1u << 17,
    RIJN_CPU_ARM_PMULL = 1u << 18,
    /* AVX-512 F, BW and VL, with the OS saving the opmask and ZMM state
     * (XCR0 bits 5..7): what the 512-bit VAES drivers need besides VAES
     * and VPCLMULQDQ themselves. */
    RIJN_CPU_AVX512 = 1u << 20
};

/* Features of this CPU after RIJN_CPU masking; detected once, thread-safe. */
RIJN_HIDDEN uint32_t rijn_cpu_get(void);
/* Raw detection, per architecture (src/core/cpu_<arch>.c). */
RIJN_HIDDEN uint32_t rijn_cpu_detect_arch(void);
/* Comma-separated names of the bits in mask, into buf. */
RIJN_HIDDEN const char *rijn_cpu_names(uint32_t mask, char *buf, size_t cap);

/* ------------------------------------------------------- block cipher -- */
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
};

/* ------------------------------------------------------------- GF(2^128) -- */
/* A GHASH driver: hkey is RIJN_GF128_KEY_BYTES, 64-byte aligned.
 * ghash: for each 16-byte block X_i, Y = (Y xor X_i) * H  (SP 800-38D §6.4),
 * with Y and X in GCM's byte order. */
struct rijn_gf128_ops {
    void (*init)(void *hkey, const uint8_t h[16]);
    void (*ghash)(const void *hkey, uint8_t y[16], const uint8_t *in, size_t n);
};

/* ------------------------------------------------------ dedicated GCM -- */
/* A fused GCM driver: it uses the key formats of one block-cipher driver
 * and one GHASH driver (set up by them), and replaces the template's bulk
 * loop. crypt handles n whole blocks: CTR with inc32 counters from ctr
 * (advanced by n) and GHASH of the ciphertext into y. Everything else
 * (J0, AAD, partial blocks, lengths, tag) stays in src/modes/gcm.c. */
struct rijn_desc;
struct rijn_gcm_ops {
    const struct rijn_desc *cipher;
    const struct rijn_desc *gf;
    void (*crypt)(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16], uint8_t *out,
                  const uint8_t *in, size_t n, bool encrypt);
    /* Optional: a whole one-shot message with a 96-bit IV (J0 = IV || 1),
     * AAD, bulk, partial last block, lengths block and E(J0) all inside the
     * driver, so a short message costs no trips through the mode layer.
     * tag receives the full 16-byte tag; for decryption the mode layer
     * compares it and zeroes out on mismatch. Limits are checked before. */
    void (*aead)(const void *ks, const void *hkey, const uint8_t iv[12], const uint8_t *aad, size_t aad_len,
                 uint8_t *out, const uint8_t *in, size_t len, uint8_t tag[16], bool encrypt);
};

/* ---------------------------------------------------------- descriptor -- */
enum rijn_kind { RIJN_KIND_CIPHER = 1, RIJN_KIND_GF128 = 2, RIJN_KIND_GCM = 3 };

struct rijn_desc {
    const char *alg;       /* "aes" or "gf128" */
    const char *name;      /* unique driver name, e.g. "aes-ct64" */
    int priority;
    /* Block ciphers: the priority for serial chains (CBC-MAC, CBC
     * encryption), where one block is in flight; 0 means `priority`. A
     * bit-sliced driver sets it below aes-vperm so that cmac(aes) picks
     * the driver that is fast on one block. */
    int serial_priority;
    /* Block ciphers whose serial chains run on another driver's code (with
     * that driver's schedule kept inside this one's key): that driver.
     * Templates name it, e.g. ccm_base(ctr(aes-neonbs),cbcmac(aes-neon)). */
    const struct rijn_desc *serial;
    uint32_t cpu;          /* required RIJN_CPU_* bits */
    bool ct;               /* claims constant time (and is tested for it) */
    enum rijn_kind kind;
    const struct rijn_cipher_ops *cipher;
    const struct rijn_gf128_ops *gf128;
    const struct rijn_gcm_ops *gcm;
};

/* The descriptors, defined at the bottom of each driver file. A dedicated
 * mode driver's descriptor has alg "gcm(aes)" and kind RIJN_KIND_GCM. */
extern const struct rijn_desc rijn_aes_generic_desc;
extern const struct rijn_desc rijn_aes_ct64_desc;
extern const struct rijn_desc rijn_aes_ct128_desc;
extern const struct rijn_desc rijn_ghash_ct64_desc;
extern const struct rijn_desc rijn_gcm_ct128_desc;
extern const struct rijn_desc rijn_aes_aesni_desc;
extern const struct rijn_desc rijn_aes_vaes_desc;
extern const struct rijn_desc rijn_ghash_pclmul_desc;
extern const struct rijn_desc rijn_gcm_aesni_desc;
extern const struct rijn_desc rijn_gcm_aesni_avx_desc;
extern const struct rijn_desc rijn_gcm_vaes_desc;
extern const struct rijn_desc rijn_aes_vaes512_desc;
extern const struct rijn_desc rijn_gcm_vaes512_desc;
extern const struct rijn_desc rijn_aes_vperm_desc;
extern const struct rijn_desc rijn_aes_bs_avx2_desc;
extern const struct rijn_desc rijn_aes_ce_desc;
extern const struct rijn_desc rijn_ghash_pmull_desc;
extern const struct rijn_desc rijn_gcm_ce_desc;
extern const struct rijn_desc rijn_aes_neon_desc;
extern const struct rijn_desc rijn_aes_neonbs_desc;
extern const struct rijn_desc rijn_ghash_neon_desc;

/* ------------------------------------------------------------ registry -- */
enum rijn_mode {
    RIJN_MODE_NONE = 0, /* a primitive: the descriptor itself */
    RIJN_MODE_ECB,
    RIJN_MODE_CBC,
    RIJN_MODE_CTR,
    RIJN_MODE_XTS,
    RIJN_MODE_GCM,
    RIJN_MODE_CCM,
    RIJN_MODE_CMAC
};

#define RIJN_NAME_MAX 96

/* One entry of the registry: a primitive driver, or a mode template
 * instantiated over a block-cipher driver (and a GHASH driver for GCM). */
struct rijn_inst {
    const char *alg;
    char name[RIJN_NAME_MAX];
    int priority;
    bool ct;
    uint32_t cpu;
    char cpu_names[64];              /* cpu as text, written once at registry init */
    enum rijn_mode mode;
    const struct rijn_desc *prim;    /* for mode NONE */
    const struct rijn_desc *cipher;  /* block cipher (all modes) */
    const struct rijn_desc *gf;      /* GHASH (GCM) */
    const struct rijn_gcm_ops *gcm;  /* dedicated GCM driver, or NULL */
    int selftest;                    /* enum rijn_selftest_status, atomic */
};

/* Resolve `driver` for `alg` (see rijn_resolve); sets *inst. */
RIJN_HIDDEN int rijn_lookup(const char *alg, const char *driver, const struct rijn_inst **inst);
/* Known-answer self-tests (src/core/selftest.c): 0 on pass. */
RIJN_HIDDEN int rijn_selftest_prim(const struct rijn_desc *d);
RIJN_HIDDEN int rijn_selftest_mode(const struct rijn_inst *in);

/* ------------------------------------------------------------- helpers -- */
/* Key setup with validation; key_len must be 16, 24 or 32. */
RIJN_HIDDEN int rijn_aes_setkey(rijn_aes_key *k, const struct rijn_desc *d, const uint8_t *key, size_t key_len);
static inline const struct rijn_cipher_ops *rijn_ops(const rijn_aes_key *k)
{
    return ((const struct rijn_desc *)k->drv)->cipher;
}

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

/* CTR keystream over n blocks: out = in xor E(ctr), E(ctr+1), ...
 * inc32: increment only the low 32 bits (GCM's inc32), else all 128 bits.
 * ctr is advanced by n. */
RIJN_HIDDEN void rijn_ctr_blocks(const rijn_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in,
                                 size_t n, bool inc32);

/* 0 if the ranges are identical or disjoint, else RIJN_ERR_OVERLAP. */
RIJN_HIDDEN int rijn_check_overlap(const void *out, const void *in, size_t len);
/* Constant-time comparison: 0 if equal, else -1. */
RIJN_HIDDEN int rijn_ct_memcmp(const uint8_t *a, const uint8_t *b, size_t n);

static inline void rijn_xor16(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
    for (int i = 0; i < 16; i++) d[i] = a[i] ^ b[i];
}
/* d = a xor b over n bytes, 8 bytes at a time (d may equal a or b). */
static inline void rijn_xor_bytes(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        memcpy(&x, a + i, 8);
        memcpy(&y, b + i, 8);
        x ^= y;
        memcpy(d + i, &x, 8);
    }
    for (; i < n; i++) d[i] = a[i] ^ b[i];
}
static inline uint32_t rijn_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}
static inline void rijn_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}
static inline uint64_t rijn_load64_be(const uint8_t *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v);
#else
    return ((uint64_t)rijn_load32_be(p) << 32) | rijn_load32_be(p + 4);
#endif
}
static inline void rijn_store64_be(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
    memcpy(p, &v, 8);
#else
    rijn_store32_be(p, (uint32_t)(v >> 32)); rijn_store32_be(p + 4, (uint32_t)v);
#endif
}
static inline uint32_t rijn_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline void rijn_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}
static inline uint64_t rijn_load64_le(const uint8_t *p)
{
    return (uint64_t)rijn_load32_le(p) | ((uint64_t)rijn_load32_le(p + 4) << 32);
}
static inline void rijn_store64_le(uint8_t *p, uint64_t v)
{
    rijn_store32_le(p, (uint32_t)v); rijn_store32_le(p + 4, (uint32_t)(v >> 32));
}

#endif
