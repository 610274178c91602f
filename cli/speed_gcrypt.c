/* SPDX-License-Identifier: MIT */
/*
 * rijn speed: libgcrypt as a peer (--vs gcrypt), through libgcrypt.so.20
 * loaded with dlopen, so that rijn does not link it: gcry_cipher for
 * RS_CIPHER and RS_AEAD, gcry_mac for RS_MAC.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "speed.h"

#define SONAME "libgcrypt.so.20"

/* Copied from gcrypt.h (libgcrypt 1.10), which rijn does not include (a
 * cross build has none): enum gcry_cipher_algos, gcry_cipher_modes,
 * gcry_mac_algos and gcry_ctl_cmds. */
enum { GCRY_CIPHER_AES128 = 7,  /* AES192 and AES256 follow: 8, 9 */
       GCRY_CIPHER_MODE_ECB = 1, GCRY_CIPHER_MODE_CBC = 3, GCRY_CIPHER_MODE_CTR = 6, GCRY_CIPHER_MODE_CCM = 8,
       GCRY_CIPHER_MODE_GCM = 9, GCRY_CIPHER_MODE_XTS = 13, GCRY_MAC_CMAC_AES = 201, GCRYCTL_RESET = 4,
       GCRYCTL_DISABLE_SECMEM = 37, GCRYCTL_INITIALIZATION_FINISHED = 38, GCRYCTL_SET_CCM_LENGTHS = 69 };

/* The adapters' modes in libgcrypt's terms. */
static const struct { const char *mode; int id; } modes[] = {
    { "ecb", GCRY_CIPHER_MODE_ECB }, { "cbc", GCRY_CIPHER_MODE_CBC }, { "ctr", GCRY_CIPHER_MODE_CTR },
    { "xts", GCRY_CIPHER_MODE_XTS }, { "gcm", GCRY_CIPHER_MODE_GCM }, { "ccm", GCRY_CIPHER_MODE_CCM },
};
static const struct { const char *mode; int id; } macs[] = { { "cmac", GCRY_MAC_CMAC_AES } };

static struct {
    void *h;
    const char *(*check_version)(const char *);
    unsigned (*control)(int, ...);
    unsigned (*open)(void **, int, int, unsigned);
    void (*close)(void *);
    unsigned (*setkey)(void *, const void *, size_t);
    unsigned (*setiv)(void *, const void *, size_t);
    unsigned (*setctr)(void *, const void *, size_t);
    unsigned (*ctl)(void *, int, void *, size_t);
    unsigned (*authenticate)(void *, const void *, size_t);
    unsigned (*encrypt)(void *, void *, size_t, const void *, size_t);
    unsigned (*decrypt)(void *, void *, size_t, const void *, size_t);
    unsigned (*gettag)(void *, void *, size_t);
    unsigned (*checktag)(void *, const void *, size_t);
    unsigned (*mac_open)(void **, int, unsigned, void *);
    void (*mac_close)(void *);
    unsigned (*mac_setkey)(void *, const void *, size_t);
    unsigned (*mac_write)(void *, const void *, size_t);
    unsigned (*mac_read)(void *, void *, size_t *);
    unsigned (*mac_ctl)(void *, int, void *, size_t);
    const char *version;
} G;

static int load(void)
{
    G.h = dlopen(SONAME, RTLD_NOW);
    if (!G.h) return -1;
#define SYM(f, n) *(void **)&G.f = dlsym(G.h, n); if (!G.f) return -1
    SYM(check_version, "gcry_check_version");
    SYM(control, "gcry_control");
    SYM(open, "gcry_cipher_open");
    SYM(close, "gcry_cipher_close");
    SYM(setkey, "gcry_cipher_setkey");
    SYM(setiv, "gcry_cipher_setiv");
    SYM(setctr, "gcry_cipher_setctr");
    SYM(ctl, "gcry_cipher_ctl");
    SYM(authenticate, "gcry_cipher_authenticate");
    SYM(encrypt, "gcry_cipher_encrypt");
    SYM(decrypt, "gcry_cipher_decrypt");
    SYM(gettag, "gcry_cipher_gettag");
    SYM(checktag, "gcry_cipher_checktag");
    SYM(mac_open, "gcry_mac_open");
    SYM(mac_close, "gcry_mac_close");
    SYM(mac_setkey, "gcry_mac_setkey");
    SYM(mac_write, "gcry_mac_write");
    SYM(mac_read, "gcry_mac_read");
    SYM(mac_ctl, "gcry_mac_ctl");
#undef SYM
    G.version = G.check_version(NULL);
    if (!G.version) return -1;
    G.control(GCRYCTL_DISABLE_SECMEM, 0);
    G.control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    return 0;
}

