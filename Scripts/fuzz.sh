#!/usr/bin/env bash
# Fuzzes the whole pipeline, the preview and the language server with libFuzzer: Scripts/fuzz.sh [SECONDS] (default 60).
# Crashing inputs are written to fuzz-artifacts/; turn each into a regression test.
# Locally, SECONDS is libFuzzer's whole run: the replay of every seed, then mutation. With CI set, a
# fixed sample of the corpus is replayed first (a run of its own), then SECONDS of mutation follow.
# Scripts/fuzz.sh --build-only builds the harness and stops; Scripts/fuzz.sh --prebuilt [SECONDS]
# runs the harness a --build-only run of the same tree left (.ci/run builds it in the background
# beside the release archive's build, both mostly one core's work, and fuzzes in its own stage).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
phase=all
case "${1:-}" in
  --build-only) phase=build; shift ;;
  --prebuilt) phase=run; shift ;;
esac
seconds="${1:-60}"
build="$repo/.build-fuzz"
mkdir -p "$build" "$repo/fuzz-artifacts"
build_started=$SECONDS
if [ "$phase" = run ]; then
  [ -x "$build/fuzz" ] || { echo "fuzz: --prebuilt, but no harness in $build (run Scripts/fuzz.sh --build-only first)" >&2; exit 2; }
else
rm -f "$build/fuzz"
# One package name for both modules, as SwiftPM gives them (`package` access). Whole-module
# optimisation on both cores and line tables only (a sanitizer report still names file and line):
# 190 s instead of 334 s for the build on the 2-core machine, and as fast a harness.
flags=(-O -wmo -num-threads 2 -sanitize=fuzzer,address -parse-as-library -gline-tables-only -package-name customer_center)
# The modules, compiled with the fuzzer's coverage instrumentation and AddressSanitizer; first the
# platform layer every other one imports (docs/testing.md).
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name PlatformLayer \
  -emit-module-path "$build/PlatformLayer.swiftmodule" -o "$build/libPlatformLayer.a" "$repo"/Sources/PlatformLayer/*.swift
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name JSONSyntax -I "$build" \
  -emit-module-path "$build/JSONSyntax.swiftmodule" -o "$build/libJSONSyntax.a" "$repo"/Sources/JSONSyntax/*.swift
# The compiler library starts children and cleans up on signals through ProcessSupport.
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name ProcessSupport -I "$build" \
  -emit-module-path "$build/ProcessSupport.swiftmodule" -o "$build/libProcessSupport.a" "$repo"/Sources/ProcessSupport/*.swift
# The one C target of the project's own (SHA256Hardware: header-only, static inline functions) as
# the clang module SwiftPM would map, found through -I "$build".
printf 'module SHA256Hardware {\n  header "%s"\n  export *\n}\n' "$repo/Sources/SHA256Hardware/include/SHA256Hardware.h" \
  >"$build/module.modulemap"
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name CustomerCenterCompiler -I "$build" \
  -emit-module-path "$build/CustomerCenterCompiler.swiftmodule" -o "$build/libCustomerCenterCompiler.a" \
  $(find "$repo/Sources/CustomerCenterCompiler" -name '*.swift')
swiftc "${flags[@]}" -emit-module -emit-library -static -module-name CustomerCenterLanguageServer -I "$build" \
  -emit-module-path "$build/CustomerCenterLanguageServer.swiftmodule" -o "$build/libCustomerCenterLanguageServer.a" \
  "$repo"/Sources/CustomerCenterLanguageServer/*.swift
swiftc "${flags[@]}" -I "$build" -L "$build" -lCustomerCenterLanguageServer -lCustomerCenterCompiler -lProcessSupport -lJSONSyntax -lPlatformLayer "$repo/Fuzz/FuzzTarget.swift" -o "$build/fuzz"
echo "fuzz: harness built in $((SECONDS - build_started)) s"
fi
[ "$phase" = build ] && exit 0
# Seeds: the committed corpus (Fuzz/corpus: inputs earlier runs found to reach new code) and every
# JSON the tests use. New inputs go to the working corpus.
corpus="$build/corpus"
mkdir -p "$corpus" "$repo/Fuzz/corpus"
find "$repo/Examples" "$repo/../shared/fixtures" "$repo/Tests" -name '*.json' -o -name '*.jsonc' 2>/dev/null | while read -r f; do cp "$f" "$corpus/" 2>/dev/null || true; done
# -detect_leaks=0: the Swift runtime keeps metadata caches and lazily built statics for the life of
# the process, which libFuzzer's per-input leak check reports as leaks (no Swift cycles here:
# pointer nodes only point to their parents, closures capture strings).
# Replaying the whole committed corpus takes 0.15 to 0.3 s an input under AddressSanitizer (over 10
# minutes for 3,600 inputs, and it grows with every merge), so CI replays a fixed sample: every Nth
# file in name order, at most FUZZ_SAMPLE (default 120) of them, in a run that only replays
# (-runs=0: each input once through every stage); then mutation from the tests' and examples' JSON
# for SECONDS. (One run for both would spend SECONDS on the replay alone: libFuzzer's
# -max_total_time counts from its start, so CI's "sample + 60 s" used to mutate nothing.)
# Local runs replay it all within SECONDS.
options=(-max_len=16384 -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 -artifact_prefix="$repo/fuzz-artifacts/" -print_final_stats=1)
# run_fuzzer ARGS...: libFuzzer, saying when the seeds were replayed and how long it ran.
run_fuzzer() {
  local started=$SECONDS
  ASAN_OPTIONS=detect_leaks=0 "$build/fuzz" "$@" "${options[@]}" \
    2> >(while IFS= read -r line; do
           case "$line" in *INITED*) echo "fuzz: seeds replayed after $((SECONDS - started)) s" >&2 ;; esac
           printf '%s\n' "$line" >&2
         done)
  echo "fuzz: libFuzzer ran $((SECONDS - started)) s"
}
if [ -n "${CI:-}" ]; then
  sample="$build/corpus-sample"
  rm -rf "$sample" && mkdir -p "$sample"
  limit="${FUZZ_SAMPLE:-120}"
  total=$(find "$repo/Fuzz/corpus" -type f | wc -l)
  step=$(( (total + limit - 1) / limit )); [ "$step" -ge 1 ] || step=1
  find "$repo/Fuzz/corpus" -type f | LC_ALL=C sort | awk -v step="$step" 'NR % step == 1 || step == 1' | head -n "$limit" | while read -r f; do cp "$f" "$sample/"; done
  echo "fuzz: replaying $(ls "$sample" | wc -l) of $total corpus inputs (every ${step}th), then $seconds s of mutation from $(ls "$corpus" | wc -l) seeds"
  run_fuzzer -runs=0 "$sample"
  run_fuzzer -max_total_time="$seconds" "$corpus"
else
  run_fuzzer -max_total_time="$seconds" "$corpus" "$repo/Fuzz/corpus"
fi
# Keep what this run found: the inputs of the working corpus that reach code the committed one
# does not are merged into Fuzz/corpus (commit them). Not in CI, whose clone is thrown away.
if [ -z "${CI:-}" ]; then
  ASAN_OPTIONS=detect_leaks=0 "$build/fuzz" -merge=1 "$repo/Fuzz/corpus" "$corpus" -max_len=16384 -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 -artifact_prefix="$repo/fuzz-artifacts/" 2>&1 | tail -n 2
fi
