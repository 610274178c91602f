# SPDX-License-Identifier: MIT
"""The X25519 bound checker (tests/proof/, `make proof`) and its negative
test.

tests/proof/bounds.cc compiles src/x25519/fe51.h, fe25.h, fe51v.h,
curve_core.h, ladder2.h and ladder4.h
with interval limb types and proves, for all inputs within the bounds
written on each routine, that nothing overflows and the outputs keep to
their stated bounds (docs/security.md, "What is proven").

- The checker, built from the tree as it is, must pass and list every
  routine.
- Mutants: copies of the headers with one carry step removed (or a carry's
  rounding, or a carry a curve formula relies on), put first on the
  include path so that they shadow the originals. The checker must fail
  on each and name the routine that breaks. A mutant that no longer
  applies (the header changed) fails the test rather than testing nothing.

A bound checker sees a removed carry when the removal lets a limb grow: a
step that keeps the low bits and drops the carry-in to the next limb only
makes numbers smaller, which is a wrong value (the KATs catch it), not a
broken bound; the mutants here are all of the first kind.
"""
import os
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CXX = os.environ.get("PROOF_CXX", "g++")
# The Makefile's PROOF_CXXFLAGS (without -Werror: a mutant may leave an
# unused variable behind).
FLAGS = ["-std=c++17", "-O0", "-Wall", "-Wextra"]

ROUTINES = [
    "fe51_0, fe51_1", "fe51_add", "fe51_sub", "fe51_neg", "fe51_carry_wide", "fe51_mul", "fe51_sqr",
    "fe51_mul_a24", "fe51_carry", "fe51_canon",
    "core_ladder_step [fe51]", "core_madd [fe51]", "core_dbl [fe51]", "core_invert [fe51]",
    "core_scalarmult [fe51]", "core_base [fe51]",
    "fe51v_0, fe51v_1", "fe51v_carry", "fe51v_add", "fe51v_sub", "fe51v_neg", "fe51v_mul", "fe51v_sqr",
    "fe51v_mul_a24", "core_ladder_step [fe51v]", "ladder4_step [fe51v x 4]",
    "edwards4_madd [fe51v x 4]", "edwards4_dbl [fe51v x 4]", "core_invert [fe51v]", "core_scalarmult [fe51v]",
    "core_base [fe51v]",
    "fe25_0, fe25_1", "fe25_add", "fe25_sub", "fe25_neg", "fe25_carry_wide", "fe25_mul", "fe25_sqr",
    "fe25_mul_a24", "fe25_carry", "fe25_canon",
    "core_ladder_step [fe25]", "core_madd [fe25]", "core_dbl [fe25]", "core_invert [fe25]",
    "core_scalarmult [fe25]", "core_base [fe25]",
]
# Listed, not run (interval.h and bounds.cc say why).
MODELLED = ["fe51_cswap, fe51_cmov", "fe51v_cswap, fe51v_cmov", "fe51_frombytes, _tobytes", "fe25_cswap, fe25_cmov", "fe25_frombytes, _tobytes"]

# (id, header, text, replacement, which occurrence (1-based), routines that must FAIL)
MUTANTS = [
    ("fe51-final-carry", "fe51.h",
     "    r0 = (fe51_limb)(c & FE51_MASK);\n    r1 += (fe51_limb)(c >> 51); /* c >> 51 < 2^19 + 1 */\n",
     "    r0 = (fe51_limb)c;\n", 1, ["fe51_mul", "fe51_sqr", "fe51_carry_wide"]),
    ("fe51-carry-limb2", "fe51.h",
     "    t3 += t2 >> 51;\n    fe51_limb r2 = (fe51_limb)(t2 & FE51_MASK);\n",
     "    fe51_limb r2 = (fe51_limb)t2;\n", 1, ["fe51_mul", "fe51_sqr"]),
    ("fe51-carry-limb4", "fe51.h",
     "    fe51_wide c = (t4 >> 51) * 19 + r0; /* < 2^70 + 2^51 */\n    fe51_limb r4 = (fe51_limb)(t4 & FE51_MASK);\n",
     "    fe51_wide c = r0;\n    fe51_limb r4 = (fe51_limb)t4;\n", 1, ["fe51_mul", "fe51_carry"]),
    ("fe51-canon-top-mask", "fe51.h",
     "    f4 &= FE51_MASK; /* drops 2^255 q */\n", "", 1, ["fe51_canon"]),
    ("fe51-canon-second-pass-limb1", "fe51.h",
     "    f2 += f1 >> 51;\n    f1 &= FE51_MASK;\n", "", 2, ["fe51_canon"]),
    ("fe25-carry-8", "fe25.h", "    FE25_CARRY(t, 8);\n", "", 1, ["fe25_mul", "fe25_carry"]),
    ("fe25-carry-4-first", "fe25.h", "    FE25_CARRY(t, 4);\n", "", 1, ["fe25_mul", "fe25_sqr"]),
    ("fe25-carry-0-second-pass", "fe25.h", "    FE25_CARRY(t, 0);\n", "", 2, ["fe25_mul", "fe25_carry"]),
    ("fe25-carry-9", "fe25.h",
     "        t[0] += c * 19;\n        t[9] -= c * ((fe25_wide)1 << 25);\n", "", 1, ["fe25_mul"]),
    ("fe25-carry-rounds-down", "fe25.h",
     "((t)[(i)] + ((fe25_wide)1 << (w_ - 1))) >> w_", "((t)[(i)]) >> w_", 1, ["fe25_carry", "fe25_mul"]),
    # fe51v.h (x25519-ifma): an add that does not carry hands the next
    # multiplication limbs of 2^52 and more, which VPMADD52LUQ/HUQ would
    # truncate; the top limb's carry kept in place; a24's low halves not
    # masked to 51 bits (their bit 51 counted twice).
    ("fe51v-add-no-carry", "fe51v.h", "    fe51v_carry(h, &t);\n", "    *h = t;\n", 1,
     ["fe51v_add", "core_ladder_step [fe51v]", "ladder4_step [fe51v x 4]"]),
    ("fe51v-carry-top-limb", "fe51v.h", "fv_add(fv_and(f->v[4], FE51V_M51), c3)", "fv_add(f->v[4], c3)", 1,
     ["fe51v_carry", "fe51v_mul", "fe51v_sqr"]),
    ("fe51v-a24-unmasked", "fe51v.h", "l[k] = fv_and(fv_madd52lo(fv_zero(), f->v[k], c), FE51V_M51);",
     "l[k] = fv_madd52lo(fv_zero(), f->v[k], c);", 1, ["fe51v_mul_a24", "core_ladder_step [fe51v]"]),
    # A composition: without the carry of G, C - G gets an operand outside
    # sub's precondition (fe51: g <= 4p; fe25: the difference outside loose).
    ("core-dbl-no-carry-of-g", "curve_core.h", "    FE_CARRY(&g, &g);\n", "", 1,
     ["core_dbl [fe51]", "core_dbl [fe25]", "core_base [fe51]", "core_base [fe25]"]),
]


