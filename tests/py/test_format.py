# SPDX-License-Identifier: MIT
"""rijn seal / rijn open (docs/format.md): interoperability both ways with
an independent implementation (sealfmt.py, on pyca/cryptography), the
spec's test vectors recomputed, and every attack the spec lists: exit 1,
the place named, and no plaintext of a chunk that did not verify."""
import hashlib
import os
import re
import subprocess

import pytest

import sealfmt as F
from rijn_ffi import BUILD

RIJN = os.path.abspath(os.path.join(BUILD, "rijn"))
DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "format.md")
CT = F.CHUNK + F.TAG


def rijn(cmd, key, data):
    return subprocess.run([RIJN, cmd, "--key", key.hex()], input=data, capture_output=True, timeout=120)


def seal(key, pt):
    r = rijn("seal", key, pt)
    assert r.returncode == 0 and r.stderr == b"", r.stderr
    return r.stdout


LENGTHS = [0, 1, 16, F.CHUNK - 1, F.CHUNK, F.CHUNK + 1, 2 * F.CHUNK, 3 * F.CHUNK + 1234]


@pytest.mark.parametrize("n", LENGTHS)
def test_rijn_seal_opens_with_the_independent_implementation(n):
    key, pt = os.urandom(32), os.urandom(n)
    blob = seal(key, pt)
    nchunks = max(1, -(-n // F.CHUNK))
    assert len(blob) == F.HEADER + n + F.TAG * nchunks
    assert F.open_(key, blob) == pt
    # A fresh salt each time: two seals of the same file differ.
    assert seal(key, pt)[12:44] != blob[12:44]


@pytest.mark.parametrize("n", LENGTHS)
def test_independent_seal_opens_with_rijn(n):
    key, pt = os.urandom(32), os.urandom(n)
    r = rijn("open", key, F.seal(key, os.urandom(32), pt))
    assert r.returncode == 0 and r.stdout == pt, r.stderr


def doc_vectors():
    text = open(DOC).read()
    vecs = []
    for block in re.findall(r"```text\n(name:.*?)```", text, re.S):
        v, field = {}, None
        for line in block.splitlines():
            m = re.match(r"^([a-z_0-9 ]+):\s+(.*)$", line)
            if m:
                field = m.group(1)
                v[field] = m.group(2).strip()
            else:
                v[field] += line.strip()
        vecs.append(v)
    return vecs


def test_doc_has_vectors():
    names = [v["name"] for v in doc_vectors()]
    assert names == ["empty", "short", "two-chunks"]


@pytest.mark.parametrize("v", doc_vectors(), ids=lambda v: v["name"])
def test_doc_vectors(v):
    key, salt = bytes.fromhex(v["key"]), bytes.fromhex(v["salt"])
    p = v["plaintext"]
    m = re.fullmatch(r"(\d+) bytes, byte i = i mod (\d+)", p)
    pt = bytes(i % int(m.group(2)) for i in range(int(m.group(1)))) if m else \
        b"" if p == "(empty)" else bytes.fromhex(p)
    # Every field, recomputed by the independent implementation.
    authed = F.fixed_header(salt)
    kp, kh = F.derive(key, authed)
    assert kp.hex() == v["k_payload"] and kh.hex() == v["k_header"]
    blob = F.seal(key, salt, pt)
    assert blob[:F.HEADER].hex() == v["header"]
    if "file" in v:
        assert blob.hex() == v["file"]
    else:
        assert blob[F.HEADER + (len(F.split(pt)) - 1) * CT:].hex() == v["last chunk"]
    assert hashlib.sha256(blob).hexdigest() == v["file sha256"]
    # And rijn opens it.
    r = rijn("open", key, blob)
    assert r.returncode == 0 and r.stdout == pt


def test_kdf_is_sp800_108_counter_mode_by_hand():
    # The KDF once more, from its definition with plain CMAC, so that
    # KBKDFCMAC's parameters are checked too.
    from cryptography.hazmat.primitives import cmac
    from cryptography.hazmat.primitives.ciphers import algorithms
    key, authed = os.urandom(32), F.fixed_header(os.urandom(32))
    out = b""
    for i in range(1, 5):
        c = cmac.CMAC(algorithms.AES(key))
        c.update(i.to_bytes(4, "big") + F.LABEL + b"\0" + authed + (512).to_bytes(4, "big"))
        out += c.finalize()
    assert F.derive(key, authed) == (out[:32], out[32:])


# ------------------------------------------------------------ attacks --

KEY = bytes(range(32))
PT = os.urandom(3 * F.CHUNK + 1000)     # chunks 0, 1, 2 full, 3 short


@pytest.fixture(scope="module")
def sealed():
    return seal(KEY, PT)


def chunks_of(blob):
    body = blob[F.HEADER:]
    return blob[:F.HEADER], [body[i:i + CT] for i in range(0, len(body), CT)]


def fails(blob, where, released, key=KEY):
    """open must exit 1 naming `where`, with exactly the plaintext of the
    first `released` chunks (those before the failure) on stdout."""
    r = rijn("open", key, blob)
    assert r.returncode == 1, (where, r.returncode, r.stderr)
    assert where.encode() in r.stderr, (where, r.stderr)
    assert r.stderr.count(b"\n") == 1
    assert r.stdout == PT[:released * F.CHUNK], (where, len(r.stdout))


def offset(i):
    return f"chunk {i} (offset {F.HEADER + i * CT})"


def test_untouched_opens(sealed):
    r = rijn("open", KEY, sealed)
    assert r.returncode == 0 and r.stdout == PT


def test_wrong_key(sealed):
    fails(sealed, "header (offset 0): authentication failed", 0, key=bytes(32))


@pytest.mark.parametrize("pos", range(F.HEADER))
def test_header_tampering(sealed, pos):
    b = bytearray(sealed)
    b[pos] ^= 0x01
    fails(bytes(b), "header (offset", 0)


def test_header_truncated(sealed):
    fails(sealed[:30], "header: truncated", 0)
    fails(b"", "not a file made by 'rijn seal'", 0)


@pytest.mark.parametrize("i", range(4))
def test_chunk_bit_flip(sealed, i):
    h, cs = chunks_of(sealed)
    for pos in (0, len(cs[i]) - 1):            # ciphertext, then tag
        c = bytearray(cs[i])
        c[pos] ^= 0x80
        fails(h + b"".join(cs[:i]) + bytes(c) + b"".join(cs[i + 1:]), offset(i) + ": authentication failed", i)


def test_reordering(sealed):
    h, cs = chunks_of(sealed)
    fails(h + cs[1] + cs[0] + cs[2] + cs[3], offset(0), 0)
    fails(h + cs[0] + cs[2] + cs[1] + cs[3], offset(1), 1)


def test_duplication(sealed):
    h, cs = chunks_of(sealed)
    fails(h + cs[0] + cs[1] + cs[1] + cs[2] + cs[3], offset(2), 2)
    fails(h + cs[0] + cs[0] + cs[1] + cs[2] + cs[3], offset(1), 1)


def test_dropping_a_chunk(sealed):
    h, cs = chunks_of(sealed)
    fails(h + cs[0] + cs[2] + cs[3], offset(1), 1)


@pytest.mark.parametrize("keep", [0, 1, 2, 3])
def test_truncation_at_a_chunk_boundary(sealed, keep):
    h, cs = chunks_of(sealed)
    if keep == 0:
        fails(h, offset(0) + ": truncated", 0)
    else:
        # The new last chunk was sealed as not last.
        fails(h + b"".join(cs[:keep]), offset(keep - 1), keep - 1)


@pytest.mark.parametrize("cut", [1, 15, 16, 17, CT - 1])
def test_truncation_inside_a_chunk(sealed, cut):
    h, cs = chunks_of(sealed)
    blob = h + cs[0] + cs[1][:cut]
    fails(blob, offset(1), 1)


def test_appending(sealed):
    h, cs = chunks_of(sealed)
    fails(sealed + b"\0", offset(3), 3)
    fails(sealed + cs[3], offset(3), 3)


def test_splicing_across_files(sealed):
    other = seal(KEY, PT)                      # same key and plaintext, another salt
    h, cs = chunks_of(sealed)
    h2, cs2 = chunks_of(other)
    fails(h + cs[0] + cs2[1] + cs[2] + cs[3], offset(1), 1)
    fails(h2 + b"".join(cs), offset(0), 0)     # a valid header of another file


def test_forged_empty_last_chunk_and_flags():
    # With the file's real keys (what only a key holder can make): an
    # empty last chunk after full ones is not what seal writes; a chunk
    # flagged last in the middle ends the file early.
    salt = os.urandom(32)
    authed = F.fixed_header(salt)
    kp, kh = F.derive(KEY, authed)
    h = authed + F.header_tag(kh, authed)
    full = [PT[:F.CHUNK], PT[F.CHUNK:2 * F.CHUNK]]
    fails(h + F.seal_chunks(kp, full + [b""]), offset(2) + ": empty last chunk", 2)
    fails(h + F.seal_chunks(kp, full + [b"x"], lasts=[True, False, True]), offset(0), 0)
    # The same chunks, flagged right, open.
    r = rijn("open", KEY, h + F.seal_chunks(kp, full + [b"x"]))
    assert r.returncode == 0 and r.stdout == PT[:2 * F.CHUNK] + b"x"


@pytest.mark.parametrize("field,value", [(8, 2), (9, 12), (10, 1)])
def test_other_versions_rejected(field, value):
    # Even with a valid tag (a key holder's header of another version).
    salt = os.urandom(32)
    authed = bytearray(F.fixed_header(salt))
    authed[field] = value
    kp, kh = F.derive(KEY, bytes(authed))
    blob = bytes(authed) + F.header_tag(kh, bytes(authed)) + F.seal_chunks(kp, [b"data"])
    fails(blob, f"header (offset {8 if field == 8 else 9})", 0)
