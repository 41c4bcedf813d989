#!/usr/bin/env bash
# Stops the test server tests/postgres/start.sh started in DIR and removes DIR.
set -euo pipefail
dir="${1:?usage: stop.sh DIR}"
[ -d "$dir" ] || exit 0
if [ -f "$dir/bin" ] && [ -f "$dir/data/postmaster.pid" ]; then
  bin="$(cat "$dir/bin")"
  as=()
  [ "$(id -u)" -eq 0 ] && as=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
fi
rm -rf "$dir" "$dir-home"
