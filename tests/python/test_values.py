# SPDX-License-Identifier: MIT
"""Mazes as values and as pictures and arrays: equality by content,
pickling through the wall-graph file, IPython's display methods, the
walls as an array (the command's blocks-raw bytes), difficulty=, and a
sheet's language, labels and footer, each against the mazegen command's
bytes for the same options (MAZEGEN names the command)."""
import copy
import os
import pickle
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

import pytest

import mazegen

MAZEGEN = os.environ.get("MAZEGEN") or shutil.which("mazegen")
need_cli = pytest.mark.skipif(MAZEGEN is None,
                              reason="no mazegen command (set MAZEGEN)")


def command(*args):
    """The bytes the command writes to its standard output (English
    words and a fixed date whatever the machine's settings)."""
    env = dict(os.environ, SOURCE_DATE_EPOCH="0", LANG="C.UTF-8",
               LANGUAGE="", LC_ALL="", LC_MESSAGES="", PAPERSIZE="letter")
    run = subprocess.run([MAZEGEN, *args, "-o", "-"], env=env,
                         capture_output=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.fixture
def english(monkeypatch):
    """Sheets without lang= take the locale's language, as the
    command's: English here, whatever the machine's locale."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    monkeypatch.setenv("LANG", "C.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)


def test_equal_by_content():
    a = mazegen.Maze.generate(9, 7, seed=4, algorithm="kruskal")
    b = mazegen.Maze.generate(9, 7, seed=4, algorithm="kruskal")
    assert a is not b and a == b and not a != b
    assert hash(a) == hash(b) and len({a, b}) == 1
    assert a != mazegen.Maze.generate(9, 7, seed=5, algorithm="kruskal")
    assert a != mazegen.Maze.generate(9, 8, seed=4, algorithm="kruskal")
    # Same passages but another provenance: another maze.
    assert a != mazegen.Maze.generate(9, 7, seed=4, algorithm="prim")
    assert a != "maze" and a != a.to_bytes("json")
    # A maze loaded from its file is the maze saved.
    assert mazegen.load(a.to_bytes("json")) == a


@pytest.mark.parametrize("options", [
    dict(width=7, height=5, seed=1),
    dict(grid="hex", width=6, height=5, seed=2, braid=0.5),
    dict(grid="theta", height=4, seed=3),
    dict(grid="3d", width=4, height=3, levels=2, seed=4),
    dict(grid="weave", width=6, height=6, seed=5),
    dict(mask=[".##.", "####", ".##."], seed=6),
])
def test_pickle_round_trip(options):
    maze = mazegen.Maze.generate(**options)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(maze, protocol))
        assert again == maze and again is not maze
        assert again.to_bytes("svg", solution=True) == \
            maze.to_bytes("svg", solution=True)
        assert again.solve() == maze.solve()
        assert again.seed == maze.seed and again.kind == maze.kind
    assert copy.copy(maze) == maze and copy.deepcopy(maze) == maze
    # Pickled small: the wall-graph file, not a drawing.
    assert len(pickle.dumps(maze)) < len(maze.to_bytes("json")) + 200


@pytest.mark.drawing
@need_cli
def test_pickled_maze_sheet_as_generated(english, tmp_path):
    """A pickled generated maze keeps what sheet() takes of it (its seed
    in the PDF's keywords), so its sheet is the command's."""
    maze = pickle.loads(pickle.dumps(mazegen.Maze.generate(seed=4)))
    assert mazegen.sheet([maze]) == command("--sheet", "-s", "4")


def png_size(data):
    """Width and height of a PNG, its chunks' CRCs checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, size = 8, None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc, = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) == crc
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        pos += 12 + length
        if kind == b"IEND":
            break
    assert pos == len(data)
    return size


@need_cli
@pytest.mark.parametrize("args,options", [
    (["-W", "10", "-H", "6", "-s", "3"], dict(width=10, height=6, seed=3)),
    (["-g", "hex", "-W", "5", "-H", "4", "-s", "8"],
     dict(grid="hex", width=5, height=4, seed=8)),
])
def test_display_in_notebooks(args, options):
    """IPython shows a maze as its SVG or PNG drawing: the command's."""
    maze = mazegen.Maze.generate(**options)
    svg = maze._repr_svg_()
    assert isinstance(svg, str)
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert len(root.get("viewBox").split()) == 4
    assert svg.encode() == command(*args, "-t", "svg")
    png = maze._repr_png_()
    if os.environ.get("MAZEGEN_DRAWING") == "0" and maze.kind != "rect":
        # A core build draws PNG of whole rectangles only: IPython is
        # told there is none and shows the SVG.
        assert png is None
        return
    assert isinstance(png, bytes)
    width, height = png_size(png)
    assert width > 0 and height > 0
    assert png == command(*args, "-t", "png")


@need_cli
@pytest.mark.parametrize("width,height,seed", [(1, 1, 1), (5, 3, 2),
                                               (12, 20, 7)])
def test_walls_as_array(width, height, seed, monkeypatch):
    """walls() is the command's blocks-raw map, (2H + 1) x (2W + 1), as
    a numpy array and (without numpy) as a memoryview."""
    maze = mazegen.Maze.generate(width, height, seed=seed)
    raw = command("-W", str(width), "-H", str(height), "-s", str(seed),
                  "-t", "blocks-raw")
    rows, cols = 2 * height + 1, 2 * width + 1
    assert len(raw) == rows * cols
    try:
        import numpy
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("python3-numpy is not installed "
                        "(tools/packages-test.txt)")
        numpy = None
    if numpy is not None:
        array = maze.walls()
        assert isinstance(array, numpy.ndarray)
        assert array.dtype == numpy.uint8 and array.shape == (rows, cols)
        assert array.tobytes() == raw
        assert numpy.array_equal(numpy.asarray(maze), array)
        # Cells are floor on odd rows and columns; start and finish 2, 3.
        x, y = maze.start
        assert array[2 * y + 1, 2 * x + 1] == 2
        x, y = maze.finish
        assert array[2 * y + 1, 2 * x + 1] == (3 if maze.finish !=
                                               maze.start else 2)
        array[0, 0] = 9   # the caller's own copy
        assert maze.walls()[0, 0] == 0
    # Without numpy: a buffer of the same shape and bytes.
    monkeypatch.setitem(sys.modules, "numpy", None)
    view = maze.walls()
    assert isinstance(view, memoryview)
    assert view.shape == (rows, cols) and view.format == "B"
    assert view.tobytes() == raw
    assert view.readonly


@pytest.mark.parametrize("options,what", [
    (dict(grid="hex", width=4, height=4), "hex"),
    (dict(grid="3d", width=4, height=3, levels=2), "3d"),
    (dict(mask=["##.", "###"]), "masked rect"),
])
def test_walls_of_other_kinds(options, what):
    maze = mazegen.Maze.generate(seed=1, **options)
    with pytest.raises(mazegen.MazeError) as e:
        maze.walls()
    assert e.value.status == -6 and what in str(e.value)
    assert "passages()" in str(e.value)


@need_cli
@pytest.mark.parametrize("level,seed", [("easy", 3), ("hard", 5),
                                        ("expert", 9),
                                        ("medium,winding=..3", 2)])
def test_difficulty_as_command(level, seed):
    """difficulty= picks the algorithm and the seed the command's
    --difficulty keeps: the same maze, the same bytes."""
    maze = mazegen.Maze.generate(15, 15, seed=seed, difficulty=level)
    want = command("-W", "15", "-H", "15", "-s", str(seed), "--difficulty",
                   level, "-t", "json")
    assert maze.to_bytes("json") == want
    assert maze == mazegen.load(want)


def test_difficulty_refused_as_command():
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.Maze.generate(seed=1, difficulty="impossible")
    assert str(e.value).startswith("--difficulty: ")
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.Maze.generate(seed=1, difficulty="hard", algorithm="prim")
    assert "--difficulty: picks the algorithm itself" in str(e.value)
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.Maze.generate(seed=1, difficulty="hard", mask=["##", "##"])
    assert "difficulty" in str(e.value)


BOOK = ["-W", "8", "-H", "8", "--count", "3", "-s", "4", "--per-page", "2"]


@pytest.mark.drawing
@need_cli
@pytest.mark.parametrize("args,options", [
    (["--lang", "fr"], dict(lang="fr")),
    (["--lang", "pt_BR.UTF-8", "--answers", "end"],
     dict(lang="pt_BR.UTF-8", answers="end")),
    (["--lang", "ja", "--footer", "seed"], dict(lang="ja", footer="seed")),
    (["--footer", "none", "--label", "puzzle=Défi"],
     dict(footer="none", labels={"puzzle": "Défi"})),
    (["--lang", "fr", "--name-line", "--label", "name=Élève",
      "--label", "page=%s/%s"],
     dict(lang="fr", name_line=True, labels={"name": "Élève",
                                             "page": "%s/%s"})),
    (["--lang", "de", "--label", "instructions=Viel Spaß!"],
     dict(lang="de", labels={"instructions": "Viel Spaß!"})),
    (["-g", "weave", "--lang", "es"], dict(grid="weave", lang="es")),
])
def test_sheet_words_as_command(args, options, english):
    """lang=, labels= and footer= print what --lang, --label and
    --footer print: the same PDF."""
    got = mazegen.book(3, seed=4, width=8, height=8, per_page=2, **options)
    assert got == command(*BOOK, *args)


@pytest.mark.drawing
@need_cli
def test_sheet_language_from_locale(english, monkeypatch):
    """Without lang=, the language is the locale's, as the command finds
    it; the library alone would print English."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    french = mazegen.book(3, seed=4, width=8, height=8, per_page=2)
    assert french == command(*BOOK, "--lang", "fr")
    monkeypatch.setenv("LC_ALL", "C")
    assert mazegen.book(3, seed=4, width=8, height=8, per_page=2) == \
        command(*BOOK)
    maze = mazegen.Maze.generate(8, 8, seed=4)
    assert mazegen.sheet([maze], lang="it") == \
        command("-W", "8", "-H", "8", "-s", "4", "--sheet", "--lang", "it")


@pytest.mark.parametrize("options,message", [
    (dict(lang="xx"), "--lang: 'xx' has no catalogue"),
    (dict(labels={"bogus": "x"}), "--label: 'bogus=x' names no word"),
    (dict(labels={"page": "%d"}), "--label: '%d' is not a page label"),
    (dict(footer="some"), "--footer: unknown value 'some'"),
])
def test_sheet_words_refused_as_command(options, message):
    maze = mazegen.Maze.generate(4, 4, seed=1)
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.sheet([maze], **options)
    assert str(e.value).startswith(message)
    with pytest.raises(TypeError):
        mazegen.sheet([maze], labels=["puzzle=X"])
