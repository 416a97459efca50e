#!/usr/bin/env bash
# Runs the health checks of a compose project's containers, until stopped: every few seconds for a
# container not yet healthy, every HEALTHY_EVERY rounds for one that is.
#
#   podman-healthchecks.sh PROJECT [INTERVAL_SECONDS] [HEALTHY_EVERY]
#
# Why: podman runs a container's health check from a systemd timer it creates per container. Where no
# systemd manages the host (this machine, most CI containers) no timer exists, every container stays
# "starting" forever and compose's `depends_on: condition: service_healthy` never lets the platform
# start. `podman healthcheck run` is the same check run once; this loop is the timer. A check is a
# process started in the container (a node process for the platform's servers): a dozen of them every
# three seconds kept about a core busy, which slowed the very containers waited for when CI's tests
# ran beside them, so the healthy ones are asked again only now and then.
set -uo pipefail
project="${1:?usage: podman-healthchecks.sh PROJECT [INTERVAL_SECONDS] [HEALTHY_EVERY]}"
interval="${2:-3}"
healthy_every="${3:-10}"
filter="label=com.docker.compose.project=$project"
round=0
while true; do
  if ((round % healthy_every == 0)); then
    ids=$(podman ps -q --filter "$filter" 2>/dev/null)
  else
    # Filters of one key are alternatives (starting or unhealthy); the label still has to match.
    ids=$(podman ps -q --filter "$filter" --filter health=starting --filter health=unhealthy 2>/dev/null)
  fi
  for id in $ids; do
    podman healthcheck run "$id" >/dev/null 2>&1 &
  done
  wait
  round=$((round + 1))
  sleep "$interval"
done
