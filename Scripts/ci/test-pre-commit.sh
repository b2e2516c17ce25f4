#!/usr/bin/env bash
# Proves the pre-commit hooks with the real pre-commit tool: in a scratch git repository, a good
# config passes both hooks and a bad one fails with our diagnostics. The hooks take every JSON file
# (types: [json]) with --force-exclude: a team's .customer-center.json decides (a config of any
# name it includes is checked, one it excludes is not), and without one the default names do
# (package.json is not a config).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
command -v pre-commit >/dev/null || python3 -m pip install --quiet pre-commit
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
# One environment for every run below: `pre-commit try-repo` builds the hook repository (a release
# build of the whole package) into a fresh store on every call, six builds for this script. A
# config naming this repository at its HEAD commit builds it once into a store of our own, as a
# user's `pre-commit install` does. (It tests what is committed: commit before running it locally.)
export PRE_COMMIT_HOME="$scratch/pre-commit-home"
rev="$(git -C "$repo" rev-parse HEAD)"
cd "$scratch"
git init -q .
git config user.email ci@example.com
git config user.name ci
mkdir -p app
cp "$repo/Examples/customer_center.json" app/customer_center.json
cp "$repo/Examples/broken.json" app/customer_center_broken.json
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $repo
    rev: $rev
    hooks:
      - id: customer-center-fix
      - id: customer-center-format
      - id: customer-center-lint
YAML
git add .

# The first install, as a user's first `pre-commit install-hooks` (or first commit) does it: a
# release build of the hook repository. The root package holds only what users run (the
# benchmarks are a package of their own, Benchmarks/, and the fuzzer is built by Scripts/fuzz.sh),
# so this builds no benchmark: checked on what the build left in pre-commit's store.
echo "pre-commit: first install (swift build -c release of the hook repository)"
started=$SECONDS
pre-commit install-hooks > install.log 2>&1 || { cat install.log; echo "FAIL: pre-commit could not install the hooks"; exit 1; }
echo "first install: $((SECONDS - started)) s"
built="$(find "$PRE_COMMIT_HOME" -maxdepth 6 -path '*/release/*' \( -name '*.product' -o -name '*.build' \) -printf '%f\n' | sort)"
echo "$built" | grep -qx 'customer-center.product' || { echo "$built"; echo "FAIL: the install built no customer-center (above: what it built)"; exit 1; }
if echo "$built" | grep -Ei 'bench|startup.floor|peak.rss|fuzz'; then
  echo "FAIL: the first install built a benchmark or the fuzzer (above)"; exit 1
fi
echo "pre-commit: the install built $(echo "$built" | grep -c '\.build$') modules and $(echo "$built" | grep -c '\.product$') products, no benchmark: $(echo "$built" | grep '\.product$' | sed 's/\.product$//' | tr '\n' ' ')"
# pre-commit run HOOK... --files FILES, with the hooks of the config.
try_hooks() { pre-commit run "$@"; }

echo "pre-commit: good config (every hook)"
try_hooks --files app/customer_center.json

echo "pre-commit: bad config (every hook, in the config's order: fix, format, lint)"
cp app/customer_center_broken.json broken.orig
if try_hooks --files app/customer_center_broken.json > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the hooks passed a broken config"; exit 1
fi
grep -q "customer-center lint --fix.*Failed" out.txt && grep -q "files were modified by this hook" out.txt \
  || { cat out.txt; echo "FAIL: the fix hook did not fix and fail"; exit 1; }
grep -q "customer-center format --check.*Failed" out.txt && grep -q "customer-center lint\.\.\..*Failed" out.txt \
  || { cat out.txt; echo "FAIL: the format and lint hooks must fail on what no fix repairs"; exit 1; }
grep -q "app/customer_center_broken.json:7:7: error: duplicate key 'management_title' in the same object \[json.duplicate-key\]" out.txt \
  || { cat out.txt; echo "FAIL: the lint hook's diagnostic is missing"; exit 1; }

