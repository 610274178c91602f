/*
 * gcm-aes-aesni: AES-NI and PCLMULQDQ stitched, legacy SSE encoding, for
 * cores without AVX (Westmere). Above the gcm_base(ctr(aes-aesni),
 * ghash-pclmul) template (400).
 * The loop and its reasoning are in gcm_aesni_core.h.
 */
#include "aes/gcm_aesni_core.h"

#ifdef RIJN_X86
static __attribute__((target("aes,pclmul,ssse3,sse4.1"))) void gcm_aesni_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16],
                                         uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    gcm_body(ks, hkey, ctr, y, out, in, n, encrypt);
}

static __attribute__((target("aes,pclmul,ssse3,sse4.1"))) void gcm_aesni_aead(const void *ks, const void *hkey, const uint8_t iv[12],
                                                 const uint8_t *aad, size_t aad_len, uint8_t *out,
                                                 const uint8_t *in, size_t len, uint8_t tag[16], bool encrypt)
{
    gcm_aead_body(gcm_aesni_crypt, ks, hkey, iv, aad, aad_len, out, in, len, tag, encrypt);
}
#define CRYPT gcm_aesni_crypt
#define AEAD gcm_aesni_aead
#else
#define CRYPT NULL
#define AEAD NULL
#endif

static const struct rijn_gcm_ops ops = {
    .cipher = &rijn_aes_aesni_desc,
    .gf = &rijn_ghash_pclmul_desc,
    .crypt = CRYPT,
    .aead = AEAD,
};

const struct rijn_desc rijn_gcm_aesni_desc = {
    .alg = "gcm(aes)",
    .name = "gcm-aes-aesni",
    .priority = 450,
    .cpu = RIJN_CPU_X86_64,
    .ct = true,
    .kind = RIJN_KIND_GCM,
    .gcm = &ops,
};
