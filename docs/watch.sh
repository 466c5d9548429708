#!/bin/bash
# SPDX-License-Identifier: MIT
# Remakes the pictures in docs/watch/ and prints the terminal screens
# quoted in docs/watch.md. Needs chromium and tmux. Run from anywhere,
# after building:
#   docs/watch.sh [path/to/mazegen]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mazegen=$(cd "$(dirname "${1:-$here/../build/src/cli/mazegen}")" && pwd)/$(basename "${1:-mazegen}")
out=$here/watch
work=$(mktemp -d)
trap 'tmux -L mazegen-docs kill-server >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
cd "$work"

# shot SVG PNG MS: the SVG on a white page, its animations stopped MS
# milliseconds in (the page's script does that; the SVG has none).
shot() {
  {
    echo '<!DOCTYPE html><html><head><style>html,body{margin:0;background:#fff;overflow:hidden} svg{display:block}</style>'
    echo "<script>addEventListener('load',()=>{for(const a of document.getAnimations()){a.pause();a.currentTime=$3;}});</script>"
    echo '</head><body>'
    tail -n +2 "$1"
    echo '</body></html>'
  } >page.html
  local size
  size=$(grep -o '<svg[^>]*>' "$1" | sed 's/.*width="\([0-9.]*\)pt" height="\([0-9.]*\)pt".*/\1 \2/' |
    awk '{ printf "%d,%d", $1 * 4 / 3 + 0.999, $2 * 4 / 3 + 0.999 }')
  chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$work/profile" --virtual-time-budget=500 \
    --screenshot="$2" --window-size="$size" "file://$work/page.html" >/dev/null 2>&1
}

"$mazegen" -W 16 -H 10 -s 11 --solution --animate -o "$out/carve.svg"
shot "$out/carve.svg" "$out/carve-1.png" 2000
shot "$out/carve.svg" "$out/carve-2.png" 4500
shot "$out/carve.svg" "$out/carve-3.png" 9000
shot "$out/carve.svg" "$out/carve-4.png" 60000
"$mazegen" -W 16 -H 10 -s 11 -a division --animate -o division.svg
shot division.svg "$out/division-1.png" 2500
"$mazegen" -W 16 -H 10 -s 11 -a eller --animate -o eller.svg
shot eller.svg "$out/eller-1.png" 3500
"$mazegen" --grid theta -H 6 -s 11 --solution --animate -o theta.svg
shot theta.svg "$out/theta-1.png" 3000
mkdir frames
"$mazegen" -W 16 -H 10 -s 11 --frames frames --frame-every 40 -o maze.png
cp frames/frame-00002.png "$out/frame-00002.png"

# Terminal screens, through tmux: half way, and at the end.
screen() {
  tmux -L mazegen-docs kill-server >/dev/null 2>&1 || true
  tmux -L mazegen-docs new-session -d -x 80 -y 24 \
    "TERM=xterm $mazegen --watch $*; sleep 60"
}
screen -W 20 -H 8 -s 11 --delay 20
sleep 2.5
echo "== backtracker, 2.5 s in"
tmux -L mazegen-docs capture-pane -p | sed '/^$/d'
sleep 12
echo "== backtracker, at the end"
tmux -L mazegen-docs capture-pane -p | sed '/^$/d'
screen -W 20 -H 8 -s 11 --delay 20 -a kruskal --charset utf8
sleep 2
echo "== kruskal, utf8, 2 s in"
tmux -L mazegen-docs capture-pane -p | sed '/^$/d'
