#!/bin/bash
# SPDX-License-Identifier: MIT
# Block maps and the underscore text style from the command line: the
# CSV map of known seeds against their wall-graph file (blocks.py); the
# three forms agreeing with each other and with the ASCII drawing (a
# streamed maze too); the characters of --blocks; the extensions; and
# every combination that cannot be drawn refused.
blocks_py="$(cd "$(dirname "$0")" && pwd)/blocks.py"
. "$(dirname "$0")/lib.sh"
need python3

run() { "$MAZEGEN" "$@" 2>err.txt || fail "mazegen $* : $(cat err.txt)"; }

for size in "12 7" "1 1" "1 9" "9 1" "31 2"; do
  set -- $size
  for seed in 1 2 3; do
    run -W "$1" -H "$2" -s "$seed" -t blocks-csv -o "m$seed.csv"
    run -W "$1" -H "$2" -s "$seed" -o "m$seed.json"
    python3 "$blocks_py" "m$seed.csv" "m$seed.json" 2>err.txt && ok ||
      fail "$1x$2 seed $seed: $(tail -1 err.txt)"
  done
done

# The forms agree: characters, CSV and raw bytes, by extension too.
run -W 15 -H 6 -s 42 -o m.blocks
run -W 15 -H 6 -s 42 -o m.csv
run -W 15 -H 6 -s 42 -o m.raw
[ "$(wc -l <m.blocks)" = 13 ] && [ "$(head -1 m.blocks | tr -d '\n' | wc -c)" = 31 ] &&
  ok || fail "blocks map is not 31 x 13: $(wc -l <m.blocks) lines"
[ "$(wc -c <m.raw)" = $((31 * 13)) ] && ok || fail "raw map size $(wc -c <m.raw)"
[ "$(tr -d '\n' <m.blocks | tr '#.SF' '\000\001\002\003' | od -An -v -tu1)" = \
  "$(od -An -v -tu1 <m.raw)" ] && ok || fail "blocks and raw differ"
[ "$(tr -d ',' <m.csv | tr -d '\n' | tr '0123' '#.SF')" = "$(tr -d '\n' <m.blocks)" ] &&
  ok || fail "blocks and csv differ"
"$MAZEGEN" -W 15 -H 6 -s 42 -t blocks --blocks '@ ab' | tr '@ ab' '#.SF' |
  cmp -s - m.blocks && ok || fail "--blocks '@ ab' is not the same map"
grep -c S m.blocks | grep -qx 1 && grep -c F m.blocks | grep -qx 1 && ok ||
  fail "start and finish not marked once each"

# The ASCII drawing holds the same map, cells three columns wide: keep
# columns 0, 1, 3, 4, 6, ... and turn characters into blocks.
ascii_map() {
  python3 -c '
import sys
for line in sys.stdin.read().splitlines()[:-1]:
    kept = "".join(c for i, c in enumerate(line) if i % 3 != 2)
    print(kept.translate(str.maketrans("+|- ", "###.")))'
}
"$MAZEGEN" -W 15 -H 6 -s 42 | ascii_map >from-ascii.txt
cmp -s from-ascii.txt m.blocks && ok || fail "blocks differ from the ASCII drawing"
# Streamed: carved while written, the same map as its drawing.
"$MAZEGEN" -a eller -W 40 -H 9 -s 3 --stream -t blocks >st.blocks 2>err.txt || fail "streamed blocks: $(cat err.txt)"
"$MAZEGEN" -a eller -W 40 -H 9 -s 3 --stream | ascii_map | cmp -s - st.blocks &&
  ok || fail "streamed blocks differ from the streamed drawing"

# The underscore style: the classic look, walls where ASCII has them.
# (Entered from the north of the middle cell: the top-right cell's north
# side is less than a quarter of the outline from the finish's east one.)
out=$("$MAZEGEN" -W 3 -H 3 -s 5 --charset underscore)
[ "$out" = " _   _
| |  _|
|  _|  
|_ _ _|
# mazegen -W 3 -H 3 -a backtracker -s 5" ] && ok ||
  fail "underscore 3x3 seed 5: $out"
run -W 200 -H 40 -s 8 --charset underscore -o u.txt
[ "$(wc -l <u.txt)" = 42 ] && [ "$(sed -n 2p u.txt | wc -c)" = 402 ] && ok ||
  fail "underscore 200x40 shape"
run -a sidewinder -W 50 -H 20 -s 8 --charset underscore --stream -o us.txt
[ "$(wc -l <us.txt)" = 22 ] && ok || fail "streamed underscore shape"

expect_usage -W 5 -H 5 -t blocks --solution
expect_usage -W 5 -H 5 -o out.csv --answer-key key.csv
expect_usage --grid hex -t blocks-csv
expect_usage --grid theta -o out.raw
expect_usage -L 2 -o out.blocks
expect_usage --mask "$(dirname "$0")/../../samples/masks/heart.png" -t blocks
expect_usage --blocks '#.S' -t blocks
expect_usage --blocks '#.SFX' -t blocks
expect_usage --blocks '#.S#' -t blocks
expect_usage --blocks "$(printf '#.S\t')" -t blocks
expect_usage --blocks "$(printf '#.S\303')" -t blocks
expect_usage --blocks '#.SF'
expect_usage --blocks '#.SF' -o out.csv
expect_usage --blocks '#.SF' -t none
expect_usage --charset underscore --solution
expect_usage --charset underscore -o out.txt --answer-key key.txt
expect_usage --charset underscore -L 3
expect_usage --charset underscore --grid hex
expect_usage --charset underscores
finish
