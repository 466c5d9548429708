#!/bin/bash
# SPDX-License-Identifier: MIT
# mazegen --play in a real terminal: a detached tmux session of fixed size
# runs it, send-keys plays and capture-pane reads the screen. The keys
# that follow the solution (from -t json --solution for the same seed)
# win, and the result names the moves and the shortest path; a key into a
# wall leaves the move counter as it was; ? shows the solution and hides
# it again; a resize too small says so and the maze comes back; q gives up
# with exit 0 and the solution drawn; Ctrl-C ends with 130; Ctrl-Z under
# dash gives the shell its terminal back and fg the game; the terminal's
# modes (stty -a) are the same before and after each. Refused with exit 2:
# standard output piped, a maze larger than the terminal. Skipped (77)
# without tmux, except under CI (CI=true), where a missing tool fails.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tmux.sh" mazegen-play

# The solution of the maze as "x y" lines, start first.
"$MAZEGEN" -W 8 -H 6 -s 11 -t json --solution |
  sed -n '/"solution"/,$p' | grep -oE '\[[0-9]+, [0-9]+\]' | tr -d '[],' >path.txt
steps=$(($(wc -l <path.txt) - 1))
[ "$steps" -ge 5 ] && ok || fail "solution of $steps steps: $(cat path.txt)"

# key N DX DY: the key of step N in that direction, taking turns between
# the arrows, WASD and hjkl.
key() {
  local set=$(($1 % 3)) d
  case "$2,$3" in
  1,0) d=0 ;;
  -1,0) d=1 ;;
  0,1) d=2 ;;
  0,-1) d=3 ;;
  esac
  local arrows=(Right Left Down Up) wasd=(d a s w) vi=(l h j k)
  case $set in
  0) echo "${arrows[$d]}" ;;
  1) echo "${wasd[$d]}" ;;
  2) echo "${vi[$d]}" ;;
  esac
}
keys=()
n=0
prev=
while read -r x y; do
  if [ -n "$prev" ]; then
    set -- $prev
    keys+=("$(key $n $((x - $1)) $((y - $2)))")
    n=$((n + 1))
  fi
  prev="$x $y"
done <path.txt
read -r sx sy <path.txt
# Into the outer wall beside the start (its opening is not a way out).
if [ "$sy" = 0 ]; then wall=Up; elif [ "$sx" = 0 ]; then wall=Left; elif [ "$sy" = 5 ]; then wall=Down; else wall=Right; fi

# Winning: a wall, one step and back (2 moves), then the solution.
start w --play -W 8 -H 6 -s 11
wait_for w '^Moves: 0  Time: 0:00' && ok || fail "no status line: $(screen w)"
[ "$(screen w | grep -cE '^\+(--\+|  \+){8} *$')" = 7 ] && ok ||
  fail "no 8x6 maze on screen: $(screen w)"
screen w | grep -q '@' && ok || fail "no player on screen"
tm send-keys -t w "$wall"
wait_for w 'Wall!' && ok || fail "no cue after a key into a wall: $(screen w | head -1)"
screen w | grep -q '^Moves: 0 ' && ok || fail "a wall counted as a move: $(screen w | head -1)"
tm send-keys -t w "${keys[0]}"
wait_for w '^Moves: 1 ' && ok || fail "one step not counted: $(screen w | head -1)"
back=$(key 0 $((sx - $(sed -n 2p path.txt | cut -d' ' -f1))) $((sy - $(sed -n 2p path.txt | cut -d' ' -f2))))
tm send-keys -t w "$back"
wait_for w '^Moves: 2 ' && ok || fail "the step back not counted: $(screen w | head -1)"
screen w | grep -q '\.\.' && ok || fail "the path walked is not drawn"
tm send-keys -t w "${keys[@]}"
wait_status w && ok || fail "the solution did not win: $(screen w)"
[ "$(cat w.status 2>/dev/null)" = 0 ] && ok || fail "exit after winning: $(cat w.status 2>/dev/null)"
screen w | grep -q "^Solved in $((steps + 2)) moves (shortest $steps) and [0-9]*:[0-9][0-9]\.[0-9]\.$" && ok ||
  fail "no result line: $(screen w)"
cmp -s w.before w.after && ok || fail "terminal modes changed: $(diff w.before w.after)"
tm kill-session -t w

# ? shows the solution and hides it; a resize too small and back; q.
NO_COLOR=1 start q --play -W 8 -H 6 -s 11
wait_for q '^Moves: 0 ' && ok || fail "no status line for ?"
screen q | grep -q '\*\*' && fail "solution drawn before ?" || ok
tm send-keys -t q '?'
wait_for q 'Solution shown' && ok || fail "? did not show the solution: $(screen q | head -1)"
[ "$(screen q | grep -o '\*' | wc -l)" -ge "$((2 * steps))" ] && ok ||
  fail "solution not drawn: $(screen q)"
