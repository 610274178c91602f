# SPDX-License-Identifier: MIT
"""The Debian packages (issue 19, section 4).

From a copy of the tree (so build/ and the rest are never touched),
`dpkg-buildpackage -b -us -uc` builds librijn0, librijn-dev, rijn and
openssl-provider-rijn, without running the test suite (debian/rules). Then:
- each package holds what it should, and OpenSSL's modules directory
  (`openssl version -m`) is where the provider is;
- lintian finds no error;
- as root: dpkg -i, a smoke test against the installed files only (the
  CLI, a pkg-config build and a CMake build of tests/install/consumer.c,
  `openssl list -providers -provider rijn` with no path given, the man
  pages when the tree has them), then dpkg --purge, and nothing is left.
"""
import os
import re
import shutil
import subprocess
import tempfile
import time

import pytest

from test_install import CONSUMER, ROOT, check_consumer, cmake_build, copy_tree, encrypt_ref, pkgconfig_build

PACKAGES = ("librijn0", "librijn-dev", "rijn", "openssl-provider-rijn")
NEEDS = {"dpkg-buildpackage": "dpkg-dev", "dh": "debhelper", "lintian": "lintian"}


def version():
    with open(os.path.join(ROOT, "debian", "changelog")) as f:
        return re.match(r"rijn \(([^)]+)\)", f.readline()).group(1)


def arch():
    return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()


def multiarch():
    return subprocess.run(["dpkg-architecture", "-qDEB_HOST_MULTIARCH"], capture_output=True, text=True,
                          check=True).stdout.strip()


def openssl_modulesdir():
    out = subprocess.run(["openssl", "version", "-m"], capture_output=True, text=True, check=True).stdout
    return re.search(r'MODULESDIR: "([^"]+)"', out).group(1)


@pytest.fixture(scope="module")
def debs():
    missing = [pkg for tool, pkg in NEEDS.items() if not shutil.which(tool)]
    if missing:
        pytest.skip(f"missing {', '.join(missing)} (make check installs them as root with apt)")
    top = tempfile.mkdtemp(prefix="rijn-deb-")
    src = os.path.join(top, "rijn")
    copy_tree(src)
    env = dict(os.environ, DEB_BUILD_OPTIONS=f"nocheck parallel={min(os.cpu_count() or 2, 8)}")
    for v in ("CFLAGS", "CPPFLAGS", "LDFLAGS", "MAKEFLAGS", "MFLAGS", "WERROR", "BUILD"):
        env.pop(v, None)
    t0 = time.monotonic()
    r = subprocess.run(["dpkg-buildpackage", "-b", "-us", "-uc"], cwd=src, env=env, capture_output=True, text=True,
                       timeout=1800)
    took = time.monotonic() - t0
    if r.returncode != 0:
        pytest.fail(f"dpkg-buildpackage failed ({r.returncode}):\n{r.stdout[-6000:]}\n{r.stderr[-3000:]}")
    print(f"dpkg-buildpackage: {took:.0f} s")
    v, a = version(), arch()
    files = {p: os.path.join(top, f"{p}_{v}_{a}.deb") for p in PACKAGES}
    yield dict(top=top, src=src, files=files, changes=os.path.join(top, f"rijn_{v}_{a}.changes"), log=r.stdout)
    shutil.rmtree(top, ignore_errors=True)


def contents(deb):
    out = subprocess.run(["dpkg-deb", "-c", deb], capture_output=True, text=True, check=True).stdout
    # "./usr/lib/x/librijn.so -> librijn.so.0.1.0": the path is the 6th field.
    return {line.split()[5][1:] for line in out.splitlines() if not line.startswith("d")}


def test_four_packages(debs):
    built = sorted(f for f in os.listdir(debs["top"]) if f.endswith(".deb") and "-dbgsym_" not in f)
    assert built == sorted(os.path.basename(f) for f in debs["files"].values())


def test_package_build_does_not_run_the_tests(debs):
    # debian/rules overrides dh_auto_test: make check must not run inside.
    assert "scripts/check.sh" not in debs["log"] and "pytest" not in debs["log"]
    # It builds in debian/build, not build/.
    assert not os.path.exists(os.path.join(debs["src"], "build"))
    # Every compile takes dpkg-buildflags' flags, and its last -O is the
    # -O3 that debian/rules appends (the kernels are slow at -O2).
    cc = [l for l in debs["log"].splitlines() if " -c " in l and " -o debian/build/" in l]
    assert len(cc) > 10
    for line in cc:
        assert "-fstack-protector-strong" in line and "-D_FORTIFY_SOURCE=2" in line, line
        assert re.findall(r"(?<!\S)-O\d", line)[-1] == "-O3", line


