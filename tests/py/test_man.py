# SPDX-License-Identifier: MIT
"""The man pages, man/rijn.1 and man/librijn.3: they format without a
warning (groff -ww, warnings as errors), rijn(1) documents every command
and every long option that the CLI's --help shows, and librijn(3) names
every function the public headers export."""
import glob
import os
import re
import shutil
import subprocess

import pytest

from rijn_ffi import BUILD

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
MAN = os.path.join(ROOT, "man")
RIJN = os.path.abspath(os.path.join(BUILD, "rijn"))
PAGES = ["rijn.1", "librijn.3"]


@pytest.mark.skipif(not shutil.which("groff"), reason="needs groff (Debian: groff-base; make check installs it)")
@pytest.mark.parametrize("page", PAGES)
def test_formats_without_warnings(page):
    r = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", os.path.join(MAN, page)], capture_output=True)
    assert r.returncode == 0 and r.stderr == b"", r.stderr.decode()
    # And it has content, as man would show it.
    r = subprocess.run(["groff", "-man", "-Tutf8", os.path.join(MAN, page)], capture_output=True)
    out = re.sub(rb".\x08", b"", r.stdout)        # overstrike bold and underline
    assert b"\nNAME\n" in out and b"SEE ALSO" in out and len(out) > 4000


def text(page):
    # The roff source with its escapes for '-' undone.
    return open(os.path.join(MAN, page)).read().replace("\\-", "-")


def test_rijn1_documents_every_command_and_option():
    page = text("rijn.1")
    h = subprocess.run([RIJN, "--help"], capture_output=True, text=True).stdout
    commands = re.findall(r"^  rijn (\w+)", h, re.M)
    assert len(commands) >= 8
    for cmd in commands:
        assert re.search(rf"^\.B(?:R|I)? rijn {cmd}\b", page, re.M), f"rijn {cmd} not in SYNOPSIS"
        assert re.search(rf"^\.TP\n\.B {cmd}\n", page, re.M), f"{cmd} not under COMMANDS"
        usage = subprocess.run([RIJN, cmd, "--help"], capture_output=True, text=True).stdout
        for opt in set(re.findall(r"--[a-z][a-z-]+", usage)) - {"--help"}:
            assert opt in page, f"rijn {cmd}: {opt} not in rijn.1"


def test_librijn3_names_every_exported_function():
    page = text("librijn.3")
    funcs = set()
    for h in glob.glob(os.path.join(ROOT, "include", "rijn", "*.h")):
        funcs |= set(re.findall(r"RIJN_API\s+[^;(]*?\b(rijn_\w+)\s*\(", open(h).read()))
    assert len(funcs) > 40
    missing = sorted(f for f in funcs if not re.search(rf"\b{f}\(", page))
    assert not missing, f"not in librijn.3: {missing}"
    # Every error code too.
    codes = re.findall(r"\b(RIJN_ERR_\w+)\s*=", open(os.path.join(ROOT, "include", "rijn", "rijn.h")).read())
    assert codes and not [c for c in codes if c not in page]
