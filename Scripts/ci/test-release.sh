#!/usr/bin/env bash
# Proves Scripts/release.sh as a release would run it: in a clean clone of the committed tree it
# builds the static archive, its .sha256 and the artifact bundle; the archived binary runs with no
# Swift reachable (an empty environment, PATH=/usr/bin:/bin, no libswift* linked), lints a shipped
# example and prints the version; the bundle's info.json is SwiftPM's format; packaging the same
# binary again gives byte-identical archives; a version other than the source's is refused.
# It also proves what docs/install.md says the binary needs: each shared library it loads, and the
# newest glibc symbol version it uses, are named there; and it runs the install commands that
# docs/install.md and the README show (blocks marked <!-- install: ... -->) against this release.
#
# The artifacts stay in .build-release/dist (git-ignored) for the stages that test their users
# (Scripts/ci/test-plugins-prebuilt.sh, Scripts/ci/test-action.sh). This is CI's one static build.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
version="$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' "$repo/Sources/CustomerCenterCompiler/Support/CustomerCenter.swift")"

echo "release: clean clone of $(git -C "$repo" rev-parse --short HEAD)"
git clone -q "$repo" "$scratch/clone"
cd "$scratch/clone"

echo "release: a VERSION other than the source's is refused, and nothing is built"
if bash Scripts/release.sh 99.0.0 > "$scratch/out.txt" 2>&1; then cat "$scratch/out.txt"; fail "release.sh took 99.0.0"; fi
grep -q "VERSION 99.0.0 differs from the source's $version (CustomerCenter.version in" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "no clear refusal of a wrong version"; }
[ ! -e dist ] || fail "a refused release left dist/"

echo "release: Scripts/release.sh $version"
started=$SECONDS
bash Scripts/release.sh "$version" 2>&1 | grep -v '^\[' | tail -5
echo "release: built and packaged in $((SECONDS - started)) s"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')"
name="customer-center-$version-$triple"
for file in "$name.tar.gz" "$name.tar.gz.sha256" customer-center.artifactbundle.zip \
  customer-center.artifactbundle.zip.sha256 customer-center-plugins/Package.swift; do
  [ -e "dist/$file" ] || fail "dist/$file is missing"
done
[ -z "$(git status --porcelain)" ] || { git status --short; fail "release.sh left files git does not ignore"; }

echo "release: the tool's generic types are reached through their metadata accessors, not by name"
# release.sh compiles with -disable-concrete-type-metadata-mangled-name-accessors (docs/performance.md,
# "The start"): the unstripped binary then holds no demangling cache variable (a symbol ending in MD)
# of the tool's own modules; the Swift runtime's static libraries keep theirs.
built=.build-static/release/customer-center
if command -v nm > /dev/null; then
  nm "$built" > "$scratch/symbols.txt" 2>&1 || true
  grep -q '22CustomerCenterCompiler' "$scratch/symbols.txt" || fail "$built has no symbol table to check"
  by_name="$(grep -E ' [a-zA-Z] \$s.*(CustomerCenter|JSONSyntax|PlatformLayer|ProcessSupport|RevenueCatAPI|customer_center).*MD$' "$scratch/symbols.txt" || true)"
  [ -z "$by_name" ] || { echo "$by_name" | head -5; fail "the release build instantiates the tool's generic types by mangled name ($(echo "$by_name" | wc -l) types): is the flag gone from release.sh?"; }
elif [ "${CUSTOMER_CENTER_REQUIRE_TOOLS:-}" = 1 ]; then
  fail "nm (binutils) is needed to check the release build's metadata access"
else
  echo "  skipped: nm (binutils) is not installed"
fi

echo "release: checksums verify (sha256sum -c), and a changed byte does not"
(cd dist && sha256sum -c "$name.tar.gz.sha256" && sha256sum -c customer-center.artifactbundle.zip.sha256)
cp "dist/$name.tar.gz" "$scratch/$name.tar.gz" && cp "dist/$name.tar.gz.sha256" "$scratch/"
printf '\0' | dd of="$scratch/$name.tar.gz" bs=1 seek=100 conv=notrunc status=none
if (cd "$scratch" && sha256sum -c --quiet "$name.tar.gz.sha256" > /dev/null 2>&1); then fail "a corrupt archive passed its checksum"; fi

echo "release: the archive holds the binary, LICENSE and README.md, owned by 0, dated by the commit"
listing="$(tar -tzvf "dist/$name.tar.gz")"
echo "$listing"
[ "$(tar -tzf "dist/$name.tar.gz" | sort | tr '\n' ' ')" = "$name/ $name/LICENSE $name/README.md $name/customer-center " ] \
  || fail "unexpected archive contents"
commit_day="$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%d)"
if echo "$listing" | grep -v " 0/0 " | grep -q .; then fail "an entry is not owned by 0/0"; fi
if echo "$listing" | grep -v "$commit_day" | grep -q .; then fail "an entry is not dated $commit_day (the commit)"; fi

echo "release: the archived binary runs with no Swift reachable"
mkdir "$scratch/user"
tar -xzf "dist/$name.tar.gz" -C "$scratch/user"
binary="$scratch/user/$name/customer-center"
if env -i PATH=/usr/bin:/bin sh -c 'command -v swift'; then fail "swift is reachable on PATH=/usr/bin:/bin: this test proves nothing here"; fi
if ldd "$binary" | grep -i swift; then fail "the archived binary links the Swift runtime dynamically"; fi
[ "$(env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" --version)" = "customer-center $version" ] \
  || fail "--version does not print $version"
