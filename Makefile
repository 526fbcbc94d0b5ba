# make install PREFIX=~/.local — the release binary, the man page and shell completions.
PREFIX ?= /usr/local
DESTDIR ?=
# zsh (and bash after a ':' or in quotes) passes PREFIX=~/.local with a literal '~', which
# would install into a folder named '~' here: expand it as the shell would have, and refuse
# any other relative prefix.
override PREFIX := $(patsubst ~/%,$(HOME)/%,$(patsubst ~,$(HOME),$(PREFIX)))
ifeq ($(filter /%,$(PREFIX)),)
$(error PREFIX must be an absolute path (or start with ~/), not '$(PREFIX)')
endif
BIN := $(DESTDIR)$(PREFIX)/bin
MAN := $(DESTDIR)$(PREFIX)/share/man/man1
BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# The folders install may create under PREFIX, deepest first: uninstall removes those
# that are left empty, and never PREFIX itself.
DIRS := "$(BIN)" "$(MAN)" "$(DESTDIR)$(PREFIX)/share/man" "$(BASH)" "$(DESTDIR)$(PREFIX)/share/bash-completion" \
	"$(ZSH)" "$(DESTDIR)$(PREFIX)/share/zsh" "$(FISH)" "$(DESTDIR)$(PREFIX)/share/fish" "$(DESTDIR)$(PREFIX)/share"
# On Linux the installed binary links the Swift runtime and FoundationEssentials statically
# (SwiftPM's --static-swift-stdlib): it runs where no Swift toolchain is installed (the
# dynamic one looks for the runtime in the toolchain's folder), and it starts in 4 ms
# instead of 7 (BENCHMARKS.md, "Start-up"), for a binary of 32 MB instead of 11. Its own
# scratch folder, so that `swift build` here does not rebuild everything after it.
#
# Functions start at 64 bytes and jump targets at 32 (LLVM's alignment options): a change
# anywhere moved the hot loops against cache lines and branch-predictor slots, and the same
# instructions took 2-10% more or less time from build to build (BENCHMARKS.md, "Method
# notes"). Aligned, tca1 `report` and `filter -a -c` take 1-6% less, diffing's the same, for
# a binary 2.5% larger (BENCHMARKS.md, "Build flags and profile-guided build"). SwiftPM does
# not rebuild a module for a changed -Xswiftc flag: after changing these, build in a fresh
# scratch folder (rm -rf $(SCRATCH)).
ALIGN_FLAGS := -Xswiftc -Xllvm -Xswiftc -align-all-functions=6 \
	-Xswiftc -Xllvm -Xswiftc -align-all-nofallthru-blocks=5
ifeq ($(shell uname -s),Linux)
SCRATCH := .build/static
PLATFORM_FLAGS := --static-swift-stdlib
else
SCRATCH := .build
PLATFORM_FLAGS :=
endif
BUILD_FLAGS := $(PLATFORM_FLAGS) --scratch-path $(SCRATCH) $(ALIGN_FLAGS)
TCALOG := $(SCRATCH)/release/tcalog

