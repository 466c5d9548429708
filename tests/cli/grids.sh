#!/bin/bash
# SPDX-License-Identifier: MIT
# Grid kinds and masks from the command line: every kind through every
# format (checked by the tools that read them), wall-graph files that load
# back to the same bytes, bias by each kind's class names, cells named the
# kind's way, and every bad input of --grid, --mask and the options that
# depend on the kind: exit 2, one line naming the option, no file.
samples=$(cd "$(dirname "$0")/../../samples" && pwd)
pixels="$(cd "$(dirname "$0")" && pwd)/pixels.py"
. "$(dirname "$0")/lib.sh"
need xmllint qpdf pngcheck pdfinfo pdftotext python3 file
cp "$samples/masks/heart.png" "$samples/masks/letter-m.txt" .

# The registry, listed.
list=$("$MAZEGEN" --grid list)
for k in rect hex triangle; do
  grep -q "^$k " <<<"$list" && ok || fail "--grid list lacks $k: $list"
done
grep -q 'ne (north-east' <<<"$list" && ok || fail "--grid list shows no classes"

# Every kind (and masks) in every format, as the readers of each accept.
kinds=("--grid rect" "--grid hex" "--grid triangle" "--grid sigma"
  "--grid zeta" "--mask heart.png" "--grid hex --mask letter-m.txt"
  "--grid triangle --mask letter-m.txt" "--grid zeta --mask heart.png"
  "--grid 3d -L 3" "--levels 5")
for k in "${kinds[@]}"; do
  tag=$(tr -c 'a-z0-9' _ <<<"$k")
  # shellcheck disable=SC2086 # the kinds are plain words
  set -- $k
  # With a mask the size comes from the picture.
  sz=(-W 9 -H 7)
  [[ $k == *mask* ]] && sz=()
  check "$k svg" "$MAZEGEN" "$@" "${sz[@]}" -s 4 --solution -o "$tag.svg"
  check "$k pdf" "$MAZEGEN" "$@" "${sz[@]}" -s 4 --solution -o "$tag.pdf"
  check "$k png" "$MAZEGEN" "$@" "${sz[@]}" -s 4 --solution -o "$tag.png"
  check "$k sheet" "$MAZEGEN" "$@" "${sz[@]}" -s 4 --count 3 --per-page 2 \
    --solution -o "$tag-book.pdf"
  check "$k json" "$MAZEGEN" "$@" "${sz[@]}" -s 4 -o "$tag.json"
  xmllint --noout "$tag.svg" && ok || fail "$k: xmllint rejects the svg"
  qpdf --check "$tag.pdf" >/dev/null && ok || fail "$k: qpdf rejects the pdf"
  qpdf --check "$tag-book.pdf" >/dev/null && ok || fail "$k: qpdf rejects the book"
  [ "$(pdfinfo "$tag-book.pdf" | sed -n 's/^Pages: *//p')" = 3 ] && ok ||
    fail "$k: the book of 2 puzzle pages and its answers is not 3 pages"
  pngcheck -q "$tag.png" && ok || fail "$k: pngcheck rejects the png"
  # The file loads and draws the same maze: the same json, the same svg.
  check "$k load" "$MAZEGEN" --load "$tag.json" -o "$tag-again.json"
  cmp -s "$tag.json" "$tag-again.json" && ok || fail "$k: json round trip differs"
  check "$k load svg" "$MAZEGEN" --load "$tag.json" --solution -o "$tag-again.svg"
  cmp -s "$tag.svg" "$tag-again.svg" && ok || fail "$k: loaded svg differs"
  # Same options and seed, same bytes.
  check "$k again" "$MAZEGEN" "$@" "${sz[@]}" -s 4 --solution -o "$tag-2.png"
  cmp -s "$tag.png" "$tag-2.png" && ok || fail "$k: png not reproducible"
done
grep -q '"encoding": "cell-pairs"' __grid_hex_.json && ok ||
  fail "hex json is not cell-pairs"
grep -q '"encoding": "rect-rows"' __grid_rect_.json && ok ||
  fail "rect json is not rect-rows"
grep -q '"mask": \[' __mask_heart_png_.json && ok || fail "masked json has no mask"

# Every generator that takes other kinds does, and each hex maze is perfect.
for a in $("$MAZEGEN" --algorithm list); do
  case $a in
  eller | sidewinder | binary-tree | division)
    expect_usage --grid hex -a "$a" -o out.svg
    expect_usage --mask heart.png -a "$a" -o out.svg ;;
  *)
    "$MAZEGEN" --grid hex -a "$a" -W 11 -H 8 -s 2 -t none --stats=json >s.json &&
      grep -q '"cells": 88, "passages": 87,' s.json && ok ||
      fail "$a on hex: $(cat s.json)" ;;
  esac
