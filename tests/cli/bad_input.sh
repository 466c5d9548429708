#!/bin/bash
# SPDX-License-Identifier: MIT
# Every bad input of QUALITY.md: exit 2, one line naming the option, no file.
. "$(dirname "$0")/lib.sh"

for w in 0 -1 12x 99999999999999999999 "" " 5" 1000001 0x10 +5 1.5; do
  expect_usage -W "$w" -o out.txt
  expect_usage -H "$w" -o out.png
done
expect_usage -W 100000 -H 100000 -o out.png       # product overflows
expect_usage -W 65536 -H 65536 -o out.txt
expect_usage -a nosuch -o out.txt
expect_usage -a "" -o out.txt
expect_usage -t nosuch -o out.txt
# -t against the file's extension: an error naming both, no file.
expect_usage -t png -o out.svg
grep -q -- "png contradicts -o/--output 'out.svg'.* svg" "$WORK/.err" && ok ||
  fail "-t png -o out.svg: $(cat "$WORK/.err")"
expect_usage -t svg -o out.png --answer-key key.png
expect_usage -t pdf -o out.pdf --answer-key key.svg
grep -q -- "--answer-key 'key.svg'" "$WORK/.err" && ok ||
  fail "-t pdf --answer-key key.svg: $(cat "$WORK/.err")"
expect_usage -t sheet -o out.png
expect_usage -t text -o out.json
# Agreeing, or telling nothing: accepted; two text formats agree.
check "-t sheet -o x.pdf" "$MAZEGEN" -W 4 -H 4 -t sheet -o x.pdf
check "-t png -o x.img" "$MAZEGEN" -W 4 -H 4 -t png -o x.img
check "-t blocks -o x.txt" "$MAZEGEN" -W 4 -H 4 -t blocks -o x.txt
# -t txt is text, as the extension is.
"$MAZEGEN" -W 4 -H 3 -s 2 -t txt -o a.txt && "$MAZEGEN" -W 4 -H 3 -s 2 -o b.txt &&
  cmp -s a.txt b.txt && ok || fail "-t txt is not text"
"$MAZEGEN" -W 4 -H 3 -s 2 -t txt >c.txt && cmp -s a.txt c.txt && ok ||
  fail "-t txt to standard output"
# A drawing to a terminal: refused, pointing to --force, which writes it.
for f in svg png pdf json; do
  script -qec "$MAZEGEN -W 3 -H 3 -s 1 -t $f" tty.log >/dev/null 2>&1
  st=$?
  [ "$st" = 2 ] && grep -q -- "--force" tty.log && ok ||
    fail "-t $f to a terminal: exit $st, $(head -c 300 tty.log)"
  script -qec "$MAZEGEN -W 3 -H 3 -s 1 -t $f --force" tty.log >/dev/null 2>&1 &&
    ok || fail "-t $f --force to a terminal: $(head -c 300 tty.log)"
done
script -qec "$MAZEGEN -W 3 -H 3 -s 1 -t svg --force" tty.log >/dev/null 2>&1
grep -q '<svg' tty.log && ok || fail "--force wrote no svg to the terminal"
expect_usage -o out.xyz
expect_usage -o out
for b in h=-1 h=nan v=inf h=0,v=0 h=1,h=2 h= x=1 h=1,, "h=1;v=2" h=1e3 h=1001 h=1.0000001 h=0x1 "h= 1" ""; do
  expect_usage -b "$b" -o out.txt
done
for s in -1 18446744073709551616 abc 1.0 "" 0x12 " 1"; do
  expect_usage -s "$s" -o out.txt
done
for c in 0 -3pt 10furlongs abc 12.pt 1e2pt nanpt infpt ""; do
  expect_usage -c "$c" -o out.svg
  expect_usage --wall-width "$c" -o out.svg
  # A margin may be 0 (none); cli-arrows draws with one.
  [ "$c" = 0 ] || expect_usage --margin "$c" -o out.svg
done
for c in 0x 0. -0 0furlongs 0.0000000000000; do
  expect_usage --margin "$c" -o out.svg
done
# Walls that do not print, or leave passages under half the cell.
expect_usage -c 10 --wall-width 0.1 -o out.svg
expect_usage -c 10 --wall-width 5.5 -o out.pdf
expect_usage --wall-width 6 -o out.png
expect_usage --dpi 1200 --wall-width 1 -o out.png
expect_usage -W 100 -H 100 --sheet --wall-width 3pt -o out.pdf
"$MAZEGEN" -c 10 --wall-width 6 -o out.svg 2>&1 | grep -q '5pt or thinner' &&
  ok || fail "thick walls: the message does not name the thickest that fits"
"$MAZEGEN" -c 10 --wall-width 0.1 -o out.svg 2>&1 | grep -q '0.25pt' &&
  ok || fail "thin walls: the message does not name 0.25pt"
check "walls of half the cell" "$MAZEGEN" -c 10 --wall-width 5 -o out.svg
expect_usage --dpi 0 -o out.png
expect_usage --dpi 12a -o out.png
expect_usage --charset latin1 -o out.txt

