#!/bin/sh
# office-bench --http must fail (exit 1, naming the session) when an answer is not a 200 with a
# successful result. office-mcp with a tokens file answers every request without a token 401:
# the bench runs it through a wrapper that adds --tokens. With `wrk` as third argument the bench
# sends through wrk only (--http-clients wrk): wrk-mcp.lua must see the 401s and fail the run too.
#   sh http-answer-not-200.sh OFFICE_BENCH OFFICE_MCP [bench|wrk]
bench=$1 office=$2 client=${3:-bench}
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
"$office" token add bench --tokens "$d/tokens" >/dev/null 2>&1 || { echo "office-mcp token add failed"; exit 1; }
printf '#!/bin/sh\nexec "%s" --tokens "%s" "$@"\n' "$office" "$d/tokens" >"$d/office-with-tokens"
chmod +x "$d/office-with-tokens"
said=$("$bench" --http --quick --only office --connections 1 --http-clients "$client" --server "$d/office-with-tokens" 2>&1 >/dev/null)
status=$?
echo "$said"
[ $status -eq 1 ] || { echo "office-bench exited $status, not 1"; exit 1; }
if [ "$client" = wrk ]; then
  expected='^office-bench: a session of office-mcp failed: run 1, 1 connections, wrk: warm-up at 1 connections: wrk saw [1-9][0-9]* of [1-9][0-9]* answers that were not a 200 with a successful result .*; the first: HTTP 401'
else
  expected='^office-bench: a session of office-mcp failed: run 1, 1 connections: warm-up at 1 connections: call 1 answered HTTP 401, not a 200 with a successful result for its id'
fi
echo "$said" | grep -q "$expected" || { echo "no sentence naming the failed session and its 401 ($client)"; exit 1; }
