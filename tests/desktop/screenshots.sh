#!/bin/sh
# The desk's screenshots in Spanish and Chinese at 1440×900 and 900×600 (desktop/screenshot.sh
# under Xvfb): each is made, has the size asked for, and the Chinese ones have a font with
# Chinese glyphs to draw with (fonts-noto-cjk; without one every character is a box).
#   screenshots.sh BUILD_DIR OUTPUT_DIR
set -eu
build=$1
out=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
if [ -z "$(fc-list :lang=zh-cn family 2>/dev/null)" ]; then
    echo "FAIL: no font covers Simplified Chinese (apt-get install fonts-noto-cjk)"
    exit 1
fi
status=0
for lang in es zh_CN; do
    for size in 1440x900 900x600; do
        png="$out/office-desk-$lang-$size.png"
        rm -f "$png"
        if ! DESK_LANG=$lang "$repo/desktop/screenshot.sh" "$build" "$png" "$size" >"$out/$lang-$size.log" 2>&1; then
            echo "FAIL: $lang $size: $(tail -3 "$out/$lang-$size.log")"
            status=1
            continue
        fi
        width=${size%x*}
        height=${size#*x}
        if ! file "$png" | grep -q "PNG image data, $width x $height"; then
            echo "FAIL: $png is not a $size PNG: $(file "$png")"
            status=1
            continue
        fi
        echo "$png"
    done
done
# Issue 58: the approval scene where an agent named the customer with markup and the assistant
# with a link; the desk must show both as the characters they are (look at the picture).
png="$out/office-desk-hostile-1440x900.png"
rm -f "$png"
if ! DESK_SCENE=hostile "$repo/desktop/screenshot.sh" "$build" "$png" 1440x900 >"$out/hostile.log" 2>&1; then
    echo "FAIL: hostile: $(tail -3 "$out/hostile.log")"
    status=1
elif ! file "$png" | grep -q "PNG image data, 1440 x 900"; then
    echo "FAIL: $png is not a 1440x900 PNG: $(file "$png")"
    status=1
else
    echo "$png"
fi
exit $status
