# SPDX-License-Identifier: MIT
"""An independent implementation of the `rijn seal` file format
(docs/format.md), on pyca/cryptography (OpenSSL): KBKDFCMAC for the SP
800-108 key derivation, CMAC for the header tag, AESGCM for the chunks.
tests/py/test_format.py checks rijn against it both ways and recomputes
the spec's test vectors with it."""
from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.kbkdf import KBKDFCMAC, CounterLocation, Mode

MAGIC = b"RIJNSEAL"
VERSION = 1
CHUNK_LOG2 = 16
CHUNK = 1 << CHUNK_LOG2
TAG = 16
HEADER = 60
LABEL = b"rijn seal v1"


def fixed_header(salt, version=VERSION, chunk_log2=CHUNK_LOG2):
    assert len(salt) == 32
    return MAGIC + bytes([version, chunk_log2, 0, 0]) + salt


def derive(key, authed):
    """SP 800-108r1 counter mode, PRF AES-CMAC, 32-bit counter before the
    fixed data Label || 0x00 || Context || [L]_32, L = 512."""
    out = KBKDFCMAC(algorithm=algorithms.AES, mode=Mode.CounterMode, length=64, rlen=4, llen=4,
                    location=CounterLocation.BeforeFixed, label=LABEL, context=authed, fixed=None).derive(key)
    return out[:32], out[32:]


def header_tag(k_header, authed):
    c = cmac.CMAC(algorithms.AES(k_header))
    c.update(authed)
    return c.finalize()


def nonce(i, last):
    return i.to_bytes(11, "big") + bytes([1 if last else 0])


def seal_chunks(k_payload, chunks, lasts=None):
    """Each plaintext chunk sealed with its index; lasts[i] overrides the
    last-chunk flag (for forged files)."""
    g = AESGCM(k_payload)
    out = b""
    for i, c in enumerate(chunks):
        last = (i == len(chunks) - 1) if lasts is None else lasts[i]
        out += g.encrypt(nonce(i, last), c, None)
    return out


def split(pt):
    chunks = [pt[i:i + CHUNK] for i in range(0, len(pt), CHUNK)]
    return chunks or [b""]


def seal(key, salt, pt):
    authed = fixed_header(salt)
    kp, kh = derive(key, authed)
    return authed + header_tag(kh, authed) + seal_chunks(kp, split(pt))


def open_(key, blob):
    authed, tag = blob[:44], blob[44:HEADER]
    kp, kh = derive(key, authed)
    c = cmac.CMAC(algorithms.AES(kh))
    c.update(authed)
    c.verify(tag)
    g = AESGCM(kp)
    body = blob[HEADER:]
    pt, i = b"", 0
    while True:
        piece = body[:CHUNK + TAG]
        body = body[CHUNK + TAG:]
        last = not body
        pt += g.decrypt(nonce(i, last), piece, None)
        if last:
            return pt
        i += 1
