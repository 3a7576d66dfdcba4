#!/usr/bin/env bash
# A throwaway PostgreSQL server for Mapwright's tests and benchmarks: a cluster of its own in
# a temporary folder, on a loopback port, with a password (so that a wrong one is refused).
#
#   Scripts/postgres.sh start    # prints the URL; tests read it from MAPWRIGHT_POSTGRES_URL
#   Scripts/postgres.sh stop     # stops the server and removes the folder
#   Scripts/postgres.sh url
#
# Settings: MAPWRIGHT_PG_DIR (default /tmp/mapwright-postgres), MAPWRIGHT_PG_PORT (5433).
# Needs Debian's `postgresql` package (`apt-get install postgresql`). The server refuses to run
# as root, so as root the cluster belongs to the `postgres` user the package creates.
set -euo pipefail
dir=${MAPWRIGHT_PG_DIR:-/tmp/mapwright-postgres}
port=${MAPWRIGHT_PG_PORT:-5433}
url="postgres://mapwright:mapwright@127.0.0.1:$port/mapwright"

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgres.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi

# Runs a server command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
  if [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status > /dev/null 2>&1; then
    echo "$url"
    exit 0
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  echo mapwright > "$dir/password"
  if [ "$(id -u)" = 0 ]; then chown -R postgres: "$dir"; fi
  as_owner "$bin/initdb" -D "$dir/data" -U mapwright --pwfile="$dir/password" --auth=scram-sha-256 > "$dir/initdb.log"
  as_owner "$bin/pg_ctl" -D "$dir/data" -w -l "$dir/server.log" \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start > /dev/null
  PGPASSWORD=mapwright "$bin/createdb" -h 127.0.0.1 -p "$port" -U mapwright mapwright
  echo "$url"
  ;;
stop)
  if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast stop > /dev/null || true; fi
  rm -rf "$dir"
  ;;
url)
  echo "$url"
  ;;
*)
  echo "usage: Scripts/postgres.sh start|stop|url" >&2
  exit 2
  ;;
esac
