#!/bin/bash
# SPDX-License-Identifier: MIT
# Puzzle sheets through real tools: page counts and sizes from pdfinfo,
# structure from qpdf --check, and pages rendered with pdftoppm (one pixel
# per point) to look for walls in every slot, the solution colour on key
# pages and nothing in the margins. Also the wall-graph round trip.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need pdfinfo qpdf pdftoppm pngcheck xmllint rsvg-convert python3
px() { python3 "$here/pixels.py" "$@"; }

run() { "$MAZEGEN" "$@" 2>err.txt || fail "mazegen $* : $(cat err.txt)"; }

# pdf_is FILE PAGES "W x H": page count and size as pdfinfo reports them.
pdf_is() {
  local info
  info=$(pdfinfo "$1" 2>&1)
  grep -q "^Pages: *$2\$" <<<"$info" && ok ||
    fail "$1: expected $2 pages, got $(grep Pages <<<"$info")"
  grep -Eq "^Page size: +$3 pts" <<<"$info" && ok ||
    fail "$1: expected $3 pts, got $(grep 'Page size' <<<"$info")"
  check "qpdf --check $1" qpdf --check "$1"
}

# Paper sizes and orientation.
run -W 12 -H 12 -s 1 --sheet -o letter.pdf
pdf_is letter.pdf 1 "612 x 792"
run -W 12 -H 12 -s 1 --paper a4 -o a4.pdf
pdf_is a4.pdf 1 "595.276 x 841.89"
run -W 12 -H 12 -s 1 --paper legal -o legal.pdf
pdf_is legal.pdf 1 "612 x 1008"
run -W 12 -H 12 -s 1 --paper letter --orientation landscape -o land.pdf
pdf_is land.pdf 1 "792 x 612"
run -W 12 -H 12 -s 1 --paper 148x210mm -o a5.pdf
pdf_is a5.pdf 1 "419.528 x 595.276"
run -W 12 -H 12 -s 1 --paper 6x4in --orientation portrait -o card.pdf
pdf_is card.pdf 1 "432 x 288"
run -W 12 -H 12 -s 1 -t sheet -o plain.sheet
pdf_is plain.sheet 1 "612 x 792"

# Answers: 10 puzzles, 4 a page, keys at the end (6 a page), same page,
# and in a separate file.
base=(-W 20 -H 20 -s 5 --count 10 --per-page 4)
run "${base[@]}" -o book.pdf
pdf_is book.pdf 3 "612 x 792"
run "${base[@]}" --solution -o book-end.pdf
pdf_is book-end.pdf 5 "612 x 792"
run "${base[@]}" --answers same-page -o book-same.pdf
pdf_is book-same.pdf 3 "612 x 792"
run "${base[@]}" -o book2.pdf --answer-key keys.pdf
pdf_is book2.pdf 3 "612 x 792"
pdf_is keys.pdf 2 "612 x 792"
cmp -s book.pdf book2.pdf && ok || fail "--answer-key changed the puzzles"
pdfinfo book-end.pdf | grep -q 'with answer keys' && ok ||
  fail "subject does not mention the answer keys"
pdfinfo book.pdf | grep -Eq '^Keywords: .*seed=5' && ok ||
  fail "keywords lack the base seed"
pdfinfo book.pdf | grep -q '^Creator: *mazegen ' && ok || fail "creator"

# The same command gives the same bytes, with or without SOURCE_DATE_EPOCH.
run "${base[@]}" --solution -o again.pdf
cmp -s book-end.pdf again.pdf && ok || fail "a book is not reproducible"
SOURCE_DATE_EPOCH=1700000000 run "${base[@]}" -o dated.pdf
pdfinfo dated.pdf | grep -q 'Nov 14 22:13:20 2023' && ok ||
  fail "SOURCE_DATE_EPOCH: $(pdfinfo dated.pdf | grep CreationDate)"

# Pixels. Page 1 of the book: walls in each of the four slots, nothing in
# the 0.5in margins; the key pages show the solution colour, the puzzle
# pages do not.
pdftoppm -r 72 book-end.pdf pg
for box in "0.05 0.2 0.5 0.55" "0.5 0.2 0.95 0.55" "0.05 0.55 0.5 0.92" \
  "0.5 0.55 0.95 0.92"; do
  # shellcheck disable=SC2086 # four numbers
  why=$(px dark pg-1.ppm $box 300) && ok || fail "page 1 slot $box: $why"
