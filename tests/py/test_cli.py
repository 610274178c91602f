# SPDX-License-Identifier: MIT
"""The CLI contract: list, enc/dec/mac round trips against OpenSSL, and the
exit codes (0 ok, 1 authentication/padding failure with nothing on stdout,
2 invalid arguments or input with one line on stderr and nothing on
stdout); the options (getopt_long: --opt=value, --, CMD --help, version),
arguments checked before any input is read, the key inputs, and streaming
across buffer boundaries against pyca/cryptography. Large inputs (max RSS,
the size limits) are in test_cli_stream.py; seal/open in test_format.py."""
import json
import os
import re
import stat
import subprocess
import time

import pytest
from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives import padding as sym_padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

import rijn_ffi as R
from rijn_ffi import BUILD

RIJN = os.path.abspath(os.path.join(BUILD, "rijn"))
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
    (["enc", "--alg", "ctr(aes)", "--key", KEY, "--iv", "00" * 16, "--data-unit", "512"], b"x"),  # not XTS
    (["enc", "--alg", "xts(aes)", "--key", KEY + "ff" * 16, "--iv", "00" * 16, "--data-unit", "8"], b"1" * 32),
    (["enc", "--alg", "xts(aes)", "--key", KEY + "ff" * 16, "--iv", "00" * 16, "--data-unit", "32"], b"1" * 40),
    (["enc", "--alg", "ecb(aes)", "--key", KEY, "--key-env", "RIJN_TEST_NO_SUCH_VAR"], b""),  # two keys
    (["enc", "--alg", "ecb(aes)", "--key-env", "RIJN_TEST_NO_SUCH_VAR"], b""),
    (["enc", "--alg", "ecb(aes)", "--key-file", "/nonexistent/key"], b""),
    (["enc", "--alg", "ecb(aes)"], b""),                                                 # no key
    (["enc", "--alg", "ecb(aes)", "--key", KEY, "extra"], b""),
    (["enc", "--alg", "ecb(aes)", "--key", KEY, "--nope"], b""),
    (["enc", "--alg", "ecb(aes)", "--key"], b""),                                        # no value
    (["keygen", "--bytes", "20", "/nonexistent/k"], b""),
    (["seal", "--key", KEY], b"x"),                                                      # 16-byte key
])
def test_invalid_exit_2(args, data):
    r = run(*args, data=data)
    assert r.returncode == 2, (args, r.returncode, r.stderr)
    assert r.stdout == b""
    assert r.stderr.count(b"\n") >= 1 and r.stderr.startswith(b"rijn")


def test_speed_json_runs():
    """The document's shape (test_speed.py checks each field); here also
    under the sanitizers (scripts/check.sh runs this file with ASan)."""
    r = run("speed", "--alg", "ctr(aes)", "--sizes", "64", "--seconds", "0.05", "--json", "--vs", "openssl")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert set(doc) == {"meta", "results"} and doc["meta"]["rijn_version"] and doc["meta"]["peers"]
    recs = doc["results"]
    assert recs and all(k in recs[0] for k in ("algorithm", "driver", "op", "key_bits", "size", "mb_per_s",
                                               "cycles_per_byte"))


def test_mac_streams_across_buffers():
    data = os.urandom(3 * 2**20 + 7)
    r = run("mac", "--alg", "cmac(aes)", "--key", KEY, data=data)
    c = cmac.CMAC(algorithms.AES(bytes.fromhex(KEY)))
    c.update(data)
    assert r.returncode == 0 and r.stdout == c.finalize()


def _ossl(mode, data, key=KEY, encrypt=True):
    c = Cipher(algorithms.AES(bytes.fromhex(key)), mode)
    x = c.encryptor() if encrypt else c.decryptor()
    return x.update(data) + x.finalize()


# Lengths around the CLI's 64 KiB buffer (cli/crypt.c) and its kept-back
# block, and longer ones that cross any buffer up to a few MiB.
B = 2**16
SIZES = [0, 16, B - 16, B, B + 16, 3 * B + 48, 2**20 + 16, 3 * 2**20 + 48]


