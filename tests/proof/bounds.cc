// SPDX-License-Identifier: MIT
//
// The bound checker of the X25519 field arithmetic (make proof; run by
// tests/py/test_proof.py in make check).
//
// src/x25519/fe51.h, fe25.h and fe51v.h (x25519-ifma's lanes, on a lane
// layer of one interval lane defined below) are compiled here as they
// are, with their limb and product types replaced by the interval types
// of interval.h,
// and each routine runs once on inputs whose every limb spans the input
// bound written on it. An interval run covers every input within those
// bounds at once, so a clean run proves, for all such inputs: no
// intermediate overflows its C type (no unsigned wrap, no signed
// overflow, no lossy conversion), and every output limb is within the
// bound the routine's comment states. Then the formulas of
// src/x25519/curve_core.h (ladder step, Edwards addition and doubling,
// inversion, and the whole scalar multiplications around them) and of
// src/x25519/ladder2.h (x25519-neon's two-lane ladder step) and
// ladder4.h (x25519-ifma4's four-lane one) run on the same intervals,
// with every field call checked against the callee's stated
// preconditions and postconditions: the composition keeps each
// routine inside its contract, for every scalar and every point.
//
// What is modelled rather than run (docs/security.md, "What is proven"):
// the byte conversions (frombytes and tobytes, outside the PROOF build of
// the headers; frombytes' output bounds come from masks, stated on the
// code; fe51_tobytes is fe51_canon, which is run, while fe25_tobytes does
// its freeze inline, so only its precondition is checked), and cswap and
// cmov (see interval.h: their result is one of their inputs).
// What it does not prove: that the arithmetic computes the right values
// (the KATs, Wycheproof and the differential tests do that), nor
// relations between limbs (e.g. fe51_canon's result < p), which an
// interval per limb cannot express.
//
// The bounds below are the comments' numbers, written again here: a
// comment changed in a header must be changed here too, and the other way
// round.
//
// Usage: bounds [-v]   (-v: every output limb's interval)
// Exit status 0 when every routine is within its bounds, 1 otherwise.

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdint.h>
#include <string.h>
#include <string>
#include <vector>

#include "interval.h"

using proof::Iv;
using proof::pretty_s;
using proof::record;
using proof::s128;
using proof::u128;
using proof::violation;

typedef Iv<64, false> fe51_limb;
typedef Iv<128, false> fe51_wide;
#define FE51_PROOF
#define FE51_INLINE static inline
#include "x25519/fe51.h"

typedef Iv<32, true> fe25_limb;
typedef Iv<64, true> fe25_wide;
// x25519-avx2 (src/x25519/fe25x4.h) runs fe25.h's carries with a logical
// shift of t + 2^62, exact for |t| <= 2^62 - 2^25: fe25.h calls this on
// every value it carries, in every routine and composition run below.
static void shift_check(const fe25_wide &t)
{
    const proof::s128 m = ((proof::s128)1 << 62) - ((proof::s128)1 << 25);
    if (t.lo < -m || t.hi > m)
        violation([&] {
            return "a carried column outside [-(2^62 - 2^25), 2^62 - 2^25], where x25519-avx2's biased "
                   "logical shift would not be fe25's arithmetic one";
        });
}
#define FE25_SHIFT_CHECK(t) shift_check(t)
#define FE25_PROOF
#define FE25_INLINE static inline
#include "x25519/fe25.h"

// src/x25519/fe51v.h (x25519-ifma's field) on one lane of interval limbs:
// fe51_ifma.h's lane operations with the instructions' definitions. Each
// multiply-add also checks that both factors are below 2^52: VPMADD52LUQ
// and VPMADD52HUQ read only bits 0..51 of them, so a larger limb would
// not overflow anything but silently lose its top bits.
typedef fe51_limb FV;
#define FV_INLINE static inline
static void ifma_factor_check(const FV &a)
{
    if (a.init && a.hi > (((uint64_t)1 << 52) - 1))
        violation("IFMA factor [" + proof::pretty_b(a.lo) + ", " + proof::pretty_b(a.hi) +
                  "] reaches 2^52: the instruction would drop its bits 52..63");
}
static inline FV fv_zero() { return FV(0); }
static inline FV fv_set1(uint64_t x) { return FV(x); }
static inline FV fv_add(FV a, FV b) { return a + b; }
static inline FV fv_sub(FV a, FV b) { return a - b; }
static inline FV fv_shl(FV a, int n) { return a << n; }
static inline FV fv_shr(FV a, int n) { return a >> n; }
static inline FV fv_and(FV a, uint64_t m) { return a & FV(m); }
static inline FV fv_madd52lo(FV c, FV a, FV b)
{
    ifma_factor_check(a);
    ifma_factor_check(b);
    return c + (fe51_limb)(((fe51_wide)a * (fe51_wide)b) & fe51_wide((((uint64_t)1 << 52) - 1)));
}
static inline FV fv_madd52hi(FV c, FV a, FV b)
{
    ifma_factor_check(a);
    ifma_factor_check(b);
    return c + (fe51_limb)(((fe51_wide)a * (fe51_wide)b) >> 52);
}
#include "x25519/fe51v.h"

// curve_core.h's own includes, here once, so that its inclusions below
// (inside namespaces, once per radix) find them already included.
#include "core/util.h"
#include "x25519/base_table.h"

// core_select reads the table; its words reach the field only through
// FE_FROMBYTES, which the harness models by its output bound whatever the
// bytes, so the values do not matter here.
const uint64_t rijn_x25519_base_table[32][8][12] = {};
// Wiping interval limbs proves nothing; the library's rijn_wipe is not
// linked into the checker.
extern "C" void rijn_wipe(void *p, size_t n)
{
    (void)p;
    (void)n;
}

