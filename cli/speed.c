/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: throughput by buffer size, against OpenSSL, libgcrypt and
 * libsodium in the same run. This file is the command: its options, and
 * the loop over the rows (cli/speed.h lists the other parts).
 *
 * The algorithms are the registry's that have an adapter (cli_algs), in
 * that order. Each has a row per buffer size for encryption (a MAC: for
 * the MAC), and a second one for decryption where its adapter sets
 * speed_dec (support/adapt.h says which and why). Sizes that the mode does
 * not take (not a multiple of its block, under its minimum) have no row.
 *
 * The peers, OpenSSL (--vs openssl), libgcrypt (--vs gcrypt) and
 * libsodium (--vs sodium), are reached through dlopen, so that rijn
 * itself links none of them. A peer measures the modes it has, and the
 * primitive kinds' operations it has (X25519: OpenSSL and libsodium).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rijn/rijn.h"
#include "speed.h"

/* The peers, in column order. */
static const struct speed_peer *const all_peers[SPEED_MAX_PEERS] = {
    &speed_openssl, &speed_gcrypt, &speed_sodium, &speed_awslc, &speed_ring, &speed_openssl4,
};

enum { MAX_ALGS = 64, MAX_SIZES = 32 };

struct speed_opts {
    const struct rs_alg *algs[MAX_ALGS];
    size_t nalgs;
    int want[MAX_ALGS], nwant;          /* --alg, by index into algs */
    const struct rs_prim *prims[MAX_ALGS]; /* the primitive kinds (support/adapt_prim.h) */
    size_t nprims;
    int want_prim[MAX_ALGS];
    const char *driver;
    size_t sizes[MAX_SIZES];
    int nsizes, key_bits, json, best;
    const char *json_out;
    double secs;
    int vs[SPEED_MAX_PEERS];            /* --vs, by index into all_peers */
    int offsets[2];                     /* --offsets: input's and output's, or -1 (where malloc puts them) */
};