done
for p in 1 2 3 4 5; do
  why=$(px white-border "pg-$p.ppm" 34) && ok || fail "page $p margin: $why"
done
why=$(px colour pg-4.ppm 1f5fd1 2000) && ok || fail "key page: $why"
px colour pg-1.ppm 1f5fd1 1 >/dev/null && fail "puzzle page shows answers" || ok
pdftoppm -r 72 book-same.pdf same
why=$(px colour same-1.ppm 1f5fd1 500) && ok || fail "same-page keys: $why"
run -W 15 -H 15 -s 2 --count 2 --per-page 2 --answers same-page --upside-down \
  -o upside.pdf
pdftoppm -r 72 upside.pdf up
why=$(px white-border up-1.ppm 34) && ok || fail "upside-down margin: $why"
why=$(px colour up-1.ppm 1f5fd1 300) && ok || fail "upside-down keys: $why"
# Same-page keys are held to the answer section's floor (4pt cells, or the
# puzzle's own when smaller): six 40x40 keys a page would have 1.87pt
# cells, so that is refused naming the largest maze whose keys read, and
# that maze is drawn.
six=(--count 6 --per-page 6 --answers same-page -s 5)
expect_usage "${six[@]}" -W 40 -H 40 -o out.pdf
grep -q 'keys.*1\.87pt cells.*at most 17x17.*--answers end' .err && ok ||
  fail "same-page floor message: $(cat .err)"
run "${six[@]}" -W 17 -H 17 -o six17.pdf
expect_usage "${six[@]}" -W 18 -H 18 -o out.pdf
expect_usage --count 1 --answers same-page -W 40 -H 40 -o out.pdf
run --count 1 --answers same-page -W 35 -H 35 -o one35.pdf

# Each key shows its difficulty and metrics under it, the numbers --stats
# gives, and names them in the PDF outline.
"$MAZEGEN" -W 15 -H 15 --count 2 --solution -s 9 --difficulty easy \
  --stats=json -o level.pdf >level.json 2>/dev/null || fail "difficulty book"
python3 - level.json <<'PY' >want.txt || fail "stats of the difficulty book"
import json, sys
for line in open(sys.argv[1]):
    m = json.loads(line)
    print("easy, path %d cells, %d dead ends, winding %.1f"
          % (m["solution_cells"], m["dead_ends"], m["winding"]))
PY
pdftotext -f 3 -l 3 level.pdf - | grep '^easy, ' >got.txt
cmp -s want.txt got.txt && ok ||
  fail "key captions: $(cat got.txt) want $(cat want.txt)"
grep -aq "/Title (Answer 2: easy, path" level.pdf && ok ||
  fail "the outline does not name the keys' captions"

# A gutter on the inner side: odd pages move right by it, even ones do
# not; a bleed on every side (,all) grows the page round the paper, with
# crop marks in it (,marks).
run -W 15 -H 15 --count 2 -s 3 --gutter 0.5in --bleed 0.125in,all,marks \
  -o bound.pdf
pdf_is bound.pdf 2 "630 x 810"
x_of() { # PAGE WORD [FILE]: the left of the word on the page
  pdftotext -bbox -f "$1" -l "$1" "${3:-bound.pdf}" - |
    sed -n "s/.*xMin=\"\([0-9.]*\)\".*>$2<.*/\1/p" | head -1
}
x1=$(x_of 1 Puzzle) x2=$(x_of 2 Puzzle)
python3 -c "import sys; sys.exit(abs(($x1 - $x2) - 36) > 0.01)" && ok ||
  fail "gutter: Puzzle 1 at $x1, Puzzle 2 at $x2, want 36pt apart"
