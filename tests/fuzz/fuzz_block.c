/*
 * Differential fuzz target: the unauthenticated modes ECB, CBC (raw and
 * with PKCS#7 padding), CTR and XTS, every driver against OpenSSL.
 *
 * Input: mode byte (mod 5: ECB, CBC, CTR, XTS, CBC-PKCS#7), key-size byte
 * (mod 3), flags byte (bit 0 decrypt, bit 1 in place), key (64 bytes, the
 * first 16/24/32, or 32/48/64 for XTS, are used), IV or tweak (16 bytes),
 * then the data: the rest.
 *
 * Checked for every driver of the mode:
 *   - lengths the mode refuses (ECB/CBC not a block multiple, XTS under
 *     16 bytes, a padded ciphertext not a non-zero block multiple) give
 *     RIJN_ERR_LENGTH, and XTS with K1 == K2 gives RIJN_ERR_WEAK_KEY;
 *   - otherwise the output equals OpenSSL's; for padded decryption the
 *     verdict (valid padding or not) and the length equal OpenSSL's too, and
 *     a refused padding leaves the output zeroed;
 *   - CBC's chaining value after the call is the last ciphertext block.
 * AES-192-XTS, which OpenSSL lacks, is checked driver against driver.
 */
#include "fuzz.h"

enum { M_ECB, M_CBC, M_CTR, M_XTS, M_CBCPAD, M_COUNT };
static const char *const alg_of[M_COUNT] = { "ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)", "cbc(aes)" };
static driver_list drivers[M_COUNT];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!drivers[0].n)
        for (int m = 0; m < M_COUNT; m++) drivers_of(alg_of[m], &drivers[m]);

    reader r = { data, size };
    int mode = u8(&r) % M_COUNT;
    unsigned ks = u8(&r) % 3;
    uint8_t flags = u8(&r);
    int dec = flags & 1, inplace = (flags >> 1) & 1;
    uint8_t key[64], iv[16];
    bytes(&r, key, sizeof key);
    bytes(&r, iv, sizeof iv);
    size_t len;
    const uint8_t *msg = rest(&r, &len);
    size_t key_len = mode == M_XTS ? 32 + 16 * ks : 16 + 8 * ks;

    /* What OpenSSL says, when it has the cipher. */
    uint8_t *ref = malloc(len + 32);
    size_t ref_len = 0;
    int ref_ok = 0, have_ref = !(mode == M_XTS && key_len == 48);
    int weak = mode == M_XTS && memcmp(key, key + key_len / 2, key_len / 2) == 0;
    int bad_len = ((mode == M_ECB || mode == M_CBC) && len % 16) || (mode == M_XTS && len < 16) ||
                  (mode == M_CBCPAD && dec && (len == 0 || len % 16));
    if (have_ref && !weak && !bad_len) {
        static const char *const mname[M_COUNT] = { "ECB", "CBC", "CTR", "XTS", "CBC" };
        char name[32];
        snprintf(name, sizeof name, "AES-%zu-%s", (mode == M_XTS ? key_len / 2 : key_len) * 8, mname[mode]);
        ref_ok = evp_block(name, dec, mode == M_CBCPAD, key, mode == M_ECB ? NULL : iv, msg, len, ref, &ref_len);
        if (!ref_ok && mode != M_CBCPAD) FAIL("OpenSSL refused mode %d, %zu bytes", mode, len);
    }

    uint8_t *first = NULL; /* the first driver's output, for AES-192-XTS */
    for (size_t d = 0; d < drivers[mode].n; d++) {
        const char *drv = drivers[mode].name[d];
        uint8_t *base = dup_off(msg, len, 16), *in = base + 1;
        uint8_t *obuf = calloc(1, len + 17), *out = inplace && mode != M_CBCPAD ? in : obuf + 1;
        uint8_t chain[16];
        size_t out_len = len;
        int rc;
        memcpy(chain, iv, 16);
        switch (mode) {
        case M_ECB: {
            rijn_ecb_ctx c;
            if (rijn_ecb_init(&c, drv, key, key_len)) FAIL("%s: init", drv);
            rc = dec ? rijn_ecb_decrypt(&c, out, in, len) : rijn_ecb_encrypt(&c, out, in, len);
            rijn_ecb_clear(&c);
            break;
        }
        case M_CBC: {
            rijn_cbc_ctx c;
            if (rijn_cbc_init(&c, drv, key, key_len)) FAIL("%s: init", drv);
            rc = dec ? rijn_cbc_decrypt(&c, chain, out, in, len) : rijn_cbc_encrypt(&c, chain, out, in, len);
            rijn_cbc_clear(&c);
            break;
        }
        case M_CTR: {
            rijn_ctr_ctx c;
            if (rijn_ctr_init(&c, drv, key, key_len, iv)) FAIL("%s: init", drv);
            rc = rijn_ctr_xor(&c, out, in, len);
            rijn_ctr_clear(&c);
            break;
        }
        case M_XTS: {
            rijn_xts_ctx c;
            rc = rijn_xts_init(&c, drv, key, key_len);
            if (rc == RIJN_OK)
                rc = dec ? rijn_xts_decrypt(&c, iv, out, in, len) : rijn_xts_encrypt(&c, iv, out, in, len);
            rijn_xts_clear(&c);
            break;
        }
        default: {
            rijn_cbc_ctx c;
            if (rijn_cbc_init(&c, drv, key, key_len)) FAIL("%s: init", drv);
            size_t cap = len + 16;
            rc = dec ? rijn_cbc_decrypt_pad(&c, iv, out, cap, &out_len, in, len)
                     : rijn_cbc_encrypt_pad(&c, iv, out, cap, &out_len, in, len);
            rijn_cbc_clear(&c);
            break;
        }
        }

        if (weak) {
            if (rc != RIJN_ERR_WEAK_KEY) FAIL("%s: XTS K1 == K2 gave %d", drv, rc);
        } else if (bad_len) {
            if (rc != RIJN_ERR_LENGTH) FAIL("%s: mode %d, %zu bytes gave %d, not LENGTH", drv, mode, len, rc);
        } else if (!have_ref) {
            if (rc != RIJN_OK) FAIL("%s: %d", drv, rc);
            if (!first) {
                first = malloc(len);
                memcpy(first, out, len);
            } else {
                check_eq("xts-192", drv, first, out, len);
            }
        } else if (mode == M_CBCPAD && dec && !ref_ok) {
            if (rc != RIJN_ERR_PADDING) FAIL("%s: OpenSSL refused the padding, rijn gave %d", drv, rc);
            if (!is_zero(out, len)) FAIL("%s: refused padding left plaintext in the output", drv);
        } else {
            if (rc != RIJN_OK) FAIL("%s: mode %d dec %d, %zu bytes: %d", drv, mode, dec, len, rc);
            if (out_len != ref_len) FAIL("%s: length %zu, OpenSSL %zu", drv, out_len, ref_len);
            check_eq(alg_of[mode], drv, ref, out, ref_len);
            if (mode == M_CBC && len) {
                const uint8_t *last = (dec ? msg : ref) + len - 16;
                if (memcmp(chain, last, 16) != 0) FAIL("%s: CBC chaining value is not the last ciphertext block", drv);
            }
        }
        free(base);
        free(obuf);
    }
    free(first);
    free(ref);
    return 0;
}
