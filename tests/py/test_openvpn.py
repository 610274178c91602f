# SPDX-License-Identifier: MIT
"""End to end: an OpenVPN tunnel whose data channel runs on rijn.

Two network namespaces joined by a veth pair, an unmodified OpenVPN 2.6 in
each (TLS mode, certificates made here with openssl req, data channel
AES-256-GCM, kernel offload off so that the data channel stays in user
space). Both ends get rijn from the README's openssl.cnf snippet (rijn and
default activated, default_properties = ?provider=rijn). A TCP transfer
crosses the tunnel and the receiver checks every byte (SHA-256).

Proof that the data channel ran through rijn: the provider's byte counter
(RIJN_PROVIDER_STATS, written when OpenSSL unloads the provider at exit)
must show at least the transferred bytes in GCM at both ends, and the
control channel's TLS handshake at least one X25519 key exchange. The same
transfer runs once more on OpenSSL's default provider, and the two
throughputs are printed (and written to build/openvpn-tunnel.txt).

Skips, saying why, when not root, when namespaces or tun devices cannot be
made, or when openvpn is missing (make check installs it as root).
"""
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from provider_util import BUILD, PROVIDER, write_cnf

TRANSFER = 48 << 20  # bytes per run
TAG = f"rijnvpn{os.getpid() % 100000}"
NS_A, NS_B = f"{TAG}a", f"{TAG}b"


def sh(*args, check=True, **kw):
    return subprocess.run(list(args), capture_output=True, timeout=60, check=check, **kw)


def why_not():
    if not os.path.exists(PROVIDER):
        return "build/rijn.so not built (OpenSSL 3 headers missing)"
    if os.geteuid() != 0:
        return "needs root for network namespaces and tun devices"
    if not shutil.which("openvpn"):
        return "openvpn not installed (make check installs it when run as root with apt)"
    if not shutil.which("ip"):
        return "iproute2 (ip) not installed"
    if not os.path.exists("/dev/net/tun"):
        return "/dev/net/tun missing: no tun devices here"
    probe = f"{TAG}p"
    r = subprocess.run(["ip", "netns", "add", probe], capture_output=True)
    if r.returncode != 0:
        return f"cannot create a network namespace: {r.stderr.decode().strip()}"
    r = subprocess.run(["ip", "netns", "exec", probe, "ip", "tuntap", "add", "dev", "t0", "mode", "tun"],
                       capture_output=True)
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    if r.returncode != 0:
        return f"cannot create a tun device in a namespace: {r.stderr.decode().strip()}"
    return None


REASON = why_not()
if REASON:
    print(f"SKIP test_openvpn: {REASON}", file=sys.stderr)
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


def make_pki(d):
    def req(*a):
        sh("openssl", *a, cwd=d)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    req("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=rijn test CA")
    for name in ("server", "client"):
        req("req", *ec, "-keyout", f"{name}.key", "-out", f"{name}.csr", "-subj", f"/CN=rijn {name}")
        ext = d / f"{name}.ext"
        usage = "serverAuth" if name == "server" else "clientAuth"
        ext.write_text(f"basicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage={usage}\n")
        req("x509", "-req", "-in", f"{name}.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", f"{name}.pem", "-days", "2", "-extfile", str(ext))


@pytest.fixture
def netns():
    def cleanup():
        for ns in (NS_A, NS_B):
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
    cleanup()
    try:
        sh("ip", "netns", "add", NS_A)
        sh("ip", "netns", "add", NS_B)
        sh("ip", "link", "add", "va" + TAG[-5:], "netns", NS_A, "type", "veth", "peer", "name", "vb" + TAG[-5:],
           "netns", NS_B)
        for ns, dev, addr in ((NS_A, "va" + TAG[-5:], "10.201.0.1/24"), (NS_B, "vb" + TAG[-5:], "10.201.0.2/24")):
            sh("ip", "-n", ns, "addr", "add", addr, "dev", dev)
            sh("ip", "-n", ns, "link", "set", dev, "up")
            sh("ip", "-n", ns, "link", "set", "lo", "up")
        yield
    finally:
        cleanup()


def openvpn(ns, role, d, env):
    local, remote = ("10.201.0.1", "10.201.0.2") if role == "server" else ("10.201.0.2", "10.201.0.1")
    tun_l, tun_r = ("10.8.0.1", "10.8.0.2") if role == "server" else ("10.8.0.2", "10.8.0.1")
    log = d / f"{role}.log"
    cmd = ["ip", "netns", "exec", ns, "openvpn", "--dev", "tun0", "--dev-type", "tun", "--proto", "udp",
           "--local", local, "--lport", "1194", "--remote", remote, "--rport", "1194",
           f"--tls-{role}", "--dh", "none", "--ca", "ca.pem", "--cert", f"{role}.pem", "--key", f"{role}.key",
           "--remote-cert-tls", "client" if role == "server" else "server",
           "--ifconfig", tun_l, tun_r, "--data-ciphers", "AES-256-GCM", "--data-ciphers-fallback", "AES-256-GCM",
           "--disable-dco", "--verb", "3", "--log", str(log), "--connect-retry", "1", "--ping", "1"]
    return subprocess.Popen(cmd, cwd=d, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), log


