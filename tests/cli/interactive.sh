#!/bin/bash
# SPDX-License-Identifier: MIT
# mazegen -i through a pipe: the seeds' session (5 rows, 7 columns, no)
# prints one maze of that size and exits 0; bad answers are asked again
# with a reason; yes and no in any case; the end of the input ends it
# cleanly at any question; an endless line is refused in bounded memory;
# successive mazes take seed, seed + 1, ... and each is the maze the
# printed command makes; options apply to every maze; options that
# cannot apply are refused. (terminal.sh drives it in a real terminal.)
. "$(dirname "$0")/lib.sh"

# console INPUT ARGS...: runs mazegen -i on INPUT into out.txt.
console() {
  local input=$1
  shift
  status=0
  printf "$input" | "$MAZEGEN" -i "$@" >out.txt 2>err.txt || status=$?
}

# The ASCII mazes in out.txt: their count, and each one's rows and columns.
shapes() {
  awk '/^\+/ { if (!inmaze) { inmaze = 1; rows = 0; cols = (length($0) - 1) / 3 } else rows++ ; next }
       /^[| ]/ && inmaze { next }
       inmaze { print rows "x" cols; inmaze = 0 }' out.txt | tr '\n' ' '
}

console '5\n7\nn\n' -s 1
[ "$status" = 0 ] && ok || fail "pipe session exited $status: $(cat err.txt)"
[ "$(shapes)" = "5x7 " ] && ok || fail "expected one 5-row 7-column maze, got: $(shapes)"
[ ! -s err.txt ] && ok || fail "pipe session wrote to stderr: $(cat err.txt)"
head -1 out.txt | grep -q '^Welcome to mazegen' && ok || fail "no welcome line: $(head -1 out.txt)"
grep -q '^Seed 1: mazegen -W 7 -H 5 -s 1 ' out.txt && ok || fail "seed line missing"
# No terminal title sequences on a pipe.
! grep -q "$(printf '\033')" out.txt && ok || fail "escape sequences on a pipe"

# Every bad answer is asked again with a reason, then the good one holds.
console 'a\n%%\n1\n51\n\n  \n-3\n+4\n4.0\n5x\n99999999999999999999999999\n0\n 03 \n002\nmaybe\nyess\n\n YeS \n2\n50\nNO\n' -s 9
[ "$status" = 0 ] && ok || fail "bad answers: exit $status"
[ "$(grep -c '^Rows (2 to 50): ' out.txt)" = 14 ] && ok ||
  fail "rows asked $(grep -c '^Rows' out.txt) times, expected 14"
[ "$(grep -c 'type a whole number from 2 to 50' out.txt)" = 12 ] && ok ||
  fail "reasons: $(grep -c 'type a whole' out.txt)"
grep -q '^Not a whole number' out.txt && grep -q '^Out of range' out.txt &&
  grep -q '^No answer' out.txt && ok || fail "reasons not told apart"
[ "$(grep -c 'Please answer yes or no' out.txt)" = 3 ] && ok ||
  fail "yes/no re-asked $(grep -c 'Please answer' out.txt) times, expected 3"
[ "$(shapes)" = "3x2 2x50 " ] && ok || fail "sizes after bad answers: $(shapes)"

# Seeds go up one by one, and each maze is the one its command makes.
console '4\n6\ny\n6\n4\ny\n3\n3\nn\n' -s 18446744073709551614 -a kruskal
grep -o '^Seed [0-9]*' out.txt | tr '\n' ' ' | grep -qx 'Seed 18446744073709551614 Seed 18446744073709551615 Seed 0 ' &&
  ok || fail "seeds: $(grep -o '^Seed [0-9]*' out.txt | tr '\n' ' ')"
n=0
while read -r w h s; do
  n=$((n + 1))
  "$MAZEGEN" -W "$w" -H "$h" -s "$s" -a kruskal >one.txt
  grep -qF -f <(sed '$d' one.txt) out.txt && ok || fail "maze $n is not what -s $s makes"
  awk -v want="$(cat one.txt)" 'BEGIN { RS = "^$" } { exit index($0, want) ? 0 : 1 }' out.txt &&
    ok || fail "maze $n differs from mazegen -W $w -H $h -s $s -a kruskal"
