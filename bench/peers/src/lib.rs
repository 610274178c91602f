// SPDX-License-Identifier: MIT
//! rijn-peers: AWS-LC (aws-lc-rs), ring and OpenSSL 4 (built from source,
//! libcrypto.a linked in) behind a tiny C ABI, so that `rijn speed`
//! (cli/speed_peers.c) can time them per message through their public APIs,
//! as a user of each would call them. Only the `rp_*` functions are exported
//! from librijn_peers.so; the three libraries stay private to it (aws-lc and
//! ring prefix their symbols, OpenSSL's are kept local by the cdylib's
//! version script), so the process may also load another libcrypto.
//!
//! Peers: 0 = "awslc", 1 = "ring", 2 = "openssl4". Modes: 0 = AES-GCM
//! (12-byte nonce, 16-byte tag), 1 = AES-CTR (16-byte IV = first counter
//! block, 128-bit big-endian counter). cli/speed_peers.c is the C side.

use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;
use std::{ptr, slice};

use aws_lc_rs::{aead as aaead, cipher as acipher};
use ring::aead as raead;

mod ossl;

const NAMES: [&CStr; 3] = [c"awslc", c"ring", c"openssl4"];
const GCM: c_int = 0;
const CTR: c_int = 1;

enum Imp {
    AwsGcm(aaead::LessSafeKey),
    AwsCtrEnc(acipher::EncryptingKey),
    AwsCtrDec(acipher::DecryptingKey),
    RingGcm(raead::LessSafeKey),
    Ossl(ossl::Ctx),
}

/// One benchmark job: the caller's buffers, re-read at every rp_op.
pub struct State {
    imp: Imp,
    dec: bool,
    iv: *const u8,
    aad: *const u8,
    aad_len: usize,
    inp: *const u8,
    out: *mut u8,
    size: usize,
    tag: *mut u8,
    ok: bool,
}

#[no_mangle]
pub extern "C" fn rp_abi() -> c_int {
    1
}

#[no_mangle]
pub extern "C" fn rp_peer_count() -> c_int {
    NAMES.len() as c_int
}

#[no_mangle]
pub extern "C" fn rp_peer_name(p: c_int) -> *const c_char {
    usize::try_from(p).ok().and_then(|i| NAMES.get(i)).map_or(ptr::null(), |s| s.as_ptr())
}

fn versions() -> &'static [CString; 3] {
    static V: OnceLock<[CString; 3]> = OnceLock::new();
    V.get_or_init(|| {
        // AWS-LC says "AWS-LC x.y.z" itself; ring has no version call, so its
        // pinned version (checked against Cargo.lock by build.rs) stands in.
        let aws = unsafe { CStr::from_ptr(aws_lc_sys::OpenSSL_version(aws_lc_sys::OPENSSL_VERSION as c_int)) };
        let mk = |s: String| CString::new(s).unwrap_or_default();
        [
            mk(format!("{} (aws-lc-rs {})", aws.to_string_lossy(), env!("RP_AWSLC_RS_VERSION"))),
            mk(format!("ring {}", env!("RP_RING_VERSION"))),
            mk(format!("OpenSSL {}", ossl::version())),
        ]
    })
}

#[no_mangle]
pub extern "C" fn rp_peer_version(p: c_int) -> *const c_char {
    let i = match usize::try_from(p) {
        Ok(i) if i < NAMES.len() => i,
        _ => return ptr::null(),
    };
    catch_unwind(|| versions()[i].as_ptr()).unwrap_or(ptr::null())
}

fn new_imp(p: c_int, mode: c_int, dec: bool, key: &[u8]) -> Option<Imp> {
    let i = key.len() / 8 - 2; // 0, 1, 2 for AES-128, -192, -256
    Some(match (p, mode) {
        (0, GCM) => {
            let alg = [&aaead::AES_128_GCM, &aaead::AES_192_GCM, &aaead::AES_256_GCM][i];
            Imp::AwsGcm(aaead::LessSafeKey::new(aaead::UnboundKey::new(alg, key).ok()?))
        }
        (0, CTR) => {
            let alg = [&acipher::AES_128, &acipher::AES_192, &acipher::AES_256][i];
            let k = acipher::UnboundCipherKey::new(alg, key).ok()?;
            if dec {
                Imp::AwsCtrDec(acipher::DecryptingKey::ctr(k).ok()?)
            } else {
                Imp::AwsCtrEnc(acipher::EncryptingKey::ctr(k).ok()?)
            }
        }
        // ring has AES-128/256-GCM only: no AES-192, no raw CTR.
        (1, GCM) if i != 1 => {
            let alg = [&raead::AES_128_GCM, &raead::AES_256_GCM][i / 2];
            Imp::RingGcm(raead::LessSafeKey::new(raead::UnboundKey::new(alg, key).ok()?))
        }
        (2, GCM | CTR) => Imp::Ossl(ossl::Ctx::new(mode == GCM, dec, key)?),
        _ => return None,
    })
}

