#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Cycles per byte of the AArch64 kernels, estimated by llvm-mca (make mca).

We have no ARM board, so this stands in for one. Each kernel in bench/mca/
includes one driver's source and calls its shipped function with AES-128's
round count fixed, with everything inlined (see bench/mca/mca.h). The
driver marks its steady-state loop body with RIJN_MCA_BEGIN/END; this
script compiles the kernels with gcc-aarch64-linux-gnu, cuts each marked
region out of the kernel's function, refuses any region that still holds a
branch (llvm-mca would analyse it as straight-line code, which it would not
be), and runs llvm-mca-19 on it for three CPU models:

  cortex-a57   the only LLVM model that knows the cost of TBL, AESE and
               PMULL well; out of order, one AES pipe
  neoverse-n1  a modern big core
  cortex-a510  in order, the nearest LLVM 19 has to the Cortex-A53/A55

AESE/AESMC fusion: these cores fuse an AESMC that directly follows an
AESE on the same register (and AESIMC after AESD) into one operation;
that is what puts the floor of a 10-round AES at 10 operations per block,
0.625 cycles per byte on one AES pipe. llvm-mca 19 does not model it, so
its A57 floor would be 19 operations, 1.19 cycles per byte. LLVM 20 added
the fusion to llvm-mca (AArch64CustomBehaviour: the second instruction of
the pair is eliminated and its reads and writes move to the first, which
keeps its own latency); this script does the same on the input text,
dropping the AESMC/AESIMC of every adjacent same-register pair, and prints
how many pairs GCC left adjacent. --no-fuse shows the unfused model.

llvm-mca repeats the region (-iterations) with its loop-carried register
dependences, so cycles per iteration include the chains that cross
iterations (the CBC and GHASH chains). Bytes per iteration are the
region's, from the table below. These are model estimates, not
measurements: caches, the front end and fusion are modelled roughly or
not at all.

Usage: python3 bench/mca.py [--json] [--iterations N] [--no-fuse]
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
CC = "aarch64-linux-gnu-gcc"
MCA = "llvm-mca-19"
CPUS = ("cortex-a57", "neoverse-n1", "cortex-a510")

# The library's own flags for src/aes (Makefile: -O3 and GCC's
# pressure-aware scheduling), with the ISA of the per-function targets.
BASE = ["-std=c11", "-O3", "-march=armv8-a+crypto", "-DRIJN_MCA", "-D_DEFAULT_SOURCE", "-Iinclude", "-Isrc",
        "-fschedule-insns", "-fsched-pressure"]
# The table and bit-sliced rounds are too long for GCC's default complete
# unrolling; the shipped loop runs the same round bodies with a counter and
# a branch per round (a few instructions of some 200).
UNROLL = ["--param", "max-completely-peel-times=16", "--param", "max-completely-peeled-insns=100000"]

# kernel file: extra flags
KERNELS = {
    "ce.c": [], "gcm_ce.c": [], "ghash_pmull.c": [],
    "neon.c": UNROLL, "neonbs.c": UNROLL, "ct128.c": UNROLL, "ct64.c": UNROLL,
    "ghash_neon.c": [], "ghash_neon_nohoist.c": [], "ghash_ct64.c": [], "vperm.c": UNROLL,
}

