/* SPDX-License-Identifier: MIT */
/*
 * rijn: command-line front end.
 *
 *   rijn list [--json]
 *   rijn enc --alg ALG [--driver DRV] --key HEX [--iv HEX] [--aad HEX] [--tag-len N] [--pad pkcs7] < in > out
 *   rijn dec  (same options)
 *   rijn mac --alg MAC [--driver DRV] --key HEX [--tag-len N] < in > tag
 *   rijn speed ...            (see cli/speed.c)
 *
 * Exit codes: 0 success; 1 authentication or padding failure (nothing on
 * stdout); 2 invalid arguments or input (one line on stderr, nothing on
 * stdout). Output is produced in memory and written only on success.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rijn/rijn.h"

__attribute__((noreturn, format(printf, 1, 2))) static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "rijn: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

__attribute__((noreturn)) static void die_err(const char *what, int err)
{
    if (err == RIJN_ERR_AUTH || err == RIJN_ERR_PADDING) {
        fprintf(stderr, "rijn: %s: %s\n", what, rijn_strerror(err));
        exit(1);
    }
    fprintf(stderr, "rijn: %s: %s\n", what, rijn_strerror(err));
    exit(2);
}

static uint8_t *parse_hex(const char *s, size_t *len, const char *opt)
{
    size_t n = strlen(s);
    if (n % 2) die("%s: odd number of hex digits", opt);
    uint8_t *p = malloc(n / 2 + 1);
    if (!p) die("%s: out of memory", opt);
    for (size_t i = 0; i < n / 2; i++) {
        int v = 0;
        for (int j = 0; j < 2; j++) {
            char c = s[2 * i + j];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) die("%s: not a hex string", opt);
            v = v * 16 + d;
        }
        p[i] = (uint8_t)v;
    }
    *len = n / 2;
    return p;
}

static uint8_t *read_all(size_t *len)
{
    size_t cap = 1 << 16, n = 0;
    uint8_t *p = malloc(cap);
    if (!p) die("%s", "out of memory");
    for (;;) {
        if (n == cap) {
            cap *= 2;
            uint8_t *q = realloc(p, cap);
            if (!q) die("%s", "input too large: out of memory");
            p = q;
        }
        size_t r = fread(p + n, 1, cap - n, stdin);
        n += r;
        if (r == 0) break;
    }
    if (ferror(stdin)) die("reading stdin: %s", strerror(errno));
    *len = n;
    return p;
}

static void write_all(const uint8_t *p, size_t n)
{
    if (n && fwrite(p, 1, n, stdout) != n) die("writing stdout: %s", strerror(errno));
    if (fflush(stdout)) die("writing stdout: %s", strerror(errno));
}

/* ------------------------------------------------------------- list -- */

static const char *st_name(int st)
{
    switch (st) {
    case RIJN_SELFTEST_PASS: return "pass";
    case RIJN_SELFTEST_FAIL: return "FAIL";
    case RIJN_SELFTEST_UNAVAILABLE: return "unavailable";
    default: return "not-run";
    }
}

static int cmd_list(int argc, char **argv)
{
    int json = 0;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0)
            json = 1;
        else
            die("list: unknown option %s", argv[i]);
    }
    size_t n = rijn_driver_count();
    /* Self-test every available driver, so the status column means
     * something. */
    for (size_t i = 0; i < n; i++) rijn_driver_selftest(i);
    if (json) printf("[\n");
    else {
        printf("# cpu: %s\n", *rijn_cpu_features() ? rijn_cpu_features() : "(none)");
        printf("%-10s %-48s %4s %3s %5s %3s %-8s %s\n", "algorithm", "driver", "prio", "ct", "avail", "sel",
               "selftest", "needs");
    }
    for (size_t i = 0; i < n; i++) {
        rijn_driver_info d;
        rijn_driver_get(i, &d);
        if (json)
            printf("  {\"algorithm\": \"%s\", \"driver\": \"%s\", \"priority\": %d, \"constant_time\": %s, "
                   "\"available\": %s, \"selected\": %s, \"selftest\": \"%s\", \"template\": %s, "
                   "\"cpu_features\": \"%s\"}%s\n",
                   d.algorithm, d.driver, d.priority, d.constant_time ? "true" : "false",
                   d.available ? "true" : "false", d.selected ? "true" : "false", st_name(d.selftest),
                   d.is_template ? "true" : "false", d.cpu_features, i + 1 < n ? "," : "");
        else
            printf("%-10s %-48s %4d %3s %5s %3s %-8s %s\n", d.algorithm, d.driver, d.priority,
                   d.constant_time ? "yes" : "no", d.available ? "yes" : "no", d.selected ? "yes" : "no",
                   st_name(d.selftest), *d.cpu_features ? d.cpu_features : "-");
    }
    if (json) printf("]\n");
    return 0;
}

