#!/usr/bin/env bash
# Runs one browser test file (run-suite.sh sdk-page|inspector|apps) with Node.js 20 or later, the pinned
# packages of tests/browser and Debian's chromium. Every missing prerequisite is a failure that
# says why: a suite that cannot run must never look like a pass.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "browser: FAILED before running $1: $2" >&2; exit 1; }
{ [ -n "${OFFICE_MCP:-}" ] && [ -x "$OFFICE_MCP" ]; } || fail "$1" "OFFICE_MCP ('${OFFICE_MCP:-}') is not an office-mcp executable."
node=$(command -v node) || fail "$1" "Node.js is not on PATH (20 or later is needed; ./test.sh fetches it)."
major=$("$node" --version 2>/dev/null); major=${major#v}; major=${major%%.*}
[ "${major:-0}" -ge 20 ] 2>/dev/null || fail "$1" "$node is too old; 20 or later is needed (./test.sh fetches one)."
chromium=${OFFICE_CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || fail "$1" "$chromium is missing: apt-get install chromium (./test.sh installs it)"
[ -f "$here/node_modules/playwright-core/package.json" ] ||
  fail "$1" "playwright-core is not installed in tests/browser/node_modules; run: npm ci --prefix tests/browser"
cd "$here" && exec "$node" --test "$1.test.mjs"
