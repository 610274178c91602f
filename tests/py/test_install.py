# SPDX-License-Identifier: MIT
"""Builds the way distributions build (issue 19, section 4).

- The flags: CFLAGS, CPPFLAGS and LDFLAGS reach every compile and link; the
  project's hardening flags are added only where the user's say nothing;
  -Werror only with WERROR=1 (make check). Dry runs (make -n) check the
  command lines for several sets of user flags.
- A real build with a distribution's flags (FORTIFY 3, a build-id marker in
  LDFLAGS), -Werror on, in its own BUILD directory, checked in the binaries.
- make install / uninstall into a DESTDIR with every directory variable,
  and a non-root install into PREFIX=<home>/.local (run as `nobody` when
  the test runs as root) that writes nothing outside it.
- Consumers of that install: a pkg-config build and a CMake project
  (find_package(rijn), rijn::rijn and rijn::static), each encrypting one
  block, checked against FIPS 197 and pyca/cryptography.
"""
import os
import pwd
import re
import secrets
import shlex
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CONSUMER = os.path.join(ROOT, "tests", "install")
JOBS = str(min(os.cpu_count() or 2, 8))
CC = os.environ.get("CC", "cc")

# A distribution's flags (dpkg-buildflags on Debian 13 sets FORTIFY 3),
# plus a marker in each, so that the binaries show they arrived:
# -frecord-gcc-switches keeps the compile options (CFLAGS) in each object,
# a header forced in by CPPFLAGS puts a string of ours into every object,
# and the build ID (LDFLAGS) is ours.
BUILD_ID = secrets.token_hex(20)
MARK = "rijn-cppflags-" + secrets.token_hex(8)
MARK_H = os.path.join(tempfile.gettempdir(), MARK + ".h")
DISTRO = {
    "CFLAGS": "-g -O2 -fstack-protector-strong -Wformat -Werror=format-security -frecord-gcc-switches",
    "CPPFLAGS": f"-Wdate-time -Wp,-D_FORTIFY_SOURCE=3 -include {MARK_H}",
    "LDFLAGS": f"-Wl,-z,relro -Wl,-z,now -Wl,--build-id=0x{BUILD_ID}",
}


def make_vars(**kw):
    return [f"{k}={v}" for k, v in kw.items()]


