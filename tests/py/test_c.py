# SPDX-License-Identifier: MIT
"""Runs the C test programs (built by make into $RIJN_BUILD/tests)."""
import os
import subprocess
import sys

import pytest

from rijn_ffi import BUILD


def test_api_bad_input_and_misuse():
    r = subprocess.run([os.path.join(BUILD, "tests", "test_api")], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


def test_first_use_from_many_threads():
    """16 threads select and use every mode at once (make check runs it again
    under ThreadSanitizer)."""
    r = subprocess.run([os.path.join(BUILD, "tests", "test_threads")], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


def test_sweep_every_length_and_split():
    """Every length 0..1024, every mode, every driver against the first;
    every two-call split point on a subset of lengths."""
    r = subprocess.run([os.path.join(BUILD, "tests", "test_sweep")], capture_output=True, text=True, timeout=900)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


def test_x25519_every_driver():
    """Wycheproof, RFC 7748, edge and OpenSSL-computed X25519 cases
    (build/x25519_kat.txt, from scripts/gen_kat.py) through every driver;
    base against the ladder, batches, aliasing, the 1000-step iteration,
    misuse."""
    kat = os.path.join(os.path.dirname(__file__), "..", "..", "build", "x25519_kat.txt")
    if not os.path.exists(kat):
        subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "gen_kat.py"),
                        os.path.join(os.path.dirname(kat), "kat.txt")], check=True, capture_output=True)
    r = subprocess.run([os.path.join(BUILD, "tests", "test_x25519"), kat], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout and "tested " in r.stdout


def _run_or_skip(prog):
    """Run tests/c/PROG; exit 77 is a skip with the program's reason."""
    r = subprocess.run([os.path.join(BUILD, "tests", prog)], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    if r.returncode == 77:
        pytest.skip(r.stdout.strip())
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


def test_fe64_arm64_field_against_fe51():
    """x25519-arm64's radix-2^64 field (AArch64 inline assembly) against
    fe51.h on values next to 2^256 and random ones: AArch64 only, so here
    it exits 77 and says so; tests/py/test_cross.py runs it under
    qemu-aarch64, with mutants that it must reject."""
    _run_or_skip("test_fe64")


def test_fe25x4_lanes_equal_the_scalar_model():
    """x25519-avx2's field code (src/x25519/fe25x4.h) against fe25.h, lane
    by lane, on limbs at their stated bounds and random within them; skipped
    (exit 77) without x86-64 and AVX2."""
    _run_or_skip("test_fe25x4")


def test_fe51x8_lanes_equal_fe51_mod_p():
    """x25519-ifma's field code (src/x25519/fe51v.h on fe51_ifma.h's IFMA
    lanes) against fe51.h, mod p, lane by lane, on limbs at the edges of
    its carried bound and random within it, with every output limb inside
    that bound; skipped (exit 77) without AVX-512 IFMA, where make check
    runs it in the emulation build instead."""
    _run_or_skip("test_fe51x8")


def test_divsteps_inversion():
    """src/x25519/invert.c (the inversion of single X25519 operations on
    64-bit targets): x * (1/x) = 1 and canonical outputs on edge and random
    x, 1/0 = 0, and the invariants its comments state (matrix bound, the
    ranges of d, e, f, g, g = 0 after 590 steps) checked after every
    batch; skipped (exit 77) without a 128-bit integer."""
    _run_or_skip("test_invert")


def test_secrets_gone_after_clear_and_free():
    r = subprocess.run([os.path.join(BUILD, "tests", "test_wipe")], capture_output=True, text=True, timeout=600)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout or r.stdout.startswith("SKIP")


def _clmul(mask=None, *args):
    env = dict(os.environ)
    env.pop("RIJN_CPU", None)
    if mask:
        env["RIJN_CPU"] = mask
    r = subprocess.run([os.path.join(BUILD, "tests", "test_clmul"), *args], capture_output=True, text=True,
                       timeout=600, env=env)
    print(r.stdout, r.stderr)
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout
    sel = [l.split()[-1] for l in r.stdout.splitlines() if l.startswith("clmul: selected ")]
    assert len(sel) == 1, r.stdout
    return sel[0]


def _features():
    r = subprocess.run([os.path.join(BUILD, "rijn"), "list"], capture_output=True, text=True, check=True)
    line = next(l for l in r.stdout.splitlines() if l.startswith("# cpu:"))
    return set(line.split(":", 1)[1].strip().split(","))


def test_clmul_every_form_every_driver():
    """Carry-less multiplies: every form of every clmul driver and the free
    functions against a bit-by-bit reference (edge values and random
    operands), first use from 16 threads, get(NULL) equals the registry's
    selection, bad arguments."""
    feats = _features()
    sel = _clmul()
    if {"x86_64", "pclmul"} <= feats:
        assert sel == "clmul-pclmul"
    elif {"aarch64", "pmull"} <= feats:
        assert sel == "clmul-pmull"
    else:
        assert sel == "clmul-ct"


def test_clmul_without_carryless_instructions():
    """RIJN_CPU=-pclmul,-pmull: the portable constant-time driver, which
    then also serves the free functions."""
    assert _clmul("-pclmul,-pmull", "4000") == "clmul-ct"
