#!/usr/bin/env bash
# The GitHub Action (action.yml) is this script: it installs the released customer-center binary
# for the runner, verified against its sha256, then lints the given paths: annotations
# (--format github) in the log, a Markdown summary in $GITHUB_STEP_SUMMARY, SARIF if asked, the
# counts in $GITHUB_OUTPUT. It fails exactly when lint fails the gate (its exit code is lint's).
# Scripts/ci/test-action.sh runs it the way the runner does, with the environment GitHub sets.
#
# Inputs (action.yml maps each `with:` input to one of these):
#   INPUT_VERSION      release to install, e.g. 0.4.0; default: the action's ref when it is a version
#   INPUT_PATHS        files or directories, one per line (default: .)
#   INPUT_ARGS         more lint options, separated by blanks (e.g. --strict --platform ios)
#   INPUT_SARIF_FILE   write SARIF 2.1.0 there for code scanning (default: none)
#   INPUT_SUMMARY      "false" leaves the job summary alone (default: true)
#   INPUT_SHA256       the archive's expected sha256, pinned in the workflow (default: the release's .sha256)
#   INPUT_BASE_URL     where the release assets are (default: this action's repository's release)
#   INPUT_WORKING_DIRECTORY  where the paths (and args' files) are relative to (default: .); annotations,
#                            SARIF and the sarif-file output still name files from the repository root
set -euo pipefail
here_action="$(cd "$(dirname "$0")" && pwd)"
error() { echo "::error title=customer-center action::$*"; exit 2; }
: "${GITHUB_OUTPUT:?not set: this script runs as a GitHub Actions step}"
: "${RUNNER_OS:?not set: this script runs as a GitHub Actions step}"

# Which repository and ref the workflow used the action at: github.action_ref / action_repository
# are not reliably set inside composite actions (actions/runner#2473), so the runner's checkout
# path of the action (.../_actions/OWNER/REPO/REF) is the fallback.
ref="${CUSTOMER_CENTER_ACTION_REF:-}" repository="${CUSTOMER_CENTER_ACTION_REPOSITORY:-}"
if [[ "${GITHUB_ACTION_PATH:-}" =~ /_actions/([^/]+)/([^/]+)/([^/]+)/?$ ]]; then
  repository="${repository:-${BASH_REMATCH[1]}/${BASH_REMATCH[2]}}" ref="${ref:-${BASH_REMATCH[3]}}"
