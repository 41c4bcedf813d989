#!/usr/bin/env bash
# Runs the official MCP conformance suite against office-mcp --http for both requirement sets
# (conformance.mjs says how it judges). Every missing prerequisite is a failure that says why
# and how to fix it: a suite that cannot run must never look like a pass.
#   OFFICE_MCP=build/stdio_server/office-mcp tests/interop/conformance.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "conformance: FAILED before running: $1" >&2; exit 1; }
[ -n "${OFFICE_MCP:-}" ] && [ -x "$OFFICE_MCP" ] || fail "OFFICE_MCP ('${OFFICE_MCP:-}') is not an office-mcp executable."
node=$(command -v node) || fail "Node.js is not on PATH (20 or later is needed; ./test.sh fetches it)."
version=$("$node" --version 2>/dev/null)
major=${version#v}; major=${major%%.*}
[ "${major:-0}" -ge 20 ] 2>/dev/null || fail "$node is Node.js $version; the conformance suite needs 20 or later (./test.sh fetches one)."
for package in @modelcontextprotocol/conformance @modelcontextprotocol/client yaml; do
  [ -f "$here/node_modules/$package/package.json" ] ||
    fail "$package is not installed in tests/interop/node_modules; run: npm ci --prefix tests/interop"
done
exec "$node" "$here/conformance.mjs"
