"""Constant-time check: valgrind memcheck with the key and plaintext marked
undefined (tests/c/ct_taint.c), for every mode driver in the registry.
Drivers that claim constant time must be clean; drivers that do not (the
aes-generic compositions) must be flagged, which shows the check can fail.

Needs the taint build ($RIJN_CT_BUILD, default build-ct: the library built
with -DRIJN_CTGRIND so that public verdicts are declassified) and valgrind.
"""
import os
import shutil
import subprocess

import pytest

import rijn_ffi as R

CT_BUILD = os.environ.get("RIJN_CT_BUILD", os.path.join(os.path.dirname(__file__), "..", "..", "build-ct"))
PROG = os.path.join(CT_BUILD, "tests", "ct_taint")
MODES = ("ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)", "gcm(aes)", "ccm(aes)", "cmac(aes)")

if not shutil.which("valgrind"):
    pytest.skip("valgrind is not installed: the constant-time check cannot run", allow_module_level=True)
if not os.path.exists(PROG):
    pytest.skip(f"{PROG} missing: build it with make BUILD=build-ct EXTRA_CFLAGS=-DRIJN_CTGRIND",
                allow_module_level=True)

DRIVERS = [d for m in MODES for d in R.drivers(m) if d["available"]]


@pytest.mark.parametrize("d", DRIVERS, ids=[d["driver"] for d in DRIVERS])
def test_taint(d):
    r = subprocess.run(["valgrind", "-q", "--error-exitcode=42", "--track-origins=yes", PROG, d["driver"]],
                       capture_output=True, text=True, timeout=600)
    if d["constant_time"]:
        assert r.returncode == 0, f"{d['driver']} claims constant time but valgrind reports:\n{r.stderr[-3000:]}"
    else:
        assert r.returncode == 42, f"{d['driver']} is not constant-time but the check did not flag it"
        assert "uninitialised" in r.stderr


def test_generic_is_flagged_and_never_selected():
    gen = [d for d in DRIVERS if "aes-generic" in d["driver"]]
    assert gen, "aes-generic compositions must be listed"
    assert all(not d["constant_time"] and not d["selected"] for d in gen)
