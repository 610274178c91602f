#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes src/aes/neonbs_sbox_arm32.h: the AES S-box and its inverse as
Boolean circuits on sixteen NEON Q registers, for aes-neonbs on 32-bit
ARM.

  python3 scripts/neonbs_sbox_arm32.py          rewrite the header
  python3 scripts/neonbs_sbox_arm32.py --check  exit 1 if it is stale

The circuit is the tower-field one of Kasper and Schwabe ("Faster and
Timing-Attack Resistant AES-GCM", CHES 2009, after Canright's compact
S-box): a linear change of basis into GF(((2^2)^2)^2), the inversion there
(GF(2^8) to a GF(16) value, its inverse, two GF(16) products), and a linear
change of basis back that also applies the affine map. It takes as many
two-input operations as bp_sbox.h's Boyar-Peralta circuit as written there
(128 forward; 133 against 137 inverse), but it was designed to run in
place on 8 state words and 8 temporaries, where Boyar-Peralta's keeps up
to 26 values live: on ARMv7's 16 Q registers GCC spilled about 30 of
them per S-box, 60 VSTR/VLDR, which the in-order cores pay in their one
NEON pipe.

Before anything is written, the script evaluates each circuit on all 256
byte values and requires S(x) ^ 0x63 (the forward one: the constant is
folded into the fixsliced round keys, as for sbox_fwd_noconst) or
InvS(x) (the inverse, complete: it undoes the constant with four NOTs
first), and learns from that which register ends up holding which output
bit. Then it turns the in-place program into single-assignment form and
allocates it to the sixteen asm operands with a linear scan; it fails if
that would need a spill. The
three-input selects (VBSL) overwrite one input: the allocator writes the
result over whichever input dies there (VBSL over the selector, VBIT over
the false value, VBIF over the true value), or copies the selector first.

The operations run in the circuit's own order: inside one asm block GCC
cannot schedule them. A hill-climbing search over orders that still fit 16
registers found ones 5-10% faster per S-box alone on llvm-mca's cortex-a9
and cortex-a57 models, but no faster in the rounds (the CTR kernel of
bench/mca.py 0.4% slower on the A9 model, 2% on the A57): it was not kept.
"""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
HEADER = os.path.join(ROOT, "src", "aes", "neonbs_sbox_arm32.h")


class Circuit:
    """An in-place program on named registers: (dst, op, a, b); op is one
    of ^ & | (dst = a op b), = (copy), sel (dst = dst ? a : b, bitwise),
    ~ (dst = ~dst)."""

    def __init__(self):
        self.g, self.phases = [], []

    def phase(self, what):
        self.phases.append((len(self.g), what))

    def xor(self, d, a, b): self.g.append((d, "^", a, b))
    def and_(self, d, a, b): self.g.append((d, "&", a, b))
    def or_(self, d, a, b): self.g.append((d, "|", a, b))
    def copy(self, d, a): self.g.append((d, "=", a, None))
    def sel(self, d, a, b): self.g.append((d, "sel", a, b))
    def not_(self, d): self.g.append((d, "~", d, d))

    def xors(self, b, pairs):
        for d, s in pairs:
            self.xor(b[d], b[d], b[s])


def gf4_mul(c, x0, x1, y0, y1, t0, t1):
    """(x1, x0) <- (x1, x0) * (y1, y0) in GF(4), normal basis."""
    c.xor(t0, y0, y1); c.and_(t0, t0, x0); c.xor(x0, x0, x1); c.and_(t1, x1, y0)
    c.and_(x0, x0, y1); c.xor(x1, t1, t0); c.xor(x0, x0, t1)


def gf4_mul_scaled(c, x0, x1, y0, y1, t0):
    """The GF(4) product, scaled by the tower's constant N."""
    c.xor(t0, y0, y1); c.and_(t0, t0, x0); c.xor(x0, x0, x1); c.and_(x1, x1, y0)
    c.and_(x0, x0, y1); c.xor(x1, x1, x0); c.xor(x0, x0, t0)


