#!/bin/sh
# Regenerates the example outputs in samples/ from a built mazegen:
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
ls -1 "$here"/*.txt "$here"/*.png "$here"/*.svg "$here"/*.pdf