/* ------------------------------------------------------- algorithms -- */

/* An algorithm once in the list, however many drivers it has. */
static int listed(const struct rs_alg *const *algs, size_t n, const struct rs_alg *a)
{
    for (size_t i = 0; i < n; i++)
        if (algs[i] == a) return 1;
    return 0;
}

size_t cli_algs(const struct rs_alg **algs, size_t cap)
{
    size_t n = 0;
    /* Pass 0: template instances only, whose order is drivers.def's order
     * of the modes; pass 1: algorithms that only dedicated drivers
     * implement (none today). */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < rijn_driver_count() && n < cap; i++) {
            rijn_driver_info d;
            if (rijn_driver_get(i, &d) || (pass == 0 && !d.is_template)) continue;
            const struct rs_alg *a = rs_find(d.algorithm);
            if (a && !listed(algs, n, a)) algs[n++] = a;
        }
    return n;
}

enum { MAX_ALGS = 64 };

/* The names of the algorithms that `keep` accepts (NULL: all), joined by
 * sep, into buf. */
static const char *alg_names(char *buf, size_t cap, int (*keep)(const struct rs_alg *), const char *sep)
{
    const struct rs_alg *algs[MAX_ALGS];
    size_t n = cli_algs(algs, MAX_ALGS), used = 0;
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        if (keep && !keep(algs[i])) continue;
        int w = snprintf(buf + used, cap - used, "%s%s", used ? sep : "", algs[i]->alg);
        if (w < 0 || (size_t)w >= cap - used) break;
        used += (size_t)w;
    }
    return buf;
}

static int is_mac(const struct rs_alg *a) { return a->shape == RS_MAC; }
static int has_pad(const struct rs_alg *a) { return a->crypt_pad != NULL; }

/* --------------------------------------------------------- enc/dec/mac -- */

struct opts {
    const char *alg, *driver;
    uint8_t *key, *iv, *aad;
    size_t key_len, iv_len, aad_len;
    int have_iv, tag_len, pad;
};

static void parse_opts(int argc, char **argv, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->tag_len = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc) die("option %s needs a value", a);
        const char *v = argv[++i];
        if (strcmp(a, "--alg") == 0) o->alg = v;
        else if (strcmp(a, "--driver") == 0) o->driver = v;
        else if (strcmp(a, "--key") == 0) o->key = parse_hex(v, &o->key_len, "--key");
        else if (strcmp(a, "--iv") == 0) { o->iv = parse_hex(v, &o->iv_len, "--iv"); o->have_iv = 1; }
        else if (strcmp(a, "--aad") == 0) o->aad = parse_hex(v, &o->aad_len, "--aad");
        else if (strcmp(a, "--tag-len") == 0) {
            char *end;
            long t = strtol(v, &end, 10);
            if (*end || t < 0 || t > 64) die("--tag-len: not a valid length: %s", v);
            o->tag_len = (int)t;
        } else if (strcmp(a, "--pad") == 0) {
            if (strcmp(v, "pkcs7") != 0 && strcmp(v, "none") != 0) die("--pad: unknown padding %s (pkcs7|none)", v);
            o->pad = strcmp(v, "pkcs7") == 0;
        } else die("unknown option %s", a);
    }
    if (!o->alg) die("%s", "missing --alg");
    if (!o->key) die("%s", "missing --key");
}

/* want: the IV length the algorithm takes, or 0 for any (AEAD nonces:
 * the API checks their length). */
static void need_iv(const struct opts *o, size_t want)
{
    if (!o->have_iv) die("%s: missing --iv", o->alg);
    if (want && o->iv_len != want) die("%s: --iv must be %zu bytes (got %zu)", o->alg, want, o->iv_len);
}

static void no_extras(const struct opts *o, const struct rs_alg *a, int iv_ok, int aad_ok, int tag_ok)
{
    if (!iv_ok && o->have_iv) die("%s: takes no --iv", o->alg);
    if (!aad_ok && o->aad) die("%s: takes no --aad", o->alg);
    if (!tag_ok && o->tag_len >= 0) die("%s: takes no --tag-len", o->alg);
    if (o->pad && !a->crypt_pad) {
        char names[512];
        die("%s: --pad is only for %s", o->alg, alg_names(names, sizeof names, has_pad, ", "));
    }
}

/* The tag length: --tag-len, else the algorithm's longest. */
static size_t tag_len(const struct opts *o, const struct rs_alg *a)
{
    return o->tag_len < 0 ? a->tags[0] : (size_t)o->tag_len;
}