def gf4_mul_one_temp(c, x0, x1, y0, y1, t0):
    """The GF(4) product with one temporary."""
    c.xor(t0, y0, y1); c.and_(t0, t0, x0); c.xor(x0, x0, x1); c.and_(x1, x1, y0)
    c.and_(x0, x0, y1); c.xor(x0, x0, x1); c.xor(x1, x1, t0)


def gf16_mul2(c, x, y, t):
    """x[0..3] and x[4..7], two GF(16) elements, each times y[0..3]
    (Karatsuba over GF(4): the sum halves share one scaled product)."""
    c.xor(t[0], x[0], x[2]); c.xor(t[1], x[1], x[3])
    gf4_mul(c, x[0], x[1], y[0], y[1], t[2], t[3])
    c.xor(y[0], y[0], y[2]); c.xor(y[1], y[1], y[3])
    gf4_mul_scaled(c, t[0], t[1], y[0], y[1], t[3])
    gf4_mul_one_temp(c, x[2], x[3], y[2], y[3], t[2])
    for i, j in ((0, 0), (2, 0), (1, 1), (3, 1)):
        c.xor(x[i], x[i], t[j])
    c.xor(t[0], x[4], x[6]); c.xor(t[1], x[5], x[7])
    gf4_mul_scaled(c, t[0], t[1], y[0], y[1], t[3])
    gf4_mul_one_temp(c, x[6], x[7], y[2], y[3], t[2])
    c.xor(y[0], y[0], y[2]); c.xor(y[1], y[1], y[3])
    gf4_mul(c, x[4], x[5], y[0], y[1], t[2], t[3])
    for i, j in ((4, 0), (6, 0), (5, 1), (7, 1)):
        c.xor(x[i], x[i], t[j])


def gf256_inv(c, x, t, s):
    """x <- x^-1 in the tower field (0 -> 0)."""
    c.phase("GF(2^8) to GF(16): the value whose inverse gives x's")
    X, A, O = c.xor, c.and_, c.or_
    X(t[3], x[4], x[6]); X(t[2], x[5], x[7]); X(t[1], x[1], x[3]); X(s[1], x[7], x[6])
    c.copy(t[0], t[2]); X(s[0], x[0], x[2])
    O(t[2], t[2], t[1]); X(s[3], t[3], t[0]); A(s[2], t[3], s[0]); O(t[3], t[3], s[0])
    X(s[0], s[0], t[1]); A(t[0], t[0], t[1]); X(t[1], x[3], x[2]); A(s[3], s[3], s[0])
    A(s[1], s[1], t[1]); X(t[1], x[4], x[5]); X(s[0], x[1], x[0]); X(t[3], t[3], s[1])
    X(t[2], t[2], s[1]); A(s[1], t[1], s[0]); O(t[1], t[1], s[0]); X(t[3], t[3], s[3])
    X(t[0], t[0], s[1]); X(t[2], t[2], s[2]); X(t[1], t[1], s[3]); X(t[0], t[0], s[2])
    A(s[0], x[7], x[3]); X(t[1], t[1], s[2]); A(s[1], x[6], x[2]); A(s[2], x[5], x[1])
    O(s[3], x[4], x[0]); X(t[3], t[3], s[0]); X(t[1], t[1], s[2]); X(t[0], t[0], s[3])
    X(t[2], t[2], s[1])
    c.phase("its inverse in GF(16)")
    A(s[2], t[3], t[1]); c.copy(s[0], t[0]); X(s[1], t[2], s[2]); X(s[3], t[0], s[2])
    X(s[2], t[0], s[2]); c.sel(s[1], t[1], t[0]); c.sel(s[3], t[3], t[2]); X(t[3], t[3], t[2])
    c.sel(s[0], s[1], s[2]); c.sel(t[0], s[2], s[1]); A(s[2], s[0], s[3]); X(t[1], t[1], t[0])
    X(s[2], s[2], t[3])
    c.phase("two GF(16) products: the inverse's two halves")
    gf16_mul2(c, x, [s[3], s[2], s[1], t[1]], [s[0], t[0], t[2], t[3]])


