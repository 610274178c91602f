/* SPDX-License-Identifier: MIT */
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
 * KIND is a mode's short name (the adapter's `mode`, support/adapt.h), or
 * that name plus "pad" for its PKCS#7 padding: the file maps itself to
 * the registry's algorithms, and this program names none.
 *
 * Every vector goes through every available driver of its mode, taken
 * from the registry. "ok": IN maps to OUT (and TAG) and back. "bad": the
 * input is refused: an AEAD open fails and leaves no plaintext behind, a
 * bad PKCS#7 pad or a wrong CMAC tag is rejected, a short XTS unit is
 * refused. Modes that stream (CTR, CBC, XTS, GCM, CMAC) also run in two
 * calls split at a pseudo-random point (rounded to what the mode's
 * updates take).
 *
 * usage: test_kat FILE
 */
#include "adapt.h"
#include "rijn/registry.h"
#include "testutil.h"

/* The kinds met in the file: a mode, padded or not, and its drivers. */
#define MAXKIND 32
static struct kind {
    char name[16];
    const struct rs_alg *a;
    int pad;
    const char *drivers[64];
    size_t ndrivers;
    unsigned long counts[2];
} kinds[MAXKIND];
static size_t nkinds;

static struct kind *kind_of(const char *tok)
{
    for (size_t k = 0; k < nkinds; k++)
        if (strcmp(kinds[k].name, tok) == 0) return &kinds[k];
    if (nkinds == MAXKIND || strlen(tok) >= sizeof kinds[0].name) return NULL;
    struct kind *k = &kinds[nkinds];
    char mode[16];
    size_t n = strlen(tok);
    snprintf(mode, sizeof mode, "%s", tok);
    k->pad = n > 3 && strcmp(tok + n - 3, "pad") == 0;
    if (k->pad) mode[n - 3] = 0;
    for (size_t i = 0; (k->a = rs_get(i)) != NULL; i++)
        if (strcmp(k->a->mode, mode) == 0) break;
    if (!k->a || (k->pad && !k->a->crypt_pad)) return NULL;
    snprintf(k->name, sizeof k->name, "%s", tok);
    /* Every driver this CPU runs, self-tested or not: one whose self-test
     * fails must fail here too (at init), not drop out of the run. */
    for (size_t i = 0; i < rijn_driver_count() && k->ndrivers < 64; i++) {
        rijn_driver_info info;
        if (rijn_driver_get(i, &info) == RIJN_OK && info.available && strcmp(info.algorithm, k->a->alg) == 0)
            k->drivers[k->ndrivers++] = info.driver;
    }
    nkinds++;
    return k;
}