pdftoppm -r 72 -f 1 -l 1 bound.pdf bound
why=$(px dark bound-1.ppm 0 0 0.015 0.015 3) && ok || fail "no crop mark: $why"
why=$(px dark bound-1.ppm 0.985 0.985 1 1 3) && ok || fail "no crop mark: $why"
expect_usage -W 5 -H 5 --gutter 0.5in -o out.svg
expect_usage -W 5 -H 5 --bleed 2in -o out.pdf
expect_usage -W 5 -H 5 --bleed 3mm,left -o out.pdf
expect_usage -W 5 -H 5 --bleed ,all -o out.pdf

# A 6 x 9 in book with 1/8 in bleed, the default: on the outer edges only
# (6.125 x 9.25 in = 441 x 666 pt), the right of odd pages and the left of
# even ones, no crop marks; TrimBox the paper, BleedBox the page, as
# poppler reads them; the content moves with the trim.
run -W 15 -H 20 --count 4 --paper 6x9in --solution --bleed 0.125in -s 2 \
  -o kdp.pdf
pdf_is kdp.pdf 5 "441 x 666"
boxes=$(pdfinfo -box -f 1 -l 2 kdp.pdf 2>&1)
for want in "Page    1 TrimBox:       0.00     9.00   432.00   657.00" \
  "Page    2 TrimBox:       9.00     9.00   441.00   657.00" \
  "Page    1 BleedBox:      0.00     0.00   441.00   666.00" \
  "Page    2 BleedBox:      0.00     0.00   441.00   666.00"; do
  grep -qF "$want" <<<"$boxes" && ok || fail "6x9 book: no '$want' in $boxes"
done
x1=$(x_of 1 Puzzle kdp.pdf) x2=$(x_of 2 Puzzle kdp.pdf)
python3 -c "import sys; sys.exit(abs(($x2 - $x1) - 9) > 0.01)" && ok ||
  fail "outer bleed: Puzzle 1 at $x1, Puzzle 2 at $x2, want 9pt apart"
pdftoppm -r 72 -f 1 -l 1 kdp.pdf kdp
for at in "437 9" "432 4"; do
  why=$(px at kdp-1.ppm $at white) && ok || fail "crop mark without ,marks: $why"
done
run -W 15 -H 20 --paper 6x9in --bleed 0.125in,all -s 2 -o kdp-all.pdf
pdf_is kdp-all.pdf 1 "450 x 666"
pdfinfo -box kdp-all.pdf | grep -Eq "^TrimBox: +9.00 +9.00 +441.00 +657.00$" &&
  ok || fail "--bleed ,all: $(pdfinfo -box kdp-all.pdf | grep Box)"
expect_usage -W 5 -H 5 --count 3 --puzzle 2 --gutter 1in -o out.pdf
expect_usage -W 5 -H 5 --gutter 8in -o out.pdf

# --ink-saving: thinner walls and solution, arrows in outline: a book page
# and its answer page take at most 75% of the ink (measured: 68%, 67%).
run -W 20 -H 20 --count 4 --per-page 4 -s 3 --solution -o inky.pdf
run -W 20 -H 20 --count 4 --per-page 4 -s 3 --solution --ink-saving -o lean.pdf
pdftoppm -r 72 inky.pdf inky
pdftoppm -r 72 lean.pdf lean
for p in 1 2; do
  why=$(px less-ink "inky-$p.ppm" "lean-$p.ppm" 0.75) && ok ||
    fail "--ink-saving page $p: $why"
done
why=$(px colour lean-2.ppm 1f5fd1 2000) && ok || fail "ink-saving keys: $why"

# --puzzle N draws puzzle N's page as it is in the book (the page number
# band at the bottom aside).
run -W 25 -H 25 -s 11 --count 5 -o five.pdf
run -W 25 -H 25 -s 11 --count 5 --puzzle 3 -o three.pdf
pdf_is three.pdf 1 "612 x 792"
pdftoppm -r 72 -f 3 -l 3 five.pdf five
pdftoppm -r 72 three.pdf three
why=$(px same five-3.ppm three-1.ppm 52) && ok || fail "--puzzle 3: $why"
# Four a page: puzzle 3 is the bottom-left one of page 1, so --puzzle 3
# draws it there (the same pixels), with its same-page key in the strip's
# third column, and leaves the top-left slot empty.
run -W 12 -H 12 -s 11 --count 4 --per-page 4 --answers same-page -o four.pdf
run -W 12 -H 12 -s 11 --count 4 --per-page 4 --answers same-page --puzzle 3 \
  -o four3.pdf
