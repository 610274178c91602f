/*
 * Standard vectors through every driver, in C: the file written by
 * scripts/gen_kat.py (Wycheproof, AESAVS, RFC 3686, GCMVS, CCMVS,
 * SP 800-38B, XTSVS), one vector per line:
 *
 *     KIND VERDICT KEY IV AAD IN OUT TAG      (hex, "-" for empty)
 *
 * The Python suite checks the same vectors through ctypes; this program
 * exists for the builds whose architecture has no Python (aarch64, armv7
 * and s390x under qemu-user), and runs natively too.
 *
 * Every vector goes through every available driver of its mode, taken
 * from the registry. "ok": IN maps to OUT (and TAG) and back. "bad": the
 * input is refused: an AEAD open fails and leaves no plaintext behind, a
 * bad PKCS#7 pad or a wrong CMAC tag is rejected, a short XTS unit is
 * refused. Streaming modes (CTR, GCM) also run in two calls split at a
 * pseudo-random point.
 *
 * usage: test_kat FILE
 */
#include "rijn/registry.h"
#include "testutil.h"

enum { ECB, CBC, CBCPAD, CTR, XTS, GCM, CCM, CMAC, NKIND };
static const char *const kinds[NKIND] = { "ecb", "cbc", "cbcpad", "ctr", "xts", "gcm", "ccm", "cmac" };
static const char *const algs[NKIND] = { "ecb(aes)", "cbc(aes)", "cbc(aes)", "ctr(aes)",
                                         "xts(aes)", "gcm(aes)", "ccm(aes)", "cmac(aes)" };
static const char *drivers[NKIND][64];
static size_t ndrivers[NKIND];
static unsigned long counts[NKIND][2];

struct vec {
    int kind, ok;
    uint8_t *f[6];  /* key iv aad in out tag */
    size_t n[6];
    unsigned long line;
};
enum { KEY, IV, AAD, IN, OUT, TAG };

static int unhex(const char *s, uint8_t **out, size_t *len)
{
    size_t n = strlen(s);
    if (strcmp(s, "-") == 0) n = 0;
    if (n % 2) return -1;
    uint8_t *p = malloc(n / 2 + 1);
    if (!p) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1) {
            free(p);
            return -1;
        }
        p[i] = (uint8_t)v;
    }
    *out = p;
    *len = n / 2;
    return 0;
}

static int parse(char *text, struct vec *v)
{
    char *save = NULL, *tok[8];
    int nt = 0;
    for (char *t = strtok_r(text, " \n", &save); t && nt < 8; t = strtok_r(NULL, " \n", &save)) tok[nt++] = t;
    if (nt != 8) return -1;
    v->kind = -1;
    for (int k = 0; k < NKIND; k++)
        if (strcmp(tok[0], kinds[k]) == 0) v->kind = k;
    v->ok = strcmp(tok[1], "ok") == 0;
    if (v->kind < 0 || (!v->ok && strcmp(tok[1], "bad") != 0)) return -1;
    for (int i = 0; i < 6; i++)
        if (unhex(tok[2 + i], &v->f[i], &v->n[i])) return -1;
    return 0;
}

/* A failed decryption must leave out untouched (0xa5, refused before any
 * work) or zeroed: never plaintext. */
static int clean(const uint8_t *out, size_t n)
{
    int zero = 1, untouched = 1;
    for (size_t i = 0; i < n; i++) {
        zero &= out[i] == 0;
        untouched &= out[i] == 0xa5;
    }
    return zero || untouched;
}

#define EQ(a, b, n) (memcmp((a), (b), (n)) == 0)