def sbox_circuit():
    c = Circuit()
    b = [f"b{i}" for i in range(8)]   # b[i]: bit i of every byte (q[i])
    t, s = ["t0", "t1", "t2", "t3"], ["s0", "s1", "s2", "s3"]
    c.phase("change of basis into GF(((2^2)^2)^2)")
    c.xors(b, [(2, 1), (5, 6), (3, 0), (6, 2), (5, 0), (6, 3), (3, 7), (7, 5), (3, 4), (4, 5), (2, 7), (3, 1),
               (1, 5)])
    gf256_inv(c, [b[i] for i in (6, 5, 0, 3, 7, 1, 4, 2)], t, s)
    c.phase("change of basis back, with the affine map (its constant 0x63 left out)")
    c.xors([b[i] for i in (7, 1, 4, 2, 6, 5, 0, 3)],
           [(0, 6), (1, 4), (4, 6), (2, 0), (6, 1), (1, 5), (5, 3), (3, 7), (7, 5), (2, 5), (4, 7)])
    return c


def inv_sbox_circuit():
    """The inverse S-box, complete: the input's constant 0x63 (four NOTs),
    the inverse affine map and the change of basis as one linear layer,
    the same inversion, and the change of basis back."""
    c = Circuit()
    b = [f"b{i}" for i in range(8)]
    t, s = ["t0", "t1", "t2", "t3"], ["s0", "s1", "s2", "s3"]
    c.phase("x ^ 0x63: the affine map's constant, undone first")
    for i in (0, 1, 5, 6):
        c.not_(b[i])
    c.phase("the inverse affine map and the change of basis into GF(((2^2)^2)^2) (linear)")
    x = [b[i] for i in (5, 1, 2, 6, 3, 7, 0, 4)]
    c.xors(x, [(1, 7), (4, 7), (7, 5), (1, 3), (2, 5), (3, 7), (6, 1), (2, 0), (5, 3), (4, 6), (0, 6), (1, 4)])
    gf256_inv(c, x, t, s)
    c.phase("change of basis back (linear)")
    y = [b[i] for i in (3, 7, 0, 4, 5, 1, 2, 6)]
    c.xors([y[i] for i in (2, 5, 7, 3, 6, 1, 0, 4)],
           [(1, 5), (2, 7), (3, 1), (4, 5), (7, 5), (3, 4), (5, 0), (3, 7), (6, 2), (2, 1), (6, 3), (3, 0), (5, 6)])
    return c


def run(c, byte):
    """The circuit on one byte: {register: bit}. A register read before it
    is written (a temporary's garbage, on the machine) is an error."""
    v = {f"b{i}": (byte >> i) & 1 for i in range(8)}
    for d, op, a, b in c.g:
        for x in (d, a, b) if op == "sel" else (a, b):
            if x is not None and x not in v:
                sys.exit(f"neonbs_sbox_arm32: {x} is read before it is written: the circuit is wrong")
        if op == "=":
            v[d] = v[a]
        elif op == "sel":
            v[d] = v[a] if v[d] else v[b]
        elif op == "~":
            v[d] = v[a] ^ 1
        else:
            v[d] = {"^": v[a] ^ v[b], "&": v[a] & v[b], "|": v[a] | v[b]}[op]
    return v


def aes_sbox(x):
    """FIPS 197 §5.1.1, from the field: inverse, then the affine map."""
    def mul(a, b):
        p = 0
        while b:
            p ^= a if b & 1 else 0
            a = (a << 1) ^ (0x11b if a & 0x80 else 0)
            b >>= 1
        return p
    inv = next((y for y in range(1, 256) if mul(x, y) == 1), 0)
    r = inv
    for i in range(1, 5):
        r ^= ((inv << i) | (inv >> (8 - i))) & 0xff
    return r ^ 0x63


def forward_table():
    return [aes_sbox(x) ^ 0x63 for x in range(256)]


