# SPDX-License-Identifier: MIT
"""ctypes binding of librijn for the tests.

Every function takes the driver name (None = auto-select) and returns bytes
or raises RijnError carrying the library's error code. The list of drivers
comes from the library's registry, never from a table here.
"""
import ctypes
import os

BUILD = os.environ.get("RIJN_BUILD", os.path.join(os.path.dirname(__file__), "..", "..", "build"))
LIB = ctypes.CDLL(os.path.join(BUILD, "librijn.so"))

ERR = {0: "OK", -1: "NULL", -2: "KEY_LEN", -3: "IV_LEN", -4: "TAG_LEN", -5: "LENGTH", -6: "AUTH",
       -7: "PADDING", -8: "STATE", -9: "NO_DRIVER", -10: "LIMIT", -11: "OVERLAP", -12: "BUFFER",
       -13: "SELFTEST", -14: "WEAK_KEY", -15: "ZERO_RESULT", -16: "RANDOM"}


class RijnError(Exception):
    def __init__(self, code):
        super().__init__(ERR.get(code, code))
        self.code = code
        self.name = ERR.get(code, str(code))


class DriverInfo(ctypes.Structure):
    _fields_ = [("algorithm", ctypes.c_char_p), ("driver", ctypes.c_char_p), ("priority", ctypes.c_int),
                ("constant_time", ctypes.c_int), ("available", ctypes.c_int), ("selected", ctypes.c_int),
                ("selftest", ctypes.c_int), ("is_template", ctypes.c_int), ("cpu_features", ctypes.c_char_p)]


def drivers(algorithm=None):
    """All registry entries as dicts, optionally for one algorithm."""
    out = []
    for i in range(LIB.rijn_driver_count()):
        d = DriverInfo()
        LIB.rijn_driver_get(ctypes.c_size_t(i), ctypes.byref(d))
        e = {"algorithm": d.algorithm.decode(), "driver": d.driver.decode(), "priority": d.priority,
             "constant_time": bool(d.constant_time), "available": bool(d.available),
             "selected": bool(d.selected), "selftest": d.selftest, "index": i}
        if algorithm is None or e["algorithm"] == algorithm:
            out.append(e)
    return out


# Opaque context storage: generously sized, aligned (the headers' structs
# are all smaller than this).
CTX_BYTES = 16384


def _ctx():
    raw = ctypes.create_string_buffer(CTX_BYTES + 64)
    addr = (ctypes.addressof(raw) + 63) & ~63
    return raw, ctypes.c_void_p(addr)


class Buf:
    """A byte buffer placed at a chosen misalignment inside a larger one."""

    def __init__(self, data_or_len, offset=0):
        n = data_or_len if isinstance(data_or_len, int) else len(data_or_len)
        self.raw = ctypes.create_string_buffer(n + 64)
        self.addr = ctypes.addressof(self.raw) + offset
        self.n = n
        if not isinstance(data_or_len, int):
            ctypes.memmove(self.addr, bytes(data_or_len), n)

    def ptr(self, skip=0):
        return ctypes.c_void_p(self.addr + skip)

    def bytes(self, n=None, skip=0):
        return ctypes.string_at(self.addr + skip, self.n if n is None else n)


def _chk(r):
    if r != 0:
        raise RijnError(r)


def _drv(d):
    return None if d is None else d.encode()


def _p(b):
    return None if b is None else ctypes.c_char_p(bytes(b))


S = ctypes.c_size_t

# ------------------------------------------------------------ ECB / CBC --


def ecb(driver, key, data, encrypt=True, offset=0, inplace=False):
    raw, c = _ctx()
    _chk(LIB.rijn_ecb_init(c, _drv(driver), _p(key), S(len(key))))
    src = Buf(data, offset)
    dst = src if inplace else Buf(len(data), (offset * 3) % 16)
    f = LIB.rijn_ecb_encrypt if encrypt else LIB.rijn_ecb_decrypt
    _chk(f(c, dst.ptr(), src.ptr(), S(len(data))))
    LIB.rijn_ecb_clear(c)
    return dst.bytes()


