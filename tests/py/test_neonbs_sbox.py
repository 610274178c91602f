# SPDX-License-Identifier: MIT
"""The ARMv7 S-box of aes-neonbs (src/aes/neonbs_sbox_arm32.h) is written
by scripts/neonbs_sbox_arm32.py: the header must be the script's current
output, and the script's own check of each circuit (S(x) ^ 0x63, or
InvS(x), on every byte) must reject a circuit with one gate wrong. The driver itself runs the
AES vectors under qemu-arm in test_cross.py."""
import importlib.util
import os
import subprocess
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "neonbs_sbox_arm32.py")


def load():
    spec = importlib.util.spec_from_file_location("neonbs_sbox_arm32", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_neonbs_sbox_arm32_is_current():
    r = subprocess.run([sys.executable, SCRIPT, "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.parametrize("which", ["forward", "inverse"])
@pytest.mark.parametrize("mutation", ["drop", "and_for_xor", "swap_operand"])
def test_the_circuit_check_catches_a_wrong_gate(which, mutation):
    mod = load()
    make, table = ((mod.sbox_circuit, mod.forward_table) if which == "forward"
                   else (mod.inv_sbox_circuit, mod.inverse_table))
    c = make()
    mod.output_bits(c, table())     # the real circuit passes
    k = next(i for i, g in enumerate(c.g) if g[1] == "^" and i > 20)
    d, op, a, b = c.g[k]
    if mutation == "drop":
        del c.g[k]
    elif mutation == "and_for_xor":
        c.g[k] = (d, "&", a, b)
    else:
        c.g[k] = (d, op, a, "t3" if b != "t3" else "s3")
    with pytest.raises(SystemExit):
        mod.output_bits(c, table())
