/* SPDX-License-Identifier: MIT */
/*
 * rijn seal, rijn open: the authenticated streaming file format of
 * docs/format.md (the spec, its reasons and its test vectors); rijn keygen.
 *
 *   header  "RIJNSEAL" | version 1 | log2 chunk size 16 | 0 0 | salt[32] | tag[16]
 *   keys    K_payload || K_header = KDF(user key, header[0..44))
 *           (SP 800-108r1 counter mode, PRF AES-256-CMAC)
 *   tag     AES-256-CMAC(K_header, header[0..44))
 *   chunks  AES-256-GCM(K_payload, nonce = counter[11] || last[1], no AAD),
 *           64 KiB of plaintext each, the last one shorter or full, empty
 *           only when the whole plaintext is
 *
 * The nonce is the STREAM construction (Hoang, Reyhanitabar, Rogaway,
 * Vizár 2015) as age and Tink use it: the chunk's index stops reordering,
 * dropping and duplicating chunks; the last-chunk flag stops truncation at
 * a chunk boundary and appending; the per-file key (from a random salt)
 * stops splicing chunks across files; the header tag and the key's
 * dependence on the whole header stop header tampering.
 *
 * open writes a chunk's plaintext only once its tag has checked out, and
 * on any failure stops with exit 1, naming the chunk and its offset:
 * what it wrote before belongs to chunks that did verify, but the file as
 * a whole did not, so the caller must discard the output.
 */
#include <errno.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "cli.h"
#include "rijn/rijn.h"

enum {
    SEAL_VERSION = 1,
    SEAL_CHUNK_LOG2 = 16,
    SEAL_CHUNK = 1 << SEAL_CHUNK_LOG2,
    SEAL_TAG = 16,
    SEAL_SALT = 32,
    SEAL_FIXED = 12,                     /* magic, version, chunk size, reserved */
    SEAL_AUTHED = SEAL_FIXED + SEAL_SALT, /* the bytes the header tag covers */
    SEAL_HEADER = SEAL_AUTHED + SEAL_TAG,
    SEAL_KEY = 32,
};
/* "RIJNSEAL", 8 bytes, no terminator. */
static const uint8_t seal_magic[8] = { 0x52, 0x49, 0x4a, 0x4e, 0x53, 0x45, 0x41, 0x4c };
static const char kdf_label[] = "rijn seal v1";

static const struct option seal_opts[] = {
    CLI_KEY_OPTIONS,
    CLI_HELP_OPTION,
    { NULL, 0, NULL, 0 },
};

struct seal_keys {
    rijn_cmac_key user;     /* the PRF keyed with the user key */
    rijn_gcm_key payload;
    rijn_cmac_key header;
};

static void parse_key(int argc, char **argv, struct cli_key *k)
{
    memset(k, 0, sizeof *k);
    int c;
    while ((c = cli_getopt(argc, argv, seal_opts)) != -1) cli_key_option(k, c, optarg);
    if (optind < argc) die("unexpected argument '%s' (input is stdin, output stdout)", argv[optind]);
    static const size_t len[] = { SEAL_KEY };
    cli_key_check(k, len, 1);
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
}

/*
 * SP 800-108r1 §4.1, KDF in counter mode: K(i) = PRF(K_in, [i]_32 || Label
 * || 0x00 || Context || [L]_32), i = 1..4, PRF = AES-256-CMAC (SP 800-38B),
 * L = 512: K_payload = K(1) || K(2), K_header = K(3) || K(4). Context is
 * the header before its tag, salt included, so that each file, and each
 * version and parameter of the format, has keys of its own.
 */
static void derive(struct seal_keys *k, const struct cli_key *user, const uint8_t hdr[SEAL_AUTHED])
{
    uint8_t *msg = cli_secret_alloc(4 + sizeof kdf_label + SEAL_AUTHED + 4), *out = cli_secret_alloc(64);
    size_t lab = sizeof kdf_label - 1, n = 4 + lab + 1 + SEAL_AUTHED + 4;
    memcpy(msg + 4, kdf_label, lab);
    msg[4 + lab] = 0;
    memcpy(msg + 4 + lab + 1, hdr, SEAL_AUTHED);
    put32(msg + n - 4, 512);
    int r = rijn_cmac_init(&k->user, NULL, user->bytes, user->len);
    for (uint32_t i = 1; i <= 4 && !r; i++) {
        put32(msg, i);
        r = rijn_cmac(&k->user, msg, n, out + 16 * (i - 1), 16);
    }
    if (!r) r = rijn_gcm_init(&k->payload, NULL, out, 32);
    if (!r) r = rijn_cmac_init(&k->header, NULL, out + 32, 32);
    rijn_cmac_clear(&k->user);
    rijn_wipe(out, 64);
    if (r) die_err("key derivation", r);
}

/* counter[11] big-endian || last flag (STREAM). */
static void chunk_nonce(uint8_t nonce[12], uint64_t i, int last)
{
    memset(nonce, 0, 12);
    for (int j = 0; j < 8; j++) nonce[10 - j] = (uint8_t)(i >> (8 * j));
    nonce[11] = (uint8_t)(last != 0);
}

