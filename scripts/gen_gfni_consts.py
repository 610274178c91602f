#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Derive aes-gfni's constants (src/aes/gfni_consts.h) and check its rounds.

Prints the header of the GF2P8AFFINE matrices and PSHUFB indices that
src/aes/aes_gfni.c uses, after
computing each from its definition (FIPS 197 and the Intel SDM's
GF2P8AFFINEQB / GF2P8AFFINEINVQB), then runs the driver's round structure
in Python, GFNI instruction by instruction, against the `cryptography`
package for random keys of 128, 192 and 256 bits, both directions. It exits
non-zero on any mismatch, so a changed constant cannot be printed unchecked.

    python3 scripts/gen_gfni_consts.py > src/aes/gfni_consts.h

tests/py/test_generated_tables.py checks that the committed header is this
output.
"""
import os
import sys


def xtime(a):
    a <<= 1
    return a ^ 0x11B if a & 0x100 else a


def gmul(a, b):
    """Product in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS 197 §4.2)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = xtime(a)
        b >>= 1
    return r


def ginv(x):
    """x^-1, with 0^-1 = 0 (x^254)."""
    r = 1 if x else 0
    for _ in range(254 if x else 0):
        r = gmul(r, x)
    return r


def rotl8(x, n):
    return ((x << n) | (x >> (8 - n))) & 0xFF


def aff(x):
    """The linear part of the S-box's affine map (FIPS 197 §5.1.1)."""
    return x ^ rotl8(x, 1) ^ rotl8(x, 2) ^ rotl8(x, 3) ^ rotl8(x, 4)


AFF_INV = {aff(x): x for x in range(256)}


def matrix(lin):
    """The GF2P8AFFINE qword of a GF(2)-linear byte map: row i (the bits j
    with bit i of lin(2^j) set) is byte 7 - i (Intel SDM)."""
    q = 0
    for i in range(8):
        row = sum(1 << j for j in range(8) if (lin(1 << j) >> i) & 1)
        q |= row << (8 * (7 - i))
    return q


def gf_affine(x, q, b):
    """GF2P8AFFINEQB on one byte, from the SDM's definition."""
    r = 0
    for i in range(8):
        row = (q >> (8 * (7 - i))) & 0xFF
        r |= (bin(row & x).count("1") & 1) << i
    return r ^ b


def gf_affineinv(x, q, b):
    return gf_affine(ginv(x), q, b)


M = {
    "M_A": matrix(aff),
    "M_2A": matrix(lambda y: gmul(2, aff(y))),
    "M_3A": matrix(lambda y: gmul(3, aff(y))),
    "M_AINV": matrix(lambda y: AFF_INV[y]),
    "M_AINV_E": matrix(lambda y: AFF_INV[gmul(14, y)]),
    "M_AINV_B": matrix(lambda y: AFF_INV[gmul(11, y)]),
    "M_AINV_D": matrix(lambda y: AFF_INV[gmul(13, y)]),
    "M_AINV_9": matrix(lambda y: AFF_INV[gmul(9, y)]),
    "M_ID": matrix(lambda y: y),
}
C = {"C_2": gmul(2, 0x63), "C_3": gmul(3, 0x63), "C_1": 0x63, "C_Z": AFF_INV[0x63]}
IDX = {}
for j in range(4):
    IDX[f"ENC_P{j}"] = [4 * ((c + r + j) % 4) + (r + j) % 4 for c in range(4) for r in range(4)]
for j in range(4):
    IDX[f"DEC_Q{j}"] = [4 * ((c - r - j) % 4) + (r + j) % 4 for c in range(4) for r in range(4)]
for j in (1, 2, 3):
    IDX[f"ROT_{j}"] = [4 * c + (r + j) % 4 for c in range(4) for r in range(4)]


def sbox(x):
    return aff(ginv(x)) ^ 0x63


