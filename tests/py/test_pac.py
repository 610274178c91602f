# SPDX-License-Identifier: MIT
"""Pointer authentication (include/rijn/pac.h): the C test (paper vectors,
every driver against the pseudocode reference, AES PAC against rijn's
ECB, batches, bad input) under each tier that RIJN_CPU can force on this
machine, and the driver the public functions use against the registry's
selection (`rijn list`) in each. Under qemu for aarch64, armv7 and s390x
the same program runs from tests/py/test_cross.py."""
import os
import subprocess

import pytest

import rijn_list
from rijn_ffi import BUILD

PROG = os.path.join(BUILD, "tests", "test_pac")
RIJN = os.path.join(BUILD, "rijn")
# Masks from the fastest tier down (each checked against `rijn list`).
MASKS = ["", "-avx2", "-aesni", "-aesni,-ssse3", "none"]


def env_for(mask):
    e = dict(os.environ)
    e.pop("RIJN_CPU", None)
    if mask:
        e["RIJN_CPU"] = mask
    return e


@pytest.mark.parametrize("mask", MASKS)
def test_pac_drivers(mask):
    r = subprocess.run([PROG], capture_output=True, text=True, env=env_for(mask), timeout=900)
    print(r.stdout[-2000:], r.stderr[-2000:])
    assert r.returncode == 0, r.stderr
    assert " 0 failed" in r.stdout


@pytest.mark.parametrize("mask", MASKS)
def test_selection_matches_registry(mask):
    sel = subprocess.run([PROG, "--selected"], capture_output=True, text=True, env=env_for(mask),
                         timeout=60).stdout.strip()
    out = subprocess.run([RIJN, "list"], capture_output=True, text=True, env=env_for(mask), timeout=60).stdout
    feats, chosen = rijn_list.parse(out)
    assert chosen.get("pac") == sel, f"RIJN_CPU={mask}: test_pac picks {sel}, rijn list selects {chosen.get('pac')}"
    if not ({"ssse3", "neon"} & feats):
        assert sel == "pac-ct64", f"RIJN_CPU={mask}: no vector unit left, yet {sel} was picked"


def test_masking_changes_the_pick():
    picks = [subprocess.run([PROG, "--selected"], capture_output=True, text=True, env=env_for(m),
                            timeout=60).stdout.strip() for m in ("", "none")]
    feats, _ = rijn_list.parse(subprocess.run([RIJN, "list"], capture_output=True, text=True,
                                              env=env_for(""), timeout=60).stdout)
    if not ({"ssse3", "neon"} & feats):
        pytest.skip("this CPU has no vector unit: only pac-ct64 runs")
    assert picks[0] != picks[1] and picks[1] == "pac-ct64", picks
