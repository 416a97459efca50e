#!/usr/bin/env bash
# The container tools built from the Go module proxy into $TAPINTI_CACHE/bin (as infra/local/install.sh
# builds versitygw and Mailpit): the compose CLI (docker-compose, which testcontainers and operators run
# against podman's Docker API), kubeconform (validates the Kubernetes manifests) and kustomize (renders
# them as `kubectl apply -k` does, for the `podman kube play` smoke). Each is rebuilt only when its pinned
# version differs. The compose CLI takes ≈ 10 minutes of CPU cold.
set -euo pipefail
# shellcheck source=../local/lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../local/lib.sh"

COMPOSE_VERSION="v2.40.3"     # go list -m -versions github.com/docker/compose/v2
KUBECONFORM_VERSION="v0.7.0"  # go list -m -versions github.com/yannh/kubeconform
KUSTOMIZE_VERSION="v5.8.2"    # v5.8.3 needs Go 1.27; go list -m -versions sigs.k8s.io/kustomize/kustomize/v5

# go_build NAME MODULE VERSION PACKAGE LDFLAGS: the module as the main module, its own go.sum pinning the
# dependencies (`go install mod@v` refuses modules with replace directives, as the compose CLI has).
go_build() {
  local name="$1" module="$2" version="$3" pkg="$4" ldflags="$5" bin="$BIN_DIR/$1"
  # Built as the main module, a binary records its version as "(devel)": a stamp beside it does.
  if [[ -x "$bin" && "$(cat "$bin.version" 2>/dev/null)" == "$version" ]]; then
    log "$name $version: present ($bin)"
    return 0
  fi
  command -v go >/dev/null || die "go not found (Go is needed to build $name)"
  log "$name $version: go mod download $module@$version && go build"
  local glog="$LOG_DIR/install-$name.log" dir
  # go mod download reports a failure (e.g. "requires go >= …") in its JSON and exits non-zero: into the
  # log, so the message below shows it rather than set -e ending the script without a word.
  dir="$(cd "$CACHE_DIR" && go mod download -json "$module@$version" 2>>"$glog" | tee -a "$glog" |
    sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' || true)"
  [[ -n "$dir" && -f "$dir/go.mod" ]] || { show_log_tail "$glog"; die "go mod download $module@$version failed"; }
  if ! (cd "$dir" && GOFLAGS="${GOFLAGS:-} -mod=readonly" CGO_ENABLED=0 go build -trimpath \
      -ldflags="-s -w $ldflags" -o "$bin.tmp" "$pkg") >>"$glog" 2>&1; then
    rm -f "$bin.tmp"
    show_log_tail "$glog"
    die "building $name $version failed"
  fi
  mv "$bin.tmp" "$bin"
  echo "$version" >"$bin.version"
  log "$name $version: installed ($bin)"
}

ensure_cache_dirs
ensure_state_dirs
go_build docker-compose github.com/docker/compose/v2 "$COMPOSE_VERSION" ./cmd \
  "-X github.com/docker/compose/v2/internal.Version=$COMPOSE_VERSION"
go_build kubeconform github.com/yannh/kubeconform "$KUBECONFORM_VERSION" ./cmd/kubeconform ""
go_build kustomize sigs.k8s.io/kustomize/kustomize/v5 "$KUSTOMIZE_VERSION" . \
  "-X sigs.k8s.io/kustomize/api/provenance.version=$KUSTOMIZE_VERSION"
