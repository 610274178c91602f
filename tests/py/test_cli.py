# SPDX-License-Identifier: MIT
"""The CLI contract: list, enc/dec/mac round trips against OpenSSL, and the
exit codes (0 ok, 1 authentication/padding failure with nothing on stdout,
2 invalid arguments or input with one line on stderr and nothing on
stdout)."""
import json
import os
import subprocess

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import rijn_ffi as R
from rijn_ffi import BUILD

RIJN = os.path.join(BUILD, "rijn")
KEY = "000102030405060708090a0b0c0d0e0f"


def run(*args, data=b""):
    return subprocess.run([RIJN, *args], input=data, capture_output=True, timeout=120)


def test_list_json_covers_all_modes():
    r = run("list", "--json")
    assert r.returncode == 0
    entries = json.loads(r.stdout)
    for e in entries:
        for k in ("algorithm", "driver", "priority", "constant_time", "available", "selected"):
            assert k in e
    # The modes: every algorithm the registry composes from templates (no
    # list of names is kept here); there must be some.
    modes = sorted({e["algorithm"] for e in entries if e["template"]})
    assert modes
    for m in modes:
        sel = [e for e in entries if e["algorithm"] == m and e["selected"]]
        assert len(sel) == 1 and sel[0]["constant_time"], m
        # A template instance from each AES driver.
        aes = [e["driver"] for e in entries if e["algorithm"] == "aes" and e["available"]]
        for a in aes:
            assert any(a in e["driver"] for e in entries if e["algorithm"] == m), (m, a)
    assert [e["driver"] for e in entries] == [d["driver"] for d in R.drivers()]


def test_list_text():
    r = run("list")
    assert r.returncode == 0 and b"aes-generic" in r.stdout and b"selftest" in r.stdout


def test_rijn_cpu_masks_features():
    env = dict(os.environ, RIJN_CPU="none")
    r = subprocess.run([RIJN, "list"], capture_output=True, env=env)
    assert r.returncode == 0 and b"# cpu: (none)" in r.stdout


@pytest.mark.parametrize("driver", [None] + [d["driver"] for d in R.drivers("gcm(aes)") if d["available"]])
def test_gcm_roundtrip_and_auth(driver):
    iv, aad, pt = "cafebabefacedbaddecaf888", "feedface", os.urandom(100)
    extra = ["--driver", driver] if driver else []
    r = run("enc", "--alg", "gcm(aes)", *extra, "--key", KEY, "--iv", iv, "--aad", aad, data=pt)
    assert r.returncode == 0
    assert r.stdout == AESGCM(bytes.fromhex(KEY)).encrypt(bytes.fromhex(iv), pt, bytes.fromhex(aad))
    d = run("dec", "--alg", "gcm(aes)", *extra, "--key", KEY, "--iv", iv, "--aad", aad, data=r.stdout)
    assert d.returncode == 0 and d.stdout == pt
    bad = bytearray(r.stdout)
    bad[-1] ^= 1
    d = run("dec", "--alg", "gcm(aes)", *extra, "--key", KEY, "--iv", iv, "--aad", aad, data=bytes(bad))
    assert d.returncode == 1 and d.stdout == b"" and d.stderr


@pytest.mark.parametrize("alg,iv,n", [("ecb(aes)", None, 64), ("cbc(aes)", "00" * 16, 64), ("ctr(aes)", "ff" * 16, 77),
                                      ("xts(aes)", "01" * 16, 77), ("ccm(aes)", "00" * 12, 77)])
def test_roundtrips(alg, iv, n):
    key = KEY * 2 if alg == "xts(aes)" else KEY
    if alg == "xts(aes)":
        key = KEY + "ff" * 16
    pt = os.urandom(n)
    ivs = ["--iv", iv] if iv else []
    e = run("enc", "--alg", alg, "--key", key, *ivs, data=pt)
    assert e.returncode == 0, e.stderr
    d = run("dec", "--alg", alg, "--key", key, *ivs, data=e.stdout)
    assert d.returncode == 0 and d.stdout == pt


