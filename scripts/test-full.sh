#!/usr/bin/env bash
# scripts/test-full.sh: the README's test command with the checks CI leaves out for time: every corpus version in
# all three language modes (CI checks every third corpus bundle in one mode, in turn; the full check costs about 390
# CPU-seconds), the preview data (`--preview-data`) of every corpus bundle in all three modes (CI: every tenth; about
# 380 CPU-seconds) and every editor-edited sample model in all three modes (CI: one each, in turn); the 117-version
# history's migration plan and shipped-store tests type-checked and the plan run for every version
# (MANAGED_CODEGEN_HISTORY_PLAN=1, about 3 minutes; CI runs its last 12 versions); and `make install` with its own
# release build (about 230 CPU-seconds; CI installs the debug build).
# Run it before a release and after a change to the generated code. Arguments go to `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
MANAGED_CODEGEN_CORPUS=full MANAGED_CODEGEN_HISTORY_PLAN=1 MANAGED_CODEGEN_INSTALL_TEST=release swift test --disable-xctest "$@"
