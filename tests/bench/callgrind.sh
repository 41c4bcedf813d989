#!/usr/bin/env bash
# Instructions and heap allocations per tools/call, independent of the machine's load (issue 16):
# office-mcp serves N calls read from a file under `valgrind --tool=callgrind`, then 2N; the
# difference divided by N is the cost of one call, with start-up, the handshake and the
# database's creation cancelled out. The same for heap allocations with office-mcp-counting.
# Input from a file arrives in 64 KiB reads, so calls share commits (group commit) as they
# do at 64 in flight; the figures are for the parse, the tool, SQLite and the reply.
#   tests/bench/callgrind.sh [build-dir] [N]        (default: build 500; about a minute)
#   KEEP=dir tests/bench/callgrind.sh ...            keeps callgrind.out.* there for callgrind_annotate
set -euo pipefail
build="${1:-build}"
n="${2:-500}"
server="$build/stdio_server/office-mcp"
counting="$build/tests/bench/office-mcp-counting"
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is not installed" >&2; exit 1; }
[ -x "$server" ] || { echo "callgrind.sh: no $server (build first)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
keep="${KEEP:-}"

meta='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}'
# requests ERA TOOL ARGUMENTS COUNT: the input of one run.
requests() {
    local era="$1" tool="$2" args="$3" count="$4" i
    if [ "$era" = legacy ]; then
        echo '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"callgrind","version":"1"}}}'
        echo '{"jsonrpc":"2.0","method":"notifications/initialized"}'
        for ((i = 1; i <= count; i++)); do
            echo "{\"jsonrpc\":\"2.0\",\"id\":$i,\"method\":\"tools/call\",\"params\":{\"name\":\"$tool\",\"arguments\":$args}}"
        done
    else
        for ((i = 1; i <= count; i++)); do
            echo "{\"jsonrpc\":\"2.0\",\"id\":$i,\"method\":\"tools/call\",\"params\":{\"name\":\"$tool\",\"arguments\":$args,$meta}}"
        done
    fi
}

# instructions ERA TOOL ARGS COUNT: instructions executed by office-mcp serving COUNT calls.
instructions() {
    local out="$work/callgrind.out.$1.$2.$4"
    requests "$1" "$2" "$3" "$4" >"$work/in"
    rm -f "$work/office.db"*
    valgrind --tool=callgrind --callgrind-out-file="$out" "$server" --db "$work/office.db" \
        <"$work/in" >"$work/replies" 2>/dev/null
    [ "$(grep -c '"result"' "$work/replies")" -ge "$4" ] || { echo "callgrind.sh: $1 $2: not every call answered" >&2; exit 1; }
    [ -n "$keep" ] && mkdir -p "$keep" && cp "$out" "$keep/"
    sed -n 's/^summary: \([0-9]*\).*/\1/p' "$out"
}

# allocations ERA TOOL ARGS COUNT: heap allocations (malloc, calloc, realloc) for COUNT calls.
allocations() {
    requests "$1" "$2" "$3" "$4" >"$work/in"
    rm -f "$work/office.db"*
    head -c 8 /dev/zero >"$work/counter"
    OFFICE_BENCH_ALLOC_COUNTER="$work/counter" "$counting" --db "$work/office.db" <"$work/in" >/dev/null 2>&1
    od -An -t u8 "$work/counter" | tr -d ' '
}

printf '%-28s %16s %16s\n' "call (N=$n, 2N=$((2 * n)))" "instructions/call" "allocations/call"
while read -r era tool args; do
    a="$(instructions "$era" "$tool" "$args" "$n")"
    b="$(instructions "$era" "$tool" "$args" $((2 * n)))"
    allocs="-"
    if [ -x "$counting" ]; then
        c="$(allocations "$era" "$tool" "$args" "$n")"
        d="$(allocations "$era" "$tool" "$args" $((2 * n)))"
        allocs="$(awk -v c="$c" -v d="$d" -v n="$n" 'BEGIN { printf "%.1f", (d - c) / n }')"
    fi
    printf '%-28s %16s %16s\n' "$tool $era" "$(awk -v a="$a" -v b="$b" -v n="$n" 'BEGIN { printf "%.0f", (b - a) / n }')" "$allocs"
done <<'CALLS'
legacy order_lunch {"item":"tortilla","quantity":2}
modern order_lunch {"item":"tortilla","quantity":2}
legacy find_customer {"query":"Maria"}
modern find_customer {"query":"Maria"}
CALLS
