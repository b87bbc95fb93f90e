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

# BINARY=PATH installs that managed-codegen instead of building one: the install test installs the debug build it
# already has, so that CI does not spend minutes on a release build to test two `install` lines.
ifeq ($(BINARY),)
INSTALL_DEPENDS := build
INSTALL_SOURCE = $$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/managed-codegen
else
INSTALL_SOURCE = $(BINARY)
endif

.PHONY: build install uninstall

build:
	$(SWIFT) build $(BUILD_FLAGS)

install: $(INSTALL_DEPENDS)
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(INSTALL_STRIP) "$(INSTALL_SOURCE)" "$(DESTDIR)$(PREFIX)/bin/managed-codegen"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/managed-codegen"
