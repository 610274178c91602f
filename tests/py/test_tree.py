# SPDX-License-Identifier: MIT
"""The tracked tree holds no leftover merge-conflict markers: a merge
committed with `<<<<<<<` in a document or a test file still builds and
passes everything else, so only this notices."""
import os
import re

from test_spdx import ROOT, tracked

import pytest

MARKER = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.M)


def conflicted(root, paths):
    bad = []
    for p in paths:
        if p.startswith("tests/fuzz/corpus/"):
            continue
        with open(os.path.join(root, p), encoding="utf-8", errors="replace") as f:
            if MARKER.search(f.read()):
                bad.append(p)
    return bad


def test_no_conflict_markers():
    files = tracked()
    if files is None:
        pytest.skip("not a git checkout: the tracked-file list comes from git ls-files")
    assert conflicted(ROOT, files) == []


def test_checker_can_fail(tmp_path):
    (tmp_path / "a.md").write_text("x\n<<<<<<< HEAD\ny\n=======\nz\n>>>>>>> other\n")
    (tmp_path / "b.md").write_text("a heading\n=========\nfine: eight, not seven\n")
    (tmp_path / "c.c").write_text("a <<<<<<< b\n")
    assert conflicted(str(tmp_path), ["a.md", "b.md", "c.c"]) == ["a.md"]
