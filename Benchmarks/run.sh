#!/usr/bin/env bash
# Benchmarks `managed-codegen generate` against `xmllint --noout` on synthetic 10/100/1,000-entity models.
# Usage: Benchmarks/run.sh [RUNS] [SIZES]      e.g. Benchmarks/run.sh 5 10,100,1000
# Needs xmllint (apt libxml2-utils), GNU time (apt time) and python3; installs the first two with apt when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${1:-5}"
SIZES="${2:-10,100,1000}"

need() {  # need COMMAND APT_PACKAGE
    if ! command -v "$1" >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
            echo "installing $2 for $1" >&2
            apt-get install -y "$2" >/dev/null || { apt-get update >/dev/null && apt-get install -y "$2" >/dev/null; }
        else
            echo "error: $1 is missing; install it (Debian/Ubuntu: apt-get install $2)" >&2
            exit 1
        fi
    fi
}
need xmllint libxml2-utils
[ -x /usr/bin/time ] || need /usr/bin/time time
command -v python3 >/dev/null || { echo "error: python3 is missing" >&2; exit 1; }

swift build -c release --product managed-codegen >&2
BINARY="$(swift build -c release --show-bin-path)/managed-codegen"
python3 Benchmarks/benchmark.py "$BINARY" --runs "$RUNS" --sizes "$SIZES"
