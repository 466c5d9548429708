# SPDX-License-Identifier: MIT
"""Mazes from Python, over libmazegen.

Generate a maze with any algorithm on any grid kind, solve it, measure it,
draw it in any format the library writes, print puzzle sheets, and read a
maze back from a wall-graph file::

    import mazegen
    maze = mazegen.Maze.generate(20, 15, algorithm="kruskal", seed=7)
    maze.save("maze.svg", solution=True)
    print(maze)                     # the text drawing
    mazegen.book(8, "book.pdf", seed=1, per_page=2, answers="end")

The same options give the same bytes as the ``mazegen`` command: the maze
of ``Maze.generate(20, 15, algorithm="kruskal", seed=7).to_bytes("svg")``
is the file ``mazegen -W 20 -H 15 -a kruskal -s 7 -t svg`` writes.

Every keyword that is an option of the command is read as the command
reads it (:func:`options` lists them): a value the command refuses raises
:class:`MazeError` (a ``ValueError``) with the command's own message, an
int no C integer holds :class:`MazeOverflowError` (also an
``OverflowError``); wrong types raise ``TypeError``. See docs/python.md.
"""

from __future__ import annotations

import inspect
import os
import secrets
from typing import (Any, Dict, Iterable, List, Mapping, Optional, Sequence,
                    Tuple, TypedDict, Union, cast)

from . import _mazegen, _options
from ._options import MazeOverflowError

__all__ = [
    "Maze", "MazeError", "MazeOverflowError", "load", "sheet", "book",
    "algorithms", "grid_kinds", "formats", "papers", "algorithm_info",
    "grid_kind_info", "format_info", "format_for_path", "options",
    "default_paper", "Option", "__version__",
]

#: The library's version, as ``mazegen --version`` prints it.
__version__: str = _mazegen.VERSION

MazeError = _mazegen.MazeError

Cell = Tuple[int, ...]
Length = Union[None, int, float, str]
PathLike = Union[str, "os.PathLike[str]"]

# The library's status codes (status.h) this layer raises itself.
_ERR_INVALID = -2

# The library's enums for the words the option rows accept.
_OPENINGS = {"longest": 0, "left-right": 2, "top-bottom": 3}
_CHARSETS = {"ascii": 0, "utf8": 1, "underscore": 2}
_BACKGROUNDS = {"white": 1, "none": 2}
_ANSWERS = {"none": 0, "end": 1, "same-page": 2}
# sheet()'s answers="only": the keys alone, the command's --answer-key
# file of a sheet.
_ANSWERS_ONLY = 3


def _error(status: int, context: str, detail: str = "") -> MazeError:
    """A MazeError worded as the C layer words them."""
    text = f"{context}: {_mazegen.strerror(status)}"
    err = MazeError(f"{text}; {detail}" if detail else text)
    err.status = status
    return err


def _as_refused(e: MazeError, refused: Optional[MazeError]) -> MazeError:
    """The job's refusal e, a MazeOverflowError when it refuses the size
    whose int no C integer holds (refused, by the row's message)."""
    option = str(e).split(": ", 1)[0]
    if not isinstance(refused, MazeOverflowError) or \
            str(refused).split(": ", 1)[0] != option:
        return e
    err = MazeOverflowError(str(e))
    err.status = e.status
    return err


class Option(TypedDict):
    """A row of the option table (mazegen.options())."""
    name: str
    alias: Optional[str]
    letter: Optional[str]
    type: str
    group: str
    min: Optional[int]
    max: Optional[int]
    choices: Optional[List[str]]
    default: Optional[str]
    default_rule: str
    metavar: Optional[str]
    summary: str
    help: str
    value_optional: bool
    program: bool
    hidden: bool
    keyword: Optional[str]


def options() -> List[Option]:
    """Every option of the command, as the library's table describes it
    (<mazegen/option.h>), in --help's order: name, alias, letter, type
    ("number", "choice", "length", ...), group, min and max (numbers; max
    bytes of text), choices (a registry's names filled in), default and
    its rule, metavar, summary, help (limits and names filled in), flags,
    and keyword: the keyword argument this module takes for it, or None.
    """
    return [cast(Option, r) for r in _options.rows()]