# (function, region): (label, bytes per iteration, what it is)
REGIONS = {
    ("mca_ce_ecb", "ce-ecb"): ("aes-ce ECB", 64, "4 blocks"),
    ("mca_ce_ctr", "ce-ctr"): ("aes-ce CTR", 64, "4 blocks"),
    ("mca_ce_cbc_enc", "ce-cbc-enc"): ("aes-ce CBC enc", 16, "1 block, serial chain"),
    ("mca_ce_cbc_dec", "ce-cbc-dec"): ("aes-ce CBC dec", 64, "4 blocks"),
    ("mca_ce_xts", "ce-xts"): ("aes-ce XTS", 64, "4 blocks"),
    ("mca_ce_ccm", "ce-ccm-enc"): ("aes-ce CCM", 16, "CTR and CBC-MAC in lockstep"),
    ("mca_gcm_ce_enc", "gcm-ce-enc"): ("gcm-aes-ce seal", 64, "4 CTR + 4 GHASH, stitched"),
    ("mca_gcm_ce_dec", "gcm-ce-dec"): ("gcm-aes-ce open", 64, "4 CTR + 4 GHASH, stitched"),
    ("mca_ghash_pmull", "ghash-pmull"): ("ghash-pmull", 64, "4 blocks, 1 reduction"),
    ("mca_neon_cbc_enc", "neon-cbc-enc"): ("aes-neon CBC enc", 16, "TBL S-box, serial chain"),
    ("mca_neon_ecb_dec", "neon-ecb-dec"): ("aes-neon ECB dec", 16, "TBL S-box, 1 block"),
    ("mca_neonbs_ctr", "neonbs-ctr"): ("aes-neonbs CTR", 128, "8 blocks bit-sliced"),
    ("mca_vperm_cbc_enc", "vperm-cbc-enc"): ("aes-vperm CBC enc", 16, "GF(16) shuffles, serial chain"),
    ("mca_ct128_ctr", "ct128-ctr"): ("aes-ct128 CTR (portable vector C)", 128, "8 blocks bit-sliced"),
    ("mca_ct64_ecb", "ct64-blocks"): ("aes-ct64 ECB (plain C, 64-bit words)", 64, "4 blocks bit-sliced"),
    ("mca_ghash_neon", "ghash-neon-4x"): ("ghash-neon", 64, "4 blocks, 8-bit PMULL, 1 placement and 1 reduction"),
    ("mca_ghash_neon", "ghash-neon"): ("ghash-neon, tail (1 to 3 blocks)", 16, "1 block, 8-bit PMULL"),
    ("mca_ghash_neon_nohoist", "ghash-neon-nohoist"): ("ghash-neon, H's rotations not hoisted (not shipped)", 16,
                                                      "1 block, 8-bit PMULL"),
    ("mca_ghash_ct64", "ghash-ct64"): ("ghash-ct64 (plain C)", 64, "4 blocks, integer multiplies"),
}

# The issue's goals: (label, cpu, region, <= cpb) and (label, cpu, fast, plain, >= ratio). "The same
# algorithm written plainly" is read as the plain C implementation of that algorithm: aes-ct64 for the
# bit-sliced AES (its ECB loop: less work than CTR, so the ratio is conservative), ghash-ct64 for GHASH.
ABS_GOALS = [("CE CTR <= 0.9 cpb", "cortex-a57", "ce-ctr", 0.9),
             ("CE GCM <= 1.2 cpb", "cortex-a57", "gcm-ce-enc", 1.2)]
REL_GOALS = [("neonbs CTR >= 1.2x bit-sliced AES in plain C (aes-ct64)", "cortex-a510", "neonbs-ctr",
              "ct64-blocks", 1.2),
             ("ghash-neon >= 1.2x GHASH in plain C (ghash-ct64)", "cortex-a510", "ghash-neon-4x", "ghash-ct64", 1.2)]
# Other comparisons worth a line: (label, cpu, fast, slow).
COMPARE = [("neonbs CTR against the same bit-sliced code in portable vector C (aes-ct128)", "neonbs-ctr",
            "ct128-ctr"),
           ("ghash-neon against itself without hoisting H's rotations", "ghash-neon", "ghash-neon-nohoist")]

BRANCH = re.compile(r"^(b|bl|br|blr|ret|cbz|cbnz|tbz|tbnz|b\.\w+)$")


