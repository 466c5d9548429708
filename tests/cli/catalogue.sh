#!/bin/bash
# SPDX-License-Identifier: MIT
# The algorithm catalogue from the command line: --stats figures (every
# metric the catalogue promises, in text and JSON) that agree with the
# maze's claims, braid, unicursal, rooms, and difficulty levels whose kept
# mazes fall in their bands and can be regenerated from the options they
# print. Every algorithm with every exporter: catalogue_formats.sh.
. "$(dirname "$0")/lib.sh"
need qpdf

# json FIELD FILE: one field of a --stats=json object (one line, flat).
json() { sed -n "s/.*\"$1\": \"\{0,1\}\([^,\"}]*\).*/\1/p" "$2"; }

for a in $("$MAZEGEN" --algorithm list); do
  "$MAZEGEN" -a "$a" -W 23 -H 17 -s 8 -t none --stats=json >s.json 2>err.txt ||
    fail "$a --stats=json: $(cat err.txt)"
  cells=$(json cells s.json) passages=$(json passages s.json)
  [ "$cells" = 391 ] && [ "$passages" = 390 ] && [ "$(json perfect s.json)" = true ] &&
    [ "$(json algorithm s.json)" = "$a" ] && ok ||
    fail "$a: $cells cells, $passages passages, perfect $(json perfect s.json)"
  sol=$(json solution_cells s.json)
  [ "$sol" -ge 2 ] && ok || fail "$a: solution of $sol cells"
done

# Every metric of the catalogue, in JSON (numbers) and in text (stderr).
"$MAZEGEN" -a kruskal -W 12 -H 9 -s 3 -t none --stats=json >k.json
for key in grid masked width height levels algorithm seed bias params perfect \
  cells passages dead_ends dead_end_pct junctions3 junctions4 straight_runs \
  solution_cells solution_pct crossing winding solution_turns decisions \
  branches branch_length river by_class; do
  grep -q "[{ ]\"$key\": " k.json && ok || fail "--stats=json has no $key: $(cat k.json)"
done
# The seed is a string, so that a JSON reader keeps all 64 bits (a number
# past 2^53 loses digits); the bias and the grid are there.
"$MAZEGEN" -W 6 -H 5 -s 18446744073709551615 -b h=3,v=0.5 -t none \
  --stats=json >big.json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["seed"] == "18446744073709551615", d["seed"]
assert d["bias"] == "h=3,v=0.5", d["bias"]
assert d["grid"] == "rect" and d["levels"] == 1, d
' big.json && ok || fail "--stats=json seed, bias, grid: $(cat big.json)"
"$MAZEGEN" --levels 3 -W 4 -H 4 -s 2 -t none --stats=json >lv.json
[ "$(json grid lv.json)" = 3d ] && [ "$(json levels lv.json)" = 3 ] && ok ||
  fail "--stats=json of a 3d maze: $(cat lv.json)"
# Passages per class add up to the passages.
grep -q '"by_class": {"h": [0-9]*, "v": [0-9]*}' k.json && ok ||
  fail "--stats=json by_class is not h and v: $(cat k.json)"
[ $(( $(json h k.json) + $(json v k.json) )) = "$(json passages k.json)" ] &&
  ok || fail "--stats=json by_class does not add up: $(cat k.json)"
# Percentages agree with the counts they come from.
awk -v d="$(json dead_ends k.json)" -v p="$(json dead_end_pct k.json)" \
  -v s="$(json solution_cells k.json)" -v sp="$(json solution_pct k.json)" \
  -v b="$(json branches k.json)" -v bl="$(json branch_length k.json)" \
  -v r="$(json river k.json)" -v wi="$(json winding k.json)" 'BEGIN {
    e = 1e-3
    exit !((p - 100 * d / 108)^2 < e && (sp - 100 * s / 108)^2 < e &&
      (r - bl / b)^2 < e && (wi - s / 20)^2 < e)
  }' && ok || fail "--stats=json percentages disagree: $(cat k.json)"
