# SPDX-License-Identifier: MIT
"""X25519 written from RFC 7748's text on Python integers, independent of
the library, and OpenSSL's X25519 through the cryptography package: the
references of tests/py/test_x25519.py and of scripts/gen_kat.py's X25519
cases (which go to the C test under qemu)."""

P = 2**255 - 19


def clamp(k):
    """decodeScalar25519 of RFC 7748 section 5, as an integer."""
    n = int.from_bytes(k, "little")
    return (n & ~7 & ((1 << 255) - 1)) | (1 << 254)


def ladder(k, u):
    """The Montgomery ladder of RFC 7748 section 5, on integers: x([k]P)
    for x(P) = u, k < 2^255 unclamped; the point at infinity gives 0."""
    x1, x2, z2, x3, z3, swap = u % P, 1, 0, u % P, 1, 0
    for t in reversed(range(255)):
        kt = (k >> t) & 1
        swap ^= kt
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = kt
        a, b, c, d = x2 + z2, x2 - z2, x3 + z3, x3 - z3
        aa, bb = a * a % P, b * b % P
        e = aa - bb
        da, cb = d * a % P, c * b % P
        x3, z3 = (da + cb) ** 2 % P, x1 * (da - cb) ** 2 % P
        x2, z2 = aa * bb % P, e * (aa + 121665 * e) % P
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, P - 2, P) % P


def ref(k, u):
    """X25519(k, u) by the RFC's definition: bit 255 of u masked, u
    reduced mod p, k clamped."""
    return ladder(clamp(k), int.from_bytes(u, "little") & ((1 << 255) - 1)).to_bytes(32, "little")


def ossl(k, u):
    """X25519 by OpenSSL; None where it refuses an all-zero result."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    try:
        return X25519PrivateKey.from_private_bytes(k).exchange(X25519PublicKey.from_public_bytes(u))
    except ValueError:
        return None
