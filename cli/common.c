/* SPDX-License-Identifier: MIT */
/*
 * What every command shares (cli.h): one-line messages with the exit code
 * of their kind, getopt_long with --help, key input from four sources, and
 * whole reads and writes on file descriptors.
 *
 * Secrets: the key, the contexts holding its schedule and the buffers of
 * data live in memory from cli_secret_alloc(), which an atexit handler
 * wipes (rijn_wipe) and frees on every path out, die() included. Keys are
 * read with read(2), not stdio, so that no stdio buffer keeps a copy.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "rijn/rijn.h"

static const char *command = "";

void cli_set_command(const char *cmd)
{
    command = cmd;
}

static void vmsg(const char *fmt, va_list ap)
{
    fprintf(stderr, "rijn%s%s: ", *command ? " " : "", command);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg(fmt, ap);
    va_end(ap);
    exit(EXIT_USAGE);
}

void die_auth(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vmsg(fmt, ap);
    va_end(ap);
    exit(EXIT_AUTH);
}

void die_err(const char *what, int err)
{
    if (err == RIJN_ERR_AUTH || err == RIJN_ERR_PADDING) die_auth("%s: %s", what, rijn_strerror(err));
    die("%s: %s", what, rijn_strerror(err));
}

/* ------------------------------------------------------------ secrets -- */

enum { MAX_SECRETS = 32 };
static struct { void *p; size_t n; } secrets[MAX_SECRETS];

static void wipe_secrets(void)
{
    for (size_t i = 0; i < MAX_SECRETS; i++)
        if (secrets[i].p) {
            rijn_wipe(secrets[i].p, secrets[i].n);
            free(secrets[i].p);
            secrets[i].p = NULL;
        }
}

void *cli_secret_alloc(size_t n)
{
    static int registered;
    if (!registered) {
        atexit(wipe_secrets);
        registered = 1;
    }
    for (size_t i = 0; i < MAX_SECRETS; i++)
        if (!secrets[i].p) {
            void *p = calloc(1, n ? n : 1);
            if (!p) die("out of memory (%zu bytes)", n);
            secrets[i].p = p;
            secrets[i].n = n;
            return p;
        }
    die("%s", "internal error: too many secret buffers");
}

void cli_secret_used(void *p, size_t n)
{
    for (size_t i = 0; i < MAX_SECRETS; i++)
        if (secrets[i].p == p && n < secrets[i].n) secrets[i].n = n;
}

/* ------------------------------------------------------------ options -- */

int cli_getopt(int argc, char **argv, const struct option *opts)
{
    /* ':' first: a missing value is ':', not '?' with getopt's own
     * message; 'h' is -h. */
    int idx = -1;
    opterr = 0;
    int c = getopt_long(argc, argv, ":h", opts, &idx);
    if (c == OPT_HELP) {
        cli_help(stdout, command);
        exit(0);
    }
    if (c == '?') {
        if (optopt && optopt < 256 && optopt != '?') die("unknown option -%c (see 'rijn %s --help')", optopt, command);
        die("unknown option %s (see 'rijn %s --help')", argv[optind - 1], command);
    }
    if (c == ':') die("option %s needs a value", argv[optind - 1]);
    return c;
}

unsigned long long cli_number(const char *opt, const char *v, unsigned long long lo, unsigned long long hi)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(v, &end, 10);
    if (!*v || *end || errno || *v == '-' || x < lo || x > hi)
        die("%s must be a number from %llu to %llu (got '%s')", opt, lo, hi, v);
    return x;
}

uint8_t *cli_hex(const char *opt, const char *s, size_t *len)
{
    size_t n = strlen(s);
    if (n % 2) die("%s: odd number of hex digits (%zu)", opt, n);
    uint8_t *p = cli_secret_alloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        int v = 0;
        for (int j = 0; j < 2; j++) {
            char c = s[2 * i + j];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                  : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) die("%s: not a hex string (character %zu)", opt, 2 * i + j + 1);
            v = v * 16 + d;
        }
        p[i] = (uint8_t)v;
    }
    *len = n / 2;
    return p;
}

/* ---------------------------------------------------------------- keys -- */

/* More than any key takes, so that a wrong file is reported with its
 * length rather than cut. */
enum { KEY_MAX = 4096 };

