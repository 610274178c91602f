#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fixed cost per call against cost per block, for rijn and each peer
(issue 22, "small and middle sizes"): where a peer wins at 256 bytes to
4 KiB, is it the per-call work (counter and tweak setup, key powers, the
tail) or the loop?

    python3 bench/fixed_cost.py [--alg 'ctr(aes)' ...] [--vs gcrypt,openssl] [--seconds 0.2]
                                [--sizes 2048,4096,...] [--key-bits 256] [--offsets IN,OUT]

It runs `rijn speed --json` over whole-block sizes from 16 to 4096 bytes
(or --sizes; RIJN_PEERS_LIB and --vs awslc,ring,openssl4 work as for rijn
speed, and --key-bits and --offsets are passed on) and fits each side's
cycles per message, c(n) = fixed + per_block * n / 16, by least squares
over those sizes; it prints both terms and how far the fit is off at
worst. Cycles are rijn speed's (perf_event, or its effective clock), so
the peers' figures use the same clock as rijn's.

Each peer's row also says how its cost per block compares with rijn's
(the peer's over rijn's: above 1 where rijn's loop is faster). As
messages grow, the fixed costs fade and rijn's lead at n bytes,
(fixed_peer + per_block_peer * n/16) / (fixed_rijn + per_block_rijn * n/16),
tends to that figure: a lead at 16 KiB beyond it comes from the fixed
costs, and a loop at its floor caps it (docs/performance.md, 2026-12-06).
"""
import argparse
import json
import os
import subprocess
import sys

SIZES = [16, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096]


def fit(points):
    """Least squares of c = a + b * blocks; returns a, b and the worst
    relative error of the fit."""
    n = len(points)
    sx = sum(x for x, _ in points)
    sy = sum(y for _, y in points)
    sxx = sum(x * x for x, _ in points)
    sxy = sum(x * y for x, y in points)
    b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    a = (sy - b * sx) / n
    worst = max(abs(a + b * x - y) / y for x, y in points)
    return a, b, worst


def size_list(text):
    """--sizes: at least three distinct sizes in bytes, 1 or more each (a
    line through two points fits anything)."""
    try:
        sizes = sorted({int(x) for x in text.split(",")})
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of byte counts: {text!r}") from None
    if len(sizes) < 3 or sizes[0] < 1:
        raise argparse.ArgumentTypeError(f"need three or more distinct sizes of 1 byte or more: {text!r}")
    return sizes


def placement(offsets):
    """Where rijn speed put each row's buffers (its meta.offsets)."""
    if not offsets:
        return "where malloc put them"
    return f"at --offsets {offsets[0]},{offsets[1]} (bytes past a 4 KiB boundary)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--alg", action="append", help="algorithm (default: gcm, ctr, xts, cbc)")
    ap.add_argument("--vs", default="gcrypt,openssl")
    ap.add_argument("--seconds", default="0.2")
    ap.add_argument("--sizes", type=size_list, default=SIZES,
                    help=f"message sizes in bytes, comma-separated (default {SIZES[0]}..{SIZES[-1]})")
    ap.add_argument("--key-bits", help="passed to rijn speed (default: its own, 128)")
    ap.add_argument("--offsets", help="IN,OUT: passed to rijn speed (where each row's buffers start)")
    ap.add_argument("--rijn", default=os.path.join(os.environ.get("BUILD", "build"), "rijn"))
    args = ap.parse_args()
    algs = args.alg or ["gcm(aes)", "ctr(aes)", "xts(aes)", "cbc(aes)"]
    sizes = args.sizes
    cmd = [args.rijn, "speed", "--json", "--vs", args.vs, "--seconds", args.seconds,
           "--sizes", ",".join(map(str, sizes))]
    if args.key_bits:
        cmd += ["--key-bits", args.key_bits]
    if args.offsets:
        cmd += ["--offsets", args.offsets]
    for a in algs:
        cmd += ["--alg", a]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(r.stderr.strip() or f"{cmd[0]} failed")
    doc = json.loads(r.stdout)
    if doc["meta"]["clock"]["method"] == "none":
        sys.exit("no cycle figures on this machine (rijn speed reports MB/s only)")
    names = [p["name"] for p in doc["meta"]["peers"] if p["loaded"]]
    rows = {}
    for rec in doc["results"]:
        if "cycles_per_byte" not in rec:
            continue
        key = (rec["algorithm"], rec["op"], rec["driver"])
        for side in ["rijn"] + names:
            cpb = rec.get("cycles_per_byte") if side == "rijn" else rec.get(side + "_cycles_per_byte")
            if cpb is not None:
                rows.setdefault(key, {}).setdefault(side, []).append((rec["size"] / 16, cpb * rec["size"]))
    cpu = doc["meta"]["cpu"]
    print(f"# {cpu['model']} (family {cpu['family']}, model {cpu['model_number']}), "
          f"clock: {doc['meta']['clock']['method']}, {doc['meta']['key_bits']}-bit keys; "
          f"c(n) = fixed + per_block * blocks, least squares over {len(sizes)} sizes, "
          f"{sizes[0]}..{sizes[-1]} bytes; buffers {placement(doc['meta'].get('offsets'))}; "
          f"per block x rijn: the peer's cost per block over rijn's")
    print(f"{'algorithm':<10} {'op':<4} {'side':<10} {'fixed cycles':>13} {'cycles/block':>13} {'worst fit':>10} "
          f"{'per block x rijn':>17}")
    for (alg, op, drv), sides in rows.items():
        mine = sides.get("rijn")
        base = fit(mine)[1] if mine and len(mine) >= 3 else None
        for side in ["rijn"] + names:
            pts = sides.get(side)
            if not pts or len(pts) < 3:
                continue
            a, b, worst = fit(pts)
            rel = f"{b / base:16.3f}x" if side != "rijn" and base else f"{'':17}"
            print(f"{alg:<10} {op:<4} {side:<10} {a:13.1f} {b:13.2f} {100 * worst:9.1f}% {rel}")
        print(f"{'':<15} (rijn: {drv})")


if __name__ == "__main__":
    main()
