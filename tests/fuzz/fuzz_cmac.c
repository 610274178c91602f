/*
 * Differential fuzz target: AES-CMAC (SP 800-38B), every driver against
 * OpenSSL's EVP_MAC "CMAC".
 *
 * Input: key-size byte (mod 3), tag-length byte (mod 18), key (32 bytes,
 * the first 16/24/32 used), tag (16 bytes), then the message: the rest.
 *
 * The tag equals OpenSSL's, truncated to tag_len (1..16; 0 and 17 must give
 * RIJN_ERR_TAG_LEN). rijn_cmac_verify accepts the right tag and refuses
 * the given one unless it happens to be right.
 */
#include "fuzz.h"

static driver_list drivers;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!drivers.n) drivers_of("cmac(aes)", &drivers);
    reader r = { data, size };
    size_t key_len = 16 + 8 * (u8(&r) % 3), tag_len = u8(&r) % 18, len;
    uint8_t key[32], tag_in[16];
    bytes(&r, key, sizeof key);
    bytes(&r, tag_in, sizeof tag_in);
    const uint8_t *msg = rest(&r, &len);

    uint8_t ref[16];
    evp_cmac(key, key_len, msg, len, ref);
    int bad_tag = tag_len == 0 || tag_len > 16;
    int given_right = !bad_tag && memcmp(tag_in, ref, tag_len) == 0;

    for (size_t d = 0; d < drivers.n; d++) {
        const char *drv = drivers.name[d];
        rijn_cmac_key k;
        uint8_t tag[16];
        if (rijn_cmac_init(&k, drv, key, key_len)) FAIL("%s: init", drv);
        uint8_t *base = dup_off(msg, len, 0);
        int rc = rijn_cmac(&k, base + 1, len, tag, tag_len);
        if (bad_tag) {
            if (rc != RIJN_ERR_TAG_LEN) FAIL("%s: tag_len %zu gave %d", drv, tag_len, rc);
        } else {
            if (rc != RIJN_OK) FAIL("%s: %d", drv, rc);
            check_eq("cmac", drv, ref, tag, tag_len);
            if (rijn_cmac_verify(&k, base + 1, len, ref, tag_len) != RIJN_OK) FAIL("%s: verify refused", drv);
            rc = rijn_cmac_verify(&k, base + 1, len, tag_in, tag_len);
            if (rc != (given_right ? RIJN_OK : RIJN_ERR_AUTH)) FAIL("%s: verify of the given tag: %d", drv, rc);
        }
        rijn_cmac_clear(&k);
        free(base);
    }
    return 0;
}
