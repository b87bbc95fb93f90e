#!/bin/sh
# Type-checks a module and (optionally) tests that `@testable import` it, against a stub SDK built by
# build-sdk.sh. Exit status: 0 clean, 1 errors (LLVM-style "file:line:col: error: msg" on stderr).
# Usage: typecheck.sh SDK_OUT ModuleName module-files... [-- test-files...]
# Environment: SWIFTC (default swiftc), SWIFT_VERSION (default 5).
set -eu
SDK=${1:?usage: typecheck.sh SDK_OUT ModuleName files... [-- test-files...]}
MODULE=${2:?module name}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
SWIFTC=${SWIFTC:-swiftc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
MODULE_FILES=""
while [ $# -gt 0 ] && [ "$1" != "--" ]; do MODULE_FILES="$MODULE_FILES $1"; shift; done
[ $# -gt 0 ] && shift
COMMON="-frontend -emit-module -enable-objc-interop -I $SDK/modules -I $HERE/clang -module-cache-path $SDK/mcache \
  -swift-version ${SWIFT_VERSION:-5} -diagnostic-style llvm -Xcc -Wno-nullability-completeness -parse-as-library"
# shellcheck disable=SC2086
"$SWIFTC" $COMMON -enable-testing -module-name "$MODULE" $MODULE_FILES -o "$WORK/$MODULE.swiftmodule"
if [ $# -gt 0 ]; then
  # shellcheck disable=SC2086
  "$SWIFTC" $COMMON -I "$WORK" -module-name "${MODULE}Tests" "$@" -o "$WORK/${MODULE}Tests.swiftmodule"
fi