def wait_up(log, proc, timeout=45):
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            break
        if log.exists() and "Initialization Sequence Completed" in log.read_text(errors="replace"):
            return
        time.sleep(0.2)
    text = log.read_text(errors="replace") if log.exists() else "(no log)"
    raise AssertionError(f"OpenVPN did not come up:\n{text[-3000:]}")


RECEIVER = r"""
import hashlib, socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("10.8.0.1", 5001)); s.listen(1); s.settimeout(60)
print("listening", flush=True)
c, _ = s.accept(); c.settimeout(60)
h, n, t0 = hashlib.sha256(), 0, None
while True:
    b = c.recv(1 << 20)
    if not b: break
    if t0 is None: t0 = time.time()
    h.update(b); n += len(b)
print(n, h.hexdigest(), time.time() - t0, flush=True)
"""

SENDER = r"""
import socket, sys
data = sys.stdin.buffer.read()
for i in range(100):
    try:
        c = socket.create_connection(("10.8.0.1", 5001), timeout=5); break
    except OSError:
        import time; time.sleep(0.1)
c.settimeout(60); c.sendall(data); c.shutdown(socket.SHUT_WR); c.recv(1); c.close()
"""


def tunnel_run(d, use_rijn, label):
    env = dict(os.environ)
    stats = {}
    if use_rijn:
        write_cnf(d / "openssl.cnf")
        env["OPENSSL_CONF"] = str(d / "openssl.cnf")
    procs = []
    try:
        for ns, role in ((NS_A, "server"), (NS_B, "client")):
            if use_rijn:
                stats[role] = d / f"{label}-{role}.stats"
                env_r = dict(env, RIJN_PROVIDER_STATS=str(stats[role]))
            else:
                env_r = env
            procs.append(openvpn(ns, role, d, env_r))
        for p, log in procs:
            wait_up(log, p)
        data = os.urandom(TRANSFER)
        rx = subprocess.Popen(["ip", "netns", "exec", NS_A, sys.executable, "-c", RECEIVER],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert rx.stdout.readline().strip() == b"listening"
        tx = subprocess.run(["ip", "netns", "exec", NS_B, sys.executable, "-c", SENDER], input=data,
                            capture_output=True, timeout=120)
        out, err = rx.communicate(timeout=120)
        assert tx.returncode == 0 and rx.returncode == 0, (tx.stderr, err)
        n, digest, secs = out.split()
        assert int(n) == len(data) and digest.decode() == hashlib.sha256(data).hexdigest(), "bytes differ"
        server_log = procs[0][1].read_text(errors="replace")
        assert "AES-256-GCM" in server_log, "the data channel did not negotiate AES-256-GCM"
        return len(data) / float(secs), stats
    finally:
        for p, _ in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p, _ in procs:
            try:
                p.wait(timeout=15)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def read_stats(path):
    assert path.exists(), f"{path.name}: the provider wrote no counters (not loaded, or not unloaded at exit)"
    line = [ln for ln in path.read_text().splitlines() if ln.startswith("rijn-provider")][-1]
    return {k: int(v) for k, v in (kv.split("=") for kv in line.split()[2:])}


ROUNDS = 3


def test_openvpn_tunnel_through_rijn(netns, tmp_path):
    make_pki(tmp_path)
    rates = {"rijn": [], "default": []}
    # Alternate the two providers: the tunnel's speed swings with the
    # machine's other load, and medians of interleaved runs compare fairly.
    for i in range(ROUNDS):
        rate, stats = tunnel_run(tmp_path, True, f"rijn{i}")
        rates["rijn"].append(rate)
        for role, path in stats.items():
            s = read_stats(path)
            # Every tunnelled byte crossed AES-256-GCM at both ends: the
            # sender sealed it, the receiver opened it (plus IP/TCP headers
            # and the TLS control channel, which also runs on rijn).
            assert s["gcm"] >= TRANSFER, (role, s)
            # The control channel's TLS handshake made its key exchange on
            # rijn too (X25519, OpenSSL's first group).
            assert s["x25519"] >= 1, (role, s)
        rates["default"].append(tunnel_run(tmp_path, False, f"default{i}")[0])
    med = {k: sorted(v)[len(v) // 2] for k, v in rates.items()}
    report = (f"OpenVPN 2.6 tunnel, AES-256-GCM data channel, {TRANSFER >> 20} MiB over TCP per run, "
              f"{ROUNDS} interleaved runs each, medians:\n"
              f"  rijn provider:    {med['rijn'] * 8 / 1e6:8.1f} Mbit/s  "
              f"(runs: {', '.join(f'{r * 8 / 1e6:.0f}' for r in rates['rijn'])})\n"
              f"  default provider: {med['default'] * 8 / 1e6:8.1f} Mbit/s  "
              f"(runs: {', '.join(f'{r * 8 / 1e6:.0f}' for r in rates['default'])})\n"
              f"  ratio rijn/default: {med['rijn'] / med['default']:.2f}\n")
    print(report)
    with open(os.path.join(BUILD, "openvpn-tunnel.txt"), "w") as f:
        f.write(report)
