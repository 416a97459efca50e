#!/usr/bin/env bash
# Starts (or reuses) the local stack on 127.0.0.1 and waits until every server
# answers: PostgreSQL 5432, Redis 6379, Kafka 9092/9093, S3 (versitygw) 7070,
# SMTP sink (Mailpit) 1025 + its HTTP API 8025. Exits non-zero if any of them does not come up.
# What it starts is recorded (pid files in $TAPINTI_STATE/run, PostgreSQL's postmaster.pid in its
# own data directory) so infra-down.sh stops exactly that; a server that already answers on its
# port is reused and never stopped by infra-down.sh.
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

ensure_state_dirs
FAILED=()

report() { # NAME ADDRESS STATUS EXTRA
  printf '[infra] %-9s %-22s %-8s %s\n' "$1" "$2" "$3" "${4:-}"
}

NOT_OURS="not started by these scripts, infra-down.sh leaves it running"

# ---------------------------------------------------------------- postgres
# Our own cluster in $PG_DATA (initdb'ed on first use, owned and run by the postgres user). A
# server that already answers on the port is reused, whoever started it; then the role and the
# databases are created if we can administer it, otherwise it only has to accept our login.
pg_admin_psql() { # runs SQL as the postgres superuser over a unix socket (ours, or the default one)
  local socket=()
  pg_own_running && socket=(-h "$PG_SOCKET_DIR")
  pg_as_postgres psql -X -q -t -A -v ON_ERROR_STOP=1 "${socket[@]}" -p "$PG_PORT" -d postgres "$@"
}

pg_ensure_role_and_dbs() {
  pg_admin_psql <<SQL
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$PG_USER') THEN
    CREATE ROLE $PG_USER LOGIN SUPERUSER PASSWORD '$PG_PASSWORD';
  ELSE
    ALTER ROLE $PG_USER LOGIN SUPERUSER PASSWORD '$PG_PASSWORD';
  END IF;
END
\$\$;
SQL
  local db
  for db in "${PG_DATABASES[@]}"; do
    if [[ "$(pg_admin_psql -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" != "1" ]]; then
      pg_admin_psql -c "CREATE DATABASE $db OWNER $PG_USER"
    fi
    pg_admin_psql -d "$db" -c "CREATE EXTENSION IF NOT EXISTS pg_trgm"
  done
}

pg_can_login() {
  PGPASSWORD="$PG_PASSWORD" psql -X -q -h "$HOST" -p "$PG_PORT" -U "$PG_USER" -d "${PG_DATABASES[1]}" -c 'select 1' >/dev/null 2>&1
}

# Creates $PG_DATA with initdb (once) and writes the settings these scripts own.
pg_init_cluster() {
  id postgres >/dev/null 2>&1 || { warn "postgres: no 'postgres' user (run infra/local/install.sh)"; return 1; }
  [[ -x "$PG_BIN/initdb" ]] || { warn "postgres: $PG_BIN/initdb not found (run infra/local/install.sh)"; return 1; }
  mkdir -p "$PG_STATE"
  chown postgres:postgres "$PG_STATE"
  chmod 700 "$PG_STATE"
  # PostgreSQL runs as postgres, so every directory above $PG_STATE must let it through.
  pg_as_postgres test -x "$PG_STATE" ||
    { warn "postgres: user postgres cannot reach $PG_STATE (make its parent directories world-executable, or set TAPINTI_STATE)"; return 1; }
  pg_as_postgres mkdir -p "$PG_SOCKET_DIR"
  touch "$PG_LOG" && chown postgres:postgres "$PG_LOG" # the server's log, written by pg_ctl -l
  if [[ ! -f "$PG_DATA/PG_VERSION" ]]; then
    log "postgres: creating cluster in $PG_DATA"
    pg_as_postgres "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -E UTF8 --locale=C.UTF-8 \
      --auth-local=peer --auth-host=scram-sha-256 >>"$(log_file postgres)" 2>&1 ||
      { warn "postgres: initdb failed"; show_log_tail "$(log_file postgres)"; return 1; }
    printf "\ninclude_if_exists = 'tapinti.conf'\n" | pg_as_postgres tee -a "$PG_DATA/postgresql.conf" >/dev/null
  fi
  # Rewritten at every start, so a changed port or state directory takes effect.
  pg_as_postgres tee "$PG_DATA/tapinti.conf" >/dev/null <<CONF
# Written by infra/local/infra-up.sh at every start; edits are lost.
listen_addresses = '$HOST'
port = $PG_PORT
unix_socket_directories = '$PG_SOCKET_DIR'
# Each distributed platform holds up to 10 connections per service (9 services) plus the relays'
# LISTENs, and the test stages run several platforms at once: PostgreSQL's 100 ran out.
max_connections = 400
CONF
}

