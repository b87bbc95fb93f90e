#!/usr/bin/env bash
# Writes Templates/EmbeddedTemplates.swift from Templates/Swift/*.mustache: every template as a Swift raw string
# literal, so an installed managed-codegen needs no resource bundle (Package.swift, ManagedCodegenTemplates).
# Usage: scripts/embed-templates.sh            rewrite Templates/EmbeddedTemplates.swift
#        scripts/embed-templates.sh --check    exit 1 when it is stale (TemplateEmbeddingTests runs this)
#        scripts/embed-templates.sh --print DIR   print the source for the templates in DIR
# Plain bash, no other tool: a raw literal needs no escaping, only enough `#`s.
set -euo pipefail
CALLER="$PWD"
cd "$(dirname "$0")/.."
OUTPUT=Templates/EmbeddedTemplates.swift

embedded_source() {  # embedded_source DIR
    printf '%s\n' \
        '// Generated from Templates/Swift by scripts/embed-templates.sh: do not edit. After changing a template, run' \
        '// `scripts/embed-templates.sh` and build again (TemplateEmbeddingTests fails while this file is stale).' \
        '' \
        'extension BundledTemplates {' \
        '    /// `(name without .mustache, text)` of every file in Templates/Swift, sorted by name.' \
        '    package static let sources: [(name: String, text: String)] = ['
    local file name text hashes
    # Sorted by bytes, as Swift sorts the names.
    while IFS= read -r file; do
        name="${file##*/}"
        name="${name%.mustache}"
        text="$(cat "$file"; printf x)"  # the x keeps trailing newlines, which $(…) would drop
        text="${text%x}"
        # As many `#` as it takes for no quote or backslash in the text to end or escape the literal.
        hashes='#'
        while [[ "$text" == *"\"$hashes"* || "$text" == *"\\$hashes"* ]]; do hashes+='#'; done
        printf '        ("%s", %s"""\n%s\n"""%s),\n' "$name" "$hashes" "$text" "$hashes"
    done < <(find "$1" -maxdepth 1 -name '*.mustache' -type f | LC_ALL=C sort)
    printf '    ]\n}\n'
}

case "${1:-}" in
    --print)
        directory="${2:?usage: scripts/embed-templates.sh --print DIR}"
        [[ "$directory" == /* ]] || directory="$CALLER/$directory"
        embedded_source "$directory"
        ;;
    --check)
        if ! embedded_source Templates/Swift | cmp -s - "$OUTPUT"; then
            echo "$OUTPUT: error: stale: it does not match Templates/Swift; run scripts/embed-templates.sh" >&2
            exit 1
        fi
        ;;
    "")
        temporary="$(mktemp "$OUTPUT.XXXXXX")"
        embedded_source Templates/Swift > "$temporary"
        chmod 644 "$temporary"
        mv "$temporary" "$OUTPUT"
        ;;
    -h|--help)
        sed -n '2,6s/^# \{0,1\}//p' "$0"
        ;;
    *)
        sed -n '2,6s/^# \{0,1\}//p' "$0" >&2
        exit 2
        ;;
esac
