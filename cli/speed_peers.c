/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: the strongest peers (--vs awslc,ring,openssl4), through
 * bench/peers' librijn_peers.so, loaded with dlopen like the others:
 *   awslc     AWS-LC, through the Rust crate aws-lc-rs;
 *   ring      ring (BoringSSL's assembly), through its Rust API;
 *   openssl4  OpenSSL 4.0, built from source (the openssl-src crate) and
 *             linked into the library statically, through EVP as the
 *             OpenSSL 3.0 peer (speed_openssl.c).
 * `make speed-peers` builds the library (scripts/speed_peers.sh: cargo,
 * crates.io) and names it in RIJN_PEERS_LIB; without it dlopen searches
 * the usual paths for librijn_peers.so.
 *
 * The library's C ABI (bench/peers/src/lib.rs, version rp_abi() == 1):
 * rp_new(peer, mode, dec, key, key_bits, iv, aad, aad_len, in, out, size,
 * tag) sets up one side over the message's buffers, which it re-reads at
 * every rp_op (one message); mode 0 is AES-GCM with a 12-byte nonce and
 * a 16-byte tag, 1 AES-CTR. For decryption it seals out into in and tag
 * first, as rijn's side does, and checks that its open verifies. So the
 * peers measure GCM (with a 96-bit nonce and a 16-byte tag, which the
 * adapters' defaults are) and CTR; other modes show "-".
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

#define SONAME "librijn_peers.so"

enum { PEER_AWSLC, PEER_RING, PEER_OPENSSL4, NPEERS };

static struct {
    void *h;
    int tried, ok;
    int (*abi)(void);
    const char *(*name)(int);
    const char *(*version)(int);
    void *(*new)(int, int, int, const uint8_t *, int, const uint8_t *, const uint8_t *, size_t, const uint8_t *,
                 uint8_t *, size_t, uint8_t *);
    void (*op)(void *);
    void (*free)(void *);
} L;

static const char *soname(void)
{
    const char *p = getenv("RIJN_PEERS_LIB");
    return p && *p ? p : SONAME;
}

/* Loaded once for the three peers; each checks that the library names it
 * where rijn expects it. */
static int load_lib(int peer, const char *name)
{
    if (!L.tried) {
        L.tried = 1;
        L.h = dlopen(soname(), RTLD_NOW | RTLD_LOCAL);
        if (!L.h) return -1;
#define SYM(f, n) *(void **)&L.f = dlsym(L.h, n); if (!L.f) return -1
        SYM(abi, "rp_abi");
        SYM(name, "rp_peer_name");
        SYM(version, "rp_peer_version");
        SYM(new, "rp_new");
        SYM(op, "rp_op");
        SYM(free, "rp_free");
#undef SYM
        L.ok = L.abi() == 1;
    }
    if (!L.ok) return -1;
    const char *n = L.name(peer);
    return n && strcmp(n, name) == 0 ? 0 : -1;
}

static int mode_of(const struct speed_msg *m)
{
    const struct rs_alg *a = m->a;
    if (strcmp(a->mode, "gcm") == 0 && a->shape == RS_AEAD && a->iv_len == 12 && m->tag_len == 16) return 0;
    if (strcmp(a->mode, "ctr") == 0 && a->shape == RS_CIPHER && a->iv_len == 16) return 1;
    return -1;
}

static int setup(int peer, struct speed_msg *m, struct speed_run *run)
{
    const int mode = mode_of(m);
    if (mode < 0) return -1;
    void *st = L.new(peer, mode, m->dec, m->key, m->key_bits, m->iv, m->aad, SPEED_AAD, m->in, m->out, m->size,
                     m->tag);
    if (!st) return -1;
    run->op = L.op;
    run->st = st;
    return 0;
}

static void done(struct speed_run *run)
{
    L.free(run->st);
}

/* The library's version string, less its leading "AWS-LC ", "ring " or
 * "OpenSSL ": the table prints the title before it. */
static const char *version_of(int peer, const char *title)
{
    const char *v = L.version(peer);
    const size_t n = strcspn(title, " ");
    if (!v) return "?";
    return strncmp(v, title, n) == 0 && v[n] == ' ' ? v + n + 1 : v;
}

#define PEER(id, nm, ttl, cl)                                                                              \
    static int load_##id(void) { return load_lib(id, #nm); }                                           \
    static const char *version_##id(void) { return version_of(id, ttl); }                               \
    static int setup_##id(struct speed_msg *m, struct speed_run *run) { return setup(id, m, run); }     \
    const struct speed_peer speed_##nm = {                                                              \
        .name = #nm, .title = (ttl), .soname = SONAME, .col = (cl), .ratio_key = #nm "_ratio",          \
        .load = load_##id, .version = version_##id, .setup = setup_##id, .done = done,                  \
    }

PEER(PEER_AWSLC, awslc, "AWS-LC", "awslc");
PEER(PEER_RING, ring, "ring", "ring");
PEER(PEER_OPENSSL4, openssl4, "OpenSSL", "ossl4");