expect_usage --start 20,0 -o out.txt
expect_usage --start 1 -o out.txt
expect_usage --start a,b -o out.txt
expect_usage --start 2,2 --finish 2,2 -o out.txt
expect_usage --start -1,0 -o out.txt
expect_usage --finish 0,20 -o out.txt
expect_usage -W 5 -H 5 --finish 5,5 -o out.txt
expect_usage --bogus
expect_usage -Z
expect_usage -W
expect_usage --width
expect_usage stray-argument
expect_usage -o nosuchdir/out.png
expect_usage -o "$WORK"
expect_usage -o out.png/
expect_usage -o out.pdf --answer-key out.pdf
expect_usage -o out.pdf --answer-key ./out.pdf
expect_usage -o out.pdf --answer-key nosuchdir/key.pdf
expect_usage -c 10px --wall-width 10px -o out.png  # wall as thick as a cell
expect_usage -W 2000 -H 2000 --paper letter -o out.pdf

# Catalogue options.
for g in bogus "" newest: newest:-1 newest,newest newest:0 "newest:75;random:25"; do
  expect_usage -a growing-tree --growing "$g" -o out.txt
done
expect_usage --growing newest -o out.txt             # not growing-tree
expect_usage -a kruskal --growing random -o out.txt
expect_usage -a division --rooms -1 -o out.txt
expect_usage -a division --rooms x -o out.txt
expect_usage --rooms 3 -o out.txt                    # not division
for p in 1.5 -0.1 abc 0.1234567 "" 1.000001 . 2 0,5; do
  expect_usage --braid "$p" -o out.txt
done
expect_usage --unicursal --braid 0.5 -o out.txt
expect_usage --unicursal --start 0,0 -o out.txt
expect_usage --unicursal -a division --rooms 3 -o out.txt
expect_usage --unicursal --difficulty easy -o out.txt
expect_usage --unicursal -W 40000 -H 40000 -o out.png
expect_usage --difficulty impossible -o out.txt
expect_usage --difficulty hard -a kruskal -o out.txt
expect_usage --stats=xml -o out.txt
expect_usage --stats=json                            # maze would share stdout
expect_usage -t none -o out.txt
expect_usage -t none --answer-key key.pdf

# Sheets.
expect_usage -W 600 -H 600 --sheet -o out.pdf                # cannot fit
expect_usage -W 60 -H 80 -c 0.25in --sheet -o out.pdf        # cells too big
# The largest cell named in the unit given: pixels of a PNG sheet at its dpi.
expect_usage -W 100 -H 100 -c 30px --dpi 300 --sheet -o out.png
grep -q -- '-c 21.500px or less' "$WORK/.err" && ok ||
  fail "px cell size on a png sheet: $(cat "$WORK/.err")"

expect_usage --paper tabloids -o out.pdf
expect_usage --paper 8.5x11 -o out.pdf
expect_usage --paper 0.5x11in -o out.pdf
expect_usage --paper 300x11in -o out.pdf
expect_usage --per-page 5 -o out.pdf
expect_usage --per-page 0 -o out.pdf
expect_usage --orientation sideways -o out.pdf
expect_usage --count 0 -o out.pdf
expect_usage --count 10001 -o out.pdf
expect_usage --count 10 -o out.png                           # one page only
expect_usage --count 2 --solution -o out.svg
expect_usage --title "$(printf 'bad \xff utf-8')" -o out.pdf
expect_usage --title "$(printf 'two\nlines')" -o out.pdf
expect_usage --title "$(head -c 300 /dev/zero | tr '\0' x)" -o out.pdf
expect_usage --instructions "$(printf '\xc3\x28')" -o out.pdf
expect_usage --instructions "$(for i in $(seq 140); do printf 'word%s ' "$i"; done)" \
  -o out.pdf                                                 # 4 lines at 8pt
expect_usage --margin 5in --sheet -o out.pdf
expect_usage --answers sometimes -o out.pdf
expect_usage --upside-down -o out.pdf
expect_usage --answers end -o out.pdf --answer-key key.pdf
expect_usage --count 10 --puzzle 11 -o out.pdf
expect_usage --puzzle 0 -o out.pdf
expect_usage --wall-width 0.2pt --sheet -o out.pdf
expect_usage --sheet -o out.txt
expect_usage --title Maze -t json -o out.json

