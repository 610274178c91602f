/* SPDX-License-Identifier: MIT */
/*
 * rijn enc, dec, mac: stdin to stdout through an algorithm's adapter
 * (support/adapt.h), which says its shape, IV, key parts and streaming
 * rules; no mode is named here.
 *
 * Every argument is checked before the first byte of input is read: the
 * algorithm, the key's length, the driver (key setup), the IV or nonce and
 * the tag length (an empty AEAD message is sealed as a probe, so the API
 * itself says what it accepts).
 *
 * Then, in constant memory:
 *   - ciphers that stream (ECB, CBC, CTR) run through s_start/s_update/
 *     s_final over a buffer of BUF bytes, keeping back what the last call
 *     needs (final_min; the last block for PKCS#7 removal);
 *   - a cipher with data units (XTS): with --data-unit N, each N bytes is a
 *     unit whose tweak is --iv plus its index, a 128-bit little-endian
 *     integer (dm-crypt's plain64 is this with a 64-bit sector number);
 *     without it the whole input is one unit, at most unit_max bytes
 *     (2^20 blocks), held in memory;
 *   - MACs stream and write the tag at the end.
 * AEADs (GCM, CCM) stay one-shot: their tag covers the whole message and
 * no plaintext may be released before it is checked, so the input is held
 * in memory, at most AEAD_MAX bytes (`rijn seal` streams files).
 *
 * When the input is shorter than the buffer, an error at its end (length,
 * padding) leaves stdout empty; after that, output already written must be
 * discarded: the exit code says so.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rijn/rijn.h"

/* 64 KiB, a multiple of every block and granule: a pipe's capacity, and
 * small enough to stay in L2 between read(2), AES and write(2). Larger
 * buffers measured slower here (1 GiB through CTR from tmpfs: 0.6 s with
 * 64 KiB, 1.0-2.4 s with 128 KiB to 1 MiB, mostly in the kernel's copies). */
enum { BUF = 1 << 16 };
/* The one-shot AEAD limit (documented in --help, README and rijn(1)). */
#define AEAD_MAX ((size_t)256 << 20)

struct opts {
    const char *alg, *driver;
    struct cli_key key;
    uint8_t *iv, *aad;
    size_t iv_len, aad_len;
    int have_iv, have_aad, tag_len, pad;
    size_t data_unit;
};

static const struct option crypt_opts[] = {
    { "alg", required_argument, NULL, OPT_ALG },
    { "driver", required_argument, NULL, OPT_DRIVER },
    CLI_KEY_OPTIONS,
    { "iv", required_argument, NULL, OPT_IV },
    { "aad", required_argument, NULL, OPT_AAD },
    { "tag-len", required_argument, NULL, OPT_TAG_LEN },
    { "pad", required_argument, NULL, OPT_PAD },
    { "data-unit", required_argument, NULL, OPT_DATA_UNIT },
    CLI_HELP_OPTION,
    { NULL, 0, NULL, 0 },
};

static const struct option mac_opts[] = {
    { "alg", required_argument, NULL, OPT_ALG },
    { "driver", required_argument, NULL, OPT_DRIVER },
    CLI_KEY_OPTIONS,
    { "tag-len", required_argument, NULL, OPT_TAG_LEN },
    CLI_HELP_OPTION,
    { NULL, 0, NULL, 0 },
};

static void parse(int argc, char **argv, const struct option *table, struct opts *o)
{
    memset(o, 0, sizeof *o);
    o->tag_len = -1;
    int c;
    while ((c = cli_getopt(argc, argv, table)) != -1) {
        switch (c) {
        case OPT_ALG: o->alg = optarg; break;
        case OPT_DRIVER: o->driver = optarg; break;
        case OPT_KEY: case OPT_KEY_FILE: case OPT_KEY_FD: case OPT_KEY_ENV:
            cli_key_option(&o->key, c, optarg);
            break;
        case OPT_IV: o->iv = cli_hex("--iv", optarg, &o->iv_len); o->have_iv = 1; break;
        case OPT_AAD: o->aad = cli_hex("--aad", optarg, &o->aad_len); o->have_aad = 1; break;
        case OPT_TAG_LEN: o->tag_len = (int)cli_number("--tag-len", optarg, 0, 255); break;
        case OPT_PAD:
            if (strcmp(optarg, "pkcs7") != 0 && strcmp(optarg, "none") != 0)
                die("--pad must be pkcs7 or none (got '%s')", optarg);
            o->pad = strcmp(optarg, "pkcs7") == 0;
            break;
        case OPT_DATA_UNIT: o->data_unit = (size_t)cli_number("--data-unit", optarg, 1, SIZE_MAX); break;
        default: die("internal error: option %d", c);
        }
    }
    if (optind < argc) die("unexpected argument '%s' (input is stdin, output stdout)", argv[optind]);
    if (!o->alg) die("%s", "missing --alg (see 'rijn list')");
}

