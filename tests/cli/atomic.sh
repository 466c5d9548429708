#!/bin/bash
# SPDX-License-Identifier: MIT
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

# A directory that cannot be written is a path problem, found before any
# work like a missing one (exit 2), and the earlier file stays.
echo earlier >p.pdf
chmod 500 .
if [ "$(id -u)" != 0 ]; then
  st=0
  "$MAZEGEN" -o p.pdf --answer-key k.pdf 2>err.txt || st=$?
  [ "$st" = 2 ] && [ "$(cat p.pdf)" = earlier ] &&
    grep -q 'not writable' err.txt && ok ||
    fail "read-only dir: status $st, $(cat err.txt)"
fi
chmod 700 .
st=0
"$MAZEGEN" -o nodir/p.pdf 2>err.txt || st=$?
[ "$st" = 2 ] && grep -q 'does not exist' err.txt && ok ||
  fail "missing dir: status $st, $(cat err.txt)"

# What the user owns stays theirs: an overwritten file keeps its mode, a
# new one gets 0666 less the umask, and a symbolic link is written
# through (the link stays, the file it names is replaced, keeping its
# mode), for -o and --answer-key alike.
echo old >kept.txt
chmod 600 kept.txt
"$MAZEGEN" -W 3 -H 3 -o kept.txt && [ "$(stat -c %a kept.txt)" = 600 ] &&
  grep -q '^+--' kept.txt && ok || fail "0600 file became $(stat -c %a kept.txt)"
(umask 027 && "$MAZEGEN" -W 3 -H 3 -o fresh.txt) &&
  [ "$(stat -c %a fresh.txt)" = 640 ] && ok ||
  fail "new file under umask 027: $(stat -c %a fresh.txt)"
mkdir -p real
echo old >real/target.pdf
chmod 640 real/target.pdf
echo old >real/key.pdf
ln -s real/target.pdf link.pdf
mkdir -p links
ln -s ../real/key.pdf links/key.pdf # relative to the link's own directory
"$MAZEGEN" -W 5 -H 5 --solution -o link.pdf --answer-key links/key.pdf &&
  [ -L link.pdf ] && [ -L links/key.pdf ] &&
  [ "$(head -c 4 real/target.pdf)" = "%PDF" ] &&
  [ "$(head -c 4 real/key.pdf)" = "%PDF" ] &&
  [ "$(stat -c %a real/target.pdf)" = 640 ] && ok ||
  fail "symlinks not written through: $(ls -l link.pdf links real)"
ln -s nowhere/x.txt dangling.txt
st=0
"$MAZEGEN" -o dangling.txt 2>err.txt || st=$?
[ "$st" = 2 ] && grep -q 'directory does not exist' err.txt && ok ||
  fail "dangling link into nowhere: status $st"
ln -s loop-a.txt loop-b.txt
ln -s loop-b.txt loop-a.txt
st=0
"$MAZEGEN" -o loop-a.txt 2>err.txt || st=$?
[ "$st" = 2 ] && grep -q 'links loop' err.txt && ok ||
  fail "looping links: status $st, $(cat err.txt)"
# A file that exists where no file can be made beside it: the message
# names the temporary file, not the existing one.
st=0
"$MAZEGEN" -t text -o /proc/version 2>err.txt || st=$?
[ "$st" != 0 ] && grep -q 'temporary file' err.txt && ok ||
  fail "-o /proc/version: status $st, $(cat err.txt)"

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
grep -q -- "-s $seed\$" r.txt && ok || fail "drawn seed not stamped"
"$MAZEGEN" -W 8 -H 8 -s "$seed" -o r2.txt
cmp -s r.txt r2.txt && ok || fail "drawn seed does not regenerate the maze"
grep -q 'wrote r.txt' err.txt && ok || fail "--verbose did not list the file"

# No temporary files are left anywhere.
ls -a | grep -q '^\.[a-z0-9].*\.[A-Za-z0-9]\{6\}$' && fail "temp file left" || ok
finish
