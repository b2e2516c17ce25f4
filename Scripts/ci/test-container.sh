#!/usr/bin/env bash
# Proves the container image (Containerfile, Scripts/container.sh, docs/install.md#container-image)
# without a registry, from the release that Scripts/ci/test-release.sh left in .build-release/dist
# (nothing is compiled here): podman builds the image FROM scratch; its filesystem, exported, is
# exactly the binary, the libraries it and curl load (ldd), curl, the CA bundle and /etc's user
# files, the same as the Containerfile makes of its inputs without a builder; its config says a
# user that is not root, /work and the entrypoint, and its labels are the OCI annotations of this
# release. Then the entrypoint runs from the exported filesystem under chroot, as the image's user,
# in its working directory, with only its environment: lint and compile on the shipped examples,
# `pull` from a loopback server over plain HTTP and over TLS (curl verifying a certificate), and a
# shell-less image has no shell. `podman run` runs too where this machine lets it; if not, it says so.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
dist="$repo/.build-release/dist"
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -d "$dist" ] || fail "no $dist: run Scripts/ci/test-release.sh first (CI's release stage)"
command -v podman >/dev/null || fail "podman is not installed (apt-get install podman)"
scratch="$(mktemp -d)"
# A store of our own (vfs: no overlay mounts needed), removed with the scratch folder.
export CONTAINER_TOOL=podman CONTAINER_TOOL_ARGS="--storage-driver vfs --root $scratch/storage --runroot $scratch/run"
export CONTAINER_BUILD_ARGS="--isolation chroot"
# shellcheck disable=SC2086
pod() { podman $CONTAINER_TOOL_ARGS "$@"; }
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  pod rm -af > /dev/null 2>&1 || true
  pod rmi -af > /dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT
archive="$(ls "$dist"/customer-center-*-"$(uname -m)"-unknown-linux-gnu.tar.gz)"
version="$(basename "$archive" .tar.gz)" && version="${version#customer-center-}" && version="${version%-"$(uname -m)"-unknown-linux-gnu}"
tag="localhost/customer-center:$version"
cd "$repo"

echo "container: the Containerfile's filesystem, assembled from its inputs without a builder"
bash Scripts/container.sh --dist "$dist" --context "$scratch/context" --rootfs "$scratch/assembled"
bash Scripts/container.sh --dist "$dist" --context "$scratch/context" --rootfs "$scratch/assembled-shell" --shell

echo "container: podman build (FROM scratch, vfs storage, chroot isolation)"
rootfs="$scratch/assembled" shell_rootfs="$scratch/assembled-shell" built=0
if bash Scripts/container.sh --dist "$dist" --context "$scratch/context" --tag "$tag" --save "$scratch/image.oci.tar" > "$scratch/build.log" 2>&1; then
  built=1
  tail -n 2 "$scratch/build.log"
  echo "container: the image's filesystem, exported (podman create, podman export)"
  # The exported images and the assembled trees: the same files, bytes, link targets, modes and owners.
  list() { (cd "$1" && find . -mindepth 1 -printf '%y %m %U:%G %p %l\n' | LC_ALL=C sort && find . -type f -exec sha256sum {} + | LC_ALL=C sort -k 2); }
  for variant in "" -shell; do
    container="$(pod create "$tag$variant")"
    mkdir "$scratch/exported$variant"
    pod export "$container" | tar -x -C "$scratch/exported$variant"
    pod rm "$container" > /dev/null
  done
  diff <(list "$scratch/assembled") <(list "$scratch/exported") || fail "the image's filesystem is not what the Containerfile makes of its inputs"
  diff <(list "$scratch/assembled-shell") <(list "$scratch/exported-shell") || fail "the -shell image's filesystem is not what the Containerfile makes of its inputs"
  rootfs="$scratch/exported" shell_rootfs="$scratch/exported-shell"
  [ -s "$scratch/image.oci.tar" ] || fail "podman save wrote no OCI archive"
  echo "container: OCI archive $(du -h "$scratch/image.oci.tar" | cut -f1), filesystem $(du -sh "$rootfs" | cut -f1)"
else
  tail -n 20 "$scratch/build.log"
  echo "container: NOTE: podman build cannot run on this machine (above); the checks below use the filesystem assembled from the Containerfile's inputs"
fi