namespace {

bool verbose = false;

// ------------------------------------------------------------ boxes --
// A bound per limb, inclusive.
struct Bound {
    s128 lo, hi;
};
template <size_t N> using Box = std::array<Bound, N>;

constexpr s128 P2(int k)
{
    return (s128)1 << k;
}

template <size_t N> Box<N> uniform(s128 lo, s128 hi)
{
    Box<N> b;
    for (auto &x : b) x = { lo, hi };
    return b;
}
// fe25's bounds: |even limb| <= e, |odd limb| <= o.
Box<10> sym25(s128 e, s128 o)
{
    Box<10> b;
    for (int i = 0; i < 10; i++) b[i] = (i & 1) ? Bound{ -o, o } : Bound{ -e, e };
    return b;
}
template <size_t N> Box<N> hull(const Box<N> &a, const Box<N> &b)
{
    Box<N> r;
    for (size_t i = 0; i < N; i++) r[i] = { a[i].lo < b[i].lo ? a[i].lo : b[i].lo, a[i].hi > b[i].hi ? a[i].hi : b[i].hi };
    return r;
}
template <size_t N> Box<N> plus(const Box<N> &a, const Box<N> &b)
{
    Box<N> r;
    for (size_t i = 0; i < N; i++) r[i] = { a[i].lo + b[i].lo, a[i].hi + b[i].hi };
    return r;
}
template <size_t N> Box<N> minus(const Box<N> &a, const Box<N> &b)
{
    Box<N> r;
    for (size_t i = 0; i < N; i++) r[i] = { a[i].lo - b[i].hi, a[i].hi - b[i].lo };
    return r;
}

// The bounds the comments of fe51.h state.
const Box<5> B51_53 = uniform<5>(0, P2(53) - 1);            // add's inputs, sub's f
const Box<5> B51_LOOSE = uniform<5>(0, P2(54) - 1);         // loose: limbs < 2^54
const Box<5> B51_CARRIED = uniform<5>(0, P2(51) + P2(20) - 1); // carried: < 2^51 + 2^20
const Box<5> B51_CANON = uniform<5>(0, P2(51) - 1);         // canon's output; frombytes' output
const Box<5> B51_P4 = { Bound{ 0, P2(53) - 76 }, Bound{ 0, P2(53) - 4 }, Bound{ 0, P2(53) - 4 },
                        Bound{ 0, P2(53) - 4 }, Bound{ 0, P2(53) - 4 } }; // sub's g, neg's f: <= 4p limb for limb
const Box<5> B51_NEG = uniform<5>(0, P2(53) - 1);           // neg's output

// The bounds the comments of fe51v.h state.
const Box<5> B51V_CARRIED = uniform<5>(0, P2(51) + P2(23) - 1); // carried: < 2^51 + 2^23
const Box<5> B51V_CARRY_IN = uniform<5>(0, P2(63) - 1);         // fe51v_carry's input

// The bounds the comments of fe25.h state.
const Box<10> B25_CARRIED = sym25(P2(25), P2(24) + P2(15));
const Box<10> B25_LOOSE = sym25(3 * P2(25) + P2(17), 3 * P2(24) + P2(17));
// frombytes' output: limbs in [0, 2^26) or [0, 2^25).
Box<10> dec25()
{
    Box<10> b;
    for (int i = 0; i < 10; i++) b[i] = { 0, (i & 1) ? P2(25) - 1 : P2(26) - 1 };
    return b;
}
const Box<10> B25_DEC = dec25();

// ------------------------------------------ field elements and boxes --
template <class L> L limb(const Bound &b)
{
    return L::range((typename L::B)b.lo, (typename L::B)b.hi);
}
template <class FE, size_t N> FE make(const Box<N> &b)
{
    FE f;
    for (size_t i = 0; i < N; i++) f.v[i] = limb<std::remove_reference_t<decltype(f.v[0])>>(b[i]);
    return f;
}
template <size_t N, class FE> Box<N> box_of(const FE &f)
{
    Box<N> b;
    for (size_t i = 0; i < N; i++) b[i] = { (s128)f.v[i].lo, (s128)f.v[i].hi };
    return b;
}
std::string str(const Bound &b)
{
    return "[" + pretty_s(b.lo) + ", " + pretty_s(b.hi) + "]";
}
// The limbs grouped by equal intervals: "l0,2-4 [0, 2^51 - 1]; l1 [...]".
template <size_t N> std::string str(const Box<N> &b)
{
    std::string out;
    bool done[N] = {};
    for (size_t i = 0; i < N; i++) {
        if (done[i]) continue;
        std::string idx;
        for (size_t j = i; j < N; j++)
            if (!done[j] && b[j].lo == b[i].lo && b[j].hi == b[i].hi) {
                done[j] = true;
                idx += (idx.empty() ? "" : ",") + std::to_string(j);
            }
        out += (out.empty() ? "" : "; ") + std::string(idx.find(',') == std::string::npos ? "limb " : "limbs ") +
               idx + " " + str(b[i]);
    }
    return out;
}

// Are f's limbs within b? If not, a violation naming the limb.
template <size_t N, class FE> bool within(const FE &f, const Box<N> &b, const std::string &what)
{
    for (size_t i = 0; i < N; i++) {
        if (!f.v[i].init) {
            violation(what + ": limb " + std::to_string(i) + " never assigned");
            return false;
        }
        if ((s128)f.v[i].lo < b[i].lo || (s128)f.v[i].hi > b[i].hi) {
            violation(what + ": limb " + std::to_string(i) + " " + str(Bound{ (s128)f.v[i].lo, (s128)f.v[i].hi }) +
                      " is outside " + str(b[i]));
            return false;
        }
    }
    return true;
}

// ---------------------------------------------------------- reports --
int failures = 0;
int routines = 0;

std::string peaks()
{
    static const char *names[4] = { "u64", "u128", "s32", "s64" };
    std::string s;
    for (int i = 0; i < 4; i++) {
        u128 p = record().peak[i];
        if (!p) continue;
        char buf[48];
        std::snprintf(buf, sizeof buf, "%s%s < 2^%.2f", s.empty() ? "" : ", ", names[i],
                      (double)std::log2((long double)p + 1));
        s += buf;
    }
    if (s.empty()) s = "none (constants)";
    if (record().carries) s += " (exact-carry rule: " + std::to_string(record().carries) + " steps)";
    return s;
}

// Independent inputs are made one by one: every make() is a fresh value
// (interval.h's identities; a copy would be the same value).

// Run one routine: body() runs it on intervals, checks its outputs and
// returns their bounds, printed under the routine's name with the
// largest value each C type held along the way.
template <class F> void run(const std::string &name, const std::string &stated, F body)
{
    record().reset(name);
    routines++;
    std::string out = body();
    const bool ok = record().count == 0;
    if (!ok) failures++;
    std::printf("%-26s %s  %s\n", name.c_str(), ok ? "OK  " : "FAIL", stated.c_str());
    if (ok) {
        std::printf("%-26s       computed: %s\n", "", out.c_str());
        std::printf("%-26s       largest intermediate: %s\n", "", peaks().c_str());
    } else {
        std::printf("%-26s       %s (%lu violation%s)\n", "", record().first.c_str(), record().count,
                    record().count == 1 ? "" : "s");
    }
}
void modelled(const std::string &name, const std::string &why)
{
    std::printf("%-26s %s  %s\n", name.c_str(), "NRUN", why.c_str());
}

// -------------------------------------------------- contract wrappers --
// The field calls of curve_core.h go through these: each checks the
// callee's stated precondition on its inputs before the call (the output
// may alias an input) and its stated postcondition after, and names the
// call in any violation.
int call_no = 0;
void enter(const char *what)
{
    record().call = std::string(what) + " (field call " + std::to_string(++call_no) + ")";
}

namespace w51 {
void add(fe51 *h, const fe51 *f, const fe51 *g)
{
    enter("FE_ADD = fe51_add");
    within<5>(*f, B51_53, "fe51_add precondition, f < 2^53");
    within<5>(*g, B51_53, "fe51_add precondition, g < 2^53");
    fe51_add(h, f, g);
    within<5>(*h, B51_LOOSE, "fe51_add postcondition, loose");
}
void sub(fe51 *h, const fe51 *f, const fe51 *g)
{
    enter("FE_SUB = fe51_sub");
    within<5>(*f, B51_53, "fe51_sub precondition, f < 2^53");
    within<5>(*g, B51_P4, "fe51_sub precondition, g <= 4p limb for limb");
    fe51_sub(h, f, g);
    within<5>(*h, B51_LOOSE, "fe51_sub postcondition, loose");
}
void neg(fe51 *h, const fe51 *f)
{
    enter("FE_NEG = fe51_neg");
    within<5>(*f, B51_P4, "fe51_neg precondition, f <= 4p limb for limb");
    fe51_neg(h, f);
    within<5>(*h, B51_NEG, "fe51_neg postcondition, < 2^53");
}
void mul(fe51 *h, const fe51 *f, const fe51 *g)
{
    enter("FE_MUL = fe51_mul");
    within<5>(*f, B51_LOOSE, "fe51_mul precondition, f loose");
    within<5>(*g, B51_LOOSE, "fe51_mul precondition, g loose");
    fe51_mul(h, f, g);
    within<5>(*h, B51_CARRIED, "fe51_mul postcondition, carried");
}
void sqr(fe51 *h, const fe51 *f)
{
    enter("FE_SQR = fe51_sqr");
    within<5>(*f, B51_LOOSE, "fe51_sqr precondition, loose");
    fe51_sqr(h, f);
    within<5>(*h, B51_CARRIED, "fe51_sqr postcondition, carried");
}
void mul_a24(fe51 *h, const fe51 *f)
{
    enter("FE_MUL_A24 = fe51_mul_a24");
    within<5>(*f, B51_LOOSE, "fe51_mul_a24 precondition, < 2^54");
    fe51_mul_a24(h, f);
    within<5>(*h, B51_CARRIED, "fe51_mul_a24 postcondition, carried");
}
void carry(fe51 *h, const fe51 *f)
{
    enter("FE_CARRY = fe51_carry");
    within<5>(*f, B51_LOOSE, "fe51_carry precondition, < 2^54");
    fe51_carry(h, f);
    within<5>(*h, B51_CARRIED, "fe51_carry postcondition, carried");
}
// Modelled: each result limb is one of the two input limbs.
void cswap(fe51 *f, fe51 *g, unsigned b)
{
    (void)b;
    enter("FE_CSWAP = fe51_cswap (modelled: hull of its inputs)");
    const Box<5> h = hull(box_of<5>(*f), box_of<5>(*g));
    *f = make<fe51>(h);
    *g = make<fe51>(h);
}
void cmov(fe51 *f, const fe51 *g, unsigned b)
{
    (void)b;
    enter("FE_CMOV = fe51_cmov (modelled: hull of its inputs)");
    *f = make<fe51>(hull(box_of<5>(*f), box_of<5>(*g)));
}
// Modelled: fe51_frombytes masks every limb to 51 bits.
void frombytes(fe51 *h, const uint8_t *s)
{
    (void)s;
    enter("FE_FROMBYTES = fe51_frombytes (modelled: limbs < 2^51)");
    *h = make<fe51>(B51_CANON);
}
// fe51_tobytes is fe51_canon and then byte packing: its precondition,
// and canon run for real.
void tobytes(uint8_t *s, const fe51 *f)
{
    enter("FE_TOBYTES = fe51_tobytes (its fe51_canon)");
    within<5>(*f, B51_CARRIED, "fe51_tobytes precondition, carried");
    fe51 t;
    fe51_canon(&t, f);
    within<5>(t, B51_CANON, "fe51_canon postcondition, < 2^51");
    std::memset(s, 0, 32);
}
} // namespace w51

namespace w25 {
void add(fe25 *h, const fe25 *f, const fe25 *g)
{
    enter("FE_ADD = fe25_add");
    const Box<10> sum = plus(box_of<10>(*f), box_of<10>(*g));
    fe25 s = make<fe25>(sum);
    within<10>(s, B25_LOOSE, "fe25_add precondition, f + g loose");
    fe25_add(h, f, g);
    within<10>(*h, B25_LOOSE, "fe25_add postcondition, loose");
}
void sub(fe25 *h, const fe25 *f, const fe25 *g)
{
    enter("FE_SUB = fe25_sub");
    fe25 d = make<fe25>(minus(box_of<10>(*f), box_of<10>(*g)));
    within<10>(d, B25_LOOSE, "fe25_sub precondition, f - g loose");
    fe25_sub(h, f, g);
    within<10>(*h, B25_LOOSE, "fe25_sub postcondition, loose");
}
void neg(fe25 *h, const fe25 *f)
{
    enter("FE_NEG = fe25_neg");
    within<10>(*f, B25_LOOSE, "fe25_neg precondition, loose");
    fe25_neg(h, f);
    within<10>(*h, B25_LOOSE, "fe25_neg postcondition, loose");
}
void mul(fe25 *h, const fe25 *f, const fe25 *g)
{
    enter("FE_MUL = fe25_mul");
    within<10>(*f, B25_LOOSE, "fe25_mul precondition, f loose");
    within<10>(*g, B25_LOOSE, "fe25_mul precondition, g loose");
    fe25_mul(h, f, g);
    within<10>(*h, B25_CARRIED, "fe25_mul postcondition, carried");
}
// x25519-ref25's and x25519-neon's squaring (fe25_sqr, the plain
// schedule, is run alone above).
void sqr(fe25 *h, const fe25 *f)
{
    enter("FE_SQR = fe25_sqr_once");
    within<10>(*f, B25_LOOSE, "fe25_sqr_once precondition, loose");
    fe25_sqr_once(h, f);
    within<10>(*h, B25_CARRIED, "fe25_sqr_once postcondition, carried");
}
void mul_a24(fe25 *h, const fe25 *f)
{
    enter("FE_MUL_A24 = fe25_mul_a24");
    within<10>(*f, B25_LOOSE, "fe25_mul_a24 precondition, loose");
    fe25_mul_a24(h, f);
    within<10>(*h, B25_CARRIED, "fe25_mul_a24 postcondition, carried");
}
void carry(fe25 *h, const fe25 *f)
{
    enter("FE_CARRY = fe25_carry");
    within<10>(*f, B25_LOOSE, "fe25_carry precondition, loose");
    fe25_carry(h, f);
    within<10>(*h, B25_CARRIED, "fe25_carry postcondition, carried");
}
void cswap(fe25 *f, fe25 *g, unsigned b)
{
    (void)b;
    enter("FE_CSWAP = fe25_cswap (modelled: hull of its inputs)");
    const Box<10> h = hull(box_of<10>(*f), box_of<10>(*g));
    *f = make<fe25>(h);
    *g = make<fe25>(h);
}
void cmov(fe25 *f, const fe25 *g, unsigned b)
{
    (void)b;
    enter("FE_CMOV = fe25_cmov (modelled: hull of its inputs)");
    *f = make<fe25>(hull(box_of<10>(*f), box_of<10>(*g)));
}
// Modelled: fe25_frombytes masks limb i to 26 or 25 bits.
void frombytes(fe25 *h, const uint8_t *s)
{
    (void)s;
    enter("FE_FROMBYTES = fe25_frombytes (modelled: limbs in [0, 2^26) or [0, 2^25))");
    *h = make<fe25>(B25_DEC);
}
// fe25_tobytes is fe25_canon and then byte packing: its precondition,
// and canon run for real.
void tobytes(uint8_t *s, const fe25 *f)
{
    enter("FE_TOBYTES = fe25_tobytes (its fe25_canon)");
    within<10>(*f, B25_CARRIED, "fe25_tobytes precondition, carried");
    fe25 t;
    fe25_canon(&t, f);
    within<10>(t, B25_DEC, "fe25_canon postcondition, [0, 2^26) or [0, 2^25)");
    std::memset(s, 0, 32);
}
} // namespace w25

namespace wv {
void add(fe51v *h, const fe51v *f, const fe51v *g)
{
    enter("FE_ADD = fe51v_add");
    within<5>(*f, B51V_CARRIED, "fe51v_add precondition, f carried");
    within<5>(*g, B51V_CARRIED, "fe51v_add precondition, g carried");
    fe51v_add(h, f, g);
    within<5>(*h, B51V_CARRIED, "fe51v_add postcondition, carried");
}
void sub(fe51v *h, const fe51v *f, const fe51v *g)
{
    enter("FE_SUB = fe51v_sub");
    within<5>(*f, B51V_CARRIED, "fe51v_sub precondition, f carried");
    within<5>(*g, B51V_CARRIED, "fe51v_sub precondition, g carried");
    fe51v_sub(h, f, g);
    within<5>(*h, B51V_CARRIED, "fe51v_sub postcondition, carried");
}
void neg(fe51v *h, const fe51v *f)
{
    enter("FE_NEG = fe51v_neg");
    within<5>(*f, B51V_CARRIED, "fe51v_neg precondition, carried");
    fe51v_neg(h, f);
    within<5>(*h, B51V_CARRIED, "fe51v_neg postcondition, carried");
}
void mul(fe51v *h, const fe51v *f, const fe51v *g)
{
    enter("FE_MUL = fe51v_mul");
    within<5>(*f, B51V_CARRIED, "fe51v_mul precondition, f carried");
    within<5>(*g, B51V_CARRIED, "fe51v_mul precondition, g carried");
    fe51v_mul(h, f, g);
    within<5>(*h, B51V_CARRIED, "fe51v_mul postcondition, carried");
}
void sqr(fe51v *h, const fe51v *f)
{
    enter("FE_SQR = fe51v_sqr");
    within<5>(*f, B51V_CARRIED, "fe51v_sqr precondition, carried");
    fe51v_sqr(h, f);
    within<5>(*h, B51V_CARRIED, "fe51v_sqr postcondition, carried");
}
void mul_a24(fe51v *h, const fe51v *f)
{
    enter("FE_MUL_A24 = fe51v_mul_a24");
    within<5>(*f, B51V_CARRIED, "fe51v_mul_a24 precondition, carried");
    fe51v_mul_a24(h, f);
    within<5>(*h, B51V_CARRIED, "fe51v_mul_a24 postcondition, carried");
}
void carry(fe51v *h, const fe51v *f)
{
    enter("FE_CARRY = fe51v_carry");
    within<5>(*f, B51V_CARRY_IN, "fe51v_carry precondition, < 2^63");
    fe51v_carry(h, f);
    within<5>(*h, B51V_CARRIED, "fe51v_carry postcondition, carried");
}
// Modelled as for fe51: each result limb is one of the two input limbs.
void cswap(fe51v *f, fe51v *g, unsigned b)
{
    (void)b;
    enter("FE_CSWAP = fe51v_cswap (modelled: hull of its inputs)");
    const Box<5> h = hull(box_of<5>(*f), box_of<5>(*g));
    *f = make<fe51v>(h);
    *g = make<fe51v>(h);
}
void cmov(fe51v *f, const fe51v *g, unsigned b)
{
    (void)b;
    enter("FE_CMOV = fe51v_cmov (modelled: hull of its inputs)");
    *f = make<fe51v>(hull(box_of<5>(*f), box_of<5>(*g)));
}
// Modelled: x25519_ifma.c packs fe51_frombytes' limbs (< 2^51).
void frombytes(fe51v *h, const uint8_t *s)
{
    (void)s;
    enter("FE_FROMBYTES = fe51v_frombytes (modelled: fe51_frombytes' limbs < 2^51)");
    *h = make<fe51v>(B51_CANON);
}
// fe51v_tobytes: one fe51v_carry, then a lane goes to fe51_tobytes, whose
// precondition is fe51's carried and whose fe51_canon runs here.
void tobytes(uint8_t *s, const fe51v *f)
{
    enter("FE_TOBYTES = fe51v_tobytes (fe51v_carry, then fe51_canon)");
    within<5>(*f, B51V_CARRIED, "fe51v_tobytes precondition, carried");
    fe51v c;
    fe51v_carry(&c, f);
    fe51 t;
    for (int i = 0; i < 5; i++) t.v[i] = c.v[i];
    within<5>(t, B51_CARRIED, "fe51_tobytes precondition, fe51's carried");
    fe51 r;
    fe51_canon(&r, &t);
    within<5>(r, B51_CANON, "fe51_canon postcondition, < 2^51");
    std::memset(s, 0, 32);
}
} // namespace wv

} // namespace