def regions(asm):
    """{(function, region name): [instruction lines]} from gcc's output."""
    out, func, name, body = {}, None, None, None
    for raw in asm.splitlines():
        line = raw.strip()
        m = re.match(r"^([A-Za-z_]\w*):$", line)
        if m and not line.startswith("."):
            func = m.group(1)
            continue
        m = re.search(r"LLVM-MCA-BEGIN (\S+)", line)
        if m:
            name, body = m.group(1), []
            continue
        if "LLVM-MCA-END" in line:
            if name is not None:
                out.setdefault((func, name), body)
            name = body = None
            continue
        if body is None or not line or line.startswith((".", "//", "#", "@")) or line.endswith(":"):
            continue
        body.append(line.split("//")[0].rstrip())
    return out


FUSE = {"aese": "aesmc", "aesd": "aesimc"}


def fuse_aes(lines):
    """Drop the AESMC/AESIMC of each adjacent same-register AESE/AESD pair
    (the fused pair is one operation with AESE's latency, as in LLVM 20's
    llvm-mca). Returns the lines, the pairs fused, and the AESMC/AESIMC
    left unfused."""
    out, pairs, i = [], 0, 0
    while i < len(lines):
        op, args = (lines[i].split(None, 1) + [""])[:2]
        op = op.split(".")[0]  # AArch32 writes aese.8, aesmc.8
        if op in FUSE and i + 1 < len(lines):
            op2, args2 = (lines[i + 1].split(None, 1) + [""])[:2]
            op2 = op2.split(".")[0]
            regs = [a.strip() for a in args2.split(",")]
            if op2 == FUSE[op] and len(regs) == 2 and regs[0] == regs[1] == args.split(",")[0].strip():
                out.append(lines[i])
                pairs += 1
                i += 2
                continue
        out.append(lines[i])
        i += 1
    alone = sum(1 for l in out if l.split()[0].split(".")[0] in FUSE.values())
    return out, pairs, alone


