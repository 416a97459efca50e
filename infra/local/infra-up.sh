#!/usr/bin/env bash
# Starts (or reuses) the local stack on 127.0.0.1 and waits until every server
# answers: PostgreSQL 5432, Redis 6379, Kafka 9092/9093, S3 (versitygw) 7070,
# SMTP sink 1025 + inbox 8025. Exits non-zero if any of them does not come up.
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

ensure_state_dirs
FAILED=()

report() { # NAME ADDRESS STATUS EXTRA
  printf '[infra] %-9s %-22s %-8s %s\n' "$1" "$2" "$3" "${4:-}"
}

# ---------------------------------------------------------------- postgres
pg_admin_psql() { # runs SQL as the postgres superuser over the local socket
  runuser -u postgres -- psql -X -q -t -A -v ON_ERROR_STOP=1 -p "$PG_PORT" -d postgres "$@"
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

start_postgres() {
  local status="reused" pglog="/var/log/postgresql/postgresql-$PG_VERSION-$PG_CLUSTER.log"
  command -v pg_ctlcluster >/dev/null || { warn "postgres: pg_ctlcluster not found (run infra/local/install.sh)"; return 1; }
  if ! pg_ready; then
    if [[ -z "$(pg_lsclusters -h 2>/dev/null | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c')" ]]; then
      pg_createcluster --port "$PG_PORT" "$PG_VERSION" "$PG_CLUSTER" >>"$(log_file postgres)" 2>&1 ||
        { warn "postgres: pg_createcluster failed"; show_log_tail "$(log_file postgres)"; return 1; }
    fi
    local port
    port="$(pg_lsclusters -h | awk -v v="$PG_VERSION" -v c="$PG_CLUSTER" '$1==v && $2==c {print $3}')"
    [[ "$port" == "$PG_PORT" ]] || { warn "postgres: cluster $PG_VERSION/$PG_CLUSTER is configured for port $port, expected $PG_PORT"; return 1; }
    if ! pg_ctlcluster "$PG_VERSION" "$PG_CLUSTER" start >>"$(log_file postgres)" 2>&1; then
      # "already running" is fine; anything else shows up in the wait below.
      :
    fi
    if ! wait_for 60 "" pg_ready; then
      warn "postgres: not ready on $HOST:$PG_PORT"
      show_log_tail "$(log_file postgres)" 20
      show_log_tail "$pglog"
      return 1
    fi
    status="started"
  fi
  if ! pg_ensure_role_and_dbs >>"$(log_file postgres)" 2>&1; then
    # A server we do not administer locally; fine as long as tapinti can log in.
    pg_can_login || { warn "postgres: could not create role/databases"; show_log_tail "$(log_file postgres)" 20; return 1; }
  fi
  pg_can_login || { warn "postgres: role $PG_USER cannot log in over TCP"; show_log_tail "$pglog"; return 1; }
  report postgres "$HOST:$PG_PORT" "$status" "DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@$HOST:$PG_PORT/${PG_DATABASES[0]} (+ ${PG_DATABASES[1]})"
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
  report redis "$HOST:$REDIS_PORT" "$status" "REDIS_URL=redis://$HOST:$REDIS_PORT"
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
  report s3 "$HOST:$S3_PORT" "$status" "S3_ENDPOINT=http://$HOST:$S3_PORT bucket=$S3_BUCKET $S3_CORS"
}

# ---------------------------------------------------------------- smtp sink
start_smtp() {
  local status="reused"
  if ! smtp_ready; then
    command -v node >/dev/null || { warn "smtp: node not found"; return 1; }
    if ! (cd "$INFRA_DIR" && node -e 'require.resolve("smtp-server")' >/dev/null 2>&1); then
      warn "smtp: npm package smtp-server is not installed in $REPO_ROOT/node_modules (run npm ci at the repo root)"
      return 1
    fi
    if port_open "$SMTP_PORT" || port_open "$MAIL_HTTP_PORT"; then
      warn "smtp: port $SMTP_PORT or $MAIL_HTTP_PORT taken by something that is not the sink"; return 1
    fi
    mkdir -p "$MAIL_DIR"
    local pid
    pid="$(start_detached smtp-sink env MAIL_DIR="$MAIL_DIR" SMTP_SINK_HOST="$HOST" \
      SMTP_SINK_PORT="$SMTP_PORT" MAIL_HTTP_PORT="$MAIL_HTTP_PORT" \
      node "$INFRA_DIR/smtp-sink.mjs")"
    wait_for 30 "$pid" smtp_ready || { warn "smtp: sink not answering on $SMTP_PORT/$MAIL_HTTP_PORT"; show_log_tail "$(log_file smtp-sink)"; return 1; }
    status="started"
  fi
  report smtp "$HOST:$SMTP_PORT" "$status" "inbox MAIL_INBOX_URL=http://$HOST:$MAIL_HTTP_PORT"
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
  report kafka "$HOST:$KAFKA_PORT" "$KAFKA_STATUS" "KAFKA_BROKERS=$HOST:$KAFKA_PORT (controller $HOST:$KAFKA_CONTROLLER_PORT)"
else
  FAILED+=(kafka)
fi

if ((${#FAILED[@]})); then
  die "not running: ${FAILED[*]} (logs in $LOG_DIR)"
fi