"$MAZEGEN" -a kruskal -W 12 -H 9 -s 3 --stats >maze.txt 2>stats.txt
for line in 'cells  *108$' 'passages  *107 (perfect)$' \
  'dead ends  *[0-9]* ([0-9.]*%)$' 'junctions  *[0-9]* three-way, [0-9]* four-way$' \
  'winding  *[0-9.]* (solution / shortest crossing)$' \
  'straight runs  *[0-9]*$' 'solution  *[0-9]* cells ([0-9.]*% of cells)$' \
  'turns on solution  *[0-9]*$' 'decision points  *[0-9]*$' \
  'dead-end branches  *[0-9]*, mean length [0-9.]* (river)$' \
  'passages by class  *h [0-9.]*%, v [0-9.]*%$' 'bias  *h=1,v=1$'; do
  grep -q "^  $line" stats.txt && ok || fail "--stats text lacks '$line': $(cat stats.txt)"
done
# Text stats go to standard error and leave standard output to the maze.
grep -q '^+--' maze.txt && ! grep -q 'dead ends' maze.txt && ok ||
  fail "--stats text and the maze got mixed"
[ "$(json dead_ends k.json)" = "$(sed -n 's/^  dead ends  *\([0-9]*\) .*/\1/p' stats.txt)" ] &&
  ok || fail "--stats text and json disagree"

# Division with rooms is not perfect, and says so.
"$MAZEGEN" -a division --rooms 4 -W 30 -H 30 -s 2 -t none --stats=json >r.json
[ "$(json perfect r.json)" = false ] && [ "$(json params r.json)" = rooms=4 ] &&
  [ "$(json passages r.json)" -gt 899 ] && ok || fail "division rooms: $(cat r.json)"

# Braid 1 leaves no dead end; the solver copes with loops.
"$MAZEGEN" -a kruskal --braid 1 -W 30 -H 30 -s 3 -t none --stats=json >b.json
[ "$(json dead_ends b.json)" = 0 ] && [ "$(json perfect b.json)" = false ] &&
  [ "$(json params b.json)" = braid=1 ] && [ "$(json passages b.json)" -gt 899 ] &&
  ok || fail "braid 1: $(cat b.json)"
# Braid 0.5 removes half the dead ends, rounded down.
"$MAZEGEN" -a kruskal -W 30 -H 30 -s 3 -t none --stats=json >b0.json
"$MAZEGEN" -a kruskal --braid 0.5 -W 30 -H 30 -s 3 -t none --stats=json >b5.json
d0=$(json dead_ends b0.json) d5=$(json dead_ends b5.json)
[ "$d5" = $((d0 - d0 / 2)) ] && ok || fail "braid 0.5: $d0 dead ends became $d5"

# Answer keys of braided and unicursal mazes: both files, both valid.
for shape in "--braid 0.5" --unicursal; do
  # shellcheck disable=SC2086 # plain words
  "$MAZEGEN" -a wilson $shape -W 12 -H 9 -s 2 -o p.pdf --answer-key k.pdf 2>err.txt &&
    qpdf --check p.pdf >/dev/null && qpdf --check k.pdf >/dev/null && ok ||
    fail "answer key with $shape: $(cat err.txt)"
done

# Unicursal: one path through every cell, two ends, no choices.
"$MAZEGEN" --unicursal -W 10 -H 7 -s 4 -t none --stats=json >u.json
[ "$(json cells u.json)" = 280 ] && [ "$(json passages u.json)" = 279 ] &&
  [ "$(json dead_ends u.json)" = 2 ] && [ "$(json solution_cells u.json)" = 280 ] &&
  [ "$(json decisions u.json)" = 0 ] && [ "$(json params u.json)" = unicursal ] &&
  ok || fail "unicursal: $(cat u.json)"

# in_band LEVEL JSON: the kept maze lies in the level's bands (the figures
# of src/cli/difficulty.c, integer arithmetic as there).
in_band() {
  local sol cells w h dead wind dpm
  sol=$(json solution_cells "$2") cells=$(json cells "$2")
  w=$(json width "$2") h=$(json height "$2") dead=$(json dead_ends "$2")
  wind=$((sol * 100 / (w + h - 1))) dpm=$((dead * 1000 / cells))
  case $1 in
  easy) [ "$wind" -le 250 ] && [ "$dpm" -ge 250 ] ;;
  medium) [ "$wind" -ge 250 ] && [ "$wind" -le 500 ] && [ "$dpm" -ge 120 ] && [ "$dpm" -le 230 ] ;;
  hard) [ "$wind" -ge 300 ] && [ "$dpm" -le 140 ] ;;
  expert) [ "$wind" -ge 300 ] && [ "$dpm" -le 110 ] && [ "$(json perfect "$2")" = false ] ;;
  esac
}