def run_mca(lines, cpu, iterations):
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        r = subprocess.run([MCA, "-mtriple=aarch64-linux-gnu", f"-mcpu={cpu}", "-mattr=+aes", f"-iterations={iterations}", path],
                           capture_output=True, text=True)
    finally:
        os.unlink(path)
    if r.returncode != 0:
        raise RuntimeError(f"llvm-mca ({cpu}) failed:\n{r.stderr[-2000:]}")
    total = int(re.search(r"Total Cycles:\s+(\d+)", r.stdout).group(1))
    iters = int(re.search(r"Iterations:\s+(\d+)", r.stdout).group(1))
    return total / iters


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--no-fuse", action="store_true", help="no AESE/AESMC fusion (llvm-mca 19 as it is)")
    ap.add_argument("--armv7", action="store_true", help="the 32-bit ARM build instead (see ARMv7 below)")
    ap.add_argument("--only", help="with --armv7: these kernels only (comma-separated, e.g. neonbs.c,vperm.c)")
    ap.add_argument("--neonbs-rounds", action="store_true",
                    help="aes-neonbs's round loops as the ARMv7 library builds them (see neonbs_rounds)")
    args = ap.parse_args()
    if args.neonbs_rounds:
        return neonbs_rounds(args)
    if args.armv7:
        return armv7_main(args)
    for tool, pkg in ((CC, "gcc-aarch64-linux-gnu"), (MCA, "llvm-19")):
        if not shutil.which(tool):
            sys.exit(f"mca: {tool} not found (apt-get install {pkg})")
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        for src, extra in KERNELS.items():
            out = os.path.join(tmp, src + ".s")
            r = subprocess.run([CC, *BASE, *extra, "-S", "-o", out, os.path.join("bench", "mca", src)],
                               cwd=ROOT, capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit(f"mca: compiling bench/mca/{src} failed:\n{r.stderr}")
            with open(out) as f:
                found.update(regions(f.read()))
    rows = []
    for key, (label, nbytes, what) in REGIONS.items():
        if key not in found:
            sys.exit(f"mca: region {key[1]} not found in {key[0]} (markers moved? kernel missing?)")
        lines = found[key]
        bad = [l for l in lines if BRANCH.match(l.split()[0])]
        if bad:
            sys.exit(f"mca: region {key[1]} in {key[0]} is not straight-line ({bad[0]}): "
                     "a loop inside it did not unroll, and llvm-mca would misread it")
        n_insns = len(lines)
        pairs = alone = 0
        if not args.no_fuse:
            lines, pairs, alone = fuse_aes(lines)
        cyc = {cpu: run_mca(lines, cpu, args.iterations) for cpu in CPUS}
        rows.append({"region": key[1], "label": label, "what": what, "bytes": nbytes, "instructions": n_insns,
                     "fused_pairs": pairs, "unfused_aesmc": alone,
                     "cycles": cyc, "cpb": {c: v / nbytes for c, v in cyc.items()}})
    by = {r["region"]: r for r in rows}
    goals = []
    for label, cpu, reg, limit in ABS_GOALS:
        v = by[reg]["cpb"][cpu]
        goals.append({"goal": label, "model": cpu, "value": round(v, 3), "met": v <= limit})
    for label, cpu, fast, plain, limit in REL_GOALS:
        v = by[plain]["cpb"][cpu] / by[fast]["cpb"][cpu]
        goals.append({"goal": label, "model": cpu, "value": round(v, 2), "met": v >= limit})
    compare = [{"comparison": label, **{c: round(by[slow]["cpb"][c] / by[fast]["cpb"][c], 2) for c in CPUS}}
               for label, fast, slow in COMPARE]
    if args.json:
        print(json.dumps({"rows": rows, "goals": goals, "compare": compare}, indent=1))
        return
    print(f"# llvm-mca estimates ({MCA}, {args.iterations} iterations of each loop body; AES-128;"
          f" {CC} {' '.join(BASE[1:3])}; AESE/AESMC pairs "
          f"{'not fused' if args.no_fuse else 'fused'}): cycles per byte")
    print("| kernel | per iteration | insns | fused AES pairs | " + " | ".join(CPUS) + " |")
    print("|---|---|---:|---:|" + "---:|" * len(CPUS))
    for r in rows:
        fp = f"{r['fused_pairs']}" + (f" ({r['unfused_aesmc']} apart)" if r["unfused_aesmc"] else "")
        print(f"| {r['label']} | {r['what']}, {r['bytes']} B | {r['instructions']} | {fp if r['fused_pairs'] else '-'} | "
              + " | ".join(f"{r['cpb'][c]:.2f}" for c in CPUS) + " |")
    print()
    for g in goals:
        print(f"goal: {g['goal']} ({g['model']}): {g['value']} -> {'met' if g['met'] else 'NOT met'}")
    for c in compare:
        print(f"ratio: {c['comparison']}: " + ", ".join(f"{cpu} {c[cpu]}x" for cpu in CPUS))


# ------------------------------------------------------------------ ARMv7 --
# --armv7: the same kernels built by arm-linux-gnueabihf-gcc exactly as the
# armv7 library is (Debian's defaults: ARMv7-A, VFPv3-D16, Thumb-2; no
# -mfpu=neon), so each driver gets NEON or the AArch32 Crypto Extensions
# only where its file or function enables them (src/arch/arm32/arm32.h),
# and the portable kernels are what a NEON-less core runs. A kernel that
# does not compile for 32-bit ARM (its driver not ported yet) is skipped
# with the compiler's first error, so ported drivers appear here on their
# own. What llvm-mca 19 does with each model (checked by running it, and
# printed with the table):
#   cortex-a7, cortex-a8  itineraries only: llvm-mca refuses ("instruction
#                         itineraries are currently unsupported")
#   cortex-a9             LLVM's CortexA9Model: a partial machine model
#                         (some NEON forms only roughly costed)
#   cortex-a15            LLVM 19 schedules it with the same CortexA9Model:
#                         its figures equal cortex-a9's, not an A15 model
#   cortex-a57            ARMScheduleA57, a full model, in AArch32: the one
#                         that knows aese.8/aesmc.8 and vmull.p64, so the CE
#                         kernels get only this column
# GCC's Thumb-2 output is read with a thumbv7a triple; NEON is given to the
# v7 models with -mattr=+neon (the triple alone has none).
ARM_CC = "arm-linux-gnueabihf-gcc"
ARM_CPUS = ("cortex-a7", "cortex-a8", "cortex-a9", "cortex-a15", "cortex-a57")
ARM_BASE = ["-std=c11", "-O3", "-DRIJN_MCA", "-D_DEFAULT_SOURCE", "-Iinclude", "-Isrc",
            "-fschedule-insns", "-fsched-pressure"]
ARM_CE_FLAGS = ["-march=armv8-a+crypto", "-mfpu=crypto-neon-fp-armv8"]  # = ARM32_CE's target
ARM_BRANCH = re.compile(r"^(b|bl|blx|bx|cbz|cbnz|tbb|tbh)(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?"
                        r"(\.[wn])?$")
CE_OPS = re.compile(r"^(aes[a-z]*|vmull\.p64|sha[0-9a-z]*)(\.\w+)?$")


def arm_regions(asm):
    """regions() for GCC's ARM output: '@' starts a comment."""
    return regions("\n".join(l.split("@")[0] for l in asm.splitlines()))


def arm_mca(lines, cpu, thumb, iterations):
    """Cycles per iteration (None: the reason), and the instructions the
    model has no data for ({mnemonic: count}, None when complete)."""
    with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
        f.write(".syntax unified\n" + (".thumb\n" if thumb else "") + "\n".join(lines) + "\n")
        path = f.name
    r = subprocess.run([MCA, f"-mtriple={'thumbv7a' if thumb else 'armv7a'}-linux-gnueabihf", f"-mcpu={cpu}",
                        "-mattr=+neon", f"-iterations={iterations}", path], capture_output=True, text=True)
    if r.returncode != 0 and "itineraries are currently unsupported" in r.stderr:
        os.unlink(path)
        return None, "itineraries only (llvm-mca: \"instruction itineraries are currently unsupported\")", None
    gaps = None
    if r.returncode != 0 and "unsupported instruction" in r.stderr:
        # A partial model (CortexA9Model) without scheduling data for some
        # instructions (it/ite, vswp): left out, and counted, so the figure
        # is a lower bound and the table says so.
        r = subprocess.run(r.args[:-1] + ["-skip-unsupported-instructions=lack-sched", path],
                           capture_output=True, text=True)
        ops = {}
        for m in re.finditer(r"note: instruction:\s+(\S+)", r.stderr):
            ops[m.group(1)] = ops.get(m.group(1), 0) + 1
        gaps = ops
    os.unlink(path)
    if r.returncode != 0:
        err = next((l for l in r.stderr.splitlines() if "error:" in l), r.stderr.strip()[:200])
        raise RuntimeError(f"llvm-mca ({cpu}) failed: {err}")
    total = int(re.search(r"Total Cycles:\s+(\d+)", r.stdout).group(1))
    iters = int(re.search(r"Iterations:\s+(\d+)", r.stdout).group(1))
    return total / iters, None, gaps


def armv7_main(args):
    for tool, pkg in ((ARM_CC, "gcc-arm-linux-gnueabihf"), (MCA, "llvm-19")):
        if not shutil.which(tool):
            sys.exit(f"mca: {tool} not found (apt-get install {pkg})")
    found, thumb, skipped, funcs = {}, {}, [], set()

    def compile_(src, flags):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, src + ".s")
            r = subprocess.run([ARM_CC, *ARM_BASE, *flags, "-S", "-o", out, os.path.join("bench", "mca", src)],
                               cwd=ROOT, capture_output=True, text=True)
            if r.returncode != 0:
                return None, next((l for l in r.stderr.splitlines() if "error" in l), r.stderr.strip()[:200])
            with open(out) as f:
                return f.read(), None

    def build(item):
        src, extra = item
        asm, err = compile_(src, extra)
        if asm is None:
            return src, None, err
        # The CE drivers carry their ISA as a per-function attribute
        # (ARM32_CE), which GCC will not inline into the kernel's plain
        # wrapper, so their loops stay in the driver's own functions with
        # the round count unknown. Then the file is rebuilt with the
        # attribute's options on the command line: the CE functions are
        # compiled exactly as before, and the wrapper can inline them.
        # The same holds for drivers with per-function NEON (ARM32_NEON,
        # aes-vperm): their file is rebuilt with -mfpu=neon.
        regs, wrappers = arm_regions(asm), set(re.findall(r"^(mca_\w+):$", asm, re.M))
        names = {n for _, n in regs}
        if any(k[0] in wrappers and k not in regs and k[1] in names for k in REGIONS):
            isa = ARM_CE_FLAGS if "\t.arch armv8-a" in asm else ["-mfpu=neon"] if "\t.fpu neon" in asm else None
            asm2 = compile_(src, [*extra, *isa])[0] if isa else None
            if asm2 is not None:
                return src, asm2, None
        return src, asm, None
    import concurrent.futures
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        only = set(args.only.split(",")) if args.only else None
        for src, asm, err in ex.map(build, [kv for kv in KERNELS.items() if only is None or kv[0] in only]):
            if asm is None:
                skipped.append(f"bench/mca/{src}: does not compile for 32-bit ARM yet ({err})")
                continue
            regs = arm_regions(asm)
            found.update(regs)
            funcs.update(re.findall(r"^(mca_\w+):$", asm, re.M))
            for k in regs:
                thumb[k] = "\t.thumb" in asm or "\t.code\t16" in asm
    rows, status = [], {}
    for key, (label, nbytes, what) in REGIONS.items():
        if key not in found:
            if key[0] in funcs:  # a skipped kernel was named above
                skipped.append(f"{key[1]}: {key[0]} built for ARMv7 without this region (the driver has no "
                               "such loop on 32-bit ARM)")
            continue
        lines = found[key]
        bad = [l for l in lines if ARM_BRANCH.match(l.split()[0])]
        if bad:
            skipped.append(f"{key[1]}: not straight-line in the ARMv7 build ({bad[0]}): not estimated")
            continue
        n_insns = len(lines)
        pairs = alone = 0
        if not args.no_fuse:
            lines, pairs, alone = fuse_aes(lines)
        ce = any(CE_OPS.match(l.split()[0]) for l in lines)
        cyc, gaps = {}, {}
        for cpu in ARM_CPUS:
            if ce and cpu != "cortex-a57":
                cyc[cpu] = None  # ARMv7 cores have no Crypto Extensions
                continue
            v, why, g = arm_mca(lines, cpu, thumb[key], args.iterations)
            cyc[cpu] = v
            if why:
                status[cpu] = why
            if g:
                gaps[cpu] = g
        rows.append({"region": key[1], "label": label, "what": what, "bytes": nbytes, "instructions": n_insns,
                     "fused_pairs": pairs, "unfused_aesmc": alone, "crypto_extensions": ce, "cycles": cyc,
                     "unmodelled": gaps,
                     "cpb": {c: (v / nbytes if v is not None else None) for c, v in cyc.items()}})
    # Whether cortex-a15 got its own model: equal figures on every region
    # that both ran mean LLVM scheduled it as cortex-a9.
    both = [r for r in rows if r["cycles"]["cortex-a9"] is not None and r["cycles"]["cortex-a15"] is not None]
    if both and all(r["cycles"]["cortex-a9"] == r["cycles"]["cortex-a15"] for r in both):
        status["cortex-a15"] = "same figures as cortex-a9 on every kernel: LLVM 19 has no A15 model of its own"
    # What llvm-mca does with each model, asked directly (a kernel set
    # given by --only may not have reached every column).
    for cpu in ARM_CPUS:
        if cpu not in status and arm_mca(["veor q8, q9, q10", "adds r0, r1, r2"], cpu, True, 10)[0] is None:
            status[cpu] = "itineraries only"
    status.setdefault("cortex-a9", "LLVM's partial CortexA9Model (*: instructions it has no data for)")
    probe = ["vmull.p8 q8, d16, d17", "veor q9, q8, q10", "vext.8 q11, q9, q9, #3", "adds r0, r1, r2",
             "vld1.8 {d16-d17}, [r1]", "mul r3, r0, r2"]
    if "cortex-a15" not in status and \
            arm_mca(probe, "cortex-a15", True, 50)[0] == arm_mca(probe, "cortex-a9", True, 50)[0]:
        status["cortex-a15"] = "same figures as cortex-a9 (LLVM 19 gives cortex-a15 the A9 model, not one of its own)"
    status.setdefault("cortex-a15", "usable")
    status.setdefault("cortex-a57", "full model (ARMScheduleA57), AArch32; the only column for CE kernels")
    if args.json:
        print(json.dumps({"arch": "armv7", "rows": rows, "models": status, "skipped": skipped}, indent=1))
        return
    print(f"# ARMv7 llvm-mca estimates ({MCA}, {args.iterations} iterations of each loop body; AES-128;"
          f" {ARM_CC} {' '.join(ARM_BASE[1:2])}, its armhf defaults (Thumb-2, VFPv3-D16), NEON/CE per driver;"
          f" AESE/AESMC pairs {'not fused' if args.no_fuse else 'fused'}): cycles per byte")
    print("| kernel | per iteration | insns | fused AES pairs | " + " | ".join(ARM_CPUS) + " |")
    print("|---|---|---:|---:|" + "---:|" * len(ARM_CPUS))
    for r in rows:
        fp = f"{r['fused_pairs']}" + (f" ({r['unfused_aesmc']} apart)" if r["unfused_aesmc"] else "")
        cells = []
        for c in ARM_CPUS:
            v = r["cpb"][c]
            if v is not None:
                cells.append(f"{v:.2f}" + ("*" if c in r["unmodelled"] else ""))
            else:
                cells.append("no CE" if r["crypto_extensions"] and c != "cortex-a57" else "no model")
        print(f"| {r['label']} | {r['what']}, {r['bytes']} B | {r['instructions']} | "
              f"{fp if r['fused_pairs'] else '-'} | " + " | ".join(cells) + " |")
    print()
    for c in ARM_CPUS:
        print(f"model: {c}: {status.get(c, 'used')}")
    for r in rows:
        for c, g in r["unmodelled"].items():
            print(f"*: {r['label']} on {c}: the model has no data for " +
                  ", ".join(f"{op} x{n}" for op, n in sorted(g.items())) +
                  " per iteration; llvm-mca left them out, so the figure is a lower bound")
    for s in skipped:
        print(f"skipped: {s}")


