# SPDX-License-Identifier: MIT
"""The option table from Python (mazegen.options()), and keyword arguments
read through it: every value the command refuses, Python refuses with the
command's own message, and no int wraps round (MAZEGEN names the
command; meson test sets it)."""
import inspect
import locale
import math
import os
import shutil
import subprocess

import pytest

import mazegen

MAZEGEN = os.environ.get("MAZEGEN") or shutil.which("mazegen")
need_cli = pytest.mark.skipif(MAZEGEN is None,
                              reason="no mazegen command (set MAZEGEN)")

# The command's options no keyword of the module takes: what the program
# itself does (its terminal modes, what it prints, its files), and the
# command's own ways to a result Python reaches otherwise (load(),
# Maze.stats(), sheet(), the path of save() and sheet(), answers="only"
# for --answer-key).
NOT_KEYWORDS = {
    "output", "force", "answer-key", "load", "job", "stats",
    "interactive", "play", "sheet", "puzzle", "stream", "max-memory",
    "threads", "verbose", "quiet", "help", "version", "watch", "delay",
    "animate", "frames", "frame-every", "completions", "page",
    # A check of the command's sheets: sheet() draws the mazes it is given.
    "min-passage",
}


def test_options_table():
    rows = mazegen.options()
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names)) > 50
    width = next(r for r in rows if r["name"] == "width")
    assert (width["letter"], width["type"], width["group"]) == \
        ("W", "number", "maze")
    assert (width["min"], width["max"], width["default"]) == (1, 1000000, "20")
    assert width["keyword"] == "width"
    assert width["help"] == "width in cells, 1 to 1000000 (default 20)"
    by = {r["name"]: r for r in rows}
    # Registries are filled in; placeholders are gone from every help.
    assert by["algorithm"]["choices"] == mazegen.algorithms()
    assert set(mazegen.grid_kinds()) <= set(by["grid"]["choices"])
    assert set(mazegen.formats()) <= set(by["format"]["choices"])
    assert by["paper"]["choices"] == mazegen.papers()
    assert by["paper"]["default_rule"] == "environment"
    assert by["openings"]["choices"] == ["longest", "left-right",
                                         "top-bottom"]
    assert by["centre"]["alias"] == "center"
    assert by["title"]["max"] == 200 and by["title"]["min"] is None
    assert by["seed"]["max"] == 2 ** 64 - 1
    for r in rows:
        assert "{" not in r["help"], r["name"]
        assert r["summary"]
    assert by["cell-size"]["keyword"] == "cell_size"
    assert by["orientation"]["keyword"] == "landscape"
    assert {r["name"] for r in rows if r["keyword"] is None} == NOT_KEYWORDS


