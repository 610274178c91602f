// SPDX-License-Identifier: MIT
//! Known answers for every peer, through the C ABI itself: AES-128-GCM test
//! case 4 of the GCM specification (McGrew & Viega, as in NIST's GCM
//! validation) and AES-128-CTR F.5.1 of NIST SP 800-38A.
use rijn_peers::*;
use std::ffi::CStr;
use std::ptr;

fn hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

const GCM_KEY: &str = "feffe9928665731c6d6a8f9467308308";
const GCM_IV: &str = "cafebabefacedbaddecaf888";
const GCM_AAD: &str = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
const GCM_PT: &str = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72\
                      1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
const GCM_CT: &str = "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e\
                      21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091";
const GCM_TAG: &str = "5bc94fbc3221a5db94fae95ae7121a47";
const CTR_KEY: &str = "2b7e151628aed2a6abf7158809cf4f3c";
const CTR_IV: &str = "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff";
const CTR_PT: &str = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51\
                      30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
const CTR_CT: &str = "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff\
                      5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee";

struct Job {
    key: Vec<u8>,
    iv: Vec<u8>,
    aad: Vec<u8>,
    inp: Vec<u8>,
    out: Vec<u8>,
    tag: [u8; 16],
}

impl Job {
    fn new(key: &str, iv: &str, aad: &str, n: usize) -> Job {
        Job { key: hex(key), iv: hex(iv), aad: hex(aad), inp: vec![0; n], out: vec![0; n], tag: [0; 16] }
    }
    fn open(&mut self, p: i32, mode: i32, dec: i32) -> *mut std::ffi::c_void {
        let j = self;
        unsafe {
            rp_new(p, mode, dec, j.key.as_ptr(), 8 * j.key.len() as i32, j.iv.as_ptr(), j.aad.as_ptr(),
                   j.aad.len(), j.inp.as_ptr(), j.out.as_mut_ptr(), j.inp.len(), j.tag.as_mut_ptr())
        }
    }
}

#[test]
fn names_and_versions() {
    assert_eq!(rp_abi(), 1);
    assert_eq!(rp_peer_count(), 3);
    for (p, name) in ["awslc", "ring", "openssl4"].iter().enumerate() {
        let n = unsafe { CStr::from_ptr(rp_peer_name(p as i32)) };
        let v = unsafe { CStr::from_ptr(rp_peer_version(p as i32)) };
        assert_eq!(n.to_str().unwrap(), *name);
        eprintln!("{name}: {}", v.to_str().unwrap());
    }
    assert!(rp_peer_name(3).is_null() && rp_peer_name(-1).is_null() && rp_peer_version(3).is_null());
    let v2 = unsafe { CStr::from_ptr(rp_peer_version(2)) }.to_str().unwrap();
    assert!(v2.starts_with("OpenSSL 4."), "{v2}");
    let v0 = unsafe { CStr::from_ptr(rp_peer_version(0)) }.to_str().unwrap();
    assert!(v0.starts_with("AWS-LC "), "{v0}");
}