/*
 * What an algorithm takes follows from its adapter: RS_CIPHER an IV when
 * iv_len is not 0 (of exactly that length) and --pad where it has
 * crypt_pad; RS_AEAD a nonce (the API checks its length), --aad and
 * --tag-len (default: its longest tag). The key is set up (and the driver
 * resolved) before --iv is checked.
 */
static int cmd_crypt(int argc, char **argv, int enc)
{
    struct opts o;
    parse_opts(argc, argv, &o);
    const char *what = enc ? "enc" : "dec";
    size_t len;
    uint8_t *in = read_all(&len);
    uint8_t *out = malloc(len + 32);
    if (!out) die("%s", "out of memory");
    size_t out_len = len;
    int r;

    const struct rs_alg *a = rs_find(o.alg);
    if (!a) die("unknown algorithm %s (see 'rijn list')", o.alg);
    if (a->shape == RS_MAC) die("%s is a MAC: use 'rijn mac'", o.alg);
    int aead = a->shape == RS_AEAD;
    no_extras(&o, a, aead || a->iv_len, aead, aead);
    rs_ctx c;
    if ((r = a->init(&c, o.driver, o.key, o.key_len))) die_err(what, r);
    if (aead || a->iv_len) need_iv(&o, aead ? 0 : a->iv_len);
    if (!aead) {
        r = o.pad ? a->crypt_pad(&c, enc, o.iv, out, len + 32, &out_len, in, len)
                  : a->crypt(&c, enc, o.iv, out, in, len);
    } else {
        size_t t = tag_len(&o, a);
        if (enc) {
            r = a->seal(&c, o.iv, o.iv_len, o.aad, o.aad_len, in, len, out, out + len, t);
            out_len = len + t;
        } else {
            if (len < t) {
                char n[24];
                snprintf(n, sizeof n, "%zu", t);
                die("dec: input shorter than the %s-byte tag", t == a->tags[0] ? n : "given");
            }
            out_len = len - t;
            r = a->open(&c, o.iv, o.iv_len, o.aad, o.aad_len, in, out_len, in + out_len, t, out);
        }
    }
    a->clear(&c);
    if (r) die_err(what, r);
    write_all(out, out_len);
    rijn_wipe(out, len + 32);
    free(out);
    free(in);
    return 0;
}

static int cmd_mac(int argc, char **argv)
{
    struct opts o;
    parse_opts(argc, argv, &o);
    const struct rs_alg *a = rs_find(o.alg);
    if (!a || a->shape != RS_MAC) {
        char names[512];
        die("mac: unknown MAC %s (only %s)", o.alg, alg_names(names, sizeof names, is_mac, ", "));
    }
    no_extras(&o, a, 0, 0, 1);
    size_t len, t = tag_len(&o, a);
    uint8_t *in = read_all(&len), tag[256];
    rs_ctx k;
    int r = a->init(&k, o.driver, o.key, o.key_len);
    if (r) die_err("mac", r);
    if (t > a->tags[0]) die_err("mac", RIJN_ERR_TAG_LEN);
    r = a->mac(&k, in, len, tag, t);
    a->clear(&k);
    if (r) die_err("mac", r);
    write_all(tag, t);
    free(in);
    return 0;
}

static void usage(FILE *f)
{
    char macs[512], algs[1024];
    fprintf(f,
            "usage:\n"
            "  rijn list [--json]\n"
            "  rijn enc --alg ALG [--driver DRV] --key HEX [--iv HEX] [--aad HEX] [--tag-len N] [--pad pkcs7] < in > out\n"
            "  rijn dec (same options) < in > out\n"
            "  rijn mac --alg %s [--driver DRV] --key HEX [--tag-len N] < in > tag\n"
            "  rijn speed [--alg ALG]... [--driver DRV] [--sizes 16,64,...] [--key-bits 128|192|256]\n"
            "             [--seconds S] [--stat median|best] [--json] [--vs openssl]\n"
            "ALG: %s\n"
            "RIJN_CPU=-feature,... masks CPU features (features: %s)\n",
            alg_names(macs, sizeof macs, is_mac, "|"), alg_names(algs, sizeof algs, NULL, " "),
            rijn_cpu_feature_names());
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "list") == 0) return cmd_list(argc - 2, argv + 2);
    if (strcmp(cmd, "enc") == 0) return cmd_crypt(argc - 2, argv + 2, 1);
    if (strcmp(cmd, "dec") == 0) return cmd_crypt(argc - 2, argv + 2, 0);
    if (strcmp(cmd, "mac") == 0) return cmd_mac(argc - 2, argv + 2);
    if (strcmp(cmd, "speed") == 0) return cmd_speed(argc - 2, argv + 2);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("rijn %s\n", rijn_version());
        return 0;
    }
    fprintf(stderr, "rijn: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
