#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Cross-architecture builds for make check (tests/py/test_cross.py runs
# them under qemu-user):
#   build-aarch64/  gcc-aarch64-linux-gnu    (AArch64 drivers: CE, NEON)
#   build-armv7/    gcc-arm-linux-gnueabihf  (32-bit ARM, portable drivers)
#   build-s390x/    gcc-s390x-linux-gnu      (big-endian, portable drivers)
#   build-aarch64-ct/  the aarch64 secret-taint build, for arm64 valgrind
#   build-armv7-ct/    the armv7 one, for armhf valgrind
#   build-armhf-prov/  the provider for armhf, against Debian's armhf OpenSSL
# and build/kat.txt, the standard vectors as a flat file for test_kat. It
# also installs llvm-19 (llvm-mca, for bench/mca.py).
#
# The compilers come from Debian (gcc-*-linux-gnu*, libc6-dev-*-cross,
# qemu-user). As root with apt they are installed here; otherwise the
# missing ones are named and their architectures skipped, loudly.
set -u
cd "$(dirname "$0")/.."
JOBS=$(nproc 2>/dev/null || echo 2)

declare -A PKG=([aarch64]="gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
                [armv7]="gcc-arm-linux-gnueabihf libc6-dev-armhf-cross"
                [s390x]="gcc-s390x-linux-gnu libc6-dev-s390x-cross")
declare -A TRIPLE=([aarch64]=aarch64-linux-gnu [armv7]=arm-linux-gnueabihf [s390x]=s390x-linux-gnu)
declare -A QEMU=([aarch64]=qemu-aarch64 [armv7]=qemu-arm [s390x]=qemu-s390x)

have() { command -v "${TRIPLE[$1]}-gcc" >/dev/null && [ -d "/usr/${TRIPLE[$1]}/lib" ] && command -v "${QEMU[$1]}" >/dev/null; }

missing=()
for a in aarch64 armv7 s390x; do have "$a" || missing+=(${PKG[$a]}); done
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
# llvm-mca-19, for the cycle estimates of the AArch64 kernels (bench/mca.py).
command -v llvm-mca-19 >/dev/null || missing+=(llvm-19)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "cross: apt-get install ${missing[*]}"
        { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
            "${missing[@]}" >/dev/null; } || echo "cross: apt-get failed" >&2
    fi
fi

python3 scripts/gen_kat.py build/kat.txt || exit 1

rc=0
for a in aarch64 armv7 s390x; do
    if ! have "$a"; then
        echo "cross: SKIPPED $a: install ${PKG[$a]} qemu-user (make check does, as root with apt)" >&2
        continue
    fi
    t=${TRIPLE[$a]}
    echo "cross: build-$a ($t-gcc)"
    make -s -j"$JOBS" BUILD="build-$a" CC="$t-gcc" AR="$t-ar" all || rc=1
done
if have aarch64; then
    # The secret-taint build for arm64 valgrind (tests/py/test_cross.py);
    # memcheck.h comes from Debian's valgrind:arm64 (scripts/arm64_valgrind.sh).
    if ./scripts/arm64_valgrind.sh; then
        make -s -j"$JOBS" BUILD=build-aarch64-ct CC=aarch64-linux-gnu-gcc AR=aarch64-linux-gnu-ar \
            EXTRA_CFLAGS="-DRIJN_CTGRIND -isystem build-aarch64-vg/root/usr/include" build-aarch64-ct/tests/ct_taint ||
            rc=1
    fi
fi
if have armv7; then
    # The same for 32-bit ARM: the taint build for armhf valgrind
    # (scripts/armhf_valgrind.sh), and the provider built against Debian's
    # armhf OpenSSL (scripts/armhf_provider.sh, tests/py/test_armhf_provider.py).
    # Each script exits 77, saying why, when apt cannot supply the packages.
    vrc=0; ./scripts/armhf_valgrind.sh || vrc=$?
    if [ $vrc = 0 ]; then
        make -s -j"$JOBS" BUILD=build-armv7-ct CC=arm-linux-gnueabihf-gcc AR=arm-linux-gnueabihf-ar \
            EXTRA_CFLAGS="-DRIJN_CTGRIND -isystem build-armhf-vg/root/usr/include" build-armv7-ct/tests/ct_taint ||
            rc=1
    elif [ $vrc != 77 ]; then
        rc=1
    fi
    prc=0; JOBS=$JOBS ./scripts/armhf_provider.sh || prc=$?
    [ $prc = 0 ] || [ $prc = 77 ] || rc=1
fi
exit $rc
