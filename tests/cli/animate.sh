#!/bin/bash
# SPDX-License-Identifier: MIT
# --animate and --frames. The animated SVG is well-formed, as large as the
# static one, and plays in a real browser (headless Chromium, its clock
# advanced by --virtual-time-budget): two screenshots at different times
# show different amounts of maze, and the last equals the static SVG's
# picture, for the backtracker with its solution, division (walls built,
# not knocked down) and a circle. Where CSS animations do not run
# (rsvg-convert), the document is the finished maze: the static SVG's
# pixels exactly. Frames are numbered PNGs, the last the
# static PNG; too many are refused naming the limit. Every bad input is
# one line, exit 2, no file.
pixels="$(cd "$(dirname "$0")" && pwd)/pixels.py"
. "$(dirname "$0")/lib.sh"
need chromium python3 xmllint rsvg-convert
command -v chromium >/dev/null 2>&1 || { finish; exit 1; }

run() { check "mazegen $*" "$MAZEGEN" "$@"; }

# shot SVG PNG MS: the SVG alone on a white page, MS milliseconds into
# its animations. A browser's clock runs as it likes under load (letting
# it play for a virtual-time budget proved flaky on a shared machine), so
# the test page (not the SVG, which has no script) stops every animation
# at that moment; "live" as the last argument lets them run on their own
# for about that long instead.
shot() {
  {
    echo '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
    echo 'body{margin:0;background:#fff}</style>'
    if [ "${4:-}" != live ]; then
      echo "<script>addEventListener('load',()=>{for(const a of document.getAnimations()){a.pause();a.currentTime=$3;}});</script>"
    fi
    echo '</head><body>'
    tail -n +2 "$1"
    echo '</body></html>'
  } >"$1.html"
  local budget=$3
  [ "${4:-}" = live ] || budget=500
  # Headless chromium now and then never returns once its virtual time
  # is spent, on a loaded machine: bounded, and tried once more.
  local try
  for try in 1 2; do
    rm -f "$2"
    timeout 90 chromium --headless --no-sandbox --disable-gpu --disable-quic \
      --no-first-run --disable-background-networking \
      --disable-component-update --disable-sync \
      --user-data-dir="$(mktemp -d "$WORK/profile.XXXXXX")" \
      --virtual-time-budget="$budget" --screenshot="$2" \
      --window-size=320,320 "file://$WORK/$1.html" >/dev/null 2>&1 &&
      [ -s "$2" ] && return 0
  done
  return 1
}


# plays NAME ARGS...: animated and static SVGs of the same maze; early,
# later and final screenshots.
plays() {
  local name=$1
  shift
  run "$@" --animate -o "$name.svg"
  run "$@" -o "$name-static.svg"
  check "$name: well-formed" xmllint --noout "$name.svg"
  local size static
  size=$(grep -o '<svg[^>]*>' "$name.svg" | grep -o 'width="[^"]*" height="[^"]*" viewBox="[^"]*"')
  static=$(grep -o '<svg[^>]*>' "$name-static.svg" | grep -o 'width="[^"]*" height="[^"]*" viewBox="[^"]*"')
  [ -n "$size" ] && [ "$size" = "$static" ] && ok || fail "$name: size $size, static $static"
  grep -q '<script' "$name.svg" && fail "$name: has a script" || ok
  rsvg-convert "$name.svg" -o "$name-r.png" &&
    rsvg-convert "$name-static.svg" -o "$name-rs.png" && ok ||
    fail "$name: rsvg-convert failed"
  python3 "$pixels" close "$name-r.png" "$name-rs.png" 0 0 >.why 2>&1 && ok ||
    fail "$name: without CSS animation, not the finished maze: $(cat .why)"
  check "$name: start" shot "$name.svg" "$name-0.png" 0
  check "$name: early" shot "$name.svg" "$name-1.png" 600
  check "$name: later" shot "$name.svg" "$name-2.png" 2600
  check "$name: end" shot "$name.svg" "$name-3.png" 60000
  check "$name: static" shot "$name-static.svg" "$name-s.png" 100
  check "$name: early and later differ" python3 "$pixels" region "$name-1.png" 0 0 "$name-2.png" 0 0 320 320 40 100 differ
  python3 "$pixels" close "$name-3.png" "$name-s.png" 40 20 >.why 2>&1 && ok || fail "$name: the end is not the static picture: $(cat .why)"
}

