# SPDX-License-Identifier: MIT
"""X25519 through the provider (provider/prov_x25519.c), issue 17.

- `openssl pkeyutl -derive` through rijn on keys made by the default
  provider, in both directions, equal to the default provider's result;
  the provider's x25519 counter (RIJN_PROVIDER_STATS) proves rijn derived.
- Keys made by rijn (`genpkey` with a mandatory `provider=rijn` query, so
  that no other key manager can make them), written to PEM by the default
  provider's encoders through rijn's export, used by the default provider.
- The all-zero shared secret (a small-order peer key) fails through rijn,
  as it does in the default provider, and is not counted.
- TLS with `-groups X25519` between `openssl s_server` and `s_client`: both
  on rijn, or one of them (the other on OpenSSL's default provider), TLS
  1.3 and 1.2; lines go both ways; each process on rijn counted its
  derivation.
"""
import base64
import os
import re
import select
import subprocess

import pytest

from provider_util import BUILD, PROVIDER, stats, wait_listening, write_cnf

PREFER = ["-provider-path", BUILD, "-provider", "rijn", "-provider", "default", "-propquery", "?provider=rijn"]
# Mandatory: only rijn's implementations can be fetched (files are still
# read and written by the default provider's store, decoders and encoders,
# which are fetched without the query).
ONLY = ["-provider-path", BUILD, "-provider", "rijn", "-provider", "default", "-propquery", "provider=rijn"]
# SubjectPublicKeyInfo of an X25519 key (RFC 8410) up to the 32 key bytes.
SPKI_PREFIX = bytes.fromhex("302a300506032b656e032100")

pytestmark = pytest.mark.skipif(not os.path.exists(PROVIDER),
                                reason="build/rijn.so not built: OpenSSL 3 headers missing (libssl-dev)")


def openssl(*args, env=None, check=True, data=None):
    e = dict(os.environ)
    e.pop("OPENSSL_CONF", None)
    e.update(env or {})
    r = subprocess.run(["openssl", *args], input=data, capture_output=True, timeout=120, env=e)
    if check:
        assert r.returncode == 0, (args, r.stderr.decode(errors="replace"))
    return r




def keypair(d, name, via=()):
    """A private key file and its public key file (made by the default
    provider unless `via` says otherwise)."""
    priv, pub = d / f"{name}.pem", d / f"{name}.pub"
    openssl("genpkey", "-algorithm", "X25519", *via, "-out", str(priv))
    openssl("pkey", "-in", str(priv), "-pubout", "-out", str(pub))
    return priv, pub


def derive(d, priv, pub, via=(), st=None, check=True):
    out = d / "secret.bin"
    if out.exists():
        out.unlink()
    env = {"RIJN_PROVIDER_STATS": str(st)} if st else {}
    r = openssl("pkeyutl", "-derive", "-inkey", str(priv), "-peerkey", str(pub), *via, "-out", str(out),
                env=env, check=check)
    return (out.read_bytes() if r.returncode == 0 else None), r


def pub_pem(d, name, raw):
    p = d / f"{name}.pub"
    p.write_text("-----BEGIN PUBLIC KEY-----\n" + base64.b64encode(SPKI_PREFIX + raw).decode() +
                 "\n-----END PUBLIC KEY-----\n")
    return p


def raw_pub(pub):
    der = base64.b64decode("".join(ln for ln in pub.read_text().splitlines() if "-----" not in ln))
    assert der[:12] == SPKI_PREFIX and len(der) == 44
    return der[12:]


def test_registered():
    r = openssl("list", "-key-managers", "-provider-path", BUILD, "-provider", "rijn")
    assert re.search(r"IDs: \{ 1\.3\.101\.110, X25519 \} @ rijn", r.stdout.decode()), r.stdout.decode()
    r = openssl("list", "-key-exchange-algorithms", "-provider-path", BUILD, "-provider", "rijn")
    assert re.search(r"\{ 1\.3\.101\.110, X25519 \} @ rijn", r.stdout.decode()), r.stdout.decode()


