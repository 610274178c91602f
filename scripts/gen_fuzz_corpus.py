#!/usr/bin/env python3
"""Write the fuzzers' seed corpus (tests/fuzz/corpus/<target>/) from the
Wycheproof vectors, in the input layout that tests/fuzz/fuzz.h documents.

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wycheproof", default=os.path.join(ROOT, "..", "shared", "vectors", "wycheproof"))
    ap.add_argument("--per-file", type=int, default=24)
    a = ap.parse_args()
    rng = random.Random(1)
    out = {t: [] for t in ("fuzz_block", "fuzz_gcm", "fuzz_ccm", "fuzz_cmac", "fuzz_stream")}
    n = a.per_file

    for g, t in sample(cases(a.wycheproof, "aes_cbc_pkcs5_test.json"), n, rng):
        k = t["key"]
        # CBC with padding: decrypt the given ciphertext (bad paddings among
        # the invalid cases), and encrypt the message.
        out["fuzz_block"].append(bytes([4, KS[len(k)], 1]) + pad(k, 64) + t["iv"] + t["ct"])
        out["fuzz_block"].append(bytes([4, KS[len(k)], 2]) + pad(k, 64) + t["iv"] + t["msg"])
        # The raw modes on the same data.
        mode = rng.randrange(3)
        out["fuzz_block"].append(bytes([mode, KS[len(k)], rng.randrange(4)]) + pad(k, 64) + t["iv"] + t["ct"])
    for g, t in sample(cases(a.wycheproof, "aes_xts_test.json"), n, rng):
        k = t["key"]
        if len(k) not in (32, 48, 64):
            continue
        out["fuzz_block"].append(bytes([3, (len(k) - 32) // 16, rng.randrange(4)]) + pad(k, 64) + pad(t["iv"], 16)
                                 + t["msg"])

    for name, target, nmax in (("aes_gcm_test.json", "fuzz_gcm", 128), ("aes_ccm_test.json", "fuzz_ccm", 16)):
        for g, t in sample(cases(a.wycheproof, name), 2 * n, rng):
            k = t["key"]
            if len(k) not in KS or len(t["aad"]) > 255:
                continue
            tag_len = g["tagSize"] // 8
            head = lambda fl: bytes([KS[len(k)], tag_len, fl]) + pad(k, 32) + field(t["iv"], nmax) + field(t["aad"], 255)
            # Open the given ciphertext and tag (the verdict must match).
            out[target].append(head(1 | (rng.randrange(2) << 1)) + pad(t["tag"], 16) + t["ct"])
            # Seal the message, flip a bit chosen by the flags.
            out[target].append(head(rng.randrange(64) << 2) + bytes(16) + t["msg"])

    for g, t in sample(cases(a.wycheproof, "aes_cmac_test.json"), n, rng):
        k = t["key"]
        if len(k) not in KS:
            continue
        out["fuzz_cmac"].append(bytes([KS[len(k)], len(t["tag"])]) + pad(k, 32) + pad(t["tag"], 16) + t["msg"])

    # Streaming: GCM cases with 12-byte IVs, and the other families on the
    # same keys and data, with random scripts (split points, bad calls).
    for g, t in sample(cases(a.wycheproof, "aes_gcm_test.json"), n, rng):
        k = t["key"]
        if len(k) not in KS or len(t["iv"]) > 16 or not t["iv"] or len(t["aad"]) > 255:
            continue
        fam = rng.randrange(5)
        script = bytes(rng.randrange(256) for _ in range(rng.randrange(12)))
        out["fuzz_stream"].append(bytes([fam, KS[len(k)], rng.randrange(4), len(t["iv"]) - 1]) + pad(k, 64)
                                  + pad(t["iv"], 16) + field(t["aad"], 255) + field(script, 64) + t["msg"])

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
