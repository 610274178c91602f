# SPDX-License-Identifier: MIT
"""TLS 1.0-1.2 CBC and TLS 1.2 CCM suites through the provider, with rijn
made the default for all of libcrypto by the README's openssl.cnf.

- openssl s_server / s_client: the client, the server or both on rijn,
  lines of 1..40 bytes and longer ones sent and echoed back reversed (data
  both ways, every padding length for each MAC size), TLS 1.2, and TLS 1.0
  and 1.1 at @SECLEVEL=0. Encrypt-then-MAC (RFC 7366, OpenSSL's default)
  and MAC-then-encrypt (-no_etm, the Lucky Thirteen path: padding and MAC
  checked in constant time by the provider).
- curl downloads from s_server -WWW, as in the issue that found the bug.
- DTLS 1.2 with a CBC suite, both ends on rijn.
- The provider's byte counters (RIJN_PROVIDER_STATS) prove that each
  process on rijn ran its records through rijn's CBC or CCM.
- valgrind: the padding and MAC check is clean under the secret-taint
  test, and the test flags a branchy and a secret-indexed variant.

MAC-then-encrypt with HMAC-SHA1 or -SHA256 is special in libssl: it first
asks for OpenSSL's "stitched" ciphers (AES-128-CBC-HMAC-SHA1, ...), which
rijn does not offer, so on an AES-NI CPU the default provider serves them
(the fallback docs/provider.md describes). To put those suites through
rijn, the tests hide AES-NI from OpenSSL (OPENSSL_ia32cap), which removes
the stitched ciphers from the default provider; rijn detects the CPU
itself and is unaffected.
"""
import hashlib
import os
import select
import shutil
import subprocess
import time

import pytest

from provider_util import BUILD, PROVIDER, stats, wait_listening, write_cnf

TAINT = os.path.join(BUILD, "tests", "prov_tls_taint")
# AES-NI (bit 57 of the first capability word) hidden from OpenSSL only.
NO_STITCHED = {"OPENSSL_ia32cap": "~0x200000000000000"}

pytestmark = pytest.mark.skipif(not os.path.exists(PROVIDER),
                                reason="build/rijn.so not built: OpenSSL 3 headers missing (libssl-dev)")


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    d = tmp_path_factory.mktemp("certs")
    out = {}
    for kind, opts in (("ec", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]),
                       ("rsa", ["-newkey", "rsa:2048"])):
        key, crt = d / f"{kind}.key", d / f"{kind}.crt"
        subprocess.run(["openssl", "req", "-x509", *opts, "-nodes", "-keyout", str(key), "-out", str(crt),
                        "-days", "1", "-subj", "/CN=rijn-test"], check=True, capture_output=True, timeout=60)
        out[kind] = (str(key), str(crt))
    return out


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]






def env_for(on_rijn, cnf, st, extra):
    env = dict(os.environ, **extra)
    env.pop("OPENSSL_CONF", None)
    if on_rijn:
        env.update(OPENSSL_CONF=str(cnf), RIJN_PROVIDER_STATS=str(st))
    return env


LINES = list(range(1, 41)) + [200, 1000, 4001]

# (protocol, cipher string, certificate, encrypt-then-MAC, hide AES-NI from OpenSSL, who runs rijn)
CASES = [
    ("-tls1_2", "ECDHE-ECDSA-AES128-SHA", "ec", True, False, "client"),
    ("-tls1_2", "ECDHE-ECDSA-AES128-SHA", "ec", False, True, "both"),
    ("-tls1_2", "ECDHE-RSA-AES128-SHA", "rsa", False, True, "server"),
    ("-tls1_2", "AES256-SHA256", "rsa", True, False, "both"),
    ("-tls1_2", "AES256-SHA256", "rsa", False, True, "client"),
    ("-tls1_2", "AES128-SHA", "rsa", True, False, "server"),
    ("-tls1_2", "AES128-SHA", "rsa", False, True, "both"),
    ("-tls1_2", "ECDHE-ECDSA-AES256-SHA384", "ec", False, False, "both"),
    ("-tls1_2", "ECDHE-ECDSA-AES128-CCM", "ec", True, False, "both"),
    ("-tls1_2", "ECDHE-ECDSA-AES256-CCM8", "ec", True, False, "client"),
    ("-tls1_2", "AES128-CCM", "rsa", True, False, "server"),
    ("-tls1_1", "ECDHE-ECDSA-AES128-SHA:@SECLEVEL=0", "ec", False, True, "both"),
    ("-tls1_1", "AES128-SHA:@SECLEVEL=0", "rsa", True, False, "client"),
    ("-tls1", "ECDHE-ECDSA-AES128-SHA:@SECLEVEL=0", "ec", False, True, "both"),
    ("-tls1", "AES128-SHA:@SECLEVEL=0", "rsa", True, False, "server"),
]


