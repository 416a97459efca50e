#!/usr/bin/env bash
# Installs podman (Debian's, with runc, netavark and aardvark-dns) and debootstrap, and writes the engine
# settings this machine needs to /etc/containers/containers.conf, so that every way of starting a
# container takes them: `podman run`/`build`, `podman system service` (the Docker API that
# docker-compose and testcontainers speak) and `podman kube play`. Idempotent.
#
# Why the settings: the kernel's cgroups are in hybrid (v1) mode, where crun fails to create a
# container; runc works with the cgroupfs manager (there is no systemd to delegate to). Without
# explicit ulimits podman asks for limits above the host's hard ones, which runc cannot set
# ("error setting rlimits for ready process: … operation not permitted").
set -euo pipefail
# shellcheck source=../local/lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../local/lib.sh"

CONF=/etc/containers/containers.conf
MARK="# tapinti: infra/images/podman-setup.sh"

# netavark sets up container networks with iptables, which a minimal Debian lacks.
# catatonit: the init of the pause image podman builds for the pods of `podman kube play`.
packages=(podman runc netavark aardvark-dns iptables debootstrap uidmap catatonit)
missing=()
for p in "${packages[@]}"; do
  [[ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)" == installed ]] || missing+=("$p")
done
if ((${#missing[@]})); then
  log "apt: installing ${missing[*]}"
  alog="$(mktemp)"
  { apt-get install -y -q --no-install-recommends "${missing[@]}" ||
    { apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; }; } >"$alog" 2>&1 ||
    { show_log_tail "$alog"; die "apt-get install ${missing[*]} failed"; }
  rm -f "$alog"
fi

if ! grep -qF "$MARK" "$CONF" 2>/dev/null; then
  [[ -s "$CONF" ]] && die "$CONF exists with settings of its own: add the ones in $0 by hand"
  mkdir -p "$(dirname "$CONF")"
  cat >"$CONF" <<CONF
$MARK
[containers]
# At most the host's hard limits (ulimit -Hn is 20000 here): runc cannot raise a limit above them.
default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]
# No image registry is reachable here: the short names the compose file's defaults use (postgres:15, …)
# are either built locally (infra/images/build.sh) or pulled by an operator's engine elsewhere.

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"

[network]
network_backend = "netavark"
CONF
  log "podman: wrote $CONF (runc, cgroupfs, ulimits)"
fi
log "podman: $(podman --version), runtime $(podman info --format '{{.Host.OCIRuntime.Name}}' 2>/dev/null)"
