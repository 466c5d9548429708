# SPDX-License-Identifier: MIT
"""The Python module (python/mazegen): mazes of every algorithm and grid
kind, bias, errors, every export format, sheets, loading, and the same
bytes as the mazegen command for the same options (MAZEGEN names the
command; meson test sets it)."""
import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET

import pytest

import mazegen

MAZEGEN = os.environ.get("MAZEGEN") or shutil.which("mazegen")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

# Small sizes of each kind that every algorithm supporting it can carve.
KINDS = {
    "rect": dict(width=7, height=5),
    "hex": dict(width=6, height=5),
    "triangle": dict(width=7, height=4),
    "upsilon": dict(width=5, height=5),
    "theta": dict(width=0, height=4),
    "zeta": dict(width=3, height=3),
    "3d": dict(width=4, height=3, levels=2),
    "weave": dict(width=6, height=6),
}


def theta_width():
    return mazegen.grid_kind_info()["theta"]["sizes"]["width"]


def check_path(maze, path):
    """path runs from start to finish through open passages."""
    assert path[0] == maze.start and path[-1] == maze.finish
    open_pairs = {frozenset(p) for p in maze.passages()}
    for a, b in zip(path, path[1:]):
        assert frozenset((a, b)) in open_pairs


def test_registries():
    assert "backtracker" in mazegen.algorithms()
    assert "kruskal" in mazegen.algorithms()
    assert set(KINDS) <= set(mazegen.grid_kinds())
    for f in ("text", "png", "svg", "pdf", "json"):
        assert f in mazegen.formats()
    assert "a4" in mazegen.papers()
    assert mazegen.__version__.count(".") == 2
    assert issubclass(mazegen.MazeError, ValueError)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("algorithm", mazegen.algorithms())
def test_every_algorithm_and_kind(algorithm, kind):
    info = mazegen.algorithm_info()[algorithm]
    size = dict(KINDS[kind])
    if kind == "theta":
        size["width"] = max(theta_width()["min"], theta_width()["default"])
    if (kind != "rect" and info["rect_only"]) or \
            (kind == "weave" and not info["weaves"]):
        with pytest.raises(mazegen.MazeError) as e:
            mazegen.Maze.generate(grid=kind, algorithm=algorithm, seed=3,
                                  **size)
        assert e.value.status == -6
        assert "not supported" in str(e.value) or "unsupported" in str(
            e.value)
        return
    maze = mazegen.Maze.generate(grid=kind, algorithm=algorithm, seed=3,
                                 **size)
    assert maze.kind == kind
    assert maze.algorithm == algorithm and maze.seed == 3
    assert len(maze.passages()) == maze.passage_count
    if info["perfect"]:
        assert maze.perfect
        assert maze.passage_count == maze.cell_count - 1
    check_path(maze, maze.solve())
    stats = maze.stats()
    assert stats["cells"] == maze.cell_count
    assert stats["passages"] == maze.passage_count
    assert sum(stats["by_class"].values()) == maze.passage_count


def test_odd_sizes_and_seeds():
    for w, h in ((1, 1), (1, 9), (9, 1), (2, 2), (31, 17)):
        for seed in (0, 1, 2 ** 64 - 1):
            maze = mazegen.Maze.generate(w, h, algorithm="wilson",
                                         seed=seed)
            assert maze.passage_count == w * h - 1
            check_path(maze, maze.solve())


def test_same_seed_same_maze():
    a = mazegen.Maze.generate(15, 10, algorithm="prim", seed=42)
    b = mazegen.Maze.generate(15, 10, algorithm="prim", seed=42)
    c = mazegen.Maze.generate(15, 10, algorithm="prim", seed=43)
    assert a.to_bytes("json") == b.to_bytes("json")
    assert a.passages() != c.passages()
    r = mazegen.Maze.generate(5, 5)
    assert 0 <= r.seed < 2 ** 64
    assert r.algorithm == "backtracker"