def inverse_table():
    inv = [0] * 256
    for x in range(256):
        inv[aes_sbox(x)] = x
    return inv


def output_bits(c, want):
    """{register: output bit} such that the circuit computes the table want
    on every byte; exits if it does not."""
    vals = [run(c, x) for x in range(256)]
    where = {}
    for r in [f"b{i}" for i in range(8)]:
        bits = [j for j in range(8) if all(vals[x][r] == (want[x] >> j) & 1 for x in range(256))]
        if len(bits) != 1:
            sys.exit(f"neonbs_sbox_arm32: register {r} holds no output bit: the circuit is wrong")
        where[r] = bits[0]
    if sorted(where.values()) != list(range(8)):
        sys.exit("neonbs_sbox_arm32: the outputs are not a permutation of the eight bits")
    return where


def ssa(c):
    """Single assignment: [(value, op, sources)], and the value of each
    named register at the end."""
    cur = {f"b{i}": f"in{i}" for i in range(8)}
    count, out, marks = {}, [], {}
    phases = dict(c.phases)
    for k, (d, op, a, b) in enumerate(c.g):
        if k in phases:
            marks[len(out)] = phases[k]
        if op == "=":
            cur[d] = cur[a]
            continue
        count[d] = count.get(d, 0) + 1
        v = f"{d}.{count[d]}"
        srcs = [cur[d], cur[a], cur[b]] if op == "sel" else [cur[a]] if op == "~" else [cur[a], cur[b]]
        out.append((v, op, srcs))
        cur[d] = v
    return out, cur, marks


def allocate(prog, live_out, nreg=16):
    """Linear scan on nreg registers, inputs in 0..7. No spills: exits if
    one would be needed."""
    last = {}
    for i, (_, _, srcs) in enumerate(prog):
        for x in srcs:
            last[x] = i
    for x in live_out:
        last[x] = len(prog)
    reg, where = [None] * nreg, {}
    for i in range(8):
        reg[i], where[f"in{i}"] = f"in{i}", i
    code = []

    def take():
        for r in range(nreg):
            if reg[r] is None:
                return r
        sys.exit("neonbs_sbox_arm32: more than 16 values live: the allocation would spill")

    for i, (v, op, srcs) in enumerate(prog):
        at = [where[x] for x in srcs]
        dying = [x for x in dict.fromkeys(srcs) if last.get(x, -1) == i]
        if op == "sel":
            sel, a, b = srcs
            keep = next((x for x in (sel, b, a) if x in dying), None)
            for x in dying:
                if x != keep:
                    reg[where.pop(x)] = None
            if keep is None:
                r = take()
                code.append(("vmov", r, [where[sel]], "a copy: VBSL overwrites its selector", i))
                code.append(("vbsl", r, [where[a], where[b]], "", i))
            else:
                r = where.pop(keep)
                if keep == sel:
                    code.append(("vbsl", r, [at[1], at[2]], "", i))
                elif keep == b:
                    code.append(("vbit", r, [at[1], at[0]], "", i))
                else:
                    code.append(("vbif", r, [at[2], at[0]], "", i))
        else:
            for x in dying:
                reg[where.pop(x)] = None
            r = take()
            code.append(({"^": "veor", "&": "vand", "|": "vorr", "~": "vmvn"}[op], r, at, "", i))
        reg[r], where[v] = v, r
    return code, where


