#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Flatten the standard vectors into one text file for tests/c/test_kat.c.

The Python suite reads Wycheproof and the NIST files itself, through
ctypes; that needs a Python of the library's own architecture. The cross
builds (aarch64, armv7, s390x under qemu-user) have none, so the same
vectors go to them as a plain file that a C program reads:

    KIND VERDICT KEY IV AAD IN OUT TAG        (hex, "-" for empty)

KIND is ecb, cbc, cbcpad, ctr, xts, gcm, ccm or cmac. VERDICT "ok": every
driver must map IN to OUT (and TAG) and back. "bad": the input must be
refused: AEAD open fails and leaves zeros, a PKCS#7 pad is rejected, a
CMAC tag does not verify, an XTS unit shorter than a block is refused.

Sources (the same as tests/py/test_wycheproof.py and test_nist.py):
Wycheproof aes_{gcm,ccm,cmac,cbc_pkcs5,xts}_test.json; from the
cryptography-vectors package, AESAVS ECB/CBC, RFC 3686 CTR, GCMVS, CCMVS,
SP 800-38B CMAC and XTSVS (whole-byte data units, distinct key halves).

X25519 goes to a second file beside OUT, x25519_kat.txt, for
tests/c/test_x25519.c, one case per line:

    x25519 VERDICT SCALAR POINT RESULT      (hex; VERDICT ok, or zero for
                                             an all-zero result)

from Wycheproof x25519_test.json (every case: its "acceptable" ones are
twist, non-canonical and low-order points whose result RFC 7748 defines),
RFC 7748 sections 5.2 and 6.1, edge u-coordinates (0, 1, p - 1, p, p + 1,
2^255 - 1 and their bit-255 twins) and 256 random cases from a fixed seed,
whose results come from OpenSSL (through the cryptography package) where
it gives one, and otherwise from the RFC's ladder on integers (OpenSSL refuses
all-zero results; tests/py/x25519_ref.py has both references);
the two are compared wherever both exist.

