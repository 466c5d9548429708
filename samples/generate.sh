#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the example outputs in samples/ from a built mazegen, and the
# pictures of the sample sheets' pages in docs/sheets/ (with pdftoppm):
#   samples/generate.sh [path/to/mazegen]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mazegen=${1:-$here/../build/src/cli/mazegen}
cd "$here"
"$mazegen" -W 20 -H 10 -s 1 -o backtracker.txt
"$mazegen" -W 20 -H 10 -s 1 -a kruskal --charset utf8 --solution -o kruskal-utf8.txt
"$mazegen" -W 30 -H 20 -s 2 -c 12px -o backtracker.png
"$mazegen" -W 30 -H 20 -s 2 -c 12px --solution -o backtracker-solution.png
"$mazegen" -W 30 -H 20 -s 3 -a kruskal -b h=3,v=1 -c 6mm -o kruskal-h3.svg
"$mazegen" -W 30 -H 40 -s 2026 --paper letter -o puzzle-letter.pdf \
  --answer-key answer-key-letter.pdf
"$mazegen" -W 12 -H 9 -s 5 -o wall-graph.json
# The classic |_ text style, block maps for games (docs/blocks.md) and a
# session of the console (-i) fed by a pipe.
"$mazegen" -W 20 -H 10 -s 1 --charset underscore -o underscore.txt
"$mazegen" -W 20 -H 10 -s 1 -o level.blocks
"$mazegen" -W 20 -H 10 -s 1 -o level.csv
printf '4\n9\ny\n3\n5\nn\n' | "$mazegen" -i -s 1 --charset underscore \
  >console.txt

# Grid kinds and masks (docs/grids.md): hexagons, triangles, and a heart
# cut from samples/masks/heart.png, each plain, solved and on a sheet.
"$mazegen" --grid hex -W 20 -H 14 -s 11 -c 6mm -o hex.svg
"$mazegen" --grid hex -W 20 -H 14 -s 11 -c 16px --solution \
  -o hex-solution.png
"$mazegen" --grid triangle -W 40 -H 16 -s 12 -c 6mm -o triangle.svg
"$mazegen" --grid triangle -W 40 -H 16 -s 12 -c 16px --solution \
  -o triangle-solution.png
"$mazegen" --mask masks/heart.png -s 3 -c 10px -o heart.png
"$mazegen" --mask masks/heart.png -s 3 -c 10px --solution \
  -o heart-solution.png
"$mazegen" --grid hex --mask masks/letter-m.txt -s 13 -c 6mm \
  -o letter-m-hex.svg
# Octagons and squares, zeta, and circles (theta), plain and solved.
"$mazegen" --grid upsilon -W 24 -H 16 -s 14 -c 8mm -o upsilon.svg
"$mazegen" --grid upsilon -W 24 -H 16 -s 14 -c 24px --solution \
  -o upsilon-solution.png
# Squares with 45-degree passages that never cross (zeta).
"$mazegen" --grid zeta -W 20 -H 14 -s 17 -c 8mm -o zeta.svg
"$mazegen" --grid zeta -W 20 -H 14 -s 17 -c 24px --solution \
  -o zeta-solution.png
# Three levels joined by stairs (3d), plain, solved and as text.
"$mazegen" --levels 3 -W 12 -H 12 -s 18 -b ud=0.5 -c 6mm -o levels.svg
"$mazegen" --levels 3 -W 12 -H 12 -s 18 -b ud=0.5 -c 20px --solution \
  -o levels-solution.png
"$mazegen" --levels 3 -W 8 -H 6 -s 18 -b ud=0.5 --solution -o levels.txt
"$mazegen" --grid theta -H 14 -s 15 -c 6mm -o theta.svg
"$mazegen" --grid theta -H 14 -s 15 -c 16px --solution \
  -o theta-solution.png
# A weave maze: passages tunnel under straight corridors (docs/grids.md).
"$mazegen" --weave -W 14 -H 10 -s 22 -c 8mm -o weave.svg
"$mazegen" --weave=80 -a kruskal -W 14 -H 14 -s 22 --title "Over and under" \
  --sheet --answers end -o weave-sheet.pdf

# A fractal maze (docs/grids.md): 4 x 4 blocks of 4 x 4 blocks of 4 x 4
# cells, block walls heavier; solved, and as a sheet with its answers.
"$mazegen" --fractal 3 -W 4 -H 4 -s 21 -c 5mm -o fractal.svg
"$mazegen" --fractal 2 -W 5 -H 5 -s 21 --solution --title "Nested mazes" \
  --instructions "Plan a way through the heavy walls first, then solve each block." \
  -o fractal-sheet.pdf

# Sheets (docs/sheets.md): a 10-puzzle letter book with its answer section,
# an A4 sheet of four, two puzzles with their keys on the same page, one
# sheet each of hexagons, triangles, hearts and octagons, and a 10-puzzle
# book of circles with its answer section.
export SOURCE_DATE_EPOCH=1790208000
"$mazegen" -W 20 -H 20 -s 2026 --count 10 --per-page 4 --solution \
  --title "Spring maze book" --name-line \
  --instructions "Enter at the green arrow and find the way out to the red arrow." \
  -o book-letter.pdf
"$mazegen" -W 16 -H 16 -s 7 --count 4 --per-page 4 --paper a4 \
  --title "Four mazes" -o sheet-a4-4up.pdf
"$mazegen" -W 18 -H 18 -s 3 --count 2 --per-page 2 --answers same-page \
  --upside-down -o sheet-same-page.pdf
"$mazegen" --grid hex -W 24 -H 20 -s 11 --solution --title "Hexagons" \
  --instructions "Enter at the green arrow and find the way out to the red arrow." \
  -o hex-sheet.pdf
"$mazegen" --grid triangle -W 44 -H 24 -s 13 --solution --title "Triangles" \
  -o triangle-sheet.pdf
"$mazegen" --mask masks/heart.png -s 4 --count 2 --per-page 2 --solution \
  --title "Two hearts" --paper a4 -o heart-sheet.pdf
"$mazegen" --grid upsilon -W 30 -H 40 -s 16 --solution --title "Octagons" \
  --instructions "Enter at the green arrow and find the way out to the red arrow." \
  -o upsilon-sheet.pdf
"$mazegen" --grid theta -H 12 -s 17 --count 10 --per-page 2 --solution \
  --title "Circular mazes" -o theta-book.pdf
"$mazegen" --levels 3 -W 15 -H 15 -s 19 -b ud=0.5 --solution \
  --title "Three floors" -o levels-sheet.pdf
# A book of several kinds from a job file (book.json, docs/sheets.md).
"$mazegen" --job book.json -s 23 -o mixed-book.pdf
pics="$here/../docs/sheets"
mkdir -p "$pics"
pdftoppm -png -r 40 -singlefile book-letter.pdf "$pics/book-letter"
pdftoppm -png -r 40 -singlefile -f 4 book-letter.pdf "$pics/book-letter-answers"
pdftoppm -png -r 40 -singlefile sheet-a4-4up.pdf "$pics/sheet-a4-4up"
pdftoppm -png -r 40 -singlefile sheet-same-page.pdf "$pics/sheet-same-page"
pdftoppm -png -r 40 -singlefile fractal-sheet.pdf "$pics/fractal-sheet"
ls -1 "$here"/*.txt "$here"/*.png "$here"/*.svg "$here"/*.pdf "$here"/*.json \
  "$pics"/*.png
