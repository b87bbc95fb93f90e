#!/usr/bin/env bash
# Builds the libFuzzer target Fuzz/FuzzTarget.swift; the one way to build it (scripts/fuzz.sh and CI's
# scripts/check-shipped-scripts.sh both call this script).
#   scripts/build-fuzzer.sh                  every module compiled straight with swiftc -sanitize=fuzzer,address
#                                            (coverage + ASan everywhere, our Mustache engine included, so the fuzzer
#                                            sees inside the renderer) into .build-fuzz/managed-codegen-fuzzer; minutes
#   scripts/build-fuzzer.sh --debug-objects DIR
#                                            only Fuzz/FuzzTarget.swift instrumented, linked against SwiftPM's debug
#                                            objects (`swift build` first) into DIR/managed-codegen-fuzzer; seconds (CI)
# The modules are the package's targets that Fuzz/FuzzTarget.swift imports and everything they depend on, in
# dependency order, read from the manifest (`swift package dump-package`): a new target needs no edit here. Each is
# compiled with the package name SwiftPM gives the package (its folder's name as an identifier), so `package`
# declarations are visible between them and to the target, as in a `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
step() { echo "build-fuzzer: $*" >&2; }

MODE=instrumented
OUT="$ROOT/.build-fuzz"
if [ "${1:-}" = "--debug-objects" ]; then
    MODE=debug-objects
    OUT="${2:?usage: scripts/build-fuzzer.sh [--debug-objects DIR]}"
    OUT="$(mkdir -p "$OUT" && cd "$OUT" && pwd)"
fi
mkdir -p "$OUT"

# SwiftPM's -package-name for a root package: its identity (the folder's name, lowercased) as a C99 identifier.
PACKAGE_NAME="$(basename "$ROOT" | python3 -c '
import re, sys
name = re.sub(r"[^a-z0-9_]", "_", sys.stdin.read().strip().lower())
print("_" + name if name[:1].isdigit() else name)')"

# "NAME|KIND|PATH|SOURCES" per module, dependencies first; KIND is "system" for a system library (a module map).
modules="$(swift package dump-package | python3 -c '
import json, re, sys
manifest = json.load(sys.stdin)
targets = {t["name"]: t for t in manifest["targets"]}
def dependencies(target):
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency and dependency[kind][0] in targets:
                yield dependency[kind][0]
imports = re.findall(r"^(?:@testable\s+)?import\s+(\w+)", open("Fuzz/FuzzTarget.swift").read(), re.M)
order, seen = [], set()
def visit(name):
    if name in seen:
        return
    seen.add(name)
    for dependency in dependencies(targets[name]):
        visit(dependency)
    order.append(name)
for name in imports:
    if name in targets:
        visit(name)
for name in order:
    target = targets[name]
    kind = "system" if target["type"] == "system" else "swift"
    path = target.get("path") or ("Sources/" + name)
    print("|".join([name, kind, path, " ".join(target.get("sources") or [])]))
')"
testable="$(sed -nE 's/^@testable[[:space:]]+import[[:space:]]+([A-Za-z0-9_]+).*/\1/p' Fuzz/FuzzTarget.swift)"

LIBXML_CFLAGS="$(pkg-config --cflags libxml-2.0)"
system_flags=()
swift_modules=()
while IFS='|' read -r name kind path sources; do
    if [ "$kind" = system ]; then
        # shellcheck disable=SC2206  # pkg-config prints several flags
        system_flags+=(-I "$path" -Xcc $LIBXML_CFLAGS)
    else
        swift_modules+=("$name|$path|$sources")
    fi
done <<< "$modules"
step "modules: $(printf '%s\n' "${swift_modules[@]}" | cut -d'|' -f1 | tr '\n' ' ')(package name $PACKAGE_NAME)"

objects=()
if [ "$MODE" = debug-objects ]; then
    bin="$(swift build --show-bin-path)"
    plan="$bin/../../debug.yaml"  # SwiftPM's build plan: .build/debug.yaml beside .build/<triple>/debug
    if [ -f "$plan" ] && ! grep -q "\"-package-name\",\"$PACKAGE_NAME\"" "$plan"; then
        step "error: SwiftPM compiled the package under another -package-name than $PACKAGE_NAME ($plan): fix PACKAGE_NAME here"
        exit 1
    fi
    for entry in "${swift_modules[@]}"; do
        name="${entry%%|*}"
        [ -f "$bin/$name.build/output-file-map.json" ] || { step "error: $bin/$name.build is missing: run swift build first"; exit 1; }
        # The objects of the module's current sources (SwiftPM's map), not every .o in the folder: a deleted source's
        # object stays there and would be linked twice over.
        while IFS= read -r object; do objects+=("$object"); done < <(python3 -c '
import json, os, sys
for entry in json.load(open(sys.argv[1])).values():
    if entry.get("object"):
        print(entry["object"])
wrapped = sys.argv[2]
if os.path.exists(wrapped):
    print(wrapped)
' "$bin/$name.build/output-file-map.json" "$bin/$name.build/$name.swiftmodule.o")
    done
    include=(-I "$bin/Modules")
    SANITIZE=(-sanitize=fuzzer)
    # Xcode's toolchain has no libFuzzer: the target is type-checked against the build instead, and nothing is linked.
    echo '@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ d: UnsafePointer<UInt8>, _ s: Int) -> CInt { 0 }' > "$OUT/probe.swift"
    if ! swiftc -sanitize=fuzzer -parse-as-library "$OUT/probe.swift" -o "$OUT/probe" >/dev/null 2>&1; then
        step "this toolchain has no libFuzzer (-sanitize=fuzzer): Fuzz/FuzzTarget.swift is type-checked only"
        swiftc -typecheck -parse-as-library -swift-version 6 -package-name "$PACKAGE_NAME" "${include[@]}" "${system_flags[@]}" \
            Fuzz/FuzzTarget.swift
        exit 0
    fi
else
    SANITIZE=(-sanitize=fuzzer,address -O -g)
    for entry in "${swift_modules[@]}"; do
        IFS='|' read -r name path sources <<< "$entry"
        files=()
        if [ -n "$sources" ]; then
            for source in $sources; do files+=("$path/$source"); done
        else
            while IFS= read -r -d '' file; do files+=("$file"); done < <(find "$path" -name '*.swift' -print0 | sort -z)
        fi
        flags=()
        if printf '%s\n' "$testable" | grep -qx "$name"; then flags+=(-enable-testing); fi
        step "compiling $name"
        swiftc "${SANITIZE[@]}" -parse-as-library -wmo -swift-version 6 -package-name "$PACKAGE_NAME" \
            -module-name "$name" -I "$OUT" "${system_flags[@]}" "${flags[@]}" \
            -emit-module -emit-module-path "$OUT/$name.swiftmodule" -c "${files[@]}" -o "$OUT/$name.o"
        objects+=("$OUT/$name.o")
    done
    include=(-I "$OUT")
fi

step "linking $OUT/managed-codegen-fuzzer"
swiftc "${SANITIZE[@]}" -parse-as-library -swift-version 6 -package-name "$PACKAGE_NAME" -module-name ManagedCodegenFuzzer \
    "${include[@]}" "${system_flags[@]}" Fuzz/FuzzTarget.swift "${objects[@]}" -lxml2 -o "$OUT/managed-codegen-fuzzer"
echo "$OUT/managed-codegen-fuzzer"
