#!/usr/bin/env bash
# Shared helpers for the local infrastructure scripts. Source it, don't run it.
# shellcheck disable=SC2034

set -euo pipefail

# ---------------------------------------------------------------- paths
INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$INFRA_DIR/../.." && pwd)"
CACHE_DIR="${TAPINTI_CACHE:-$REPO_ROOT/.cache}"
STATE_DIR="${TAPINTI_STATE:-$REPO_ROOT/.stack}"
LOG_DIR="$STATE_DIR/logs"
RUN_DIR="$STATE_DIR/run"
BIN_DIR="$CACHE_DIR/bin"

# ---------------------------------------------------------------- pinned versions
KAFKA_VERSION="3.9.1"              # see kafka/pom.xml
VERSITYGW_VERSION="v1.8.0"         # go list -m -versions github.com/versity/versitygw
K6_VERSION="v1.8.1"                # go list -m -versions go.k6.io/k6
# Mailpit: the newest release the Go module proxy serves here (v1.22.4 and later answer 403).
MAILPIT_VERSION="v1.22.3"          # curl https://proxy.golang.org/github.com/axllent/mailpit/@v/<v>.info
PG_VERSION="15"
PG_BIN="/usr/lib/postgresql/$PG_VERSION/bin"

# ---------------------------------------------------------------- ports / credentials
# The ports are fixed for the app and its tests; the TAPINTI_*_PORT overrides exist to run a
# second, isolated stack next to the usual one (with its own TAPINTI_STATE), e.g. to test these
# scripts without stopping the servers other people's tests are using.
HOST="127.0.0.1"
PG_PORT="${TAPINTI_PG_PORT:-5432}"
REDIS_PORT="${TAPINTI_REDIS_PORT:-6379}"
KAFKA_PORT="${TAPINTI_KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${TAPINTI_KAFKA_CONTROLLER_PORT:-9093}"
S3_PORT="${TAPINTI_S3_PORT:-7070}"
SMTP_PORT="${TAPINTI_SMTP_PORT:-1025}"
MAIL_HTTP_PORT="${TAPINTI_MAIL_HTTP_PORT:-8025}"

PG_USER="tapinti"
PG_PASSWORD="tapinti"
PG_DATABASES=(tapinti tapinti_test)
S3_ACCESS_KEY="tapinti"
S3_SECRET_KEY="tapinti-secret"
S3_BUCKET="tapinti-objects"
S3_REGION="us-east-1"

KAFKA_LIBS="$CACHE_DIR/kafka/libs"
KAFKA_STATE="$STATE_DIR/kafka"
KAFKA_DATA="$KAFKA_STATE/data"
KAFKA_CONFIG="$KAFKA_STATE/server.properties"
S3_DATA="$STATE_DIR/s3/data"
S3_META="$STATE_DIR/s3/meta"
REDIS_DIR="$STATE_DIR/redis"
# Our own PostgreSQL cluster (initdb'ed and run as the postgres user: PostgreSQL refuses root).
PG_STATE="$STATE_DIR/postgres"
PG_DATA="$PG_STATE/data"
PG_SOCKET_DIR="$PG_STATE/run"
PG_LOG="$PG_STATE/postgres.log"
MAILPIT_DIR="$STATE_DIR/mailpit"
MAILPIT_DB="$MAILPIT_DIR/mailpit.db"
# Recipients the SMTP sink accepts (Go regexp, matched against the bare RCPT TO address). Every
# address whose local part starts with "refused" (any case) is refused at RCPT TO with
# "550 5.1.0 Requested action not taken: mailbox unavailable": a permanent failure on demand.
# (RE2 has no negative look-ahead, hence the spelled-out "does not start with refused".)
SMTP_ACCEPTED_RECIPIENTS='(?i)^(?:[^r]|r[^e]|re[^f]|ref[^u]|refu[^s]|refus[^e]|refuse[^d])'

# Go / apt tool locations (Go may live outside PATH on some machines).
export PATH="$PATH:/usr/local/go/bin:$BIN_DIR"
export DEBIAN_FRONTEND=noninteractive

# ---------------------------------------------------------------- logging
log() { printf '[infra] %s\n' "$*"; }
warn() { printf '[infra] WARN: %s\n' "$*" >&2; }
die() { printf '[infra] ERROR: %s\n' "$*" >&2; exit 1; }

# Print the last lines of a log file to stderr (used when something fails).
show_log_tail() {
  local file="$1" lines="${2:-40}"
  if [[ -f "$file" ]]; then
    printf '[infra] ---- last %s lines of %s ----\n' "$lines" "$file" >&2
    tail -n "$lines" "$file" >&2 || true
    printf '[infra] ----\n' >&2
  else
    printf '[infra] (no log file %s)\n' "$file" >&2
  fi
}