def default_paper() -> str:
    """The paper a sheet is printed on when none is named, as the command
    finds it: $PAPERSIZE, else the first word of the file $PAPERCONF
    names (/etc/papersize), else letter. Raises MazeError when that names
    no paper."""
    return str(_mazegen.paper_default()[0])


def algorithms() -> List[str]:
    """The names of the generation algorithms, in the registry's order."""
    return [a["name"] for a in _mazegen.algorithms()]


def grid_kinds() -> List[str]:
    """The names of the grid kinds (rect, hex, triangle, ...)."""
    return [k["name"] for k in _mazegen.grid_kinds()]


def formats() -> List[str]:
    """The names of the export formats (text, png, svg, pdf, json, ...)."""
    return [f["name"] for f in _mazegen.formats()]


def papers() -> List[str]:
    """The paper names sheets take (letter, a4, ...)."""
    return list(_mazegen.papers())


def algorithm_info() -> Dict[str, Dict[str, Any]]:
    """Each algorithm's description and properties, by name."""
    return {a["name"]: a for a in _mazegen.algorithms()}


def grid_kind_info() -> Dict[str, Dict[str, Any]]:
    """Each grid kind's sizes, bias classes and cell names, by name."""
    return {k["name"]: k for k in _mazegen.grid_kinds()}


def format_info() -> Dict[str, Dict[str, Any]]:
    """Each format's extensions, description and flags, by name."""
    return {f["name"]: f for f in _mazegen.formats()}


def format_for_path(path: PathLike) -> str:
    """The format a file name's extension names (case-insensitive).

    Raises MazeError when the extension names none.
    """
    ext = os.path.splitext(os.fspath(path))[1].lstrip(".").lower()
    for f in _mazegen.formats():
        if ext in f["extensions"]:
            return str(f["name"])
    raise _error(_ERR_INVALID, "format",
                 f"no format has the extension {ext!r} of {os.fspath(path)!r}"
                 "; expected one of "
                 + ", ".join(e for f in _mazegen.formats()
                             for e in f["extensions"]))


def _check_format(name: str) -> str:
    fmt = str(_options.parse("format", name))
    if fmt not in formats():
        raise _error(_ERR_INVALID, "format",
                     f"{name!r} draws nothing; expected one of "
                     + ", ".join(formats()))
    return fmt


def _draw_options(given: Mapping[str, Any]) -> Dict[str, Any]:
    """The drawing options of to_bytes() and sheet(), read, for the C
    layer."""
    background = given.get("background")
    return dict(cell_size=given.get("cell_size"),
                wall_width=given.get("wall_width"),
                margin=given.get("margin"), dpi=given.get("dpi", 0),
                id_prefix=given.get("id_prefix"),
                background=_BACKGROUNDS.get(str(background), 0))


def _background(value: Optional[str]) -> Optional[str]:
    """None and "default" (the format's own) are not given."""
    return None if value == "default" else value


def _write(path: PathLike, data: bytes) -> None:
    """Writes data to path through the library's file sink (file.h), as
    the command writes its outputs: a temporary file beside the target,
    put in place whole, so a failure leaves any file already there as it
    was; modes kept, symbolic links written through, devices and FIFOs
    written directly. A file-system failure raises OSError."""
    _mazegen.write_file(os.fspath(path), data)


_ERR_UNSUPPORTED = -6


def _mask_bytes(mask: Union[bytes, Sequence[str]]) -> bytes:
    """The bytes of a mask picture given as bytes or rows (a file is the
    job's to read)."""
    if isinstance(mask, (bytes, bytearray, memoryview)):
        return bytes(mask)
    if isinstance(mask, Sequence) and all(isinstance(r, str) for r in mask):
        return "\n".join(cast(Sequence[str], mask)).encode("utf-8")
    raise TypeError("mask: expected a file name, bytes or a list of str")