pdftoppm -r 72 four.pdf four
pdftoppm -r 72 four3.pdf four3
why=$(px region four-1.ppm 0 300 four3-1.ppm 0 300 300 260 0 0 same) && ok ||
  fail "--puzzle 3 of 4 a page is not where the book has it: $why"
why=$(px region four-1.ppm 306 570 four3-1.ppm 306 570 140 160 0 0 same) &&
  ok || fail "--puzzle 3's key is not where the book has it: $why"
why=$(px region four-1.ppm 0 60 four3-1.ppm 0 60 612 200 0 100 differ) &&
  ok || fail "--puzzle 3 of 4 a page also fills the first slot: $why"

# The seed documents' page: letter, one maze of 1/8-inch cells filling it.
run --sheet -c 0.125in -s 4 -o eighth.pdf
pdf_is eighth.pdf 1 "612 x 792"
pdfinfo eighth.pdf | grep -Eq 'Subject: +1 maze of 5[0-9]x[67][0-9] cells' &&
  ok || fail "1/8in page: $(pdfinfo eighth.pdf | grep Subject)"

# A one-page sheet as SVG and PNG.
run -W 10 -H 10 -s 3 --count 4 --per-page 4 --title Quiz -o quiz.svg
check "sheet svg is well-formed" xmllint --noout quiz.svg
check "sheet svg renders" rsvg-convert -o quiz-svg.png quiz.svg
grep -q 'width="612pt"' quiz.svg && ok || fail "svg sheet is not letter"
grep -q '<title id="[^"]*">Quiz: ' quiz.svg && ok || fail "svg sheet title"
run -W 10 -H 10 -s 3 --count 4 --per-page 4 --title Quiz --dpi 150 \
  -o quiz.png
check "sheet png" pngcheck quiz.png
pngcheck quiz.png | grep -q '1275x1650' && ok ||
  fail "letter at 150 dpi: $(pngcheck quiz.png)"

# Wall-graph round trip: the loaded maze renders byte for byte the same.
for a in backtracker kruskal eller; do
  run -a "$a" -W 17 -H 11 -s 21 --braid 0.3 -o rt.json
  for fmt in png svg pdf txt; do
    run -a "$a" -W 17 -H 11 -s 21 --braid 0.3 --solution -o "direct.$fmt"
    run --load rt.json --solution -o "loaded.$fmt"
    cmp -s "direct.$fmt" "loaded.$fmt" && ok ||
      fail "$a: --load gives a different $fmt"
  done
  run -a "$a" -W 17 -H 11 -s 21 --braid 0.3 --sheet --solution -o d-sheet.pdf
  run --load rt.json --sheet --solution -o l-sheet.pdf
  cmp -s d-sheet.pdf l-sheet.pdf && ok || fail "$a: --load sheet differs"
  run --load rt.json -o again.json
  cmp -s rt.json again.json && ok || fail "$a: json -> load -> json differs"
done
"$MAZEGEN" --load - -t text <rt.json >stdin.txt 2>err.txt && ok ||
  fail "--load - : $(cat err.txt)"
run --load rt.json --start 0,0 --finish 16,10 -o moved.txt
sed -n 2p moved.txt | grep -q '^ ' && ok ||
  fail "--start 0,0 opened no west wall: $(sed -n 2p moved.txt)"
# The user's paper: PAPERSIZE, else the PAPERCONF file (libpaper's
# convention), else letter; names in any case; cm wherever a length is.
size_of() { pdfinfo "$1" | sed -n 's/^Page size: *\([0-9.]*\) x \([0-9.]*\) pts.*/\1x\2/p'; }
PAPERSIZE=A4 "$MAZEGEN" --sheet -s 1 -o env.pdf && [ "$(size_of env.pdf)" = 595.276x841.89 ] &&
  ok || fail "PAPERSIZE=A4: $(size_of env.pdf)"
printf '# the site paper\n  a5  \n' >papersize
PAPERCONF=$PWD/papersize "$MAZEGEN" --sheet -s 1 -o conf.pdf &&
  [ "$(size_of conf.pdf)" = 419.528x595.276 ] && ok || fail "PAPERCONF a5: $(size_of conf.pdf)"
