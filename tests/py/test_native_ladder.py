# SPDX-License-Identifier: MIT
"""The selection ladder on this machine's own CPU, not an emulated one.

`rijn list` runs natively, with RIJN_CPU masking features off one tier at
a time, and the selected drivers must be the top of the ladder for what is
left (docs/drivers.md). Each step needs the CPU to have the features it
starts from; a step the CPU cannot take is skipped, and says why. (The
qemu models in test_tiers.py check the lower tiers with CPUID itself.)
"""
import os
import platform
import subprocess

import pytest

import rijn_list

BUILD = os.environ.get("RIJN_BUILD", os.path.join(os.path.dirname(__file__), "..", "..", "build"))

if platform.machine() != "x86_64":
    pytest.skip("the x86-64 ladder: this is not an x86-64 host", allow_module_level=True)

PARALLEL = ("ctr(aes)", "xts(aes)", "cbc(aes)", "ecb(aes)")

# name: (RIJN_CPU, features the step needs, gcm(aes), block driver for PARALLEL)
STEPS = {
    "vaes-avx512-fastclmul": ("", {"vaes", "vpclmul", "avx512", "fastclmul"}, "gcm-aes-vaes-avx512-sb",
                              "aes-vaes-avx512"),
    "vaes-avx512": ("-fastclmul", {"vaes", "vpclmul", "avx512"}, "gcm-aes-vaes-avx512", "aes-vaes-avx512"),
    "vaes-avx2": ("-avx512", {"vaes", "vpclmul", "avx2"}, "gcm-aes-vaes", "aes-vaes"),
    "aesni-avx": ("-vaes", {"aesni", "pclmul", "avx"}, "gcm-aes-aesni-avx", "aes-aesni"),
    "no-aesni-gfni": ("-aesni", {"avx2", "pclmul", "gfni"}, "gcm_base(ctr(aes-gfni),ghash-pclmul)", "aes-gfni"),
    "no-aesni-avx2": ("-aesni,-gfni", {"avx2", "pclmul"}, "gcm_base(ctr(aes-bs-avx2),ghash-pclmul)", "aes-bs-avx2"),
    "portable": ("-aesni,-pclmul,-ssse3", set(), "gcm_base(ctr(aes-ct128),ghash-ct64)", "aes-ct128"),
}

# The serial chains (one block in flight) where a step picks them apart
# from the parallel modes: aes-gfni is fast on one block too, the
# bit-sliced tier hands them to aes-vperm.
SERIAL = {
    "no-aesni-gfni": {"cmac(aes)": "cmac(aes-gfni)", "ccm(aes)": "ccm_base(ctr(aes-gfni),cbcmac(aes-gfni))"},
    "no-aesni-avx2": {"cmac(aes)": "cmac(aes-vperm)", "ccm(aes)": "ccm_base(ctr(aes-bs-avx2),cbcmac(aes-vperm))"},
}


def listing(mask):
    env = dict(os.environ)
    env.pop("RIJN_CPU", None)
    if mask:
        env["RIJN_CPU"] = mask
    r = subprocess.run([os.path.join(BUILD, "rijn"), "list"], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    cpu, sel = rijn_list.parse(r.stdout)
    return cpu, sel, r.stdout


@pytest.mark.parametrize("step", list(STEPS))
def test_native_ladder(step):
    mask, needs, gcm, blk = STEPS[step]
    cpu, sel, out = listing(mask)
    missing = needs - cpu
    if missing:
        pytest.skip(f"{step}: this CPU lacks {sorted(missing)} (with RIJN_CPU={mask or 'unset'}), so this step "
                    "of the ladder cannot be checked natively here")
    assert sel.get("gcm(aes)") == gcm, f"{step}: gcm(aes) selected {sel.get('gcm(aes)')}, expected {gcm}:\n{out}"
    for alg in PARALLEL:
        want = f"{alg.split('(')[0]}({blk})"
        assert sel.get(alg) == want, f"{step}: {alg} selected {sel.get(alg)}, expected {want}:\n{out}"
    for alg, want in SERIAL.get(step, {}).items():
        assert sel.get(alg) == want, f"{step}: {alg} selected {sel.get(alg)}, expected {want}:\n{out}"
    assert "FAIL" not in out, out