def _check_supports(algorithm: str, kind: Mapping[str, Any]) -> None:
    """Says which grids an algorithm carves, before the library refuses
    with a bare "not supported"."""
    infos = algorithm_info()
    info = infos[algorithm]
    if info["rect_only"] and kind["name"] != "rect":
        raise _error(_ERR_UNSUPPORTED, "cannot generate the maze",
                     f"{algorithm} carves only whole rectangles (grid "
                     f"'rect'), not {kind['name']}")
    if kind["tunnels"] and not info["weaves"]:
        raise _error(_ERR_UNSUPPORTED, "cannot generate the maze",
                     f"a {kind['name']} grid is carved by "
                     + " or ".join(a for a, i in infos.items()
                                   if i["weaves"]) + f", not {algorithm}")


def _bias_text(bias: Any) -> Optional[str]:
    """Weights by class name as the command's -b text ("h=3,v=1")."""
    if bias is None or isinstance(bias, str):
        return bias
    if not isinstance(bias, Mapping):
        raise TypeError("bias: expected a dict or a str")
    words = []
    for k, v in bias.items():
        if isinstance(v, bool) or not isinstance(v, (int, float, str)):
            raise TypeError("bias: expected numbers as weights")
        text = v if isinstance(v, str) else _options.decimal_text(v)
        words.append(f"{k}={text}")
    return ",".join(words)