struct vec {
    struct kind *kind;
    int ok;
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
    v->kind = kind_of(tok[0]);
    v->ok = strcmp(tok[1], "ok") == 0;
    if (!v->kind || (!v->ok && strcmp(tok[1], "bad") != 0)) return -1;
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
    const struct rs_alg *a = v->kind->a;
    const uint8_t *key = v->f[KEY], *iv = v->f[IV], *aad = v->f[AAD], *in = v->f[IN], *out = v->f[OUT];
    const uint8_t *tag = v->f[TAG];
    size_t kl = v->n[KEY], len = v->n[IN], ivl = v->n[IV], tl = v->n[TAG], al = v->n[AAD];
    uint8_t t[16];
    const unsigned long l = v->line;
    size_t split = len ? (size_t)(t_rand() % (len + 1)) : 0;
    rs_ctx c;
    rs_stream s;
    int r = a->init(&c, d, key, kl);
    /* Invalid AEAD and MAC cases may have a key the API refuses. */
    if (v->ok || a->shape == RS_CIPHER) CHECK(r == RIJN_OK, "line %lu %s init", l, d);
    if (r != RIJN_OK) return;
    if (v->kind->pad) {
        size_t ol = 0;
        if (v->ok) {
            CHECK(a->crypt_pad(&c, 1, iv, buf, len + 16, &ol, in, len) == RIJN_OK && ol == v->n[OUT] &&
                      EQ(buf, out, ol),
                  "line %lu %s enc", l, d);
            CHECK(a->crypt_pad(&c, 0, iv, buf, v->n[OUT], &ol, out, v->n[OUT]) == RIJN_OK && ol == len &&
                      EQ(buf, in, len),
                  "line %lu %s dec", l, d);
        } else {
            memset(buf, 0xa5, v->n[OUT]);
            CHECK(a->crypt_pad(&c, 0, iv, buf, v->n[OUT], &ol, out, v->n[OUT]) != RIJN_OK && ol == 0 &&
                      clean(buf, v->n[OUT]),
                  "line %lu %s: bad padding accepted", l, d);
        }
        a->clear(&c);
        return;
    }
    switch (a->shape) {
    case RS_CIPHER:
        if (!v->ok) {
            CHECK(a->crypt(&c, 1, iv, buf, in, len) != RIJN_OK, "line %lu %s: invalid input accepted", l, d);
            break;
        }
        CHECK(a->crypt(&c, 1, iv, buf, in, len) == RIJN_OK && EQ(buf, out, len), "line %lu %s enc", l, d);
        CHECK(a->crypt(&c, 0, iv, buf, out, len) == RIJN_OK && EQ(buf, in, len), "line %lu %s dec", l, d);
        if (a->s_start) {
            /* Updates take whole granules; a partial one at the end goes
             * to final with final_min more bytes. */
            size_t tail = len % a->update_granule, keep = tail ? tail + a->final_min : 0;
            split -= split % a->update_granule;
            if (split + keep > len) split = 0;
            CHECK(a->s_start(&s, &c, iv, ivl, 1) == RIJN_OK && a->s_update(&s, buf2, in, split) == RIJN_OK &&
                      a->s_final(&s, buf2 + split, in + split, len - split, NULL, 0) == RIJN_OK &&
                      EQ(buf2, out, len),
                  "line %lu %s split %zu", l, d, split);
        }
        break;
    case RS_AEAD:
        if (v->ok) {
            CHECK(a->seal(&c, iv, ivl, aad, al, in, len, buf, t, tl) == RIJN_OK && EQ(buf, out, len) &&
                      EQ(t, tag, tl),
                  "line %lu %s seal", l, d);
            CHECK(a->open(&c, iv, ivl, aad, al, out, len, tag, tl, buf) == RIJN_OK && EQ(buf, in, len),
                  "line %lu %s open", l, d);
            if (a->s_start) {
                CHECK(a->s_start(&s, &c, iv, ivl, 1) == RIJN_OK && a->s_aad(&s, aad, al) == RIJN_OK &&
                          a->s_update(&s, buf2, in, split) == RIJN_OK &&
                          a->s_final(&s, buf2 + split, in + split, len - split, t, tl) == RIJN_OK &&
                          EQ(buf2, out, len) && EQ(t, tag, tl),
                      "line %lu %s streaming, split %zu", l, d, split);
                rijn_wipe(&s, sizeof s);
            }
        } else {
            size_t cl = v->n[OUT];
            memset(buf, 0xa5, cl);
            CHECK(a->open(&c, iv, ivl, aad, al, out, cl, tag, tl, buf) != RIJN_OK && clean(buf, cl),
                  "line %lu %s: invalid case opened", l, d);
        }
        break;
    case RS_MAC:
        if (v->ok) {
            CHECK(a->mac(&c, in, len, t, tl) == RIJN_OK && EQ(t, tag, tl), "line %lu %s", l, d);
            CHECK(a->verify(&c, in, len, tag, tl) == RIJN_OK, "line %lu %s verify", l, d);
            if (a->s_start)
                CHECK(a->s_start(&s, &c, NULL, 0, 1) == RIJN_OK && a->s_update(&s, NULL, in, split) == RIJN_OK &&
                          a->s_final(&s, NULL, in + split, len - split, t, tl) == RIJN_OK && EQ(t, tag, tl),
                      "line %lu %s streaming, split %zu", l, d, split);
        } else {
            CHECK(a->verify(&c, in, len, tag, tl) != RIJN_OK, "line %lu %s: wrong tag verified", l, d);
        }
        break;
    }
    a->clear(&c);
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
        for (size_t d = 0; d < v.kind->ndrivers; d++) run(&v, v.kind->drivers[d], buf, buf2);
        v.kind->counts[v.ok]++;
        free(buf);
        free(buf2);
        for (int i = 0; i < 6; i++) free(v.f[i]);
    }
    free(text);
    fclose(f);
    for (size_t k = 0; k < nkinds; k++) {
        const struct kind *kd = &kinds[k];
        printf("%-7s %6lu valid %5lu invalid vectors x %zu drivers:", kd->name, kd->counts[1], kd->counts[0],
               kd->ndrivers);
        for (size_t d = 0; d < kd->ndrivers; d++) printf(" %s", kd->drivers[d]);
        printf("\n");
        CHECK(kd->counts[1] > 0 && kd->ndrivers > 0, "no vector or no driver for %s", kd->name);
    }
    /* Every mode the registry has, and its padding, had vectors. */
    char missing[256];
    CHECK(rs_check_registry(missing, sizeof missing) == 0, "no adapter (support/adapt.c) for %s", missing);
    for (size_t i = 0; rs_get(i); i++) {
        const struct rs_alg *a = rs_get(i);
        const int npad = a->crypt_pad ? 2 : 1; /* the mode, then its padding */
        for (int pad = 0; pad < npad; pad++) {
            char name[16];
            size_t k = 0;
            snprintf(name, sizeof name, "%s%s", a->mode, pad ? "pad" : "");
            while (k < nkinds && strcmp(kinds[k].name, name) != 0) k++;
            CHECK(k < nkinds, "%s: no vectors of kind %s in %s", a->alg, name, argv[1]);
        }
    }
    return t_done();
}
