/* SPDX-License-Identifier: MIT */
/*
 * x25519-mulx: x86-64 with BMI2 and ADX. Field elements in radix 2^64,
 * four limbs holding any value below 2^256 (congruent mod p; only the
 * final encoding is canonical). The multiplication is MULX (which leaves
 * the flags alone) feeding two carry chains at once, ADCX through CF and
 * ADOX through OF, so the columns of a row accumulate without waiting on
 * one another; then 2^256 = 38 (mod p) folds the upper half down. The
 * instructions were made for this (Intel, "New Instructions Supporting
 * Large Integer Arithmetic on Intel Architecture Processors", 2012), and
 * Oliveira, Lopez, Hisil, Faz-Hernandez and Rodriguez-Henriquez use them
 * for Curve25519 in "How to (pre-)compute a ladder" (SAC 2017). The
 * multiply and square are inline assembly: GCC does not interleave two
 * carry chains from intrinsics (it serialises _addcarryx_u64 through CF).
 * The rest is C with _addcarry_u64; the ladder around them is
 * src/x25519/curve_core.h's, in dependency order (it matters most here).
 *
 * Bounds. There is no slack to track: every limb is a full 64-bit word and
 * every carry is taken. What must hold is that the final folds cannot
 * carry again; each says why on the line.
 *
 * Constant time: MULX, ADCX, ADOX, ADC and IMUL by a constant are
 * data-independent; selections are masks.
 */
#include "x25519/x25519.h"

#if defined(__x86_64__)
#include <x86intrin.h>

#include "x25519/fe64.h"

#define INL FE64_INL

/* r += 38 c, where r < 2^256 and c is small: the fold of a carry out of
 * bit 256 (2^256 = 2 * 2^255 = 2 * 19 = 38 mod p). The first pass may
 * carry out again only if r ended up in [2^256 - 38 c, 2^256); then its
 * low 256 bits are below 38 c, and the second add of 38 cannot carry. */
INL void fe64_fold(uint64_t r[4], uint64_t c38)
{
    unsigned char c = _addcarry_u64(0, r[0], c38, (unsigned long long *)&r[0]);
    c = _addcarry_u64(c, r[1], 0, (unsigned long long *)&r[1]);
    c = _addcarry_u64(c, r[2], 0, (unsigned long long *)&r[2]);
    c = _addcarry_u64(c, r[3], 0, (unsigned long long *)&r[3]);
    r[0] += (0 - (uint64_t)c) & 38;
}

/* h = f + g mod p (any inputs < 2^256; output < 2^256). */
INL void fe64_add(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t r[4];
    unsigned char c = _addcarry_u64(0, f->v[0], g->v[0], (unsigned long long *)&r[0]);
    c = _addcarry_u64(c, f->v[1], g->v[1], (unsigned long long *)&r[1]);
    c = _addcarry_u64(c, f->v[2], g->v[2], (unsigned long long *)&r[2]);
    c = _addcarry_u64(c, f->v[3], g->v[3], (unsigned long long *)&r[3]);
    fe64_fold(r, (0 - (uint64_t)c) & 38);
    for (int i = 0; i < 4; i++) h->v[i] = r[i];
}

/* h = f - g mod p. A borrow means the result is f - g + 2^256 = f - g +
 * 38 (mod p): take 38 away. That can borrow again only if the result was
 * below 38; then it is now at least 2^256 - 38, and taking 38 away once
 * more cannot borrow. */