def cbc(driver, key, iv, data, encrypt=True, splits=(), offset=0, inplace=False):
    """splits: byte offsets (multiples of 16) where the stream is cut."""
    raw, c = _ctx()
    _chk(LIB.rijn_cbc_init(c, _drv(driver), _p(key), S(len(key))))
    v = ctypes.create_string_buffer(bytes(iv), 16)
    src = Buf(data, offset)
    dst = src if inplace else Buf(len(data), (offset * 5) % 16)
    f = LIB.rijn_cbc_encrypt if encrypt else LIB.rijn_cbc_decrypt
    cuts = [0] + sorted(splits) + [len(data)]
    for a, b in zip(cuts, cuts[1:]):
        _chk(f(c, v, dst.ptr(a), src.ptr(a), S(b - a)))
    LIB.rijn_cbc_clear(c)
    return dst.bytes()


def cbc_pad(driver, key, iv, data, encrypt=True):
    raw, c = _ctx()
    _chk(LIB.rijn_cbc_init(c, _drv(driver), _p(key), S(len(key))))
    out = Buf(len(data) + 32)
    olen = S(0)
    f = LIB.rijn_cbc_encrypt_pad if encrypt else LIB.rijn_cbc_decrypt_pad
    r = f(c, _p(iv), out.ptr(), S(len(data) + 32), ctypes.byref(olen), _p(data), S(len(data)))
    LIB.rijn_cbc_clear(c)
    _chk(r)
    return out.bytes(olen.value)

# ------------------------------------------------------------------ CTR --


def ctr(driver, key, iv, data, splits=(), offset=0, inplace=False):
    raw, c = _ctx()
    _chk(LIB.rijn_ctr_init(c, _drv(driver), _p(key), S(len(key)), _p(iv)))
    src = Buf(data, offset)
    dst = src if inplace else Buf(len(data), (offset * 7) % 16)
    cuts = [0] + sorted(splits) + [len(data)]
    for a, b in zip(cuts, cuts[1:]):
        _chk(LIB.rijn_ctr_xor(c, dst.ptr(a), src.ptr(a), S(b - a)))
    LIB.rijn_ctr_clear(c)
    return dst.bytes()

# ------------------------------------------------------------------ XTS --


def xts(driver, key, tweak, data, encrypt=True, splits=(), offset=0, inplace=False):
    """splits: cut points; all pieces but the last must be multiples of 16."""
    raw, c = _ctx()
    _chk(LIB.rijn_xts_init(c, _drv(driver), _p(key), S(len(key))))
    src = Buf(data, offset)
    dst = src if inplace else Buf(len(data), (offset * 3) % 16)
    try:
        if not splits:
            f = LIB.rijn_xts_encrypt if encrypt else LIB.rijn_xts_decrypt
            _chk(f(c, _p(tweak), dst.ptr(), src.ptr(), S(len(data))))
        else:
            _chk(LIB.rijn_xts_start(c, _p(tweak), 1 if encrypt else 0))
            cuts = [0] + sorted(splits) + [len(data)]
            for a, b in zip(cuts[:-2], cuts[1:-1]):
                _chk(LIB.rijn_xts_update(c, dst.ptr(a), src.ptr(a), S(b - a)))
            _chk(LIB.rijn_xts_final(c, dst.ptr(cuts[-2]), src.ptr(cuts[-2]), S(len(data) - cuts[-2])))
    finally:
        LIB.rijn_xts_clear(c)
    return dst.bytes()

# ------------------------------------------------------------------ GCM --


def gcm_seal(driver, key, iv, aad, data, tag_len=16, offset=0, inplace=False):
    raw, k = _ctx()
    _chk(LIB.rijn_gcm_init(k, _drv(driver), _p(key), S(len(key))))
    src = Buf(data, offset)
    dst = src if inplace else Buf(len(data), (offset * 3) % 16)
    tag = Buf(16)
    try:
        _chk(LIB.rijn_gcm_seal(k, _p(iv), S(len(iv)), _p(aad), S(len(aad)), src.ptr(), S(len(data)), dst.ptr(),
                               tag.ptr(), S(tag_len)))
    finally:
        LIB.rijn_gcm_clear(k)
    return dst.bytes(), tag.bytes(tag_len)