# Loading.
printf '{"format": "mazegen-wall-graph", "version": 2}' >in.json
expect_usage --load in.json -o out.txt                       # newer version
printf '{"format": ' >in.json
expect_usage --load in.json -o out.txt                       # cut short
printf 'not json' >in.json
expect_usage --load in.json -o out.txt
expect_usage --load no-such-file.json -o out.txt
expect_usage --load "$WORK" -o out.txt                        # a directory
# A PNG's size is known from the options: refused before any maze is made
# (a 9 x 10^16-pixel image ran until killed; 1px cells at 20000^2 ran 67 s
# to a message that pointed the wrong way).
expect_usage -W 3000 -H 3000 -c 100000px -o out.png
grep -q 'expected -c 349px or less' .err && ok || fail "huge PNG: $(cat .err)"
expect_usage -a eller -W 20000 -H 20000 -c 1px -o out.png
grep -q 'expected -c 2px or more' .err && ok || fail "1px cells: $(cat .err)"
expect_usage --grid theta -H 1000 -c 40px -o out.png
grep -q 'expected -c 16px or less' .err && ok || fail "wide circle: $(cat .err)"
# Endless or binary input is turned away at its first bytes, not read
# into memory: /dev/zero read 7.7 GB before this check.
expect_usage --load /dev/zero -o out.png
grep -q 'byte 1 is a control character' .err && ok || fail "/dev/zero: $(cat .err)"
expect_usage --load /dev/urandom -o out.png
printf '  \n x' >notjson.json
expect_usage --load notjson.json -o out.txt
grep -q "byte 5 is not the '{'" .err && ok || fail "not JSON: $(cat .err)"
printf '{"a":\001}' >ctl.json
expect_usage --load ctl.json -o out.txt
# An endless stream that looks like text stops at half of --max-memory.
st=0
yes '{' | "$MAZEGEN" --load - --max-memory 16M -o out.txt 2>.err || st=$?
[ "$st" = 2 ] && grep -q 'larger than the 8388608 bytes' .err && ! [ -e out.txt ] &&
  ok || fail "endless stdin: status $st, $(cat .err)"
"$MAZEGEN" -W 5 -H 4 -s 1 -o in.json 2>/dev/null
expect_usage --load in.json -W 9 -o out.txt
expect_usage --load in.json -s 3 -o out.txt
expect_usage --load in.json -a kruskal -o out.txt
expect_usage --load in.json --count 3 -o out.pdf
expect_usage --load in.json --start 5,0 -o out.txt
sed 's/"passage_count": [0-9]*/"passage_count": 3/' in.json >bad.json
expect_usage --load bad.json -o out.txt
expect_usage --load in.json -W 600 -H 600 --sheet -o out.pdf
rm -f in.json bad.json

# The SVG options: checked values, and svg only.
long=$(printf 'a%.0s' $(seq 65))
for p in "" 1a -a .a "a b" "a:b" "a/b" "$long" "$(printf 'caf\xc3\xa9')" "a\"b" "a
b"; do
  expect_usage --id-prefix "$p" -o out.svg
done
for b in black White "" transparent none,white; do
  expect_usage --background "$b" -o out.svg
done
for f in out.png out.pdf out.txt out.json; do
  expect_usage --id-prefix fig -o "$f"
  expect_usage --background white -o "$f"
  expect_usage --plotter -o "$f"
done
expect_usage --plotter --sheet -o out.pdf
expect_usage --background none -t none

# An existing output file is left unchanged by a usage error.
echo precious >out.keep
"$MAZEGEN" -W 0 -o out.keep 2>/dev/null
if [ "$(cat out.keep)" = precious ]; then ok; else fail "usage error changed an existing file"; fi
rm -f out.keep

# --play needs a terminal on both ends (stdin is /dev/null here), a
# rectangle, and no output options.
expect_usage --play
expect_usage --play -W 5 -H 5 -s 1
expect_usage --play -o out.txt
expect_usage --play -t svg
expect_usage --play --solution
expect_usage --play -i
expect_usage --play -g hex
expect_usage --play -L 2
expect_usage --play --weave
expect_usage --play --charset underscore
expect_usage --play --sheet
expect_usage --play --load out.json

# getopt's own diagnoses, as GNU tools give them: a prefix of several long
# names is ambiguous (and says which), a flag given a value says so.
expect_usage --st
grep -q "option '--st' is ambiguous; possibilities: '--start' '--stats'" \
  .err && ok || fail "--st: $(cat .err)"
expect_usage --solution=yes -o out.png
grep -q "option '--solution' doesn't allow an argument" .err && ok ||
  fail "--solution=yes: $(cat .err)"
expect_usage --bogus
grep -q "unknown option '--bogus'" .err && ok || fail "--bogus: $(cat .err)"
# A unique prefix is the option, as getopt has it.
check "--sol is --solution" "$MAZEGEN" -W 3 -H 3 -s 1 --sol -o out.txt
# Format names in any case, as paper names are; lengths name every unit.
check "-t PNG" "$MAZEGEN" -W 3 -H 3 -s 1 -t PNG -o out.png
cmp -s out.png <("$MAZEGEN" -W 3 -H 3 -s 1 -t png) && ok ||
  fail "-t PNG differs from -t png"
expect_usage -c 12qq
grep -q "px, pt, mm, cm or in" .err && ok || fail "-c message: $(cat .err)"
# --paper list: every paper name with its size.
"$MAZEGEN" --paper list >papers.txt && ok || fail "--paper list failed"
grep -q '^letter  *215.9x279.4mm  *8.5x11in$' papers.txt &&
  grep -q '^a4  *210x297mm  *8.27x11.69in$' papers.txt && ok ||
  fail "--paper list: $(cat papers.txt)"
# --version: the copyright and licence, as GNU tools print them.
"$MAZEGEN" --version | grep -q '^License: MIT' && ok ||
  fail "--version has no licence line"

finish
