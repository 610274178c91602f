/* SPDX-License-Identifier: MIT */
/*
 * Shared declarations of the rijn CLI:
 *   rijn.c    main: the commands, their help, list, version;
 *   common.c  messages and exit codes, option parsing (getopt_long), key
 *             input, whole reads and writes, memory that is wiped at exit;
 *   crypt.c   enc, dec, mac: streaming through the adapters;
 *   seal.c    seal, open (the file format of docs/format.md), keygen;
 *   x25519.c  x25519: public keys, shared secrets, key pairs;
 *   speed*.c  rijn speed.
 */
#ifndef RIJN_CLI_H
#define RIJN_CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "adapt.h"

int cmd_speed(int argc, char **argv);
int cmd_crypt(int argc, char **argv, int encrypt);
int cmd_mac(int argc, char **argv);
int cmd_seal(int argc, char **argv);
int cmd_open(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_x25519(int argc, char **argv);

/* The algorithms that the registry offers and that have an adapter
 * (support/adapt.h), each once: in the order of the registry's templates
 * (drivers.def lists one per mode), then any algorithm that only
 * dedicated drivers implement. Up to cap into algs; returns the count. */
size_t cli_algs(const struct rs_alg **algs, size_t cap);
/* The names of the algorithms that `keep` accepts (NULL: all), joined by
 * sep, into buf. */
const char *cli_alg_names(char *buf, size_t cap, int (*keep)(const struct rs_alg *), const char *sep);

/* ---------------------------------------------------------- messages -- */
/* Exit codes: 0 success; 1 authentication, padding or file-format
 * failure, or an all-zero X25519 shared secret; 2 invalid arguments or
 * input. Each message is one line on stderr, "rijn CMD: ...". */
enum { EXIT_AUTH = 1, EXIT_USAGE = 2 };
void cli_set_command(const char *cmd);
__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);
__attribute__((noreturn, format(printf, 1, 2))) void die_auth(const char *fmt, ...);
/* A library error: exit 1 for RIJN_ERR_AUTH and RIJN_ERR_PADDING, else 2. */
__attribute__((noreturn)) void die_err(const char *what, int err);

/* The help of the running command (rijn.c), printed by --help. */
void cli_help(FILE *f, const char *cmd);

/* ------------------------------------------------------------ options -- */
/* Long options shared by the commands; each command lists those it takes
 * in its struct option table (getopt_long), with these as values. */
enum {
    OPT_HELP = 'h',
    OPT_ALG = 256, OPT_DRIVER, OPT_KEY, OPT_KEY_FILE, OPT_KEY_FD, OPT_KEY_ENV, OPT_IV, OPT_AAD, OPT_TAG_LEN,
    OPT_PAD, OPT_DATA_UNIT, OPT_JSON, OPT_BYTES, OPT_FORCE,
    OPT_JSON_OUT, OPT_SIZES, OPT_KEY_BITS, OPT_SECONDS, OPT_STAT, OPT_VS, OPT_OFFSETS,   /* speed */
    OPT_SCALAR, OPT_POINT, OPT_KEYGEN                                         /* x25519 */
};
#define CLI_KEY_OPTIONS                                                                               \
    { "key", required_argument, NULL, OPT_KEY }, { "key-file", required_argument, NULL, OPT_KEY_FILE }, \
    { "key-fd", required_argument, NULL, OPT_KEY_FD }, { "key-env", required_argument, NULL, OPT_KEY_ENV }
#define CLI_HELP_OPTION { "help", no_argument, NULL, OPT_HELP }

/* The next option of argv (getopt_long), or -1 at the end of the options;
 * optind is then the first operand. An unknown option or a missing value
 * exits 2; --help prints the command's help and exits 0. */
int cli_getopt(int argc, char **argv, const struct option *opts);
/* A decimal number in [lo, hi], else exit 2 naming the option. */
unsigned long long cli_number(const char *opt, const char *v, unsigned long long lo, unsigned long long hi);
/* Hex into a fresh buffer (wiped at exit); exit 2 on a bad digit. */
uint8_t *cli_hex(const char *opt, const char *s, size_t *len);

/* ---------------------------------------------------------------- keys -- */
/* The key from one of --key HEX, --key-file FILE (the raw key bytes, as
 * `rijn keygen` writes them), --key-fd N (raw bytes read to EOF) or
 * --key-env VAR (hex). The bytes live in memory wiped at exit. */
struct cli_key {
    uint8_t *bytes;
    size_t len;
    int source;     /* the OPT_KEY* that gave it; 0: none yet */
};
/* Handle a key option (opt is OPT_KEY...; or OPT_SCALAR, x25519's name for
 * --key HEX); exit 2 on a second source or an unreadable one. A hex key's
 * argument is overwritten in argv once read. */
void cli_key_option(struct cli_key *k, int opt, char *arg);
/* The option that gave a key ("--key-file"), for messages. */
const char *cli_key_source(int opt);
/* Exit 2 unless a key was given and its length is one of lens[0..n):
 * "key must be 16, 24 or 32 bytes (got 2)". */
void cli_key_check(const struct cli_key *k, const size_t *lens, size_t n);
/* Write key (len bytes) to a new file at path, as --key-file reads it:
 * created with mode 0600, never through a symbolic link, an existing file
 * replaced only with force (and made 0600 before the key goes in); synced
 * and closed. Exit 2 with the reason on any failure. */
void cli_key_file_write(const char *path, const uint8_t *key, size_t len, int force);

/* ------------------------------------------------------------------ I/O -- */
/* Read until n bytes or end of input; returns the count (exit 2 on an
 * error). */
size_t cli_read(int fd, uint8_t *p, size_t n);
/* Write all n bytes to stdout (exit 2 on an error). */
void cli_write(const uint8_t *p, size_t n);
/* Memory that holds keys, contexts or data: zeroed, wiped and freed at
 * exit (exit 2 when out of memory). */
void *cli_secret_alloc(size_t n);
/* Only the first n bytes of p (from cli_secret_alloc) were written: the
 * wipe at exit can stop there, and leave untouched pages unmapped. */
void cli_secret_used(void *p, size_t n);

#endif
