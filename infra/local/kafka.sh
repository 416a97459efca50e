#!/usr/bin/env bash
# Controls ONLY the local Kafka broker (data is kept across stop/start):
#   kafka.sh start   start it (if not running) and wait until it answers metadata requests
#   kafka.sh stop    stop it and wait until the process is gone and ports 9092/9093 are free
#   kafka.sh status  print state; exit 0 if the broker answers, 3 if not
#   kafka.sh restart
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

cmd_start() {
  local t0=$SECONDS
  kafka_launch || die "kafka: could not start"
  kafka_await "${KAFKA_START_TIMEOUT:-120}" || die "kafka: did not come up"
  log "kafka: $KAFKA_STATUS, answering on $HOST:$KAFKA_PORT ($((SECONDS - t0))s)"
}

cmd_stop() {
  local t0=$SECONDS
  kafka_stop "${KAFKA_STOP_TIMEOUT:-60}" || die "kafka: could not stop"
  log "kafka: $KAFKA_STATUS ($((SECONDS - t0))s)"
}

cmd_status() {
  local pid
  pid="$(kafka_pid || true)"
  if kafka_ready; then
    log "kafka: running${pid:+ (pid $pid)}, answering on $HOST:$KAFKA_PORT"
    return 0
  fi
  if [[ -n "$pid" ]]; then
    log "kafka: process $pid alive but not answering on $HOST:$KAFKA_PORT"
  else
    log "kafka: not running"
  fi
  return 3
}

case "${1:-}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  restart) cmd_stop; cmd_start ;;
  status) cmd_status ;;
  *) echo "usage: $0 start|stop|status|restart" >&2; exit 2 ;;
esac
