#!/usr/bin/env bash
# npm run stack: real infrastructure (infra-up.sh) plus every service and the gateway, each its own
# process on 127.0.0.1 running the built JavaScript (dist/server, rebuilt when a source changed).
# Idempotent: a process of ours that is alive is reused, one that died (crash, SIGKILL) is started
# again; then every one of them must become ready.
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

# The services' processes and ports come from the service manifest (stack_services, lib.sh).
# TAPINTI_SERVICE_PORT_BASE (8100: the manifest's ports as they are, auth on 8101 …) shifts every
# service port by base − 8100 and PORT is the gateway's (8080): both exist to run a second stack
# beside the usual one, with its own TAPINTI_STATE.
GATEWAY_PORT="${PORT:-8080}"
PORT_SHIFT=$((${TAPINTI_SERVICE_PORT_BASE:-8100} - 8100))
PROCESSES=()
declare -A PROCESS_PORTS=()
upstreams=() # the gateway's <NAME>_URL=<replica URL>,<replica URL>…
services="$(stack_services)" || die "cannot read the service manifest (run npm run generate)"
while read -r variable list; do
  urls=()
  for entry in ${list//,/ }; do
    name="${entry%:*}"
    PROCESSES+=("$name")
    PROCESS_PORTS[$name]=$((${entry##*:} + PORT_SHIFT))
    urls+=("http://$HOST:${PROCESS_PORTS[$name]}")
  done
  upstreams+=("$variable=$(IFS=,; echo "${urls[*]}")")
done <<<"$services"

if [[ ! -f "$REPO_ROOT/web/dist/index.html" ]]; then
  log "building the web app"
  (cd "$REPO_ROOT" && npm run build -w web >"$LOG_DIR/web-build.log" 2>&1) || { show_log_tail "$LOG_DIR/web-build.log"; die "web build failed"; }
fi

# TAPINTI_STACK_RUNTIME=tsx runs the TypeScript sources through the tsx loader instead (development,
# and the bench's "before" figure of idle memory).
STACK_RUNTIME="${TAPINTI_STACK_RUNTIME:-dist}"
[[ "$STACK_RUNTIME" == dist || "$STACK_RUNTIME" == tsx ]] || die "TAPINTI_STACK_RUNTIME must be dist or tsx"
if [[ "$STACK_RUNTIME" == dist ]]; then
  (cd "$REPO_ROOT" && node scripts/build-server.mjs --if-stale >"$LOG_DIR/server-build.log" 2>&1) ||
    { show_log_tail "$LOG_DIR/server-build.log"; die "server build failed"; }
fi

ready() { curl -fsS -m 2 "http://$HOST:$1/readyz" >/dev/null 2>&1; }

# Alive is enough to reuse a process of ours: its readiness may wait for another one (the gateway's
# /readyz asks every service), which is started here too and awaited below.
start_node() { # NAME PORT [ENV=VALUE...]
  local name="$1" port="$2"; shift 2
  if stack_process_running "$name"; then
    log "$name already running on $HOST:$port (pid $(read_pid "$name"))"
    return
  fi
  port_open "$port" && die "port $port is taken by another process; cannot start $name"
  # A 4 MB young generation instead of V8's 16 MB: ≈ 20 MB less resident memory per process idle,
  # throughput unchanged (bench/README.md, idle memory).
  local run=(node --max-semi-space-size=4 "$(stack_entry "$name")")
  if [[ "$STACK_RUNTIME" == tsx ]]; then run=(node --import tsx "$(stack_source_entry "$name")"); fi
  (cd "$REPO_ROOT" && start_detached "$name" env PORT="$port" "$@" "${run[@]}" >/dev/null)
  log "$name starting on $HOST:$port"
}

for p in "${PROCESSES[@]}"; do
  start_node "$p" "${PROCESS_PORTS[$p]}"
done
start_node gateway "$GATEWAY_PORT" "${upstreams[@]}"

for s in "${PROCESSES[@]}" gateway; do
  port="${PROCESS_PORTS[$s]:-$GATEWAY_PORT}"
  wait_for "${TAPINTI_STACK_READY_TIMEOUT:-90}" "$(read_pid "$s")" ready "$port" || { show_log_tail "$(log_file "$s")"; die "$s did not become ready"; }
done
log "Tapıntı (distributed) is ready at http://$HOST:$GATEWAY_PORT — logs in $LOG_DIR"