done

# Bias by the kind's class names: h=20 on hex makes east-west passages the
# most common, and the text stats name the classes.
"$MAZEGEN" --grid hex -a kruskal -W 30 -H 30 -s 1 -b h=20 -t none \
  --stats=json >b.json
h=$(sed 's/.*"h": \([0-9]*\).*/\1/' b.json)
ne=$(sed 's/.*"ne": \([0-9]*\).*/\1/' b.json)
[ "$h" -gt $((2 * ne)) ] && ok || fail "-b h=20 on hex: $(cat b.json)"
"$MAZEGEN" --grid triangle -W 12 -H 8 -s 1 --stats -t none 2>st.txt
grep -q '^  passages by class  *v [0-9.]*%, ne [0-9.]*%, nw [0-9.]*%$' st.txt &&
  ok || fail "triangle --stats: $(cat st.txt)"

# Cells named the kind's way: the start and finish asked for are the ends.
"$MAZEGEN" --grid hex -W 9 -H 7 -s 3 --start 4,3 --finish 8,6 -o p.json
grep -q '"start": {"x": 4, "y": 3}' p.json && grep -q '"finish": {"x": 8, "y": 6}' p.json &&
  ok || fail "--start/--finish on hex: $(head -8 p.json)"

# Zeta: passages at 45 degrees too, never two crossing. Stats count the
# diagonals, braiding and --difficulty keep the rule (loaded back, each
# file passes the loader's crossing check), and -b diag=0.1 makes them rare.
for how in "--braid 1" "--difficulty hard" "-a kruskal -b orth=1,diag=0.1"; do
  # shellcheck disable=SC2086 # plain words
  "$MAZEGEN" --grid zeta -W 16 -H 16 -s 5 $how -o zeta-shaped.json \
    --stats=json >zs.json 2>"$WORK/.err" && ok ||
    fail "zeta $how: $(cat "$WORK/.err")"
  check "zeta $how loads" "$MAZEGEN" --load zeta-shaped.json --solution \
    -o zeta-shaped.svg
  grep -q '"by_class": {"orth": [0-9]*, "diag": [0-9]*}' zs.json && ok ||
    fail "zeta $how --stats: $(cat zs.json)"
done
diag=$(sed 's/.*"diag": \([0-9]*\).*/\1/' zs.json)
"$MAZEGEN" --grid zeta -a kruskal -W 16 -H 16 -s 5 -t none --stats=json >zp.json
plain=$(sed 's/.*"diag": \([0-9]*\).*/\1/' zp.json)
[ "$((3 * diag))" -lt "$plain" ] && ok ||
  fail "-b diag=0.1 on zeta: $diag diagonals against $plain unbiased"
# The uniform algorithms draw again until nothing crosses: up to 36 blocks,
# refused past that with the largest square and the algorithms that work.
check "zeta wilson 7x7" "$MAZEGEN" --grid zeta -a wilson -W 7 -H 7 -s 1 -o w.svg
expect_usage --grid zeta -a wilson -W 8 -H 8 -o out.svg
grep -q 'at most 7x7.*any size: backtracker, kruskal' "$WORK/.err" && ok ||
  fail "zeta wilson refusal: $(cat "$WORK/.err")"
expect_usage --grid zeta -a aldous-broder -W 5 -H 5 -b diag=3 -o out.svg
expect_usage --grid zeta -o out.txt                  # text draws rectangles
check "zeta 2x2" "$MAZEGEN" --grid zeta -W 2 -H 2 -s 1 -o z2.json
p='\[[0-9], [0-9]\]'
sed "s/$p, $p, $p/[0, 3], [1, 2], [1, 3]/" z2.json >crossed.json
expect_usage --load crossed.json -o out.svg
grep -q 'crosses' "$WORK/.err" && ok || fail "crossing load: $(cat "$WORK/.err")"

# 3D: cells x,y,level everywhere, text with the levels side by side, the
# class ud in -b and --stats, every generator that takes other kinds.
"$MAZEGEN" --levels 3 -W 6 -H 5 -s 3 --start 0,0,0 --finish 5,4,2 -o l.json
grep -q '"start": {"x": 0, "y": 0, "level": 0}' l.json &&
  grep -q '"finish": {"x": 5, "y": 4, "level": 2}' l.json &&
  grep -q '"kind": "3d", "width": 6, "height": 5, "levels": 3' l.json && ok ||
  fail "--start/--finish on 3d: $(head -8 l.json)"
