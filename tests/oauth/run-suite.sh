#!/usr/bin/env bash
# Runs the OAuth tests (run-suite.sh office|reference) with Node.js 20 or later and the pinned
# packages of tests/oauth: a real authorization server (oidc-provider over HTTPS), the SDK client's
# own OAuth flow, mcp-remote, and the refusals and approver right against office-mcp ("office") or
# the harness proven against a resource server made of the SDK's own parts ("reference"). Every
# missing prerequisite is a failure that says why: a suite that cannot run must never look like a pass.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "oauth: FAILED before running the $1 suite: $2" >&2; exit 1; }
[ "$1" = reference ] || { [ -n "${OFFICE_MCP:-}" ] && [ -x "$OFFICE_MCP" ]; } ||
  fail "$1" "OFFICE_MCP ('${OFFICE_MCP:-}') is not an office-mcp executable."
node=$(command -v node) || fail "$1" "Node.js is not on PATH (20 or later is needed; ./test.sh fetches it)."
major=$("$node" --version 2>/dev/null); major=${major#v}; major=${major%%.*}
[ "${major:-0}" -ge 20 ] 2>/dev/null || fail "$1" "$node is too old; the SDK client needs Node.js 20 or later (./test.sh fetches one)."
command -v openssl >/dev/null || fail "$1" "the openssl command line is missing (the test CA is made with it): apt-get install openssl"
[ -f "$here/node_modules/oidc-provider/package.json" ] ||
  fail "$1" "oidc-provider is not installed in tests/oauth/node_modules; run: npm ci --prefix tests/oauth"
cd "$here" && OFFICE_OAUTH_SERVER="$1" exec "$node" --test