echo "pre-commit: the lint and format hooks alone on the original"
cp broken.orig app/customer_center_broken.json
if try_hooks customer-center-lint --files app/customer_center_broken.json > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the lint hook passed a broken config"; exit 1
fi
grep -q "app/customer_center_broken.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: the lint hook's diagnostic is missing"; exit 1; }
if try_hooks customer-center-format --files app/customer_center_broken.json > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the format hook passed a broken config"; exit 1
fi
grep -q "app/customer_center_broken.json has syntax errors (below); it was not formatted" out.txt \
  || { cat out.txt; echo "FAIL: the format hook did not refuse the broken config"; exit 1; }

echo "pre-commit: the fix hook fixes, fails once, then passes"
printf '{\n  // a comment\n  "screens": {},\n  "localization": {"default": "en", "localized_strings": {}},\n}\n' > app/customer_center_fixable.json
git add app/customer_center_fixable.json
if try_hooks customer-center-fix --files app/customer_center_fixable.json > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the fix hook passed a file it changed"; exit 1
fi
grep -q "// a comment" app/customer_center_fixable.json && { cat out.txt; echo "FAIL: the comment was not removed"; exit 1; }
git add app/customer_center_fixable.json
try_hooks customer-center-fix --files app/customer_center_fixable.json > out.txt 2>&1 \
  || { cat out.txt; cat app/customer_center_fixable.json; echo "FAIL: the fixed file still fails the fix hook"; exit 1; }

echo "pre-commit: a config-named file that is {} or not JSON fails the lint hook (never '0 files')"
for text in '{}' '{"a": 1,}' '{"a": 1} trailing'; do
  printf '%s\n' "$text" > app/customer_center_empty.json
  git add app/customer_center_empty.json
  if try_hooks customer-center-lint --files app/customer_center_empty.json > out.txt 2>&1; then
    cat out.txt; echo "FAIL: the lint hook passed customer_center_empty.json holding $text"; exit 1
  fi
  grep -q "app/customer_center_empty.json:1:" out.txt || { cat out.txt; echo "FAIL: no finding for $text"; exit 1; }
done
git rm -q --cached app/customer_center_empty.json && rm app/customer_center_empty.json

echo "pre-commit: a team layout decides which staged JSON files are configs"
mkdir -p team/configs/legacy
printf '{"include": ["configs/**/*.json"], "exclude": ["**/legacy/**"]}\n' > team/.customer-center.json
cp "$repo/Examples/broken.json" team/configs/paywall_help.json   # another name, included
cp "$repo/Examples/broken.json" team/configs/legacy/old.json     # excluded
printf '{"name":  "app", "private": true}\n' > package.json      # no configuration file: default names
printf '{"name":  "team-app"}\n' > team/package.json             # not included
git add team package.json   # not '.': out.txt (rewritten while the hooks run) and pre-commit's home stay untracked
left_out="team/configs/legacy/old.json package.json team/package.json team/.customer-center.json"
# shellcheck disable=SC2086
if try_hooks customer-center-lint --files team/configs/paywall_help.json $left_out > out.txt 2>&1; then
  cat out.txt; echo "FAIL: the lint hook passed a broken config the team's include names"; exit 1
fi
grep -q "team/configs/paywall_help.json:2:3: error: comments are not allowed in JSON \[json.comment\]" out.txt \
  || { cat out.txt; echo "FAIL: the included config of another name was not linted"; exit 1; }
if grep -E "(old\.json|package\.json|\.customer-center\.json):[0-9]+:" out.txt; then
  cat out.txt; echo "FAIL: the lint hook reported a file the layout leaves out"; exit 1
fi
echo "pre-commit: every hook passes on what the layout leaves out, and changes none of it"
cp team/configs/legacy/old.json old.orig
cp package.json package.orig
# shellcheck disable=SC2086
try_hooks --files $left_out > out.txt 2>&1 || { cat out.txt; echo "FAIL: a hook failed on files the layout leaves out"; exit 1; }
cmp -s team/configs/legacy/old.json old.orig && cmp -s package.json package.orig \
  || { echo "FAIL: a hook changed a file the layout leaves out"; exit 1; }
echo "pre-commit hooks: ok"