def make(*args, cwd=ROOT, check=True, user=None, timeout=900):
    cmd = ["make", "--no-print-directory", *args]
    if user is not None:
        cmd = as_user(user) + cmd
    env = dict(os.environ)
    for v in ("CFLAGS", "CPPFLAGS", "LDFLAGS", "LDLIBS", "EXTRA_CFLAGS", "EXTRA_LDFLAGS", "WERROR", "BUILD",
              "PREFIX", "DESTDIR", "LIBDIR", "BINDIR", "INCLUDEDIR", "MANDIR", "MODULESDIR", "MAKEFLAGS", "MFLAGS"):
        env.pop(v, None)
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if check and r.returncode != 0:
        pytest.fail(f"{shlex.join(cmd)} failed ({r.returncode}):\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    return r


def as_user(user):
    return ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups", "--"]


def commands(out):
    """The compiler command lines of a make -n run, continuation lines joined."""
    text = out.replace("\\\n", " ")
    return [shlex.split(line) for line in text.splitlines() if line.startswith(CC + " ")]


def compiles(cmds):
    return [c for c in cmds if "-c" in c]


def links(cmds):
    return [c for c in cmds if "-c" not in c]


def dry_run(tmp_path, *args):
    return commands(make("-n", "-B", f"BUILD={tmp_path}/b", *args, "programs").stdout)


def cc_defines_fortify():
    """Some compilers (Ubuntu's GCC) define _FORTIFY_SOURCE themselves."""
    out = subprocess.run([CC, "-O3", "-dM", "-E", "-x", "c", "/dev/null"], capture_output=True, text=True).stdout
    return "_FORTIFY_SOURCE" in out


def cc_supports(flag):
    return subprocess.run([CC, "-Werror", flag, "-c", "-x", "c", "/dev/null", "-o", "/dev/null"],
                          capture_output=True).returncode == 0


# ---------------------------------------------------------------- flags --

def test_default_flags_harden_without_werror(tmp_path):
    cmds = dry_run(tmp_path)
    assert compiles(cmds) and len(links(cmds)) >= 3, cmds
    for c in compiles(cmds):
        assert "-Werror" not in c, c
        assert "-fstack-protector-strong" in c, c
        assert ("-D_FORTIFY_SOURCE=2" in c) != cc_defines_fortify(), c
        if cc_supports("-fcf-protection"):
            assert "-fcf-protection" in c, c
    for c in links(cmds):
        assert "-Wl,-z,relro" in c and "-Wl,-z,now" in c, c


def test_werror_only_when_asked(tmp_path):
    cmds = dry_run(tmp_path, "WERROR=1")
    assert compiles(cmds)
    assert all("-Werror" in c for c in compiles(cmds))


def test_user_flags_win_and_are_not_doubled(tmp_path):
    cflags = "-O1 -fno-stack-protector -fcf-protection=none"
    cppflags = "-Wp,-D_FORTIFY_SOURCE=3 -DRIJN_USER_MARK=1"
    ldflags = "-Wl,-z,norelro -Wl,-z,lazy -Wl,--as-needed"
    cmds = dry_run(tmp_path, *make_vars(CFLAGS=cflags, CPPFLAGS=cppflags, LDFLAGS=ldflags, LDLIBS="-lc"))
    for c in compiles(cmds):
        line = " ".join(c)
        # The user's flags are there, after the project's (so they win).
        assert cppflags in line and cflags in line, line
        assert line.index(cflags) > line.index("-O3"), line
        # and the project's hardening is not added on top of them.
        for ours in ("-fstack-protector-strong", "-D_FORTIFY_SOURCE=2", "-fcf-protection"):
            assert ours not in c, (ours, line)
    for c in links(cmds):
        line = " ".join(c)
        assert ldflags in line, line
        assert "-Wl,-z,relro" not in c and "-Wl,-z,now" not in c, line
    assert all("-lc" in c for c in links(cmds))


def test_no_fortify_without_optimisation(tmp_path):
    # glibc warns that _FORTIFY_SOURCE needs -O: at -O0 it is left out (and
    # with WERROR=1 the build would fail if it were not).
    for c in compiles(dry_run(tmp_path, "CFLAGS=-O0")):
        assert "-D_FORTIFY_SOURCE=2" not in c and "-fstack-protector-strong" in c, c


def test_flags_change_rebuilds(tmp_path):
    b = f"BUILD={tmp_path}/b"
    make(b, "-j" + JOBS, f"{tmp_path}/b/obj/src/core/util.o")
    assert "-c src/core/util.c" not in make("-n", b, f"{tmp_path}/b/obj/src/core/util.o").stdout
    assert "-c src/core/util.c" in make("-n", b, "WERROR=1", f"{tmp_path}/b/obj/src/core/util.o").stdout


# ------------------------------------------------- the distribution build --

@pytest.fixture(scope="module")
def distro_build():
    """build-distro/: the installed programs, built with DISTRO's flags,
    as a distribution builds them: no -Werror (GCC 12 at -O2 warns
    maybe-uninitialized in places that -O3 does not)."""
    build = os.path.join(ROOT, "build-distro")
    shutil.rmtree(build, ignore_errors=True)
    with open(MARK_H, "w") as f:
        f.write(f'static const char rijn_mark[] __attribute__((used)) = "{MARK}";\n')
    try:
        r = make("-j" + JOBS, f"BUILD={build}", *make_vars(**DISTRO), "programs")
    finally:
        os.unlink(MARK_H)
    os.chmod(build, 0o755)
    return build, commands(r.stdout), r.stderr


def readelf(*args):
    return subprocess.run(["readelf", "-W", *args], capture_output=True, text=True, check=True).stdout


def built_binaries(build):
    names = ["librijn.so.0.1.0", "rijn"] + (["rijn.so"] if os.path.exists(os.path.join(build, "rijn.so")) else [])
    return [os.path.join(build, n) for n in names]


def test_distro_flags_on_every_command(distro_build):
    _, cmds, err = distro_build
    assert len(compiles(cmds)) > 10
    for c in compiles(cmds):
        line = " ".join(c)
        assert DISTRO["CPPFLAGS"] in line and DISTRO["CFLAGS"] in line, line
        assert "-D_FORTIFY_SOURCE=2" not in c and "-Werror" not in c, line
    # The failure: our -D_FORTIFY_SOURCE=2 against the user's 3.
    assert "redefined" not in err, err
    for c in links(cmds):
        assert DISTRO["LDFLAGS"] in " ".join(c), c


def test_distro_flags_in_binaries(distro_build):
    build, _, _ = distro_build
    for path in built_binaries(build):
        # LDFLAGS reached the link: the build ID is the one we asked for.
        assert f"Build ID: {BUILD_ID}" in readelf("-n", path), path
        dyn = readelf("-d", path)
        assert "BIND_NOW" in dyn or "NOW" in dyn.split("FLAGS_1")[-1], path
        syms = subprocess.run(["nm", "-D", "--undefined-only", path], capture_output=True, text=True).stdout
        assert "__stack_chk_fail" in syms and re.search(r"__\w+_chk\b", syms.replace("__stack_chk_fail", "")), path
        # CPPFLAGS reached the compiles: the forced header's string is in.
        with open(path, "rb") as f:
            assert MARK.encode() in f.read(), path
    # CFLAGS reached the compiles: GCC recorded them, after ours.
    for d, _, fs in os.walk(os.path.join(build, "obj")):
        for o in fs:
            rec = readelf("-p", ".GCC.command.line", os.path.join(d, o))
            assert re.search(r"-O3 .*-O2 .*-fstack-protector-strong", rec), (o, rec)


# ------------------------------------------------------- install, DESTDIR --

def installed(root):
    """Every file and symlink under root, relative to it."""
    out = set()
    for d, _, fs in os.walk(root):
        for f in fs:
            out.add(os.path.relpath(os.path.join(d, f), root))
    return out


def expected_files(build, bindir, libdir, incdir, mandir, modulesdir, pcdir=None, cmakedir=None):
    pcdir = pcdir or f"{libdir}/pkgconfig"
    cmakedir = cmakedir or f"{libdir}/cmake/rijn"
    files = {f"{incdir}/rijn/{h}" for h in os.listdir(os.path.join(ROOT, "include", "rijn")) if h.endswith(".h")}
    files |= {f"{libdir}/{n}" for n in ("librijn.a", "librijn.so", "librijn.so.0", "librijn.so.0.1.0")}
    files |= {f"{pcdir}/rijn.pc", f"{cmakedir}/rijnConfig.cmake", f"{cmakedir}/rijnConfigVersion.cmake",
              f"{bindir}/rijn"}
    if os.path.exists(os.path.join(build, "rijn.so")):
        files.add(f"{modulesdir}/rijn.so")
    man = os.path.join(ROOT, "man")
    for m in (os.listdir(man) if os.path.isdir(man) else []):
        if m.endswith((".1", ".3")):
            files.add(f"{mandir}/man{m[-1]}/{m}")
    return {f.lstrip("/") for f in files}


@pytest.mark.parametrize("layout", ["debian", "custom"])
def test_install_uninstall_destdir(distro_build, tmp_path, layout):
    build, _, _ = distro_build
    triplet = "x86_64-linux-gnu"
    if layout == "debian":
        dirs = dict(PREFIX="/usr", BINDIR="/usr/bin", LIBDIR=f"/usr/lib/{triplet}", INCLUDEDIR="/usr/include",
                    MANDIR="/usr/share/man")
        modulesdir = f"/usr/lib/{triplet}/ossl-modules"
    else:
        dirs = dict(PREFIX="/opt/r", BINDIR="/opt/r/sbin", LIBDIR="/opt/lib64", INCLUDEDIR="/opt/inc",
                    MANDIR="/opt/doc/man", MODULESDIR="/opt/ossl")
        modulesdir = "/opt/ossl"
    dest = tmp_path / "dest"
    # No CFLAGS here: install installs what was built, whatever the flags.
    args = [f"BUILD={build}", f"DESTDIR={dest}", *make_vars(**dirs)]
    r = make("install", *args)
    assert not commands(r.stdout), "install rebuilt something:\n" + r.stdout
    want = expected_files(build, dirs["BINDIR"], dirs["LIBDIR"], dirs["INCLUDEDIR"], dirs["MANDIR"], modulesdir)
    assert installed(dest) == want
    lib = dest / dirs["LIBDIR"].lstrip("/")
    assert os.readlink(lib / "librijn.so") == "librijn.so.0.1.0"
    assert os.readlink(lib / "librijn.so.0") == "librijn.so.0.1.0"
    pc = (lib / "pkgconfig" / "rijn.pc").read_text()
    assert f"libdir={dirs['LIBDIR']}\n" in pc and f"includedir={dirs['INCLUDEDIR']}\n" in pc, pc
    assert os.access(dest / dirs["BINDIR"].lstrip("/") / "rijn", os.X_OK)

    make("uninstall", *args)
    assert installed(dest) == set(), "uninstall left files behind"
    # rijn's own directories go too; shared ones (bin/, lib/) stay.
    assert not (dest / dirs["INCLUDEDIR"].lstrip("/") / "rijn").exists()
    assert not (lib / "cmake" / "rijn").exists()


# ---------------------------------------------- non-root install, consumers --

def nobody():
    """The user for the non-root install: nobody when we are root, else us."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("running as root and there is no user `nobody` to install as")


def copy_tree(dst, extra=()):
    """The source tree (tracked and untracked-but-not-ignored files, from
    git; else everything but the build directories), plus `extra` paths,
    copied to dst with their times (so make sees the same freshness)."""
    os.makedirs(dst, exist_ok=True)
    r = subprocess.run(["git", "-C", ROOT, "ls-files", "-co", "--exclude-standard", "-z"], capture_output=True)
    if r.returncode == 0 and r.stdout:
        names = [n for n in r.stdout.decode().split("\0") if n and os.path.lexists(os.path.join(ROOT, n))]
    else:
        names = [n for n in os.listdir(ROOT) if not n.startswith(("build", ".git", ".pytest_cache"))]
    names += list(extra)
    subprocess.run(f"tar -C {shlex.quote(ROOT)} --null -T - -cf - | tar -C {shlex.quote(str(dst))} -xpf -",
                   shell=True, input="\0".join(names).encode(), check=True)


@pytest.fixture(scope="module")
def home_install(distro_build):
    """make install PREFIX=$HOME/.local by a user who owns nothing else
    (nobody, when the tests run as root): from a world-readable copy of
    the tree and build, into a home of its own."""
    user = nobody()
    top = tempfile.mkdtemp(prefix="rijn-home-")
    os.chmod(top, 0o755)
    src = os.path.join(top, "src")
    copy_tree(src, extra=["build-distro"])
    subprocess.run(["chmod", "-R", "a+rX", src], check=True)   # whatever the checkout's umask
    home = os.path.join(top, "home")
    os.makedirs(home)
    if user is not None:
        subprocess.run(["chown", "-R", f"{user.pw_uid}:{user.pw_gid}", home], check=True)
    prefix = os.path.join(home, ".local")
    args = ["BUILD=build-distro", f"PREFIX={prefix}"]
    r = make("install", *args, cwd=src, user=user)
    yield dict(top=top, src=src, prefix=prefix, args=args, user=user, out=r.stdout)
    shutil.rmtree(top, ignore_errors=True)


def test_home_install_stays_in_prefix(home_install, distro_build):
    h = home_install
    assert not commands(h["out"]), "install rebuilt something:\n" + h["out"]
    p = h["prefix"]
    want = expected_files(os.path.join(h["src"], "build-distro"), f"{p}/bin", f"{p}/lib", f"{p}/include",
                          f"{p}/share/man", f"{p}/lib/ossl-modules")
    # Everything under the prefix, and nowhere else in the (fresh) home.
    assert installed(os.path.join(h["top"], "home")) == {os.path.relpath("/" + f, os.path.join(h["top"], "home"))
                                                         for f in want}


def test_home_uninstall(home_install, tmp_path):
    # A second prefix, so the consumers keep theirs.
    h = home_install
    prefix2 = os.path.join(h["top"], "home", "second")
    args = [a if not a.startswith("PREFIX=") else f"PREFIX={prefix2}" for a in h["args"]]
    make("install", *args, cwd=h["src"], user=h["user"])
    assert installed(prefix2)
    make("uninstall", *args, cwd=h["src"], user=h["user"])
    assert installed(prefix2) == set()


def encrypt_ref(key, block):
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    e = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    return (e.update(block) + e.finalize()).hex()


def check_consumer(prog, libdir=None):
    """Runs the consumer: FIPS 197 C.1, then random keys of each size
    against pyca/cryptography; and, for a shared build, checks that it
    loaded librijn from libdir."""
    r = subprocess.run([prog], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for klen in (16, 24, 32):
        key, block = os.urandom(klen), os.urandom(16)
        r = subprocess.run([prog, key.hex(), block.hex()], capture_output=True, text=True, check=True)
        assert r.stdout.strip() == encrypt_ref(key, block)
    ldd = subprocess.run(["ldd", prog], capture_output=True, text=True).stdout
    if libdir is None:
        assert "librijn" not in ldd, ldd
    else:
        m = re.search(r"librijn\.so\.0 => (\S+)", ldd)
        assert m and os.path.dirname(os.path.realpath(m.group(1))) == os.path.realpath(libdir), ldd


def pkgconfig_build(out, pkg_config_path=None):
    env = dict(os.environ)
    env.pop("PKG_CONFIG_PATH", None)
    if pkg_config_path:
        env["PKG_CONFIG_PATH"] = pkg_config_path
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "rijn"], env=env, capture_output=True, text=True)
    assert flags.returncode == 0, flags.stderr
    libdir = subprocess.run(["pkg-config", "--variable=libdir", "rijn"], env=env, capture_output=True, text=True,
                            check=True).stdout.strip()
    cmd = [CC, "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", out, os.path.join(CONSUMER, "consumer.c"),
           *shlex.split(flags.stdout)]
    if pkg_config_path:
        cmd.append(f"-Wl,-rpath,{libdir}")
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, shlex.join(cmd) + "\n" + r.stderr
    return libdir


def cmake_build(bdir, prefix_path=None):
    if not shutil.which("cmake"):
        pytest.skip("cmake not installed (make check installs it as root with apt)")
    cfg = ["cmake", "-S", CONSUMER, "-B", bdir, "-DCMAKE_BUILD_TYPE=Release"]
    if prefix_path:
        cfg.append(f"-DCMAKE_PREFIX_PATH={prefix_path}")
    env = dict(os.environ)
    env.pop("CMAKE_PREFIX_PATH", None)
    for cmd in (cfg, ["cmake", "--build", bdir]):
        r = subprocess.run(cmd, capture_output=True, text=True, env=env)
        assert r.returncode == 0, shlex.join(cmd) + "\n" + r.stdout[-3000:] + r.stderr[-3000:]
    return r


def test_pkgconfig_consumer(home_install, tmp_path):
    p = home_install["prefix"]
    libdir = pkgconfig_build(str(tmp_path / "consumer"), f"{p}/lib/pkgconfig")
    assert libdir == f"{p}/lib"
    check_consumer(str(tmp_path / "consumer"), libdir)


def test_cmake_consumer(home_install, tmp_path):
    p = home_install["prefix"]
    cmake_build(str(tmp_path / "b"), p)
    check_consumer(str(tmp_path / "b" / "consumer"), f"{p}/lib")
    check_consumer(str(tmp_path / "b" / "consumer_static"))


def test_cmake_package_is_relocatable(home_install, tmp_path):
    # The CMake package finds its files relative to itself: a moved prefix
    # still works (pkg-config's absolute libdir would not, by design).
    moved = tmp_path / "moved"
    shutil.copytree(home_install["prefix"], moved, symlinks=True)
    cmake_build(str(tmp_path / "b"), str(moved))
    check_consumer(str(tmp_path / "b" / "consumer"), str(moved / "lib"))


def test_provider_from_home_install(home_install):
    p = home_install["prefix"]
    if not os.path.exists(f"{p}/lib/ossl-modules/rijn.so"):
        pytest.skip("no provider in this build (OpenSSL 3 headers missing)")
    if not shutil.which("openssl"):
        pytest.skip("openssl not installed")
    env = dict(os.environ, OPENSSL_MODULES=f"{p}/lib/ossl-modules")
    env.pop("OPENSSL_CONF", None)
    r = subprocess.run(["openssl", "list", "-providers", "-provider", "rijn"], env=env, capture_output=True,
                       text=True)
    assert r.returncode == 0 and re.search(r"^\s+rijn\s*$", r.stdout, re.M) and "status: active" in r.stdout, \
        r.stdout + r.stderr


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-v"]))
