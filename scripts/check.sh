#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make check: every test. Builds three trees:
#   build/       the release build (what users get)
#   build-ct/    the same with -DRIJN_CTGRIND, for the valgrind taint test
#   build-asan/  ASan + UBSan, the C tests and the Python suite run again
#   build-tsan/  ThreadSanitizer, for the many-threads first-use test
#   build-fuzz/  clang, libFuzzer + ASan + UBSan: the differential fuzzers
#   build-aarch64/, build-armv7/, build-s390x/ (and build-aarch64-ct/, the
#                arm64 taint build): cross builds that tests/py/test_cross.py
#                runs under qemu-user (scripts/cross.sh)
# Each tree has librijn, the CLI and the OpenSSL provider (rijn.so). The
# Python suite includes the provider's EVP interop, openssl CLI and TLS
# tests (test_provider.py) and the OpenVPN tunnel (test_openvpn.py, which
# needs root for its network namespaces and skips loudly without).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/deps.sh
# Every build of make check (here, scripts/cross.sh, scripts/fuzz.sh) is
# -Werror; a plain `make` is not (the Makefile's WERROR).
export WERROR=1
JOBS=$(nproc 2>/dev/null || echo 2)

echo "== build (release, -Werror)"
make -s -j"$JOBS" all
echo "== build-ct (secret-taint build; VAES and MULX/ADX in emulation, which valgrind can run)"
make -s -j"$JOBS" BUILD=build-ct EXTRA_CFLAGS="-DRIJN_CTGRIND -DRIJN_EMULATE_VAES -DRIJN_EMULATE_ADX" build-ct/tests/ct_taint build-ct/librijn.so
echo "== build-emu (VAES/VPCLMULQDQ drivers with each 256-bit instruction emulated per lane, GFNI by its definition)"
make -s -j"$JOBS" BUILD=build-emu EXTRA_CFLAGS=-DRIJN_EMULATE_VAES all
echo "== build-asan (AddressSanitizer + UndefinedBehaviorSanitizer)"
SAN="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
make -s -j"$JOBS" BUILD=build-asan OPT=-O1 EXTRA_CFLAGS="$SAN -DRIJN_TEST_HOOKS" EXTRA_LDFLAGS="$SAN" all

echo "== build-tsan (ThreadSanitizer): first use from 16 threads at once"
# -Wno-maybe-uninitialized: TSan's instrumentation at -O1 makes GCC 12 see
# uninitialised vector temporaries that are not (the other builds keep it).
make -s -j"$JOBS" BUILD=build-tsan OPT=-O1 EXTRA_CFLAGS="-fsanitize=thread -Wno-maybe-uninitialized" \
    EXTRA_LDFLAGS="-fsanitize=thread" build-tsan/tests/test_threads
tsan_out=$(TSAN_OPTIONS=halt_on_error=1 build-tsan/tests/test_threads 2>&1) || {
    # Kernels with high mmap randomisation break TSan's memory layout; it
    # says so, and runs with randomisation off.
    if grep -q "unexpected memory mapping" <<<"$tsan_out"; then
        tsan_out=$(TSAN_OPTIONS=halt_on_error=1 setarch "$(uname -m)" -R build-tsan/tests/test_threads 2>&1) ||
            { echo "$tsan_out" >&2; exit 1; }
    else
        echo "$tsan_out" >&2; exit 1
    fi
}
echo "$tsan_out" | tail -1

echo "== cross builds: aarch64, armv7, s390x (run under qemu by tests/py/test_cross.py)"
./scripts/cross.sh

echo "== llvm-mca estimates of the AArch64 kernels (make mca; the table is in docs/performance.md)"
if command -v aarch64-linux-gnu-gcc >/dev/null && command -v llvm-mca-19 >/dev/null; then
    python3 bench/mca.py >build/mca.txt || { cat build/mca.txt; exit 1; }
    if command -v arm-linux-gnueabihf-gcc >/dev/null; then
        python3 bench/mca.py --armv7 >>build/mca.txt || { cat build/mca.txt; exit 1; }
    fi
    python3 bench/mca_x25519.py >>build/mca.txt || { cat build/mca.txt; exit 1; }
    cat build/mca.txt
else
    echo "mca: SKIPPED: needs gcc-aarch64-linux-gnu and llvm-19 (make check installs them as root with apt)" >&2
fi

echo "== lint: cppcheck and clang-tidy"
./scripts/lint.sh

echo "== tests (release build)"
RIJN_BUILD=build RIJN_CT_BUILD=build-ct python3 -m pytest -q -rs tests/py

echo "== large inputs: GCM and CTR over 4 GiB in one call, against chunks"
rc=0; build/tests/test_large || rc=$?
[ $rc = 0 ] || [ $rc = 77 ] || exit 1

echo "== dudect timing test (20000 measurements per class; make ct-long for more)"
rc=0; build/tests/dudect -n 20000 >build/dudect.txt || rc=$?
cat build/dudect.txt
case $rc in
0) ;;
3) echo "dudect: INCONCLUSIVE: the positive control (aes-generic) was not detected on this machine," \
        "so these timings prove nothing either way (see docs/security.md)" ;;
*) grep -E 're-runs with' build/dudect.txt >&2
   echo "dudect: a constant-time driver shows a confirmed timing difference (above)" >&2; exit 1 ;;
esac

echo "== differential fuzzing, 30 s per target (make fuzz FUZZ_TIME=... for longer)"
./scripts/fuzz.sh 30

echo "== VAES, GFNI and IFMA drivers, emulation build (this CPU: $(build/rijn list | head -1))"
build-emu/tests/test_api
# x25519-ifma's ladder and field code on the emulated lane layer
# (src/x25519/fe51_ifma.h), with every vector of build/x25519_kat.txt.
build-emu/tests/test_x25519 build/x25519_kat.txt | tail -1
build-emu/tests/test_fe51x8 | tail -1
RIJN_BUILD=build-emu RIJN_TEST_DRIVERS=vaes,gfni python3 -m pytest -q -rs -p no:cacheprovider \
    tests/py/test_wycheproof.py tests/py/test_diff.py tests/py/test_nist.py

echo "== tests under ASan + UBSan"
ASAN_LIB=$(cc -print-file-name=libasan.so)
UBSAN_LIB=$(cc -print-file-name=libubsan.so)
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
build-asan/tests/test_api
build-asan/tests/test_sweep | tail -1
build-asan/tests/test_x25519 build/x25519_kat.txt | tail -1
RIJN_BUILD=build-asan LD_PRELOAD="$ASAN_LIB $UBSAN_LIB" python3 -m pytest -q -rs -p no:cacheprovider \
    tests/py/test_wycheproof.py tests/py/test_diff.py tests/py/test_nist.py tests/py/test_cli.py \
    tests/py/test_cli_x25519.py tests/py/test_selftest.py tests/py/test_provider.py tests/py/test_x25519.py
echo "== make check: all passed"
