# SPDX-License-Identifier: MIT
"""Readers for the vector files, shared by the Python tests and by
scripts/gen_kat.py (which turns them into the flat file that the C vector
test, tests/c/test_kat.c, reads on every architecture). No rijn import
here: the generator runs before anything is built."""


def records(path):
    """Parse a CAVS .rsp/.txt file: yields (section, params, record)."""
    section, params, rec = None, {}, {}
    with open(path) as f:
        lines = f.read().splitlines() + [""]
    for line in lines:
        line = line.strip()
        if line.startswith("#"):
            continue
        if line.startswith("["):
            if rec:
                yield section, dict(params), rec
                rec = {}
            body = line.strip("[]")
            if "=" not in body:
                section = body
                params = {}
            else:
                for part in body.split(","):
                    k, v = part.split("=")
                    params[k.strip().lower()] = v.strip()
            continue
        if not line:
            if rec:
                yield section, dict(params), rec
                rec = {}
            continue
        if line.upper() == "FAIL":
            rec["fail"] = True
            continue
        if "=" in line:
            k, v = line.split("=", 1)
            k, v = k.strip().lower(), v.strip()
            if k in ("count",) or rec or k not in ("plen", "nlen", "tlen", "alen"):
                rec[k] = v
            else:
                params[k] = v