// ------------------------------------- curve_core.h, once per radix --
// It has no include guard by design (each driver includes it once); the
// namespaces keep the two radices' static functions apart. Its unused
// static functions are not an error here.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
namespace c51 {
#define FE fe51
#define FE_0 fe51_0
#define FE_1 fe51_1
#define FE_ADD w51::add
#define FE_SUB w51::sub
#define FE_NEG w51::neg
#define FE_MUL w51::mul
#define FE_SQR w51::sqr
#define FE_MUL_A24 w51::mul_a24
#define FE_CARRY w51::carry
#define FE_CSWAP w51::cswap
#define FE_CMOV w51::cmov
#define FE_FROMBYTES w51::frombytes
#define FE_TOBYTES w51::tobytes
#include "x25519/curve_core.h"
#undef FE
#undef FE_0
#undef FE_1
#undef FE_ADD
#undef FE_SUB
#undef FE_NEG
#undef FE_MUL
#undef FE_SQR
#undef FE_MUL_A24
#undef FE_CARRY
#undef FE_CSWAP
#undef FE_CMOV
#undef FE_FROMBYTES
#undef FE_TOBYTES
} // namespace c51

namespace cv {
#define FE fe51v
#define FE_0 fe51v_0
#define FE_1 fe51v_1
#define FE_ADD wv::add
#define FE_SUB wv::sub
#define FE_NEG wv::neg
#define FE_MUL wv::mul
#define FE_SQR wv::sqr
#define FE_MUL_A24 wv::mul_a24
#define FE_CARRY wv::carry
#define FE_CSWAP wv::cswap
#define FE_CMOV wv::cmov
#define FE_FROMBYTES wv::frombytes
#define FE_TOBYTES wv::tobytes
#include "x25519/curve_core.h"
#undef FE
#undef FE_0
#undef FE_1
#undef FE_ADD
#undef FE_SUB
#undef FE_NEG
#undef FE_MUL
#undef FE_SQR
#undef FE_MUL_A24
#undef FE_CARRY
#undef FE_CSWAP
#undef FE_CMOV
#undef FE_FROMBYTES
#undef FE_TOBYTES
} // namespace cv