/// # Safety
/// The pointers must be valid for the sizes given (iv: 12 bytes for GCM, 16
/// for CTR; tag: 16) until rp_free; `out` must not alias `in`.
#[no_mangle]
pub unsafe extern "C" fn rp_new(
    p: c_int, mode: c_int, dec: c_int, key: *const u8, key_bits: c_int,
    iv: *const u8, aad: *const u8, aad_len: usize,
    inp: *const u8, out: *mut u8, size: usize, tag: *mut u8,
) -> *mut c_void {
    if !matches!(key_bits, 128 | 192 | 256) || key.is_null() || iv.is_null() || tag.is_null()
        || (aad.is_null() && aad_len > 0) || (size > 0 && (inp.is_null() || out.is_null()))
        || size > c_int::MAX as usize || aad_len > c_int::MAX as usize
    {
        return ptr::null_mut();
    }
    let r = catch_unwind(|| {
        let key = slice::from_raw_parts(key, key_bits as usize / 8);
        let imp = new_imp(p, mode, dec != 0, key)?;
        let mut st = Box::new(State { imp, dec: dec != 0, iv, aad, aad_len, inp, out, size, tag, ok: false });
        if st.dec && mode == GCM {
            // A valid message to open: seal out's plaintext into in and tag
            // with the same peer, key, nonce and aad, as rijn's own runs do.
            let mut enc = State {
                imp: new_imp(p, mode, false, key)?,
                dec: false,
                inp: out,
                out: inp as *mut u8,
                ..*st
            };
            enc.op();
            if !enc.ok {
                return None;
            }
            st.op();
            if !st.ok {
                return None;
            }
        }
        Some(Box::into_raw(st) as *mut c_void)
    });
    r.ok().flatten().unwrap_or(ptr::null_mut())
}

impl State {
    /// One message. Every pointer is re-read: the caller may change the
    /// nonce/IV between calls.
    unsafe fn op(&mut self) {
        let n = self.size;
        let (inp, out) = if n == 0 {
            (&[][..], &mut [][..])
        } else {
            (slice::from_raw_parts(self.inp, n), slice::from_raw_parts_mut(self.out, n))
        };
        let aad = if self.aad_len == 0 { &[][..] } else { slice::from_raw_parts(self.aad, self.aad_len) };
        let tag = &mut *(self.tag as *mut [u8; 16]);
        self.ok = match &mut self.imp {
            Imp::AwsGcm(k) => {
                let nonce = aaead::Nonce::assume_unique_for_key(ptr::read(self.iv as *const [u8; 12]));
                if self.dec {
                    k.open_separate_gather(nonce, aaead::Aad::from(aad), inp, tag, out).is_ok()
                } else {
                    // Out of place, tag to its own buffer: no copy.
                    k.seal_out_of_place_scatter(nonce, aaead::Aad::from(aad), inp, out, &[], tag).is_ok()
                }
            }
            // aws-lc-rs's raw CTR works in place only: the copy is part of
            // the cost. Its keys hold the expanded AES key, no allocation.
            Imp::AwsCtrEnc(k) => {
                out.copy_from_slice(inp);
                let iv = acipher::EncryptionContext::Iv128(ptr::read(self.iv as *const [u8; 16]).into());
                k.less_safe_encrypt(out, iv).is_ok()
            }
            Imp::AwsCtrDec(k) => {
                out.copy_from_slice(inp);
                let iv = acipher::DecryptionContext::Iv128(ptr::read(self.iv as *const [u8; 16]).into());
                k.decrypt(out, iv).is_ok()
            }
            Imp::RingGcm(k) => {
                let nonce = raead::Nonce::assume_unique_for_key(ptr::read(self.iv as *const [u8; 12]));
                // ring 0.17.14 has no out-of-place seal or open: copy in to
                // out, then work in place (the copy is part of the cost).
                out.copy_from_slice(inp);
                if self.dec {
                    k.open_in_place_separate_tag(nonce, raead::Aad::from(aad), raead::Tag::from(*tag), out, 0..)
                        .is_ok()
                } else {
                    match k.seal_in_place_separate_tag(nonce, raead::Aad::from(aad), out) {
                        Ok(t) => {
                            tag.copy_from_slice(t.as_ref());
                            true
                        }
                        Err(_) => false,
                    }
                }
            }
            Imp::Ossl(c) => c.op(self.iv, aad, inp, out, tag),
        };
    }
}

/// # Safety
/// `st` must come from rp_new and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn rp_op(st: *mut c_void) {
    if let Some(s) = (st as *mut State).as_mut() {
        // Nothing in op panics (lengths are equal by construction); the
        // guard, free when nothing unwinds, only keeps an unwind out of C
        // in builds that unwind (tests); release builds abort instead.
        if catch_unwind(AssertUnwindSafe(|| s.op())).is_err() {
            s.ok = false;
        }
    }
}

/// # Safety
/// `st` must come from rp_new and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn rp_last_ok(st: *mut c_void) -> c_int {
    (st as *const State).as_ref().map_or(0, |s| s.ok as c_int)
}

/// # Safety
/// `st` must come from rp_new (or be NULL) and not have been freed.
#[no_mangle]
pub unsafe extern "C" fn rp_free(st: *mut c_void) {
    if !st.is_null() {
        drop(Box::from_raw(st as *mut State));
    }
}
