/*
 * rijn: command-line front end.
 *
 *   rijn list [--json]
 *   rijn enc --alg ALG [--driver DRV] --key HEX [--iv HEX] [--aad HEX] [--tag-len N] [--pad pkcs7] < in > out
 *   rijn dec  (same options)
 *   rijn mac --alg cmac(aes) [--driver DRV] --key HEX [--tag-len N] < in > tag
 *   rijn speed ...            (see cli/speed.c)
 *
 * Exit codes: 0 success; 1 authentication or padding failure (nothing on
 * stdout); 2 invalid arguments or input (one line on stderr, nothing on
 * stdout). Output is produced in memory and written only on success.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rijn/rijn.h"

__attribute__((noreturn)) static void die(const char *fmt, const char *arg)
{
    fprintf(stderr, "rijn: ");
    fprintf(stderr, fmt, arg);
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

static void need_iv(const struct opts *o, size_t want)
{
    if (!o->have_iv) die("%s: missing --iv", o->alg);
    if (want && o->iv_len != want) {
        fprintf(stderr, "rijn: %s: --iv must be %zu bytes (got %zu)\n", o->alg, want, o->iv_len);
        exit(2);
    }
}

static void no_extras(const struct opts *o, int iv_ok, int aad_ok, int tag_ok)
{
    if (!iv_ok && o->have_iv) die("%s: takes no --iv", o->alg);
    if (!aad_ok && o->aad) die("%s: takes no --aad", o->alg);
    if (!tag_ok && o->tag_len >= 0) die("%s: takes no --tag-len", o->alg);
    if (o->pad && strcmp(o->alg, "cbc(aes)") != 0) die("%s: --pad is only for cbc(aes)", o->alg);
}

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

    if (strcmp(o.alg, "ecb(aes)") == 0) {
        rijn_ecb_ctx c;
        no_extras(&o, 0, 0, 0);
        if ((r = rijn_ecb_init(&c, o.driver, o.key, o.key_len))) die_err(what, r);
        r = enc ? rijn_ecb_encrypt(&c, out, in, len) : rijn_ecb_decrypt(&c, out, in, len);
        rijn_ecb_clear(&c);
    } else if (strcmp(o.alg, "cbc(aes)") == 0) {
        rijn_cbc_ctx c;
        no_extras(&o, 1, 0, 0);
        if ((r = rijn_cbc_init(&c, o.driver, o.key, o.key_len))) die_err(what, r);
        need_iv(&o, 16);
        if (o.pad)
            r = enc ? rijn_cbc_encrypt_pad(&c, o.iv, out, len + 32, &out_len, in, len)
                    : rijn_cbc_decrypt_pad(&c, o.iv, out, len + 32, &out_len, in, len);
        else
            r = enc ? rijn_cbc_encrypt(&c, o.iv, out, in, len) : rijn_cbc_decrypt(&c, o.iv, out, in, len);
        rijn_cbc_clear(&c);
    } else if (strcmp(o.alg, "ctr(aes)") == 0) {
        rijn_ctr_ctx c;
        no_extras(&o, 1, 0, 0);
        need_iv(&o, 16);
        if ((r = rijn_ctr_init(&c, o.driver, o.key, o.key_len, o.iv))) die_err(what, r);
        r = rijn_ctr_xor(&c, out, in, len);
        rijn_ctr_clear(&c);
    } else if (strcmp(o.alg, "xts(aes)") == 0) {
        rijn_xts_ctx c;
        no_extras(&o, 1, 0, 0);
        if ((r = rijn_xts_init(&c, o.driver, o.key, o.key_len))) die_err(what, r);
        need_iv(&o, 16);
        r = enc ? rijn_xts_encrypt(&c, o.iv, out, in, len) : rijn_xts_decrypt(&c, o.iv, out, in, len);
        rijn_xts_clear(&c);
    } else if (strcmp(o.alg, "gcm(aes)") == 0 || strcmp(o.alg, "ccm(aes)") == 0) {
        int gcm = strcmp(o.alg, "gcm(aes)") == 0;
        size_t t = o.tag_len < 0 ? 16 : (size_t)o.tag_len;
        no_extras(&o, 1, 1, 1);
        rijn_gcm_key g;
        rijn_ccm_key m;
        r = gcm ? rijn_gcm_init(&g, o.driver, o.key, o.key_len) : rijn_ccm_init(&m, o.driver, o.key, o.key_len);
        if (r) die_err(what, r);
        need_iv(&o, 0);
        if (enc) {
            r = gcm ? rijn_gcm_seal(&g, o.iv, o.iv_len, o.aad, o.aad_len, in, len, out, out + len, t)
                    : rijn_ccm_seal(&m, o.iv, o.iv_len, o.aad, o.aad_len, in, len, out, out + len, t);
            out_len = len + t;
        } else {
            if (len < t) die("dec: input shorter than the %s-byte tag", t == 16 ? "16" : "given");
            out_len = len - t;
            r = gcm ? rijn_gcm_open(&g, o.iv, o.iv_len, o.aad, o.aad_len, in, out_len, in + out_len, t, out)
                    : rijn_ccm_open(&m, o.iv, o.iv_len, o.aad, o.aad_len, in, out_len, in + out_len, t, out);
        }
        if (gcm) rijn_gcm_clear(&g);
        else rijn_ccm_clear(&m);
    } else if (strcmp(o.alg, "cmac(aes)") == 0) {
        die("%s", "cmac(aes) is a MAC: use 'rijn mac'");
    } else {
        die("unknown algorithm %s (see 'rijn list')", o.alg);
    }
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
    if (strcmp(o.alg, "cmac(aes)") != 0) die("mac: unknown MAC %s (only cmac(aes))", o.alg);
    no_extras(&o, 0, 0, 1);
    size_t len, t = o.tag_len < 0 ? 16 : (size_t)o.tag_len;
    uint8_t *in = read_all(&len), tag[16];
    rijn_cmac_key k;
    int r = rijn_cmac_init(&k, o.driver, o.key, o.key_len);
    if (r) die_err("mac", r);
    if (t > 16) die_err("mac", RIJN_ERR_TAG_LEN);
    r = rijn_cmac(&k, in, len, tag, t);
    rijn_cmac_clear(&k);
    if (r) die_err("mac", r);
    write_all(tag, t);
    free(in);
    return 0;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage:\n"
            "  rijn list [--json]\n"
            "  rijn enc --alg ALG [--driver DRV] --key HEX [--iv HEX] [--aad HEX] [--tag-len N] [--pad pkcs7] < in > out\n"
            "  rijn dec (same options) < in > out\n"
            "  rijn mac --alg cmac(aes) [--driver DRV] --key HEX [--tag-len N] < in > tag\n"
            "  rijn speed [--alg ALG]... [--driver DRV] [--sizes 16,64,...] [--key-bits 128|192|256]\n"
            "             [--seconds S] [--stat median|best] [--json] [--vs openssl]\n"
            "ALG: ecb(aes) cbc(aes) ctr(aes) xts(aes) gcm(aes) ccm(aes) cmac(aes)\n"
            "RIJN_CPU=-feature,... masks CPU features (features: %s)\n",
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
