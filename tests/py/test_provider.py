# SPDX-License-Identifier: MIT
"""The OpenSSL 3 provider (build/rijn.so), tested against the built tree.

- EVP interoperability with OpenSSL's default provider (tests/provider/
  evp_interop.c): every cipher rijn registers and CMAC, random inputs and
  splits, the EVP corner cases and failures.
- The openssl CLI: list, enc round trips, mac, speed.
- The openssl.cnf snippet from the README: an unmodified `openssl enc`
  runs through rijn, and the provider's byte counter proves it.
- TLS 1.2 and 1.3 with AES-GCM through rijn (s_server / s_client).
The OpenVPN tunnel is in test_openvpn.py.
"""
import os
import re
import socket
import subprocess
import time

import pytest

from provider_util import BUILD, PROVIDER, stats, wait_listening, write_cnf

INTEROP = os.path.join(BUILD, "tests", "evp_interop")
PROV_ARGS = ["-provider-path", BUILD, "-provider", "rijn", "-provider", "default", "-propquery", "?provider=rijn"]

pytestmark = pytest.mark.skipif(not os.path.exists(PROVIDER),
                                reason="build/rijn.so not built: OpenSSL 3 headers missing (libssl-dev)")


def openssl(*args, data=None, env=None, check=True):
    r = subprocess.run(["openssl", *args], input=data, capture_output=True, timeout=300,
                       env=dict(os.environ, **(env or {})))
    if check:
        assert r.returncode == 0, (args, r.stderr.decode(errors="replace"))
    return r




@pytest.mark.parametrize("seed", [1, 2, 3])
def test_evp_interop(seed):
    r = subprocess.run([INTEROP, BUILD, str(seed), "300"], capture_output=True, timeout=600)
    out = r.stdout.decode() + r.stderr.decode(errors="replace")
    print(out)
    assert r.returncode == 0, out
    assert "agree with the default provider" in out


@pytest.mark.parametrize("cpu", ["-aesni", "-aesni,-gfni", "-aesni,-pclmul,-ssse3"])
def test_evp_interop_other_tiers(cpu):
    """The same through the drivers of the tiers without AES-NI (aes-gfni
    where the CPU has GFNI, bit-sliced AVX2 and vperm, then the portable
    ones): the provider serves whatever the registry selects."""
    r = subprocess.run([INTEROP, BUILD, "11", "120"], capture_output=True, timeout=600,
                       env=dict(os.environ, RIJN_CPU=cpu))
    out = r.stdout.decode() + r.stderr.decode(errors="replace")
    assert r.returncode == 0, out
    assert "aesni" not in out and "agree with the default provider" in out, out


def test_list_providers_and_algorithms():
    r = openssl("list", "-providers", *PROV_ARGS)
    text = r.stdout.decode()
    assert re.search(r"rijn\n\s+name: rijn\n\s+version: \d+\.\d+\.\d+\n\s+status: active", text), text
    r = openssl("list", "-cipher-algorithms", "-provider-path", BUILD, "-provider", "rijn")
    text = r.stdout.decode()
    for bits in (128, 192, 256):
        for mode in ("ECB", "CBC", "CTR", "GCM", "CCM"):
            assert re.search(rf"AES-{bits}-{mode}\b.*@ rijn", text, re.I), (bits, mode)
    for bits in (128, 256):
        assert re.search(rf"AES-{bits}-XTS\b.*@ rijn", text, re.I)
    r = openssl("list", "-mac-algorithms", "-provider-path", BUILD, "-provider", "rijn")
    assert "CMAC @ rijn" in r.stdout.decode()


