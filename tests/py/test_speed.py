# SPDX-License-Identifier: MIT
"""rijn speed's JSON and its plot (README.md "Benchmarks", docs/performance.md
"JSON and the plot"):

- `--json` prints one document {"meta": {...}, "results": [...]}; each meta
  field is there with its type, and says what an independent reading of the
  same thing says (os.uname, /proc/cpuinfo, rijn_cpu_features(), the
  peers' own version functions through ctypes);
- an error gives exit 2, one line on stderr and nothing on stdout, also
  when the run is interrupted (the document is written whole at the end);
- `--json-out FILE` writes the document to FILE with the table on stdout,
  and on an error leaves no FILE and no temporary file;
- bench/plot_speed.py makes a valid SVG from such a document, one panel per
  mode with rijn and each peer, the primitive records left out, the same
  bytes from the same JSON; it refuses what it cannot draw;
- x25519's records (derive, base, batch for each driver) with the columns
  of the peers that have X25519 (OpenSSL, libsodium) and none of the one
  that does not (libgcrypt), and libsodium's none on the modes' rows.

Each run is short (--seconds 0.01): these check the format, not speed.
"""
import ctypes
import datetime
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pytest

from rijn_ffi import BUILD

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
RIJN = os.path.abspath(os.path.join(BUILD, "rijn"))
PLOT = os.path.join(ROOT, "bench", "plot_speed.py")
SVG = "{http://www.w3.org/2000/svg}"
FAST = ["--seconds=0.01", "--sizes", "16,256"]


def env(**kw):
    e = {k: v for k, v in os.environ.items() if k != "RIJN_CPU"}
    e.update(kw)
    return e


def speed(*args, environ=None, timeout=300):
    return subprocess.run([RIJN, "speed", *args], capture_output=True, timeout=timeout, env=environ or env())


def doc_of(*args, environ=None):
    r = speed(*args, environ=environ)
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert isinstance(d, dict) and set(d) == {"meta", "results"}, d.keys()
    return d


