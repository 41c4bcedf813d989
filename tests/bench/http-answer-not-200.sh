#!/bin/sh
# office-bench --http must fail (exit 1, naming the session) when an answer is not a 200 with a
# successful result. office-mcp with a tokens file answers every request without a token 401:
# the bench runs it through a wrapper that adds --tokens.
#   sh http-answer-not-200.sh OFFICE_BENCH OFFICE_MCP
bench=$1 office=$2
d=$(mktemp -d) || exit 1
trap 'rm -rf "$d"' EXIT
"$office" token add bench --tokens "$d/tokens" >/dev/null 2>&1 || { echo "office-mcp token add failed"; exit 1; }
printf '#!/bin/sh\nexec "%s" --tokens "%s" "$@"\n' "$office" "$d/tokens" >"$d/office-with-tokens"
chmod +x "$d/office-with-tokens"
said=$("$bench" --http --quick --only office --connections 1 --server "$d/office-with-tokens" 2>&1 >/dev/null)
status=$?
echo "$said"
[ $status -eq 1 ] || { echo "office-bench exited $status, not 1"; exit 1; }
echo "$said" | grep -q '^office-bench: a session of office-mcp failed: run 1, 1 connections: warm-up at 1 connections: call 1 answered HTTP 401, not a 200 with a successful result for its id' ||
  { echo 'no sentence naming the failed session and its 401'; exit 1; }
