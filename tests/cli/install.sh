#!/bin/bash
# SPDX-License-Identifier: MIT
# What meson install puts where (meson introspect --installed): the
# completions in each shell's standard directory, the documentation under
# share/doc/mazegen, the manual page; and the completions installed are
# those mazegen prints.
BUILD=${1:?usage: install.sh BUILD_DIR PREFIX DATADIR}
PREFIX=${2:?}
DATADIR=${3:?}
. "$(dirname "$0")/lib.sh"
need python3

installed=$(meson introspect "$BUILD" --installed) && ok ||
  fail "meson introspect --installed"
share=$PREFIX/$DATADIR
# dest SOURCE_SUFFIX: where the file whose path ends in SOURCE_SUFFIX goes.
dest() {
  python3 -c '
import json, sys
for src, dst in json.loads(sys.stdin.read()).items():
    if src.endswith(sys.argv[1]):
        print(dst)
' "$1" <<<"$installed"
}
expect_dest() {
  local got
  got=$(dest "$1")
  [ "$got" = "$2" ] && ok || fail "$1 installs to '$got', expected '$2'"
}
expect_dest completions/mazegen "$share/bash-completion/completions/mazegen"
expect_dest completions/_mazegen "$share/zsh/site-functions/_mazegen"
expect_dest completions/mazegen.fish "$share/fish/vendor_completions.d/mazegen.fish"
expect_dest /README.md "$share/doc/mazegen/README.md"
expect_dest /LICENSE "$share/doc/mazegen/LICENSE"
expect_dest /NEWS "$share/doc/mazegen/NEWS"
for page in "$(dirname "$0")"/../../docs/*.md; do
  name=$(basename "$page")
  expect_dest "docs/$name" "$share/doc/mazegen/docs/$name"
done
for schema in "$(dirname "$0")"/../../docs/schema/*.json; do
  name=$(basename "$schema")
  expect_dest "docs/schema/$name" "$share/doc/mazegen/docs/schema/$name"
done
expect_dest docs/mazegen.1 "$share/man/man1/mazegen.1"

for pair in bash:mazegen zsh:_mazegen fish:mazegen.fish; do
  shell=${pair%%:*}
  file=$BUILD/completions/${pair#*:}
  "$MAZEGEN" --completions "$shell" | cmp -s - "$file" && ok ||
    fail "$file is not what mazegen --completions $shell prints"
done
finish