echo "container: the filesystem holds exactly the binary, curl, the libraries they load, the CA bundle and /etc's user files"
binary="$rootfs/usr/bin/customer-center"
tar -xzOf "$archive" "$(basename "$archive" .tar.gz)/customer-center" | cmp -s - "$binary" || fail "/usr/bin/customer-center is not the release archive's binary"
cmp -s "$(command -v curl)" "$rootfs/usr/bin/curl" || fail "/usr/bin/curl is not this system's curl"
cmp -s /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt" || fail "the CA bundle is not the system's"
expected="$( (ldd "$binary"; ldd "$(command -v curl)") | sed -n -e 's/.* => \(\/[^ ]*\) (0x.*/\1/p' -e 's/^[[:space:]]*\(\/[^ ]*\) (0x.*/\1/p' | sort -u;
  printf '%s\n' /usr/bin/customer-center /usr/bin/curl /etc/ssl/certs/ca-certificates.crt /etc/passwd /etc/group /etc/nsswitch.conf)"
actual="$(cd "$rootfs" && find . -type f -o -type l | sed 's/^\.//' | sort)"
diff <(echo "$expected" | sort) <(echo "$actual") || fail "the image holds other files than the binary, curl, the libraries they load and the /etc files (- missing, + extra)"
echo "  $(echo "$actual" | grep -c '\.so') libraries; $(readelf -d "$binary" | grep -c NEEDED) needed by customer-center itself"
[ ! -e "$rootfs/bin/sh" ] || fail "the image has a shell"
# The -shell variant: the same files plus BusyBox (static) and its command links in /bin.
extra="$(diff <(cd "$rootfs" && find . | sort) <(cd "$shell_rootfs" && find . | sort) | sed -n 's/^> //p' || true)"
echo "$extra" | grep -qx './bin/busybox' && [ "$(readlink "$shell_rootfs/bin/sh")" = busybox ] || fail "the -shell image has no BusyBox /bin/sh"
if echo "$extra" | grep -v '^\./bin' | grep -q .; then fail "the -shell image adds more than /bin: $(echo "$extra" | grep -v '^\./bin' | head -3)"; fi
if diff <(cd "$rootfs" && find . | sort) <(cd "$shell_rootfs" && find . | sort) | grep -q '^<'; then fail "the -shell image lacks files of the image"; fi
echo "  -shell: the same plus /bin ($(echo "$extra" | wc -l) entries: BusyBox and its links)"
[ "$(stat -c %a "$rootfs/tmp")" = 1777 ] || fail "/tmp is not 1777"
grep -q '^customer-center:x:65532:65532:' "$rootfs/etc/passwd" || fail "/etc/passwd names no user 65532"

if [ "$built" = 1 ]; then
  echo "container: the image's config and labels (the OCI annotations of release $version)"
  pod image inspect "$tag" "$tag-shell" > "$scratch/inspect.json"
  python3 - "$scratch/inspect.json" "$version" "$(git rev-parse HEAD)" <<'PY'
import json, sys
[image, shell] = json.load(open(sys.argv[1]))
version, revision = sys.argv[2], sys.argv[3]
for each, path in ((image, "PATH=/usr/bin"), (shell, "PATH=/usr/bin:/bin")):
    config = each["Config"]
    assert config["Entrypoint"] == ["/usr/bin/customer-center"], config["Entrypoint"]
    assert config["User"] == "65532:65532", config["User"]
    assert config["WorkingDir"] == "/work", config["WorkingDir"]
    assert path in config["Env"], config["Env"]
    assert config["Labels"] == image["Config"]["Labels"], "the -shell image's labels differ"
config = image["Config"]
labels = config["Labels"]
want = {"title": "customer-center", "version": version, "revision": revision, "licenses": "MIT"}
for key, value in want.items():
    assert labels.get("org.opencontainers.image." + key) == value, (key, labels)
for key in ("created", "source", "url", "documentation", "description"):
    assert labels.get("org.opencontainers.image." + key), (key, labels)
assert labels["org.opencontainers.image.created"].endswith("Z"), labels
annotations = image.get("Annotations") or {}
assert annotations.get("org.opencontainers.image.version") == version, annotations
print("  entrypoint", config["Entrypoint"], "user", config["User"], "workdir", config["WorkingDir"])
print("  " + ", ".join(f"{k.split('.')[-1]}={v}" for k, v in sorted(labels.items()) if k.startswith("org.opencontainers")))
PY
fi

