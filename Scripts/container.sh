#!/usr/bin/env bash
# Builds the container image (Containerfile, docs/install.md#container-image) from a release archive
# that Scripts/release.sh wrote: nothing is compiled here.
#
# usage: Scripts/container.sh [options]
#   --dist DIR       the release artifacts (default: .build-release/dist if it exists, else dist)
#   --tag NAME       the image's name (default: customer-center:VERSION); the variant with a shell
#                    is NAME-shell (the Containerfile's stage `shell`)
#   --context DIR    where to lay out the build context (default: .build-container/context)
#   --rootfs DIR     no image builder: write into DIR the filesystem the Containerfile's COPY and
#                    WORKDIR lines make of the context (what `podman export` gives of the image)
#   --shell          with --rootfs: the filesystem of the variant with a shell
#   --save FILE      also write the image as an OCI archive (podman save --format oci-archive)
#
# CONTAINER_TOOL (default podman; docker works too) and CONTAINER_TOOL_ARGS (e.g. "--storage-driver
# vfs") choose the builder; CONTAINER_BUILD_ARGS adds build options (e.g. "--isolation chroot").
# The image's labels are the OCI annotations: version, revision and created from the release's
# commit, source from the origin remote when it is on GitHub (else the docs' OWNER placeholder).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
usage() { sed -n '/^# usage:/,/^#   --save/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
fail() { echo "container.sh: $*" >&2; exit 1; }
dist="" tag="" context=".build-container/context" rootfs="" save="" target=customer-center
while [ $# -gt 0 ]; do
  case "$1" in
    --dist) [ $# -ge 2 ] || usage; dist="$2"; shift 2 ;;
    --tag) [ $# -ge 2 ] || usage; tag="$2"; shift 2 ;;
    --context) [ $# -ge 2 ] || usage; context="$2"; shift 2 ;;
    --rootfs) [ $# -ge 2 ] || usage; rootfs="$2"; shift 2 ;;
    --save) [ $# -ge 2 ] || usage; save="$2"; shift 2 ;;
    --shell) target=shell; shift ;;
    -h|--help) usage ;;
    *) echo "container.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
if [ -z "$dist" ]; then if [ -d .build-release/dist ]; then dist=.build-release/dist; else dist=dist; fi; fi

# The release archive of this machine's architecture.
archives=("$dist"/customer-center-*-"$(uname -m)"-unknown-linux-gnu.tar.gz)
[ -f "${archives[0]}" ] || fail "no release archive for $(uname -m) in $dist (run Scripts/release.sh VERSION first)"
[ "${#archives[@]}" = 1 ] || fail "more than one release archive in $dist: ${archives[*]}"
archive="${archives[0]}"
(cd "$(dirname "$archive")" && sha256sum -c --quiet "$(basename "$archive").sha256") || fail "$archive does not match its .sha256"
name="$(basename "$archive" .tar.gz)"
version="${name#customer-center-}" && version="${version%-"$(uname -m)"-unknown-linux-gnu}"
tag="${tag:-customer-center:$version}"

rm -rf "$context" && mkdir -p "$context"
tar -xzf "$archive" -C "$context" "$name/customer-center"
mv "$context/$name/customer-center" "$context/customer-center" && rmdir "$context/$name"
curl_path="$(command -v curl)" || fail "curl is not installed here (apt-get install curl): the image carries it for 'pull'"
cp -L "$curl_path" "$context/curl"
bundle=/etc/ssl/certs/ca-certificates.crt
[ -f "$bundle" ] || fail "no CA bundle at $bundle (apt-get install ca-certificates)"
cp -L "$bundle" "$context/ca-certificates.crt"
# Every library either program loads, found as the loader finds it (ldd), copied to the path it
# is looked up at; the loader itself too. Nothing else: the image holds no other library.
mkdir -p "$context/libraries"
ldd "$context/customer-center" "$context/curl" \
  | sed -n -e 's/^[[:space:]]*[^[:space:]]* => \(\/[^[:space:]]*\) (0x.*/\1/p' -e 's/^[[:space:]]*\(\/[^[:space:]]*\) (0x.*/\1/p' \
  | sort -u | while read -r library; do
      mkdir -p "$context/libraries$(dirname "$library")"
      cp -L "$library" "$context/libraries$library"
    done
