# SPDX-License-Identifier: MIT
"""NIST and RFC vectors from the `cryptography-vectors` PyPI package
(installed by scripts/check.sh), through every driver of each mode:

  FIPS 197 / AESAVS  ciphers/AES/{ECB,CBC}/*{GFSbox,KeySbox,VarKey,VarTxt,MMT}*.rsp
  SP 800-38A / RFC 3686  ciphers/AES/CTR/aes-*-ctr.txt
  SP 800-38D (GCMVS) ciphers/AES/GCM/gcmEncryptExtIV*.rsp, gcmDecrypt*.rsp (with FAIL cases)
  SP 800-38C (CCMVS) ciphers/AES/CCM/{VADT,VNT,VPT,VTT,DVPT}*.rsp
  SP 800-38B         CMAC/nist-800-38b-aes*.txt
  IEEE 1619 (XTSVS)  ciphers/AES/XTS/tweak-128hexstr/XTSGenAES*.rsp

The package ships no AESAVS Monte-Carlo (MCT) files, so there is no MCT
test here; the MMT and KAT files cover multi-block and single-block paths.
"""
import glob
import os

import pytest

import rijn_ffi as R
from vectors import records
from conftest import mode_drivers

try:
    import cryptography_vectors
    VEC = os.path.dirname(cryptography_vectors.__file__)
except ImportError:  # pragma: no cover - check.sh installs it
    VEC = None


def files(pattern):
    if VEC is None:
        pytest.skip("cryptography-vectors is not installed (pip install cryptography-vectors)")
    fs = sorted(glob.glob(os.path.join(VEC, pattern)))
    assert fs, pattern
    return fs


h = bytes.fromhex


@pytest.mark.parametrize("driver", mode_drivers("ecb(aes)"))
def test_ecb_kat_mmt(driver):
    n = 0
    for path in files("ciphers/AES/ECB/ECB*.rsp"):
        for sec, _, r in records(path):
            key, pt, ct = h(r["key"]), h(r["plaintext"]), h(r["ciphertext"])
            if sec == "ENCRYPT":
                assert R.ecb(driver, key, pt, True) == ct, (path, r["count"])
            else:
                assert R.ecb(driver, key, ct, False) == pt, (path, r["count"])
            n += 1
    assert n > 1000


@pytest.mark.parametrize("driver", mode_drivers("cbc(aes)"))
def test_cbc_kat_mmt(driver):
    n = 0
    for path in files("ciphers/AES/CBC/CBC*.rsp"):
        for sec, _, r in records(path):
            key, iv, pt, ct = h(r["key"]), h(r["iv"]), h(r["plaintext"]), h(r["ciphertext"])
            if sec == "ENCRYPT":
                assert R.cbc(driver, key, iv, pt, True) == ct, (path, r["count"])
            else:
                assert R.cbc(driver, key, iv, ct, False) == pt, (path, r["count"])
            n += 1
    assert n > 1000


@pytest.mark.parametrize("driver", mode_drivers("ctr(aes)"))
def test_ctr_rfc3686(driver):
    n = 0
    for path in files("ciphers/AES/CTR/aes-*-ctr.txt"):
        for _, _, r in records(path):
            key, iv, pt, ct = h(r["key"]), h(r["iv"]), h(r["plaintext"]), h(r["ciphertext"])
            assert R.ctr(driver, key, iv, pt) == ct, (path, r["count"])
            n += 1
    assert n >= 9


@pytest.mark.parametrize("driver", mode_drivers("gcm(aes)"))
def test_gcm_gcmvs(driver):
    n = 0
    for path in files("ciphers/AES/GCM/gcm*.rsp"):
        for _, _, r in records(path):
            key, iv, aad, ct, tag = h(r["key"]), h(r["iv"]), h(r["aad"]), h(r["ct"]), h(r["tag"])
            if "fail" in r:
                probe = []
                with pytest.raises(R.RijnError) as e:
                    R.gcm_open(driver, key, iv, aad, ct, tag, out_probe=probe)
                assert e.value.name == "AUTH"
                assert set(probe[0]) <= {0}
            else:
                pt = h(r["pt"])
                assert R.gcm_seal(driver, key, iv, aad, pt, len(tag)) == (ct, tag), (path, r["count"])
                assert R.gcm_open(driver, key, iv, aad, ct, tag) == pt, (path, r["count"])
            n += 1
    assert n > 5000


@pytest.mark.parametrize("driver", mode_drivers("ccm(aes)"))
def test_ccm_ccmvs(driver):
    n = 0
    for path in files("ciphers/AES/CCM/*.rsp"):
        for _, p, r in records(path):
            # Key and Nonce may stand in a block of their own, before the
            # records that use them.
            if "key" in r:
                key = h(r["key"])
            if "nonce" in r:
                nonce = h(r["nonce"])
            if "ct" not in r:
                continue
            tlen, plen, alen = int(p["tlen"]), int(p["plen"]), int(p["alen"])
            aad = h(r["adata"])[:alen]
            ct_all = h(r["ct"])
            ct, tag = ct_all[:plen], ct_all[plen:]
            assert len(tag) == tlen
            if r.get("result", "Pass").startswith("Fail"):
                with pytest.raises(R.RijnError) as e:
                    R.ccm_open(driver, key, nonce, aad, ct, tag)
                assert e.value.name == "AUTH"
            else:
                pt = h(r["payload"])[:plen]
                assert R.ccm_seal(driver, key, nonce, aad, pt, tlen) == (ct, tag), (path, r.get("count"))
                assert R.ccm_open(driver, key, nonce, aad, ct, tag) == pt
            n += 1
    assert n > 1000


@pytest.mark.parametrize("driver", mode_drivers("cmac(aes)"))
def test_cmac_sp800_38b(driver):
    n = 0
    for path in files("CMAC/nist-800-38b-aes*.txt"):
        for _, _, r in records(path):
            key, msg, tag = h(r["key"]), h(r["message"]), h(r["output"])
            assert R.cmac(driver, key, msg) == tag, (path, r["count"])
            n += 1
    assert n >= 12


@pytest.mark.parametrize("driver", mode_drivers("xts(aes)"))
def test_xts_xtsvs(driver):
    n = skipped = 0
    for path in files("ciphers/AES/XTS/tweak-128hexstr/XTSGenAES*.rsp"):
        for sec, _, r in records(path):
            bits = int(r["dataunitlen"])
            if bits % 8:
                # rijn, like OpenSSL and IEEE 1619-2018, works on whole
                # bytes; data units of a fractional byte length are skipped.
                skipped += 1
                continue
            key, tw, pt, ct = h(r["key"]), h(r["i"]), h(r["pt"]), h(r["ct"])
            if key[: len(key) // 2] == key[len(key) // 2:]:
                skipped += 1
                continue
            if sec == "ENCRYPT":
                assert R.xts(driver, key, tw, pt, True) == ct, (path, r["count"])
            else:
                assert R.xts(driver, key, tw, ct, False) == pt, (path, r["count"])
            n += 1
    assert n > 500
    print(f"{skipped} XTS vectors with a data unit that is not a whole number of bytes were skipped")
