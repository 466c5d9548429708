# SPDX-License-Identifier: MIT
"""Requests the command refuses before any work, refused by Python the
same way and as fast: a PNG past the largest image, an endless file to
--load, an endless --mask (issue 23). Each call runs in a child
interpreter with a time limit and an address-space limit, so a
regression fails here instead of drawing for an hour or filling memory."""
import os
import shutil
import subprocess
import sys

import pytest

MAZEGEN = os.environ.get("MAZEGEN") or shutil.which("mazegen")

# The child's address space once mazegen is imported: far more than any
# of these refusals needs, far less than reading /dev/zero whole.
LIMIT = 1 << 30

CHILD = """
import resource, sys
import mazegen
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
try:
    {call}
except mazegen.MazeError as e:
    print(e.status)
    print(e)
    sys.exit(0)
print("no error")
sys.exit(3)
"""

CASES = [
    (["-W", "20", "-H", "20", "-s", "1", "-t", "png", "-c", "100000"],
     'mazegen.Maze.generate(20, 20, seed=1).to_bytes("png", '
     'cell_size=100000)'),
    pytest.param(
        ["-g", "hex", "-W", "20", "-H", "20", "-s", "1", "-t", "png", "-c",
         "100000"],
        'mazegen.Maze.generate(20, 20, grid="hex", seed=1).to_bytes("png", '
        'cell_size=100000)', marks=pytest.mark.drawing),
    (["--load", "/dev/zero", "-t", "json"], 'mazegen.load("/dev/zero")'),
    (["--mask", "/dev/zero", "-t", "json"],
     'mazegen.Maze.generate(mask="/dev/zero")'),
]


def command_message(args, tmp_path):
    """The command's one-line refusal, without "mazegen: " and its
    pointer to --help."""
    out = tmp_path / "out"
    run = subprocess.run([MAZEGEN, *args, "-o", str(out)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2, run.stderr
    assert not out.exists()
    line = run.stderr.strip()
    assert line.startswith("mazegen: ")
    assert line.endswith(" (see mazegen --help)")
    return line[len("mazegen: "):-len(" (see mazegen --help)")]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
@pytest.mark.parametrize("args,call", CASES)
def test_refused_before_work(args, call, tmp_path):
    want = command_message(args, tmp_path)
    code = CHILD.format(limit=LIMIT, call=call)
    try:
        run = subprocess.run([sys.executable, "-c", code],
                             capture_output=True, text=True, timeout=30,
                             cwd=tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{call} ran past 30 s; the command refuses it at once")
    assert run.returncode == 0, run.stdout + run.stderr
    status, message = run.stdout.rstrip("\n").split("\n", 1)
    assert status == "-2"
    assert message == want
