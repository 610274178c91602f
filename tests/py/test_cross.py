# SPDX-License-Identifier: MIT
"""Cross-architecture tests under qemu-user (the builds come from
scripts/cross.sh, which make check runs first):

  build-aarch64  qemu-aarch64 -cpu cortex-a53, -cpu max, and -cpu max with
                 the Crypto Extensions masked (RIJN_CPU=-aes,-pmull): every
                 qemu AArch64 model has AES and PMULL, so the override is
                 the only way to reach the NEON tiers
  build-armv7    qemu-arm -cpu cortex-a7, a8, a9, a15 (NEON: aes-neonbs,
                 aes-vperm, ghash-neon), -cpu max (AArch32 Crypto
                 Extensions: aes-ce, ghash-pmull, gcm-aes-ce), -cpu max
                 with them masked, and cortex-a8,neon=off (portable):
                 one armhf binary, CPU detection through HWCAP/HWCAP2
  build-s390x    qemu-s390x: big-endian, where byte-order bugs show

Each configuration runs the C suite: test_api (bad input, misuse, API
contracts), test_clmul (every carry-less multiply form and driver against
a bit-by-bit reference), test_pac (pointer authentication, every driver
against the pseudocode reference), test_sweep (every driver against the first on every length
0..1024 and every two-call split) and test_kat (Wycheproof, AESAVS,
RFC 3686, GCMVS, CCMVS, SP 800-38B and XTSVS vectors through every
driver, from build/kat.txt), test_x25519 (Wycheproof, RFC 7748 and
OpenSSL-computed X25519 cases through every driver, from
build/x25519_kat.txt), and `rijn list` checks the selection.

The constant-time check runs arm64 valgrind (Debian's valgrind:arm64,
unpacked by scripts/arm64_valgrind.sh) under qemu-aarch64 on the taint
build build-aarch64-ct, for every mode driver built on an AArch64 driver, and
armhf valgrind (scripts/armhf_valgrind.sh) under qemu-arm on
build-armv7-ct for the 32-bit NEON drivers (test_armv7_valgrind_taint).
"""
import concurrent.futures
import json
import os
import re
import shutil
import subprocess

import pytest

import rijn_list

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KAT = os.path.join(ROOT, "build", "kat.txt")
XKAT = os.path.join(ROOT, "build", "x25519_kat.txt")
SYSROOT = {"aarch64": "/usr/aarch64-linux-gnu", "armv7": "/usr/arm-linux-gnueabihf", "s390x": "/usr/s390x-linux-gnu"}
QEMU = {"aarch64": "qemu-aarch64", "armv7": "qemu-arm", "s390x": "qemu-s390x"}
JOBS = os.cpu_count() or 2

# name: (arch, qemu -cpu, RIJN_CPU, features that must be detected, that must not be, selection)
CE = {"ctr(aes)": "ctr(aes-ce)", "xts(aes)": "xts(aes-ce)", "cbc(aes)": "cbc(aes-ce)", "ecb(aes)": "ecb(aes-ce)",
      "cmac(aes)": "cmac(aes-ce)", "gcm(aes)": "gcm-aes-ce", "ccm(aes)": "ccm_base(ctr(aes-ce),cbcmac(aes-ce))",
      "clmul": "clmul-pmull"}
NEON = {"ctr(aes)": "ctr(aes-neonbs)", "xts(aes)": "xts(aes-neonbs)", "ecb(aes)": "ecb(aes-neonbs)",
        "cbc(aes)": "cbc(aes-neonbs)", "cmac(aes)": "cmac(aes-neon)",
        "gcm(aes)": "gcm_base(ctr(aes-neonbs),ghash-neon)",
        "ccm(aes)": "ccm_base(ctr(aes-neonbs),cbcmac(aes-neon))", "clmul": "clmul-ct"}
