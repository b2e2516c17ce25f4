#!/usr/bin/env bash
# Style check with the toolchain's swift-format and the repository's .swift-format: every rule
# finding fails. The pretty printer's layout findings (Indentation, AddLines, RemoveLine,
# TrailingComma, Spacing) are left out: swift-format cannot switch them off
# (swiftlang/swift-format#764, #964) and its layout is not this code's (continuation lines
# aligned with the opening parenthesis, short bodies on one line). TrailingWhitespace stays.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift_format=$(command -v swift-format || true)
[ -n "$swift_format" ] || swift_format="$(dirname "$(readlink -f "$(command -v swift)")")/swift-format"
[ -x "$swift_format" ] || { echo "check-format: swift-format not found beside swift" >&2; exit 2; }
layout='\[(Indentation|AddLines|RemoveLine|TrailingComma|Spacing)\]'
# A finding is 'path:line:col: warning|error: [Rule] message'; its notes follow it.
findings=$("$swift_format" lint --configuration .swift-format --recursive --parallel \
  Sources Tests Benchmarks Plugins Package.swift 2>&1 | grep -E ': (warning|error): ' | grep -vE "$layout" || true)
if [ -n "$findings" ]; then
  echo "$findings" >&2
  echo "check-format: $(echo "$findings" | wc -l) finding(s); fix them, or (for a deliberate exception)" \
    "add '// swift-format-ignore: Rule' above the declaration with the reason" >&2
  exit 1
fi
echo "check-format: clean ($("$swift_format" --version))"
