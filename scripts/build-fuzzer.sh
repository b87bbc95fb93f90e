#!/usr/bin/env bash
# Builds the libFuzzer target Fuzz/FuzzTarget.swift into .build-fuzz/managed-codegen-fuzzer.
# Each module is compiled straight with swiftc (-sanitize=fuzzer,address: coverage + ASan on every module,
# our Mustache engine included, so the fuzzer sees inside the renderer), in Package.swift's dependency order: the
# modules CodeGeneration and ModelReader need (scripts/check-shipped-scripts.sh links the same list in CI, from
# SwiftPM's debug build, and fails when one is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
OUT="$ROOT/.build-fuzz"
mkdir -p "$OUT"

LIBXML_CFLAGS="$(pkg-config --cflags libxml-2.0)"
SANITIZE=(-sanitize=fuzzer,address -O -g -parse-as-library -wmo -I "$OUT")

module() {  # module NAME LANGUAGE_MODE EXTRA_FLAGS... -- FILES...
    local name="$1" mode="$2"; shift 2
    local flags=()
    while [ "$1" != "--" ]; do flags+=("$1"); shift; done
    shift
    echo "compiling $name" >&2
    swiftc "${SANITIZE[@]}" -swift-version "$mode" -module-name "$name" "${flags[@]}" \
        -emit-module -emit-module-path "$OUT/$name.swiftmodule" -c "$@" -o "$OUT/$name.o"
}

module MustacheEngine 6 -- Sources/MustacheEngine/*.swift
module ManagedModel 6 -- $(find Sources/ManagedModel -name '*.swift')
module CoreDataMapping 6 -- $(find Sources/CoreDataMapping -name '*.swift')
module SwiftSourceScanning 6 -- $(find Sources/SwiftSourceScanning -name '*.swift')
module ModelReader 6 -enable-testing -I Sources/CLibXML2 -Xcc ${LIBXML_CFLAGS} -- $(find Sources/ModelReader -name '*.swift')
module SampleValues 6 -- $(find Sources/SampleValues -name '*.swift')
module ManagedCodegenTemplates 6 -- Templates/TemplateBundle.swift Templates/EmbeddedTemplates.swift
module CodeGeneration 6 -- $(find Sources/CodeGeneration -name '*.swift')

echo "linking managed-codegen-fuzzer" >&2
swiftc -sanitize=fuzzer,address -O -g -parse-as-library -swift-version 6 -module-name ManagedCodegenFuzzer \
    -I "$OUT" -I Sources/CLibXML2 -Xcc ${LIBXML_CFLAGS} \
    Fuzz/FuzzTarget.swift "$OUT"/MustacheEngine.o "$OUT"/ManagedModel.o "$OUT"/CoreDataMapping.o "$OUT"/SwiftSourceScanning.o \
    "$OUT"/ModelReader.o "$OUT"/SampleValues.o "$OUT"/ManagedCodegenTemplates.o "$OUT"/CodeGeneration.o \
    -lxml2 -o "$OUT/managed-codegen-fuzzer"
echo "$OUT/managed-codegen-fuzzer"