"$MAZEGEN" --load l.json --solution -o l.txt && ok || fail "3d text"
[ "$(head -1 l.txt)" = "Level 1         Level 2         Level 3" ] && ok ||
  fail "3d text levels: $(head -1 l.txt)"
[ "$(sed -n 2p l.txt | wc -c)" -gt 50 ] && grep -q '\^' l.txt && ok ||
  fail "3d text: $(cat l.txt)"
grep -q '^# ^ up, v down, X both' l.txt && ok || fail "3d text key: $(cat l.txt)"
"$MAZEGEN" --grid levels -L 2 -W 4 -H 3 -s 1 --charset utf8 -o l8.txt &&
  grep -q '▲\|▼\|◆' l8.txt && ok || fail "3d utf8 text: $(cat l8.txt)"
grep -q 'class="mazegen-stairs"' __grid_3d____3_.svg && ok || fail "3d svg: no stairs"
grep -q '>Level 3</text>' __grid_3d____3_.svg && ok || fail "3d svg: no level names"
# A 3D PNG without -c reads: its names' capitals some 12 px tall (at the
# 10 px cells of other kinds they were 4), narrow panels too; -c holds.
for size in "-W 10 -H 10" "-W 2 -H 3"; do
  "$MAZEGEN" --levels 3 $size -s 1 -o l3.png &&
    python3 "$pixels" caption l3.png 11 >.why 2>&1 && ok ||
    fail "3d png $size: $(cat .why)"
done
"$MAZEGEN" --levels 2 -W 10 -H 10 -s 1 -c 10 -o l10.png &&
  [ "$(file l10.png | grep -o '[0-9]* x [0-9]*')" = "244 x 144" ] && ok ||
  fail "3d png -c 10: $(file l10.png)"
for a in $("$MAZEGEN" --algorithm list); do
  case $a in
  eller | sidewinder | binary-tree | division) expect_usage --levels 2 -a "$a" -o out.svg ;;
  *)
    "$MAZEGEN" --levels 3 -a "$a" -W 5 -H 4 -s 2 -t none --stats=json >s.json &&
      grep -q '"cells": 60, "passages": 59,' s.json &&
      grep -q '"by_class": {"h": [0-9]*, "v": [0-9]*, "ud": [0-9]*}' s.json &&
      ok || fail "$a on 3d: $(cat s.json)" ;;
  esac
done
ud_of() { sed 's/.*"ud": \([0-9]*\).*/\1/' "$1"; }
"$MAZEGEN" --levels 4 -a kruskal -W 12 -H 12 -s 1 -b ud=0.1 -t none --stats=json >r.json
# Unbiased takes -b now: without it 3d carves with ud=0.05 (ends.sh).
"$MAZEGEN" --levels 4 -a kruskal -W 12 -H 12 -s 1 -b ud=1 -t none --stats=json >u.json
"$MAZEGEN" --levels 4 -a kruskal -W 12 -H 12 -s 1 -b h=1,v=1,ud=5 -t none --stats=json >f.json
[ "$((3 * $(ud_of r.json)))" -lt "$(ud_of u.json)" ] &&
  [ "$(ud_of f.json)" -gt "$((3 * $(ud_of u.json) / 2))" ] && ok ||
  fail "-b ud on 3d: $(ud_of r.json) rare, $(ud_of u.json) plain, $(ud_of f.json) frequent"
"$MAZEGEN" --levels 3 -W 6 -H 6 -s 1 --sheet -o l-sheet.pdf && ok || fail "3d sheet"
[ "$(pdftotext l-sheet.pdf - 2>/dev/null | grep -c 'triangle pointing up')" = 1 ] &&
  ok || fail "3d sheet: no key to the stair marks"
# A loaded 3D maze's sheet explains the marks too.
"$MAZEGEN" --load l.json --sheet -o ll-sheet.pdf &&
  [ "$(pdftotext ll-sheet.pdf - 2>/dev/null | grep -c 'triangle pointing up')" = 1 ] &&
  ok || fail "loaded 3d sheet: no key to the stair marks"
# --panels: the levels a row, kept by the json; a sheet picks the
# arrangement with the largest cells: 2 a row on a portrait page, all 3
# in a row on a landscape one.
"$MAZEGEN" --levels 4 --panels 4 -W 3 -H 3 -s 1 -o p4.json &&
  grep -q '"levels": 4, "panels": 4' p4.json && ok || fail "--panels json"
