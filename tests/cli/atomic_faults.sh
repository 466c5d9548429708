#!/bin/bash
# SPDX-License-Identifier: MIT
# Outputs under faults the command cannot catch or did not choose: the
# file-size limit (ulimit -f) is a write error, not death by SIGXFSZ;
# signals that end the run (SIGKILL, SIGUSR1, SIGALRM) mid-write leave no
# temporary file; --frames never follows a link planted under a frame's
# name, and writes all its frames or none (keeping -o's earlier file).
. "$(dirname "$0")/lib.sh"

# No file but the ones named, hidden temporary files included.
only() {
  local got want
  got=$(ls -A | sort | tr '\n' ' ')
  want=$(for f in "$@"; do echo "$f"; done | sort | tr '\n' ' ')
  [ "$got" = "$want" ]
}

# The file-size limit: exit 1 with a message, the temporary file gone,
# the earlier file kept.
echo earlier >big.png
st=0
bash -c 'ulimit -f 1; exec "$0" -a eller -W 500 -H 500 -o big.png' \
  "$MAZEGEN" 2>err.txt || st=$?
[ "$st" = 1 ] && grep -qx 'mazegen: cannot write big.png: File too large' err.txt &&
  [ "$(cat big.png)" = earlier ] && only big.png err.txt && ok ||
  fail "ulimit -f 1: status $st, $(cat err.txt), left: $(ls -A)"
rm -f big.png err.txt

# Runs a large streamed PNG into big.png, kills it with signal $1 once
# its output file is open, and prints the exit status.
kill_mid_write() {
  "$MAZEGEN" --stream -a eller -W 20000 -H 20000 -c 2px -o big.png 2>/dev/null &
  local pid=$! i
  for i in $(seq 200); do
    ls -l "/proc/$pid/fd" 2>/dev/null | grep -q -- "-> $WORK/" && break
    sleep 0.05
  done
  sleep 0.3
  kill "-$1" "$pid"
  local st=0
  wait "$pid" || st=$?
  echo "$st"
}
for sig in KILL USR1 ALRM; do
  st=$(kill_mid_write "$sig")
  [ "$st" = $((128 + $(kill -l "$sig"))) ] && only && ok ||
    fail "SIG$sig mid-write: status $st, left: $(ls -A)"
  rm -f .big.png.* big.png
done

# --frames: a link planted under a frame's name is replaced, not
# followed onto the file it names.
mkdir frames
echo secret >victim
chmod 600 victim
ln -s ../victim frames/frame-00001.png
check "--frames with a planted link" \
  "$MAZEGEN" -W 6 -H 6 -s 1 --frames frames --frame-every 10 -o f.png
[ "$(cat victim)" = secret ] && [ "$(stat -c %a victim)" = 600 ] && ok ||
  fail "the planted link was followed: victim is $(head -c 8 victim | od -c | head -1)"
[ -f frames/frame-00001.png ] && [ ! -L frames/frame-00001.png ] &&
  [ "$(head -c 4 frames/frame-00001.png | tail -c 3)" = PNG ] && ok ||
  fail "frame 1 is not a PNG of its own: $(ls -l frames)"
rm -rf frames victim f.png

# --frames all or none: a frame that cannot be written (the size limit,
# hit by the last frame, the solution's) leaves no frame, no temporary
# file and -o's earlier file.
mkdir frames
echo earlier >out.txt
st=0
bash -c 'ulimit -f 2; exec "$0" -W 16 -H 4 -s 1 -c 90px --solution --frames frames --frame-every 10 -o out.txt' \
  "$MAZEGEN" 2>err.txt || st=$?
[ "$st" = 1 ] && grep -qx 'mazegen: cannot write frames/frame-00008.png: File too large' err.txt &&
  [ "$(cat out.txt)" = earlier ] && [ -z "$(ls -A frames)" ] && ok ||
  fail "--frames past the size limit: status $st, $(cat err.txt), frames: $(ls -A frames), out.txt: $(head -c 10 out.txt)"
# The same when a frame's name is taken by a directory.
rm -rf frames
mkdir -p frames/frame-00003.png
echo earlier >out.txt
st=0
"$MAZEGEN" -W 16 -H 4 -s 1 --frames frames --frame-every 10 -o out.txt 2>err.txt || st=$?
[ "$st" = 1 ] && grep -q 'frame-00003.png: is a directory' err.txt &&
  [ "$(cat out.txt)" = earlier ] && [ "$(ls -A frames)" = frame-00003.png ] && ok ||
  fail "--frames onto a directory: status $st, $(cat err.txt), frames: $(ls -A frames), out.txt: $(head -c 10 out.txt)"
rm -rf frames out.txt err.txt .err
only && ok || fail "files left: $(ls -A)"
finish
