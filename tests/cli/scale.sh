#!/bin/bash
# SPDX-License-Identifier: MIT
# Scale: streamed runs give the very bytes of the same maze in memory,
# stamp their seed, repeat themselves, and start on their own above the
# in-memory limit; what cannot stream is refused as usage; a run that
# would not fit in memory is refused up front with its estimate (exit 1,
# no file); the progress line shows on a terminal and nowhere else.
. "$(dirname "$0")/lib.sh"
need pngcheck script

# Streamed = in memory with the same corners, for every row algorithm,
# both row formats, biased too, and with endpoints moved.
for alg in eller sidewinder binary-tree; do
  for args in "-W 37 -H 23 -s 5" "-W 130 -H 7 -s 6 -b h=3,v=1" \
    "-W 9 -H 40 -s 7 -b h=1,v=0"; do
    w=$(echo "$args" | sed 's/.*-W \([0-9]*\).*/\1/')
    h=$(echo "$args" | sed 's/.*-H \([0-9]*\).*/\1/')
    for ext in png txt; do
      # shellcheck disable=SC2086
      "$MAZEGEN" -a "$alg" $args --stream -o "s.$ext" &&
        "$MAZEGEN" -a "$alg" $args --start 0,0 --finish "$((w - 1)),$((h - 1))" \
          -o "m.$ext" || fail "$alg $args $ext: generate"
      cmp -s "s.$ext" "m.$ext" && ok ||
        fail "$alg $args: streamed $ext differs from the maze in memory"
    done
    # shellcheck disable=SC2086
    "$MAZEGEN" -a "$alg" $args --stream --start 3,1 --finish 0,2 -o s.png &&
      "$MAZEGEN" -a "$alg" $args --start 3,1 --finish 0,2 -o m.png ||
      fail "$alg $args: generate with endpoints"
    cmp -s s.png m.png && ok || fail "$alg $args: endpoints differ"
  done
done

# The seed is stamped, and the same command gives the same bytes.
"$MAZEGEN" -a eller -W 300 -H 200 -s 4242 -c 2px --stream -o a.png &&
  "$MAZEGEN" -a eller -W 300 -H 200 -s 4242 -c 2px --stream -o b.png ||
  fail "stream png"
cmp -s a.png b.png && ok || fail "streamed png differs for the same seed"
check "pngcheck streamed" pngcheck a.png
pngcheck -t a.png | grep -q 4242 && ok || fail "streamed png lacks the seed"
# 2px cells and a 12pt (16px) margin: 601 x 401 pixels of maze and 32.
pngcheck a.png | grep -q '633x433' && ok || fail "size: $(pngcheck a.png)"

# -j: the same bytes on any number of threads, for a PNG of many blocks
# of deflate's input in memory (4-bit, with its solution) and streamed,
# a sheet's page, and one of under a block; -j 1 starts no thread.
for what in "-W 500 -H 400 -s 8 --solution" \
  "-a eller -W 900 -H 700 -s 8 -c 3px --stream" \
  "-W 12 -H 12 -s 8 --sheet --dpi 200 --answers same-page" "-W 5 -H 4 -s 8"; do
  for j in 1 2 7; do
    # shellcheck disable=SC2086
    "$MAZEGEN" $what -j $j -o "j$j.png" || fail "$what -j $j"
  done
  cmp -s j1.png j2.png && cmp -s j1.png j7.png && ok ||
    fail "$what: -j 1, 2 and 7 differ"
  check "pngcheck $what -j 7" pngcheck j7.png
done
expect_usage -j 0 -o out.png
expect_usage --threads 257 -o out.png
expect_usage -j two -o out.png
"$MAZEGEN" -a sidewinder -W 20 -H 10 -s 99 --stream -o a.txt || fail "txt"
tail -n 1 a.txt | grep -q '^# mazegen -W 20 -H 10 -a sidewinder -s 99$' &&
  ok || fail "streamed text lacks the seed: $(tail -n 1 a.txt)"
"$MAZEGEN" -a binary-tree -W 50 -H 50 --stream -t none && ok ||
  fail "--stream -t none"

# Above 2147483647 cells a row algorithm streams by itself: the first
# lines come at once (a closed pipe then ends the run, exit 1), where an
# in-memory run would have been refused.
st=0
{ "$MAZEGEN" -a binary-tree -W 1000000 -H 3000 -s 1 2>err.txt || st=$?
  echo "$st" >st.txt; } | head -c 100 >head.txt
sleep 0.2
head -c 4 head.txt | grep -q '^+--+' && [ "$(cat st.txt)" = 1 ] && ok ||
  fail "3e9 cells did not stream: status $(cat st.txt), $(cat err.txt)"

# What cannot stream, or is too big not to: usage errors.
expect_usage -W 100000 -H 100000 -o out.png
expect_usage -a kruskal -W 100000 -H 100000 -o out.png
expect_usage -a eller -W 100000 -H 100000 -o out.svg
expect_usage -a eller -W 100000 -H 100000 --solution -o out.png
expect_usage -a kruskal --stream -o out.png
expect_usage -a eller --stream -o out.pdf
expect_usage -a eller --stream --solution -o out.png
expect_usage -a eller --stream --answer-key key.png -o out.png
expect_usage -a eller --stream --stats -o out.png
expect_usage -a eller --stream --braid 0.5 -o out.png
expect_usage -a eller --stream --unicursal -o out.png
expect_usage --difficulty easy --stream -o out.png
expect_usage -a eller --stream --sheet -o out.png         # sheets hold whole mazes
expect_usage -a eller --stream --count 3 --per-page 4 -o out.png
expect_usage -a eller --stream --puzzle 3 -o out.txt
expect_usage --max-memory 12x -o out.png
expect_usage --max-memory 1000 -o out.png
expect_usage --max-memory -1G -o out.png
expect_usage --max-memory 99999999999999999999T -o out.png

