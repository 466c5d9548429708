#!/bin/bash
# SPDX-License-Identifier: MIT
# What users of GNU tools expect of the command line: getopt's own
# diagnoses in its words, format names and units in any case, libpaper's
# papers (ledger turned, as libpaper has it) listed with their sizes, a
# text format written to a .txt file as asked, --version's copyright and
# licence, --help saying where bugs go.
. "$(dirname "$0")/lib.sh"
need pdfinfo

# usage_says ARGS... -- TEXT: a usage error (exit 2, one line) saying TEXT.
usage_says() {
  local args=()
  while [ "$1" != -- ]; do
    args+=("$1")
    shift
  done
  expect_usage "${args[@]}"
  grep -qF -- "$2" .err && ok || fail "mazegen ${args[*]}: $(cat .err)"
}

# getopt's diagnoses, worded as glibc's getopt words them.
usage_says --st -- \
  "option '--st' is ambiguous; possibilities: '--start' '--stats' '--stream'"
usage_says --sheet=x -- "option '--sheet' doesn't allow an argument"
usage_says --sol=yes -o out.png -- \
  "option '--solution' doesn't allow an argument"
usage_says -o out.txt --width -- "option '--width' requires an argument"
usage_says -o out.txt --wid -- "option '--width' requires an argument"
usage_says -o out.txt -W -- "option '-W' requires an argument"
usage_says --bogus -- "unknown option '--bogus'"

# Format names and units in any case, as --paper A4 is: the same bytes.
# (Words such as --background's are exact, as GNU's are.)
same() {
  local what=$1 a=$2 b=$3
  shift 3
  "$MAZEGEN" -W 4 -H 4 -s 3 $a "$@" >a.out 2>.err &&
    "$MAZEGEN" -W 4 -H 4 -s 3 $b "$@" >b.out 2>>.err &&
    cmp -s a.out b.out && ok || fail "$what: $(cat .err)"
}
same "-t PNG" "-t PNG" "-t png"
same "-c 12PT" "-c 12PT" "-c 12pt" -t svg
same "-c 1CM" "-c 1CM" "-c 10mm" -t svg
same "--margin 0.5IN" "--margin 0.5IN" "--margin 0.5in" -t svg
same "--paper 8.5X11IN" "--paper 8.5X11IN" "--paper letter" --sheet -t svg
usage_says -c 12qq -- "px, pt, mm, cm or in"

# Papers as libpaper has them: ledger is tabloid turned, 11x17 is tabloid;
# a6, the B and C series. Each written and measured by pdfinfo.
page() {
  rm -f page.pdf
  "$MAZEGEN" -W 3 -H 3 -s 1 --sheet --paper "$1" -o page.pdf 2>.err &&
    pdfinfo page.pdf | grep -q "Page size: *$2 pts" && ok ||
    fail "--paper $1: not $2: $(cat .err; pdfinfo page.pdf 2>&1 | grep "Page size")"
}
page ledger "1224 x 792"
page LEDGER "1224 x 792"
page tabloid "792 x 1224"
page 11x17 "792 x 1224"
page a6 "297.638 x 419.528"
page b4 "708.661 x 1000.63"
page c5 "459.213 x 649.134"
page c4 "649.134 x 918.425"
rm -f page.pdf
"$MAZEGEN" -W 3 -H 3 -s 1 --sheet --paper ledger --orientation landscape \
  -o page.pdf && pdfinfo page.pdf | grep -q "Page size: *792 x 1224 pts" &&
  ok || fail "ledger turned by --orientation landscape"
PAPERSIZE=a6 "$MAZEGEN" -W 3 -H 3 -s 1 --sheet -o env.pdf 2>.err &&
  pdfinfo env.pdf | grep -q "Page size: *297.638 x 419.528 pts" && ok ||
  fail "PAPERSIZE=a6: $(cat .err)"

# --paper list: every name with its size in mm and in inches, each size
# one that --paper reads back; exit 0.
"$MAZEGEN" --paper list >papers.txt && ok || fail "--paper list failed"
for want in '^letter +215.9x279.4mm +8.5x11in$' '^a4 +210x297mm +8.27x11.69in$' \
  '^ledger +431.8x279.4mm +17x11in$' '^11x17 +279.4x431.8mm +11x17in$' \
  '^a6 +105x148mm ' '^b0 +1000x1414mm ' '^b10 ' '^c2 ' '^c8 ' '^a10 '; do
  grep -Eq "$want" papers.txt && ok || fail "--paper list lacks /$want/"
done
while read -r name mm in; do
  for size in "$mm" "$in"; do
    "$MAZEGEN" -W 3 -H 3 --sheet --paper "$size" -t none 2>.err ||
      ! grep -q "not valid" .err || fail "--paper list: $name: $(cat .err)"
  done
done <papers.txt
[ "$(wc -l <papers.txt)" -ge 50 ] && ok ||
  fail "--paper list: $(wc -l <papers.txt) papers"

# --version: the copyright and licence lines GNU tools print.
"$MAZEGEN" --version >version.txt && ok || fail "--version failed"
grep -q '^Copyright (C) 20[0-9][0-9] The mazegen authors$' version.txt &&
  grep -q '^License: MIT' version.txt && grep -q 'NO WARRANTY' version.txt &&
  ok || fail "--version: $(cat version.txt)"
# --help ends saying where bugs go.
"$MAZEGEN" --help | tail -n 3 | grep -q '^Report bugs to' && ok ||
  fail "--help does not say where to report bugs"

# A text format into a .txt file is written as asked; two formats that
# truly differ are still refused.
rm -f level.txt
"$MAZEGEN" -W 4 -H 4 -s 2 -t blocks -o level.txt 2>.err && ok ||
  fail "-t blocks -o level.txt: $(cat .err)"
"$MAZEGEN" -W 4 -H 4 -s 2 -t blocks | cmp -s - level.txt && ok ||
  fail "-t blocks -o level.txt is not the block map"
"$MAZEGEN" -W 4 -H 4 -s 2 -t text -o map.csv 2>.err && ok ||
  fail "-t text -o map.csv: $(cat .err)"
usage_says -t png -o out.svg -- "png contradicts -o/--output 'out.svg'"
usage_says -t text -o out.json -- "text contradicts -o/--output 'out.json'"

finish
