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

usage: gen_kat.py OUT [WYCHEPROOF_DIR]   (default: $RIJN_WYCHEPROOF, else ../shared/vectors/wycheproof)
"""
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "py"))
from vectors import records  # noqa: E402

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


if __name__ == "__main__":
    main()
