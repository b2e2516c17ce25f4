#!/usr/bin/env bash
# Proves the GitHub Action (action.yml): its steps, run as the runner runs them
# (Scripts/ci/run-action.py) with the environment GitHub sets up (GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY, GITHUB_PATH, RUNNER_OS, RUNNER_ARCH, RUNNER_TEMP, RUNNER_TOOL_CACHE), download
# the release archive from a local "release" (a file:// base-url), verify its sha256 and install it;
# a clean config passes with a summary; a broken one fails the step with annotations, a summary table,
# SARIF and the counts as outputs; a corrupt archive or a wrong pinned checksum is refused and never
# run; the version comes from the action's ref when not given; an unsupported runner is told so; the
# problem matcher annotates errors, warnings and notes (as notices) by the runner's rules.
# The README's walkthrough workflow validates and, run on Examples/broken.json, fails with the log and
# summary the README shows. Then action.yml and the example workflows validate against GitHub's
# schemas (check-jsonschema).
#
# usage: test-action.sh [DIST]  (default .build-release/dist, which test-release.sh leaves)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
dist="$(cd "${1:-$repo/.build-release/dist}" && pwd)"
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$repo/Sources/CustomerCenterCompiler/Support/CustomerCenter.swift")"
archive="$(cd "$dist" 2>/dev/null && ls "customer-center-$version-"*-linux-*.tar.gz 2>/dev/null | head -1 || true)"
[ -n "$archive" ] || { echo "no release archive in $dist: run Scripts/ci/test-release.sh (or Scripts/release.sh) first" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v check-jsonschema >/dev/null || python3 -m pip install --quiet check-jsonschema

# The runner's environment, fresh for each job.
new_job() {
  rm -rf "$scratch/runner" && mkdir -p "$scratch/runner/temp" "$scratch/runner/tool-cache"
  export RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TEMP="$scratch/runner/temp" RUNNER_TOOL_CACHE="$scratch/runner/tool-cache"
  export GITHUB_STEP_SUMMARY="$scratch/runner/summary.md" GITHUB_PATH="$scratch/runner/path" GITHUB_OUTPUT="$scratch/runner/output"
  export GITHUB_SERVER_URL=https://github.com GITHUB_ACTIONS=true CI=true GITHUB_WORKSPACE="$scratch/workspace"
  : > "$GITHUB_STEP_SUMMARY"; : > "$GITHUB_PATH"; : > "$GITHUB_OUTPUT"
}
# run_action OUT [INPUT=VALUE...]: the action as a workflow step; its exit code in $status.
run_action() {
  local out="$1"; shift
  status=0
  (cd "$scratch/workspace" && python3 "$repo/Scripts/ci/run-action.py" "${action_dir:-$repo}" "$@") > "$out" 2>&1 || status=$?
}
output() { sed -n "s/^$1=//p" "$GITHUB_OUTPUT" | tail -1; }
release="file://$dist"

mkdir -p "$scratch/workspace/config"
cp "$repo/Examples/customer_center.json" "$scratch/workspace/config/customer_center.json"

echo "action: clean config (download, verify, install, lint, summary, SARIF)"
new_job
run_action "$scratch/out.txt" version="$version" paths=config base-url="$release" sarif-file=lint.sarif
cat "$scratch/out.txt"
[ "$status" = 0 ] || fail "the action failed on a clean config (exit $status)"
grep -q "Installed customer-center $version" "$scratch/out.txt" || fail "the action did not install the release"
[ "$(output exit-code)" = 0 ] && [ "$(output errors)" = 0 ] && [ "$(output files)" = 1 ] || { cat "$GITHUB_OUTPUT"; fail "wrong outputs"; }
grep -q "customer-center lint passed" "$GITHUB_STEP_SUMMARY" || { cat "$GITHUB_STEP_SUMMARY"; fail "no summary"; }
grep -qx "$RUNNER_TOOL_CACHE/customer-center/$version/x86_64-unknown-linux-gnu/customer-center-$version-x86_64-unknown-linux-gnu" "$GITHUB_PATH" \
  || { cat "$GITHUB_PATH"; fail "the binary's folder was not added to GITHUB_PATH"; }
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); assert s["version"] == "2.1.0" and s["runs"][0]["results"] == [], s' \
  "$scratch/workspace/lint.sarif" || fail "no empty SARIF for a clean config"