# --neonbs-rounds: the kernels above are built with the key copied into the
# kernel and the rounds fully unrolled, which hides what GCC does with the
# round loops the library really runs (bs_encrypt and bs_decrypt of
# bs_rounds.h, out of line, the round count known at run time): there it
# had stored the whole state before every test of the loop's end (ARMv7),
# and called the S-box out of line every round (AArch64). This compiles
# src/aes/aes_neonbs.c for each architecture with the library's flags,
# cuts each of the two functions' longest loop (its exit branches dropped:
# the loop as it runs while it does not exit) and gives llvm-mca's cycles
# per round, with the loop's vector stores and loads. A loop that still
# calls a function is refused: its figure would leave the callee out.
NEONBS_LOOP_ROUNDS = {"bs_encrypt": 4, "bs_decrypt": 2}   # rounds per iteration (bs_rounds.h, BS_STATE_LOCAL)
NEONBS_ARCHES = {   # compiler, llvm-mca triple, models, comment character, vector store/load mnemonics
    "armv7": (ARM_CC, "thumbv7a-linux-gnueabihf", ("cortex-a9", "cortex-a57"), "@", ("vstr", "vldr")),
    "aarch64": ("aarch64-linux-gnu-gcc", "aarch64-linux-gnu", ("cortex-a53", "cortex-a57", "neoverse-n1"), "//",
                ("str", "ldr")),
}
ANY_BRANCH = re.compile(r"^(b|bl|blx|bx|cbz|cbnz|tbz|tbnz|tbb|tbh)(\.?(eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al))?"
                        r"(\.[wn])?$")


