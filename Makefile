# make install PREFIX=/usr/local  (the convention of SwiftLint and SwiftGen): a release build, then the one
# executable copied to $(PREFIX)/bin. The templates are compiled into it, so nothing else is installed.
PREFIX ?= /usr/local
SWIFT ?= swift
# Linux: the Swift runtime linked in, so the binary runs on machines without a toolchain (libxml2 stays a
# system library: install libxml2 there). macOS ships the Swift runtime and needs no flag.
ifeq ($(shell uname -s),Linux)
STATIC_STDLIB := --static-swift-stdlib
endif
# SCRATCH=DIR builds in another folder than .build (the install test uses it while `swift test` holds .build).
ifneq ($(SCRATCH),)
SCRATCH_FLAG := --scratch-path "$(SCRATCH)"
endif
BUILD_FLAGS ?= --configuration release --disable-sandbox --product managed-codegen $(STATIC_STDLIB) $(SCRATCH_FLAG)
# The installed copy is stripped (`install -s`, GNU and BSD alike): no symbol table or debug sections, which the
# tool never reads (Swift's runtime metadata lives in sections of its own). INSTALL_STRIP= keeps them.
INSTALL_STRIP ?= -s

.PHONY: build install uninstall

build:
	$(SWIFT) build $(BUILD_FLAGS)

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(INSTALL_STRIP) "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/managed-codegen" "$(DESTDIR)$(PREFIX)/bin/managed-codegen"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/managed-codegen"
