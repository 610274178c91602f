/*
 * First use from many threads at once. No init call exists: the first
 * lookup builds the registry (pthread_once), runs self-tests (each stored
 * atomically; racing threads may both run one) and fills the per-algorithm
 * selection cache (atomic pointers). Here 16 threads start together and
 * each selects and uses every mode, lists the drivers, and compares its
 * results with what a pinned reference driver gives after they all end.
 * make check runs it in a ThreadSanitizer build (build-tsan/), which
 * reports any data race; the plain build checks the answers.
 */
#include <pthread.h>

#include "testutil.h"

#define THREADS 16
static const char *const algs[] = { "ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)",
                                    "gcm(aes)", "ccm(aes)", "cmac(aes)" };
#define NALGS (sizeof algs / sizeof algs[0])

static pthread_barrier_t start;
static uint8_t key[64], iv[16], msg[1000];

struct result {
    const char *selected[NALGS];
    uint8_t gcm[sizeof msg + 16], ctr[sizeof msg], cbc[sizeof msg], mac[16];
    int err;
};
static struct result res[THREADS];

static void use_all(const char *gcm_drv, const char *ctr_drv, const char *cbc_drv, const char *cmac_drv,
                    struct result *r)
{
    rijn_gcm_key g;
    rijn_ctr_ctx c;
    rijn_cbc_ctx b;
    rijn_cmac_key m;
    uint8_t v[16];
    r->err |= rijn_gcm_init(&g, gcm_drv, key, 16);
    r->err |= rijn_gcm_seal(&g, iv, 12, key, 13, msg, sizeof msg, r->gcm, r->gcm + sizeof msg, 16);
    r->err |= rijn_ctr_init(&c, ctr_drv, key, 32, iv);
    r->err |= rijn_ctr_xor(&c, r->ctr, msg, sizeof msg);
    memcpy(v, iv, 16);
    r->err |= rijn_cbc_init(&b, cbc_drv, key, 24);
    r->err |= rijn_cbc_encrypt(&b, v, r->cbc, msg, sizeof msg - sizeof msg % 16);
    r->err |= rijn_cmac_init(&m, cmac_drv, key, 16);
    r->err |= rijn_cmac(&m, msg, sizeof msg, r->mac, 16);
    rijn_gcm_clear(&g);
    rijn_ctr_clear(&c);
    rijn_cbc_clear(&b);
    rijn_cmac_clear(&m);
}

static void *worker(void *arg)
{
    struct result *r = arg;
    pthread_barrier_wait(&start);
    /* half the threads list first (running every self-test), half select first */
    if ((r - res) % 2) {
        for (size_t i = 0; i < rijn_driver_count(); i++) {
            rijn_driver_info info;
            r->err |= rijn_driver_get(i, &info);
        }
    }
    for (size_t a = 0; a < NALGS; a++) r->selected[a] = rijn_selected_driver(algs[a]);
    use_all(NULL, NULL, NULL, NULL, r);
    return NULL;
}

int main(void)
{
    pthread_t th[THREADS];
    t_seed();
    t_fill(key, sizeof key);
    t_fill(iv, sizeof iv);
    t_fill(msg, sizeof msg);
    pthread_barrier_init(&start, NULL, THREADS);
    for (int i = 0; i < THREADS; i++) CHECK(pthread_create(&th[i], NULL, worker, &res[i]) == 0, "thread %d", i);
    for (int i = 0; i < THREADS; i++) pthread_join(th[i], NULL);

    /* The answers: every thread agrees with the portable reference. */
    struct result ref = { 0 };
    use_all("gcm_base(ctr(aes-ct64),ghash-ct64)", "ctr(aes-ct64)", "cbc(aes-ct64)", "cmac(aes-ct64)", &ref);
    CHECK(ref.err == 0, "reference drivers");
    for (int i = 0; i < THREADS; i++) {
        CHECK(res[i].err == 0, "thread %d: a call failed", i);
        for (size_t a = 0; a < NALGS; a++)
            CHECK(res[i].selected[a] && res[0].selected[a] && strcmp(res[i].selected[a], res[0].selected[a]) == 0,
                  "thread %d selected %s for %s", i, res[i].selected[a] ? res[i].selected[a] : "nothing", algs[a]);
        CHECK(memcmp(res[i].gcm, ref.gcm, sizeof ref.gcm) == 0, "thread %d: GCM", i);
        CHECK(memcmp(res[i].ctr, ref.ctr, sizeof ref.ctr) == 0, "thread %d: CTR", i);
        CHECK(memcmp(res[i].cbc, ref.cbc, sizeof ref.cbc) == 0, "thread %d: CBC", i);
        CHECK(memcmp(res[i].mac, ref.mac, sizeof ref.mac) == 0, "thread %d: CMAC", i);
    }
    pthread_barrier_destroy(&start);
    return t_done();
}
