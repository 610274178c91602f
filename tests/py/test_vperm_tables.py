"""aes-vperm's shuffle tables are generated (scripts/gen_vperm_tables.py),
and the generator checks the cipher it describes against the
`cryptography` package before printing. This test reruns it and compares
with the committed header, so a hand edit or a stale header fails."""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


def test_vperm_tables_are_current():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "gen_vperm_tables.py")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    with open(os.path.join(ROOT, "src", "aes", "vperm_tables.h")) as f:
        assert f.read() == r.stdout, "src/aes/vperm_tables.h differs from the generator's output"
