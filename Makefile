# SPDX-License-Identifier: MIT
# rijn: build, test, benchmark. See README.md.
#   make            library (static + shared) and CLI in $(BUILD)/
#   make check      every test (installs what it needs when root with apt)
#   make speed      the speed table against OpenSSL and libgcrypt
#   make install PREFIX=/usr/local   (rijn.so into OpenSSL's modules dir,
#                                      or MODULESDIR=...)

BUILD   ?= build
PREFIX  ?= /usr/local
CC      ?= cc
VERSION := 0.1.0
SOMAJOR := 0

WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
OPT     ?= -O3
# Hardening (tests/py/test_hardening.py checks the result): stack canaries,
# fortified libc calls, and CET (endbr64 landing pads, shadow-stack
# compatible) where the compiler supports it for this target.
CF_PROT := $(shell $(CC) -Werror -fcf-protection -c -x c /dev/null -o /dev/null 2>/dev/null && echo -fcf-protection)
HARDEN  := -fstack-protector-strong -D_FORTIFY_SOURCE=2 $(CF_PROT)
CFLAGS_ALL := -std=c11 $(OPT) -g $(WARN) -fPIC -fvisibility=hidden -D_DEFAULT_SOURCE \
              -Iinclude -Isrc $(HARDEN) $(EXTRA_CFLAGS) $(CFLAGS)
LDLIBS_ALL := -lpthread -lm $(EXTRA_LDFLAGS)

