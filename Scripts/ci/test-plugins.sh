#!/usr/bin/env bash
# Proves the SwiftPM plugins: a tiny package with a customer_center.json resource builds when the
# config is clean, fails to build with compiler-style diagnostics when it is not, and
# `swift package customer-center-lint` does the same on demand (with the permission to write to the
# package it declares, for --fix and --write-baseline). Then a team's layout: a
# .customer-center.json whose include names a config of another name and whose exclude leaves out
# a broken one; the plugins lint what it selects and nothing else (the tool decides: the build
# plugin passes every JSON file with --force-exclude, the command plugin the package's folder).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# shellcheck source=plugin-sample.sh
. "$repo/Scripts/ci/plugin-sample.sh"
# A path dependency's identity is its directory name: give it the package's name.
ln -s "$repo" "$scratch/customer-center"
make_plugin_sample "$scratch/Sample" customer-center
cd "$scratch/Sample"

echo "plugins: build with a clean config"
swift build --build-path .build-sample 2>&1 | tail -3

echo "plugins: command plugin on a clean config"
swift package --build-path .build-sample --allow-writing-to-package-directory customer-center-lint

echo "plugins: the command plugin asks to write to the package (--fix, --write-baseline; macOS's sandbox)"
if swift package --build-path .build-sample customer-center-lint < /dev/null > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the command plugin ran without the permission to write to the package"; exit 1
fi
grep -q "wants permission to write to the package directory" out.txt \
  || { cat out.txt; echo "FAIL: the command plugin does not declare .writeToPackageDirectory"; exit 1; }
swift package --build-path .build-sample --allow-writing-to-package-directory customer-center-lint --write-baseline baseline.json
[ -f baseline.json ] || { echo "FAIL: --write-baseline through the command plugin wrote nothing in the package"; exit 1; }
rm baseline.json

echo "plugins: build with a broken config"
cp "$repo/Examples/broken.json" Sources/App/customer_center.json
if swift build --build-path .build-sample > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the build passed with a broken config"; exit 1
fi
grep -q "customer_center.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: no compiler-style diagnostic in the build output"; exit 1; }

echo "plugins: command plugin on a broken config"
if swift package --build-path .build-sample --allow-writing-to-package-directory customer-center-lint > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the command plugin passed a broken config"; exit 1
fi
grep -q "\[json.comment\]" out.txt || { cat out.txt; echo "FAIL: no diagnostic from the command plugin"; exit 1; }
echo "plugins: command plugin with an option whose value ends in .json (--config cfg.json)"
echo '{"rules": {"json.comment": "off"}}' > cfg.json
swift package --build-path .build-sample --allow-writing-to-package-directory customer-center-lint --config cfg.json Sources/App/customer_center.json > out.txt 2>&1 || true
if grep -q "\[json.comment\]" out.txt || ! grep -q "error: .*\[" out.txt; then
  cat out.txt; echo "FAIL: --config cfg.json was not passed to lint as the configuration"; exit 1
fi

echo "plugins: a team layout (include a config named otherwise, exclude a broken one)"
cp "$repo/Examples/customer_center.json" Sources/App/customer_center.json
mkdir -p Sources/App/Configs/legacy
cp "$repo/Examples/customer_center.json" Sources/App/Configs/support.json
cp "$repo/Examples/broken.json" Sources/App/Configs/legacy/old.json
echo '{"not": "a config", "trailing": 1,}' > Sources/App/data.json
echo '{"include": ["Sources/App/Configs/**/*.json"], "exclude": ["**/legacy/**"]}' > .customer-center.json
sed -i 's|resources: \[.copy("customer_center.json")\]|resources: [.copy("customer_center.json"), .process("Configs"), .copy("data.json")]|' Package.swift
grep -q '.process("Configs")' Package.swift || { cat Package.swift; echo "FAIL: could not declare the resources"; exit 1; }
swift build --build-path .build-sample > out.txt 2>&1 || { cat out.txt; echo "FAIL: the build failed on an excluded broken config or on JSON that is not included"; exit 1; }
if grep -E "(old|data)\.json:[0-9]+:[0-9]+:" out.txt; then echo "FAIL: the build reported a file the configuration leaves out"; exit 1; fi
swift package --build-path .build-sample --allow-writing-to-package-directory customer-center-lint > out.txt 2>&1 || { cat out.txt; echo "FAIL: the command plugin failed on what the configuration leaves out"; exit 1; }
if grep -E "(old|data)\.json:[0-9]+:[0-9]+:" out.txt; then echo "FAIL: the command plugin reported a file the configuration leaves out"; exit 1; fi

echo "plugins: the included config of another name, broken, fails the build and the command plugin"
cp "$repo/Examples/broken.json" Sources/App/Configs/support.json
if swift build --build-path .build-sample > out.txt 2>&1; then cat out.txt; echo "FAIL: the build passed a broken included config"; exit 1; fi
grep -q "Sources/App/Configs/support.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: no diagnostic for the included config"; exit 1; }
if grep -E "(old|data)\.json:[0-9]+:[0-9]+:" out.txt; then echo "FAIL: the build reported a file the configuration leaves out"; exit 1; fi
if swift package --build-path .build-sample --allow-writing-to-package-directory customer-center-lint > out.txt 2>&1; then cat out.txt; echo "FAIL: the command plugin passed a broken included config"; exit 1; fi
grep -q "Configs/support.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: no diagnostic from the command plugin for the included config"; exit 1; }
if grep -E "(old|data)\.json:[0-9]+:[0-9]+:" out.txt; then echo "FAIL: the command plugin reported a file the configuration leaves out"; exit 1; fi

echo "plugins: a change to .customer-center.json alone reruns the build's lint"
cp "$repo/Examples/customer_center.json" Sources/App/Configs/support.json
swift build --build-path .build-sample > out.txt 2>&1 || { cat out.txt; echo "FAIL: the build failed once the config was clean again"; exit 1; }
echo '{"include": ["Sources/App/Configs/**/*.json"]}' > .customer-center.json
if swift build --build-path .build-sample > out.txt 2>&1; then cat out.txt; echo "FAIL: the build did not rerun lint when exclude was dropped"; exit 1; fi
grep -q "Configs/legacy/old.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: no diagnostic for the config no longer excluded"; exit 1; }
echo "SwiftPM plugins: ok"
