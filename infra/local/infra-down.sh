#!/usr/bin/env bash
# Stops what infra-up.sh started: the SMTP sink (Mailpit), S3 (versitygw), Kafka, Redis and our
# PostgreSQL cluster. Only those: a process is stopped when its pid file in $TAPINTI_STATE/run
# names it and its command line points into $TAPINTI_STATE (PostgreSQL: when pg_ctl finds our
# cluster $TAPINTI_STATE/postgres/data running). A server someone else started on one of the ports,
# and that infra-up.sh merely reused, is left running. Data under $TAPINTI_STATE is kept.
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

ensure_state_dirs
FAILED=()

left_alone() { # NAME PORT...
  local name="$1" port; shift
  for port in "$@"; do
    if port_open "$port"; then
      log "$name: port $port is open, but not by a process these scripts started; left alone"
      return 0
    fi
  done
  log "$name: not running"
}

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
    left_alone "$name" "$@"
  fi
}

stop_smtp() {
  # The node sink these scripts ran before Mailpit, if an old infra-up.sh left one.
  if pid_matches "$(read_pid smtp-sink || true)" "$LEGACY_SMTP_MARKER"; then
    stop_by_pid smtp-sink "$LEGACY_SMTP_MARKER" "$SMTP_PORT" "$MAIL_HTTP_PORT" || return 1
  fi
  if [[ -z "$(mailpit_pid)" ]]; then
    rm -f "$(pid_file mailpit)"
    left_alone smtp "$SMTP_PORT" "$MAIL_HTTP_PORT"
    return 0
  fi
  mailpit_stop 20 || { warn "smtp: $SMTP_STATUS"; return 1; }
  log "smtp: $SMTP_STATUS"
}

stop_kafka() {
  if [[ -z "$(kafka_pid || true)" ]]; then
    left_alone kafka "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"
    return 0
  fi
  kafka_stop 60 || return 1
  log "kafka: $KAFKA_STATUS"
}

stop_redis() {
  local pid
  pid="$(redis_pid || true)"
  if [[ -z "$pid" ]]; then
    rm -f "$(pid_file redis)"
    left_alone redis "$REDIS_PORT"
    return 0
  fi
  # SIGTERM = SHUTDOWN: the append-only file is flushed, nothing else is saved (--save '').
  stop_pid redis "$REDIS_MARKER" 20 || { warn "redis: pid $pid would not stop"; return 1; }
  wait_for_port_closed "$REDIS_PORT" 10 || { warn "redis: port $REDIS_PORT still open"; return 1; }
  log "redis: stopped (pid $pid)"
}

stop_postgres() {
  if ! pg_own_running; then
    left_alone postgres "$PG_PORT"
    return 0
  fi
  local pid
  pid="$(pg_own_pid || true)"
  pg_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" stop -m fast -w -t 30 >>"$(log_file postgres)" 2>&1 ||
    { warn "postgres: pg_ctl stop failed"; show_log_tail "$PG_LOG"; return 1; }
  wait_for_port_closed "$PG_PORT" 15 || { warn "postgres: port $PG_PORT still open"; return 1; }
  log "postgres: stopped (cluster $PG_DATA, pid $pid)"
}

stop_smtp || FAILED+=(smtp)
stop_by_pid s3 "$S3_MARKER" "$S3_PORT" || FAILED+=(s3)
stop_kafka || FAILED+=(kafka)
stop_redis || FAILED+=(redis)
stop_postgres || FAILED+=(postgres)

((${#FAILED[@]} == 0)) || die "could not stop: ${FAILED[*]}"