LIB_SRC := $(wildcard src/core/*.c src/api/*.c src/aes/*.c src/gf128/*.c src/modes/*.c src/emu/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
HDRS    := $(wildcard include/rijn/*.h src/core/*.h src/core/*.def src/arch/*/*.h src/modes/*.h src/aes/*.h src/gf128/*.h src/emu/*.h)

# support/: the typed adapters from registry algorithm names to the C API,
# shared by the CLI, the C tests and the fuzzers (not part of librijn).
SUPPORT_SRC := $(wildcard support/*.c)
SUPPORT_A := $(BUILD)/libsupport.a
CLI_SRC := $(wildcard cli/*.c)
TEST_C  := $(wildcard tests/c/*.c)
TEST_BIN := $(TEST_C:tests/c/%.c=$(BUILD)/tests/%)

SONAME  := librijn.so.$(SOMAJOR)

# The OpenSSL 3 provider (provider/): built when OpenSSL 3's headers are
# there (Debian: libssl-dev; make check installs it).
PROV_SRC := $(wildcard provider/*.c)
# (A full compile: a cross compiler finds the host's openssl/ headers in
# /usr/include but not their per-architecture opensslconf.h.)
HAVE_OSSL3 := $(shell $(CC) -fsyntax-only -include openssl/core_dispatch.h -include openssl/evp.h -x c /dev/null 2>/dev/null && echo 1)
MODULESDIR ?= $(shell pkg-config --variable=modulesdir libcrypto 2>/dev/null)
ifeq ($(HAVE_OSSL3),1)
PROVIDER := $(BUILD)/rijn.so $(BUILD)/tests/evp_interop $(BUILD)/tests/evp_bench $(BUILD)/tests/prov_tls_taint
endif

all: $(BUILD)/librijn.a $(BUILD)/librijn.so $(BUILD)/rijn $(BUILD)/rijn.pc tests provider

# The bit-sliced AES keeps more values live than there are registers; GCC's
# pressure-aware scheduling cuts its spills (about 5% fewer instructions).
IS_GCC  := $(shell $(CC) -v 2>&1 | grep -c '^gcc version')
ifeq ($(IS_GCC),1)
$(BUILD)/obj/src/aes/%.o: FILE_CFLAGS := -fschedule-insns -fsched-pressure
endif

$(BUILD)/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(FILE_CFLAGS) -c $< -o $@

$(BUILD)/librijn.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/librijn.so.$(VERSION): $(LIB_OBJ) src/rijn.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=src/rijn.map -Wl,-z,relro,-z,now \
	    -o $@ $(LIB_OBJ) $(LDLIBS_ALL)

$(BUILD)/librijn.so: $(BUILD)/librijn.so.$(VERSION)
	ln -sf librijn.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf librijn.so.$(VERSION) $@

# The CLI links the static library, so build/rijn runs from anywhere.
$(SUPPORT_SRC:%.c=$(BUILD)/obj/%.o): $(wildcard support/*.h)
$(SUPPORT_A): $(SUPPORT_SRC:%.c=$(BUILD)/obj/%.o)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/rijn: $(CLI_SRC) $(wildcard cli/*.h) $(SUPPORT_A) $(BUILD)/librijn.a
	$(CC) $(CFLAGS_ALL) -Isupport -o $@ $(CLI_SRC) $(SUPPORT_A) $(BUILD)/librijn.a $(LDLIBS_ALL) -ldl -lm

provider: $(PROVIDER)
ifneq ($(HAVE_OSSL3),1)
	@echo "note: no OpenSSL 3 headers for $(CC) (Debian: libssl-dev): $(BUILD)/rijn.so, the provider, not built"
endif

# librijn is linked in statically; the version script leaves only
# OSSL_provider_init visible, so no rijn_* symbol can clash with a
# librijn.so that the application itself links.
$(BUILD)/rijn.so: $(PROV_SRC) $(wildcard provider/*.h) provider/rijn_prov.map $(BUILD)/librijn.a
	$(CC) $(CFLAGS_ALL) -shared -Wl,--version-script=provider/rijn_prov.map -Wl,-z,relro,-z,now \
	    -o $@ $(PROV_SRC) $(BUILD)/librijn.a -lcrypto $(LDLIBS_ALL)

# The taint test of the TLS CBC record check: that file alone, no OpenSSL
# (tests/py/test_provider_tls.py runs it under valgrind).
$(BUILD)/tests/prov_tls_taint: tests/provider/prov_tls_taint.c provider/prov_tls_cbc.c provider/prov_tls_cbc.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ tests/provider/prov_tls_taint.c provider/prov_tls_cbc.c

$(BUILD)/tests/evp_%: tests/provider/evp_%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< -lcrypto

$(BUILD)/rijn.pc: rijn.pc.in
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

tests: $(TEST_BIN)
$(BUILD)/tests/%: tests/c/%.c tests/c/testutil.h $(SUPPORT_A) $(BUILD)/librijn.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -Itests/c -Isupport -o $@ $< $(SUPPORT_A) $(BUILD)/librijn.a $(LDLIBS_ALL)

check: all
	./scripts/check.sh

# Differential fuzzing (tests/fuzz/, libFuzzer; needs clang): FUZZ_TIME
# seconds per target (default 600). make check runs a short round itself.
FUZZ_SRC := $(wildcard tests/fuzz/fuzz_*.c)
fuzz-bins: $(FUZZ_SRC:tests/fuzz/%.c=$(BUILD)/fuzz/%)
$(BUILD)/fuzz/%: tests/fuzz/%.c $(wildcard tests/fuzz/*.h) $(SUPPORT_A) $(BUILD)/librijn.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -fsanitize=fuzzer -Itests/fuzz -Isupport -o $@ $< $(SUPPORT_A) $(BUILD)/librijn.a -lcrypto $(LDLIBS_ALL)

fuzz:
	./scripts/fuzz.sh $(or $(FUZZ_TIME),600)

# The dudect timing test, long: CT_N measurements per class per test
# (make check runs 20000).
ct-long: $(BUILD)/tests/dudect
	$(BUILD)/tests/dudect -n $(or $(CT_N),500000)

# cppcheck and clang-tidy over the library, CLI and provider (make check
# runs it).
lint:
	./scripts/lint.sh

speed: $(BUILD)/rijn
	$(BUILD)/rijn speed --vs openssl,gcrypt

# Cycles per byte of the AArch64 kernels, estimated by llvm-mca-19 for
# Cortex-A57, Neoverse N1 and Cortex-A510 (needs gcc-aarch64-linux-gnu and
# llvm-19; make check installs both).
mca:
	python3 bench/mca.py

speed-provider: $(BUILD)/rijn $(PROVIDER)
	python3 scripts/provider_speed.py --build $(BUILD)
	$(BUILD)/tests/evp_bench $(BUILD)

install: $(BUILD)/librijn.a $(BUILD)/librijn.so $(BUILD)/rijn $(BUILD)/rijn.pc
	install -d $(DESTDIR)$(PREFIX)/include/rijn $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/rijn/*.h $(DESTDIR)$(PREFIX)/include/rijn/
	install -m 644 $(BUILD)/librijn.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/librijn.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf librijn.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf librijn.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/librijn.so
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' rijn.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/rijn.pc
ifeq ($(HAVE_OSSL3),1)
	install -d $(DESTDIR)$(MODULESDIR)
	install -m 755 $(BUILD)/rijn.so $(DESTDIR)$(MODULESDIR)/rijn.so
endif
	install -m 755 $(BUILD)/rijn $(DESTDIR)$(PREFIX)/bin/

clean:
	rm -rf build build-asan build-ct build-emu build-tsan build-fuzz build-aarch64 build-aarch64-ct build-aarch64-vg \
	    build-armv7 build-s390x

.PHONY: all tests provider check speed speed-provider install clean fuzz fuzz-bins lint ct-long mca