def test_pkeyutl_derive_default_keys(tmp_path):
    """Keys from the default provider; rijn derives with A's private key
    and B's public key and the other way round; so does the default
    provider; all four secrets are the same."""
    st = tmp_path / "stats"
    a, a_pub = keypair(tmp_path, "a")
    b, b_pub = keypair(tmp_path, "b")
    rijn_ab, _ = derive(tmp_path, a, b_pub, PREFER, st)
    rijn_ba, _ = derive(tmp_path, b, a_pub, PREFER, st)
    ref_ab, _ = derive(tmp_path, a, b_pub)
    ref_ba, _ = derive(tmp_path, b, a_pub)
    assert len(rijn_ab) == 32 and rijn_ab == rijn_ba == ref_ab == ref_ba and any(rijn_ab)
    runs = stats(st)
    assert [int(s["x25519"]) for s in runs] == [1, 1], runs
    # the byte counters are unchanged by a key exchange (and total sums bytes only)
    assert all(int(s["total"]) == sum(int(s[m]) for m in ("ecb", "cbc", "ctr", "xts", "gcm", "ccm", "cmac"))
               for s in runs), runs


def test_pkeyutl_derive_openssl_cnf(tmp_path):
    """The README's openssl.cnf alone (no -provider option) puts an
    unmodified `openssl pkeyutl -derive` on rijn."""
    cnf, st = write_cnf(tmp_path / "openssl.cnf"), tmp_path / "stats"
    a, _ = keypair(tmp_path, "a")
    _, b_pub = keypair(tmp_path, "b")
    out = tmp_path / "s.bin"
    openssl("pkeyutl", "-derive", "-inkey", str(a), "-peerkey", str(b_pub), "-out", str(out),
            env={"OPENSSL_CONF": str(cnf), "RIJN_PROVIDER_STATS": str(st)})
    assert out.read_bytes() == derive(tmp_path, a, b_pub)[0]
    assert int(stats(st)[0]["x25519"]) == 1


@pytest.mark.parametrize("cpu", ["-bmi2", "none"])
def test_other_drivers(tmp_path, cpu):
    """With RIJN_CPU masking features, the registry selects a portable
    driver; the provider names it and derives the same secret."""
    env = {"RIJN_CPU": cpu}
    r = openssl("list", "-key-managers", *PREFER, env=env).stdout.decode()
    m = re.search(r"Name: rijn (x25519-\S+)", r)
    assert m and m.group(1) != "x25519-mulx", r
    a, _ = keypair(tmp_path, "a")
    _, b_pub = keypair(tmp_path, "b")
    out = tmp_path / "s.bin"
    openssl("pkeyutl", "-derive", "-inkey", str(a), "-peerkey", str(b_pub), *PREFER, "-out", str(out), env=env)
    assert out.read_bytes() == derive(tmp_path, a, b_pub)[0]


def test_keys_made_by_rijn(tmp_path):
    """genpkey on rijn (the mandatory query leaves no other key manager);
    the default provider's encoders write the key through rijn's export.
    The default provider reads both files and derives with them; rijn
    derives with the default provider's keys; the results agree."""
    r, r_pub = keypair(tmp_path, "r", ONLY)
    d, d_pub = keypair(tmp_path, "d")
    assert r.read_text().startswith("-----BEGIN PRIVATE KEY-----")
    # the public key written by rijn's export (through `pkey -pubout` of
    # the key loaded into rijn) is the default provider's public key of
    # the same private key
    r_pub_rijn = tmp_path / "r-rijn.pub"
    openssl("pkey", "-in", str(r), "-pubout", *PREFER, "-out", str(r_pub_rijn))
    assert raw_pub(r_pub_rijn) == raw_pub(r_pub)
    text = openssl("pkey", "-in", str(r), "-noout", "-text", *PREFER).stdout.decode()
    assert text.startswith("X25519 Private-Key:") and "pub:" in text, text
    st = tmp_path / "stats"
    ref1, _ = derive(tmp_path, r, d_pub)
    ref2, _ = derive(tmp_path, d, r_pub)
    ours, _ = derive(tmp_path, r, d_pub, PREFER, st)
    assert ref1 == ref2 == ours and len(ours) == 32
    assert int(stats(st)[0]["x25519"]) == 1
    # two keys from rijn are different
    r2, _ = keypair(tmp_path, "r2", ONLY)
    assert raw_pub(tmp_path / "r2.pub") != raw_pub(r_pub)