# AArch32 on an ARMv8 core with the Crypto Extensions (qemu-arm -cpu max):
# the CE drivers are written once for both instruction sets
# (src/arch/arm/ce.h), so 32-bit ARM picks what AArch64 picks.
CE32 = dict(CE)
# 32-bit ARM with NEON and without the Crypto Extensions (Cortex-A7, A8,
# A9, A15, and -cpu max with them masked): the seed's resolution table.
# Parallel work on the bit-sliced NEON driver, serial chains (CMAC, CCM's
# CBC-MAC, and CBC encryption inside cbc(aes-neonbs)) on the vector-permute
# driver, GHASH on vmull.p8.
NEON32 = {"ctr(aes)": "ctr(aes-neonbs)", "xts(aes)": "xts(aes-neonbs)", "ecb(aes)": "ecb(aes-neonbs)",
          "cbc(aes)": "cbc(aes-neonbs)", "cmac(aes)": "cmac(aes-vperm)",
          "gcm(aes)": "gcm_base(ctr(aes-neonbs),ghash-neon)",
          "ccm(aes)": "ccm_base(ctr(aes-neonbs),cbcmac(aes-vperm))", "clmul": "clmul-ct"}
PORTABLE = {"ctr(aes)": "ctr(aes-ct128)", "gcm(aes)": "gcm_base(ctr(aes-ct128),ghash-ct64)",
            "cmac(aes)": "cmac(aes-ct128)", "clmul": "clmul-ct"}
CONFIGS = {
    "aarch64-a53": ("aarch64", "cortex-a53", "", {"aarch64", "neon", "aes", "pmull"}, set(), CE),
    "aarch64-max": ("aarch64", "max", "", {"aarch64", "neon", "aes", "pmull"}, set(), CE),
    "aarch64-max-noce": ("aarch64", "max", "-aes,-pmull", {"aarch64", "neon"}, {"aes", "pmull"}, NEON),
    "armv7-a7": ("armv7", "cortex-a7", "", {"neon"}, {"aarch64", "aes", "pmull"}, NEON32),
    "armv7-a8": ("armv7", "cortex-a8", "", {"neon"}, {"aarch64", "aes", "pmull"}, NEON32),
    "armv7-a9": ("armv7", "cortex-a9", "", {"neon"}, {"aarch64", "aes", "pmull"}, NEON32),
    "armv7-a15": ("armv7", "cortex-a15", "", {"neon"}, {"aarch64", "aes", "pmull"}, NEON32),
    "armv7-a8-noneon": ("armv7", "cortex-a8,neon=off", "", set(), {"neon", "aarch64"}, PORTABLE),
    "armv7-max": ("armv7", "max", "", {"neon", "aes", "pmull"}, {"aarch64"}, CE32),
    "armv7-max-noce": ("armv7", "max", "-aes,-pmull", {"neon"}, {"aarch64", "aes", "pmull"}, NEON32),
    "s390x": ("s390x", "max", "", set(), {"neon", "aarch64", "aes"}, PORTABLE),
}


def build_dir(arch):
    return os.path.join(ROOT, f"build-{arch}")


def qemu_cmd(arch, cpu, *argv):
    return [QEMU[arch], "-cpu", cpu, "-L", SYSROOT[arch], *argv]


def env_for(mask):
    e = dict(os.environ)
    e.pop("RIJN_CPU", None)
    if mask:
        e["RIJN_CPU"] = mask
    return e


def need(arch):
    if not shutil.which(QEMU[arch]):
        pytest.skip(f"{QEMU[arch]} is not installed (apt-get install qemu-user): {arch} not tested")
    if not os.path.exists(os.path.join(build_dir(arch), "rijn")):
        pytest.skip(f"build-{arch}/ missing: scripts/cross.sh builds it (gcc cross compiler needed); "
                    f"{arch} not tested")


