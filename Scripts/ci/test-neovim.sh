#!/usr/bin/env bash
# The language server in a real editor: headless Neovim (Debian's neovim) runs test-neovim.lua.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v nvim >/dev/null || { echo "test-neovim: nvim is not installed (apt-get install neovim)" >&2; exit 1; }
swift build --product customer-center >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The shipped example lints clean; one unused key gives the editor a finding to show.
sed 's/^      "management_title": {/      "unused_note": {"de": "Nie gezeigt", "en": "Never shown"},\n      "management_title": {/' \
  Examples/customer_center.json > "$work/customer_center.json"
CC_BIN="$PWD/.build/debug/customer-center" CC_FILE="$work/customer_center.json" \
  timeout 120 nvim --headless --noplugin -u NONE -c "luafile Scripts/ci/test-neovim.lua" 2>&1
echo