def gcm_open(driver, key, iv, aad, data, tag, offset=0, inplace=False, out_probe=None):
    """Raises RijnError on failure. out_probe (a list) receives the output
    buffer's contents even on failure, to check that nothing leaked."""
    raw, k = _ctx()
    _chk(LIB.rijn_gcm_init(k, _drv(driver), _p(key), S(len(key))))
    src = Buf(data, offset)
    dst = src if inplace else Buf(len(data), (offset * 3) % 16)
    if not inplace:
        ctypes.memset(dst.addr, 0xAA, len(data))
    try:
        r = LIB.rijn_gcm_open(k, _p(iv), S(len(iv)), _p(aad), S(len(aad)), src.ptr(), S(len(data)), _p(tag),
                              S(len(tag)), dst.ptr())
    finally:
        LIB.rijn_gcm_clear(k)
    if out_probe is not None:
        out_probe.append(dst.bytes())
    _chk(r)
    return dst.bytes()


def gcm_stream(driver, key, iv, aad_parts, data_parts, encrypt=True, tag=None, tag_len=16, inplace=False):
    """Streaming API: returns (output, tag or None); raises on failure.
    inplace: each part is processed in its own buffer, in == out."""
    raw, k = _ctx()
    sraw, s = _ctx()
    _chk(LIB.rijn_gcm_init(k, _drv(driver), _p(key), S(len(key))))
    try:
        _chk(LIB.rijn_gcm_start(s, k, _p(iv), S(len(iv)), 1 if encrypt else 0))
        for a in aad_parts:
            _chk(LIB.rijn_gcm_aad(s, _p(a), S(len(a))))
        out = b""
        for d in data_parts:
            b = Buf(d) if inplace else Buf(len(d))
            src = b.ptr() if inplace else _p(d)
            _chk(LIB.rijn_gcm_update(s, b.ptr(), src, S(len(d))))
            out += b.bytes()
        if encrypt:
            t = Buf(16)
            _chk(LIB.rijn_gcm_finish(s, t.ptr(), S(tag_len)))
            return out, t.bytes(tag_len)
        _chk(LIB.rijn_gcm_verify(s, _p(tag), S(len(tag))))
        return out, None
    finally:
        LIB.rijn_gcm_clear(k)

# ------------------------------------------------------------------ CCM --


def ccm_seal(driver, key, nonce, aad, data, tag_len=16):
    raw, k = _ctx()
    _chk(LIB.rijn_ccm_init(k, _drv(driver), _p(key), S(len(key))))
    out = Buf(len(data))
    tag = Buf(16)
    try:
        _chk(LIB.rijn_ccm_seal(k, _p(nonce), S(len(nonce)), _p(aad), S(len(aad)), _p(data), S(len(data)),
                               out.ptr(), tag.ptr(), S(tag_len)))
    finally:
        LIB.rijn_ccm_clear(k)
    return out.bytes(), tag.bytes(tag_len)


def ccm_open(driver, key, nonce, aad, data, tag, out_probe=None):
    raw, k = _ctx()
    _chk(LIB.rijn_ccm_init(k, _drv(driver), _p(key), S(len(key))))
    out = Buf(len(data))
    ctypes.memset(out.addr, 0xAA, len(data))
    try:
        r = LIB.rijn_ccm_open(k, _p(nonce), S(len(nonce)), _p(aad), S(len(aad)), _p(data), S(len(data)), _p(tag),
                              S(len(tag)), out.ptr())
    finally:
        LIB.rijn_ccm_clear(k)
    if out_probe is not None:
        out_probe.append(out.bytes())
    _chk(r)
    return out.bytes()

# ----------------------------------------------------------------- CMAC --


def cmac(driver, key, data, tag_len=16, splits=()):
    raw, k = _ctx()
    sraw, s = _ctx()
    _chk(LIB.rijn_cmac_init(k, _drv(driver), _p(key), S(len(key))))
    tag = Buf(16)
    try:
        if not splits:
            _chk(LIB.rijn_cmac(k, _p(data), S(len(data)), tag.ptr(), S(tag_len)))
        else:
            _chk(LIB.rijn_cmac_start(s, k))
            cuts = [0] + sorted(splits) + [len(data)]
            for a, b in zip(cuts, cuts[1:]):
                _chk(LIB.rijn_cmac_update(s, _p(data[a:b]), S(b - a)))
            _chk(LIB.rijn_cmac_final(s, tag.ptr(), S(tag_len)))
    finally:
        LIB.rijn_cmac_clear(k)
    return tag.bytes(tag_len)