def cpuinfo(key):
    """The first value of key in /proc/cpuinfo, or None."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k.strip() == key:
                    return v.strip()
    except OSError:
        pass
    return None


def peer_version(name):
    """A peer's version by its own API, loaded here with ctypes; None if
    this process cannot load it."""
    try:
        if name == "openssl":
            lib = ctypes.CDLL("libcrypto.so.3")
            lib.OpenSSL_version.restype = ctypes.c_char_p
            lib.OpenSSL_version.argtypes = [ctypes.c_int]
            return lib.OpenSSL_version(6).decode()      # OPENSSL_VERSION_STRING
        if name == "sodium":
            lib = ctypes.CDLL("libsodium.so.23")
            lib.sodium_version_string.restype = ctypes.c_char_p
            return lib.sodium_version_string().decode()
        lib = ctypes.CDLL("libgcrypt.so.20")
        lib.gcry_check_version.restype = ctypes.c_char_p
        lib.gcry_check_version.argtypes = [ctypes.c_char_p]
        return lib.gcry_check_version(None).decode()
    except OSError:
        return None


ROW_KEYS = {"algorithm": str, "driver": str, "op": str, "key_bits": int, "size": int, "in_offset": int,
            "out_offset": int, "mb_per_s": (int, float)}


# ------------------------------------------------------------------ meta --

def test_json_meta_fields_typed_and_true():
    d = doc_of("--json", "--alg", "ctr(aes)", "--vs", "openssl,gcrypt", *FAST)
    m = d["meta"]
    for k, t in {"rijn_version": str, "date": str, "cpu": dict, "kernel": dict, "peers": list, "statistic": str,
                 "runs": int, "seconds": (int, float), "key_bits": int, "sizes": list, "clock": dict}.items():
        assert isinstance(m.get(k), t), (k, m.get(k))

    ver = subprocess.run([RIJN, "version"], capture_output=True, text=True).stdout.split()
    assert ver == ["rijn", m["rijn_version"]]

    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", m["date"]), m["date"]
    when = datetime.datetime.strptime(m["date"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=datetime.timezone.utc)
    assert abs((datetime.datetime.now(datetime.timezone.utc) - when).total_seconds()) < 600

    cpu = m["cpu"]
    assert cpu["arch"] == os.uname().machine
    assert cpu["logical_cpus"] == os.cpu_count()
    # rijn_cpu_features(), as `rijn list` prints it: "# cpu: x86_64,sse2,...".
    head = subprocess.run([RIJN, "list"], capture_output=True, text=True, env=env()).stdout.splitlines()[0]
    feats = head.removeprefix("# cpu: ")
    assert cpu["features"] == ([] if feats == "(none)" else feats.split(","))
    assert all(isinstance(f, str) and f for f in cpu["features"])
    assert cpu["rijn_cpu"] is None
    if cpuinfo("model name") is not None:
        assert cpu["model"] == cpuinfo("model name")
    else:
        assert cpu["model"] is None or isinstance(cpu["model"], str)
    for key, field in (("cpu family", "family"), ("model", "model_number")):
        assert cpu[field] == (int(cpuinfo(key)) if cpuinfo(key) is not None else None), field

    u = os.uname()
    assert m["kernel"] == {"name": u.sysname, "release": u.release, "version": u.version}

    assert [p["name"] for p in m["peers"]] == ["openssl", "gcrypt"]
    for p in m["peers"]:
        assert isinstance(p["title"], str) and isinstance(p["library"], str) and isinstance(p["loaded"], bool)
        want = peer_version(p["name"])
        if p["loaded"]:
            assert isinstance(p["version"], str) and re.match(r"\d+\.\d+", p["version"]), p
            if want is not None:
                assert p["version"] == want, (p, want)
        else:
            assert p["version"] is None
    assert m["peers"][0]["title"] == "OpenSSL" and m["peers"][0]["library"] == "libcrypto.so.3"

    assert m["statistic"] == "median" and m["runs"] == 7
    assert m["seconds"] == 0.01 and m["key_bits"] == 128 and m["sizes"] == [16, 256] and m["offsets"] is None
    clock = m["clock"]
    assert clock["method"] in ("perf_event", "effective_clock", "none")
    if clock["method"] == "none":
        assert clock["ghz"] is None
    else:
        assert isinstance(clock["ghz"], float) and 0.05 < clock["ghz"] < 20, clock
    if os.uname().machine == "x86_64":
        assert clock["method"] != "none"   # the effective clock is the x86-64 fallback

    res = d["results"]
    assert {(r["op"], r["size"]) for r in res} == {("enc", 16), ("enc", 256)}
    for r in res:
        for k, t in ROW_KEYS.items():
            assert isinstance(r[k], t), (k, r)
        assert r["algorithm"] == "ctr(aes)" and r["key_bits"] == 128 and r["mb_per_s"] > 0
        assert r["cycles_per_byte"] is None or r["cycles_per_byte"] > 0
        # Where malloc put the buffers: glibc aligns them to 16 bytes.
        assert 0 <= r["in_offset"] < 4096 and 0 <= r["out_offset"] < 4096 and r["in_offset"] % 16 == 0, r
        for p in m["peers"]:
            # CTR is in both peers: a loaded one has its columns in every row.
            assert (f"{p['name']}_mb_per_s" in r) == p["loaded"], (p, r)


def test_offsets_place_every_sides_buffers():
    """--offsets IN,OUT puts each row's input and output that many bytes
    past a 4 KiB boundary: the records give the addresses modulo 4096 as
    measured, so a run that ignored the option fails here. 4080 with 4096
    bytes crosses a page, as the option is for."""
    d = doc_of("--json", "--alg", "gcm(aes)", "--alg", "ctr(aes)", "--offsets", "16,4080", "--sizes", "16,4096",
               "--seconds", "0.01")
    assert d["meta"]["offsets"] == [16, 4080]
    assert {(r["algorithm"], r["op"]) for r in d["results"]} == {("gcm(aes)", "enc"), ("gcm(aes)", "dec"),
                                                                 ("ctr(aes)", "enc")}
    assert all((r["in_offset"], r["out_offset"]) == (16, 4080) for r in d["results"]), d["results"]
    r = speed("--alg", "ctr(aes)", "--offsets", "0,48", *FAST)
    assert r.returncode == 0, r.stderr
    assert "\n# buffers: input 0, output 48 bytes past a 4 KiB boundary (--offsets)\n" in r.stdout.decode()


def test_peers_table_says_where_the_buffers_were(tmp_path):
    """bench/peers_table.py, which turns runs into docs/performance.md's
    tables, names the placements its rows were measured at."""
    for args, want in ((["--offsets", "16,48"], "16/48 (--offsets)"), ([], "(where malloc put them)")):
        out = tmp_path / "run.json"
        r = speed("--alg", "ctr(aes)", "--vs", "openssl,gcrypt", "--json-out", str(out), *FAST, *args)
        assert r.returncode == 0, r.stderr
        t = subprocess.run([sys.executable, os.path.join(ROOT, "bench", "peers_table.py"), str(out)],
                           capture_output=True, text=True)
        assert t.returncode == 0, t.stderr
        line = next(x for x in t.stdout.splitlines() if x.startswith("Buffers (address modulo 4096"))
        assert line.endswith(want), line


def test_json_meta_follows_the_options_and_rijn_cpu():
    """--stat best, --key-bits and RIJN_CPU are recorded as used: RIJN_CPU
    masks what rijn sees, and meta says both the mask and the result."""
    d = doc_of("--json", "--alg", "ecb(aes)", "--stat", "best", "--key-bits=256", "--sizes", "32", "--seconds",
               "0.01", environ=env(RIJN_CPU="none"))
    m = d["meta"]
    assert m["statistic"] == "best" and m["key_bits"] == 256 and m["sizes"] == [32] and m["peers"] == []
    assert m["cpu"]["rijn_cpu"] == "none"
    listing = subprocess.run([RIJN, "list"], capture_output=True, text=True, env=env(RIJN_CPU="none")).stdout
    assert listing.startswith("# cpu: (none)") and m["cpu"]["features"] == []
    assert [(r["size"], r["key_bits"]) for r in d["results"]] == [(32, 256)]
    assert "aesni" not in d["results"][0]["driver"]


def listing(**kw):
    return json.loads(subprocess.run([RIJN, "list", "--json"], capture_output=True, check=True, env=env(**kw)).stdout)


@pytest.fixture(scope="module")
def prim_doc():
    """The document of a primitive kind's run: the registry's first kind
    (not a template mode) whose records are operations, one driver of it
    (--driver keeps it short); None if the registry has none."""
    seen = set()
    for e in listing():
        if e["template"] or not e["available"] or e["algorithm"] in seen:
            continue
        seen.add(e["algorithm"])
        r = speed("--json", "--alg", e["algorithm"], "--driver", e["driver"], "--seconds", "0.01", "--sizes", "16")
        if r.returncode == 0 and any("ops_per_s" in x for x in json.loads(r.stdout)["results"]):
            return json.loads(r.stdout)
    return None


def test_json_primitive_records(prim_doc):
    """The primitive kinds' records: operations per second and cycles per
    operation, no size; the same document around them."""
    if prim_doc is None:
        pytest.skip("no primitive kind in the registry")
    assert prim_doc["meta"]["runs"] == 7 and prim_doc["results"]
    for r in prim_doc["results"]:
        assert "size" not in r and "mb_per_s" not in r
        assert isinstance(r["ops_per_s"], (int, float)) and r["ops_per_s"] > 0
        assert r["cycles_per_op"] is None or r["cycles_per_op"] > 0
        assert isinstance(r["api"], bool) and isinstance(r["measure"], str) and isinstance(r["op"], str)


# ---------------------------------------------------------------- x25519 --

X25519_OPS = {"derive", "base", "batch"}
# Each peer's JSON keys on a primitive record: rate, cycles, rijn's ratio.
PEER_KEYS = {"openssl": ("openssl_ops_per_s", "openssl_cycles_per_op", "ratio"),
             "sodium": ("sodium_ops_per_s", "sodium_cycles_per_op", "sodium_ratio")}


@pytest.fixture(scope="module")
def x25519_doc():
    """One short run of a mode and x25519 against all three peers."""
    drivers = [e["driver"] for e in listing() if e["algorithm"] == "x25519" and e["available"]]
    if not drivers:
        pytest.skip("no x25519 driver in the registry")
    d = doc_of("--json", "--alg", "ctr(aes)", "--alg", "x25519", "--vs", "openssl,gcrypt,sodium", "--sizes", "16",
               "--seconds", "0.01")
    return d, drivers


def test_x25519_records(x25519_doc):
    """An x25519 record per driver and op: ops_per_s and cycles_per_op,
    and the columns of each loaded peer that has X25519, with rijn's ratio
    to it; none of libgcrypt's, which has none."""
    d, drivers = x25519_doc
    m = d["meta"]
    assert [p["name"] for p in m["peers"]] == ["openssl", "gcrypt", "sodium"]
    sodium = m["peers"][2]
    assert sodium["title"] == "libsodium" and sodium["library"] == "libsodium.so.23"
    if sodium["loaded"]:
        assert sodium["version"] == peer_version("sodium")
    loaded = {p["name"] for p in m["peers"] if p["loaded"]}
    recs = [r for r in d["results"] if r["algorithm"] == "x25519"]
    assert {(r["driver"], r["op"]) for r in recs} == {(dr, op) for dr in drivers for op in X25519_OPS}
    for r in recs:
        assert "size" not in r and "mb_per_s" not in r
        assert isinstance(r["ops_per_s"], (int, float)) and r["ops_per_s"] > 0
        assert r["cycles_per_op"] is None or r["cycles_per_op"] > 0
        assert isinstance(r["api"], bool) and isinstance(r["measure"], str)
        for name, (rate, cyc, ratio) in PEER_KEYS.items():
            assert (rate in r) == (name in loaded), (name, r)
            if rate in r:
                assert r[rate] > 0 and (r[cyc] is None or r[cyc] > 0)
                # ops_per_s are rounded to whole operations, the ratio to 3 decimals.
                assert r[ratio] == pytest.approx(r["ops_per_s"] / r[rate], rel=0.01, abs=0.002)
        assert not any(k.startswith("gcrypt_") for k in r), r
    # The selected driver's rows are the public functions' (api).
    sel = [e["driver"] for e in listing() if e["algorithm"] == "x25519" and e["selected"]]
    assert {r["driver"] for r in recs if r["api"]} == set(sel)
    # The peers do the same work whatever rijn's driver: one figure per op.
    for name, (rate, _, _) in PEER_KEYS.items():
        for op in X25519_OPS:
            assert len({r.get(rate) for r in recs if r["op"] == op}) == 1
    # libsodium has no modes: no columns on the mode's rows, while OpenSSL
    # and libgcrypt have theirs.
    modes = [r for r in d["results"] if "size" in r]
    assert modes and not any(k.startswith("sodium_") for r in modes for k in r)
    for r in modes:
        for p in ("openssl", "gcrypt"):
            assert (f"{p}_mb_per_s" in r) == (p in loaded)