def test_bias_shifts_passages():
    flat = mazegen.Maze.generate(40, 40, algorithm="kruskal", seed=1)
    h = mazegen.Maze.generate(40, 40, algorithm="kruskal", seed=1,
                              bias={"h": 5})
    v = mazegen.Maze.generate(40, 40, algorithm="kruskal", seed=1,
                              bias="v=5")
    assert h.stats()["by_class"]["h"] > flat.stats()["by_class"]["h"]
    assert v.stats()["by_class"]["v"] > flat.stats()["by_class"]["v"]
    assert h.provenance["bias"] == "h=5,v=1"
    same = mazegen.Maze.generate(40, 40, algorithm="kruskal", seed=1,
                                 bias={"h": 5.0, "v": 1})
    assert same.passages() == h.passages()
    half = mazegen.Maze.generate(9, 9, algorithm="kruskal", seed=1,
                                 bias={"h": 0.5})
    assert half.provenance["bias"] == "h=0.5,v=1"


def test_shapes():
    braid = mazegen.Maze.generate(20, 20, seed=4, braid=1)
    assert not braid.perfect
    assert "braid=1" in braid.provenance["params"]
    check_path(braid, braid.solve())
    uni = mazegen.Maze.generate(5, 4, seed=4, unicursal=True)
    assert (uni.width, uni.height) == (10, 8)
    assert len(uni.solve()) == uni.cell_count
    pinned = mazegen.Maze.generate(9, 9, seed=4, start=(0, 0),
                                   finish=(8, 8))
    assert pinned.start == (0, 0) and pinned.finish == (8, 8)
    weave = mazegen.Maze.generate(12, 12, seed=4, weave=80,
                                  algorithm="kruskal")
    assert weave.kind == "weave" and weave.stats()["tunnels"] > 0
    cube = mazegen.Maze.generate(4, 4, levels=3, seed=4)
    assert cube.kind == "3d" and len(cube.start) == 3
    # As the command's -W 9 -H 9 --fractal 2: 9 x 9 mazes in each of
    # 9 x 9 cells, 81 cells a side.
    fractal = mazegen.Maze.generate(9, 9, fractal=2, seed=4)
    assert (fractal.width, fractal.height) == (81, 81)
    assert fractal.passage_count == 81 * 81 - 1
    rooms = mazegen.Maze.generate(16, 16, algorithm="division", rooms=3,
                                  seed=4)
    assert not rooms.perfect


@pytest.mark.parametrize("kwargs,status,words", [
    (dict(algorithm="nope"), -2,
     "-a/--algorithm: unknown algorithm 'nope'; expected one of "),
    (dict(grid="pentagon"), -2, "-g/--grid: unknown grid kind 'pentagon'"),
    (dict(width=0), -2, "-W/--width: '0' is not valid; expected a whole "
     "number from 1 to 1000000"),
    (dict(width=2 ** 32), -2, "-W/--width: '4294967296' is not valid"),
    (dict(bias={"h": -1}), -2, "bias"),
    (dict(bias={"h": float("nan")}), -2, "bias"),
    (dict(bias={"h": 0, "v": 0}), -2, "-b/--bias: 'h=0,v=0' is not valid"),
    (dict(bias="x=2"), -2, "bias"),
    (dict(seed=-1), -2, "-s/--seed: '-1' is not valid"),
    (dict(braid=2), -2, "--braid: '2' is not valid; expected a decimal "
     "from 0 to 1"),
    (dict(growing="fastest", algorithm="growing-tree"), -2,
     "--growing: 'fastest' is not valid"),
    (dict(start=(99, 0)), -2, "--start: cell 99,0 is outside the 20x20 "
     "maze"),
    (dict(openings="diagonal"), -2, "--openings: unknown value 'diagonal'"),
    (dict(openings="corners"), -2, "--openings: unknown value 'corners'"),
    (dict(unicursal=True, start=(0, 0)), -2, "unicursal"),
])
def test_generate_errors(kwargs, status, words):
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.Maze.generate(**kwargs)
    assert e.value.status == status
    assert words in str(e.value)


def test_type_errors():
    with pytest.raises(TypeError):
        mazegen.Maze.generate("10")
    with pytest.raises(TypeError):
        mazegen.Maze.generate(seed="1")
    with pytest.raises(TypeError):
        mazegen.Maze()
    with pytest.raises(TypeError):
        mazegen.load(12)


