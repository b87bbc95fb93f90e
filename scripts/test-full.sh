#!/usr/bin/env bash
# scripts/test-full.sh: the README's test command with the two checks CI leaves out for time: every corpus version
# in all three language modes (CI checks each corpus bundle in one mode, in turn; the full check costs about 390
# CPU-seconds) and `make install` with its own release build (about 230 CPU-seconds; CI installs the debug build).
# Run it before a release and after a change to the generated code. Arguments go to `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
MANAGED_CODEGEN_CORPUS=full MANAGED_CODEGEN_INSTALL_TEST=release swift test --disable-xctest "$@"
