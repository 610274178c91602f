#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Unpack Debian's valgrind:arm64, with libc6:arm64 and libc6-dbg:arm64,
# into build-aarch64-vg/root: arm64 valgrind then runs under qemu-aarch64
# (tests/py/test_cross.py), which is how the AArch64 drivers get their
# secret-taint check without ARM hardware. Needs apt with the arm64
# architecture added (done here as root). Exit 1, with the reason, if it
# cannot be had.
set -u
cd "$(dirname "$0")/.."
DEST=build-aarch64-vg
[ -x "$DEST/root/usr/libexec/valgrind/memcheck-arm64-linux" ] && [ -f "$DEST/root/usr/include/valgrind/memcheck.h" ] &&
    exit 0
command -v apt-get >/dev/null || { echo "arm64 valgrind: SKIPPED: no apt-get" >&2; exit 1; }
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    if [ "$(id -u)" != 0 ]; then
        echo "arm64 valgrind: SKIPPED: run as root (dpkg --add-architecture arm64)" >&2
        exit 1
    fi
    dpkg --add-architecture arm64 && apt-get update -qq || { echo "arm64 valgrind: apt-get update failed" >&2; exit 1; }
fi
rm -rf "$DEST/deb" "$DEST/root"
mkdir -p "$DEST/deb" "$DEST/root"
# apt's sandbox user must be able to write where it downloads.
chmod 777 "$DEST/deb"
( cd "$DEST/deb" && apt-get download -qq valgrind:arm64 libc6:arm64 libc6-dbg:arm64 ) ||
    { echo "arm64 valgrind: SKIPPED: apt-get download valgrind:arm64 libc6:arm64 libc6-dbg:arm64 failed" >&2; exit 1; }
for f in "$DEST"/deb/*.deb; do dpkg -x "$f" "$DEST/root"; done
rm -rf "$DEST/deb"
echo "arm64 valgrind: unpacked into $DEST/root"
