# SPDX-License-Identifier: MIT
"""librijn.a is fit for static emulators (issue 18, "Static and small").

An emulator such as QEMU's linux-user builds links statically and calls
one primitive per guest instruction. The archive must therefore have:
- no constructors (.init_array, .ctors, .preinit_array): nothing runs
  before main, and nothing is pulled in just because it registers itself;
- no thread-local variables (.tdata, .tbss): static TLS is scarce in
  emulators that host guest threads;
- no dlopen: a static binary cannot load shared objects;
- every function and object in its own section, so that -Wl,--gc-sections
  keeps only what the program uses.
And a static program that uses the round primitives and PAC
(tests/static/emu_static.c) links, runs, adds less than 64 KiB
(text + data + bss) and none of the registry, modes or AES drivers.
"""
import os
import re
import shutil
import subprocess

import pytest

from rijn_ffi import BUILD

LIB = os.path.join(BUILD, "librijn.a")


def sections(obj_listing):
    """{object: [section names]} from `readelf -SW` over an archive."""
    out, cur = {}, None
    for line in obj_listing.splitlines():
        m = re.match(r"^File: .*\((.*)\)$", line)
        if m:
            cur = m.group(1)
            out[cur] = []
            continue
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m and cur:
            out[cur].append((m.group(1), int(m.group(2), 16)))
    return out


def readelf_sections():
    if not shutil.which("readelf"):
        pytest.skip("readelf (binutils) not installed")
    r = subprocess.run(["readelf", "-SW", LIB], capture_output=True, text=True, check=True)
    secs = sections(r.stdout)
    assert secs, "no object found in " + LIB
    return secs


BANNED = re.compile(r"^\.(init_array|fini_array|ctors|dtors|preinit_array|tdata|tbss)(\.|$)")


def banned(secs):
    return {o: [s for s, _ in ss if BANNED.match(s)] for o, ss in secs.items() if any(BANNED.match(s) for s, _ in ss)}


def test_no_constructors_and_no_tls():
    assert banned(readelf_sections()) == {}


def test_no_dlopen():
    r = subprocess.run(["nm", "-u", LIB], capture_output=True, text=True, check=True)
    used = set(line.split()[-1] for line in r.stdout.splitlines() if line.strip() and not line.endswith(":"))
    assert not used & {"dlopen", "dlsym", "dlclose", "__tls_get_addr"}


def test_one_section_per_function():
    # No object keeps code in plain .text: it is all in .text.<function>
    # (an object compiled for another architecture has no code at all).
    secs = readelf_sections()
    assert [o for o, ss in secs.items() if any(s == ".text" and size for s, size in ss)] == []
    assert sum(1 for ss in secs.values() for s, _ in ss if s.startswith(".text.")) > 50


def test_checks_can_fail():
    # The section parser and the ban see a constructor and TLS when there
    # are some: a listing of an object that has both.
    row = "  [ %d] %s PROGBITS 0000000000000000 000040 000010 00 AX 0 0 16\n"
    listing = ("File: librijn.a(x.o)\n" + row % (1, ".text") + row % (2, ".init_array") +
               "File: librijn.a(y.o)\n" + row % (1, ".text.f") + row % (2, ".tbss") +
               "File: librijn.a(z.o)\n" + row % (1, ".text.g"))
    assert banned(sections(listing)) == {"x.o": [".init_array"], "y.o": [".tbss"]}


# ------------------------------------------------- the static emulator --
# tests/static/emu_static.c calls rijn_x86_aesenc and rijn_pac_qarma5 and
# checks known answers; built with -DWITHOUT_RIJN it is the same program
# without them. Issue 18: "Report the size the round primitives and PAC
# add to a static binary (size before and after), and keep it small. Goal:
# under 64 KiB."
ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
EMU_SRC = os.path.join(ROOT, "tests", "static", "emu_static.c")
SIZE_LIMIT = 64 * 1024


def libc_a():
    """Where the compiler finds a static libc, or None."""
    cc = os.environ.get("CC", "cc")
    r = subprocess.run([cc, "-print-file-name=libc.a"], capture_output=True, text=True)
    path = r.stdout.strip()
    return path if r.returncode == 0 and os.path.isabs(path) and os.path.exists(path) else None


def build_emu(tmp_path, with_rijn):
    cc = os.environ.get("CC", "cc")
    if not shutil.which(cc) or not shutil.which("size"):
        pytest.skip("no C compiler or no size (binutils)")
    if not libc_a():
        pytest.skip("no static libc (libc.a; Debian: libc6-dev) for a -static link")
    name = "emu" if with_rijn else "emu_base"
    exe, mapf = str(tmp_path / name), str(tmp_path / (name + ".map"))
    cmd = [cc, "-O2", "-static", "-I" + os.path.join(ROOT, "include"), "-o", exe, EMU_SRC, LIB,
           "-Wl,--gc-sections", "-Wl,-Map," + mapf, "-lpthread"]
    if not with_rijn:
        cmd.insert(1, "-DWITHOUT_RIJN")
    r = subprocess.run(cmd, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return exe, mapf


def size_of(exe):
    """(text, data, bss) as `size` (Berkeley format) reports them."""
    r = subprocess.run(["size", exe], capture_output=True, text=True, check=True)
    fields = r.stdout.splitlines()[1].split()
    return tuple(int(x) for x in fields[:3])


def members(mapf):
    """The librijn.a members the link pulled in (object basenames), from
    the map's archive-member list."""
    text = open(mapf).read()
    return set(re.findall(r"librijn\.a\(([^)]+\.o)\)", text))


def forbidden_objects():
    """Objects of the registry and of everything behind it: an emulator
    that uses the primitives must link none of them."""
    names = {"registry.o", "aes_round_table.o"}
    for d in ("src/modes", "src/aes", "src/api", "src/gf128"):
        for f in os.listdir(os.path.join(ROOT, d)):
            if f.endswith(".c"):
                names.add(f[:-2] + ".o")
    return names


def test_static_emulator_size(tmp_path):
    exe, mapf = build_emu(tmp_path, True)
    base, _ = build_emu(tmp_path, False)
    r = subprocess.run([exe], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stdout + r.stderr
    r = subprocess.run([base], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.strip() == "baseline"
    after, before = size_of(exe), size_of(base)
    added = [a - b for a, b in zip(after, before)]
    print("static emulator (text, data, bss): without rijn %s, with rijn %s, added %s = %d bytes (limit %d)" %
          (before, after, added, sum(added), SIZE_LIMIT))
    assert sum(added) < SIZE_LIMIT, "round primitives + PAC add %d bytes to a static binary" % sum(added)
    linked = members(mapf)
    # The map lists the primitives themselves: the member parse works.
    assert {"aes_round.o", "pac.o", "prim.o"} <= linked, sorted(linked)
    assert linked & forbidden_objects() == set(), sorted(linked & forbidden_objects())


def test_member_parse_can_fail(tmp_path):
    # A map that pulled in the registry is caught.
    p = tmp_path / "x.map"
    p.write_text("Archive member included to satisfy reference by file (symbol)\n\n"
                 "/x/build/librijn.a(pac.o)\n    /tmp/cc.o (rijn_pac_qarma5)\n"
                 "/x/build/librijn.a(registry.o)\n    /x/build/librijn.a(pac.o) (rijn_lookup)\n")
    got = members(str(p))
    assert got == {"pac.o", "registry.o"}
    assert got & forbidden_objects() == {"registry.o"}