// x25519-ifma4's four-lane ladder step (src/x25519/ladder4.h) on four
// fe51v elements, one per lane: each lane operation is the fe51v routine
// that lane runs, through the contract wrappers (Q4_ADDSUB's lanes run
// fe51v_add's or fe51v_sub's operations; tests/c/test_x25519.c and the
// KATs check the vector code's values); permutations and blends only
// move elements.
namespace q4 {
struct quad {
    fe51v l[4];
};
void perm(quad *h, const quad *f, const uint64_t idx[4])
{
    const quad t = *f;
    for (int i = 0; i < 4; i++) h->l[i] = t.l[idx[i]];
}
void blend(quad *h, const quad *a, const quad *b, unsigned bits)
{
    const quad ta = *a, tb = *b;
    for (int i = 0; i < 4; i++) h->l[i] = (bits >> i & 1) ? tb.l[i] : ta.l[i];
}
void addsub(quad *h, const quad *f, const quad *g, unsigned bits)
{
    const quad tf = *f, tg = *g;
    for (int i = 0; i < 4; i++) {
        if (bits >> i & 1) wv::add(&h->l[i], &tf.l[i], &tg.l[i]);
        else wv::sub(&h->l[i], &tg.l[i], &tf.l[i]);
    }
}
void add(quad *h, const quad *f, const quad *g)
{
    for (int i = 0; i < 4; i++) wv::add(&h->l[i], &f->l[i], &g->l[i]);
}
void mul(quad *h, const quad *f, const quad *g)
{
    for (int i = 0; i < 4; i++) wv::mul(&h->l[i], &f->l[i], &g->l[i]);
}
#define Q4 quad
#define Q4_PERM perm
#define Q4_SWAP_PAIRS(h, f) perm((h), (f), L4_PAIRS)
#define Q4_BLEND blend
#define Q4_ADDSUB addsub
#define Q4_ADD add
#define Q4_MUL mul
#include "x25519/ladder4.h"
#undef Q4
#undef Q4_PERM
#undef Q4_SWAP_PAIRS
#undef Q4_BLEND
#undef Q4_ADDSUB
#undef Q4_ADD
#undef Q4_MUL
} // namespace q4

