#!/bin/bash
# Runtime failures exit 1 with a message and leave no partial file; earlier
# files survive; same seed gives the same bytes; no seed still stamps one.
. "$(dirname "$0")/lib.sh"

for fmt in txt png svg pdf sheet json; do
  st=0
  "$MAZEGEN" -W 40 -H 40 -t "${fmt/txt/text}" -o /dev/full 2>err.txt || st=$?
  [ "$st" = 1 ] && grep -q '^mazegen: ' err.txt && ok ||
    fail "/dev/full as $fmt: status $st, $(cat err.txt)"
done
# A device has no extension: it takes the default format, and fails to write.
st=0
"$MAZEGEN" -o /dev/full 2>err.txt || st=$?
[ "$st" = 1 ] && grep -q 'No space left' err.txt && ok ||
  fail "-o /dev/full: status $st, $(cat err.txt)"
# A book that fails part way leaves no file and keeps the earlier one.
echo earlier >book.pdf
st=0
"$MAZEGEN" -W 30 -H 30 --count 40 --per-page 2 --solution -o book.pdf \
  --answer-key /dev/full 2>err.txt || st=$?
[ "$st" = 1 ] && [ "$(cat book.pdf)" = earlier ] && ! ls .book.pdf* >/dev/null 2>&1 &&
  ok || fail "book with a failing key file: status $st, $(cat book.pdf | head -c 20)"

# A failing answer key leaves neither file, and the earlier puzzle intact.
echo earlier >p.pdf
chmod 500 .
if [ "$(id -u)" != 0 ]; then
  st=0
  "$MAZEGEN" -o p.pdf --answer-key k.pdf 2>err.txt || st=$?
  [ "$st" = 1 ] && [ "$(cat p.pdf)" = earlier ] && ok ||
    fail "read-only dir: status $st"
fi
chmod 700 .

# A full small filesystem is not available unprivileged everywhere; a
# closed pipe is: the writer must exit 1 with a message, not die silently.
st=0
{ "$MAZEGEN" -W 300 -H 300 -s 1 -o - 2>err.txt || st=$?; echo "$st" >st.txt; } | head -c 10 >/dev/null
sleep 0.2
[ "$(cat st.txt)" = 1 ] && grep -q 'mazegen: cannot write' err.txt && ok ||
  fail "closed pipe: status $(cat st.txt), $(cat err.txt)"

# Determinism in every format, and a different seed changes the maze.
for fmt in txt png svg pdf; do
  "$MAZEGEN" -W 30 -H 20 -s 12345 -a kruskal --solution -o "a.$fmt" &&
    "$MAZEGEN" -W 30 -H 20 -s 12345 -a kruskal --solution -o "b.$fmt" &&
    "$MAZEGEN" -W 30 -H 20 -s 12346 -a kruskal --solution -o "c.$fmt" ||
    fail "generate $fmt"
  cmp -s "a.$fmt" "b.$fmt" && ok || fail "$fmt differs for the same seed"
  cmp -s "a.$fmt" "c.$fmt" && fail "$fmt same for different seeds" || ok
done
LC_ALL=de_DE.UTF-8 "$MAZEGEN" -W 30 -H 20 -s 12345 -a kruskal --solution \
  -b h=1.5 -o d.svg 2>/dev/null
"$MAZEGEN" -W 30 -H 20 -s 12345 -a kruskal --solution -b h=1.5 -o e.svg
cmp -s d.svg e.svg && ok || fail "output depends on the locale"

# Without --seed a seed is drawn, printed with --verbose and stamped.
"$MAZEGEN" -v -W 8 -H 8 -o r.txt 2>err.txt
seed=$(sed -n 's/^mazegen: seed \([0-9]*\)$/\1/p' err.txt)
[ -n "$seed" ] && ok || fail "--verbose printed no seed: $(cat err.txt)"
grep -q "seed $seed" r.txt && ok || fail "drawn seed not stamped"
"$MAZEGEN" -W 8 -H 8 -s "$seed" -o r2.txt
cmp -s r.txt r2.txt && ok || fail "drawn seed does not regenerate the maze"
grep -q 'wrote r.txt' err.txt && ok || fail "--verbose did not list the file"

# No temporary files are left anywhere.
ls -a | grep -q '^\.[a-z0-9].*\.[A-Za-z0-9]\{6\}$' && fail "temp file left" || ok
finish
