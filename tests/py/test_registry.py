# SPDX-License-Identifier: MIT
"""The one driver list: every descriptor the library defines is listed in
src/core/drivers.def, and nothing is listed that the library lacks.

The registry's tables are generated from drivers.def, so a descriptor left
out of it would compile, link and never be registered, and no other test
would notice. Here the static library's symbol table is the ground truth:
every `rijn_*_desc` (a driver) and `rijn_*_template` (a mode template)
object in librijn.a must have its line, and every line its object."""
import os
import re
import shutil
import subprocess

import pytest

from rijn_ffi import BUILD

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEF = os.path.join(ROOT, "src", "core", "drivers.def")
DESC = re.compile(r"^rijn_\w+_(desc|template)$")


def listed():
    text = open(DEF).read()
    drivers = re.findall(r"^RIJN_DRIVER\((\w+)\)", text, re.M)
    drivers += re.findall(r"^RIJN_PRIMITIVE\(\w+, *(\w+)\)", text, re.M)
    templates = re.findall(r"^RIJN_TEMPLATE\((\w+)\)", text, re.M)
    return drivers, templates


def defined(lib):
    if not shutil.which("nm"):
        pytest.skip("nm (binutils) not installed")
    out = subprocess.run(["nm", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
    syms = set()
    for line in out.splitlines():
        f = line.split()
        # Descriptors are read-only data: R (or D where relocations need
        # writable data, as under -fPIC on some targets).
        if len(f) == 3 and f[1] in "RDrd" and DESC.match(f[2]):
            syms.add(f[2])
    return syms


def test_every_defined_descriptor_is_listed_once():
    drivers, templates = listed()
    names = drivers + templates
    assert len(names) == len(set(names)), "a line appears twice in drivers.def"
    lib = os.path.join(BUILD, "librijn.a")
    syms = defined(lib)
    assert syms, f"no descriptor found in {lib}"
    assert sorted(syms - set(names)) == [], "defined in librijn.a but missing from src/core/drivers.def"
    assert sorted(set(names) - syms) == [], "listed in src/core/drivers.def but not defined"


def test_templates_and_primitives_are_registered():
    """What the registry lists agrees with the list: one instance per
    template and part combination, every built driver once. Checked by
    name format: each template's instances carry its algorithm name."""
    import json
    out = subprocess.run([os.path.join(BUILD, "rijn"), "list", "--json"], capture_output=True, text=True,
                         check=True).stdout
    entries = json.loads(out)
    names = [e["driver"] for e in entries]
    assert len(names) == len(set(names)), "a driver name is registered twice"
    _, templates = listed()
    algs = {e["algorithm"] for e in entries if e["template"]}
    # Every template produced instances (each has at least one part here:
    # the portable drivers are always built).
    assert len(algs) == len(templates), (sorted(algs), templates)
