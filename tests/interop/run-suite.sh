#!/usr/bin/env bash
# Runs one interop suite (run-suite.sh SUITE.test.mjs) with Node.js 20 or later and the pinned
# SDK packages. Every missing prerequisite is a failure that says why and how to fix it: a
# suite that cannot run must never look like a pass. ./test.sh provides both (tools/node.sh).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "interop: FAILED before running $(basename "$1"): $2" >&2; exit 1; }
[ -n "${OFFICE_MCP:-}" ] && [ -x "$OFFICE_MCP" ] || fail "$1" "OFFICE_MCP ('${OFFICE_MCP:-}') is not an office-mcp executable."
node=$(command -v node) || fail "$1" "Node.js is not on PATH (20 or later is needed; ./test.sh fetches it)."
version=$("$node" --version 2>/dev/null)
major=${version#v}; major=${major%%.*}
[ "${major:-0}" -ge 20 ] 2>/dev/null || fail "$1" "$node is Node.js $version; the SDK clients need 20 or later (./test.sh fetches one)."
for package in @modelcontextprotocol/sdk @modelcontextprotocol/client; do
  [ -f "$here/node_modules/$package/package.json" ] ||
    fail "$1" "$package is not installed in tests/interop/node_modules; run: npm ci --prefix tests/interop"
done
exec "$node" --test "$here/$1"