def test_export_errors():
    maze = mazegen.Maze.generate(6, 6, seed=1)
    with pytest.raises(mazegen.MazeError, match="unknown format 'gif'"):
        maze.to_bytes("gif")
    with pytest.raises(mazegen.MazeError, match="^-c/--cell-size: '3furl"):
        maze.to_bytes("png", cell_size="3furlongs")
    with pytest.raises(mazegen.MazeError, match="^--charset: unknown value"):
        maze.to_bytes("text", charset="ebcdic")
    with pytest.raises(mazegen.MazeError) as e:
        maze.to_bytes("text", charset="underscore", solution=True)
    assert e.value.status == -6
    with pytest.raises(mazegen.MazeError, match="extension"):
        maze.save("maze.gif")


@pytest.mark.drawing
def test_every_format():
    maze = mazegen.Maze.generate(9, 7, algorithm="eller", seed=11)
    for fmt in mazegen.formats():
        data = maze.to_bytes(fmt)
        assert data
        assert maze.to_bytes(fmt) == data
        solved = maze.to_bytes(fmt, solution=True) \
            if fmt not in ("blocks", "blocks-csv", "blocks-raw") else data
        assert solved
    assert maze.to_bytes("png").startswith(b"\x89PNG\r\n\x1a\n")
    root = ET.fromstring(maze.to_bytes("svg", solution=True))
    assert root.tag.endswith("svg") and "viewBox" in root.attrib
    assert maze.to_bytes("pdf").startswith(b"%PDF-")
    assert maze.to_bytes("sheet").startswith(b"%PDF-")
    text = maze.to_bytes("text", charset="utf8").decode("utf-8")
    assert text.rstrip().endswith("-s 11")
    assert str(maze) == maze.to_bytes("txt").decode()
    blocks = maze.to_bytes("blocks").decode().splitlines()
    assert len(blocks) == 2 * 7 + 1 and len(blocks[0]) == 2 * 9 + 1
    big = maze.to_bytes("png", cell_size=20)
    assert len(big) > len(maze.to_bytes("png", cell_size="5px"))


def test_json_round_trip(tmp_path):
    for kind in ("rect", "hex", "theta", "3d", "weave"):
        size = dict(KINDS[kind])
        if kind == "theta":
            size["width"] = max(theta_width()["min"],
                                theta_width()["default"])
        maze = mazegen.Maze.generate(grid=kind, seed=5, **size)
        data = maze.to_bytes("json", solution=True)
        doc = json.loads(data)
        assert doc["format"] == "mazegen-wall-graph"
        back = mazegen.load(data)
        assert back.passages() == maze.passages()
        assert (back.start, back.finish) == (maze.start, maze.finish)
        assert back.provenance == maze.provenance
        assert back.to_bytes("svg") == maze.to_bytes("svg")
        assert back.to_bytes("json", solution=True) == data
    path = tmp_path / "m.json"
    maze.save(path)
    assert mazegen.load(path).passages() == maze.passages()
    assert mazegen.load(str(path)).to_bytes("json") == path.read_bytes()


def test_load_errors(tmp_path):
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.load(b'{"format": "mazegen-wall-graph",\n "version": x}')
    assert e.value.status == -2
    assert "line 2" in str(e.value)
    with pytest.raises(mazegen.MazeError):
        mazegen.load(b"")
    with pytest.raises(FileNotFoundError):
        mazegen.load(tmp_path / "missing.json")


@pytest.mark.drawing
def test_save(tmp_path):
    maze = mazegen.Maze.generate(8, 8, seed=2)
    for name, magic in (("m.png", b"\x89PNG"), ("m.svg", b"<?xml"),
                        ("m.PDF", b"%PDF"), ("m.txt", b"+"),
                        ("m.json", b"{")):
        maze.save(tmp_path / name, solution=name != "m.json")
        assert (tmp_path / name).read_bytes().startswith(magic)
    maze.save(tmp_path / "plain", format="text")
    assert (tmp_path / "plain").read_bytes() == maze.to_bytes("text")
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["m.png", "m.svg", "m.PDF", "m.txt", "m.json", "plain"])
    with pytest.raises(FileNotFoundError) as e:
        maze.save(tmp_path / "no" / "such.svg")
    assert e.value.strerror == "its directory does not exist"
    assert str(tmp_path / "no" / "such.svg") in str(e.value)
    with pytest.raises(IsADirectoryError, match="is a directory"):
        maze.save(tmp_path, format="text")
    assert sorted(os.listdir(tmp_path)) == sorted(
        ["m.png", "m.svg", "m.PDF", "m.txt", "m.json", "plain"])


