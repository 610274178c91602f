// SPDX-License-Identifier: MIT
//! OpenSSL 4 through EVP, the calls rijn's OpenSSL 3 peer makes
//! (cli/speed_openssl.c: setup_cipher, op_enc, op_dec). Declared here by
//! hand: the openssl-sys crate may not know 4.0, and these are stable.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr;

const EVP_CTRL_AEAD_SET_IVLEN: c_int = 0x9;
const EVP_CTRL_AEAD_GET_TAG: c_int = 0x10;
const EVP_CTRL_AEAD_SET_TAG: c_int = 0x11;
const OPENSSL_VERSION_STRING: c_int = 6;

type Init = unsafe extern "C" fn(*mut c_void, *const c_void, *mut c_void, *const u8, *const u8) -> c_int;
type Update = unsafe extern "C" fn(*mut c_void, *mut u8, *mut c_int, *const u8, c_int) -> c_int;
type Final = unsafe extern "C" fn(*mut c_void, *mut u8, *mut c_int) -> c_int;

extern "C" {
    fn OpenSSL_version(t: c_int) -> *const c_char;
    fn EVP_get_cipherbyname(name: *const c_char) -> *const c_void;
    fn EVP_CIPHER_CTX_new() -> *mut c_void;
    fn EVP_CIPHER_CTX_free(ctx: *mut c_void);
    fn EVP_CIPHER_CTX_ctrl(ctx: *mut c_void, t: c_int, arg: c_int, p: *mut c_void) -> c_int;
    fn EVP_EncryptInit_ex(c: *mut c_void, ci: *const c_void, e: *mut c_void, k: *const u8, iv: *const u8) -> c_int;
    fn EVP_DecryptInit_ex(c: *mut c_void, ci: *const c_void, e: *mut c_void, k: *const u8, iv: *const u8) -> c_int;
    fn EVP_EncryptUpdate(c: *mut c_void, o: *mut u8, ol: *mut c_int, i: *const u8, il: c_int) -> c_int;
    fn EVP_DecryptUpdate(c: *mut c_void, o: *mut u8, ol: *mut c_int, i: *const u8, il: c_int) -> c_int;
    fn EVP_EncryptFinal_ex(c: *mut c_void, o: *mut u8, ol: *mut c_int) -> c_int;
    fn EVP_DecryptFinal_ex(c: *mut c_void, o: *mut u8, ol: *mut c_int) -> c_int;
}

pub fn version() -> String {
    let v = unsafe { OpenSSL_version(OPENSSL_VERSION_STRING) };
    if v.is_null() {
        return String::from("?");
    }
    unsafe { CStr::from_ptr(v) }.to_string_lossy().into_owned()
}

/// An EVP_CIPHER_CTX keyed once; each message re-inits only the IV.
pub struct Ctx {
    ctx: *mut c_void,
    gcm: bool,
    dec: bool,
    init: Init,
    update: Update,
    fin: Final,
}

impl Ctx {
    pub fn new(gcm: bool, dec: bool, key: &[u8]) -> Option<Ctx> {
        let name: &CStr = match (key.len(), gcm) {
            (16, true) => c"aes-128-gcm",
            (24, true) => c"aes-192-gcm",
            (32, true) => c"aes-256-gcm",
            (16, false) => c"aes-128-ctr",
            (24, false) => c"aes-192-ctr",
            (32, false) => c"aes-256-ctr",
            _ => return None,
        };
        let (init, update, fin): (Init, Update, Final) = if dec {
            (EVP_DecryptInit_ex, EVP_DecryptUpdate, EVP_DecryptFinal_ex)
        } else {
            (EVP_EncryptInit_ex, EVP_EncryptUpdate, EVP_EncryptFinal_ex)
        };
        unsafe {
            let cipher = EVP_get_cipherbyname(name.as_ptr());
            let ctx = EVP_CIPHER_CTX_new();
            if ctx.is_null() {
                return None;
            }
            // From here Drop frees ctx on any failure.
            let c = Ctx { ctx, gcm, dec, init, update, fin };
            let n = ptr::null_mut();
            let mut ok = !cipher.is_null() && init(ctx, cipher, n, ptr::null(), ptr::null()) == 1;
            if gcm {
                ok = ok && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, 12, n) == 1;
            }
            ok = ok && init(ctx, ptr::null(), n, key.as_ptr(), ptr::null()) == 1;
            ok.then_some(c)
        }
    }

    /// One message: IV, aad (GCM), data, final, tag. Returns whether every
    /// call succeeded (for GCM decryption: whether the tag verified).
    pub fn op(&mut self, iv: *const u8, aad: &[u8], inp: &[u8], out: &mut [u8], tag: &mut [u8; 16]) -> bool {
        let (c, mut l, n) = (self.ctx, 0, ptr::null_mut());
        unsafe {
            let mut ok = (self.init)(c, ptr::null(), n, ptr::null(), iv) == 1;
            if self.gcm {
                ok &= (self.update)(c, ptr::null_mut(), &mut l, aad.as_ptr(), aad.len() as c_int) == 1;
            }
            ok &= (self.update)(c, out.as_mut_ptr(), &mut l, inp.as_ptr(), inp.len() as c_int) == 1;
            let rest = out.as_mut_ptr().wrapping_add(l as usize);
            if self.gcm && self.dec {
                ok &= EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_SET_TAG, 16, tag.as_mut_ptr().cast()) == 1;
            }
            ok &= (self.fin)(c, rest, &mut l) == 1;
            if self.gcm && !self.dec {
                ok &= EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_AEAD_GET_TAG, 16, tag.as_mut_ptr().cast()) == 1;
            }
            ok
        }
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        unsafe { EVP_CIPHER_CTX_free(self.ctx) }
    }
}