# Difficulty: the kept maze fits its level, and the options printed with
# the kept seed regenerate the same bytes without --difficulty.
for level in easy medium hard expert; do
  for size in 12 25; do
    for seed in 1 2 3 4 5; do
      "$MAZEGEN" --difficulty "$level" -W $size -H $size -s $seed -t none \
        --stats=json >l.json 2>err.txt || fail "--difficulty $level: $(cat err.txt)"
      grep -q 'kept seed [0-9]* after' err.txt && in_band "$level" l.json && ok ||
        fail "--difficulty $level ${size}x$size seed $seed: $(cat err.txt) $(cat l.json)"
    done
  done
  "$MAZEGEN" --difficulty "$level" -W 25 -H 25 -s 11 -o "d-$level.png" 2>err.txt ||
    fail "--difficulty $level: $(cat err.txt)"
  flags=$(sed -n 's/.*(regenerate with \(.*\))$/\1/p' err.txt)
  [ -n "$flags" ] && ok || fail "--difficulty $level said: $(cat err.txt)"
  # shellcheck disable=SC2086 # the flags are plain words
  "$MAZEGEN" $flags -W 25 -H 25 -o "r-$level.png"
  cmp -s "d-$level.png" "r-$level.png" && ok ||
    fail "--difficulty $level: '$flags' does not regenerate the maze"
done
# With weights, the printed options carry them.
"$MAZEGEN" --difficulty hard -b h=2,v=1 -W 20 -H 14 -s 5 -o dh.txt 2>err.txt
flags=$(sed -n 's/.*(regenerate with \(.*\))$/\1/p' err.txt)
# shellcheck disable=SC2086
"$MAZEGEN" $flags -W 20 -H 14 -o rh.txt
case $flags in *"-b h=2,v=1"*) ok ;; *) fail "hint without the bias: $flags" ;; esac
cmp -s dh.txt rh.txt && ok || fail "--difficulty hard -b h=2,v=1: '$flags' differs"
# A level that cannot be met says so in one line, exits 1 and writes
# nothing (a maze that misses the level is not what was asked for): a 1x30
# corridor winds exactly 1.0, never the 3.0 hard asks for.
status=0
"$MAZEGEN" --difficulty hard -W 1 -H 30 -s 1 -o c.txt 2>err.txt || status=$?
[ "$status" = 1 ] && [ ! -e c.txt ] && [ "$(wc -l <err.txt)" = 1 ] &&
  grep -q '^mazegen: --difficulty hard: none of 200 mazes from seed 1 fit (winding at least 3.00, dead ends at most 14.00%)' err.txt &&
  ok || fail "impossible level (exit $status): $(cat err.txt)"
# Targets narrow a level, or stand alone for the algorithm of -a; the maze
# kept meets them.
"$MAZEGEN" --difficulty hard,winding=4.. -W 30 -H 30 -s 3 -t none \
  --stats=json >t.json 2>err.txt && ok || fail "hard,winding=4..: $(cat err.txt)"
awk -v w="$(json winding t.json)" 'BEGIN { exit !(w >= 4) }' && ok ||
  fail "hard,winding=4.. kept winding $(json winding t.json)"
"$MAZEGEN" -a kruskal --difficulty 'winding=..2,dead-ends=30..' -W 20 -H 20 \
  -s 2 -t none --stats=json >t.json 2>err.txt && ok || fail "targets: $(cat err.txt)"
awk -v w="$(json winding t.json)" -v d="$(json dead_end_pct t.json)" \
  'BEGIN { exit !(w <= 2 && d >= 30) }' && ok || fail "targets kept $(cat t.json)"
grep -q 'regenerate with -a kruskal -s' err.txt && ok || fail "targets: $(cat err.txt)"
for t in hard,wind=3 hard,winding=3 winding=5..4 dead-ends=..1.234 \
  'winding=..' hard, winding=x.. decisions=1..2..3; do
  expect_usage --difficulty "$t" -o out.txt
done
# --difficulty picks its own braid.
expect_usage --difficulty expert --braid 0.5 -o out.txt
finish