start_postgres() {
  local status="reused"
  if pg_own_running; then
    pg_ready || wait_for 30 "" pg_ready || { warn "postgres: our cluster runs but does not answer on $HOST:$PG_PORT"; show_log_tail "$PG_LOG"; return 1; }
  elif ! pg_ready; then
    if port_open "$PG_PORT"; then warn "postgres: port $PG_PORT is taken by something that does not answer as PostgreSQL"; return 1; fi
    pg_init_cluster || return 1
    # setsid: the postmaster must not belong to the caller's session (npm, jest, a terminal).
    if ! setsid -w runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start \
        >>"$(log_file postgres)" 2>&1 </dev/null; then
      warn "postgres: pg_ctl start failed"
      show_log_tail "$(log_file postgres)" 10
      show_log_tail "$PG_LOG"
      return 1
    fi
    wait_for 60 "" pg_ready || { warn "postgres: not ready on $HOST:$PG_PORT"; show_log_tail "$PG_LOG"; return 1; }
    status="started"
  fi
  if ! pg_ensure_role_and_dbs >>"$(log_file postgres)" 2>&1; then
    # A server we do not administer locally; fine as long as tapinti can log in.
    pg_can_login || { warn "postgres: could not create role/databases"; show_log_tail "$(log_file postgres)" 20; return 1; }
  fi
  pg_can_login || { warn "postgres: role $PG_USER cannot log in over TCP"; show_log_tail "$PG_LOG"; return 1; }
  local owner="$NOT_OURS"
  pg_own_running && owner="cluster $PG_DATA"
  report postgres "$HOST:$PG_PORT" "$status" "DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@$HOST:$PG_PORT/${PG_DATABASES[0]} (+ ${PG_DATABASES[1]}; $owner)"
}

# ---------------------------------------------------------------- redis
start_redis() {
  local status="reused"
  if ! redis_ready; then
    command -v redis-server >/dev/null || { warn "redis: redis-server not found (run infra/local/install.sh)"; return 1; }
    if port_open "$REDIS_PORT"; then warn "redis: port $REDIS_PORT taken by something that does not answer PING"; return 1; fi
    mkdir -p "$REDIS_DIR"
    local lf
    lf="$(log_file redis)"
    # shellcheck disable=SC2094 # redis writes its own log; only startup errors go through the redirect
    if ! redis-server --port "$REDIS_PORT" --bind "$HOST" --daemonize yes \
        --dir "$REDIS_DIR" --pidfile "$(pid_file redis)" --logfile "$lf" \
        --save '' --appendonly yes --appendfsync everysec >>"$lf" 2>&1; then
      warn "redis: redis-server failed to start"; show_log_tail "$lf"; return 1
    fi
    wait_for 30 "" redis_ready || { warn "redis: not answering PING on $HOST:$REDIS_PORT"; show_log_tail "$lf"; return 1; }
    status="started"
  fi
  local note=""
  [[ -n "$(redis_pid)" ]] || note=" ($NOT_OURS)"
  report redis "$HOST:$REDIS_PORT" "$status" "REDIS_URL=redis://$HOST:$REDIS_PORT$note"
}

# ---------------------------------------------------------------- s3 (versitygw)
s3_curl() { # METHOD PATH [curl args...] -> prints HTTP status code
  local method="$1" path="$2"; shift 2
  local verb=(-X "$method")
  [[ "$method" == "HEAD" ]] && verb=(--head)
  # curl signs x-amz-* headers; S3 requires x-amz-content-sha256 to be present.
  curl -s -o "$STATE_DIR/s3/last-response" -w '%{http_code}' -m 10 "${verb[@]}" \
    --aws-sigv4 "aws:amz:$S3_REGION:s3" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY" \
    -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD' \
    "$@" "http://$HOST:$S3_PORT$path" || true
}

