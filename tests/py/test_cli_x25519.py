# SPDX-License-Identifier: MIT
"""`rijn x25519`, the contract that scripts drive:

    rijn x25519 [--driver DRV] --scalar HEX [--point HEX]

prints 64 lowercase hex digits and a newline: the public key (no --point)
or the shared secret. Exit 1 with nothing on stdout when the result is all
zero (a small-order point, RFC 7748 section 6.1); exit 2 with one line on
stderr and nothing on stdout for bad hex, a length other than 32 bytes,
an unknown driver, a missing scalar, and option clashes.

Checked here: the RFC 7748 vectors (5.2 and the 6.1 exchange) through
every x25519 driver that `rijn list --json` shows available, random keys
against pyca/cryptography (OpenSSL), the zero result for the small-order
points, the errors, and the key files (--keygen, --key-file, --key-fd,
--key-env, and `rijn keygen`'s files). The library itself is tested in
test_x25519.py."""
import json
import os
import re
import stat
import subprocess

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey

from rijn_ffi import BUILD

RIJN = os.path.abspath(os.path.join(BUILD, "rijn"))

# RFC 7748 section 6.1.
ALICE = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
ALICE_PUB = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"
BOB = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb"
BOB_PUB = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

# RFC 7748 section 5.2: (scalar, u, X25519(scalar, u)). The second u has
# its top bit set, which X25519 ignores.
VECTORS_5_2 = [
    ("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
     "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
     "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"),
    ("4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
     "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
     "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"),
]

P = 2**255 - 19


def le(n):
    return n.to_bytes(32, "little").hex()


# Points whose X25519 is zero for every scalar (clamping makes the scalar
# a multiple of 8, the cofactor): libsodium's list of them (0, 1, the two
# points of order 8, p - 1, and p and p + 1, non-canonical encodings of 0
# and 1, which X25519 reduces mod p), and 0 and 1 with bit 255 set.
SMALL_ORDER = [
    le(0), le(1),
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    le(P - 1), le(P), le(P + 1), le(2**255), le(2**255 + 1),
]


def run(*args, env=None, **kw):
    return subprocess.run([RIJN, "x25519", *args], capture_output=True, timeout=60, env=env, **kw)


def ok(*args, **kw):
    r = run(*args, **kw)
    assert r.returncode == 0 and r.stderr == b"", (args, r)
    assert re.fullmatch(rb"[0-9a-f]{64}\n", r.stdout), r.stdout
    return r.stdout.decode().strip()


def listing():
    return json.loads(subprocess.run([RIJN, "list", "--json"], capture_output=True, check=True).stdout)


# Every x25519 driver of the registry that this CPU runs, and None (the
# registry's choice).
DRIVERS = [None] + [e["driver"] for e in listing() if e["algorithm"] == "x25519" and e["available"]]


def drv(d):
    return ["--driver", d] if d else []


def test_registry_has_x25519_drivers():
    assert len(DRIVERS) > 1, "no available x25519 driver in rijn list --json"
    sel = [e for e in listing() if e["algorithm"] == "x25519" and e["selected"]]
    assert len(sel) == 1 and sel[0]["constant_time"]


# ---------------------------------------------------------------- vectors --

@pytest.mark.parametrize("d", DRIVERS, ids=lambda d: d or "selected")
def test_rfc7748_6_1(d):
    assert ok(*drv(d), "--scalar", ALICE) == ALICE_PUB
    assert ok(*drv(d), "--scalar", BOB) == BOB_PUB
    assert ok(*drv(d), "--scalar", ALICE, "--point", BOB_PUB) == SHARED
    assert ok(*drv(d), "--scalar", BOB, "--point", ALICE_PUB) == SHARED


@pytest.mark.parametrize("d", DRIVERS, ids=lambda d: d or "selected")
def test_rfc7748_5_2(d):
    for k, u, want in VECTORS_5_2:
        assert ok(*drv(d), "--scalar", k, "--point", u) == want
    # Upper-case hex is hex too; the output is lower case.
    k, u, want = VECTORS_5_2[0]
    assert ok(*drv(d), "--scalar", k.upper(), "--point", u.upper()) == want


@pytest.mark.parametrize("d", DRIVERS, ids=lambda d: d or "selected")
def test_random_keys_match_openssl(d):
    """Random keys and points against pyca/cryptography (OpenSSL's X25519):
    public keys, and shared secrets both ways."""
    for _ in range(4):
        a, b = X25519PrivateKey.generate(), X25519PrivateKey.generate()
        raw = serialization.Encoding.Raw
        a_priv = a.private_bytes(raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()).hex()
        a_pub = a.public_key().public_bytes(raw, serialization.PublicFormat.Raw).hex()
        b_pub = b.public_key().public_bytes(raw, serialization.PublicFormat.Raw)
        assert ok(*drv(d), "--scalar", a_priv) == a_pub
        assert ok(*drv(d), "--scalar", a_priv, "--point", b_pub.hex()) == a.exchange(
            X25519PublicKey.from_public_bytes(b_pub)).hex()