# Make a directory that git should never pick up (self-ignoring).
ensure_ignored_dir() {
  local dir="$1"
  mkdir -p "$dir"
  [[ -f "$dir/.gitignore" ]] || printf '*\n' >"$dir/.gitignore"
}

ensure_state_dirs() {
  ensure_ignored_dir "$STATE_DIR"
  mkdir -p "$LOG_DIR" "$RUN_DIR"
}

ensure_cache_dirs() {
  ensure_ignored_dir "$CACHE_DIR"
  mkdir -p "$BIN_DIR"
}

# ---------------------------------------------------------------- network
# port_open PORT [HOST] -> 0 when something accepts TCP connections.
port_open() {
  local port="$1" host="${2:-$HOST}"
  timeout 1 bash -c "exec 3<>/dev/tcp/$host/$port" 2>/dev/null
}

# pid_alive PID -> the process exists and is not a zombie.
pid_alive() {
  [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null || return 1
  local stat
  stat="$(cat "/proc/$1/stat" 2>/dev/null || true)"
  [[ -z "$stat" || "${stat##*) }" != Z* ]]
}

# wait_for TIMEOUT_SECONDS PID CMD... -> polls until CMD succeeds.
# If PID is non-empty and that process dies, gives up early.
wait_for() {
  local timeout_s="$1" pid="$2"; shift 2
  local deadline=$((SECONDS + timeout_s))
  while ((SECONDS < deadline)); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    if [[ -n "$pid" ]] && ! pid_alive "$pid"; then return 1; fi
    sleep 0.3
  done
  "$@" >/dev/null 2>&1
}

wait_for_port() { # PORT TIMEOUT [PID]
  wait_for "$2" "${3:-}" port_open "$1"
}

wait_for_port_closed() { # PORT TIMEOUT
  local deadline=$((SECONDS + $2))
  while ((SECONDS < deadline)); do
    port_open "$1" || return 0
    sleep 0.3
  done
  ! port_open "$1"
}

# ---------------------------------------------------------------- processes
pid_file() { printf '%s/%s.pid\n' "$RUN_DIR" "$1"; }
log_file() { printf '%s/%s.log\n' "$LOG_DIR" "$1"; }

# read_pid NAME -> prints the pid from the pid file (if any).
read_pid() {
  local f
  f="$(pid_file "$1")"
  [[ -s "$f" ]] && tr -dc '0-9' <"$f"
}

# pid_matches PID MARKER -> process alive and its command line contains MARKER.
pid_matches() {
  local pid="$1" marker="$2"
  pid_alive "$pid" || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 0
  local cmdline
  cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null || true)"
  [[ "$cmdline" == *"$marker"* ]]
}

# is_running NAME MARKER -> 0 if the pid file points at a live matching process.
is_running() {
  local pid
  pid="$(read_pid "$1" || true)"
  pid_matches "$pid" "$2"
}

# start_detached NAME CMD... -> runs CMD in a new session, detached from this
# shell (survives its end), output appended to $LOG_DIR/NAME.log, pid in
# $RUN_DIR/NAME.pid. Prints the pid.
start_detached() {
  local name="$1"; shift
  local pf lf
  pf="$(pid_file "$name")"
  lf="$(log_file "$name")"
  rm -f "$pf"
  printf '\n==== %s starting %s ====\n' "$(date -Is)" "$name" >>"$lf"
  # The inner bash writes its own pid and then execs the command, so the pid
  # file holds the real server pid whether or not setsid had to fork.
  # shellcheck disable=SC2016
  setsid nohup bash -c 'echo $$ >"$0"; exec "$@"' "$pf" "$@" >>"$lf" 2>&1 </dev/null &
  local i
  for i in $(seq 1 50); do
    [[ -s "$pf" ]] && break
    sleep 0.1
  done
  read_pid "$name"
}

# stop_pid NAME MARKER [TIMEOUT] -> SIGTERM, wait, SIGKILL. 0 when gone.
stop_pid() {
  local name="$1" marker="$2" timeout_s="${3:-30}"
  local pid
  pid="$(read_pid "$name" || true)"
  if ! pid_matches "$pid" "$marker"; then
    rm -f "$(pid_file "$name")"
    return 0
  fi
  kill -TERM "$pid" 2>/dev/null || true
  local deadline=$((SECONDS + timeout_s))
  while pid_alive "$pid" && ((SECONDS < deadline)); do
    sleep 0.2
  done
  if pid_alive "$pid"; then
    warn "$name (pid $pid) did not stop within ${timeout_s}s, sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    local i
    for i in $(seq 1 50); do
      pid_alive "$pid" || break
      sleep 0.1
    done
  fi
  rm -f "$(pid_file "$name")"
  ! pid_alive "$pid"
}

