# SPDX-License-Identifier: MIT
"""What the provider tests share: where rijn.so is, the README's
openssl.cnf snippet pointed at it, the provider's statistics, and waiting
for s_server."""
import os
import time

from rijn_ffi import BUILD

BUILD = os.path.abspath(BUILD)
PROVIDER = os.path.join(BUILD, "rijn.so")


def write_cnf(path):
    """The README's openssl.cnf: rijn and default activated, rijn preferred."""
    path.write_text(f"""openssl_conf = openssl_init

[openssl_init]
providers = provider_sect
alg_section = algorithm_sect

[provider_sect]
default = default_sect
rijn = rijn_sect

[default_sect]
activate = 1

[rijn_sect]
module = {PROVIDER}
activate = 1

[algorithm_sect]
default_properties = ?provider=rijn
""")
    return path


def stats(path):
    """The counters the provider appends to RIJN_PROVIDER_STATS at exit,
    one dict per process."""
    with open(path) as f:
        lines = [ln for ln in f if ln.startswith("rijn-provider")]
    assert lines, "the provider wrote no statistics: it was not loaded or not unloaded"
    return [dict(kv.split("=") for kv in ln.split()[1:]) for ln in lines]


def wait_listening(port, proc, timeout=20):
    """Wait until something listens on port, without connecting (s_server
    -naccept 1 would spend its one connection on a probe)."""
    h = f":{port:04X}"
    end = time.time() + timeout
    while time.time() < end:
        for f in ("/proc/net/tcp", "/proc/net/tcp6"):
            try:
                rows = open(f).read().splitlines()[1:]
            except OSError:
                continue
            if any(r.split()[1].endswith(h) and r.split()[3] == "0A" for r in rows):
                return
        assert proc.poll() is None, proc.stderr.read().decode(errors="replace")
        time.sleep(0.02)
    raise AssertionError(f"nothing listens on port {port}")
