#!/bin/bash
# SPDX-License-Identifier: MIT
# Nothing unescaped: text read from a file or given as a title reaches a
# terminal, a JSON line or an XML document only in a form that cannot
# act on it. --stats of a loaded wall-graph file prints its provenance
# escaped, --stats=json is always JSON, control characters in a file's
# provenance are refused, and every character XML 1.0 forbids is refused
# in a sheet's title and text before an SVG is written.
. "$(dirname "$0")/lib.sh"
need python3 xmllint

"$MAZEGEN" -W 4 -H 3 -s 1 -t json -o m.json || fail "cannot write m.json"

# with_params FILE VALUE: m.json with provenance.params set to VALUE (as
# JSON text, escapes and all).
with_params() {
  python3 - "$1" "$2" <<'EOF'
import sys
text = open('m.json').read()
open(sys.argv[1], 'w').write(text.replace('"params": ""',
                                          '"params": "' + sys.argv[2] + '"'))
EOF
}

# Quotes and backslashes are printable: loaded, and the JSON line parses
# back to the same text.
with_params quote.json '\"q\" \\ x'
if "$MAZEGEN" --load quote.json --stats=json -o out.svg >stats.json 2>.err; then
  if python3 -c '
import json, sys
d = json.loads(open("stats.json").read())
sys.exit(0 if d["params"] == "\"q\" \\ x" else 1)'; then
    ok
  else
    fail "--stats=json of a params with quotes: $(cat stats.json)"
  fi
else
  fail "--load quote.json --stats=json: $(cat .err)"
fi
# The text form escapes a backslash, so no \u escape can be forged.
"$MAZEGEN" --load quote.json --stats -o out.svg 2>stats.txt
if grep -qF 'seed 1, "q" \\ x' stats.txt; then ok; else
  fail "--stats text of a params with quotes: $(head -1 stats.txt)"
fi

# Control characters (an OSC that sets the window title, a C1 CSI that
# clears the screen, a newline that forges a line) are refused where they
# are read, with a message that names the member.
n=0
for bad in 'x\u001b]0;pwned\u0007' '\u009b2J' 'a\nmazegen: forged' '\u007f'; do
  n=$((n + 1))
  with_params "bad$n.json" "$bad"
  for stats in --stats --stats=json; do
    rm -f out.svg
    status=0
    "$MAZEGEN" --load "bad$n.json" "$stats" -o out.svg >.out 2>.err ||
      status=$?
    if [ "$status" != 2 ]; then
      fail "--load params '$bad' $stats: exit $status, expected 2"
    elif ! grep -q '^mazegen: --load: bad[0-9]*.json:[0-9]*:[0-9]*: provenance.params: expected text without control characters' .err; then
      fail "--load params '$bad' $stats: $(cat .err)"
    elif [ "$(wc -l <.err)" != 1 ] || LC_ALL=C grep -q '[[:cntrl:]]' .err .out; then
      fail "--load params '$bad' $stats: a control character got out"
    elif [ -e out.svg ]; then
      fail "--load params '$bad' $stats: wrote out.svg"
    else
      ok
    fi
  done
done
# The same in the algorithm's name.
python3 -c '
t = open("m.json").read()
open("alg.json", "w").write(t.replace("\"backtracker\"", "\"back\\u001b[2Jtracker\""))'
expect_usage --load alg.json --stats -o out.svg

# XML 1.0 forbids U+FFFE and U+FFFF: refused in a sheet's texts...
for opt in --title --instructions --author; do
  expect_usage --sheet "$opt" "$(printf 'A\xef\xbf\xbeB')" -o out.svg
  expect_usage --sheet "$opt" "$(printf 'A\xef\xbf\xbfB')" -o out.svg
done
# ...and replaced (by U+FFFD) in a loaded file's provenance, which the
# SVG's title shows: the document stays well formed, alone or on a sheet.
with_params ffff.json 'a\uffffb\ufffe'
for sheet in "" --sheet; do
  rm -f out.svg
  if "$MAZEGEN" --load ffff.json $sheet -o out.svg 2>.err &&
    xmllint --noout out.svg 2>.err; then
    ok
  else
    fail "--load ffff.json $sheet -o out.svg: not well-formed XML: $(head -3 .err)"
  fi
done

finish