class Maze:
    """A maze: a grid of cells, its open passages, a start and a finish.

    Make one with :meth:`Maze.generate` or :func:`load`; a maze never
    changes afterwards. Cells are tuples of coordinates as the grid kind
    names them: ``(x, y)`` from 0, x to the right and y down, on
    rectangles; ``(x, y, level)`` on 3d grids.
    """

    __slots__ = ("_m", "_generated", "_file")

    def __init__(self, _maze: Any, _generated: bool = False) -> None:
        if not isinstance(_maze, _mazegen.Maze):
            raise TypeError("use Maze.generate() or mazegen.load()")
        self._m = _maze
        self._generated = _generated
        self._file: Optional[bytes] = None

    # A maze is a value: what it is, is its wall-graph file.
    def _wall_graph(self) -> bytes:
        """The maze's wall-graph file (the "json" format), made once."""
        if self._file is None:
            self._file = bytes(self._m.export("json"))
        return self._file

    def __eq__(self, other: object) -> bool:
        """Mazes are equal when their wall-graph files are: the same grid,
        passages, start, finish and provenance (algorithm, seed, bias),
        however each was made (generated, loaded, unpickled)."""
        if not isinstance(other, Maze):
            return NotImplemented
        if self is other:
            return True
        if self._m.kind != other._m.kind or \
                self._m.sizes != other._m.sizes or \
                self._m.passage_count != other._m.passage_count:
            return False
        return self._wall_graph() == other._wall_graph()

    def __hash__(self) -> int:
        return hash(self._wall_graph())

    def __reduce__(self) -> Tuple[Any, Tuple[bytes, bool]]:
        """Pickled as its wall-graph file (docs/wall-graph.md), which
        load() reads back into an equal maze."""
        return (_unpickle, (self._wall_graph(), self._generated))

    @classmethod
    def generate(cls, width: Optional[int] = None,
                 height: Optional[int] = None, *,
                 algorithm: Optional[str] = None,
                 grid: Optional[str] = None,
                 seed: Optional[int] = None,
                 bias: Union[None, str, Mapping[str, Union[int, float]]]
                 = None,
                 levels: Optional[int] = None,
                 panels: Optional[int] = None,
                 centre: Optional[int] = None,
                 growing: Optional[str] = None,
                 rooms: Optional[int] = None,
                 fractal: Optional[int] = None,
                 weave: Union[None, bool, int] = None,
                 braid: Union[None, int, float, str] = None,
                 unicursal: bool = False,
                 start: Union[None, str, Sequence[int]] = None,
                 finish: Union[None, str, Sequence[int]] = None,
                 openings: Optional[str] = None,
                 mask: Union[None, PathLike, bytes, Sequence[str]] = None,
                 mask_invert: bool = False,
                 difficulty: Optional[str] = None) -> "Maze":
        """Makes a maze, as ``mazegen`` does with the same options.

        width, height: the grid's size (-W, -H; their meaning per kind is
        in grid_kind_info()); None is the kind's default where it has one
        (a circle's first ring), else 20, as for the command. algorithm:
        a name from algorithms(); None is the backtracker. grid: a name
        from grid_kinds() (or an alias); None is "rect", or "3d" when
        levels is given, "weave" when weave is. seed: 0 to 2**64 - 1;
        None draws one at random (the maze's ``seed`` tells it). bias:
        weights of the grid's direction classes, ``{"h": 3}`` or
        ``"h=3,v=1"``. levels, panels, centre: 3d and theta sizes.
        growing: growing-tree policy ("newest:75,random:25"). rooms:
        division's open rooms. fractal: nested levels. weave: a weave
        maze's tunnel percentage (1-100), or True for the command's
        --weave alone. braid: the fraction (0 to 1) of dead ends removed.
        unicursal: one path through every cell. start, finish: cells to
        pin the ends to. openings: "longest", "left-right" or
        "top-bottom". mask: the cells to keep, as the command's --mask: a
        file name, the bytes of a PNG (dark pixels are cells) or of a text
        picture, or the picture's rows as a list of str ('.', ' ' and '_'
        are not cells); the size is the picture's (no width or height).
        mask_invert: keep the picture's other cells. difficulty: "easy",
        "medium", "hard" or "expert", with targets as the command's
        --difficulty takes them ("hard,winding=3-5"): picks the algorithm
        and tries the seeds after seed until the maze's metrics fit (the
        maze's ``seed`` is the one kept); MazeError when none of 200 does.

        The maze is made by a job, as the command makes it (a mask
        given as bytes or rows excepted, which no file holds): a request
        the command refuses, a value or a combination, raises MazeError
        with its message, and a mask file is read as --mask reads it,
        bounded. So does anything else the library refuses.
        """
        options = dict(
            grid=grid, width=width, height=height, levels=levels,
            panels=panels, centre=centre, algorithm=algorithm,
            bias=_bias_text(bias), seed=seed, growing=growing, rooms=rooms,
            braid=braid, fractal=fractal, weave=weave, start=start,
            finish=finish, openings=openings, difficulty=difficulty)
        given, refused = _options.read_sizes_later(**options)
        kind_name = given.get("grid") or (
            "3d" if levels is not None else
            "weave" if "weave" in given else "rect")
        kind = grid_kind_info()[kind_name]
        if difficulty is None:
            _check_supports(given.get("algorithm") or "backtracker", kind)
        if mask is None or isinstance(mask, (str, os.PathLike)):
            # A job, as the command makes the maze: every check the
            # command makes, the mask file read bounded, with its
            # messages.
            job = _options.job_options(
                unicursal=unicursal, mask_invert=mask_invert, **options)
            if mask is not None:
                job.append(("mask", os.fsdecode(mask)))
            job.append(("format", "json"))
            try:
                return cls(_mazegen.job_maze(job), True)
            except MazeError as e:
                raise _as_refused(e, refused) from None
        if refused is not None:
            raise refused
        if difficulty is not None:
            raise _error(_ERR_INVALID, "difficulty",
                         "tries seeds on a mask read from a file; expected "
                         "mask as a file name")
        return cls._from_picture(given, kind, _mask_bytes(mask),
                                 width is not None or height is not None,
                                 unicursal, mask_invert)

    @classmethod
    def _from_picture(cls, given: Dict[str, Any], kind: Mapping[str, Any],
                      mask_data: Optional[bytes], sized: bool,
                      unicursal: bool, mask_invert: bool) -> "Maze":
        """A maze on a mask given as bytes or rows, which a job (reading
        masks from files only) cannot take."""
        kind_name = kind["name"]
        taken = kind["sizes"]
        if mask_data is not None:
            if not kind["maskable"]:
                raise _error(_ERR_INVALID, "mask",
                             f"a {kind_name} grid takes no mask; expected "
                             "a kind whose grid_kind_info() says maskable")
            if sized:
                raise _error(_ERR_INVALID, "mask",
                             "a masked maze takes its size from the picture;"
                             " expected no width or height")
            given["width"] = given["height"] = 0
        sizes = (given.get("width", taken.get("width", {}).get("default")
                           or 20),
                 given.get("height", taken.get("height", {}).get("default")
                           or 20),
                 given.get("levels", 0), given.get("centre", 0),
                 given.get("panels", 0))
        if unicursal and ("start" in given or "finish" in given):
            raise _error(_ERR_INVALID, "unicursal",
                         "it places start and finish itself; expected no "
                         "start or finish")
        seed = given["seed"] if "seed" in given else secrets.randbits(64)
        m = _mazegen.generate(
            kind_name, sizes, algorithm=given.get("algorithm"), seed=seed,
            bias=given.get("bias"), growing=given.get("growing"),
            rooms=given.get("rooms", 0), fractal=given.get("fractal", 0),
            weave=given.get("weave") or 0,
            endpoints=_OPENINGS[given.get("openings", "longest")],
            braid=given.get("braid", 0), unicursal=bool(unicursal),
            start=given.get("start"), finish=given.get("finish"),
            mask=mask_data, mask_invert=bool(mask_invert))
        return cls(m, True)

    # What the maze is.
    @property
    def kind(self) -> str:
        """The grid kind's name, such as "rect"."""
        return str(self._m.kind)

    @property
    def width(self) -> int:
        """The grid's width parameter (columns on rectangles)."""
        return int(self._m.sizes[0])

    @property
    def height(self) -> int:
        """The grid's height parameter (rows on rectangles, rings)."""
        return int(self._m.sizes[1])

    @property
    def sizes(self) -> Dict[str, int]:
        """Every size parameter the grid kind takes, defaults applied."""
        taken = grid_kind_info()[self.kind]["sizes"]
        names = ("width", "height", "levels", "room", "panels")
        return {n: int(v) for n, v in zip(names, self._m.sizes)
                if n in taken}

    @property
    def cell_count(self) -> int:
        """The number of cells."""
        return int(self._m.cell_count)

    @property
    def passage_count(self) -> int:
        """The number of open passages (cells - 1 in a perfect maze)."""
        return int(self._m.passage_count)

    @property
    def start(self) -> Cell:
        """The start cell."""
        return tuple(self._m.start)

    @property
    def finish(self) -> Cell:
        """The finish cell."""
        return tuple(self._m.finish)

    @property
    def provenance(self) -> Dict[str, Any]:
        """algorithm, seed, bias ("h=1,v=1"), params and perfect: what
        regenerates the maze."""
        return dict(self._m.provenance)

    @property
    def algorithm(self) -> str:
        """The algorithm that carved it."""
        return str(self._m.provenance["algorithm"])

    @property
    def seed(self) -> int:
        """The seed it was carved from."""
        return int(self._m.provenance["seed"])

    @property
    def perfect(self) -> bool:
        """Whether it is connected with no loops."""
        return bool(self._m.provenance["perfect"])

    def passages(self) -> List[Tuple[Cell, Cell]]:
        """Every open passage, as the pair of cells it joins."""
        return list(self._m.passages())

    def solve(self) -> List[Cell]:
        """A shortest path from start to finish, as a list of cells."""
        return list(self._m.solve())

    def stats(self) -> Dict[str, Any]:
        """The maze's metrics (metrics.h): cells, passages, dead_ends,
        junctions3, junctions4, straight_runs, by_class (passages per
        direction class), solution_cells, solution_turns, decisions,
        branches, branch_length, crossing, tunnels."""
        return dict(self._m.measure())

    # Drawing.
    def to_bytes(self, format: str = "svg", *, solution: bool = False,
                 cell_size: Length = None, wall_width: Length = None,
                 margin: Length = None, dpi: Optional[int] = None,
                 charset: str = "ascii", id_prefix: Optional[str] = None,
                 background: Optional[str] = None, plotter: bool = False,
                 blocks: Optional[str] = None) -> bytes:
        """The maze drawn in format (formats(); "txt" is "text").

        Checked before drawing as the command checks it: a PNG past the
        largest image mazegen writes raises MazeError with the command's
        message. Lengths are numbers (pixels for PNG, points otherwise,
        as the command reads bare numbers) or text with a unit ("2.5mm");
        None is the format's default, a margin of 0 is none. charset:
        "ascii", "utf8" or "underscore" (text). id_prefix, background
        ("white" or "none"; None the format's own), plotter: SVG. blocks:
        the four characters of a block map. Each is read as the command
        reads its option.
        """
        fmt = _check_format(format)
        if fmt == "sheet":
            # The command's -t sheet: a one-puzzle sheet on its paper,
            # with an answer section for the solution.
            return sheet([self], format=fmt, answers="end" if solution
                         else "none", cell_size=cell_size,
                         wall_width=wall_width, margin=margin, dpi=dpi,
                         id_prefix=id_prefix, background=background)
        given = _options.read(
            cell_size=cell_size, wall_width=wall_width, margin=margin,
            dpi=dpi, charset=charset, id_prefix=id_prefix,
            background=_background(background), blocks=blocks)
        return bytes(self._m.export(
            fmt, solution=bool(solution),
            charset=_CHARSETS[given.get("charset", "ascii")],
            plotter=bool(plotter), blocks=given.get("blocks"),
            **_draw_options(given)))

    def save(self, path: PathLike, format: Optional[str] = None,
             **options: Any) -> None:
        """Writes the maze to path, in format or the one its extension
        names (format_for_path()); options as for to_bytes(). The file
        appears only when complete."""
        data = self.to_bytes(format or format_for_path(path), **options)
        _write(path, data)

    def __str__(self) -> str:
        """The text drawing; repr() for kinds text cannot draw (hex)."""
        try:
            return self.to_bytes("text").decode("utf-8")
        except MazeError:
            return repr(self)

    # IPython and Jupyter show a maze as its drawing.
    def _repr_svg_(self) -> str:
        """The SVG drawing, for IPython's display."""
        return self.to_bytes("svg").decode("utf-8")

    def _repr_png_(self) -> Optional[bytes]:
        """The PNG drawing, for IPython's display; None (IPython shows
        the SVG alone) where this build cannot draw it: a build without
        drawing (-Ddrawing=disabled) draws PNG of whole rectangles only."""
        try:
            return self.to_bytes("png")
        except MazeError as e:
            if e.status == _ERR_UNSUPPORTED:
                return None
            raise

    # The maze as an array.
    def walls(self) -> Any:
        """The maze as an array of blocks, the "blocks-raw" format's: a
        rectangle of W x H cells is (2H + 1) rows of (2W + 1) blocks, 0 a
        wall, 1 a floor, 2 the start and 3 the finish; cell (x, y) is
        block [2y + 1, 2x + 1] (docs/blocks.md). A numpy array of uint8
        (writable, the maze's own copy) when numpy can be imported, else
        a read-only memoryview of that shape (a buffer numpy, array or
        PIL take as they are). Other kinds (and masked rectangles) have
        no block map: MazeError (status -6); passages() gives their
        graph.
        """
        if self.kind != "rect" or \
                self.cell_count != self.width * self.height:
            what = "a masked rect" if self.kind == "rect" else self.kind
            raise _error(_ERR_UNSUPPORTED, "walls",
                         "a block map is of whole rectangles only, not "
                         f"{what}; passages() gives any maze's graph")
        rows, cols = 2 * self.height + 1, 2 * self.width + 1
        view = memoryview(self.to_bytes("blocks-raw")).cast("B", (rows, cols))
        try:
            import numpy
        except ImportError:
            return view
        # A copy of its own, which the caller may draw on.
        return numpy.array(view)

    def __array__(self, dtype: Any = None) -> Any:
        """numpy.asarray(maze): walls() as a numpy array."""
        import numpy
        return numpy.asarray(self.walls(), dtype=dtype)

    def __repr__(self) -> str:
        p = self._m.provenance
        return (f"<mazegen.Maze {self.kind} {self._m.sizes[0]}x"
                f"{self._m.sizes[1]} {p['algorithm']} seed={p['seed']}>")


