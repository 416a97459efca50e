#!/usr/bin/env bash
# Controls ONLY the local SMTP sink (Mailpit; messages are kept across stop/start):
#   smtp-sink.sh start    start it (if not running) and wait until SMTP and the HTTP API answer
#   smtp-sink.sh stop     stop it and wait until the process is gone and 1025/8025 are closed
#   smtp-sink.sh status   print state; exit 0 if the sink answers, 3 if not
#   smtp-sink.sh restart
# Like kafka.sh, for outage tests: `stop` refuses (exit 1) to touch a sink these scripts did not start.
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

cmd_start() {
  local t0=$SECONDS
  mailpit_launch || die "smtp: could not start"
  mailpit_await "${SMTP_START_TIMEOUT:-30}" || die "smtp: did not come up"
  log "smtp: $SMTP_STATUS, answering on $HOST:$SMTP_PORT (HTTP $HOST:$MAIL_HTTP_PORT) ($((SECONDS - t0))s)"
}

cmd_stop() {
  local t0=$SECONDS
  mailpit_stop "${SMTP_STOP_TIMEOUT:-20}" || die "smtp: $SMTP_STATUS"
  log "smtp: $SMTP_STATUS ($((SECONDS - t0))s)"
}

cmd_status() {
  local pid
  pid="$(mailpit_pid || true)"
  if smtp_ready; then
    log "smtp: running${pid:+ (pid $pid)}, answering on $HOST:$SMTP_PORT (HTTP $HOST:$MAIL_HTTP_PORT)"
    return 0
  fi
  if [[ -n "$pid" ]]; then
    log "smtp: process $pid alive but not answering on $HOST:$SMTP_PORT / $HOST:$MAIL_HTTP_PORT"
  else
    log "smtp: not running"
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
