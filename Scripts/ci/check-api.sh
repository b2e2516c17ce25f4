#!/usr/bin/env bash
# API stability (docs/library.md "Stability"): the public API of the library product
# (CustomerCenterCompiler and the JSONSyntax types it re-exports) compared with the last release by
# the toolchain's API digester; every breaking change is named and fails the check.
#
# The baseline is the latest release tag reachable from HEAD (X.Y.Z); a clone without tags (CI's
# fresh clone) uses the release commit .api-baseline names. If neither can be found, it says so and
# fails.
#
# Why not `swift package diagnose-api-breaking-changes` as is: it runs on Linux with this toolchain
# (6.3.1) and builds the baseline in a worktree, but the digester it calls dumps `package`
# declarations as API (marked isInternal; swiftlang/swift#81003). This library keeps everything but
# its 40 public types `package`, so the stock command misses a public declaration made `package`
# (checked: DiffRenderer.json and RunSettings.quiet made package, "No breaking changes detected"),
# and reports changes to package declarations, which no user can name, as breaking. So this script
# runs the same digester itself: it builds the baseline (git archive of the release commit) and this
# tree, dumps both with `swift-api-digester -dump-sdk`, drops the isInternal declarations
# (Scripts/ci/api-public-only.py) and compares with `swift-api-digester -diagnose-sdk`.
# The baseline is built under .build-api and this tree in .build-docs, with the DocC build (the
# development build in .build is left alone); the baseline's dumps are kept under .build-api per
# release commit, so a second run builds only this tree.
# Usage: Scripts/ci/check-api.sh [TREEISH]   (a treeish given overrides the baseline)
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="$PWD/.build-api"
modules=(CustomerCenterCompiler JSONSyntax)
digester=$(command -v swift-api-digester || true)
[ -n "$digester" ] || digester="$(dirname "$(readlink -f "$(command -v swift)")")/swift-api-digester"
[ -x "$digester" ] || { echo "check-api: swift-api-digester not found beside swift" >&2; exit 2; }

recorded=$(grep -E '^[0-9a-f]{40}$' .api-baseline 2>/dev/null | head -1 || true)
if [ $# -gt 0 ]; then
  baseline=$1; origin="$1 (given)"
elif tag=$(git describe --tags --abbrev=0 --match '[0-9]*.[0-9]*.[0-9]*' HEAD 2>/dev/null); then
  baseline=$tag; origin="release tag $tag"
  tagged=$(git rev-parse "$tag^{commit}")
  if [ "$tagged" != "$recorded" ]; then
    echo "check-api: warning: .api-baseline (${recorded:-missing}) is not release $tag's commit $tagged;" \
      "a clone without tags would compare with another release: write $tagged in .api-baseline" >&2
  fi
else
  if [ -z "$recorded" ]; then
    echo "check-api: no release tag in this clone and no commit in .api-baseline: nothing to compare the API with" >&2
    exit 2
  fi
  if ! git cat-file -e "$recorded^{commit}" 2>/dev/null; then
    echo "check-api: no release tag in this clone, and the release commit .api-baseline names ($recorded)" \
      "is not in it either (a shallow clone?): fetch the history ('git fetch --unshallow --tags') and run again" >&2
    exit 2
  fi
  baseline=$recorded; origin="the release commit in .api-baseline ($recorded; no tags in this clone)"
fi
commit=$(git rev-parse "$baseline^{commit}")
echo "check-api: public API of CustomerCenterCompiler (with JSONSyntax's re-exported types) against $origin"

started=$SECONDS
log="$scratch/check-api.log"
mkdir -p "$scratch"
: >"$log"
# dump BUILD_DIR OUT_DIR: each module's public API as the digester sees it, package declarations dropped.
dump() {
  mkdir -p "$2"
  for module in "${modules[@]}"; do
    "$digester" -dump-sdk -module "$module" -I "$1/debug/Modules" -avoid-location -avoid-tool-args \
      -o "$2/$module.full.json" >>"$log" 2>&1
    echo "$module: $(python3 Scripts/ci/api-public-only.py "$2/$module.full.json" "$2/$module.json")" >>"$log"
  done
}
build() {
  swift build "$@" --target CustomerCenterCompiler >>"$log" 2>&1 || { tail -30 "$log" >&2; echo "check-api: the build failed ($*)" >&2; exit 1; }
}
base="$scratch/api/$commit"
if [ ! -f "$base/CustomerCenterCompiler.json" ] || [ ! -f "$base/JSONSyntax.json" ]; then
  source="$scratch/baseline-source"
  rm -rf "$source" && mkdir -p "$source"
  git archive "$commit" | tar -x -C "$source"
  build --package-path "$source" --scratch-path "$scratch/baseline"
  dump "$scratch/baseline" "$base"
  rm -rf "$source"
fi
# This tree: the DocC build's modules (Scripts/ci/build-docs.sh --modules-only; after the DocC
# stage, nothing to compile), dumped here.
bash Scripts/ci/build-docs.sh --modules-only >>"$log" 2>&1 || { tail -30 "$log" >&2; echo "check-api: the build failed (Scripts/ci/build-docs.sh --modules-only)" >&2; exit 1; }
dump "$PWD/.build-docs" "$scratch/api/current"

breaks=""
for module in "${modules[@]}"; do
  # The report lists changes under /* section */ headings; any other line is a breaking change.
  found=$("$digester" -diagnose-sdk -input-paths "$base/$module.json" -input-paths "$scratch/api/current/$module.json" 2>&1 \
    | grep -vE '^\s*$|^/\*' || true)
  [ -z "$found" ] || breaks+="$module: ${found//$'\n'/$'\n'"$module: "}"$'\n'
done
grep -E ': [0-9]+ public types' "$log" | sed 's/^/check-api: /' || true
echo "check-api: $((SECONDS - started)) s"
if [ -n "$breaks" ]; then
  printf '%s' "$breaks"
  echo "check-api: FAILED: $(printf '%s' "$breaks" | grep -c .) breaking change(s) to the public API since $baseline (above)." \
    "A break needs a new major version (docs/library.md, Stability): while the version is 0.x, the next minor" \
    "(0.1.x -> 0.2.0). Tag that release and write its commit in .api-baseline." >&2
  exit 1
fi
echo "check-api: no breaking changes since $baseline"