P = 2**255 - 19
SMALL_ORDER = {
    "zero": bytes(32),
    "one": (1).to_bytes(32, "little"),
    "order8": bytes.fromhex("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
    "p": P.to_bytes(32, "little"),  # non-canonical 0
}


@pytest.mark.parametrize("name", SMALL_ORDER)
def test_zero_shared_secret_fails(tmp_path, name):
    """A peer key of small order makes the shared secret zero whatever our
    key: rijn refuses it (RFC 7748 6.1), as the default provider does, and
    says why; nothing is counted and no secret file is written."""
    a, _ = keypair(tmp_path, "a")
    bad = pub_pem(tmp_path, name, SMALL_ORDER[name])
    st = tmp_path / "stats"
    got, r = derive(tmp_path, a, bad, PREFER, st, check=False)
    assert r.returncode != 0 and got is None
    assert b"rijn" in r.stderr and b"all zero" in r.stderr, r.stderr
    assert int(stats(st)[0]["x25519"]) == 0
    ref, rr = derive(tmp_path, a, bad, check=False)
    assert rr.returncode != 0 and ref is None


def test_peer_key_high_bit_ignored(tmp_path):
    """RFC 7748: the top bit of a u-coordinate is ignored; both providers
    agree on a peer key with it set."""
    a, _ = keypair(tmp_path, "a")
    _, b_pub = keypair(tmp_path, "b")
    raw = bytearray(raw_pub(b_pub))
    raw[31] |= 0x80
    hi = pub_pem(tmp_path, "hi", bytes(raw))
    ours, _ = derive(tmp_path, a, hi, PREFER)
    ref, _ = derive(tmp_path, a, hi)
    assert ours == ref == derive(tmp_path, a, b_pub)[0]


# ------------------------------------------------------------------ TLS --
@pytest.fixture(scope="module")
def cert(tmp_path_factory):
    d = tmp_path_factory.mktemp("cert")
    key, crt = d / "ec.key", d / "ec.crt"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                    "-keyout", str(key), "-out", str(crt), "-days", "1", "-subj", "/CN=rijn-test"],
                   check=True, capture_output=True, timeout=60)
    return str(key), str(crt)


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]




def env_for(on_rijn, cnf, st):
    env = dict(os.environ)
    env.pop("OPENSSL_CONF", None)
    if on_rijn:
        env.update(OPENSSL_CONF=str(cnf), RIJN_PROVIDER_STATS=str(st))
    return env


# (protocol, groups, who runs rijn). TLS 1.2 with an ECDSA P-256
# certificate needs P-256 among the client's groups too (RFC 8422 5.1);
# the server's list puts X25519 first, so the key exchange is X25519.
TLS_CASES = [
    ("-tls1_3", "X25519", "both"),
    ("-tls1_3", "X25519", "client"),
    ("-tls1_3", "X25519", "server"),
    ("-tls1_2", "X25519:P-256", "both"),
]


@pytest.mark.parametrize("case", TLS_CASES, ids=[f"{c[0][1:]}-{c[2]}" for c in TLS_CASES])
def test_tls_x25519(tmp_path, cert, case):
    proto, groups, who = case
    cnf = write_cnf(tmp_path / "openssl.cnf")
    st_c, st_s = tmp_path / "stats-client", tmp_path / "stats-server"
    key, crt = cert
    port = free_port()
    srv = subprocess.Popen(["openssl", "s_server", "-accept", str(port), "-naccept", "1", "-key", key, "-cert", crt,
                            proto, "-groups", groups, "-rev"],
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           env=env_for(who in ("server", "both"), cnf, st_s))
    cli = None
    try:
        wait_listening(port, srv)
        cli = subprocess.Popen(["openssl", "s_client", "-connect", f"127.0.0.1:{port}", proto, "-groups", groups,
                                "-quiet", "-no_ign_eof"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env_for(who in ("client", "both"), cnf, st_c))
        for n in (1, 17, 300):
            line = os.urandom(n).hex()[:n].encode()
            cli.stdin.write(line + b"\n")
            cli.stdin.flush()
            ready, _, _ = select.select([cli.stdout], [], [], 20)
            assert ready, f"no answer to a {n}-byte line: " + cli.stderr.read1().decode(errors="replace")
            assert cli.stdout.readline().rstrip(b"\n") == line[::-1]
        cli.stdin.close()
        cli.wait(timeout=30)
        srv.wait(timeout=30)
        log = srv.stdout.read().decode(errors="replace") + srv.stderr.read().decode(errors="replace")
        want = {"-tls1_3": "TLSv1.3", "-tls1_2": "TLSv1.2"}[proto]
        assert f"Protocol version: {want}\n" in log, log
        if proto == "-tls1_2":
            # the server's temporary key: its ServerKeyExchange group
            assert "ECDHE-ECDSA-" in log, log
        for side, st in (("client", st_c), ("server", st_s)):
            if who in (side, "both"):
                s = stats(st)
                assert len(s) == 1 and int(s[0]["x25519"]) >= 1, f"{side}: {s}"
            else:
                assert not st.exists()
    finally:
        for p in (cli, srv):
            if p and p.poll() is None:
                p.kill()
                p.wait()
