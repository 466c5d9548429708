#!/bin/bash
# SPDX-License-Identifier: MIT
# Weave mazes from the command line: --weave[=P] refused when malformed or
# combined with what cannot weave; the json lists tunnels as passages
# between cells two apart and loads back to the same picture; --stats
# counts them; the same seed gives the same bytes; sheets carry the
# density in their footers; and the picture shows over and under: at a
# crossing the corridor over it keeps both walls through the cell, while
# the tunnel's walls stop short of it.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need python3 qpdf pdftotext rsvg-convert
PIXELS=$here/pixels.py

expect_usage --weave=0
expect_usage --weave=101
expect_usage --weave=x
expect_usage --weave=%
check "--weave=50%" "$MAZEGEN" --weave=50% -t none
expect_usage --weave --grid hex -o out.svg
grep -q -- '--weave: tunnels under square cells, not hex' .err && ok ||
  fail "hex: $(cat .err)"
expect_usage --weave -a wilson -o out.svg
grep -q -- 'wilson does not weave.*expected backtracker or kruskal' .err &&
  ok || fail "wilson: $(cat .err)"
expect_usage --grid weave -a eller -o out.svg
expect_usage --weave --difficulty medium -t none
grep -q -- "--difficulty: medium carves with growing-tree, which does not weave" .err \&\& ok || fail "difficulty: $(cat .err)"
expect_usage --weave --stream -o out.png
expect_usage --weave --fractal 2 -o out.png
expect_usage --weave --mask "$here/../../samples/masks/letter-m.txt" -o out.png
expect_usage --weave -o out.txt
grep -q 'text draws only' .err && ok || fail "text: $(cat .err)"
"$MAZEGEN" --weave -W 6 -H 6 -s 1 -o w.json
expect_usage --weave --load w.json -o out.png

# The json: the kind, the density, tunnels as pairs two cells apart.
"$MAZEGEN" --weave=30 -W 12 -H 10 -s 4 -o m.json
python3 - m.json <<'PY' && ok || fail "json: $(head -c 800 m.json)"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["grid"]["kind"] == "weave"
assert d["provenance"]["params"] == "weave=30", d["provenance"]
pairs = d["passages"]["pairs"]
assert len(pairs) == 119 == d["passage_count"]
w = d["grid"]["width"]
tunnels = [p for p in pairs if p[1] - p[0] in (2, 2 * w)]
assert tunnels, "no tunnel"
print(len(tunnels), "tunnels")
PY
# --grid weave alone is the default density; -a kruskal weaves too.
"$MAZEGEN" --grid weave -W 8 -H 8 -s 2 -t json | grep -q '"params": "weave=50"' &&
  ok || fail "--grid weave default density"
"$MAZEGEN" --weave -a kruskal -W 20 -H 20 -s 2 -t none --stats=json >s.json
grep -q '"grid": "weave"' s.json && grep -q '"perfect": true' s.json &&
  grep -Eq '"tunnels": [1-9]' s.json && ok || fail "stats: $(cat s.json)"
"$MAZEGEN" --weave -W 20 -H 20 -s 2 -t none --stats >s.txt 2>&1
grep -Eq 'tunnels +[1-9]' s.txt && ok || fail "stats text: $(cat s.txt)"

# Same seed, same bytes; loaded from json, the same picture.
for f in png svg pdf; do
  check "$f" "$MAZEGEN" --weave -W 10 -H 8 -s 9 --solution -o a.$f
  check "$f again" "$MAZEGEN" --weave -W 10 -H 8 -s 9 --solution -o b.$f
  cmp -s a.$f b.$f && ok || fail "$f differs between runs"
done
"$MAZEGEN" --weave -W 10 -H 8 -s 9 -o m9.json
"$MAZEGEN" --load m9.json --solution -o l.png
cmp -s a.png l.png && ok || fail "loaded json draws another png"
qpdf --check a.pdf >/dev/null && ok || fail "qpdf --check a.pdf"
rsvg-convert a.svg -o svg.png && ok || fail "rsvg-convert a.svg"

# A bad tunnel in a file is refused, naming it.
python3 - m9.json bad.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
w = d["grid"]["width"]
# A tunnel from cell 0 to cell 2 under cell 1, which is on the outline.
d["passages"]["pairs"].insert(0, [0, 2])
d["passage_count"] += 1
json.dump(d, open(sys.argv[2], "w"))
PY
expect_usage --load bad.json -o out.png
grep -q 'tunnel between cells 0 and 2 may not pass under cell 1' .err && ok ||
  fail "bad tunnel: $(cat .err)"

# Over and under in the PNG: find a crossing in the json, then look.
"$MAZEGEN" --weave=100 -W 12 -H 12 -s 5 -c 40px --wall-width 2 --margin 0 \
  -o x.png -t png
"$MAZEGEN" --weave=100 -W 12 -H 12 -s 5 -o x.json
python3 - "$PIXELS" x.png x.json <<'PY' && ok || fail "over/under in the png"
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("pixels", sys.argv[1])
px = importlib.util.module_from_spec(spec)
spec.loader.exec_module(px)
img = px.read_ppm(sys.argv[2])
d = json.load(open(sys.argv[3]))
w = d["grid"]["width"]
cell = 40
edge = (img[0] - w * cell) / 2
def dark(x, y):
    return max(px.pixel(img, int(round(x)), int(round(y)))) < 100
inset = 0.2 * cell
seen = 0
for a, c in d["passages"]["pairs"]:
    if c - a not in (2, 2 * w):
        continue
    b = (a + c) // 2
    bx, by = edge + (b % w) * cell, edge + (b // w) * cell
    ew = c - a == 2
    def at(u, v):  # u along the tunnel, v across it, in the cell
        return (bx + u, by + v) if ew else (bx + v, by + u)
    # The corridor over it: both walls dark all the way through the cell.
    for t in range(1, cell, 3):
        for wall in (inset, cell - inset):
            x, y = at(wall, t)
            assert dark(x, y), ("over wall broken", a, c, t)
    # The tunnel's walls reach the corridor's walls from both sides...
    for wall in (inset, cell - inset):
        for u in (inset / 2, cell - inset / 2):
            x, y = at(u, wall)
            assert dark(x, y), ("tunnel wall missing", a, c)
        # ...and stop: none across the corridor over it.
        x, y = at(cell / 2, wall)
        assert not dark(x, y), ("tunnel wall crosses over", a, c)
    seen += 1
assert seen >= 5, seen
print(seen, "crossings look right")
PY

# A sheet with its answer key, footers naming the density.
check "sheet" "$MAZEGEN" --weave=40 -W 10 -H 10 -s 3 --sheet --count 2 \
  --answers end -o s.pdf
qpdf --check s.pdf >/dev/null && ok || fail "qpdf --check s.pdf"
pdftotext s.pdf - 2>/dev/null | grep -q 'weave=40' && ok ||
  fail "sheet footer does not name weave=40"
finish