@pytest.mark.parametrize("n", SIZES)
def test_streaming_ecb_cbc_ctr_match_cryptography(n):
    iv = os.urandom(16)
    pt = os.urandom(n + 5)
    for alg, mode, data in (("ecb(aes)", modes.ECB(), pt[:n]), ("cbc(aes)", modes.CBC(iv), pt[:n]),
                            ("ctr(aes)", modes.CTR(iv), pt)):
        ivs = [] if alg == "ecb(aes)" else ["--iv", iv.hex()]
        e = run("enc", "--alg", alg, "--key", KEY, *ivs, data=data)
        assert e.returncode == 0 and e.stdout == _ossl(mode, data), alg
        d = run("dec", "--alg", alg, "--key", KEY, *ivs, data=e.stdout)
        assert d.returncode == 0 and d.stdout == data, alg


@pytest.mark.parametrize("n", [0, 5, B - 1, B, B + 15, 2**20 - 1, 2**20, 2 * 2**20 + 3])
def test_streaming_cbc_pkcs7(n):
    iv = os.urandom(16)
    pt = os.urandom(n)
    p = sym_padding.PKCS7(128).padder()
    want = _ossl(modes.CBC(iv), p.update(pt) + p.finalize())
    e = run("enc", "--alg", "cbc(aes)", "--key", KEY, "--iv", iv.hex(), "--pad", "pkcs7", data=pt)
    assert e.returncode == 0 and e.stdout == want
    d = run("dec", "--alg", "cbc(aes)", "--key", KEY, "--iv", iv.hex(), "--pad=pkcs7", data=e.stdout)
    assert d.returncode == 0 and d.stdout == pt
    # A bad pad in the last block is exit 1, wherever the buffers fall:
    # bit 7 of the last plaintext byte flipped (through the block before
    # it, or the IV) makes the pad byte over 0x80.
    bad, biv = bytearray(want), bytearray(iv)
    if len(bad) > 16:
        bad[-17] ^= 0x80
    else:
        biv[-1] ^= 0x80
    d = run("dec", "--alg", "cbc(aes)", "--key", KEY, "--iv", biv.hex(), "--pad", "pkcs7", data=bytes(bad))
    assert d.returncode == 1 and b"padding" in d.stderr