"$MAZEGEN" --levels 4 --panels 4 -W 3 -H 3 -s 1 -o p4.svg
"$MAZEGEN" --load p4.json -o p4l.svg
cmp -s p4.svg p4l.svg && ok || fail "--panels: the loaded json draws otherwise"
"$MAZEGEN" --levels 4 -W 3 -H 3 -s 1 -t json | grep -q '"panels": 2' && ok ||
  fail "4 levels: not 2 a row by default"
row_of() { pdftotext -layout "$1" - 2>/dev/null | grep 'Level' | head -1 | grep -o 'Level [0-9]' | wc -l; }
"$MAZEGEN" --levels 3 -W 15 -H 15 -s 2 --sheet -o portrait.pdf &&
  [ "$(row_of portrait.pdf)" = 2 ] && ok || fail "portrait 3d sheet: $(row_of portrait.pdf) a row"
"$MAZEGEN" --levels 3 -W 15 -H 15 -s 2 --sheet --orientation landscape -o land.pdf &&
  [ "$(row_of land.pdf)" = 3 ] && ok || fail "landscape 3d sheet: $(row_of land.pdf) a row"
"$MAZEGEN" --levels 3 -W 15 -H 15 -s 2 --sheet --panels 1 -o one.pdf &&
  [ "$(row_of one.pdf)" = 1 ] && ok || fail "--panels 1 sheet: $(row_of one.pdf) a row"
# 0 is the kind's "chosen", as --grid list says (messages.sh).
check "--panels 0" "$MAZEGEN" --panels 0 -L 3 -W 3 -H 3 -o panels0.svg
expect_usage --panels 65 -L 3 -o out.svg
expect_usage --panels 2 --grid hex -o out.svg
expect_usage --levels 0 -o out.svg
expect_usage --levels 65 -o out.svg
expect_usage --levels 2x -o out.svg
expect_usage --grid hex -L 3 -o out.svg
expect_usage --levels 3 --start 1,1 -o out.svg
expect_usage --levels 3 -W 5 -H 5 --finish 1,1,3 -o out.svg
expect_usage --levels 3 -b up=2 -o out.svg
expect_usage --levels 3 --mask heart.png -o out.svg
expect_usage --load l.json -L 2 -o out.svg

# Bad input.
expect_usage --grid nosuch -o out.svg
expect_usage --grid "" -o out.svg
expect_usage -g HEX -o out.svg
expect_usage --grid hex -b h=3,v=1 -o out.svg        # v is a rect class
expect_usage --grid triangle -b h=1 -o out.svg       # h is not a triangle class
expect_usage --grid hex -b ne=0,nw=0,h=0 -o out.svg
expect_usage --grid hex -b ne=1,ne=2 -o out.svg
expect_usage --grid triangle -W 1 -H 5 -o out.svg    # one triangle a row
expect_usage --grid hex -W 100000 -H 100000 -o out.svg
expect_usage --grid hex -o out.txt                   # text draws rectangles
expect_usage --grid hex -t text -o out.dat
expect_usage --grid hex --unicursal -o out.svg
expect_usage --grid hex --stream -o out.png
expect_usage --grid hex --start 9,0 -W 9 -H 7 -o out.svg
expect_usage --grid hex --start 1,2,3 -o out.svg
expect_usage --grid hex --finish 1 -o out.svg
expect_usage --mask nosuch.png -o out.svg
expect_usage --mask /dev/null -o out.svg
expect_usage --mask heart.png -W 0 -o out.svg
expect_usage --mask-invert -o out.svg
printf '##..##\n##..##\n' >two.txt
expect_usage --mask two.txt -o out.svg               # two pieces
grep -q '2 pieces' "$WORK/.err" && ok || fail "pieces not counted: $(cat "$WORK/.err")"
printf '#.\n.#\n' >diag.txt
expect_usage --mask diag.txt -o out.svg              # corners do not join squares
printf '\001#\n' >bin.txt
expect_usage --mask bin.txt -o out.svg
head -c 4000 /dev/zero | tr '\0' '#' >wide.txt      # a row past 4096 cells
printf '%s\n' "$(cat wide.txt)$(cat wide.txt)" >wider.txt
expect_usage --mask wider.txt -o out.svg
expect_usage --mask heart.png --start 0,0 -o out.svg # a cut cell
check "mask json" "$MAZEGEN" --mask heart.png -s 1 -o m.json
expect_usage --load m.json --grid hex -o out.svg
expect_usage --load m.json --mask heart.png -o out.svg
expect_usage --load m.json --start 0,0 -o out.svg
finish
