/* SPDX-License-Identifier: MIT */
/*
 * rijn: command-line front end. The commands and their help are in
 * `commands` below (and in man/rijn.1); each command's code is in
 *   crypt.c  enc, dec, mac     seal.c  seal, open, keygen
 *   x25519.c x25519            speed.c speed
 *   here     list, version, help
 *
 * Exit codes: 0 success; 1 authentication, padding or file-format failure,
 * or an all-zero X25519 shared secret; 2 invalid arguments or input. Each
 * error is one line on stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rijn/rijn.h"

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
    static const struct option opts[] = {
        { "json", no_argument, NULL, OPT_JSON },
        CLI_HELP_OPTION,
        { NULL, 0, NULL, 0 },
    };
    int json = 0;
    while (cli_getopt(argc, argv, opts) != -1) json = 1;
    if (optind < argc) die("unexpected argument '%s'", argv[optind]);
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

const char *cli_alg_names(char *buf, size_t cap, int (*keep)(const struct rs_alg *), const char *sep)
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

static int cmd_version(int argc, char **argv)
{
    static const struct option opts[] = { CLI_HELP_OPTION, { NULL, 0, NULL, 0 } };
    while (cli_getopt(argc, argv, opts) != -1) {}
    if (optind < argc) die("unexpected argument '%s'", argv[optind]);
    printf("rijn %s\n", rijn_version());
    return 0;
}

static int cmd_help(int argc, char **argv);

/* ---------------------------------------------------------- commands -- */

#define KEY_HELP                                                                                               \
    "key (one of):\n"                                                                                          \
    "  --key-file FILE   the raw key bytes, nothing else (as 'rijn keygen' writes them)\n"                      \
    "  --key-fd N        the raw key bytes, read from file descriptor N to its end\n"                           \
    "  --key-env VAR     the key in hex, from environment variable VAR\n"                                       \
    "  --key HEX         the key in hex: for tests only, since any user can read it in ps(1)\n"

static const struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *help;   /* after the synopsis; %s parts are filled in cli_help */
} commands[] = {
    { "enc", NULL, "rijn enc --alg ALG KEY [--iv HEX] [--aad HEX] [--tag-len N] [--pad pkcs7] [--data-unit N] [--driver DRV] < in > out",
      "Encrypt stdin to stdout.\n"
      "  --alg ALG         algorithm: %s\n"
      "  --iv HEX          IV, nonce (AEAD) or tweak (XTS: of the first data unit)\n"
      "  --aad HEX         additional authenticated data (AEAD)\n"
      "  --tag-len N       tag bytes (AEAD; default: the longest)\n"
      "  --pad pkcs7|none  PKCS#7 padding (%s)\n"
      "  --data-unit N     XTS: N-byte data units; unit i's tweak is --iv + i as a 128-bit\n"
      "                    little-endian number (dm-crypt plain64). Without it the whole input\n"
      "                    is one unit of at most 16 MiB (2^20 blocks, IEEE 1619)\n"
      "  --driver DRV      pin a driver (see 'rijn list')\n"
      KEY_HELP
      "Streams in constant memory, except AEADs (gcm, ccm): their tag covers the whole message,\n"
      "so it is held in memory, at most 256 MiB (exit 2 beyond; 'rijn seal' streams files).\n"
      "Output: ciphertext; AEADs append the tag.\n" },
    { "dec", NULL, "rijn dec (the options of enc) < in > out",
      "Decrypt stdin to stdout; AEAD input ends with the tag, and nothing is written unless\n"
      "the tag checks out (exit 1). With --pad pkcs7 a bad padding is exit 1. See 'rijn enc --help'.\n" },
    { "mac", cmd_mac, "rijn mac --alg MAC KEY [--tag-len N] [--driver DRV] < in > tag",
      "Compute a MAC of stdin (streamed) and write the raw tag.\n"
      "  --alg MAC         %s\n"
      "  --tag-len N       tag bytes (default: the longest)\n"
      "  --driver DRV      pin a driver (see 'rijn list')\n"
      KEY_HELP },
    { "seal", cmd_seal, "rijn seal KEY < in > out.rijn",
      "Encrypt and authenticate a file of any length in 64 KiB chunks, each sealed with\n"
      "AES-256-GCM under a key derived for this file (docs/format.md). The key is 32 bytes.\n"
      KEY_HELP },
    { "open", cmd_open, "rijn open KEY < in.rijn > out",
      "Check and decrypt a file made by 'rijn seal'. A chunk's plaintext is written only after\n"
      "its tag checks out; on any failure (wrong key, modified, truncated, reordered or spliced\n"
      "data) rijn stops with exit 1, naming the chunk and its offset: discard the output.\n"
      KEY_HELP },
    { "keygen", cmd_keygen, "rijn keygen [--bytes N] [--force] FILE",
      "Write a random key (getrandom) to FILE, created with mode 0600, as raw bytes: the\n"
      "format that --key-file reads.\n"
      "  --bytes N         16, 24, 32 (default), 48 or 64 (XTS takes two keys: 32, 48 or 64)\n"
      "  --force           replace an existing FILE\n" },
    { "x25519", cmd_x25519,
      "rijn x25519 [--driver DRV] SCALAR [--point HEX]\n"
      "           rijn x25519 [--driver DRV] --keygen FILE [--force]",
      "X25519 (RFC 7748): print the public key of a private scalar or, with --point, the shared\n"
      "secret with a peer's public key, as 64 lowercase hex digits and a newline.\n"
      "  --point HEX       the peer's public key (a u-coordinate), 32 bytes in hex\n"
      "  --keygen FILE     instead: write a new random private key to FILE (mode 0600, raw bytes)\n"
      "                    and print its public key\n"
      "  --force           with --keygen: replace an existing FILE\n"
      "  --driver DRV      pin an x25519 driver (see 'rijn list')\n"
      "SCALAR, the private key, 32 bytes (one of):\n"
      "  --key-file FILE   the raw bytes, nothing else (as --keygen or 'rijn keygen' writes them)\n"
      "  --key-fd N        the raw bytes, read from file descriptor N to its end\n"
      "  --key-env VAR     in hex, from environment variable VAR\n"
      "  --scalar HEX      in hex: for tests only, since any user can read it in ps(1)\n"
      "Values are little-endian strings, as in RFC 7748; any 32 bytes are a private key (clamped\n"
      "before use). A shared secret of all zeros (the point has small order: the exchange carries\n"
      "no secret, RFC 7748 section 6.1) is exit 1 with nothing on stdout.\n" },
    { "list", cmd_list, "rijn list [--json]",
      "List the drivers of the registry: algorithm, driver, priority, constant time, available\n"
      "on this CPU, selected, self-test, CPU features needed.\n"
      "RIJN_CPU=-feature,... masks CPU features (features: %s)\n" },
    { "speed", cmd_speed,
      "rijn speed [--alg ALG]... [--driver DRV] [--sizes 16,64,...] [--key-bits 128|192|256]\n"
      "           [--seconds S] [--stat median|best] [--vs openssl,gcrypt,sodium] [--offsets IN,OUT]\n"
      "           [--json | --json-out FILE]",
      "Measure throughput by buffer size, and the primitive kinds' operations per second,\n"
      "against the peers named by --vs, in the same run.\n"
      "  --alg ALG         a mode or primitive kind of 'rijn list' (repeatable; default: all)\n"
      "  --driver DRV      this driver (with exactly one --alg); default: the selected one\n"
      "  --sizes LIST      buffer sizes in bytes (default 16,64,256,1500,4096,16384)\n"
      "  --seconds S       per figure and side, split over 7 runs (default 0.5)\n"
      "  --stat STAT       median (default) or best of the 7 runs\n"
      "  --vs PEERS        openssl, gcrypt, sodium, comma-separated: their columns, loaded with\n"
      "                    dlopen, for what each has (the modes: openssl, gcrypt; x25519: openssl,\n"
      "                    sodium; the peers have no batch call: their batch is one by one)\n"
      "  --offsets IN,OUT  the input and output buffers start IN and OUT bytes (0..4095) past a\n"
      "                    4 KiB boundary, for every side (default: where malloc puts them)\n"
      "  --json            one JSON document {\"meta\": {...}, \"results\": [...]} instead of the table\n"
      "  --json-out FILE   the table on stdout, and the JSON document into FILE\n"
      "The JSON is written whole at the end: after an error (exit 2) stdout holds none of it,\n"
      "and FILE is not written. bench/plot_speed.py draws it (make speed: build/speed.svg).\n" },
    { "version", cmd_version, "rijn version   (or rijn --version)", "Print rijn's version.\n" },
    { "help", cmd_help, "rijn help [COMMAND]   (or rijn COMMAND --help)", "Print the help of rijn or of COMMAND.\n" },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])


