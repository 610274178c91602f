/* SPDX-License-Identifier: MIT */
/*
 * The TLS 1.0-1.2 CBC record check (RFC 5246 §6.2.3.2, RFC 2246, RFC 4346):
 * after CBC decryption, strip the record padding and take the MAC out of
 * the record without a branch or a memory address that depends on the
 * decrypted bytes (Lucky Thirteen, AlFardan and Paterson 2013).
 *
 * Plain C with no OpenSSL header, so that the secret-taint test
 * (tests/provider/prov_tls_taint.c) runs it under valgrind by itself.
 */
#ifndef RIJN_PROV_TLS_CBC_H
#define RIJN_PROV_TLS_CBC_H

#include <stddef.h>
#include <stdint.h>

#define PROV_TLS_MAX_MAC 64 /* EVP_MAX_MD_SIZE: HMAC-SHA512 */

/* rec, len: the decrypted record (explicit IV already skipped), len public
 * and a multiple of the block size. mac_size: 0 (encrypt-then-MAC, RFC
 * 7366, or no MAC) .. PROV_TLS_MAX_MAC. randmac: mac_size random bytes,
 * returned as the MAC when the padding is bad, so that the caller's MAC
 * check fails in the same time as for a bad MAC.
 *
 * Returns 0 when the record is publicly too short (len < mac_size + 1),
 * else 1, and then, computed in constant time:
 *   *payload  the payload length: len less the padding (when good) and
 *             the MAC;
 *   mac       the record's MAC (mac_size bytes), or randmac if the
 *             padding is bad;
 *   *good     all ones when the padding is well formed, else 0 (with
 *             mac_size == 0 the MAC was checked before decryption and the
 *             caller may branch on it; otherwise it must not). */
int prov_tls_cbc_unpad(const uint8_t *rec, size_t len, size_t mac_size, const uint8_t *randmac, uint8_t *mac,
                       size_t *payload, size_t *good);

#endif
