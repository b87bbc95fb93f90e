#!/usr/bin/env bash
# scripts/release.sh VERSION: the release archives of managed-codegen, into .build/release-artifacts/VERSION/:
#   managed-codegen-VERSION-<os>-<arch>.tar.gz   the binary (with README.md, CHANGELOG.md)
#   managed-codegen.artifactbundle.zip            a SwiftPM artifact bundle (info.json schemaVersion 1.0)
# On Linux the binary links the Swift runtime statically (libxml2 stays a system library); on a Mac it is a
# universal arm64 + x86_64 binary. To ship both in one artifact bundle, run this on Linux first, copy the Linux
# binary to the Mac and run it there with LINUX_BINARY=path/to/managed-codegen: the bundle then has both variants.
# VERSION must equal Sources/managed-codegen/Version.swift and have a `## [VERSION]` heading in CHANGELOG.md. The
# commit is stamped into the binary (BuildCommit.swift, restored afterwards), so `--version` names it.
# SCRATCH=DIR builds in another folder than .build.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 1 ] || { echo "usage: $0 VERSION" >&2; exit 1; }
version="$1"
declared=$(sed -n 's/^ *static let number = "\(.*\)"$/\1/p' Sources/managed-codegen/Version.swift)
[ "$version" = "$declared" ] || { echo "error: VERSION $version differs from Version.swift's $declared" >&2; exit 1; }
grep -q "^## \[$version\] - " CHANGELOG.md || { echo "error: CHANGELOG.md has no '## [$version] - DATE' heading" >&2; exit 1; }
commit=$(git rev-parse --short=12 HEAD)
git diff --quiet HEAD -- Sources Templates Package.swift Package.resolved || commit="$commit-modified"

stamp=Sources/managed-codegen/BuildCommit.swift
saved=$(mktemp)
cp "$stamp" "$saved"
trap 'cp "$saved" "$stamp"; rm -f "$saved"' EXIT
sed -i.orig "s/static let hash: String? = nil/static let hash: String? = \"$commit\"/" "$stamp" && rm -f "$stamp.orig"
grep -q "\"$commit\"" "$stamp" || { echo "error: could not stamp the commit into $stamp" >&2; exit 1; }

out=".build/release-artifacts/$version"
rm -rf "$out"
mkdir -p "$out"
bundle="$out/managed-codegen.artifactbundle"
build=(swift build -c release --product managed-codegen --scratch-path "${SCRATCH:-.build}")
variants=()
strip=()
case "$(uname -s)" in
Linux)
    arch=$(uname -m)
    "${build[@]}" --static-swift-stdlib
    binary="$("${build[@]}" --static-swift-stdlib --show-bin-path)/managed-codegen"
    name="managed-codegen-$version-linux-$arch"
    triple="$arch-unknown-linux-gnu"
    strip=(-s)   # without symbols: 86 MB -> 62 MB
    ;;
Darwin)
    "${build[@]}" --arch arm64 --arch x86_64 --disable-sandbox
    binary="$("${build[@]}" --arch arm64 --arch x86_64 --disable-sandbox --show-bin-path)/managed-codegen"
    name="managed-codegen-$version-macos"
    triple="x86_64-apple-macosx,arm64-apple-macosx"
    if [ -n "${LINUX_BINARY:-}" ]; then
        linux="managed-codegen-$version-linux-x86_64"
        install -d "$bundle/$linux/bin"
        install -m 755 "$LINUX_BINARY" "$bundle/$linux/bin/managed-codegen"
        variants+=("$linux/bin/managed-codegen=x86_64-unknown-linux-gnu")
    fi
    ;;
*) echo "error: unsupported system $(uname -s)" >&2; exit 1 ;;
esac
"$binary" --version | grep -qx "$version (commit $commit)" || { echo "error: the built binary does not say $version (commit $commit)" >&2; exit 1; }

install -d "$out/$name"
install -m 755 "${strip[@]}" "$binary" "$out/$name/managed-codegen"
cp README.md CHANGELOG.md "$out/$name/"
tar -C "$out" -czf "$out/$name.tar.gz" "$name"
rm -rf "${out:?}/$name"

install -d "$bundle/$name/bin"
install -m 755 "${strip[@]}" "$binary" "$bundle/$name/bin/managed-codegen"
variants+=("$name/bin/managed-codegen=$triple")
scripts/artifactbundle-info.sh "$version" "${variants[@]}" > "$bundle/info.json"
(cd "$out" && zip -qry managed-codegen.artifactbundle.zip managed-codegen.artifactbundle)

echo "$out/$name.tar.gz"
echo "$out/managed-codegen.artifactbundle.zip  checksum $(swift package compute-checksum "$out/managed-codegen.artifactbundle.zip")"
