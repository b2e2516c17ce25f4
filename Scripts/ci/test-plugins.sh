#!/usr/bin/env bash
# Proves the SwiftPM plugins: a tiny package with a customer_center.json resource builds when the
# config is clean, fails to build with compiler-style diagnostics when it is not, and
# `swift package customer-center-lint` does the same on demand.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# A path dependency's identity is its directory name: give it the package's name.
ln -s "$repo" "$scratch/customer-center"
mkdir -p "$scratch/Sample/Sources/App"
cat > "$scratch/Sample/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Sample",
    dependencies: [.package(path: "../customer-center")],
    targets: [
        .target(
            name: "App",
            resources: [.copy("customer_center.json")],
            plugins: [.plugin(name: "CustomerCenterLintPlugin", package: "customer-center")]
        ),
    ]
)
SWIFT
echo 'public struct App { public init() {} }' > "$scratch/Sample/Sources/App/App.swift"
cp "$repo/Examples/customer_center.json" "$scratch/Sample/Sources/App/customer_center.json"
cd "$scratch/Sample"

echo "plugins: build with a clean config"
swift build --build-path .build-sample 2>&1 | tail -3

echo "plugins: command plugin on a clean config"
swift package --build-path .build-sample customer-center-lint

echo "plugins: build with a broken config"
cp "$repo/Examples/broken.json" Sources/App/customer_center.json
if swift build --build-path .build-sample > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the build passed with a broken config"; exit 1
fi
grep -q "customer_center.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: no compiler-style diagnostic in the build output"; exit 1; }

echo "plugins: command plugin on a broken config"
if swift package --build-path .build-sample customer-center-lint > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the command plugin passed a broken config"; exit 1
fi
grep -q "\[json.comment\]" out.txt || { cat out.txt; echo "FAIL: no diagnostic from the command plugin"; exit 1; }
echo "plugins: command plugin with an option whose value ends in .json (--config cfg.json)"
echo '{"rules": {"json.comment": "off"}}' > cfg.json
swift package --build-path .build-sample customer-center-lint --config cfg.json Sources/App/customer_center.json > out.txt 2>&1 || true
if grep -q "\[json.comment\]" out.txt || ! grep -q "error: .*\[" out.txt; then
  cat out.txt; echo "FAIL: --config cfg.json was not passed to lint as the configuration"; exit 1
fi
echo "SwiftPM plugins: ok"