done < <(sed -n 's/^Seed \([0-9]*\): mazegen -W \([0-9]*\) -H \([0-9]*\) .*/\2 \3 \1/p' out.txt)
[ "$n" = 3 ] && ok || fail "expected 3 seed lines, got $n"
# Without -s, two mazes of a session still differ.
console '6\n6\ny\n6\n6\nn\n'
[ "$(grep -c '^Seed' out.txt)" = 2 ] && ok || fail "random seeds: $(grep '^Seed' out.txt)"

# The end of the input at each question: exit 0, the output ends a line.
for input in '' '5' '5\n' '5\n7\n' '5\n7\nmaybe\n' '5\n7' 'x'; do
  console "$input" -s 2
  [ "$status" = 0 ] && [ -z "$(tail -c 1 out.txt)" ] && ok ||
    fail "end of input after '$input': exit $status, last byte '$(tail -c 1 out.txt | od -An -c)'"
done

# An endless line: refused as too long, in bounded memory. The bound is
# the same session's peak with a short line plus 10 MB (a build under a
# sanitizer starts larger), far below the 50 MB the line would take.
if command -v /usr/bin/time >/dev/null 2>&1; then
  printf '77\n3\n3\nn\n' |
    /usr/bin/time -f '%M' "$MAZEGEN" -i -s 1 >out.txt 2>mem.txt
  base=$(tail -1 mem.txt)
  { head -c 50000000 /dev/zero | tr '\0' 7; printf '\n3\n3\nn\n'; } |
    /usr/bin/time -f '%M' "$MAZEGEN" -i -s 1 >out.txt 2>mem.txt
  kb=$(tail -1 mem.txt)
  [ "$kb" -lt $((base + 10000)) ] && ok ||
    fail "a 50 MB line took $kb kB (a short one $base kB)"
else
  { head -c 50000000 /dev/zero | tr '\0' 7; printf '\n3\n3\nn\n'; } |
    "$MAZEGEN" -i -s 1 >out.txt
fi
grep -q '^Too long' out.txt && [ "$(shapes)" = "3x3 " ] && ok || fail "long line: $(shapes)"

# Options apply to every maze: the style, a block map, the algorithm.
console '3\n4\ny\n2\n2\nn\n' -s 5 --charset underscore
grep -q '^|_' out.txt && ! grep -q '^+' out.txt && [ "$(grep -c '^Seed' out.txt)" = 2 ] && ok ||
  fail "underscore style in the console: $(cat out.txt)"
console '2\n3\nn\n' -s 5 -t blocks --blocks '# SF'
[ "$(grep -c '^[# SF]\{7\}$' out.txt)" = 5 ] && ok || fail "block map in the console: $(cat out.txt)"
console '9\n9\nn\n' -s 5 -a eller -b h=5 --braid 0.5
[ "$(shapes)" = "9x9 " ] && grep -q -- '-a eller --braid=0.5 -b h=5,v=1 -s 5$' out.txt && ok ||
  fail "algorithm and bias in the console"
console '3\n3\nn\n' -s 5 -L 2
grep -q 'mazegen -g 3d -W 3 -H 3 -L 2 ' out.txt && ok || fail "3d in the console: $(tail -3 out.txt)"

# A closed output: a runtime failure, not a hang.
printf '5\n5\nn\n' | "$MAZEGEN" -i -s 1 >/dev/full 2>err.txt
[ $? = 1 ] && grep -q '^mazegen: ' err.txt && ok || fail "/dev/full: $(cat err.txt)"

expect_usage -i -W 5
expect_usage -i -H 5
expect_usage --interactive -o out.txt
expect_usage -i --answer-key key.txt
expect_usage -i -t png
expect_usage -i -t json
expect_usage -i -t blocks-raw
expect_usage -i -t none
expect_usage -i --sheet
expect_usage -i --count 3
expect_usage -i --load maze.json
expect_usage -i --stream
expect_usage -i --fractal 2
expect_usage -i --start 0,0
expect_usage -i --finish 1,1
expect_usage -i --difficulty hard
expect_usage -i --grid hex
expect_usage -i --mask "$(dirname "$0")/../../samples/masks/heart.png"
expect_usage -i --stats=json
expect_usage -i --charset underscore --solution
finish