# ---------------------------------------------------------------- the processes of stack-up.sh
# What each one runs (scripts/build-server.mjs builds it), relative to $REPO_ROOT; also its marker.
# A further replica `<service>@<n>` runs its service's entry.
stack_entry() { printf 'dist/server/%s.js\n' "${1%@*}"; }
# Its TypeScript source, run as `node --import tsx <source>` (TAPINTI_STACK_RUNTIME=tsx, and every
# stack before the build existed). Also ours, so reused and stopped alike.
stack_source_entry() {
  if [[ "$1" == gateway ]]; then echo gateway/src/main.ts; else printf 'services/%s/src/main.ts\n' "${1%@*}"; fi
}

# stack_marker NAME -> the marker of the live process its pid file names (nothing when none is ours).
stack_marker() {
  local pid marker
  pid="$(read_pid "$1" || true)"
  for marker in "$(stack_entry "$1")" "$(stack_source_entry "$1")"; do
    pid_matches "$pid" "$marker" && { echo "$marker"; return 0; }
  done
  return 1
}

stack_process_running() { stack_marker "$1" >/dev/null; }

# The services' processes, from the service manifest (packages/runtime/src/service-manifest.ts, as
# `npm run generate` writes it for the shell): one line per service,
# "<gateway URL variable> <process>:<port>[,<process>:<port>…]" (a further replica is `<service>@<n>`).
stack_services() {
  node -e 'for (const s of require(process.argv[1]).services)
    console.log(s.urlVariable, s.processes.map((p) => `${p.process}:${p.port}`).join(","))' \
    "$REPO_ROOT/infra/local/services.generated.json"
}

# ---------------------------------------------------------------- readiness probes
pg_ready() { pg_isready -q -h "$HOST" -p "$PG_PORT" -t 2; }
redis_ready() { [[ "$(redis-cli -h "$HOST" -p "$REDIS_PORT" ping 2>/dev/null)" == "PONG" ]]; }
kafka_ready() {
  port_open "$KAFKA_PORT" || return 1
  local md
  md="$(timeout 10 kcat -b "$HOST:$KAFKA_PORT" -L -m 5 2>/dev/null)" || return 1
  [[ "$md" == *"broker 1 at"* ]]
}
s3_ready() {
  # Any HTTP answer (even 403) means the gateway is up.
  local code
  code="$(curl -s -o /dev/null -m 3 -w '%{http_code}' "http://$HOST:$S3_PORT/" || true)"
  [[ -n "$code" && "$code" != "000" ]]
}
smtp_ready() { # Mailpit: SMTP port open and its HTTP API answering
  port_open "$SMTP_PORT" && curl -fs -o /dev/null -m 3 "http://$HOST:$MAIL_HTTP_PORT/api/v1/messages?limit=1"
}

# ---------------------------------------------------------------- markers used to recognise our processes
# A process is ours when the pid file in $RUN_DIR names it AND its command line contains the
# marker, which always includes a path under $TAPINTI_STATE: a server someone else started on the
# same port is never taken for ours, and never stopped.
KAFKA_MARKER="kafka.Kafka $KAFKA_CONFIG"
S3_MARKER="posix --sidecar $S3_META $S3_DATA"
SMTP_MARKER="--database $MAILPIT_DB"
LEGACY_SMTP_MARKER="$INFRA_DIR/smtp-sink.mjs" # the node sink used before Mailpit
REDIS_MARKER="redis-server $HOST:$REDIS_PORT"

# pid_cwd_is PID DIR -> the process's working directory is DIR (redis chdirs to its --dir).
pid_cwd_is() {
  [[ "$(readlink -f "/proc/$1/cwd" 2>/dev/null)" == "$(readlink -f "$2")" ]]
}

# ---------------------------------------------------------------- redis (ours: pid file + cwd)
redis_pid() { # prints the pid of the redis-server this stack started, if it runs
  local pid
  pid="$(read_pid redis || true)"
  pid_matches "$pid" "$REDIS_MARKER" && pid_cwd_is "$pid" "$REDIS_DIR" && echo "$pid"
}

# ---------------------------------------------------------------- postgres (ours: $PG_DATA)
pg_as_postgres() { runuser -u postgres -- "$@"; }

