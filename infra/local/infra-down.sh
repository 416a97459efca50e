#!/usr/bin/env bash
# Stops the local stack started by infra-up.sh: SMTP sink, S3 (versitygw),
# Kafka, Redis, PostgreSQL. Data under $TAPINTI_STATE is kept.
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

ensure_state_dirs
FAILED=()

stop_by_pid() { # NAME MARKER PORT...
  local name="$1" marker="$2"; shift 2
  local pid port
  pid="$(read_pid "$name" || true)"
  if pid_matches "$pid" "$marker"; then
    stop_pid "$name" "$marker" 20 || { warn "$name: pid $pid would not stop"; return 1; }
    for port in "$@"; do wait_for_port_closed "$port" 10 || { warn "$name: port $port still open"; return 1; }; done
    log "$name: stopped (pid $pid)"
  else
    rm -f "$(pid_file "$name")"
    for port in "$@"; do
      if port_open "$port"; then warn "$name: port $port is open but not by a process this script started; left alone"; fi
    done
    log "$name: not running"
  fi
}

stop_redis() {
  if redis_ready; then
    redis-cli -h "$HOST" -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    if wait_for_port_closed "$REDIS_PORT" 15; then
      rm -f "$(pid_file redis)"
      log "redis: stopped"
      return 0
    fi
  fi
  stop_by_pid redis redis-server "$REDIS_PORT"
}

stop_postgres() {
  if command -v pg_ctlcluster >/dev/null &&
      [[ "$(pg_lsclusters -h 2>/dev/null | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c {print $4}')" == online ]]; then
    pg_ctlcluster "$PG_VERSION" "$PG_CLUSTER" stop -m fast >>"$(log_file postgres)" 2>&1 ||
      { warn "postgres: pg_ctlcluster stop failed"; return 1; }
    wait_for_port_closed "$PG_PORT" 15 || { warn "postgres: port $PG_PORT still open"; return 1; }
    log "postgres: stopped"
  else
    pg_ready && warn "postgres: something answers on $PG_PORT but it is not cluster $PG_VERSION/$PG_CLUSTER; left alone"
    log "postgres: not running"
  fi
}

stop_by_pid smtp-sink "$SMTP_MARKER" "$SMTP_PORT" "$MAIL_HTTP_PORT" || FAILED+=(smtp)
stop_by_pid s3 "$S3_MARKER" "$S3_PORT" || FAILED+=(s3)
if kafka_stop 60; then log "kafka: $KAFKA_STATUS"; else FAILED+=(kafka); fi
stop_redis || FAILED+=(redis)
stop_postgres || FAILED+=(postgres)

((${#FAILED[@]} == 0)) || die "could not stop: ${FAILED[*]}"