def compile_and_run(out_dir, include_first=None):
    exe = os.path.join(out_dir, "bounds")
    inc = (["-I", include_first] if include_first else []) + ["-I", "tests/proof", "-I", "src", "-I", "include"]
    c = subprocess.run([CXX] + FLAGS + inc + ["-o", exe, "tests/proof/bounds.cc"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    if c.returncode != 0:
        return None, c.stderr
    r = subprocess.run([exe], capture_output=True, text=True, timeout=120)
    return r.returncode, r.stdout + r.stderr


def mutate(text, old, new, occurrence):
    at = -1
    for _ in range(occurrence):
        at = text.find(old, at + 1)
        if at < 0:
            return None
    return text[:at] + new + text[at + len(old):]


def status(output, routine):
    """The checker's verdict on a routine: its line starts with the name,
    padded to 26 columns, then OK, FAIL or NRUN."""
    for line in output.splitlines():
        if line.startswith(routine + " ") and line[:26].rstrip() == routine:
            return line[26:].split()[0]
    return None


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """The checker on the tree and on every mutant, built in parallel
    (each is a 2-second compile)."""
    if shutil.which(CXX) is None:
        pytest.fail(f"{CXX} not found: the bound checker needs it (scripts/deps.sh installs g++)")
    jobs = {"original": (str(tmp_path_factory.mktemp("original")), None)}
    for mid, header, old, new, occ, _ in MUTANTS:
        d = tmp_path_factory.mktemp(mid)
        with open(os.path.join(ROOT, "src", "x25519", header)) as f:
            text = mutate(f.read(), old, new, occ)
        if text is None:
            jobs[mid] = None
            continue
        os.makedirs(d / "x25519")
        (d / "x25519" / header).write_text(text)
        jobs[mid] = (str(d), str(d))
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as ex:
        futs = {k: ex.submit(compile_and_run, *v) for k, v in jobs.items() if v is not None}
        return {k: (futs[k].result() if k in futs else "no longer applies") for k in jobs}


def test_checker_passes_and_lists_every_routine(runs):
    rc, out = runs["original"]
    assert rc is not None, f"the checker does not compile:\n{out}"
    assert rc == 0, f"the checker finds a violation:\n{out}"
    for r in ROUTINES:
        assert status(out, r) == "OK", f"{r} not listed as OK:\n{out}"
    for r in MODELLED:
        assert status(out, r) == "NRUN", f"{r} not listed:\n{out}"


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m[0] for m in MUTANTS])
def test_checker_fails_on_mutant(runs, mutant):
    mid, header, old, new, occ, must_fail = mutant
    res = runs[mid]
    assert res != "no longer applies", f"mutant {mid}: src/x25519/{header} no longer has {old!r} (occurrence {occ})"
    rc, out = res
    assert rc is not None, f"mutant {mid} does not compile:\n{out}"
    assert rc == 1, f"mutant {mid}: the checker did not fail:\n{out}"
    for r in must_fail:
        assert status(out, r) == "FAIL", f"mutant {mid}: {r} not reported as FAIL:\n{out}"
        # The violation line names the routine and what went wrong.
        lines = out.splitlines()
        i = next(i for i, line in enumerate(lines) if line[:26].rstrip() == r)
        assert lines[i + 1].strip().startswith(r + ":") or lines[i + 1].strip().startswith(r + " /"), lines[i + 1]