[ -z "$(ls -A "$RUNNER_TEMP")" ] || fail "the action left files in RUNNER_TEMP: $(ls -A "$RUNNER_TEMP")"

echo "action: broken config (the step fails; annotations, summary table, SARIF, outputs; the install is reused)"
cp "$repo/Examples/broken.json" "$scratch/workspace/config/customer_center.json"
: > "$GITHUB_OUTPUT"
run_action "$scratch/out.txt" version="$version" paths=config base-url="$release" sarif-file=lint.sarif args="--rule screen.missing=off"
[ "$status" = 1 ] || { cat "$scratch/out.txt"; fail "the action did not fail the step on a broken config (exit $status)"; }
if grep -q "Downloading" "$scratch/out.txt"; then fail "the second use in a job downloaded again"; fi
grep -q "^::error file=config/customer_center.json,line=2,col=3,endLine=2,endColumn=31,title=json.comment::comments are not allowed in JSON" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "no annotation for the comment"; }
if grep -q "title=screen.missing" "$scratch/out.txt"; then fail "the args input (--rule screen.missing=off) was not passed"; fi
[ "$(output exit-code)" = 1 ] && [ "$(output errors)" = 4 ] && [ "$(output warnings)" = 2 ] || { cat "$GITHUB_OUTPUT"; fail "wrong outputs"; }
cat "$GITHUB_STEP_SUMMARY"
grep -q "customer-center lint failed" "$GITHUB_STEP_SUMMARY" \
  && grep -qF '| `config/customer_center.json` | 4 | 2 | 0 |' "$GITHUB_STEP_SUMMARY" \
  && grep -qF '| `config/customer_center.json:2:3` | error | `json.comment` | comments are not allowed in JSON |' "$GITHUB_STEP_SUMMARY" \
  || fail "the summary lacks the table of files and findings"
python3 -c 'import json, sys; s = json.load(open(sys.argv[1])); assert len(s["runs"][0]["results"]) == 6, len(s["runs"][0]["results"])' \
  "$scratch/workspace/lint.sarif" || fail "the SARIF file does not hold the six findings"

echo "action: working-directory (annotations, SARIF and the sarif-file output name files from the repository root)"
mkdir -p "$scratch/workspace/sub dir/config"
cp "$repo/Examples/broken.json" "$scratch/workspace/sub dir/config/customer_center.json"
# A file named in args is read from working-directory (this configuration turns screen.missing off).
echo '{"rules": {"screen.missing": "off"}}' > "$scratch/workspace/sub dir/lint-config.json"
new_job
run_action "$scratch/out.txt" version="$version" base-url="$release" working-directory="sub dir" paths=config sarif-file=cc.sarif \
  args="--config lint-config.json"
[ "$status" = 1 ] || { cat "$scratch/out.txt"; fail "the action did not fail on the broken config in working-directory (exit $status)"; }
grep -q "^::error file=sub dir/config/customer_center.json,line=2,col=3,endLine=2,endColumn=31,title=json.comment::" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "the annotation does not name the file from the repository root"; }
if grep -q "title=screen.missing" "$scratch/out.txt"; then fail "--config in args was not read from working-directory"; fi
if grep -q "^::[a-z]* file=config/" "$scratch/out.txt"; then fail "an annotation names a file from working-directory"; fi
[ "$(output sarif-file)" = "sub dir/cc.sarif" ] || { cat "$GITHUB_OUTPUT"; fail "the sarif-file output is not the path from the repository root"; }
[ -f "$scratch/workspace/$(output sarif-file)" ] || fail "no SARIF at the sarif-file output's path"
python3 - "$scratch/workspace/sub dir/cc.sarif" "$scratch/workspace" <<'PY' || fail "the SARIF does not name files from the repository root"
import json, sys
from pathlib import Path
run = json.load(open(sys.argv[1]))["runs"][0]
base = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
assert base == Path(sys.argv[2]).resolve().as_uri() + "/", base
uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
assert uris == {"sub%20dir/config/customer_center.json"}, uris
assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%" for r in run["results"])
PY

