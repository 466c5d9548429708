# SPDX-License-Identifier: MIT
# Shared helpers for the command-line tests. Each test script sources this,
# calls `check` / `expect_usage` and ends with `finish`, which prints the
# "N passed, N failed" line and sets the exit status.
set -u
MAZEGEN=${MAZEGEN:?set MAZEGEN to the mazegen binary}
# Sheets default to the user's paper (PAPERSIZE, then the PAPERCONF file,
# /etc/papersize): the tests expect letter whatever the machine says.
unset PAPERSIZE
export PAPERCONF=/nonexistent/papersize
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mazegen-cli.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1
passed=0
failed=0

ok() {
  passed=$((passed + 1))
}

fail() {
  failed=$((failed + 1))
  printf 'FAIL: %s\n' "$*"
}

# check DESCRIPTION COMMAND...: passes when the command succeeds.
check() {
  local what=$1
  shift
  if "$@" >/dev/null 2>"$WORK/.err"; then ok; else fail "$what ($(head -c 300 "$WORK/.err"))"; fi
}

# expect_usage ARGS...: exit 2, one line on stderr starting "mazegen:" that
# names an option, nothing on stdout, and no file named out.* or key.*
# created in the working directory.
expect_usage() {
  rm -f out.* key.*
  local status=0
  "$MAZEGEN" "$@" >"$WORK/.out" 2>"$WORK/.err" </dev/null || status=$?
  local lines
  lines=$(wc -l <"$WORK/.err")
  if [ "$status" != 2 ]; then
    fail "mazegen $* exited $status, expected 2"
  elif [ "$lines" != 1 ] || ! grep -q '^mazegen: ' "$WORK/.err"; then
    fail "mazegen $*: expected one 'mazegen:' line, got: $(cat "$WORK/.err")"
  elif ! grep -q -- '-' "$WORK/.err"; then
    fail "mazegen $*: message names no option: $(cat "$WORK/.err")"
  elif [ -s "$WORK/.out" ]; then
    fail "mazegen $*: wrote to standard output on a usage error"
  elif ls out.* key.* .out.* .key.* >/dev/null 2>&1; then
    fail "mazegen $*: left a file behind: $(ls -a | tr '\n' ' ')"
  else
    ok
  fi
}

need() {
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || {
      echo "missing tool: $tool (tools/test installs it)"
      failed=$((failed + 1))
    }
  done
}

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
}