def loop_of(asm, fn, comment):
    body = asm.split(f"\n{fn}:\n", 1)[1].split(f"\t.size\t{fn},", 1)[0]
    lines = [l.split(comment)[0].strip() for l in body.splitlines()]
    lines = [l for l in lines if l and (not l.startswith(".") or re.match(r"^\.L\w+:$", l))]
    labels = {l[:-1]: i for i, l in enumerate(lines) if l.endswith(":")}
    best = None
    for i, l in enumerate(lines):
        t = l.replace(",", " ").split()
        # a loop's back edge is a conditional branch (GCC also jumps back
        # unconditionally into code laid out after a loop)
        if ANY_BRANCH.match(t[0]) and t[0] not in ("b", "b.w", "b.n") and labels.get(t[-1], i) < i:
            if best is None or i - labels[t[-1]] > best[1] - best[0]:
                best = (labels[t[-1]], i)
    if best is None:
        raise RuntimeError(f"{fn}: no loop found")
    body = [l for l in lines[best[0] + 1:best[1]] if not l.endswith(":")]
    if any(l.split()[0] in ("bl", "blx") for l in body):
        raise RuntimeError(f"{fn}: its loop calls a function; the estimate would leave it out")
    return [l for l in body if not ANY_BRANCH.match(l.split()[0])]


