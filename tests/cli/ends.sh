#!/bin/bash
# SPDX-License-Identifier: MIT
# Default ends where a child expects them, measured here from the
# wall-graph file (-t json) and not by the library's endpoint code:
# a unicursal labyrinth runs from one place on its outer wall to another
# far along it, and a 3D maze from the first level to the last, with
# stairs on about one cell in eight to twelve at the default weights.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need python3

# The measure: for each file, one line "ok" or what is wrong.
cat >measure.py <<'PY'
import json, sys

SIDES = "NESW"


def load(path):
    d = json.load(open(path))
    g, p = d["grid"], d["passages"]
    if p["encoding"] == "cell-pairs":
        return d, g, p["pairs"]
    # rect-rows: a digit a cell, 1 a passage east, 2 one south.
    w, pairs = g["width"], []
    for y, row in enumerate(p["rows"]):
        for x, digit in enumerate(row):
            c = y * w + x
            if int(digit) & 1:
                pairs.append((c, c + 1))
            if int(digit) & 2:
                pairs.append((c, c + w))
    return d, g, pairs


def perfect(cells, pairs):
    """Whether the passages join every cell with no loop."""
    adj = [[] for _ in range(cells)]
    for a, b in pairs:
        adj[a].append(b)
        adj[b].append(a)
    seen, todo = {0}, [0]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(pairs) == cells - 1 and len(seen) == cells


def one_path(cells, pairs):
    """The two cells of degree 1 when the passages are one path through
    every cell, else None."""
    deg = [0] * cells
    for a, b in pairs:
        deg[a] += 1
        deg[b] += 1
    if not perfect(cells, pairs) or max(deg) > 2:
        return None
    return sorted(c for c in range(cells) if deg[c] == 1)


def opening(d, which, x, y, w, h):
    """The side an end opens on: saved in the file, else the rule of
    docs/wall-graph.md (the first outer side, W N E S for the start,
    E S W N for the finish)."""
    if "openings" in d:
        return SIDES[d["openings"][which]]
    outer = {"N": y == 0, "E": x == w - 1, "S": y == h - 1, "W": x == 0}
    return next(k for k in ("WNES" if which == "start" else "ESWN")
                if outer[k])


def along(x, y, side, w, h):
    """Where the middle of a cell's outer side lies along the outline,
    clockwise from the top-left corner, in cells; None if not outer."""
    if side == "N" and y == 0:
        return x + 0.5
    if side == "E" and x == w - 1:
        return w + y + 0.5
    if side == "S" and y == h - 1:
        return w + h + (w - 1 - x) + 0.5
    if side == "W" and x == 0:
        return 2 * w + h + (h - 1 - y) + 0.5
    return None


def unicursal(path):
    d, g, pairs = load(path)
    w, h = g["width"], g["height"]
    ends = one_path(g["cell_count"], pairs)
    if ends is None:
        return "not one path through every cell"
    s, f = d["start"], d["finish"]
    sc, fc = s["y"] * w + s["x"], f["y"] * w + f["x"]
    if sorted((sc, fc)) != ends:
        return f"start {sc} and finish {fc} are not the path's ends {ends}"
    if abs(s["x"] - f["x"]) + abs(s["y"] - f["y"]) <= 1:
        return "start and finish side by side"
    so = opening(d, "start", s["x"], s["y"], w, h)
    fo = opening(d, "finish", f["x"], f["y"], w, h)
    ps, pf = along(s["x"], s["y"], so, w, h), along(f["x"], f["y"], fo, w, h)
    if ps is None or pf is None:
        return f"an opening ({so}, {fo}) not on the outer outline"
    if so == fo:
        return f"both open on side {so}"
    # A quarter of the outline apart, the least the other kinds' default
    # ends keep (docs/grids.md).
    perimeter = 2 * (w + h)
    apart = min(abs(ps - pf), perimeter - abs(ps - pf))
    if apart < perimeter / 4:
        return f"openings {apart} apart along an outline of {perimeter}"
    return "ok"