/* gcry_check_version(NULL): the version of the library loaded, "1.10.1". */
static const char *version(void)
{
    return G.version;
}

struct gcry_job {
    struct speed_msg *m;
    void *hd, *mac;     /* a cipher or a MAC handle */
    size_t iv_len;      /* 0: none (ECB) */
    int aead;
    int ctr;            /* the counter block goes in with setctr, not setiv */
    int ccm;            /* the lengths go in before the data */
};

static void op_mac(void *p)
{
    struct gcry_job *j = p;
    struct speed_msg *m = j->m;
    size_t tl = m->tag_len;
    G.mac_ctl(j->mac, GCRYCTL_RESET, NULL, 0);
    G.mac_write(j->mac, m->in, m->size);
    G.mac_read(j->mac, m->tag, &tl);
}

static void op_cipher(void *p)
{
    struct gcry_job *j = p;
    struct speed_msg *m = j->m;
    size_t n = m->size;
    if (j->aead) G.ctl(j->hd, GCRYCTL_RESET, NULL, 0);
    if (j->ctr) G.setctr(j->hd, m->iv, j->iv_len);
    else if (j->iv_len) G.setiv(j->hd, m->iv, j->iv_len);
    if (j->ccm) {
        uint64_t l[3] = { n, SPEED_AAD, m->tag_len };
        G.ctl(j->hd, GCRYCTL_SET_CCM_LENGTHS, l, sizeof l);
    }
    if (j->aead) G.authenticate(j->hd, m->aad, SPEED_AAD);
    if (!m->dec) {
        G.encrypt(j->hd, m->out, n, m->in, n);
        if (j->aead) G.gettag(j->hd, m->tag, m->tag_len);
    } else {
        G.decrypt(j->hd, m->out, n, m->in, n);
        if (j->aead) G.checktag(j->hd, m->tag, m->tag_len);
    }
}

static void done(struct speed_run *run)
{
    struct gcry_job *j = run->st;
    if (j->hd) G.close(j->hd);
    if (j->mac) G.mac_close(j->mac);
    free(j);
}

static int setup_mac(struct gcry_job *j)
{
    struct speed_msg *m = j->m;
    if (m->key_bits != 128) return -1;   /* GCRY_MAC_CMAC_AES takes the size from the key */
    for (size_t i = 0; i < sizeof macs / sizeof macs[0]; i++)
        if (strcmp(macs[i].mode, m->a->mode) == 0)
            return G.mac_open(&j->mac, macs[i].id, 0, NULL) || G.mac_setkey(j->mac, m->key, (size_t)m->key_bits / 8)
                   ? -1 : 0;
    return -1;
}

static int setup_cipher(struct gcry_job *j)
{
    struct speed_msg *m = j->m;
    const struct rs_alg *a = m->a;
    int algo = GCRY_CIPHER_AES128 + (m->key_bits - 128) / 64;
    /* XTS-AES (IEEE 1619) has 128- and 256-bit keys only. */
    if (a->key_parts == 2 && m->key_bits == 192) return -1;
    size_t i = 0;
    while (i < sizeof modes / sizeof modes[0] && strcmp(modes[i].mode, a->mode) != 0) i++;
    if (i == sizeof modes / sizeof modes[0] || G.open(&j->hd, algo, modes[i].id, 0)) return -1;
    j->iv_len = a->iv_len;
    j->aead = a->shape == RS_AEAD;
    j->ctr = modes[i].id == GCRY_CIPHER_MODE_CTR;
    j->ccm = modes[i].id == GCRY_CIPHER_MODE_CCM;
    return G.setkey(j->hd, m->key, (size_t)m->key_bits / 8 * a->key_parts) ? -1 : 0;
}

static int setup(struct speed_msg *m, struct speed_run *run)
{
    struct gcry_job *j = calloc(1, sizeof *j);
    if (!j) return -1;
    j->m = m;
    run->st = j;
    if (m->a->shape == RS_MAC ? setup_mac(j) : setup_cipher(j)) {
        done(run);
        return -1;
    }
    run->op = m->a->shape == RS_MAC ? op_mac : op_cipher;
    if (m->dec && j->aead) {
        /* A valid ciphertext and tag for its own decryption runs: one
         * encryption of out (zeros) into in. */
        uint8_t *in = m->in;
        m->dec = 0;
        m->in = m->out;
        m->out = in;
        op_cipher(j);
        m->out = m->in;
        m->in = in;
        m->dec = 1;
    }
    return 0;
}

const struct speed_peer speed_gcrypt = {
    .name = "gcrypt", .title = "libgcrypt", .soname = SONAME, .col = "gcry", .ratio_key = "gcrypt_ratio",
    .load = load, .version = version, .setup = setup, .done = done,
};