def neonbs_rounds(args):
    print("# aes-neonbs round loops as the library builds them (-O3, the library's flags; llvm-mca-19 "
          "estimates, the loops' exit branches dropped): cycles per round")
    for arch, (cc, triple, cpus, comment, (st, ld)) in NEONBS_ARCHES.items():
        if not shutil.which(cc):
            print(f"# {arch}: {cc} not found, skipped")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "neonbs.s")
            subprocess.run([cc, "-std=c11", "-O3", "-D_DEFAULT_SOURCE", "-Iinclude", "-Isrc", "-fschedule-insns",
                            "-fsched-pressure", "-S", "-o", out, "src/aes/aes_neonbs.c"], cwd=ROOT, check=True)
            with open(out) as f:
                asm = f.read()
        print(f"\n{arch} ({cc})\n")
        print("| loop | rounds per iteration | instructions | vector stores | vector loads | "
              + " | ".join(cpus) + " |")
        print("|---|---:|---:|---:|---:|" + "---:|" * len(cpus))
        for fn, rounds in NEONBS_LOOP_ROUNDS.items():
            body = loop_of(asm, fn, comment)
            cyc = []
            for cpu in cpus:
                with tempfile.NamedTemporaryFile("w", suffix=".s", delete=False) as f:
                    f.write((".syntax unified\n.thumb\n" if arch == "armv7" else "") + "\n".join(body) + "\n")
                r = subprocess.run([MCA, f"-mtriple={triple}", f"-mcpu={cpu}"]
                                   + (["-mattr=+neon"] if arch == "armv7" else [])
                                   + ["-iterations=100", "-skip-unsupported-instructions=lack-sched", f.name],
                                   capture_output=True, text=True)
                os.unlink(f.name)
                cyc.append(int(re.search(r"Total Cycles:\s+(\d+)", r.stdout).group(1)) / 100 / rounds)
            vec = re.compile(r"^[dq]\d+|^v\d+")
            n = lambda p: sum(1 for l in body if l.split()[0] == p and
                              (arch == "armv7" or vec.match(l.split()[1])))
            print(f"| {fn} | {rounds} | {len(body)} | {n(st)} | {n(ld)} | "
                  + " | ".join(f"{c:.0f}" for c in cyc) + " |")

if __name__ == "__main__":
    main()
