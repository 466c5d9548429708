#!/bin/bash
# SPDX-License-Identifier: MIT
# --help lists every option with its default, and each example in it runs.
samples=$(cd "$(dirname "$0")/../../samples" && pwd)
. "$(dirname "$0")/lib.sh"

help=$("$MAZEGEN" --help) && ok || fail "--help exited non-zero"
for opt in --width --height --algorithm --bias --seed --start --finish \
  --output --format --solution --answer-key --cell-size --wall-width \
  --margin --dpi --paper --charset --verbose --quiet --help --version \
  --force -V \
  --grid --mask --mask-invert --id-prefix --background --plotter; do
  grep -q -- "$opt" <<<"$help" && ok || fail "--help does not mention $opt"
done
grep -q 'default' <<<"$help" && ok || fail "--help shows no defaults"

# The masks the examples name, from samples/.
cp "$samples/masks/heart.png" "$samples/masks/letter-m.txt" . ||
  fail "cannot copy the sample masks"
n=0
while IFS= read -r example; do
  n=$((n + 1))
  # shellcheck disable=SC2086 # the examples are plain words
  set -- $example
  shift
  if "$MAZEGEN" "$@" >example.out 2>example.err </dev/null; then
    ok
  else
    fail "example '$example' failed: $(cat example.err)"
  fi
done < <(sed -n '/^Examples:/,/^$/p' <<<"$help" | sed -e ':a' -e '/\\$/N; s/ \\\n *\([^ ]\)/ \1/; ta' |
  grep '^  mazegen')
[ "$n" -ge 4 ] && ok || fail "found only $n examples in --help"

"$MAZEGEN" --version | grep -Eq '^mazegen [0-9]+\.[0-9]+\.[0-9]+$' && ok ||
  fail "--version output"
[ "$("$MAZEGEN" -V)" = "$("$MAZEGEN" --version)" ] && ok || fail "-V is not --version"

# Every line of --help fits 80 columns (counted in characters).
wide=$(LC_ALL=C.UTF-8 awk 'length($0) > 80' <<<"$help")
[ -z "$wide" ] && ok || fail "--help lines wider than 80 columns: $wide"
algos=$("$MAZEGEN" --algorithm list)
grep -qx backtracker <<<"$algos" && grep -qx kruskal <<<"$algos" && ok ||
  fail "--algorithm list: $algos"
for a in $algos; do
  check "algorithm $a" "$MAZEGEN" -a "$a" -W 9 -H 7 -s 3 -o "a-$a.txt"
done
finish
