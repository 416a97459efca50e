#!/usr/bin/env bash
# Installs Schemathesis (the API fuzzer of the `schemathesis` test stage) from PyPI, at a pinned
# version, into a virtualenv under .cache/ (git-ignored). Idempotent: a second run only checks the
# installed version. Needs python3 with the venv module (Debian: python3-venv, installed if missing).
#
#   install-schemathesis.sh          install if missing, print the st binary's path
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_DIR="${TAPINTI_CACHE:-$REPO_ROOT/.cache}"
VENV="$CACHE_DIR/schemathesis-venv"
BIN="$VENV/bin/schemathesis"

log() { printf '[schemathesis] %s\n' "$*" >&2; }
die() { printf '[schemathesis] ERROR: %s\n' "$*" >&2; exit 1; }

installed_version() {
  [[ -x "$VENV/bin/python" ]] || return 0
  "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true
}

if [[ -x "$BIN" && "$(installed_version)" == "$SCHEMATHESIS_VERSION" ]]; then
  log "schemathesis $SCHEMATHESIS_VERSION: present ($BIN)"
  echo "$BIN"
  exit 0
fi

command -v python3 >/dev/null || die "python3 not found"
if ! python3 -c 'import venv, ensurepip' >/dev/null 2>&1; then
  command -v apt-get >/dev/null || die "python3 has no venv/ensurepip module; install python3-venv"
  log "apt: installing python3-venv"
  { apt-get update -q && apt-get install -y -q --no-install-recommends python3-venv; } >&2 ||
    die "apt-get install python3-venv failed"
fi

log "schemathesis $SCHEMATHESIS_VERSION: installing from PyPI into $VENV"
mkdir -p "$CACHE_DIR"
rm -rf "$VENV"
python3 -m venv "$VENV"
if ! "$VENV/bin/python" -m pip install -q --disable-pip-version-check \
    "schemathesis==$SCHEMATHESIS_VERSION" >&2; then
  rm -rf "$VENV"
  die "pip install schemathesis==$SCHEMATHESIS_VERSION failed"
fi
log "schemathesis $SCHEMATHESIS_VERSION: installed ($BIN)"
echo "$BIN"
