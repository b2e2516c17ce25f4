#!/usr/bin/env bash
# The README's `swift test` on a machine with only the Swift toolchain and python3: runs every suite
# that compares our output with an outside tool (the tests marked `.needs(...)`, docs/testing.md)
# with those tools hidden — a PATH without them, and a python3 that sees no installed packages —
# and expects each such test to be skipped with its reason, none to fail.
set -euo pipefail
cd "$(dirname "$0")/../.."
hidden=(python3 check-jsonschema chromium chromium-headless-shell msgfmt msgcat msgmerge pocount po2xliff
  xliff2po pofilter podebug nvim podman pre-commit)
bin=$(mktemp -d "${TMPDIR:-/tmp}/cc-no-tools.XXXXXX")
trap 'rm -rf "$bin"' EXIT
# Every program of the system's folders and the toolchain's, but the hidden ones.
for dir in /opt/swift/usr/bin "$(dirname "$(readlink -f "$(command -v swift)")")" /usr/local/bin /usr/bin /bin; do
  [ -d "$dir" ] || continue
  for program in "$dir"/*; do
    name=${program##*/}
    [[ " ${hidden[*]} " == *" $name "* ]] && continue
    [ -e "$bin/$name" ] || ln -s "$program" "$bin/$name"
  done
done
# python3 itself stays (the README's machine has it), without site-packages: no pip installs.
system_python=$(command -v /usr/bin/python3 || command -v python3)
printf '#!/bin/sh\nexec %s -I -S "$@"\n' "$system_python" > "$bin/python3"
chmod +x "$bin/python3"
PATH="$bin" python3 -c 'import diff_cover' 2>/dev/null && { echo "test-without-tools: diff_cover still importable" >&2; exit 1; }
# The suites that hold a `.needs(` test, read from the sources.
suites=$(grep -l '\.needs(' -r Tests --include='*.swift' | grep -v TestSupport | xargs grep -ohE '^@Suite.*struct [A-Za-z]+' |
  sed -E 's/.*struct //' | sort -u | paste -sd '|')
[ -n "$suites" ] || { echo "test-without-tools: no suite marks a test with .needs(...)" >&2; exit 1; }
echo "suites with tool-dependent tests: $suites"
log="$bin/test.log"
status=0
env -u CUSTOMER_CENTER_REQUIRE_TOOLS PATH="$bin" swift test --test-product customer-centerPackageTests \
  --filter "($suites)" > "$log" 2>&1 || status=$?
grep -E 'skipped: needs|passed|failed' "$log" | grep -vE '^\[|✔ Test [a-zA-Z]' | tail -n 40 || true
[ "$status" = 0 ] || { tail -n 60 "$log"; echo "test-without-tools: swift test failed with the tools hidden (exit $status)" >&2; exit 1; }
skips=$(grep -c 'skipped: needs' "$log" || true)
[ "$skips" -gt 0 ] || { echo "test-without-tools: no test said it was skipped for a missing tool" >&2; exit 1; }
echo "test-without-tools: passed, $skips test(s) skipped for a missing tool"
