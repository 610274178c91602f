# SPDX-License-Identifier: MIT
# rijn: build, test, benchmark. See README.md.
#   make            library (static + shared), CLI and provider in $(BUILD)/
#   make check      every test (installs what it needs when root with apt)
#   make speed      the speed table against OpenSSL, libgcrypt and libsodium, build/speed.json, build/speed.svg
#   make speed-peers  the same against AWS-LC, ring and OpenSSL 4.0 as well (needs cargo and crates.io)
#   make proof      the X25519 limb-bound checker (tests/proof/; make check runs it)
#   make install    PREFIX, BINDIR, LIBDIR, INCLUDEDIR, MANDIR, MODULESDIR,
#                   DESTDIR (README.md, "Installing"); make uninstall
#
# CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS from the command line or the
# environment are honoured, the way distributions build: they come after
# the project's own flags, so they win. The release build has no -Werror
# (a newer compiler's new warning must not break a user's build);
# make check builds with WERROR=1.

BUILD   ?= build
PREFIX  ?= /usr/local
CC      ?= cc
VERSION := 0.1.0
SOMAJOR := 0

# Install directories (GNU-style names in capitals, as the issue asked).
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR     ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR   ?= $(LIBDIR)/cmake/rijn
# The provider: under LIBDIR, so a non-root install stays in its PREFIX.
# OpenSSL itself looks in its own modules directory (`openssl version -m`;
# Debian: /usr/lib/<triplet>/ossl-modules, which is LIBDIR/ossl-modules
# with PREFIX=/usr LIBDIR=/usr/lib/<triplet>), or where OPENSSL_MODULES or
# a `module =` line in openssl.cnf points.
MODULESDIR ?= $(LIBDIR)/ossl-modules

WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN    += -Werror
endif
OPT     ?= -O3

# Hardening (tests/py/test_hardening.py checks the result): stack canaries,
# fortified libc calls, CET (endbr64 landing pads, shadow-stack compatible)
# where the compiler supports it for this target, and full RELRO. Each is
# added only when the user's flags say nothing about it: a distribution's
# -Wp,-D_FORTIFY_SOURCE=3 must not meet our -D_FORTIFY_SOURCE=2 (GCC:
# "_FORTIFY_SOURCE" redefined), and -fno-stack-protector or
# -fcf-protection=none must stay what the user asked for.
USER_CFLAGS := $(CPPFLAGS) $(CFLAGS) $(EXTRA_CFLAGS)
USER_LDFLAGS := $(LDFLAGS) $(EXTRA_LDFLAGS)
HARDEN  :=
ifeq ($(findstring stack-protector,$(USER_CFLAGS)),)
HARDEN  += -fstack-protector-strong
endif
# _FORTIFY_SOURCE needs optimisation (glibc warns without), and some
# compilers define it themselves (Ubuntu's GCC): ask the preprocessor with
# the final flags.
ifeq ($(findstring _FORTIFY_SOURCE,$(USER_CFLAGS)),)
FORTIFY_PROBE := $(shell $(CC) $(OPT) $(USER_CFLAGS) -dM -E -x c /dev/null 2>/dev/null | \
                   sed -n 's/^\#define \(__OPTIMIZE__\|_FORTIFY_SOURCE\) .*/\1/p' | sort | tr '\n' ' ')
ifeq ($(FORTIFY_PROBE),__OPTIMIZE__ )
HARDEN  += -D_FORTIFY_SOURCE=2
endif
endif
ifeq ($(findstring cf-protection,$(USER_CFLAGS)),)
HARDEN  += $(shell $(CC) -Werror -fcf-protection -c -x c /dev/null -o /dev/null 2>/dev/null && echo -fcf-protection)
endif
LD_HARDEN :=
ifeq ($(findstring relro,$(USER_LDFLAGS)),)
LD_HARDEN += -Wl,-z,relro
endif
ifeq ($(findstring now,$(USER_LDFLAGS))$(findstring lazy,$(USER_LDFLAGS)),)
LD_HARDEN += -Wl,-z,now
endif

CFLAGS_ALL := -std=c11 $(OPT) -g $(WARN) -fPIC -fvisibility=hidden -D_DEFAULT_SOURCE \
              -Iinclude -Isrc $(HARDEN) $(CPPFLAGS) $(EXTRA_CFLAGS) $(CFLAGS)
