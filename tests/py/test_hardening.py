# SPDX-License-Identifier: MIT
"""Hardening of the built artifacts (release build): the exported symbols,
RELRO and BIND_NOW, stack canaries, fortified libc calls and CET marking."""
import os
import shutil
import subprocess

import pytest

from rijn_ffi import BUILD

LIB = os.path.join(BUILD, "librijn.so")
PROV = os.path.join(BUILD, "rijn.so")


def readelf(*args):
    if not shutil.which("readelf"):
        pytest.skip("readelf (binutils) not installed")
    return subprocess.run(["readelf", "-W", *args], capture_output=True, text=True, check=True).stdout


def dyn_symbols(path, defined):
    out = subprocess.run(["nm", "-D", "--defined-only" if defined else "--undefined-only", path],
                         capture_output=True, text=True, check=True).stdout
    return [line.split()[-1].split("@")[0] for line in out.splitlines() if line.strip()]


def artifacts():
    return [p for p in (LIB, PROV) if os.path.exists(p)]


def test_only_rijn_symbols_exported():
    out = subprocess.run(["nm", "-D", "--defined-only", LIB], capture_output=True, text=True, check=True).stdout
    exported = [l.split()[2] for l in out.splitlines() if len(l.split()) == 3 and l.split()[1] in "TDBR"]
    assert exported and all(s.startswith("rijn_") for s in exported), [s for s in exported if not s.startswith("rijn_")]
    if os.path.exists(PROV):
        out = subprocess.run(["nm", "-D", "--defined-only", PROV], capture_output=True, text=True, check=True).stdout
        funcs = [l.split()[2] for l in out.splitlines() if len(l.split()) == 3 and l.split()[1] == "T"]
        assert funcs == ["OSSL_provider_init"], funcs


@pytest.mark.parametrize("path", artifacts())
def test_full_relro(path):
    assert "GNU_RELRO" in readelf("-l", path), "no RELRO segment"
    dyn = readelf("-d", path)
    assert "BIND_NOW" in dyn or "NOW" in dyn.split("FLAGS_1")[-1], "no BIND_NOW: RELRO is partial"


@pytest.mark.parametrize("path", artifacts())
def test_stack_protector_and_fortify(path):
    undef = dyn_symbols(path, defined=False)
    assert any(s.startswith("__stack_chk_fail") for s in undef), "no stack canary anywhere"
    assert any(s.endswith("_chk") and not s.startswith("__stack") for s in undef), "no fortified libc call"


def test_cet_marking():
    """Every object of librijn carries the IBT and SHSTK properties
    (-fcf-protection). The linked librijn.so does not: the linker keeps a
    property only if every input has it, and Debian 12's crti.o and crtn.o
    lack it. Forcing it (-z ibt) would be false: their _init/_fini have no
    landing pad. A toolchain with CET-marked crt files marks the library."""
    cc = os.environ.get("CC", "cc")
    ok = subprocess.run([cc, "-Werror", "-fcf-protection", "-c", "-x", "c", "/dev/null", "-o", "/dev/null"],
                        capture_output=True).returncode == 0
    if not ok:
        pytest.skip(f"{cc} has no -fcf-protection for this target")
    objs = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(BUILD, "obj")) for f in fs if f.endswith(".o")]
    assert objs, "no objects in " + BUILD
    unmarked = [o for o in objs if "IBT, SHSTK" not in readelf("-n", o)]
    assert not unmarked, unmarked
