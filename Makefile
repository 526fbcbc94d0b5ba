# make install PREFIX=~/.local — the release binary, the man page and shell completions.
PREFIX ?= /usr/local
DESTDIR ?=
BIN := $(DESTDIR)$(PREFIX)/bin
MAN := $(DESTDIR)$(PREFIX)/share/man/man1
BASH := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
TCALOG := .build/release/tcalog

.PHONY: build install uninstall test

build:
	swift build -c release --product tcalog

install: build
	install -d "$(BIN)" "$(MAN)" "$(BASH)" "$(ZSH)" "$(FISH)"
	install -m 755 $(TCALOG) "$(BIN)/tcalog"
	install -m 644 man/tcalog.1 "$(MAN)/tcalog.1"
	$(TCALOG) --generate-completion-script bash > "$(BASH)/tcalog"
	$(TCALOG) --generate-completion-script zsh > "$(ZSH)/_tcalog"
	$(TCALOG) --generate-completion-script fish > "$(FISH)/tcalog.fish"

uninstall:
	rm -f "$(BIN)/tcalog" "$(MAN)/tcalog.1" "$(BASH)/tcalog" "$(ZSH)/_tcalog" "$(FISH)/tcalog.fish"

test:
	swift test
