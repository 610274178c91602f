#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Differential fuzzing with libFuzzer: ./scripts/fuzz.sh SECONDS [TARGET...]
# Builds build-fuzz/ with clang (-fsanitize=fuzzer,address,undefined, and
# the VAES drivers in per-lane emulation so that this CPU runs them too),
# then runs each target for SECONDS, starting from the seed corpus in
# tests/fuzz/corpus/<target>/ (made from Wycheproof by
# scripts/gen_fuzz_corpus.py). New inputs go to build-fuzz/corpus/<target>/;
# a failing input is saved as build-fuzz/crash-* and the script fails.
set -eu
cd "$(dirname "$0")/.."
secs=${1:-600}
shift || true
command -v clang >/dev/null || { echo "fuzz: clang not installed (Debian: clang libclang-rt-14-dev)" >&2; exit 1; }
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
make -s -j"$(nproc 2>/dev/null || echo 2)" BUILD=build-fuzz CC=clang OPT=-O1 \
    EXTRA_CFLAGS="$SAN -DRIJN_EMULATE_VAES" EXTRA_LDFLAGS="-fsanitize=address,undefined" fuzz-bins
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=($(cd tests/fuzz && ls fuzz_*.c | sed 's/\.c$//'))
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in "${targets[@]}"; do
    mkdir -p "build-fuzz/corpus/$t"
    log="build-fuzz/$t.log"
    echo "== fuzz $t: ${secs}s"
    if ! build-fuzz/fuzz/"$t" -max_total_time="$secs" -max_len=4096 -timeout=30 -print_final_stats=1 \
        -artifact_prefix=build-fuzz/ "build-fuzz/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1; then
        tail -40 "$log" >&2
        echo "fuzz: $t FAILED; the input is saved in build-fuzz/ (see $log)" >&2
        exit 1
    fi
    # libFuzzer's final stats: runs and speed.
    runs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    rate=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "   $runs runs, $rate exec/s, $cov, corpus $(ls "build-fuzz/corpus/$t" | wc -l) inputs"
done
