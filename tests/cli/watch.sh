#!/bin/bash
# SPDX-License-Identifier: MIT
# --watch in a real terminal (tmux): the carve drawn live ends with a
# maze of the size asked for and its solution; Ctrl-C in the middle ends
# it with 130 and leaves the terminal's modes as they were (stty -a the
# same before and after); a terminal too small is refused saying what
# fits; standard output that is not a terminal is refused.
. "$(dirname "$0")/lib.sh"
if ! command -v tmux >/dev/null 2>&1; then
  if [ -z "${CI:-}" ]; then
    echo "tmux is missing (tools/test installs it): skipped"
    exit 77
  fi
  need tmux
  finish
  exit 1
fi

# Our own tmux server, so no user's sessions are touched.
export TMUX_TMPDIR="$WORK"
unset TMUX
session=watch$$
trap 'tmux kill-server >/dev/null 2>&1; rm -rf "$WORK"' EXIT
# A session that lives as long as the test: tmux's server exits with its
# last session, and a session started while it is going down fails
# ("server exited unexpectedly").
tmux new-session -d -s "keep$$" "exec sleep 3600"

# run_in CMD...: runs a shell command in a fresh 80 x 24 session, with
# stty -a saved before and after and the exit status in $WORK/rc.
run_in() {
  tmux kill-session -t "$session" >/dev/null 2>&1
  rm -f "$WORK/rc" "$WORK/before" "$WORK/after"
  tmux new-session -d -s "$session" -x 80 -y 24 \
    "stty -a >'$WORK/before'; $*; echo \$? >'$WORK/rc.tmp'; stty -a >'$WORK/after'; mv '$WORK/rc.tmp' '$WORK/rc'; sleep 60"
}

# wait_rc SECONDS: waits for the command run_in started to end.
wait_rc() {
  local i
  for ((i = 0; i < $1 * 10; i++)); do
    [ -f "$WORK/rc" ] && return 0
    sleep 0.1
  done
  return 1
}

# A whole watch: the last screen is a 10 x 6 maze (13 lines of 31
# characters, posts every third column), its ends marked, traced.
run_in "TERM=xterm '$MAZEGEN' --watch -W 10 -H 6 --delay 1 -s 5"
if wait_rc 60; then ok; else fail "--watch did not end"; fi
[ "$(cat "$WORK/rc" 2>/dev/null)" = 0 ] && ok || fail "--watch exited $(cat "$WORK/rc" 2>/dev/null)"
tmux capture-pane -p -t "$session" >screen.txt
lines=$(sed -n '1,/seed 5/p' screen.txt | grep -vc 'seed 5')
[ "$lines" = 13 ] && ok || fail "expected 13 lines of maze, got $lines: $(cat screen.txt)"
width=$(grep '^+' screen.txt | awk '{ print length($0) }' | sort -u | tr '\n' ' ')
posts=$(head -1 screen.txt | tr -cd '+' | wc -c)
[ "$posts" = 11 ] && ok || fail "top wall: $(head -1 screen.txt)"
[ "$width" = "31 " ] && ok || fail "expected maze lines of 31 columns, got $width"
grep -q 'S' screen.txt && grep -q 'F' screen.txt && ok || fail "no S and F: $(cat screen.txt)"
grep -q '\*' screen.txt && ok || fail "no solution traced: $(cat screen.txt)"
grep -q 'done' screen.txt && ok || fail "no closing status line: $(cat screen.txt)"
cmp -s "$WORK/before" "$WORK/after" && ok || fail "stty -a differs after --watch"
# The walls on screen are those of the same maze written as text.
"$MAZEGEN" -W 10 -H 6 -s 5 -t text >plain.txt
grep -v '^#' plain.txt | sed 's/[SF*]/ /g; s/ *$//' >plain.walls
sed -n '1,/seed 5/p' screen.txt | grep -v 'seed 5' | sed 's/[SF*]/ /g; s/ *$//' >screen.walls
cmp -s plain.walls screen.walls && ok || fail "the watched maze is not -s 5's: $(diff plain.walls screen.walls | head -20)"

