/*
 * rijn speed: throughput by buffer size, against OpenSSL in the same run.
 *
 * One operation is one complete message: for AEAD a new nonce, 13 bytes of
 * AAD, the data and the tag (as `openssl speed -aead`); for the other modes
 * a new IV plus the buffer; for CMAC a new MAC over the buffer.
 *
 * Each figure is the median of several timed runs. Cycles per byte come
 * from perf_event (hardware cycle counter) when the kernel lets us read it.
 * Otherwise, on x86-64, from the measured effective core clock (a chain of
 * dependent adds, one cycle each) times the elapsed time. Elsewhere there
 * is no such fallback (an AArch64 board may switch between big and little
 * cores, and under qemu an add chain measures the emulator): only MB/s is
 * reported, and cpb shows "-" (null in JSON). The output says which.
 *
 * The peers, OpenSSL (--vs openssl) and libgcrypt (--vs gcrypt), are
 * reached through dlopen("libcrypto.so.3") and dlopen("libgcrypt.so.20"),
 * so that rijn itself links neither.
 */
#include <dlfcn.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rijn/rijn.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---------------------------------------------------------- cycles -- */

static int perf_fd = -1;
static double clock_ghz;   /* effective clock when perf is unavailable; 0: none */

/* Effective clock now: 8 dependent adds per iteration take 8 cycles. */
static double measure_ghz(uint64_t iters)
{
    uint64_t x = 0;
    double t0 = now_s();
    for (uint64_t i = 0; i < iters; i++) {
#if defined(__x86_64__)
        __asm__ volatile("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                         "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                         : "+r"(x) : "r"(i));
#elif defined(__aarch64__)
        __asm__ volatile("add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
                         "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1"
                         : "+r"(x) : "r"(i));
#else
        x += i;
        __asm__ volatile("" : "+r"(x));
#endif
    }
    return (double)iters * 8 / (now_s() - t0) / 1e9;
}

static void cycles_init(void)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_CPU_CYCLES;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    perf_fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
    if (perf_fd >= 0) {
        uint64_t v;
        ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0);
        if (read(perf_fd, &v, sizeof v) != sizeof v || v == 0) {
            close(perf_fd);
            perf_fd = -1;
        }
    }
    if (perf_fd >= 0) return;
#if !defined(__x86_64__)
    return;   /* no trusted clock: MB/s only (see the top of the file) */
#endif
    double r[7];
    for (int k = 0; k < 7; k++) r[k] = measure_ghz(20000000);
    clock_ghz = median(r, 7);
}

static uint64_t cycles_now(void)
{
    uint64_t v = 0;
    if (perf_fd >= 0 && read(perf_fd, &v, sizeof v) != sizeof v) v = 0;
    return v;
}

/* ------------------------------------------------------------ OpenSSL -- */

static struct {
    void *h;
    void *(*ctx_new)(void);
    void (*ctx_free)(void *);
    const void *(*cipher_byname)(const char *);
    int (*enc_init)(void *, const void *, void *, const uint8_t *, const uint8_t *);
    int (*enc_update)(void *, uint8_t *, int *, const uint8_t *, int);
    int (*enc_final)(void *, uint8_t *, int *);
    int (*dec_init)(void *, const void *, void *, const uint8_t *, const uint8_t *);
    int (*dec_update)(void *, uint8_t *, int *, const uint8_t *, int);
    int (*dec_final)(void *, uint8_t *, int *);
    int (*ctrl)(void *, int, int, void *);
    int (*set_padding)(void *, int);
    void *(*mac_fetch)(void *, const char *, const char *);
    void *(*mac_ctx_new)(void *);
    int (*mac_init)(void *, const uint8_t *, size_t, const void *);
    int (*mac_update)(void *, const uint8_t *, size_t);
    int (*mac_final)(void *, uint8_t *, size_t *, size_t);
    void (*mac_ctx_free)(void *);
} O;

/* OSSL_PARAM, as in openssl/core.h. */
typedef struct { const char *key; unsigned data_type; void *data; size_t data_size, return_size; } ossl_param;

#define EVP_CTRL_AEAD_SET_IVLEN 0x9
#define EVP_CTRL_AEAD_GET_TAG 0x10
#define EVP_CTRL_AEAD_SET_TAG 0x11

