#!/bin/bash
# SPDX-License-Identifier: MIT
# The shell completions mazegen prints (--completions), as meson installs
# them: bash's completion function is run on typed command lines and its
# COMPREPLY checked; zsh's and fish's scripts are syntax-checked when those
# shells are installed.
. "$(dirname "$0")/lib.sh"

"$MAZEGEN" --completions bash >mazegen.bash && ok || fail "--completions bash"
"$MAZEGEN" --completions zsh >_mazegen && ok || fail "--completions zsh"
"$MAZEGEN" --completions fish >mazegen.fish && ok || fail "--completions fish"
expect_usage --completions tcsh

# shellcheck source=/dev/null
. ./mazegen.bash && ok || fail "the bash script does not load"
complete -p mazegen 2>/dev/null | grep -q _mazegen && ok ||
  fail "the bash script registers no completion for mazegen"

# reply WORD...: COMPREPLY for the command line WORD... (the last word is
# the one being completed), one per line, sorted.
reply() {
  COMP_WORDS=(mazegen "$@")
  COMP_CWORD=$#
  COMP_LINE="mazegen $*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _mazegen mazegen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sort
}

# expect WHAT WANT WORD...: the completions of WORD... are exactly WANT
# (one per line).
expect() {
  local what=$1 want=$2
  shift 2
  local got
  got=$(reply "$@")
  [ "$got" = "$want" ] && ok || fail "$what: got '$got', expected '$want'"
}

expect "-a kr" kruskal -a kr
expect "--algorithm=wil" wilson --algorithm=wil
# COMP_WORDBREAKS splits --algorithm=wil into three words.
expect "--algorithm = wil" wilson --algorithm = wil
expect "--algorithm = (empty)" "$({ "$MAZEGEN" --algorithm list; echo list; } | sort)" \
  --algorithm =
grids=$(reply --grid '')
for kind in rect hex triangle upsilon zeta theta 3d weave list; do
  grep -qx "$kind" <<<"$grids" && ok || fail "--grid lists no $kind: $grids"
done
[ "$(wc -l <<<"$grids")" = 9 ] && ok || fail "--grid lists $grids"
expect "-t s" "sheet
svg" -t s
expect "-t n" none -t n
expect "--paper a" "$(printf '%s\n' a0 a1 a10 a2 a3 a4 a5 a6 a7 a8 a9 \
  archa archb archc archd arche | sort)" --paper a
expect "--paper c" "$(printf '%s\n' c2 c3 c4 c5 c6 c7 c8 comm10 csheet | sort)" \
  --paper c
expect "--paper 1" "10x14
11x17" --paper 1
expect "--difficulty e" "easy
expert" --difficulty e
expect "--charset ut" utf8 --charset ut
expect "--charset un" underscore --charset un
expect "--stats=j" json --stats=j
expect "--answers s" same-page --answers s
expect "--orientation l" landscape --orientation l
# A free value: nothing offered, not even options.
expect "-W (empty)" "" -W ''
expect "-s -" "" -s -

# Files where a file goes.
mkdir -p sub
touch maze-one.png maze-two.svg sub/inner.txt
expect "-o maze-" "maze-one.png
maze-two.svg" -o maze-
expect "--answer-key=maze-t" maze-two.svg --answer-key=maze-t
expect "--load sub/" sub/inner.txt --load sub/
expect "--mask maze-o" maze-one.png --mask maze-o
# Options: long and short, every one in the table but the hidden one.
expect "--ma" "--margin
--mask
--mask-invert
--max-memory" --ma
expect "--vers" --version --vers
expect "--fo" "--footer
--force
--format" --fo
expect "--compl" "" --compl
opts=$(reply -)
for o in -V -a -g -o -t -W --solution --sheet --paper --stats; do
  grep -qx -- "$o" <<<"$opts" && ok || fail "- does not offer $o"
done
# After a finished value, options again.
expect "-a kruskal --so" --solution -a kruskal --so

# Every long option --help names is offered, and only those.
help_opts=$("$MAZEGEN" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u)
comp_opts=$(reply -- | grep -- '^--' | sort -u)
missing=$(comm -23 <(echo "$help_opts") <(echo "$comp_opts"))
extra=$(comm -13 <(echo "$help_opts") <(echo "$comp_opts"))
[ -z "$missing" ] && ok || fail "not completed: $missing"
[ -z "$extra" ] && ok || fail "completed but not in --help: $extra"

if command -v zsh >/dev/null 2>&1; then
  zsh -n _mazegen && ok || fail "zsh -n _mazegen"
else
  echo "zsh not installed: zsh script not checked"
fi
if command -v fish >/dev/null 2>&1; then
  fish -n mazegen.fish && ok || fail "fish -n mazegen.fish"
  # fish completes a command line itself (complete -C): name TAB summary.
  fish_reply() {
    fish --no-config -c "source mazegen.fish; complete -C '$1'" | cut -f1 | sort
  }
  [ "$(fish_reply 'mazegen -a kr')" = kruskal ] && ok ||
    fail "fish: -a kr: $(fish_reply 'mazegen -a kr')"
  [ "$(fish_reply 'mazegen --grid ' | wc -l)" = 9 ] && ok ||
    fail "fish: --grid: $(fish_reply 'mazegen --grid ')"
  [ "$(fish_reply 'mazegen -o maze-t')" = maze-two.svg ] && ok ||
    fail "fish: -o maze-t: $(fish_reply 'mazegen -o maze-t')"
  [ "$(fish_reply 'mazegen --forc')" = --force ] && ok ||
    fail "fish: --forc: $(fish_reply 'mazegen --forc')"
else
  echo "fish not installed: fish script not checked"
fi
grep -q '^#compdef mazegen' _mazegen && ok || fail "zsh script: no #compdef"
finish
