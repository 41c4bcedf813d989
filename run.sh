#!/usr/bin/env bash
# Sets everything up and runs the product: office-desk, which starts office-mcp on the
# default database. Without a display it says how to run the server alone instead.
set -euo pipefail
cd "$(dirname "$0")"
./setup.sh
build="${OFFICE_BUILD_DIR:-build}"
server="$PWD/$build/stdio_server/office-mcp"
"$server" db init
desk="$build/desktop/office-desk"
if [ ! -x "$desk" ]; then
  why="office-desk was not built here (it needs Qt 6: apt-get install qt6-base-dev, then ./run.sh again)."
elif [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  why="No display here, so office-desk (the desktop app) cannot open.
Run it on a desktop session, or under a virtual display: xvfb-run $PWD/$desk"
else
  exec "$desk" "$@"
fi
cat >&2 <<MSG
$why

The MCP server itself needs no display. An AI client launches it; to connect one, paste:
  Claude Code:     $("$server" config claude-code)
  Claude Desktop:  $server config claude-desktop   (prints the JSON to paste)
  VS Code, Cursor: $server config vscode | cursor
To serve the office to several desks and assistants over HTTP instead:
  $server token add NAME   then   $server --http 8080   (docs/operating.md: "Run an office on a server")

Starting the server here on stdin/stdout (type JSON-RPC lines; Ctrl-D quits):
MSG
exec "$server" "$@"
