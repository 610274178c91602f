#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The OpenSSL 3 provider on 32-bit ARM, the "router" case: rijn.so built
# with arm-linux-gnueabihf-gcc against Debian's armhf OpenSSL, loaded by
# Debian's armhf `openssl` under qemu-arm (tests/py/test_armhf_provider.py).
#
#   build-armhf-prov/root   sysroot: libc6, libssl3, libssl-dev, openssl
#                           (all :armhf), unpacked with dpkg -x
#   build-armhf-prov/       the armhf build: rijn.so, rijn, tests/evp_interop
#
# Why a sysroot and not `apt-get install libssl-dev:armhf`: libssl-dev is
# Multi-Arch: same, so apt would only install it at exactly the version of
# the host's libssl-dev, and would upgrade or remove the host's packages
# when the armhf archive is ahead (it often is, by a security update); and
# the openssl binary package cannot be installed for two architectures at
# once. Unpacked debs touch nothing outside build-armhf-prov.
#
# Needs apt-get with the armhf architecture added (done here as root).
# Idempotent: the debs are fetched once, make rebuilds what changed.
# Exit 77, with the reason, if the packages or the compiler cannot be had
# (scripts/cross.sh goes on; the test skips, saying why); exit 1 if the
# build fails.
set -u
cd "$(dirname "$0")/.."
DEST=build-armhf-prov
ROOT=$DEST/root
TRIPLE=arm-linux-gnueabihf
PKGS="libc6:armhf libssl3:armhf libssl-dev:armhf openssl:armhf"

skip() { echo "armhf provider: SKIPPED: $*" >&2; exit 77; }

command -v $TRIPLE-gcc >/dev/null || skip "no $TRIPLE-gcc (apt-get install gcc-arm-linux-gnueabihf)"
if ! { [ -x "$ROOT/usr/bin/openssl" ] && [ -f "$ROOT/usr/include/$TRIPLE/openssl/opensslconf.h" ] &&
       [ -e "$ROOT/usr/lib/$TRIPLE/libcrypto.so" ] && [ -e "$ROOT/lib/ld-linux-armhf.so.3" ]; }; then
    command -v apt-get >/dev/null || skip "no apt-get to fetch $PKGS"
    if ! dpkg --print-foreign-architectures | grep -qx armhf; then
        [ "$(id -u)" = 0 ] || skip "run as root once (dpkg --add-architecture armhf; apt-get update)"
        dpkg --add-architecture armhf || skip "dpkg --add-architecture armhf failed"
        # An index that fails to refresh (a mirror mid-sync) is not fatal:
        # apt-get download below says whether the packages can be had.
        apt-get update -qq || echo "armhf provider: apt-get update reported errors" >&2
    elif ! apt-cache show openssl:armhf >/dev/null 2>&1; then
        [ "$(id -u)" = 0 ] && apt-get update -qq
    fi
    rm -rf "$DEST/deb" "$ROOT"
    mkdir -p "$DEST/deb" "$ROOT"
    # apt's sandbox user must be able to write where it downloads.
    chmod 777 "$DEST/deb"
    # shellcheck disable=SC2086
    ( cd "$DEST/deb" && apt-get download -qq $PKGS ) || skip "apt-get download $PKGS failed"
    for f in "$DEST"/deb/*.deb; do dpkg -x "$f" "$ROOT" || skip "dpkg -x $f failed"; done
    rm -rf "$DEST/deb"
    # Debian's usrmerge: the loader is /lib/ld-linux-armhf.so.3, and libc6
    # ships it under usr/lib on merged systems; qemu-arm -L needs it at lib/.
    if [ ! -e "$ROOT/lib/ld-linux-armhf.so.3" ] && [ -e "$ROOT/usr/lib/ld-linux-armhf.so.3" ]; then
        ln -s usr/lib "$ROOT/lib"
    fi
    echo "armhf provider: $PKGS unpacked into $ROOT"
fi

# The armhf OpenSSL's per-architecture headers (opensslconf.h, configuration.h)
# are in usr/include/$TRIPLE; libcrypto.so for the link in usr/lib/$TRIPLE.
# The Makefile's HAVE_OSSL3 probe sees EXTRA_CFLAGS, so it finds them.
make -s -j"${JOBS:-2}" BUILD="$DEST" CC=$TRIPLE-gcc AR=$TRIPLE-ar \
    EXTRA_CFLAGS="-isystem $ROOT/usr/include/$TRIPLE -isystem $ROOT/usr/include" \
    LDFLAGS="-L$ROOT/usr/lib/$TRIPLE" \
    "$DEST/rijn" "$DEST/rijn.so" "$DEST/tests/evp_interop" || { echo "armhf provider: build failed" >&2; exit 1; }
[ -f "$DEST/rijn.so" ] || { echo "armhf provider: $DEST/rijn.so not built" >&2; exit 1; }
echo "armhf provider: $DEST/rijn.so built against $(basename "$(ls "$ROOT"/usr/lib/$TRIPLE/libcrypto.so.* | head -1)")"