def test_package_contents(debs):
    ma = multiarch()
    lib = f"/usr/lib/{ma}"
    c = {p: contents(f) for p, f in debs["files"].items()}
    headers = {f"/usr/include/rijn/{h}" for h in os.listdir(os.path.join(ROOT, "include", "rijn")) if h.endswith(".h")}
    assert {f"{lib}/librijn.so.0", f"{lib}/librijn.so.0.1.0"} <= c["librijn0"]
    assert headers | {f"{lib}/librijn.so", f"{lib}/librijn.a", f"{lib}/pkgconfig/rijn.pc",
                      f"{lib}/cmake/rijn/rijnConfig.cmake", f"{lib}/cmake/rijn/rijnConfigVersion.cmake"} \
        <= c["librijn-dev"]
    assert "/usr/bin/rijn" in c["rijn"]
    # The provider is where this system's OpenSSL looks for modules.
    assert c["openssl-provider-rijn"] - {p for p in c["openssl-provider-rijn"] if p.startswith("/usr/share/doc/")} \
        == {f"{openssl_modulesdir()}/rijn.so"}
    # No file in two packages (dpkg would refuse to install them).
    seen = {}
    for p, files in c.items():
        for f in files:
            if not f.startswith("/usr/share/doc/"):
                assert f not in seen, (f, p, seen.get(f))
                seen[f] = p
    # Man pages, where the tree has them (man/*.1, man/*.3).
    man = os.path.join(ROOT, "man")
    for m in (os.listdir(man) if os.path.isdir(man) else []):
        if m.endswith(".1"):
            assert f"/usr/share/man/man1/{m}.gz" in c["rijn"], m
        elif m.endswith(".3"):
            assert f"/usr/share/man/man3/{m}.gz" in c["librijn-dev"], m


def test_lintian_clean(debs):
    r = subprocess.run(["lintian", "--fail-on", "error", "--display-level", ">=warning", debs["changes"]],
                       capture_output=True, text=True, timeout=600)
    print(r.stdout)
    errors = [l for l in r.stdout.splitlines() if l.startswith("E:")]
    assert r.returncode == 0 and not errors, r.stdout + r.stderr


def installed_versions():
    r = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${db:Status-Status}\n", *PACKAGES],
                       capture_output=True, text=True)
    return {l.split()[0] for l in r.stdout.splitlines() if l.split()[1:] and l.split()[1] != "not-installed"}


def test_install_smoke_purge(debs, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("dpkg -i needs root: the packages were built and linted, but not installed")
    already = installed_versions()
    if already:
        pytest.skip(f"{', '.join(sorted(already))} already installed here: not replacing them")
    ma = multiarch()
    r = subprocess.run(["dpkg", "-i", *debs["files"].values()], capture_output=True, text=True)
    try:
        assert r.returncode == 0, r.stdout + r.stderr
        assert installed_versions() == set(PACKAGES)
        env = {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "HOME": str(tmp_path), "LC_ALL": "C"}

        # The CLI, from /usr/bin: the registry, and one block against
        # pyca/cryptography.
        lst = subprocess.run(["/usr/bin/rijn", "list"], env=env, capture_output=True, text=True)
        assert lst.returncode == 0 and "aes-generic" in lst.stdout, lst.stderr
        key, block = os.urandom(32), os.urandom(16)
        enc = subprocess.run(["/usr/bin/rijn", "enc", "--alg", "ecb(aes)", "--key", key.hex()], env=env,
                             input=block, capture_output=True)
        assert enc.returncode == 0 and enc.stdout.hex() == encrypt_ref(key, block), enc.stderr

        # A pkg-config build against the system's rijn.pc, and a CMake
        # build against the system's package: no paths given.
        libdir = pkgconfig_build(str(tmp_path / "consumer"))
        assert libdir == f"/usr/lib/{ma}"
        check_consumer(str(tmp_path / "consumer"), libdir)
        if shutil.which("cmake"):
            cmake_build(str(tmp_path / "cmake"))
            check_consumer(str(tmp_path / "cmake" / "consumer"), libdir)
            check_consumer(str(tmp_path / "cmake" / "consumer_static"))

        # OpenSSL finds the provider by name, in its own modules directory.
        out = subprocess.run(["openssl", "list", "-providers", "-provider", "rijn"], env=env,
                             capture_output=True, text=True)
        assert out.returncode == 0 and re.search(r"^\s+rijn\s*$", out.stdout, re.M) and \
            "status: active" in out.stdout, out.stdout + out.stderr
        assert os.path.exists(os.path.join(openssl_modulesdir(), "rijn.so"))
        # And serves a cipher from it.
        ciph = subprocess.run(["openssl", "list", "-cipher-algorithms", "-provider", "rijn"], env=env,
                              capture_output=True, text=True)
        assert "@ rijn" in ciph.stdout, ciph.stdout + ciph.stderr

        man = os.path.join(ROOT, "man")
        for m in (os.listdir(man) if os.path.isdir(man) else []):
            if m.endswith((".1", ".3")):
                assert os.path.exists(f"/usr/share/man/man{m[-1]}/{m}.gz"), m
    finally:
        p = subprocess.run(["dpkg", "--purge", *PACKAGES], capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert installed_versions() == set()
    for path in ("/usr/bin/rijn", "/usr/include/rijn", f"/usr/lib/{ma}/librijn.so.0",
                 f"/usr/lib/{ma}/cmake/rijn", os.path.join(openssl_modulesdir(), "rijn.so")):
        assert not os.path.lexists(path), path
