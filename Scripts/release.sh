#!/usr/bin/env bash
# Builds the release artifacts of one commit into dist/ (docs/install.md says how they are used):
#   customer-center-VERSION-TRIPLE.tar.gz         the static binary, LICENSE and README.md
#   customer-center-VERSION-TRIPLE.tar.gz.sha256  its checksum, in `sha256sum -c` (`shasum -a 256 -c`) format
#   customer-center.artifactbundle.zip            SwiftPM's binary format (info.json schema 1.0)
#   customer-center.artifactbundle.zip.sha256     (also the binary target's checksum)
#   customer-center-plugins/                      the prebuilt plugin package over that bundle
#
# usage: Scripts/release.sh [options] VERSION
#   --binary PATH        package this already built binary instead of building (it must print VERSION)
#   --scratch-path DIR   SwiftPM's build directory (default .build-static; a second run reuses it,
#                        and --binary skips the build)
#   --base-url URL       where the release's assets are downloaded from (default
#                        https://github.com/OWNER/customer-center/releases/download/VERSION, OWNER
#                        and the name from the origin remote when it is on GitHub)
#   --merge-bundle ZIP   add the variants of another machine's bundle (see "macOS" below)
#   --allow-dirty        package a working tree with changes (the result matches no commit)
#
# VERSION must be the version in the source, CustomerCenter.version: the binary prints it, so a
# release cannot say one thing on its name and another on `--version`. To release a new version,
# change that constant in a commit of its own, then run this on that commit.
#
# Deterministic: the same commit (and toolchain) gives byte-identical archives. Every timestamp is
# the commit's (SOURCE_DATE_EPOCH), owners are 0, entries sorted, gzip without a name or time.
#
# macOS: the Linux archive and bundle are built here. On a Mac, the same command builds a universal
# binary (swift build --arch arm64 --arch x86_64) and writes the bundle's customer-center-macos
# variant (arm64-apple-macosx, x86_64-apple-macosx); give it the Linux bundle with --merge-bundle so
# the published bundle holds both variants. The Mac branch is written to SwiftPM's documented
# layout but is not run by CI, which has no Mac.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"

usage() { sed -n '/^# usage:/,/^#   --allow-dirty/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
binary="" scratch=".build-static" base_url="" allow_dirty=0 merge=() version=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || usage; binary="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"; shift 2 ;;
    --scratch-path) [ $# -ge 2 ] || usage; scratch="$2"; shift 2 ;;
    --base-url) [ $# -ge 2 ] || usage; base_url="$2"; shift 2 ;;
    --merge-bundle) [ $# -ge 2 ] || usage; merge+=(--merge "$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"); shift 2 ;;
    --allow-dirty) allow_dirty=1; shift ;;
    -h|--help) usage ;;
    -*) echo "release.sh: unknown option '$1'" >&2; usage ;;
    *) [ -z "$version" ] || usage; version="$1"; shift ;;
  esac
done
[ -n "$version" ] || usage
fail() { echo "release.sh: $*" >&2; exit 1; }

[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] \
  || fail "'$version' is not a version (MAJOR.MINOR.PATCH, optionally -PRERELEASE)"
constant_file=Sources/CustomerCenterCompiler/Support/CustomerCenter.swift
source_version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$constant_file")"
[ "$version" = "$source_version" ] || fail "VERSION $version differs from the source's $source_version \
(CustomerCenter.version in $constant_file): set it to \"$version\" there, commit, and run this on that commit"
if [ "$allow_dirty" = 0 ] && [ -n "$(git status --porcelain)" ]; then
  git status --short >&2
  fail "the working tree has changes, so the archive would match no commit (commit them, or --allow-dirty)"
