# SPDX-License-Identifier: MIT
"""Every tracked source file names its licence in an SPDX line (issue 19).

The line must be within the first two lines (the second only after a `#!`
line), and must name the licence in LICENSE. Data files are exempt: the
fuzz corpus, vectors (.json, .txt), prose (.md), LICENSE itself,
three Debian files whose format has no comments, and bench/peers'
Cargo.lock, which cargo writes and checks (make speed-peers builds with
--locked).
"""
import os
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TAG = "SPDX-License-Identifier: MIT"
EXEMPT_DIRS = ("tests/fuzz/corpus/",)
EXEMPT_EXT = (".md", ".json", ".txt", ".svg")
# Debian's changelog, copyright and source/format have fixed formats with
# no room for a comment line (debian/copyright names the licence itself).
# bench/peers/Cargo.lock is cargo's own output: cargo rewrites it whole,
# with its own header, whenever it updates it.
EXEMPT_FILES = {"LICENSE", "debian/changelog", "debian/copyright", "debian/source/format", "bench/peers/Cargo.lock"}


def needs_tag(path):
    return not (path.startswith(EXEMPT_DIRS) or path.endswith(EXEMPT_EXT) or path in EXEMPT_FILES)


def has_tag(text):
    lines = text.split("\n", 2)
    head = lines[:2] if lines[0].startswith("#!") else lines[:1]
    return any(TAG in line for line in head)


def missing(root, paths):
    bad = []
    for p in paths:
        if not needs_tag(p):
            continue
        with open(os.path.join(root, p), encoding="utf-8", errors="replace") as f:
            if not has_tag(f.read(4096)):
                bad.append(p)
    return bad


def tracked():
    try:
        r = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], capture_output=True, timeout=60)
    except FileNotFoundError:
        return None
    if r.returncode != 0:
        return None
    return [p for p in r.stdout.decode().split("\0") if p and os.path.isfile(os.path.join(ROOT, p))]


def test_every_tracked_source_file_has_spdx():
    files = tracked()
    if files is None:
        pytest.skip("not a git checkout: the tracked-file list comes from git ls-files")
    assert len(files) > 100
    assert missing(ROOT, files) == []


def test_licence_file_is_mit():
    with open(os.path.join(ROOT, "LICENSE")) as f:
        assert f.readline().strip() == "MIT License"


def test_checker_can_fail(tmp_path):
    # The check above must be able to fail: a file without the line, one
    # with it on line 2 without a shebang, and one with another licence.
    (tmp_path / "a.c").write_text("int x;\n")
    (tmp_path / "b.c").write_text("/* x */\n/* SPDX-License-Identifier: MIT */\n")
    (tmp_path / "c.py").write_text("# SPDX-License-Identifier: GPL-2.0\n")
    (tmp_path / "d.sh").write_text("#!/bin/sh\n# SPDX-License-Identifier: MIT\n")
    (tmp_path / "e.c").write_text("/* SPDX-License-Identifier: MIT */\nint y;\n")
    (tmp_path / "f.json").write_text("{}")
    assert missing(str(tmp_path), ["a.c", "b.c", "c.py", "d.sh", "e.c", "f.json"]) == ["a.c", "b.c", "c.py"]
