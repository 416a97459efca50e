#!/usr/bin/env bash
# Installs whatever the local stack needs and is missing. Idempotent; a second
# run only checks and exits in a second or two.
#
#   install.sh          postgres, redis, kcat, chromium (apt), kafka jars (maven), versitygw and
#                       mailpit (go)
#   install.sh k6       the same plus k6 (go build, a few minutes cold)
#   install.sh only k6  just k6
set -euo pipefail
# shellcheck source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

WANT_DEFAULT=1
WANT_K6=0
for arg in "$@"; do
  case "$arg" in
    k6) WANT_K6=1 ;;
    only) WANT_DEFAULT=0 ;;
    all|default) ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) die "unknown argument '$arg' (expected: k6, only k6)" ;;
  esac
done

ensure_cache_dirs
ensure_state_dirs
START=$SECONDS

# ---------------------------------------------------------------- apt
APT_PACKAGES=(postgresql postgresql-contrib redis-server redis-tools kcat chromium fonts-dejavu-core fonts-liberation curl openssl ca-certificates)

apt_missing() {
  local p status
  for p in "$@"; do
    status="$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)"
    [[ "$status" == "installed" ]] || printf '%s\n' "$p"
  done
}

install_apt() {
  local missing
  mapfile -t missing < <(apt_missing "$@")
  if ((${#missing[@]} == 0)); then
    log "apt: all present (${*})"
    return 0
  fi
  command -v apt-get >/dev/null || die "apt-get not found; install manually: ${missing[*]}"
  log "apt: installing ${missing[*]}"
  local alog="$LOG_DIR/install-apt.log"
  if ! { apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$alog" 2>&1; then
    show_log_tail "$alog"
    die "apt-get install failed"
  fi
}

# ---------------------------------------------------------------- kafka jars (maven)
kafka_stamp() {
  # Re-fetch whenever pom.xml changes.
  sha256sum "$INFRA_DIR/kafka/pom.xml" | cut -d' ' -f1
}

install_kafka_jars() {
  local stamp_file="$KAFKA_LIBS/.stamp" want
  want="$(kafka_stamp)"
  if [[ -f "$stamp_file" && "$(cat "$stamp_file")" == "$want" ]] && compgen -G "$KAFKA_LIBS/kafka_2.13-$KAFKA_VERSION.jar" >/dev/null; then
    log "kafka $KAFKA_VERSION jars: present ($KAFKA_LIBS)"
    return 0
  fi
  command -v mvn >/dev/null || die "mvn not found (Maven 3 is needed to fetch the Kafka jars)"
  command -v java >/dev/null || die "java not found (Java 17 is needed to run Kafka)"
  log "kafka $KAFKA_VERSION jars: fetching from Maven Central"
  local tmp="$CACHE_DIR/kafka/libs.tmp.$$" mlog="$LOG_DIR/install-kafka.log"
  rm -rf "$tmp"
  mkdir -p "$tmp"
  if ! mvn -B -q -f "$INFRA_DIR/kafka/pom.xml" dependency:copy-dependencies \
      -DoutputDirectory="$tmp" -DincludeScope=runtime >"$mlog" 2>&1; then
    rm -rf "$tmp"
    show_log_tail "$mlog"
    die "mvn dependency:copy-dependencies failed"
  fi
  echo "$want" >"$tmp/.stamp"
  rm -rf "$KAFKA_LIBS"
  mv "$tmp" "$KAFKA_LIBS"
  log "kafka $KAFKA_VERSION jars: $(find "$KAFKA_LIBS" -name '*.jar' | wc -l) jars in $KAFKA_LIBS"
}

# ---------------------------------------------------------------- go binaries
go_bin_version() { # BINARY -> module version it was built from
  go version -m "$1" 2>/dev/null | awk '$1 == "mod" { print $3; exit }'
}

install_go_tool() { # NAME PACKAGE VERSION
  local name="$1" pkg="$2" version="$3"
  local bin="$BIN_DIR/$name"
  command -v go >/dev/null || die "go not found (Go is needed to build $name)"
  if [[ -x "$bin" && "$(go_bin_version "$bin")" == "$version" ]]; then
    log "$name $version: present ($bin)"
    return 0
  fi
  log "$name $version: go install $pkg@$version"
  local glog="$LOG_DIR/install-$name.log"
  if ! GOBIN="$BIN_DIR" CGO_ENABLED=0 \
      go install -trimpath -ldflags='-s -w' "$pkg@$version" >"$glog" 2>&1; then
    show_log_tail "$glog"
    die "go install $pkg@$version failed"
  fi
  log "$name $version: installed ($bin)"
}

# Mailpit (the SMTP sink). `go install github.com/axllent/mailpit@v…` cannot work here: before
# building it asks the proxy for the module's version list (to look for a deprecation notice) and
# proxy.golang.org answers that with 403. So: download the pinned module zip (checked against
# sum.golang.org like go install does), then build it as the main module, with the dependencies
# its own go.sum pins. The module lacks the web UI's compiled assets (server/ui/dist): the web
# inbox page is empty, the SMTP server and the HTTP API work. The version is stamped in with -X
# and checked with `mailpit version`.
mailpit_bin_version() { "$1" version 2>/dev/null | awk '{ print $2; exit }'; }

install_mailpit() {
  local bin="$BIN_DIR/mailpit" module="github.com/axllent/mailpit" version="$MAILPIT_VERSION"
  command -v go >/dev/null || die "go not found (Go is needed to build mailpit)"
  if [[ -x "$bin" && "$(mailpit_bin_version "$bin")" == "$version" ]]; then
    log "mailpit $version: present ($bin)"
    return 0
  fi
  log "mailpit $version: go mod download $module@$version && go build"
  local glog="$LOG_DIR/install-mailpit.log" dir
  if ! dir="$(cd "$CACHE_DIR" && go mod download -json "$module@$version" 2>>"$glog" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')" ||
      [[ -z "$dir" || ! -f "$dir/go.mod" ]]; then
    show_log_tail "$glog"
    die "go mod download $module@$version failed"
  fi
  if ! (cd "$dir" && GOFLAGS="${GOFLAGS:-} -mod=readonly" CGO_ENABLED=0 go build -trimpath \
      -ldflags="-s -w -X $module/config.Version=$version" -o "$bin.tmp" .) >>"$glog" 2>&1; then
    rm -f "$bin.tmp"
    show_log_tail "$glog"
    die "building mailpit $version failed"
  fi
  mv "$bin.tmp" "$bin"
  log "mailpit $version: installed ($bin)"
}

# ---------------------------------------------------------------- run
# The go builds are CPU-bound and apt is mostly I/O, so they run side by side.
pids=()
names=()
if ((WANT_DEFAULT)); then
  (install_go_tool versitygw github.com/versity/versitygw/cmd/versitygw "$VERSITYGW_VERSION" &&
    install_mailpit) &
  pids+=($!); names+=("versitygw, mailpit")
fi
if ((WANT_K6)); then
  (install_go_tool k6 go.k6.io/k6 "$K6_VERSION") &
  pids+=($!); names+=(k6)
fi

rc=0
if ((WANT_DEFAULT)); then
  (install_apt "${APT_PACKAGES[@]}" && install_kafka_jars) || rc=1
fi
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || { warn "${names[$i]} install failed"; rc=1; }
done
((rc == 0)) || die "install failed (see $LOG_DIR/install-*.log)"

if ((WANT_DEFAULT)); then
  # pg_trgm ships in postgresql-15 on Debian 12; make sure it is really there.
  [[ -f "/usr/share/postgresql/$PG_VERSION/extension/pg_trgm.control" ]] ||
    warn "pg_trgm extension files not found for PostgreSQL $PG_VERSION"
fi
# ---------------------------------------------------------------- schemathesis (pypi)
# The API fuzzer of the `schemathesis` test stage: pinned, in a virtualenv under .cache/.
if ((WANT_DEFAULT)); then
  bash "$INFRA_DIR/install-schemathesis.sh" >/dev/null || die "schemathesis install failed"
fi

log "install done in $((SECONDS - START))s"
