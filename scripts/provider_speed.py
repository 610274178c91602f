#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`openssl speed -evp` through the rijn provider against OpenSSL's default
provider, in the same run: interleaved one-second runs, medians.

    scripts/provider_speed.py [--build build] [--rounds 5] [--cipher aes-128-gcm] [--sizes 16,1500,16384]

openssl speed -evp (OpenSSL 3.0) times whole EVP operations: per message
an init with the key and a new IV, the data, final and the tag. At 16
bytes the figure is mostly the cost of that call chain through a provider
(key setup included), at 16 KiB mostly the cipher. Cycles per
byte use the effective clock that `rijn speed` measures (this VM cannot
count cycles)."""
import argparse
import json
import os
import re
import statistics
import subprocess


def speed(cipher, size, provider_args):
    # The provider options must come before -evp: openssl speed fetches the
    # cipher when it reads -evp, from the providers loaded by then.
    r = subprocess.run(["openssl", "speed", *provider_args, "-evp", cipher, "-seconds", "1", "-bytes", str(size)],
                       capture_output=True, text=True, timeout=120, check=True)
    last = [ln for ln in r.stdout.splitlines() if ln.strip()][-1]
    return float(re.findall(r"([\d.]+)k", last)[-1]) * 1000.0  # bytes per second


def clock_ghz(build):
    """The clock that rijn speed reports (its JSON's meta.clock): the
    effective clock, or the cycle counter's rate; None without either."""
    r = subprocess.run([os.path.join(build, "rijn"), "speed", "--alg", "ctr(aes)", "--sizes", "16", "--json"],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        return None
    return json.loads(r.stdout)["meta"]["clock"]["ghz"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--cipher", default="aes-128-gcm")
    ap.add_argument("--sizes", default="16,1500,16384")
    a = ap.parse_args()
    build = os.path.abspath(a.build)
    # default stays loaded for speed's own random numbers; ?provider=rijn
    # makes rijn serve the cipher.
    rijn = ["-provider-path", build, "-provider", "rijn", "-provider", "default", "-propquery", "?provider=rijn"]
    sizes = [int(s) for s in a.sizes.split(",")]
    ghz = clock_ghz(build)
    print(f"# openssl speed -evp {a.cipher}: rijn provider ({build}/rijn.so) vs default provider, "
          f"{a.rounds} interleaved 1 s runs; medians, and the ratio of the best runs (this shared host's "
          f"slow phases hit both providers alike, but not within the same second)")
    print(f"# clock {ghz:.2f} GHz (rijn speed --json: meta.clock)" if ghz else "# clock unknown: no cycles per byte")
    print(f"{'bytes':>6} {'rijn GB/s':>10} {'default GB/s':>13} {'rijn cpb':>9} {'default cpb':>12} {'ratio':>6}"
          f" {'best/best':>10}")
    for size in sizes:
        res = {"rijn": [], "default": []}
        for _ in range(a.rounds):
            res["rijn"].append(speed(a.cipher, size, rijn))
            res["default"].append(speed(a.cipher, size, []))
        mr, md = statistics.median(res["rijn"]), statistics.median(res["default"])
        cr = f"{ghz * 1e9 / mr:9.2f}" if ghz else f"{'-':>9}"
        cd = f"{ghz * 1e9 / md:12.2f}" if ghz else f"{'-':>12}"
        best = max(res["rijn"]) / max(res["default"])
        print(f"{size:6d} {mr / 1e9:10.3f} {md / 1e9:13.3f} {cr} {cd} {mr / md:5.2f}x {best:9.2f}x")


if __name__ == "__main__":
    main()
