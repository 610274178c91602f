#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Build bench/peers (librijn_peers.so: AWS-LC, ring and OpenSSL 4 for
# `rijn speed`) into BUILD_DIR/peers, installing what it needs where it can:
# rustup from static.rust-lang.org, cmake/perl/make/gcc with apt as root.
# Exit 2 when something is missing and cannot be had (no network, not root).
set -euo pipefail
BUILD_DIR=$(realpath -m "${1:?usage: scripts/speed_peers.sh BUILD_DIR}")
cd "$(dirname "$0")/.."
need() { echo "speed-peers needs $1: $2" >&2; exit 2; }

export PATH="$PATH:$HOME/.cargo/bin"
if ! command -v cargo >/dev/null; then
    echo "speed-peers: no cargo; trying rustup (static.rust-lang.org)"
    if curl --proto '=https' --tlsv1.2 -sSfI --max-time 15 https://static.rust-lang.org/ >/dev/null 2>&1; then
        curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal \
            || need "cargo and crates.io" "rustup's installer failed"
    else
        need "cargo and crates.io" "cargo is not on PATH and https://static.rust-lang.org cannot be reached to install it"
    fi
fi

echo "speed-peers: $(command -v cargo) ($(cargo --version))"

# aws-lc-sys builds with cmake; openssl-src with perl and make; all with gcc.
missing=()
for t in cmake perl make gcc; do command -v "$t" >/dev/null || missing+=("$t"); done
if ((${#missing[@]})); then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "speed-peers: apt-get install -y ${missing[*]}"
        apt-get install -y "${missing[@]}" || need "${missing[*]}" "apt-get could not install ${missing[*]}"
    else
        need "${missing[*]}" "not found (install them, or run as root with apt)"
    fi
fi

out="$BUILD_DIR/peers"
echo "speed-peers: cargo build --release --locked --manifest-path bench/peers/Cargo.toml --target-dir $out"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! cargo build --release --locked --manifest-path bench/peers/Cargo.toml --target-dir "$out" 2>&1 | tee "$log"; then
    # Fetch failures are the likely ones offline; say so plainly.
    if grep -qiE 'failed to (download|get|fetch|load source)|index\.crates\.io|could not resolve|network|spurious' "$log"; then
        need "cargo and crates.io" "the crates could not be fetched from crates.io (offline?)"
    fi
    echo "speed-peers: cargo build failed" >&2
    exit 1
fi
echo "$out/release/librijn_peers.so"
