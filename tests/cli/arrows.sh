#!/bin/bash
# SPDX-License-Identifier: MIT
# Start and finish arrows in PNG: the size the vector formats give them
# (0.75 of a cell, but 8pt to 24pt long) in pixels at the dpi, in the
# default margin outside the walls and clear of them, on rectangles and
# hexagons, at two dpis with small and large cells; --margin 0 leaves no
# margin and marks the ends in their cells.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need python3 pngcheck

px() { python3 "$here/pixels.py" "$@"; }

# arrows FILE.png MARGIN MIN MAX: the green and the red arrow are MIN to
# MAX pixels long and touch no wall; with a MARGIN (not -), they lie
# within it of the edges.
arrows() {
  local why colour
  for colour in 1a9850 d73027; do
    why=$(px length "$1" $colour "$3" "$4") && ok ||
      fail "arrow #$colour of $1: $why"
    why=$(px clear "$1" $colour) && ok || fail "arrow #$colour of $1: $why"
    if [ "$2" != - ]; then
      why=$(px outside "$1" $colour "$2") && ok ||
        fail "arrow #$colour of $1: $why"
    fi
  done
}

# size FILE.png WxH: the image's size.
size() {
  pngcheck "$1" | grep -q "($2," && ok || fail "size of $1: $(pngcheck "$1")"
}

# Rectangles: 10px cells at 96 dpi are 7.5pt, so arrows of 8pt = 10.7px in
# a 12pt = 16px margin; 60px cells (45pt) have 24pt = 32px arrows and a
# cell of margin; at 300 dpi, 8px cells (1.9pt) 8pt = 33.3px arrows in
# 50px, and 100px cells (24pt) 18pt = 75px arrows in a cell.
"$MAZEGEN" -W 8 -H 6 -s 3 --solution -c 10px -o r10.png &&
  size r10.png 114x94 && arrows r10.png 16 9 13
"$MAZEGEN" -W 5 -H 4 -s 3 --solution -c 60px -o r60.png &&
  size r60.png 432x372 && arrows r60.png 60 30 34
"$MAZEGEN" -W 8 -H 6 -s 3 --solution -c 8px --dpi 300 -o r8.png &&
  size r8.png 166x150 && arrows r8.png 50 31 35
"$MAZEGEN" -W 3 -H 3 -s 3 --solution -c 100px --dpi 300 -o r100.png &&
  size r100.png 520x520 && arrows r100.png 100 73 77
# Left to right: arrows beside the rows rather than above and below.
"$MAZEGEN" -W 8 -H 6 -s 4 --solution -c 10px --openings left-right \
  -o rlr.png && arrows rlr.png 16 9 13

# Hexagons: the arrows leave slanted sides along their normals, so only
# their length and their distance from the walls are measured, and across
# the vertical sides (left to right) their place beside the maze: within
# the margin and half a cell, as every other row is set in by that.
"$MAZEGEN" --grid hex -W 6 -H 5 -s 3 --solution -c 10px -o h10.png &&
  arrows h10.png - 9 13
"$MAZEGEN" --grid hex -W 4 -H 3 -s 3 --solution -c 60px -o h60.png &&
  arrows h60.png - 30 34
# (Cells of 20px at 300 dpi are 4.8pt, with arrows of the least length;
# hexagons under about 4.5pt have sides too short for the shaft of an 8pt
# arrow, which then touches the walls beside a slanted opening, in every
# format.)
"$MAZEGEN" --grid hex -W 6 -H 5 -s 3 --solution -c 20px --dpi 300 \
  -o h20.png && arrows h20.png - 31 35
"$MAZEGEN" --grid hex -W 3 -H 2 -s 3 --solution -c 100px --dpi 300 \
  -o h100.png && arrows h100.png - 73 77
"$MAZEGEN" --grid hex -W 6 -H 5 -s 3 --solution -c 10px \
  --openings left-right -o hlr.png && arrows hlr.png 21 9 13

# --margin 0: the image is the maze and its walls, and the ends are still
# marked, in their cells (squares on rectangles, discs on other grids).
"$MAZEGEN" -W 8 -H 6 -s 3 --solution -c 10px --margin 0 -o m0.png &&
  size m0.png 82x62
for colour in 1a9850 d73027; do
  why=$(px colour m0.png $colour 16) && ok || fail "m0.png: $why"
done
"$MAZEGEN" -W 8 -H 6 -s 3 -c 10px --margin 0 -o m0-plain.png &&
  size m0-plain.png 82x62
"$MAZEGEN" --grid hex -W 6 -H 5 -s 3 --solution -c 10px --margin 0pt \
  -o hm0.png
for colour in 1a9850 d73027; do
  why=$(px colour hm0.png $colour 10) && ok || fail "hm0.png: $why"
done
check "svg --margin 0" "$MAZEGEN" -W 8 -H 6 -s 3 --margin 0 -o m0.svg
grep -q 'viewBox="0 0 97.5 73.5"' m0.svg && ok ||
  fail "svg --margin 0: $(grep -o 'viewBox="[^"]*"' m0.svg)"
expect_usage -W 8 -H 6 --margin 0x -o out.png
expect_usage -W 8 -H 6 --margin -1 -o out.png

# The same flags give the same bytes.
"$MAZEGEN" -W 8 -H 6 -s 3 --solution -c 10px -o r10b.png &&
  cmp -s r10.png r10b.png && ok || fail "r10.png differs between runs"
finish
