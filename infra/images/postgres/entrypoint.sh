#!/bin/bash
# The first start makes the cluster (password authentication over the network) and the database.
set -euo pipefail
if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
  pwfile="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" >"$pwfile"
  initdb -D "$PGDATA" --username="${POSTGRES_USER:-postgres}" --pwfile="$pwfile" \
    --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  if [[ -n "${POSTGRES_DB:-}" && "$POSTGRES_DB" != postgres ]]; then
    postgres --single -D "$PGDATA" -j postgres <<<"CREATE DATABASE \"$POSTGRES_DB\" OWNER \"${POSTGRES_USER:-postgres}\";" >/dev/null
  fi
fi
if [[ "${1:-}" == postgres ]]; then shift; exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"; fi
exec "$@"
