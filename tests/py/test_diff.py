# SPDX-License-Identifier: MIT
"""Differential tests: every driver of every mode against OpenSSL (through
the `cryptography` package) on random keys of all sizes, every length
0..300 plus large ones, random streaming splits, misaligned and in-place
buffers, and CTR counter wrap across 2^32, 2^64 and 2^128. Since every
driver is compared with the same reference, drivers also agree with each
other.
"""
import random

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESCCM, AESGCM
from cryptography.hazmat.primitives.cmac import CMAC

import rijn_ffi as R
from conftest import QUICK, mode_drivers

# 1280 + 7 and 4352 + 5: an odd number of 256-byte passes (5, 17) after
# the first two, which the 512-bit GCM drivers' encryption runs apart
# from its pairs (gcm_vaes512_core.h).
LENGTHS = list(range(0, 301)) + [1024, 1280 + 7, 4096 + 5, 4352 + 5, 65536 + 13, 1 << 20]
if QUICK:
    LENGTHS = list(range(0, 80)) + [255, 256, 257, 4096 + 5]
KEYS = (16, 24, 32)
# GCM also at whole-block lengths (a one-shot call hands the lengths block
# to the bulk's last reduction) of 5, 6, 8.4, 17, 64 and 64.2 passes, and
# at 65.1 passes and 5 bytes: gcm-aes-vaes-avx512-sb runs its pairs of
# passes with one power per register and the last pair with the usual
# powers (decryption), or ends with a group of those (encryption), around
# splits, odd passes and tails (gcm_vaes512_core.h, "Groups with one power
# per register").
GCM_EXTRA = [1280, 1536, 2048 + 112, 4352, 16384, 16384 + 48, 16384 + 288 + 5]


def rnd(rng, n):
    return rng.randbytes(n)