env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" lint --format compact Examples/customer_center.json
status=0
env -i PATH=/usr/bin:/bin LD_LIBRARY_PATH= "$binary" lint --format compact Examples/broken.json > "$scratch/out.txt" || status=$?
[ "$status" = 1 ] && grep -q "Examples/broken.json:2:3: error: comments are not allowed in JSON \[json.comment\]" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "the archived binary did not fail a broken config (exit $status)"; }

echo "release: the install commands of docs/install.md and the README, run as written against this release"
# Each block marked <!-- install: ... --> runs as a reader would paste it, in an empty folder with
# an empty HOME and no Swift reachable. The only change: the GitHub host becomes a local copy of the
# release laid out as GitHub serves it (OWNER/customer-center/releases/download/VERSION/FILE), so the
# file names the docs download must be the ones release.sh wrote.
site="$scratch/site"
mkdir -p "$site/OWNER/customer-center/releases/download/$version"
cp dist/*.tar.gz dist/*.sha256 dist/customer-center.artifactbundle.zip "$site/OWNER/customer-center/releases/download/$version/"
python3 "$repo/Scripts/ci/doc-blocks.py" install "$scratch/install-blocks" "$repo/docs/install.md" "$repo/README.md" > "$scratch/blocks.tsv"
while IFS=$'\t' read -r block where description; do
  echo "  $where: $description"
  grep -q "https://github.com/OWNER/customer-center/releases/download/" "$block" \
    || fail "$where: the block does not download from https://github.com/OWNER/customer-center/releases/download/"
  sed "s|https://github.com/|file://$site/|g" "$block" > "$block.local"
  home="$scratch/home-$(basename "$block")" && mkdir -p "$home" "$home.cwd"
  status=0
  (cd "$home.cwd" && env -i PATH=/usr/bin:/bin HOME="$home" bash -euo pipefail "$block.local") > "$scratch/out.txt" 2>&1 || status=$?
  sed 's/^/    /' "$scratch/out.txt"
  [ "$status" = 0 ] || fail "$where: the install block failed (exit $status)"
  grep -q ": OK$" "$scratch/out.txt" || fail "$where: the block's checksum was not verified (no sha256sum -c OK)"
  grep -qx "customer-center $version" "$scratch/out.txt" || fail "$where: the installed binary did not print 'customer-center $version'"
  cmp -s "$home/.local/bin/customer-center" "$binary" || fail "$where: the installed binary is not the release's"
done < "$scratch/blocks.tsv"

echo "release: docs/install.md names every shared library the binary loads"
needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
echo "$needed" | tr '\n' ' '; echo
for library in $needed; do
  grep -qF "\`$library\`" "$repo/docs/install.md" || fail "docs/install.md does not name $library, which the binary needs"
done

newest_glibc="$(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)"
grep -qF "\`$newest_glibc\`" "$repo/docs/install.md" || fail "docs/install.md does not say the binary needs $newest_glibc"

echo "release: the artifact bundle is SwiftPM's format, its binary the archive's"
python3 - "dist/customer-center.artifactbundle.zip" "$version" "$triple" "$binary" <<'PY'
import json, sys, zipfile
bundle, version, triple, binary = sys.argv[1:]
archive = zipfile.ZipFile(bundle)
names = archive.namelist()
assert all(n.startswith("customer-center.artifactbundle/") for n in names), names
info = json.loads(archive.read("customer-center.artifactbundle/info.json"))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["customer-center"]
assert artifact["type"] == "executable" and artifact["version"] == version, artifact
[variant] = artifact["variants"]
assert variant["supportedTriples"] == [triple], variant
entry = archive.getinfo("customer-center.artifactbundle/" + variant["path"])
assert (entry.external_attr >> 16) & 0o777 == 0o755, oct(entry.external_attr >> 16)
assert archive.read(entry) == open(binary, "rb").read(), "the bundle's binary is not the archive's"
print("  ", variant["path"], variant["supportedTriples"])
PY

echo "release: packaging the same binary again gives the same bytes"
mkdir "$scratch/first" && cp -R dist/. "$scratch/first/"
bash Scripts/release.sh --binary "$binary" "$version" > /dev/null
(cd dist && sha256sum "$name.tar.gz" customer-center.artifactbundle.zip) > "$scratch/second.sha256"
(cd "$scratch/first" && sha256sum -c "$scratch/second.sha256") || fail "the archives differ between two runs"
diff -r "$scratch/first/customer-center-plugins" dist/customer-center-plugins || fail "the plugin package differs between two runs"

echo "release: the plugin package names the repository's own releases when origin is on GitHub"
git remote set-url origin https://github.com/acme/customer-center.git
bash Scripts/release.sh --binary "$binary" "$version" > /dev/null
grep -q "url: \"https://github.com/acme/customer-center/releases/download/$version/customer-center.artifactbundle.zip\"" dist/customer-center-plugins/Package.swift \
  || { cat dist/customer-center-plugins/Package.swift; fail "the bundle's URL was not taken from origin"; }
grep -q 'https://github.com/acme/customer-center-plugins' dist/customer-center-plugins/README.md \
  || { cat dist/customer-center-plugins/README.md; fail "the plugin package's README does not name its repository"; }

rm -rf "$repo/.build-release/dist"
mkdir -p "$repo/.build-release"
cp -R dist "$repo/.build-release/dist"
echo "release: ok (artifacts kept in .build-release/dist)"
