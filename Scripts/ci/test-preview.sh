#!/usr/bin/env bash
# preview --check with a real headless Chromium (Debian's chromium-headless-shell) and Noto fonts:
# the known overflow is found at its line, the default config has none, and screenshots are saved.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null || {
  echo "test-preview: no headless Chromium (apt-get install chromium-headless-shell fonts-noto-core fonts-noto-cjk)" >&2; exit 1; }
swift build --product customer-center >/dev/null
bin="$PWD/.build/debug/customer-center"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The German title of Examples/long_title.json is too long for the navigation bar.
line="$(grep -n '"de": "Verwaltung Ihrer Abonnements' Examples/long_title.json | cut -d: -f1)"
"$bin" preview --check --format compact Examples/long_title.json > "$work/long.txt"
cat "$work/long.txt"
grep -q "^Examples/long_title.json:$line:15: warning: .*\[preview.truncated\]$" "$work/long.txt" || { echo "test-preview: the long German title was not reported at line $line" >&2; exit 1; }
[ "$(wc -l < "$work/long.txt")" -eq 1 ] || { echo "test-preview: expected exactly one finding" >&2; exit 1; }
"$bin" preview --check --strict Examples/long_title.json > /dev/null && { echo "test-preview: --strict did not fail" >&2; exit 1; }

# The default config: every locale, both themes, both platforms, nothing cut.
for platform in ios android; do
  "$bin" preview --check --platform "$platform" --format compact Examples/default.json > "$work/default-$platform.txt"
  [ ! -s "$work/default-$platform.txt" ] || { cat "$work/default-$platform.txt"; echo "test-preview: the default config has cut-off text ($platform)" >&2; exit 1; }
done

# Screenshots: one PNG per locale × theme, all from one browser process (a wrapper counts its
# starts); CUSTOMER_CENTER_BROWSER_PIPE=0 (one run per screenshot) saves the same files.
real="$(command -v chromium-headless-shell || command -v chromium)"
printf '#!/bin/sh\necho started >> "%s/starts"\nexec "%s" "$@"\n' "$work" "$real" > "$work/browser"
chmod +x "$work/browser"
"$bin" preview --check --png "$work/png" --locale de,ar --pseudo --browser "$work/browser" Examples/customer_center.json > /dev/null
for name in de-light de-dark ar-light ar-dark en-XA-light ar-XB-dark; do
  [ -s "$work/png/$name.png" ] || { echo "test-preview: no screenshot $name.png" >&2; exit 1; }
done
[ "$(wc -l < "$work/starts")" -eq 1 ] || { echo "test-preview: the browser was started $(wc -l < "$work/starts") times for the screenshots, not once" >&2; exit 1; }
CUSTOMER_CENTER_BROWSER_PIPE=0 "$bin" preview --check --png "$work/png-old" --locale de,ar --pseudo Examples/customer_center.json > /dev/null
[ "$(ls "$work/png")" = "$(ls "$work/png-old")" ] || { echo "test-preview: the two ways saved different files" >&2; exit 1; }
echo "preview: long title found at line $line, default config clean on iOS and Android, screenshots saved by one browser process: ok"