def test_cbc_pkcs7_and_bad_padding():
    pt = b"hello, rijn"
    e = run("enc", "--alg", "cbc(aes)", "--key", KEY, "--iv", "00" * 16, "--pad", "pkcs7", data=pt)
    assert e.returncode == 0 and len(e.stdout) == 16
    d = run("dec", "--alg", "cbc(aes)", "--key", KEY, "--iv", "00" * 16, "--pad", "pkcs7", data=e.stdout)
    assert d.stdout == pt
    d = run("dec", "--alg", "cbc(aes)", "--key", KEY, "--iv", "11" * 16, "--pad", "pkcs7", data=e.stdout)
    assert d.returncode == 1 and d.stdout == b""


def test_mac():
    r = run("mac", "--alg", "cmac(aes)", "--key", "2b7e151628aed2a6abf7158809cf4f3c",
            data=bytes.fromhex("6bc1bee22e409f96e93d7e117393172a"))
    assert r.returncode == 0 and r.stdout.hex() == "070a16b46b4d4144f79bdd9dd04a287c"
    r = run("mac", "--alg", "cmac(aes)", "--key", KEY, "--tag-len", "4", data=b"x")
    assert r.returncode == 0 and len(r.stdout) == 4


@pytest.mark.parametrize("args,data", [
    (["enc", "--alg", "gcm(aes)", "--key", "0011", "--iv", "00" * 12], b""),            # bad key length
    (["enc", "--alg", "gcm(aes)", "--key", KEY], b""),                                   # missing iv
    (["enc", "--alg", "gcm(aes)", "--key", KEY, "--iv", ""], b""),                       # empty iv
    (["enc", "--alg", "gcm(aes)", "--key", KEY, "--iv", "00" * 12, "--tag-len", "3"], b""),
    (["enc", "--alg", "ccm(aes)", "--key", KEY, "--iv", "00" * 6], b"x"),               # nonce too short
    (["enc", "--alg", "ccm(aes)", "--key", KEY, "--iv", "00" * 12, "--tag-len", "5"], b"x"),
    (["enc", "--alg", "cbc(aes)", "--key", KEY, "--iv", "00" * 16], b"123"),            # not a block multiple
    (["enc", "--alg", "cbc(aes)", "--key", KEY, "--iv", "00" * 15], b"1" * 16),         # iv length
    (["enc", "--alg", "ecb(aes)", "--key", "zz" * 16], b"1" * 16),                      # bad hex
    (["enc", "--alg", "ecb(aes)", "--key", "0" * 31], b"1" * 16),                       # odd hex
    (["enc", "--alg", "xts(aes)", "--key", KEY * 2, "--iv", "00" * 16], b"1" * 32),     # equal halves
    (["enc", "--alg", "xts(aes)", "--key", KEY + "ff" * 16, "--iv", "00" * 16], b"1" * 15),
    (["enc", "--alg", "rot13", "--key", KEY], b""),                                      # unknown algorithm
    (["enc", "--alg", "ecb(aes)", "--driver", "nope", "--key", KEY], b""),              # unknown driver
    (["enc", "--alg", "ecb(aes)", "--key", KEY, "--pad", "pkcs7"], b""),                # pad not for ECB
    (["dec", "--alg", "gcm(aes)", "--key", KEY, "--iv", "00" * 12], b"short"),          # shorter than tag
    (["mac", "--alg", "cmac(aes)", "--key", KEY, "--tag-len", "17"], b"x"),
    (["frobnicate"], b""),
])
def test_invalid_exit_2(args, data):
    r = run(*args, data=data)
    assert r.returncode == 2, (args, r.returncode, r.stderr)
    assert r.stdout == b""
    assert r.stderr.count(b"\n") >= 1 and r.stderr.startswith(b"rijn")


def test_speed_json_runs():
    r = run("speed", "--alg", "ctr(aes)", "--sizes", "64", "--seconds", "0.05", "--json", "--vs", "openssl")
    assert r.returncode == 0, r.stderr
    recs = json.loads(r.stdout)
    assert recs and all(k in recs[0] for k in ("algorithm", "driver", "op", "key_bits", "size", "mb_per_s",
                                               "cycles_per_byte"))
