#!/usr/bin/env bash
# Validates the Kubernetes manifests with kubeconform against the schemas of Kubernetes $K8S_VERSION, made
# here from the OpenAPI document in the k8s.io/kubernetes Go module (kubeconform cannot download them).
#   validate.sh [DIR…]   kustomizations, default: infra/kubernetes/base and infra/kubernetes/kube-play
set -euo pipefail
KUBE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../local/lib.sh
source "$KUBE_DIR/../local/lib.sh"
K8S_VERSION="v1.34.4" # the version infra/kubernetes/README.md names
ensure_cache_dirs
schemas="$CACHE_DIR/kubernetes-schemas/$K8S_VERSION"
if [[ ! -s "$schemas/deployment-apps-v1.json" ]]; then
  dir="$(cd "$CACHE_DIR" && go mod download -json "k8s.io/kubernetes@$K8S_VERSION" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')"
  [[ -f "$dir/api/openapi-spec/swagger.json" ]] || die "k8s.io/kubernetes@$K8S_VERSION: no api/openapi-spec/swagger.json"
  node "$KUBE_DIR/openapi-to-schemas.mjs" "$dir/api/openapi-spec/swagger.json" "$schemas.tmp"
  rm -rf "$schemas" && mv "$schemas.tmp" "$schemas"
fi
[[ -x "$BIN_DIR/kubeconform" && -x "$BIN_DIR/kustomize" ]] || bash "$KUBE_DIR/../images/install-tools.sh"
# What a cluster is given: each kustomization rendered (`kubectl apply -k` renders the same), then checked.
targets=("$@")
((${#targets[@]})) || targets=("$KUBE_DIR/base" "$KUBE_DIR/kube-play")
for target in "${targets[@]}"; do
  log "kubeconform: kustomize build ${target#"$REPO_ROOT"/}"
  "$BIN_DIR/kustomize" build "$target" | "$BIN_DIR/kubeconform" -strict -summary \
    -schema-location "$schemas/{{ .ResourceKind }}{{ .KindSuffix }}.json" -
done