namespace c25 {
#define FE fe25
#define FE_0 fe25_0
#define FE_1 fe25_1
#define FE_ADD w25::add
#define FE_SUB w25::sub
#define FE_NEG w25::neg
#define FE_MUL w25::mul
#define FE_SQR w25::sqr
#define FE_MUL_A24 w25::mul_a24
#define FE_CARRY w25::carry
#define FE_CSWAP w25::cswap
#define FE_CMOV w25::cmov
#define FE_FROMBYTES w25::frombytes
#define FE_TOBYTES w25::tobytes
#include "x25519/curve_core.h"
} // namespace c25

// x25519-neon's two-lane ladder step (src/x25519/ladder2.h) on a pair of
// fe25 elements: each lane operation is the fe25 routine that
// src/x25519/fe25x2.h runs in that lane (tests/c/test_fe25x2.c checks
// that equality), through the same contract wrappers; the lane moves
// only move elements. Its two-lane squaring is fe25_sqr_once, as
// w25::sqr runs it.
namespace l25 {
struct pair {
    fe25 l[2];
};
void add(pair *h, const pair *f, const pair *g)
{
    for (int i = 0; i < 2; i++) w25::add(&h->l[i], &f->l[i], &g->l[i]);
}
void sub(pair *h, const pair *f, const pair *g)
{
    for (int i = 0; i < 2; i++) w25::sub(&h->l[i], &f->l[i], &g->l[i]);
}
void mul(pair *h, const pair *f, const pair *g)
{
    for (int i = 0; i < 2; i++) w25::mul(&h->l[i], &f->l[i], &g->l[i]);
}
void sqr(pair *h, const pair *f)
{
    for (int i = 0; i < 2; i++) w25::sqr(&h->l[i], &f->l[i]);
}
void mul_a24(pair *h, const pair *f)
{
    for (int i = 0; i < 2; i++) w25::mul_a24(&h->l[i], &f->l[i]);
}
void rev(pair *h, const pair *f)
{
    const pair t = *f;
    h->l[0] = t.l[1];
    h->l[1] = t.l[0];
}
void trn0(pair *h, const pair *f, const pair *g)
{
    const pair t = { { f->l[0], g->l[0] } };
    *h = t;
}
void trn1(pair *h, const pair *f, const pair *g)
{
    const pair t = { { f->l[1], g->l[1] } };
    *h = t;
}
void ext1(pair *h, const pair *f, const pair *g)
{
    const pair t = { { f->l[1], g->l[0] } };
    *h = t;
}
// P2 is also this file's power of two (interval.h): set aside meanwhile.
#pragma push_macro("P2")
#undef P2
#define P2 pair
#define P2_ADD add
#define P2_SUB sub
#define P2_MUL mul
#define P2_SQR sqr
#define P2_MUL_A24 mul_a24
#define P2_REV rev
#define P2_TRN0 trn0
#define P2_TRN1 trn1
#define P2_EXT1 ext1
#include "x25519/ladder2.h"
#undef P2
#pragma pop_macro("P2")
} // namespace l25
#pragma GCC diagnostic pop

