#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the fuzzers' seed corpus (tests/fuzz/corpus/<target>/) from the
Wycheproof vectors, in the input layouts that tests/fuzz/fuzz_*.c document.
The targets pick an algorithm by its index among the adapters of their
shape (support/adapt.c, in table order), so the indices are read from that
table, and each file aes_<mode>_test.json goes to its mode's adapter: no
list of modes here.

A sample of each file's cases, valid and invalid, chosen deterministically,
so the seeds start the fuzzer on accepted tags, refused tags, odd IV and
tag sizes and bad paddings, which random bytes almost never reach.

    python3 scripts/gen_fuzz_corpus.py [--wycheproof DIR] [--per-file N]
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KS = {16: 0, 24: 1, 32: 2}


def pad(b, n):
    return b[:n] + bytes(n - len(b[:n]))


def field(b, maximum):
    b = b[:maximum]
    return bytes([len(b)]) + b


def cases(wp, name):
    with open(os.path.join(wp, name)) as f:
        doc = json.load(f)
    for g in doc["testGroups"]:
        for t in g["tests"]:
            yield g, {k: (bytes.fromhex(v) if isinstance(v, str) and k not in ("result", "comment") else v)
                      for k, v in t.items()}


def sample(items, n, rng):
    items = list(items)
    # Keep every invalid case's variety: half the sample from each result.
    bad = [x for x in items if x[1]["result"] == "invalid"]
    good = [x for x in items if x[1]["result"] != "invalid"]
    rng.shuffle(bad)
    rng.shuffle(good)
    return good[: n - min(len(bad), n // 2)] + bad[: n // 2]


def adapters():
    """The adapter table of support/adapt.c, in rs_get order: the targets
    pick an algorithm by its index among the adapters of their shape."""
    with open(os.path.join(ROOT, "support", "adapt.c")) as f:
        src = f.read()
    body = src[src.index("table[] = {"):]
    body = body[: body.index("\n};")]
    out = []
    for e in re.split(r"\n    \{ ", body)[1:]:
        m = re.match(r"CIPHER\((\w+), (\d+)", e)
        if m:
            a = {"mode": m[1], "shape": "RS_CIPHER", "iv_max": int(m[2])}
        else:
            a = {"mode": re.search(r'\.mode = "(\w+)"', e)[1], "shape": re.search(r"\.shape = (RS_\w+)", e)[1],
                 "iv_max": int((re.search(r"\.iv_max = (\d+)", e) or [0, 0])[1])}
        a["parts"] = int(re.search(r"\.key_parts = (\d+)", e)[1])
        a["stream"] = "STREAM(" in e
        a["pad"] = ".crypt_pad" in e
        out.append(a)
    if not out:
        raise SystemExit("gen_fuzz_corpus: no adapters found in support/adapt.c")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wycheproof", default=os.path.join(ROOT, "..", "shared", "vectors", "wycheproof"))
    ap.add_argument("--per-file", type=int, default=24)
    a = ap.parse_args()
    rng = random.Random(1)
    table = adapters()
    shape = {sh: [x for x in table if x["shape"] == sh] for sh in ("RS_CIPHER", "RS_AEAD", "RS_MAC")}
    streams = [x for x in table if x["stream"]]
    target = {"RS_CIPHER": "fuzz_block", "RS_AEAD": "fuzz_aead", "RS_MAC": "fuzz_mac"}
    out = {t: [] for t in list(target.values()) + ["fuzz_stream"]}
    n = a.per_file

    # Each Wycheproof file aes_<mode>_test.json (aes_<mode>_pkcs5_test.json:
    # with PKCS#7 padding) seeds the target of its mode's adapter.
    for name in sorted(os.listdir(a.wycheproof)):
        m = re.fullmatch(r"aes_([a-z0-9]+)(_pkcs5)?_test\.json", name)
        alg = m and next((x for x in table if x["mode"] == m[1]), None)
        if not alg:
            continue
        sh, padded = alg["shape"], bool(m[2])
        algs = shape[sh]
        i = algs.index(alg)
        for g, t in sample(cases(a.wycheproof, name), n if sh != "RS_AEAD" else 2 * n, rng):
            k = t["key"]
            if len(k) % alg["parts"] or len(k) // alg["parts"] not in KS or len(t.get("aad", b"")) > 255:
                continue
            ks = KS[len(k) // alg["parts"]]
            iv = t.get("iv", b"")
            if sh == "RS_CIPHER":
                head = lambda j, fl: bytes([j, ks, fl]) + pad(k, 64) + pad(iv, 16)
                if padded and alg["pad"]:
                    # Decrypt the given ciphertext (bad paddings among the
                    # invalid cases), and encrypt the message in place.
                    out["fuzz_block"].append(head(i, 1 | 4) + t["ct"])
                    out["fuzz_block"].append(head(i, 2 | 4) + t["msg"])
                else:
                    dec = rng.randrange(2)
                    out["fuzz_block"].append(head(i, dec | rng.randrange(2) << 1) + (t["ct"] if dec else t["msg"]))
                # Any cipher, raw, on the same data, repeated: past the
                # drivers' batches of blocks.
                data = t["ct"] * rng.randrange(1, 12)
                out["fuzz_block"].append(head(rng.randrange(len(algs)), rng.randrange(4)) + data)
            elif sh == "RS_AEAD":
                tag_len = g["tagSize"] // 8
                head = lambda fl: (bytes([i, ks, tag_len, fl]) + pad(k, 64) + field(iv, 2 * alg["iv_max"])
                                   + field(t["aad"], 255))
                # Open the given ciphertext and tag (the verdict must match).
                out["fuzz_aead"].append(head(1 | rng.randrange(2) << 1) + pad(t["tag"], 16) + t["ct"])
                # Seal the message, flip a bit chosen by the flags.
                out["fuzz_aead"].append(head(rng.randrange(64) << 2) + bytes(16) + t["msg"])
            else:
                out["fuzz_mac"].append(bytes([i, ks, len(t["tag"])]) + pad(k, 64) + pad(t["tag"], 16) + t["msg"])
            # Streaming: the same algorithm when it streams, and any that
            # does, on the same key and data (repeated: past the drivers'
            # batches), with random scripts (split points, short ones
            # more often; forbidden calls) and flags (direction, tag
            # length).
            if rng.randrange(2) == 0:
                continue
            for j in {streams.index(alg) if alg in streams else rng.randrange(len(streams)),
                      rng.randrange(len(streams))}:
                script = bytes(rng.choice((rng.randrange(256), rng.randrange(16) | rng.randrange(2) << 7))
                               for _ in range(rng.randrange(12)))
                data = (t["ct"] if sh == "RS_CIPHER" else t["msg"]) * rng.randrange(1, 12)
                out["fuzz_stream"].append(bytes([j, ks, rng.randrange(256), min(len(iv), 255)]) + pad(k, 64)
                                          + pad(iv, 16) + field(t.get("aad", b""), 255) + field(script, 64) + data)

    for target, seeds in out.items():
        d = os.path.join(ROOT, "tests", "fuzz", "corpus", target)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        for s in seeds:
            with open(os.path.join(d, hashlib.sha1(s).hexdigest()), "wb") as f:
                f.write(s)
        print(f"{target}: {len(seeds)} seeds, {sum(map(len, seeds))} bytes")


if __name__ == "__main__":
    main()