def _unpickle(data: bytes, generated: bool) -> Maze:
    """A pickled maze: its wall-graph file read back."""
    maze = Maze(_mazegen.load(data), generated)
    maze._file = data
    return maze


def load(source: Union[PathLike, bytes, bytearray, memoryview]) -> Maze:
    """Reads a maze saved in the "json" format (a wall-graph file).

    source: a file name, or the file's bytes. The file is checked whole;
    a malformed one raises MazeError saying what is wrong and where. A
    file is read as the command's --load reads it, bounded and turned
    away at its first byte when it is no wall-graph file (with the
    command's message); a missing one raises FileNotFoundError.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        return Maze(_mazegen.load(source))
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError("load: expected a file name or bytes")
    path = os.fsdecode(source)
    # A missing file is FileNotFoundError, as for open().
    os.stat(path)
    # The command's --load, bounded and checked as it reads ("-" would be
    # its standard input).
    return Maze(_mazegen.job_maze([
        ("load", os.path.join(".", path) if path == "-" else path),
        ("format", "json")]))


def _default_instructions(kind: str, language: str) -> Optional[str]:
    """What a sheet of 3d or weave mazes says, as the command's sheets
    do, in language."""
    if kind == "3d":
        return _mazegen.translate(
            language, "Each level is drawn on its own, named under it. A "
            "triangle pointing up is a stair to the same square on the next "
            "level, one pointing down a stair to the level before, a "
            "diamond both.")
    if grid_kind_info()[kind]["tunnels"]:
        return _mazegen.translate(
            language, "Some passages cross like bridges: where a corridor's "
            "walls stop at another corridor, it goes under it and comes out "
            "on the far side.")
    return None


# The words --label replaces (struct maze_sheet_label's enum
# maze_sheet_word), by KEY; "instructions" is --instructions.
_WORDS = {"name": 0, "date": 1, "puzzle": 2, "answer": 3, "answers": 4,
          "page": 5, "level": 6, "seed": 7}
_INSTRUCTIONS = -1
_FOOTERS = {"full": 0, "seed": 1, "none": 2}


def _sheet_words(paper: Optional[str], lang: Optional[str],
                 labels: Optional[Mapping[str, str]]) \
        -> Tuple[str, Dict[int, str]]:
    """A sheet's language code and the words its labels replace (by
    maze_sheet_word; _INSTRUCTIONS for the instructions), read by a job
    as the command reads --lang and --label: the same refusals, and
    without lang the locale's language as the command finds it."""
    if labels is not None and not isinstance(labels, Mapping):
        raise TypeError("labels: expected a dict of str")
    job = _options.job_options(paper=paper, lang=lang)
    words: Dict[int, str] = {}
    for key, text in (labels or {}).items():
        if not isinstance(key, str) or not isinstance(text, str):
            raise TypeError("labels: expected a dict of str")
        job.append(("label", _options.job_options(
            labels=f"{key}={text}")[0][1]))
        words[_WORDS.get(key, _INSTRUCTIONS)] = text
    # The sheet a job would make of one small maze: what its check reads
    # of the language and the words, nothing of the mazes.
    job += [("sheet", None), ("width", "1"), ("height", "1")]
    return str(_mazegen.job_text(job, "lang")), words