# Profile-guided optimization (LLVM's, at the IR level): a build that counts its branches
# and calls runs the commands users run most on the bundled samples, and the release build
# lays out and inlines its code by those counts. It takes 10-14% off `report`
# (BENCHMARKS.md, "Build flags and profile-guided build") and changes no output. It needs
# the toolchain's llvm-profdata and profile runtime, as Linux toolchains ship them; without
# them, or with `make build PGO=0`, the build is the plain one. The counting build has its
# own scratch folder, and counts again only when it was rebuilt or this file changed. Counts
# differ a little from run to run (two threads), so the release build is given them under a
# name made of their checksum: SwiftPM recompiles for a changed flag, not for a changed file
# behind one.
# The toolchain's usr folder, from where its runtime lies (a swiftly proxy on PATH is not
# in the toolchain).
TOOLCHAIN := $(patsubst %/lib/swift,%,$(shell swift -print-target-info 2>/dev/null | \
	sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p'))
PROFDATA := $(wildcard $(TOOLCHAIN)/bin/llvm-profdata)
PROFILE_RUNTIME := $(lastword $(wildcard $(TOOLCHAIN)/lib/clang/*/lib/linux/libclang_rt.profile-$(shell uname -m).a))
PGO ?= $(if $(and $(PROFDATA),$(PROFILE_RUNTIME)),1,0)
# With the counts, blocks are also laid out by LLVM's ext-TSP placement (for the
# instruction cache and the fall-throughs the counts say are taken): diffing `report` 2-4%
# faster, tca1 the same.
PGO_FLAGS := -Xswiftc -Xllvm -Xswiftc -enable-ext-tsp-block-placement -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=
TRAIN_SCRATCH := $(SCRATCH)-train
TRAIN_TCALOG := $(TRAIN_SCRATCH)/release/tcalog
PROFILES := $(TRAIN_SCRATCH)/profiles
PROFILE := $(TRAIN_SCRATCH)/tcalog.profdata
# What the counting build runs on each sample: the report (both job counts), the grep-like
# counts and the record boundaries alone. Adding `records`, `suggest` and `filter -t` to
# these made `report` 2-5% and `filter -t -c` 8% slower, and `records` no faster.
TRAINING := "report" "report --jobs 1" "filter -a hover -c" "filter -s selected -c" "records --stats"

.PHONY: build install uninstall test

ifeq ($(PGO),1)
# A counting run stops the build at a status over 1 (grep's: 1 is "nothing selected").
build:
	swift build -c release --product tcalog $(PLATFORM_FLAGS) --scratch-path $(TRAIN_SCRATCH) $(ALIGN_FLAGS) \
		-Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
		-Xlinker $(PROFILE_RUNTIME) -Xlinker -u -Xlinker __llvm_profile_runtime
	@if [ ! -f $(PROFILE) ] || [ $(TRAIN_TCALOG) -nt $(PROFILE) ] || [ Makefile -nt $(PROFILE) ]; then \
		rm -rf $(PROFILES) && mkdir -p $(PROFILES) || exit 1; \
		echo "make: counting on Samples/*.log for profile-guided optimization"; \
		for log in Samples/*.log; do for command in $(TRAINING); do \
			LLVM_PROFILE_FILE='$(PROFILES)/%p.profraw' $(TRAIN_TCALOG) $$command "$$log" >/dev/null 2>&1; \
			status=$$?; if [ $$status -gt 1 ]; then echo "make: tcalog $$command $$log: status $$status" >&2; exit 1; fi; \
		done; done; \
		$(PROFDATA) merge -o $(PROFILE) $(PROFILES)/*.profraw || exit 1; \
	fi
	@counts=$(TRAIN_SCRATCH)/tcalog-$$(cksum < $(PROFILE) | cut -d' ' -f1).profdata; \
	[ -f $$counts ] || { rm -f $(TRAIN_SCRATCH)/tcalog-*.profdata; cp $(PROFILE) $$counts; }; \
	echo swift build -c release --product tcalog $(BUILD_FLAGS) $(PGO_FLAGS)$$counts; \
	swift build -c release --product tcalog $(BUILD_FLAGS) $(PGO_FLAGS)$$counts
else
build:
	swift build -c release --product tcalog $(BUILD_FLAGS)
endif

install: build
	install -d "$(BIN)" "$(MAN)" "$(BASH)" "$(ZSH)" "$(FISH)"
	install -m 755 $(TCALOG) "$(BIN)/tcalog"
	install -m 644 man/tcalog.1 "$(MAN)/tcalog.1"
	$(TCALOG) --generate-completion-script bash > "$(BASH)/tcalog"
	$(TCALOG) --generate-completion-script zsh > "$(ZSH)/_tcalog"
	$(TCALOG) --generate-completion-script fish > "$(FISH)/tcalog.fish"
	@case " $$(zsh -fc 'print -r -- $$fpath' 2>/dev/null) " in \
	*" $(ZSH) "*) ;; \
	*) echo "zsh: $(ZSH) is not in zsh's default fpath; add to ~/.zshrc, before compinit:"; \
	   echo "  fpath=($(ZSH) \$$fpath)" ;; \
	esac

uninstall:
	rm -f "$(BIN)/tcalog" "$(MAN)/tcalog.1" "$(BASH)/tcalog" "$(ZSH)/_tcalog" "$(FISH)/tcalog.fish"
	@for dir in $(DIRS); do rmdir "$$dir" 2>/dev/null || true; done

test:
	swift test
