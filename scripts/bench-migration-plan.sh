#!/usr/bin/env bash
# The cost of the migration plan at a real size (issue 36: `generate` with the plan over the 117-version history
# stays within 1.5x the CPU of `generate` without). Builds `managed-codegen` in release, copies the history to a
# scratch folder, locks every version (`managed-codegen lock`), then times a fresh `generate` (empty output folder)
# without and with `--migration-plan`, in turn, RUNS times each; CPU is user + system (/usr/bin/time, 10 ms
# resolution), the median is kept. Runs of 0.05-0.1 s are a few ticks of that clock, so with valgrind installed the
# row also has each run's instructions (callgrind, one run each: deterministic) and their ratio, the figure to judge
# the 1.5x budget by. Appends one row to .build/bench-migration-plan.tsv.
#   scripts/bench-migration-plan.sh [RUNS] [HISTORY] [FIRST]
# RUNS defaults to 5; HISTORY to the history in ../shared/histories (a .xcdatamodeld; skipped with a message when
# absent); FIRST (e.g. 52): only the history's first FIRST versions (natural order of their names), the last of
# them made the current version, as a shorter history (issue 46 measures 117 and 52). Before `generate` has `--migration-plan`, the script says so and times instead what the plan costs on
# top of `generate`, as a stand-in: `migration-check` of every consecutive pair of versions (each run reads two
# versions and checks one hop, so the whole pass reads every version twice; the plan reads each once but also
# checks hops straight across lightweight runs).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-5}"
HISTORY="${2:-../shared/histories/woocommerce__woocommerce-ios__Storage_Storage_Model_WooCommerce.xcdatamodeld/WooCommerce.xcdatamodeld}"
FIRST="${3:-}"
step() { echo "bench-migration-plan: $*" >&2; }

if [ ! -d "$HISTORY" ]; then
    step "$HISTORY is absent: nothing to measure (the histories live in ../shared/histories)"
    exit 0
fi
[ -x /usr/bin/time ] || { step "error: /usr/bin/time is missing (apt-get install time)"; exit 1; }

step "building managed-codegen in release"
swift build -c release --product managed-codegen >&2
binary="$(swift build -c release --show-bin-path)/managed-codegen"
results="$PWD/.build/bench-migration-plan.tsv"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
model="$(basename "$HISTORY")"
if [ -n "$FIRST" ]; then
    # The first FIRST version folders in natural order (`Model`, `Model 2`, … `Model 10`), the last one current.
    mkdir "$scratch/$model"
    kept=()
    while IFS= read -r folder; do kept+=("$folder"); done < <(
        cd "$HISTORY" && ls -d -- *.xcdatamodel | sed 's/\.xcdatamodel$//' | sort -V | head -n "$FIRST")
    [ "${#kept[@]}" -eq "$FIRST" ] || { step "error: $HISTORY has ${#kept[@]} versions, fewer than $FIRST"; exit 1; }
    for name in "${kept[@]}"; do cp -R "$HISTORY/$name.xcdatamodel" "$scratch/$model/"; done
    last="${kept[$((FIRST - 1))]}"
    cat >"$scratch/$model/.xccurrentversion" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>_XCCurrentVersionName</key>
	<string>$last.xcdatamodel</string>
</dict>
</plist>
PLIST
else
    cp -R "$HISTORY" "$scratch/$model"
