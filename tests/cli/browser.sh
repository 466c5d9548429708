#!/bin/bash
# SPDX-License-Identifier: MIT
# SVGs inlined in one HTML page, rendered by a real browser (headless
# Chromium): two sheets and two plain mazes with different seeds and
# titles. Every id on the page is unique; each SVG looks the same on the
# shared page as on a page of its own (before ids were unique, the second
# sheet drew the first one's glyphs); the two sheets' titles differ; and
# the plain mazes have dark walls and white floors where they should.
pixels="$(cd "$(dirname "$0")" && pwd)/pixels.py"
. "$(dirname "$0")/lib.sh"
need chromium python3
command -v chromium >/dev/null 2>&1 || { finish; exit 1; }

run() { check "mazegen $*" "$MAZEGEN" "$@"; }
run -W 8 -H 8 -s 1 --sheet --title "Apple Quiz" -o a.svg
run -W 8 -H 8 -s 2 --sheet --title "Zebra Quiz" -o b.svg
run -W 10 -H 10 -s 3 -o c.svg
run -W 10 -H 10 -s 4 -o d.svg

# page OUT ID...: a page of the four boxes, the SVGs of the IDs inlined.
# Sheets (612 x 792 pt) are shown 408 x 528 px; mazes at their own size,
# 144 pt = 192 px.
page() {
  local out=$1 id
  shift
  {
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
    echo 'body{margin:0;background:#fff} div{position:absolute}'
    echo '.sheet svg{display:block;width:408px;height:528px}'
    echo '#a{left:0;top:0} #b{left:420px;top:0}'
    echo '#c{left:840px;top:0} #d{left:840px;top:240px}'
    echo '</style></head><body>'
    for id in a b c d; do
      case $id in a | b) echo "<div id=\"$id\" class=\"sheet\">" ;;
      *) echo "<div id=\"$id\">" ;; esac
      if [[ " $* " == *" $id "* ]]; then tail -n +2 "$id.svg"; fi
      echo '</div>'
    done
    echo '</body></html>'
  } >"$out"
}

shot() {
  chromium --headless --no-sandbox --disable-gpu --disable-quic \
    --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync \
    --user-data-dir="$(mktemp -d "$WORK/profile.XXXXXX")" \
    --screenshot="$2" --window-size=1040,540 "file://$WORK/$1" \
    >/dev/null 2>&1 && [ -s "$2" ]
}

page all.html a b c d
ids=$(grep -o ' id="[^"]*"' all.html | sort | uniq -d)
[ -z "$ids" ] && ok || fail "ids used twice on the page: $ids"
check "chromium renders the page" shot all.html all.png
for id in a b c d; do
  page "$id.html" "$id"
  check "chromium renders $id alone" shot "$id.html" "$id.png"
done

# Each SVG shows its own content on the shared page.
check "sheet a as alone" python3 "$pixels" region all.png 0 0 a.png 0 0 408 528 40 20 same
check "sheet b as alone" python3 "$pixels" region all.png 420 0 b.png 420 0 408 528 40 20 same
check "maze c as alone" python3 "$pixels" region all.png 840 0 c.png 840 0 192 192 40 0 same
check "maze d as alone" python3 "$pixels" region all.png 840 240 d.png 840 240 192 192 40 0 same
# The titles (36 to 60 pt from the top) read differently.
check "the sheets' titles differ" python3 "$pixels" region all.png 40 20 all.png 460 20 328 24 80 50 differ
# Ink in each sheet: its title and its maze.
check "sheet a has a title" python3 "$pixels" region all.png 40 20 d.png 40 20 328 24 80 50 differ
check "sheet b has a title" python3 "$pixels" region all.png 460 20 d.png 460 20 328 24 80 50 differ
# The plain mazes: the outer wall's corner is dark (the margin is one
# 12 pt cell, 16 px), the first cell's floor and the margin white.
for at in "840 0" "840 240"; do
  set -- $at
  check "maze at $1,$2: corner wall" python3 "$pixels" at all.png $(($1 + 16)) $(($2 + 16)) dark
  check "maze at $1,$2: far corner" python3 "$pixels" at all.png $(($1 + 176)) $(($2 + 176)) dark
  check "maze at $1,$2: floor" python3 "$pixels" at all.png $(($1 + 24)) $(($2 + 24)) white
  check "maze at $1,$2: margin" python3 "$pixels" at all.png $(($1 + 4)) $(($2 + 4)) white
done
# Different seeds, different mazes.
check "the mazes differ" python3 "$pixels" region all.png 856 16 all.png 856 256 160 160 80 50 differ

# A circular maze beside a sheet, as a writer would embed it: its ids
# unique on the page, drawn as on a page of its own, its outer ring dark.
run --grid theta -H 8 -s 5 -c 12pt -o e.svg
{
  echo '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
  echo 'body{margin:0;background:#fff} div{position:absolute}'
  echo '#a svg{display:block;width:408px;height:528px}'
  echo '#a{left:0;top:0} #e{left:420px;top:0}'
  echo '</style></head><body><div id="a">'
  tail -n +2 a.svg
  echo '</div><div id="e">'
  tail -n +2 e.svg
  echo '</div></body></html>'
} >circle.html
{
  echo '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
  echo 'body{margin:0;background:#fff} div{position:absolute}'
  echo '#e{left:420px;top:0}</style></head><body><div id="e">'
  tail -n +2 e.svg
  echo '</div></body></html>'
} >e.html
ids=$(grep -o ' id="[^"]*"' circle.html | sort | uniq -d)
[ -z "$ids" ] && ok || fail "ids used twice beside the circle: $ids"
check "chromium renders the circle beside a sheet" shot circle.html circle.png
check "chromium renders the circle alone" shot e.html e.png
# The circle: 8 rings of 12 pt (16 px) and a one-ring margin, so 288 px
# across, its centre at 420 + 144, 144.
check "the circle as alone" python3 "$pixels" region circle.png 420 0 e.png 420 0 288 288 40 0 same
check "the circle's outer ring, left" python3 "$pixels" dark circle.png 0.405 0.2 0.43 0.34 20
# Its ends: the start's arrow outside the outer wall, the finish's disc in
# the centre.
check "the circle's start" python3 "$pixels" colour e.png 1a9850 15
check "the circle's finish" python3 "$pixels" colour e.png d73027 15
finish
