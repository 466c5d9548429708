#!/bin/bash
# SPDX-License-Identifier: MIT
# Every algorithm with every exporter, as a plain maze, with --solution,
# braided (--braid 0.5) and unicursal, each output checked by the tools
# that read it: the text maze has the right size and exactly two gaps in
# its outer wall (start and finish), PNG passes pngcheck, SVG is
# well-formed with a viewBox and renders with rsvg-convert, PDF passes
# qpdf --check and has one page.
. "$(dirname "$0")/lib.sh"
need pngcheck xmllint rsvg-convert qpdf pdfinfo

W=9 H=7

# text_ok FILE W H: 2H+1 maze lines of 3W+1 characters, then the
# provenance comment, and two gaps in the outer wall.
text_ok() {
  awk -v w="$2" -v h="$3" '
    NR <= 2 * h + 1 {
      if (length($0) != 3 * w + 1) { print "line " NR " is " length($0) " wide"; bad = 1 }
      if (NR == 1 || NR == 2 * h + 1) {
        for (x = 0; x < w; x++) gaps += substr($0, 3 * x + 2, 2) != "--"
      } else if (NR % 2 == 0) {
        gaps += substr($0, 1, 1) != "|"
        gaps += substr($0, 3 * w + 1, 1) != "|"
      }
    }
    NR == 2 * h + 2 && !/^# / { print "no provenance line"; bad = 1 }
    END {
      if (NR != 2 * h + 2) { print NR " lines"; bad = 1 }
      if (gaps != 2) { print gaps " gaps in the outer wall"; bad = 1 }
      exit bad
    }' "$1"
}

# valid FILE W H: checks FILE by its extension.
valid() {
  case $1 in
  *.txt) text_ok "$1" "$2" "$3" ;;
  *.png) pngcheck -q "$1" ;;
  *.svg) xmllint --noout "$1" && grep -q 'viewBox=' "$1" &&
    rsvg-convert -o "$1.png" "$1" && pngcheck -q "$1.png" ;;
  *.pdf) qpdf --check "$1" >/dev/null && pdfinfo "$1" | grep -q '^Pages: *1$' ;;
  esac
}

for a in $("$MAZEGEN" --algorithm list); do
  for mode in plain solution braid unicursal; do
    case $mode in
    plain) flags="" w=$W h=$H ;;
    solution) flags="--solution" w=$W h=$H ;;
    braid) flags="--braid 0.5 --solution" w=$W h=$H ;;
    unicursal) flags="--unicursal --solution" w=$((2 * W)) h=$((2 * H)) ;;
    esac
    for f in txt png svg pdf; do
      out="$a-$mode.$f"
      # shellcheck disable=SC2086 # flags are plain words
      if ! "$MAZEGEN" -a "$a" $flags -W $W -H $H -s 6 -o "$out" 2>err.txt; then
        fail "$a $mode $f: $(cat err.txt)"
      elif ! valid "$out" "$w" "$h" >err.txt 2>&1; then
        fail "$a $mode $f: invalid output: $(head -c 300 err.txt)"
      else
        ok
      fi
    done
  done
  # The provenance says what was done, in every format that carries it.
  # (growing-tree records its policy first.)
  grep -Eq "^# mazegen -W 9 -H 7 -a $a (--growing=[^ ]* )?--braid=0.5 -s 6\$" "$a-braid.txt" &&
    grep -Eq "^# mazegen -W 9 -H 7 -a $a (--growing=[^ ]* )?--unicursal -s 6\$" "$a-unicursal.txt" &&
    ok || fail "$a: provenance lines $(tail -n1 "$a-braid.txt") / $(tail -n1 "$a-unicursal.txt")"
  # The solution is drawn: the text maze has path marks only with it.
  grep -q '\*' "$a-solution.txt" && ! grep -q '\*' "$a-plain.txt" &&
    ok || fail "$a: solution marks missing or drawn unasked"
done
finish