fi
cd "$scratch"
step "locking $model"
"$binary" lock "$model" >/dev/null 2>&1 || { step "error: managed-codegen lock $model failed"; exit 1; }
versions=()
# `version NAME HASH contents=DIGEST`, NAME quoted when it has a space.
while IFS= read -r name; do versions+=("$name"); done < <(
    grep '^version ' ./*.managed-codegen.lock | sed -E 's/^version (.*) [0-9a-f]+( contents=[0-9a-f]+)?$/\1/; s/^"(.*)"$/\1/')
step "${#versions[@]} versions locked"

# CPU seconds (user + system) of one run of "$@"; exit statuses in $accepted are fine (migration-check exits 1 on findings).
accepted="0"
cpu_of() {
    local status=0
    /usr/bin/time -f '%U %S' -o "$scratch/time" "$@" >/dev/null 2>"$scratch/stderr" || status=$?
    if ! [[ " $accepted " == *" $status "* ]]; then
        step "error: '$*' exited $status"
        tail -5 "$scratch/stderr" >&2
        exit 1
    fi
    awk '{ printf "%.2f\n", $1 + $2 }' "$scratch/time"
}
median() { sort -n | awk '{ value[NR] = $1 } END { print (NR % 2) ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2 }'; }
fresh_generate() {
    rm -rf "$scratch/out"
    mkdir "$scratch/out"
    cpu_of "$binary" generate "$model" --output "$scratch/out" --no-human-files "$@"
}

without=()
with=()
# The help text whole first: `grep -q` quitting early would end the binary with SIGPIPE, failing the pipe.
help_text="$("$binary" generate --help 2>&1 || true)"
if grep -q -- '--migration-plan' <<<"$help_text"; then
    mode="generate --migration-plan"
    for _ in $(seq "$RUNS"); do
        without+=("$(fresh_generate)")
        with+=("$(fresh_generate --migration-plan)")
    done
else
    mode="stand-in: generate + migration-check of every consecutive pair"
    step "generate has no --migration-plan yet: timing, on top of generate, migration-check of each of the ${#versions[@]} versions' consecutive pairs"
    accepted="0 1"
    for _ in $(seq "$RUNS"); do
        accepted="0"
        base="$(fresh_generate)"
        accepted="0 1"
        checks=0
        for index in $(seq 1 $((${#versions[@]} - 1))); do
            cost="$(cpu_of "$binary" migration-check "$model" --from "${versions[$((index - 1))]}" --model-version "${versions[$index]}")"
            checks="$(awk -v a="$checks" -v b="$cost" 'BEGIN { printf "%.2f", a + b }')"
        done
        without+=("$base")
        with+=("$(awk -v a="$base" -v b="$checks" 'BEGIN { printf "%.2f", a + b }')")
    done
fi
# Instructions of one run (callgrind's "Collected"), empty without valgrind.
instructions_of() {
    command -v valgrind >/dev/null || return 0
    rm -rf "$scratch/out"
    mkdir "$scratch/out"
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" generate "$model" --output "$scratch/out" --no-human-files "$@" \
        2>&1 >/dev/null | sed -nE 's/^==[0-9]+== Collected : ([0-9]+)$/\1/p'
}
instructions_without=""
instructions_with=""
instructions_ratio=""
if [ "$mode" = "generate --migration-plan" ] && command -v valgrind >/dev/null; then
    step "counting instructions (callgrind, one run each)"
    instructions_without="$(instructions_of)"
    instructions_with="$(instructions_of --migration-plan)"
    instructions_ratio="$(awk -v a="$instructions_with" -v b="$instructions_without" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
fi
cpu_without="$(printf '%s\n' "${without[@]}" | median)"
cpu_with="$(printf '%s\n' "${with[@]}" | median)"
ratio="$(awk -v a="$cpu_with" -v b="$cpu_without" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
mkdir -p "$(dirname "$results")"
[ -f "$results" ] && head -1 "$results" | grep -q instructions_ratio || printf 'date\tcommit\tmodel\tversions\truns\tmode\tcpu_without_s\tcpu_with_s\tratio\tinstructions_without\tinstructions_with\tinstructions_ratio\n' >>"$results"
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$commit" "$model" "${#versions[@]}" "$RUNS" "$mode" \
    "$cpu_without" "$cpu_with" "$ratio" "$instructions_without" "$instructions_with" "$instructions_ratio" >>"$results"
step "$mode: CPU without $cpu_without s, with $cpu_with s (median of $RUNS): ratio $ratio (target 1.5)"
[ -z "$instructions_ratio" ] || step "instructions without $instructions_without, with $instructions_with: ratio $instructions_ratio (target 1.5)"
step "row appended to $results"