static void parse(int argc, char **argv, struct speed_opts *o)
{
    static const size_t default_sizes[] = { 16, 64, 256, 1500, 4096, 16384 };
    static const struct option opts[] = {
        { "alg", required_argument, NULL, OPT_ALG },         { "driver", required_argument, NULL, OPT_DRIVER },
        { "sizes", required_argument, NULL, OPT_SIZES },     { "key-bits", required_argument, NULL, OPT_KEY_BITS },
        { "seconds", required_argument, NULL, OPT_SECONDS }, { "stat", required_argument, NULL, OPT_STAT },
        { "vs", required_argument, NULL, OPT_VS },           { "json", no_argument, NULL, OPT_JSON },
        { "json-out", required_argument, NULL, OPT_JSON_OUT }, { "offsets", required_argument, NULL, OPT_OFFSETS },
        CLI_HELP_OPTION, { NULL, 0, NULL, 0 },
    };
    memset(o, 0, sizeof *o);
    o->nalgs = cli_algs(o->algs, MAX_ALGS);
    /* The primitive kinds the registry lists, in its order. */
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info d;
        const struct rs_prim *p;
        if (rijn_driver_get(i, &d) || !(p = rs_prim_find(d.algorithm))) continue;
        size_t k = 0;
        while (k < o->nprims && o->prims[k] != p) k++;
        if (k == o->nprims && o->nprims < MAX_ALGS) o->prims[o->nprims++] = p;
    }
    memcpy(o->sizes, default_sizes, sizeof default_sizes);
    o->nsizes = (int)(sizeof default_sizes / sizeof default_sizes[0]);
    o->key_bits = 128;
    o->secs = 0.5;
    o->offsets[0] = o->offsets[1] = -1;
    int c;
    while ((c = cli_getopt(argc, argv, opts)) != -1) {
        const char *v = optarg;
        if (c == OPT_JSON) o->json = 1;
        else if (c == OPT_JSON_OUT) o->json_out = v;
        else if (c == OPT_ALG) {
            size_t k = 0, p = 0;
            while (k < o->nalgs && strcmp(v, o->algs[k]->alg) != 0) k++;
            while (p < o->nprims && strcmp(v, o->prims[p]->alg) != 0) p++;
            if (k == o->nalgs && p == o->nprims) die("unknown algorithm %s (see 'rijn list')", v);
            if (k < o->nalgs) {
                if (!o->want[k]) o->nwant++;
                o->want[k] = 1;
            } else {
                if (!o->want_prim[p]) o->nwant++;
                o->want_prim[p] = 1;
            }
        } else if (c == OPT_DRIVER) o->driver = v;
        else if (c == OPT_KEY_BITS) {
            o->key_bits = (int)cli_number("--key-bits", v, 128, 256);
            if (o->key_bits != 128 && o->key_bits != 192 && o->key_bits != 256)
                die("--key-bits must be 128, 192 or 256 (got %s)", v);
        } else if (c == OPT_SECONDS) {
            char *end;
            errno = 0;
            o->secs = strtod(v, &end);
            if (!*v || *end || errno || !(o->secs > 0 && o->secs < 3600))
                die("--seconds must be a duration above 0 and under 3600 (got '%s')", v);
        } else if (c == OPT_SIZES) {
            char buf[256], *save = NULL;
            if (strlen(v) >= sizeof buf) die("--sizes: list too long (%zu characters)", strlen(v));
            snprintf(buf, sizeof buf, "%s", v);
            o->nsizes = 0;
            for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                if (o->nsizes == MAX_SIZES) die("--sizes: at most %d sizes", MAX_SIZES);
                o->sizes[o->nsizes++] = (size_t)cli_number("--sizes", t, 1, 64u << 20);
            }
            if (!o->nsizes) die("%s", "--sizes: empty list");
        } else if (c == OPT_OFFSETS) {
            char buf[32], *save = NULL;
            if (strlen(v) >= sizeof buf) die("--offsets: IN,OUT, each 0..4095 (got '%s')", v);
            snprintf(buf, sizeof buf, "%s", v);
            const char *t0 = strtok_r(buf, ",", &save), *t1 = strtok_r(NULL, ",", &save);
            if (!t0 || !t1 || strtok_r(NULL, ",", &save)) die("--offsets: IN,OUT, each 0..4095 (got '%s')", v);
            o->offsets[0] = (int)cli_number("--offsets", t0, 0, 4095);
            o->offsets[1] = (int)cli_number("--offsets", t1, 0, 4095);
        } else if (c == OPT_STAT) {
            if (strcmp(v, "best") != 0 && strcmp(v, "median") != 0) die("--stat must be median or best (got %s)", v);
            o->best = strcmp(v, "best") == 0;
        } else if (c == OPT_VS) {
            char buf[128], *save = NULL;
            if (strlen(v) >= sizeof buf) die("--vs: list too long (%zu characters)", strlen(v));
            snprintf(buf, sizeof buf, "%s", v);
            for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                size_t p = 0;
                while (p < SPEED_MAX_PEERS && strcmp(t, all_peers[p]->name) != 0) p++;
                if (p == SPEED_MAX_PEERS) {
                    char names[256];
                    size_t used = 0;
                    for (size_t i = 0; i < SPEED_MAX_PEERS && used < sizeof names; i++)
                        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                                 all_peers[i]->name);
                    die("--vs: one or more of %s, comma-separated (not %s)", names, t);
                }
                o->vs[p] = 1;
            }
        }
    }
    if (optind < argc) die("unexpected argument %s (see 'rijn speed --help')", argv[optind]);
    if (o->json && o->json_out) die("%s", "--json and --json-out: one or the other");
    if (!o->nwant) {
        for (size_t k = 0; k < o->nalgs; k++) o->want[k] = 1;
        for (size_t k = 0; k < o->nprims; k++) o->want_prim[k] = 1;
    }
    if (o->driver && o->nwant != 1) die("%s", "--driver needs exactly one --alg");
}