def test_x25519_table_has_peer_columns():
    """The text table: each x25519 row has rijn's figures, then per peer
    with X25519 its rate, cycles and ratio; --driver keeps it to one
    driver."""
    sel = [e["driver"] for e in listing() if e["algorithm"] == "x25519" and e["selected"]]
    if not sel:
        pytest.skip("no x25519 driver selected")
    r = speed("--alg", "x25519", "--driver", sel[0], "--vs", "openssl,gcrypt,sodium", "--seconds", "0.01")
    assert r.returncode == 0, r.stderr
    out = r.stdout.decode()
    head = next(line for line in out.splitlines() if line.startswith("algorithm"))
    loaded = [t for t, col in (("OpenSSL", "ossl"), ("libsodium", "sodium")) if f"# {t} " in out]
    for title, col in (("OpenSSL", "ossl"), ("libsodium", "sodium")):
        assert (f"{col} Mops/s" in head) == (title in loaded), head
    assert "gcry" not in head
    # The measure "batch of 8" is three words: one field here.
    rows = [re.sub(r"batch of (\d+)", r"batch_of_\1", line).split() for line in out.splitlines()
            if line.startswith("x25519 ")]
    assert sorted(f[1] for f in rows) == sorted(X25519_OPS)
    for f in rows:
        assert f[0] == "x25519" and f[3] == sel[0]      # pinned: no '*'
        rest = f[4:]
        assert float(rest[0]) > 0 and len(rest) == 2 + 3 * len(loaded), f
        for i in range(len(loaded)):
            assert float(rest[2 + 3 * i]) > 0 and rest[4 + 3 * i].endswith("x"), f


