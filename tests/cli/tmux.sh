# SPDX-License-Identifier: MIT
# The terminal tests' harness (sourced after lib.sh): a tmux server of the
# test's own, in its directory, with no user config; detached sessions of
# fixed size that run mazegen between two stty -a; their screens. Skips
# the test (77) without tmux, except under CI (CI=true), where a missing
# tool fails.
# Usage: . tmux.sh SOCKET-NAME
if ! command -v tmux >/dev/null 2>&1; then
  if [ "${CI:-}" = true ]; then
    need tmux
    finish
    exit 1
  fi
  echo "tmux not installed: skipped (tools/setup tools/packages-test.txt installs it)"
  exit 77
fi

export TMUX_TMPDIR=$WORK
unset TMUX
TMUX_SOCKET=$1
tm() { tmux -L "$TMUX_SOCKET" -f /dev/null "$@"; }
trap 'tm kill-server >/dev/null 2>&1; rm -rf "$WORK"' EXIT
# A session that lives as long as the test: tmux's server exits with its
# last session, and a session started while it is going down fails
# ("server exited unexpectedly").
tm new-session -d -s keep "exec sleep 3600"

# start NAME ARGS...: a 100x60 session (TM_COLS columns if set) running
# mazegen ARGS between two
# stty -a, its process id in NAME.pid, then the exit status in
# NAME.status. The shell traps Ctrl-C (so mazegen starts with the default
# action) and lives on to write the status. TERM and NO_COLOR come from
# the caller's environment as the session's.
start() {
  local name=$1
  shift
  cat >"$name.sh" <<SCRIPT
trap : INT
stty -a >$name.before
sh -c 'echo \$\$ >$name.pid && exec "\$0" "\$@"' "$MAZEGEN" $*
echo \$? >$name.tmp && mv $name.tmp $name.status
stty -a >$name.after
exec sleep 600
SCRIPT
  tm new-session -d -s "$name" -x "${TM_COLS:-100}" -y 60 "bash --noprofile --norc $name.sh"
}

screen() { tm capture-pane -p -t "$1"; }

# wait_for NAME PATTERN [COUNT]: until the screen has COUNT lines (default
# 1) matching the extended regular expression, for up to 40 s (a loaded
# machine is slow). The screen's lines come without trailing spaces.
wait_for() {
  local i
  for i in $(seq 400); do
    [ "$(screen "$1" | grep -cE -- "$2")" -ge "${3:-1}" ] && return 0
    sleep 0.1
  done
  return 1
}

# wait_status NAME: until the session's mazegen has ended and its status
# and the terminal's modes after it are written.
wait_status() {
  local i
  for i in $(seq 400); do
    [ -f "$1.status" ] && [ -f "$1.after" ] && return 0
    sleep 0.1
  done
  return 1
}
