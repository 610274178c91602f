/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: the output (cli/speed.h), a text table, a JSON document, or
 * both (the table on stdout, the JSON into a file: --json-out).
 *
 * In both, rijn's columns come first, then each loaded peer's in --vs
 * order: a peer that lacks a row's mode or key size, or a primitive's
 * operation, shows "-" there (text) or leaves its keys out (JSON). A peer
 * with no modes at all (libsodium) has no columns in the modes' table,
 * one with no primitive kind none in the primitives' table.
 *
 * The JSON document is {"meta": {...}, "results": [...]}: results holds a
 * record per row, meta what a reader needs to compare runs taken on other
 * days or machines (docs/performance.md, "JSON", lists the fields). It is
 * built in memory and written whole at the end, so that an error at any
 * point, before or during the measurements, leaves valid JSON or nothing:
 * a reader never sees a truncated document (a lone "[" once).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rijn/rijn.h"
#include "speed.h"

static struct speed_out_cfg cfg;
static FILE *js;                /* the JSON document, in memory (open_memstream) */
static char *js_buf;
static size_t js_len;
static char *tmp_path;          /* --json-out: the temporary file, until renamed */
static int tmp_fd = -1;
static int first = 1, mode_head, prim_head;

/* cpb as text: "-" when it could not be measured (NaN). */
static const char *cpb_txt(double v, char buf[32], const char *null)
{
    if (isnan(v)) return null;
    snprintf(buf, 32, *null == '-' ? "%.2f" : "%.3f", v);   /* table: 2 decimals, JSON: 3 */
    return buf;
}

/* s as a JSON string (RFC 8259 section 7); NULL is null. */
static void jstr(const char *s)
{
    if (!s) {
        fputs("null", js);
        return;
    }
    fputc('"', js);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(js, "\\%c", *p);
        else if (*p < 0x20) fprintf(js, "\\u%04x", *p);
        else fputc(*p, js);
    }
    fputc('"', js);
}

/* key, then v, or null when v < 0 (unknown). */
static void jnum(const char *key, long v)
{
    fputs(key, js);
    if (v < 0) fputs("null", js);
    else fprintf(js, "%ld", v);
}

/* A comma-separated list ("aesni,pclmul") as a JSON array of strings. */
static void jlist(const char *csv)
{
    char buf[512], *save = NULL;
    snprintf(buf, sizeof buf, "%s", csv);
    fputc('[', js);
    int n = 0;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        fputs(n++ ? ", " : "", js);
        jstr(t);
    }
    fputc(']', js);
}

/* ------------------------------------------------------------ machine -- */

/* The CPU's model as the kernel names it: /proc/cpuinfo's "model name"
 * (x86, 32-bit Arm), "cpu model" (MIPS) or "cpu" (POWER); AArch64 lists
 * only the MIDR fields, given as "implementer 0x41 part 0xd0c". NULL when
 * none of these is there. On x86 also the family and model numbers (-1:
 * none), which tell apart what one name covers ("AMD EPYC": Zen 2 to 5). */
static const char *cpu_model(char *out, size_t cap, long *family, long *number)
{
    *family = *number = -1;
    static const char *const keys[] = { "model name", "cpu model", "Processor", "cpu" };
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return NULL;
    char line[512], impl[32] = "", part[32] = "";
    const char *found = NULL;
    int rank = (int)(sizeof keys / sizeof keys[0]);
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (!colon) continue;
        char *v = colon + 1, *k_end = colon;
        while (*v == ' ' || *v == '\t') v++;
        v[strcspn(v, "\n")] = 0;
        while (k_end > line && (k_end[-1] == ' ' || k_end[-1] == '\t')) k_end--;
        *k_end = 0;
        for (int k = 0; k < rank; k++)
            if (strcmp(line, keys[k]) == 0 && *v) {
                snprintf(out, cap, "%s", v);
                found = out;
                rank = k;   /* a later line only replaces it with a better key */
            }
        if (strcmp(line, "CPU implementer") == 0 && !*impl) snprintf(impl, sizeof impl, "%s", v);
        if (strcmp(line, "CPU part") == 0 && !*part) snprintf(part, sizeof part, "%s", v);
        if (strcmp(line, "cpu family") == 0 && *family < 0) *family = strtol(v, NULL, 10);
        if (strcmp(line, "model") == 0 && *number < 0) *number = strtol(v, NULL, 10);
    }
    fclose(f);
    if (!found && *impl && *part) {
        snprintf(out, cap, "implementer %s part %s", impl, part);
        found = out;
    }
    return found;
}

