/* SPDX-License-Identifier: MIT */
/*
 * rijn x25519: Diffie-Hellman on Curve25519 (RFC 7748) from the command
 * line, through include/rijn/x25519.h.
 *
 *   rijn x25519 SCALAR                  the public key of a private scalar
 *   rijn x25519 SCALAR --point HEX      the shared secret with that peer
 *   rijn x25519 --keygen FILE           a new private key into FILE, and
 *                                       its public key on stdout
 *
 * The result goes to stdout as 64 lowercase hex digits and a newline:
 * public keys are for pasting and mailing, and the hex of a shared secret
 * is what --key-env and the like take.
 *
 * SCALAR, the private key, comes the way every command's key does
 * (cli/common.c): --key-file FILE (32 raw bytes, as --keygen or
 * `rijn keygen` writes them), --key-fd N, --key-env VAR (hex), or
 * --scalar HEX, which is --key HEX under the name RFC 7748 gives it. Any
 * 32 bytes are a private key (the library clamps them), so no format
 * beyond the length is checked. The point is public: hex on the command
 * line, as --iv is.
 *
 * Exit codes: 0; 1 when the shared secret is all zero (the peer's point
 * has small order, RFC 7748 section 6.1: the exchange carries no secret,
 * and printing the zeros would invite using them), with nothing on
 * stdout; 2 for invalid arguments, as everywhere.
 *
 * The scalar, the result and its hex live in cli_secret_alloc() memory,
 * wiped at exit; the output is written with write(2), so no stdio buffer
 * keeps a copy of a shared secret.
 */
#include <string.h>

#include "cli.h"
#include "rijn/rijn.h"

enum { X_LEN = RIJN_X25519_LEN };

/* An odd number of hex digits is no number of bytes: say what was
 * expected, in digits, before cli_hex() would only say "odd". */
static void x_digits(const char *opt, const char *hex)
{
    size_t n = strlen(hex);
    if (n % 2) die("%s must be %d bytes, %d hex digits (got %zu digits)", opt, X_LEN, 2 * X_LEN, n);
}

/* A public value in hex (the point): exactly 32 bytes, else exit 2 saying
 * what was expected and what was given. */
static uint8_t *x_hex32(const char *opt, const char *hex)
{
    size_t n;
    x_digits(opt, hex);
    uint8_t *p = cli_hex(opt, hex, &n);
    if (n != X_LEN) die("%s must be %d bytes (got %zu)", opt, X_LEN, n);
    return p;
}

/* v as lowercase hex and a newline, written whole to stdout. */
static void x_print(const uint8_t *v)
{
    static const char digits[] = "0123456789abcdef";
    char *s = cli_secret_alloc(2 * X_LEN + 1);
    for (size_t i = 0; i < X_LEN; i++) {
        s[2 * i] = digits[v[i] >> 4];
        s[2 * i + 1] = digits[v[i] & 15];
    }
    s[2 * X_LEN] = '\n';
    cli_write((const uint8_t *)s, 2 * X_LEN + 1);
}

/* A library error: the driver named in the message when one was pinned
 * (an unknown one, or one this CPU cannot run, is the usual cause). */
__attribute__((noreturn)) static void x_fail(const char *driver, int r)
{
    if (driver && (r == RIJN_ERR_NO_DRIVER || r == RIJN_ERR_SELFTEST))
        die("--driver %s: %s (see 'rijn list': algorithm x25519)", driver, rijn_strerror(r));
    die_err("x25519", r);
}

int cmd_x25519(int argc, char **argv)
{
    static const struct option opts[] = {
        { "scalar", required_argument, NULL, OPT_SCALAR },
        { "key-file", required_argument, NULL, OPT_KEY_FILE },
        { "key-fd", required_argument, NULL, OPT_KEY_FD },
        { "key-env", required_argument, NULL, OPT_KEY_ENV },
        { "point", required_argument, NULL, OPT_POINT },
        { "keygen", required_argument, NULL, OPT_KEYGEN },
        { "force", no_argument, NULL, OPT_FORCE },
        { "driver", required_argument, NULL, OPT_DRIVER },
        CLI_HELP_OPTION,
        { NULL, 0, NULL, 0 },
    };
    struct cli_key k = { 0 };
    const char *driver = NULL, *keygen = NULL;
    const uint8_t *point = NULL;
    int force = 0, c;
    while ((c = cli_getopt(argc, argv, opts)) != -1) {
        switch (c) {
        case OPT_POINT:
            if (point) die("%s", "--point given twice");
            point = x_hex32("--point", optarg);
            break;
        case OPT_KEYGEN: keygen = optarg; break;
        case OPT_FORCE: force = 1; break;
        case OPT_DRIVER: driver = optarg; break;
        default:
            if (c == OPT_SCALAR) x_digits("--scalar", optarg);
            cli_key_option(&k, c, optarg);
            break;
        }
    }
    if (optind < argc) die("unexpected argument '%s' (see 'rijn x25519 --help')", argv[optind]);

    uint8_t *out = cli_secret_alloc(X_LEN);
    if (keygen) {
        /* A new key pair: the options of an existing one make no sense. */
        if (k.source) die("--keygen makes a new private key: not with %s", cli_key_source(k.source));
        if (point) die("%s", "--keygen prints the new public key: not with --point");
        uint8_t *priv = cli_secret_alloc(X_LEN);
        int r = rijn_x25519_keygen(driver, priv, out);
        if (r) x_fail(driver, r);
        cli_key_file_write(keygen, priv, X_LEN, force);
        x_print(out);
        return 0;
    }
    if (force) die("%s", "--force replaces the file of --keygen FILE: not without it");
    if (!k.source) die("%s", "missing the private scalar: --scalar HEX, --key-file FILE, --key-fd N or --key-env VAR");
    if (k.len != X_LEN) die("%s must be %d bytes (got %zu)", cli_key_source(k.source), X_LEN, k.len);

    if (!point) {
        int r = rijn_x25519_base(driver, out, k.bytes);
        if (r) x_fail(driver, r);
    } else {
        int r = rijn_x25519(driver, out, k.bytes, point);
        if (r == RIJN_ERR_ZERO_RESULT)
            die_auth("%s", "the shared secret is all zero: the point has small order, and the exchange carries "
                           "no secret (RFC 7748 section 6.1)");
        if (r) x_fail(driver, r);
    }
    x_print(out);
    return 0;
}
