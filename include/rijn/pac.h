/* SPDX-License-Identifier: MIT */
/*
 * rijn/pac.h: Arm pointer authentication codes, for emulators.
 *
 * The Arm Architecture Reference Manual (DDI 0487, "Pointer authentication"
 * shared pseudocode) computes a PAC as ComputePAC(data, modifier, key0,
 * key1), a 64-bit tweakable block cipher:
 *
 *   rijn_pac_qarma5  the architected algorithm, QARMA-64 with five rounds
 *                    each way and the S-box sigma_2 (FEAT_PACQARMA5;
 *                    R. Avanzi, "The QARMA block cipher family", ToSC
 *                    2017(1), ePrint 2016/444)
 *   rijn_pac_qarma3  FEAT_PACQARMA3: the same structure with three rounds
 *                    each way and the involutive S-box sigma_1
 *   rijn_pac_aes     an IMPLEMENTATION DEFINED algorithm (FEAT_PACIMP)
 *                    for emulators that may choose one: the low 64 bits,
 *                    little-endian, of AES-128 (FIPS 197) under the key
 *                    key1 || key0 (each 8 bytes little-endian) applied to
 *                    the block data || modifier (each 8 bytes
 *                    little-endian). With AES instructions on the host it
 *                    is several times cheaper than QARMA.
 *
 * key0 is bits <127:64> of the 128-bit key and key1 bits <63:0>, as the
 * Arm ARM passes APIAKeyHi_EL1 and APIAKeyLo_EL1. data is the pointer (with
 * its extension bits already canonical) and modifier the context (for
 * PACIA the value of Xn or SP). The result is the whole 64-bit cipher
 * output; AddPAC() inserts the bits that fit the pointer's PAC field, and
 * PACGA keeps bits <63:32>.
 *
 * Guest instruction mapping (the code around the call is the emulator's):
 *   PACIA/PACIB/PACDA/PACDB, PACIZA, PACIASP, ... (and RETAA, BLRAA, LDRAA)
 *       pac = rijn_pac_<alg>(ptr, modifier, AP<k>KeyHi_EL1, AP<k>KeyLo_EL1)
 *       then AddPAC's bit insertion (or Auth's comparison for AUT*)
 *   PACGA Xd, Xn, Xm
 *       Xd = rijn_pac_<alg>(Xn, Xm, APGAKeyHi_EL1, APGAKeyLo_EL1) & ~0xffffffff
 *
 * Implementation: rijn picks, once per process, the fastest driver of the
 * registry's algorithm "pac" that this CPU runs and that passes its
 * known-answer test (the QARMA paper's vector among them); every driver is
 * constant-time in the key, data and modifier (tested under valgrind).
 * After that first call each function costs one indirect branch on top of
 * the computation. `rijn list` shows the drivers; RIJN_CPU masks features.
 * If no driver passes its self-test (a broken build: the portable driver
 * runs everywhere), the first call writes a message to stderr and calls
 * abort(), since these functions have no error to return and a PAC from
 * failing code would be silently wrong: call rijn_pac_get(NULL, ...)
 * first to get an error code instead.
 */
#ifndef RIJN_PAC_H
#define RIJN_PAC_H

#include "rijn/rijn.h"

#ifdef __cplusplus
extern "C" {
#endif

RIJN_API uint64_t rijn_pac_qarma5(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_API uint64_t rijn_pac_qarma3(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
RIJN_API uint64_t rijn_pac_aes(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);

/*
 * Batches: out[i] = rijn_pac_<alg>(data[i], modifier[i], key0, key1) for
 * i < n, all under ONE key. That is what an emulator batches: the pointers
 * a guest signs or authenticates under one key (a relocation pass, a stack
 * of return addresses, a translation block's PACs checked at once), and it
 * lets the key-dependent work be done once per batch. Calls with
 * different keys are separate calls (or the single functions).
 *
 * out may be the same array as data or modifier (in place); other overlap
 * is refused. The arrays need only uint64_t's own alignment. Returns
 * RIJN_OK, RIJN_ERR_NULL (a NULL array with n > 0), RIJN_ERR_LENGTH (n
 * beyond the address space) or RIJN_ERR_OVERLAP.
 */
RIJN_API int rijn_pac_qarma5_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                                   uint64_t key1, size_t n);
RIJN_API int rijn_pac_qarma3_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                                   uint64_t key1, size_t n);
RIJN_API int rijn_pac_aes_batch(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                                uint64_t key1, size_t n);

/*
 * The resolved function table, for emulators that keep function pointers
 * (a JIT calling the helper directly). Every driver implements all six
 * functions (a driver that accelerates only one algorithm runs the others
 * on the best code its CPU features allow). The batch entries do no
 * argument checks: n > 0 needs valid arrays, out equal to data or modifier
 * or disjoint from both.
 */
struct rijn_pac_ops {
    const char *driver; /* the driver's name in `rijn list` */
    uint64_t (*qarma5)(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
    uint64_t (*qarma3)(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
    uint64_t (*aes)(uint64_t data, uint64_t modifier, uint64_t key0, uint64_t key1);
    void (*qarma5_batch)(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                         uint64_t key1, size_t n);
    void (*qarma3_batch)(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                         uint64_t key1, size_t n);
    void (*aes_batch)(uint64_t *out, const uint64_t *data, const uint64_t *modifier, uint64_t key0,
                      uint64_t key1, size_t n);
};

/* The table of `driver` (NULL: the one the functions above use, the
 * registry's selection for "pac"; a name pins that driver, constant-time
 * or not, if this CPU runs it and it passes its known-answer test).
 * Returns RIJN_OK and sets *ops, RIJN_ERR_NULL, RIJN_ERR_NO_DRIVER or
 * RIJN_ERR_SELFTEST. */
RIJN_API int rijn_pac_get(const char *driver, const struct rijn_pac_ops **ops);

#ifdef __cplusplus
}
#endif

#endif
