#!/usr/bin/env bash
# Every script and example the repository ships is exercised here or names the test that does, so none of them
# rots unseen (CI runs this after `swift test`, whose debug build it reuses: .ci/run). Under a minute on 2 cores.
#   scripts/check-shipped-scripts.sh [FUZZ_SECONDS]     (default 20; 0 builds the fuzz target and replays Fuzz/FailCases only)
# The fuzz target is built by scripts/build-fuzzer.sh --debug-objects (SwiftPM's debug objects, only
# Fuzz/FuzzTarget.swift instrumented), replays every input of Fuzz/FailCases, then fuzzes FUZZ_SECONDS from the seeds:
# a smoke run, not a fuzzing campaign, which is scripts/fuzz.sh (every module instrumented, with ASan; minutes to
# build). Without libFuzzer in the toolchain (Xcode's), the target is type-checked only, and the script says so.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_SECONDS="${1:-20}"
failures=0
fail() { echo "check-shipped-scripts: error: $*" >&2; failures=$((failures + 1)); }
step() { echo "check-shipped-scripts: $*" >&2; }

# What checks each shipped script and example beyond the syntax check below; a new one must be added here.
# (A function, not an associative array: macOS's bash is 3.2.)
checked_by() {
    case "$1" in
        scripts/artifactbundle-info.sh) echo "ReleaseMetadataCLITests runs it" ;;
        scripts/bench-migration-plan.sh) echo "its skip without a history here; a full run builds in release and times generate over 117 versions (minutes)" ;;
        scripts/build-docs.sh) echo ".ci/run runs it" ;;
        scripts/build-fuzzer.sh) echo "run below with --debug-objects (the same module list); its instrumented build takes minutes" ;;
        scripts/check-shipped-scripts.sh) echo "this script; .ci/run runs it" ;;
        scripts/dump-models.sh) echo "its usage here; a full run generates every corpus model" ;;
        scripts/embed-templates.sh) echo "run with --check here and by TemplateEmbeddingTests" ;;
        scripts/fuzz.sh) echo "syntax only: it fuzzes for minutes; its target is built and run below" ;;
        scripts/test-full.sh) echo "syntax only: it is the README's test command with the full corpus and a release build (15 minutes)" ;;
        scripts/measure-transition-mode.py) echo "compiled here; TransitionModeTypeCheckTests checks a corpus sample the same way (the whole corpus takes 15 minutes)" ;;
        scripts/release.sh) echo "syntax only: it builds release binaries (minutes); ReleaseMetadataCLITests checks its metadata" ;;
        scripts/config-yaml-expectations.py) echo "compiled here; ConfigYAMLAgreementTests runs it with --check where PyYAML is" ;;
        scripts/make-migration-fixture.py) echo "run here into a scratch folder: its output must be the committed fixtures" ;;
        Examples/InventoryApp) echo "PluginIntegrationTests builds a copy with the plugins (unless MANAGED_CODEGEN_SKIP_PLUGIN_TESTS)" ;;
        Fuzz/FuzzTarget.swift) echo "built and run below" ;;
        *) return 1 ;;
    esac
}
for shipped in scripts/* Examples/* Fuzz/*.swift; do
    checked_by "$shipped" >/dev/null || fail "$shipped is not checked: add it to checked_by in $0"
done

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

step "syntax of scripts/*.sh and scripts/*.py"
for script in scripts/*.sh; do bash -n "$script" || fail "$script: bash -n failed"; done
for script in scripts/*.py; do
    python3 -c 'import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])' "$script" || fail "$script does not compile"
done

step "scripts/embed-templates.sh --check"
scripts/embed-templates.sh --check || fail "Templates/EmbeddedTemplates.swift is stale: run scripts/embed-templates.sh"

step "scripts/dump-models.sh usage"
if scripts/dump-models.sh >/dev/null 2>"$scratch/usage"; then fail "scripts/dump-models.sh without DIR succeeded"; fi
grep -q '^usage: scripts/dump-models.sh DIR' "$scratch/usage" || fail "scripts/dump-models.sh printed no usage: $(cat "$scratch/usage")"

step "scripts/bench-migration-plan.sh without a history"
scripts/bench-migration-plan.sh 1 "$scratch/no-such-history.xcdatamodeld" 2>"$scratch/bench" \
    || fail "scripts/bench-migration-plan.sh failed without a history: $(cat "$scratch/bench")"
grep -q 'is absent: nothing to measure' "$scratch/bench" || fail "scripts/bench-migration-plan.sh did not say the history is absent"

step "scripts/make-migration-fixture.py reproduces Fixtures/MigrationRules"
(cd "$scratch" && python3 "$OLDPWD/scripts/make-migration-fixture.py")
diff -r "$scratch/Fixtures/MigrationRules" Fixtures/MigrationRules >&2 \
    || fail "Fixtures/MigrationRules differs from what scripts/make-migration-fixture.py writes"

step "Fuzz/FuzzTarget.swift against the debug build (scripts/build-fuzzer.sh --debug-objects)"
# Kept after the run: the linked target and any crashing input.
work=.build/fuzz-smoke
rm -rf "$work"
mkdir -p "$work/corpus" "$work/seeds"
fuzzer="$work/managed-codegen-fuzzer"
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
if ! scripts/build-fuzzer.sh --debug-objects "$work" >/dev/null; then
    fail "Fuzz/FuzzTarget.swift does not compile or link (scripts/build-fuzzer.sh --debug-objects)"
elif [ ! -x "$fuzzer" ]; then
    step "no fuzz target linked (type-checked only): nothing to run"
else
    # Every input that once failed, each run once (libFuzzer runs the files it is given and exits).
    failcases=(Fuzz/FailCases/*)
    step "replaying ${#failcases[@]} inputs of Fuzz/FailCases"
    "$fuzzer" "${failcases[@]}" 2>"$work/replay.log" \
        || { tail -40 "$work/replay.log" >&2; fail "an input of Fuzz/FailCases fails again (the log is $work/replay.log)"; }
    if [ "$FUZZ_SECONDS" -gt 0 ]; then
        index=0
        while IFS= read -r -d '' file; do
            cp "$file" "$work/seeds/seed-$index.xml"
            index=$((index + 1))
        done < <(find Fixtures/Models -name contents -type f -print0; find Fuzz/FailCases -type f -print0)
        step "fuzzing for $FUZZ_SECONDS s from $index seeds"
        "$fuzzer" "$work/corpus" "$work/seeds" -max_total_time="$FUZZ_SECONDS" -timeout=30 -max_len=262144 \
            -artifact_prefix="$work/" -print_final_stats=1 2>"$work/fuzz.log" \
            || { tail -40 "$work/fuzz.log" >&2; fail "the fuzz target failed; the input is in $work (Fuzz/README.md: add it to Fuzz/FailCases)"; }
        grep -E '^stat::number_of_executed_units|^Done' "$work/fuzz.log" >&2 || true
    fi
fi

if [ "$failures" -gt 0 ]; then
    echo "check-shipped-scripts: $failures failure(s)" >&2
    exit 1
fi
step "every shipped script and example is checked"
