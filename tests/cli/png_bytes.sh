#!/bin/bash
# SPDX-License-Identifier: MIT
# The pixels of PNG images, held to their sums: a maze of every kind
# drawn in bands by cairo (with its solution, small and in several bands,
# and 11,000 pixels wide in bands of 23 rows; and without it, a palette
# of grey levels and the markers' colours), 3d on levels and panels
# (with -b ud=1, the weights from before 3d's default became ud=0.05,
# and once at the default), weave, fractal, masks, sheets, and rectangles (drawn without cairo), so
# that work on the band drawing cannot change an image unseen. What is
# summed is the header and the inflated image data, so zlib's version
# does not move the sums; cairo's does, so they are checked only with
# the cairo they were made with. A change here is a change of every such
# image: say so in docs/performance.md (PNG export) and make the sums
# anew.
samples=$(cd "$(dirname "$0")/../../samples" && pwd)
. "$(dirname "$0")/lib.sh"
need python3 sha256sum

made_with=1.16.0
cairo=$(python3 -c 'import ctypes
f = ctypes.CDLL("libcairo.so.2").cairo_version_string
f.restype = ctypes.c_char_p
print(f().decode())')
if [ "$cairo" != "$made_with" ]; then
  echo "skipped: the sums were made with cairo $made_with, this is $cairo"
  exit 77
fi
cp "$samples/masks/heart.png" "$samples/masks/letter-m.txt" .

# The header and the inflated IDAT data of a PNG, summed.
cat >sum.py <<'PY'
import hashlib, struct, sys, zlib
data = open(sys.argv[1], "rb").read()
pos, head, idat = 8, b"", b""
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    if kind == b"IHDR":
        head = data[pos + 8:pos + 8 + n]
    elif kind == b"IDAT":
        idat += data[pos + 8:pos + 8 + n]
    pos += 12 + n
print(hashlib.sha256(head + zlib.decompress(idat)).hexdigest()[:16])
PY

while read -r sum args; do
  # shellcheck disable=SC2086 # the arguments are words
  if ! "$MAZEGEN" $args -o out.png 2>"$WORK/.err"; then
    fail "mazegen $args: $(head -c 300 "$WORK/.err")"
    continue
  fi
  got=$(python3 sum.py out.png)
  if [ "$got" = "$sum" ]; then ok; else fail "mazegen $args: sum $got, expected $sum"; fi
done <<'CASES'
372c50b5d13b4015 -g rect -W 13 -H 11 -s 1 --solution
6029e15a1c1d3f9b -g rect -W 120 -H 90 -s 2
1f30eeffa47f7078 -g hex -W 13 -H 11 -s 1 --solution
4276a194aea67cc4 -g hex -W 100 -H 100 -s 2 --solution
80699254c0aaf5d6 -g hex -W 1100 -H 16 -s 3 --solution
bc5f7291d7c3a040 -g triangle -W 13 -H 11 -s 1 --solution
916a8bc742a2ad3d -g triangle -W 150 -H 120 -s 2 --solution
d2337f6cc7f20ba2 -g upsilon -W 13 -H 11 -s 1 --solution
79cc9cf2e2d8276b -g upsilon -W 90 -H 90 -s 2 --solution
cec6acb832085015 -g zeta -W 13 -H 11 -s 1 --solution
af2cecb382d0095b -g zeta -W 90 -H 90 -s 2 --solution
12b71e8138b080a3 -g theta -W 8 -H 11 -s 1 --solution
0d24241a1b569310 -g theta -H 60 -s 2 --solution
a646c551a8414159 -g theta -H 9 --centre 3 -s 5 --solution -c 0.137in
60880db657f52f75 -g 3d -W 6 -H 5 -L 4 -s 1 --solution -b ud=1 -c 10
55659ff5ddad015b -g 3d -W 40 -H 40 -L 10 -s 2 --solution -b ud=1 -c 10
4377f67ac67791f9 -g 3d -W 110 -H 12 -L 10 -s 3 --solution -b ud=1 -c 10
02ffdf00e8daaa6f -g 3d -W 30 -H 20 -L 5 -s 4 --solution --panels 2 -b ud=1 -c 10
febd821858b027e7 -g 3d -W 6 -H 5 -L 4 -s 1 --solution -c 10
6f82b6ad288517a5 -g 3d -W 6 -H 5 -L 4 -s 1 --solution
ad6e1a9955c3aa41 -g weave -W 13 -H 11 -s 1 --solution --weave=90
5935ce4cd0258919 -g weave -W 90 -H 90 -s 2 --solution
5d1a30d6ac17fdc0 -W 3 -H 3 --fractal 2 -s 2 --solution -c 5.5pt
a0ce2235f15eb970 -W 5 -H 5 --fractal 2 -s 3 --solution
bbc531055acfc999 --mask heart.png -s 1 --solution
5e5e9c47f4dcc166 --grid hex --mask letter-m.txt -s 2 --solution
5560a0325c847f3c -g hex --mask heart.png -s 3 --solution
92e716f254f5cece -g hex -W 100 -H 100 -s 2
bd305783312eccca -g hex -W 1100 -H 16 -s 3
424b690fcde6670a -g triangle -W 150 -H 120 -s 2
bf707f056bc96cf2 -g upsilon -W 90 -H 90 -s 2
011405761243e045 -g zeta -W 90 -H 90 -s 2
a37e89e1f9e03273 -g theta -H 60 -s 2
896670ff847767ea -g weave -W 90 -H 90 -s 2
8b2b910871115cdf -g hex --mask heart.png -s 3
dd7177d1792a76e9 -W 10 -H 10 -s 3 --count 4 --per-page 4 --title Quiz --dpi 150
e4e102a363f08ab2 -g hex -W 12 -H 12 -s 3 --count 2 --per-page 2 --title Hex
CASES

finish
