#!/usr/bin/env bash
# Mutation testing of the rules: removes each place a rule reports a finding, one at a time
# (every `context.report(` of a model rule and every `sink.emit(` of the decoders and syntax
# diagnostics), rebuilds, runs the library's tests, and counts the mutants the tests kill.
# A surviving mutant is a branch no test notices. Usage: Scripts/mutate-rules.sh [FILTER]
# (FILTER: a grep pattern over file paths). Prints one line per mutant and the kill rate.
# Works on a copy of the package, so the working tree is never touched.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
filter="${1:-.}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A copy to mutate (the build folder of earlier runs is reused when given).
mkdir -p "$work/pkg"
(cd "$repo" && git ls-files -z | xargs -0 -I{} cp --parents {} "$work/pkg/")
scratch="${MUTANT_SCRATCH:-$repo/.build-mutants}"
cd "$work/pkg"
# The no-op the mutants call instead of reporting: same arguments, nothing reported.
cat > Sources/CustomerCenterCompiler/Rules/MutantNoOp.swift <<'SWIFT'
import JSONSyntax
extension RuleContext {
    mutating func reportNothing(_ message: RuleMessage, at range: ByteRange, pointer: JSONPointer,
                                notes: [DiagnosticNote] = [], fix: Fix? = nil) {}
    mutating func reportNothing(_ message: RuleMessage, on located: some Positioned,
                                notes: [DiagnosticNote] = [], fix: Fix? = nil) {}
}
extension DiagnosticSink {
    mutating func emitNothing(_ message: RuleMessage, at range: ByteRange, pointer: JSONPointer = .root,
                              notes: [DiagnosticNote] = [], fix: Fix? = nil) {}
    mutating func emitNothing(_ rule: RuleDescriptor, _ message: String, at range: ByteRange, pointer: JSONPointer = .root,
                              notes: [DiagnosticNote] = [], fix: Fix? = nil) {}
}
SWIFT
run_tests() {
  swift build --build-tests --scratch-path "$scratch" > "$work/build.log" 2>&1 || return 2
  swift test --skip-build --scratch-path "$scratch" --filter CustomerCenterCompilerTests --skip AdversarialTests > "$work/test.log" 2>&1
}
echo "baseline: building and testing the unmutated copy"
run_tests || { echo "the unmutated tests fail or do not build: fix that first"; tail -20 "$work/build.log" "$work/test.log"; exit 1; }
killed=0; survived=0; broken=0
files=$(grep -rlE "context\.report\(|sink\.emit\(" Sources/CustomerCenterCompiler/Rules Sources/CustomerCenterCompiler/Decode Sources/CustomerCenterCompiler/Diagnostics/SyntaxDiagnostics.swift | grep -v MutantNoOp | grep -E "$filter" | sort)
for file in $files; do
  for line in $(grep -nE "context\.report\(|sink\.emit\(" "$file" | cut -d: -f1); do
    cp "$file" "$work/original.swift"
    sed -i "${line}s/context\.report(/context.reportNothing(/; ${line}s/sink\.emit(/sink.emitNothing(/" "$file"
    run_tests
    status=$?
    cp "$work/original.swift" "$file"
    where="${file#Sources/CustomerCenterCompiler/}:$line"
    if [ $status -eq 2 ]; then broken=$((broken + 1)); echo "did not build  $where"
    elif [ $status -eq 0 ]; then survived=$((survived + 1)); echo "SURVIVED       $where  $(sed -n "${line}p" "$file" | sed 's/^ *//' | cut -c1-90)"
    else killed=$((killed + 1)); echo "killed         $where"; fi
  done
done
total=$((killed + survived))
echo "mutants: $total (+$broken that did not build); killed $killed, survived $survived; kill rate $(( total > 0 ? killed * 100 / total : 0 ))%"
