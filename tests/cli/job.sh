#!/bin/bash
# SPDX-License-Identifier: MIT
# Books of mazes with options of their own: a job file (--job) with three
# grid kinds in one PDF, --load given more than once, the same bytes from
# the same seed, and every malformed job file refused before any file.
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
need pdfinfo pdftotext qpdf
export SOURCE_DATE_EPOCH=0

cat >book.json <<'JSON'
{"options": {"title": "Three kinds", "per-page": 2, "solution": true},
 "mazes": [{"grid": "hex", "width": 12, "height": 10},
           {"grid": "theta", "height": 8, "count": 2},
           {"width": 14, "height": 14},
           {"grid": "upsilon", "width": 10, "height": 10}]}
JSON
check "--job book.json" "$MAZEGEN" --job book.json -s 5 -o book.pdf
check "qpdf --check" qpdf --check book.pdf
pdfinfo book.pdf | grep -q '^Pages: *4$' && ok || fail "book: $(pdfinfo book.pdf | grep Pages)"
text=$(pdftotext book.pdf -)
for n in 1 2 3 4 5; do
  grep -q "Puzzle $n" <<<"$text" && ok || fail "book has no Puzzle $n"
done
# Each puzzle's footer names its own kind.
for kind in "-g hex" "-g theta" "-W 14 -H 14" "-g upsilon"; do
  grep -q -- "$kind" <<<"$text" && ok || fail "book has no $kind"
done
grep -q "Answers" <<<"$text" && ok || fail "book has no answers"
# The same seed, the same bytes; another seed, another book.
"$MAZEGEN" --job book.json -s 5 -o again.pdf && cmp -s book.pdf again.pdf &&
  ok || fail "--job -s 5 twice differs"
"$MAZEGEN" --job book.json -s 6 -o other.pdf && ! cmp -s book.pdf other.pdf &&
  ok || fail "--job -s 6 is -s 5's book"
# Command-line options are the book's: the paper here.
check "--job --paper a4" "$MAZEGEN" --job book.json -s 5 --paper a4 -o a4.pdf
pdfinfo a4.pdf | grep -q 'Page size: *595.276 x 841.89' && ok ||
  fail "--paper a4 with --job: $(pdfinfo a4.pdf | grep 'Page size')"

# --load more than once: the files make one book, in order.
"$MAZEGEN" -s 1 -W 6 -H 6 -o a.json && "$MAZEGEN" -s 2 -g hex -W 5 -H 5 \
  -o b.json && ok || fail "wall-graph files"
check "--load twice" "$MAZEGEN" --load a.json --load b.json -o two.pdf
pdftotext two.pdf - | grep -q "Puzzle 2" && ok || fail "two loads: no Puzzle 2"
pdftotext two.pdf - | grep -q -- "-g hex" && ok || fail "two loads: no hex maze"

# Malformed job files: one line naming --job, exit 2, no file.
printf '[1, 2]' >array.json
printf '{"mazes": []}' >empty.json
printf '{"mazes": [{"bogus": 1}]}' >unknown.json
printf '{"mazes": [{"width": 0}]}' >zero.json
printf '{"mazes": [{"width": [1]}]}' >value.json
printf '{"mazes": [{"watch": true}]}' >program.json
printf '{"options": {}, "mazes": [{}], "extra": 1}' >member.json
printf '{"mazes": [{"width": 5,}]}' >syntax.json
printf '{"mazes": [{"grid": "theta", "width": 400}]}' >kind.json
for f in array empty unknown zero value program member syntax kind; do
  expect_usage --job "$f.json" -o out.pdf
  grep -q -- "--job" .err && ok || fail "$f.json: $(cat .err)"
done
grep -q "maze 1: -W/--width: '0' is not valid" <(
  "$MAZEGEN" --job zero.json -o out.pdf 2>&1) && ok ||
  fail "zero.json does not name the maze"
grep -q "syntax.json:1:" <("$MAZEGEN" --job syntax.json -o out.pdf 2>&1) &&
  ok || fail "syntax.json has no line and column"
expect_usage --job nosuch.json -o out.pdf
expect_usage --job . -o out.pdf

finish
