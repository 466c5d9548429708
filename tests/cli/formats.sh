#!/bin/bash
# SPDX-License-Identifier: MIT
# Every format through real tools: xmllint, rsvg-convert, qpdf, pdfinfo,
# pdftoppm, pngcheck; the seed is stamped in every output.
. "$(dirname "$0")/lib.sh"
need xmllint rsvg-convert qpdf pdfinfo pdftoppm pngcheck

run() { "$MAZEGEN" "$@" 2>err.txt || fail "mazegen $* : $(cat err.txt)"; }

run -W 25 -H 15 -s 77 -o m.svg --solution
check "svg is well-formed" xmllint --noout m.svg
check "svg renders" rsvg-convert -o m-svg.png m.svg
grep -q 'viewBox' m.svg && ok || fail "svg has no viewBox"
grep -q '<title id="[^"]*">mazegen .*-s 77<' m.svg && ok || fail "svg title lacks the seed"
grep -Eq 'width="[0-9.]+pt"' m.svg && ok || fail "svg not in physical units"

run -W 60 -H 80 -s 5 --paper letter -o p.pdf --answer-key k.pdf
for f in p.pdf k.pdf; do
  check "qpdf --check $f" qpdf --check "$f"
  pdfinfo "$f" >info.txt 2>&1
  grep -Eq 'Page size: +612 x 792 pts' info.txt && ok ||
    fail "$f is not letter: $(grep 'Page size' info.txt)"
  grep -q 'Pages: *1$' info.txt && ok || fail "$f page count"
  grep -q 'seed=5' info.txt && ok || fail "$f metadata lacks the seed"
  check "pdftoppm $f" pdftoppm -png -r 30 -singlefile "$f" "${f%.pdf}"
done
run -W 20 -H 20 -s 5 --paper a4 -o a4.pdf
pdfinfo a4.pdf | grep -Eq 'Page size: +595.2[0-9]* x 841.8[0-9]* pts' && ok ||
  fail "a4 size: $(pdfinfo a4.pdf | grep 'Page size')"
check "qpdf a4" qpdf --check a4.pdf
run -W 10 -H 10 -s 5 -c 1in --margin 0.5in -o fit.pdf
pdfinfo fit.pdf | grep -Eq 'Page size: +(792|79[0-9](\.[0-9]+)?) x' && ok ||
  fail "maze-sized page: $(pdfinfo fit.pdf | grep 'Page size')"

run -W 30 -H 20 -s 9 -o m.png
check "pngcheck" pngcheck m.png
pngcheck -v m.png | grep -q 'pHYs' && ok || fail "png has no pHYs"
pngcheck -t m.png | grep -q '9' && ok || fail "png tEXt lacks the seed"
run -W 30 -H 20 -s 9 -o ms.png --solution --dpi 300
check "pngcheck solution" pngcheck ms.png
pngcheck -v ms.png | grep -q 'PLTE' && ok || fail "solution png has no palette"
pngcheck -v ms.png | grep -q '11811x11811 pixels/meter' && ok ||
  fail "300 dpi is not in pHYs: $(pngcheck -v ms.png | grep -i phys -A1)"
# 30 cells of 10px with 2px walls: 302 x 202, and a margin for the arrows
# of 12pt, 16px at 96 dpi.
pngcheck m.png | grep -q '334x234' && ok || fail "png size: $(pngcheck m.png)"

run -W 12 -H 6 -s 4 -o m.txt
[ "$(wc -l <m.txt)" = 14 ] && ok || fail "text has $(wc -l <m.txt) lines"
tail -n 1 m.txt | grep -q -- '-s 4$' && ok || fail "text lacks the seed"
run -W 12 -H 6 -s 4 --charset utf8 --solution -o u.txt
grep -q '│' u.txt && ok || fail "utf8 text has no box drawing"
"$MAZEGEN" -W 5 -H 5 -s 1 -t svg -o - | xmllint --noout - && ok ||
  fail "svg to standard output"
finish