[ -n "$(find "$context/libraries" -type f)" ] || fail "ldd named no library"
mkdir -p "$context/skeleton/tmp" "$context/skeleton/work" && chmod 1777 "$context/skeleton/tmp"
chmod 0755 "$context/skeleton/work"
printf 'root:x:0:0:root:/root:/sbin/nologin\ncustomer-center:x:65532:65532:customer-center:/work:/sbin/nologin\n' > "$context/passwd"
printf 'root:x:0:\ncustomer-center:x:65532:\n' > "$context/group"
printf 'passwd: files\ngroup: files\nhosts: files dns\n' > "$context/nsswitch.conf"
# The shell variant's BusyBox: the static binary and a link per command it offers.
[ -x /bin/busybox ] && ! ldd /bin/busybox > /dev/null 2>&1 || fail "no static /bin/busybox here (apt-get install busybox-static)"
mkdir -p "$context/busybox/bin"
cp /bin/busybox "$context/busybox/bin/busybox"
for command in $(/bin/busybox --list); do [ "$command" = busybox ] || ln -s busybox "$context/busybox/bin/$command"; done

revision="$(git rev-parse HEAD)"
created="$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ)"
origin="$(git config --get remote.origin.url 2>/dev/null || true)" && origin="${origin%/}" && origin="${origin%.git}"
source_url=https://github.com/OWNER/customer-center
if [[ "$origin" =~ github\.com[:/]([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+)$ ]]; then source_url="https://github.com/${BASH_REMATCH[1]}/${BASH_REMATCH[2]}"; fi

if [ -n "$rootfs" ]; then
  # The Containerfile's own COPY and WORKDIR lines, applied to the context (no builder needed).
  # Stages in order, up to the one asked for (`shell` is built on `customer-center`).
  mkdir -p "$rootfs"
  stage=""
  while read -r instruction arguments; do
    case "$instruction" in
      FROM) [ "$stage" != "$target" ] || break; stage="${arguments##* }" ;;
      COPY)
        read -r -a parts <<< "$arguments"
        destination="${parts[${#parts[@]}-1]}"
        for source in "${parts[@]:0:${#parts[@]}-1}"; do
          if [ -d "$context/$source" ]; then mkdir -p "$rootfs$destination" && cp -a "$context/$source/." "$rootfs$destination"
          elif [[ "$destination" = */ ]]; then mkdir -p "$rootfs$destination" && cp -a "$context/$source" "$rootfs$destination"
          else mkdir -p "$rootfs$(dirname "$destination")" && cp -a "$context/$source" "$rootfs$destination"; fi
        done ;;
      WORKDIR) mkdir -p "$rootfs$arguments" ;;
    esac
  done < Containerfile
  echo "container.sh: the image's filesystem for $version ($target) is in $rootfs (no image built)"
  exit 0
fi

tool="${CONTAINER_TOOL:-podman}"
command -v "$tool" >/dev/null || fail "$tool is not installed (apt-get install podman), or set CONTAINER_TOOL"
# shellcheck disable=SC2206
tool_args=(${CONTAINER_TOOL_ARGS:-}) build_args=(${CONTAINER_BUILD_ARGS:-})
labels=(--build-arg "VERSION=$version" --build-arg "REVISION=$revision" --build-arg "CREATED=$created" --build-arg "SOURCE=$source_url")
annotations=()
if [ "$tool" = podman ]; then
  # The same values as manifest annotations (podman and buildah; docker sets only the labels).
  for pair in "version=$version" "revision=$revision" "created=$created" "source=$source_url" "title=customer-center" "licenses=MIT"; do
    annotations+=(--annotation "org.opencontainers.image.$pair")
  done
  build_args+=(--format oci)
fi
echo "container.sh: $tool build -t $tag and $tag-shell ($version, $(find "$context/libraries" -type f | wc -l) libraries)"
for stage in customer-center shell; do
  name="$tag" && [ "$stage" = customer-center ] || name="$tag-shell"
  "$tool" ${tool_args[@]+"${tool_args[@]}"} build ${build_args[@]+"${build_args[@]}"} "${labels[@]}" ${annotations[@]+"${annotations[@]}"} \
    --target "$stage" -t "$name" -f Containerfile "$context"
done
if [ -n "$save" ]; then
  "$tool" ${tool_args[@]+"${tool_args[@]}"} save --format oci-archive -o "$save" "$tag"
  echo "container.sh: $save"
fi
echo "container.sh: built $tag and $tag-shell"
