#!/bin/bash
# SPDX-License-Identifier: MIT
# What users of GNU tools expect of the command line: getopt's own
# diagnoses in its words, format names and units in any case.
. "$(dirname "$0")/lib.sh"

# usage_says ARGS... -- TEXT: a usage error (exit 2, one line) saying TEXT.
usage_says() {
  local args=()
  while [ "$1" != -- ]; do
    args+=("$1")
    shift
  done
  expect_usage "${args[@]}"
  grep -qF -- "$2" .err && ok || fail "mazegen ${args[*]}: $(cat .err)"
}

# getopt's diagnoses, worded as glibc's getopt words them.
usage_says --st -- \
  "option '--st' is ambiguous; possibilities: '--start' '--stats' '--stream'"
usage_says --sheet=x -- "option '--sheet' doesn't allow an argument"
usage_says --sol=yes -o out.png -- \
  "option '--solution' doesn't allow an argument"
usage_says -o out.txt --width -- "option '--width' requires an argument"
usage_says -o out.txt --wid -- "option '--width' requires an argument"
usage_says -o out.txt -W -- "option '-W' requires an argument"
usage_says --bogus -- "unknown option '--bogus'"

# Format names and units in any case, as --paper A4 is: the same bytes.
# (Words such as --background's are exact, as GNU's are.)
same() {
  local what=$1 a=$2 b=$3
  shift 3
  "$MAZEGEN" -W 4 -H 4 -s 3 $a "$@" >a.out 2>.err &&
    "$MAZEGEN" -W 4 -H 4 -s 3 $b "$@" >b.out 2>>.err &&
    cmp -s a.out b.out && ok || fail "$what: $(cat .err)"
}
same "-t PNG" "-t PNG" "-t png"
same "-c 12PT" "-c 12PT" "-c 12pt" -t svg
same "-c 1CM" "-c 1CM" "-c 10mm" -t svg
same "--margin 0.5IN" "--margin 0.5IN" "--margin 0.5in" -t svg
usage_says -c 12qq -- "px, pt, mm, cm or in"

finish
