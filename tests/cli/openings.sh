#!/bin/bash
# SPDX-License-Identifier: MIT
# Where start and finish open: on different sides of the maze by default,
# west to east or north to south with --openings, pinned cells kept, ends
# chosen again after --braid, and openings kept through a wall-graph file.
here=$(cd "$(dirname "$0")" && pwd)
SAMPLES=$(cd "$(dirname "$0")/../../samples" && pwd)
. "$here/lib.sh"
need pdftoppm rsvg-convert python3

# start x y, finish x y, and the side each opens on (N E S W) of a
# rectangle saved as json: openings from the file, else by the rule.
ends() {
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w, h = d["grid"]["width"], d["grid"]["height"]
s = (d["start"]["x"], d["start"]["y"])
f = (d["finish"]["x"], d["finish"]["y"])
def out(x, y):
    return {"N": y == 0, "E": x == w - 1, "S": y == h - 1, "W": x == 0}
names = "NESW"
if "openings" in d:
    so, fo = names[d["openings"]["start"]], names[d["openings"]["finish"]]
else:
    so = next(k for k in "WNES" if out(*s)[k])
    fo = next(k for k in "ESWN" if out(*f)[k] and not (s == f and k == so))
print(s[0], s[1], so, f[0], f[1], fo)
PY
}

# 100 default mazes: entrance and exit never on the same wall.
same=0
for seed in $(seq 0 99); do
  "$MAZEGEN" -W 20 -H 20 -s "$seed" -o m.json
  read -r _ _ so _ _ fo < <(ends m.json)
  [ "$so" = "$fo" ] && same=$((same + 1))
done
[ "$same" = 0 ] && ok || fail "default openings: $same of 100 on the same side"

# Small sizes too, where both ends of the longest path often share a wall.
for size in "8 8" "2 9" "9 2" "3 3"; do
  read -r w h <<<"$size"
  for seed in $(seq 0 19); do
    "$MAZEGEN" -W "$w" -H "$h" -s "$seed" -o m.json
    read -r _ _ so _ _ fo < <(ends m.json)
    [ "$so" != "$fo" ] && ok || fail "${w}x$h seed $seed: both open $so"
  done
done

# left-right and top-bottom on rectangles.
for seed in 1 2 3 4 5; do
  "$MAZEGEN" -W 12 -H 9 -s "$seed" --openings left-right -o m.json
  read -r sx _ so fx _ fo < <(ends m.json)
  [ "$sx $so $fx $fo" = "0 W 11 E" ] && ok ||
    fail "left-right seed $seed: start $sx $so, finish $fx $fo"
  "$MAZEGEN" -W 12 -H 9 -s "$seed" --openings top-bottom -o m.json
  read -r _ sy so _ fy fo < <(ends m.json)
  [ "$sy $so $fy $fo" = "0 N 8 S" ] && ok ||
    fail "top-bottom seed $seed: start $sy $so, finish $fy $fo"
done
grep -q '"params": "openings=top-bottom"' m.json && ok ||
  fail "top-bottom is not in the provenance"

# Every kind and a mask: the mode runs, and a saved maze draws again the
# same (its openings travel in the file).
for g in "--grid hex -W 10 -H 8" "--grid triangle -W 11 -H 6" \
  "--mask $SAMPLES/masks/heart.png"; do
  for mode in longest left-right top-bottom; do
    # shellcheck disable=SC2086
    "$MAZEGEN" $g -s 4 --openings "$mode" -o a.svg &&
      "$MAZEGEN" $g -s 4 --openings "$mode" -o a.json &&
      "$MAZEGEN" --load a.json -o b.svg && cmp -s a.svg b.svg && ok ||
      fail "$g --openings $mode: saved and loaded, the drawing differs"
  done
done

# Pinned cells stay, and open on the sides asked for.
"$MAZEGEN" -W 10 -H 10 -s 1 --start 0,0 --finish 9,9 --openings top-bottom -o m.json
[ "$(ends m.json)" = "0 0 N 9 9 S" ] && ok || fail "pinned top-bottom: $(ends m.json)"
"$MAZEGEN" -W 10 -H 10 -s 1 --start 0,0 --finish 9,9 --braid 0.5 -o m.json
read -r sx sy _ fx fy _ < <(ends m.json)
[ "$sx,$sy $fx,$fy" = "0,0 9,9" ] && ok || fail "braid moved pinned ends"

# --braid chooses the ends again: the solution between them is the
# longest the braided maze offers, so never shorter than the unbraided
# maze's ends give in the braided maze.
moved=0
for seed in $(seq 1 10); do
  "$MAZEGEN" -W 15 -H 15 -s "$seed" -o plain.json
  "$MAZEGEN" -W 15 -H 15 -s "$seed" --braid 0.5 -o braid.json
  [ "$(ends plain.json)" != "$(ends braid.json)" ] && moved=$((moved + 1))
  read -r sx sy _ fx fy _ < <(ends plain.json)
  old=$("$MAZEGEN" -W 15 -H 15 -s "$seed" --braid 0.5 --start "$sx,$sy" \
    --finish "$fx,$fy" -t none --stats=json | python3 -c \
    'import json,sys; print(json.load(sys.stdin)["solution_cells"])')
  new=$("$MAZEGEN" -W 15 -H 15 -s "$seed" --braid 0.5 -t none --stats=json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["solution_cells"])')
  [ "$new" -ge "$old" ] && ok || fail "braid seed $seed: ends re-chosen give $new < $old"
done
[ "$moved" -gt 0 ] && ok || fail "--braid never chose other ends"

# Arrows have a size on paper whatever the cell (8pt to 24pt long; at
# 72 dpi a pixel is a point, and the head is 0.85 of the length wide):
# on a 200x200 page, a 2x2 page, and SVG cells of 3pt and 60pt.
arrow() { # FILE.png MIN MAX
  why=$(python3 "$here/pixels.py" extent "$1" 1a9850 "$2" "$3") && ok ||
    fail "start arrow of $1: $why"
}
"$MAZEGEN" -W 200 -H 200 -s 3 --sheet -o a200.pdf &&
  pdftoppm -r 72 -png a200.pdf a200 && arrow a200-1.png 7 10
"$MAZEGEN" -W 2 -H 2 -s 3 --sheet -o a2.pdf &&
  pdftoppm -r 72 -png a2.pdf a2 && arrow a2-1.png 22 26
"$MAZEGEN" -W 10 -H 10 -s 3 -c 3pt -o a3.svg &&
  rsvg-convert -d 72 -p 72 a3.svg -o a3.png && arrow a3.png 7 10
"$MAZEGEN" -W 3 -H 3 -s 3 -c 60pt -o a60.svg &&
  rsvg-convert -d 72 -p 72 a60.svg -o a60.png && arrow a60.png 22 26

expect_usage --openings nosuch -o out.txt
expect_usage --openings "" -o out.txt
expect_usage --openings LEFT-RIGHT -o out.txt
expect_usage --openings left-right --unicursal -o out.txt
expect_usage --openings top-bottom --stream -a eller -o out.png
"$MAZEGEN" -W 4 -H 4 -s 1 -o saved.json
expect_usage --load saved.json --openings left-right -o out.svg
finish
