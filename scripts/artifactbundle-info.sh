#!/usr/bin/env bash
# Prints the info.json of managed-codegen's SwiftPM artifact bundle (schemaVersion 1.0): one executable artifact,
# one variant per "PATH=TRIPLE[,TRIPLE…]" argument (PATH relative to the bundle). Used by scripts/release.sh;
# ReleaseMetadataCLITests checks its shape.
#   scripts/artifactbundle-info.sh 0.1.0 managed-codegen-0.1.0-linux-x86_64/bin/managed-codegen=x86_64-unknown-linux-gnu
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 VERSION PATH=TRIPLE[,TRIPLE...]..." >&2; exit 1; }
version="$1"; shift
printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n    "managed-codegen": {\n'
printf '      "version": "%s",\n      "type": "executable",\n      "variants": [\n' "$version"
separator=""
for variant in "$@"; do
    path="${variant%%=*}"
    triples="${variant#*=}"
    [ "$path" != "$variant" ] && [ -n "$triples" ] || { echo "error: variant '$variant' is not PATH=TRIPLE[,TRIPLE...]" >&2; exit 1; }
    quoted=$(printf '%s' "$triples" | sed 's/[^,][^,]*/"&"/g; s/,/, /g')
    printf '%s        { "path": "%s", "supportedTriples": [%s] }' "$separator" "$path" "$quoted"
    separator=$',\n'
done
printf '\n      ]\n    }\n  }\n}\n'