fi
version="${INPUT_VERSION:-}"
if [ -z "$version" ]; then
  if [[ "$ref" =~ ^v?([0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?)$ ]]; then
    version="${BASH_REMATCH[1]}"
  else
    error "set the 'version' input (the action is used at '${ref:-an unknown ref}', which is not a release)"
  fi
fi
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || error "'$version' is not a release version (like 0.4.0)"

# The archive for this runner. Releases hold what Scripts/release.sh built; docs/install.md lists them.
case "$RUNNER_OS/${RUNNER_ARCH:-X64}" in
  Linux/X64) triple=x86_64-unknown-linux-gnu ;;
  Linux/ARM64) triple=aarch64-unknown-linux-gnu ;;
  macOS/*) triple=universal-apple-macosx ;;
  *) error "no customer-center release for $RUNNER_OS/${RUNNER_ARCH:-?} (Linux and macOS runners are supported)" ;;
esac
name="customer-center-$version-$triple"
if [ -z "${INPUT_BASE_URL:-}" ] && [ -z "$repository" ]; then
  error "cannot tell which repository's releases to use (a local 'uses: ./'?): set the 'base-url' input"
fi
base_url="${INPUT_BASE_URL:-${GITHUB_SERVER_URL:-https://github.com}/$repository/releases/download/$version}"
base_url="${base_url%/}"

work="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/customer-center-action.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Installed once per version and runner: a second use in the same job reuses it.
install_dir="${RUNNER_TOOL_CACHE:-${RUNNER_TEMP:-${TMPDIR:-/tmp}}}/customer-center/$version/$triple"
binary="$install_dir/$name/customer-center"
if [ ! -x "$binary" ]; then
  download="$work/download" && mkdir "$download"
  echo "Downloading $base_url/$name.tar.gz"
  for file in "$name.tar.gz" "$name.tar.gz.sha256"; do
    curl --fail --silent --show-error --location --retry 3 --output "$download/$file" "$base_url/$file" \
      || error "could not download $base_url/$file (is $version released for $triple?)"
  done
  expected="$(cut -d' ' -f1 < "$download/$name.tar.gz.sha256")"
  if [ -n "${INPUT_SHA256:-}" ] && [ "$INPUT_SHA256" != "$expected" ]; then
    error "the release's checksum $expected is not the pinned sha256 $INPUT_SHA256"
  fi
  if command -v sha256sum >/dev/null; then actual="$(sha256sum "$download/$name.tar.gz" | cut -d' ' -f1)"
  else actual="$(shasum -a 256 "$download/$name.tar.gz" | cut -d' ' -f1)"; fi
  [ "$actual" = "$expected" ] || error "$name.tar.gz has sha256 $actual, not $expected: refusing to run it"
  mkdir -p "$install_dir"
  tar -xzf "$download/$name.tar.gz" -C "$download"
  rm -rf "${install_dir:?}/$name" && mv "$download/$name" "$install_dir/$name"
  echo "Installed customer-center $version ($triple, sha256 $actual)"
fi
[ "$("$binary" --version)" = "customer-center $version" ] || error "$binary is not customer-center $version"
[ -z "${GITHUB_PATH:-}" ] || echo "$install_dir/$name" >> "$GITHUB_PATH"
{ echo "version=$version"; echo "binary=$binary"; } >> "$GITHUB_OUTPUT"

# The repository (GITHUB_WORKSPACE, where steps start) and where lint runs within it: GitHub reads
# annotation and SARIF paths from the repository root, so with a working-directory below it the
# paths lint prints (relative to that folder) get the folder in front.
workspace="$(cd "${GITHUB_WORKSPACE:-.}" && pwd -P)"
cd "${INPUT_WORKING_DIRECTORY:-.}" || error "working-directory '${INPUT_WORKING_DIRECTORY:-}' is not a folder"
here="$(pwd -P)" prefix=""
case "$here" in
  "$workspace") ;;
  "$workspace"/*) prefix="${here#"$workspace"/}" ;;
  *) echo "::warning title=customer-center action::working-directory $here is outside the repository ($workspace): annotations name files from it" ;;
esac
# One path per line (a YAML block), so a path may hold blanks; surrounding blanks and empty lines
# are dropped. args are options, separated by blanks.
paths=()
while IFS= read -r line || [ -n "$line" ]; do
  line="${line#"${line%%[![:space:]]*}"}" && line="${line%"${line##*[![:space:]]}"}"
  [ -z "$line" ] || paths+=("$line")
done <<< "${INPUT_PATHS:-.}"
read -r -d '' -a args <<< "${INPUT_ARGS:-}" || true
[ "${#paths[@]}" -gt 0 ] || paths=(.)
lint() { "$binary" lint "$@" ${args[@]+"${args[@]}"} -- "${paths[@]}"; }

# A workflow command's property value as GitHub escapes it (%, CR, LF, ':' and ',').
property() { local v="${1//%/%25}"; v="${v//$'\r'/%0D}"; v="${v//$'\n'/%0A}"; v="${v//:/%3A}"; printf '%s' "${v//,/%2C}"; }
# A path from the repository root: PREFIX/PATH (PATH relative to the working directory) or an
# absolute path under the workspace made relative; '.' and '..' segments resolved.
from_root() {
  local path="$1" part out=()
  case "$path" in
    "$workspace_property"/*) path="${path#"$workspace_property"/}" ;;
    /*) printf '%s' "$path"; return ;;
    *) [ -z "$prefix_property" ] || path="$prefix_property/$path" ;;
  esac
  local parts=() last
  IFS=/ read -r -a parts <<< "$path"
  for part in ${parts[@]+"${parts[@]}"}; do
    last=$((${#out[@]} - 1))
    case "$part" in
      ""|.) ;;
      ..) if [ "$last" -ge 0 ] && [ "${out[$last]}" != .. ]; then unset "out[$last]"; else out+=(..); fi ;;
      *) out+=("$part") ;;
    esac
  done
  local IFS=/
  printf '%s' "${out[*]}"
}
workspace_property="$(property "$workspace")" prefix_property="$(property "$prefix")"
# Each annotation's file= from the repository root.
annotations() {
  local line rest file
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ "$line" =~ ^(::(error|warning|notice)\ file=)([^,:]*)(.*)$ ]]; then
      rest="${BASH_REMATCH[4]}" file="$(from_root "${BASH_REMATCH[3]}")"
      line="${BASH_REMATCH[1]}$file$rest"
    fi
    printf '%s\n' "$line"
  done
}

# Annotations and the full list in the log; this run's exit code is the step's.
status=0
set +o pipefail
lint --format github | annotations
status="${PIPESTATUS[0]}"
set -o pipefail
echo "exit-code=$status" >> "$GITHUB_OUTPUT"
if [ "$status" -le 1 ]; then
  lint --format json > "$work/report.json" || true
  summary=/dev/null
  [ "${INPUT_SUMMARY:-true}" = false ] || summary="${GITHUB_STEP_SUMMARY:-/dev/null}"
  if command -v python3 >/dev/null; then
    python3 "$here_action/summary.py" "$GITHUB_OUTPUT" "$status" < "$work/report.json" >> "$summary"
  else
    # A container without Python: the verdict only (the log has every finding).
    echo "customer-center lint: exit $status (no python3 on this runner for the findings table)" >> "$summary"
  fi
  if [ -n "${INPUT_SARIF_FILE:-}" ]; then
    lint --format sarif > "$work/lint.sarif" || true
    if command -v python3 >/dev/null; then
      python3 "$here_action/sarif_paths.py" "$workspace" "$prefix" < "$work/lint.sarif" > "$INPUT_SARIF_FILE"
    else
      [ -z "$prefix" ] || echo "::warning title=customer-center action::no python3 on this runner: the SARIF names files from $prefix, not the repository root"
      cp "$work/lint.sarif" "$INPUT_SARIF_FILE"
    fi
    # The path the upload step takes (steps start at the repository root).
    sarif_file="$INPUT_SARIF_FILE"
    case "$sarif_file" in /*) ;; *) [ -z "$prefix" ] || sarif_file="$prefix/${sarif_file#./}" ;; esac
    echo "sarif-file=$sarif_file" >> "$GITHUB_OUTPUT"
    echo "SARIF written to $sarif_file"
  fi
else
  echo "::error title=customer-center lint::lint could not run (exit $status): see the log above"
fi
exit "$status"
