#!/bin/sh
# SPDX-License-Identifier: MIT
# Remakes the pictures in docs/grids/ that docs/grids.md and
# docs/wall-graph.md show. Run from anywhere, after building:
#   docs/grids.sh [path/to/mazegen]
# Every picture has a fixed seed, so the same build makes the same bytes.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mazegen=${1:-$here/../build/src/cli/mazegen}
masks=$here/../samples/masks
pics=$here/grids
mkdir -p "$pics"

# Squares, hexagons and triangles, with their solutions.
"$mazegen" -W 12 -H 8 -s 1 --solution -c 20 -o "$pics/rect.png"
"$mazegen" --grid hex -W 12 -H 8 -s 1 --solution -c 20 -o "$pics/hex.png"
"$mazegen" --grid triangle -W 24 -H 8 -s 1 --solution -c 20 \
  -o "$pics/triangle.png"

# Fractal (nested) rectangles: 2 levels of 4 x 4 and 3 levels of 3 x 3.
"$mazegen" --fractal 2 -W 4 -H 4 -s 1 --solution -c 20 \
  -o "$pics/fractal-4x4x2.png"
"$mazegen" --fractal 3 -W 3 -H 3 -s 2 --solution -c 14 \
  -o "$pics/fractal-3x3x3.png"

# Bias by direction class (kruskal, whose weighted wall order shows it
# plainly).
"$mazegen" -W 16 -H 10 -s 1 -a kruskal -b h=4 -c 16 -o "$pics/rect-h4.png"
"$mazegen" --grid hex -W 16 -H 10 -s 1 -a kruskal -b h=4 -c 16 \
  -o "$pics/hex-h4.png"
"$mazegen" --grid hex -W 16 -H 10 -s 1 -a kruskal -b nw=4 -c 16 \
  -o "$pics/hex-nw4.png"
"$mazegen" --grid triangle -W 30 -H 10 -s 1 -a kruskal -b v=4 -c 16 \
  -o "$pics/triangle-v4.png"
"$mazegen" --grid triangle -W 30 -H 10 -s 1 -a kruskal -b ne=4 -c 16 \
  -o "$pics/triangle-ne4.png"

# Octagons and squares: solved, and biased each way.
"$mazegen" --grid upsilon -W 12 -H 8 -s 1 --solution -c 36 \
  -o "$pics/upsilon.png"
# Zeta: squares with 45-degree passages, never two crossing.
"$mazegen" --grid zeta -W 12 -H 8 -s 1 --solution -c 36 -o "$pics/zeta.png"
"$mazegen" --grid zeta -W 16 -H 10 -s 1 -a kruskal -b orth=1,diag=0.1 -c 28 \
  -o "$pics/zeta-diag01.png"
"$mazegen" --grid zeta -W 16 -H 10 -s 1 -a kruskal -b orth=1,diag=4 -c 28 \
  -o "$pics/zeta-diag4.png"
"$mazegen" --grid zeta -W 7 -H 7 -s 1 -a wilson --solution -c 36 \
  -o "$pics/zeta-wilson.png"
"$mazegen" --grid upsilon -W 16 -H 10 -s 1 -a kruskal -b orth=4 -c 28 \
  -o "$pics/upsilon-orth4.png"
"$mazegen" --grid upsilon -W 16 -H 10 -s 1 -a kruskal -b diag=4 -c 28 \
  -o "$pics/upsilon-diag4.png"

# Levels (3D): solved, and floor changes rare and frequent.
"$mazegen" --levels 3 -W 10 -H 10 -s 1 --solution -c 24 -o "$pics/levels.png"
"$mazegen" --levels 3 -W 10 -H 10 -s 1 -a kruskal -b ud=0.1 -c 16 \
  -o "$pics/levels-ud01.png"
"$mazegen" --levels 3 -W 10 -H 10 -s 1 -a kruskal -b h=1,v=1,ud=5 -c 16 \
  -o "$pics/levels-ud5.png"

# Weave: solved, and kruskal's dense crossings.
"$mazegen" --weave -W 12 -H 10 -s 3 --solution -c 40 -o "$pics/weave.png"
"$mazegen" --weave=100 -a kruskal -W 16 -H 12 -s 1 -c 30 \
  -o "$pics/weave-kruskal.png"

# Circles: solved, with a wide centre room, and biased each way.
"$mazegen" --grid theta -H 10 -s 1 --solution -c 20 -o "$pics/theta.png"
"$mazegen" --grid theta -H 10 --centre 3 -s 1 --solution -c 20 \
  -o "$pics/theta-centre3.png"
"$mazegen" --grid theta -H 12 -s 1 -a kruskal -b around=4 -c 16 \
  -o "$pics/theta-around4.png"
"$mazegen" --grid theta -H 12 -s 1 -a kruskal -b inout=4 -c 16 \
  -o "$pics/theta-inout4.png"

# Masks: the heart (a PNG) and the letter M (a text picture).
"$mazegen" --mask "$masks/heart.png" -s 1 --solution -c 10 \
  -o "$pics/heart.png"
"$mazegen" --grid hex --mask "$masks/heart.png" -s 1 --solution -c 10 \
  -o "$pics/heart-hex.png"
"$mazegen" --grid upsilon --mask "$masks/heart.png" -s 1 --solution -c 14 \
  -o "$pics/heart-upsilon.png"
"$mazegen" --grid zeta --mask "$masks/heart.png" -s 1 --solution -c 14 \
  -o "$pics/heart-zeta.png"
"$mazegen" --mask "$masks/letter-m.txt" -s 1 --solution -c 16 \
  -o "$pics/letter-m.png"
"$mazegen" --grid hex --mask "$masks/letter-m.txt" -s 1 --solution -c 16 \
  -o "$pics/letter-m-hex.png"
"$mazegen" --grid triangle --mask "$masks/letter-m.txt" -s 1 --solution \
  -c 16 -o "$pics/letter-m-triangle.png"

# The cell-pairs example of docs/wall-graph.md, drawn from its file.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$mazegen" --grid hex -W 4 -H 3 -s 7 --solution -o "$tmp/maze.json"
"$mazegen" --load "$tmp/maze.json" --solution -c 40 -o "$pics/hex-4x3.png"
# ... and its masked example, a small heart.
printf '.##.##.\n#######\n.#####.\n..###..\n...#...\n' >"$tmp/heart.txt"
"$mazegen" --mask "$tmp/heart.txt" -s 2 --solution -o "$tmp/heart.json"
"$mazegen" --load "$tmp/heart.json" --solution -c 40 \
  -o "$pics/small-heart.png"

ls -1 "$pics"/*.png