static void meta(void)
{
    char model[256], date[32];
    long family, number;
    struct utsname u;
    if (uname(&u) != 0) memset(&u, 0, sizeof u);
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);   /* ISO 8601, UTC */

    fputs("{\n\"meta\": {\n  \"rijn_version\": ", js);
    jstr(rijn_version());
    fputs(",\n  \"date\": ", js);
    jstr(date);
    fputs(",\n  \"cpu\": {\"model\": ", js);
    jstr(cpu_model(model, sizeof model, &family, &number));
    jnum(", \"family\": ", family);
    jnum(", \"model_number\": ", number);
    fputs(", \"arch\": ", js);
    jstr(u.machine);
    fprintf(js, ", \"logical_cpus\": %ld, \"features\": ", sysconf(_SC_NPROCESSORS_ONLN));
    jlist(rijn_cpu_features());
    fputs(", \"rijn_cpu\": ", js);
    jstr(getenv("RIJN_CPU"));
    fputs("},\n  \"kernel\": {\"name\": ", js);
    jstr(u.sysname);
    fputs(", \"release\": ", js);
    jstr(u.release);
    fputs(", \"version\": ", js);
    jstr(u.version);
    fputs("},\n  \"peers\": [", js);
    for (size_t i = 0; i < cfg.npeers + cfg.nabsent; i++) {
        const int on = i < cfg.npeers;
        const struct speed_peer *p = on ? cfg.peers[i] : cfg.absent[i - cfg.npeers];
        fputs(i ? ", " : "", js);
        fputs("{\"name\": ", js);
        jstr(p->name);
        fputs(", \"title\": ", js);
        jstr(p->title);
        fputs(", \"library\": ", js);
        jstr(p->soname);
        fprintf(js, ", \"loaded\": %s, \"version\": ", on ? "true" : "false");
        jstr(on ? p->version() : NULL);
        fputc('}', js);
    }
    double ghz;
    enum speed_cycles src = speed_cycles_source(&ghz);
    fprintf(js, "],\n  \"statistic\": \"%s\", \"runs\": %d, \"seconds\": %g, \"key_bits\": %d, \"sizes\": [",
            cfg.best ? "best" : "median", SPEED_RUNS, cfg.secs, cfg.key_bits);
    for (int i = 0; i < cfg.nsizes; i++) fprintf(js, "%s%zu", i ? ", " : "", cfg.sizes[i]);
    if (cfg.offsets[0] >= 0) fprintf(js, "], \"offsets\": [%d, %d]", cfg.offsets[0], cfg.offsets[1]);
    else fputs("], \"offsets\": null", js);
    fprintf(js, ",\n  \"clock\": {\"method\": \"%s\", \"ghz\": ",
            src == SPEED_PERF ? "perf_event" : src == SPEED_CLOCK ? "effective_clock" : "none");
    if (src == SPEED_NO_CYCLES || !(ghz > 0)) fputs("null", js);
    else fprintf(js, "%.3f", ghz);
    fputs("}\n},\n\"results\": [\n", js);
}

/* -------------------------------------------------------------- begin -- */

static void drop_tmp(void)
{
    if (tmp_path) unlink(tmp_path);
}

/* Interrupted (^C in make speed): remove the temporary file too, then die
 * of the signal as before. unlink and raise are async-signal-safe. */
