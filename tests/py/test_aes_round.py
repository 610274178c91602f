# SPDX-License-Identifier: MIT
"""The AES round primitives (include/rijn/aes_round.h): tests/c/test_aes_round
checks every aes-round driver of the registry, the public functions and the
guest-instruction helpers against a plain FIPS 197 / SDM / RISC-V reference
and rijn's ECB. Here it runs once per CPU tier that RIJN_CPU can reach on
this machine, so that the public functions and the helpers meet every
driver, and the tier's pick is checked (the x86 ladder of docs/drivers.md;
the AArch64, armv7 and s390x tiers run under qemu in test_cross.py)."""
import os
import platform
import subprocess

import pytest

from rijn_ffi import BUILD

PROG = os.path.join(BUILD, "tests", "test_aes_round")


def _features():
    out = subprocess.run([os.path.join(BUILD, "rijn"), "list"], capture_output=True, text=True, check=True).stdout
    line = next(l for l in out.splitlines() if l.startswith("# cpu:"))
    return set(line.split(":", 1)[1].strip().split(","))


def _tiers():
    """(RIJN_CPU mask, the driver the tier must pick) for this machine."""
    f = _features()
    if platform.machine() not in ("x86_64", "AMD64"):
        return [("", None)]
    tiers = []
    if {"aesni", "ssse3"} <= f:
        tiers.append(("", "aes-round-aesni"))
    if "ssse3" in f:
        tiers.append(("-aesni", "aes-round-vperm"))
    tiers.append(("-aesni,-ssse3", "aes-round-ct"))
    return tiers


def _env(mask):
    e = dict(os.environ)
    e.pop("RIJN_CPU", None)
    if mask:
        e["RIJN_CPU"] = mask
    return e


@pytest.mark.parametrize("mask,want", _tiers(), ids=lambda v: v or "-")
def test_aes_round_tier(mask, want):
    sel = subprocess.run([PROG, "--selected"], capture_output=True, text=True, env=_env(mask), timeout=60)
    assert sel.returncode == 0, sel.stderr
    if want:
        assert sel.stdout.strip() == want, f"RIJN_CPU={mask}: picked {sel.stdout.strip()}, expected {want}"
    r = subprocess.run([PROG], capture_output=True, text=True, env=_env(mask), timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout
    assert f"selected {sel.stdout.strip()}" in r.stdout
    # Every driver of the kind was tested or reported unavailable; the
    # portable one and the table baseline run everywhere.
    assert "tested aes-round-ct" in r.stdout and "tested aes-round-table" in r.stdout

