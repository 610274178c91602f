# SPDX-License-Identifier: MIT
"""Constant-time check: valgrind memcheck with the key and plaintext marked
undefined (tests/c/ct_taint.c), for every mode driver in the registry.
Drivers that claim constant time must be clean; drivers that do not (the
aes-generic compositions) must be flagged, which shows the check can fail.

Needs the taint build ($RIJN_CT_BUILD, default build-ct: the library built
with -DRIJN_CTGRIND so that public verdicts are declassified) and valgrind.

valgrind cannot execute VAES, VPCLMULQDQ or any AVX-512 instruction. The
taint build is therefore also an emulation build (-DRIJN_EMULATE_VAES):
the 256-bit VAES drivers' code runs with each 256-bit AES/carry-less
instruction replaced by two 128-bit ones (src/arch/x86/x86.h), and the
512-bit drivers' code with each 512-bit register as two 256-bit halves
(src/arch/x86/vz.h), so their data flow is checked; the real
instructions are not (test_vaes_real_instructions says so). Nor can it
execute GFNI: the same build runs aes-gfni over the instructions'
definitions written out in SSE/AVX2 (src/arch/x86/gfni.h).
"""
import os
import shutil
import subprocess

import pytest


CT_BUILD = os.environ.get("RIJN_CT_BUILD", os.path.join(os.path.dirname(__file__), "..", "..", "build-ct"))
PROG = os.path.join(CT_BUILD, "tests", "ct_taint")

if not shutil.which("valgrind"):
    pytest.skip("valgrind is not installed: the constant-time check cannot run", allow_module_level=True)
if not os.path.exists(PROG):
    pytest.skip(f"{PROG} missing: build it with make BUILD=build-ct EXTRA_CFLAGS=-DRIJN_CTGRIND",
                allow_module_level=True)

def _list(env=None):
    out = subprocess.run([PROG, "--list"], capture_output=True, text=True, check=True, env=env).stdout
    rows = [l.split("\t") for l in out.splitlines()]
    return [{"driver": n, "algorithm": a, "constant_time": c == "1", "available": v == "1", "selected": s == "1"}
            for n, a, c, v, s in rows]


# ct_taint --list gives the drivers of every mode it can call (those with
# an adapter in support/adapt.c): the registry's list, no names kept here.
DRIVERS = [d for d in _list() if d["available"]]


@pytest.mark.parametrize("d", DRIVERS, ids=[d["driver"] for d in DRIVERS])
def test_taint(d):
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=42", "--track-origins=yes", PROG, d["driver"]],
                       capture_output=True, text=True, timeout=600)
    if d["constant_time"]:
        assert r.returncode == 0, f"{d['driver']} claims constant time but valgrind reports:\n{r.stderr[-3000:]}"
    else:
        assert r.returncode == 42, f"{d['driver']} is not constant-time but the check did not flag it"
        assert "uninitialised" in r.stderr


# The leaky AES drivers: T-tables (aes-generic) and the kernel's
# "fixed-time" S-box AES (aes-fixed-time: the table is pulled into the
# cache first, but its lookups are still indexed by secrets). test_taint
# asserts that valgrind flags every composition of them.
@pytest.mark.parametrize("name", ["aes-generic", "aes-fixed-time"])
def test_generic_is_flagged_and_never_selected(name):
    gen = [d for d in DRIVERS if name in d["driver"]]
    assert gen, f"{name} compositions must be listed"
    assert all(not d["constant_time"] and not d["selected"] for d in gen)


def test_clmul_drivers_listed_and_control_flagged():
    """The carry-less multiply drivers are in the list above (each claims
    constant time and is checked with both operands secret), and a
    bit-serial multiply that branches on its operand, run the same way,
    is flagged: the check can fail for this kind too."""
    assert any(d["algorithm"] == "clmul" for d in DRIVERS)
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=42", PROG, "--clmul-control"], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 42 and "uninitialised" in r.stderr, r.stderr[-2000:]
def test_x25519_drivers_listed_and_control_flagged():
    """The X25519 drivers are in the list above (each claims constant time
    and runs with the scalar secret; x25519-mulx in its emulation build),
    and a ladder whose swap is a branch on the scalar bit, run the same
    way, is flagged: the check can fail for this kind too."""
    assert {d["driver"] for d in DRIVERS if d["algorithm"] == "x25519"} >= {"x25519-ref51", "x25519-ref25"}
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=42", PROG, "--x25519-control"], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 42 and "Conditional jump" in r.stderr, r.stderr[-2000:]


def test_round_table_is_flagged_and_never_selected():
    """aes-round-table, the T-table baseline of the AES round primitives,
    is listed, not constant-time (test_taint shows valgrind flags it) and
    never selected."""
    t = [d for d in DRIVERS if d["algorithm"] == "aes-round" and not d["constant_time"]]
    assert t, "the aes-round table baseline must be listed"
    assert all(not d["selected"] for d in t)


@pytest.mark.parametrize("mask", ["-aesni", "-aesni,-ssse3"])
def test_round_helpers_on_each_tier(mask):
    """The guest-instruction helpers (rijn_x86_*, rijn_arm_*, rijn_rv_*) run
    on the resolved aes-round driver: ct_taint checks them with that one, so
    under each RIJN_CPU tier they meet another driver."""
    env = dict(os.environ, RIJN_CPU=mask)
    sel = [d for d in _list(env) if d["algorithm"] == "aes-round" and d["selected"]]
    if not sel:
        pytest.skip(f"no aes-round driver selected under RIJN_CPU={mask} (not x86?)")
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=42", "--track-origins=yes", PROG, sel[0]["driver"]],
                       capture_output=True, text=True, timeout=600, env=env)
    assert r.returncode == 0, f"{sel[0]['driver']} under RIJN_CPU={mask}:\n{r.stderr[-3000:]}"


def test_vaes_real_instructions():
    pytest.skip("valgrind cannot execute VAES/VPCLMULQDQ, AVX-512 or GFNI: aes-vaes, gcm-aes-vaes, aes-vaes-avx512, "
                "gcm-aes-vaes-avx512 and gcm-aes-vaes-avx512-sb were checked in their emulated form (the same C code, each 256-bit "
                "instruction replaced by two 128-bit ones, each 512-bit register by two 256-bit halves), and aes-gfni "
                "over GFNI's definitions in SSE/AVX2, not with the real instructions (dudect runs those)")