static int is_mac(const struct rs_alg *a) { return a->shape == RS_MAC; }
static int has_pad(const struct rs_alg *a) { return a->crypt_pad != NULL; }
static int has_units(const struct rs_alg *a) { return a->unit_max != 0; }

static void no_extras(const struct opts *o, const struct rs_alg *a, int iv_ok, int aad_ok, int tag_ok)
{
    char names[512];
    if (!iv_ok && o->have_iv) die("%s takes no --iv", o->alg);
    if (!aad_ok && o->have_aad) die("%s takes no --aad", o->alg);
    if (!tag_ok && o->tag_len >= 0) die("%s takes no --tag-len", o->alg);
    if (o->pad && !a->crypt_pad)
        die("%s: --pad is only for %s", o->alg, cli_alg_names(names, sizeof names, has_pad, ", "));
    if (o->data_unit && !a->unit_max)
        die("%s: --data-unit is only for %s", o->alg, cli_alg_names(names, sizeof names, has_units, ", "));
}

/* The key (length first, with what is expected), then key setup, which
 * resolves the driver. */
static void setup_key(const struct opts *o, const struct rs_alg *a, rs_ctx *c)
{
    size_t lens[3];
    for (size_t i = 0; i < 3; i++) lens[i] = rs_key_len(a, i);
    cli_key_check(&o->key, lens, 3);
    int r = a->init(c, o->driver, o->key.bytes, o->key.len);
    if (r == RIJN_ERR_NO_DRIVER && o->driver)
        die("%s: no driver '%s' on this machine (see 'rijn list')", o->alg, o->driver);
    if (r) die_err(o->alg, r);
}

static size_t tag_len(const struct opts *o, const struct rs_alg *a)
{
    return o->tag_len < 0 ? a->tags[0] : (size_t)o->tag_len;
}

/* The accepted tag lengths, as "16, 15, ... or 4". */
static const char *tag_list(char *buf, size_t cap, const struct rs_alg *a)
{
    size_t used = 0, n = rs_ntags(a);
    buf[0] = 0;
    for (size_t i = 0; i < n; i++) {
        int w = snprintf(buf + used, cap - used, "%s%u", i == 0 ? "" : i + 1 == n ? " or " : ", ", a->tags[i]);
        if (w < 0 || (size_t)w >= cap - used) break;
        used += (size_t)w;
    }
    return buf;
}

static void check_tag_len(const struct opts *o, const struct rs_alg *a)
{
    size_t t = tag_len(o, a);
    for (size_t i = 0; a->tags[i]; i++)
        if (a->tags[i] == t) return;
    char list[128];
    die("%s: --tag-len must be %s (got %zu)", o->alg, tag_list(list, sizeof list, a), t);
}

/* An AEAD's nonce: seal an empty message as the API's own check; when it
 * refuses the length, say which lengths it takes (probed the same way). */
static void check_nonce(const struct opts *o, const struct rs_alg *a, const rs_ctx *c)
{
    if (!o->have_iv) die("%s: missing --iv (the nonce)", o->alg);
    uint8_t tag[16], probe_iv[256] = { 0 };
    size_t t = tag_len(o, a);
    int r = a->seal(c, o->iv, o->iv_len, o->aad, 0, NULL, 0, NULL, tag, t);
    if (r == RIJN_OK) return;
    if (r != RIJN_ERR_IV_LEN) die_err(o->alg, r);
    size_t lo = 0, hi = 0;
    for (size_t n = 1; n < sizeof probe_iv; n++)
        if (a->seal(c, probe_iv, n, NULL, 0, NULL, 0, NULL, tag, t) == RIJN_OK) {
            if (!lo) lo = n;
            hi = n;
        }
    if (hi == sizeof probe_iv - 1) die("%s: --iv must be at least %zu byte%s (got %zu)", o->alg, lo, lo == 1 ? "" : "s", o->iv_len);
    die("%s: --iv must be %zu to %zu bytes (got %zu)", o->alg, lo, hi, o->iv_len);
}

__attribute__((noreturn)) static void too_long(size_t max, const char *alg, const char *why)
{
    size_t mib = max >> 20, rest = max & ((1u << 20) - 1);
    if (rest) die("%s: input over %zu MiB + %zu bytes: %s", alg, mib, rest, why);
    die("%s: input over %zu MiB: %s", alg, mib, why);
}

