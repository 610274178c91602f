#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The peer table of docs/performance.md from repeated `rijn speed --json`
runs (make speed-peers writes one per run; rerun it, or rijn speed itself,
to get several):

    python3 bench/peers_table.py run1.json run2.json run3.json

One markdown row per (algorithm, op, key size, size): rijn's MB/s and each
peer's, as the median over the runs of each run's own figure (itself the
median of that run's interleaved rounds), then rijn's ratio to the fastest
peer of the row, as the median of the runs' ratios with their spread
(lowest to highest), and rijn's cycles per byte. Cells below 1.0 are in
bold: a goal of issue 22 is missed there.
"""
import json
import statistics
import sys

PEERS = [("awslc", "AWS-LC"), ("ring", "ring"), ("openssl4", "OpenSSL 4"), ("openssl", "OpenSSL 3"),
         ("gcrypt", "libgcrypt")]


def main(paths):
    runs = [json.load(open(p)) for p in paths]
    if not runs:
        sys.exit("usage: peers_table.py RUN.json ...")
    meta = runs[0]["meta"]
    cells = {}
    for run in runs:
        for r in run["results"]:
            if "mb_per_s" not in r:
                continue    # a primitive kind's record
            key = (r["algorithm"], r["op"], r["key_bits"], r["size"])
            cells.setdefault(key, []).append(r)
    peers = [(n, t) for n, t in PEERS if any(n + "_mb_per_s" in r for rs in cells.values() for r in rs)]
    cpu = meta["cpu"]
    print(f"CPU: {cpu['model']} (family {cpu['family']}, model {cpu['model_number']}); "
          f"{len(runs)} runs, each the {meta['statistic']} of {meta['runs']} interleaved rounds")
    vers = {p["name"]: p["version"] for p in meta["peers"] if p.get("loaded")}
    print("Peers: " + ", ".join(f"{t} {vers.get(n, '?')}" for n, t in peers))
    # Where the buffers were (rijn speed records each row's addresses
    # modulo 4096): the 16 KiB figures move with it (docs/performance.md).
    places = sorted({(r["in_offset"], r["out_offset"]) for rs in cells.values() for r in rs if "in_offset" in r})
    if places:
        fixed = all(run["meta"].get("offsets") for run in runs)
        print("Buffers (address modulo 4096, input/output): " + ", ".join(f"{i}/{o}" for i, o in places[:8])
              + (", ..." if len(places) > 8 else "") + (" (--offsets)" if fixed else " (where malloc put them)"))
    print()
    head = ["mode", "op", "bits", "size", "rijn MB/s"] + [t for _, t in peers] + ["rijn / best", "spread", "cpb"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for key in sorted(cells, key=lambda k: (k[0], k[1], k[2], k[3])):
        rs = cells[key]
        med = lambda f: statistics.median([f(r) for r in rs if f(r) is not None])
        row = [key[0], key[1], str(key[2]), str(key[3]), f"{med(lambda r: r['mb_per_s']):.0f}"]
        for n, _ in peers:
            have = [r[n + "_mb_per_s"] for r in rs if n + "_mb_per_s" in r]
            row.append(f"{statistics.median(have):.0f}" if have else "–")
        ratios = [r["best_ratio"] for r in rs if "best_ratio" in r]
        if ratios:
            m = statistics.median(ratios)
            cell = f"{m:.2f}x"
            row += [f"**{cell}**" if m < 1.0 else cell, f"{min(ratios):.2f}–{max(ratios):.2f}"]
        else:
            row += ["–", "–"]
        cpbs = [r["cycles_per_byte"] for r in rs if r.get("cycles_per_byte") is not None]
        row.append(f"{statistics.median(cpbs):.2f}" if cpbs else "–")
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
