#!/usr/bin/env bash
# CPU per call of each process in a replicated office (issue 29's scaling model, docs/architecture.md
# "Scaling"): N office-mcp-pg replicas behind office-replicas' HAProxy on the PostgreSQL database
# URI (reset to the seed first), 64 keep-alive connections from wrk sending stateless order_lunch
# calls for 5 s after a 1 s warm-up; the replicas', HAProxy's and PostgreSQL's CPU (all processes
# of the server's user, read from /proc: the server must run on this machine) over the 5 s,
# divided by the calls answered.
#   tests/bench/chain-cpu.sh BUILD_DIR URI [N]      (e.g. build 'postgresql:///office_bench?host=/run/postgresql' 3)
set -euo pipefail
build="${1:?usage: chain-cpu.sh BUILD_DIR URI [N]}"
uri="${2:?usage: chain-cpu.sh BUILD_DIR URI [N]}"
n="${3:-1}"
pg_user="$(ps -o user= -C postgres | sort | uniq -c | sort -rn | awk 'NR==1 {print $2}')"
[ -n "$pg_user" ] || { echo "chain-cpu.sh: no postgres process on this machine" >&2; exit 1; }
work="$(mktemp -d)"
trap 'kill -INT "$driver" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/call.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json, text/event-stream"
wrk.headers["MCP-Protocol-Version"] = "2026-07-28"
wrk.headers["Mcp-Method"] = "tools/call"
wrk.headers["Mcp-Name"] = "order_lunch"
wrk.body = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"order_lunch","arguments":{"item":"tortilla","quantity":2},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}'
bad = 0
function response(status, headers, body)
  if status ~= 200 or not string.find(body, '"result"') or string.find(body, '"isError":true') then bad = bad + 1 end
end
function done() io.write(string.format("bad answers: %d\n", bad)) end
LUA
"$build/stdio_server/office-mcp-pg" db reset --db "$uri" >/dev/null
"$build/tests/replicas/office-replicas" --replicas "$n" -- "$build/stdio_server/office-mcp-pg" --http 127.0.0.1:0 \
    --drain-delay 0 --db "$uri" 2>"$work/replicas.log" &
driver=$!
for _ in $(seq 100); do grep -q "office-replicas: serving MCP at" "$work/replicas.log" && break; sleep 0.2; done
url="$(grep -o "office-replicas: serving MCP at http://[^ ]*" "$work/replicas.log" | head -1 | sed 's/.*at //')"
[ -n "$url" ] || { echo "chain-cpu.sh: office-replicas did not start:" >&2; cat "$work/replicas.log" >&2; exit 1; }
replicas="$(grep -o "replica [0-9]* pid [0-9]*" "$work/replicas.log" | awk '{print $4}')"
haproxy="$(grep -o "haproxy pid [0-9]*" "$work/replicas.log" | awk '{print $3}')"
ticks() { local t=0 p; for p in "$@"; do [ -r "/proc/$p/stat" ] && t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
wrk -t1 -c64 -d1s -s "$work/call.lua" "$url" >/dev/null
r0=$(ticks $replicas); h0=$(ticks $haproxy); p0=$(ticks $(pgrep -u "$pg_user" postgres))
wrk -t1 -c64 -d5s -s "$work/call.lua" "$url" >"$work/wrk.out"
r1=$(ticks $replicas); h1=$(ticks $haproxy); p1=$(ticks $(pgrep -u "$pg_user" postgres))
calls="$(awk '/requests in/ {print $1}' "$work/wrk.out")"
grep -q "bad answers: 0" "$work/wrk.out" || { echo "chain-cpu.sh: some answers were not successful results" >&2; cat "$work/wrk.out" >&2; exit 1; }
awk -v n="$n" -v c="$calls" -v r=$((r1 - r0)) -v h=$((h1 - h0)) -v p=$((p1 - p0)) -v hz="$(getconf CLK_TCK)" 'BEGIN {
    printf "%d replica(s): %d calls in 5 s (%.0f/s); CPU per call: replicas %.1f µs, HAProxy %.1f µs, PostgreSQL %.1f µs\n",
           n, c, c / 5, r * 1e6 / hz / c, h * 1e6 / hz / c, p * 1e6 / hz / c }'