@pytest.mark.parametrize("name", list(CONFIGS))
def test_detection_and_selection(name):
    arch, cpu, mask, have, lack, want = CONFIGS[name]
    need(arch)
    r = subprocess.run(qemu_cmd(arch, cpu, os.path.join(build_dir(arch), "rijn"), "list"),
                       capture_output=True, text=True, env=env_for(mask), timeout=300)
    assert r.returncode == 0, r.stderr
    feats, sel = rijn_list.parse(r.stdout)
    assert have <= feats and not (lack & feats), f"{name}: detected {feats}\n{r.stdout}"
    for alg, drv in want.items():
        assert sel.get(alg) == drv, f"{name}: {alg} selected {sel.get(alg)}, expected {drv}:\n{r.stdout}"
    assert "FAIL" not in r.stdout, r.stdout


@pytest.mark.parametrize("name", list(CONFIGS))
def test_c_suite(name):
    arch, cpu, mask, have, _, _ = CONFIGS[name]
    need(arch)
    assert os.path.exists(KAT), "build/kat.txt missing: scripts/cross.sh writes it (scripts/gen_kat.py)"
    tests = os.path.join(build_dir(arch), "tests")
    progs = [["test_api"], ["test_sweep"], ["test_kat", KAT], ["test_clmul", "5000"], ["test_pac"],
             ["test_x25519", XKAT]]
    if "neon" in have:
        # x25519-neon's two-lane field code against fe25.h, lane by lane
        progs.append(["test_fe25x2", "3000"])
    if arch != "armv7":
        # the divsteps inversion (64-bit targets; big-endian on s390x);
        # armv7 has no 128-bit integer and keeps Fermat's chain
        progs.append(["test_invert", "3000"])
    if arch == "aarch64":
        # x25519-arm64's assembly field against fe51.h, folds included
        progs.append(["test_fe64", "20000"])

    def run(p):
        return p[0], subprocess.run(qemu_cmd(arch, cpu, os.path.join(tests, p[0]), *p[1:]), capture_output=True,
                                    text=True, env=env_for(mask), timeout=1800)
    with concurrent.futures.ThreadPoolExecutor(JOBS) as ex:
        results = list(ex.map(run, progs))
    for prog, r in results:
        assert r.returncode == 0, f"{name} {prog}:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
        print(f"{name} {prog}: {r.stdout.strip().splitlines()[-1]}")


# X25519's pick per configuration (docs/drivers.md, the x25519 ladder):
# radix 2^64 in assembly on AArch64 (x25519-ref51 and x25519-neon ranked
# below), radix 2^51 on the other 64-bit hosts, the two-lane NEON ladder
# on 32-bit ARM with NEON, radix 2^25.5 in plain C on 32-bit ARM without.
X25519 = {"aarch64-a53": "x25519-arm64", "aarch64-max": "x25519-arm64", "aarch64-max-noce": "x25519-arm64",
          "armv7-a7": "x25519-neon", "armv7-a8": "x25519-neon", "armv7-a9": "x25519-neon",
          "armv7-a15": "x25519-neon", "armv7-a8-noneon": "x25519-ref25", "armv7-max": "x25519-neon",
          "armv7-max-noce": "x25519-neon",
          "s390x": "x25519-ref51"}


# x25519-arm64's field test (tests/c/test_fe64.c) must notice a fold that
# is gone: each mutant drops one of the carries that only values next to
# 2^256 reach, and is built like the Makefile builds the test, with the
# mutated driver first on the include path.
FE64_MUTANTS = [
    ("add's second fold", '"csel %[t], %[k38], xzr, cs\\n\\t"\n            "add %[h0], %[h0], %[t]"',
     '"csel %[t], %[k38], xzr, cs\\n\\t"\n            "add %[h0], %[h0], xzr"'),
    ("sub's second borrow", '"sub %[h0], %[h0], %[t]"', '"sub %[h0], %[h0], xzr"'),
    ("the reduction's last 38", '"add %[t0], %[t0], %[t7]"', '"add %[t0], %[t0], xzr"'),
]


