#!/bin/bash
# SPDX-License-Identifier: MIT
# --watch lets go of the terminal whatever is typed at it (tmux): Ctrl-C
# ends it after more than 4 KiB of unread keys; Ctrl-S does not stop the
# drawing (nor, so, its end); Ctrl-Z
# in an interactive shell (dash, which puts back nothing itself) leaves
# the cursor shown and the modes as they were, and fg takes the terminal
# again and redraws; keys typed during the watch do not reach the shell
# afterwards.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tmux.sh" mazegen-watch-keys
need dash

# ended NAME: the session's mazegen ended by Ctrl-C (130) with the modes
# as they were.
ended() {
  if ! wait_status "$1"; then
    fail "$1: --watch went on after Ctrl-C: $(screen "$1" | tail -3)"
    tm kill-session -t "$1"
    return
  fi
  [ "$(cat "$1.status")" = 130 ] && ok || fail "$1: exit $(cat "$1.status"), expected 130"
  cmp -s "$1.before" "$1.after" && ok ||
    fail "$1: stty -a differs: $(diff "$1.before" "$1.after")"
}

# More keys than the terminal's input queue holds (4 KiB), then Ctrl-C.
start flood --watch -W 20 -H 10 --delay 300 -s 1
wait_for flood 'carving' || fail "flood: the watch did not start"
keys=$(printf 'x%.0s' $(seq 6000))
tm send-keys -t flood -l "$keys"
sleep 1
tm send-keys -t flood C-c
ended flood

# Ctrl-S (XOFF) does not freeze the drawing; then Ctrl-C.
step() { screen "$1" | grep -o 'step [0-9]*' | tail -1; }
start xoff --watch -W 20 -H 10 --delay 100 -s 1
wait_for xoff 'carving' || fail "xoff: the watch did not start"
tm send-keys -t xoff C-s
sleep 1
was=$(step xoff)
sleep 1.5
now=$(step xoff)
[ -n "$was" ] && [ "$was" != "$now" ] && ok ||
  fail "xoff: the drawing stopped at Ctrl-S ($was, then $now)"
tm send-keys -t xoff C-c
ended xoff

# Typeahead: a command typed during the watch is not read afterwards.
cat >ahead.sh <<SCRIPT
stty -a >ahead.before
"$MAZEGEN" --watch -W 8 -H 5 --delay 150 -s 1
echo \$? >ahead.code
stty -a >ahead.after
IFS= read -r -t 2 line
echo "read[\$line]" >ahead.tmp && mv ahead.tmp ahead.read
exec sleep 600
SCRIPT
tm new-session -d -s ahead -x 100 -y 60 "bash --noprofile --norc ahead.sh"
wait_for ahead 'carving' || fail "ahead: the watch did not start"
tm send-keys -t ahead 'echo TYPED' Enter
for i in $(seq 600); do [ -f ahead.read ] && break; sleep 0.1; done
[ "$(cat ahead.code 2>/dev/null)" = 0 ] && ok || fail "ahead: exit $(cat ahead.code 2>/dev/null)"
[ "$(cat ahead.read 2>/dev/null)" = 'read[]' ] && ok ||
  fail "ahead: keys typed during --watch were read afterwards: $(cat ahead.read 2>/dev/null)"
cmp -s ahead.before ahead.after && ok || fail "ahead: stty -a differs"

# Ctrl-Z under dash: the shell gets its terminal back as it was (cursor
# shown, same modes); fg hides the cursor and redraws; Ctrl-C ends it.
tm new-session -d -s susp -x 100 -y 60 "env -i PATH=$PATH TERM=screen HOME=$WORK ENV= PS1='$ ' dash -i"
cursor() { tm display-message -p -t susp '#{cursor_flag}'; }
wait_for susp '^\$' || fail "susp: no dash prompt"
tm send-keys -t susp "stty -a >susp.before" Enter
tm send-keys -t susp "'$MAZEGEN' --watch -W 20 -H 10 --delay 200 -s 1" Enter
wait_for susp 'carving' || fail "susp: the watch did not start"
sleep 0.5
tm send-keys -t susp C-z
if wait_for susp "Stopped"; then ok; else fail "susp: Ctrl-Z did not stop it: $(screen susp | grep -v "^$" | tail -5)"; fi
sleep 0.3
[ "$(cursor)" = 1 ] && ok || fail "susp: the cursor is hidden in the shell after Ctrl-Z"
tm send-keys -t susp "stty -a >susp.during" Enter
for i in $(seq 100); do [ -s susp.during ] && break; sleep 0.1; done
cmp -s susp.before susp.during && ok ||
  fail "susp: the shell's modes after Ctrl-Z: $(diff susp.before susp.during)"
tm send-keys -t susp "clear; fg" Enter
wait_for susp 'carving, step' || fail "susp: fg did not redraw the watch"
sleep 0.5
[ "$(cursor)" = 0 ] && ok || fail "susp: the cursor is shown during the watch after fg"
tm send-keys -t susp C-c
sleep 0.5
tm send-keys -t susp "echo \$? >susp.tmp; mv susp.tmp susp.status" Enter
for i in $(seq 100); do [ -f susp.status ] && break; sleep 0.1; done
[ "$(cat susp.status 2>/dev/null)" = 130 ] && ok || fail "susp: exit $(cat susp.status 2>/dev/null) after fg and Ctrl-C"
[ "$(cursor)" = 1 ] && ok || fail "susp: the cursor is hidden after the watch"

finish
