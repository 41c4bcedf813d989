#!/usr/bin/env bash
# Stops the test server tests/postgres/start.sh started in DIR and removes DIR.
set -euo pipefail
dir="${1:?usage: stop.sh DIR}"
[ -e "$dir" ] || exit 0
run="$(readlink -f "$dir")"   # start.sh may have put the server in /tmp and linked DIR to it
if [ -f "$run/bin" ] && [ -f "$run/data/postmaster.pid" ]; then
  bin="$(cat "$run/bin")"
  as=()
  [ "$(id -u)" -eq 0 ] && as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  "${as[@]}" "$bin/pg_ctl" -D "$run/data" -m fast -w -t 60 stop >/dev/null
fi
rm -rf "$run" "$dir" "$dir-home"
