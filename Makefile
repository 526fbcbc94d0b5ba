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
# instead of 7 (BENCHMARKS.md, start-up), for a binary of 32 MB instead of 11. Its own
# scratch folder, so that `swift build` here does not rebuild everything after it.
#
# Functions start at 64 bytes and jump targets at 32 (LLVM's alignment options): a change
# anywhere moved the hot loops against cache lines and branch-predictor slots, and the same
# instructions took 2-10% more or less time from build to build (BENCHMARKS.md, twelfth
# pass). Aligned, tca1 `report` and `filter -a -c` take 1-6% less, diffing's the same, for
# a binary 2.5% larger. SwiftPM does not rebuild a module for a changed -Xswiftc flag:
# after changing these, build in a fresh scratch folder (rm -rf $(SCRATCH)).
ALIGN_FLAGS := -Xswiftc -Xllvm -Xswiftc -align-all-functions=6 \
	-Xswiftc -Xllvm -Xswiftc -align-all-nofallthru-blocks=5
ifeq ($(shell uname -s),Linux)
SCRATCH := .build/static
BUILD_FLAGS := --static-swift-stdlib --scratch-path $(SCRATCH) $(ALIGN_FLAGS)
else
SCRATCH := .build
BUILD_FLAGS := $(ALIGN_FLAGS)
endif
TCALOG := $(SCRATCH)/release/tcalog

.PHONY: build install uninstall test

build:
	swift build -c release --product tcalog $(BUILD_FLAGS)

install: build
	install -d "$(BIN)" "$(MAN)" "$(BASH)" "$(ZSH)" "$(FISH)"
	install -m 755 $(TCALOG) "$(BIN)/tcalog"
	install -m 644 man/tcalog.1 "$(MAN)/tcalog.1"
	$(TCALOG) --generate-completion-script bash > "$(BASH)/tcalog"
	$(TCALOG) --generate-completion-script zsh > "$(ZSH)/_tcalog"
	$(TCALOG) --generate-completion-script fish > "$(FISH)/tcalog.fish"

uninstall:
	rm -f "$(BIN)/tcalog" "$(MAN)/tcalog.1" "$(BASH)/tcalog" "$(ZSH)/_tcalog" "$(FISH)/tcalog.fish"
	@for dir in $(DIRS); do rmdir "$$dir" 2>/dev/null || true; done

test:
	swift test
