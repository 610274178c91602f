/* Small shared pieces: errors, version, wiping, key setup, CTR keystream. */
#include "core/internal.h"
#include "modes/modes.h"

const char *rijn_version(void)
{
    return RIJN_VERSION_STRING;
}

const char *rijn_strerror(int err)
{
    switch (err) {
    case RIJN_OK: return "success";
    case RIJN_ERR_NULL: return "NULL pointer with non-zero length";
    case RIJN_ERR_KEY_LEN: return "invalid key length";
    case RIJN_ERR_IV_LEN: return "invalid IV/nonce/tweak length";
    case RIJN_ERR_TAG_LEN: return "invalid tag length";
    case RIJN_ERR_LENGTH: return "invalid input length";
    case RIJN_ERR_AUTH: return "authentication failed";
    case RIJN_ERR_PADDING: return "bad padding";
    case RIJN_ERR_STATE: return "call out of order or on an unset context";
    case RIJN_ERR_NO_DRIVER: return "unknown or unavailable algorithm/driver";
    case RIJN_ERR_LIMIT: return "length limit of the mode exceeded";
    case RIJN_ERR_OVERLAP: return "input and output overlap partially";
    case RIJN_ERR_BUFFER: return "output buffer too small";
    case RIJN_ERR_SELFTEST: return "driver failed its self-test";
    case RIJN_ERR_WEAK_KEY: return "key refused (XTS halves must differ)";
    default: return "unknown error";
    }
}

/* Writes through a volatile function pointer: the compiler cannot prove
 * the stores dead, so it cannot drop them (as in libsodium / BoringSSL). */
static void *(*volatile wipe_memset)(void *, int, size_t) = memset;

void rijn_wipe(void *p, size_t n)
{
    if (p && n) wipe_memset(p, 0, n);
}

int rijn_check_overlap(const void *out, const void *in, size_t len)
{
    uintptr_t o = (uintptr_t)out, i = (uintptr_t)in;
    if (!len || o == i) return RIJN_OK;
    if (o < i + len && i < o + len) return RIJN_ERR_OVERLAP;
    return RIJN_OK;
}

int rijn_ct_memcmp(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++) d |= a[i] ^ b[i];
    /* 0 -> 0, non-zero -> -1, without a branch on d. The verdict is public. */
    int r = (int)(((uint32_t)d + 0xffu) >> 8) * -1;
    RIJN_DECLASSIFY(&r, sizeof r);
    return r;
}

int rijn_aes_setkey(rijn_aes_key *k, const struct rijn_desc *d, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 24 && key_len != 32) return RIJN_ERR_KEY_LEN;
    if (!key) return RIJN_ERR_NULL;
    k->drv = d;
    k->key_bytes = (unsigned)key_len;
    d->cipher->setkey(k->ks, key, key_len);
    return RIJN_OK;
}

void rijn_ctr_blocks(const rijn_aes_key *k, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t n, bool inc32)
{
    const struct rijn_cipher_ops *ops = rijn_ops(k);
    if (ops->ctr) {
        ops->ctr(k->ks, ctr, out, in, n, inc32);
        return;
    }
    uint8_t buf[16 * RIJN_CHUNK_BLOCKS];
    uint64_t hi = rijn_load64_be(ctr), lo = rijn_load64_be(ctr + 8);
    while (n) {
        size_t m = n < RIJN_CHUNK_BLOCKS ? n : RIJN_CHUNK_BLOCKS;
        for (size_t i = 0; i < m; i++) {
            rijn_store64_be(buf + 16 * i, hi);
            rijn_store64_be(buf + 16 * i + 8, lo);
            rijn_ctr_inc(&hi, &lo, inc32);
        }
        ops->encrypt(k->ks, buf, buf, m);
        rijn_xor_bytes(out, in, buf, 16 * m);
        in += 16 * m;
        out += 16 * m;
        n -= m;
    }
    rijn_store64_be(ctr, hi);
    rijn_store64_be(ctr + 8, lo);
    rijn_wipe(buf, sizeof buf);
}