def _xts_units(key, iv, data, unit):
    out = b""
    base = int.from_bytes(iv, "little")
    for i in range(0, len(data), unit):
        tw = ((base + i // unit) % 2**128).to_bytes(16, "little")
        out += _ossl(modes.XTS(tw), data[i:i + unit], key=key)
    return out


@pytest.mark.parametrize("unit,n", [(512, 512 * 3000), (512, 512 * 2100 + 100), (4096, 2**20 * 2 + 4096 + 17),
                                    (16, 16 * 1000), (2**20 + 16, 2**21 + 64)])
def test_xts_data_units_like_plain64(unit, n):
    # Unit i has tweak --iv + i as a 128-bit little-endian number: the IV
    # sits below 2^64 so that the carry into the upper half is covered.
    key = os.urandom(32).hex() + os.urandom(32).hex()
    iv = (2**64 - 3).to_bytes(16, "little")
    pt = os.urandom(n)
    e = run("enc", "--alg", "xts(aes)", "--key", key, "--iv", iv.hex(), "--data-unit", str(unit), data=pt)
    assert e.returncode == 0, e.stderr
    assert e.stdout == _xts_units(key, iv, pt, unit)
    d = run("dec", "--alg", "xts(aes)", "--key", key, "--iv", iv.hex(), f"--data-unit={unit}", data=e.stdout)
    assert d.returncode == 0 and d.stdout == pt


# Every argument is checked before input is read: stdin stays open (a pipe
# nobody writes), and each of these must still exit 2 at once.
@pytest.mark.parametrize("args,msg", [
    (["enc", "--alg", "bogus(aes)", "--key", KEY], "unknown algorithm"),
    (["enc", "--alg", "ctr(aes)", "--key", "0011", "--iv", "00" * 16], "key must be 16, 24 or 32 bytes (got 2)"),
    (["enc", "--alg", "xts(aes)", "--key", KEY, "--iv", "00" * 16], "key must be 32, 48 or 64 bytes (got 16)"),
    (["enc", "--alg", "xts(aes)", "--key", KEY * 2, "--iv", "00" * 16], "halves"),
    (["enc", "--alg", "cbc(aes)", "--key", KEY, "--iv", "00" * 15], "--iv must be 16 bytes (got 15)"),
    (["enc", "--alg", "ctr(aes)", "--key", KEY], "missing --iv"),
    (["enc", "--alg", "ccm(aes)", "--key", KEY, "--iv", "00" * 6], "--iv must be 7 to 13 bytes (got 6)"),
    (["enc", "--alg", "gcm(aes)", "--key", KEY, "--iv", ""], "--iv must be at least 1 byte (got 0)"),
    (["enc", "--alg", "gcm(aes)", "--key", KEY, "--iv", "00" * 12, "--tag-len", "3"], "(got 3)"),
    (["dec", "--alg", "ccm(aes)", "--key", KEY, "--iv", "00" * 12, "--tag-len=5"], "(got 5)"),
    (["mac", "--alg", "cmac(aes)", "--key", KEY, "--tag-len", "17"], "(got 17)"),
    (["mac", "--alg", "gcm(aes)", "--key", KEY], "unknown MAC"),
    (["enc", "--alg", "ecb(aes)", "--driver", "nope", "--key", KEY], "no driver 'nope'"),
    (["enc", "--alg", "ecb(aes)", "--key", KEY, "--pad", "pkcs7"], "--pad is only for"),
    (["enc", "--alg", "ctr(aes)", "--key", KEY, "--iv", "00" * 16, "--data-unit", "512"], "--data-unit is only for"),
    (["enc", "--alg", "xts(aes)", "--key", KEY + "ff" * 16, "--iv", "00" * 16, "--data-unit", "8"],
     "--data-unit must be 16 to 16777216 bytes (got 8)"),
    (["enc", "--alg", "ecb(aes)", "--key-env", "RIJN_TEST_NO_SUCH_VAR"], "not set"),
    (["seal", "--key", KEY], "key must be 32 bytes (got 16)"),
    (["open", "--key", KEY + "00"], "key must be 32 bytes (got 17)"),
])
def test_arguments_checked_before_input(args, msg):
    rfd, wfd = os.pipe()
    try:
        r = subprocess.run([RIJN, *args], stdin=rfd, capture_output=True, timeout=20)
    finally:
        os.close(rfd)
        os.close(wfd)
    assert r.returncode == 2 and r.stdout == b"", (args, r.stderr)
    assert msg.encode() in r.stderr, (args, r.stderr)
    assert r.stderr.startswith(b"rijn ") and r.stderr.count(b"\n") == 1


COMMANDS = ["enc", "dec", "mac", "seal", "open", "keygen", "x25519", "list", "speed", "version", "help"]


def test_every_command_is_in_the_help():
    r = run("--help")
    assert r.returncode == 0
    listed = re.findall(rb"^  rijn (\w+)", r.stdout, re.M)
    assert sorted(x.decode() for x in listed) == sorted(COMMANDS)


@pytest.mark.parametrize("cmd", COMMANDS)
def test_command_help(cmd):
    for args in ([cmd, "--help"], [cmd, "-h"], ["help", cmd]):
        r = run(*args)
        assert r.returncode == 0 and r.stdout.startswith(b"usage: rijn " + cmd.encode()), (args, r.stdout)
    if cmd in ("enc", "dec", "mac", "seal", "open"):
        h = run(cmd, "--help").stdout + run("enc", "--help").stdout
        for opt in (b"--key-file", b"--key-fd", b"--key-env", b"--key HEX"):
            assert opt in h
        assert b"ps(1)" in h


def test_version():
    for args in (["--version"], ["version"]):
        r = run(*args)
        assert r.returncode == 0 and re.fullmatch(rb"rijn \d+\.\d+\.\d+\n", r.stdout)


def test_opt_equals_value_and_double_dash(tmp_path):
    pt = os.urandom(100)
    a = run("enc", "--alg=ctr(aes)", f"--key={KEY}", "--iv=" + "00" * 16, data=pt)
    b = run("enc", "--alg", "ctr(aes)", "--key", KEY, "--iv", "00" * 16, data=pt)
    assert a.returncode == 0 and a.stdout == b.stdout == _ossl(modes.CTR(b"\0" * 16), pt)
    # After --, an operand that looks like an option.
    r = subprocess.run([RIJN, "keygen", "--", "-k"], cwd=tmp_path, capture_output=True)
    assert r.returncode == 0 and (tmp_path / "-k").stat().st_size == 32
    r = subprocess.run([RIJN, "keygen", "-k"], cwd=tmp_path, capture_output=True)
    assert r.returncode == 2 and b"unknown option -k" in r.stderr
    r = run("enc", "--alg", "ecb(aes)", "--key", KEY, "--", "--iv")
    assert r.returncode == 2 and b"unexpected argument '--iv'" in r.stderr


def test_keygen(tmp_path):
    k = tmp_path / "k"
    r = run("keygen", str(k))
    assert r.returncode == 0 and r.stdout == b""
    st = os.stat(k)
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_size == 32
    assert run("keygen", str(k)).returncode == 2          # exists
    old = k.read_bytes()
    assert run("keygen", "--force", "--bytes", "64", str(k)).returncode == 0
    assert len(k.read_bytes()) == 64 and k.read_bytes()[:32] != old
    os.chmod(k, 0o644)
    assert run("keygen", "--force", str(k)).returncode == 0 and stat.S_IMODE(os.stat(k).st_mode) == 0o600
    # Not through a symbolic link, even with --force.
    os.symlink(tmp_path / "target", tmp_path / "link")
    assert run("keygen", "--force", str(tmp_path / "link")).returncode == 2
    assert not (tmp_path / "target").exists()
    # Two keys differ.
    assert run("keygen", str(tmp_path / "k2")).returncode == 0 and (tmp_path / "k2").read_bytes() != k.read_bytes()


def test_key_sources_agree(tmp_path):
    key = os.urandom(32)
    kf = tmp_path / "key"
    kf.write_bytes(key)
    pt = os.urandom(1000)
    base = ["enc", "--alg", "gcm(aes)", "--iv", "00" * 12]
    want = AESGCM(key).encrypt(b"\0" * 12, pt, None)
    assert run(*base, "--key", key.hex(), data=pt).stdout == want
    assert run(*base, "--key-file", str(kf), data=pt).stdout == want
    assert run(*base, f"--key-file={kf}", data=pt).stdout == want
    env = dict(os.environ, RIJN_TEST_KEY=key.hex())
    r = subprocess.run([RIJN, *base, "--key-env", "RIJN_TEST_KEY"], input=pt, capture_output=True, env=env)
    assert r.returncode == 0 and r.stdout == want
    rfd, wfd = os.pipe()
    os.write(wfd, key)
    os.close(wfd)
    r = subprocess.run([RIJN, *base, "--key-fd", str(rfd)], input=pt, capture_output=True, pass_fds=(rfd,))
    os.close(rfd)
    assert r.returncode == 0 and r.stdout == want
    # keygen's file is what --key-file reads.
    k2 = tmp_path / "k2"
    assert run("keygen", str(k2)).returncode == 0
    r = run(*base, "--key-file", str(k2), data=pt)
    assert r.returncode == 0 and r.stdout == AESGCM(k2.read_bytes()).encrypt(b"\0" * 12, pt, None)
    # A key file is raw bytes: a trailing newline is a length error.
    kf.write_bytes(key.hex().encode() + b"\n")
    r = run(*base, "--key-file", str(kf), data=pt)
    assert r.returncode == 2 and b"key must be 16, 24 or 32 bytes (got 65)" in r.stderr
    assert run(*base, "--key-fd", "0", data=pt).returncode == 2


def test_hex_key_hidden_from_cmdline():
    # rijn overwrites --key's argument once read (it was visible in ps
    # before that, which --help says); seen while rijn waits for input.
    key = os.urandom(16).hex()
    rfd, wfd = os.pipe()
    p = subprocess.Popen([RIJN, "enc", "--alg", "ctr(aes)", "--key", key, "--iv", "00" * 16], stdin=rfd,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(rfd)
    try:
        for _ in range(500):
            cmdline = open(f"/proc/{p.pid}/cmdline", "rb").read()
            if b"x" * 32 in cmdline:
                break
            time.sleep(0.01)
        assert key.encode() not in cmdline and b"x" * 32 in cmdline
    finally:
        os.close(wfd)
        p.communicate(timeout=20)
