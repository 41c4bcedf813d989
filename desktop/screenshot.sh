#!/bin/sh
# Regenerates docs/office-desk.png: office-desk under Xvfb, staged mid-approval (a slot booked,
# a refund queued by an assistant that cannot show forms, that refund under review with the
# form filled in). Builds nothing; pass the build directory (default: build/).
#
#   desktop/screenshot.sh [BUILD_DIR] [OUTPUT_PNG] [WIDTHxHEIGHT]   (default 1440x900)
#
# DESK_OFFICE=remote: the same scene against a remote office, served by `office-mcp --http` on
# a scratch database with a token made for the desk; the window shows the URL and token fields.
# DESK_LANG=es (or zh_CN): the desk in that language (office-desk --lang), and the office's
# refund form too; QT_SCALE_FACTOR=2 shows it at 200 %.
#
#   DESK_LANG=es desktop/screenshot.sh build docs/office-desk-es.png
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
output=${2:-"$repo/docs/office-desk.png"}
size=${3:-1440x900}
case $build in /*) ;; *) build="$PWD/$build" ;; esac

desk="$build/desktop/office-desk"
server="$build/stdio_server/office-mcp"
for file in "$desk" "$server"; do
    if [ ! -x "$file" ]; then
        echo "screenshot.sh: $file is missing; build first (cmake --build $build)" >&2
        exit 1
    fi
done
if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "screenshot.sh: xvfb-run is not installed (apt-get install xvfb)" >&2
    exit 1
fi

mkdir -p "$(dirname "$output")"
runtime=$(mktemp -d)
trap 'rm -rf "$runtime"' EXIT
chmod 700 "$runtime"

set --
if [ "${DESK_OFFICE:-local}" = remote ]; then
    db="$runtime/office.db"
    OFFICE_DESK_TOKEN=$("$server" token add desk --db "$db" 2>/dev/null)
    export OFFICE_DESK_TOKEN
    "$server" --http 127.0.0.1:0 --db "$db" 2>"$runtime/http.log" &
    http_pid=$!
    trap 'kill $http_pid 2>/dev/null; rm -rf "$runtime"' EXIT
    url=""
    for _ in $(seq 50); do
        url=$(sed -n 's|^office-mcp: serving MCP at \(http://.*\)$|\1|p' "$runtime/http.log")
        [ -n "$url" ] && break
        sleep 0.1
    done
    if [ -z "$url" ]; then
        echo "screenshot.sh: office-mcp --http did not start: $(cat "$runtime/http.log")" >&2
        exit 1
    fi
    set -- --url "$url"
fi

# The demo uses a scratch database and leaves the user's settings alone.
XDG_RUNTIME_DIR="$runtime" QT_QPA_PLATFORM=xcb LANG=C.UTF-8 \
    xvfb-run -a -s "-screen 0 ${size}x24 -dpi 96" \
    "$desk" -style Fusion --server "$server" ${DESK_LANG:+--lang "$DESK_LANG"} "$@" --demo-screenshot "$output"
echo "screenshot.sh: wrote $output"