static void run(const struct vec *v, const char *d, uint8_t *buf, uint8_t *buf2)
{
    const uint8_t *key = v->f[KEY], *iv = v->f[IV], *aad = v->f[AAD], *in = v->f[IN], *out = v->f[OUT];
    const uint8_t *tag = v->f[TAG];
    size_t kl = v->n[KEY], len = v->n[IN], ivl = v->n[IV], tl = v->n[TAG];
    uint8_t t[16], ivb[16];
    const unsigned long l = v->line;
    size_t split = len ? (size_t)(t_rand() % (len + 1)) : 0;
    switch (v->kind) {
    case ECB: {
        rijn_ecb_ctx c;
        CHECK(rijn_ecb_init(&c, d, key, kl) == RIJN_OK, "line %lu %s init", l, d);
        CHECK(rijn_ecb_encrypt(&c, buf, in, len) == RIJN_OK && EQ(buf, out, len), "line %lu %s enc", l, d);
        CHECK(rijn_ecb_decrypt(&c, buf, out, len) == RIJN_OK && EQ(buf, in, len), "line %lu %s dec", l, d);
        rijn_ecb_clear(&c);
        break;
    }
    case CBC: {
        rijn_cbc_ctx c;
        CHECK(rijn_cbc_init(&c, d, key, kl) == RIJN_OK, "line %lu %s init", l, d);
        memcpy(ivb, iv, 16);
        CHECK(rijn_cbc_encrypt(&c, ivb, buf, in, len) == RIJN_OK && EQ(buf, out, len), "line %lu %s enc", l, d);
        memcpy(ivb, iv, 16);
        CHECK(rijn_cbc_decrypt(&c, ivb, buf, out, len) == RIJN_OK && EQ(buf, in, len), "line %lu %s dec", l, d);
        rijn_cbc_clear(&c);
        break;
    }
    case CBCPAD: {
        rijn_cbc_ctx c;
        size_t ol = 0;
        CHECK(rijn_cbc_init(&c, d, key, kl) == RIJN_OK, "line %lu %s init", l, d);
        if (v->ok) {
            CHECK(rijn_cbc_encrypt_pad(&c, iv, buf, len + 16, &ol, in, len) == RIJN_OK && ol == v->n[OUT] &&
                      EQ(buf, out, ol),
                  "line %lu %s enc", l, d);
            CHECK(rijn_cbc_decrypt_pad(&c, iv, buf, v->n[OUT], &ol, out, v->n[OUT]) == RIJN_OK && ol == len &&
                      EQ(buf, in, len),
                  "line %lu %s dec", l, d);
        } else {
            memset(buf, 0xa5, v->n[OUT]);
            CHECK(rijn_cbc_decrypt_pad(&c, iv, buf, v->n[OUT], &ol, out, v->n[OUT]) != RIJN_OK && ol == 0 &&
                      clean(buf, v->n[OUT]),
                  "line %lu %s: bad padding accepted", l, d);
        }
        rijn_cbc_clear(&c);
        break;
    }
    case CTR: {
        rijn_ctr_ctx c;
        CHECK(rijn_ctr_init(&c, d, key, kl, iv) == RIJN_OK, "line %lu %s init", l, d);
        CHECK(rijn_ctr_xor(&c, buf, in, len) == RIJN_OK && EQ(buf, out, len), "line %lu %s", l, d);
        rijn_ctr_set_iv(&c, iv);
        CHECK(rijn_ctr_xor(&c, buf, in, split) == RIJN_OK && rijn_ctr_xor(&c, buf + split, in + split, len - split) == 0 &&
                  EQ(buf, out, len),
              "line %lu %s split %zu", l, d, split);
        rijn_ctr_clear(&c);
        break;
    }
    case XTS: {
        rijn_xts_ctx c;
        CHECK(rijn_xts_init(&c, d, key, kl) == RIJN_OK, "line %lu %s init", l, d);
        if (v->ok) {
            CHECK(rijn_xts_encrypt(&c, iv, buf, in, len) == RIJN_OK && EQ(buf, out, len), "line %lu %s enc", l, d);
            CHECK(rijn_xts_decrypt(&c, iv, buf, out, len) == RIJN_OK && EQ(buf, in, len), "line %lu %s dec", l, d);
        } else {
            CHECK(rijn_xts_encrypt(&c, iv, buf, in, len) != RIJN_OK, "line %lu %s: short unit accepted", l, d);
        }
        rijn_xts_clear(&c);
        break;
    }
    case GCM: {
        rijn_gcm_key k;
        int r = rijn_gcm_init(&k, d, key, kl);
        if (v->ok) {
            CHECK(r == RIJN_OK, "line %lu %s init", l, d);
            CHECK(rijn_gcm_seal(&k, iv, ivl, aad, v->n[AAD], in, len, buf, t, tl) == RIJN_OK && EQ(buf, out, len) &&
                      EQ(t, tag, tl),
                  "line %lu %s seal", l, d);
            CHECK(rijn_gcm_open(&k, iv, ivl, aad, v->n[AAD], out, len, tag, tl, buf) == RIJN_OK && EQ(buf, in, len),
                  "line %lu %s open", l, d);
            rijn_gcm_ctx s;
            CHECK(rijn_gcm_start(&s, &k, iv, ivl, 1) == RIJN_OK && rijn_gcm_aad(&s, aad, v->n[AAD]) == RIJN_OK &&
                      rijn_gcm_update(&s, buf2, in, split) == RIJN_OK &&
                      rijn_gcm_update(&s, buf2 + split, in + split, len - split) == RIJN_OK &&
                      rijn_gcm_finish(&s, t, tl) == RIJN_OK && EQ(buf2, out, len) && EQ(t, tag, tl),
                  "line %lu %s streaming, split %zu", l, d, split);
            rijn_gcm_ctx_clear(&s);
        } else if (r == RIJN_OK) {
            memset(buf, 0xa5, len);
            CHECK(rijn_gcm_open(&k, iv, ivl, aad, v->n[AAD], out, len, tag, tl, buf) != RIJN_OK && clean(buf, len),
                  "line %lu %s: invalid case opened", l, d);
        }
        rijn_gcm_clear(&k);
        break;
    }
    case CCM: {
        rijn_ccm_key k;
        int r = rijn_ccm_init(&k, d, key, kl);
        if (v->ok) {
            CHECK(r == RIJN_OK, "line %lu %s init", l, d);
            CHECK(rijn_ccm_seal(&k, iv, ivl, aad, v->n[AAD], in, len, buf, t, tl) == RIJN_OK && EQ(buf, out, len) &&
                      EQ(t, tag, tl),
                  "line %lu %s seal", l, d);
            CHECK(rijn_ccm_open(&k, iv, ivl, aad, v->n[AAD], out, len, tag, tl, buf) == RIJN_OK && EQ(buf, in, len),
                  "line %lu %s open", l, d);
        } else if (r == RIJN_OK) {
            size_t cl = v->n[OUT];
            memset(buf, 0xa5, cl);
            CHECK(rijn_ccm_open(&k, iv, ivl, aad, v->n[AAD], out, cl, tag, tl, buf) != RIJN_OK && clean(buf, cl),
                  "line %lu %s: invalid case opened", l, d);
        }
        rijn_ccm_clear(&k);
        break;
    }
    case CMAC: {
        rijn_cmac_key k;
        int r = rijn_cmac_init(&k, d, key, kl);
        if (v->ok) {
            CHECK(r == RIJN_OK, "line %lu %s init", l, d);
            CHECK(rijn_cmac(&k, in, len, t, tl) == RIJN_OK && EQ(t, tag, tl), "line %lu %s", l, d);
            CHECK(rijn_cmac_verify(&k, in, len, tag, tl) == RIJN_OK, "line %lu %s verify", l, d);
        } else if (r == RIJN_OK) {
            CHECK(rijn_cmac_verify(&k, in, len, tag, tl) != RIJN_OK, "line %lu %s: wrong tag verified", l, d);
        }
        rijn_cmac_clear(&k);
        break;
    }
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s KAT_FILE (written by scripts/gen_kat.py)\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) || !info.available) continue;
        for (int k = 0; k < NKIND; k++)
            if (strcmp(info.algorithm, algs[k]) == 0 && ndrivers[k] < 64) drivers[k][ndrivers[k]++] = info.driver;
    }
    char *text = NULL;
    size_t cap = 0;
    unsigned long lineno = 0;
    while (getline(&text, &cap, f) > 0) {
        struct vec v = { .line = ++lineno };
        if (parse(text, &v)) {
            fprintf(stderr, "%s:%lu: malformed line\n", argv[1], lineno);
            return 2;
        }
        size_t big = v.n[IN] > v.n[OUT] ? v.n[IN] : v.n[OUT];
        uint8_t *buf = malloc(big + 32), *buf2 = malloc(big + 32);
        if (!buf || !buf2) {
            fprintf(stderr, "out of memory\n");
            free(buf);
            free(buf2);
            return 2;
        }
        for (size_t d = 0; d < ndrivers[v.kind]; d++) run(&v, drivers[v.kind][d], buf, buf2);
        counts[v.kind][v.ok]++;
        free(buf);
        free(buf2);
        for (int i = 0; i < 6; i++) free(v.f[i]);
    }
    free(text);
    fclose(f);
    for (int k = 0; k < NKIND; k++) {
        printf("%-7s %6lu valid %5lu invalid vectors x %zu drivers:", kinds[k], counts[k][1], counts[k][0],
               ndrivers[k]);
        for (size_t d = 0; d < ndrivers[k]; d++) printf(" %s", drivers[k][d]);
        printf("\n");
        CHECK(counts[k][1] > 0 && ndrivers[k] > 0, "no vector or no driver for %s", kinds[k]);
    }
    return t_done();
}
