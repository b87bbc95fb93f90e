#!/usr/bin/env bash
# Builds the documentation catalog (Sources/managed-codegen/Documentation.docc) into OUT/ManagedCodegen.doccarchive
# with the toolchain's own `docc` (no package dependency), and fails on any DocC warning: a broken <doc:> link,
# a heading DocC cannot use, an article it cannot read. CI runs it (.ci/run).
#   scripts/build-docs.sh OUT
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: scripts/build-docs.sh OUT" >&2
    exit 1
fi
cd "$(dirname "$0")/.."
out="$1"

# `docc` ships next to `swift` in the Swift toolchain (Linux and Swift.org toolchains); with Xcode, xcrun finds it.
docc=""
if command -v docc >/dev/null 2>&1; then
    docc="$(command -v docc)"
elif command -v xcrun >/dev/null 2>&1 && xcrun --find docc >/dev/null 2>&1; then
    docc="$(xcrun --find docc)"
else
    swift_path="$(command -v swift)"
    candidate="$(dirname "$(readlink -f "$swift_path")")/docc"
    [ -x "$candidate" ] && docc="$candidate"
fi
if [ -z "$docc" ]; then
    echo "error: no docc found next to swift or through xcrun; it ships with Swift 5.6 and later toolchains" >&2
    exit 1
fi

mkdir -p "$out"
archive="$out/ManagedCodegen.doccarchive"
rm -rf "$archive"
"$docc" convert Sources/managed-codegen/Documentation.docc \
    --fallback-display-name ManagedCodegen \
    --fallback-bundle-identifier managed-codegen \
    --output-path "$archive" \
    --warnings-as-errors
echo "Built $archive"
