#!/usr/bin/env bash
# npm run stack: real infrastructure (infra-up.sh) plus every service and the gateway, each its own
# process on 127.0.0.1. Idempotent: a service that already answers is reused.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_state_dirs

bash "$INFRA_DIR/install.sh"
bash "$INFRA_DIR/infra-up.sh"

SECRET_FILE="$STATE_DIR/jwt-secret"
[[ -s "$SECRET_FILE" ]] || openssl rand -hex 32 >"$SECRET_FILE"

export NODE_ENV="${NODE_ENV:-production}"
export LOG_LEVEL="${LOG_LEVEL:-info}"
export JWT_SECRET="${JWT_SECRET:-$(cat "$SECRET_FILE")}"
export DATA_DIR="${DATA_DIR:-$STATE_DIR/app-data}"
export DB_DRIVER=postgres
export DATABASE_URL="${DATABASE_URL:-postgres://$PG_USER:$PG_PASSWORD@$HOST:$PG_PORT/tapinti}"
export BUS=kafka KAFKA_BROKERS="${KAFKA_BROKERS:-$HOST:$KAFKA_PORT}"
export JOBS=bullmq KV_STORE=redis REDIS_URL="${REDIS_URL:-redis://$HOST:$REDIS_PORT}"
export STORAGE=s3 S3_ENDPOINT="${S3_ENDPOINT:-http://$HOST:$S3_PORT}" S3_ACCESS_KEY="$S3_ACCESS_KEY" \
  S3_SECRET_KEY="$S3_SECRET_KEY" S3_BUCKET="$S3_BUCKET" S3_REGION="$S3_REGION"
export MAIL=smtp SMTP_HOST="${SMTP_HOST:-$HOST}" SMTP_PORT="${SMTP_PORT:-1025}"

GATEWAY_PORT="${PORT:-8080}"
declare -A SERVICE_PORTS=([auth]=8101 [announcements]=8102 [organizations]=8103 [requests]=8104 [audit]=8105 [notifications]=8106)
SERVICES=(auth announcements organizations requests audit notifications)

if [[ ! -f "$REPO_ROOT/web/dist/index.html" ]]; then
  log "building the web app"
  (cd "$REPO_ROOT" && npm run build -w web >"$LOG_DIR/web-build.log" 2>&1) || { show_log_tail web-build; die "web build failed"; }
fi

ready() { curl -fsS -m 2 "http://$HOST:$1/readyz" >/dev/null 2>&1; }

start_node() { # NAME PORT ENTRY [ENV=VALUE...]
  local name="$1" port="$2" entry="$3"; shift 3
  if is_running "$name" "$entry" && ready "$port"; then
    log "$name already running on $HOST:$port"
    return
  fi
  port_open "$port" && die "port $port is taken by another process; cannot start $name"
  (cd "$REPO_ROOT" && start_detached "$name" env PORT="$port" "$@" node --import tsx "$entry" >/dev/null)
  log "$name starting on $HOST:$port"
}

for s in "${SERVICES[@]}"; do
  start_node "$s" "${SERVICE_PORTS[$s]}" "services/$s/src/main.ts"
done
upstreams=()
for s in "${SERVICES[@]}"; do upstreams+=("${s^^}_URL=http://$HOST:${SERVICE_PORTS[$s]}"); done
start_node gateway "$GATEWAY_PORT" gateway/src/main.ts "${upstreams[@]}"

for s in "${SERVICES[@]}" gateway; do
  port="${SERVICE_PORTS[$s]:-$GATEWAY_PORT}"
  wait_for 90 "$(read_pid "$s")" ready "$port" || { show_log_tail "$s"; die "$s did not become ready"; }
done
log "Tapıntı (distributed) is ready at http://$HOST:$GATEWAY_PORT — logs in $LOG_DIR"