static int ossl_load(void)
{
    O.h = dlopen("libcrypto.so.3", RTLD_NOW);
    if (!O.h) return -1;
#define SYM(f, n) *(void **)&O.f = dlsym(O.h, n); if (!O.f) return -1
    SYM(ctx_new, "EVP_CIPHER_CTX_new");
    SYM(ctx_free, "EVP_CIPHER_CTX_free");
    SYM(cipher_byname, "EVP_get_cipherbyname");
    SYM(enc_init, "EVP_EncryptInit_ex");
    SYM(enc_update, "EVP_EncryptUpdate");
    SYM(enc_final, "EVP_EncryptFinal_ex");
    SYM(dec_init, "EVP_DecryptInit_ex");
    SYM(dec_update, "EVP_DecryptUpdate");
    SYM(dec_final, "EVP_DecryptFinal_ex");
    SYM(ctrl, "EVP_CIPHER_CTX_ctrl");
    SYM(set_padding, "EVP_CIPHER_CTX_set_padding");
    SYM(mac_fetch, "EVP_MAC_fetch");
    SYM(mac_ctx_new, "EVP_MAC_CTX_new");
    SYM(mac_init, "EVP_MAC_init");
    SYM(mac_update, "EVP_MAC_update");
    SYM(mac_final, "EVP_MAC_final");
    SYM(mac_ctx_free, "EVP_MAC_CTX_free");
#undef SYM
    return 0;
}


/* ---------------------------------------------------------- libgcrypt -- */

/* Constants from gcrypt.h (libgcrypt 1.10). */
enum { GCRY_AES128 = 7, GCRY_MODE_ECB = 1, GCRY_MODE_CBC = 3, GCRY_MODE_CTR = 6, GCRY_MODE_CCM = 8,
       GCRY_MODE_GCM = 9, GCRY_MODE_XTS = 13, GCRY_MAC_CMAC_AES = 201, GCRYCTL_RESET = 4,
       GCRYCTL_DISABLE_SECMEM = 37, GCRYCTL_INITIALIZATION_FINISHED = 38, GCRYCTL_SET_CCM_LENGTHS = 69 };

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

