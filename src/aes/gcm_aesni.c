/*
 * gcm-aes-aesni: AES-NI and PCLMULQDQ stitched, legacy SSE encoding, for
 * cores without AVX (Westmere). Above the gcm_base(ctr(aes-aesni),
 * ghash-pclmul) template (300).
 * The loop and its reasoning are in gcm_aesni_core.h.
 */
#include "aes/gcm_aesni_core.h"

#ifdef RIJN_X86
static __attribute__((target("aes,pclmul,ssse3,sse4.1"))) void gcm_aesni_crypt(const void *ks, const void *hkey, uint8_t ctr[16], uint8_t y[16],
                                         uint8_t *out, const uint8_t *in, size_t n, bool encrypt)
{
    gcm_body(ks, hkey, ctr, y, out, in, n, encrypt);
}
#define CRYPT gcm_aesni_crypt
#else
#define CRYPT NULL
#endif

static const struct rijn_gcm_ops ops = {
    .cipher = &rijn_aes_aesni_desc,
    .gf = &rijn_ghash_pclmul_desc,
    .crypt = CRYPT,
};

const struct rijn_desc rijn_gcm_aesni_desc = {
    .alg = "gcm(aes)",
    .name = "gcm-aes-aesni",
    .priority = 400,
    .cpu = RIJN_CPU_X86_64,
    .ct = true,
    .kind = RIJN_KIND_GCM,
    .gcm = &ops,
};