s3_ensure_bucket() {
  local code
  code="$(s3_curl HEAD "/$S3_BUCKET")"
  if [[ "$code" != "200" ]]; then
    code="$(s3_curl PUT "/$S3_BUCKET")"
    if [[ "$code" != "200" && "$code" != "409" ]]; then
      warn "s3: creating bucket $S3_BUCKET failed (HTTP $code): $(cat "$STATE_DIR/s3/last-response" 2>/dev/null)"
      return 1
    fi
    code="$(s3_curl HEAD "/$S3_BUCKET")"
    [[ "$code" == "200" ]] || { warn "s3: bucket $S3_BUCKET not accessible after create (HTTP $code)"; return 1; }
  fi
}

# Permissive CORS so browsers can PUT/GET presigned URLs. Best effort.
s3_ensure_cors() {
  local body md5 code
  body='<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedMethod>DELETE</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds></CORSRule></CORSConfiguration>'
  md5="$(printf '%s' "$body" | openssl dgst -md5 -binary | base64)"
  code="$(s3_curl PUT "/$S3_BUCKET?cors=" -H "Content-MD5: $md5" -H 'Content-Type: application/xml' --data-binary "$body")"
  if [[ "$code" == "200" || "$code" == "204" ]]; then
    S3_CORS="cors=on"
  else
    S3_CORS="cors=unsupported(HTTP $code)"
    echo "$(date -Is) PutBucketCors -> HTTP $code: $(cat "$STATE_DIR/s3/last-response" 2>/dev/null)" >>"$(log_file s3)"
  fi
}

start_s3() {
  local status="reused"
  mkdir -p "$S3_DATA" "$S3_META"
  if ! s3_ready; then
    local bin="$BIN_DIR/versitygw"
    [[ -x "$bin" ]] || { warn "s3: $bin missing (run infra/local/install.sh)"; return 1; }
    if port_open "$S3_PORT"; then warn "s3: port $S3_PORT taken by something that does not answer HTTP"; return 1; fi
    local pid
    pid="$(start_detached s3 env -u ROOT_ACCESS_KEY -u ROOT_ACCESS_KEY_ID -u ROOT_SECRET_KEY -u ROOT_SECRET_ACCESS_KEY \
      "$bin" --access "$S3_ACCESS_KEY" --secret "$S3_SECRET_KEY" --region "$S3_REGION" \
      --port "$HOST:$S3_PORT" posix --sidecar "$S3_META" "$S3_DATA")"
    wait_for 30 "$pid" s3_ready || { warn "s3: versitygw not answering on $HOST:$S3_PORT"; show_log_tail "$(log_file s3)"; return 1; }
    status="started"
  fi
  s3_ensure_bucket || { show_log_tail "$(log_file s3)"; return 1; }
  S3_CORS=""
  s3_ensure_cors
  local note=""
  is_running s3 "$S3_MARKER" || note=" ($NOT_OURS)"
  report s3 "$HOST:$S3_PORT" "$status" "S3_ENDPOINT=http://$HOST:$S3_PORT bucket=$S3_BUCKET $S3_CORS$note"
}

# ---------------------------------------------------------------- smtp sink (mailpit)
start_smtp() {
  mailpit_launch || return 1
  mailpit_await 30 || return 1
  local note=""
  [[ -n "$(mailpit_pid)" ]] || note=" ($NOT_OURS)"
  report smtp "$HOST:$SMTP_PORT" "$SMTP_STATUS" "Mailpit, HTTP API MAIL_INBOX_URL=http://$HOST:$MAIL_HTTP_PORT$note"
}

# ---------------------------------------------------------------- run
# Kafka takes longest to boot: launch it first, start the rest, then wait for it.
kafka_launched=1
kafka_launch || kafka_launched=0

start_postgres || FAILED+=(postgres)
start_redis || FAILED+=(redis)
start_s3 || FAILED+=(s3)
start_smtp || FAILED+=(smtp)

if ((kafka_launched)) && kafka_await 120; then
  note=""
  [[ -n "$(kafka_pid)" ]] || note=" ($NOT_OURS)"
  report kafka "$HOST:$KAFKA_PORT" "$KAFKA_STATUS" "KAFKA_BROKERS=$HOST:$KAFKA_PORT (controller $HOST:$KAFKA_CONTROLLER_PORT)$note"
else
  FAILED+=(kafka)
fi

if ((${#FAILED[@]})); then
  die "not running: ${FAILED[*]} (logs in $LOG_DIR)"
fi