int cmd_seal(int argc, char **argv)
{
    struct cli_key key;
    parse_key(argc, argv, &key);
    struct seal_keys *k = cli_secret_alloc(sizeof *k);
    uint8_t hdr[SEAL_HEADER] = { 0 };
    memcpy(hdr, seal_magic, sizeof seal_magic);
    hdr[8] = SEAL_VERSION;
    hdr[9] = SEAL_CHUNK_LOG2;
    if (getrandom(hdr + SEAL_FIXED, SEAL_SALT, 0) != SEAL_SALT) die("getrandom: %s", strerror(errno));
    derive(k, &key, hdr);
    int r = rijn_cmac(&k->header, hdr, SEAL_AUTHED, hdr + SEAL_AUTHED, SEAL_TAG);
    if (r) die_err("header", r);

    /* One chunk and one byte more: a chunk is the last when no byte
     * follows it. */
    uint8_t *in = cli_secret_alloc(SEAL_CHUNK + 1), *out = cli_secret_alloc(SEAL_CHUNK + SEAL_TAG), nonce[12];
    int wrote_header = 0;
    size_t have = 0;
    for (uint64_t i = 0;; i++) {
        have += cli_read(STDIN_FILENO, in + have, SEAL_CHUNK + 1 - have);
        int last = have <= SEAL_CHUNK;
        size_t n = last ? have : SEAL_CHUNK;
        chunk_nonce(nonce, i, last);
        r = rijn_gcm_seal(&k->payload, nonce, 12, NULL, 0, in, n, out, out + n, SEAL_TAG);
        if (r) die_err("seal", r);
        if (!wrote_header) cli_write(hdr, SEAL_HEADER), wrote_header = 1;
        cli_write(out, n + SEAL_TAG);
        if (last) break;
        in[0] = in[SEAL_CHUNK];
        have = 1;
    }
    rijn_gcm_clear(&k->payload);
    rijn_cmac_clear(&k->header);
    return 0;
}

int cmd_open(int argc, char **argv)
{
    struct cli_key key;
    parse_key(argc, argv, &key);
    struct seal_keys *k = cli_secret_alloc(sizeof *k);
    uint8_t hdr[SEAL_HEADER];
    size_t n = cli_read(STDIN_FILENO, hdr, SEAL_HEADER);
    if (n < 8 || memcmp(hdr, seal_magic, sizeof seal_magic) != 0) die_auth("header (offset 0): not a file made by 'rijn seal'");
    if (n < SEAL_HEADER) die_auth("header: truncated (%zu of %d bytes)", n, SEAL_HEADER);
    if (hdr[8] != SEAL_VERSION) die_auth("header (offset 8): format version %u; this rijn reads version %d", hdr[8], SEAL_VERSION);
    if (hdr[9] != SEAL_CHUNK_LOG2 || hdr[10] || hdr[11])
        die_auth("header (offset 9): chunk size or reserved bytes not those of version %d", SEAL_VERSION);
    derive(k, &key, hdr);
    if (rijn_cmac_verify(&k->header, hdr, SEAL_AUTHED, hdr + SEAL_AUTHED, SEAL_TAG) != RIJN_OK)
        die_auth("header (offset 0): authentication failed: wrong key, or the header was modified");

    enum { CT = SEAL_CHUNK + SEAL_TAG };
    uint8_t *in = cli_secret_alloc(CT + 1), *out = cli_secret_alloc(SEAL_CHUNK), nonce[12];
    size_t have = 0;
    for (uint64_t i = 0;; i++) {
        unsigned long long off = SEAL_HEADER + (unsigned long long)i * CT;
        have += cli_read(STDIN_FILENO, in + have, CT + 1 - have);
        int last = have <= CT;
        size_t len = last ? have : CT;
        if (len < SEAL_TAG)
            die_auth("chunk %llu (offset %llu): truncated: %zu bytes, less than a tag", (unsigned long long)i, off,
                     len);
        /* seal never writes an empty last chunk after full ones. */
        if (last && len == SEAL_TAG && i > 0)
            die_auth("chunk %llu (offset %llu): empty last chunk after full ones", (unsigned long long)i, off);
        chunk_nonce(nonce, i, last);
        int r = rijn_gcm_open(&k->payload, nonce, 12, NULL, 0, in, len - SEAL_TAG, in + len - SEAL_TAG, SEAL_TAG,
                              out);
        if (r == RIJN_ERR_AUTH)
            die_auth("chunk %llu (offset %llu): authentication failed: wrong key, or the file was modified, "
                     "truncated, reordered or spliced",
                     (unsigned long long)i, off);
        if (r) die_err("open", r);
        cli_write(out, len - SEAL_TAG);
        if (last) break;
        in[0] = in[CT];
        have = 1;
    }
    rijn_gcm_clear(&k->payload);
    rijn_cmac_clear(&k->header);
    return 0;
}

/* ------------------------------------------------------------- keygen -- */

static const struct option keygen_opts[] = {
    { "bytes", required_argument, NULL, OPT_BYTES },
    { "force", no_argument, NULL, OPT_FORCE },
    CLI_HELP_OPTION,
    { NULL, 0, NULL, 0 },
};

int cmd_keygen(int argc, char **argv)
{
    size_t len = 32;
    int force = 0, c;
    while ((c = cli_getopt(argc, argv, keygen_opts)) != -1) {
        if (c == OPT_BYTES) {
            len = (size_t)cli_number("--bytes", optarg, 0, 1 << 20);
            if (len != 16 && len != 24 && len != 32 && len != 48 && len != 64)
                die("--bytes: key must be 16, 24, 32, 48 or 64 bytes (got %zu)", len);
        } else
            force = 1;
    }
    if (optind + 1 != argc) die("%s", optind < argc ? "one FILE only" : "missing FILE");
    const char *path = argv[optind];
    uint8_t *key = cli_secret_alloc(len);
    if (getrandom(key, len, 0) != (ssize_t)len) die("getrandom: %s", strerror(errno));
    cli_key_file_write(path, key, len, force);
    return 0;
}
