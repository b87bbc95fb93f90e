#!/usr/bin/env bash
# Fuzzes the reader and the whole generation pipeline with libFuzzer for MINUTES (default 30).
# Usage: scripts/fuzz.sh [MINUTES] [extra libFuzzer flags...]
#   Builds .build-fuzz/managed-codegen-fuzzer (scripts/build-fuzzer.sh) unless FUZZ_NO_BUILD=1.
#   Seeds: Fixtures/Models and ../shared/corpus (every `contents` file), plus every input that once failed
#   (Fuzz/FailCases). The growing corpus lives in .build-fuzz/corpus (kept between runs); crashes are written to
#   .build-fuzz/crashes/ — once fixed, copy each into Fuzz/FailCases (CI replays them; a CLI test runs each).
set -euo pipefail
cd "$(dirname "$0")/.."
MINUTES="${1:-30}"
shift || true
OUT="$PWD/.build-fuzz"

[ "${FUZZ_NO_BUILD:-0}" = 1 ] || scripts/build-fuzzer.sh 2>&1 | grep -v "Cannot export local symbol" >&2

SEEDS="$OUT/seeds"
rm -rf "$SEEDS"
mkdir -p "$SEEDS" "$OUT/corpus" "$OUT/crashes"
index=0
while IFS= read -r -d '' file; do
    cp "$file" "$SEEDS/seed-$index.xml"
    index=$((index + 1))
done < <(find Fixtures/Models ../shared/corpus -name contents -type f -print0 2>/dev/null; find Fuzz/FailCases -type f -print0)
echo "$index seed files" >&2

# Swift's runtime keeps metadata caches alive for the life of the process; LeakSanitizer reports them.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
exec "$OUT/managed-codegen-fuzzer" "$OUT/corpus" "$SEEDS" \
    -max_total_time=$((MINUTES * 60)) -timeout=30 -max_len=262144 -rss_limit_mb=3072 \
    -artifact_prefix="$OUT/crashes/" -print_final_stats=1 "$@"