namespace {

std::string decs(s128 x)
{
    return x < 0 ? "-" + proof::dec((u128)(-x)) : proof::dec((u128)x);
}
// The output limbs' bounds; with -v also each limb's, exact in decimal.
template <size_t N, class FE> std::string out_str(const FE &h)
{
    std::string s = str(box_of<N>(h));
    if (verbose)
        for (size_t i = 0; i < N; i++)
            s += "\n" + std::string(33, ' ') + "limb " + std::to_string(i) + " [" + decs((s128)h.v[i].lo) + ", " +
                 decs((s128)h.v[i].hi) + "]";
    return s;
}

// ----------------------------------------------------------- radix 2^51 --
void check51()
{
    run("fe51_0, fe51_1", "out: carried", [] {
        fe51 h0, h1;
        fe51_0(&h0);
        fe51_1(&h1);
        within<5>(h0, B51_CARRIED, "fe51_0 output, carried");
        within<5>(h1, B51_CARRIED, "fe51_1 output, carried");
        return out_str<5>(h0) + " / " + out_str<5>(h1);
    });
    run("fe51_add", "in: f, g < 2^53; out: < 2^54 (loose)", [] {
        fe51 f = make<fe51>(B51_53), g = make<fe51>(B51_53), h;
        fe51_add(&h, &f, &g);
        within<5>(h, B51_LOOSE, "fe51_add output, loose");
        return out_str<5>(h);
    });
    run("fe51_sub", "in: f < 2^53, g <= 4p limb for limb; out: < 2^54 (loose)", [] {
        fe51 f = make<fe51>(B51_53), g = make<fe51>(B51_P4), h;
        fe51_sub(&h, &f, &g);
        within<5>(h, B51_LOOSE, "fe51_sub output, loose");
        return out_str<5>(h);
    });
    run("fe51_neg", "in: f <= 4p limb for limb; out: < 2^53", [] {
        fe51 f = make<fe51>(B51_P4), h;
        fe51_neg(&h, &f);
        within<5>(h, B51_NEG, "fe51_neg output, < 2^53");
        return out_str<5>(h);
    });
    // fe51.h: "t[i] are the wide column sums, each < 2^116".
    run("fe51_carry_wide", "in: columns < 2^116; out: carried (< 2^51 + 2^20)", [] {
        fe51_wide t[5];
        for (auto &x : t) x = fe51_wide::range(0, ((u128)1 << 116) - 1);
        fe51 h;
        fe51_carry_wide(&h, t[0], t[1], t[2], t[3], t[4]);
        within<5>(h, B51_CARRIED, "fe51_carry_wide output, carried");
        return out_str<5>(h);
    });
    run("fe51_mul", "in: f, g loose (< 2^54); out: carried (< 2^51 + 2^20)", [] {
        fe51 f = make<fe51>(B51_LOOSE), g = make<fe51>(B51_LOOSE), h;
        fe51_mul(&h, &f, &g);
        within<5>(h, B51_CARRIED, "fe51_mul output, carried");
        return out_str<5>(h);
    });
    run("fe51_sqr", "in: loose (< 2^54); out: carried", [] {
        fe51 f = make<fe51>(B51_LOOSE), h;
        fe51_sqr(&h, &f);
        within<5>(h, B51_CARRIED, "fe51_sqr output, carried");
        return out_str<5>(h);
    });
    run("fe51_mul_a24", "in: < 2^54; out: carried", [] {
        fe51 f = make<fe51>(B51_LOOSE), h;
        fe51_mul_a24(&h, &f);
        within<5>(h, B51_CARRIED, "fe51_mul_a24 output, carried");
        return out_str<5>(h);
    });
    run("fe51_carry", "in: < 2^54; out: carried", [] {
        fe51 f = make<fe51>(B51_LOOSE), h;
        fe51_carry(&h, &f);
        within<5>(h, B51_CARRIED, "fe51_carry output, carried");
        return out_str<5>(h);
    });
    run("fe51_canon", "in: carried; out: < 2^51 (freeze)", [] {
        fe51 f = make<fe51>(B51_CARRIED), h;
        fe51_canon(&h, &f);
        within<5>(h, B51_CANON, "fe51_canon output, < 2^51");
        return out_str<5>(h);
    });
    modelled("fe51_cswap, fe51_cmov", "not run: each output limb is one of the input limbs (mask all ones or zero), "
                                      "so the bound is the hull of the inputs' (how the compositions model them)");
    modelled("fe51_frombytes, _tobytes", "outside FE51_PROOF (byte packing): frombytes masks every limb to 51 bits "
                                         "(modelled so); tobytes is fe51_canon, run above and in the compositions");
}

// The compositions: inputs at their stated bounds, every call checked
// against its contract, outputs back within carried.
void check_core51()
{
    run("core_ladder_step [fe51]", "in: x1, x2, z2, x3, z3 carried; out: carried", [] {
        call_no = 0;
        fe51 x1 = make<fe51>(B51_CARRIED), x2 = make<fe51>(B51_CARRIED), z2 = make<fe51>(B51_CARRIED),
             x3 = make<fe51>(B51_CARRIED), z3 = make<fe51>(B51_CARRIED);
        c51::core_ladder_step(&x2, &z2, &x3, &z3, &x1);
        record().call.clear();
        within<5>(x2, B51_CARRIED, "output x2, carried");
        within<5>(z2, B51_CARRIED, "output z2, carried");
        within<5>(x3, B51_CARRIED, "output x3, carried");
        within<5>(z3, B51_CARRIED, "output z3, carried");
        return "x2 " + out_str<5>(x2) + "; z2 " + out_str<5>(z2);
    });
    run("core_madd [fe51]", "in: p carried, q decoded (< 2^51) and 2dxy possibly negated; out: carried", [] {
        call_no = 0;
        c51::core_ge p;
        p.X = make<fe51>(B51_CARRIED);
        p.Y = make<fe51>(B51_CARRIED);
        p.Z = make<fe51>(B51_CARRIED);
        p.T = make<fe51>(B51_CARRIED);
        c51::core_niels q;
        q.ypx = make<fe51>(B51_CANON);
        q.ymx = make<fe51>(B51_CANON);
        q.xy2d = make<fe51>(B51_CANON);
        fe51 negated;
        fe51_neg(&negated, &q.xy2d); // as core_select does, then cmov: either one
        q.xy2d = make<fe51>(hull(box_of<5>(q.xy2d), box_of<5>(negated)));
        c51::core_madd(&p, &q);
        record().call.clear();
        within<5>(p.X, B51_CARRIED, "output X, carried");
        within<5>(p.Y, B51_CARRIED, "output Y, carried");
        within<5>(p.Z, B51_CARRIED, "output Z, carried");
        within<5>(p.T, B51_CARRIED, "output T, carried");
        return "X " + out_str<5>(p.X);
    });
    run("core_dbl [fe51]", "in: p carried; out: carried", [] {
        call_no = 0;
        c51::core_ge p;
        p.X = make<fe51>(B51_CARRIED);
        p.Y = make<fe51>(B51_CARRIED);
        p.Z = make<fe51>(B51_CARRIED);
        p.T = make<fe51>(B51_CARRIED);
        c51::core_dbl(&p);
        record().call.clear();
        within<5>(p.X, B51_CARRIED, "output X, carried");
        within<5>(p.Y, B51_CARRIED, "output Y, carried");
        within<5>(p.Z, B51_CARRIED, "output Z, carried");
        within<5>(p.T, B51_CARRIED, "output T, carried");
        return "X " + out_str<5>(p.X);
    });
    run("core_invert [fe51]", "in: loose; out: carried", [] {
        call_no = 0;
        fe51 z = make<fe51>(B51_LOOSE), out;
        c51::core_invert(&out, &z);
        record().call.clear();
        within<5>(out, B51_CARRIED, "output, carried");
        return out_str<5>(out);
    });
    run("core_scalarmult [fe51]", "every scalar and u: 255 ladder steps, invert, tobytes", [] {
        call_no = 0;
        uint8_t out[32], k[32] = { 0 }, u[32] = { 0 };
        c51::core_scalarmult(out, k, u);
        return std::to_string(call_no) + " field calls within their contracts";
    });
    run("core_base [fe51]", "every scalar: 64 madd, 4 dbl, invert, tobytes", [] {
        call_no = 0;
        uint8_t out[32], k[32] = { 0 };
        c51::core_base(out, k);
        return std::to_string(call_no) + " field calls within their contracts";
    });
}

// ------------------------------------------ radix 2^51 on IFMA lanes --
// fe51v.h, x25519-ifma's field: every routine takes and returns carried.
void check51v()
{
    run("fe51v_0, fe51v_1", "out: carried", [] {
        fe51v h0, h1;
        fe51v_0(&h0);
        fe51v_1(&h1);
        within<5>(h0, B51V_CARRIED, "fe51v_0 output, carried");
        within<5>(h1, B51V_CARRIED, "fe51v_1 output, carried");
        return out_str<5>(h0) + " / " + out_str<5>(h1);
    });
    run("fe51v_carry", "in: < 2^63; out: carried (< 2^51 + 2^23)", [] {
        fe51v f = make<fe51v>(B51V_CARRY_IN), h;
        fe51v_carry(&h, &f);
        within<5>(h, B51V_CARRIED, "fe51v_carry output, carried");
        return out_str<5>(h);
    });
    run("fe51v_add", "in: f, g carried; out: carried", [] {
        fe51v f = make<fe51v>(B51V_CARRIED), g = make<fe51v>(B51V_CARRIED), h;
        fe51v_add(&h, &f, &g);
        within<5>(h, B51V_CARRIED, "fe51v_add output, carried");
        return out_str<5>(h);
    });
    run("fe51v_sub", "in: f, g carried; out: carried", [] {
        fe51v f = make<fe51v>(B51V_CARRIED), g = make<fe51v>(B51V_CARRIED), h;
        fe51v_sub(&h, &f, &g);
        within<5>(h, B51V_CARRIED, "fe51v_sub output, carried");
        return out_str<5>(h);
    });
    run("fe51v_neg", "in: carried; out: carried", [] {
        fe51v f = make<fe51v>(B51V_CARRIED), h;
        fe51v_neg(&h, &f);
        within<5>(h, B51V_CARRIED, "fe51v_neg output, carried");
        return out_str<5>(h);
    });
    run("fe51v_mul", "in: f, g carried (IFMA factors < 2^52); out: carried", [] {
        fe51v f = make<fe51v>(B51V_CARRIED), g = make<fe51v>(B51V_CARRIED), h;
        fe51v_mul(&h, &f, &g);
        within<5>(h, B51V_CARRIED, "fe51v_mul output, carried");
        return out_str<5>(h);
    });
    run("fe51v_sqr", "in: carried (IFMA factors < 2^52); out: carried", [] {
        fe51v f = make<fe51v>(B51V_CARRIED), h;
        fe51v_sqr(&h, &f);
        within<5>(h, B51V_CARRIED, "fe51v_sqr output, carried");
        return out_str<5>(h);
    });
    run("fe51v_mul_a24", "in: carried; out: carried", [] {
        fe51v f = make<fe51v>(B51V_CARRIED), h;
        fe51v_mul_a24(&h, &f);
        within<5>(h, B51V_CARRIED, "fe51v_mul_a24 output, carried");
        return out_str<5>(h);
    });
    modelled("fe51v_cswap, fe51v_cmov", "not run: lane masks, each output limb one of the inputs (hull, as for fe51)");
}

void check_core51v()
{
    run("core_ladder_step [fe51v]", "in: x1, x2, z2, x3, z3 carried; out: carried", [] {
        call_no = 0;
        fe51v x1 = make<fe51v>(B51V_CARRIED), x2 = make<fe51v>(B51V_CARRIED), z2 = make<fe51v>(B51V_CARRIED),
              x3 = make<fe51v>(B51V_CARRIED), z3 = make<fe51v>(B51V_CARRIED);
        cv::core_ladder_step(&x2, &z2, &x3, &z3, &x1);
        record().call.clear();
        within<5>(x2, B51V_CARRIED, "output x2, carried");
        within<5>(z2, B51V_CARRIED, "output z2, carried");
        within<5>(x3, B51V_CARRIED, "output x3, carried");
        within<5>(z3, B51V_CARRIED, "output z3, carried");
        return "x2 " + out_str<5>(x2) + "; z2 " + out_str<5>(z2);
    });
    run("ladder4_step [fe51v x 4]", "in: x, the constants carried; out: carried", [] {
        call_no = 0;
        q4::quad x, one_x1, a24;
        for (int i = 0; i < 4; i++) {
            x.l[i] = make<fe51v>(B51V_CARRIED);
            one_x1.l[i] = make<fe51v>(B51V_CARRIED);
            a24.l[i] = make<fe51v>(B51V_CARRIED);
        }
        q4::ladder4_step(&x, &one_x1, &a24);
        record().call.clear();
        Box<5> all = box_of<5>(x.l[0]);
        for (int i = 0; i < 4; i++) {
            within<5>(x.l[i], B51V_CARRIED, "output lane " + std::to_string(i) + ", carried");
            all = hull(all, box_of<5>(x.l[i]));
        }
        return str(all) + " (" + std::to_string(call_no) + " field calls)";
    });
    run("edwards4_madd [fe51v x 4]", "in: p carried, n decoded (< 2^51) or negated (carried); out: carried", [] {
        call_no = 0;
        q4::quad p, n, zero;
        for (int i = 0; i < 4; i++) {
            p.l[i] = make<fe51v>(B51V_CARRIED);
            n.l[i] = make<fe51v>(B51V_CARRIED);
            fe51v_0(&zero.l[i]);
        }
        q4::edwards4_madd(&p, &n, &zero);
        record().call.clear();
        Box<5> all = box_of<5>(p.l[0]);
        for (int i = 0; i < 4; i++) {
            within<5>(p.l[i], B51V_CARRIED, "output lane " + std::to_string(i) + ", carried");
            all = hull(all, box_of<5>(p.l[i]));
        }
        return str(all) + " (" + std::to_string(call_no) + " field calls)";
    });
    run("edwards4_dbl [fe51v x 4]", "in: p carried; out: carried", [] {
        call_no = 0;
        q4::quad p;
        for (int i = 0; i < 4; i++) p.l[i] = make<fe51v>(B51V_CARRIED);
        q4::edwards4_dbl(&p);
        record().call.clear();
        Box<5> all = box_of<5>(p.l[0]);
        for (int i = 0; i < 4; i++) {
            within<5>(p.l[i], B51V_CARRIED, "output lane " + std::to_string(i) + ", carried");
            all = hull(all, box_of<5>(p.l[i]));
        }
        return str(all) + " (" + std::to_string(call_no) + " field calls)";
    });
    run("core_invert [fe51v]", "in: carried; out: carried", [] {
        call_no = 0;
        fe51v z = make<fe51v>(B51V_CARRIED), out;
        cv::core_invert(&out, &z);
        record().call.clear();
        within<5>(out, B51V_CARRIED, "output, carried");
        return out_str<5>(out);
    });
    run("core_scalarmult [fe51v]", "every scalar and u: 255 ladder steps, invert, tobytes", [] {
        call_no = 0;
        uint8_t out[32], k[32] = { 0 }, u[32] = { 0 };
        cv::core_scalarmult(out, k, u);
        return std::to_string(call_no) + " field calls within their contracts";
    });
    run("core_base [fe51v]", "every scalar: 64 madd, 4 dbl, invert, tobytes", [] {
        call_no = 0;
        uint8_t out[32], k[32] = { 0 };
        cv::core_base(out, k);
        return std::to_string(call_no) + " field calls within their contracts";
    });
}

// -------------------------------------------------------- radix 2^25.5 --
void check25()
{
    const Box<10> two_carried = plus(B25_CARRIED, B25_CARRIED);
    run("fe25_0, fe25_1", "out: carried", [] {
        fe25 h0, h1;
        fe25_0(&h0);
        fe25_1(&h1);
        within<10>(h0, B25_CARRIED, "fe25_0 output, carried");
        within<10>(h1, B25_CARRIED, "fe25_1 output, carried");
        return out_str<10>(h0) + " / " + out_str<10>(h1);
    });
    // add and sub state their precondition on the sum (difference), not
    // on each operand: the cases curve_core.h uses, two carried values
    // and an add's output with a carried value, either way round.
    run("fe25_add", "in: f + g loose (carried + carried, 2 carried + carried, carried + 2 carried); out: loose",
        [&] {
            const Box<10> cases[3][2] = { { B25_CARRIED, B25_CARRIED },
                                          { two_carried, B25_CARRIED },
                                          { B25_CARRIED, two_carried } };
            Box<10> all{};
            for (int c = 0; c < 3; c++) {
                fe25 f = make<fe25>(cases[c][0]), g = make<fe25>(cases[c][1]), h;
                fe25_add(&h, &f, &g);
                within<10>(h, B25_LOOSE, "fe25_add output, loose");
                all = c ? hull(all, box_of<10>(h)) : box_of<10>(h);
            }
            return str(all);
        });
    run("fe25_sub", "in: f - g loose (the same three cases); out: loose", [&] {
        const Box<10> cases[3][2] = { { B25_CARRIED, B25_CARRIED },
                                      { two_carried, B25_CARRIED },
                                      { B25_CARRIED, two_carried } };
        Box<10> all{};
        for (int c = 0; c < 3; c++) {
            fe25 f = make<fe25>(cases[c][0]), g = make<fe25>(cases[c][1]), h;
            fe25_sub(&h, &f, &g);
            within<10>(h, B25_LOOSE, "fe25_sub output, loose");
            all = c ? hull(all, box_of<10>(h)) : box_of<10>(h);
        }
        return str(all);
    });
    run("fe25_neg", "in: loose; out: loose", [] {
        fe25 f = make<fe25>(B25_LOOSE), h;
        fe25_neg(&h, &f);
        within<10>(h, B25_LOOSE, "fe25_neg output, loose");
        return out_str<10>(h);
    });
    // fe25.h: "Carry the ten wide columns t (|t_k| < 2^62) into h: carried."
    run("fe25_carry_wide", "in: |columns| < 2^62; out: carried", [] {
        fe25_wide t[10];
        for (auto &x : t) x = fe25_wide::range(-(P2(61) - 1), P2(61) - 1);
        fe25 h;
        fe25_carry_wide(&h, t);
        within<10>(h, B25_CARRIED, "fe25_carry_wide output, carried");
        return out_str<10>(h);
    });
    run("fe25_mul", "in: f, g loose; out: carried", [] {
        fe25 f = make<fe25>(B25_LOOSE), g = make<fe25>(B25_LOOSE), h;
        fe25_mul(&h, &f, &g);
        within<10>(h, B25_CARRIED, "fe25_mul output, carried");
        return out_str<10>(h);
    });
    run("fe25_sqr", "in: loose; out: carried", [] {
        fe25 f = make<fe25>(B25_LOOSE), h;
        fe25_sqr(&h, &f);
        within<10>(h, B25_CARRIED, "fe25_sqr output, carried");
        return out_str<10>(h);
    });
    // The squaring of x25519-ref25 and of x25519-neon's inversion, and on
    // four and two lanes x25519-avx2's and x25519-neon's (fe25x4.h,
    // fe25x2.h): the compositions below run with it.
    run("fe25_sqr_once", "in: loose; out: carried", [] {
        fe25 f = make<fe25>(B25_LOOSE), h;
        fe25_sqr_once(&h, &f);
        within<10>(h, B25_CARRIED, "fe25_sqr_once output, carried");
        return out_str<10>(h);
    });
    run("fe25_mul_a24", "in: loose; out: carried", [] {
        fe25 f = make<fe25>(B25_LOOSE), h;
        fe25_mul_a24(&h, &f);
        within<10>(h, B25_CARRIED, "fe25_mul_a24 output, carried");
        return out_str<10>(h);
    });
    run("fe25_carry", "in: loose; out: carried", [] {
        fe25 f = make<fe25>(B25_LOOSE), h;
        fe25_carry(&h, &f);
        within<10>(h, B25_CARRIED, "fe25_carry output, carried");
        return out_str<10>(h);
    });
    run("fe25_canon", "in: carried; out: limbs in [0, 2^26) or [0, 2^25) (freeze)", [] {
        fe25 f = make<fe25>(B25_CARRIED), h;
        fe25_canon(&h, &f);
        within<10>(h, B25_DEC, "fe25_canon output, [0, 2^26) or [0, 2^25)");
        return out_str<10>(h);
    });
    modelled("fe25_cswap, fe25_cmov", "not run: each output limb is one of the input limbs (as fe51's)");
    modelled("fe25_frombytes, _tobytes", "outside FE25_PROOF (byte packing): frombytes masks limb i to 26 or 25 "
                                         "bits (modelled so); tobytes is fe25_canon, run above and in the compositions");
}

void check_core25()
{
    run("core_ladder_step [fe25]", "in: x1, x2, z2, x3, z3 carried; out: carried", [] {
        call_no = 0;
        fe25 x1 = make<fe25>(B25_CARRIED), x2 = make<fe25>(B25_CARRIED), z2 = make<fe25>(B25_CARRIED),
             x3 = make<fe25>(B25_CARRIED), z3 = make<fe25>(B25_CARRIED);
        c25::core_ladder_step(&x2, &z2, &x3, &z3, &x1);
        record().call.clear();
        within<10>(x2, B25_CARRIED, "output x2, carried");
        within<10>(z2, B25_CARRIED, "output z2, carried");
        within<10>(x3, B25_CARRIED, "output x3, carried");
        within<10>(z3, B25_CARRIED, "output z3, carried");
        return "x2 " + out_str<10>(x2);
    });
    run("ladder2_step [fe25 x 2]", "x25519-neon; in: X, Z, X1 carried in both lanes; out: carried", [] {
        call_no = 0;
        l25::pair x, z, x1;
        for (int i = 0; i < 2; i++) {
            x.l[i] = make<fe25>(B25_CARRIED);
            z.l[i] = make<fe25>(B25_CARRIED);
            x1.l[i] = make<fe25>(B25_CARRIED);
        }
        l25::ladder2_step(&x, &z, &x1);
        record().call.clear();
        for (int i = 0; i < 2; i++) {
            within<10>(x.l[i], B25_CARRIED, "output X, carried");
            within<10>(z.l[i], B25_CARRIED, "output Z, carried");
        }
        return "X lane 0 " + out_str<10>(x.l[0]);
    });
    run("core_madd [fe25]", "in: p carried, q decoded and 2dxy possibly negated; out: carried", [] {
        call_no = 0;
        c25::core_ge p;
        p.X = make<fe25>(B25_CARRIED);
        p.Y = make<fe25>(B25_CARRIED);
        p.Z = make<fe25>(B25_CARRIED);
        p.T = make<fe25>(B25_CARRIED);
        c25::core_niels q;
        q.ypx = make<fe25>(B25_DEC);
        q.ymx = make<fe25>(B25_DEC);
        q.xy2d = make<fe25>(B25_DEC);
        fe25 negated;
        fe25_neg(&negated, &q.xy2d);
        q.xy2d = make<fe25>(hull(box_of<10>(q.xy2d), box_of<10>(negated)));
        c25::core_madd(&p, &q);
        record().call.clear();
        within<10>(p.X, B25_CARRIED, "output X, carried");
        within<10>(p.Y, B25_CARRIED, "output Y, carried");
        within<10>(p.Z, B25_CARRIED, "output Z, carried");
        within<10>(p.T, B25_CARRIED, "output T, carried");
        return "X " + out_str<10>(p.X);
    });
    run("core_dbl [fe25]", "in: p carried; out: carried", [] {
        call_no = 0;
        c25::core_ge p;
        p.X = make<fe25>(B25_CARRIED);
        p.Y = make<fe25>(B25_CARRIED);
        p.Z = make<fe25>(B25_CARRIED);
        p.T = make<fe25>(B25_CARRIED);
        c25::core_dbl(&p);
        record().call.clear();
        within<10>(p.X, B25_CARRIED, "output X, carried");
        within<10>(p.Y, B25_CARRIED, "output Y, carried");
        within<10>(p.Z, B25_CARRIED, "output Z, carried");
        within<10>(p.T, B25_CARRIED, "output T, carried");
        return "X " + out_str<10>(p.X);
    });
    run("core_invert [fe25]", "in: loose; out: carried", [] {
        call_no = 0;
        fe25 z = make<fe25>(B25_LOOSE), out;
        c25::core_invert(&out, &z);
        record().call.clear();
        within<10>(out, B25_CARRIED, "output, carried");
        return out_str<10>(out);
    });
    run("core_scalarmult [fe25]", "every scalar and u: 255 ladder steps, invert, tobytes", [] {
        call_no = 0;
        uint8_t out[32], k[32] = { 0 }, u[32] = { 0 };
        c25::core_scalarmult(out, k, u);
        return std::to_string(call_no) + " field calls within their contracts";
    });
    run("core_base [fe25]", "every scalar: 64 madd, 4 dbl, invert, tobytes", [] {
        call_no = 0;
        uint8_t out[32], k[32] = { 0 };
        c25::core_base(out, k);
        return std::to_string(call_no) + " field calls within their contracts";
    });
}

} // namespace

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "-v") == 0) {
            verbose = true;
        } else {
            std::fprintf(stderr, "usage: %s [-v]\n", argv[0]);
            return 2;
        }
    }
    std::printf("X25519 field arithmetic: limb bounds by interval arithmetic over the real source\n"
                "(src/x25519/fe51.h, fe25.h, curve_core.h; tests/proof/bounds.cc)\n\n");
    check51();
    check_core51();
    check51v();
    check_core51v();
    check25();
    check_core25();
    if (failures) {
        std::printf("\nFAILED: %d of %d routines outside their stated bounds or overflowing\n", failures, routines);
        return 1;
    }
    std::printf("\nall %d routines within their stated bounds, no overflow\n", routines);
    return 0;
}