@pytest.mark.parametrize("call,error,message", [
    # Both would carve 2**40 and 10001 mazes before.
    (lambda: mazegen.book(2 ** 40, width=2, height=2),
     mazegen.MazeOverflowError,
     "--count: '1099511627776' is not valid; expected a whole number from "
     "1 to 10000"),
    (lambda: mazegen.book(10001, width=2, height=2), mazegen.MazeError,
     "--count: '10001' is not valid; expected a whole number from 1 to "
     "10000"),
    # Wrapped to 4294967295 and 1 before.
    (lambda: mazegen.Maze.generate(8, 8, algorithm="division", rooms=-1),
     mazegen.MazeOverflowError,
     "--rooms: '-1' is not valid; expected a whole number from 0 to "
     "1000000"),
    (lambda: mazegen.Maze.generate(9, 9, fractal=2 ** 32 + 1),
     mazegen.MazeOverflowError,
     "--fractal: '4294967297' is not valid; expected a whole number from "
     "1 to 31"),
    # Accepted before.
    (lambda: mazegen.Maze.generate(4, 4, levels=0), mazegen.MazeError,
     "-L/--levels: '0' is not valid; expected a whole number from 1 to 64, "
     "a 3d grid's levels"),
    # The generic 1 to 1000000 before: the kind's own limits.
    (lambda: mazegen.Maze.generate(4, 0, grid="theta"), mazegen.MazeError,
     "-H/--height: '0' is not valid; expected a whole number from 1 to "
     "20000, a theta grid's rings, the centre included"),
    (lambda: mazegen.Maze.generate(2 ** 32, 4, grid="3d"),
     mazegen.MazeOverflowError,
     "-W/--width: '4294967296' is not valid; expected a whole number from "
     "1 to 65535, a 3d grid's columns"),
    (lambda: mazegen.Maze.generate(4, 4, seed=1).to_bytes("png", dpi=0),
     mazegen.MazeError,
     "--dpi: '0' is not valid; expected a whole number from 1 to 100000"),
    (lambda: mazegen.Maze.generate(4, 4, openings="corners"),
     mazegen.MazeError,
     "--openings: unknown value 'corners'; expected one of longest, "
     "left-right, top-bottom"),
    (lambda: mazegen.Maze.generate(4, 4, seed=1).to_bytes(
        "svg", cell_size=0), mazegen.MazeError,
     "-c/--cell-size: '0' is not valid; expected a positive length up to "
     "100000 with a unit px, pt, mm, cm or in (e.g. 12pt)"),
    (lambda: mazegen.sheet([mazegen.Maze.generate(4, 4, seed=1)],
                           format="png", dpi=2 ** 32 + 96),
     mazegen.MazeOverflowError,
     "--dpi: '4294967392' is not valid; expected a whole number from 1 to "
     "100000"),
    # "invalid argument" or "value out of range" alone before.
    (lambda: mazegen.sheet([mazegen.Maze.generate(4, 4, seed=1)],
                           per_page=3), mazegen.MazeError,
     "--per-page: unknown value '3'; expected one of 1, 2, 4, 6"),
    (lambda: mazegen.sheet([mazegen.Maze.generate(4, 4, seed=1)],
                           title="x" * 201), mazegen.MazeError,
     "--title: the text is too long; expected UTF-8 text of at most 200 "
     "bytes on one line"),
])
def test_refused_as_the_command_refuses(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert type(e.value) is error
    assert str(e.value) == message
    assert e.value.status == -2
    if error is mazegen.MazeOverflowError:
        assert isinstance(e.value, OverflowError)


@pytest.mark.drawing
def test_numbers_out_of_c_range():
    """Integers with no option row do not wrap either."""
    maze = mazegen.Maze.generate(4, 4, seed=1)
    with pytest.raises(OverflowError, match="numbers: 4294967297"):
        mazegen.sheet([maze], numbers=[2 ** 32 + 1])
    with pytest.raises(OverflowError):
        mazegen.sheet([maze], numbers=[-1])


def test_keywords_read_as_the_command_reads_them():
    grid = mazegen.Maze.generate(6, 6, seed=1, weave=True,
                                 algorithm="kruskal")
    assert grid.kind == "weave"
    alias = next((k, a) for k, v in mazegen.grid_kind_info().items()
                 for a in v["aliases"])
    assert mazegen.Maze.generate(seed=1, grid=alias[1]).kind == alias[0]
    pinned = mazegen.Maze.generate(5, 5, seed=1, start="0,0",
                                   finish=[4, 4])
    assert (pinned.start, pinned.finish) == ((0, 0), (4, 4))
    maze = mazegen.Maze.generate(5, 5, seed=1, braid=0.25)
    assert maze.provenance == mazegen.Maze.generate(
        5, 5, seed=1, braid="0.25").provenance
    assert maze.to_bytes("txt") == maze.to_bytes("text")
    assert maze.to_bytes("svg", margin=0) == maze.to_bytes("svg",
                                                           margin="0mm")
    with pytest.raises(mazegen.MazeError,
                       match="^--braid: '0.0000001' is not valid"):
        mazegen.Maze.generate(5, 5, braid=1e-7)
    with pytest.raises(mazegen.MazeError, match="^--braid: 'nan' is not"):
        mazegen.Maze.generate(5, 5, braid=math.nan)
    with pytest.raises(TypeError):
        mazegen.Maze.generate(5, 5, rooms=1.5)
    with pytest.raises(TypeError):
        mazegen.Maze.generate(5, 5, seed=True)


# Where Python takes each keyword: the first of these that has it.
def _taker(keyword):
    maze = mazegen.Maze.generate(3, 3, seed=1)
    if keyword == "count":
        return lambda v: mazegen.book(v, width=2, height=2)
    if keyword == "format":
        return lambda v: maze.to_bytes(v)
    if keyword == "labels":
        # --label KEY=TEXT is labels={KEY: TEXT}.
        return lambda v: mazegen.sheet(
            [maze], labels=dict([v.split("=", 1)]))
    for function, call in (
            (mazegen.Maze.generate,
             lambda k, v: mazegen.Maze.generate(
                 **{"width": 3, "height": 3, k: v})),
            (mazegen.Maze.to_bytes, lambda k, v: maze.to_bytes(**{k: v})),
            (mazegen.sheet, lambda k, v: mazegen.sheet([maze], **{k: v}))):
        if keyword in inspect.signature(function).parameters:
            return lambda v, c=call: c(keyword, v)
    raise AssertionError(f"no function takes {keyword}")


def _bad_values(row):
    """Values of each kind that the row refuses."""
    kind = row["type"]
    if kind == "number":
        values = [0, -1, 2 ** 32 + 1, 2 ** 64, row["max"] + 1]
        return [v for v in values if not row["min"] <= v <= row["max"]]
    if kind == "fraction":
        return [-1, 2, 2 ** 32 + 1, 2 ** 64, "half", math.inf]
    if kind == "length":
        return [-1, 2 ** 32 + 1, 2 ** 64, "3furlongs"] + \
            ([] if row["name"] == "margin" else [0])
    if kind == "choice":
        return ["nope"] + ([0, -1, 3] if row["name"] == "per-page" else [])
    if kind == "cell":
        return ["-1,0", "1,", (2 ** 32, 0), (0, -1)]
    if kind == "text" and row["name"] == "label":
        return ["puzzle=" + "x" * (row["max"] - 6), "puzzle=a\x01b"]
    if kind == "text":
        return ["x" * (row["max"] + 1), "a\x01b"]
    return []


def kind(name):
    return next(r["type"] for r in mazegen.options() if r["name"] == name)


def _text(value):
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return value if isinstance(value, str) else repr(value)


CASES = [(r["name"], r["keyword"], v) for r in mazegen.options()
         if r["keyword"] not in (None, "landscape", "mask")
         for v in _bad_values(r)]


@need_cli
@pytest.mark.parametrize("name,keyword,value", CASES,
                         ids=[f"{n}={_text(v)[:12]}" for n, _, v in CASES])
def test_same_refusal_as_command(name, keyword, value, tmp_path):
    """Each value the command refuses for an option, the keyword refuses
    with the same message."""
    run = subprocess.run([MAZEGEN, f"--{name}={_text(value)}", "-t", "none"],
                         cwd=tmp_path, capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2, (run.stdout, run.stderr)
    line = run.stderr.strip()
    assert line.startswith("mazegen: ")
    assert line.endswith(" (see mazegen --help)")
    want = line[len("mazegen: "):-len(" (see mazegen --help)")]
    with pytest.raises(mazegen.MazeError) as e:
        _taker(keyword)(value)
    assert str(e.value) == want
    # An int no C integer of the option holds is also an OverflowError.
    ints = value if isinstance(value, tuple) else (value,) \
        if isinstance(value, int) and kind(name) in ("number", "cell") \
        else ()
    bits = 64 if name == "seed" else 32
    too_big = any(not 0 <= v < 2 ** bits for v in ints)
    assert isinstance(e.value, OverflowError) == too_big
    assert not os.listdir(tmp_path)


@pytest.fixture
def comma_locale(tmp_path, monkeypatch):
    """de_DE.UTF-8 (a comma for the decimal point) for this process, built
    with localedef into tmp_path; skipped where localedef or its sources
    are missing."""
    if shutil.which("localedef") is None:
        pytest.skip("no localedef")
    made = subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8",
                           str(tmp_path / "de_DE.UTF-8")],
                          capture_output=True)
    if made.returncode not in (0, 1) or \
            not (tmp_path / "de_DE.UTF-8").exists():
        pytest.skip("localedef cannot make de_DE.UTF-8")
    monkeypatch.setenv("LOCPATH", str(tmp_path))
    saved = locale.setlocale(locale.LC_ALL)
    locale.setlocale(locale.LC_ALL, "de_DE.UTF-8")
    yield
    locale.setlocale(locale.LC_ALL, saved)


def _decimals():
    """Everything a decimal goes into, as bytes."""
    maze = mazegen.Maze.generate(8, 8, seed=3, braid=0.5,
                                 bias={"h": 2.5})
    out = [repr(maze.provenance).encode(),
           maze.to_bytes("svg", cell_size=12.5, wall_width="1.5pt",
                         margin="0.25in"),
           maze.to_bytes("png", cell_size=7.5, dpi=150)]
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.Maze.generate(8, 8, braid="0,5")
    return out + [str(e.value).encode()]


def test_decimals_ignore_the_locale(comma_locale):
    """Decimals are read the command's way whatever the locale: the same
    mazes and drawings under de_DE.UTF-8, and "0,5" refused in both."""
    assert locale.localeconv()["decimal_point"] == ","
    german = _decimals()
    locale.setlocale(locale.LC_ALL, "C")
    assert german == _decimals()