def case_id(c):
    return f"{c[0][1:]}-{c[1].split(':')[0]}-{'etm' if c[3] else 'mte'}-{c[5]}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_s_server_s_client(tmp_path, certs, case):
    proto, cipher, cert, etm, hide, who = case
    mode = "ccm" if "CCM" in cipher else "cbc"
    cnf = write_cnf(tmp_path / "openssl.cnf")
    st_c, st_s = tmp_path / "stats-client", tmp_path / "stats-server"
    extra = NO_STITCHED if hide else {}
    key, crt = certs[cert]
    port = free_port()
    etm_opt = [] if etm else ["-no_etm"]
    srv = subprocess.Popen(["openssl", "s_server", "-accept", str(port), "-naccept", "1", "-key", key, "-cert", crt,
                            proto, "-cipher", cipher, "-rev", "-quiet", *etm_opt],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env_for(who in ("server", "both"), cnf, st_s, extra))
    cli = None
    try:
        wait_listening(port, srv)
        cli = subprocess.Popen(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", proto, "-cipher", cipher,
                                "-quiet", "-no_ign_eof", *etm_opt],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env_for(who in ("client", "both"), cnf, st_c, extra))
        sent = 0
        for n in LINES:
            line = os.urandom(n).hex()[:n].encode()
            cli.stdin.write(line + b"\n")
            cli.stdin.flush()
            ready, _, _ = select.select([cli.stdout], [], [], 20)
            assert ready, f"no answer to a {n}-byte line: " + cli.stderr.read1().decode(errors="replace")
            got = cli.stdout.readline().rstrip(b"\n")
            assert got == line[::-1], (n, got[:80])
            sent += n + 1
        cli.stdin.close()
        cli.wait(timeout=30)
        srv.wait(timeout=30)
        log = srv.stderr.read().decode(errors="replace")
        want_proto = {"-tls1_2": "TLSv1.2", "-tls1_1": "TLSv1.1", "-tls1": "TLSv1"}[proto]
        assert f"Protocol version: {want_proto}\n" in log and f"Ciphersuite: {cipher.split(':')[0]}" in log, log
        # Each side on rijn sealed and opened every line (twice: a line and
        # its reversal), plus the handshake's Finished messages.
        for side, st in (("client", st_c), ("server", st_s)):
            if who in (side, "both"):
                got = int(stats(st)[0][mode])
                assert got >= 2 * sent, f"{side}: rijn {mode} counted {got} bytes of {2 * sent}"
            else:
                assert not st.exists()
    finally:
        for p in (cli, srv):
            if p and p.poll() is None:
                p.kill()
                p.wait()


CURL_CASES = [
    ("ECDHE-ECDSA-AES128-SHA", "ec", True, False, "client"),
    ("ECDHE-ECDSA-AES128-SHA", "ec", False, True, "both"),
    ("AES256-SHA256", "rsa", False, True, "client"),
    ("AES128-SHA", "rsa", True, False, "both"),
]