LDFLAGS_ALL := $(LD_HARDEN) $(LDFLAGS)
LDLIBS_ALL := -lpthread -lm $(EXTRA_LDFLAGS) $(LDLIBS)

# Everything built depends on $(BUILD)/.flags, rewritten when the flags
# change, so `make WERROR=1` (make check) after a plain `make`, or a build
# with new CFLAGS, rebuilds instead of mixing objects. make install and
# uninstall leave it alone (once something is built): `make CFLAGS=...`
# then `sudo make install` installs that build, without the same CFLAGS.
FLAGS_STAMP := $(BUILD)/.flags
FLAGS_TEXT  := $(CC) $(CFLAGS_ALL) | $(LDFLAGS_ALL) | $(LDLIBS_ALL)
FLAGS_KEEP  := $(filter clean,$(MAKECMDGOALS))
ifneq ($(filter install uninstall,$(MAKECMDGOALS)),)
FLAGS_KEEP  += $(wildcard $(FLAGS_STAMP))
endif
ifeq ($(strip $(FLAGS_KEEP)),)
ifneq ($(file <$(FLAGS_STAMP)),$(FLAGS_TEXT))
$(shell mkdir -p $(BUILD))
$(file >$(FLAGS_STAMP),$(FLAGS_TEXT))
endif
endif

