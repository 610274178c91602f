# SPDX-License-Identifier: MIT
"""X25519 (include/rijn/x25519.h) through every driver of "x25519" in the
registry and the automatic selection (driver None):

- RFC 7748's vectors: section 5.2 (two scalar/u pairs, the iterated test
  for 1 and 1,000 iterations; 1,000,000 is `make x25519-long`) and section
  6.1 (Alice and Bob);
- every case of Wycheproof's x25519_test.json, the all-zero shared secrets
  included (RIJN_ERR_ZERO_RESULT with the zero output written);
- random scalars and points against OpenSSL (pyca/cryptography) and against
  a Python transcription of the RFC's ladder (which also handles the zero
  results OpenSSL refuses to return), edge u-coordinates (0, 1, p - 1, p,
  p + 1, 2^255 - 1, with and without bit 255), every encoding of the
  points of small order, scalar clamping;
- rijn_x25519_base against the ladder with u = 9, every driver against
  every other, rijn_x25519_batch against single calls (status entries,
  return code, in place), rijn_x25519_keygen, aliasing outputs and inputs,
  NULL pointers and wrong driver names.
"""
import functools
import json
import os
import random
import re
import shutil
import subprocess

import pytest
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

import rijn_ffi as R
from conftest import QUICK, WYCHEPROOF, mode_drivers

ALG = "x25519"
NAMES = mode_drivers(ALG)
DRIVERS = NAMES + [None]
IDS = [d or "selected" for d in DRIVERS]
each_driver = pytest.mark.parametrize("driver", DRIVERS, ids=IDS)

h = bytes.fromhex
ZERO = bytes(32)
NINE = bytes([9]) + bytes(31)
from x25519_ref import P  # noqa: E402
RANDOM_N = 40 if QUICK else 300

# ------------------------------------------------- the reference (RFC) --
# tests/py/x25519_ref.py: the RFC's ladder on integers, and OpenSSL.
from x25519_ref import clamp, ladder, ossl, ref  # noqa: E402,F401


def le(n):
    return n.to_bytes(32, "little")


def fill(buf, v):
    R.ctypes.memset(buf.addr, v, buf.n)


