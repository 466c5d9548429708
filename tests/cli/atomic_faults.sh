#!/bin/bash
# SPDX-License-Identifier: MIT
# Outputs under faults the command cannot catch: the file-size limit
# (ulimit -f) is a write error, not death by SIGXFSZ; signals that end
# the run (SIGKILL, SIGUSR1, SIGALRM) mid-write leave no temporary file.
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

rm -f .err
only && ok || fail "files left: $(ls -A)"
finish
