# SPDX-License-Identifier: MIT
"""Large inputs through the CLI: constant memory for 2 GiB through CTR
(max RSS of the rijn process, measured by GNU time: a child forked from
pytest would count pytest's own pages, which Linux keeps in ru_maxrss
across exec), and the documented size limits:
one XTS data unit of at most 2^20 blocks without --data-unit, one-shot
AEADs of at most 256 MiB. Not run under ASan (its shadow memory is RSS)."""
import os
import subprocess

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from rijn_ffi import BUILD

RIJN = os.path.abspath(os.path.join(BUILD, "rijn"))
KEY = "000102030405060708090a0b0c0d0e0f"
MiB = 2**20

pytestmark = pytest.mark.skipif("asan" in os.environ.get("LD_PRELOAD", "") or "asan" in BUILD,
                                reason="max RSS means nothing under ASan")


TIME = "/usr/bin/time"


def piped(args, n, chunk=16 * MiB):
    """rijn ARGS with n zero bytes on stdin (written by `head`, a fast
    generator); yields stdout in pieces, then (exit code, stderr)."""
    src = subprocess.Popen(["head", "-c", str(n), "/dev/zero"], stdout=subprocess.PIPE)
    p = subprocess.Popen([RIJN, *args], stdin=src.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    src.stdout.close()
    while True:
        b = p.stdout.read(chunk)
        if not b:
            break
        yield b
    err = p.stderr.read()
    p.wait()
    src.wait()
    yield (p.returncode, err)


@pytest.mark.skipif(not os.access(TIME, os.X_OK), reason="needs GNU time (Debian: time; make check installs it)")
def test_ctr_2gib_constant_memory(tmp_path):
    # head | rijn | wc -c: all C, so that the test takes seconds; the
    # streamed output is checked against pyca/cryptography in
    # test_cli.py, here its length.
    n = 2 * 2**30
    rss = tmp_path / "rss"
    src = subprocess.Popen(["head", "-c", str(n), "/dev/zero"], stdout=subprocess.PIPE)
    p = subprocess.Popen([TIME, "-f", "%M", "-o", str(rss), RIJN, "enc", "--alg", "ctr(aes)", "--key", KEY,
                          "--iv", "00" * 16], stdin=src.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    src.stdout.close()
    wc = subprocess.run(["wc", "-c"], stdin=p.stdout, capture_output=True)
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait() == 0 and src.wait() == 0, err
    assert int(wc.stdout) == n
    rss_kib = int(rss.read_text().split()[-1])
    print(f"rijn enc ctr(aes), 2 GiB: max RSS {rss_kib} KiB")
    assert 0 < rss_kib < 64 * 1024, f"max RSS {rss_kib} KiB for 2 GiB through CTR"


def run_n(args, n):
    out = []
    for b in piped(args, n):
        if isinstance(b, tuple):
            return b[0], b"".join(out), b[1], None
        out.append(b)


def test_aead_one_shot_limit():
    iv = "00" * 12
    args = ["enc", "--alg", "gcm(aes)", "--key", KEY, "--iv", iv]
    rc, out, err, _ = run_n(args, 256 * MiB + 1)
    assert rc == 2 and out == b"" and b"input over 256 MiB" in err and b"rijn seal" in err
    rc, out, err, _ = run_n(args, 256 * MiB)
    assert rc == 0 and len(out) == 256 * MiB + 16
    # Decryption takes the limit plus the tag.
    p = subprocess.run([RIJN, "dec", "--alg", "gcm(aes)", "--key", KEY, "--iv", iv], input=out, capture_output=True)
    assert p.returncode == 0 and len(p.stdout) == 256 * MiB and not any(p.stdout[::4096])
    p = subprocess.run([RIJN, "dec", "--alg", "gcm(aes)", "--key", KEY, "--iv", iv], input=out + b"\0",
                       capture_output=True)
    assert p.returncode == 2 and p.stdout == b"" and b"input over 256 MiB + 16 bytes" in p.stderr


def test_xts_one_unit_limit():
    key = KEY + "ff" * 16
    iv = bytes(range(16))
    args = ["enc", "--alg", "xts(aes)", "--key", key, "--iv", iv.hex()]
    rc, out, err, _ = run_n(args, 16 * MiB + 1)
    assert rc == 2 and out == b"" and b"--data-unit" in err and b"2^20 blocks" in err
    rc, out, err, _ = run_n(args, 16 * MiB)
    ref = Cipher(algorithms.AES(bytes.fromhex(key)), modes.XTS(iv)).encryptor()
    assert rc == 0 and out == ref.update(bytes(16 * MiB)) + ref.finalize()