def sheet(mazes: Iterable[Maze], path: Optional[PathLike] = None, *,
          format: Optional[str] = None, per_page: Union[int, str] = 1,
          answers: str = "none", title: Optional[str] = None,
          instructions: Optional[str] = None, name_line: bool = False,
          paper: Optional[str] = None, landscape: bool = False,
          upside_down: bool = False, seed: Optional[int] = None,
          author: Optional[str] = None, gutter: Length = None,
          bleed: Length = None, ink_saving: bool = False,
          numbers: Optional[Sequence[int]] = None,
          cell_size: Length = None, wall_width: Length = None,
          margin: Length = None, dpi: Optional[int] = None,
          id_prefix: Optional[str] = None,
          background: Optional[str] = None, lang: Optional[str] = None,
          labels: Optional[Mapping[str, str]] = None,
          footer: Optional[str] = None) -> bytes:
    """Printable puzzle pages: the mazes, per_page (1, 2, 4 or 6) a page.

    Writes them to path when given (the format from its extension: pdf,
    or svg and png for one page) and returns the bytes. answers: "none",
    "end" (an answer key after the puzzles), "same-page" or "only" (the
    keys alone, the command's --answer-key file). title: None gives
    "Maze" or "Mazes". paper: a name from papers() or a size such as
    "210x297mm"; None is the command's default, default_paper(). numbers:
    each puzzle's number (default 1, 2, ...; a lone maze has none). seed:
    the book's seed, printed in the PDF's keywords (a lone generated
    maze's own by default). lang: the language of the sheet's fixed
    words (docs/sheets.md, "Languages": "fr", "pt_BR", ...); None is the
    command's default, the locale's language as gettext finds it
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; C and POSIX: English). labels:
    words replaced, ``{"puzzle": "Défi", "page": "%s/%s"}``, each as the
    command's --label KEY=TEXT ("instructions" is instructions). footer:
    "full" (the default), "seed" or "none". Other options as for
    Maze.to_bytes(); the cell size is by default the largest that fits.
    Each option is read as the command reads it.
    """
    given = _options.read(
        per_page=per_page, answers=None if answers == "only" else answers,
        title=title, instructions=instructions, author=author, paper=paper,
        seed=seed, gutter=gutter, bleed=bleed, cell_size=cell_size,
        wall_width=wall_width, margin=margin, dpi=dpi, id_prefix=id_prefix,
        background=_background(background), footer=footer)
    language, words = _sheet_words(paper, lang, labels)
    if instructions is None:
        instructions = words.pop(_INSTRUCTIONS, None)
    words.pop(_INSTRUCTIONS, None)
    mazes = list(mazes)
    if not mazes:
        raise _error(_ERR_INVALID, "sheet", "no mazes")
    for m in mazes:
        if not isinstance(m, Maze):
            raise TypeError("sheet: expected Maze objects")
    if format is None:
        format = format_for_path(path) if path is not None else "pdf"
    fmt = _check_format(format)
    if numbers is None:
        numbers = range(1, len(mazes) + 1) if len(mazes) > 1 else [0]
    numbers = list(numbers)
    if len(numbers) != len(mazes):
        raise _error(_ERR_INVALID, "numbers", "expected one per maze")
    for n in numbers:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError("numbers: expected ints")
        if not 0 <= n < 2 ** 32:
            raise OverflowError(f"numbers: {n} is outside 0 to 4294967295")
    seed = given.get("seed")
    if seed is None and len(mazes) == 1 and mazes[0]._generated:
        seed = mazes[0].seed
    if instructions is None:
        instructions = _default_instructions(mazes[0].kind, language)
    if "paper" in given:
        width, height = _mazegen.paper_size(given["paper"])
    else:
        width, height = _mazegen.paper_default()[1:]
    data = bytes(_mazegen.sheet(
        [(m._m, n) for m, n in zip(mazes, numbers)], fmt,
        page_width=width, page_height=height, landscape=bool(landscape),
        per_page=int(given["per_page"]), title=given.get("title"),
        instructions=instructions, name_line=bool(name_line),
        answers=_ANSWERS_ONLY if answers == "only"
        else _ANSWERS[given["answers"]],
        upside_down=bool(upside_down), seed=seed,
        author=given.get("author"), gutter=given.get("gutter"),
        bleed=given.get("bleed"), ink_saving=bool(ink_saving),
        language=language, labels=sorted(words.items()),
        footer=_FOOTERS[given.get("footer", "full")],
        **_draw_options(given)))
    if path is not None:
        _write(path, data)
    return data


def book(count: int, path: Optional[PathLike] = None, *,
         seed: Optional[int] = None, width: Optional[int] = None,
         height: Optional[int] = None,
         **options: Any) -> bytes:
    """A puzzle book of count mazes, as ``mazegen --count COUNT``.

    count: 1 to 10000, as for the command. Puzzle N is carved from the
    seed derived from the book's seed and N, so the book is the command's
    byte for byte. Options are those of Maze.generate() and of sheet();
    returns the sheet's bytes and writes path when given.
    """
    count = int(_options.parse("count", count))
    seed = secrets.randbits(64) if seed is None \
        else int(_options.parse("seed", seed))
    sheet_keys = set(inspect.signature(sheet).parameters)
    gen = {k: v for k, v in options.items() if k not in sheet_keys}
    page = {k: v for k, v in options.items() if k in sheet_keys}
    mazes = [Maze.generate(width, height,
                           seed=_mazegen.seed_derive(seed, n), **gen)
             for n in range(1, count + 1)]
    return sheet(mazes, path, seed=seed,
                 numbers=range(1, count + 1), **page)
