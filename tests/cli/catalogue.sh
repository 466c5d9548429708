#!/bin/bash
# The algorithm catalogue from the command line: every algorithm with every
# exporter, --stats figures that agree with the maze's claims, braid,
# unicursal, and difficulty levels that can be regenerated from their seed.
. "$(dirname "$0")/lib.sh"
need python3

# json FIELD FILE: one field of a --stats=json object.
json() { python3 -c 'import json,sys; print(json.load(open(sys.argv[2]))[sys.argv[1]])' "$1" "$2"; }

for a in $("$MAZEGEN" --algorithm list); do
  for f in txt png svg pdf; do
    check "$a as $f" "$MAZEGEN" -a "$a" -W 13 -H 9 -s 5 --solution -o "m-$a.$f"
  done
  "$MAZEGEN" -a "$a" -W 23 -H 17 -s 8 -t none --stats=json >s.json 2>err.txt ||
    fail "$a --stats=json: $(cat err.txt)"
  cells=$(json cells s.json) passages=$(json passages s.json)
  [ "$cells" = 391 ] && [ "$passages" = 390 ] && [ "$(json perfect s.json)" = True ] &&
    ok || fail "$a: $cells cells, $passages passages, perfect $(json perfect s.json)"
  sol=$(json solution_cells s.json)
  [ "$sol" -ge 2 ] && ok || fail "$a: solution of $sol cells"
done

# Text stats go to standard error and leave standard output to the maze.
"$MAZEGEN" -W 8 -H 8 -s 1 --stats >maze.txt 2>stats.txt
grep -q 'dead ends' stats.txt && grep -q '^+--' maze.txt && ok ||
  fail "--stats text and the maze got mixed"

# Division with rooms is not perfect, and says so.
"$MAZEGEN" -a division --rooms 4 -W 30 -H 30 -s 2 -t none --stats=json >r.json
[ "$(json perfect r.json)" = False ] && [ "$(json params r.json)" = rooms=4 ] &&
  ok || fail "division rooms: $(cat r.json)"

# Braid 1 leaves no dead end; the solver copes with loops.
"$MAZEGEN" -a kruskal --braid 1 -W 30 -H 30 -s 3 -t none --stats=json >b.json
[ "$(json dead_ends b.json)" = 0 ] && [ "$(json perfect b.json)" = False ] &&
  ok || fail "braid 1: $(cat b.json)"
check "braid with solution as png" "$MAZEGEN" -a kruskal --braid 0.5 -W 30 -H 30 -s 3 --solution -o braid.png

# Unicursal: one path through every cell, two ends.
"$MAZEGEN" --unicursal -W 10 -H 7 -s 4 -t none --stats=json >u.json
[ "$(json cells u.json)" = 280 ] && [ "$(json dead_ends u.json)" = 2 ] &&
  [ "$(json solution_cells u.json)" = 280 ] && [ "$(json decisions u.json)" = 0 ] &&
  ok || fail "unicursal: $(cat u.json)"

# Difficulty: the kept seed regenerates the same maze without --difficulty.
for level in easy medium hard expert; do
  "$MAZEGEN" --difficulty "$level" -W 25 -H 25 -s 11 -o "d-$level.txt" 2>err.txt ||
    fail "--difficulty $level: $(cat err.txt)"
  flags=$(sed -n 's/.*(regenerate with \(.*\))$/\1/p' err.txt)
  [ -n "$flags" ] && ok || fail "--difficulty $level said: $(cat err.txt)"
  # shellcheck disable=SC2086 # the flags are plain words
  "$MAZEGEN" $flags -W 25 -H 25 -o "r-$level.txt"
  cmp -s "d-$level.txt" "r-$level.txt" && ok ||
    fail "--difficulty $level: seed $seed does not regenerate the maze"
done
finish
