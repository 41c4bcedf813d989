#!/usr/bin/env bash
# wine.sh start|stop PREFIX EXE: the Wine that the windows suites run office-mcp.exe in.
#   start  makes the private prefix PREFIX (once; about 700 MB), starts a persistent wineserver
#          and warms it with one run of EXE --version, so every later start takes a fraction of
#          a second; fails, saying why, when Wine or the .exe is missing.
#   stop   ends that wineserver and every Wine process of the prefix.
# Wine's first call starts wineserver and winedevice.exe, which inherit that call's stdout and
# stderr: a pipe around it would wait for them, forever while a persistent wineserver holds it.
# So each daemon here gets /dev/null or a file, never a pipe, and no X display (none is needed).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: wine.sh start|stop PREFIX EXE" >&2; exit 2; }
export WINEPREFIX="$2" WINEDEBUG=-all
unset DISPLAY WAYLAND_DISPLAY
exe="$3"
log="$WINEPREFIX.log"
case "$1" in
  start)
    command -v wine >/dev/null && command -v wineserver >/dev/null ||
      { echo "wine.sh: Wine is not installed (apt-get install wine wine64; ./test.sh does)" >&2; exit 1; }
    [ -f "$exe" ] ||
      { echo "wine.sh: $exe is missing: build it with packaging/windows/build.sh (./test.sh does)" >&2; exit 1; }
    mkdir -p "$WINEPREFIX"
    wineserver -p </dev/null >/dev/null 2>&1 || true  # (one already serving this prefix is as good)
    # The first start in a new prefix runs wineboot (a minute); later ones take well under a second.
    if ! wine "$exe" --version </dev/null >"$log" 2>&1; then
      echo "wine.sh: office-mcp.exe --version failed under Wine:" >&2
      cat "$log" >&2
      exit 1
    fi
    echo "wine.sh: Wine $(wine --version 2>/dev/null </dev/null) ready in $WINEPREFIX: $(tr -d '\r' <"$log" | head -1)"
    ;;
  stop)
    wineserver -k </dev/null >/dev/null 2>&1 || true
    ;;
  *) echo "usage: wine.sh start|stop PREFIX EXE" >&2; exit 2 ;;
esac