static void drop_tmp_on_signal(int sig)
{
    if (tmp_path) unlink(tmp_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

void speed_out_begin(const struct speed_out_cfg *c)
{
    cfg = *c;
    if (cfg.json || cfg.json_path) {
        if (cfg.json_path) {
            /* The temporary file beside the target, so that rename() is
             * atomic; made now, so a path that cannot be written fails
             * before the measurements. */
            size_t n = strlen(cfg.json_path) + 32;
            tmp_path = malloc(n);
            if (!tmp_path) die("%s", "out of memory");
            snprintf(tmp_path, n, "%s.%ld.tmp", cfg.json_path, (long)getpid());
            tmp_fd = open(tmp_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
            if (tmp_fd < 0) {
                int e = errno;
                free(tmp_path);
                tmp_path = NULL;
                die("--json-out %s: %s", cfg.json_path, strerror(e));
            }
            atexit(drop_tmp);
            signal(SIGINT, drop_tmp_on_signal);
            signal(SIGTERM, drop_tmp_on_signal);
            signal(SIGHUP, drop_tmp_on_signal);
        }
        js = open_memstream(&js_buf, &js_len);
        if (!js) die("%s", "out of memory");
        meta();
    }
    if (!cfg.table) return;
    double ghz;
    printf("# rijn %s, %s\n", rijn_version(), *rijn_cpu_features() ? rijn_cpu_features() : "no CPU features");
    switch (speed_cycles_source(&ghz)) {
    case SPEED_PERF: printf("# cycles: perf_event hardware counter\n"); break;
    case SPEED_CLOCK:
        printf("# cycles: perf_event unavailable; time x effective clock (dependent-add chain, sampled around each "
               "run; %.2f GHz at start)\n", ghz);
        break;
    case SPEED_NO_CYCLES:
        printf("# cycles: perf_event unavailable, and no effective-clock fallback off x86-64: MB/s only, cpb not "
               "reported\n");
        break;
    }
}

/* --------------------------------------------------------------- rows -- */

/* The loaded peers that have modes: with more than one, each row ends in
 * rijn's ratio to the fastest of them in that row ("vs best"), the figure
 * the goals are stated in (JSON: best_peer and best_ratio). */
static size_t modes_peers(void)
{
    size_t n = 0;
    for (size_t i = 0; i < cfg.npeers; i++) n += cfg.peers[i]->setup != NULL;
    return n;
}

/* With four or more such peers the text table leaves out their cpb
 * columns, to stay under some 200 characters (the JSON keeps them). */
static int peer_cpb_cols(void)
{
    return modes_peers() < 4;
}

/* The fastest peer measured in row r, or -1. */
static int best_peer(const struct speed_row *r)
{
    int b = -1;
    for (size_t i = 0; i < cfg.npeers; i++)
        if (r->have[i] && (b < 0 || r->peer[i].mbps > r->peer[b].mbps)) b = (int)i;
    return b;
}

/* The modes' table header, before their first row. */
static void mode_header(void)
{
    if (mode_head++) return;
    printf("# AES-%d, one op = new IV + buffer (AEAD: new nonce, 13-byte AAD, tag); %s of %d runs\n", cfg.key_bits,
           cfg.best ? "best" : "medians", SPEED_RUNS);
    if (cfg.offsets[0] >= 0)
        printf("# buffers: input %d, output %d bytes past a 4 KiB boundary (--offsets)\n", cfg.offsets[0],
               cfg.offsets[1]);
    for (size_t i = 0; i < cfg.npeers; i++)
        if (cfg.peers[i]->setup) printf("# %s %s\n", cfg.peers[i]->title, cfg.peers[i]->version());
    printf("%-10s %-4s %-44s %6s %10s %8s", "algorithm", "op", "driver", "size", "MB/s", "cpb");
    for (size_t i = 0; i < cfg.npeers; i++) {
        char mb[32], cpb[32];
        if (!cfg.peers[i]->setup) continue;
        snprintf(mb, sizeof mb, "%s MB/s", cfg.peers[i]->col);
        snprintf(cpb, sizeof cpb, "%s cpb", cfg.peers[i]->col);
        if (peer_cpb_cols()) printf(" %10s %8s %7s", mb, cpb, "ratio");
        else printf(" %10s %7s", mb, "ratio");
    }
    if (modes_peers() > 1) printf(" %7s %-6s", "vs best", "(peer)");
    printf("\n");
}

void speed_out_row(const struct speed_row *r)
{
    char b1[32], b2[32];
    if (js) {
        fprintf(js, "%s  {\"algorithm\": \"%s\", \"driver\": \"%s\", \"op\": \"%s\", \"key_bits\": %d, "
                "\"size\": %zu, \"in_offset\": %u, \"out_offset\": %u, \"mb_per_s\": %.1f, \"cycles_per_byte\": %s",
                first ? "" : ",\n", r->alg, r->driver, r->op, r->key_bits, r->size, r->in_offset, r->out_offset,
                r->mine.mbps, cpb_txt(r->mine.cpb, b1, "null"));
        for (size_t i = 0; i < cfg.npeers; i++)
            if (r->have[i])
                fprintf(js, ", \"%s_mb_per_s\": %.1f, \"%s_cycles_per_byte\": %s, \"%s\": %.3f", cfg.peers[i]->name,
                        r->peer[i].mbps, cfg.peers[i]->name, cpb_txt(r->peer[i].cpb, b2, "null"),
                        cfg.peers[i]->ratio_key, r->mine.mbps / r->peer[i].mbps);
        const int b = best_peer(r);
        if (b >= 0 && modes_peers() > 1)
            fprintf(js, ", \"best_peer\": \"%s\", \"best_ratio\": %.3f", cfg.peers[b]->name,
                    r->mine.mbps / r->peer[b].mbps);
        fputc('}', js);
        first = 0;
    }
    if (cfg.table) {
        mode_header();
        printf("%-10s %-4s %-44s %6zu %10.1f %8.8s", r->alg, r->op, r->driver, r->size, r->mine.mbps,
               cpb_txt(r->mine.cpb, b1, "-"));
        for (size_t i = 0; i < cfg.npeers; i++)
            if (r->have[i] && peer_cpb_cols())
                printf(" %10.1f %8.8s %6.2fx", r->peer[i].mbps, cpb_txt(r->peer[i].cpb, b2, "-"),
                       r->mine.mbps / r->peer[i].mbps);
            else if (r->have[i])
                printf(" %10.1f %6.2fx", r->peer[i].mbps, r->mine.mbps / r->peer[i].mbps);
            else if (cfg.peers[i]->setup && peer_cpb_cols())
                printf(" %10s %8s %7s", "-", "-", "-");
            else if (cfg.peers[i]->setup)
                printf(" %10s %7s", "-", "-");
        const int b = best_peer(r);
        if (modes_peers() > 1 && b >= 0) printf(" %6.2fx %-6s", r->mine.mbps / r->peer[b].mbps, cfg.peers[b]->col);
        else if (modes_peers() > 1) printf(" %7s %-6s", "-", "");
        printf("\n");
        fflush(stdout);
    }
}

/* Millions of operations per second as text: one decimal, as the modes'
 * MB/s, or three significant digits under 1 (X25519 runs at some 0.03
 * Mops/s, which one decimal would print as 0.0). */
static const char *mops_txt(double ops, char buf[32])
{
    const double v = ops / 1e6;
    int dec = 1;
    for (double t = 1; v > 0 && v < t && dec < 6; t /= 10) dec++;
    snprintf(buf, 32, "%.*f", v >= 1 ? 1 : dec + 1, v);
    return buf;
}

/* A peer's column heading in the primitives' table, and its width. */
static int prim_col(char buf[32], const struct speed_peer *p, const char *what)
{
    int n = snprintf(buf, 32, "%s %s", p->col, what);
    return n > 10 ? n : 10;
}

static void prim_header(void)
{
    if (prim_head++) return;
    printf("# primitives: %s of %d runs; throughput: independent calls, latency: each call on the last "
           "result,\n# guest instruction: AES-128 over 1 MiB, one call per emulated instruction; "
           "driver*: the public functions (resolved), else calls through the pinned driver's table\n",
           cfg.best ? "best" : "medians", SPEED_RUNS);
    for (size_t i = 0; i < cfg.npeers; i++)
        if (cfg.peers[i]->prim_setup) printf("# %s %s\n", cfg.peers[i]->title, cfg.peers[i]->version());
    printf("%-10s %-20s %-18s %-18s %10s %10s", "algorithm", "op", "measure", "driver", "Mops/s", "cycles/op");
    for (size_t i = 0; i < cfg.npeers; i++) {
        char h[32];
        if (!cfg.peers[i]->prim_setup) continue;
        int w = prim_col(h, cfg.peers[i], "Mops/s");
        printf(" %*s", w, h);
        w = prim_col(h, cfg.peers[i], "cyc/op");
        printf(" %*s %7s", w, h, "ratio");
    }
    printf("\n");
}

void speed_out_prim_row(const struct speed_prim_row *r)
{
    char b[32], m[32], h[32];
    if (js) {
        fprintf(js, "%s  {\"algorithm\": \"%s\", \"driver\": \"%s\", \"op\": \"%s\", \"measure\": \"%s\", "
                "\"api\": %s, \"ops_per_s\": %.0f, \"cycles_per_op\": %s",
                first ? "" : ",\n", r->alg, r->driver, r->op, r->measure, r->api ? "true" : "false", r->res.mbps,
                cpb_txt(r->res.cpb, b, "null"));
        for (size_t i = 0; i < cfg.npeers; i++)
            if (r->have[i])
                fprintf(js, ", \"%s_ops_per_s\": %.0f, \"%s_cycles_per_op\": %s, \"%s\": %.3f", cfg.peers[i]->name,
                        r->peer[i].mbps, cfg.peers[i]->name, cpb_txt(r->peer[i].cpb, b, "null"),
                        cfg.peers[i]->ratio_key, r->res.mbps / r->peer[i].mbps);
        fputc('}', js);
        first = 0;
    }
    if (cfg.table) {
        prim_header();
        char d[64];
        snprintf(d, sizeof d, "%s%s", r->driver, r->api ? "*" : "");
        printf("%-10s %-20s %-18s %-18s %10s %10.10s", r->alg, r->op, r->measure, d, mops_txt(r->res.mbps, m),
               cpb_txt(r->res.cpb, b, "-"));
        for (size_t i = 0; i < cfg.npeers; i++) {
            if (!cfg.peers[i]->prim_setup) continue;
            const int w1 = prim_col(h, cfg.peers[i], "Mops/s"), w2 = prim_col(h, cfg.peers[i], "cyc/op");
            if (r->have[i])
                printf(" %*s %*s %6.2fx", w1, mops_txt(r->peer[i].mbps, m), w2, cpb_txt(r->peer[i].cpb, b, "-"),
                       r->res.mbps / r->peer[i].mbps);
            else
                printf(" %*s %*s %7s", w1, "-", w2, "-", "-");
        }
        printf("\n");
        fflush(stdout);
    }
}

/* ---------------------------------------------------------------- end -- */

void speed_out_end(void)
{
    if (!js) return;
    fputs(first ? "]\n}\n" : "\n]\n}\n", js);
    if (fclose(js) != 0) die("%s", "out of memory");
    js = NULL;
    if (!cfg.json_path) {
        if (fwrite(js_buf, 1, js_len, stdout) != js_len || fflush(stdout) != 0) die("stdout: %s", strerror(errno));
    } else {
        FILE *f = fdopen(tmp_fd, "w");
        int ok = f && fwrite(js_buf, 1, js_len, f) == js_len;
        if (f && fclose(f) != 0) ok = 0;
        if (!ok || rename(tmp_path, cfg.json_path) != 0) die("--json-out %s: %s", cfg.json_path, strerror(errno));
        free(tmp_path);
        tmp_path = NULL;    /* renamed: nothing for drop_tmp */
    }
    free(js_buf);
}
