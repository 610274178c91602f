// SPDX-License-Identifier: MIT
//! Builds OpenSSL 4 from source (openssl-src) and links its libcrypto.a
//! statically; records the pinned crate versions from Cargo.lock so the
//! peers that do not report a version themselves (ring) still name theirs.
use std::{env, fs, path::Path};

/// The versions Cargo.toml pins; a lock file that disagrees fails the build,
/// so a reported version can never be stale.
const PINS: &[(&str, &str, &str)] = &[
    ("aws-lc-rs", "1.19.0", "RP_AWSLC_RS_VERSION"),
    ("ring", "0.17.14", "RP_RING_VERSION"),
    ("openssl-src", "400.0.2+4.0.3", "RP_OPENSSL_SRC_VERSION"),
];

fn locked_version(lock: &str, name: &str) -> Option<String> {
    let mut lines = lock.lines();
    while let Some(l) = lines.next() {
        if l.trim() == format!("name = \"{name}\"") {
            let v = lines.next()?.trim().strip_prefix("version = \"")?;
            return Some(v.trim_end_matches('"').to_string());
        }
    }
    None
}

fn main() {
    let dir = env::var("CARGO_MANIFEST_DIR").unwrap();
    let lock_path = Path::new(&dir).join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    let lock = fs::read_to_string(&lock_path).expect("bench/peers/Cargo.lock is missing");
    for (name, pin, var) in PINS {
        let got = locked_version(&lock, name).unwrap_or_default();
        assert_eq!(&got, pin, "Cargo.lock has {name} {got}, Cargo.toml pins {pin}");
        println!("cargo:rustc-env={var}={got}");
    }

    // openssl-src configures no-shared/no-module/no-tests; it passes cargo's
    // jobserver (CARGO_MAKEFLAGS) on to make.
    let art = openssl_src::Build::new().build();
    println!("cargo:rustc-link-search=native={}", art.lib_dir().display());
    // libcrypto only: no TLS here.  Static, so the process's other
    // libcrypto (Debian's libcrypto.so.3, dlopened by rijn speed) and this
    // one never share a symbol: the cdylib's version script keeps all but
    // the rp_* functions local.
    println!("cargo:rustc-link-lib=static=crypto");
    if art.needs_latomic() {
        println!("cargo:rustc-link-lib=atomic");
    }
}
