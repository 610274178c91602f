# SPDX-License-Identifier: MIT
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import rijn_ffi  # noqa: E402

WYCHEPROOF = os.environ.get(
    "RIJN_WYCHEPROOF",
    os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "vectors", "wycheproof")))


def mode_drivers(alg):
    """Every available driver of a mode, from the registry.

    RIJN_TEST_DRIVERS narrows the set: "selected" keeps the driver that
    selection picks (the qemu CPU-tier runs), anything else is a
    comma-separated list of substrings of driver names (the VAES emulation
    build runs only its VAES drivers)."""
    ds = [d for d in rijn_ffi.drivers(alg) if d["available"]]
    only = os.environ.get("RIJN_TEST_DRIVERS", "")
    if only == "selected":
        ds = [d for d in ds if d["selected"]]
    elif only:
        ds = [d for d in ds if any(s in d["driver"] for s in only.split(","))]
    names = [d["driver"] for d in ds]
    assert names or only, f"no available driver for {alg}"
    return names


# RIJN_TEST_QUICK=1: fewer lengths, for runs under qemu's emulation.
QUICK = os.environ.get("RIJN_TEST_QUICK") == "1"
