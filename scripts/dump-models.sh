#!/usr/bin/env bash
# Writes the generated machine and support files of every fixture and corpus model version, for reading or
# type-checking by hand. (It was the DUMP_MODELS test; a developer tool is not a test.)
# Usage: scripts/dump-models.sh DIR
#   DIR/<n>-<Model>/ gets one model version's files: Fixtures/Models first, then ../shared/corpus when present,
#   every version of a bundle, oldest first. Entities Xcode would generate are included; human files are not.
#   Builds managed-codegen (debug) first. Exits 1 when any model version could not be generated (the others
#   are still written); the generator's diagnostics go to stderr.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: scripts/dump-models.sh DIR" >&2; exit 2; }
mkdir -p "$1"
OUT="$(cd "$1" && pwd)"

swift build --product managed-codegen >&2
TOOL="$(swift build --show-bin-path)/managed-codegen"

bundles=(Fixtures/Models/*.xcdatamodeld)
if [ -d ../shared/corpus ]; then
    for folder in ../shared/corpus/*/; do
        bundle=$(find "$folder" -mindepth 1 -maxdepth 1 -name '*.xcdatamodeld' | sort | head -1)
        [ -n "$bundle" ] || bundle=$(find "$folder" -mindepth 1 -maxdepth 1 -name '*.xcdatamodel' | sort | head -1)
        [ -z "$bundle" ] || bundles+=("$bundle")
    done
fi

index=0
failed=0
for bundle in "${bundles[@]}"; do
    model=$(basename "${bundle%.*}")
    if [[ "$bundle" == *.xcdatamodeld ]]; then
        mapfile -t versions < <(find "$bundle" -mindepth 1 -maxdepth 1 -name '*.xcdatamodel' -exec basename {} .xcdatamodel \; | sort -V)
    else
        versions=("")
    fi
    for version in "${versions[@]}"; do
        index=$((index + 1))
        folder="$OUT/$index-$model"
        rm -rf "$folder"
        if "$TOOL" generate "$bundle" ${version:+--model-version "$version"} --output "$folder" --machine-only \
            --include-xcode-generated --no-config --quiet; then
            :
        else
            echo "failed: $bundle${version:+ ($version)}" >&2
            failed=$((failed + 1))
        fi
    done
done
echo "$index model versions, $failed failed, in $OUT" >&2
[ "$failed" -eq 0 ]
