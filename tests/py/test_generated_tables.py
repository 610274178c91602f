# SPDX-License-Identifier: MIT
"""Committed headers that a script generates must be that script's output,
so a hand edit or a stale header fails:

- src/aes/vperm_tables.h (scripts/gen_vperm_tables.py): aes-vperm's
  shuffle tables; the generator checks the cipher they describe against the
  `cryptography` package before printing;
- src/aes/gfni_consts.h (scripts/gen_gfni_consts.py): aes-gfni's GFNI
  matrices and shuffle indices, likewise checked against `cryptography`;
- src/aes/sbox_tables.h (scripts/gen_sbox.py): the S-box and its inverse
  from their FIPS 197 definition, for aes-neon's TBL lookups;
- src/x25519/base_table.c (scripts/gen_x25519_table.py): multiples of the
  Ed25519 base point for X25519's fixed-base method; the generator checks
  the point is on the curve, maps to u = 9 and has order L.
"""
import os
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


@pytest.mark.parametrize("script,header", [("gen_vperm_tables.py", "aes/vperm_tables.h"), ("gen_sbox.py", "aes/sbox_tables.h"),
                                           ("gen_gfni_consts.py", "aes/gfni_consts.h"),
                                           ("gen_x25519_table.py", "x25519/base_table.c")])
def test_generated_header_is_current(script, header):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", script)], capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    with open(os.path.join(ROOT, "src", header)) as f:
        assert f.read() == r.stdout, f"src/{header} differs from scripts/{script}'s output"