@pytest.mark.parametrize("cipher", ["aes-128-cbc", "aes-192-ecb", "aes-256-ctr", "aes-256-cbc"])
def test_openssl_enc_round_trip(cipher, tmp_path):
    """openssl enc through rijn; the default provider decrypts; and back."""
    st = tmp_path / "stats"
    pt = os.urandom(100_003)
    key, iv = os.urandom(32).hex()[: int(cipher[4:7]) // 4], os.urandom(16).hex()
    kv = ["-K", key] + ([] if "ecb" in cipher else ["-iv", iv])
    ct = openssl("enc", f"-{cipher}", *kv, *PROV_ARGS, data=pt, env={"RIJN_PROVIDER_STATS": str(st)}).stdout
    ref = openssl("enc", f"-{cipher}", *kv, data=pt).stdout
    assert ct == ref
    back = openssl("enc", "-d", f"-{cipher}", *kv, *PROV_ARGS, data=ref,
                   env={"RIJN_PROVIDER_STATS": str(st)}).stdout
    assert back == pt
    runs = stats(st)
    mode = cipher[-3:]
    assert len(runs) == 2 and all(int(s[mode]) >= len(pt) for s in runs), runs
    # a corrupted last block: bad padding is an error, not output
    if mode == "cbc":
        bad = bytearray(ref)
        bad[-1] ^= 0x55
        r = openssl("enc", "-d", f"-{cipher}", *kv, *PROV_ARGS, data=bytes(bad), check=False)
        ref_r = openssl("enc", "-d", f"-{cipher}", *kv, data=bytes(bad), check=False)
        assert (r.returncode != 0) == (ref_r.returncode != 0)
        if r.returncode != 0:
            assert b"rijn" in r.stderr and b"padding" in r.stderr, r.stderr


def test_openssl_mac_cmac():
    key = os.urandom(16).hex()
    msg = os.urandom(1000)
    args = ["mac", "-cipher", "AES-128-CBC", "-macopt", f"hexkey:{key}"]
    a = openssl(*args, *PROV_ARGS, "CMAC", data=msg).stdout
    b = openssl(*args, "CMAC", data=msg).stdout
    assert a == b and len(a.strip()) == 32


def test_openssl_speed_runs(tmp_path):
    """openssl speed through rijn. The provider options go before -evp, which
    fetches the cipher from the providers loaded so far; the counters show
    that rijn did the work."""
    st = tmp_path / "stats"
    r = openssl("speed", *PROV_ARGS, "-evp", "aes-128-gcm", "-seconds", "1", "-bytes", "16384",
                env={"RIJN_PROVIDER_STATS": str(st)})
    assert re.search(rb"AES-128-GCM\s+[\d.]+k", r.stdout), r.stdout
    assert int(stats(st)[0]["gcm"]) > 100 * 16384


def test_openssl_cnf_makes_rijn_preferred(tmp_path):
    cnf, st = write_cnf(tmp_path / "openssl.cnf"), tmp_path / "stats"
    pt = os.urandom(50_000)
    key, iv = os.urandom(32).hex(), os.urandom(12).hex()
    env = {"OPENSSL_CONF": str(cnf), "RIJN_PROVIDER_STATS": str(st)}
    # no -provider option: the configuration alone routes AES to rijn
    ct = openssl("enc", "-aes-256-ctr", "-K", key, "-iv", iv + "00000000", data=pt, env=env).stdout
    assert ct == openssl("enc", "-aes-256-ctr", "-K", key, "-iv", iv + "00000000", data=pt).stdout
    assert int(stats(st)[0]["ctr"]) >= len(pt)
    r = openssl("list", "-providers", env=env)
    assert b"rijn" in r.stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("version,cipher", [("-tls1_2", "ECDHE-ECDSA-AES256-GCM-SHA384"),
                                            ("-tls1_3", "TLS_AES_128_GCM_SHA256"),
                                            ("-tls1_3", "TLS_AES_128_CCM_SHA256")])
def test_tls_through_rijn(tmp_path, version, cipher):
    """A TLS connection whose client runs AES-GCM or AES-CCM through rijn
    (the TLS 1.2 record path, RFC 5288, or TLS 1.3's) against a server on
    OpenSSL's own provider."""
    key, crt = tmp_path / "k.pem", tmp_path / "c.pem"
    openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", str(key),
            "-out", str(crt), "-days", "1", "-subj", "/CN=rijn-test")
    port = free_port()
    cipher_opt = ["-cipher", cipher] if version == "-tls1_2" else ["-ciphersuites", cipher]
    srv = subprocess.Popen(["openssl", "s_server", "-accept", str(port), "-key", str(key), "-cert", str(crt),
                            version, *cipher_opt, "-rev", "-quiet"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        cnf, st = write_cnf(tmp_path / "openssl.cnf"), tmp_path / "stats"
        line = os.urandom(24).hex()
        cli = subprocess.Popen(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", version, *cipher_opt,
                                "-quiet", "-no_ign_eof"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=dict(os.environ, OPENSSL_CONF=str(cnf), RIJN_PROVIDER_STATS=str(st)))
        try:
            cli.stdin.write((line + "\n").encode())
            cli.stdin.flush()
            got = cli.stdout.readline()  # the server's answer: the line reversed
        finally:
            cli.stdin.close()
            cli.wait(timeout=30)
        assert got.strip() == line[::-1].encode(), (got, cli.stderr.read())
        mode = "ccm" if "CCM" in cipher else "gcm"
        assert int(stats(st)[0][mode]) > len(line), "the TLS records did not go through rijn"
    finally:
        srv.kill()
        srv.wait()