/* All of stdin, at most max bytes (exit 2 naming `why` beyond). The
 * buffer is reserved whole but the kernel gives it pages only as input
 * fills them, so memory follows the input's length. */
static uint8_t *read_all(size_t max, size_t *len, const char *alg, const char *why)
{
    uint8_t *p = cli_secret_alloc(max + 1 + 64);
    size_t n = cli_read(STDIN_FILENO, p, max + 1);
    cli_secret_used(p, n + 64);
    if (n > max) too_long(max, alg, why);
    *len = n;
    return p;
}

static void crypt_aead(const struct opts *o, const struct rs_alg *a, rs_ctx *c, int enc)
{
    size_t t = tag_len(o, a), len;
    char why[160];
    snprintf(why, sizeof why, "one-shot: the tag covers the whole message, so it is held in memory; %s",
             "use 'rijn seal' for large files");
    uint8_t *buf = read_all(AEAD_MAX + (enc ? 0 : t), &len, o->alg, why);
    int r;
    if (enc) {
        r = a->seal(c, o->iv, o->iv_len, o->aad, o->aad_len, buf, len, buf, buf + len, t);
        if (r) die_err(o->alg, r);
        cli_write(buf, len + t);
        return;
    }
    if (len < t) die("input is %zu bytes, shorter than the %zu-byte tag", len, t);
    len -= t;
    r = a->open(c, o->iv, o->iv_len, o->aad, o->aad_len, buf, len, buf + len, t, buf);
    if (r) die_err(o->alg, r);
    cli_write(buf, len);
}

/* tweak = iv + i, 128-bit little-endian (IEEE 1619-2007 §5.1). */
static void unit_tweak(uint8_t tw[16], const uint8_t iv[16], uint64_t i)
{
    unsigned carry = 0;
    for (int j = 0; j < 16; j++) {
        unsigned s = iv[j] + (unsigned)(j < 8 ? (i >> (8 * j)) & 0xff : 0) + carry;
        tw[j] = (uint8_t)s;
        carry = s >> 8;
    }
}

static void crypt_units(const struct opts *o, const struct rs_alg *a, rs_ctx *c, int enc)
{
    size_t u = o->data_unit;
    if (u < a->min_len || u > a->unit_max)
        die("--data-unit must be %zu to %zu bytes (got %zu)", a->min_len, a->unit_max, u);
    size_t per = u >= BUF ? 1 : BUF / u, cap = per * u;
    uint8_t *buf = cli_secret_alloc(cap), tw[16];
    uint64_t idx = 0;
    for (;;) {
        size_t n = cli_read(STDIN_FILENO, buf, cap);
        for (size_t off = 0; off < n; off += u, idx++) {
            size_t m = n - off < u ? n - off : u;
            if (m < a->min_len)
                die("the last data unit is %zu bytes; a data unit is at least %zu bytes", m, a->min_len);
            unit_tweak(tw, o->iv, idx);
            int r = a->crypt(c, enc, tw, buf + off, buf + off, m);
            if (r) die_err(o->alg, r);
        }
        cli_write(buf, n);
        if (n < cap) break;
    }
}

/* A stream through s_start/s_update/s_final (s_final_pad with --pad). */
static void crypt_stream(const struct opts *o, const struct rs_alg *a, rs_ctx *c, int enc)
{
    rs_stream *s = cli_secret_alloc(sizeof *s);
    /* Kept back for the last call: final_min, and the last block when
     * decryption removes padding; whole granules. */
    size_t keep = a->final_min;
    if (o->pad && !enc && keep < a->block) keep = a->block;
    keep += (a->update_granule - keep % a->update_granule) % a->update_granule;
    uint8_t *buf = cli_secret_alloc(BUF + 2 * 16);
    int r = a->s_start(s, c, o->iv, o->iv_len, enc);
    if (r) die_err(o->alg, r);
    size_t have = 0;
    unsigned long long total = 0;
    for (;;) {
        size_t n = cli_read(STDIN_FILENO, buf + have, BUF - have);
        total += n;
        have += n;
        if (have < BUF) break;
        /* Full: more may follow. */
        if ((r = a->s_update(s, buf, buf, BUF - keep))) die_err(o->alg, r);
        cli_write(buf, BUF - keep);
        memmove(buf, buf + BUF - keep, keep);
        have = keep;
    }
    if (total < a->min_len) die("input must be at least %zu bytes (got %llu)", a->min_len, total);
    size_t out = have;
    if (o->pad) {
        r = a->s_final_pad(s, buf, BUF + 2 * 16, &out, buf, have);
    } else {
        if (total % a->block)
            die("input length must be a multiple of %zu bytes (got %llu)%s", a->block, total,
                a->crypt_pad ? "; --pad pkcs7 pads it" : "");
        r = a->s_final(s, buf, buf, have, NULL, 0);
    }
    if (r == RIJN_ERR_LENGTH && o->pad && !enc)
        die("input length must be a non-zero multiple of %zu bytes (got %llu)", a->block, total);
    if (r) die_err(o->alg, r);
    cli_write(buf, out);
}