PROLOGUE = """/* SPDX-License-Identifier: MIT */
/*
 * Written by scripts/neonbs_sbox_arm32.py, which says how; do not edit.
 *
 * The AES S-box circuits for aes-neonbs on 32-bit ARM NEON: the forward
 * one without its constant (q <- S(q) ^ 0x63 per byte, as
 * sbox_fwd_noconst in bp_sbox.h) and the complete inverse (as sbox_inv),
 * both Kasper and Schwabe's tower-field circuit (CHES 2009, after
 * Canright), allocated to 16 Q registers with no spill.
 *
 * Why not bp_sbox.h's circuit, as everywhere else: it keeps up to 26
 * values live, and ARMv7 NEON has 16 Q registers, so GCC 12 spilled about
 * 30 of them per S-box (60 VSTR/VLDR, on the in-order cores' one NEON
 * pipe). These circuits take as many operations (128 forward, 133
 * inverse against 137) and fit.
 *
 * The operands: r0..r7 come in as q[0..7] (bit j of every byte in q[j]),
 * eight "+w" registers that GCC picks; r8..r15 are eight earlyclobber
 * temporaries. The sixteen are all of q0-q15, so the caller can keep
 * nothing else in a NEON register across the S-box (the round keeps only
 * the state). The outputs end in a permutation of r0..r7, which the
 * assignments at the end undo.
 *
 * The middle of the two functions (the inversion in the tower field) is
 * the same circuit, written twice: one asm block per S-box is what keeps
 * the allocation exactly as the script made it.
 *
 * Checked: the script evaluates each circuit on all 256 bytes before it
 * writes this file, test_neonbs_sbox_arm32_is_current (tests/py) requires
 * this file to be the script's output, and test_cross.py runs aes-neonbs
 * on every AES vector and the differential sweep under qemu-arm.
 */
#ifndef RIJN_NEONBS_SBOX_ARM32_H
#define RIJN_NEONBS_SBOX_ARM32_H

"""


CIRCUITS = {   # name: (what it computes, circuit, the table it must equal)
    "neonbs_sbox_fwd": ("q <- S(q) ^ 0x63", sbox_circuit, forward_table),
    "neonbs_sbox_inv": ("q <- InvS(q), complete", inv_sbox_circuit, inverse_table),
}


def function(name):
    what, make, table = CIRCUITS[name]
    c = make()
    bit_of = output_bits(c, table())
    prog, final, marks = ssa(c)
    code, where = allocate(prog, [final[f"b{i}"] for i in range(8)])
    copies = len(code) - len(prog)
    lines = [f"/* {what}: {len(prog)} operations, {copies} register cop{'y' if copies == 1 else 'ies'}, "
             "no spills. */\n",
             f"static inline __attribute__((always_inline)) void {name}(bs_word q[8])\n{{\n",
             "    bs_word " + ", ".join(f"r{i} = q[{i}]" for i in range(8)) + ";\n",
             "    bs_word " + ", ".join(f"r{i}" for i in range(8, 16)) + ";\n",
             "    __asm__(\n"]
    seen = set()
    for mn, r, srcs, why, i in code:
        if i in marks and i not in seen:
            lines.append(f"        /* {marks[i]} */\n")
            seen.add(i)
        ops = ", ".join(f"%q[r{x}]" for x in [r, *srcs])
        s = f'        "{mn} {ops}\\n\\t"'
        lines.append((s.ljust(60) + f"/* {why} */" if why else s) + "\n")
    lines.append("        : " + ", ".join(f'[r{i}] "+w"(r{i})' for i in range(8)) + ",\n")
    lines.append("          " + ", ".join(f'[r{i}] "=&w"(r{i})' for i in range(8, 16)) + ");\n")
    for j in range(8):
        src = next(f"b{i}" for i in range(8) if bit_of[f"b{i}"] == j)
        lines.append(f"    q[{j}] = r{where[final[src]]};\n")
    lines.append("}\n\n")
    return "".join(lines)


def emit():
    return (PROLOGUE + "".join(function(n) for n in CIRCUITS)
            + "#define BS_SBOX_FWD neonbs_sbox_fwd\n#define BS_SBOX_INV neonbs_sbox_inv\n\n#endif\n")


def main():
    text = emit()
    if "--check" in sys.argv[1:]:
        with open(HEADER) as f:
            if f.read() != text:
                sys.exit(f"{HEADER} is not the output of scripts/neonbs_sbox_arm32.py: rerun it")
        print("neonbs_sbox_arm32: header current; both circuits right on all 256 bytes")
        return
    with open(HEADER, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