echo "action: paths, one per line (blanks in a path, surrounding blanks and empty lines ignored)"
mkdir -p "$scratch/workspace/my configs" "$scratch/workspace/odd"
cp "$repo/Examples/broken.json" "$scratch/workspace/my configs/customer_center.json"
cp "$repo/Examples/customer_center.json" "$scratch/workspace/odd/customer center, 1.json"
new_job
run_action "$scratch/out.txt" version="$version" base-url="$release" args="--rule screen.missing=off" \
  paths="$(printf '  my configs\n\nodd/customer center, 1.json  \n')"
[ "$status" = 1 ] && [ "$(output files)" = 2 ] || { cat "$scratch/out.txt" "$GITHUB_OUTPUT"; fail "two paths with blanks were not linted as two files (exit $status)"; }
grep -q "^::error file=my configs/customer_center.json,line=2,col=3," "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "no annotation for 'my configs'"; }
if grep -q "cannot read" "$scratch/out.txt"; then cat "$scratch/out.txt"; fail "a path was split at a blank"; fi

echo "action: the example workflows' permissions are what the SARIF upload needs (private repositories too)"
python3 "$repo/Scripts/ci/doc-blocks.py" workflow "$scratch/perm-workflows" "$repo/README.md" "$repo"/docs/*.md > "$scratch/perm-blocks.tsv"
python3 - "$repo"/Examples/ci/*.yml $(cut -f1 "$scratch/perm-blocks.tsv") <<'PY' || fail "a workflow that uploads SARIF lacks a permission it needs"
import sys, yaml
uploads = 0
for path in sys.argv[1:]:
    workflow = yaml.safe_load(open(path))
    for name, job in workflow.get("jobs", {}).items():
        if not any(step.get("uses", "").startswith("github/codeql-action/upload-sarif") for step in job.get("steps", [])):
            continue
        uploads += 1
        granted = job.get("permissions", workflow.get("permissions"))
        # upload-sarif writes alerts (security-events), reads the run (actions: private repositories
        # answer "Resource not accessible by integration" without it) and checkout reads the code.
        needed = {"security-events": "write", "actions": "read", "contents": "read"}
        missing = {k: v for k, v in needed.items() if not isinstance(granted, dict) or granted.get(k) not in (v, "write")}
        assert not missing, f"{path}: job {name} lacks {missing}"
assert uploads >= 1, "no workflow uploads SARIF"
print(f"{uploads} job(s) that upload SARIF have the permissions")
PY

echo "action: a usage error is not a lint failure (exit 2, said so)"
new_job
run_action "$scratch/out.txt" version="$version" paths=config base-url="$release" args="--no-such-flag"
[ "$status" = 2 ] && grep -q "::error title=customer-center lint::lint could not run (exit 2)" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "a usage error was not reported as one (exit $status)"; }

echo "action: a corrupt archive is refused and never run"
mkdir "$scratch/bad-release"
cp "$dist/$archive" "$dist/$archive.sha256" "$scratch/bad-release/"
printf 'X' | dd of="$scratch/bad-release/$archive" bs=1 seek=5000 conv=notrunc status=none
new_job
run_action "$scratch/out.txt" version="$version" paths=config base-url="file://$scratch/bad-release"
[ "$status" = 2 ] && grep -q "::error title=customer-center action::$archive has sha256 .*: refusing to run it" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "a corrupt archive was not refused (exit $status)"; }
[ -z "$(find "$RUNNER_TOOL_CACHE" -type f)" ] || fail "a refused archive was installed"

echo "action: a pinned sha256 that is not the release's is refused"
new_job
run_action "$scratch/out.txt" version="$version" paths=config base-url="$release" sha256=0000000000000000000000000000000000000000000000000000000000000000
[ "$status" = 2 ] && grep -q "is not the pinned sha256" "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "a wrong pin was not refused"; }

echo "action: a version that was not released is said so"
new_job
run_action "$scratch/out.txt" version=98.0.0 paths=config base-url="$release"
[ "$status" = 2 ] && grep -q "could not download .*customer-center-98.0.0-x86_64-unknown-linux-gnu.tar.gz (is 98.0.0 released for x86_64-unknown-linux-gnu?)" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "a missing release was not reported"; }

echo "action: the version defaults to the action's ref (uses: OWNER/customer-center@$version)"
mkdir -p "$scratch/_actions/OWNER/customer-center"
ln -s "$repo" "$scratch/_actions/OWNER/customer-center/$version"
cp "$repo/Examples/customer_center.json" "$scratch/workspace/config/customer_center.json"
new_job
action_dir="$scratch/_actions/OWNER/customer-center/$version" run_action "$scratch/out.txt" paths=config base-url="$release"
[ "$status" = 0 ] && grep -q "Installed customer-center $version" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "the version was not taken from the action's ref (exit $status)"; }

echo "action: an unsupported runner is told so"
new_job
RUNNER_OS=Windows run_action "$scratch/out.txt" version="$version" paths=config base-url="$release"
[ "$status" = 2 ] && grep -q "no customer-center release for Windows/X64" "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "Windows was not refused clearly"; }

echo "action: the README's walkthrough (Fail CI on a broken config), as a new user follows it"
# The workflow block under <!-- workflow: ... --> validates against GitHub's schema; its steps are
# checkout and the action, run here on Examples/broken.json with the block's inputs. The action is
# at the runner's path for `uses: OWNER/customer-center@REF`, and nothing says where the release is:
# the action derives it from that path, and the GitHub host serves a local copy of the release. The
# log and job summary the README shows (<!-- action log / action summary -->) must be, line for line,
# in what the step printed and wrote.
python3 "$repo/Scripts/ci/doc-blocks.py" workflow "$scratch/readme-workflow" "$repo/README.md" > "$scratch/blocks.tsv"
[ "$(wc -l < "$scratch/blocks.tsv")" = 1 ] || { cat "$scratch/blocks.tsv"; fail "the README should have exactly one workflow block"; }
workflow="$(cut -f1 "$scratch/blocks.tsv")"
check-jsonschema --builtin-schema vendor.github-workflows "$workflow"
python3 - "$workflow" > "$scratch/step.txt" <<'PY'
import sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
[job] = workflow["jobs"].values()
assert job["runs-on"] == "ubuntu-latest", job["runs-on"]
steps = job["steps"]
assert [step.get("uses", "").split("@")[0] for step in steps] == ["actions/checkout", "OWNER/customer-center"], \
    f"the walkthrough's steps should be checkout and the action, not {steps}"
print(steps[1]["uses"].split("@")[1])
for key, value in (steps[1].get("with") or {}).items():
    print(f"{key}={value}")
PY
ref="$(head -1 "$scratch/step.txt")"
[ "$ref" = "$version" ] || fail "the README's workflow uses release $ref; this source is $version"
mapfile -t inputs < <(tail -n +2 "$scratch/step.txt")
[ "${inputs[*]}" = "paths=config" ] || fail "the walkthrough says the config is under config/; the workflow's inputs are: ${inputs[*]}"
site="$scratch/site/OWNER/customer-center/releases/download/$version"
mkdir -p "$site" && cp "$dist/$archive" "$dist/$archive.sha256" "$site/"
rm -rf "$scratch/workspace" && mkdir -p "$scratch/workspace/config"
cp "$repo/Examples/broken.json" "$scratch/workspace/config/customer_center.json"
new_job
GITHUB_SERVER_URL="file://$scratch/site" action_dir="$scratch/_actions/OWNER/customer-center/$ref" run_action "$scratch/out.txt" "${inputs[@]}"
cat "$scratch/out.txt"
[ "$status" = 1 ] || fail "the walkthrough's step did not fail on a broken config (exit $status)"
grep -qF "Downloading file://$site/$archive" "$scratch/out.txt" || fail "the release was not found from the action's own repository and ref"
python3 "$repo/Scripts/ci/doc-blocks.py" "action log" "$scratch/readme-log" "$repo/README.md" > "$scratch/log-blocks.tsv"
python3 "$repo/Scripts/ci/doc-blocks.py" "action summary" "$scratch/readme-summary" "$repo/README.md" > "$scratch/summary-blocks.tsv"
# shown FILE BLOCK: every non-empty line the README shows is a line of FILE.
shown() {
  local line
  while IFS= read -r line; do
    [ -z "$line" ] || grep -qxF -- "$line" "$1" || fail "the README shows a line the step did not produce: $line"
  done < "$2"
}
shown "$scratch/out.txt" "$(cut -f1 "$scratch/log-blocks.tsv")"
shown "$GITHUB_STEP_SUMMARY" "$(cut -f1 "$scratch/summary-blocks.tsv")"

echo "action: the problem matcher turns every compact line into an annotation, notes as notices"
# Scripts/ci/problem-matcher.py applies Examples/ci/customer-center-matcher.json with the runner's
# rules (severities error, warning, notice; anything else is dropped) to the release binary's
# compact output, where --rule makes one finding a note.
mkdir -p "$scratch/matcher/config"
tar -xzf "$dist/$archive" -C "$scratch/matcher"
cp "$repo/Examples/broken.json" "$scratch/matcher/config/customer_center.json"
(cd "$scratch/matcher" && "./${archive%.tar.gz}/customer-center" lint --format compact --rule screen.missing=note config/customer_center.json) \
  > "$scratch/matcher/log.txt" || true
python3 "$repo/Scripts/ci/problem-matcher.py" "$repo/Examples/ci/customer-center-matcher.json" < "$scratch/matcher/log.txt" > "$scratch/matcher/issues.tsv"
cat "$scratch/matcher/issues.tsv"
findings="$(grep -cE ': (error|warning|note): ' "$scratch/matcher/log.txt")"
[ "$findings" -ge 3 ] || fail "expected findings of every severity in the compact output"
[ "$(grep -c '^ISSUE' "$scratch/matcher/issues.tsv")" = "$findings" ] || fail "not every finding became an annotation"
! grep -q '^DROPPED' "$scratch/matcher/issues.tsv" || fail "the runner would drop a finding (its severity is not one it accepts)"
grep -qP '^ISSUE\tnotice\tconfig/customer_center.json\t\d+\t\d+\tscreen.missing\tthere is no NO_ACTIVE screen' "$scratch/matcher/issues.tsv" \
  || fail "the note is not a notice annotation on its file and line"
grep -qP '^ISSUE\terror\tconfig/customer_center.json\t2\t3\tjson.comment\tcomments are not allowed in JSON$' "$scratch/matcher/issues.tsv" \
  || fail "the error is not an error annotation with its file, line, column, code and message"
grep -qP '^ISSUE\twarning\t' "$scratch/matcher/issues.tsv" || fail "no warning annotation"

echo "action: action.yml, the example workflows and the workflows the docs show validate against GitHub's schemas"
python3 "$repo/Scripts/ci/doc-blocks.py" workflow "$scratch/doc-workflows" "$repo"/docs/*.md > "$scratch/doc-blocks.tsv"
cut -f2 "$scratch/doc-blocks.tsv"
# shellcheck disable=SC2046
check-jsonschema --builtin-schema vendor.github-workflows $(cut -f1 "$scratch/doc-blocks.tsv")
check-jsonschema --builtin-schema vendor.github-actions "$repo/action.yml"
check-jsonschema --builtin-schema vendor.github-workflows "$repo"/Examples/ci/*.yml
echo "action: ok"
