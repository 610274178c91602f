#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Cycles of one X25519 scalar multiplication on ARM cores, estimated by
llvm-mca (make mca runs it after bench/mca.py).

No ARM board here: llvm-mca-19 analyses the straight-line code of one
ladder step, one squaring and one multiplication (bench/mca/x25519.c,
compiled by the cross compiler with the library's flags) on LLVM's models
of the cores, repeating each region with its loop-carried dependences.
The estimate of one X25519 is then

    255 steps + 254 squarings + 11 multiplications (the inversion)

leaving out the decoding, the encoding and the call (well under 1%).
On 64-bit targets the inversion is ten batches of divsteps instead
(see BATCHES). The public key (core_base in src/x25519/curve_core.h,
the fixed-base method every driver here uses) is estimated the same way:

    64 selections + 64 mixed additions + 4 doublings + the inversion
    + 1 multiplication

where a selection is the scan of a table row's eight entries, their
decoding and the conditional negation. Those three regions are compiled
a second time with GCC's complete-peeling limits raised (PEEL below),
because the portable scan's loop over the entries is otherwise left as
a loop, which llvm-mca cannot analyse; that compile is used for them
alone, so the other regions are exactly the library's code.
These are model estimates, not measurements.

  AArch64  x25519-arm64 (radix 2^64, MUL, UMULH and ADDS/ADCS in inline
           assembly), x25519-ref51 (radix 2^51 in C: MUL and UMULH) and
           x25519-neon on cortex-a57, cortex-a72, neoverse-n1 and
           cortex-a510
  ARMv7    x25519-ref25 (radix 2^25.5: SMULL, SMLAL) and x25519-neon
           (the same radix, two products per VMULL.S32 / VMLAL.S32, the
           two-lane ladder step of src/x25519/ladder2.h; its inversion is
           scalar) on cortex-a9, cortex-a15 and cortex-a57 in AArch32. LLVM 19 describes
           cortex-a7 and cortex-a8 by itineraries only, which llvm-mca
           cannot use ("instruction itineraries are currently
           unsupported"): those rows say so instead of giving a figure.

Usage: python3 bench/mca_x25519.py [--json] [--iterations N]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
MCA = "llvm-mca-19"
# The library's flags for src/x25519 (Makefile: -O3, no vectoriser).
BASE = ["-std=c11", "-O3", "-fno-tree-vectorize", "-D_DEFAULT_SOURCE", "-Iinclude", "-Isrc"]
TARGETS = [
    ("aarch64", "aarch64-linux-gnu-gcc", [], "x25519/x25519_arm64.c", "aarch64-linux-gnu",
     ("cortex-a57", "cortex-a72", "neoverse-n1", "cortex-a510")),
    ("aarch64", "aarch64-linux-gnu-gcc", [], "x25519/x25519_ref51.c", "aarch64-linux-gnu",
     ("cortex-a57", "cortex-a72", "neoverse-n1", "cortex-a510")),
    ("aarch64", "aarch64-linux-gnu-gcc", ["-DX25519_LADDER2"], "x25519/x25519_neon.c", "aarch64-linux-gnu",
     ("cortex-a57", "cortex-a72", "neoverse-n1", "cortex-a510")),
    ("armv7", "arm-linux-gnueabihf-gcc", ["-march=armv7-a", "-mfpu=neon", "-mfloat-abi=hard"],
     "x25519/x25519_ref25.c", "armv7a-linux-gnueabihf",
     ("cortex-a7", "cortex-a8", "cortex-a9", "cortex-a15", "cortex-a57")),
    # x25519-neon: the build's armhf baseline (no -mfpu=neon; the file
    # turns NEON on itself, as in the library).
    ("armv7", "arm-linux-gnueabihf-gcc", ["-DX25519_LADDER2"], "x25519/x25519_neon.c", "armv7a-linux-gnueabihf",
     ("cortex-a7", "cortex-a8", "cortex-a9", "cortex-a15", "cortex-a57")),
]
STEPS, SQRS, MULS = 255, 254, 11
# core_base: 64 selections and mixed additions, 4 doublings.
SELECTS, MADDS, DBLS = 64, 64, 4
PEEL = ["--param", "max-completely-peeled-insns=4000", "--param", "max-completely-peel-times=16",
        "--param", "max-unrolled-insns=4000"]
# divsteps: ten batches of 59 steps and two matrix products each; the
# product x2 * (1/z2) after it, which Fermat's count leaves out too, is
# left out here as well (MULS_AFTER = 0) so that the two stay comparable.
BATCHES, MULS_AFTER = 10, 0


def regions(asm_path, triple, cpu, iterations):
    """Cycles per iteration of each region, or None where LLVM has no
    scheduling model that llvm-mca can use for cpu."""
    r = subprocess.run([MCA, f"-mtriple={triple}", f"-mcpu={cpu}", f"-iterations={iterations}", asm_path],
                       capture_output=True, text=True)
    if r.returncode != 0:
        if "itineraries are currently unsupported" in r.stderr:
            return None
        sys.exit(f"mca_x25519: llvm-mca failed for {cpu} on {asm_path}:\n{r.stderr}")
    out = r.stdout
    cyc = {}
    for m in re.finditer(r"Code Region - (\w+)\s+Iterations:\s+(\d+)\s+Instructions:\s+\d+\s+Total Cycles:\s+(\d+)",
                         out):
        cyc[m.group(1)] = int(m.group(3)) / int(m.group(2))
    return cyc


def straight_line(arch, text, names):
    """Exit unless each region is straight-line code: a branch or call in
    a region would be analysed as if it fell through."""
    for name in names:
        body = text.split(f"LLVM-MCA-BEGIN {name}", 1)[1].split("LLVM-MCA-END", 1)[0]
        # GCC's ARM code jumps over the literal pools it places inside
        # long functions ("b .L9" then ".word" lines, then ".L9:"): such
        # a branch lands on the next instruction, so it is dropped, with
        # the pool's data lines.
        body = re.sub(r"^\s+b\s+(\.L\w+)\n(?:(?:\s*\.\w+.*|\.L\w+:.*|\s*@.*)\n)*?\1:\n", "", body, flags=re.M)
        bad = re.findall(r"^\s+(b|bl|blx|bx|b\.\w+|cbz|cbnz|beq|bne)\s", body, re.M)
        if bad:
            sys.exit(f"mca_x25519: {arch} region {name} has branches {bad[:3]}: not straight-line")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--iterations", type=int, default=100)
    a = ap.parse_args()
    if not shutil.which(MCA):
        sys.exit("mca_x25519: llvm-mca-19 not installed (apt-get install llvm-19)")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for arch, cc, flags, driver, triple, cpus in TARGETS:
            if not shutil.which(cc):
                print(f"mca_x25519: SKIPPED {arch}: {cc} not installed", file=sys.stderr)
                continue
            asm = os.path.join(tmp, f"{arch}-{os.path.basename(driver)}.s")
            subprocess.run([cc, *BASE, *flags, f'-DX25519_DRIVER="{driver}"', "-S", "-o", asm,
                            os.path.join(ROOT, "bench", "mca", "x25519.c")], cwd=ROOT, check=True)
            text = open(asm).read()
            names = ("step", "sqr", "mul") + (("mul2", "sqr2") if "-DX25519_LADDER2" in flags else ())
            # 64-bit targets invert single operations by divsteps
            # (src/x25519/invert.c): the regions exist where it is built.
            divsteps = "LLVM-MCA-BEGIN divsteps" in text
            if divsteps:
                names += ("divsteps", "updates")
            straight_line(arch, text, names)
            asm_base = None
            if arch == "aarch64":
                # ARMv7: with the peeling limits raised GCC turns the
                # scan's selections into Thumb-2 IT blocks, which
                # llvm-mca-19 rejects, so the public key has no ARMv7
                # estimate (the column reads '-').
                asm_base = os.path.join(tmp, f"{arch}-{os.path.basename(driver)}-base.s")
                subprocess.run([cc, *BASE, *flags, *PEEL, "-DMCA_BASE", f'-DX25519_DRIVER="{driver}"', "-S", "-o", asm_base,
                                os.path.join(ROOT, "bench", "mca", "x25519.c")], cwd=ROOT, check=True)
                straight_line(arch, open(asm_base).read(), ("select", "madd", "dbl"))
            for cpu in cpus:
                c = regions(asm, triple, cpu, a.iterations)
                name = os.path.basename(driver)[:-2].replace("_", "-")
                if c is None:
                    rows.append({"arch": arch, "driver": name, "cpu": cpu, "step": None, "sqr": None, "mul": None,
                                 "x25519": None, "base": None})
                    continue
                cb = regions(asm_base, triple, cpu, a.iterations) if asm_base else None
                if "mul2" in c:
                    # the two-lane products are out-of-line calls in the
                    # library: the step is its rest plus five of them
                    c["step"] += 3 * c["mul2"] + 2 * c["sqr2"]
                fermat = SQRS * c["sqr"] + MULS * c["mul"]
                inv = BATCHES * (c["divsteps"] + c["updates"]) if divsteps else fermat
                total = STEPS * c["step"] + inv + (MULS_AFTER * c["mul"] if divsteps else 0)
                base = SELECTS * cb["select"] + MADDS * cb["madd"] + DBLS * cb["dbl"] + inv + c["mul"] if cb else None
                rows.append({"arch": arch, "driver": name, "cpu": cpu, "step": round(c["step"], 1),
                             "sqr": round(c["sqr"], 1), "mul": round(c["mul"], 1),
                             "inversion": "divsteps" if divsteps else "fermat", "inv": round(inv),
                             "fermat": round(fermat), "x25519": round(total),
                             **({"select": round(cb["select"], 1), "madd": round(cb["madd"], 1),
                                 "dbl": round(cb["dbl"], 1), "base": round(base)} if cb else
                                {"select": None, "madd": None, "dbl": None, "base": None})})
    if a.json:
        print(json.dumps(rows, indent=1))
        return
    print("# X25519: llvm-mca-19 estimates (cycles), 255 ladder steps + the inversion: 10 batches of 59 divsteps"
          " and their matrix products on 64-bit targets (the library's), else 254 squarings + 11 multiplications;"
          " 'fermat' is the chain's estimate for comparison. 'base' (the public key): 64 selections + 64 mixed"
          " additions + 4 doublings + the inversion + 1 multiplication")
    print(f"{'arch':<8} {'driver':<14} {'cpu':<12} {'step':>8} {'sqr':>7} {'mul':>7} {'inversion':>9} {'inv':>7} "
          f"{'fermat':>7} {'x25519':>9} {'select':>7} {'madd':>7} {'dbl':>7} {'base':>8}")
    for r in rows:
        if r["x25519"] is None:
            print(f"{r['arch']:<8} {r['driver']:<14} {r['cpu']:<12} no llvm-mca model (LLVM has itineraries only)")
            continue
        print(f"{r['arch']:<8} {r['driver']:<14} {r['cpu']:<12} {r['step']:8.1f} {r['sqr']:7.1f} {r['mul']:7.1f} "
              f"{r['inversion']:>9} {r['inv']:7d} {r['fermat']:7d} {r['x25519']:9d} "
              + (f"{r['select']:7.1f} {r['madd']:7.1f} {r['dbl']:7.1f} {r['base']:8d}" if r["base"] is not None
                 else f"{'-':>7} {'-':>7} {'-':>7} {'-':>8}"))


if __name__ == "__main__":
    main()
