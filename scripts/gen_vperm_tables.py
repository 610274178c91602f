#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate src/aes/vperm_tables.h: the constants of aes-vperm.

Run:  python3 scripts/gen_vperm_tables.py > src/aes/vperm_tables.h
tests/py/test_vperm_tables.py checks that the committed header is what this
script prints, and this script checks itself: it runs the whole cipher
(every key size, both directions) in Python with the tables it made and
compares with the `cryptography` package before printing anything.

The derivation (also the essay at the top of src/aes/aes_vperm.c):

  GF(16) = GF(2)[X]/(X^4 + X + 1).  GF(256) = GF(16)[t]/(t^2 + c t + 1),
  with c the first value that makes the polynomial irreducible.  An element
  is x = p t + r.  Its conjugate is x' = p t' + r with t' = t + c (t t' = 1),
  so the norm is N = x x' = p^2 + c p r + r^2 (in GF(16)) and
  x^-1 = x' / N = (p t + (c p + r)) / N.

  With q = p + r, the circuit
      A = 1/p + c/q,   po = r + 1/A
      B = 1/r + c/q,   ro = p + 1/B
  gives po = N / (q + c p) and ro = N / (q + c r): expand r + pq/(q + cp)
  over the common denominator and use q^2 = p^2 + r^2.  So 1/po and 1/ro
  are GF(16)-linear in the coordinates (a, b) of x^-1 = a t + b:
      1/po = a + b,   1/ro = (1 + c + c^2) a + (1 + c) b,
  which solve to a = (1/ro + (1 + c)/po) / c^2, b = 1/po + a.  Hence
  x^-1 = F(po) + G(ro) for two functions of one nibble each: one PSHUFB
  table apiece, and any linear map after the inversion (the S-box's affine
  part, MixColumns' factors, the change of basis) folds into those tables.

  1/0 is written as 0x80 ("infinity"): PSHUFB returns 0 for an index with
  bit 7 set, which is 1/infinity = 0, and infinity plus a nibble stays
  infinity as long as bit 7 survives the XOR.  That gives the right answer
  on every edge: p = 0, q = 0, A = 0 (po is infinity, F contributes 0), and
  x = 0 (both outputs infinity, the result 0, as the AES S-box needs).

  The byte that enters the circuit holds p in its high nibble and q in its
  low nibble.  T (standard byte -> that byte) is GF(2)-linear, so the state
  lives in this basis between rounds, and round keys are stored in it.
  Because every table output is linear in x^-1, the S-box constant 0x63 is
  folded into the round keys (MixColumns maps the all-0x63 column to itself,
  since 2 + 3 + 1 + 1 = 1).
"""
import sys


def gmul16(a, b):
    r = 0
    for i in range(4):
        if b >> i & 1:
            r ^= a << i
    for i in (6, 5, 4):
        if r >> i & 1:
            r ^= 0x13 << (i - 4)
    return r


INV16 = [0] + [next(b for b in range(1, 16) if gmul16(a, b) == 1) for a in range(1, 16)]
C = next(c for c in range(1, 16) if all(gmul16(z, z) ^ gmul16(c, z) ^ 1 for z in range(16)))


def tmul(x, y):
    """(p1 t + r1)(p2 t + r2) with t^2 = c t + 1."""
    (p1, r1), (p2, r2) = x, y
    pp = gmul16(p1, p2)
    return (gmul16(pp, C) ^ gmul16(p1, r2) ^ gmul16(r1, p2), pp ^ gmul16(r1, r2))


def tadd(x, y):
    return (x[0] ^ y[0], x[1] ^ y[1])


def gmul(a, b):
    """GF(256) of FIPS 197 (x^8 + x^4 + x^3 + x + 1)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = (a << 1) ^ (0x11B if a & 0x80 else 0)
        b >>= 1
    return r


def ginv(a):
    return 0 if a == 0 else next(b for b in range(1, 256) if gmul(a, b) == 1)


# The isomorphism: the first tower root of the AES polynomial.
def tpow(x, n):
    r = (0, 1)
    for _ in range(n):
        r = tmul(r, x)
    return r


def is_root(beta):
    acc = (0, 0)
    for e in (8, 4, 3, 1, 0):
        acc = tadd(acc, tpow(beta, e))
    return acc == (0, 0)


BETA = next((p, r) for p in range(16) for r in range(16) if (p, r) != (0, 0) and is_root((p, r)))
POW = [tpow(BETA, i) for i in range(8)]


def phi(s):
    acc = (0, 0)
    for i in range(8):
        if s >> i & 1:
            acc = tadd(acc, POW[i])
    return acc


PHI_INV = {phi(s): s for s in range(256)}
assert len(PHI_INV) == 256


def tbyte(e):
    p, r = e
    return p << 4 | (p ^ r)


def T(s):
    return tbyte(phi(s))


def rotl8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xFF


def L(z):          # the linear part of the S-box's affine map (FIPS 197 5.1.1)
    return z ^ rotl8(z, 1) ^ rotl8(z, 2) ^ rotl8(z, 3) ^ rotl8(z, 4)


def Linv(z):
    return rotl8(z, 1) ^ rotl8(z, 3) ^ rotl8(z, 6)


assert all(Linv(L(z)) == z for z in range(256))


def T2(s):
    return T(Linv(s))


INF = 0x80
INV_T = [INF] + INV16[1:]
CQ_T = [INF] + [gmul16(C, INV16[q]) for q in range(1, 16)]


def pshufb(table, idx):
    # The C code runs this lookup as PSHUFB (x86), TBL (AArch64) or two
    # VTBLs (32-bit ARM). They agree when the index is a nibble or has bit
    # 7 set (PSHUFB: 0; TBL/VTBL: index >= 16, 0); on 16..127 PSHUFB would
    # use the low nibble and TBL give 0. No index of the circuit lands there
    # (aes_vperm.c, vperm_sbox.h), and this check runs on every lookup of
    # the self-test below.
    assert idx < 16 or idx & 0x80, "index %#x: PSHUFB and TBL differ" % idx
    return 0 if idx & 0x80 else table[idx & 15]


def core(y):
    p, q = y >> 4, y & 15
    r = p ^ q
    cq = pshufb(CQ_T, q)
    a = pshufb(INV_T, p) ^ cq
    b = pshufb(INV_T, r) ^ cq
    return pshufb(INV_T, a) ^ r, pshufb(INV_T, b) ^ p


# F and G as tower elements (the coordinates worked out above).
C2I = INV16[gmul16(C, C)]


def F(po):
    u = INV16[po]
    a = gmul16(gmul16(1 ^ C, u), C2I)
    return (a, u ^ a)


def G(ro):
    w = INV16[ro]
    a = gmul16(w, C2I)
    return (a, a)


for s in range(256):
    po, ro = core(T(s))
    z = (0, 0)
    if not po & 0x80:
        z = tadd(z, F(po))
    if not ro & 0x80:
        z = tadd(z, G(ro))
    assert PHI_INV[z] == ginv(s), s


def out_tables(h):
    """PSHUFB tables for z -> h(z), h linear: one per circuit output."""
    return ([h(PHI_INV[F(n)]) for n in range(16)], [h(PHI_INV[G(n)]) for n in range(16)])


def xt(e):
    return lambda z: gmul(z, e)


TABLES = [
    ("enc_in_lo", [T(n) for n in range(16)], "T of the low nibble of a standard byte"),
    ("enc_in_hi", [T(n << 4) for n in range(16)], "T of the high nibble"),
    ("inv", INV_T, "1/n in GF(16), 1/0 = infinity (0x80)"),
    ("cq", CQ_T, "c/n, c/0 = infinity"),
]
for name, h, what in [
    ("enc_d", lambda z: T(gmul(L(z), 2)), "T(2 L(z)): MixColumns' factor 2"),
    ("enc_s", lambda z: T(L(z)), "T(L(z)): the S-box output less 0x63 (round's A; T of the last round's)"),
    ("enc_last", L, "L(z) in the standard basis (last round)"),
    ("dec_e", lambda z: T2(gmul(z, 14)), "T2(14 z), InvMixColumns"),
    ("dec_b", lambda z: T2(gmul(z, 11)), "T2(11 z)"),
    ("dec_d", lambda z: T2(gmul(z, 13)), "T2(13 z)"),
    ("dec_9", lambda z: T2(gmul(z, 9)), "T2(9 z)"),
    ("dec_last", lambda z: z, "z in the standard basis (last round)"),
]:
    P, R = out_tables(h)
    TABLES.append((name + "_p", P, what + ", from po"))
    TABLES.append((name + "_r", R, "the same, from ro"))
T_INV = {T(s): s for s in range(256)}
assert len(T_INV) == 256
TABLES += [
    ("t_inv_lo", [T_INV[n] for n in range(16)], "T^-1 of the low nibble of a T-basis byte (dk_from_ek)"),
    ("t_inv_hi", [T_INV[n << 4] for n in range(16)], "T^-1 of the high nibble"),
]
for e in (14, 11, 13, 9):
    TABLES.append(("dk%d_lo" % e, [T2(gmul(T_INV[n], e)) for n in range(16)],
                   "T2(%d T^-1(n)), low nibble: InvMixColumns of a T-basis key (dk_from_ek)" % e))
    TABLES.append(("dk%d_hi" % e, [T2(gmul(T_INV[n << 4], e)) for n in range(16)], "the same, high nibble"))
TABLES += [
    ("dec_in_lo", [T2(n) for n in range(16)], "T2 = T o L^-1 of the low nibble"),
    ("dec_in_hi", [T2(n << 4) for n in range(16)], "T2 of the high nibble"),
    ("t_63", [T(0x63)] * 16, "T(0x63) in every byte (key schedule)"),
    ("t2_63", [T2(0x63)] * 16, "T2(0x63) in every byte (key schedule)"),
]

# Byte moves. Byte 4c + r is row r of column c (FIPS 197 3.4).
SR = [r + 4 * ((c + r) % 4) for c in range(4) for r in range(4)]
ISR = [r + 4 * ((c - r) % 4) for c in range(4) for r in range(4)]


def rot(k):
    return [(r + k) % 4 + 4 * c for c in range(4) for r in range(4)]


def compose(outer, inner):   # pshufb(pshufb(y, inner), outer) as one index
    return [inner[outer[b]] for b in range(16)]


# Encryption leaves ShiftRows implicit. Physical byte j of the state after
# round r holds logical byte PI[r % 4][j]; PI[r+1] = ISR o PI[r] makes
# MixColumns' 2a term need no move at all, and the other three terms move
# by constant shuffles that depend on r mod 4 (ShiftRows has order 4).
# Round keys are stored in their round's layout; one shuffle at the end
# of the block brings the output back to FIPS order.
PI = [list(range(16))]
for _ in range(3):
    PI.append([ISR[i] for i in PI[-1]])
assert [ISR[i] for i in PI[3]] == PI[0]


def TABLES_BY_NAME():
    return [(n, v) for n, v, _ in TABLES]


def pinv(perm):
    out = [0] * 16
    for j, i in enumerate(perm):
        out[i] = j
    return out


for m in range(4):   # round r with (r - 1) % 4 == m: layout PI[m] -> PI[m+1]
    src, dst = pinv(PI[m]), PI[(m + 1) % 4]
    assert all(src[SR[dst[j]]] == j for j in range(16))
    for k in (1, 2, 3):
        TABLES.append(("mc%d_rot%d" % (m, k), [src[SR[rot(k)[dst[j]]]] for j in range(16)],
                       "round with (r - 1) %% 4 = %d: the term a[row + %d]" % (m, k)))
# The round (aes_vperm.c) moves y = 2A + A[row + 1] by rot1 a second time
# and needs rot1 o rot1 = rot2 and rot1 o rot2 = rot3 in every layout: the
# three moves are powers of one byte permutation.
for m in range(4):
    r1, r2, r3 = (dict(TABLES_BY_NAME())["mc%d_rot%d" % (m, k)] for k in (1, 2, 3))
    assert [r1[r1[j]] for j in range(16)] == r2 and [r1[r2[j]] for j in range(16)] == r3, m
for m in range(4):
    TABLES.append(("pi%d" % m, PI[m], "state layout after round r, r %% 4 = %d (key schedule)" % m))
for m in range(4):
    src = pinv(PI[m])
    TABLES.append(("last%d" % m, [src[SR[i]] for i in range(16)],
                   "last round from layout %d: ShiftRows back to FIPS order" % m))
for k in range(4):
    TABLES.append(("isr_rot%d" % k, compose(rot(k), ISR), "the same after InvShiftRows" if k else
                   "InvShiftRows"))
for k in (1, 2, 3):
    TABLES.append(("rot%d" % k, rot(k), "a[row + %d] in FIPS order (dk_from_ek)" % k))
TAB = dict((n, v) for n, v, _ in TABLES)


# ----- the whole cipher, as the C code will run it -----
def shuf(v, idx):
    return [v[i] for i in idx]


def xor(*vs):
    return [__import__("functools").reduce(lambda a, b: a ^ b, t) for t in zip(*vs)]


def lookup(v, name):
    return [pshufb(TAB[name], b) for b in v]


def expand(key):
    nk = len(key) // 4
    nr = nk + 6
    sbox = [L(ginv(s)) ^ 0x63 for s in range(256)]
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[-1])
        if i % nk == 0:
            t = [sbox[b] for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = gmul(rcon, 2)
        elif nk > 6 and i % nk == 4:
            t = [sbox[b] for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return [sum(w[4 * r:4 * r + 4], []) for r in range(nr + 1)], nr


def inv_mix(v):
    out = []
    for c in range(4):
        a = v[4 * c:4 * c + 4]
        for r in range(4):
            out.append(gmul(a[r], 14) ^ gmul(a[(r + 1) % 4], 11) ^ gmul(a[(r + 2) % 4], 13) ^ gmul(a[(r + 3) % 4], 9))
    return out


def mc_n(k, m):
    """N(k) = k[row + 1] + k[row + 2] + k[row + 3] in round layout m. The
    round below adds its key K once into A, which MixColumns then moves to
    rows + 1, + 2 and + 3: the key that comes out is N(K). N is its own
    inverse (per column, (x + x^2 + x^3)^2 = x^2 + x^4 + x^6 = 1 modulo
    x^4 + 1 in characteristic 2), so the stored key is K = N(k)."""
    return xor(*(shuf(k, TAB["mc%d_rot%d" % (m, j)]) for j in (1, 2, 3)))


def enc_schedule(key):
    """The C code's encryption schedule (vperm_schedule): T(rk0); N(T(rk ^
    63)) in round r's layout; the last key (standard basis) moved back
    through the last shuffle, and its T image."""
    rk, nr = expand(key)
    ek = [[T(b) for b in rk[0]]]
    for r in range(1, nr):
        k = shuf([T(b ^ 0x63) for b in rk[r]], TAB["pi%d" % (r % 4)])
        assert mc_n(mc_n(k, (r - 1) % 4), (r - 1) % 4) == k
        ek.append(mc_n(k, (r - 1) % 4))
    last = TAB["last%d" % ((nr - 1) % 4)]
    kl = [0] * 16
    for j in range(16):
        kl[last[j]] = rk[nr][j] ^ 0x63
    ek += [kl, [T(b) for b in kl]]
    return ek, nr


def dec_schedule(key):
    """The decryption schedule, from the key (the equivalent inverse
    cipher, FIPS 197 5.3.5): T2(rk ^ 63) first, T2(InvMixColumns(rk) ^ 63)
    in the middle, rk0 as it is. The C code makes it from the encryption
    schedule (dk_from_ek), and dec_block checks it decrypts."""
    rk, nr = expand(key)
    dk = [list(rk[0])]
    dk += [[T2(x ^ 0x63) for x in inv_mix(rk[r])] for r in range(1, nr)]
    dk.append([T2(b ^ 0x63) for b in rk[nr]])
    return dk, nr


def nib_lookup(v, lo, hi):
    return xor(lookup([b & 15 for b in v], lo), lookup([b >> 4 for b in v], hi))


def dk_from_ek(ek, nr):
    """The decryption schedule from the encryption one, as
    vperm_dk_from_ek does it (aes-vperm's key setup and
    rijn_vperm_decrypt_ek): ek[0] = T(rk0) back through T^-1;
    ek[nr] (rk ^ 63, moved by the last shuffle) moved back and into T2;
    the middle keys N(PI(T(rk ^ 63))) through N (its own inverse), PI
    undone, and InvMixColumns and T2 o T^-1 as four nibble-table pairs
    (InvMixColumns maps an all-0x63 column to itself, so the 0x63 of the
    encryption key is the one the decryption key wants)."""
    dk = [nib_lookup(ek[0], "t_inv_lo", "t_inv_hi")]
    for r in range(1, nr):
        k = shuf(mc_n(ek[r], (r - 1) % 4), TAB["pi%d" % ((4 - r) % 4)])
        t = [nib_lookup(k, "dk%d_lo" % e, "dk%d_hi" % e) for e in (14, 11, 13, 9)]
        dk.append(xor(t[0], shuf(t[1], TAB["rot1"]), shuf(t[2], TAB["rot2"]), shuf(t[3], TAB["rot3"])))
    dk.append(nib_lookup(shuf(ek[nr], TAB["last%d" % ((nr - 1) % 4)]), "dec_in_lo", "dec_in_hi"))
    return dk


def enc_block(key, blk, tin=None):
    """One block as rijn_vperm_cbc_encrypt runs it: returns the ciphertext
    and its T image, which is what the next CBC block starts from. tin, if
    given, is T(blk) from the previous block's last round (the chain)."""
    ek, nr = enc_schedule(key)
    y = xor(tin if tin is not None else [T(b) for b in blk], ek[0])
    for r in range(1, nr + 1):
        po, ro = zip(*[core(b) for b in y])
        m = (r - 1) % 4
        s_ = xor(lookup(po, "enc_s_p"), lookup(ro, "enc_s_r"))
        if r < nr:
            a = xor(s_, ek[r])
            a2 = xor(lookup(po, "enc_d_p"), lookup(ro, "enc_d_r"))
            r1, r3 = TAB["mc%d_rot1" % m], TAB["mc%d_rot3" % m]
            u = xor(a2, shuf(a, r1))
            y = xor(u, shuf(a, r3), shuf(u, r1))
        else:
            last = TAB["last%d" % m]
            c = shuf(xor(lookup(po, "enc_last_p"), lookup(ro, "enc_last_r"), ek[nr]), last)
            tc = shuf(xor(s_, ek[nr + 1]), last)
            assert tc == [T(b) for b in c]
    return bytes(c), tc


def dec_block(key, blk):
    rk, nr = expand(key)
    y = xor([T2(b) for b in blk], [T2(b ^ 0x63) for b in rk[nr]])
    for r in range(nr - 1, -1, -1):
        po, ro = zip(*[core(b) for b in y])
        if r > 0:
            e, b_, d, n = [xor(lookup(po, "dec_%s_p" % t), lookup(ro, "dec_%s_r" % t)) for t in ("e", "b", "d", "9")]
            y = xor(shuf(e, TAB["isr_rot0"]), shuf(b_, TAB["isr_rot1"]), shuf(d, TAB["isr_rot2"]),
                    shuf(n, TAB["isr_rot3"]), [T2(x ^ 0x63) for x in inv_mix(rk[r])])
        else:
            z = xor(lookup(po, "dec_last_p"), lookup(ro, "dec_last_r"))
            y = xor(shuf(z, TAB["isr_rot0"]), rk[0])
    return bytes(y)


def self_check():
    import os
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    for klen in (16, 24, 32):
        key = os.urandom(klen)
        ek, nr = enc_schedule(key)
        assert dk_from_ek(ek, nr) == dec_schedule(key)[0], klen
        for _ in range(3):
            key, blk = os.urandom(klen), os.urandom(16)
            e = Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(blk)
            assert enc_block(key, blk)[0] == e, klen
            assert dec_block(key, e) == blk, klen
        # CBC, chained in the T basis as the C code does.
        key, iv, pt = os.urandom(klen), os.urandom(16), os.urandom(64)
        want = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor().update(pt)
        c, tc, got = iv, [T(b) for b in iv], b""
        for i in range(0, 64, 16):
            blk = bytes(a ^ b for a, b in zip(c, pt[i:i + 16]))
            c, tc = enc_block(key, blk, xor(tc, [T(b) for b in pt[i:i + 16]]))
            got += c
        assert got == want, klen


def main():
    self_check()
    o = sys.stdout
    o.write("/* SPDX-License-Identifier: MIT */\n")
    o.write("/* Generated by scripts/gen_vperm_tables.py: do not edit. The derivation\n"
            " * is in that script and at the top of aes_vperm.c. */\n")
    o.write("#ifndef RIJN_VPERM_TABLES_H\n#define RIJN_VPERM_TABLES_H\n\n#include <stdint.h>\n\n")
    o.write("/* GF(256) = GF(16)[t]/(t^2 + %d t + 1), GF(16) = GF(2)[X]/(X^4 + X + 1). */\n" % C)
    o.write("#define VPERM_C %d\n\n" % C)
    o.write("enum {\n")
    for i, (name, _, _) in enumerate(TABLES):
        o.write("    VP_%s = %d,\n" % (name.upper(), i))
    o.write("    VP_COUNT = %d\n};\n\n" % len(TABLES))
    o.write("static const uint8_t vperm_tab[VP_COUNT][16] __attribute__((aligned(16))) = {\n")
    for name, v, what in TABLES:
        assert len(v) == 16 and all(0 <= x < 256 for x in v)
        o.write("    /* %s: %s */\n" % (name, what))
        o.write("    { " + ", ".join("0x%02x" % x for x in v) + " },\n")
    o.write("};\n\n#endif\n")


if __name__ == "__main__":
    main()