INL void fe64_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t r[4];
    unsigned char b = _subborrow_u64(0, f->v[0], g->v[0], (unsigned long long *)&r[0]);
    b = _subborrow_u64(b, f->v[1], g->v[1], (unsigned long long *)&r[1]);
    b = _subborrow_u64(b, f->v[2], g->v[2], (unsigned long long *)&r[2]);
    b = _subborrow_u64(b, f->v[3], g->v[3], (unsigned long long *)&r[3]);
    b = _subborrow_u64(0, r[0], (0 - (uint64_t)b) & 38, (unsigned long long *)&r[0]);
    b = _subborrow_u64(b, r[1], 0, (unsigned long long *)&r[1]);
    b = _subborrow_u64(b, r[2], 0, (unsigned long long *)&r[2]);
    b = _subborrow_u64(b, r[3], 0, (unsigned long long *)&r[3]);
    r[0] -= (0 - (uint64_t)b) & 38;
    for (int i = 0; i < 4; i++) h->v[i] = r[i];
}

#ifdef RIJN_EMULATE_ADX
/* The emulation build (-DRIJN_EMULATE_ADX, with the secret-taint test's
 * build-ct and build-emu): valgrind runs no ADCX/ADOX, and its CPUID
 * reports neither ADX nor BMI2, so there the multiply and square below
 * are C over unsigned __int128 with the same product and the same
 * reduction (t0..t3 + 38 (t4..t7), then the top times 38), and the driver
 * needs no CPU feature. Everything else, the ladder, the fixed-base
 * table scan, add, sub, the swaps and the encoding, is the release
 * build's code, which the taint test then checks; the assembly itself is
 * straight-line code without memory indices (tests/py/test_x25519.py,
 * test_mulx_assembly_is_straight_line_without_secret_addresses, checks
 * that in the release object) and dudect times it. */
static void fe64_reduce512(fe64 *h, const uint64_t t[8])
{
    uint64_t r[4];
    unsigned __int128 acc = 0;
    for (int i = 0; i < 4; i++) {
        acc += (unsigned __int128)t[i + 4] * 38 + t[i];
        r[i] = (uint64_t)acc;
        acc >>= 64;
    }
    fe64_fold(r, (uint64_t)acc * 38); /* acc < 39: 38 acc < 2^11 */
    for (int i = 0; i < 4; i++) h->v[i] = r[i];
}

static void fe64_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t t[8] = { 0 };
    for (int i = 0; i < 4; i++) {
        unsigned __int128 acc = 0;
        for (int j = 0; j < 4; j++) {
            acc += (unsigned __int128)f->v[i] * g->v[j] + t[i + j];
            t[i + j] = (uint64_t)acc;
            acc >>= 64;
        }
        t[i + 4] = (uint64_t)acc;
    }
    fe64_reduce512(h, t);
}

static void fe64_sqr(fe64 *h, const fe64 *f)
{
    fe64_mul(h, f, f);
}
#define RIJN_CPU_MULX_REQ 0u
#else
#define RIJN_CPU_MULX_REQ (RIJN_CPU_BMI2 | RIJN_CPU_ADX)
/* h = f g mod p: the schoolbook product, one row per limb of f, with g's
 * four limbs held in registers (rcx, r8, r9, r10) so that every MULX takes
 * register operands. Row 0 writes t0..t4 with a single ADC chain; rows
 * 1..3 add f_i g into t_i .. t_(i+4) with the low words on CF (ADCX) and
 * the high words on OF (ADOX), and close with both carries into the new top
 * word, which cannot overflow: the partial product of i + 1 rows is below
 * 2^(64 (i + 5)). Five registers hold the running window t_i .. t_(i+4);
 * each row's lowest word is then final and goes to h, which is safe even
 * when h is f or g: g is all in registers, and f_i is loaded before h_i is
 * written. There is no stack slot and no register left for zero (every
 * register but rbp and rsp is taken, and a frame-pointer build, such as
 * make check's ASan one, leaves the compiler none to address a slot
 * with): rax is zeroed where a carry needs a zero operand.
 *
 * The reduction: t0..t3 + 38 (t4..t7), since 2^256 = 2 * 2^255 = 38 (mod
 * p). 38 t_i < 2^70, so its high word is below 38; column i collects t_i,
 * the low word of 38 t_(i+4) (CF chain) and the high word of 38 t_(i+3)
 * (OF chain). The top, h7 plus two carries, is below 40; 38 times it adds
 * into limb 0, and a carry out of that add (the sum was within 38 * 40 of
 * 2^256) is folded once more, which cannot carry (fe64_fold says why).
 *
 * h may equal f or g (above). */