def test_point_top_bit_and_non_canonical_u():
    """Bit 255 of u is ignored, and u >= p is taken mod p (RFC 7748
    section 5): the same results as the canonical u."""
    k, u, _ = VECTORS_5_2[0]
    n = int.from_bytes(bytes.fromhex(u), "little") & (2**255 - 1)
    want = ok("--scalar", k, "--point", le(n))
    assert ok("--scalar", k, "--point", le(n | 2**255)) == want
    small = 5      # any u < 19 has a non-canonical twin u + p below 2^255
    assert ok("--scalar", k, "--point", le(small + P)) == ok("--scalar", k, "--point", le(small))


# ------------------------------------------------------------ zero result --

@pytest.mark.parametrize("d", DRIVERS, ids=lambda d: d or "selected")
@pytest.mark.parametrize("point", SMALL_ORDER)
def test_zero_result_is_exit_1_and_no_output(d, point):
    r = run(*drv(d), "--scalar", ALICE, "--point", point)
    assert r.returncode == 1, (point, r)
    assert r.stdout == b""
    assert r.stderr.startswith(b"rijn x25519: ") and r.stderr.count(b"\n") == 1 and b"zero" in r.stderr


# ----------------------------------------------------------------- errors --

BAD = [
    # (arguments, what stderr must say)
    (["--scalar", "zz" + ALICE[2:]], b"--scalar: not a hex string (character 1)"),
    (["--scalar", ALICE[:-1] + "g"], b"--scalar: not a hex string (character 64)"),
    (["--scalar", ALICE[:-1]], b"--scalar must be 32 bytes, 64 hex digits (got 63 digits)"),
    (["--scalar", ALICE[:-2]], b"--scalar must be 32 bytes (got 31)"),
    (["--scalar", ALICE + "00"], b"--scalar must be 32 bytes (got 33)"),
    (["--scalar", ""], b"--scalar must be 32 bytes (got 0)"),
    (["--scalar", ALICE, "--point", "0x" + BOB_PUB[2:]], b"--point: not a hex string (character 2)"),
    (["--scalar", ALICE, "--point", BOB_PUB + "0"], b"--point must be 32 bytes, 64 hex digits (got 65 digits)"),
    (["--scalar", ALICE, "--point", BOB_PUB[:-2]], b"--point must be 32 bytes (got 31)"),
    (["--scalar", ALICE, "--point", BOB_PUB + "00"], b"--point must be 32 bytes (got 33)"),
    (["--scalar", ALICE, "--driver", "bogus"], b"--driver bogus"),
    (["--scalar", ALICE, "--point", BOB_PUB, "--driver", "aes-generic"], b"--driver aes-generic"),
    ([], b"missing the private scalar"),
    (["--point", BOB_PUB], b"missing the private scalar"),
    (["--scalar", ALICE, "--scalar", BOB], b"give the key once"),
    (["--scalar", ALICE, "--point", BOB_PUB, "--point", BOB_PUB], b"--point given twice"),
    (["--scalar", ALICE, "--force"], b"--force"),
    (["--scalar", ALICE, "extra"], b"unexpected argument 'extra'"),
    (["--scalar"], b"needs a value"),
    (["--bogus"], b"unknown option --bogus"),
    (["--key", ALICE], b"unknown option --key"),
    (["--keygen", "/nonexistent/dir/k"], b"/nonexistent/dir/k"),
]


