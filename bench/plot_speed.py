#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Draw a `rijn speed --json` document: MB/s against buffer size.

    bench/plot_speed.py build/speed.json -o build/speed.svg

One panel per mode (the records' "algorithm"), the buffer size on a log
scale, rijn and each loaded peer (meta.peers) as lines in the same colour
on every panel; decryption, where measured, is dashed. The title says
what the figures are (rijn's version, key size, statistic and runs, the
CPU, kernel, peers' versions and date, all from meta), so a picture kept
on its own still says where it came from.

The primitive kinds' records (operations per second and cycles per
operation of one call, with no buffer size: "ops_per_s") are left out:
they have no size axis, and a size plot would misplace them. The JSON
and the text table keep them.

The SVG keeps its text as text (svg.fonttype "none"), and has no date or
random ids in it, so the same JSON gives the same file.

Exit status: 0; 2 on an input that is not such a document or has no
record with a size; 3 when matplotlib is missing (scripts/deps.sh
installs it with pip for the python3 on PATH; Debian's
python3-matplotlib serves /usr/bin/python3).
"""
import argparse
import json
import math
import sys

# The line of each implementation, by the JSON's key prefix: rijn's keys
# have none ("mb_per_s"), a peer's its name ("openssl_mb_per_s").
COLOURS = {"rijn": "#1f77b4", "openssl": "#d62728", "gcrypt": "#2ca02c"}
OTHER = ["#9467bd", "#8c564b", "#e377c2", "#7f7f7f"]


def die(code, msg):
    print(f"plot_speed: {msg}", file=sys.stderr)
    sys.exit(code)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        die(2, f"{path}: {e}")
    if not isinstance(doc, dict) or not isinstance(doc.get("meta"), dict) or not isinstance(doc.get("results"), list):
        die(2, f'{path}: not a `rijn speed --json` document ({{"meta": ..., "results": [...]}})')
    return doc


def size_label(n):
    """16, 1500, 4K, 16K, 1M: the byte counts people write."""
    for unit, name in ((1 << 20, "M"), (1 << 10, "K")):
        if n >= unit and n % unit == 0:
            return f"{n // unit}{name}"
    return str(n)


def title(meta, nprims):
    cpu = meta.get("cpu", {})
    model = cpu.get("model") or cpu.get("arch") or "unknown CPU"
    if cpu.get("family") is not None and cpu.get("model_number") is not None:
        model += f" (family {cpu['family']}, model {cpu['model_number']})"
    kern = meta.get("kernel", {})
    clock = meta.get("clock", {})
    peers = ", ".join(f"{p['title']} {p['version']}" for p in meta.get("peers", []) if p.get("loaded"))
    line1 = (f"rijn {meta.get('rijn_version', '?')} speed: AES-{meta.get('key_bits', '?')}, "
             f"{meta.get('statistic', '?')} of {meta.get('runs', '?')} runs, "
             f"{meta.get('seconds', '?')} s per figure, {meta.get('date', '?')}")
    line2 = (f"{model}, {cpu.get('logical_cpus', '?')} logical CPUs, {kern.get('name', '')} {kern.get('release', '')}; "
             f"rijn sees: {','.join(cpu.get('features', [])) or 'no CPU features'}"
             + (f" (RIJN_CPU={cpu['rijn_cpu']})" if cpu.get("rijn_cpu") else ""))
    line3 = (f"peers: {peers or 'none'}; cycles: {clock.get('method', '?')}"
             + (f" ({clock['ghz']:.2f} GHz)" if clock.get("ghz") else ""))
    if nprims:
        line3 += f"; {nprims} primitive records (ops/s, no size) not drawn"
    return "\n".join((line1, line2, line3))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("json", help="the output of rijn speed --json (or --json-out FILE)")
    ap.add_argument("-o", "--output", required=True, help="the SVG to write")
    args = ap.parse_args()
    doc = load(args.json)
    meta = doc["meta"]
    rows = [r for r in doc["results"] if isinstance(r, dict) and "size" in r and "mb_per_s" in r]
    nprims = sum(1 for r in doc["results"] if isinstance(r, dict) and "ops_per_s" in r)
    if not rows:
        die(2, f"{args.json}: no record with a buffer size to draw")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.lines import Line2D
        from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    except ImportError:
        die(3, f"matplotlib is missing for {sys.executable}: pip install matplotlib (scripts/deps.sh does), "
               "or Debian's python3-matplotlib for /usr/bin/python3")

    # Reproducible SVG: text as text, fixed ids, no date.
    plt.rcParams["svg.fonttype"] = "none"
    plt.rcParams["svg.hashsalt"] = "rijn-speed"

    lines = [("rijn", "", "rijn")]
    extra = iter(OTHER)
    for p in meta.get("peers", []):
        # A peer with no mode records (libsodium: a peer of X25519 only)
        # has no line, and no place in the legend.
        if p.get("loaded") and any(p["name"] + "_mb_per_s" in r for r in rows):
            lines.append((p["name"], p["name"] + "_", p.get("title", p["name"])))
            COLOURS.setdefault(p["name"], next(extra, "#000000"))

    modes = []
    for r in rows:
        if r["algorithm"] not in modes:
            modes.append(r["algorithm"])
    ncols = min(3, len(modes))
    nrows = math.ceil(len(modes) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.6 * ncols, 3.4 * nrows + 1.4), squeeze=False)
    for i, mode in enumerate(modes):
        ax = axes[i // ncols][i % ncols]
        mine = [r for r in rows if r["algorithm"] == mode]
        sizes = sorted({r["size"] for r in mine})
        for op in dict.fromkeys(r["op"] for r in mine):
            pts = sorted((r for r in mine if r["op"] == op), key=lambda r: r["size"])
            for name, prefix, _ in lines:
                xy = [(r["size"], r[prefix + "mb_per_s"]) for r in pts if prefix + "mb_per_s" in r]
                if xy:
                    ax.plot(*zip(*xy), color=COLOURS[name], marker="o", markersize=3,
                            linestyle="--" if op == "dec" else "-")
        drivers = sorted({r["driver"] for r in mine})
        ax.set_title(f"{mode}\n{', '.join(drivers)}", fontsize=9)
        ax.set_xscale("log", base=2)
        ax.xaxis.set_major_locator(FixedLocator(sizes))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: size_label(int(round(v)))))
        ax.set_ylim(bottom=0)
        ax.grid(True, alpha=0.3)
        ax.tick_params(labelsize=8)
        if i % ncols == 0:
            ax.set_ylabel("MB/s", fontsize=9)
        if i // ncols == nrows - 1 or i + ncols >= len(modes):
            ax.set_xlabel("buffer size (bytes)", fontsize=9)
    for j in range(len(modes), nrows * ncols):
        axes[j // ncols][j % ncols].axis("off")
    handles = [Line2D([], [], color=COLOURS[name], marker="o", markersize=3, label=label)
               for name, _, label in lines]
    if any(r["op"] == "dec" for r in rows):
        handles += [Line2D([], [], color="black", linestyle="-", label="encrypt / MAC"),
                    Line2D([], [], color="black", linestyle="--", label="decrypt")]
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), fontsize=9, frameon=False)
    fig.suptitle(title(meta, nprims), fontsize=9)
    fig.tight_layout(rect=(0, 0.04, 1, 0.98))
    fig.savefig(args.output, format="svg", metadata={"Date": None})
    print(f"plot_speed: {args.output}: {len(modes)} modes, {len(rows)} records"
          + (f" ({nprims} primitive records left out)" if nprims else ""), file=sys.stderr)


if __name__ == "__main__":
    main()
