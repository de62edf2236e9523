#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL 15 cluster on a loopback port.
# The cluster lives in a temporary directory and is always stopped and removed.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
PGPORT=${PGPORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
DIR=$(mktemp -d /tmp/campaign-pg.XXXXXX)
chmod 755 "$DIR"
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" -eq 0 ] && chown postgres "$DIR"
cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT
as_pg "$PGBIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
  -o "-h 127.0.0.1 -p $PGPORT -k $DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50" start >/dev/null
echo "PostgreSQL running on 127.0.0.1:$PGPORT"
export DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
"$@"