static int gcry_load(void)
{
    G.h = dlopen("libgcrypt.so.20", RTLD_NOW);
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

/* ------------------------------------------------------------- jobs -- */

enum alg { A_ECB, A_CBC, A_CTR, A_XTS, A_GCM, A_CCM, A_CMAC, A_N };
static const char *const alg_names[A_N] = { "ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)",
                                            "gcm(aes)", "ccm(aes)", "cmac(aes)" };
static const char *const ossl_modes[A_N] = { "ecb", "cbc", "ctr", "xts", "gcm", "ccm", "cbc" };

struct job {
    enum alg alg;
    int dec;            /* 0 encrypt / MAC, 1 decrypt */
    size_t size;
    int key_bits;
    uint8_t *in, *out, key[64], iv[16], aad[13], tag[16];
    /* rijn contexts */
    rijn_ecb_ctx ecb;
    rijn_cbc_ctx cbc;
    rijn_ctr_ctx ctr;
    rijn_xts_ctx xts;
    rijn_gcm_key gcm;
    rijn_ccm_key ccm;
    rijn_cmac_key cmac;
    /* OpenSSL */
    void *octx, *mctx;
    const void *ocipher;
    /* libgcrypt: a cipher or a MAC handle */
    void *ghd, *gmac;
};

static int rijn_setup(struct job *j, const char *driver)
{
    size_t kl = (size_t)j->key_bits / 8;
    switch (j->alg) {
    case A_ECB: return rijn_ecb_init(&j->ecb, driver, j->key, kl);
    case A_CBC: return rijn_cbc_init(&j->cbc, driver, j->key, kl);
    case A_CTR: return rijn_ctr_init(&j->ctr, driver, j->key, kl, j->iv);
    case A_XTS: return rijn_xts_init(&j->xts, driver, j->key, 2 * kl);
    case A_GCM: return rijn_gcm_init(&j->gcm, driver, j->key, kl);
    case A_CCM: return rijn_ccm_init(&j->ccm, driver, j->key, kl);
    case A_CMAC: return rijn_cmac_init(&j->cmac, driver, j->key, kl);
    default: return -1;
    }
}

static const char *rijn_driver_of(const struct job *j, const char *driver)
{
    const char *name = NULL;
    rijn_resolve(alg_names[j->alg], driver, &name);
    return name ? name : "?";
}

static void rijn_op(struct job *j)
{
    size_t n = j->size;
    j->iv[0]++;
    switch (j->alg) {
    case A_ECB:
        j->dec ? rijn_ecb_decrypt(&j->ecb, j->out, j->in, n) : rijn_ecb_encrypt(&j->ecb, j->out, j->in, n);
        break;
    case A_CBC: {
        uint8_t iv[16];
        memcpy(iv, j->iv, 16);
        j->dec ? rijn_cbc_decrypt(&j->cbc, iv, j->out, j->in, n) : rijn_cbc_encrypt(&j->cbc, iv, j->out, j->in, n);
        break;
    }
    case A_CTR:
        rijn_ctr_set_iv(&j->ctr, j->iv);
        rijn_ctr_xor(&j->ctr, j->out, j->in, n);
        break;
    case A_XTS:
        j->dec ? rijn_xts_decrypt(&j->xts, j->iv, j->out, j->in, n) : rijn_xts_encrypt(&j->xts, j->iv, j->out, j->in, n);
        break;
    case A_GCM:
        if (j->dec) rijn_gcm_open(&j->gcm, j->iv, 12, j->aad, 13, j->in, n, j->tag, 16, j->out);
        else rijn_gcm_seal(&j->gcm, j->iv, 12, j->aad, 13, j->in, n, j->out, j->tag, 16);
        break;
    case A_CCM:
        if (j->dec) rijn_ccm_open(&j->ccm, j->iv, 12, j->aad, 13, j->in, n, j->tag, 16, j->out);
        else rijn_ccm_seal(&j->ccm, j->iv, 12, j->aad, 13, j->in, n, j->out, j->tag, 16);
        break;
    case A_CMAC:
        rijn_cmac(&j->cmac, j->in, n, j->tag, 16);
        break;
    default:
        break;
    }
}

/* For decryption benchmarks the input must authenticate: produce it. */
static void rijn_prepare_dec(struct job *j)
{
    if (j->alg == A_GCM) rijn_gcm_seal(&j->gcm, j->iv, 12, j->aad, 13, j->out, j->size, j->in, j->tag, 16);
    if (j->alg == A_CCM) rijn_ccm_seal(&j->ccm, j->iv, 12, j->aad, 13, j->out, j->size, j->in, j->tag, 16);
}

static int ossl_setup(struct job *j)
{
    char name[32];
    int kb = j->key_bits;
    snprintf(name, sizeof name, "aes-%d-%s", kb, ossl_modes[j->alg]);
    if (j->alg == A_XTS && kb == 192) return -1;   /* OpenSSL has no AES-192-XTS */
    if (j->alg == A_CMAC) {
        void *mac = O.mac_fetch(NULL, "CMAC", NULL);
        if (!mac) return -1;
        j->mctx = O.mac_ctx_new(mac);
        ossl_param p[2] = { { "cipher", 4 /* UTF8 string */, name, strlen(name), 0 }, { NULL, 0, NULL, 0, 0 } };
        return j->mctx && O.mac_init(j->mctx, j->key, (size_t)j->key_bits / 8, p) == 1 ? 0 : -1;
    }
    j->ocipher = O.cipher_byname(name);
    j->octx = O.ctx_new();
    if (!j->ocipher || !j->octx) return -1;
    int ok = j->dec ? O.dec_init(j->octx, j->ocipher, NULL, NULL, NULL) : O.enc_init(j->octx, j->ocipher, NULL, NULL, NULL);
    if (j->alg == A_GCM || j->alg == A_CCM) ok &= O.ctrl(j->octx, EVP_CTRL_AEAD_SET_IVLEN, 12, NULL);
    if (j->alg == A_CCM) ok &= O.ctrl(j->octx, EVP_CTRL_AEAD_SET_TAG, 16, NULL);
    ok &= j->dec ? O.dec_init(j->octx, NULL, NULL, j->key, NULL) : O.enc_init(j->octx, NULL, NULL, j->key, NULL);
    if (j->alg == A_ECB || j->alg == A_CBC) O.set_padding(j->octx, 0);
    return ok == 1 ? 0 : -1;
}

static void ossl_op(struct job *j)
{
    int l, n = (int)j->size;
    j->iv[0]++;
    if (j->alg == A_CMAC) {
        size_t tl;
        O.mac_init(j->mctx, NULL, 0, NULL);
        O.mac_update(j->mctx, j->in, j->size);
        O.mac_final(j->mctx, j->tag, &tl, 16);
        return;
    }
    if (!j->dec) {
        O.enc_init(j->octx, NULL, NULL, NULL, j->alg == A_ECB ? NULL : j->iv);
        if (j->alg == A_CCM) O.enc_update(j->octx, NULL, &l, NULL, n);
        if (j->alg == A_GCM || j->alg == A_CCM) O.enc_update(j->octx, NULL, &l, j->aad, 13);
        O.enc_update(j->octx, j->out, &l, j->in, n);
        O.enc_final(j->octx, j->out + l, &l);
        if (j->alg == A_GCM || j->alg == A_CCM) O.ctrl(j->octx, EVP_CTRL_AEAD_GET_TAG, 16, j->tag);
    } else {
        O.dec_init(j->octx, NULL, NULL, NULL, j->alg == A_ECB ? NULL : j->iv);
        if (j->alg == A_CCM) {
            O.ctrl(j->octx, EVP_CTRL_AEAD_SET_TAG, 16, j->tag);
            O.dec_update(j->octx, NULL, &l, NULL, n);
        }
        if (j->alg == A_GCM || j->alg == A_CCM) O.dec_update(j->octx, NULL, &l, j->aad, 13);
        O.dec_update(j->octx, j->out, &l, j->in, n);
        if (j->alg == A_GCM) O.ctrl(j->octx, EVP_CTRL_AEAD_SET_TAG, 16, j->tag);
        if (j->alg != A_CCM) O.dec_final(j->octx, j->out + l, &l);
    }
}

/* A valid ciphertext and tag from OpenSSL for its own decryption runs. */
static void ossl_prepare_dec(struct job *j)
{
    if (j->alg != A_GCM && j->alg != A_CCM) return;
    struct job e = *j;
    e.dec = 0;
    e.in = j->out;
    e.out = j->in;
    if (ossl_setup(&e) == 0) {
        e.iv[0] = (uint8_t)(j->iv[0] - 1);   /* ossl_op increments it first */
        ossl_op(&e);
        memcpy(j->tag, e.tag, 16);
        O.ctx_free(e.octx);
    }
}

static int gcry_setup(struct job *j)
{
    static const int modes[A_N] = { GCRY_MODE_ECB, GCRY_MODE_CBC, GCRY_MODE_CTR, GCRY_MODE_XTS,
                                    GCRY_MODE_GCM, GCRY_MODE_CCM, 0 };
    int algo = GCRY_AES128 + (j->key_bits - 128) / 64;   /* AES128, AES192, AES256 = 7, 8, 9 */
    size_t kl = (size_t)j->key_bits / 8;
    if (j->alg == A_CMAC) {
        if (j->key_bits != 128) return -1;   /* GCRY_MAC_CMAC_AES takes the size from the key */
        return G.mac_open(&j->gmac, GCRY_MAC_CMAC_AES, 0, NULL) || G.mac_setkey(j->gmac, j->key, kl) ? -1 : 0;
    }
    if (j->alg == A_XTS && j->key_bits == 192) return -1;
    if (G.open(&j->ghd, algo, modes[j->alg], 0)) return -1;
    return G.setkey(j->ghd, j->key, j->alg == A_XTS ? 2 * kl : kl) ? -1 : 0;
}

static void gcry_op(struct job *j)
{
    size_t n = j->size;
    j->iv[0]++;
    if (j->alg == A_CMAC) {
        size_t tl = 16;
        G.mac_ctl(j->gmac, GCRYCTL_RESET, NULL, 0);
        G.mac_write(j->gmac, j->in, n);
        G.mac_read(j->gmac, j->tag, &tl);
        return;
    }
    if (j->alg == A_GCM || j->alg == A_CCM) G.ctl(j->ghd, GCRYCTL_RESET, NULL, 0);
    if (j->alg == A_CTR) G.setctr(j->ghd, j->iv, 16);
    else if (j->alg != A_ECB) G.setiv(j->ghd, j->iv, j->alg == A_GCM || j->alg == A_CCM ? 12 : 16);
    if (j->alg == A_CCM) {
        uint64_t l[3] = { n, 13, 16 };
        G.ctl(j->ghd, GCRYCTL_SET_CCM_LENGTHS, l, sizeof l);
    }
    if (j->alg == A_GCM || j->alg == A_CCM) G.authenticate(j->ghd, j->aad, 13);
    if (!j->dec) {
        G.encrypt(j->ghd, j->out, n, j->in, n);
        if (j->alg == A_GCM || j->alg == A_CCM) G.gettag(j->ghd, j->tag, 16);
    } else {
        G.decrypt(j->ghd, j->out, n, j->in, n);
        if (j->alg == A_GCM || j->alg == A_CCM) G.checktag(j->ghd, j->tag, 16);
    }
}

/* A valid ciphertext and tag for libgcrypt's own decryption runs. */
static void gcry_prepare_dec(struct job *j)
{
    if (j->alg != A_GCM && j->alg != A_CCM) return;
    uint8_t *in = j->in;
    j->dec = 0;
    j->in = j->out;
    j->out = in;
    j->iv[0]--;              /* gcry_op increments it first */
    gcry_op(j);
    j->out = j->in;
    j->in = in;
    j->dec = 1;
}

struct result { double mbps, cpb; };
static int stat_best;   /* --stat best: fastest run instead of the median */

static double best_of(const double *v, int n, int want_max)
{
    double b = v[0];
    for (int i = 1; i < n; i++) b = want_max ? (v[i] > b ? v[i] : b) : (v[i] < b ? v[i] : b);
    return b;
}

/* Median over `runs` timed runs of about `secs / runs` seconds each. */
static struct result measure(void (*op)(struct job *), struct job *j, double secs)
{
    enum { RUNS = 7 };
    double mb[RUNS], cpb[RUNS];
    uint8_t iv0 = j->iv[0];
    /* Calibrate the number of operations per run. */
    size_t reps = 1;
    for (;;) {
        double t0 = now_s();
        for (size_t i = 0; i < reps; i++) { j->iv[0] = iv0 - 1; op(j); }
        double dt = now_s() - t0;
        if (dt > 0.01 || reps > (1u << 30)) {
            reps = (size_t)((double)reps * (secs / RUNS) / (dt > 1e-9 ? dt : 1e-9)) + 1;
            break;
        }
        reps *= 4;
    }
    for (int r = 0; r < RUNS; r++) {
        /* Without perf, the clock is sampled around each run as well: on a
         * shared VM the host steals time, and a run slowed that way is
         * converted with the clock seen at that moment (the higher of the
         * two samples, so cycles are never understated). */
        double g0 = perf_fd >= 0 || clock_ghz == 0 ? 0 : measure_ghz(250000);
        uint64_t c0 = cycles_now();
        double t0 = now_s();
        for (size_t i = 0; i < reps; i++) { j->iv[0] = iv0 - 1; op(j); }
        double dt = now_s() - t0;
        uint64_t c1 = cycles_now();
        double g1 = perf_fd >= 0 || clock_ghz == 0 ? 0 : measure_ghz(250000);
        double bytes = (double)j->size * (double)reps;
        mb[r] = bytes / dt / 1e6;
        cpb[r] = perf_fd >= 0 ? (double)(c1 - c0) / bytes
                 : clock_ghz > 0 ? dt * (g0 > g1 ? g0 : g1) * 1e9 / bytes : NAN;
    }
    j->iv[0] = iv0;
    if (stat_best) return (struct result){ best_of(mb, RUNS, 1), best_of(cpb, RUNS, 0) };
    return (struct result){ median(mb, RUNS), median(cpb, RUNS) };
}

/* cpb as text: "-" when it could not be measured (NaN). */
static const char *cpb_txt(double v, char buf[32], const char *null)
{
    if (isnan(v)) return null;
    snprintf(buf, 32, *null == '-' ? "%.2f" : "%.3f", v);   /* table: 2 decimals, JSON: 3 */
    return buf;
}

static void usage_die(const char *msg, const char *arg)
{
    fprintf(stderr, "rijn speed: ");
    fprintf(stderr, msg, arg);
    fputc('\n', stderr);
    exit(2);
}

enum { VS_OSSL = 1, VS_GCRY = 2 };

int cmd_speed(int argc, char **argv)
{
    int algs[A_N] = { 0 }, nalg = 0, key_bits = 128, json = 0, vs = 0;
    const char *driver = NULL;
    size_t sizes[32] = { 16, 64, 256, 1500, 4096, 16384 };
    int nsizes = 6;
    double secs = 0.5;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) { json = 1; continue; }
        if (i + 1 >= argc) usage_die("option %s needs a value", a);
        const char *v = argv[++i];
        if (strcmp(a, "--alg") == 0) {
            int k;
            for (k = 0; k < A_N && strcmp(v, alg_names[k]) != 0; k++) {}
            if (k == A_N) usage_die("unknown algorithm %s", v);
            if (!algs[k]) nalg++;
            algs[k] = 1;
        } else if (strcmp(a, "--driver") == 0) driver = v;
        else if (strcmp(a, "--key-bits") == 0) {
            key_bits = atoi(v);
            if (key_bits != 128 && key_bits != 192 && key_bits != 256) usage_die("--key-bits: 128, 192 or 256, not %s", v);
        } else if (strcmp(a, "--seconds") == 0) {
            secs = atof(v);
            if (!(secs > 0 && secs < 3600)) usage_die("--seconds: not a valid duration: %s", v);
        } else if (strcmp(a, "--sizes") == 0) {
            char buf[256], *save = NULL;
            snprintf(buf, sizeof buf, "%s", v);
            nsizes = 0;
            for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                char *end;
                unsigned long s = strtoul(t, &end, 10);
                if (*end || s == 0 || s > (64u << 20) || nsizes == 32) usage_die("--sizes: bad size %s", t);
                sizes[nsizes++] = s;
            }
            if (!nsizes) usage_die("--sizes: empty list%s", "");
        } else if (strcmp(a, "--stat") == 0) {
            if (strcmp(v, "best") != 0 && strcmp(v, "median") != 0) usage_die("--stat: median or best, not %s", v);
            stat_best = strcmp(v, "best") == 0;
        } else if (strcmp(a, "--vs") == 0) {
            char buf[64], *save = NULL;
            snprintf(buf, sizeof buf, "%s", v);
            for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
                if (strcmp(t, "openssl") == 0) vs |= VS_OSSL;
                else if (strcmp(t, "gcrypt") == 0) vs |= VS_GCRY;
                else usage_die("--vs: openssl or gcrypt (or both, comma-separated), not %s", t);
            }
        } else usage_die("unknown option %s", a);
    }
    if (!nalg)
        for (int k = 0; k < A_N; k++) algs[k] = 1;
    if (driver && nalg != 1) usage_die("--driver needs exactly one --alg%s", "");
    if ((vs & VS_OSSL) && ossl_load() != 0) {
        fprintf(stderr, "rijn speed: libcrypto.so.3 not loadable: no OpenSSL column\n");
        vs &= ~VS_OSSL;
    }
    if ((vs & VS_GCRY) && gcry_load() != 0) {
        fprintf(stderr, "rijn speed: libgcrypt.so.20 not loadable: no libgcrypt column\n");
        vs &= ~VS_GCRY;
    }
    cycles_init();
    if (!json) {
        if (perf_fd >= 0) printf("# cycles: perf_event hardware counter\n");
        else if (clock_ghz > 0) printf("# cycles: perf_event unavailable; time x effective clock (dependent-add chain, sampled around each run; %.2f GHz at start)\n", clock_ghz);
        else printf("# cycles: perf_event unavailable, and no effective-clock fallback off x86-64: MB/s only, cpb not reported\n");
        printf("# AES-%d, one op = new IV + buffer (AEAD: new nonce, 13-byte AAD, tag); %s of 7 runs\n", key_bits, stat_best ? "best" : "medians");
        if (vs & VS_GCRY) printf("# libgcrypt %s\n", G.version);
        printf("%-10s %-4s %-44s %6s %10s %8s", "algorithm", "op", "driver", "size", "MB/s", "cpb");
        if (vs & VS_OSSL) printf(" %10s %8s %7s", "ossl MB/s", "ossl cpb", "ratio");
        if (vs & VS_GCRY) printf(" %10s %8s %7s", "gcry MB/s", "gcry cpb", "ratio");
        printf("\n");
    } else printf("[\n");
    int first = 1;
    for (int k = 0; k < A_N; k++) {
        if (!algs[k]) continue;
        int ndir = (k == A_CBC || k == A_XTS || k == A_GCM) ? 2 : 1;
        for (int dir = 0; dir < ndir; dir++) {
            for (int s = 0; s < nsizes; s++) {
                /* The rijn contexts inside at their declared alignment, as
                 * include/rijn/aes.h advises for the heap. */
                struct job *j = aligned_alloc(64, (sizeof(struct job) + 63) / 64 * 64);
                if (!j) return 2;
                memset(j, 0, sizeof *j);
                j->alg = (enum alg)k;
                j->dec = dir;
                j->size = sizes[s];
                if ((k == A_ECB || k == A_CBC) && j->size % 16) { free(j); continue; }
                if (k == A_XTS && j->size < 16) { free(j); continue; }
                j->key_bits = key_bits;
                j->in = calloc(1, j->size + 64);
                j->out = calloc(1, j->size + 64);
                for (int b = 0; b < 64; b++) j->key[b] = (uint8_t)(b * 7 + 1);
                for (int b = 0; b < 13; b++) j->aad[b] = (uint8_t)b;
                int r = rijn_setup(j, driver);
                if (r) {
                    fprintf(stderr, "rijn speed: %s: %s\n", alg_names[k], rijn_strerror(r));
                    return 2;
                }
                const char *dname = rijn_driver_of(j, driver);
                if (dir) rijn_prepare_dec(j);
                struct result mine = measure(rijn_op, j, secs), peer = { 0, 0 }, gpeer = { 0, 0 };
                int have_peer = 0, have_gpeer = 0;
                if ((vs & VS_OSSL) && ossl_setup(j) == 0) {
                    if (dir) ossl_prepare_dec(j);
                    peer = measure(ossl_op, j, secs);
                    have_peer = 1;
                }
                if ((vs & VS_GCRY) && gcry_setup(j) == 0) {
                    if (dir) gcry_prepare_dec(j);
                    gpeer = measure(gcry_op, j, secs);
                    have_gpeer = 1;
                }
                const char *op = k == A_CMAC ? "mac" : dir ? "dec" : "enc";
                char b1[32], b2[32];
                if (json) {
                    printf("%s  {\"algorithm\": \"%s\", \"driver\": \"%s\", \"op\": \"%s\", \"key_bits\": %d, "
                           "\"size\": %zu, \"mb_per_s\": %.1f, \"cycles_per_byte\": %s",
                           first ? "" : ",\n", alg_names[k], dname, op, key_bits, j->size, mine.mbps,
                           cpb_txt(mine.cpb, b1, "null"));
                    if (have_peer)
                        printf(", \"openssl_mb_per_s\": %.1f, \"openssl_cycles_per_byte\": %s, \"ratio\": %.3f",
                               peer.mbps, cpb_txt(peer.cpb, b2, "null"), mine.mbps / peer.mbps);
                    if (have_gpeer)
                        printf(", \"gcrypt_mb_per_s\": %.1f, \"gcrypt_cycles_per_byte\": %s, \"gcrypt_ratio\": %.3f",
                               gpeer.mbps, cpb_txt(gpeer.cpb, b2, "null"), mine.mbps / gpeer.mbps);
                    printf("}");
                    first = 0;
                } else {
                    printf("%-10s %-4s %-44s %6zu %10.1f %8.8s", alg_names[k], op, dname, j->size, mine.mbps,
                           cpb_txt(mine.cpb, b1, "-"));
                    if (have_peer)
                        printf(" %10.1f %8.8s %6.2fx", peer.mbps, cpb_txt(peer.cpb, b2, "-"), mine.mbps / peer.mbps);
                    else if (vs & VS_OSSL) printf(" %10s %8s %7s", "-", "-", "-");
                    if (have_gpeer)
                        printf(" %10.1f %8.8s %6.2fx", gpeer.mbps, cpb_txt(gpeer.cpb, b2, "-"), mine.mbps / gpeer.mbps);
                    else if (vs & VS_GCRY) printf(" %10s %8s %7s", "-", "-", "-");
                    printf("\n");
                }
                fflush(stdout);
                if (j->octx) O.ctx_free(j->octx);
                if (j->mctx) O.mac_ctx_free(j->mctx);
                if (j->ghd) G.close(j->ghd);
                if (j->gmac) G.mac_close(j->gmac);
                rijn_ecb_clear(&j->ecb);
                rijn_cbc_clear(&j->cbc);
                rijn_ctr_clear(&j->ctr);
                rijn_xts_clear(&j->xts);
                rijn_gcm_clear(&j->gcm);
                rijn_ccm_clear(&j->ccm);
                rijn_cmac_clear(&j->cmac);
                free(j->in);
                free(j->out);
                free(j);
            }
        }
    }
    if (json) printf("\n]\n");
    return 0;
}
