#!/bin/bash
# SPDX-License-Identifier: MIT
# What users of GNU tools expect of the command line: getopt's own
# diagnoses in its words.
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

finish
