#!/bin/bash
# SPDX-License-Identifier: MIT
# mazegen -i in a real terminal: a detached tmux session of fixed size
# runs it, send-keys types the answers and capture-pane reads the screen.
# The welcome line and the window title appear; a letter, 1, 51 and an
# empty answer are each asked again; a maze of the asked size is drawn;
# a maze wider than the terminal is refused, saying what fits;
# n ends it with exit 0, and Ctrl-C with the interrupt's 130; the
# terminal's modes (stty -a) are the same before and after. Skipped (77)
# without tmux, except under CI (CI=true), where a missing tool fails.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/tmux.sh" mazegen-test

# answer NAME TEXT: types TEXT and Enter.
answer() { tm send-keys -t "$1" -l -- "$2" && tm send-keys -t "$1" Enter; }

start s -i -s 11
wait_for s '^Rows \(2 to 50\): ?$' && ok || fail "no first question: $(screen s)"
screen s | grep -q '^Welcome to mazegen' && ok || fail "no welcome line"
title=$(tm display-message -p -t s '#{pane_title}')
[ "$title" = "mazegen: a maze console" ] && ok || fail "window title is '$title'"
n=1
for bad in a 1 51 ''; do
  answer s "$bad"
  n=$((n + 1))
  wait_for s '^Rows \(2 to 50\):' "$n" && ok || fail "'$bad' not asked again: $(screen s)"
done
[ "$(screen s | grep -c 'type a whole number from 2 to 50')" = 4 ] && ok ||
  fail "reasons shown: $(screen s | grep -c 'type a whole')"
answer s 6
wait_for s '^Columns \(2 to 50\): ?$' && ok || fail "no columns question"
answer s 8
wait_for s '^Another maze\? \(y/n\): ?$' && ok || fail "no maze drawn: $(screen s)"
# The maze: 7 lattice lines of 25 characters, 6 rows between them.
screen s | grep -E '^\+(--\+|  \+){8} *$' >lattice.txt
[ "$(wc -l <lattice.txt)" = 7 ] && ok || fail "expected 7 lattice lines, got $(wc -l <lattice.txt)"
screen s | grep -q '^# mazegen -W 8 -H 6 -a backtracker -s 11$' && ok || fail "provenance line"
screen s | grep -q '^Seed 11: mazegen -W 8 -H 6 -s 11' && ok || fail "seed line"
"$MAZEGEN" -W 8 -H 6 -s 11 >want.txt
screen s | grep -qF -f <(head -3 want.txt) && ok || fail "maze on screen differs from mazegen -W 8 -H 6 -s 11"
answer s maybe
wait_for s '^Another maze\? \(y/n\):' 2 && ok || fail "'maybe' not asked again"
answer s n
wait_status s && ok || fail "no exit after n: $(screen s)"
[ "$(cat s.status 2>/dev/null)" = 0 ] && ok || fail "exit after n: $(cat s.status 2>/dev/null)"
cmp -s s.before s.after && ok || fail "terminal modes changed: $(diff s.before s.after)"
tm kill-session -t s

# An 80-column terminal: a 50-column maze (151 columns of text) is not
# drawn but said not to fit, with what does, and asked again; 26 columns
# (79) are drawn. Underscore text takes two columns a cell: 39 fit.
TM_COLS=80 start w -i -s 5
wait_for w '^Rows \(2 to 50\): ?$' && ok || fail "80 columns: no first question"
answer w 4
wait_for w '^Columns' && ok || fail "80 columns: no columns question"
answer w 50
msg='^A maze 50 columns wide needs 151 terminal columns; this terminal has 80\.$'
wait_for w "$msg" && screen w | grep -q '^Up to 26 columns fit\.$' && ok ||
  fail "50 columns in 80: $(screen w)"
wait_for w '^Columns \(2 to 50\):' 2 && ok || fail "50 columns in 80 not asked again"
screen w | grep -q '^+--+' && fail "a maze too wide was drawn" || ok
answer w 26
wait_for w '^Another maze\? \(y/n\): ?$' && ok || fail "26 columns in 80: $(screen w)"
[ "$(screen w | grep -cE '^\+(--\+|  \+){26}$')" = 5 ] && ok ||
  fail "26 columns in 80: $(screen w | grep -c '^+')"
answer w n
wait_status w && [ "$(cat w.status 2>/dev/null)" = 0 ] && ok || fail "80 columns: exit"
tm kill-session -t w
TM_COLS=80 start u -i -s 5 --charset underscore
wait_for u '^Rows' && answer u 3 && wait_for u '^Columns' && answer u 40
wait_for u '^A maze 40 columns wide needs 81 terminal columns; this terminal has 80\.$' &&
  screen u | grep -q '^Up to 39 columns fit\.$' && ok ||
  fail "underscore 40 in 80: $(screen u)"
answer u 39
wait_for u '^Another maze' && ok || fail "underscore 39 in 80: $(screen u)"
tm kill-session -t u

# Ctrl-C at a question: the interrupt's status, the terminal as it was.
start c -i -s 3 --charset underscore
wait_for c '^Rows \(2 to 50\): ?$' && ok || fail "no question before Ctrl-C"
answer c 4
wait_for c '^Columns' && ok || fail "no columns question before Ctrl-C"
tm send-keys -t c C-c
wait_status c && ok || fail "Ctrl-C did not end it"
[ "$(cat c.status 2>/dev/null)" = 130 ] && ok || fail "exit after Ctrl-C: $(cat c.status 2>/dev/null)"
cmp -s c.before c.after && ok || fail "terminal modes changed by Ctrl-C: $(diff c.before c.after)"
finish
