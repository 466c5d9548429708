#!/bin/bash
# SPDX-License-Identifier: MIT
# Characters of sheet text: emoji are drawn (Symbola, embedded like the
# other faces), and a character no font of the sheet has is refused,
# named as U+XXXX, before any file is written, never printed as a box.
. "$(dirname "$0")/lib.sh"
need pdffonts pdftotext
[ -n "${ASAN_OPTIONS:-}" ] && export ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0"

# An emoji in the title and the instructions: drawn in Symbola, and the
# PDF's text gives it back (a box would be a drawing, not a character).
check "emoji title" "$MAZEGEN" -W 6 -H 6 -s 1 --title "Smile 🙂" \
  --instructions "Find the cat 🐱" -o out.pdf
if pdffonts out.pdf 2>/dev/null | grep -q 'Symbola'; then ok; else
  fail "emoji title: no Symbola among: $(pdffonts out.pdf 2>&1 | tr '\n' ' ')"
fi
t=$(pdftotext out.pdf - 2>/dev/null | tr '\n' ' ')
case $t in *"Smile 🙂"*"Find the cat 🐱"*) ok ;; *) fail "emoji title: text is: $t" ;; esac
for f in svg png; do
  check "emoji title $f" "$MAZEGEN" -W 6 -H 6 -s 1 --sheet --title "Smile 🙂" \
    -o "out.$f"
done

# refused WHAT NEEDLE... -- ARGS...: exit 2 naming each needle, no file.
refused() {
  local what=$1 needles=() n
  shift
  while [ "$1" != -- ]; do
    needles+=("$1")
    shift
  done
  shift
  expect_usage "$@"
  for n in "${needles[@]}"; do
    if grep -qF -- "$n" "$WORK/.err"; then ok; else
      fail "$what: no '$n' in: $(cat "$WORK/.err")"
    fi
  done
}

pua=$(printf '\U0010FFFD')    # private use: no font has it
unassigned=$(printf '\u0378') # unassigned in Greek
newer=$(printf '\U0001F972')  # an emoji of Unicode 13, after Symbola's 9.0
for f in pdf svg png; do
  refused "title $f" --title: U+10FFFD -- -W 6 -H 6 --sheet \
    --title "a ${pua} b" -o "out.$f"
done
refused "two characters" --title: "U+10FFFD ($pua)" "U+0378 ($unassigned)" \
  -- -W 6 -H 6 --title "x${pua}y${unassigned}z${pua}" -o out.pdf
refused "newer emoji" --title: U+1F972 -- -W 6 -H 6 --title "Hi $newer" \
  -o out.pdf
refused "instructions" --instructions: U+0378 -- -W 6 -H 6 \
  --instructions "Go ${unassigned}" -o out.pdf
refused "label" "--label:" "label seed" U+10FFFD -- -W 6 -H 6 --footer seed \
  --label "seed=s ${pua} %s" -o out.pdf
refused "answer key" --title: U+10FFFD -- -W 6 -H 6 --title "k${pua}" \
  --answer-key key.pdf -o out.pdf
# An existing output is left as it was.
printf 'before' >kept.pdf
"$MAZEGEN" -W 6 -H 6 --title "$pua" -o kept.pdf 2>/dev/null
[ "$(cat kept.pdf)" = before ] && ok || fail "refused title changed kept.pdf"
# A plain maze draws no sheet text: its title is never looked at.
check "plain svg" "$MAZEGEN" -W 6 -H 6 -o out.svg
finish