def cmac_verify(driver, key, data, tag):
    raw, k = _ctx()
    _chk(LIB.rijn_cmac_init(k, _drv(driver), _p(key), S(len(key))))
    try:
        _chk(LIB.rijn_cmac_verify(k, _p(data), S(len(data)), _p(tag), S(len(tag))))
    finally:
        LIB.rijn_cmac_clear(k)

# --------------------------------------------------------------- X25519 --

X25519_LEN = 32
ZERO_RESULT = -15


class ZeroResult(RijnError):
    """RIJN_ERR_ZERO_RESULT: the result is all zero (a small-order point).
    The library still wrote its output, which .out carries."""

    def __init__(self, out):
        super().__init__(ZERO_RESULT)
        self.out = out


def x25519(driver, scalar, point, alias=None, offset=0):
    """X25519(scalar, point). alias: None, "scalar" or "point", to write the
    result over that input's buffer; offset misaligns the buffers. Raises
    ZeroResult (with .out) on RIJN_ERR_ZERO_RESULT, RijnError otherwise.
    None for scalar or point passes NULL."""
    k = None if scalar is None else Buf(scalar, offset)
    u = None if point is None else Buf(point, (offset * 3) % 16)
    out = {"scalar": k, "point": u}.get(alias) or Buf(X25519_LEN, (offset * 5) % 16)
    if alias is None:
        ctypes.memset(out.addr, 0xAA, X25519_LEN)
    r = LIB.rijn_x25519(_drv(driver), out.ptr(), k and k.ptr(), u and u.ptr())
    if r == ZERO_RESULT:
        raise ZeroResult(out.bytes(X25519_LEN))
    _chk(r)
    return out.bytes(X25519_LEN)


def x25519_base(driver, scalar, alias=False, offset=0):
    """X25519(scalar, 9) by the fixed-base method; alias: pub over scalar."""
    k = None if scalar is None else Buf(scalar, offset)
    out = k if alias else Buf(X25519_LEN, (offset * 5) % 16)
    _chk(LIB.rijn_x25519_base(_drv(driver), out.ptr(), k and k.ptr()))
    return out.bytes(X25519_LEN)


def x25519_keygen(driver):
    """A fresh key pair (priv, pub)."""
    priv, pub = Buf(X25519_LEN), Buf(X25519_LEN)
    _chk(LIB.rijn_x25519_keygen(_drv(driver), priv.ptr(), pub.ptr()))
    return priv.bytes(), pub.bytes()


def x25519_batch(driver, scalars, points, inplace=None, with_status=True):
    """rijn_x25519_batch over len(scalars) pairs. Returns (outputs, status,
    return code): outputs a list of 32-byte strings, status the list of
    per-entry codes (None with with_status=False, when NULL is passed);
    return code 0 or RIJN_ERR_ZERO_RESULT. Other errors raise RijnError.
    inplace: None, "points" or "scalars", the buffer the outputs overwrite.
    Status entries start as 0x5a5a5a5a, so an entry not written shows."""
    n = len(scalars)
    assert len(points) == n
    k = Buf(b"".join(scalars))
    u = Buf(b"".join(points))
    out = {"points": u, "scalars": k}.get(inplace) or Buf(X25519_LEN * n)
    if inplace is None:
        ctypes.memset(out.addr, 0xAA, X25519_LEN * n)
    st = (ctypes.c_int * max(n, 1))(*([0x5A5A5A5A] * max(n, 1)))
    r = LIB.rijn_x25519_batch(_drv(driver), out.ptr(), k.ptr(), u.ptr(), S(n), st if with_status else None)
    if r not in (0, ZERO_RESULT):
        raise RijnError(r)
    b = out.bytes(X25519_LEN * n)
    outs = [b[i * X25519_LEN:(i + 1) * X25519_LEN] for i in range(n)]
    return outs, (list(st[:n]) if with_status else None), r