def expand(key):
    """FIPS 197 §5.2, as bytes: Nr + 1 round keys of 16."""
    nk = len(key) // 4
    nr = nk + 6
    w = [list(key[4 * i:4 * i + 4]) for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = list(w[i - 1])
        if i % nk == 0:
            t = [sbox(b) for b in t[1:] + t[:1]]
            t[0] ^= rcon
            rcon = xtime(rcon)
        elif nk > 6 and i % nk == 4:
            t = [sbox(b) for b in t]
        w.append([a ^ b for a, b in zip(w[i - nk], t)])
    return [sum(w[4 * r:4 * r + 4], []) for r in range(nr + 1)], nr


def shuf(s, idx):
    return [s[i] for i in idx]


def xor(*vs):
    out = [0] * 16
    for v in vs:
        out = [a ^ b for a, b in zip(out, v)]
    return out


def lane(v, q, b, inv):
    f = gf_affineinv if inv else gf_affine
    return [f(x, q, b) for x in v]


def enc(ek, nr, blk):
    s = xor(blk, ek[0])
    for r in range(1, nr):
        u0 = lane(shuf(s, IDX["ENC_P0"]), M["M_2A"], C["C_2"], True)
        u1 = lane(shuf(s, IDX["ENC_P1"]), M["M_3A"], C["C_3"], True)
        u2 = lane(shuf(s, IDX["ENC_P2"]), M["M_A"], C["C_1"], True)
        u3 = lane(shuf(s, IDX["ENC_P3"]), M["M_A"], C["C_1"], True)
        s = xor(u0, u1, u2, u3, ek[r])
    return xor(lane(shuf(s, IDX["ENC_P0"]), M["M_A"], C["C_1"], True), ek[nr])


def dec_keys(ek, nr):
    dk = [ek[nr]]
    for r in range(1, nr):
        e = ek[nr - r]
        d = lane(e, M["M_AINV_E"], C["C_Z"], False)
        for j, m in ((1, "M_AINV_B"), (2, "M_AINV_D"), (3, "M_AINV_9")):
            d = xor(d, lane(shuf(e, IDX[f"ROT_{j}"]), M[m], 0, False))
        dk.append(d)
    return dk + [ek[0]]


def dec(dk, nr, blk):
    z = lane(xor(blk, dk[0]), M["M_AINV"], C["C_Z"], False)
    for r in range(1, nr):
        us = [lane(shuf(z, IDX[f"DEC_Q{j}"]), M[m], 0, True)
              for j, m in enumerate(("M_AINV_E", "M_AINV_B", "M_AINV_D", "M_AINV_9"))]
        z = xor(*us, dk[r])
    return xor(lane(shuf(z, IDX["DEC_Q0"]), M["M_ID"], 0, True), dk[nr])


def check():
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    assert [sbox(x) for x in (0, 1, 3)] == [0x63, 0x7C, 0x7B]
    for klen in (16, 24, 32):
        for _ in range(4):
            key, blk = os.urandom(klen), os.urandom(16)
            ek, nr = expand(key)
            ref = Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(blk)
            got = bytes(enc(ek, nr, list(blk)))
            if got != ref:
                sys.exit(f"encryption mismatch, AES-{8 * klen}")
            if bytes(dec(dec_keys(ek, nr), nr, list(ref))) != blk:
                sys.exit(f"decryption mismatch, AES-{8 * klen}")


HEADER = """/* SPDX-License-Identifier: MIT */
/*
 * Generated by scripts/gen_gfni_consts.py: do not edit. aes-gfni's
 * GF2P8AFFINE matrices (row i of a matrix is byte 7 - i of the qword) and
 * affine constants, and its PSHUFB indices (src/aes/aes_gfni.c says what
 * each is). The script derives them from FIPS 197 and checks the rounds
 * built on them against the `cryptography` package before printing.
 *
 *   M_A       the S-box's affine map A          M_AINV    A^-1
 *   M_2A      y -> 2 A(y)                       M_AINV_c  y -> A^-1(c y), c = 14, 11, 13, 9
 *   M_3A      y -> 3 A(y)                       M_ID      the identity
 *   C_c       c 0x63 (C_1 = 0x63)               C_Z       A^-1 0x63
 *   ENC_Pj    byte 4c + r: 4((c + r + j) mod 4) + (r + j) mod 4
 *   DEC_Qj    byte 4c + r: 4((c - r - j) mod 4) + (r + j) mod 4
 *   ROT_j     byte 4c + r: 4c + (r + j) mod 4
 */
#ifndef RIJN_AES_GFNI_CONSTS_H
#define RIJN_AES_GFNI_CONSTS_H

"""


if __name__ == "__main__":
    check()
    out = [HEADER]
    for k, v in M.items():
        out.append(f"#define {k} ((long long)0x{v:016x}ull)\n")
    for k, v in C.items():
        out.append(f"#define {k} 0x{v:02x}\n")
    for k, v in IDX.items():
        out.append(f"#define {k} _mm_setr_epi8({', '.join(map(str, v))})\n")
    out.append("\n#endif\n")
    sys.stdout.write("".join(out))