tm send-keys -t q '?'
wait_for q '^Moves: 0  Time: 0:00$' && ok || fail "? did not hide the solution"
screen q | grep -q '\*' && fail "solution still drawn" || ok
tm resize-window -t q -x 20 -y 8
for i in $(seq 400); do screen q | tr -d '\n' | grep -q 'Enlarge it' && break; sleep 0.1; done
screen q | tr -d '\n' | grep -q 'needs 25x15\. *Enlarge it' && ok || fail "no word when too small: $(screen q)"
tm resize-window -t q -x 100 -y 60
wait_for q '^Moves: 0 ' && ok || fail "maze not back after the resize: $(screen q)"
tm send-keys -t q "${keys[0]}" q
wait_status q && ok || fail "q did not end it"
[ "$(cat q.status 2>/dev/null)" = 0 ] && ok || fail "exit after q: $(cat q.status 2>/dev/null)"
screen q | grep -q "^Gave up after 1 move and .*shortest path ($steps moves) is drawn" && ok ||
  fail "no give-up line: $(screen q)"
[ "$(screen q | grep -o '\*' | wc -l)" -ge "$((2 * steps))" ] && ok ||
  fail "solution not drawn after q: $(screen q)"
cmp -s q.before q.after && ok || fail "terminal modes changed by q: $(diff q.before q.after)"
tm kill-session -t q

# Ctrl-C: the interrupt's status, the terminal as it was.
start c --play -W 8 -H 6 -s 11
wait_for c '^Moves: 0 ' && ok || fail "no status line before Ctrl-C"
tm send-keys -t c "${keys[0]}" C-c
wait_status c && ok || fail "Ctrl-C did not end it"
[ "$(cat c.status 2>/dev/null)" = 130 ] && ok || fail "exit after Ctrl-C: $(cat c.status 2>/dev/null)"
cmp -s c.before c.after && ok || fail "terminal modes changed by Ctrl-C: $(diff c.before c.after)"
tm kill-session -t c

# SIGTERM from elsewhere: 143, the terminal as it was.
start t --play -W 8 -H 6 -s 11
wait_for t '^Moves: 0 ' && ok || fail "no status line before SIGTERM"
kill -TERM "$(cat t.pid)"
wait_status t && ok || fail "SIGTERM did not end it"
[ "$(cat t.status 2>/dev/null)" = 143 ] && ok || fail "exit after SIGTERM: $(cat t.status 2>/dev/null)"
cmp -s t.before t.after && ok || fail "terminal modes changed by SIGTERM: $(diff t.before t.after)"
tm kill-session -t t

# Ctrl-Z under dash (which puts back nothing itself): the shell's
# terminal as it was (cursor shown, same modes), fg redraws the game, q
# ends it with 0.
need dash
tm new-session -d -s z -x 100 -y 60 "env -i PATH=$PATH TERM=screen HOME=$WORK ENV= PS1='$ ' dash -i"
zcursor() { tm display-message -p -t z '#{cursor_flag}'; }
wait_for z '^\$' || fail "Ctrl-Z: no dash prompt"
tm send-keys -t z "stty -a >z.before" Enter
tm send-keys -t z "'$MAZEGEN' --play -W 8 -H 6 -s 11" Enter
wait_for z '^Moves: 0 ' || fail "Ctrl-Z: the game did not start: $(screen z)"
tm send-keys -t z C-z
wait_for z 'Stopped' && ok || fail "Ctrl-Z did not stop the game: $(screen z | grep -v '^$' | tail -3)"
sleep 0.3
[ "$(zcursor)" = 1 ] && ok || fail "the cursor is hidden in the shell after Ctrl-Z"
tm send-keys -t z "stty -a >z.during" Enter
for i in $(seq 100); do [ -s z.during ] && break; sleep 0.1; done
cmp -s z.before z.during && ok || fail "the shell's modes after Ctrl-Z: $(diff z.before z.during)"
tm send-keys -t z "clear; fg" Enter
wait_for z '^Moves: 0 ' && ok || fail "fg did not redraw the game: $(screen z)"
[ "$(zcursor)" = 0 ] && ok || fail "the cursor is shown in the game after fg"
tm send-keys -t z q
sleep 0.5
tm send-keys -t z "echo \$? >z.tmp; mv z.tmp z.status" Enter
for i in $(seq 100); do [ -f z.status ] && break; sleep 0.1; done
[ "$(cat z.status 2>/dev/null)" = 0 ] && ok || fail "q after fg: exit $(cat z.status 2>/dev/null)"
tm kill-session -t z

# Refused: standard output piped; a maze larger than the terminal.
cat >r.sh <<SCRIPT
"$MAZEGEN" --play -W 4 -H 4 | cat
echo "piped=\${PIPESTATUS[0]}"
"$MAZEGEN" --play -W 40 -H 40
echo "big=\$?"
exec sleep 600
SCRIPT
tm new-session -d -s r -x 100 -y 60 "bash --noprofile --norc r.sh"
wait_for r '^big=' && ok || fail "refusals did not end: $(screen r)"
screen r | grep -q '^piped=2$' && ok || fail "piped output: $(screen r)"
screen r | grep -q '^mazegen: --play: standard output is not a terminal' && ok ||
  fail "no message for piped output: $(screen r)"
screen r | grep -q '^big=2$' && ok || fail "too big: $(screen r)"
screen r | tr -d '\n' | grep -q 'expected -W 33 -H 28 or less' && ok ||
  fail "the sizes that fit are not named: $(screen r)"
finish
