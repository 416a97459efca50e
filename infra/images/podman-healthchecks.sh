#!/usr/bin/env bash
# Runs the health checks of a compose project's containers every few seconds, until stopped.
#
#   podman-healthchecks.sh PROJECT [INTERVAL_SECONDS]
#
# Why: podman runs a container's health check from a systemd timer it creates per container. Where no
# systemd manages the host (this machine, most CI containers) no timer exists, every container stays
# "starting" forever and compose's `depends_on: condition: service_healthy` never lets the platform
# start. `podman healthcheck run` is the same check run once; this loop is the timer.
set -uo pipefail
project="${1:?usage: podman-healthchecks.sh PROJECT [INTERVAL_SECONDS]}"
interval="${2:-3}"
while true; do
  for id in $(podman ps -q --filter "label=com.docker.compose.project=$project" 2>/dev/null); do
    podman healthcheck run "$id" >/dev/null 2>&1 &
  done
  wait
  sleep "$interval"
done