PAPERSIZE=legal PAPERCONF=$PWD/papersize "$MAZEGEN" --sheet -s 1 -o both.pdf &&
  [ "$(size_of both.pdf)" = 612x1008 ] && ok || fail "PAPERSIZE before PAPERCONF: $(size_of both.pdf)"
PAPERSIZE=a4 "$MAZEGEN" --sheet --paper Tabloid -s 1 -o opt.pdf &&
  [ "$(size_of opt.pdf)" = 792x1224 ] && ok || fail "--paper before PAPERSIZE: $(size_of opt.pdf)"
for p in A3:841.89x1190.55 b5:498.898x708.661 EXECUTIVE:522x756 \
  half-letter:396x612 10x15cm:283.465x425.197; do
  "$MAZEGEN" --sheet --paper "${p%%:*}" -s 1 -o named.pdf &&
    [ "$(size_of named.pdf)" = "${p#*:}" ] && ok ||
    fail "--paper ${p%%:*}: $(size_of named.pdf)"
done
rm -f out.pdf
status=0
PAPERSIZE=bogus "$MAZEGEN" --sheet -o out.pdf 2>err.txt || status=$?
[ "$status" = 2 ] && [ ! -e out.pdf ] && grep -q "^mazegen: PAPERSIZE" err.txt &&
  ok || fail "PAPERSIZE=bogus (exit $status): $(cat err.txt)"
"$MAZEGEN" -c 0.5cm -W 4 -H 2 -s 1 -o cm.svg &&
  grep -q 'width="85.039' cm.svg && ok || fail "-c 0.5cm: $(head -c 300 cm.svg)"
expect_usage --paper 10x15km -o out.pdf
expect_usage -c 1.5dm -o out.svg
# Books navigate: an outline entry for each puzzle and the answer
# section, page labels ("Answers N" in the answer section), --author.
"$MAZEGEN" -W 10 -H 10 --count 5 --per-page 2 --solution --author "Ms. Ünal" \
  --title Book -s 1 -o nav.pdf 2>err.txt && ok || fail "book: $(cat err.txt)"
pdfinfo nav.pdf | grep -q '^Author: *Ms. Ünal$' && ok || fail "no author: $(pdfinfo nav.pdf)"
for entry in 'Puzzle 1' 'Puzzle 5' 'Answers'; do
  grep -aq "/Title ($entry)" nav.pdf && ok || fail "no outline entry $entry"
done
qpdf --check nav.pdf >/dev/null && ok || fail "qpdf rejects the book"
# Page labels as the PDF specification has them: a number tree whose
# first key is page 0 (decimal from 1), then "Answers N" from the answer
# section (page 4 of 5 pages here), as qpdf reads them; and poppler
# reads the file without a complaint.
labels() { # FILE: index:style:prefix for each range of page labels
  qpdf --json --json-key=pagelabels "$1" | python3 -c '
import json, sys
for r in json.load(sys.stdin)["pagelabels"]:
    l = r["label"]
    print("%d:%s:%s" % (r["index"], l.get("/S", ""), l.get("/P", "")))'
}
[ "$(labels nav.pdf | tr '\n' ' ')" = "0:/D: 3:/D:u:Answers  " ] && ok ||
  fail "page labels of the book: $(labels nav.pdf | tr '\n' ' ')"
[ "$(labels book.pdf | tr '\n' ' ')" = "0:/D: " ] && ok ||
  fail "page labels without answers: $(labels book.pdf | tr '\n' ' ')"
[ "$(labels keys.pdf | tr '\n' ' ')" = "0:/D:u:Answers  " ] && ok ||
  fail "page labels of the keys alone: $(labels keys.pdf | tr '\n' ' ')"
for f in nav.pdf book.pdf keys.pdf kdp.pdf; do
  pdfinfo "$f" >/dev/null 2>err.txt && [ ! -s err.txt ] && ok ||
    fail "poppler on $f: $(cat err.txt)"
done
expect_usage --author "$(printf 'bad\377')" --sheet -o out.pdf
finish
