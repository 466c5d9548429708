#!/bin/bash
# SPDX-License-Identifier: MIT
# Work and memory bounded by the input, not by the machine: a PNG mask
# whose image data inflates far past its rows is refused at once; --load
# stops an endless stream where no file of its grid could go on; sheets
# under a low limit on the address space (ulimit -v), where Pango would
# abort the process when it cannot start a thread, end with exit 1 and a
# message.
. "$(dirname "$0")/lib.sh"
need python3

# An 8x8 plus sign whose IDAT goes on with 512 MiB of zeros (a 500 KB
# file): refused as not a mask (test_mask checks that no more than the
# rows is inflated).
python3 - <<'PY'
import struct, zlib
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
rows = b''.join(b'\0' + bytes(0 if x == 3 or y == 3 else 255 for x in range(8))
                for y in range(8))
z = zlib.compressobj(9)
data = z.compress(rows)
zeros = bytes(1 << 20)
for _ in range(512):
    data += z.compress(zeros)
data += z.flush()
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 8, 8, 8, 0, 0, 0, 0))
open('bomb.png', 'wb').write(png + chunk(b'IDAT', data) + chunk(b'IEND', b''))
PY
expect_usage --mask bomb.png -o out.svg
grep -q "'bomb.png' is not a mask" .err && ok || fail "bomb.png: $(cat .err)"

# --load from an endless stream that begins as a wall-graph file: cut
# where no file of its grid (20x20) can go on, at 16 MiB and change,
# not at half of the machine's memory.
"$MAZEGEN" -W 20 -H 20 -s 1 -t json -o m20.json
python3 -c '
t = open("m20.json").read()
open("head.json", "w").write(t[:t.index("\"rows\": [") + 9])'
status=0
{ cat head.json; yes '"00000000000000000000",'; } |
  timeout 120 "$MAZEGEN" --load - -o out.svg 2>.err || status=$?
if [ "$status" = 2 ] &&
  grep -q "^mazegen: --load: standard input is larger than the 16[0-9]\{6\} bytes a wall-graph file of its grid can hold" .err; then
  ok
else
  fail "endless --load: exit $status: $(cat .err)"
fi
[ -e out.svg ] && fail "endless --load wrote out.svg" || ok

# Sheets under ulimit -v: exit 1, one line naming the limit, no file.
# Not under AddressSanitizer, whose shadow memory needs terabytes of
# address space of its own.
if ldd "$MAZEGEN" 2>/dev/null | grep -q libasan; then
  echo "the ulimit -v cases skipped: AddressSanitizer's shadow memory"
  finish
  exit $?
fi
for kib in 40000 120000; do
  rm -f out.pdf
  status=0
  (ulimit -v "$kib" && exec "$MAZEGEN" --sheet -o out.pdf) >.out 2>.err || status=$?
  if [ "$status" != 1 ]; then
    fail "sheet under ulimit -v $kib: exit $status, expected 1: $(head -c 300 .err)"
  elif [ "$(wc -l <.err)" != 1 ] || ! grep -q '^mazegen: sheet text: .*(ulimit -v)' .err; then
    fail "sheet under ulimit -v $kib: $(cat .err)"
  elif [ -e out.pdf ]; then
    fail "sheet under ulimit -v $kib: wrote out.pdf"
  else
    ok
  fi
done
# With room enough, the same sheet is drawn.
status=0
(ulimit -v 1000000 && exec "$MAZEGEN" --sheet -o out.pdf) 2>.err || status=$?
[ "$status" = 0 ] && [ -s out.pdf ] && ok || fail "sheet under ulimit -v 1000000: exit $status: $(cat .err)"

finish
