#!/bin/bash
# SPDX-License-Identifier: MIT
# What a build has (docs/library.md, "Two builds"): the core formats work
# in both; a core build (-Ddrawing=disabled, MAZEGEN_DRAWING=0) refuses
# PDF, sheets and PNG of other kinds as usage errors naming the build,
# and its library links no drawing stack; a build with drawing draws them.
. "$(dirname "$0")/lib.sh"
need xmllint pngcheck ldd
DRAWING=${MAZEGEN_DRAWING:?set MAZEGEN_DRAWING to 1 or 0}
LIB=${MAZEGEN_LIB:?set MAZEGEN_LIB to the shared libmazegen}

run() { "$MAZEGEN" "$@" 2>err.txt || fail "mazegen $* : $(cat err.txt)"; }

# The core, in every build.
run -W 9 -H 7 -s 3 --solution -o rect.png
check "rectangle png" pngcheck -q rect.png
run -g hex -W 9 -H 7 -s 3 --solution -o hex.svg
check "hex svg" xmllint --noout hex.svg
run -g theta -W 5 -H 5 -s 3 -o theta.svg
check "theta svg" xmllint --noout theta.svg
run -W 9 -H 7 -s 3 -o m.json
grep -q '"passage_count"' m.json && ok || fail "json has no passages"
run -W 9 -H 7 -s 3 -t blocks-raw -o m.raw
[ "$(stat -c %s m.raw)" = $((19 * 15)) ] && ok ||
  fail "blocks-raw is $(stat -c %s m.raw) bytes, expected 285"
run -W 9 -H 7 -s 3 -t text -o m.txt
run -W 9 -H 7 -s 3 -t none --stats=json >stats.json
grep -q '"dead_ends"' stats.json && ok || fail "--stats=json: $(cat stats.json)"

drawing_requests=(
  "-W 9 -H 7 -o out.pdf"
  "-W 9 -H 7 -t sheet -o out.pdf"
  "-W 9 -H 7 --sheet -o out.svg"
  "-W 9 -H 7 --sheet -o out.png"
  "-g hex -W 9 -H 7 -o out.png"
  "-g 3d -W 4 -H 4 -o out.png"
  "-W 4 -H 4 --fractal 2 -o out.png"
)
if [ "$DRAWING" = 0 ]; then
  for args in "${drawing_requests[@]}"; do
    # shellcheck disable=SC2086
    expect_usage $args
    grep -q -- '-Ddrawing=disabled' "$WORK/.err" && ok ||
      fail "mazegen $args: message does not name the build: $(cat "$WORK/.err")"
  done
  # An existing file is left as it was.
  echo keep >out.pdf
  "$MAZEGEN" -W 9 -H 7 -o out.pdf 2>/dev/null
  [ "$?" = 2 ] && [ "$(cat out.pdf)" = keep ] && ok ||
    fail "a refused pdf changed the existing file"
  ldd "$LIB" >ldd.txt
  if grep -Eq 'cairo|pango|glib|fontconfig|freetype|harfbuzz|X11' ldd.txt; then
    fail "the core library links the drawing stack: $(tr '\n' ' ' <ldd.txt)"
  else
    ok
  fi
else
  for args in "${drawing_requests[@]}"; do
    # shellcheck disable=SC2086
    run $args
    [ -s "out.${args##*.}" ] && ok || fail "mazegen $args wrote nothing"
    rm -f out.*
  done
  ldd "$LIB" | grep -q 'libcairo' && ok || fail "no cairo in $(ldd "$LIB")"
fi
finish
