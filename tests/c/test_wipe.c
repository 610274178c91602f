/* SPDX-License-Identifier: MIT */
/*
 * Secrets are gone after clear-and-free: each context type is put on the
 * heap, keyed, used, cleared with its rijn_*_clear function and freed; the
 * freed memory is then read back. glibc's free() writes its list pointers
 * into the first 16 bytes of a chunk and leaves the rest, so bytes 16..end
 * must all be zero: round keys, GHASH key powers, counters, partial blocks.
 *
 * Control: the same without the clear must leave non-zero bytes, which
 * shows that the inspection sees what free() leaves (it is not the
 * allocator that zeroes). Reading freed memory is what this test is for;
 * ASan forbids it, so that build skips.
 *
 * Wiping itself goes through rijn_wipe (a volatile function pointer to
 * memset), which the compiler cannot remove as a dead store.
 */
#include "rijn/registry.h"
#include "testutil.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

static uint8_t key[64], iv[16], msg[200], out[216];

/* Returns the number of non-zero bytes past glibc's 16-byte free-list
 * header in the freed block. */
__attribute__((noinline)) static size_t after_free(void *p, size_t n)
{
    /* Through a volatile integer, so the compiler knows nothing of the
     * pointer it reads from (this read after free is deliberate). */
    volatile uintptr_t addr = (uintptr_t)p;
    size_t nz = 0;
    free(p);
    const volatile uint8_t *b = (const volatile uint8_t *)addr;
    for (size_t i = 16; i < n; i++) nz += b[i] != 0; // NOLINT(clang-analyzer-unix.Malloc): deliberate
    return nz;
}

/* Key and use one context of each type; clear it unless `control`. */
static void one(const char *what, int control)
{
    size_t n = 0, nz;
    void *p = NULL;
    if (strcmp(what, "gcm") == 0) {
        rijn_gcm_key *k = malloc(n = sizeof *k);
        rijn_gcm_ctx *s = malloc(sizeof *s);
        CHECK(rijn_gcm_init(k, NULL, key, 32) == 0, "gcm init");
        CHECK(rijn_gcm_start(s, k, iv, 12, 1) == 0 && rijn_gcm_aad(s, msg, 7) == 0 &&
              rijn_gcm_update(s, out, msg, 37) == 0, "gcm use");
        if (!control) rijn_gcm_ctx_clear(s);
        nz = after_free(s, sizeof *s);
        CHECK(control ? nz > 0 : nz == 0, "gcm stream context: %zu non-zero bytes after %s", nz,
              control ? "free without clear (control)" : "clear and free");
        if (!control) rijn_gcm_clear(k);
        p = k;
    } else if (strcmp(what, "ccm") == 0) {
        rijn_ccm_key *k = malloc(n = sizeof *k);
        CHECK(rijn_ccm_init(k, NULL, key, 16) == 0, "ccm init");
        CHECK(rijn_ccm_seal(k, iv, 12, NULL, 0, msg, 50, out, out + 50, 16) == 0, "ccm use");
        if (!control) rijn_ccm_clear(k);
        p = k;
    } else if (strcmp(what, "cmac") == 0) {
        rijn_cmac_key *k = malloc(n = sizeof *k);
        rijn_cmac_ctx *s = malloc(sizeof *s);
        CHECK(rijn_cmac_init(k, NULL, key, 24) == 0, "cmac init");
        CHECK(rijn_cmac_start(s, k) == 0 && rijn_cmac_update(s, msg, 21) == 0, "cmac use");
        free(s); /* the stream holds only chaining state; key is in k */
        if (!control) rijn_cmac_clear(k);
        p = k;
    } else if (strcmp(what, "ctr") == 0) {
        rijn_ctr_ctx *c = malloc(n = sizeof *c);
        CHECK(rijn_ctr_init(c, NULL, key, 16, iv) == 0 && rijn_ctr_xor(c, out, msg, 21) == 0, "ctr");
        if (!control) rijn_ctr_clear(c);
        p = c;
    } else if (strcmp(what, "xts") == 0) {
        rijn_xts_ctx *c = malloc(n = sizeof *c);
        CHECK(rijn_xts_init(c, NULL, key, 64) == 0 && rijn_xts_encrypt(c, iv, out, msg, 37) == 0, "xts");
        if (!control) rijn_xts_clear(c);
        p = c;
    } else if (strcmp(what, "cbc") == 0) {
        rijn_cbc_ctx *c = malloc(n = sizeof *c);
        uint8_t v[16];
        memcpy(v, iv, 16);
        CHECK(rijn_cbc_init(c, NULL, key, 32) == 0 && rijn_cbc_encrypt(c, v, out, msg, 48) == 0, "cbc");
        if (!control) rijn_cbc_clear(c);
        p = c;
    } else {
        rijn_ecb_ctx *c = malloc(n = sizeof *c);
        CHECK(rijn_ecb_init(c, NULL, key, 16) == 0 && rijn_ecb_encrypt(c, out, msg, 32) == 0, "ecb");
        if (!control) rijn_ecb_clear(c);
        p = c;
    }
    nz = after_free(p, n);
    CHECK(control ? nz > 0 : nz == 0, "%s context (%zu bytes): %zu non-zero bytes after %s", what, n, nz,
          control ? "free without clear (control)" : "clear and free");
}

int main(void)
{
#ifdef UNDER_ASAN
    printf("SKIP: test_wipe reads freed memory, which AddressSanitizer forbids\n");
    return 0;
#endif
    static const char *const kinds[] = { "ecb", "cbc", "ctr", "xts", "gcm", "ccm", "cmac" };
    t_seed();
    t_fill(key, sizeof key);
    key[0] ^= key[32] ^ 1; /* XTS: K1 != K2 */
    t_fill(iv, sizeof iv);
    t_fill(msg, sizeof msg);
    for (int control = 1; control >= 0; control--)
        for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) one(kinds[i], control);
    return t_done();
}
