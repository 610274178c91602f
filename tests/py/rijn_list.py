# SPDX-License-Identifier: MIT
"""`rijn list` parsed: shared by the ladder tests (test_native_ladder.py
natively, test_tiers.py under qemu-x86_64, test_cross.py under the ARM
and s390x qemus)."""
import re


def parse(stdout):
    """(features in effect, {algorithm: selected driver}) from the text of
    `rijn list`: its first line names the features, then a header, then one
    row per driver whose sixth column says whether it is selected."""
    cpu = set(re.search(r"^# cpu: (.*)$", stdout, re.M).group(1).split(",")) - {"(none)"}
    sel = {}
    for line in stdout.splitlines()[2:]:
        f = line.split()
        if len(f) >= 6 and f[5] == "yes":
            sel[f[0]] = f[1]
    return cpu, sel
