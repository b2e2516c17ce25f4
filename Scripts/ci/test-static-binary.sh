#!/usr/bin/env bash
# The README's install command gives a binary that runs without Swift installed: built with
# --static-swift-stdlib, it links no libswift* library (checked with ldd), and it works.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
swift build -c release --static-swift-stdlib --product customer-center --scratch-path .build-static 2>&1 | tail -2
binary="$(swift build -c release --static-swift-stdlib --product customer-center --scratch-path .build-static --show-bin-path)/customer-center"
if ldd "$binary" | grep -i swift; then
  echo "FAIL: the static build links the Swift runtime dynamically"; exit 1
fi
# It runs with no Swift library reachable (an empty library path and no toolchain on PATH).
env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" lint --format compact Examples/customer_center.json
env -i PATH=/usr/bin:/bin "$binary" --version
echo "static binary: ok"
