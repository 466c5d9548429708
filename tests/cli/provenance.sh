#!/bin/bash
# SPDX-License-Identifier: MIT
# Provenance that regenerates: the options an SVG's title, a text maze's
# last line and a sheet's footer state, typed back, make the very same
# maze (the same wall-graph file, the same SVG bytes), for every kind and
# every option that shapes a maze. Unicursal and fractal mazes state the
# sizes given, not their grid's; theta states -W and --centre.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
need pdftotext
cp "$HERE/../../samples/masks/heart.png" heart.png

# unescape TEXT: an SVG title's text as typed.
unescape() {
  sed 's/&lt;/</g; s/&gt;/>/g; s/&quot;/"/g; s/&apos;/'"'"'/g; s/&amp;/\&/g' <<<"$1"
}

# again WHAT LINE: LINE without "mazegen ", as words.
words_of() {
  local line=$1
  case $line in
  "mazegen "*) read -r -a typed <<<"${line#mazegen }" ;;
  *) typed=() ;;
  esac
}

# regenerates WHAT ARGS...: the SVG's title, typed back, makes the same
# SVG and wall-graph file.
regenerates() {
  local what=$1
  shift
  rm -f a.svg a.json b.svg b.json
  if ! "$MAZEGEN" "$@" -o a.svg 2>/dev/null ||
    ! "$MAZEGEN" "$@" -o a.json 2>/dev/null; then
    fail "$what: mazegen $* failed"
    return
  fi
  local title
  title=$(grep -o '<title[^>]*>[^<]*</title>' a.svg | head -n 1 |
    sed 's/<[^>]*>//g')
  title=$(unescape "$title")
  words_of "$title"
  # A mask is stated as the picture's place: the picture goes there.
  for i in "${!typed[@]}"; do
    [ "${typed[$i]}" = PICTURE ] && typed[$i]=heart.png
  done
  if [ ${#typed[@]} = 0 ]; then
    fail "$what: the title '$title' states no options"
    return
  fi
  if ! "$MAZEGEN" "${typed[@]}" -o b.svg 2>/dev/null ||
    ! "$MAZEGEN" "${typed[@]}" -o b.json 2>/dev/null; then
    fail "$what: '$title' typed back fails"
    return
  fi
  if cmp -s a.json b.json && cmp -s a.svg b.svg; then ok; else
    fail "$what: '$title' makes another maze than: $*"
  fi
}

regenerates rect -W 10 -H 8 -s 5
regenerates default -s 77
regenerates theta -g theta -W 12 -H 6 --centre 2 -s 5
regenerates "theta rings" -g theta -H 7 -s 9
regenerates unicursal -W 5 -H 4 --unicursal -s 3
regenerates fractal -W 3 -H 2 --fractal 2 -s 3
regenerates "3d" -L 3 -W 4 -H 4 -s 1
regenerates hex -g hex -W 9 -H 7 -a kruskal -s 2
regenerates triangle -g triangle -W 9 -H 6 -a wilson -s 4
regenerates weave -g weave --weave=30 -W 8 -H 8 -s 2
regenerates braid --braid 0.5 -W 9 -H 9 -s 2
regenerates bias -b h=2,v=0.5 -W 9 -H 9 -a prim -s 6
regenerates "3d bias" -L 2 -W 5 -H 5 -b ud=0.1 -s 6
# Even weights on 3d are not its default (ud=0.05): they must be stated.
regenerates "3d even" -L 2 -W 5 -H 5 -b ud=1 -s 6
regenerates growing -a growing-tree --growing newest:75,random:25 -W 7 -H 7 -s 1
regenerates rooms -a division --rooms 3 -W 12 -H 12 -s 1
regenerates openings --openings left-right -W 8 -H 6 -s 4
regenerates mask --mask heart.png -s 3
regenerates "mask scaled" --mask heart.png -W 12 -s 3
regenerates "mask invert" --mask heart.png --mask-invert -s 3
regenerates difficulty --difficulty hard -W 8 -H 8 -s 1
regenerates "fractal bias" -W 3 -H 3 --fractal 2 -b h=3 -a kruskal -s 8

# A streamed maze's last line states the same options as the maze made
# in memory, whose bytes it has (its ends are the corners: --stream
# again, or --start and --finish, make them so).
"$MAZEGEN" -a sidewinder -W 12 -H 5 -s 9 --stream -t text >a.txt
[ "$(tail -n 1 a.txt)" = "# mazegen -W 12 -H 5 -a sidewinder -s 9" ] && ok ||
  fail "stream: $(tail -n 1 a.txt)"

# A sheet's footer: read back from the PDF (it may wrap), typed back.
"$MAZEGEN" -g theta -W 12 -H 6 --centre 2 -s 5 --paper a4 -o a.pdf
"$MAZEGEN" -g theta -W 12 -H 6 --centre 2 -s 5 -o a.json
footer=$(pdftotext a.pdf - | tr '\n' ' ' | grep -o 'mazegen -.*-s [0-9]*')
words_of "$footer"
"$MAZEGEN" "${typed[@]}" -o b.json 2>/dev/null
cmp -s a.json b.json && ok || fail "sheet footer: '$footer' makes another maze"
finish
