#!/usr/bin/env bash
# Builds the library's documentation (docs/library.md) with the toolchain's own tools, no package
# dependency: `swift build` of the CustomerCenterCompiler target emits its public symbol graph
# (JSONSyntax's re-exported JSONPointer and ByteRange included), then `docc convert` joins it with
# Sources/CustomerCenterCompiler/CustomerCenterCompiler.docc into a static-hosting archive.
# Any docc warning (an unresolved symbol link, a doc comment problem, a topic that names a symbol
# that is not public) fails the script, and so does a symbol in the archive that is not public.
#
#   bash Scripts/ci/build-docs.sh      -> .build-docs/CustomerCenterCompiler.doccarchive
#   bash Scripts/ci/build-docs.sh --modules-only   -> the build alone (.build-docs/debug/Modules)
#
# The build has its own scratch path (.build-docs): its compiler flags differ from a plain
# `swift build`, and sharing .build would rebuild everything each time one of them runs.
# Scripts/ci/check-api.sh reads this tree's modules from the same build (--modules-only): the
# symbol graph flags change no module, and CI then builds the library once for both.
set -euo pipefail
cd "$(dirname "$0")/../.."
modules_only=false
[ "${1:-}" = --modules-only ] && modules_only=true
scratch=.build-docs
catalog=Sources/CustomerCenterCompiler/CustomerCenterCompiler.docc
archive="$scratch/CustomerCenterCompiler.doccarchive"
# The compiler writes every module's graph here (kept between runs: a build with nothing to
# recompile writes none); docc reads a copy holding the library's graphs alone.
emitted="$scratch/symbol-graphs"
graphs="$scratch/symbol-graphs-docc"

docc=$(command -v docc || true)
[ -n "$docc" ] || docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
if [ ! -x "$docc" ] && command -v xcrun >/dev/null; then docc=$(xcrun --find docc); fi
[ -x "$docc" ] || { echo "build-docs: docc not found beside swift (it ships with the toolchain)" >&2; exit 2; }

started=$SECONDS
mkdir -p "$emitted"
build_log="$scratch/build.log"
if ! swift build --target CustomerCenterCompiler --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$emitted" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public > "$build_log" 2>&1; then
  cat "$build_log" >&2
  echo "build-docs: swift build failed" >&2
  exit 1
fi
echo "build-docs: symbol graphs in $((SECONDS - started)) s"
$modules_only && exit 0

# CustomerCenterCompiler's graph holds the symbols it re-exports from JSONSyntax; JSONSyntax's own
# graph would make a second module in the archive.
rm -rf "$graphs"
mkdir -p "$graphs"
cp "$emitted"/CustomerCenterCompiler.symbols.json "$graphs/"
cp "$emitted"/CustomerCenterCompiler@*.symbols.json "$graphs/" 2>/dev/null || true
not_public=$(grep -oE '"accessLevel" *: *"[a-z]+"' "$graphs"/*.json | grep -vE '"public"$' | sort | uniq -c || true)
if [ -n "$not_public" ]; then
  echo "build-docs: the symbol graph holds symbols that are not public:" >&2
  echo "$not_public" >&2
  exit 1
fi

converted=$SECONDS
rm -rf "$archive"
docc_log="$scratch/docc.log"
status=0
"$docc" convert "$catalog" \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name CustomerCenterCompiler \
  --fallback-bundle-identifier com.revenuecat.customer-center.CustomerCenterCompiler \
  --output-path "$archive" \
  --transform-for-static-hosting \
  --warnings-as-errors > "$docc_log" 2>&1 || status=$?
# --warnings-as-errors fails the run; a warning printed without failing it fails here too.
if [ "$status" != 0 ] || grep -qiE '(^|[: ])(warning|error):' "$docc_log"; then
  cat "$docc_log" >&2
  echo "build-docs: docc reported problems (exit $status); fix them in the catalog or the doc comments" >&2
  exit 1
fi
[ -f "$archive/documentation/customercentercompiler/index.html" ] \
  || { echo "build-docs: docc wrote no page for the module" >&2; exit 1; }
types=$(ls "$archive/data/documentation/customercentercompiler" | grep -c '\.json$')
articles=$(ls "$catalog"/*.md | wc -l)
echo "build-docs: docc convert in $((SECONDS - converted)) s: $types top-level pages (types and articles), $articles catalog pages, no warnings"
echo "build-docs: archive: $archive"
echo "build-docs: view it: python3 -m http.server --directory $archive 8000, then open" \
  "http://localhost:8000/documentation/customercentercompiler"
echo "build-docs: or live while editing: $docc preview $catalog --additional-symbol-graph-dir $graphs"