# Our cluster is running: pg_ctl finds a live postmaster for $PG_DATA (its postmaster.pid).
pg_own_running() {
  [[ -f "$PG_DATA/postmaster.pid" ]] && pg_as_postgres "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}

pg_own_pid() { [[ -s "$PG_DATA/postmaster.pid" ]] && head -n1 "$PG_DATA/postmaster.pid"; }

# ---------------------------------------------------------------- smtp sink (mailpit)
mailpit_pid() {
  local pid
  pid="$(read_pid mailpit || true)"
  pid_matches "$pid" "$SMTP_MARKER" && echo "$pid"
}

# Starts Mailpit if nothing answers yet. Does not wait. Sets SMTP_STATUS to "reused"/"started".
mailpit_launch() {
  SMTP_STATUS="reused"
  if smtp_ready; then return 0; fi
  if [[ -n "$(mailpit_pid)" ]]; then return 0; fi # ours, still starting up
  # The node sink these scripts ran before Mailpit: ours, so replace it.
  local legacy
  legacy="$(read_pid smtp-sink || true)"
  if pid_matches "$legacy" "$LEGACY_SMTP_MARKER"; then
    log "smtp: stopping the old node sink (pid $legacy), Mailpit replaces it"
    stop_pid smtp-sink "$LEGACY_SMTP_MARKER" 20 || true
    wait_for_port_closed "$SMTP_PORT" 10 || true
    wait_for_port_closed "$MAIL_HTTP_PORT" 10 || true
  fi
  rm -f "$(pid_file smtp-sink)"
  local bin="$BIN_DIR/mailpit"
  [[ -x "$bin" ]] || { warn "smtp: $bin missing (run infra/local/install.sh)"; return 1; }
  if port_open "$SMTP_PORT" || port_open "$MAIL_HTTP_PORT"; then
    warn "smtp: port $SMTP_PORT or $MAIL_HTTP_PORT is taken by something that does not answer as Mailpit"
    return 1
  fi
  ensure_state_dirs
  mkdir -p "$MAILPIT_DIR"
  start_detached mailpit "$bin" --smtp "$HOST:$SMTP_PORT" --listen "$HOST:$MAIL_HTTP_PORT" \
    --database "$MAILPIT_DB" --max 5000 --label tapinti \
    --smtp-disable-rdns --smtp-auth-accept-any --smtp-auth-allow-insecure \
    --smtp-allowed-recipients "$SMTP_ACCEPTED_RECIPIENTS" >/dev/null
  SMTP_STATUS="started"
}

mailpit_await() {
  local timeout_s="${1:-30}" pid
  pid="$(read_pid mailpit || true)"
  if wait_for "$timeout_s" "$pid" smtp_ready; then return 0; fi
  warn "smtp: Mailpit not answering on $HOST:$SMTP_PORT / $HOST:$MAIL_HTTP_PORT after ${timeout_s}s"
  show_log_tail "$(log_file mailpit)"
  return 1
}

# Stops our Mailpit and waits until both ports are closed. Refuses (1) to touch a sink that
# answers but was not started by these scripts.
mailpit_stop() {
  local timeout_s="${1:-20}" pid
  pid="$(mailpit_pid || true)"
  if [[ -z "$pid" ]]; then
    rm -f "$(pid_file mailpit)"
    if port_open "$SMTP_PORT" || port_open "$MAIL_HTTP_PORT"; then
      SMTP_STATUS="left alone (port $SMTP_PORT/$MAIL_HTTP_PORT open, not started by these scripts)"
      return 1
    fi
    SMTP_STATUS="not running"
    return 0
  fi
  stop_pid mailpit "$SMTP_MARKER" "$timeout_s" || { SMTP_STATUS="pid $pid would not stop"; return 1; }
  if ! wait_for_port_closed "$SMTP_PORT" 10 || ! wait_for_port_closed "$MAIL_HTTP_PORT" 10; then
    SMTP_STATUS="ports still open after stop"
    return 1
  fi
  SMTP_STATUS="stopped (pid $pid)"
}

# Fills the array KAFKA_JAVA with the java command prefix (before the main class).
kafka_java_cmd() {
  local heap
  read -r -a heap <<<"${KAFKA_HEAP_OPTS:--Xmx512m -Xms256m}"
  KAFKA_JAVA=(java "${heap[@]}" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$INFRA_DIR/kafka/log4j.properties"
    -cp "$KAFKA_LIBS/*")
}

# ---------------------------------------------------------------- kafka (shared by infra-up.sh and kafka.sh)
kafka_pid() {
  local pid
  pid="$(read_pid kafka || true)"
  if pid_matches "$pid" "$KAFKA_MARKER"; then echo "$pid"; return 0; fi
  # Pid file lost: look for the broker running with *our* config file.
  pid="$(pgrep -f -x -- "java .* $KAFKA_MARKER" | head -n1 || true)"
  [[ -n "$pid" ]] && echo "$pid" >"$(pid_file kafka)" && echo "$pid"
}

kafka_write_config() {
  mkdir -p "$KAFKA_DATA"
  sed -e "s|@KAFKA_DATA@|$KAFKA_DATA|g" -e "s|@HOST@|$HOST|g" \
    -e "s|@KAFKA_PORT@|$KAFKA_PORT|g" -e "s|@KAFKA_CONTROLLER_PORT@|$KAFKA_CONTROLLER_PORT|g" \
    "$INFRA_DIR/kafka/server.properties.template" >"$KAFKA_CONFIG.tmp"
  mv "$KAFKA_CONFIG.tmp" "$KAFKA_CONFIG"
}

# Starts the broker process if it is not answering / running. Does not wait.
# Sets KAFKA_STATUS to "reused" or "started".
kafka_launch() {
  KAFKA_STATUS="reused"
  if kafka_ready; then return 0; fi
  if [[ -n "$(kafka_pid)" ]]; then return 0; fi # ours, still starting up
  if port_open "$KAFKA_PORT" || port_open "$KAFKA_CONTROLLER_PORT"; then
    warn "kafka: port $KAFKA_PORT/$KAFKA_CONTROLLER_PORT is taken by a process that does not answer as a Kafka broker"
    return 1
  fi
  compgen -G "$KAFKA_LIBS/kafka_2.13-*.jar" >/dev/null || {
    warn "kafka: jars missing in $KAFKA_LIBS (run infra/local/install.sh)"
    return 1
  }
  command -v java >/dev/null || { warn "kafka: java not found"; return 1; }
  ensure_state_dirs
  kafka_write_config
  kafka_java_cmd
  local lf
  lf="$(log_file kafka)"
  if [[ ! -f "$KAFKA_DATA/meta.properties" ]]; then
    local cid_file="$KAFKA_STATE/cluster-id"
    if [[ ! -s "$cid_file" ]]; then
      # 16 random bytes, base64url without padding = a Kafka Uuid string.
      head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' >"$cid_file"
    fi
    printf '\n==== %s formatting %s ====\n' "$(date -Is)" "$KAFKA_DATA" >>"$lf"
    if ! "${KAFKA_JAVA[@]}" kafka.tools.StorageTool format --ignore-formatted \
        -t "$(cat "$cid_file")" -c "$KAFKA_CONFIG" >>"$lf" 2>&1; then
      warn "kafka: storage format failed"
      show_log_tail "$lf"
      return 1
    fi
  fi
  start_detached kafka "${KAFKA_JAVA[@]}" kafka.Kafka "$KAFKA_CONFIG" >/dev/null
  KAFKA_STATUS="started"
}

# Waits until the broker answers a metadata request.
kafka_await() {
  local timeout_s="${1:-120}"
  local pid
  # The raw pid file first: if the JVM already died we want to notice at once.
  pid="$(read_pid kafka || true)"
  [[ -n "$pid" ]] || pid="$(kafka_pid || true)"
  if wait_for "$timeout_s" "$pid" kafka_ready; then return 0; fi
  if [[ -n "$pid" ]] && ! pid_alive "$pid"; then
    warn "kafka: broker process $pid exited"
  else
    warn "kafka: broker not answering on $HOST:$KAFKA_PORT after ${timeout_s}s"
  fi
  show_log_tail "$(log_file kafka)" 60
  return 1
}

# Stops the broker and waits until the process is gone and the ports are free.
kafka_stop() {
  local timeout_s="${1:-60}" pid
  pid="$(kafka_pid || true)"
  if [[ -z "$pid" ]]; then
    if port_open "$KAFKA_PORT"; then
      warn "kafka: something answers on $KAFKA_PORT but it is not the broker started from $KAFKA_CONFIG; not touching it"
      return 1
    fi
    KAFKA_STATUS="not running"
    return 0
  fi
  echo "$pid" >"$(pid_file kafka)"
  stop_pid kafka "$KAFKA_MARKER" "$timeout_s" || { warn "kafka: could not stop pid $pid"; return 1; }
  if ! wait_for_port_closed "$KAFKA_PORT" 10 || ! wait_for_port_closed "$KAFKA_CONTROLLER_PORT" 10; then
    warn "kafka: ports still open after stop"
    return 1
  fi
  KAFKA_STATUS="stopped (pid $pid)"
}
