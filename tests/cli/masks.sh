#!/bin/bash
# SPDX-License-Identifier: MIT
# Masks made from ordinary pictures: a 400x360 clip-art heart scaled to
# the cells -W and -H ask for (by area, in proportion when one is given),
# and the sizes a scaled mask is refused at: exit 2, one line naming the
# option.
. "$(dirname "$0")/lib.sh"
need python3

# A clip-art heart, black on white, 400x360 pixels: the heart curve
# (x^2 + y^2 - 1)^3 <= x^2 y^3, written as an 8-bit grey PNG. Prints the
# share of its pixels that are dark.
share=$(python3 - <<'PY'
import struct, zlib
W, H = 400, 360
def dark(x, y):
    u = (x - W / 2) / (W / 2) * 1.3
    v = 1.3 - y / H * 2.5
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0
rows = b"".join(b"\0" + bytes(0 if dark(x + .5, y + .5) else 255
                              for x in range(W)) for y in range(H))
def chunk(kind, body):
    return (struct.pack(">I", len(body)) + kind + body +
            struct.pack(">I", zlib.crc32(kind + body)))
with open("clip.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" +
            chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 0, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
print(sum(dark(x + .5, y + .5) for y in range(H) for x in range(W)) / (W * H))
PY
)

# The picture alone is 400x360 cells.
"$MAZEGEN" --mask clip.png -s 1 -t none --stats=json >big.json 2>.err &&
  grep -q '"width": 400, "height": 360' big.json && ok ||
  fail "unscaled clip art: $(cat big.json .err)"

# -W 40 alone: 40x36 (the picture's proportions), a perfect maze on about
# the heart's share of the 1,440 cells (within 2%).
for a in backtracker wilson kruskal; do
  "$MAZEGEN" --mask clip.png -W 40 -a "$a" -s 3 -t none --stats=json \
    >w.json 2>.err || fail "-W 40 with $a: $(cat .err)"
  python3 - "$share" <<'PY' && ok || fail "-W 40 with $a: $(cat w.json)"
import json, sys
s = json.load(open("w.json"))
want = float(sys.argv[1]) * 40 * 36
assert (s["width"], s["height"], s["masked"]) == (40, 36, True), s
assert s["perfect"] and s["passages"] == s["cells"] - 1, s
assert abs(s["cells"] - want) <= 0.02 * want, (s["cells"], want)
PY
done
# -H alone keeps the proportions too (36 high: 40 wide), and both give
# exactly what they say.
"$MAZEGEN" --mask clip.png -H 36 -s 3 -t none --stats=json >h.json &&
  grep -q '"width": 40, "height": 36' h.json && ok || fail "-H 36: $(cat h.json)"
"$MAZEGEN" --mask clip.png -W 30 -H 12 -s 3 -t none --stats=json >b.json &&
  grep -q '"width": 30, "height": 12' b.json && ok || fail "-W 30 -H 12: $(cat b.json)"
# The same request, the same maze.
check "scaled heart" "$MAZEGEN" --mask clip.png -W 40 -s 3 -o one.svg
check "scaled heart again" "$MAZEGEN" --mask clip.png -W 40 -s 3 -o two.svg
cmp -s one.svg two.svg && ok || fail "the same scaled heart differs"
# A text picture scales the same way, on other kinds too.
printf '###\n#.#\n###\n' >ring.txt
"$MAZEGEN" --mask ring.txt -W 9 -s 1 -t none --stats=json >r.json &&
  grep -q '"width": 9, "height": 9' r.json && grep -q '"cells": 72,' r.json &&
  ok || fail "ring scaled to 9: $(cat r.json)"
"$MAZEGEN" --grid hex --mask clip.png -W 20 -s 1 -t none --stats=json >x.json &&
  grep -q '"width": 20, "height": 18' x.json && grep -q '"perfect": true' x.json &&
  ok || fail "hex heart: $(cat x.json)"

# Sizes a scaled mask cannot take, refused before the picture is read.
expect_usage --mask clip.png -W 0 -o out.svg
expect_usage --mask clip.png -H -1 -o out.svg
expect_usage --mask clip.png -W 12x -o out.svg
expect_usage --mask clip.png -W 99999999999999999999 -o out.svg
expect_usage --mask clip.png -W 5000 -o out.svg
grep -q -- '-W/--width: 5000 ' .err && ok || fail "-W 5000: $(cat .err)"
expect_usage --mask nosuch.png -W 5000 -o out.svg
grep -q -- '-W/--width' .err && ok || fail "checked after reading: $(cat .err)"
expect_usage --grid triangle --mask ring.txt -W 1 -o out.svg
# A width in range whose proportional height is not: a 1x400 column 11
# wide would be 4,400 high.
printf '#\n' >dot.txt
for i in $(seq 399); do printf '#\n'; done >>dot.txt
expect_usage --mask dot.txt -W 11 -o out.svg
grep -q -- '-W/--width: 11 .*11x4400' .err && ok || fail "derived height: $(cat .err)"
# A picture that keeps no cell once scaled down.
printf '#.........\n..........\n..........\n' >speck.txt
expect_usage --mask speck.txt -W 2 -o out.svg
grep -q 'keeps none' .err && ok || fail "speck: $(cat .err)"
# Pieces that touch only at a corner: refused, each piece by its cells and
# place, and where they touch.
printf '##..\n##..\n..##\n..##\n' >corner.txt
expect_usage --mask corner.txt -o out.svg
for want in "^mazegen: --mask: .*'corner.txt' fall into 2 pieces on a rect grid" \
  '4 cells in columns 0-1, rows 0-1; 4 cells in columns 2-3, rows 2-3' \
  'pieces 1 and 2 touch only diagonally in the picture, at cells 1,1 and 2,2'; do
  grep -q "$want" .err && ok || fail "corner pieces, no '$want': $(cat .err)"
done
# Scaled, the message names the cells of the scaled picture.
expect_usage --mask corner.txt -W 8 -o out.svg
grep -q "scaled to 8x8 fall into 2 pieces.*16 cells in columns 0-3, rows 0-3" .err &&
  ok || fail "scaled corner pieces: $(cat .err)"
# Many pieces: the first six by place, the rest counted.
printf '#.#.#.#.#.#.#.#.#\n' >dots.txt
expect_usage --mask dots.txt -o out.svg
grep -q '9 pieces.*1 cell in column 10, row 0; and 3 more; expected' .err &&
  ok || fail "many pieces: $(cat .err)"
# Sheets: the clip art one cell a pixel would print as a blob (passages of
# 0.28mm on letter), refused by --min-passage, naming the -W that keeps
# to it; that -W prints. Paper is letter whatever the machine says
# (lib.sh).
expect_usage --mask clip.png --sheet -o out.pdf
grep -q '^mazegen: --mask: a 400x360 maze prints .* passages of 0.28mm.*narrower than the 0.50mm.*expected -W [0-9]* or less' .err &&
  ok || fail "clip-art sheet: $(cat .err)"
w=$(grep -o -- '-W [0-9]* or less' .err | cut -d' ' -f2)
check "the -W named ($w) prints" "$MAZEGEN" --mask clip.png -W "$w" --sheet -o fits.pdf
expect_usage --mask clip.png -W "$((w + 1))" --sheet -o out.pdf
expect_usage --mask clip.png --sheet -o out.png                # png sheets too
check "--min-passage 0 lets it through" "$MAZEGEN" --mask clip.png --sheet \
  --min-passage 0 -o blob.pdf
# Set higher, the floor moves: 100 cells wide is 1.59mm passages.
expect_usage --mask clip.png -W 100 --sheet --min-passage 3mm -o out.pdf
grep -q 'expected -W 53 or less to scale the picture (53x48 cells)' .err &&
  ok || fail "--min-passage 3mm: $(cat .err)"
check "-W 53 at 3mm" "$MAZEGEN" --mask clip.png -W 53 --sheet --min-passage 3mm -o w53.pdf
# Whole rectangles, -c and --wall-width are held to it too, each named.
expect_usage -W 300 -H 300 --sheet -o out.pdf
grep -q '^mazegen: -W/--width x -H/--height: .*at most 269x269' .err && ok ||
  fail "300x300 sheet: $(cat .err)"
check "269x269 prints" "$MAZEGEN" -W 269 -H 269 --sheet -o r.pdf
expect_usage -W 10 -H 10 --sheet -c 0.6mm -o out.pdf
grep -q '^mazegen: -c/--cell-size: .*passages of 0.42mm' .err && ok ||
  fail "-c 0.6mm: $(cat .err)"
check "-c 0.9mm" "$MAZEGEN" -W 10 -H 10 --sheet -c 0.9mm -o c.pdf
expect_usage -W 10 -H 10 --sheet -c 0.9mm --wall-width 0.42mm -o out.pdf
grep -q '^mazegen: -c/--cell-size: .*walls of 0.42mm leave passages of 0.48mm' .err &&
  ok || fail "walls: $(cat .err)"
expect_usage -W 300 -H 300 --sheet --wall-width 0.4mm -o out.pdf
grep -q '^mazegen: --wall-width: ' .err && ok || fail "--wall-width: $(cat .err)"
for bad in -1mm abc 5furlongs ''; do
  expect_usage -W 10 -H 10 --sheet --min-passage "$bad" -o out.pdf
done
finish