@pytest.mark.parametrize("mutant", FE64_MUTANTS, ids=[m[0] for m in FE64_MUTANTS])
def test_fe64_test_catches_a_missing_fold(mutant, tmp_path):
    need("aarch64")
    lib = os.path.join(build_dir("aarch64"), "librijn.a")
    sup = os.path.join(build_dir("aarch64"), "libsupport.a")
    if not (os.path.exists(lib) and os.path.exists(sup)):
        pytest.skip("build-aarch64's libraries missing (scripts/cross.sh builds them)")
    _, old, new = mutant
    src = open(os.path.join(ROOT, "src", "x25519", "x25519_arm64.c")).read()
    assert src.count(old) >= 1, f"x25519_arm64.c no longer has {old!r}: update the mutant"
    os.makedirs(tmp_path / "x25519")
    (tmp_path / "x25519" / "x25519_arm64.c").write_text(src.replace(old, new, 1))
    prog = str(tmp_path / "test_fe64")
    r = subprocess.run(["aarch64-linux-gnu-gcc", "-std=c11", "-O2", "-D_DEFAULT_SOURCE", f"-I{tmp_path}",
                        "-Iinclude", "-Isrc", "-Itests/c", "-Isupport", "-o", prog, "tests/c/test_fe64.c", sup, lib,
                        "-lpthread", "-lm"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    r = subprocess.run(qemu_cmd("aarch64", "max", prog, "2000"), capture_output=True, text=True,
                       env=env_for(""), timeout=600)
    assert r.returncode != 0 and "FAIL" in r.stdout, f"{mutant[0]} removed, test_fe64 still passes:\n{r.stdout}"


@pytest.mark.parametrize("name", list(CONFIGS))
def test_x25519_selection(name):
    """The x25519 driver that selection picks under each qemu model, from
    the library (test_x25519 --selected) and from `rijn list`; test_c_suite
    runs every x25519 driver of the build through test_x25519."""
    arch, cpu, mask, _, _, _ = CONFIGS[name]
    need(arch)
    prog = os.path.join(build_dir(arch), "tests", "test_x25519")
    r = subprocess.run(qemu_cmd(arch, cpu, prog, XKAT, "--selected"), capture_output=True, text=True,
                       env=env_for(mask), timeout=300)
    assert r.returncode == 0 and r.stdout.strip() == X25519[name], f"{name}: picked {r.stdout!r} {r.stderr}"
    r = subprocess.run(qemu_cmd(arch, cpu, os.path.join(build_dir(arch), "rijn"), "list"), capture_output=True,
                       text=True, env=env_for(mask), timeout=300)
    assert rijn_list.parse(r.stdout)[1].get("x25519") == X25519[name], r.stdout


def test_clmul_without_pmull():
    """PMULL alone masked on AArch64 (AES kept): the carry-less multiplies,
    free functions included, fall back to the portable driver, which
    passes every form (the C suite above covers the default and
    -aes,-pmull configurations)."""
    need("aarch64")
    r = subprocess.run(qemu_cmd("aarch64", "max", os.path.join(build_dir("aarch64"), "tests", "test_clmul"), "5000"),
                       capture_output=True, text=True, env=env_for("-pmull"), timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "clmul: selected clmul-ct" in r.stdout and " 0 failed" in r.stdout, r.stdout
# The AES round primitives' pick per configuration (docs/drivers.md, the
# aes-round ladder): CE where qemu has AES (AArch64 and AArch32), NEON TBL
# with it masked, the portable bit-sliced driver on 32-bit ARM without AES
# and on s390x.
ROUND = {"aarch64-a53": "aes-round-ce", "aarch64-max": "aes-round-ce", "aarch64-max-noce": "aes-round-neon",
         "armv7-a7": "aes-round-ct", "armv7-a8": "aes-round-ct", "armv7-a9": "aes-round-ct",
         "armv7-a15": "aes-round-ct", "armv7-a8-noneon": "aes-round-ct", "armv7-max": "aes-round-ce",
         "armv7-max-noce": "aes-round-ct",
         "s390x": "aes-round-ct"}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_aes_round(name):
    """tests/c/test_aes_round under qemu: every aes-round driver of the
    build, the public functions and the guest helpers against the plain
    reference, both be values (on s390x too: be keeps its meaning on a
    big-endian host), and the tier's pick."""
    arch, cpu, mask, _, _, _ = CONFIGS[name]
    need(arch)
    prog = os.path.join(build_dir(arch), "tests", "test_aes_round")
    sel = subprocess.run(qemu_cmd(arch, cpu, prog, "--selected"), capture_output=True, text=True,
                         env=env_for(mask), timeout=300)
    assert sel.returncode == 0 and sel.stdout.strip() == ROUND[name], f"{name}: picked {sel.stdout!r} {sel.stderr}"
    r = subprocess.run(qemu_cmd(arch, cpu, prog), capture_output=True, text=True, env=env_for(mask), timeout=1800)
    assert r.returncode == 0, f"{name}:\n{r.stdout[-3000:]}\n{r.stderr[-3000:]}"
    assert " 0 failed" in r.stdout and f"tested {ROUND[name]}" in r.stdout, r.stdout
    print(f"{name} test_aes_round: {r.stdout.strip().splitlines()[-1]}")


def test_speed_reports_throughput_only_without_a_cycle_counter():
    """rijn speed on AArch64: with no readable perf counter (qemu-user has
    none) it reports MB/s, says so, and prints no cycles it cannot know."""
    need("aarch64")
    cmd = qemu_cmd("aarch64", "cortex-a53", os.path.join(build_dir("aarch64"), "rijn"), "speed", "--alg",
                   "gcm(aes)", "--sizes", "64", "--seconds", "0.05")
    r = subprocess.run(cmd, capture_output=True, text=True, env=env_for(""), timeout=300)
    assert r.returncode == 0, r.stderr
    assert "MB/s only" in r.stdout, r.stdout
    rows = [l.split() for l in r.stdout.splitlines() if l.startswith("gcm(aes)")]
    assert rows and all(f[2] == "gcm-aes-ce" and float(f[4]) > 0 and f[5] == "-" for f in rows), r.stdout
    r = subprocess.run(cmd + ["--json"], capture_output=True, text=True, env=env_for(""), timeout=300)
    doc = json.loads(r.stdout)
    assert doc["meta"]["clock"] == {"method": "none", "ghz": None} and doc["meta"]["cpu"]["arch"] == "aarch64"
    recs = doc["results"]
    assert recs and all(x["cycles_per_byte"] is None and x["mb_per_s"] > 0 for x in recs), r.stdout


# ------------------------------------------------------- arm64 valgrind --
VG_ROOT = os.path.join(ROOT, "build-aarch64-vg", "root")
CT_PROG = os.path.join(ROOT, "build-aarch64-ct", "tests", "ct_taint")
ARM_DRIVERS = ("aes-ce", "aes-neon", "ghash-pmull", "ghash-neon", "gcm-aes-ce",  # aes-neon matches aes-neonbs
               "aes-vperm", "aes-round-ce", "aes-round-neon", "clmul-pmull")


def vg_cmd(*argv):
    lib = os.path.join(VG_ROOT, "usr", "libexec", "valgrind")
    return ["qemu-aarch64", "-L", VG_ROOT, "-E", f"VALGRIND_LIB={lib}",
            "-E", f"VALGRIND_LAUNCHER={os.path.join(VG_ROOT, 'usr', 'bin', 'valgrind')}",
            os.path.join(lib, "memcheck-arm64-linux"), "-q", "--error-exitcode=42", *argv]


def arm_ct_drivers():
    if not (os.path.exists(CT_PROG) and os.path.isdir(VG_ROOT) and shutil.which("qemu-aarch64")):
        return []
    out = subprocess.run(qemu_cmd("aarch64", "max", CT_PROG, "--list"), capture_output=True, text=True,
                         env=env_for("")).stdout
    rows = [l.split("\t") for l in out.splitlines() if l.count("\t") == 4]
    return arm_pick(rows, ARM_DRIVERS) + [("ctr(aes-generic)", False)]


def arm_pick(rows, names):
    """Mode drivers built on an ARM driver (one of names) whose other parts
    are ARM drivers too (gcm_base(ctr(aes-ce),ghash-ct64) adds nothing that
    ghash-ct64's own check on x86 does not cover), clmul and the pointer-
    authentication drivers, available in this run, with their constant-time
    claims."""
    keep = []
    for n, a, c, v, s in rows:
        if v != "1":
            continue
        if a == "pac":
            # the pointer-authentication drivers, key, data and modifier secret
            if n in ("pac-neon", "pac-ce"):
                keep.append((n, c == "1"))
            continue
        if a == "x25519":
            # the NEON ladder and the radix-2^64 assembly (the portable
            # ones are checked on the host)
            if n in ("x25519-neon", "x25519-arm64"):
                keep.append((n, c == "1"))
            continue
        parts = re.findall(r"(aes-[a-z0-9-]+|ghash-[a-z0-9]+|gcm-aes-ce|clmul-[a-z0-9]+)", n)
        if parts and all(any(p.startswith(d) for d in names) for p in parts):
            keep.append((n, c == "1"))
    return keep


def vg_verdicts(cmd, drivers, label, env=None):
    """Run memcheck (cmd(name) is its command line) on each (name, claims
    constant time) pair: a claim must come out clean, a driver without one
    (the positive control) must be flagged, or the check proves nothing."""
    def run(d):
        return d, subprocess.run(cmd(d[0]), capture_output=True, text=True, env=env or env_for(""), timeout=1800)
    with concurrent.futures.ThreadPoolExecutor(JOBS) as ex:
        results = list(ex.map(run, drivers))
    bad = []
    for (name, ct), r in results:
        if ct and r.returncode != 0:
            bad.append(f"{name} claims constant time but {label} valgrind reports (rc {r.returncode}):\n"
                       f"{r.stderr[-2000:]}")
        if not ct and (r.returncode != 42 or "uninitialised" not in r.stderr):
            bad.append(f"{name} is not constant-time but the check did not flag it (rc {r.returncode})")
    assert not bad, "\n".join(bad)


def test_arm64_valgrind_taint():
    if not os.path.isdir(VG_ROOT):
        pytest.skip("arm64 valgrind not unpacked (scripts/arm64_valgrind.sh needs apt-get with the arm64 "
                    "architecture): the AArch64 constant-time check did not run")
    if not os.path.exists(CT_PROG):
        pytest.skip("build-aarch64-ct/tests/ct_taint missing (scripts/cross.sh builds it)")
    drivers = arm_ct_drivers()
    assert len(drivers) >= 20, drivers
    vg_verdicts(lambda d: vg_cmd(CT_PROG, d), drivers, "arm64")
    print(f"arm64 valgrind: {len(drivers) - 1} AArch64 mode drivers clean; aes-generic flagged")


# ------------------------------------------------------- armhf valgrind --
# Debian's valgrind:armhf (scripts/armhf_valgrind.sh) under qemu-arm on the
# armv7 taint build (scripts/cross.sh): the 32-bit NEON and CE drivers.
# Found running this: valgrind 3.19's ARM port runs Thumb-2, NEON and the
# AArch32 crypto instructions (aese.8, vmull.p64) fine, but hands its
# client an auxv with AT_HWCAP2 zeroed (and fakes /proc/self/auxv the same
# way), so under valgrind the registry would never see AES or PMULL. The
# taint build, and only it, takes HWCAP2 from RIJN_CT_HWCAP2
# (src/core/cpu_arm.c): the test passes the AES and PMULL bits, which
# qemu-arm -cpu max reports outside valgrind (the plain list must show
# the same drivers), and so checks the CE drivers as well.
ARMHF_VG_ROOT = os.path.join(ROOT, "build-armhf-vg", "root")
ARMV7_CT_PROG = os.path.join(ROOT, os.environ.get("RIJN_ARMV7_CT_BUILD", "build-armv7-ct"), "tests", "ct_taint")
# The same drivers, built for 32-bit ARM (aes-vperm's NEON form; its SSSE3
# form is checked on the host).
ARMV7_DRIVERS = ARM_DRIVERS


def armhf_vg_cmd(cpu, *argv):
    lib = os.path.join(ARMHF_VG_ROOT, "usr", "libexec", "valgrind")
    return ["qemu-arm", "-cpu", cpu, "-L", ARMHF_VG_ROOT, "-E", f"VALGRIND_LIB={lib}",
            "-E", f"VALGRIND_LAUNCHER={os.path.join(ARMHF_VG_ROOT, 'usr', 'bin', 'valgrind')}",
            os.path.join(lib, "memcheck-arm-linux"), "-q", "--error-exitcode=42", *argv]


# HWCAP2_AES | HWCAP2_PMULL (Linux's arch/arm/include/uapi/asm/hwcap.h)
ARMV7_CT_HWCAP2 = "0x3"


def armv7_ct_env():
    e = env_for("")
    e["RIJN_CT_HWCAP2"] = ARMV7_CT_HWCAP2
    return e


def armv7_ct_rows(cmd, env):
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800).stdout
    return [l.split("\t") for l in out.splitlines() if l.count("\t") == 4]


def test_armv7_valgrind_taint():
    if not shutil.which("qemu-arm"):
        pytest.skip("qemu-arm is not installed: the ARMv7 constant-time check did not run")
    if not os.path.isdir(ARMHF_VG_ROOT):
        pytest.skip("armhf valgrind not unpacked (scripts/armhf_valgrind.sh needs apt-get with the armhf "
                    "architecture): the ARMv7 constant-time check did not run")
    if not os.path.exists(ARMV7_CT_PROG):
        pytest.skip(f"{os.path.relpath(ARMV7_CT_PROG, ROOT)} missing (scripts/cross.sh builds it)")
    # -cpu max: ARMv8-A in AArch32, NEON, AES and PMULL. The list under
    # valgrind (with RIJN_CT_HWCAP2) must hold every driver that the plain
    # run under qemu shows, CE included.
    env = armv7_ct_env()
    under_vg = arm_pick(armv7_ct_rows(armhf_vg_cmd("max", ARMV7_CT_PROG, "--list"), env), ARMV7_DRIVERS)
    plain = arm_pick(armv7_ct_rows(qemu_cmd("armv7", "max", ARMV7_CT_PROG, "--list"), env_for("")), ARMV7_DRIVERS)
    hidden = sorted(n for n, _ in plain if n not in {m for m, _ in under_vg})
    assert not hidden, f"unavailable under valgrind although qemu has them: {hidden}"
    ce = [n for n, _ in under_vg if re.search(r"-ce\b|pmull", n)]
    assert len(under_vg) >= 8 and len(ce) >= 8, f"too few ARMv7 NEON/CE drivers under valgrind: {under_vg}"
    drivers = under_vg + [("ctr(aes-generic)", False)]
    vg_verdicts(lambda d: armhf_vg_cmd("max", ARMV7_CT_PROG, d), drivers, "armhf", env)
    print(f"armhf valgrind: {len(drivers) - 1} ARMv7 NEON/CE mode drivers clean ({len(ce)} of them Crypto "
          f"Extensions); aes-generic flagged")