# save() writes files as the command does (the library's file sink).
def test_save_keeps_mode(tmp_path):
    maze = mazegen.Maze.generate(6, 6, seed=3)
    path = tmp_path / "private.txt"
    path.write_text("earlier")
    path.chmod(0o600)
    maze.save(path)
    assert path.read_bytes() == maze.to_bytes("text")
    assert path.stat().st_mode & 0o7777 == 0o600
    old = os.umask(0o027)
    try:
        maze.save(tmp_path / "new.txt")
    finally:
        os.umask(old)
    assert (tmp_path / "new.txt").stat().st_mode & 0o7777 == 0o640
    assert sorted(os.listdir(tmp_path)) == ["new.txt", "private.txt"]


def test_save_through_symlink(tmp_path):
    maze = mazegen.Maze.generate(6, 6, seed=3)
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "maze.svg"
    target.write_text("earlier")
    target.chmod(0o640)
    link = tmp_path / "link.svg"
    link.symlink_to("real/maze.svg")
    maze.save(link)
    assert link.is_symlink()
    assert target.read_bytes() == maze.to_bytes("svg")
    assert target.stat().st_mode & 0o7777 == 0o640
    assert sorted(os.listdir(tmp_path)) == ["link.svg", "real"]
    assert os.listdir(tmp_path / "real") == ["maze.svg"]


def test_save_to_fifo(tmp_path):
    maze = mazegen.Maze.generate(6, 6, seed=3)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    maze.save(fifo, format="text")
    reader.join(10)
    assert got == [maze.to_bytes("text")]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert os.listdir(tmp_path) == ["pipe"]


def full_device(tmp_path):
    """A "full" device (1, 7) that a broken save() could not replace for
    good: as root, a node of the test's own (the old save() replaced
    /dev/full with a regular file that way); otherwise /dev/full, only
    when /dev cannot be written."""
    if os.geteuid() == 0:
        node = tmp_path / "full"
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        return node
    if os.access("/dev", os.W_OK) or not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full that the test cannot replace")
    return "/dev/full"


def test_save_to_full_device(tmp_path):
    maze = mazegen.Maze.generate(6, 6, seed=3)
    full = full_device(tmp_path)
    with pytest.raises(OSError) as e:
        maze.save(full, format="text")
    if e.value.errno == errno.EACCES:
        pytest.skip("devices cannot be opened here (nodev)")
    assert e.value.errno == errno.ENOSPC
    # Written to, never replaced.
    assert stat.S_ISCHR(os.lstat(full).st_mode)


def test_save_failure_keeps_earlier(tmp_path):
    # The file-size limit (Python ignores SIGXFSZ): the write fails with
    # EFBIG, the earlier file stays, no temporary file is left.
    maze = mazegen.Maze.generate(200, 200, seed=3)
    path = tmp_path / "big.txt"
    path.write_text("earlier")
    code = ("import resource, sys, mazegen\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
            "mazegen.Maze.generate(200, 200, seed=3).save(sys.argv[1])\n")
    out = subprocess.run([sys.executable, "-c", code, str(path)],
                         capture_output=True, text=True)
    assert out.returncode == 1
    assert "File too large" in out.stderr
    assert path.read_text() == "earlier"
    assert os.listdir(tmp_path) == ["big.txt"]
    assert len(maze.to_bytes("text")) > 4096


def pdf_pages(data, tmp_path):
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo not installed")
    path = tmp_path / "s.pdf"
    path.write_bytes(data)
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True,
                         text=True, check=True).stdout
    return int(next(line.split()[1] for line in out.splitlines()
                    if line.startswith("Pages:")))


