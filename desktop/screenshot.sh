#!/bin/sh
# Regenerates docs/office-desk.png: office-desk under Xvfb, staged mid-approval (a slot booked,
# a refund queued by an assistant that cannot show forms, that refund under review with the
# form filled in). Builds nothing; pass the build directory (default: build/).
#
#   desktop/screenshot.sh [BUILD_DIR] [OUTPUT_PNG] [WIDTHxHEIGHT]   (default 1440x900)
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

# The demo uses a scratch database and leaves the user's settings alone.
XDG_RUNTIME_DIR="$runtime" QT_QPA_PLATFORM=xcb LANG=C.UTF-8 \
    xvfb-run -a -s "-screen 0 ${size}x24 -dpi 96" \
    "$desk" -style Fusion --server "$server" --demo-screenshot "$output"
echo "screenshot.sh: wrote $output"
