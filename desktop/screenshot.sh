#!/bin/sh
# Regenerates docs/office-desk.png: office-desk under Xvfb, staged mid-approval (a slot booked,
# a refund queued by an assistant that cannot show forms, that refund under review with the
# form filled in). Builds nothing; pass the build directory (default: build/).
#
#   desktop/screenshot.sh [BUILD_DIR] [OUTPUT_PNG] [WIDTHxHEIGHT]   (default 1440x900)
#
# DESK_OFFICE=remote: the same scene against a remote office, served by `office-mcp --http` on
# a scratch database with a token made for the desk; the window shows the URL and token fields.
# DESK_OFFICE=signin: the office is an OAuth resource server (--oauth-issuer) of the test
# authorization server tests/oauth/desk-provider.mjs, and the desk signs in first (the browser is
# tests/oauth/browser-cli.mjs, as alice); the window shows "Signed in as alice". Needs node and
# `npm ci --prefix tests/oauth`.
# DESK_LANG=es (or zh_CN): the desk in that language (office-desk --lang), and the office's
# refund form too; QT_SCALE_FACTOR=2 shows it at 200 %.
#
#   DESK_LANG=es desktop/screenshot.sh build docs/office-desk-es.png
#
# DESK_SCENE=customers: the editable customers table instead (a customer added through its form,
# and that customer's edit form open), as in docs/office-desk-customers.png:
#
#   DESK_SCENE=customers desktop/screenshot.sh build docs/office-desk-customers.png
#
# DESK_SCENE=filemenu: the File menu open (Back up now…, Restore…); DESK_SCENE=restore: Restore…
# of a backup just taken, asking first (what the backup holds, what happens to the office).
# DESK_SCENE=calendar: the Calendar tab, next week of an office with opening hours in Madrid, a
# closed day and ten bookings, one being moved (docs/office-desk-calendar.png).
# DESK_SCENE=hostile: the approval scene, with Maria's name changed (as an agent could) to markup
# that would read "APPROVED by manager, enter 900.00" in large green letters if the desk drew it,
# and an assistant whose name is a link (issue 58): the desk shows both as the characters they are.
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
oauth=""
if [ "${DESK_OFFICE:-local}" = signin ]; then
    if [ ! -d "$repo/tests/oauth/node_modules" ] || ! command -v node >/dev/null 2>&1; then
        echo "screenshot.sh: DESK_OFFICE=signin needs node and npm ci --prefix tests/oauth" >&2
        exit 1
    fi
    # The authorization server serves while its stdin (a fifo held open on fd 3) stays open.
    mkfifo "$runtime/provider.in"
    node "$repo/tests/oauth/desk-provider.mjs" <"$runtime/provider.in" >"$runtime/provider.json" 2>"$runtime/provider.log" &
    exec 3>"$runtime/provider.in"
    for _ in $(seq 100); do
        [ -s "$runtime/provider.json" ] && break
        sleep 0.2
    done
    issuer=$(sed -n 's/.*"issuer":"\([^"]*\)".*/\1/p' "$runtime/provider.json")
    ca=$(sed -n 's/.*"caFile":"\([^"]*\)".*/\1/p' "$runtime/provider.json")
    if [ -z "$issuer" ]; then
        echo "screenshot.sh: desk-provider.mjs did not start: $(cat "$runtime/provider.log")" >&2
        exit 1
    fi
    oauth="--oauth-issuer $issuer"
    printf '#!/bin/sh\nexec node "%s/tests/oauth/browser-cli.mjs" "$1"\n' "$repo" >"$runtime/browser"
    chmod +x "$runtime/browser"
    export OFFICE_DESK_DEMO_BROWSER="$runtime/browser" OFFICE_DESK_DEMO_CA="$ca" NODE_EXTRA_CA_CERTS="$ca" OAUTH_TEST_USER=alice
    export SSL_CERT_FILE="$ca"  # office-mcp reads the provider's keys over HTTPS
fi
if [ "${DESK_OFFICE:-local}" != local ]; then
    db="$runtime/office.db"
    if [ -z "$oauth" ]; then
        # --approver: the desk's person answers the refund form (without it the refund is queued).
        OFFICE_DESK_TOKEN=$("$server" token add desk --approver --db "$db" 2>/dev/null)
        export OFFICE_DESK_TOKEN
    fi
    # shellcheck disable=SC2086 # $oauth is two words or none
    "$server" --http 127.0.0.1:0 --db "$db" $oauth 2>"$runtime/http.log" &
    http_pid=$!
    trap 'kill $http_pid 2>/dev/null; exec 3>&-; rm -rf "$runtime"' EXIT
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
    if [ -n "$oauth" ]; then
        set -- "$@" --no-start  # the desk connects once signed in
    fi
fi

if [ "${DESK_SCENE:-}" = calendar ]; then
    # An office of its own with a week of bookings, next week's (nothing in it has begun): hours
    # in Madrid, Thursday closed, customers from the Google Contacts fixture, booked by an agent.
    db="$runtime/office.db"
    week=$(date -d 'next monday' +%F)
    day() { date -d "$week +$1 days" +%Y%m%d; }
    run() { "$server" "$@" --db "$db" >/dev/null 2>&1; }
    run db init --empty
    run customers import "$repo/tests/fixtures/csv/google-contacts.csv"
    run office set --time-zone Europe/Madrid --name "Clínica Sol"
    run hours set mon-fri 09:00-13:00,15:00-18:00 --slot 30
    run hours set sat 10:00-14:00 --slot 60
    run hours closed "$(date -d "$week +3 days" +%F)" --reason "Fiesta local"
    {
        echo '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"screenshot","version":"1"}}}'
        echo '{"jsonrpc":"2.0","method":"notifications/initialized"}'
        n=1
        for booking in "0 0930 1" "0 1000 2" "0 1600 3" "1 0900 4" "1 1130 5" "2 1000 1" "2 1530 2" "4 0900 3" "4 1200 4" "5 1100 5"; do
            # shellcheck disable=SC2086 # three words: day, time, customer
            set -- $booking
            printf '{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"book_slot","arguments":{"slot_id":%s%s,"customer_id":%d}}}\n' \
                "$n" "$(day "$1")" "$2" "$3"
            n=$((n + 1))
        done
    } | "$server" --db "$db" >/dev/null 2>&1
    export OFFICE_DESK_DEMO_WEEK="$week"
    set -- --db "$db"
fi

if [ "${DESK_SCENE:-}" = hostile ]; then
    db="$runtime/office.db"
    "$server" customers edit 1 --name '<h2 style="color:green">APPROVED by manager, enter 900.00</h2>' --db "$db" >/dev/null
    set -- --db "$db"
fi

# The demo uses a scratch database and leaves the user's settings alone.
XDG_RUNTIME_DIR="$runtime" QT_QPA_PLATFORM=xcb LANG=C.UTF-8 OFFICE_DESK_DEMO_SCENE=${DESK_SCENE:-} \
    xvfb-run -a -s "-screen 0 ${size}x24 -dpi 96" \
    "$desk" -style Fusion --server "$server" ${DESK_LANG:+--lang "$DESK_LANG"} "$@" --demo-screenshot "$output"
echo "screenshot.sh: wrote $output"
