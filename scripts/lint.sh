#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# make lint: cppcheck and clang-tidy (checks in .clang-tidy, with the
# reasons for what is left out) over the library, the CLI, the provider and
# the C tests. Any finding fails. Suppressions are inline, each with its
# reason.
set -eu
cd "$(dirname "$0")/.."
for t in cppcheck clang-tidy; do
    command -v $t >/dev/null || { echo "lint: $t not installed (Debian: apt-get install $t)" >&2; exit 1; }
done
echo "== cppcheck $(cppcheck --version | awk '{print $2}')"
cppcheck --quiet --enable=warning,portability,performance --std=c11 --inline-suppr --error-exitcode=1 \
    -Iinclude -Isrc -Isupport -D__x86_64__ src support cli provider tests/c tests/fuzz tests/provider
mkdir -p build
echo "== clang-tidy $(clang-tidy --version | awk '/version/ {print $NF}')"
files=(src/*/*.c support/*.c cli/*.c provider/*.c tests/c/*.c tests/fuzz/*.c tests/provider/*.c)
# Two ways through the x86 drivers: real VAES, and the per-lane emulation.
printf '%s\n' "${files[@]}" | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} \
    clang-tidy -quiet {} -- -std=c11 -Iinclude -Isrc -Isupport -Itests/c -Itests/fuzz -D_DEFAULT_SOURCE 2>/dev/null |
    tee build/lint-tidy.txt
printf '%s\n' src/aes/*.c | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} \
    clang-tidy -quiet {} -- -std=c11 -Iinclude -Isrc -D_DEFAULT_SOURCE -DRIJN_EMULATE_VAES 2>/dev/null |
    tee -a build/lint-tidy.txt
# The AArch64 drivers compile to nothing on x86: a third pass as AArch64,
# with the cross compiler's headers (scripts/cross.sh installs them), and
# +crypto for the whole file, which clang 14 needs to declare the AES and
# PMULL intrinsics (see src/arch/arm64/arm64.h).
if [ -d /usr/aarch64-linux-gnu/include ]; then
    printf '%s\n' src/aes/*.c src/gf128/*.c src/emu/*.c src/core/cpu_arm.c | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} \
        clang-tidy -quiet {} -- --target=aarch64-linux-gnu -march=armv8-a+crypto -isystem /usr/aarch64-linux-gnu/include -std=c11 \
        -Iinclude -Isrc -D_DEFAULT_SOURCE 2>/dev/null | tee -a build/lint-tidy.txt
else
    echo "lint: SKIPPED the AArch64 pass: no /usr/aarch64-linux-gnu/include (apt-get install libc6-dev-arm64-cross)" >&2
fi
if grep -qE '(warning|error):' build/lint-tidy.txt; then
    echo "lint: clang-tidy findings above" >&2
    exit 1
fi
echo "== lint: clean"
