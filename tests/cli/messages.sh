#!/bin/bash
# SPDX-License-Identifier: MIT
# Messages that tell the truth: each refusal names the option, the limit
# that applies to this grid kind (the one --grid list gives, not the
# option table's generic range), and what would work; and each names the
# real cause (a mask with no cell left, paper too small, a file system
# that makes no new file, a loaded maze without a way through).
. "$(dirname "$0")/lib.sh"

# has TEXT: the last message holds TEXT (fixed string).
has() {
  grep -qF -- "$1" .err && ok || fail "expected '$1' in: $(cat .err)"
}
# lacks TEXT: the last message does not hold TEXT.
lacks() {
  grep -qF -- "$1" .err && fail "did not expect '$1' in: $(cat .err)" || ok
}

# Sizes: the kind's limits, whatever the order of the options.
expect_usage --levels 0 -o out.png
has "-L/--levels: '0' is not valid; expected a whole number from 1 to 64, a 3d grid's levels"
expect_usage --grid theta -H 0 -o out.png
has "-H/--height: '0' is not valid; expected a whole number from 1 to 20000, a theta grid's rings"
expect_usage -H 0 --grid theta -o out.png
has "from 1 to 20000, a theta grid's rings"
expect_usage --grid theta -H 30000 -o out.png
has "-H/--height: '30000' is not valid; expected a whole number from 1 to 20000"
expect_usage --grid 3d -W 0 -o out.png
has "-W/--width: '0' is not valid; expected a whole number from 1 to 65535, a 3d grid's columns"
expect_usage -W 12x --grid 3d -o out.png
has "-W/--width: '12x' is not valid; expected a whole number from 1 to 65535"
expect_usage --grid triangle -W 1 -o out.png
has "-W/--width: '1' is not valid; expected a whole number from 2 to 1000000, a triangle grid's triangles per row"
lacks 2147483647
# A refused size stays refused when a good one follows.
expect_usage -W 0 -W 5 -o out.png
has "-W/--width: '0' is not valid"
# The rectangle's own limits are the option table's.
expect_usage -W 0 -o out.png
has "-W/--width: '0' is not valid; expected a whole number from 1 to 1000000, a rect grid's columns"

# --panels takes 0 to 64, as --grid list says (0: chosen).
grep -q -- '--panels .* 0 to 64' <("$MAZEGEN" --grid list) && ok ||
  fail "--grid list: --panels not 0 to 64"
rm -f p0.svg
check "--panels 0" "$MAZEGEN" --levels 3 --panels 0 -W 3 -H 3 -s 1 -o p0.svg
"$MAZEGEN" --levels 3 -W 3 -H 3 -s 1 -o p.svg
cmp -s p0.svg p.svg && ok || fail "--panels 0 draws otherwise than the default"
expect_usage --levels 3 --panels 65 -o out.png
has "--panels: '65' is not valid; expected a whole number from 0 to 64, a 3d grid's levels drawn a row"
expect_usage --grid rect --panels 0 -o out.png
has "--panels: a rect grid has one level"

# Masks: a picture narrower than the kind takes, and one with no cell
# left once turned over.
printf '#\n' >one.txt
expect_usage --grid triangle --mask one.txt -o out.png
has "--mask: 'one.txt' is 1 cell wide, and a triangle grid takes 2 to 1000000 triangles per row; expected a picture at least 2 cells wide"
printf '#.\n' >two.txt
check "two-cell-wide triangle mask" "$MAZEGEN" --grid triangle --mask two.txt -o two.png
printf '##\n##\n' >black.txt
expect_usage --mask black.txt --mask-invert -o out.png
has "--mask-invert: 'black.txt' turned over has no cell"
lacks "0 pieces"

# Paper with no room: --paper is blamed, not options that were not
# given, and the paper it names is one that works.
expect_usage --paper 1x1in -o out.pdf
has "--paper: 1x1in paper has no room left for a puzzle"
lacks "--margin"
lacks "--gutter"
paper=$(grep -o -- '--paper [0-9.]*x[0-9.]*in or larger' .err | cut -d' ' -f2)
[ -n "$paper" ] && "$MAZEGEN" --paper "$paper" -o fits.pdf 2>.err2 && ok ||
  fail "the paper named ($paper) does not fit: $(cat .err2)"
expect_usage --paper 1x1in --margin 0.2in -o out.pdf
has "--paper, --margin: 1x1in paper"
has "or a smaller --margin"

# -o on a file that exists, in a directory where no file can be made
# (/proc): the message says so, not "No such file or directory" about
# the file. Without the right to write to /proc the check refuses it
# first (a usage error, saying the directory is not writable).
if [ -e /proc/version ] && [ "$(id -u)" = 0 ]; then
  st=0
  "$MAZEGEN" -t text -o /proc/version >/dev/null 2>.err || st=$?
  [ "$st" = 1 ] && [ "$(wc -l <.err)" = 1 ] && ok ||
    fail "-o /proc/version: status $st, $(cat .err)"
  has "mazegen: -o/--output: cannot write '/proc/version': no new file can be made in /proc"
  has "expected a file in a directory that takes new files"
fi

# A wall-graph file whose finish its passages do not reach: --solution
# says so, naming the cells, instead of "value out of range".
cat >cut.json <<'EOF'
{
  "format": "mazegen-wall-graph",
  "version": 2,
  "generator": "mazegen 0.2.0",
  "grid": {"kind": "rect", "width": 2, "height": 2, "cell_count": 4, "edge_count": 4},
  "start": {"x": 0, "y": 0},
  "finish": {"x": 0, "y": 1},
  "provenance": {
    "algorithm": "backtracker",
    "seed": "1",
    "bias": "h=1,v=1",
    "params": "",
    "perfect": false
  },
  "passage_count": 1,
  "passages": {
    "encoding": "rect-rows",
    "rows": [
      "10",
      "00"
    ]
  }
}
EOF
check "cut.json loads" "$MAZEGEN" --load cut.json -o cut.png
expect_usage --load cut.json --solution -o out.png
has "--solution: the finish 0,1 of 'cut.json' cannot be reached from its start 0,0"
has "or no --solution"
lacks "out of range"
expect_usage --load cut.json --sheet --answer-key key.pdf -o out.pdf
has "--answer-key: the finish 0,1 of 'cut.json' cannot be reached"

finish
