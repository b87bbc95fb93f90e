#!/bin/sh
# Builds the stub Apple SDK used by the type-check harness:
#   OUT/modules/{Swift,ObjectiveC,Foundation,CoreData,XCTest}.swiftmodule
# The stdlib is rebuilt from the toolchain's own Linux .swiftinterface with Objective-C interop enabled and a
# few runtime-only declarations appended (see stdlib/objc-runtime-additions.swiftinterface).
# Usage: build-sdk.sh OUT          (swiftc from $SWIFTC, else PATH)
set -eu
OUT=${1:?usage: build-sdk.sh OUT}
HERE=$(cd "$(dirname "$0")" && pwd)
SWIFTC=${SWIFTC:-swiftc}

TARGET_INFO=$("$SWIFTC" -print-target-info)
RES=$(printf '%s\n' "$TARGET_INFO" | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p' | head -n 1)
TRIPLE=$(printf '%s\n' "$TARGET_INFO" | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)
[ -n "$RES" ] || { echo "build-sdk.sh: no runtimeResourcePath in 'swiftc -print-target-info'" >&2; exit 2; }
INTERFACE="$RES/linux/Swift.swiftmodule/$TRIPLE.swiftinterface"
[ -f "$INTERFACE" ] || { echo "build-sdk.sh: $INTERFACE not found (this script targets a Linux toolchain)" >&2; exit 2; }

mkdir -p "$OUT/modules" "$OUT/mcache" "$OUT/stdlib"
# Line 3 holds the module flags the interface was built with.
sed '3s/-disable-objc-interop/-enable-objc-interop/g' "$INTERFACE" > "$OUT/stdlib/Swift.swiftinterface"
cat "$HERE/stdlib/objc-runtime-additions.swiftinterface" >> "$OUT/stdlib/Swift.swiftinterface"

echo "build-sdk.sh: rebuilding Swift.swiftmodule with Objective-C interop" >&2
"$SWIFTC" -frontend -compile-module-from-interface -parse-stdlib -module-name Swift \
  -o "$OUT/modules/Swift.swiftmodule" "$OUT/stdlib/Swift.swiftinterface"

for MODULE in ObjectiveC Foundation CoreData SwiftUI XCTest; do
  echo "build-sdk.sh: building $MODULE overlay" >&2
  "$SWIFTC" -frontend -emit-module -enable-objc-interop \
    -I "$OUT/modules" -I "$HERE/clang" -module-cache-path "$OUT/mcache" \
    -Xcc -Wno-nullability-completeness -diagnostic-style llvm -disable-objc-attr-requires-foundation-module \
    -parse-as-library -swift-version 5 -module-name "$MODULE" \
    "$HERE/overlays/$MODULE.swift" -o "$OUT/modules/$MODULE.swiftmodule"
done
echo "build-sdk.sh: done" >&2