@pytest.mark.parametrize("args,msg", BAD, ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_invalid_is_exit_2(args, msg):
    r = run(*args)
    assert r.returncode == 2, (args, r)
    assert r.stdout == b""
    assert r.stderr.startswith(b"rijn x25519: ") and r.stderr.count(b"\n") == 1, r.stderr
    assert msg in r.stderr, r.stderr


def test_help():
    for args in (["x25519", "--help"], ["help", "x25519"]):
        r = subprocess.run([RIJN, *args], capture_output=True, timeout=20)
        assert r.returncode == 0 and r.stdout.startswith(b"usage: rijn x25519")
        for opt in (b"--scalar HEX", b"--point HEX", b"--keygen FILE", b"--key-file", b"--key-fd", b"--key-env",
                    b"--driver", b"--force", b"ps(1)"):
            assert opt in r.stdout, opt


# ------------------------------------------------------------------- keys --

def test_keygen_writes_private_key_and_prints_public(tmp_path):
    k = tmp_path / "alice.key"
    pub = ok("--keygen", str(k))
    st = os.stat(k)
    assert stat.S_IMODE(st.st_mode) == 0o600 and st.st_size == 32
    assert ok("--key-file", str(k)) == pub
    assert ok("--scalar", k.read_bytes().hex()) == pub
    # The public key is X25519's, as OpenSSL computes it.
    theirs = X25519PrivateKey.from_private_bytes(k.read_bytes()).public_key()
    assert theirs.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex() == pub

    # An existing file: refused, untouched, nothing printed; --force replaces.
    old = k.read_bytes()
    r = run("--keygen", str(k))
    assert r.returncode == 2 and r.stdout == b"" and b"exists" in r.stderr and k.read_bytes() == old
    os.chmod(k, 0o644)
    pub2 = ok("--keygen", str(k), "--force")
    assert k.read_bytes() != old and pub2 != pub and stat.S_IMODE(os.stat(k).st_mode) == 0o600
    assert ok("--key-file", str(k)) == pub2

    # Never through a symbolic link, even with --force.
    os.symlink(tmp_path / "target", tmp_path / "link")
    r = run("--keygen", str(tmp_path / "link"), "--force")
    assert r.returncode == 2 and r.stdout == b"" and not (tmp_path / "target").exists()

    # --keygen makes a new key: not with a given one, nor with --point.
    for extra in (["--scalar", ALICE], ["--key-file", str(k)], ["--point", BOB_PUB]):
        r = run("--keygen", str(tmp_path / "new.key"), *extra)
        assert r.returncode == 2 and r.stdout == b"" and not (tmp_path / "new.key").exists(), extra


@pytest.mark.parametrize("d", DRIVERS, ids=lambda d: d or "selected")
def test_keygen_with_driver_and_exchange(tmp_path, d):
    """Two key pairs made by --keygen agree on their shared secret."""
    a, b = tmp_path / "a.key", tmp_path / "b.key"
    a_pub, b_pub = ok(*drv(d), "--keygen", str(a)), ok(*drv(d), "--keygen", str(b))
    assert a.read_bytes() != b.read_bytes()
    s1 = ok(*drv(d), "--key-file", str(a), "--point", b_pub)
    s2 = ok(*drv(d), "--key-file", str(b), "--point", a_pub)
    assert s1 == s2 and s1 != "00" * 32


def test_key_sources_agree(tmp_path):
    kf = tmp_path / "k"
    kf.write_bytes(bytes.fromhex(ALICE))
    assert ok("--key-file", str(kf), "--point", BOB_PUB) == SHARED
    assert ok(f"--key-file={kf}") == ALICE_PUB
    r = run("--key-env", "RIJN_TEST_SCALAR", "--point", BOB_PUB, env=dict(os.environ, RIJN_TEST_SCALAR=ALICE))
    assert r.returncode == 0 and r.stdout.decode().strip() == SHARED
    rfd, wfd = os.pipe()
    os.write(wfd, bytes.fromhex(ALICE))
    os.close(wfd)
    r = run("--key-fd", str(rfd), "--point", BOB_PUB, pass_fds=(rfd,))
    os.close(rfd)
    assert r.returncode == 0 and r.stdout.decode().strip() == SHARED
    # `rijn keygen`'s 32-byte files are X25519 private keys too.
    k2 = tmp_path / "k2"
    assert subprocess.run([RIJN, "keygen", str(k2)], capture_output=True).returncode == 0
    theirs = X25519PrivateKey.from_private_bytes(k2.read_bytes()).public_key()
    assert ok("--key-file", str(k2)) == theirs.public_bytes(serialization.Encoding.Raw,
                                                           serialization.PublicFormat.Raw).hex()
    # A key file is raw bytes: hex in it, or a newline, is a length error.
    kf.write_bytes(ALICE.encode() + b"\n")
    r = run("--key-file", str(kf))
    assert r.returncode == 2 and r.stdout == b"" and b"--key-file must be 32 bytes (got 65)" in r.stderr
    r = run("--key-env", "RIJN_TEST_SCALAR", env=dict(os.environ, RIJN_TEST_SCALAR=ALICE[:-2]))
    assert r.returncode == 2 and b"--key-env must be 32 bytes (got 31)" in r.stderr
    assert run("--key-fd", "0").returncode == 2
    r = run("--key-file", str(tmp_path / "missing"))
    assert r.returncode == 2 and b"missing" in r.stderr