def levels(path):
    d, g, pairs = load(path)
    w, h, n = g["width"], g["height"], g["levels"]
    if not perfect(g["cell_count"], pairs):
        return "not perfect"
    s, f = d["start"], d["finish"]
    if s["level"] != 0 or f["level"] != n - 1:
        return f"from level {s['level'] + 1} to {f['level'] + 1} of {n}"
    for e in (s, f):
        if not (e["x"] in (0, w - 1) or e["y"] in (0, h - 1)):
            return f"an end inside its level: {e}"
    per = w * h
    stairs = {c for a, b in pairs if abs(a - b) == per for c in (a, b)}
    return f"ok {len(stairs) / g['cell_count']:.4f}"


kind = sys.argv[1]
for p in sys.argv[2:]:
    print(p, unicursal(p) if kind == "unicursal" else levels(p))
PY

# Unicursal: 60 seeds over every algorithm and wide, tall and square
# sizes (the ends move to the longer side).
mapfile -t algs < <("$MAZEGEN" -a list)
files=()
for seed in $(seq 1 60); do
  a=${algs[$((seed % ${#algs[@]}))]}
  case $((seed % 4)) in
  0) size="-W 10 -H 10" ;;
  1) size="-W 12 -H 7" ;;
  2) size="-W 7 -H 12" ;;
  *) size="-W 3 -H 2" ;;
  esac
  # shellcheck disable=SC2086
  "$MAZEGEN" $size -a "$a" -s "$seed" --unicursal -t json -o "u$seed.json" ||
    fail "unicursal $size -a $a -s $seed"
  files+=("u$seed.json")
done
python3 measure.py unicursal "${files[@]}" >uni.txt || fail "measure failed"
bad=$(grep -v ' ok$' uni.txt)
[ -z "$bad" ] && [ "$(grep -c ' ok$' uni.txt)" = 60 ] && ok ||
  fail "unicursal ends: $bad"

# 3D: every one of 60 seeds from level 1 to the last, both ends on their
# level's outer wall; default 20 x 20 x 2, and three levels of 10 x 10
# with other algorithms.
files=()
for seed in $(seq 1 60); do
  "$MAZEGEN" --levels 2 -s "$seed" -t json -o "d$seed.json" ||
    fail "3d -s $seed"
  files+=("d$seed.json")
done
python3 measure.py levels "${files[@]}" >default.txt || fail "measure failed"
bad=$(grep -v ' ok ' default.txt)
[ -z "$bad" ] && [ "$(grep -c ' ok ' default.txt)" = 60 ] && ok ||
  fail "3d ends: $bad"
for a in kruskal wilson prim hunt-and-kill; do
  for seed in $(seq 1 15); do
    "$MAZEGEN" --levels 3 -W 10 -H 10 -a "$a" -s "$seed" -t json \
      -o "l$seed.json" || fail "3d -a $a -s $seed"
  done
  python3 measure.py levels l*.json >l.txt || fail "measure failed"
  bad=$(grep -v ' ok ' l.txt)
  [ -z "$bad" ] && [ "$(grep -c ' ok ' l.txt)" = 15 ] && ok ||
    fail "3d ends, -a $a: $bad"
done

# Stairs at the defaults: docs/grids.md says about one cell in nine
# (backtracker, 20 x 20 x 2); the mean over the 60 seeds lies between one
# in twelve and one in eight, no maze above one in five.
read -r mean most < <(awk '{ s += $3; if ($3 > m) m = $3 } END { print s / NR, m }' default.txt)
awk -v m="$mean" -v x="$most" 'BEGIN { exit !(m >= 1 / 12 && m <= 1 / 8 && x <= 0.2) }' &&
  ok || fail "stair marks on $mean of the cells (most $most), expected 1/12 to 1/8"

# Weights given with -b are the user's: ud=1 is the old, unbiased carve.
"$MAZEGEN" --levels 2 -s 5 -b h=1,v=1,ud=1 -t json -o b.json
python3 measure.py levels b.json >b.txt
awk '{ exit !($3 > 0.3) }' b.txt && grep -q '"bias": "h=1,v=1,ud=1"' b.json &&
  ok || fail "-b ud=1: $(cat b.txt)"
"$MAZEGEN" --levels 2 -s 5 -t json -o n.json
grep -q '"bias": "h=1,v=1,ud=0.05"' n.json && ok ||
  fail "default bias not recorded: $(grep bias n.json)"

finish