# ---------------------------------------------------------------- errors --

BAD = [
    ["--alg", "ctr(aes)", "--driver", "bogus"],             # unknown driver
    ["--alg", "ctr(aes)", "--driver", "aes-generic"],       # a driver of another algorithm
    ["--alg", "bogus(aes)"],
    ["--sizes", "0"],
    ["--sizes", "16,x"],
    ["--vs", "nope"],
    ["--vs", "openssl,sodium,nope"],
    ["--alg", "x25519", "--driver", "aes-generic"],           # a driver of another kind
    ["--driver", "aes-generic"],                             # --driver without one --alg
    ["--seconds", "0"],
    ["--seconds=abc"],
    ["--key-bits", "100"],
    ["--stat", "mean"],
    ["--offsets", "4096,0"],                                 # past a page
    ["--offsets", "16"],                                     # one number
    ["--offsets", "1,2,3"],
    ["--offsets", "-1,0"],
    ["--bogus-option"],
    ["--alg"],                                               # no value
    ["operand"],
    ["--json-out", "x.json"],                                # with --json: one or the other
]


@pytest.mark.parametrize("args", BAD, ids=lambda a: " ".join(a))
def test_error_is_nothing_on_stdout(args):
    r = speed("--json", *args, "--seconds", "0.01")
    assert r.returncode == 2, (args, r.returncode, r.stdout[:200])
    assert r.stdout == b"", r.stdout[:200]
    assert r.stderr.startswith(b"rijn speed: ") and r.stderr.count(b"\n") == 1, r.stderr