# UTF-8 box drawing.
run_in "TERM=xterm '$MAZEGEN' --watch -W 6 -H 4 --delay 0 -s 2 --charset utf8"
wait_rc 60 && ok || fail "--watch --charset utf8 did not end"
tmux capture-pane -p -t "$session" >utf8.txt
grep -q '┌' utf8.txt && [ "$(grep -c '^[┌├└│╵╷]' utf8.txt)" = 9 ] && ok || fail "utf8 maze: $(cat utf8.txt)"

# Ctrl-C in the middle: exit 130, the terminal as it was.
run_in "TERM=xterm '$MAZEGEN' --watch -W 20 -H 10 --delay 200 -s 1"
sleep 1.5
tmux send-keys -t "$session" C-c
wait_rc 10 && ok || fail "--watch went on after Ctrl-C"
[ "$(cat "$WORK/rc" 2>/dev/null)" = 130 ] && ok || fail "Ctrl-C: exit $(cat "$WORK/rc" 2>/dev/null), expected 130"
cmp -s "$WORK/before" "$WORK/after" && ok || fail "stty -a differs after Ctrl-C: $(diff "$WORK/before" "$WORK/after")"

# A side not given fits the terminal: 80 x 24 holds 11 rows of cells.
run_in "TERM=xterm '$MAZEGEN' --watch -W 7 --delay 0 -s 1"
wait_rc 60 && [ "$(cat "$WORK/rc")" = 0 ] && ok || fail "--watch -W 7 failed"
tmux capture-pane -p -t "$session" >fit.txt
grep -q '^7x11 backtracker, seed 1: done' fit.txt && ok || fail "--watch -W 7 in 80x24: $(cat fit.txt)"

# Too big for the terminal: exit 2, saying what fits.
run_in "TERM=xterm '$MAZEGEN' --watch -W 50 -H 30 2>'$WORK/big.err'"
wait_rc 10 && ok || fail "--watch -W 50 -H 30 did not end"
[ "$(cat "$WORK/rc" 2>/dev/null)" = 2 ] && ok || fail "too big: exit $(cat "$WORK/rc" 2>/dev/null), expected 2"
grep -q -- '--watch: a 50x30 maze needs 151 columns and 62 rows; this terminal has 80x24, which fits -W 26 -H 11' big.err && ok || fail "too big: $(cat big.err)"

# TERM=dumb cannot draw it.
run_in "TERM=dumb '$MAZEGEN' --watch -W 5 -H 5 2>'$WORK/dumb.err'"
wait_rc 10 && [ "$(cat "$WORK/rc")" = 2 ] && grep -q 'TERM=dumb' dumb.err && ok || fail "TERM=dumb: $(cat dumb.err)"

# NO_COLOR: no colour codes, the head drawn as @.
run_in "TERM=xterm NO_COLOR=1 script -qfc \"'$MAZEGEN' --watch -W 4 -H 3 --delay 0 -s 1\" '$WORK/typescript' >/dev/null"
if wait_rc 30; then
  if grep -q $'\033\\[0;4[23]m' typescript; then fail "NO_COLOR: colour codes sent"; else ok; fi
else
  fail "NO_COLOR run did not end"
fi
run_in "TERM=xterm script -qfc \"'$MAZEGEN' --watch -W 4 -H 3 --delay 0 -s 1\" '$WORK/typescript2' >/dev/null"
wait_rc 30 && grep -q $'\033\\[0;42m' typescript2 && ok || fail "colour terminal: the head is not coloured"

# Not a terminal: one line, exit 2.
expect_usage --watch
status=0
"$MAZEGEN" --watch -W 5 -H 5 2>err.txt | cat >out.txt || status=${PIPESTATUS[0]}
[ "${PIPESTATUS[0]:-$status}" != 0 ] && grep -q 'not a terminal' err.txt && ok || fail "piped --watch: $(cat err.txt)"
finish