const char *cli_key_source(int opt)
{
    switch (opt) {
    case OPT_KEY: return "--key";
    case OPT_SCALAR: return "--scalar";
    case OPT_KEY_FILE: return "--key-file";
    case OPT_KEY_FD: return "--key-fd";
    default: return "--key-env";
    }
}

/* Raw key bytes from fd, to end of input, at most KEY_MAX. */
static void key_read(struct cli_key *k, int fd, const char *what)
{
    k->bytes = cli_secret_alloc(KEY_MAX + 1);
    size_t n = 0;
    for (;;) {
        ssize_t r = read(fd, k->bytes + n, KEY_MAX + 1 - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) die("%s: %s", what, strerror(errno));
        if (r == 0) break;
        n += (size_t)r;
        if (n > KEY_MAX) die("%s: more than %d bytes: not a key", what, KEY_MAX);
    }
    k->len = n;
}

void cli_key_option(struct cli_key *k, int opt, char *arg)
{
    if (k->source)
        die("%s and %s: give the key once", cli_key_source(k->source), cli_key_source(opt));
    k->source = opt;
    char what[600];
    switch (opt) {
    case OPT_KEY:
    case OPT_SCALAR:
        k->bytes = cli_hex(cli_key_source(opt), arg, &k->len);
        /* Visible in ps until here: hide it from later readers of
         * /proc/PID/cmdline at least. */
        memset(arg, 'x', strlen(arg));
        break;
    case OPT_KEY_FILE: {
        snprintf(what, sizeof what, "--key-file %s", arg);
        int fd = open(arg, O_RDONLY | O_CLOEXEC);
        if (fd < 0) die("%s: %s", what, strerror(errno));
        key_read(k, fd, what);
        close(fd);
        break;
    }
    case OPT_KEY_FD: {
        int fd = (int)cli_number("--key-fd", arg, 0, 1 << 20);
        snprintf(what, sizeof what, "--key-fd %d", fd);
        if (fd == 0) die("%s: standard input carries the data; pass the key on another descriptor", what);
        key_read(k, fd, what);
        close(fd);
        break;
    }
    default: {
        const char *v = getenv(arg);
        if (!v) die("--key-env: %s is not set", arg);
        snprintf(what, sizeof what, "--key-env %s", arg);
        k->bytes = cli_hex(what, v, &k->len);
        break;
    }
    }
}

void cli_key_check(const struct cli_key *k, const size_t *lens, size_t n)
{
    if (!k->source) die("%s", "missing key: --key-file FILE, --key-fd N, --key-env VAR or --key HEX");
    for (size_t i = 0; i < n; i++)
        if (k->len == lens[i]) return;
    char want[128];
    size_t used = 0;
    for (size_t i = 0; i < n; i++) {
        int w = snprintf(want + used, sizeof want - used, "%s%zu", i == 0 ? "" : i + 1 == n ? " or " : ", ", lens[i]);
        if (w < 0 || (size_t)w >= sizeof want - used) break;
        used += (size_t)w;
    }
    die("key must be %s bytes (got %zu)", want, k->len);
}

void cli_key_file_write(const char *path, const uint8_t *key, size_t len, int force)
{
    /* Created 0600, never through a symbolic link; an existing file only
     * with --force, and then made 0600 before the key goes in. */
    int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (force ? O_TRUNC : O_EXCL), 0600);
    if (fd < 0 && errno == EEXIST) die("%s exists (--force replaces it)", path);
    if (fd < 0) die("%s: %s", path, strerror(errno));
    if (fchmod(fd, 0600)) die("%s: %s", path, strerror(errno));
    for (size_t done = 0; done < len;) {
        ssize_t w = write(fd, key + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) die("%s: %s", path, strerror(errno));
        done += (size_t)w;
    }
    if (fsync(fd) || close(fd)) die("%s: %s", path, strerror(errno));
}

/* ------------------------------------------------------------------ I/O -- */

size_t cli_read(int fd, uint8_t *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, p + got, n - got);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) die("reading input: %s", strerror(errno));
        if (r == 0) break;
        got += (size_t)r;
    }
    return got;
}

void cli_write(const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(STDOUT_FILENO, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) die("writing output: %s", strerror(errno));
        p += w;
        n -= (size_t)w;
    }
}