# The points of small order (RFC 7748 section 7; libsodium's blacklist):
# u = 0 (order 2), 1 (order 4), p - 1 (order 4, on the twist) and the two
# points of order 8. test_small_order_list checks these claims.
ORDER8 = [h("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
          h("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157")]
SMALL = [le(0), le(1), le(P - 1)] + ORDER8
# Every 32-byte encoding of them: the non-canonical u + p where it fits in
# 255 bits (p and p + 1), and each of those with bit 255 set.
SMALL_ENC = SMALL + [le(P), le(P + 1)]
SMALL_ENC = SMALL_ENC + [e[:31] + bytes([e[31] | 0x80]) for e in SMALL_ENC]

# u-coordinates at the edges of the field and of the encoding.
EDGE_U = [0, 1, 2, 3, 9, 2**8, 2**64 - 1, 2**128 + 1, 2**254, 2**254 - 1, P - 2, P - 1, P, P + 1, P + 2, P + 17,
          2**255 - 1, 2**255, 2**255 + 1, 2**255 + 9, 2**255 + P - 1, 2**255 + P, 2**256 - 1, 2**256 - 2**255 - 20,
          (P - 1) // 2, (P + 1) // 2, 486662, P - 486662, 2**255 + 2**254]


def call(driver, k, u, **kw):
    """(output, zero): rijn_x25519, with RIJN_ERR_ZERO_RESULT as zero=True
    and its output (which must then be 32 zero bytes)."""
    try:
        return R.x25519(driver, k, u, **kw), False
    except R.ZeroResult as e:
        return e.out, True


def check(driver, k, u, **kw):
    """rijn_x25519 equals the reference; all-zero iff ZERO_RESULT."""
    want = ref(k, u)
    got, zero = call(driver, k, u, **kw)
    assert got == want, (driver, k.hex(), u.hex())
    assert zero == (want == ZERO), (driver, k.hex(), u.hex())
    return got


# ------------------------------------------------------------- the RFC --

RFC_5_2 = [
    ("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
    ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
]
RFC_ITER = {1: "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
            1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
            1000000: "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"}
ALICE = ("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
         "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
BOB = ("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
       "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"


def test_references_agree_with_the_rfc():
    """The two references of this file, on the RFC's vectors: a wrong one
    would make the comparisons below meaningless."""
    for k, u, out in RFC_5_2:
        assert ref(h(k), h(u)) == ossl(h(k), h(u)) == h(out)
    for priv, pub in (ALICE, BOB):
        assert ref(h(priv), NINE) == ossl(h(priv), NINE) == h(pub)
    assert ref(h(ALICE[0]), h(BOB[1])) == h(SHARED)
    k = u = NINE
    k, u = ref(k, u), k
    assert k == h(RFC_ITER[1])


@each_driver
def test_rfc7748_5_2(driver):
    for k, u, out in RFC_5_2:
        assert R.x25519(driver, h(k), h(u)) == h(out), k


def iterate(driver, n):
    k = u = NINE
    for _ in range(n):
        k, u = R.x25519(driver, k, u), k
    return k


@each_driver
def test_rfc7748_5_2_iterated_once(driver):
    assert iterate(driver, 1) == h(RFC_ITER[1])


@each_driver
def test_rfc7748_5_2_iterated_1000(driver):
    if QUICK and driver is not None:
        pytest.skip("RIJN_TEST_QUICK: 1,000 ladders per driver are slow under emulation; the selected driver runs it")
    assert iterate(driver, 1000) == h(RFC_ITER[1000])


@each_driver
def test_rfc7748_6_1(driver):
    a, b = h(ALICE[0]), h(BOB[0])
    for priv, pub in (ALICE, BOB):
        assert R.x25519_base(driver, h(priv)) == h(pub)
        assert R.x25519(driver, h(priv), NINE) == h(pub)
    assert R.x25519(driver, a, h(BOB[1])) == h(SHARED)
    assert R.x25519(driver, b, h(ALICE[1])) == h(SHARED)


def test_iter_program():
    """tests/c/test_x25519_iter (the program behind make x25519-long): the
    RFC's value after 1,000 iterations for every driver; a wrong expected
    value makes it fail."""
    prog = os.path.join(R.BUILD, "tests", "test_x25519_iter")
    n = "1" if QUICK else "1000"
    r = subprocess.run([prog, n], capture_output=True, text=True, timeout=300)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout
    for d in NAMES:
        assert f"{d}: {n} iterations: k = {RFC_ITER[int(n)]}" in r.stdout
    bad = RFC_ITER[int(n)][:-1] + "0"
    r = subprocess.run([prog, "-d", NAMES[0], n, bad], capture_output=True, text=True, timeout=300)
    assert r.returncode != 0 and " 1 failed" in r.stdout, (r.stdout, r.stderr)

# ------------------------------------------------------------ Wycheproof --


@functools.lru_cache(maxsize=None)
def wycheproof():
    path = os.path.join(WYCHEPROOF, "x25519_test.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        d = json.load(f)
    out = []
    for g in d["testGroups"]:
        assert g["curve"] == "curve25519" and g["type"] == "XdhComp"
        out += g["tests"]
    assert len(out) == d["numberOfTests"]
    return out


def wycheproof_cases():
    t = wycheproof()
    if t is None:
        pytest.skip(f"Wycheproof file {WYCHEPROOF}/x25519_test.json not found (shared/ must sit beside the repository)")
    return t


@each_driver
def test_wycheproof(driver):
    """Every case. The file has only "valid" and "acceptable" ones (RFC 7748
    accepts every public key): both must give exactly the expected secret,
    and an all-zero one (ZeroSharedSecret) gives RIJN_ERR_ZERO_RESULT with
    the zeros written."""
    n = zeros = 0
    for t in wycheproof_cases():
        assert t["result"] in ("valid", "acceptable"), t["tcId"]
        k, u, want = h(t["private"]), h(t["public"]), h(t["shared"])
        got, zero = call(driver, k, u)
        assert got == want, (t["tcId"], t["comment"])
        assert zero == (want == ZERO), (t["tcId"], t["comment"])
        assert zero == ("ZeroSharedSecret" in t["flags"]), t["tcId"]
        n += 1
        zeros += zero
    assert n > 500 and zeros > 10


def test_small_order_list():
    """The list SMALL above: each has small order (8 times it is the point
    at infinity, x = 0), the two order-8 points have order exactly 8, and
    every low-order public key of Wycheproof is one of SMALL's encodings."""
    for e in SMALL:
        u = int.from_bytes(e, "little")
        assert u < P
        assert ladder(8, u) == 0, e.hex()
        # Any scalar: the clamped ones are multiples of 8.
        assert ladder(8 * 12345678901234567, u) == 0
    for e in ORDER8:
        u = int.from_bytes(e, "little")
        # [2]P has order 4 (u = 1 or -1), [4]P is (0, 0).
        assert ladder(2, u) in (1, P - 1) and ladder(4, u) == 0
    assert ladder(2, 1) == 0 and ladder(2, P - 1) == 0  # order 4: [2]P = (0, 0)
    assert ladder(8, 5) != 0
    cases = wycheproof()
    if cases is not None:
        low = {h(t["public"]) for t in cases if "LowOrderPublic" in t["flags"]}
        assert low and low <= set(SMALL_ENC), sorted(x.hex() for x in low - set(SMALL_ENC))

# --------------------------------------------------------- differential --


def test_reference_against_openssl():
    """The Python ladder against OpenSSL on random inputs and the edges:
    then either can stand in for the other below."""
    rng = random.Random(7748)
    for _ in range(20 if QUICK else 100):
        k, u = rng.randbytes(32), rng.randbytes(32)
        assert ref(k, u) == ossl(k, u)
    for u in EDGE_U:
        k = rng.randbytes(32)
        r = ref(k, le(u % 2**256))
        assert (ossl(k, le(u % 2**256)) or ZERO) == r, hex(u)
    for e in SMALL_ENC:
        assert ossl(rng.randbytes(32), e) is None and ref(rng.randbytes(32), e) == ZERO


@each_driver
def test_random_against_openssl(driver):
    rng = random.Random(25519)
    for i in range(RANDOM_N):
        k, u = rng.randbytes(32), rng.randbytes(32)
        got = R.x25519(driver, k, u, offset=i % 16)
        assert got == ossl(k, u), (k.hex(), u.hex())


@each_driver
def test_edge_points(driver):
    """Edge u-coordinates (reduced mod p, bit 255 ignored), each with a few
    scalars, against the reference and OpenSSL."""
    rng = random.Random(255)
    scalars = [ZERO, b"\xff" * 32, NINE, le(2**254), le(2**255 - 1), rng.randbytes(32), rng.randbytes(32)]
    for u in EDGE_U:
        e = le(u % 2**256)
        for k in scalars:
            got = check(driver, k, e)
            assert (ossl(k, e) or ZERO) == got, (hex(u), k.hex())


@each_driver
def test_small_order_points(driver):
    """Every encoding of every point of small order, with random scalars
    and the extreme ones: all-zero result, RIJN_ERR_ZERO_RESULT, zeros
    written."""
    rng = random.Random(8)
    for e in SMALL_ENC:
        for k in (ZERO, b"\xff" * 32, rng.randbytes(32), rng.randbytes(32)):
            out, zero = call(driver, k, e)
            assert zero and out == ZERO, (e.hex(), k.hex())


@each_driver
def test_top_bit_and_non_canonical(driver):
    """Bit 255 of u is ignored; u and u + p (where that fits in 255 bits)
    are the same point."""
    rng = random.Random(19)
    for _ in range(RANDOM_N // 10):
        k, u = rng.randbytes(32), bytearray(rng.randbytes(32))
        u[31] &= 0x7F
        a = R.x25519(driver, k, bytes(u))
        u[31] |= 0x80
        assert R.x25519(driver, k, bytes(u)) == a
    for small in range(19):
        k = rng.randbytes(32)
        a = check(driver, k, le(small))
        assert check(driver, k, le(small + P)) == check(driver, k, le(small + P + 2**255)) == a, small


@each_driver
def test_scalar_clamping(driver):
    """Bits 0, 1, 2 and 255 of the scalar are cleared and bit 254 set: the
    results do not depend on them."""
    rng = random.Random(254)
    for _ in range(RANDOM_N // 20 + 2):
        k, u = bytearray(rng.randbytes(32)), rng.randbytes(32)
        base = R.x25519(driver, bytes(k), u)
        for byte, bits in ((0, 1), (0, 2), (0, 4), (0, 7), (31, 0x80), (31, 0x40), (31, 0xC0)):
            k2 = bytearray(k)
            k2[byte] ^= bits
            assert R.x25519(driver, bytes(k2), u) == base, (byte, bits)
            assert R.x25519_base(driver, bytes(k2)) == R.x25519_base(driver, bytes(k))
        # Bit 3 and bit 253 do count.
        for byte, bits in ((0, 8), (31, 0x20)):
            k2 = bytearray(k)
            k2[byte] ^= bits
            assert R.x25519(driver, bytes(k2), u) != base, (byte, bits)


@each_driver
def test_base_equals_ladder_with_9(driver):
    rng = random.Random(9)
    scalars = [ZERO, b"\xff" * 32, le(1), le(8), le(2**254), le(2**255 - 8)]
    scalars += [rng.randbytes(32) for _ in range(RANDOM_N // 2)]
    for i, k in enumerate(scalars):
        pub = R.x25519_base(driver, k, offset=i % 16)
        assert pub == R.x25519(driver, k, NINE), k.hex()
        if i % 4 == 0:
            assert pub == X25519PrivateKey.from_private_bytes(k).public_key().public_bytes_raw(), k.hex()
        assert pub != ZERO


def test_drivers_agree():
    """Every driver and the selection give the same results, single, base
    and batch, on random and edge inputs."""
    rng = random.Random(4)
    ks = [rng.randbytes(32) for _ in range(RANDOM_N // 3)]
    us = [rng.randbytes(32) for _ in ks]
    for e in SMALL_ENC + [le(u % 2**256) for u in EDGE_U]:
        ks.append(rng.randbytes(32))
        us.append(e)
    first = None
    for d in DRIVERS:
        got = ([call(d, k, u) for k, u in zip(ks, us)], [R.x25519_base(d, k) for k in ks],
               R.x25519_batch(d, ks, us))
        if first is None:
            first = got
        assert got == first, d

# ----------------------------------------------------------------- batch --


@each_driver
def test_batch(driver):
    """n = 0, 1, 2, 3, 7, 8, 9, 17 (around the widths a vector driver works
    in), random points with small-order ones mixed in at random places:
    every output equals the single call, status 0 or ZERO_RESULT per entry,
    the call returns ZERO_RESULT iff one result is zero; the same in place
    over the points and over the scalars, and with status NULL."""
    rng = random.Random(17)
    for n in (0, 1, 2, 3, 7, 8, 9, 17, 33):
        for trial in range(3):
            ks = [rng.randbytes(32) for _ in range(n)]
            us = [rng.randbytes(32) for _ in range(n)]
            if trial and n:
                for _ in range(rng.randint(1, max(1, n // 3))):
                    us[rng.randrange(n)] = rng.choice(SMALL_ENC)
            singles = [call(driver, k, u) for k, u in zip(ks, us)]
            want_out = [o for o, _ in singles]
            want_st = [R.ZERO_RESULT if z else 0 for _, z in singles]
            want_rc = R.ZERO_RESULT if any(z for _, z in singles) else 0
            if trial and n:
                assert want_rc == R.ZERO_RESULT
            for inplace in (None, "points", "scalars"):
                outs, st, rc = R.x25519_batch(driver, ks, us, inplace=inplace)
                assert (outs, st, rc) == (want_out, want_st, want_rc), (n, trial, inplace)
            outs, st, rc = R.x25519_batch(driver, ks, us, with_status=False)
            assert (outs, st, rc) == (want_out, None, want_rc), (n, trial)
    # Only zero results.
    outs, st, rc = R.x25519_batch(driver, [rng.randbytes(32) for _ in SMALL_ENC], SMALL_ENC)
    assert outs == [ZERO] * len(SMALL_ENC) and st == [R.ZERO_RESULT] * len(SMALL_ENC) and rc == R.ZERO_RESULT


@each_driver
def test_batch_n0_is_a_no_op(driver):
    out = R.Buf(32)
    fill(out, 0xAA)
    st = (R.ctypes.c_int * 1)(12345)
    k = R.Buf(bytes(32))
    assert R.LIB.rijn_x25519_batch(R._drv(driver), out.ptr(), k.ptr(), k.ptr(), R.S(0), st) == 0
    assert out.bytes() == b"\xaa" * 32 and st[0] == 12345
    # NULL pointers with n = 0 are fine (as for every rijn buffer of length 0).
    assert R.LIB.rijn_x25519_batch(R._drv(driver), None, None, None, R.S(0), None) == 0

# ------------------------------------------------------- keygen, aliasing --


@each_driver
def test_keygen(driver):
    pairs = [R.x25519_keygen(driver) for _ in range(4)]
    for priv, pub in pairs:
        assert pub == R.x25519_base(driver, priv) == ref(priv, NINE)
        assert priv != ZERO and pub != ZERO
    assert len({p for p, _ in pairs}) == len(pairs), "two key pairs share a private key"
    # A shared secret between two of them, both ways.
    (a, pa), (b, pb) = pairs[:2]
    assert R.x25519(driver, a, pb) == R.x25519(driver, b, pa) == ossl(a, pb)


@each_driver
def test_aliasing(driver):
    """The output may be the scalar's or the point's buffer (the header's
    "outputs may alias inputs"), at several misalignments."""
    rng = random.Random(32)
    for i in range(8):
        k, u = rng.randbytes(32), rng.randbytes(32)
        want = ossl(k, u)
        assert R.x25519(driver, k, u, alias="scalar", offset=i) == want
        assert R.x25519(driver, k, u, alias="point", offset=i) == want
        assert R.x25519(driver, k, k, alias="scalar", offset=i) == ossl(k, k)
        assert R.x25519_base(driver, k, alias=True, offset=i) == ossl(k, NINE)
    for e in SMALL_ENC[:3]:
        k = rng.randbytes(32)
        with pytest.raises(R.ZeroResult) as z:
            R.x25519(driver, k, e, alias="point")
        assert z.value.out == ZERO
        with pytest.raises(R.ZeroResult) as z:
            R.x25519(driver, k, e, alias="scalar")
        assert z.value.out == ZERO

# ----------------------------------------------------------------- misuse --


@each_driver
def test_null_pointers(driver):
    L, d = R.LIB, R._drv(driver)
    out, k, u = R.Buf(64), R.Buf(b"\x11" * 32), R.Buf(NINE)
    pub = R.Buf(32)
    assert L.rijn_x25519(d, None, k.ptr(), u.ptr()) == -1
    assert L.rijn_x25519(d, out.ptr(), None, u.ptr()) == -1
    assert L.rijn_x25519(d, out.ptr(), k.ptr(), None) == -1
    assert L.rijn_x25519(d, None, None, None) == -1
    assert L.rijn_x25519_base(d, None, k.ptr()) == -1
    assert L.rijn_x25519_base(d, pub.ptr(), None) == -1
    assert L.rijn_x25519_keygen(d, None, pub.ptr()) == -1
    assert L.rijn_x25519_keygen(d, out.ptr(), None) == -1
    for args in ((None, k.ptr(), u.ptr()), (out.ptr(), None, u.ptr()), (out.ptr(), k.ptr(), None)):
        assert L.rijn_x25519_batch(d, *args, R.S(1), None) == -1
    # The same calls with every pointer given succeed (so the -1s above
    # come from the NULLs).
    assert L.rijn_x25519(d, out.ptr(), k.ptr(), u.ptr()) == 0
    assert L.rijn_x25519_base(d, pub.ptr(), k.ptr()) == 0
    assert out.bytes(32) == pub.bytes(32)
    assert L.rijn_x25519_keygen(d, out.ptr(), pub.ptr()) == 0
    assert L.rijn_x25519_batch(d, out.ptr(), k.ptr(), u.ptr(), R.S(1), None) == 0


@pytest.mark.parametrize("name", ["no-such-driver", "aes-ct64", "ghash-ct64", "X25519-REF51", "", "x25519-"])
def test_wrong_driver(name):
    """An unknown name, or a driver of another algorithm: NO_DRIVER from
    every entry point, and keygen leaves zeros."""
    k, u = b"\x22" * 32, NINE
    for f in (lambda: R.x25519(name, k, u), lambda: R.x25519_base(name, k),
              lambda: R.x25519_batch(name, [k], [u])):
        with pytest.raises(R.RijnError) as e:
            f()
        assert e.value.code == -9, (name, e.value.name)
    priv, pub = R.Buf(32), R.Buf(32)
    fill(priv, 0x55)
    fill(pub, 0x55)
    assert R.LIB.rijn_x25519_keygen(name.encode(), priv.ptr(), pub.ptr()) == -9
    assert priv.bytes() == ZERO and pub.bytes() == ZERO, "keygen left something in its outputs on error"


def test_registry_entries():
    """The algorithm is in the registry, the selection is one of its
    constant-time drivers, and the portable ones run everywhere."""
    ds = R.drivers(ALG)
    assert ds
    sel = [d for d in ds if d["selected"]]
    assert len(sel) == 1 and sel[0]["constant_time"] and sel[0]["available"]
    names = {d["driver"] for d in ds}
    assert {"x25519-ref51", "x25519-ref25"} <= names, names
    for d in ds:
        if d["driver"] in ("x25519-ref51", "x25519-ref25"):
            assert d["available"] and d["constant_time"], d


# The instructions that x25519-mulx's assembly may contain: MULX, the
# carry chains, moves, and the compiler's saves of the registers it
# clobbers. No branch, no call, no other opcode.
MULX_ASM_FUNCS = ("fe64_mul", "fe64_sqr")
MULX_ASM_OPS = {"mulx", "adcx", "adox", "add", "adc", "sbb", "and", "xor", "mov", "imul", "push", "pop", "ret",
                "endbr64"}


def test_mulx_assembly_is_straight_line_without_secret_addresses():
    """valgrind runs x25519-mulx's multiply and square in their C
    emulation only (it has no ADCX/ADOX), so the shape that makes the
    assembly constant time is checked on the release object itself: each
    of fe64_mul and fe64_sqr is straight-line code from the
    allowed set above, and every memory operand is a fixed offset from
    the argument registers (rdi: h, rsi: f, rcx: g) or the stack, never
    indexed, so no address depends on a limb. A branch or an indexed load
    added to the assembly fails this."""
    obj = os.path.join(os.path.dirname(__file__), "..", "..", "build", "obj", "src", "x25519", "x25519_mulx.o")
    if not os.path.exists(obj) or not shutil.which("objdump"):
        pytest.skip("build/obj/src/x25519/x25519_mulx.o or objdump missing: not checked")
    dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True, text=True,
                         check=True).stdout
    funcs, cur = {}, None
    for line in dis.splitlines():
        m = re.match(r"^[0-9a-f]+ <([\w.]+)>:$", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
        elif cur and "\t" in line:
            ins = line.split("\t", 1)[1].strip()
            if ins:
                funcs[cur].append(ins)
    if not funcs.get("fe64_mul"):
        pytest.skip("x25519_mulx.o has no fe64_mul: not an x86-64 release build")
    for name in MULX_ASM_FUNCS:
        body = funcs.get(name)
        assert body, f"{name} not found in {obj}"
        assert body[-1] == "ret", f"{name} does not end in ret"
        for ins in body:
            op = ins.split()[0]
            assert op in MULX_ASM_OPS or op[:-1] in MULX_ASM_OPS, f"{name}: {ins}"
            for base, index in re.findall(r"\((%\w+)((?:,[^)]*)?)\)", ins):
                assert base in ("%rdi", "%rsi", "%rcx", "%rsp") and not index, f"{name}: address {ins}"
