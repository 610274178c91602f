import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import rijn_ffi  # noqa: E402

WYCHEPROOF = os.environ.get(
    "RIJN_WYCHEPROOF",
    os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "vectors", "wycheproof")))


def mode_drivers(alg):
    """Every available driver of a mode, from the registry."""
    ds = [d["driver"] for d in rijn_ffi.drivers(alg) if d["available"]]
    assert ds, f"no available driver for {alg}"
    return ds
