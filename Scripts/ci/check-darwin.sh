#!/usr/bin/env bash
# Would the platform layer compile on a Mac? This machine has no Mac SDK, so the layer
# (Sources/PlatformLayer, the only code with an Apple branch) is type-checked against a stand-in
# Darwin module: Scripts/ci/darwin-stand-in declares the few C functions, types and constants the
# layer uses with the macOS SDK's signatures and optionality, plus what Swift's Darwin overlay
# adds (errno, SIG_IGN, fcntl's fixed arities, fork unavailable). With it on the search path
# `canImport(Darwin)` is true, so OS+Darwin.swift is the branch checked (docs/testing.md says
# what this catches and what it cannot). Seconds, not a build: nothing is linked or run.
set -euo pipefail
cd "$(dirname "$0")/../.."
stand_in=Scripts/ci/darwin-stand-in
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# No Apple branch may hide outside the layer, where this check would not see it.
outside=$(grep -rlE '^\s*#(if|elseif).*(canImport\((Darwin|Glibc|Musl)\)|os\((macOS|Linux|iOS)\))' Sources Tests Benchmarks Plugins Fuzz \
  --include='*.swift' | grep -v '^Sources/PlatformLayer/' || true)
if [ -n "$outside" ]; then
  echo "check-darwin: platform conditions outside Sources/PlatformLayer (move them into the layer):" >&2
  echo "$outside" >&2
  exit 1
fi

# The stand-in's Swift half (the overlay) as a module named Darwin, over its C half.
swiftc -emit-module -parse-as-library -module-name Darwin -I "$stand_in" \
  -emit-module-path "$work/Darwin.swiftmodule" "$stand_in/Darwin.swift"

# The layer as SwiftPM compiles it, in a debug build (its test seams) and a release build.
for configuration in "-D DEBUG" ""; do
  # shellcheck disable=SC2086 # the configuration is zero or two words
  swiftc -typecheck -parse-as-library -module-name PlatformLayer -package-name customer_center \
    -I "$work" -I "$stand_in" $configuration Sources/PlatformLayer/*.swift
done
# The C target of our own (SHA256Hardware) as the toolchain's clang compiles it for a Mac, Intel
# and Apple silicon: it needs only the compiler's own headers (stddef, stdint, cpuid, immintrin),
# so no SDK is needed to check it. On arm64 it is the stub that says no (the Swift code hashes).
for target in arm64-apple-macos13 x86_64-apple-macos13; do
  for file in Sources/SHA256Hardware/include/SHA256Hardware.h Sources/SHA256Hardware/sha256_hardware.c; do
    clang -ffreestanding -fsyntax-only -Werror -target "$target" -I Sources/SHA256Hardware/include -x c "$file"
  done
done
echo "check-darwin: Sources/PlatformLayer type-checks against the stand-in Darwin module; SHA256Hardware compiles for arm64 and x86_64 macOS"
