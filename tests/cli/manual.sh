#!/bin/bash
# SPDX-License-Identifier: MIT
# The manual page (as meson configures and installs it) against --help:
# every long and short option in one is in the other; its sections are
# there; the docs it names are installed; its examples run; groff reads it
# without a warning.
MAN=${1:?usage: manual.sh MANPAGE DOCS_DIR}
DOCS=${2:?usage: manual.sh MANPAGE DOCS_DIR}
samples=$(cd "$(dirname "$0")/../../samples" && pwd)
. "$(dirname "$0")/lib.sh"

[ -s "$MAN" ] && ok || fail "no manual page at $MAN"
grep -q '@[A-Z_][A-Z_]*@' "$MAN" && fail "unconfigured @VAR@ left in $MAN" || ok
# The page read where it stands (man ./docs/mazegen.1) has no placeholder
# either: it names the default prefix's directories, which meson rewrites.
grep -q '@[A-Z_][A-Z_]*@' "$DOCS/mazegen.1" &&
  fail "a @VAR@ placeholder in the source page" || ok
if command -v groff >/dev/null 2>&1; then
  src_text=$(groff -man -Tutf8 -rLL=300n -rHY=0 -P-cbou "$DOCS/mazegen.1" 2>&1)
  grep -q ' /usr/local/share/doc/mazegen/docs/serve.md says' <<<"$src_text" &&
    ok || fail "the source page does not name the default docs directory"
fi
grep -q "^\.ds mazegen-docdir .*/doc/mazegen\$" "$MAN" && ok ||
  fail "the configured page does not define mazegen-docdir"
# The page as text: roff escapes and fonts removed.
text=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(mu/x/g' "$MAN")
help=$("$MAZEGEN" --help)

# Long options: the same set in both.
longs() { grep -oE -- '(^|[^a-z-])--[a-z][a-z-]*[a-z]' | grep -oE -- '--[a-z-]+' | sort -u; }
in_help=$(longs <<<"$help")
in_man=$(longs <<<"$text")
missing=$(comm -23 <(echo "$in_help") <(echo "$in_man"))
extra=$(comm -13 <(echo "$in_help") <(echo "$in_man"))
[ -z "$missing" ] && ok || fail "in --help, not in the manual: $missing"
[ -z "$extra" ] && ok || fail "in the manual, not in --help: $extra"
[ "$(wc -l <<<"$in_help")" -ge 50 ] && ok || fail "few options in --help: $in_help"
# Short options, as listed in --help's option column ("  -W, --width").
for s in $(grep -oE '^  -[a-zA-Z],' <<<"$help" | tr -d ' ,'); do
  long=$(grep -E -- "^  $s, " <<<"$help" | grep -oE -- '--[a-z-]+' | head -1)
  grep -qE -- "^\\.?.*$s, $long" <<<"$text" && ok ||
    fail "the manual does not give $s with $long"
done

for section in NAME SYNOPSIS DESCRIPTION ENVIRONMENT 'EXIT STATUS' EXAMPLES \
  FILES 'SEE ALSO'; do
  grep -q "^\\.SH \"\\{0,1\\}$section\"\\{0,1\\}\$" "$MAN" && ok ||
    fail "the manual has no $section section"
done
for var in SOURCE_DATE_EPOCH PAPERSIZE PAPERCONF LC_ALL; do
  sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$MAN" | grep -q "$var" && ok ||
    fail "ENVIRONMENT does not name $var"
done
# Every exit status the help names is explained.
for st in 0 1 2; do
  sed -n '/^\.SH EXIT STATUS/,/^\.SH /p' "$MAN" | grep -qx "\\.B $st" && ok ||
    fail "EXIT STATUS does not explain $st"
done

# Every page it names is one meson installs (docs/*.md, README.md, NEWS).
for page in $(grep -oE '[a-z][a-z\\-]*\.md' "$MAN" | sed 's/\\-/-/g' | sort -u); do
  [ -f "$DOCS/$page" ] || [ "$page" = README.md ] && ok ||
    fail "the manual names $page, which is not installed"
done
grep -q 'source tree' "$MAN" && fail "the manual points into the source tree" || ok

# The examples run (all but the ten-billion-cell one, and those that need
# a terminal: the watch, play and console tests run them in tmux), with the
# masks they name.
cp "$samples/masks/heart.png" "$samples/masks/letter-m.txt" .
n=0
while IFS= read -r line; do
  # One example may hold two commands joined by ';'.
  IFS=';' read -ra commands <<<"$line"
  for example in "${commands[@]}"; do
    # shellcheck disable=SC2086 # the examples are plain words
    set -- $example
    shift
    n=$((n + 1))
    "$MAZEGEN" "$@" >ex.out 2>ex.err </dev/null && ok ||
      fail "manual example '$example': $(cat ex.err)"
  done
done < <(sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$MAN" | grep '^\.B mazegen' |
  grep -v 'W 100000' | sed -e 's/^\.B //' -e 's/\\-/-/g' |
  grep -v -e '--watch' -e '--play' -e ' -i\b')
[ "$n" -ge 10 ] && ok || fail "found only $n examples in the manual"

if command -v groff >/dev/null 2>&1; then
  warn=$(groff -man -Tutf8 -ww -z "$MAN" 2>&1)
  [ -z "$warn" ] && ok || fail "groff: $warn"
fi
finish
