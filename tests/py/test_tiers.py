# SPDX-License-Identifier: MIT
"""x86-64 CPU tiers under qemu-x86_64: CPU detection itself (CPUID and
XGETBV, not only the RIJN_CPU override), the selection ladder, and the
selected drivers' correctness on each modelled CPU:

  Nehalem    SSSE3, no AES-NI, no PCLMULQDQ, no AVX
  Westmere   AES-NI and PCLMULQDQ without AVX
  max,-vaes  AVX2 without VAES

A driver whose feature check were missing would execute an instruction the
model lacks, and qemu would kill it with SIGILL: the C suite and the
differential run below would fail. VAES is not run here: qemu 7.2 executes
VAESENC on YMM registers wrongly (the self-test catches it, see
test_qemu_max_vaes_selftest) and lacks VPCLMULQDQ; the VAES drivers are
tested through the emulation build (build-emu, see make check).
"""
import os
import shutil
import subprocess
import sys

import pytest

import rijn_list

BUILD = os.environ.get("RIJN_BUILD", os.path.join(os.path.dirname(__file__), "..", "..", "build"))
QEMU = shutil.which("qemu-x86_64")
ROOT = os.path.join(os.path.dirname(__file__), "..", "..")

if os.uname().machine != "x86_64":
    pytest.skip("x86-64 tiers: this is not an x86-64 host", allow_module_level=True)
if not QEMU:
    pytest.skip("qemu-x86_64 is not installed (apt-get install qemu-user): x86 CPU tiers not run",
                allow_module_level=True)

# model: (features that must be detected, features that must not be,
#         the drivers selection must pick)
TIERS = {
    "Nehalem": ({"ssse3", "sse4.1"}, {"aesni", "pclmul", "avx", "avx2", "vaes"},
                {"ctr(aes)": "ctr(aes-vperm)", "gcm(aes)": "gcm_base(ctr(aes-vperm),ghash-ct64)",
                 "cbc(aes)": "cbc(aes-vperm)", "cmac(aes)": "cmac(aes-vperm)"}),
    # AVX2 without AES-NI: the bit-sliced AVX2 tier, vperm for CMAC.
    "max,-aes,-vaes": ({"avx2", "pclmul", "ssse3"}, {"aesni", "vaes"},
                       {"ctr(aes)": "ctr(aes-bs-avx2)", "gcm(aes)": "gcm_base(ctr(aes-bs-avx2),ghash-pclmul)",
                        "xts(aes)": "xts(aes-bs-avx2)", "cbc(aes)": "cbc(aes-bs-avx2)",
                        "cmac(aes)": "cmac(aes-vperm)",
                        "ccm(aes)": "ccm_base(ctr(aes-bs-avx2),cbcmac(aes-vperm))"}),
    "Westmere": ({"aesni", "pclmul", "ssse3"}, {"avx", "avx2", "vaes"},
                 {"ctr(aes)": "ctr(aes-aesni)", "gcm(aes)": "gcm-aes-aesni", "xts(aes)": "xts(aes-aesni)",
                  "ccm(aes)": "ccm_base(ctr(aes-aesni),cbcmac(aes-aesni))"}),
    "max,-vaes": ({"aesni", "pclmul", "avx", "avx2"}, {"vaes", "vpclmul"},
                  {"ctr(aes)": "ctr(aes-aesni)", "gcm(aes)": "gcm-aes-aesni-avx"}),
}


def qemu(model, *argv, env=None, timeout=1200):
    e = dict(os.environ)
    e.pop("RIJN_CPU", None)
    e.update(env or {})
    return subprocess.run([QEMU, "-cpu", model, *argv], capture_output=True, text=True, env=e, timeout=timeout)


def listing(model):
    r = qemu(model, os.path.join(BUILD, "rijn"), "list")
    assert r.returncode == 0, r.stderr
    cpu, sel = rijn_list.parse(r.stdout)
    return cpu, sel, r.stdout


@pytest.mark.parametrize("model", list(TIERS))
def test_detection_and_ladder(model):
    have, lack, want = TIERS[model]
    cpu, sel, out = listing(model)
    assert have <= cpu, f"{model}: expected {have - cpu} detected:\n{out}"
    assert not (lack & cpu), f"{model}: {lack & cpu} detected but the model lacks them:\n{out}"
    for alg, drv in want.items():
        assert sel.get(alg) == drv, f"{model}: {alg} selected {sel.get(alg)}, expected {drv}:\n{out}"
    assert "FAIL" not in out, out


@pytest.mark.parametrize("model", list(TIERS))
def test_c_suite(model):
    r = qemu(model, os.path.join(BUILD, "tests", "test_api"))
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]


@pytest.mark.parametrize("model", list(TIERS))
def test_selected_drivers(model):
    """Differential and Wycheproof tests of the selected drivers, run by a
    Python interpreter that itself runs under qemu (shorter lengths)."""
    r = qemu(model, sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
             os.path.join(ROOT, "tests", "py", "test_diff.py"),
             os.path.join(ROOT, "tests", "py", "test_wycheproof.py"),
             env={"RIJN_TEST_DRIVERS": "selected", "RIJN_TEST_QUICK": "1", "RIJN_BUILD": BUILD})
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    print(r.stdout.strip().splitlines()[-1])


def test_qemu_max_vaes_selftest():
    """Under qemu -cpu max, VAES is reported. Whether qemu executes it
    correctly or not, selection must only ever pick a driver that passed
    its self-test; a passing aes-vaes must be selected. (qemu 7.2 computes
    the upper lane of VAESENC ymm wrongly, and lacks VPCLMULQDQ, which
    aes-vaes needs for XTS: there aes-vaes is unavailable and aes-aesni
    serves. The self-test's own failure path is test_selftest.py's.)"""
    cpu, sel, out = listing("max")
    if "vaes" not in cpu:
        pytest.skip("this qemu's -cpu max has no VAES")
    rows = {l.split()[1]: l.split() for l in out.splitlines()[2:] if len(l.split()) >= 7}
    vaes_ok = rows["ctr(aes-vaes)"][6] == "pass"
    assert sel["ctr(aes)"] == ("ctr(aes-vaes)" if vaes_ok else "ctr(aes-aesni)"), out
    print(f"qemu -cpu max: aes-vaes self-test {'pass' if vaes_ok else 'FAIL'}; ctr(aes) -> {sel['ctr(aes)']}")