# run-in-root ROOT SOURCE PROGRAM ARGS...: PROGRAM from the filesystem ROOT under chroot, as the image
# runs its entrypoint: its user (65532), its working directory (/work, or SOURCE mounted there as
# `-v SOURCE:/work` does when SOURCE is not empty) and only its environment (plus EXTRA_ENV's
# NAME=VALUE words), with /proc and /dev as a container runtime provides them (the Swift runtime
# reads its arguments from /proc/self/cmdline), in a mount namespace of its own that ends with it.
cat > "$scratch/run-in-root" <<'SH'
#!/usr/bin/env bash
set -euo pipefail
root="$1" source="$2" && shift 2
exec unshare --mount --fork bash -c '
  root="$1" source="$2" && shift 2
  mount --make-rprivate / && mount -t proc proc "$root/proc" && mount --rbind /dev "$root/dev"
  [ -z "$source" ] || mount --bind "$source" "$root/work"
  exec python3 -c "
import os, sys
root, extra, program, arguments = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
environment = {\"PATH\": \"/usr/bin:/bin\" if os.path.exists(root + \"/bin/sh\") else \"/usr/bin\",
               \"SSL_CERT_FILE\": \"/etc/ssl/certs/ca-certificates.crt\"}
environment.update(pair.split(\"=\", 1) for pair in extra.split() if pair)
os.chroot(root)
os.chdir(\"/work\")
os.setgroups([])
os.setgid(65532)
os.setuid(65532)
os.execve(program, [program] + arguments, environment)
" "$root" "${EXTRA_ENV:-}" "$@"' run "$root" "$source" "$@"
SH
chmod +x "$scratch/run-in-root"
for root in "$rootfs" "$shell_rootfs"; do mkdir -p "$root/work" "$root/proc" "$root/dev"; done
cp -R Examples "$rootfs/work/Examples" && chown -R 65532:65532 "$rootfs/work"
run_image() { "$scratch/run-in-root" "$rootfs" "" /usr/bin/customer-center "$@"; }

echo "container: the entrypoint under chroot: --version, lint, compile"
[ "$(run_image --version)" = "customer-center $version" ] || fail "--version does not print customer-center $version"
run_image lint --format compact Examples/customer_center.json || fail "lint failed on the good example"
status=0
run_image lint --format compact Examples/broken.json > "$scratch/out.txt" || status=$?
[ "$status" = 1 ] && grep -q "^Examples/broken.json:2:3: error: comments are not allowed in JSON \[json.comment\]" "$scratch/out.txt" \
  || { cat "$scratch/out.txt"; fail "lint did not fail the broken example with its diagnostic (exit $status)"; }
run_image compile --platform ios --locale en_US -o compiled.json Examples/customer_center.json || fail "compile failed"
python3 -c 'import json, sys; assert "customer_center" in json.load(open(sys.argv[1]))' "$rootfs/work/compiled.json" \
  || fail "compile wrote no payload"
run_image compile --out-dir payloads Examples/customer_center.json 2> /dev/null || fail "compile --out-dir failed"
[ -f "$rootfs/work/payloads/manifest.json" ] || fail "compile --out-dir wrote no manifest.json"
echo "  lint: exit 0 and 1 with the diagnostic; compile: $(find "$rootfs/work/payloads" -name '*.json' | wc -l) files"

echo "container: pull from a loopback server, over HTTP and over TLS (the image's curl and libraries)"
# The fake API: the example as the body, for the key below only; TLS with a certificate of our own CA.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=test CA" -keyout "$scratch/ca.key" -out "$scratch/ca.pem" \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign > /dev/null 2>&1
openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$scratch/server.key" -out "$scratch/server.csr" > /dev/null 2>&1
printf 'subjectAltName=IP:127.0.0.1\n' > "$scratch/san.ext"
openssl x509 -req -in "$scratch/server.csr" -CA "$scratch/ca.pem" -CAkey "$scratch/ca.key" -CAcreateserial -days 2 \
  -extfile "$scratch/san.ext" -out "$scratch/server.pem" > /dev/null 2>&1
python3 - "$repo/Examples/customer_center.json" "$scratch" <<'PY' &
import http.server, ssl, sys, threading
body = open(sys.argv[1], "rb").read()
scratch = sys.argv[2]
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        ok = self.path == "/v2/projects/proj1/customers/user1/customer_center" and self.headers.get("Authorization") == "Bearer sk_container_test"
        self.send_response(200 if ok else 404)
        self.send_header("Content-Type", "application/json")
        answer = body if ok else b'{"type":"resource_missing","message":"not found"}'
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)
    def log_message(self, *args): pass
plain = http.server.HTTPServer(("127.0.0.1", 0), Handler)
secure = http.server.HTTPServer(("127.0.0.1", 0), Handler)
context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(f"{scratch}/server.pem", f"{scratch}/server.key")
secure.socket = context.wrap_socket(secure.socket, server_side=True)
threading.Thread(target=secure.serve_forever, daemon=True).start()
with open(f"{scratch}/ports.tmp", "w") as f: f.write(f"{plain.server_port} {secure.server_port}\n")
import os; os.rename(f"{scratch}/ports.tmp", f"{scratch}/ports")
plain.serve_forever()
PY
server_pid=$!
for _ in $(seq 50); do [ -f "$scratch/ports" ] && break; sleep 0.1; done
read -r http_port tls_port < "$scratch/ports" || fail "the loopback server did not start"
EXTRA_ENV="REVENUECAT_API_URL=http://127.0.0.1:$http_port REVENUECAT_API_KEY=sk_container_test" \
  run_image pull --project proj1 --customer user1 -o pulled.json --lint --format compact || fail "pull over HTTP failed"
cmp -s "$rootfs/work/pulled.json" Examples/customer_center.json || fail "pull over HTTP did not save the served body byte for byte"
# TLS: refused against the image's CA bundle (curl verifies), accepted with our CA as the bundle.
status=0
EXTRA_ENV="REVENUECAT_API_URL=https://127.0.0.1:$tls_port REVENUECAT_API_KEY=sk_container_test" \
  run_image pull --project proj1 --customer user1 -o pulled-tls.json > "$scratch/out.txt" 2>&1 || status=$?
[ "$status" != 0 ] && grep -q "TLS failure" "$scratch/out.txt" || { cat "$scratch/out.txt"; fail "pull trusted a certificate the CA bundle does not (exit $status)"; }
cp "$scratch/ca.pem" "$rootfs/work/test-ca.pem" && chmod 644 "$rootfs/work/test-ca.pem"
EXTRA_ENV="REVENUECAT_API_URL=https://127.0.0.1:$tls_port REVENUECAT_API_KEY=sk_container_test SSL_CERT_FILE=/work/test-ca.pem CURL_CA_BUNDLE=/work/test-ca.pem" \
  run_image pull --project proj1 --customer user1 -o pulled-tls.json || fail "pull over TLS failed"
cmp -s "$rootfs/work/pulled-tls.json" Examples/customer_center.json || fail "pull over TLS did not save the served body"
echo "  HTTP: saved byte for byte, linted; TLS: an unknown CA refused, a known one accepted"

echo "container: the GitLab job of docs/integrations.md, its script run by /bin/sh in the -shell image"
python3 Scripts/ci/doc-blocks.py container-job "$scratch/gitlab" docs/integrations.md > "$scratch/gitlab.tsv"
[ "$(wc -l < "$scratch/gitlab.tsv")" = 1 ] || fail "docs/integrations.md should mark one container-job block"
python3 - "$(cut -f1 "$scratch/gitlab.tsv")" "$version" "$scratch/gitlab-script.sh" <<'PY'
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))["customer-center"]
assert job["image"] == {"name": f"ghcr.io/OWNER/customer-center:{sys.argv[2]}-shell", "entrypoint": [""]}, job["image"]
assert job["artifacts"]["reports"]["codequality"] == "gl-code-quality-report.json" and job["artifacts"]["when"] == "always", job
# GitLab runs the lines one after another in one shell, stopping at the first that fails.
open(sys.argv[3], "w").write("set -e\n" + "\n".join(job["script"]) + "\n")
PY
if command -v check-jsonschema > /dev/null; then
  check-jsonschema --builtin-schema vendor.gitlab-ci "$(cut -f1 "$scratch/gitlab.tsv")" > /dev/null || fail "the GitLab job is not valid GitLab CI"
fi
# A repository: the examples, and a broken config under a config's name (lint . takes it).
mkdir -p "$scratch/project/app" && cp -R Examples "$scratch/project/Examples" && cp "$scratch/gitlab-script.sh" "$scratch/project/.job.sh"
cp Examples/broken.json "$scratch/project/app/customer_center.json"
chown -R 65532:65532 "$scratch/project"
status=0
"$scratch/run-in-root" "$shell_rootfs" "$scratch/project" /bin/sh .job.sh > "$scratch/out.txt" 2>&1 || status=$?
[ "$status" = 1 ] || { cat "$scratch/out.txt"; fail "the GitLab job should fail on app/customer_center.json (exit 1), got exit $status"; }
python3 - "$scratch/project/gl-code-quality-report.json" <<'PY' || fail "the GitLab job wrote no Code Quality report naming app/customer_center.json"
import json, sys
report = json.load(open(sys.argv[1]))
assert any(issue["location"]["path"] == "app/customer_center.json" for issue in report), report[:2]
print(f"  gl-code-quality-report.json: {len(report)} issues; the job failed (exit 1) as lint's gate says")
PY

echo "container: the Bitrise step of docs/integrations.md, its docker run served by the image under chroot"
python3 Scripts/ci/doc-blocks.py bitrise-step "$scratch/bitrise" docs/integrations.md > "$scratch/bitrise.tsv"
python3 - "$(cut -f1 "$scratch/bitrise.tsv")" "$scratch/bitrise-step.sh" <<'PY'
import sys, yaml
[step] = yaml.safe_load(open(sys.argv[1]))
[(name, body)] = step.items()
assert name.startswith("script@"), name
[content] = [item["content"] for item in body["inputs"] if "content" in item]
open(sys.argv[2], "w").write(content)
PY
# `docker run --rm -v SRC:/work IMAGE ARGS...`: the image's entrypoint from its filesystem, SRC at /work.
mkdir -p "$scratch/bin"
cat > "$scratch/bin/docker" <<SH
#!/usr/bin/env bash
[ "\$1 \$2 \$3" = "run --rm -v" ] && [ "\${4#*:}" = /work ] && [ "\$5" = "ghcr.io/OWNER/customer-center:$version" ] \
  || { echo "docker shim: unexpected arguments: \$*" >&2; exit 125; }
source="\${4%:/work}" && shift 5
exec "$scratch/run-in-root" "$rootfs" "\$source" /usr/bin/customer-center "\$@"
SH
chmod +x "$scratch/bin/docker"
mkdir -p "$scratch/bitrise-source/app" "$scratch/bitrise-results" && cp -R Examples "$scratch/bitrise-source/Examples"
cp Examples/broken.json "$scratch/bitrise-source/app/customer_center.json"
chown -R 65532:65532 "$scratch/bitrise-source"
status=0
env PATH="$scratch/bin:$PATH" BITRISE_SOURCE_DIR="$scratch/bitrise-source" BITRISE_TEST_RESULT_DIR="$scratch/bitrise-results" \
  bash "$scratch/bitrise-step.sh" > "$scratch/out.txt" 2>&1 || status=$?
[ "$status" = 1 ] || { cat "$scratch/out.txt"; fail "the Bitrise step should fail on app/customer_center.json (exit 1), got exit $status"; }
python3 - "$scratch/bitrise-results/customer-center" <<'PY' || fail "the Bitrise step wrote no test report"
import json, sys, xml.etree.ElementTree as ET
folder = sys.argv[1]
assert json.load(open(f"{folder}/test-info.json")) == {"test-name": "customer-center"}
root = ET.parse(f"{folder}/customer-center.xml").getroot()
failures = [case for case in root.iter("testcase") if case.find("failure") is not None]
assert any("app/customer_center.json" in ET.tostring(case, encoding="unicode") for case in failures), ET.tostring(root)[:400]
print(f"  JUnit: {len(list(root.iter('testcase')))} test cases, {len(failures)} failing; test-info.json; the step failed (exit 1)")
PY

echo "container: podman run"
if [ "$built" = 0 ]; then
  echo "container: NOTE: no image was built on this machine, so podman run is not tried"
elif pod run --rm --network none "$tag" --version > "$scratch/run.txt" 2>&1; then
  [ "$(cat "$scratch/run.txt")" = "customer-center $version" ] || { cat "$scratch/run.txt"; fail "podman run --version printed something else"; }
  pod run --rm --network none -v "$repo/Examples:/work/Examples:ro" "$tag" lint --format compact Examples/customer_center.json \
    || fail "podman run lint failed on the good example"
  echo "  podman run: --version and lint ran in the container"
else
  sed 's/^/  /' "$scratch/run.txt"
  echo "container: NOTE: podman run cannot start a container on this machine (above); the image's entrypoint ran from its exported filesystem under chroot instead"
fi
echo "container: ok"