def test_unavailable_driver_is_an_error_before_output(prim_doc):
    """A driver that this CPU (here: RIJN_CPU=none) cannot run: found
    before anything is printed, for a mode and for a primitive kind."""
    fast = [e for e in listing() if e["cpu_features"] and e["available"]]
    kinds = {x["algorithm"] for x in prim_doc["results"]} if prim_doc else set()
    picks = [e for e in (next((x for x in fast if x["template"]), None),
                         next((x for x in fast if x["algorithm"] in kinds), None)) if e]
    if not picks:
        pytest.skip("no driver here needs a CPU feature")
    for e in picks:
        for json_flag in (["--json"], []):
            r = speed(*json_flag, "--alg", e["algorithm"], "--driver", e["driver"], *FAST,
                      environ=env(RIJN_CPU="none"))
            assert r.returncode == 2 and r.stdout == b"", (e, r.stdout[:200])
            assert e["driver"].encode() in r.stderr and r.stderr.count(b"\n") == 1, r.stderr


def test_interrupted_run_prints_nothing():
    """The document is written whole at the end: a run killed halfway has
    printed none of it (no lone "[" or half a record)."""
    p = subprocess.Popen([RIJN, "speed", "--json", "--seconds", "2"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env())
    time.sleep(1.5)
    assert p.poll() is None, "finished before it could be interrupted"
    p.send_signal(signal.SIGTERM)
    out, _ = p.communicate(timeout=60)
    assert p.returncode == -signal.SIGTERM and out == b""


# -------------------------------------------------------------- json-out --

def test_json_out_writes_file_and_table(tmp_path):
    out = tmp_path / "s.json"
    r = speed("--alg", "gcm(aes)", "--json-out", str(out), *FAST)
    assert r.returncode == 0, r.stderr
    table = r.stdout.decode()
    assert re.search(r"^gcm\(aes\)\s+enc\s+\S+\s+16\s", table, re.M) and "# rijn " in table, table
    d = json.loads(out.read_text())
    assert set(d) == {"meta", "results"} and d["meta"]["sizes"] == [16, 256]
    assert {(x["op"], x["size"]) for x in d["results"]} == {("enc", 16), ("enc", 256), ("dec", 16), ("dec", 256)}
    assert sorted(os.listdir(tmp_path)) == ["s.json"]      # no temporary file left


def test_json_out_error_leaves_nothing(tmp_path):
    out = tmp_path / "s.json"
    r = speed("--alg", "ctr(aes)", "--driver", "bogus", "--json-out", str(out), *FAST)
    assert r.returncode == 2 and r.stdout == b"" and os.listdir(tmp_path) == []
    r = speed("--alg", "ctr(aes)", "--json-out", str(tmp_path / "no" / "dir.json"), *FAST)
    assert r.returncode == 2 and r.stdout == b"" and b"no/dir.json" in r.stderr
    # Interrupted: the table so far on stdout, no file and no temporary.
    p = subprocess.Popen([RIJN, "speed", "--seconds", "2", "--json-out", str(out)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env())
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    p.communicate(timeout=60)
    assert p.returncode == -signal.SIGINT and os.listdir(tmp_path) == []


def test_speed_help():
    r = subprocess.run([RIJN, "speed", "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "--json-out FILE" in r.stdout and "plot_speed.py" in r.stdout


# ------------------------------------------------------------------ plot --

def have_matplotlib():
    return subprocess.run([sys.executable, "-c", "import matplotlib"], capture_output=True).returncode == 0


needs_mpl = pytest.mark.skipif(not have_matplotlib(),
                               reason="matplotlib missing (scripts/deps.sh installs it: pip install matplotlib)")


def plot(src, dst):
    return subprocess.run([sys.executable, PLOT, str(src), "-o", str(dst)], capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def speed_json(tmp_path_factory, prim_doc):
    """A short real run: three modes of three shapes (cipher, AEAD with
    decryption rows, MAC), both peers where they load; with the records of
    the primitive kind's run added, as a full run has them."""
    path = tmp_path_factory.mktemp("plot") / "speed.json"
    r = speed("--alg", "ctr(aes)", "--alg", "gcm(aes)", "--alg", "cmac(aes)", "--vs", "openssl,gcrypt",
              "--json-out", str(path), *FAST)
    assert r.returncode == 0, r.stderr
    if prim_doc is not None:
        d = json.loads(path.read_text())
        d["results"] += prim_doc["results"]
        path.write_text(json.dumps(d))
    return path


@needs_mpl
def test_plot_makes_svg(speed_json, tmp_path):
    d = json.loads(speed_json.read_text())
    out = tmp_path / "speed.svg"
    r = plot(speed_json, out)
    assert r.returncode == 0, r.stderr
    root = ET.parse(out).getroot()                   # well-formed XML
    assert root.tag == SVG + "svg"
    texts = [t.text or "" for t in root.iter(SVG + "text")] + \
        [s.text or "" for t in root.iter(SVG + "text") for s in t.iter(SVG + "tspan")]
    modes = {x["algorithm"] for x in d["results"] if "size" in x}
    prims = {x["algorithm"] for x in d["results"] if "size" not in x}
    for mode in modes:                               # one panel per mode, titled with it
        assert mode in texts, (mode, texts)
    for p in prims:                                  # the primitive records are not drawn
        assert p not in texts
    if prims:
        assert any("not drawn" in t for t in texts)
    loaded = [p["title"] for p in d["meta"]["peers"] if p["loaded"]]
    for label in ["rijn", *loaded, "decrypt"]:       # legend: rijn, each peer; gcm has decryption rows
        assert label in texts, (label, texts)
    assert "16" in texts and "256" in texts and "MB/s" in texts and "buffer size (bytes)" in texts
    head = [t for t in texts if t.startswith("rijn ")][0]
    assert d["meta"]["date"] in head and d["meta"]["rijn_version"] in head
    if d["meta"]["cpu"]["model"]:
        assert any(t.startswith(d["meta"]["cpu"]["model"]) for t in texts)
    # The lines: a stroke colour per implementation (rijn and each loaded
    # peer), solid, and dashed for gcm's decryption.
    strokes = [p.get("style") or "" for p in root.iter(SVG + "path") if "fill: none" in (p.get("style") or "")]
    colours = {m.group(1) for st in strokes for m in [re.search(r"stroke: (#[0-9a-f]{6})", st)] if m}
    assert len(colours - {"#000000", "#b0b0b0"}) >= 1 + len(loaded), colours
    assert any("stroke-dasharray" in st for st in strokes)
    # The same JSON, the same bytes.
    out2 = tmp_path / "again.svg"
    assert plot(speed_json, out2).returncode == 0
    assert out.read_bytes() == out2.read_bytes()


def test_plot_refuses_what_it_cannot_draw(tmp_path, speed_json):
    d = json.loads(speed_json.read_text())
    old = tmp_path / "old.json"
    old.write_text(json.dumps(d["results"]))         # the bare array of before
    r = plot(old, tmp_path / "o.svg")
    assert r.returncode == 2 and "not a `rijn speed --json` document" in r.stderr
    only = tmp_path / "prims.json"
    only.write_text(json.dumps({"meta": d["meta"], "results": [x for x in d["results"] if "size" not in x]}))
    r = plot(only, tmp_path / "p.svg")
    assert r.returncode == 2 and "no record with a buffer size" in r.stderr
    assert not (tmp_path / "o.svg").exists() and not (tmp_path / "p.svg").exists()


def test_plot_says_when_matplotlib_is_missing(speed_json, tmp_path):
    code = ("import runpy, sys; sys.modules['matplotlib'] = None; "
            f"sys.argv = ['plot_speed.py', {str(speed_json)!r}, '-o', {str(tmp_path / 'x.svg')!r}]; "
            f"runpy.run_path({PLOT!r}, run_name='__main__')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 3 and "matplotlib is missing" in r.stderr, r.stderr


@needs_mpl
def test_make_speed_writes_json_and_svg(tmp_path):
    """The make target end to end, with a short run: a build directory of
    its own (holding only a link to the CLI, which make must not rebuild)."""
    os.symlink(RIJN, tmp_path / "rijn")
    # Not the flags of a make that runs this test (make check).
    e = {k: v for k, v in env().items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "BUILD", "SPEED_ARGS")}
    r = subprocess.run(["make", "-s", "-o", f"{tmp_path}/rijn", "speed", f"BUILD={tmp_path}",
                        "SPEED_ARGS=--alg 'ctr(aes)' --sizes 16,4096 --seconds 0.01"], cwd=ROOT, capture_output=True,
                       text=True, timeout=300, env=e)
    assert r.returncode == 0, r.stderr
    assert re.search(r"^ctr\(aes\)\s+enc", r.stdout, re.M), r.stdout
    d = json.loads((tmp_path / "speed.json").read_text())
    assert [p["name"] for p in d["meta"]["peers"]] == ["openssl", "gcrypt", "sodium"]
    assert ET.parse(tmp_path / "speed.svg").getroot().tag == SVG + "svg"


# ------------------------------------------- the strongest peers (--vs) --

PEERS_LIB = os.path.join(os.path.abspath(BUILD), "peers", "release", "librijn_peers.so")


def test_best_peer_ratio_is_the_fastest_peers():
    """With two or more peers each row ends in rijn's ratio to the fastest of
    them (JSON best_peer, best_ratio), the figure the speed goals are stated
    in: it must name the peer with the highest MB/s of the row and equal
    rijn's MB/s over that peer's."""
    d = doc_of("--json", "--alg", "gcm(aes)", "--alg", "ctr(aes)", "--vs", "openssl,gcrypt", *FAST)
    rows = [r for r in d["results"] if r["algorithm"] in ("gcm(aes)", "ctr(aes)")]
    assert rows
    for r in rows:
        have = {p: r[p + "_mb_per_s"] for p in ("openssl", "gcrypt") if p + "_mb_per_s" in r}
        assert len(have) == 2, r
        best = max(have, key=have.get)
        assert r["best_peer"] == best, r
        assert r["best_ratio"] == pytest.approx(r["mb_per_s"] / have[best], rel=2e-3), r
    # One peer: no best column (its own ratio says it).
    one = doc_of("--json", "--alg", "ctr(aes)", "--vs", "openssl", *FAST)
    assert all("best_ratio" not in r for r in one["results"])
    table = speed("--alg", "ctr(aes)", "--vs", "openssl,gcrypt", *FAST).stdout.decode()
    assert "vs best" in table


def test_strong_peers_absent_library_is_said_and_skipped():
    """Without bench/peers' library (make speed-peers builds it) --vs awslc,
    ring, openssl4 say so on stderr, record the peers as not loaded, and
    measure the rest: exit 0."""
    e = env(RIJN_PEERS_LIB="/nonexistent/librijn_peers.so")
    r = speed("--json", "--alg", "gcm(aes)", "--vs", "awslc,ring,openssl4,openssl", *FAST, environ=e)
    assert r.returncode == 0, r.stderr
    err = r.stderr.decode()
    for title in ("AWS-LC", "ring", "OpenSSL"):
        assert f"no {title} column" in err, err
    d = json.loads(r.stdout)
    loaded = {p["name"]: p["loaded"] for p in d["meta"]["peers"]}
    assert loaded == {"openssl": True, "awslc": False, "ring": False, "openssl4": False}, loaded
    assert all("awslc_mb_per_s" not in x for x in d["results"])


@pytest.mark.skipif(not os.path.exists(PEERS_LIB),
                    reason="bench/peers' librijn_peers.so not built (make speed-peers builds it with cargo; "
                           "make check does not, it needs crates.io)")
def test_strong_peers_measured():
    """AWS-LC, ring and OpenSSL 4.0 through librijn_peers.so: GCM seal and
    open at 128 and 256 bits for all three (the library checks at setup that
    its own open of rijn's message verifies), CTR for AWS-LC and OpenSSL 4
    (ring has none), and their versions from the libraries."""
    e = env(RIJN_PEERS_LIB=PEERS_LIB)
    for bits, algs in (("128", ["gcm(aes)", "ctr(aes)"]), ("256", ["gcm(aes)"])):
        args = ["--json", "--key-bits", bits, "--vs", "awslc,ring,openssl4", *FAST]
        for a in algs:
            args += ["--alg", a]
        d = doc_of(*args, environ=e)
        peers = {p["name"]: p for p in d["meta"]["peers"]}
        assert all(peers[n]["loaded"] for n in ("awslc", "ring", "openssl4")), peers
        assert re.match(r"\d+\.\d+\.\d+", peers["openssl4"]["version"]) and peers["openssl4"]["version"][0] == "4"
        assert re.match(r"\d+\.\d+\.\d+ \(aws-lc-rs ", peers["awslc"]["version"]), peers["awslc"]
        for r in d["results"]:
            got = {n for n in ("awslc", "ring", "openssl4") if n + "_mb_per_s" in r}
            exp = {"awslc", "ring", "openssl4"} if r["algorithm"] == "gcm(aes)" else {"awslc", "openssl4"}
            assert got == exp, r
            assert r["best_peer"] in exp


FIXED_COST = os.path.join(ROOT, "bench", "fixed_cost.py")


def fixed_cost(*args):
    return subprocess.run([sys.executable, FIXED_COST, "--rijn", RIJN, *args], capture_output=True, text=True,
                          timeout=300, env=env())


def test_fixed_cost_fits_the_sizes_asked_for():
    """bench/fixed_cost.py (docs/performance.md): --sizes, --key-bits and
    --offsets reach rijn speed; each side gets a fixed cost and a cost per
    block fitted over exactly those sizes, and each peer its cost per block
    over rijn's, which the fit's own terms reproduce."""
    r = fixed_cost("--alg", "ctr(aes)", "--vs", "openssl", "--seconds", "0.01", "--sizes", "4096,256,1024",
                   "--key-bits", "256", "--offsets", "16,32")
    if r.returncode and "no cycle figures" in r.stderr:
        pytest.skip("rijn speed reports no cycles on this machine, so there is nothing to fit")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "256-bit keys" in lines[0] and "least squares over 3 sizes, 256..4096 bytes" in lines[0], lines[0]
    assert "buffers at --offsets 16,32 " in lines[0], lines[0]
    rows = {x.split()[2]: x.split() for x in lines[2:] if x.startswith("ctr(aes)")}
    assert set(rows) == {"rijn", "openssl"}, lines
    rijn_b, ossl_b = float(rows["rijn"][4]), float(rows["openssl"][4])
    assert len(rows["rijn"]) == 6 and rows["openssl"][6].endswith("x"), lines
    assert abs(float(rows["openssl"][6][:-1]) - ossl_b / rijn_b) < 0.01, lines


@pytest.mark.parametrize("sizes", ["16,32", "0,16,32", "16,a,32", "16,16,32"])
def test_fixed_cost_refuses_too_few_sizes(sizes):
    """Fewer than three distinct sizes of one byte or more cannot be
    fitted: exit 2 and one line that says why, before any run."""
    r = fixed_cost("--sizes", sizes)
    assert r.returncode == 2 and "--sizes" in r.stderr and r.stdout == "", (r.returncode, r.stderr)


GCM_PASS = os.path.abspath(os.path.join(BUILD, "bench", "gcm_pass"))


def test_gcm_pass_prints_a_pass_for_seal_and_open():
    """bench/gcm_pass (README, "Speed: rijn speed"): for the selected
    gcm(aes) driver, with the buffers at the offsets asked for, one line
    each for seal and open with the three sizes' medians and a slope per
    256-byte pass; its opens verify its own seals (exit 1 otherwise)."""
    if not os.path.exists(GCM_PASS):
        pytest.skip("build/bench/gcm_pass not built (make benches builds it; make check does)")
    r = subprocess.run([GCM_PASS, "-", "192", "16", "48"], capture_output=True, text=True, timeout=300, env=env())
    assert r.returncode == 0, r.stderr
    rows = [x for x in r.stdout.splitlines() if not x.startswith("#")]
    pat = (r"AES-192 (seal|open) in\+16 out\+48: 8K (\d+) 16K (\d+) 32K (\d+) (cycles|ns); "
           r"pass \(256 bytes\) ([\d.]+), 16K beyond 64 passes -?\d+$")
    got = [re.match(pat, x) for x in rows]
    assert len(rows) == 2 and all(got), rows
    assert [m.group(1) for m in got] == ["seal", "open"], rows
    for m in got:
        t8, t16, t32 = (int(m.group(i)) for i in (2, 3, 4))
        assert 0 < t8 < t16 < t32 and float(m.group(6)) > 0, m.group(0)


@pytest.mark.parametrize("args,msg", [(["no-such-driver"], "driver no-such-driver"), (["-", "100"], "BITS"),
                                      (["-", "160"], "BITS must be 128, 192 or 256"),
                                      (["-", "128", "4096"], "IN must be 0..4095"),
                                      (["-", "128", "0", "x"], "OUT must be 0..4095"),
                                      (["-", "128", "0", "0", "extra"], "usage: gcm_pass")])
def test_gcm_pass_refuses_bad_arguments(args, msg):
    """Bad arguments: exit 2, one line on stderr that names the argument,
    nothing measured."""
    if not os.path.exists(GCM_PASS):
        pytest.skip("build/bench/gcm_pass not built (make benches builds it; make check does)")
    r = subprocess.run([GCM_PASS, *args], capture_output=True, text=True, timeout=60, env=env())
    assert r.returncode == 2 and msg in r.stderr and r.stdout == "", (r.returncode, r.stderr, r.stdout)
