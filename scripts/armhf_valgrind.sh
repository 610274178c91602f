#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Unpack Debian's valgrind:armhf, with libc6:armhf and libc6-dbg:armhf,
# into build-armhf-vg/root: armhf valgrind then runs under qemu-arm
# (tests/py/test_cross.py, test_armv7_valgrind_taint), which is how the
# 32-bit ARM NEON and Crypto Extensions drivers get their secret-taint
# check without ARM hardware; the twin of scripts/arm64_valgrind.sh.
# Needs apt with the armhf architecture added (done here as root).
# Exit 77, with the reason, if it cannot be had.
set -u
cd "$(dirname "$0")/.."
DEST=build-armhf-vg
[ -x "$DEST/root/usr/libexec/valgrind/memcheck-arm-linux" ] && [ -f "$DEST/root/usr/include/valgrind/memcheck.h" ] &&
    exit 0
skip() { echo "armhf valgrind: SKIPPED: $*" >&2; exit 77; }
command -v apt-get >/dev/null || skip "no apt-get"
if ! dpkg --print-foreign-architectures | grep -qx armhf; then
    [ "$(id -u)" = 0 ] || skip "run as root (dpkg --add-architecture armhf)"
    dpkg --add-architecture armhf || skip "dpkg --add-architecture armhf failed"
    # An index that fails to refresh is not fatal: apt-get download says
    # whether the packages can be had.
    apt-get update -qq || echo "armhf valgrind: apt-get update reported errors" >&2
fi
rm -rf "$DEST/deb" "$DEST/root"
mkdir -p "$DEST/deb" "$DEST/root"
# apt's sandbox user must be able to write where it downloads.
chmod 777 "$DEST/deb"
( cd "$DEST/deb" && apt-get download -qq valgrind:armhf libc6:armhf libc6-dbg:armhf ) ||
    skip "apt-get download valgrind:armhf libc6:armhf libc6-dbg:armhf failed"
for f in "$DEST"/deb/*.deb; do dpkg -x "$f" "$DEST/root"; done
rm -rf "$DEST/deb"
echo "armhf valgrind: unpacked into $DEST/root"
