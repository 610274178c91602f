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