# Too big for the memory allowed: refused before anything is allocated,
# with the estimate, exit 1, and no file.
st=0
"$MAZEGEN" -a kruskal -W 30000 -H 30000 --max-memory 1G -o out.png \
  2>err.txt || st=$?
[ "$st" = 1 ] && grep -q '^mazegen: .*needs about .* GiB' err.txt &&
  [ ! -e out.png ] && ok ||
  fail "over --max-memory: status $st, $(cat err.txt)"
"$MAZEGEN" -a kruskal -W 300 -H 300 --max-memory 64M -o out.png && ok ||
  fail "a small maze under --max-memory"
# A maze that could stream and would fit streamed is still refused (the
# bytes must not depend on the machine's memory, and its ends would
# move), but the message says --stream fits, and it does.
st=0
rm -f out.png
"$MAZEGEN" -a eller -W 100000 -H 2000 -c 2px --max-memory 64M -o out.png \
  2>err.txt || st=$?
[ "$st" = 1 ] && grep -q 'needs about .*--stream fits' err.txt &&
  [ ! -e out.png ] && ok ||
  fail "no --stream hint: status $st, $(cat err.txt)"
"$MAZEGEN" -a kruskal -W 100000 -H 2000 -c 2px --max-memory 64M -o out.png \
  2>err.txt && fail "kruskal over --max-memory"
grep -q -- '--stream fits' err.txt && fail "kruskal told --stream fits" || ok
"$MAZEGEN" -a eller -W 100000 -H 30 -c 2px --max-memory 64M --stream \
  -o out.png && ok || fail "the stream the hint names"
# A book holds all its puzzles and their solutions until it is written.
st=0
"$MAZEGEN" -W 300 -H 300 --count 2000 --solution --max-memory 200M --min-passage 0 \
  -o out.pdf 2>err.txt || st=$?
[ "$st" = 1 ] && grep -q '^mazegen: 2000 puzzles .* need about' err.txt &&
  [ ! -e out.pdf ] && ok ||
  fail "a book over --max-memory: status $st, $(cat err.txt)"
# A streamed row algorithm needs a few rows only: 100000 wide in 64 MiB.
"$MAZEGEN" -a eller -W 100000 -H 3 --stream --max-memory 64M -c 2px \
  -o wide.png && ok || fail "wide stream under 64M"
# An address-space limit counts too (not under AddressSanitizer, which
# reserves terabytes of address space for itself).
if ! ldd "$MAZEGEN" 2>/dev/null | grep -q libasan; then
  st=0
  (ulimit -v 400000 && exec "$MAZEGEN" -a kruskal -W 20000 -H 20000 -t none) \
    2>err.txt || st=$?
  [ "$st" = 1 ] && grep -q 'needs about' err.txt && ok ||
    fail "ulimit -v: status $st, $(cat err.txt)"
fi

# --help documents all of it.
help=$("$MAZEGEN" --help)
for word in --stream --max-memory 'aldous-broder' '2000x2000' terminal; do
  grep -q -- "$word" <<<"$help" && ok || fail "--help does not mention $word"
done

# Progress: the writer blocks on a pipe whose reader sleeps 3 s, so the
# run lasts past the 2 s mark in any build. On a terminal the line shows;
# with standard error redirected, or --quiet, nothing does.
slow_reader='(sleep 3; cat >/dev/null)'
script -qec "$MAZEGEN -W 2000 -H 2000 -o - | $slow_reader" tty.log \
  >/dev/null 2>&1 </dev/null
grep -Eq 'mazegen: [a-z ]+.*\([0-9]+ s\)' tty.log && ok ||
  fail "no progress line on a terminal: $(tr '\r\033' '|~' <tty.log | head -c 300)"
script -qec "$MAZEGEN -q -W 2000 -H 2000 -o - | $slow_reader" quiet.log \
  >/dev/null 2>&1 </dev/null
grep -q 'mazegen: ' quiet.log && fail "--quiet drew progress" || ok
sh -c "\"$MAZEGEN\" -W 2000 -H 2000 -o - 2>err.txt | $slow_reader"
[ -s err.txt ] && fail "progress off a terminal: $(head -c 200 err.txt)" || ok

# The estimate counts what the run does: with nothing drawn or measured
# no longest path is searched, so a 20000^2 binary tree (104 MB peak)
# fits 500M (it was refused as needing 3.1 GiB).
"$MAZEGEN" -a binary-tree -W 20000 -H 20000 -t none --max-memory 500M \
  2>err.txt && ok || fail "binary-tree 20000^2 in 500M: $(cat err.txt)"
# Drawn, the endpoint search is counted (up to a byte a cell: 400 MB
# more), and the same size is refused in 300M.
st=0
"$MAZEGEN" -a binary-tree -W 20000 -H 20000 -o out.txt --max-memory 300M \
  2>err.txt || st=$?
[ "$st" = 1 ] && grep -q 'max-memory' err.txt && ok ||
  fail "drawn 20000^2 in 300M: status $st"

finish
