#!/usr/bin/env bash
# Sets everything up and runs every test: unit, end-to-end (the real binary over pipes),
# schema conformance of every message, interop with the official MCP SDK clients, and the
# desktop app under the offscreen platform.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
build="${OFFICE_BUILD_DIR:-build}"
# The interop tests need the SDK clients from npm, pinned by tests/interop/package-lock.json.
if [ ! -d tests/interop/node_modules ] || [ tests/interop/package-lock.json -nt tests/interop/node_modules ]; then
  npm ci --prefix tests/interop --no-audit --no-fund >&2
  cmake "$build" >/dev/null  # re-run configure so CTest sees the interop tests
fi
cd "$build"
ctest --output-on-failure -j"$(nproc)" "$@"
