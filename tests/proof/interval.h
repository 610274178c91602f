// SPDX-License-Identifier: MIT
//
// Interval integers for the bound checker (tests/proof/bounds.cc).
//
// Iv<Bits, Signed> stands for a C integer type of that width and
// signedness (fe51's uint64_t limbs and unsigned __int128 products,
// fe25's int32_t limbs and int64_t products) and holds inclusive bounds
// [lo, hi] that contain every value the variable can take. The field
// headers are compiled with their limb types replaced by these, so each
// operation of the real source runs on intervals. That is abstract
// interpretation, and it is sound for this code because the code is
// straight-line: loops have constant trip counts, nothing branches on a
// limb, and every operator is monotone in each operand or given a bound
// that covers all its results.
//
// One relational rule, because plain intervals cannot follow fe25.h's
// signed carries: there a limb keeps t - c * 2^w with c = (t + k) >> w,
// and intervals take t and c as independent, so each step would double
// the bound instead of leaving [-k, 2^w - 1 - k]. Each value therefore
// carries an identity (a copy keeps it: it is the same number) and a note
// of how it was made from another (base + k, (base + k) >> w, times 2^w);
// a subtraction x - floor((x + k) / 2^w) * 2^w whose x is that very base
// gets the exact bound of (x + k) mod 2^w - k. Nothing else is relational
// (fe51.h masks instead, which intervals follow as they are). The harness
// makes each independent input a fresh value, so identities never join
// two inputs that may differ.
//
// What fails (a violation, recorded against the routine the harness is
// running, the first one with what overflowed):
//   - + - * << whose exact result interval leaves the type's range (for
//     unsigned types that includes a subtraction that could wrap, and for
//     signed ones the overflow C leaves undefined);
//   - a conversion to another Iv type that could lose bits: the code must
//     only narrow what it has masked or shifted into range;
//   - << of a possibly negative value, a shift count outside the type;
//   - any use of a value never assigned;
//   - converting an interval to a plain C integer (the masks of cswap and
//     cmov do this in fe25.h; those functions are not run, see below).
// On a violation the result becomes the whole range of its type, which
// covers whatever the C code would have computed, so the run goes on and
// later findings stay sound.
//
// & and ^ between unknown values have only coarse interval bounds (x ^ y
// can be anything below the next power of two). cswap and cmov, the only
// users, are therefore not run through this: their result is always one
// of their inputs, limb for limb (the mask is all ones or all zeros), so
// their output bound is the hull of their inputs' bounds, and the harness
// models them that way. Running them here would fail anyway, and
// rightly for an interval checker: `0 - b` wraps by design.
#ifndef RIJN_PROOF_INTERVAL_H
#define RIJN_PROOF_INTERVAL_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