void cli_help(FILE *f, const char *cmd)
{
    char a1[1024], a2[512];
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name) != 0) continue;
        fprintf(f, "usage: %s\n", commands[i].synopsis);
        if (strcmp(cmd, "enc") == 0)
            fprintf(f, commands[i].help, cli_alg_names(a1, sizeof a1, NULL, " "),
                    cli_alg_names(a2, sizeof a2, has_pad, ", "));
        else if (strcmp(cmd, "mac") == 0)
            fprintf(f, commands[i].help, cli_alg_names(a1, sizeof a1, is_mac, "|"));
        else if (strcmp(cmd, "list") == 0)
            fprintf(f, commands[i].help, rijn_cpu_feature_names());
        else
            fputs(commands[i].help, f);
        return;
    }
    fprintf(f, "usage:\n");
    for (size_t i = 0; i < NCOMMANDS; i++) fprintf(f, "  %s\n", commands[i].synopsis);
    fprintf(f, "KEY is --key-file FILE, --key-fd N, --key-env VAR or --key HEX (visible in ps).\n"
               "'rijn COMMAND --help' gives the options of a command; man rijn gives all.\n"
               "Exit codes: 0 success; 1 authentication, padding or file-format failure, or an\n"
               "all-zero X25519 shared secret; 2 invalid arguments or input.\n");
}

static int cmd_help(int argc, char **argv)
{
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) argv[1] = "help";
    if (argc > 2) die("%s", "one COMMAND only");
    if (argc == 2) {
        for (size_t i = 0; i < NCOMMANDS; i++)
            if (strcmp(argv[1], commands[i].name) == 0) {
                cli_help(stdout, argv[1]);
                return 0;
            }
        die("unknown command '%s'", argv[1]);
    }
    cli_help(stdout, "");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        cli_help(stderr, "");
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        cli_help(stdout, "");
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) cmd = "version";
    for (size_t i = 0; i < NCOMMANDS; i++) {
        if (strcmp(cmd, commands[i].name) != 0) continue;
        cli_set_command(commands[i].name);
        /* Options are parsed from argv[1], the command, as getopt's argv[0]. */
        if (strcmp(cmd, "enc") == 0 || strcmp(cmd, "dec") == 0) return cmd_crypt(argc - 1, argv + 1, cmd[0] == 'e');
        return commands[i].run(argc - 1, argv + 1);
    }
    fprintf(stderr, "rijn: unknown command '%s' (see 'rijn --help')\n", cmd);
    return 2;
}