#[test]
fn gcm_case4() {
    for p in 0..3 {
        let mut j = Job::new(GCM_KEY, GCM_IV, GCM_AAD, 60);
        j.inp = hex(GCM_PT);
        let st = j.open(p, 0, 0);
        assert!(!st.is_null(), "peer {p}");
        unsafe { rp_op(st) };
        assert_eq!(unsafe { rp_last_ok(st) }, 1);
        assert_eq!((j.out.clone(), j.tag.to_vec()), (hex(GCM_CT), hex(GCM_TAG)), "peer {p} seal");
        // The nonce is re-read at each call: another one gives another
        // ciphertext, and the vector's nonce gives the vector again.
        j.iv[0] ^= 1;
        unsafe { rp_op(st) };
        assert_ne!(j.out, hex(GCM_CT), "peer {p}: iv not re-read");
        j.iv[0] ^= 1;
        unsafe { rp_op(st) };
        assert_eq!(j.out, hex(GCM_CT));
        unsafe { rp_free(st) };

        // Open: rp_new seals out's plaintext into in and tag itself.
        let mut j = Job::new(GCM_KEY, GCM_IV, GCM_AAD, 60);
        j.out = hex(GCM_PT);
        let st = j.open(p, 0, 1);
        assert!(!st.is_null(), "peer {p} open");
        assert_eq!((j.inp.clone(), j.tag.to_vec()), (hex(GCM_CT), hex(GCM_TAG)), "peer {p} prepare");
        j.out.fill(0);
        unsafe { rp_op(st) };
        assert_eq!(unsafe { rp_last_ok(st) }, 1, "peer {p} open");
        assert_eq!(j.out, hex(GCM_PT), "peer {p} open");
        j.tag[15] ^= 0x80;
        unsafe { rp_op(st) };
        assert_eq!(unsafe { rp_last_ok(st) }, 0, "peer {p}: forged tag accepted");
        j.tag[15] ^= 0x80;
        unsafe { rp_op(st) };
        assert_eq!(unsafe { rp_last_ok(st) }, 1);
        unsafe { rp_free(st) };
    }
}

#[test]
fn ctr_f51() {
    for p in 0..3 {
        let mut j = Job::new(CTR_KEY, CTR_IV, "", 64);
        j.inp = hex(CTR_PT);
        let st = j.open(p, 1, 0);
        if p == 1 {
            assert!(st.is_null(), "ring has no CTR");
            continue;
        }
        assert!(!st.is_null(), "peer {p}");
        unsafe { rp_op(st) };
        assert_eq!(unsafe { rp_last_ok(st) }, 1);
        assert_eq!(j.out, hex(CTR_CT), "peer {p} encrypt");
        unsafe { rp_free(st) };

        let mut j = Job::new(CTR_KEY, CTR_IV, "", 64);
        j.inp = hex(CTR_CT);
        let st = j.open(p, 1, 1);
        assert!(!st.is_null());
        unsafe { rp_op(st) };
        assert_eq!(j.out, hex(CTR_PT), "peer {p} decrypt");
        unsafe { rp_free(st) };
    }
}

/// Larger keys and sizes, a counter block that wraps past 2^64 (the
/// 128-bit counter of SP 800-38A): the peers must agree with one another.
#[test]
fn peers_agree() {
    let key: String = (0..32).map(|i| format!("{:02x}", i * 7 + 1)).collect();
    for (mode, bits, iv) in [(0, 256, "000102030405060708090a0b"), (0, 192, "0f0e0d0c0b0a090807060504"),
                             (1, 256, "0001020304050607fffffffffffffffe"), (1, 192, "ffffffffffffffffffffffffffffffff")] {
        let mut seen: Option<(Vec<u8>, [u8; 16])> = None;
        for p in 0..3 {
            let mut j = Job::new(&key[..bits / 4], iv, "0102030405", 1000);
            j.inp = (0..1000).map(|i| i as u8).collect();
            let st = j.open(p, mode, 0);
            if p == 1 && (mode == 1 || bits == 192) {
                assert!(st.is_null());
                continue;
            }
            assert!(!st.is_null(), "peer {p} mode {mode} {bits}");
            unsafe { rp_op(st) };
            assert_eq!(unsafe { rp_last_ok(st) }, 1);
            unsafe { rp_free(st) };
            match &seen {
                None => seen = Some((j.out.clone(), j.tag)),
                Some(s) => assert_eq!(s, &(j.out.clone(), j.tag), "peer {p} mode {mode} {bits}"),
            }
        }
    }
    let k = [0u8; 16];
    assert!(unsafe { rp_new(0, 2, 0, k.as_ptr(), 128, k.as_ptr(), ptr::null(), 0,
                            ptr::null(), ptr::null_mut(), 0, k.as_ptr() as *mut u8) }.is_null());
}