static __attribute__((noinline)) void fe64_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
    __asm__ volatile(
        "movq 8(%%rcx), %%r8\n\t"
        "movq 16(%%rcx), %%r9\n\t"
        "movq 24(%%rcx), %%r10\n\t"
        "movq 0(%%rcx), %%rcx\n\t"
        /* row 0: f0 g -> t0 (r11) .. t4 (r15) */
        "movq 0(%%rsi), %%rdx\n\t"
        "mulxq %%rcx, %%r11, %%r12\n\t"
        "mulxq %%r8, %%rax, %%r13\n\t"
        "addq %%rax, %%r12\n\t"
        "mulxq %%r9, %%rax, %%r14\n\t"
        "adcq %%rax, %%r13\n\t"
        "mulxq %%r10, %%rax, %%r15\n\t"
        "adcq %%rax, %%r14\n\t"
        "adcq $0, %%r15\n\t"
        "movq %%r11, 0(%%rdi)\n\t"
        /* row 1: t1 (r12) .. t4 (r15), t5 (r11) */
        "movq 8(%%rsi), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        "mulxq %%rcx, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r12\n\t"
        "adoxq %%rbx, %%r13\n\t"
        "mulxq %%r8, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r13\n\t"
        "adoxq %%rbx, %%r14\n\t"
        "mulxq %%r9, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r14\n\t"
        "adoxq %%rbx, %%r15\n\t"
        "mulxq %%r10, %%rax, %%r11\n\t"
        "adcxq %%rax, %%r15\n\t"
        "movl $0, %%eax\n\t"
        "adoxq %%rax, %%r11\n\t"
        "adcxq %%rax, %%r11\n\t"
        "movq %%r12, 8(%%rdi)\n\t"
        /* row 2: t2 (r13) .. t5 (r11), t6 (r12) */
        "movq 16(%%rsi), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        "mulxq %%rcx, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r13\n\t"
        "adoxq %%rbx, %%r14\n\t"
        "mulxq %%r8, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r14\n\t"
        "adoxq %%rbx, %%r15\n\t"
        "mulxq %%r9, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r15\n\t"
        "adoxq %%rbx, %%r11\n\t"
        "mulxq %%r10, %%rax, %%r12\n\t"
        "adcxq %%rax, %%r11\n\t"
        "movl $0, %%eax\n\t"
        "adoxq %%rax, %%r12\n\t"
        "adcxq %%rax, %%r12\n\t"
        "movq %%r13, 16(%%rdi)\n\t"
        /* row 3: t3 (r14) .. t6 (r12), t7 (r13) */
        "movq 24(%%rsi), %%rdx\n\t"
        "xorl %%eax, %%eax\n\t"
        "mulxq %%rcx, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r14\n\t"
        "adoxq %%rbx, %%r15\n\t"
        "mulxq %%r8, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r15\n\t"
        "adoxq %%rbx, %%r11\n\t"
        "mulxq %%r9, %%rax, %%rbx\n\t"
        "adcxq %%rax, %%r11\n\t"
        "adoxq %%rbx, %%r12\n\t"
        "mulxq %%r10, %%rax, %%r13\n\t"
        "adcxq %%rax, %%r12\n\t"
        "movl $0, %%eax\n\t"
        "adoxq %%rax, %%r13\n\t"
        "adcxq %%rax, %%r13\n\t"
        /* reduce: t0..t2 in h, t3 r14, t4 r15, t5 r11, t6 r12, t7 r13;
         * rsi (f, all read) is the zero register */
        "movl $38, %%edx\n\t"
        "xorl %%esi, %%esi\n\t"
        "mulxq %%r15, %%rax, %%r15\n\t"
        "adcxq 0(%%rdi), %%rax\n\t"
        "mulxq %%r11, %%rbx, %%r11\n\t"
        "adcxq 8(%%rdi), %%rbx\n\t"
        "adoxq %%r15, %%rbx\n\t"
        "mulxq %%r12, %%rcx, %%r12\n\t"
        "adcxq 16(%%rdi), %%rcx\n\t"
        "adoxq %%r11, %%rcx\n\t"
        "mulxq %%r13, %%r8, %%r13\n\t"
        "adcxq %%r14, %%r8\n\t"
        "adoxq %%r12, %%r8\n\t"
        "adcxq %%rsi, %%r13\n\t"
        "adoxq %%rsi, %%r13\n\t"
        "imulq $38, %%r13, %%r13\n\t"
        "addq %%r13, %%rax\n\t"
        "adcq %%rsi, %%rbx\n\t"
        "adcq %%rsi, %%rcx\n\t"
        "adcq %%rsi, %%r8\n\t"
        "sbbq %%r13, %%r13\n\t"
        "andq $38, %%r13\n\t"
        "addq %%r13, %%rax\n\t"
        "movq %%rax, 0(%%rdi)\n\t"
        "movq %%rbx, 8(%%rdi)\n\t"
        "movq %%rcx, 16(%%rdi)\n\t"
        "movq %%r8, 24(%%rdi)\n\t"
        : "+S"(f), "+c"(g)
        : "D"(h)
        : "rax", "rbx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}

/* h = f^2 mod p. The six cross products f_i f_j (i < j) once, into t1..t6;
 * then one pass that doubles them on the CF chain (ADCX r, r) while the
 * OF chain adds the squares f_i^2 on the diagonal, each register taking
 * its doubling before its diagonal word; both carries end in t7. (Twice
 * the cross sum plus the squares is f^2 < 2^512: nothing carries out.)
 * Then mul's reduction. f's limbs sit in rdx, rcx, r8, r9; rsi, free once
 * they are loaded, holds t0; h is written only at the end.
 *
 * FE64_SQR_BODY(F0) is the squaring from f in rdx (f0), rcx, r8, r9 to
 * the result in rsi, r10, r11, r12, with F0 the operand that gives f0
 * again for the diagonal (rdx is overwritten by then). (A second user,
 * five squarings in registers for the inversion's chains, went when the
 * inversion moved to divsteps, src/x25519/invert.c: every x86-64 build
 * has the 128-bit integer it needs.) */
#define FE64_SQR_BODY(F0) \
        /* f0 f1, f0 f2, f0 f3 -> t1 (r10) .. t4 (r13) */ \
        "mulxq %%rcx, %%r10, %%r11\n\t" \
        "mulxq %%r8, %%rax, %%r12\n\t" \
        "addq %%rax, %%r11\n\t" \
        "mulxq %%r9, %%rax, %%r13\n\t" \
        "adcq %%rax, %%r12\n\t" \
        "adcq $0, %%r13\n\t" \
        /* f1 f2, f1 f3 -> t3 .. t5 (r14) */ \
        "movq %%rcx, %%rdx\n\t" \
        "xorl %%eax, %%eax\n\t" \
        "mulxq %%r8, %%rax, %%rbx\n\t" \
        "adcxq %%rax, %%r12\n\t" \
        "adoxq %%rbx, %%r13\n\t" \
        "mulxq %%r9, %%rax, %%r14\n\t" \
        "adcxq %%rax, %%r13\n\t" \
        "movl $0, %%eax\n\t" \
        "adoxq %%rax, %%r14\n\t" \
        "adcxq %%rax, %%r14\n\t" \
        /* f2 f3 -> t5, t6 (r15) */ \
        "movq %%r8, %%rdx\n\t" \
        "mulxq %%r9, %%rax, %%r15\n\t" \
        "addq %%rax, %%r14\n\t" \
        "adcq $0, %%r15\n\t" \
        /* double (CF) and add the squares (OF); t0 in rsi, t7 in rbx */ \
        "movq " F0 ", %%rdx\n\t" \
        "xorl %%eax, %%eax\n\t" \
        "mulxq %%rdx, %%rsi, %%rbx\n\t" \
        "adcxq %%r10, %%r10\n\t" \
        "adoxq %%rbx, %%r10\n\t" \
        "movq %%rcx, %%rdx\n\t" \
        "mulxq %%rdx, %%rax, %%rbx\n\t" \
        "adcxq %%r11, %%r11\n\t" \
        "adoxq %%rax, %%r11\n\t" \
        "adcxq %%r12, %%r12\n\t" \
        "adoxq %%rbx, %%r12\n\t" \
        "movq %%r8, %%rdx\n\t" \
        "mulxq %%rdx, %%rax, %%rbx\n\t" \
        "adcxq %%r13, %%r13\n\t" \
        "adoxq %%rax, %%r13\n\t" \
        "adcxq %%r14, %%r14\n\t" \
        "adoxq %%rbx, %%r14\n\t" \
        "movq %%r9, %%rdx\n\t" \
        "mulxq %%rdx, %%rax, %%rbx\n\t" \
        "adcxq %%r15, %%r15\n\t" \
        "adoxq %%rax, %%r15\n\t" \
        "movl $0, %%eax\n\t" \
        "adcxq %%rax, %%rbx\n\t" \
        "adoxq %%rax, %%rbx\n\t" \
        /* reduce: t0 rsi, t1 r10, t2 r11, t3 r12, t4 r13, t5 r14, t6 r15, \
         * t7 rbx; rcx (f1, used) is the zero register */ \
        "movl $38, %%edx\n\t" \
        "xorl %%ecx, %%ecx\n\t" \
        "mulxq %%r13, %%rax, %%r13\n\t" \
        "adcxq %%rax, %%rsi\n\t" \
        "mulxq %%r14, %%rax, %%r14\n\t" \
        "adcxq %%rax, %%r10\n\t" \
        "adoxq %%r13, %%r10\n\t" \
        "mulxq %%r15, %%rax, %%r15\n\t" \
        "adcxq %%rax, %%r11\n\t" \
        "adoxq %%r14, %%r11\n\t" \
        "mulxq %%rbx, %%rax, %%rbx\n\t" \
        "adcxq %%rax, %%r12\n\t" \
        "adoxq %%r15, %%r12\n\t" \
        "adcxq %%rcx, %%rbx\n\t" \
        "adoxq %%rcx, %%rbx\n\t" \
        "imulq $38, %%rbx, %%rbx\n\t" \
        "addq %%rbx, %%rsi\n\t" \
        "adcq %%rcx, %%r10\n\t" \
        "adcq %%rcx, %%r11\n\t" \
        "adcq %%rcx, %%r12\n\t" \
        "sbbq %%rbx, %%rbx\n\t" \
        "andq $38, %%rbx\n\t" \
        "addq %%rbx, %%rsi\n\t"

static __attribute__((noinline)) void fe64_sqr(fe64 *h, const fe64 *f)
{
    __asm__ volatile(
        "movq 0(%%rsi), %%rdx\n\t"
        "movq 8(%%rsi), %%rcx\n\t"
        "movq 16(%%rsi), %%r8\n\t"
        "movq 24(%%rsi), %%r9\n\t"
        FE64_SQR_BODY("0(%%rsi)")
        "movq %%rsi, 0(%%rdi)\n\t"
        "movq %%r10, 8(%%rdi)\n\t"
        "movq %%r11, 16(%%rdi)\n\t"
        "movq %%r12, 24(%%rdi)\n\t"
        : "+S"(f)
        : "D"(h)
        : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "cc", "memory");
}

#endif

/* h = 121665 f mod p: four products with the high words added into the
 * next limb; the top (below 2^17 + 1) folds times 38. */
INL void fe64_mul_a24(fe64 *h, const fe64 *f)
{
    unsigned __int128 p0 = (unsigned __int128)f->v[0] * 121665, p1 = (unsigned __int128)f->v[1] * 121665,
                      p2 = (unsigned __int128)f->v[2] * 121665, p3 = (unsigned __int128)f->v[3] * 121665;
    uint64_t r[4];
    r[0] = (uint64_t)p0;
    unsigned char c = _addcarry_u64(0, (uint64_t)p1, (uint64_t)(p0 >> 64), (unsigned long long *)&r[1]);
    c = _addcarry_u64(c, (uint64_t)p2, (uint64_t)(p1 >> 64), (unsigned long long *)&r[2]);
    c = _addcarry_u64(c, (uint64_t)p3, (uint64_t)(p2 >> 64), (unsigned long long *)&r[3]);
    fe64_fold(r, ((uint64_t)(p3 >> 64) + c) * 38);
    for (int i = 0; i < 4; i++) h->v[i] = r[i];
}

/* curve_core.h's fixed-base table scan in SSE2 (x86-64's baseline, so
 * no CPU bit): the twelve words of an entry in six XMM registers, each
 * entry merged as w ^= (w ^ v) & m with m all ones for the entry that
 * matches |e| and all zeros for the others, the same masks as the
 * portable scan (the x25519 objects are compiled without the vectoriser,
 * so that one is 96 scalar merges per entry; this is 6). Every entry is
 * read whole, and the mask comes from arithmetic on mag, not a branch. */
#include <emmintrin.h>

#include "x25519/base_table.h"
INL void mulx_table_scan(uint64_t w[12], int i, unsigned mag)
{
    __m128i acc[6];
    acc[0] = _mm_set_epi64x(0, 1); /* y + x = 1 */
    acc[1] = _mm_setzero_si128();
    acc[2] = _mm_set_epi64x(0, 1); /* y - x = 1 */
    acc[3] = _mm_setzero_si128();
    acc[4] = _mm_setzero_si128();  /* 2dxy = 0 */
    acc[5] = _mm_setzero_si128();
    for (unsigned j = 0; j < 8; j++) {
        /* all ones if mag == j + 1 (both < 256: the difference is 0 or
         * wraps below 2^32 - 255 only when they differ) */
        const uint64_t m64 = 0 - (uint64_t)(((mag ^ (j + 1)) - 1u) >> 31);
        const __m128i m = _mm_set1_epi64x((long long)m64);
        const __m128i *v = (const __m128i *)rijn_x25519_base_table[i][j];
        for (int l = 0; l < 6; l++)
            acc[l] = _mm_xor_si128(acc[l], _mm_and_si128(_mm_xor_si128(acc[l], _mm_loadu_si128(v + l)), m));
    }
    for (int l = 0; l < 6; l++) _mm_storeu_si128((__m128i *)(w + 2 * l), acc[l]);
}
#define CORE_TABLE_SCAN mulx_table_scan

#include "x25519/curve_core.h"

static const struct rijn_x25519_ops mulx_ops = {
    .scalarmult = core_scalarmult,
    .base = core_base,
    .batch = NULL,
};
#define MULX_OPS (&mulx_ops)
#else
#define MULX_OPS NULL
#define RIJN_CPU_MULX_REQ 0u
#endif

const struct rijn_desc rijn_x25519_mulx_desc = {
    .kind = &rijn_kind_x25519,
    .name = "x25519-mulx",
    .priority = 300,
    .cpu = RIJN_CPU_X86_64 | RIJN_CPU_MULX_REQ,
    .ct = true,
    .ops = MULX_OPS,
};
