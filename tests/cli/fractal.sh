#!/bin/bash
# SPDX-License-Identifier: MIT
# Fractal (nested) mazes from the command line: --fractal K refused when
# malformed, too deep for the limits or the memory, or combined with what
# would break one perfect maze; the json names fractal=K and loads back to
# the same picture; and the pictures draw the block walls heavier than the
# walls inside the blocks, the outer wall heaviest.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need python3 rsvg-convert pdftoppm qpdf
PIXELS=$here/pixels.py

expect_usage --fractal 0
expect_usage --fractal -1
expect_usage --fractal 2x
expect_usage --fractal 32
expect_usage --fractal 9 -W 4 -H 4 -o out.png
grep -q -- '--fractal: 9 levels of 4x4 .*expected --fractal 7 or less' .err &&
  ok || fail "too deep: $(cat .err)"
expect_usage --fractal 30 -W 2 -H 2 -t none
grep -q 'expected --fractal 15 or less' .err && ok || fail "2x2: $(cat .err)"
expect_usage --fractal 4 -W 10 -H 10 --max-memory 1M -o out.png
grep -q -- '--fractal: 4 levels of 10x10.*expected --fractal [1-3] or less' .err &&
  ok || fail "memory: $(cat .err)"
expect_usage --fractal 2 --stream -t none
expect_usage --fractal 2 -W 4 -H 4 --braid 0.5
expect_usage --fractal 2 -W 4 -H 4 --unicursal
expect_usage --fractal 2 -a division --rooms 2
expect_usage --fractal 2 --grid hex -W 4 -H 4 -o out.svg
expect_usage --fractal 2 --difficulty easy
"$MAZEGEN" --fractal 2 -W 4 -H 3 -s 5 -o m.json
expect_usage --fractal 2 --load m.json -o out.png

# The json: 16 x 9 cells, a tree, and the levels in the provenance.
grep -q '"width": 16, "height": 9' m.json && grep -q '"params": "fractal=2"' m.json &&
  grep -q '"passage_count": 143' m.json && grep -q '"perfect": true' m.json &&
  ok || fail "json: $(head -c 600 m.json)"
# --fractal 1 is an ordinary maze.
"$MAZEGEN" -W 5 -H 4 -s 5 -t json >plain.json
"$MAZEGEN" --fractal 1 -W 5 -H 4 -s 5 -t json >one.json
cmp -s plain.json one.json && ok || fail "--fractal 1 differs from no --fractal"

# Every algorithm, stats agree it is perfect; text draws it plainly.
for a in $("$MAZEGEN" --algorithm list); do
  "$MAZEGEN" --fractal 3 -W 3 -H 2 -a "$a" -s 2 -t none --stats=json >s.json ||
    fail "$a"
  grep -q '"cells": 216,' s.json && grep -q '"passages": 215,' s.json &&
    grep -q '"perfect": true' s.json && ok || fail "$a: $(cat s.json)"
done
check "text" "$MAZEGEN" --fractal 2 -W 3 -H 3 --solution -o out.txt

# Same seed, same bytes; loaded from json, the same picture.
for f in png svg pdf; do
  check "$f" "$MAZEGEN" --fractal 2 -W 4 -H 4 -s 9 --solution -o a.$f
  check "$f again" "$MAZEGEN" --fractal 2 -W 4 -H 4 -s 9 --solution -o b.$f
  cmp -s a.$f b.$f && ok || fail "$f differs between runs"
done
"$MAZEGEN" --fractal 2 -W 4 -H 4 -s 9 -o m2.json
"$MAZEGEN" --load m2.json --solution -o l.png
cmp -s a.png l.png && ok || fail "loaded json draws another png"
qpdf --check a.pdf >/dev/null && ok || fail "qpdf --check a.pdf"
rsvg-convert a.svg -o svg.png && ok || fail "rsvg-convert a.svg"
grep -q 'mazegen-level-2' a.svg && ok || fail "svg has no level-2 walls"
pdftoppm -png -r 144 a.pdf pdf && ok || fail "pdftoppm a.pdf"

# Wall thickness across the maze: the widest dark run on each vertical
# lattice line, rows through cell centres. 4 x 4 blocks of 4 x 4 cells:
# lines 0 and 16 are the outer wall, 4, 8 and 12 block walls.
"$MAZEGEN" --fractal 2 -W 4 -H 4 -s 9 -c 20 --wall-width 2 --margin 0 -o w.png
python3 - "$PIXELS" w.png <<'PY' && ok || fail "png wall weights"
import importlib.util, sys
spec = importlib.util.spec_from_file_location("pixels", sys.argv[1])
px = importlib.util.module_from_spec(spec)
spec.loader.exec_module(px)
img = px.read_ppm(sys.argv[2])
w, h, _ = img
cell = 20
edge = (w - 16 * cell) / 2  # half the outer wall
def dark(x, y):
    return max(px.pixel(img, x, y)) < 100  # black walls, not the markers
def widest(line):
    best = 0
    for r in range(16):
        y = int(edge + (r + 0.5) * cell)
        x0 = int(round(edge + line * cell))
        n = sum(1 for x in range(max(0, x0 - 6), min(w, x0 + 7)) if dark(x, y))
        best = max(best, n)
    return best
widths = [widest(i) for i in range(17)]
inner = [widths[i] for i in range(1, 16) if i % 4]
block = [widths[i] for i in (4, 8, 12)]
outer = [widths[0], widths[16]]
print(widths)
ok = max(inner) <= 3 and min(block) >= 4 and max(block) <= 5 and min(outer) >= 6
sys.exit(0 if ok else 1)
PY

# A sheet with its answer key, footers naming fractal=2.
check "sheet" "$MAZEGEN" --fractal 2 -W 4 -H 4 -s 3 --sheet --count 2 \
  --answers end -o s.pdf
qpdf --check s.pdf >/dev/null && ok || fail "qpdf --check s.pdf"
pdftotext s.pdf - 2>/dev/null | grep -q 'fractal=2' && ok ||
  fail "sheet footer does not name fractal=2"
finish
