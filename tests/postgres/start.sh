#!/usr/bin/env bash
# Starts the PostgreSQL server the postgres.* tests use (the ctest fixture `postgres`):
# initdb (trust authentication, UTF-8, no locale) into DIR/data, then postgres with its Unix
# socket in DIR and no TCP at all. PostgreSQL refuses to run as root, and CI runs as root: then
# the server runs as `nobody`, DIR chowned to it. Tests connect with
#   OFFICE_TEST_POSTGRES=DIR   (postgresql:///DB?host=DIR&user=postgres)
# A missing PostgreSQL fails here, naming what is missing: the tests are never skipped.
set -euo pipefail
dir="${1:?usage: start.sh DIR}"

bin=""
for candidate in "${OFFICE_POSTGRES_BIN:-}" "$(pg_config --bindir 2>/dev/null || true)" /usr/lib/postgresql/*/bin; do
  if [ -n "$candidate" ] && [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ] && [ -x "$candidate/postgres" ]; then
    bin="$candidate"
  fi
done
if [ -z "$bin" ]; then
  echo "postgres fixture: the PostgreSQL server programs (initdb, pg_ctl, postgres) are not installed:" \
       "apt-get install postgresql (or set OFFICE_POSTGRES_BIN to their directory)" >&2
  exit 1
fi

"$(dirname "$0")/stop.sh" "$dir" >/dev/null 2>&1 || true   # a server left over from an interrupted run
rm -rf "$dir" "$dir-home"
mkdir -p "$(dirname "$dir")"
run="$dir"   # where the server's files and socket really are
as=()
if [ "$(id -u)" -eq 0 ]; then
  command -v setpriv >/dev/null || { echo "postgres fixture: setpriv (util-linux) is needed to run PostgreSQL as nobody" >&2; exit 1; }
  as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  # nobody must reach DIR through every directory above it; a checkout under /root (0700) is
  # out of its reach: then the server lives in a directory of /tmp, and DIR links to it.
  if ! "${as[@]}" test -x "$(dirname "$dir")"; then
    run="$(mktemp -d /tmp/office-mcp-postgres-XXXXXX)"
    ln -s "$run" "$dir"
  fi
fi
mkdir -p "$run"
[ ${#as[@]} -gt 0 ] && chown nobody:nogroup "$run"

"${as[@]}" "$bin/initdb" -D "$run/data" -U postgres -A trust -E UTF8 --no-locale >"$run/initdb.log" 2>&1 || {
  cat "$run/initdb.log" >&2
  echo "postgres fixture: initdb failed (above)" >&2
  exit 1
}
# Small and quick: no TCP, the socket in DIR, no fsync (a test server's data may be lost with the
# machine), enough connections for parallel tests and their racing processes.
"${as[@]}" "$bin/pg_ctl" -D "$run/data" -l "$run/server.log" -w -t 60 \
  -o "-c listen_addresses='' -k $run -c fsync=off -c max_connections=200 -c shared_buffers=16MB" start >/dev/null || {
  cat "$run/server.log" >&2
  echo "postgres fixture: the server did not start (its log is above)" >&2
  exit 1
}
echo "$bin" >"$run/bin"
echo "postgres fixture: PostgreSQL from $bin is running with its socket in $dir"
