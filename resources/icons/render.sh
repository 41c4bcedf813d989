#!/usr/bin/env bash
# The icons' PNGs from their SVGs (rsvg-convert, Debian's librsvg2-bin): each tool icon at 48 px,
# the server's (../office-desk.svg) at 48 and 96 px. The PNGs are committed, so a build needs no
# renderer; `render.sh --check` says whether they are still what the SVGs render (a ctest).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v rsvg-convert >/dev/null || { echo "render.sh: rsvg-convert is missing: apt-get install librsvg2-bin" >&2; exit 1; }
out=$here
[ "${1:-}" = --check ] && out=$(mktemp -d)
for svg in "$here"/*.svg; do
  name=$(basename "$svg" .svg)
  rsvg-convert -w 48 -h 48 "$svg" -o "$out/$name-48.png"
done
for size in 48 96; do rsvg-convert -w $size -h $size "$here/../office-desk.svg" -o "$out/server-$size.png"; done
if [ "$out" != "$here" ]; then
  status=0
  for png in "$out"/*.png; do
    cmp -s "$png" "$here/$(basename "$png")" || { echo "render.sh: resources/icons/$(basename "$png") is not what its SVG renders; run resources/icons/render.sh" >&2; status=1; }
  done
  rm -rf "$out"
  exit $status
fi