/* A primitive's job with its buffers (support/adapt_prim.h): open fills
 * them, so they exist before it is called. */
static rs_prim_job *prim_job_new(void)
{
    rs_prim_job *j = aligned_alloc(64, (sizeof *j + 63) / 64 * 64);
    if (!j) die("%s", "out of memory");
    memset(j, 0, sizeof *j);
    j->in = aligned_alloc(64, RS_PRIM_BUF);
    j->out = aligned_alloc(64, RS_PRIM_BUF);
    if (!j->in || !j->out) die("%s", "out of memory");
    for (size_t b = 0; b < RS_PRIM_BUF; b++) j->in[b] = (uint8_t)(b * 7 + 3);
    memset(j->out, 0, RS_PRIM_BUF);
    return j;
}

static void prim_job_free(rs_prim_job *j)
{
    free(j->in);
    free(j->out);
    free(j);
}

/* Every error that the measurements could meet, found before any output:
 * rijn sets up each algorithm asked for at this key size, with --driver
 * when given; a primitive's --driver must be a driver of that kind that
 * opens on this CPU. Exit 2 with the reason, else return. */
static void preflight(const struct speed_opts *o)
{
    for (size_t k = 0; k < o->nalgs; k++) {
        if (!o->want[k]) continue;
        int r = speed_rijn_check(o->algs[k], o->driver, o->key_bits);
        if (r && o->driver)
            die("%s with --driver %s at %d-bit keys: %s (see 'rijn list')", o->algs[k]->alg, o->driver, o->key_bits,
                rijn_strerror(r));
        if (r) die("%s at %d-bit keys: %s", o->algs[k]->alg, o->key_bits, rijn_strerror(r));
    }
    if (!o->driver) return;
    for (size_t k = 0; k < o->nprims; k++) {
        if (!o->want_prim[k]) continue;
        const struct rs_prim *p = o->prims[k];
        size_t i = 0;
        rijn_driver_info d;
        for (; i < rijn_driver_count(); i++)
            if (!rijn_driver_get(i, &d) && strcmp(d.algorithm, p->alg) == 0 && strcmp(d.driver, o->driver) == 0) break;
        if (i == rijn_driver_count()) die("%s has no driver %s (see 'rijn list')", p->alg, o->driver);
        rs_prim_job *j = prim_job_new();
        int r = p->open(j, o->driver);
        prim_job_free(j);
        if (r) die("%s with --driver %s: %s", p->alg, o->driver, rijn_strerror(r));
    }
}

/* A row's buffer of size bytes, and 64 bytes of slack past the end, zeroed:
 * where malloc puts it (16-byte aligned with glibc) for off < 0, else off
 * bytes past a 4 KiB boundary (--offsets). A 64-byte access that crosses
 * a page boundary costs more than one that stays on its page, for rijn
 * and the peers alike, and the 16 KiB GCM figures move by several
 * percent with the placement (docs/performance.md, 2026-12-06); the JSON
 * records where each row's buffers were. *base gets what to free. */
static uint8_t *speed_buffer(size_t size, int off, uint8_t **base)
{
    if (off < 0) return *base = calloc(1, size + 64);
    const size_t cap = (size + 64 + 4095 + 4095) / 4096 * 4096;   /* off <= 4095 */
    if (!(*base = aligned_alloc(4096, cap))) return NULL;
    memset(*base, 0, cap);
    return *base + off;
}

/* The rows of one algorithm, direction and size. Returns 0, or 2 when
 * rijn cannot set the key up. */
