#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Install what `make check` needs. As root with apt it installs; otherwise
# it lists exactly what is missing and fails.
set -u
missing_apt=()
missing_py=()
command -v cc >/dev/null || missing_apt+=(gcc)
command -v make >/dev/null || missing_apt+=(make)
# g++: the X25519 bound checker (tests/proof/, make proof) is C++, and
# Debian's gcc package does not bring it.
command -v g++ >/dev/null || missing_apt+=(g++)
command -v valgrind >/dev/null || missing_apt+=(valgrind)
# qemu-user: the x86-64 CPU tiers (tests/py/test_tiers.py) run under it.
command -v qemu-x86_64 >/dev/null || missing_apt+=(qemu-user)
[ -f /usr/include/valgrind/memcheck.h ] || missing_apt+=(valgrind)
ldconfig -p 2>/dev/null | grep -q 'libcrypto.so.3 ' || missing_apt+=(libssl3)
# libsodium: rijn speed's X25519 peer (--vs sodium, tests/py/test_speed.py).
ldconfig -p 2>/dev/null | grep -q 'libsodium.so.23 ' || missing_apt+=(libsodium23)
# The OpenSSL 3 provider: headers to build it, the openssl CLI to test it,
# OpenVPN and iproute2 for the tunnel test (tests/py/test_openvpn.py).
[ -f /usr/include/openssl/core_dispatch.h ] || missing_apt+=(libssl-dev)
command -v openssl >/dev/null || missing_apt+=(openssl)
command -v openvpn >/dev/null || missing_apt+=(openvpn)
command -v ip >/dev/null || missing_apt+=(iproute2)
command -v python3 >/dev/null || missing_apt+=(python3 python3-pip)
# Issue 5's checks: clang for libFuzzer (scripts/fuzz.sh), cppcheck and
# clang-tidy (scripts/lint.sh), readelf/nm (tests/py/test_hardening.py).
command -v clang >/dev/null || missing_apt+=(clang)
command -v clang-tidy >/dev/null || missing_apt+=(clang-tidy)
command -v cppcheck >/dev/null || missing_apt+=(cppcheck)
command -v readelf >/dev/null || missing_apt+=(binutils)
# Issue 19's install and packaging tests (tests/py/test_install.py,
# test_deb.py): a CMake and a pkg-config consumer, and the Debian packages
# (dpkg-buildpackage, debhelper, lintian).
command -v cmake >/dev/null || missing_apt+=(cmake)
command -v pkg-config >/dev/null || missing_apt+=(pkgconf)
command -v dpkg-buildpackage >/dev/null || missing_apt+=(dpkg-dev)
command -v dh >/dev/null || missing_apt+=(debhelper)
command -v lintian >/dev/null || missing_apt+=(lintian)
# GNU time: the CLI's max RSS over 2 GiB (tests/py/test_cli_stream.py);
# groff: the man pages' check (tests/py/test_man.py).
[ -x /usr/bin/time ] || missing_apt+=(time)
command -v groff >/dev/null || missing_apt+=(groff-base)
if command -v python3 >/dev/null; then
    python3 -c 'import pytest' 2>/dev/null || missing_py+=(pytest)
    python3 -c 'import cryptography' 2>/dev/null || missing_py+=(cryptography)
    python3 -c 'import cryptography_vectors' 2>/dev/null || missing_py+=(cryptography-vectors)
    # The speed plot (bench/plot_speed.py, make speed, tests/py/test_speed.py).
    # From pip, for the python3 that runs the tests: Debian's
    # python3-matplotlib serves only /usr/bin/python3.
    python3 -c 'import matplotlib' 2>/dev/null || missing_py+=(matplotlib)
fi
if [ ${#missing_apt[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "deps: apt-get install ${missing_apt[*]}"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing_apt[@]}" >/dev/null || { echo "deps: apt-get failed" >&2; exit 1; }
    else
        echo "deps: missing Debian packages: ${missing_apt[*]} (run make check as root, or install them)" >&2
        exit 1
    fi
fi
# libFuzzer's runtime is packaged apart from clang (libclang-rt-N-dev).
if command -v clang >/dev/null &&
    ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' |
    clang -fsanitize=fuzzer -x c - -o /dev/null 2>/dev/null; then
    v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "deps: apt-get install libclang-rt-$v-dev"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "libclang-rt-$v-dev" >/dev/null ||
            { echo "deps: apt-get failed" >&2; exit 1; }
    else
        echo "deps: missing Debian package: libclang-rt-$v-dev (libFuzzer)" >&2
        exit 1
    fi
fi
if [ ${#missing_py[@]} -gt 0 ]; then
    echo "deps: pip install ${missing_py[*]}"
    python3 -m pip install -q "${missing_py[@]}" 2>/dev/null ||
        python3 -m pip install -q --break-system-packages "${missing_py[@]}" || {
        echo "deps: missing Python packages: ${missing_py[*]} (pip install ${missing_py[*]})" >&2
        exit 1
    }
fi
exit 0