@pytest.mark.skipif(not shutil.which("curl"), reason="curl is not installed")
@pytest.mark.parametrize("case", CURL_CASES, ids=[f"{c[0]}-{'etm' if c[2] else 'mte'}-{c[4]}" for c in CURL_CASES])
def test_curl_tls12_cbc(tmp_path, certs, case):
    """The issue's command: curl --tls-max 1.2 --ciphers ECDHE-ECDSA-AES128-SHA
    with rijn the default for all of libcrypto, against a server that
    negotiates the suite (with encrypt-then-MAC, or without it as a legacy
    server would). 1 MiB + 7 bytes, checked by SHA-256."""
    cipher, cert, etm, hide, who = case
    cnf = write_cnf(tmp_path / "openssl.cnf")
    st_c, st_s = tmp_path / "stats-curl", tmp_path / "stats-server"
    extra = NO_STITCHED if hide else {}
    key, crt = certs[cert]
    www = tmp_path / "www"
    www.mkdir()
    body = os.urandom((1 << 20) + 7)
    (www / "data.bin").write_bytes(body)
    port = free_port()
    srv = subprocess.Popen(["openssl", "s_server", "-accept", str(port), "-naccept", "1", "-key", key, "-cert", crt,
                            "-tls1_2", "-cipher", cipher, "-WWW", "-quiet", *([] if etm else ["-no_etm"])],
                           cwd=www, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env_for(who == "both", cnf, st_s, extra))
    try:
        wait_listening(port, srv)
        r = subprocess.run(["curl", "-sS", "-k", "--tls-max", "1.2", "--tlsv1.2", "--ciphers", cipher,
                            f"https://127.0.0.1:{port}/data.bin"], capture_output=True, timeout=120,
                           env=env_for(True, cnf, st_c, extra))
        assert r.returncode == 0, r.stderr.decode(errors="replace")
        assert hashlib.sha256(r.stdout).digest() == hashlib.sha256(body).digest(), len(r.stdout)
        srv.wait(timeout=30)
        assert int(stats(st_c)[0]["cbc"]) >= len(body), stats(st_c)
        if who == "both":
            assert int(stats(st_s)[0]["cbc"]) >= len(body), stats(st_s)
    finally:
        if srv.poll() is None:
            srv.kill()
            srv.wait()


@pytest.mark.skipif(not shutil.which("valgrind"), reason="valgrind is not installed")
@pytest.mark.parametrize("variant,clean", [("ct", True), ("branchy", False), ("indexed", False)])
def test_tls_cbc_check_taint(variant, clean):
    """The padding and MAC check under valgrind with the record secret:
    rijn's function is clean; a textbook branchy check and a secret-indexed
    MAC rotation are flagged (the test can fail). Each variant's results
    are checked too, so a clean run cannot come from doing nothing."""
    assert os.path.exists(TAINT), f"{TAINT} missing (make)"
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=42", TAINT, variant], capture_output=True, text=True,
                       timeout=300)
    assert "records checked" in r.stdout, r.stdout + r.stderr
    if clean:
        assert r.returncode == 0, r.stderr[-3000:]
    else:
        assert r.returncode == 42 and "uninitialised" in r.stderr, (r.returncode, r.stderr[-2000:])


def read_line(proc, what):
    ready, _, _ = select.select([proc.stdout], [], [], 20)
    assert ready, f"no {what}"
    return proc.stdout.readline().rstrip(b"\n")


@pytest.mark.parametrize("etm", [True, False], ids=["etm", "mte"])
def test_dtls12_cbc(tmp_path, certs, etm):
    """DTLS 1.2 with ECDHE-ECDSA-AES128-SHA (explicit IV per record), both
    ends on rijn, lines both ways (s_server has no -rev for DTLS: each end
    types lines to the other)."""
    cnf = write_cnf(tmp_path / "openssl.cnf")
    st_c, st_s = tmp_path / "stats-client", tmp_path / "stats-server"
    extra = {} if etm else NO_STITCHED
    key, crt = certs["ec"]
    port = free_port()
    opts = ["-dtls1_2", "-cipher", "ECDHE-ECDSA-AES128-SHA", "-quiet", *([] if etm else ["-no_etm"])]
    srv = subprocess.Popen(["openssl", "s_server", "-accept", str(port), "-naccept", "1", "-key", key, "-cert", crt,
                            *opts], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env_for(True, cnf, st_s, extra))
    cli = None
    try:
        time.sleep(0.5)  # UDP: nothing to wait for in /proc/net/tcp
        cli = subprocess.Popen(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", *opts, "-no_ign_eof"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env_for(True, cnf, st_c, extra))
        sent = 0
        for n in list(range(1, 34)) + [700]:
            a, b = os.urandom(n).hex()[:n].encode(), os.urandom(n).hex()[:n].encode()
            cli.stdin.write(a + b"\n")
            cli.stdin.flush()
            assert read_line(srv, f"{n}-byte line at the server") == a
            srv.stdin.write(b + b"\n")
            srv.stdin.flush()
            assert read_line(cli, f"{n}-byte line at the client") == b
            sent += n + 1
        cli.stdin.close()
        cli.wait(timeout=30)
        srv.stdin.close()
        srv.wait(timeout=30)
        for st in (st_c, st_s):
            assert int(stats(st)[0]["cbc"]) >= 2 * sent, stats(st)
    finally:
        for p in (cli, srv):
            if p and p.poll() is None:
                p.kill()
                p.wait()