/* XTS without --data-unit: the input is one data unit, held whole. */
static void crypt_one_unit(const struct opts *o, const struct rs_alg *a, rs_ctx *c, int enc)
{
    char why[160];
    snprintf(why, sizeof why,
             "without --data-unit the input is one data unit, at most 2^20 blocks (IEEE 1619); "
             "give --data-unit N for longer data");
    size_t len;
    uint8_t *buf = read_all(a->unit_max, &len, o->alg, why);
    if (len < a->min_len) die("input must be at least %zu bytes (got %zu)", a->min_len, len);
    int r = a->crypt(c, enc, o->iv, buf, buf, len);
    if (r) die_err(o->alg, r);
    cli_write(buf, len);
}

int cmd_crypt(int argc, char **argv, int enc)
{
    struct opts o;
    parse(argc, argv, crypt_opts, &o);
    const struct rs_alg *a = rs_find(o.alg);
    if (!a) die("unknown algorithm '%s' (see 'rijn list')", o.alg);
    if (a->shape == RS_MAC) die("%s is a MAC: use 'rijn mac'", o.alg);
    int aead = a->shape == RS_AEAD;
    no_extras(&o, a, aead || a->iv_len, aead, aead);
    rs_ctx *c = cli_secret_alloc(sizeof *c);
    setup_key(&o, a, c);
    if (aead) {
        check_tag_len(&o, a);
        check_nonce(&o, a, c);
        crypt_aead(&o, a, c, enc);
    } else {
        if (a->iv_len && !o.have_iv) die("%s: missing --iv (%zu bytes)", o.alg, a->iv_len);
        if (a->iv_len && o.iv_len != a->iv_len)
            die("%s: --iv must be %zu bytes (got %zu)", o.alg, a->iv_len, o.iv_len);
        if (o.data_unit)
            crypt_units(&o, a, c, enc);
        else if (a->unit_max)
            crypt_one_unit(&o, a, c, enc);
        else if (a->s_start)
            crypt_stream(&o, a, c, enc);
        else {
            /* No stream calls: one-shot, in memory, with the AEAD limit. */
            size_t len, out = 0;
            uint8_t *buf = read_all(AEAD_MAX, &len, o.alg, "this mode is one-shot");
            int r = o.pad ? a->crypt_pad(c, enc, o.iv, buf, len + 64, &out, buf, len)
                          : a->crypt(c, enc, o.iv, buf, buf, out = len);
            if (r) die_err(o.alg, r);
            cli_write(buf, out);
        }
    }
    a->clear(c);
    return 0;
}

int cmd_mac(int argc, char **argv)
{
    struct opts o;
    parse(argc, argv, mac_opts, &o);
    const struct rs_alg *a = rs_find(o.alg);
    if (!a || a->shape != RS_MAC) {
        char names[512];
        die("unknown MAC '%s' (only %s)", o.alg, cli_alg_names(names, sizeof names, is_mac, ", "));
    }
    no_extras(&o, a, 0, 0, 1);
    rs_ctx *c = cli_secret_alloc(sizeof *c);
    setup_key(&o, a, c);
    check_tag_len(&o, a);
    size_t t = tag_len(&o, a);
    uint8_t tag[256];
    int r;
    if (a->s_start) {
        rs_stream *s = cli_secret_alloc(sizeof *s);
        uint8_t *buf = cli_secret_alloc(BUF);
        if ((r = a->s_start(s, c, NULL, 0, 1))) die_err(o.alg, r);
        for (;;) {
            size_t n = cli_read(STDIN_FILENO, buf, BUF);
            if (n < BUF) {
                r = a->s_final(s, NULL, buf, n, tag, t);
                break;
            }
            if ((r = a->s_update(s, NULL, buf, n))) break;
        }
    } else {
        size_t len;
        uint8_t *buf = read_all(AEAD_MAX, &len, o.alg, "this MAC is one-shot");
        r = a->mac(c, buf, len, tag, t);
    }
    a->clear(c);
    if (r) die_err(o.alg, r);
    cli_write(tag, t);
    return 0;
}
