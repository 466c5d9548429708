#!/bin/bash
# SPDX-License-Identifier: MIT
# --page: one page of a book as png or svg, exactly as the book's PDF
# draws it. Every page of three books (puzzles and an answer section,
# same-page keys, a theta book) is drawn with --page N and compared with
# page N of the PDF rendered by pdftocairo (cairo, as mazegen draws PNG)
# at the same dpi. The two place a glyph a pixel apart at most, so the
# check is that every pixel of ink in one lies within a pixel of ink in
# the other: at 192 dpi a page number "Page 1 of 3" against "Page 1 of 5"
# fails it (checked below), a different page by thousands of pixels.
# Small paper (3 x 4 in) keeps the pictures small: pixels.py decodes PNG
# in Python.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need pdfinfo pdftocairo xmllint rsvg-convert python3
px() { python3 "$here/pixels.py" "$@"; }

run() { "$MAZEGEN" "$@" 2>err.txt || fail "mazegen $* : $(cat err.txt)"; }

DPI=192
PAPER=(--paper 3x4in)

# pdf_page PDF N: its page N at $DPI, as PDF-ref-N.png.
pdf_page() {
  pdftocairo -r $DPI -f "$2" -l "$2" -singlefile -png "$1" "${1%.pdf}-ref-$2" ||
    fail "pdftocairo $1 page $2"
}

# book NAME OPTIONS...: the PDF, then every page as png (and svg) with
# --page, each against the PDF's; and the page after the last refused.
book() {
  local name=$1
  shift
  run "${PAPER[@]}" -s 9 "$@" -o "$name.pdf"
  local pages
  pages=$(pdfinfo "$name.pdf" | sed -n 's/^Pages: *//p')
  [ "${pages:-0}" -ge 2 ] && ok || fail "$name: ${pages:-no} pages"
  for n in $(seq 1 "$pages"); do
    run "${PAPER[@]}" -s 9 "$@" --page "$n" --dpi $DPI -o "$name-$n.png"
    pdf_page "$name.pdf" "$n"
    why=$(px near "$name-$n.png" "$name-ref-$n.png" 0) && ok ||
      fail "$name: page $n of $pages differs from the PDF's: $why"
  done
  # The SVG of a page, rendered by librsvg, is the PDF's page too (its
  # type is glyph outlines, so nothing is set again).
  run "${PAPER[@]}" -s 9 "$@" --page "$pages" -o "$name-last.svg"
  check "$name: the svg of the last page is XML" xmllint --noout "$name-last.svg"
  rsvg-convert -d $DPI -p $DPI -o "$name-last-svg.png" "$name-last.svg" &&
    ok || fail "$name: rsvg-convert"
  why=$(px near "$name-last-svg.png" "$name-ref-$pages.png" 0) && ok ||
    fail "$name: the svg of page $pages differs from the PDF's: $why"
  expect_usage "${PAPER[@]}" -s 9 "$@" --page $((pages + 1)) -o out.png
  grep -q -- "--page: page $((pages + 1)) is past the end of the book, which has $pages pages" .err &&
    ok || fail "$name: page $((pages + 1)): $(cat .err 2>/dev/null)"
}

# Puzzles two a page, then an answer section.
book answers -W 8 -H 8 --count 5 --per-page 2 --solution
# A page's number is checked too: page 1 of the 3-page book without
# answers is not page 1 of this 5-page one (11 pixels apart).
run "${PAPER[@]}" -s 9 -W 8 -H 8 --count 5 --per-page 2 --page 1 --dpi $DPI \
  -o other-1.png
px near other-1.png answers-ref-1.png 0 >/dev/null &&
  fail "page 1 of 3 passed for page 1 of 5: the comparison sees no page number" ||
  ok
# One a page with its key on it.
book same-page --paper 4x6in -W 6 -H 6 --count 3 --answers same-page
# A theta book with its answers.
book theta --grid theta -H 5 --count 3 --per-page 2 --solution --title Rings

# What --page goes with.
expect_usage -s 1 --page 1 -o out.png
expect_usage -s 1 --count 3 --page 1 -o out.pdf
expect_usage -s 1 --count 3 --page 1 -t sheet -o out.pdf
expect_usage -s 1 --count 3 --puzzle 2 --page 1 -o out.png
expect_usage -s 1 --count 3 --page 1 --answer-key key.png -o out.png
expect_usage -s 1 --count 3 --page 0 -o out.png
expect_usage -s 1 --count 3 --page 20001 -o out.png
# Without --page a png still holds one page.
expect_usage -s 1 --count 3 -o out.png
# An existing file is left as it was when the page is past the end.
echo before >kept.png
"$MAZEGEN" -s 1 --count 3 --page 4 -o kept.png 2>/dev/null
[ $? = 2 ] && [ "$(cat kept.png)" = before ] && ok ||
  fail "--page 4 of 3: exit status, or kept.png changed"
# A lone maze is a book of one page.
run -s 1 --sheet --page 1 -o one.png
expect_usage -s 1 --sheet --page 2 -o out.svg

finish