def splits(rng, n, block=1):
    """Random cut points in 0..n, multiples of `block`."""
    k = rng.randint(0, 4)
    return sorted({rng.randrange(0, n // block + 1) * block for _ in range(k)}) if n else []


def ossl(mode, key, data, encrypt=True):
    c = Cipher(algorithms.AES(key), mode)
    x = c.encryptor() if encrypt else c.decryptor()
    return x.update(data) + x.finalize()


@pytest.mark.parametrize("driver", mode_drivers("ecb(aes)"))
def test_ecb(driver):
    rng = random.Random(1)
    for n in LENGTHS:
        n -= n % 16
        key = rnd(rng, rng.choice(KEYS))
        p = rnd(rng, n)
        off = rng.randrange(16)
        c = R.ecb(driver, key, p, True, offset=off, inplace=rng.random() < 0.3)
        assert c == ossl(modes.ECB(), key, p), n
        assert R.ecb(driver, key, c, False, offset=off, inplace=rng.random() < 0.3) == p, n


@pytest.mark.parametrize("driver", mode_drivers("cbc(aes)"))
def test_cbc(driver):
    rng = random.Random(2)
    for n in LENGTHS:
        key, iv = rnd(rng, rng.choice(KEYS)), rnd(rng, 16)
        p = rnd(rng, n - n % 16)
        off = rng.randrange(16)
        c = R.cbc(driver, key, iv, p, True, splits(rng, len(p), 16), off, rng.random() < 0.3)
        assert c == ossl(modes.CBC(iv), key, p), n
        assert R.cbc(driver, key, iv, c, False, splits(rng, len(p), 16), off, rng.random() < 0.3) == p, n
        # PKCS#7 on every length.
        q = rnd(rng, n)
        from cryptography.hazmat.primitives import padding
        pad = padding.PKCS7(128).padder()
        want = ossl(modes.CBC(iv), key, pad.update(q) + pad.finalize())
        assert R.cbc_pad(driver, key, iv, q, True) == want, n
        assert R.cbc_pad(driver, key, iv, want, False) == q, n


@pytest.mark.parametrize("driver", mode_drivers("ctr(aes)"))
def test_ctr(driver):
    rng = random.Random(3)
    for n in LENGTHS:
        key, iv = rnd(rng, rng.choice(KEYS)), rnd(rng, 16)
        p = rnd(rng, n)
        got = R.ctr(driver, key, iv, p, splits(rng, n), rng.randrange(16), rng.random() < 0.3)
        assert got == ossl(modes.CTR(iv), key, p), n


@pytest.mark.parametrize("driver", mode_drivers("ctr(aes)"))
@pytest.mark.parametrize("prefix", [b"\x11" * 12 + b"\xff" * 4,   # 2^32 boundary
                                    b"\x22" * 8 + b"\xff" * 8,    # 2^64
                                    b"\xff" * 16])                # 2^128: wraps to 0
def test_ctr_wrap(driver, prefix):
    rng = random.Random(4)
    key = rnd(rng, 16)
    for back in (0, 1, 3):
        iv = (int.from_bytes(prefix, "big") - back) % (1 << 128)
        iv = iv.to_bytes(16, "big")
        p = rnd(rng, 16 * 8 + 5)
        assert R.ctr(driver, key, iv, p, splits(rng, len(p))) == ossl(modes.CTR(iv), key, p)


@pytest.mark.parametrize("driver", mode_drivers("xts(aes)"))
def test_xts(driver):
    rng = random.Random(5)
    for n in LENGTHS:
        if n < 16:
            continue
        kl = rng.choice((16, 32))  # OpenSSL has no AES-192-XTS; 192 is covered by NIST/Wycheproof
        key, tw = rnd(rng, 2 * kl), rnd(rng, 16)
        p = rnd(rng, n)
        # Streaming: all pieces but the last are multiples of 16, and the
        # last keeps at least 16 bytes when n is not a multiple of 16.
        cut = splits(rng, n - 16 if n % 16 else n, 16)
        off = rng.randrange(16)
        want = ossl(modes.XTS(tw), key, p)
        assert R.xts(driver, key, tw, p, True, cut, off, rng.random() < 0.3) == want, n
        assert R.xts(driver, key, tw, want, False, cut, off, rng.random() < 0.3) == p, n


@pytest.mark.parametrize("driver", mode_drivers("gcm(aes)"))
def test_gcm(driver):
    rng = random.Random(6)
    for n in LENGTHS + (GCM_EXTRA if not QUICK else []):
        key = rnd(rng, rng.choice(KEYS))
        iv = rnd(rng, rng.choice((12, 12, 12, 8, 16, 60)))  # 1..7 bytes: Wycheproof SmallIv
        aad = rnd(rng, rng.choice((0, 13, rng.randrange(70))))
        p = rnd(rng, n)
        want = AESGCM(key).encrypt(iv, p, aad)
        c, t = R.gcm_seal(driver, key, iv, aad, p, 16, rng.randrange(16), rng.random() < 0.3)
        assert c + t == want, n
        assert R.gcm_open(driver, key, iv, aad, c, t, rng.randrange(16), rng.random() < 0.3) == p
        # Streaming with random splits of AAD and data.
        ac, dc = splits(rng, len(aad)), splits(rng, n)
        ap = [aad[a:b] for a, b in zip([0] + ac, ac + [len(aad)])]
        dp = [p[a:b] for a, b in zip([0] + dc, dc + [n])]
        assert R.gcm_stream(driver, key, iv, ap, dp, True) == (c, t)
        cp = [c[a:b] for a, b in zip([0] + dc, dc + [n])]
        ip = rng.random() < 0.5
        assert R.gcm_stream(driver, key, iv, ap, dp, True, inplace=ip) == (c, t)
        assert R.gcm_stream(driver, key, iv, ap, cp, False, tag=t, inplace=ip)[0] == p
        # Truncated tags are prefixes.
        tl = rng.randrange(4, 17)
        assert R.gcm_seal(driver, key, iv, aad, p, tl)[1] == t[:tl]


@pytest.mark.parametrize("driver", mode_drivers("ccm(aes)"))
def test_ccm(driver):
    rng = random.Random(7)
    for n in (LENGTHS[:301] + [4096 + 5] if not QUICK else LENGTHS):
        key = rnd(rng, rng.choice(KEYS))
        nonce = rnd(rng, rng.randrange(7, 14))
        tl = rng.choice((4, 6, 8, 10, 12, 14, 16))
        aad = rnd(rng, rng.choice((0, 13, rng.randrange(300))))
        p = rnd(rng, n)
        want = AESCCM(key, tl).encrypt(nonce, p, aad)
        c, t = R.ccm_seal(driver, key, nonce, aad, p, tl)
        assert c + t == want, n
        assert R.ccm_open(driver, key, nonce, aad, c, t) == p


@pytest.mark.parametrize("driver", mode_drivers("cmac(aes)"))
def test_cmac(driver):
    rng = random.Random(8)
    for n in LENGTHS:
        key = rnd(rng, rng.choice(KEYS))
        m = rnd(rng, n)
        c = CMAC(algorithms.AES(key))
        c.update(m)
        want = c.finalize()
        assert R.cmac(driver, key, m, 16, splits(rng, n)) == want, n
        tl = rng.randrange(1, 17)
        assert R.cmac(driver, key, m, tl) == want[:tl]
