#!/usr/bin/env bash
# Proves the prebuilt plugins: the plugin package Scripts/release/plugins-package.sh makes over the
# release's artifact bundle (by local path here; by url + checksum in a release) lets a sample
# package lint its customer_center.json on every build (a broken config fails the build with
# compiler-style diagnostics, a clean one passes) and with `swift package customer-center-lint`,
# and not one source file of the tool is compiled: the tool's targets are nowhere in the build.
#
# usage: test-plugins-prebuilt.sh [DIST]  (default .build-release/dist, which test-release.sh leaves)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
dist="$(cd "${1:-$repo/.build-release/dist}" && pwd)"
bundle="$dist/customer-center.artifactbundle.zip"
[ -f "$bundle" ] || { echo "no $bundle: run Scripts/ci/test-release.sh (or Scripts/release.sh) first" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# shellcheck source=plugin-sample.sh
. "$repo/Scripts/ci/plugin-sample.sh"

bash "$repo/Scripts/release/plugins-package.sh" "$bundle" "$scratch/customer-center-plugins"
grep -q 'binaryTarget(name: "CustomerCenterBinary", path: "customer-center.artifactbundle.zip")' \
  "$scratch/customer-center-plugins/Package.swift" || fail "the local package does not name the bundle by path"
# The release's own package names the bundle by URL and the zip's sha256.
checksum="$(sha256sum "$bundle" | cut -d' ' -f1)"
grep -q "url: \".*/customer-center.artifactbundle.zip\", checksum: \"$checksum\"" "$dist/customer-center-plugins/Package.swift" \
  || fail "dist/customer-center-plugins does not pin the bundle's checksum $checksum"
diff -r "$repo/Plugins/CustomerCenterLintPlugin" "$scratch/customer-center-plugins/Plugins/CustomerCenterLintPlugin" \
  || fail "the prebuilt build-tool plugin is not the source package's"

make_plugin_sample "$scratch/Sample" customer-center-plugins
cd "$scratch/Sample"
# Nothing of the tool may be compiled: none of its modules shows up in the log or the build folder.
no_tool_compiled() {
  if grep -E "Compiling (JSONSyntax|CustomerCenterCompiler|CustomerCenterLanguageServer|customer_center) " "$1"; then
    fail "the tool's sources were compiled"
  fi
  if find .build -name '*.swiftmodule' | grep -E 'JSONSyntax|CustomerCenterCompiler|customer_center\.'; then
    fail "the tool's modules were built"
  fi
}

echo "prebuilt plugins: build with a clean config"
swift build > "$scratch/out.txt" 2>&1 || { cat "$scratch/out.txt"; fail "the build failed on a clean config"; }
tail -3 "$scratch/out.txt"
grep -q "Linting the Customer Center configs of App" "$scratch/out.txt" || fail "the build did not lint the config"
no_tool_compiled "$scratch/out.txt"
[ -n "$(find .build/artifacts -path '*customer-center.artifactbundle/*/bin/customer-center')" ] || fail "SwiftPM did not unpack the bundle"

echo "prebuilt plugins: command plugin on a clean config"
swift package --allow-writing-to-package-directory customer-center-lint > "$scratch/out.txt" 2>&1 || { cat "$scratch/out.txt"; fail "the command plugin failed on a clean config"; }
no_tool_compiled "$scratch/out.txt"

echo "prebuilt plugins: build with a broken config"
cp "$repo/Examples/broken.json" Sources/App/customer_center.json
if swift build > "$scratch/out.txt" 2>&1; then cat "$scratch/out.txt"; fail "the build passed with a broken config"; fi
grep -q "Sources/App/customer_center.json:2:3: error: comments are not allowed in JSON \[json.comment\]" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "no compiler-style diagnostic in the build output"; }
no_tool_compiled "$scratch/out.txt"

echo "prebuilt plugins: command plugin on a broken config"
if swift package --allow-writing-to-package-directory customer-center-lint > "$scratch/out.txt" 2>&1; then cat "$scratch/out.txt"; fail "the command plugin passed a broken config"; fi
grep -q "\[json.duplicate-key\]" "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "no diagnostic from the command plugin"; }
no_tool_compiled "$scratch/out.txt"
echo "prebuilt plugins: ok"