fi
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}"
if [ -z "$base_url" ]; then
  # The repository's own releases, when origin says where that is on GitHub; else the docs'
  # placeholder OWNER, said so (docs/install.md).
  # The URL as configured: `git remote get-url` applies url.*.insteadOf rewrites (a local mirror).
  origin="$(git config --get remote.origin.url 2>/dev/null || true)"
  origin="${origin%/}" && origin="${origin%.git}"
  if [[ "$origin" =~ github\.com[:/]([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)$ ]]; then
    base_url="https://github.com/${BASH_REMATCH[1]}/${BASH_REMATCH[2]}/releases/download/$version"
  else
    base_url="https://github.com/OWNER/customer-center/releases/download/$version"
    echo "release.sh: note: origin is not a GitHub repository, so the plugin package names the bundle at $base_url; pass --base-url to name the real place" >&2
  fi
fi

if [ "$(uname -s)" = Darwin ]; then
  triple=universal-apple-macosx variant=customer-center-macos triples=arm64-apple-macosx,x86_64-apple-macosx
  build=(swift build -c release --arch arm64 --arch x86_64 --product customer-center --scratch-path "$scratch")
else
  # The toolchain's own triple (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu): SwiftPM
  # matches a variant to the host by it.
  triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')"
  variant="customer-center-linux-${triple%%-*}" triples="$triple"
  # The generic types the code names are reached through their metadata accessors, not by
  # demangling their names at run time: a lint of the default config runs 20% fewer instructions
  # (docs/performance.md, "The start"). A compiler flag, so it cannot be in Package.swift (unsafe
  # flags would bar the package from being a dependency); Scripts/ci/test-release.sh checks the binary.
  build=(swift build -c release --static-swift-stdlib
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
    --product customer-center --scratch-path "$scratch")
fi
if [ -z "$binary" ]; then
  echo "release.sh: ${build[*]}"
  "${build[@]}"
  binary="$("${build[@]}" --show-bin-path)/customer-center"
fi
[ -x "$binary" ] || fail "no executable at $binary"
printed="$("$binary" --version)"
[ "$printed" = "customer-center $version" ] || fail "$binary prints '$printed', not 'customer-center $version'"
if [ "$(uname -s)" != Darwin ] && readelf -d "$binary" | grep -i 'NEEDED.*swift'; then
  fail "$binary links the Swift runtime dynamically (build it with --static-swift-stdlib)"
fi

# The checksum tool: sha256sum (GNU coreutils), else macOS's shasum; both write and check the
# `HASH  NAME` lines of a .sha256 file.
sha256() {
  if command -v sha256sum > /dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi
}
# archive DIR NAME: NAME (a folder in DIR) as a reproducible tar on stdout: entries sorted, owners
# 0, every time the commit's. GNU tar says so in options; bsdtar (macOS) has no --sort or --mtime,
# so the names are listed in order and the times set on the staged files first.
archive() {
  if tar --version 2>/dev/null | grep -q 'GNU tar'; then
    tar -C "$1" --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
      --format=gnu -cf - "$2"
  else
    local stamp
    stamp="$(date -u -r "$SOURCE_DATE_EPOCH" +%Y%m%d%H%M.%S 2>/dev/null || date -u -d "@$SOURCE_DATE_EPOCH" +%Y%m%d%H%M.%S)"
    (cd "$1" && find "$2" -exec env TZ=UTC touch -h -t "$stamp" {} + \
      && find "$2" | LC_ALL=C sort | tar -cf - -n --uid 0 --gid 0 --numeric-owner --format ustar -T -)
  fi
}

mkdir -p dist
stage="$(mktemp -d "$repo/dist/.stage.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
name="customer-center-$version-$triple"
mkdir -m 0755 "$stage/$name"
install -m 0755 "$binary" "$stage/$name/customer-center"
# Without its symbol table the download is 4 MB instead of 7 (a crash still names its Swift
# fatal error; debug a build from source). strip is deterministic.
[ "$(uname -s)" = Darwin ] || strip "$stage/$name/customer-center"
install -m 0644 LICENSE README.md "$stage/$name/"
rm -f "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
archive "$stage" "$name" | gzip -n -9 > "$stage/$name.tar.gz"
mv "$stage/$name.tar.gz" "dist/$name.tar.gz"
(cd dist && sha256 "$name.tar.gz" > "$name.tar.gz.sha256")

python3 Scripts/release/artifactbundle.py --out dist/customer-center.artifactbundle.zip \
  --version "$version" --license LICENSE --variant "$variant:$stage/$name/customer-center:$triples" ${merge[@]+"${merge[@]}"}
(cd dist && sha256 customer-center.artifactbundle.zip > customer-center.artifactbundle.zip.sha256)

rm -rf dist/customer-center-plugins
bash Scripts/release/plugins-package.sh dist/customer-center.artifactbundle.zip dist/customer-center-plugins \
  --url "$base_url/customer-center.artifactbundle.zip"

echo "release.sh: dist/ for $version at $(git rev-parse --short HEAD)$([ -z "$(git status --porcelain)" ] || echo ' (with changes)'):"
(cd dist && sha256 "$name.tar.gz" customer-center.artifactbundle.zip)