static int row(const struct speed_opts *o, const struct rs_alg *a, int dec, size_t size,
               const struct speed_peer *const *peers, size_t npeers)
{
    struct speed_msg m;
    memset(&m, 0, sizeof m);
    m.a = a;
    m.dec = dec;
    m.size = size;
    m.key_bits = o->key_bits;
    m.tag_len = a->tags && a->tags[0] < SPEED_TAG_MAX ? a->tags[0] : SPEED_TAG_MAX;
    uint8_t *inb, *outb;
    m.in = speed_buffer(size, o->offsets[0], &inb);
    m.out = speed_buffer(size, o->offsets[1], &outb);
    if (!m.in || !m.out) die("%s", "out of memory");
    for (int b = 0; b < 64; b++) m.key[b] = (uint8_t)(b * 7 + 1);
    for (int b = 0; b < SPEED_AAD; b++) m.aad[b] = (uint8_t)b;

    struct speed_run run;
    int r = speed_rijn_setup(&m, o->driver, &run);
    if (r) {
        fprintf(stderr, "rijn speed: %s: %s\n", a->alg, rijn_strerror(r));
        return 2;   /* preflight() tried the same: only a change under us gets here */
    }
    const char *driver = NULL;
    rijn_resolve(a->alg, o->driver, &driver);
    struct speed_row out = { .alg = a->alg, .op = a->shape == RS_MAC ? "mac" : dec ? "dec" : "enc",
                             .driver = driver ? driver : "?", .key_bits = o->key_bits, .size = size,
                             .in_offset = (unsigned)((uintptr_t)m.in % 4096),
                             .out_offset = (unsigned)((uintptr_t)m.out % 4096) };
    /* Every side set up first, then measured interleaved: a peer's
     * decryption setup writes the same ciphertext and tag as rijn's (one
     * key, nonce, AAD and plaintext), so the message stays valid for all. */
    struct speed_run runs[1 + SPEED_MAX_PEERS];
    struct speed_result res[1 + SPEED_MAX_PEERS];
    size_t side[1 + SPEED_MAX_PEERS], n = 1;
    runs[0] = run;
    for (size_t i = 0; i < npeers; i++)
        if (peers[i]->setup && peers[i]->setup(&m, &runs[n]) == 0) side[n++] = i;
    speed_measure_set(runs, n, &m, o->secs, o->best, res);
    out.mine = res[0];
    for (size_t s = 1; s < n; s++) {
        out.peer[side[s]] = res[s];
        out.have[side[s]] = 1;
        peers[side[s]]->done(&runs[s]);
    }
    speed_out_row(&out);
    speed_rijn_done(&run);
    free(inb);
    free(outb);
    return 0;
}

/* What the timed loop calls for a primitive's benchmark op. */
struct prim_call {
    rs_prim_job *j;
    void (*run)(rs_prim_job *j);
};
static void prim_call(void *p)
{
    struct prim_call *c = p;
    c->run(c->j);
}

/* The peers' figures for a primitive kind's ops, measured at an op's
 * first row and repeated in the rows of the kind's other drivers: the
 * peer does the same work whichever driver rijn runs, and measuring it
 * once per op keeps a run with --vs as short as one without, nearly. */
struct prim_peers {
    struct speed_result res[SPEED_MAX_PEERS];
    int have[SPEED_MAX_PEERS], done;
};

static void prim_peer_figures(const struct speed_opts *o, const struct rs_prim *p, const struct rs_prim_op *op,
                              const rs_prim_job *j, const struct speed_peer *const *peers, size_t npeers,
                              struct prim_peers *pp)
{
    if (pp->done) return;
    pp->done = 1;
    for (size_t i = 0; i < npeers; i++) {
        struct speed_run pr;
        if (!peers[i]->prim_setup || peers[i]->prim_setup(p, op, j, &pr) != 0) continue;
        pp->res[i] = speed_measure_ops(pr.op, pr.st, (double)op->ops, o->secs, o->best);
        pp->have[i] = 1;
        peers[i]->prim_done(&pr);
    }
}