usage: gen_kat.py OUT [WYCHEPROOF_DIR]   (default: $RIJN_WYCHEPROOF, else ../shared/vectors/wycheproof)
"""
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
from vectors import records  # noqa: E402
from x25519_ref import P as P25519, ossl as x25519_openssl, ref as x25519_ref  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..")


def hx(b):
    """Hex text for bytes or an already-hex string; "-" for empty."""
    b = b.hex() if isinstance(b, bytes) else b
    return b or "-"


def line(kind, ok, key="", iv="", aad="", inp="", out="", tag=""):
    f = [hx(x) for x in (key, iv, aad, inp, out, tag)]
    return " ".join([kind, "ok" if ok else "bad"] + f)


def wycheproof(wdir):
    def cases(name):
        with open(os.path.join(wdir, name)) as f:
            for g in json.load(f)["testGroups"]:
                for t in g["tests"]:
                    if t["result"] != "acceptable":
                        yield t
    for kind, name in (("gcm", "aes_gcm_test.json"), ("ccm", "aes_ccm_test.json")):
        for t in cases(name):
            yield line(kind, t["result"] == "valid", t["key"], t["iv"], t["aad"], t["msg"], t["ct"], t["tag"])
    for t in cases("aes_cmac_test.json"):
        yield line("cmac", t["result"] == "valid", t["key"], "", "", t["msg"], "", t["tag"])
    for t in cases("aes_cbc_pkcs5_test.json"):
        yield line("cbcpad", t["result"] == "valid", t["key"], t["iv"], "", t["msg"], t["ct"])
    for t in cases("aes_xts_test.json"):
        # IEEE 1619 pads the short sector number with zeros on the right.
        iv = bytes.fromhex(t["iv"]).ljust(16, b"\0")
        yield line("xts", len(t["msg"]) >= 32, t["key"], iv, "", t["msg"], t["ct"])


def nist():
    try:
        import cryptography_vectors
    except ImportError:
        sys.exit("gen_kat: the cryptography-vectors package is missing (pip install cryptography-vectors)")
    vec = os.path.dirname(cryptography_vectors.__file__)

    def files(pattern):
        fs = sorted(glob.glob(os.path.join(vec, pattern)))
        assert fs, pattern
        return fs
    for kind in ("ECB", "CBC"):
        for path in files(f"ciphers/AES/{kind}/{kind}*.rsp"):
            for _, _, r in records(path):
                yield line(kind.lower(), True, r["key"], r.get("iv", ""), "", r["plaintext"], r["ciphertext"])
    for path in files("ciphers/AES/CTR/aes-*-ctr.txt"):
        for _, _, r in records(path):
            yield line("ctr", True, r["key"], r["iv"], "", r["plaintext"], r["ciphertext"])
    for path in files("ciphers/AES/GCM/gcm*.rsp"):
        for _, _, r in records(path):
            yield line("gcm", "fail" not in r, r["key"], r["iv"], r["aad"], r.get("pt", ""), r["ct"], r["tag"])
    for path in files("ciphers/AES/CCM/*.rsp"):
        key = nonce = None
        for _, p, r in records(path):
            key, nonce = r.get("key", key), r.get("nonce", nonce)
            if "ct" not in r:
                continue
            tlen, plen, alen = int(p["tlen"]), int(p["plen"]), int(p["alen"])
            ct = bytes.fromhex(r["ct"])
            ok = not r.get("result", "Pass").startswith("Fail")
            pt = bytes.fromhex(r["payload"])[:plen] if ok else b""
            yield line("ccm", ok, key, nonce, bytes.fromhex(r["adata"])[:alen], pt, ct[:plen], ct[plen:plen + tlen])
    for path in files("CMAC/nist-800-38b-aes*.txt"):
        for _, _, r in records(path):
            yield line("cmac", True, r["key"], "", "", r["message"], "", r["output"])
    for path in files("ciphers/AES/XTS/tweak-128hexstr/XTSGenAES*.rsp"):
        for _, _, r in records(path):
            k = bytes.fromhex(r["key"])
            # Whole-byte data units only (as OpenSSL and IEEE 1619-2018), and
            # distinct key halves (SP 800-38E; rijn refuses equal halves).
            if int(r["dataunitlen"]) % 8 or k[: len(k) // 2] == k[len(k) // 2:]:
                continue
            yield line("xts", True, k, r["i"], "", r["pt"], r["ct"])


def x25519_lines(wdir):
    cases = []
    with open(os.path.join(wdir, "x25519_test.json")) as f:
        for g in json.load(f)["testGroups"]:
            for t in g["tests"]:
                cases.append((bytes.fromhex(t["private"]), bytes.fromhex(t["public"]), bytes.fromhex(t["shared"])))
    rfc = [("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
            "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
            "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
           ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
            "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
            "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
           ("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
            "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
            "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"),
           ("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
            "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
            "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742")]
    cases += [tuple(bytes.fromhex(x) for x in c) for c in rfc]
    import random
    rnd = random.Random(25519)
    edges = [0, 1, P25519 - 1, P25519, P25519 + 1, P25519 + 2, 2**255 - 1, 9]
    for u in edges:
        for top in (0, 1 << 255):
            if u + top < 2**256:
                k = rnd.randbytes(32)
                cases.append((k, (u + top).to_bytes(32, "little"), None))
    for _ in range(256):
        cases.append((rnd.randbytes(32), rnd.randbytes(32), None))
    for k, u, want in cases:
        mine = x25519_ref(k, u)
        ossl = x25519_openssl(k, u)
        assert ossl is None or ossl == mine, f"OpenSSL and the reference ladder differ on {k.hex()} {u.hex()}"
        assert want is None or want == mine, f"the reference ladder misses a listed result: {k.hex()} {u.hex()}"
        yield " ".join(["x25519", "zero" if mine == bytes(32) else "ok", k.hex(), u.hex(), mine.hex()])


def main():
    out = sys.argv[1]
    wdir = sys.argv[2] if len(sys.argv) > 2 else os.environ.get(
        "RIJN_WYCHEPROOF", os.path.join(ROOT, "..", "shared", "vectors", "wycheproof"))
    if not os.path.isdir(wdir):
        sys.exit(f"gen_kat: Wycheproof directory {wdir} not found (shared/ must sit beside the repository, "
                 "or set RIJN_WYCHEPROOF)")
    lines = list(wycheproof(wdir)) + list(nist())
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(out + ".tmp", out)
    print(f"gen_kat: {len(lines)} vectors -> {out}")
    xout = os.path.join(os.path.dirname(os.path.abspath(out)), "x25519_kat.txt")
    xlines = list(x25519_lines(wdir))
    with open(xout + ".tmp", "w") as f:
        f.write("\n".join(xlines) + "\n")
    os.replace(xout + ".tmp", xout)
    print(f"gen_kat: {len(xlines)} X25519 cases -> {xout}")


if __name__ == "__main__":
    main()