plays bt -W 10 -H 8 -s 4 --solution
# In a browser the carve starts from a closed grid (the pieces shown by
# their animations' backwards fill): more walls at 0 s than at 0.6 s.
check "backtracker: closed at the start" python3 "$pixels" less-ink bt-0.png bt-1.png 0.97
# The carve knocks walls down: less ink later than early.
check "backtracker: walls go as it carves" python3 "$pixels" less-ink bt-1.png bt-2.png 0.95
# The solution is drawn after the carve: not there in the middle of it.
check "no solution while carving" python3 "$pixels" colour bt-3.png 1f5fd1 200
python3 "$pixels" colour bt-2.png 1f5fd1 20 >/dev/null 2>&1 && fail "the solution shows during the carve" || ok
# Half way through the solve, part of the solution.
check "solve: half way" shot bt.svg bt-h.png 5500
python3 "$pixels" less-ink bt-3.png bt-h.png 0.999 >/dev/null 2>&1 && ok || fail "half way through the solve shows the whole solution"

plays div -W 12 -H 8 -s 4 -a division
# Division starts from an empty box and builds walls: more ink later.
check "division: open at the start" python3 "$pixels" less-ink div-3.png div-0.png 0.8
check "division: walls come as it divides" python3 "$pixels" less-ink div-2.png div-1.png 0.95

plays circle --grid theta -H 5 -s 4 --solution -c 20pt

# Proportionate: the animation of a 100 x 100 maze is at most about three
# times the static file (each opened wall drawn once more), and has at most
# 200 groups of steps.
run -W 100 -H 100 -s 1 --animate -o big.svg
run -W 100 -H 100 -s 1 -o big-static.svg
a=$(wc -c <big.svg) s=$(wc -c <big-static.svg)
[ "$a" -le $((s * 4)) ] && ok || fail "100x100 animation is $a bytes against $s static"
groups=$(grep -c 'animation-delay' big.svg)
[ "$groups" -le 200 ] && [ "$groups" -ge 100 ] && ok || fail "100x100 animation has $groups groups"

# Frames: numbered, all of the maze's size, the last one the static PNG
# (with the solution, after the carve's frames).
mkdir frames
run -W 10 -H 8 -s 4 --solution --frames frames --frame-every 10 -o f.png
run -W 10 -H 8 -s 4 --solution -o f-static.png
n=$(ls frames | wc -l)
[ "$n" = 10 ] && ok || fail "expected 10 frames (79 passages every 10, the maze, its solution), got $n: $(ls frames)"
check "the last frame is the static PNG" cmp frames/frame-00009.png f-static.png
check "the first frame differs from the last" python3 "$pixels" less-ink frames/frame-00000.png frames/frame-00008.png 0.9
ls -a frames | grep -q '^\.' && [ "$(ls -a frames | grep -c '^\.')" = 2 ] && ok || fail "temporary files left: $(ls -a frames)"
mkdir many
expect_frames() {
  local status=0
  "$MAZEGEN" "$@" >out.txt 2>err.txt || status=$?
  [ "$status" = 2 ] && [ "$(wc -l <err.txt)" = 1 ] && grep -q 'limit of 10000' err.txt &&
    [ -z "$(ls many)" ] && ! [ -e out.png ] && ok || fail "mazegen $*: exit $status, $(cat err.txt), $(ls many)"
}
expect_frames -W 200 -H 200 --frames many --frame-every 1 -o out.png

# Bad input.
expect_usage --delay 10
expect_usage --delay -1 --animate -o out.svg
expect_usage --delay 60001 --animate -o out.svg
expect_usage --delay 1x --animate -o out.svg
expect_usage --frame-every 3 -o out.png
expect_usage --frames many --frame-every 0 -o out.png
expect_usage --frames many --frame-every x -o out.png
expect_usage --frames nowhere -o out.png
expect_usage --frames out.txt -o out.png
expect_usage --animate -o out.png
expect_usage --animate -t pdf -o out.pdf
expect_usage --animate --braid 0.5 -o out.svg
expect_usage --animate --unicursal -o out.svg
expect_usage --animate --sheet -o out.svg
expect_usage --animate --count 2 -t sheet -o out.pdf
expect_usage --frames many --load /dev/null -o out.png
expect_usage --watch -o out.txt
expect_usage --watch --animate -o out.svg
expect_usage --watch --grid hex
expect_usage --watch --braid 0.3
finish