LIB_SRC := $(wildcard src/core/*.c src/api/*.c src/aes/*.c src/gf128/*.c src/modes/*.c src/emu/*.c src/x25519/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
HDRS    := $(wildcard include/rijn/*.h src/core/*.h src/core/*.def src/arch/*/*.h src/modes/*.h src/aes/*.h src/gf128/*.h src/emu/*.h src/x25519/*.h)

# support/: the typed adapters from registry algorithm names to the C API,
# shared by the CLI, the C tests and the fuzzers (not part of librijn).
SUPPORT_SRC := $(wildcard support/*.c)
SUPPORT_A := $(BUILD)/libsupport.a
CLI_SRC := $(wildcard cli/*.c)
TEST_C  := $(wildcard tests/c/*.c)
TEST_BIN := $(TEST_C:tests/c/%.c=$(BUILD)/tests/%)
# Micro-benchmarks of the per-call primitives (bench/*.c; see each file).
BENCH_C := $(wildcard bench/*.c)
BENCH_BIN := $(BENCH_C:bench/%.c=$(BUILD)/bench/%)

SONAME  := librijn.so.$(SOMAJOR)

# The OpenSSL 3 provider (provider/): built when OpenSSL 3's headers are
# there (Debian: libssl-dev; make check installs it).
PROV_SRC := $(wildcard provider/*.c)
# (A full compile: a cross compiler finds the host's openssl/ headers in
# /usr/include but not their per-architecture opensslconf.h. The user's
# flags take part, so an -isystem to another architecture's OpenSSL counts:
# scripts/armhf_provider.sh.)
HAVE_OSSL3 := $(shell $(CC) $(USER_CFLAGS) -fsyntax-only -include openssl/core_dispatch.h -include openssl/evp.h -x c /dev/null 2>/dev/null && echo 1)
ifeq ($(HAVE_OSSL3),1)
PROVIDER := $(BUILD)/rijn.so $(BUILD)/tests/evp_interop $(BUILD)/tests/evp_bench $(BUILD)/tests/prov_tls_taint
endif

all: programs tests benches provider

# What is installed (the Debian package builds only this).
PROGRAMS := $(BUILD)/librijn.a $(BUILD)/librijn.so $(BUILD)/rijn $(BUILD)/rijn.pc
ifeq ($(HAVE_OSSL3),1)
PROGRAMS += $(BUILD)/rijn.so
endif
programs: $(PROGRAMS)

$(FLAGS_STAMP): ;

# The bit-sliced AES keeps more values live than there are registers; GCC's
# pressure-aware scheduling cuts its spills (about 5% fewer instructions).
IS_GCC  := $(shell $(CC) -v 2>&1 | grep -c '^gcc version')
ifeq ($(IS_GCC),1)
$(BUILD)/obj/src/aes/%.o: FILE_CFLAGS := -fschedule-insns -fsched-pressure
endif
# aes-vperm's serial chain (CBC encryption, CBC-MAC) runs its round loop
# once per round, about 45 instructions; aligned to a 64-byte line it ran
# 4% faster for AES-128 and 6% for AES-256 on an Intel Xeon (family 6
# model 167), which put CBC encryption level with OpenSSL's vpaes there
# (docs/performance.md). GCC and clang both take the flag.
$(BUILD)/obj/src/aes/aes_vperm.o: ALIGN_CFLAGS := -falign-loops=64
# aes-vaes's pass loops (CBC decryption's is about 130 instructions a pass
# of 16 blocks) likewise: on an AMD EPYC Zen 3, CBC decryption at 16 KiB
# went from a median 0.98x to 1.01x of libgcrypt's VAES assembly (11
# alternated runs each); the other modes moved within the noise.
$(BUILD)/obj/src/aes/aes_vaes.o: ALIGN_CFLAGS := -falign-loops=64
# Not the pressure-aware scheduling above for aes_vaes.o: it hoisted seven
# round-key loads to the top of CBC decryption's pass and spilled a state
# to make room. Without it, CBC decryption ran 6-10% faster at 128 to 512
# bytes and 1-2% at 4 and 16 KiB on Zen 3; CTR moved within the noise
# (docs/performance.md). XTS, which ran 2-6% faster with it, asks for it in
# its own function (VAES_SCHED in the source).
$(BUILD)/obj/src/aes/aes_vaes.o: FILE_CFLAGS :=

# Issue 18's static emulator budget (tests/py/test_static.py: what the
# round primitives and PAC add to a static binary stays under 64 KiB).
# These files are compiled for size: the kinds' self-tests and resolvers
# (aes_round.c, pac.c, clmul.c: run once; the public functions are a load
# and an indirect jump either way) and the portable constant-time
# fallbacks that the x86-64 and AArch64 selections never run
# (aes_round_ct.c, pac_ct64.c). docs/performance.md has the sizes, and the
# fallbacks' cost of -Os.
EMU_SMALL := aes_round aes_round_ct pac pac_ct64 clmul
$(EMU_SMALL:%=$(BUILD)/obj/src/emu/%.o): FILE_CFLAGS := -Os

# X25519's field elements are arrays of limbs that the multiply writes one
# limb at a time: GCC's vectoriser would copy and swap them 16 bytes at a
# time, and each such load of limbs just stored 8 bytes at a time misses
# store-to-load forwarding (x25519-mulx's add: 19 -> 10 TSC ticks of
# latency on Zen 3). The portable drivers have nothing to gain from it either.
$(BUILD)/obj/src/x25519/%.o: FILE_CFLAGS := -fno-tree-vectorize

# The library's objects put every function and object in its own section,
# so that a static program linked with -Wl,--gc-sections (an emulator
# calling a few primitives) keeps only what it uses (tests/py/test_static.py).
$(BUILD)/obj/src/%.o: SECT_CFLAGS := -ffunction-sections -fdata-sections

$(BUILD)/obj/%.o: %.c $(HDRS) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(FILE_CFLAGS) $(ALIGN_CFLAGS) $(SECT_CFLAGS) -c $< -o $@

$(BUILD)/librijn.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/librijn.so.$(VERSION): $(LIB_OBJ) src/rijn.map $(FLAGS_STAMP)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/rijn.map \
	    -o $@ $(LIB_OBJ) $(LDLIBS_ALL)

$(BUILD)/librijn.so: $(BUILD)/librijn.so.$(VERSION)
	ln -sf librijn.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf librijn.so.$(VERSION) $@

# The CLI links the static library, so build/rijn runs from anywhere.
$(SUPPORT_SRC:%.c=$(BUILD)/obj/%.o): $(wildcard support/*.h)
$(SUPPORT_A): $(SUPPORT_SRC:%.c=$(BUILD)/obj/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/rijn: $(CLI_SRC) $(wildcard cli/*.h) $(SUPPORT_A) $(BUILD)/librijn.a $(FLAGS_STAMP)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -Isupport -o $@ $(CLI_SRC) $(SUPPORT_A) $(BUILD)/librijn.a $(LDLIBS_ALL) -ldl -lm

provider: $(PROVIDER)
ifneq ($(HAVE_OSSL3),1)
	@echo "note: no OpenSSL 3 headers for $(CC) (Debian: libssl-dev): $(BUILD)/rijn.so, the provider, not built"
endif

# librijn is linked in statically; the version script leaves only
# OSSL_provider_init visible, so no rijn_* symbol can clash with a
# librijn.so that the application itself links.
$(BUILD)/rijn.so: $(PROV_SRC) $(wildcard provider/*.h) provider/rijn_prov.map $(BUILD)/librijn.a $(FLAGS_STAMP)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -shared -Wl,--version-script=provider/rijn_prov.map \
	    -o $@ $(PROV_SRC) $(BUILD)/librijn.a -lcrypto $(LDLIBS_ALL)

# The taint test of the TLS CBC record check: that file alone, no OpenSSL
# (tests/py/test_provider_tls.py runs it under valgrind).
$(BUILD)/tests/prov_tls_taint: tests/provider/prov_tls_taint.c provider/prov_tls_cbc.c provider/prov_tls_cbc.h $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ tests/provider/prov_tls_taint.c provider/prov_tls_cbc.c

$(BUILD)/tests/evp_%: tests/provider/evp_%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< -lcrypto $(LDLIBS)

PC_SED = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
             -e 's|@VERSION@|$(VERSION)|g'
$(BUILD)/rijn.pc: rijn.pc.in
	$(PC_SED) $< > $@

tests: $(TEST_BIN)
$(BUILD)/tests/%: tests/c/%.c $(wildcard tests/c/*.h) $(SUPPORT_A) $(BUILD)/librijn.a $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -Itests/c -Isupport -o $@ $< $(SUPPORT_A) $(BUILD)/librijn.a $(LDLIBS_ALL)

benches: $(BENCH_BIN)
$(BUILD)/bench/%: bench/%.c bench/bench_clock.h $(BUILD)/librijn.a $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -o $@ $< $(BUILD)/librijn.a $(LDLIBS_ALL)

$(BUILD)/bench/pac_bench: tests/c/pac_ref.h
pac-bench: $(BUILD)/bench/pac_bench
	$(BUILD)/bench/pac_bench

# X25519 against OpenSSL and libsodium, interleaved (bench/x25519_bench.c;
# the peers through dlopen, as rijn speed loads them).
bench-x25519: $(BUILD)/bench/x25519_bench
	$(BUILD)/bench/x25519_bench

# (scripts/check.sh builds everything itself, with WERROR=1.)
check:
	./scripts/check.sh

# Differential fuzzing (tests/fuzz/, libFuzzer; needs clang): FUZZ_TIME
# seconds per target (default 600). make check runs a short round itself.
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
fuzz-bins: $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz/%)
$(BUILD)/fuzz/%: tests/fuzz/%.c $(wildcard tests/fuzz/*.h) $(SUPPORT_A) $(BUILD)/librijn.a $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(LDFLAGS_ALL) -fsanitize=fuzzer -Itests/fuzz -Isupport -o $@ $< $(SUPPORT_A) $(BUILD)/librijn.a -lcrypto $(LDLIBS_ALL)

fuzz:
	./scripts/fuzz.sh $(or $(FUZZ_TIME),600)

# The dudect timing test, long: CT_N measurements per class per test
# (make check runs 20000).
ct-long: $(BUILD)/tests/dudect
	$(BUILD)/tests/dudect -n $(or $(CT_N),500000)

# The iterated X25519 test of RFC 7748 section 5.2 with 1,000,000
# iterations (the test suite runs 1,000), timed: the selected driver and
# every available x25519 driver, or X25519_DRIVER=name for one.
x25519-long: $(BUILD)/tests/test_x25519_iter
	$(BUILD)/tests/test_x25519_iter $(if $(X25519_DRIVER),-d $(X25519_DRIVER)) 1000000

# cppcheck and clang-tidy over the library, CLI and provider (make check
# runs it).
lint:
	./scripts/lint.sh

# make speed: the table on stdout, the same figures as JSON in
# build/speed.json (rijn speed --json-out), and their plot in
# build/speed.svg (bench/plot_speed.py, matplotlib). SPEED_ARGS adds
# options, e.g. SPEED_ARGS='--seconds 0.1' for a quicker run.
speed: $(BUILD)/rijn
	$(BUILD)/rijn speed --vs openssl,gcrypt,sodium --json-out $(BUILD)/speed.json $(SPEED_ARGS)
	python3 bench/plot_speed.py $(BUILD)/speed.json -o $(BUILD)/speed.svg

# Cycles per byte of the AArch64 kernels, estimated by llvm-mca-19 for
# Cortex-A57, Neoverse N1 and Cortex-A510, the same kernels built for
# ARMv7 on the 32-bit models (bench/mca.py --armv7), and cycles per X25519
# on AArch64 and ARMv7 models (needs gcc-aarch64-linux-gnu,
# gcc-arm-linux-gnueabihf and llvm-19; make check installs them).
mca:
	python3 bench/mca.py
	python3 bench/mca.py --armv7
	python3 bench/mca.py --neonbs-rounds
	python3 bench/mca_x25519.py

# The X25519 field arithmetic's carry and overflow bounds, machine-checked:
# tests/proof/bounds.cc compiles src/x25519/fe51.h, fe25.h and curve_core.h
# as C++ with interval limb types and runs every routine on inputs spanning
# its stated bounds (docs/security.md, "What is proven"). Not part of all;
# make check runs it, and its negative test, through tests/py/test_proof.py.
# g++ (not $(CXX)): the checker's 128-bit overflow builtins need libgcc's,
# which clang++ would take from compiler-rt. -O0: it compiles three times
# faster than -O1 and runs in a quarter of a second anyway.
PROOF_CXX ?= g++
PROOF_CXXFLAGS := -std=c++17 -O0 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)
PROOF_DEPS := tests/proof/bounds.cc tests/proof/interval.h src/x25519/fe51.h src/x25519/fe25.h src/x25519/ladder2.h \
              src/x25519/curve_core.h src/x25519/base_table.h src/core/util.h
$(BUILD)/proof/bounds: $(PROOF_DEPS)
	@mkdir -p $(dir $@)
	$(PROOF_CXX) $(PROOF_CXXFLAGS) -Itests/proof -Isrc -Iinclude -o $@ tests/proof/bounds.cc
proof: $(BUILD)/proof/bounds
	$(BUILD)/proof/bounds

# make speed-peers: rijn against the strongest peers in one interleaved
# run: AWS-LC (through aws-lc-rs), ring (BoringSSL's assembly) and
# OpenSSL 4.0 (built from source), with Debian's OpenSSL 3.0 and
# libgcrypt, for AES-128-GCM, AES-128-CTR, AES-128-XTS and CBC, then
# AES-256-GCM, at the goal sizes; the last column is rijn's ratio to the
# fastest peer of each row. scripts/speed_peers.sh builds bench/peers'
# librijn_peers.so with cargo from crates.io (it installs rustup, cmake
# and perl where it can, and says so where it cannot). The figures also
# go to $(BUILD)/speed-peers*.json. Not part of make check: it needs the
# network and some minutes of compiling.
PEER_SIZES := 16,64,256,512,1500,4096,16384
PEERS_LIB = $(abspath $(BUILD))/peers/release/librijn_peers.so
speed-peers: $(BUILD)/rijn
	./scripts/speed_peers.sh $(BUILD)
	RIJN_PEERS_LIB=$(PEERS_LIB) $(BUILD)/rijn speed --alg 'gcm(aes)' --alg 'ctr(aes)' --alg 'xts(aes)' \
	    --alg 'cbc(aes)' --sizes $(PEER_SIZES) --vs awslc,ring,openssl4,openssl,gcrypt \
	    --json-out $(BUILD)/speed-peers.json $(SPEED_ARGS)
	RIJN_PEERS_LIB=$(PEERS_LIB) $(BUILD)/rijn speed --alg 'gcm(aes)' --key-bits 256 --sizes $(PEER_SIZES) \
	    --vs awslc,ring,openssl4,openssl,gcrypt --json-out $(BUILD)/speed-peers-256.json $(SPEED_ARGS)

speed-provider: $(BUILD)/rijn $(PROVIDER)
	python3 scripts/provider_speed.py --build $(BUILD)
	$(BUILD)/tests/evp_bench $(BUILD)

# make install: every path is DESTDIR + a directory variable (top of this
# file), so PREFIX=$HOME/.local needs no root, and a package build stages
# into DESTDIR. The man pages are whatever man/*.1 and man/*.3 hold.
HEADERS := $(notdir $(wildcard include/rijn/*.h))
MAN1    := $(wildcard man/*.1)
MAN3    := $(wildcard man/*.3)
# The CMake package finds its library and headers relative to itself, so
# a tree staged in DESTDIR, or moved, still works. Its pointer size is the
# library's ELF class (byte 4: 1 = 32-bit, 2 = 64-bit), times 4.
CMAKE_SED = sed -e "s|@VERSION@|$(VERSION)|g" -e "s|@SOMAJOR@|$(SOMAJOR)|g" \
    -e "s|@REL_LIBDIR@|$$(realpath -m -s --relative-to=$(CMAKEDIR) $(LIBDIR))|g" \
    -e "s|@REL_INCLUDEDIR@|$$(realpath -m -s --relative-to=$(CMAKEDIR) $(INCLUDEDIR))|g" \
    -e "s|@SIZEOF_VOID_P@|$$(( $$(od -An -tu1 -j4 -N1 $(BUILD)/librijn.so.$(VERSION)) * 4 ))|g"

install: programs
	install -d $(DESTDIR)$(INCLUDEDIR)/rijn $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(BINDIR)
	install -m 644 $(addprefix include/rijn/,$(HEADERS)) $(DESTDIR)$(INCLUDEDIR)/rijn/
	install -m 644 $(BUILD)/librijn.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/librijn.so.$(VERSION) $(DESTDIR)$(LIBDIR)/
	ln -sf librijn.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf librijn.so.$(VERSION) $(DESTDIR)$(LIBDIR)/librijn.so
	$(PC_SED) rijn.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/rijn.pc
	$(CMAKE_SED) cmake/rijnConfig.cmake.in > $(DESTDIR)$(CMAKEDIR)/rijnConfig.cmake
	$(CMAKE_SED) cmake/rijnConfigVersion.cmake.in > $(DESTDIR)$(CMAKEDIR)/rijnConfigVersion.cmake
	install -m 755 $(BUILD)/rijn $(DESTDIR)$(BINDIR)/
ifeq ($(HAVE_OSSL3),1)
	install -d $(DESTDIR)$(MODULESDIR)
	install -m 755 $(BUILD)/rijn.so $(DESTDIR)$(MODULESDIR)/rijn.so
endif
ifneq ($(MAN1),)
	install -d $(DESTDIR)$(MANDIR)/man1
	install -m 644 $(MAN1) $(DESTDIR)$(MANDIR)/man1/
endif
ifneq ($(MAN3),)
	install -d $(DESTDIR)$(MANDIR)/man3
	install -m 644 $(MAN3) $(DESTDIR)$(MANDIR)/man3/
endif

# Removes exactly what install wrote, and the two directories that are
# rijn's own; shared ones (bin/, lib/, ...) stay.
uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/rijn/,$(HEADERS))
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,librijn.a librijn.so.$(VERSION) $(SONAME) librijn.so)
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/rijn.pc
	rm -f $(DESTDIR)$(CMAKEDIR)/rijnConfig.cmake $(DESTDIR)$(CMAKEDIR)/rijnConfigVersion.cmake
	rm -f $(DESTDIR)$(BINDIR)/rijn $(DESTDIR)$(MODULESDIR)/rijn.so
	rm -f $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MAN1))) $(addprefix $(DESTDIR)$(MANDIR)/man3/,$(notdir $(MAN3)))
	rmdir $(DESTDIR)$(INCLUDEDIR)/rijn $(DESTDIR)$(CMAKEDIR) 2>/dev/null || true

clean:
	rm -rf $(BUILD) build build-asan build-ct build-distro build-emu build-tsan build-fuzz build-aarch64 build-aarch64-ct build-aarch64-vg \
	    build-armv7 build-s390x

.PHONY: all programs tests benches pac-bench bench-x25519 provider check speed speed-peers speed-provider install uninstall clean fuzz fuzz-bins lint ct-long x25519-long mca proof