@pytest.mark.drawing
def test_sheets(tmp_path):
    mazes = [mazegen.Maze.generate(12, 12, algorithm="kruskal", seed=s)
             for s in range(1, 5)]
    data = mazegen.sheet(mazes, tmp_path / "book.pdf", per_page=2,
                         answers="end", title="Four mazes")
    assert data.startswith(b"%PDF-")
    assert (tmp_path / "book.pdf").read_bytes() == data
    # Two pages of puzzles, and the four answers on one.
    assert pdf_pages(data, tmp_path) == 3
    a4 = mazegen.sheet(mazes, paper="a4", per_page=4, answers="same-page")
    assert pdf_pages(a4, tmp_path) == 1
    svg = mazegen.sheet(mazes[:2], format="svg", per_page=2)
    assert ET.fromstring(svg).tag.endswith("svg")
    png = mazegen.sheet(mazes[:1], format="png")
    assert png.startswith(b"\x89PNG")
    with pytest.raises(mazegen.MazeError, match="out of range"):
        mazegen.sheet(mazes, format="svg", per_page=2)
    with pytest.raises(mazegen.MazeError,
                       match="^--per-page: unknown value '3'"):
        mazegen.sheet(mazes, per_page=3)
    with pytest.raises(mazegen.MazeError,
                       match="^--paper: 'napkin' is not valid"):
        mazegen.sheet(mazes, paper="napkin")
    with pytest.raises(mazegen.MazeError, match="no mazes"):
        mazegen.sheet([])
    book = mazegen.book(3, tmp_path / "b.pdf", seed=9, width=10, height=10,
                        algorithm="wilson", per_page=2, answers="end")
    assert pdf_pages(book, tmp_path) == 3


def test_threads():
    """Generation releases the GIL: mazes made in threads are the same."""
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(4) as pool:
        mazes = list(pool.map(
            lambda s: mazegen.Maze.generate(60, 60, seed=s), range(8)))
    for s, m in enumerate(mazes):
        assert m.passages() == mazegen.Maze.generate(60, 60,
                                                     seed=s).passages()


need_cli = pytest.mark.skipif(MAZEGEN is None,
                              reason="no mazegen command (set MAZEGEN)")


def cli(args, tmp_path, name):
    """The command's output file, or None when it refused."""
    out = tmp_path / name
    run = subprocess.run([MAZEGEN, *args, "-o", str(out)],
                         env=dict(os.environ, SOURCE_DATE_EPOCH="0"),
                         stderr=subprocess.PIPE, text=True)
    assert run.returncode in (0, 1, 2), run.stderr
    return out.read_bytes() if run.returncode == 0 else None


SAME = [
    (["-W", "12", "-H", "9", "-a", "wilson", "-s", "5", "-b", "h=3"],
     dict(width=12, height=9, algorithm="wilson", seed=5, bias={"h": 3}),
     {}),
    (["-g", "hex", "-W", "8", "-H", "6", "-s", "77", "--solution"],
     dict(width=8, height=6, grid="hex", seed=77), dict(solution=True)),
    (["-s", "3", "--braid", "0.5", "-a", "kruskal", "-c", "14"],
     dict(seed=3, braid=0.5, algorithm="kruskal"), dict(cell_size=14)),
    (["-L", "2", "-W", "5", "-H", "4", "-s", "8", "--solution"],
     dict(levels=2, width=5, height=4, seed=8), dict(solution=True)),
    (["--weave=70", "-W", "10", "-H", "10", "-s", "6", "-a", "kruskal"],
     dict(weave=70, width=10, height=10, seed=6, algorithm="kruskal"), {}),
    (["-a", "growing-tree", "--growing", "newest:75,random:25", "-s", "1",
      "--openings", "left-right", "--margin", "0"],
     dict(algorithm="growing-tree", growing="newest:75,random:25", seed=1,
          openings="left-right"), dict(margin=0)),
    (["-W", "9", "-H", "9", "-s", "2", "--start", "0,0", "--finish", "4,4"],
     dict(width=9, height=9, seed=2, start=(0, 0), finish=(4, 4)), {}),
    (["-W", "6", "-H", "5", "-s", "2", "--unicursal", "-a", "prim"],
     dict(width=6, height=5, seed=2, unicursal=True, algorithm="prim"), {}),
    (["-g", "theta", "-H", "6", "-s", "12", "-a", "hunt-and-kill"],
     dict(grid="theta", height=6, seed=12, algorithm="hunt-and-kill"), {}),
]