/* A primitive kind: every benchmark op of its adapter, for every driver
 * of the kind this CPU runs (or --driver), the resolved one through the
 * public functions, with the peers' figures for the ops they have.
 * Returns 0, or 2 when --driver cannot be opened. */
static int prim_rows(const struct speed_opts *o, const struct rs_prim *p, const struct speed_peer *const *peers,
                     size_t npeers)
{
    const char *resolved = rijn_selected_driver(p->alg);
    rs_prim_job *j = prim_job_new();
    struct prim_peers *pp = calloc(p->nops ? p->nops : 1, sizeof *pp);
    if (!pp) die("%s", "out of memory");
    int rc = 0;
    for (size_t i = 0; i < rijn_driver_count(); i++) {
        rijn_driver_info d;
        if (rijn_driver_get(i, &d) || strcmp(d.algorithm, p->alg) != 0) continue;
        if (o->driver ? strcmp(o->driver, d.driver) != 0 : !d.available) continue;
        const int api = !o->driver && resolved && strcmp(resolved, d.driver) == 0;
        int r = p->open(j, api ? NULL : d.driver);
        if (r) {
            fprintf(stderr, "rijn speed: %s: %s: %s\n", p->alg, d.driver, rijn_strerror(r));
            if (o->driver) rc = 2;
            continue;
        }
        for (size_t k = 0; k < p->nops; k++) {
            const struct rs_prim_op *op = &p->ops[k];
            struct speed_prim_row row = { .alg = p->alg, .op = op->op, .measure = op->measure, .driver = j->driver,
                                          .api = api };
            struct prim_call c = { j, op->run };
            row.res = speed_measure_ops(prim_call, &c, (double)op->ops, o->secs, o->best);
            prim_peer_figures(o, p, op, j, peers, npeers, &pp[k]);
            memcpy(row.peer, pp[k].res, sizeof row.peer);
            memcpy(row.have, pp[k].have, sizeof row.have);
            speed_out_prim_row(&row);
        }
    }
    free(pp);
    prim_job_free(j);
    return rc;
}

int cmd_speed(int argc, char **argv)
{
    struct speed_opts o;
    parse(argc, argv, &o);
    preflight(&o);
    const struct speed_peer *peers[SPEED_MAX_PEERS], *absent[SPEED_MAX_PEERS];
    size_t npeers = 0, nabsent = 0;
    for (size_t p = 0; p < SPEED_MAX_PEERS; p++) {
        if (!o.vs[p]) continue;
        if (all_peers[p]->load() != 0) {
            fprintf(stderr, "rijn speed: %s not loadable: no %s column\n", all_peers[p]->soname, all_peers[p]->title);
            absent[nabsent++] = all_peers[p];
        } else
            peers[npeers++] = all_peers[p];
    }
    speed_cycles_init();
    const struct speed_out_cfg cfg = {
        .table = !o.json, .json = o.json, .json_path = o.json_out, .key_bits = o.key_bits, .best = o.best,
        .secs = o.secs, .sizes = o.sizes, .nsizes = o.nsizes, .peers = peers, .npeers = npeers, .absent = absent,
        .nabsent = nabsent, .offsets = { o.offsets[0], o.offsets[1] },
    };
    speed_out_begin(&cfg);
    for (size_t k = 0; k < o.nalgs; k++) {
        const struct rs_alg *a = o.algs[k];
        if (!o.want[k]) continue;
        for (int dec = 0; dec <= (a->speed_dec ? 1 : 0); dec++)
            for (int s = 0; s < o.nsizes; s++) {
                if ((a->block > 1 && o.sizes[s] % a->block) || o.sizes[s] < a->min_len) continue;
                if (row(&o, a, dec, o.sizes[s], peers, npeers)) return 2;
            }
    }
    for (size_t k = 0; k < o.nprims; k++)
        if (o.want_prim[k] && prim_rows(&o, o.prims[k], peers, npeers)) return 2;
    speed_out_end();
    return 0;
}