namespace proof {

typedef __int128 s128;
typedef unsigned __int128 u128;

// ------------------------------------------------------------ the log --
// Where the harness is (a routine, and inside a composition the call),
// the first violation there, and the largest magnitude each type reached:
// the headroom docs/security.md reports.
struct Log {
    std::string where, call;
    std::string first;
    unsigned long count = 0;
    unsigned long carries = 0;     // times the exact-carry rule applied
    u128 peak[4] = { 0, 0, 0, 0 }; // u64, u128, s32, s64
    void reset(const std::string &w)
    {
        where = w;
        call.clear();
        first.clear();
        count = 0;
        carries = 0;
        for (auto &p : peak) p = 0;
    }
};
inline Log &record()
{
    static Log l;
    return l;
}
// Every value a run creates (an input, a constant, an operation's result)
// gets a fresh identity; a copy keeps it, because a copy holds the same
// number in every execution. The exact-carry rule below relies on it.
inline uint64_t next_id()
{
    static uint64_t n;
    return ++n;
}
// what: the message, or a function making it (only the first violation of
// a routine is kept, and a broken routine can make thousands).
template <class F> inline void violation(F &&what)
{
    Log &l = record();
    if (l.count++ != 0) return;
    std::string w;
    if constexpr (std::is_invocable<F>::value) w = what();
    else w = what;
    l.first = l.where + (l.call.empty() ? "" : " / " + l.call) + ": " + w;
}

// ---------------------------------------------------- number printing --
inline std::string dec(u128 x)
{
    std::string s;
    do {
        s.insert(s.begin(), char('0' + int(x % 10)));
        x /= 10;
    } while (x);
    return s;
}
inline int log2floor(u128 x)
{
    int k = -1;
    while (x) {
        x >>= 1;
        k++;
    }
    return k;
}
inline double log2d(u128 x)
{
    return std::log2((long double)x);
}
inline bool pow2(u128 x)
{
    return x && !(x & (x - 1));
}
// x as powers of two: exact when up to three terms and a small tail do
// (2^53 - 76, 2^51 + 2^20, 2^27 - 2^25 + 2^17), else the nearest power
// and the remainder's log2 to two places (2^51 + 2^18.25).
inline bool exact_terms(u128 x, int terms, bool neg, std::string &out)
{
    const char *sign = neg ? " - " : " + ";
    if (x == 0) return true;
    if (x < (u128)1 << 17) {
        out += sign + dec(x);
        return true;
    }
    if (terms == 0) return false;
    int k = log2floor(x);
    u128 below = x - ((u128)1 << k);
    u128 above = k < 127 ? ((u128)1 << (k + 1)) - x : ~(u128)0;
    bool up = above < below;
    out += sign + ("2^" + std::to_string(up ? k + 1 : k));
    return exact_terms(up ? above : below, terms - 1, up ? !neg : neg, out);
}
inline std::string pretty(u128 x)
{
    if (x < (u128)1 << 16) return dec(x);
    std::string out;
    if (exact_terms(x, 3, false, out)) return out.substr(3);
    int k = log2floor(x);
    u128 below = x - ((u128)1 << k);
    u128 above = k < 127 ? ((u128)1 << (k + 1)) - x : ~(u128)0;
    bool up = above < below;
    char buf[64];
    std::snprintf(buf, sizeof buf, "2^%d %c 2^%.2f", up ? k + 1 : k, up ? '-' : '+', log2d(up ? above : below));
    return buf;
}
inline std::string pretty_s(s128 x)
{
    return x < 0 ? "-(" + pretty((u128)(-x)) + ")" : pretty((u128)x);
}
inline std::string pretty_b(u128 x)
{
    return pretty(x);
}
inline std::string pretty_b(s128 x)
{
    return pretty_s(x);
}

// ---------------------------------------------------------- the type --
template <int Bits, bool Signed> struct Iv;

template <class T> struct is_iv : std::false_type {};
template <int B, bool S> struct is_iv<Iv<B, S>> : std::true_type {};

// The Iv that stands for an operand: itself, or for a C integer constant
// the Iv of its promoted type (C promotes anything narrower than int).
template <class T, class = void> struct iv_of;
template <int B, bool S> struct iv_of<Iv<B, S>> {
    typedef Iv<B, S> type;
};
template <class T> struct iv_of<T, std::enable_if_t<std::is_integral<T>::value>> {
    static constexpr int bits = sizeof(T) * 8 < 32 ? 32 : int(sizeof(T) * 8);
    static constexpr bool sgn = sizeof(T) * 8 < 32 ? true : std::is_signed<T>::value;
    typedef Iv<bits, sgn> type;
};

// C's usual arithmetic conversions, for widths as ranks: the wider type
// wins; at equal width, unsigned wins.
template <class A, class B> struct common {
    typedef typename iv_of<A>::type IA;
    typedef typename iv_of<B>::type IB;
    static constexpr int bits = IA::bits > IB::bits ? IA::bits : IB::bits;
    static constexpr bool sgn = IA::bits > IB::bits ? IA::sgn : IB::bits > IA::bits ? IB::sgn : (IA::sgn && IB::sgn);
    typedef Iv<bits, sgn> type;
};

template <class A, class B>
using enable_ops = std::enable_if_t<(is_iv<A>::value || is_iv<B>::value) &&
                                    (is_iv<A>::value || std::is_integral<A>::value) &&
                                    (is_iv<B>::value || std::is_integral<B>::value)>;

template <int Bits, bool Signed> struct Iv {
    static_assert(Bits == 32 || Bits == 64 || (Bits == 128 && !Signed), "the types the field code uses");
    static constexpr int bits = Bits;
    static constexpr bool sgn = Signed;
    // Bounds are held in 128 bits: every product of two 64-bit values
    // fits, and for unsigned __int128 itself the builtins' overflow is
    // exactly the type's.
    typedef std::conditional_t<Signed, s128, u128> B;

    static constexpr B tmin()
    {
        if constexpr (Signed) return -((B)1 << (Bits - 1));
        else return 0;
    }
    static constexpr B tmax()
    {
        if constexpr (Signed) return ((B)1 << (Bits - 1)) - 1;
        else if constexpr (Bits == 128) return ~(B)0;
        else return ((B)1 << Bits) - 1;
    }
    static std::string name()
    {
        return std::string(Signed ? "s" : "u") + std::to_string(Bits);
    }
    static constexpr int peak_slot()
    {
        return Signed ? (Bits == 32 ? 2 : 3) : (Bits == 64 ? 0 : 1);
    }

    B lo = 0, hi = 0;
    bool init = false;
    uint64_t id = 0;
    // How this value was computed from another, for the exact-carry rule:
    // SUMK: base + k (k a constant); FDIV: (base + k) >> w, which is
    // floor((base + k) / 2^w); FMUL: that times 2^w.
    enum { NONE, SUMK, FDIV, FMUL };
    int dkind = NONE;
    uint64_t dbase = 0;
    B dk = 0;
    int dw = 0;

    Iv() = default;
    Iv(const Iv &) = default;
    Iv &operator=(const Iv &) = default;

    // A C integer constant (0, 1, 19, FE51_MASK): must fit the type.
    template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0> Iv(T c)
    {
        init = true;
        if constexpr (std::is_signed<T>::value) {
            s128 v = c;
            if ((!Signed && v < 0) || (Signed && (v < (s128)tmin() || v > (s128)tmax()))) {
                violation("constant " + std::to_string((long long)c) + " does not fit " + name());
                *this = full();
                return;
            }
            lo = hi = (B)v;
            id = next_id();
        } else {
            u128 v = c;
            if (v > (u128)tmax()) {
                violation("constant " + dec(v) + " does not fit " + name());
                *this = full();
                return;
            }
            lo = hi = (B)v;
            id = next_id();
        }
    }

    // Conversion from another width or signedness: a cast in the source,
    // or an implicit widening (a limb passed where a wide value is
    // expected). Lossless or a violation; the file and line are the
    // conversion's, in the header.
    template <int B2, bool S2>
    Iv(const Iv<B2, S2> &o, const char *file = __builtin_FILE(), int line = __builtin_LINE())
    {
        init = true;
        if (!o.init) {
            violation([&] { return "conversion of an unassigned value at " + where(file, line); });
            *this = full();
            return;
        }
        if (!fits(o.lo, o.hi)) {
            violation([&] {
                return Iv<B2, S2>::name() + " -> " + name() + " at " + where(file, line) + " of [" + pretty_b(o.lo) +
                       ", " + pretty_b(o.hi) + "] loses bits";
            });
            *this = full();
            return;
        }
        lo = (B)o.lo;
        hi = (B)o.hi;
        id = o.id; // the same number
        note();
    }

    // Only cswap and cmov in fe25.h take a limb as a plain integer (to
    // mask it as uint32_t); they are not run. Anything else that does is
    // outside the model.
    template <class T, std::enable_if_t<std::is_integral<T>::value, int> = 0> explicit operator T() const
    {
        violation(name() + " converted to a plain integer: outside the interval model");
        return 0;
    }

    static Iv range(B l, B h)
    {
        Iv r;
        r.lo = l;
        r.hi = h;
        r.init = true;
        r.id = next_id();
        return r;
    }
    static Iv full()
    {
        return range(tmin(), tmax());
    }

    // Does [l, h] (of another bound type) lie within this type?
    template <class B2> static bool fits(B2 l, B2 h)
    {
        // (std::is_signed is false for __int128 under -std=c++17: compare
        // the type itself.)
        if constexpr (std::is_same<B2, s128>::value) {
            if (l < 0 && (!Signed || l < (s128)tmin())) return false;
            if (h < 0) return true;
            return (u128)h <= (u128)tmax();
        } else {
            (void)l;
            return h <= (u128)tmax();
        }
    }
    static std::string where(const char *file, int line)
    {
        std::string f = file;
        if (line == 0) return f;
        size_t s = f.rfind('/');
        return (s == std::string::npos ? f : f.substr(s + 1)) + ":" + std::to_string(line);
    }
    // The largest magnitude this type has held: the headroom report.
    void note() const
    {
        u128 m;
        if constexpr (Signed) {
            u128 a = lo < 0 ? (u128)(-lo) : (u128)lo, b = hi < 0 ? (u128)(-hi) : (u128)hi;
            m = a > b ? a : b;
        } else {
            m = hi;
        }
        u128 &p = record().peak[peak_slot()];
        if (m > p) p = m;
    }
    bool single() const
    {
        return init && lo == hi;
    }
    static bool in_range(bool ok, B l, B h)
    {
        return ok && l >= tmin() && h <= tmax();
    }
    Iv &derive(int kind, uint64_t base, B k, int w)
    {
        dkind = kind;
        dbase = base;
        dk = k;
        dw = w;
        return *this;
    }
    std::string str() const
    {
        return "[" + pretty_b(lo) + ", " + pretty_b(hi) + "]";
    }

    // The result of an operation: in range, or a violation and the whole
    // type. ok is false when the checker's own 128-bit arithmetic
    // overflowed, which for these types means the result left the range.
    template <class F> static Iv result(bool ok, B l, B h, F what)
    {
        if (!ok || l < tmin() || h > tmax()) {
            violation([&] {
                return name() + " " + what() + " leaves the range of " + name() +
                       (ok ? " (= [" + pretty_b(l) + ", " + pretty_b(h) + "])" : " (128-bit overflow)");
            });
            return full();
        }
        Iv r = range(l, h);
        r.note();
        return r;
    }
    static bool check_init(const Iv &a, const Iv &b, const char *op)
    {
        if (a.init && b.init) return true;
        violation([&] { return std::string("unassigned operand of ") + op + " (" + name() + ")"; });
        return false;
    }

    // ----------------------------------------------------- operations --
    static Iv add(const Iv &a, const Iv &b)
    {
        if (!check_init(a, b, "+")) return full();
        B l = 0, h = 0;
        bool ok = !__builtin_add_overflow(a.lo, b.lo, &l) && !__builtin_add_overflow(a.hi, b.hi, &h);
        Iv r = result(ok, l, h, [&] { return a.str() + " + " + b.str(); });
        if (in_range(ok, l, h)) {
            if (b.single() && a.dkind == NONE) r.derive(SUMK, a.id, b.lo, 0);
            else if (a.single() && b.dkind == NONE) r.derive(SUMK, b.id, a.lo, 0);
        }
        return r;
    }
    static Iv sub(const Iv &a, const Iv &b)
    {
        if (!check_init(a, b, "-")) return full();
        B l = 0, h = 0;
        // For unsigned types the builtin's overflow is the wrap C would do.
        bool ok = !__builtin_sub_overflow(a.lo, b.hi, &l) && !__builtin_sub_overflow(a.hi, b.lo, &h);
        // The exact-carry rule: x - floor((x + k) / 2^w) * 2^w, with both
        // x the same value (the same identity), is (x + k) mod 2^w - k, in
        // [-k, 2^w - 1 - k] whatever x is. Plain intervals lose that (they
        // take x and the carry as independent, and the bound doubles at
        // every step); fe25.h's signed carries are this pattern. The
        // bound is intersected with the plain one, and as it is the exact
        // result's, the C subtraction cannot overflow. (An unsigned type
        // would wrap for k > 0: the rule then applies only to k = 0.)
        if (b.dkind == FMUL && b.dbase == a.id && a.init && (Signed || b.dk == 0)) {
            const B rl = -b.dk, rh = ((B)1 << b.dw) - 1 - b.dk;
            if (ok) {
                l = l > rl ? l : rl;
                h = h < rh ? h : rh;
            } else {
                l = rl;
                h = rh;
            }
            record().carries++;
            return result(true, l, h, [&] { return a.str() + " - " + b.str(); });
        }
        return result(ok, l, h, [&] { return a.str() + " - " + b.str() + (ok ? "" : " could wrap"); });
    }
    static Iv mul(const Iv &a, const Iv &b)
    {
        if (!check_init(a, b, "*")) return full();
        auto what = [&] { return a.str() + " * " + b.str(); };
        if constexpr (!Signed) {
            B l = 0, h = 0;
            bool ok = !__builtin_mul_overflow(a.lo, b.lo, &l) && !__builtin_mul_overflow(a.hi, b.hi, &h);
            return carry_mul(result(ok, l, h, what), in_range(ok, l, h), a, b);
        } else {
            B c[4] = { 0, 0, 0, 0 };
            bool ok = !__builtin_mul_overflow(a.lo, b.lo, &c[0]) && !__builtin_mul_overflow(a.lo, b.hi, &c[1]) &&
                      !__builtin_mul_overflow(a.hi, b.lo, &c[2]) && !__builtin_mul_overflow(a.hi, b.hi, &c[3]);
            B l = c[0], h = c[0];
            for (int i = 1; i < 4; i++) {
                if (c[i] < l) l = c[i];
                if (c[i] > h) h = c[i];
            }
            return carry_mul(result(ok, l, h, what), in_range(ok, l, h), a, b);
        }
    }
    // floor((x + k) / 2^w) times the constant 2^w: note it for the rule.
    static Iv carry_mul(Iv r, bool in, const Iv &a, const Iv &b)
    {
        if (!in) return r;
        if (a.dkind == FDIV && b.single() && b.lo == ((B)1 << a.dw)) r.derive(FMUL, a.dbase, a.dk, a.dw);
        else if (b.dkind == FDIV && a.single() && a.lo == ((B)1 << b.dw)) r.derive(FMUL, b.dbase, b.dk, b.dw);
        return r;
    }
    // x >> s: a floor division by 2^s, monotone; arithmetic for signed
    // values (GCC and Clang define it so, and fe25.h relies on it).
    static Iv shr(const Iv &a, int s)
    {
        if (!a.init) {
            violation("unassigned operand of >> (" + name() + ")");
            return full();
        }
        if (s < 0 || s >= Bits) {
            violation(name() + " >> " + std::to_string(s) + ": shift count out of range");
            return full();
        }
        Iv r = range(a.lo >> s, a.hi >> s);
        r.note();
        if (a.dkind == SUMK) r.derive(FDIV, a.dbase, a.dk, s);
        else if (a.dkind == NONE) r.derive(FDIV, a.id, 0, s);
        return r;
    }
    // x << s on a value known non-negative, in range afterwards (C leaves
    // the other cases undefined for signed types, and fe25.h writes its
    // shifts of possibly negative values as multiplications).
    static Iv shl(const Iv &a, int s)
    {
        if (!a.init) {
            violation("unassigned operand of << (" + name() + ")");
            return full();
        }
        if (s < 0 || s >= Bits) {
            violation(name() + " << " + std::to_string(s) + ": shift count out of range");
            return full();
        }
        if (a.lo < 0) {
            violation(name() + " " + a.str() + " << " + std::to_string(s) + ": left shift of a possibly negative value");
            return full();
        }
        bool ok = a.hi <= (tmax() >> s);
        Iv r = result(ok, ok ? a.lo << s : 0, ok ? a.hi << s : 0, [&] { return a.str() + " << " + std::to_string(s); });
        if (ok && a.dkind == FDIV && s == a.dw) r.derive(FMUL, a.dbase, a.dk, a.dw);
        return r;
    }
    // x & y. With a constant mask m >= 0 (the carries' masks): the result
    // is in [0, m] whatever x's sign, and x itself when x lies within one
    // aligned block of m + 1 = 2^k. Otherwise (the masks of cswap and cmov)
    // only [0, min(hi)] for non-negative operands, the whole type else.
    static Iv band(const Iv &a, const Iv &b)
    {
        if (!check_init(a, b, "&")) return full();
        const Iv *x = &a, *m = &b;
        if (a.lo == a.hi && a.lo >= 0 && !(b.lo == b.hi && b.lo >= 0)) {
            x = &b;
            m = &a;
        }
        Iv r;
        if (m->lo == m->hi && m->lo >= 0) {
            const B mk = m->lo;
            const bool low_ones = ((mk + 1) & mk) == 0;
            if (low_ones && mk != tmax()) {
                const int k = log2floor((u128)(mk + 1));
                if ((x->lo >> k) == (x->hi >> k)) {
                    r = range(x->lo & mk, x->hi & mk);
                    r.note();
                    return r;
                }
            } else if (low_ones && x->lo >= 0) {
                r = range(x->lo, x->hi); // & all ones
                r.note();
                return r;
            }
            r = range(0, (x->lo >= 0 && x->hi < mk) ? x->hi : mk);
        } else if (a.lo >= 0 && b.lo >= 0) {
            r = range(0, a.hi < b.hi ? a.hi : b.hi);
        } else {
            r = full();
        }
        r.note();
        return r;
    }
    // x ^ y for non-negative operands: below the next power of two of the
    // larger; the whole type otherwise.
    static Iv bxor(const Iv &a, const Iv &b)
    {
        if (!check_init(a, b, "^")) return full();
        if (a.lo < 0 || b.lo < 0) return full();
        u128 h = (u128)(a.hi > b.hi ? a.hi : b.hi);
        int k = log2floor(h) + 1;
        Iv r = range(0, k >= Bits ? tmax() : (B)(((u128)1 << k) - 1));
        r.note();
        return r;
    }

    // Compound assignment: the operation in the common type, then the
    // conversion back to this type, checked like any other.
    template <class T> Iv &operator+=(const T &o);
    template <class T> Iv &operator-=(const T &o);
    template <class T> Iv &operator*=(const T &o);
    template <class T> Iv &operator&=(const T &o);
    template <class T> Iv &operator^=(const T &o);
    Iv &operator>>=(int s)
    {
        return *this = shr(*this, s);
    }
    Iv &operator<<=(int s)
    {
        return *this = shl(*this, s);
    }
};

// Convert an operand (Iv or C constant) to the Iv type C of the operation.
template <class C, class A> C as(const A &a)
{
    if constexpr (std::is_same<A, C>::value) return a; // keeps its identity and derivation
    else if constexpr (is_iv<A>::value) return C(a, "the usual arithmetic conversions", 0);
    else return C(a);
}

#define PROOF_BINOP(OP, FN)                                                                                      \
    template <class A, class B, class = enable_ops<A, B>> typename common<A, B>::type operator OP(const A &a, \
                                                                                                  const B &b)  \
    {                                                                                                            \
        typedef typename common<A, B>::type C;                                                                   \
        return C::FN(as<C>(a), as<C>(b));                                                                        \
    }
PROOF_BINOP(+, add)
PROOF_BINOP(-, sub)
PROOF_BINOP(*, mul)
PROOF_BINOP(&, band)
PROOF_BINOP(^, bxor)
#undef PROOF_BINOP

template <int Bits, bool Signed, class S, class = std::enable_if_t<std::is_integral<S>::value>>
Iv<Bits, Signed> operator>>(const Iv<Bits, Signed> &a, S s)
{
    return Iv<Bits, Signed>::shr(a, (int)s);
}
template <int Bits, bool Signed, class S, class = std::enable_if_t<std::is_integral<S>::value>>
Iv<Bits, Signed> operator<<(const Iv<Bits, Signed> &a, S s)
{
    return Iv<Bits, Signed>::shl(a, (int)s);
}

template <int Bits, bool Signed> template <class T> Iv<Bits, Signed> &Iv<Bits, Signed>::operator+=(const T &o)
{
    return *this = Iv(*this + o, "a compound assignment", 0);
}
template <int Bits, bool Signed> template <class T> Iv<Bits, Signed> &Iv<Bits, Signed>::operator-=(const T &o)
{
    return *this = Iv(*this - o, "a compound assignment", 0);
}
template <int Bits, bool Signed> template <class T> Iv<Bits, Signed> &Iv<Bits, Signed>::operator*=(const T &o)
{
    return *this = Iv(*this * o, "a compound assignment", 0);
}
template <int Bits, bool Signed> template <class T> Iv<Bits, Signed> &Iv<Bits, Signed>::operator&=(const T &o)
{
    return *this = Iv(*this & o, "a compound assignment", 0);
}
template <int Bits, bool Signed> template <class T> Iv<Bits, Signed> &Iv<Bits, Signed>::operator^=(const T &o)
{
    return *this = Iv(*this ^ o, "a compound assignment", 0);
}

} // namespace proof

#endif