@need_cli
@pytest.mark.parametrize("fmt", ["svg", "png", "json", "text"])
@pytest.mark.parametrize("case", range(len(SAME)))
def test_same_bytes_as_command(fmt, case, tmp_path):
    args, gen, export = SAME[case]
    maze = mazegen.Maze.generate(**gen)
    want = cli(args + ["-t", fmt, "--force"], tmp_path, "out")
    if want is None:
        # The command refused (text of a hex maze): so does the module.
        with pytest.raises(mazegen.MazeError):
            maze.to_bytes(fmt, **export)
        return
    assert maze.to_bytes(fmt, **export) == want


def use_paper(paper, tmp_path, monkeypatch):
    """Names the machine's paper: PAPERSIZE, or for "conf-NAME" the file
    PAPERCONF names."""
    if paper.startswith("conf-"):
        conf = tmp_path / "papersize"
        conf.write_text("# the paper for this test\n  " + paper[5:] + "\n")
        monkeypatch.delenv("PAPERSIZE", raising=False)
        monkeypatch.setenv("PAPERCONF", str(conf))
    else:
        monkeypatch.setenv("PAPERSIZE", paper)


@pytest.mark.drawing
@need_cli
@pytest.mark.parametrize("paper", ["letter", "a4", "conf-a4"])
def test_same_book_as_command(paper, tmp_path, monkeypatch):
    """Books and sheets without a paper are printed on the machine's
    paper, as the command's: the same bytes from both."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    use_paper(paper, tmp_path, monkeypatch)
    name = paper[5:] if paper.startswith("conf-") else paper
    assert mazegen.default_paper() == name
    want = cli(["--count", "5", "-s", "9", "-W", "10", "-H", "12",
                "--per-page", "2", "--answers", "end", "--title", "Five"],
               tmp_path, "book.pdf")
    options = dict(seed=9, width=10, height=12, per_page=2, answers="end",
                   title="Five")
    got = mazegen.book(5, **options)
    assert got == want
    assert got == mazegen.book(5, paper=name, **options)
    if name != "letter":
        assert got != mazegen.book(5, paper="letter", **options)
    one = cli(["--sheet", "-s", "4", "-g", "weave"], tmp_path, "one.pdf")
    weave = mazegen.Maze.generate(seed=4, grid="weave")
    assert mazegen.sheet([weave]) == one
    # -t sheet is a sheet too, with an answer section for --solution.
    maze = mazegen.Maze.generate(seed=4)
    assert maze.to_bytes("sheet") == cli(["-s", "4", "-t", "sheet"],
                                         tmp_path, "s.pdf")
    assert maze.to_bytes("sheet", solution=True) == cli(
        ["-s", "4", "-t", "sheet", "--solution"], tmp_path, "k.pdf")


@pytest.mark.drawing
@need_cli
@pytest.mark.parametrize("paper", ["napkin", "conf-napkin"])
def test_bad_machine_paper_as_command(paper, tmp_path, monkeypatch):
    """A paper the machine names but no one knows: refused by both, in
    the same words."""
    use_paper(paper, tmp_path, monkeypatch)
    run = subprocess.run([MAZEGEN, "--sheet", "-o", str(tmp_path / "x.pdf")],
                         capture_output=True, text=True)
    assert run.returncode == 2
    assert not (tmp_path / "x.pdf").exists()
    want = run.stderr.strip()[len("mazegen: "):-len(" (see mazegen --help)")]
    assert "'napkin' is not valid" in want
    with pytest.raises(mazegen.MazeError) as e:
        mazegen.sheet([mazegen.Maze.generate(3, 3, seed=1)])
    assert str(e.value) == want
    with pytest.raises(mazegen.MazeError):
        mazegen.default_paper()
    # A paper named is used whatever the machine says.
    assert mazegen.sheet([mazegen.Maze.generate(3, 3, seed=1)],
                         paper="a4").startswith(b"%PDF-")


@pytest.mark.skipif(not os.environ.get("MAZEGEN_BUILD")
                    or shutil.which("meson") is None,
                    reason="no build directory (MAZEGEN_BUILD) or meson")
def test_meson_install(tmp_path):
    """meson install puts the package and its extension together in the
    interpreter's package directory under the prefix, and it imports
    from there with the installed library."""
    build = os.environ["MAZEGEN_BUILD"]
    dest = tmp_path / "dest"
    subprocess.run(["meson", "install", "-C", build, "--no-rebuild",
                    "--quiet", "--destdir", str(dest)], check=True,
                   stdout=subprocess.DEVNULL)
    inits = list(dest.rglob("mazegen/__init__.py"))
    assert len(inits) == 1
    package = inits[0].parent
    assert list(package.glob("_mazegen*.so"))
    assert (package / "py.typed").exists()
    assert "dist-packages" in str(package) or "site-packages" in str(package)
    libs = list(dest.rglob("libmazegen.so.1"))
    assert len(libs) == 1
    env = dict(os.environ, PYTHONPATH=str(package.parent),
               LD_LIBRARY_PATH=str(libs[0].parent))
    code = ("import mazegen; m = mazegen.Maze.generate(5, 5, seed=1); "
            "print(mazegen.__file__, m.passage_count)")
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True,
                         capture_output=True, text=True).stdout
    assert out.startswith(str(package)) and out.split()[1] == "24"


HEART = ["..##...##..",
         ".####.####.",
         "###########",
         ".#########.",
         "..#######..",
         "....###...."]


@pytest.mark.drawing
def test_masks(tmp_path):
    maze = mazegen.Maze.generate(mask=HEART, seed=3, algorithm="wilson")
    cells = sum(row.count("#") for row in HEART)
    assert maze.cell_count == cells and maze.passage_count == cells - 1
    check_path(maze, maze.solve())
    path = tmp_path / "heart.txt"
    path.write_text("\n".join(HEART) + "\n")
    again = mazegen.Maze.generate(mask=path, seed=3, algorithm="wilson")
    assert again.to_bytes("svg") == maze.to_bytes("svg")
    hexed = mazegen.Maze.generate(mask=path.read_bytes(), grid="hex", seed=3)
    assert hexed.cell_count == cells
    back = mazegen.load(hexed.to_bytes("json"))
    assert back.to_bytes("png") == hexed.to_bytes("png")
    with pytest.raises(mazegen.MazeError, match="one piece"):
        mazegen.Maze.generate(mask=["#.#"])
    with pytest.raises(mazegen.MazeError, match="no width or height"):
        mazegen.Maze.generate(mask=HEART, width=5)
    with pytest.raises(mazegen.MazeError, match="takes no mask"):
        mazegen.Maze.generate(mask=HEART, grid="theta")
    with pytest.raises(mazegen.MazeError, match="mask: invalid argument"):
        mazegen.Maze.generate(mask=b"\x01\x02")
    inverted = mazegen.Maze.generate(mask=["#..", "###"], mask_invert=True,
                                     seed=1)
    assert inverted.cell_count == 2


@pytest.mark.drawing
@need_cli
def test_masks_same_bytes_as_command(tmp_path):
    heart = os.path.join(SOURCE, "samples", "masks", "heart.png")
    for fmt in ("svg", "png", "json"):
        want = cli(["--mask", heart, "-s", "5", "--solution", "-t", fmt],
                   tmp_path, "h")
        got = mazegen.Maze.generate(mask=heart, seed=5).to_bytes(
            fmt, solution=True)
        assert got == want
    letter = os.path.join(SOURCE, "samples", "masks", "letter-m.txt")
    want = cli(["--mask", letter, "-g", "hex", "-s", "2", "-a", "prim",
                "-t", "svg"], tmp_path, "m.svg")
    got = mazegen.Maze.generate(mask=letter, grid="hex", seed=2,
                                algorithm="prim").to_bytes("svg")
    assert got == want


def test_str_and_repr():
    hexed = mazegen.Maze.generate(grid="hex", seed=1)
    assert str(hexed) == repr(hexed) == "<mazegen.Maze hex 20x20 " \
        "backtracker seed=1>"
    rect = mazegen.Maze.generate(4, 3, seed=1)
    # Entered from the north of the top-left cell: its west side is too
    # near the finish's south opening along the outline (docs/grids.md).
    assert str(rect).startswith("+  +--+--+--+\n|S")
