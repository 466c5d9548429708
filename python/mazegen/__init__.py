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

Errors the library reports raise :class:`MazeError` (a ``ValueError``)
with its description of the status and what was wrong; wrong types raise
``TypeError``. See docs/python.md.
"""

from __future__ import annotations

import inspect
import math
import os
import secrets
from typing import (Any, Dict, Iterable, List, Mapping, Optional, Sequence,
                    Tuple, Union)

from . import _mazegen

__all__ = [
    "Maze", "MazeError", "load", "sheet", "book", "algorithms",
    "grid_kinds", "formats", "papers", "algorithm_info", "grid_kind_info",
    "format_info", "format_for_path", "__version__",
]

#: The library's version, as ``mazegen --version`` prints it.
__version__: str = _mazegen.VERSION

MazeError = _mazegen.MazeError

Cell = Tuple[int, ...]
Length = Union[None, int, float, str]
PathLike = Union[str, "os.PathLike[str]"]

# The library's status codes (status.h) this layer raises itself.
_ERR_INVALID = -2
_ERR_RANGE = -3

_OPENINGS = ("longest", "corners", "left-right", "top-bottom")
_CHARSETS = ("ascii", "utf8", "underscore")
_BACKGROUNDS = ("default", "white", "none")
_ANSWERS = ("none", "end", "same-page", "only")


def _error(status: int, context: str, detail: str = "") -> MazeError:
    """A MazeError worded as the C layer words them."""
    text = f"{context}: {_mazegen.strerror(status)}"
    err = MazeError(f"{text}; {detail}" if detail else text)
    err.status = status
    return err


def _choice(name: str, value: str, words: Sequence[str]) -> int:
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected a str")
    if value not in words:
        raise _error(_ERR_INVALID, name,
                     f"unknown {name} {value!r}; expected "
                     + ", ".join(words))
    return words.index(value)


def _decimal(name: str, value: Union[int, float, str]) -> str:
    """A number as the library's decimal parsers read it (no exponent)."""
    if isinstance(value, bool):
        raise TypeError(f"{name}: expected a number")
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _error(_ERR_RANGE, name, f"{value} is not a finite number")
        text = f"{value:.6f}".rstrip("0").rstrip(".")
        return text if text not in ("", "-0") else "0"
    raise TypeError(f"{name}: expected a number or a str")


def _length(name: str, value: Length, zero_is_none: bool = False) \
        -> Optional[str]:
    """A length for the C layer: None (the default), "none" or text."""
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) \
            and value == 0:
        return "none" if zero_is_none else None
    if isinstance(value, str) and zero_is_none:
        digits = value.rstrip("abcdefghijklmnopqrstuvwxyz")
        if digits and set(digits) <= set("0.") and "0" in digits:
            return "none"
    return _decimal(name, value)


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
    if not isinstance(name, str):
        raise TypeError("format: expected a str")
    if name == "txt":
        return "text"
    if name not in formats():
        raise _error(_ERR_INVALID, "format",
                     f"unknown format {name!r}; expected "
                     + ", ".join(formats()))
    return name


def _write(path: PathLike, data: bytes) -> None:
    """Writes data to path through the library's file sink (file.h), as
    the command writes its outputs: a temporary file beside the target,
    put in place whole, so a failure leaves any file already there as it
    was; modes kept, symbolic links written through, devices and FIFOs
    written directly. A file-system failure raises OSError."""
    _mazegen.write_file(os.fspath(path), data)


_ERR_UNSUPPORTED = -6


def _mask_bytes(mask: Union[None, PathLike, bytes, Sequence[str]]) \
        -> Optional[bytes]:
    """The bytes of a mask picture given as a file, bytes or rows."""
    if mask is None:
        return None
    if isinstance(mask, (bytes, bytearray, memoryview)):
        return bytes(mask)
    if isinstance(mask, (str, os.PathLike)):
        with open(mask, "rb") as f:
            return f.read()
    if isinstance(mask, Sequence) and all(isinstance(r, str) for r in mask):
        return "\n".join(mask).encode("utf-8")
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


class Maze:
    """A maze: a grid of cells, its open passages, a start and a finish.

    Make one with :meth:`Maze.generate` or :func:`load`; a maze never
    changes afterwards. Cells are tuples of coordinates as the grid kind
    names them: ``(x, y)`` from 0, x to the right and y down, on
    rectangles; ``(x, y, level)`` on 3d grids.
    """

    __slots__ = ("_m", "_generated")

    def __init__(self, _maze: Any, _generated: bool = False) -> None:
        if not isinstance(_maze, _mazegen.Maze):
            raise TypeError("use Maze.generate() or mazegen.load()")
        self._m = _maze
        self._generated = _generated

    @classmethod
    def generate(cls, width: Optional[int] = None,
                 height: Optional[int] = None, *,
                 algorithm: Optional[str] = None,
                 grid: Optional[str] = None,
                 seed: Optional[int] = None,
                 bias: Union[None, str, Mapping[str, Union[int, float]]]
                 = None,
                 levels: int = 0, panels: int = 0, centre: int = 0,
                 growing: Optional[str] = None, rooms: int = 0,
                 fractal: int = 0, weave: Optional[int] = None,
                 braid: Union[int, float, str] = 0,
                 unicursal: bool = False,
                 start: Optional[Sequence[int]] = None,
                 finish: Optional[Sequence[int]] = None,
                 openings: str = "longest",
                 mask: Union[None, PathLike, bytes, Sequence[str]] = None,
                 mask_invert: bool = False) -> "Maze":
        """Makes a maze, as ``mazegen`` does with the same options.

        width, height: the grid's size (-W, -H; their meaning per kind is
        in grid_kind_info()); None is the kind's default where it has one
        (a circle's first ring), else 20, as for the command. algorithm: a name from algorithms(); None
        is the backtracker. grid: a name from grid_kinds() (or an alias);
        None is "rect", or "3d" when levels is given, "weave" when weave
        is. seed: 0 to 2**64 - 1; None draws one at random (the maze's
        ``seed`` tells it). bias: weights of the grid's direction classes,
        ``{"h": 3}`` or ``"h=3,v=1"``. levels, panels, centre: 3d and theta
        sizes. growing: growing-tree policy ("newest:75,random:25").
        rooms: division's open rooms. fractal: nested levels. weave: a
        weave maze's tunnel percentage (1-100; 0 the default). braid: the
        fraction (0 to 1) of dead ends removed. unicursal: one path
        through every cell. start, finish: cells to pin the ends to.
        openings: "longest", "corners", "left-right" or "top-bottom".
        mask: the cells to keep, as the command's --mask: a file name, the
        bytes of a PNG (dark pixels are cells) or of a text picture, or
        the picture's rows as a list of str ('.', ' ' and '_' are not
        cells); the size is the picture's (no width or height).
        mask_invert: keep the picture's other cells.

        Raises MazeError for anything the library refuses.
        """
        if grid is None:
            grid = "3d" if levels else "weave" if weave is not None \
                else "rect"
        kinds = grid_kind_info()
        names = {a: k for k, v in kinds.items()
                 for a in (k,) + tuple(v["aliases"])}
        if not isinstance(grid, str):
            raise TypeError("grid: expected a str")
        if grid not in names:
            raise _error(_ERR_INVALID, "grid",
                         f"unknown grid kind {grid!r}; expected "
                         + ", ".join(kinds))
        taken = kinds[names[grid]]["sizes"]
        mask_data = _mask_bytes(mask)
        if mask_data is not None:
            if not kinds[names[grid]]["maskable"]:
                raise _error(_ERR_INVALID, "mask",
                             f"a {names[grid]} grid takes no mask; expected "
                             "a kind whose grid_kind_info() says maskable")
            if width is not None or height is not None:
                raise _error(_ERR_INVALID, "mask",
                             "a masked maze takes its size from the picture;"
                             " expected no width or height")
            width = height = 0
        if width is None:
            width = taken.get("width", {}).get("default") or 20
        if height is None:
            height = taken.get("height", {}).get("default") or 20
        if unicursal and (start is not None or finish is not None):
            raise _error(_ERR_INVALID, "unicursal",
                         "it places start and finish itself; expected no "
                         "start or finish")
        if algorithm is not None:
            if not isinstance(algorithm, str):
                raise TypeError("algorithm: expected a str")
            if algorithm not in algorithms():
                raise _error(_ERR_INVALID, "algorithm",
                             f"unknown algorithm {algorithm!r}; expected "
                             + ", ".join(algorithms()))
        _check_supports(algorithm or "backtracker", kinds[names[grid]])
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("seed: expected an int")
        if not 0 <= seed < 2 ** 64:
            raise _error(_ERR_RANGE, "seed",
                         "expected 0 to 18446744073709551615")
        if isinstance(bias, Mapping):
            bias = ",".join(f"{k}={_decimal('bias', v)}"
                            for k, v in bias.items())
        elif bias is not None and not isinstance(bias, str):
            raise TypeError("bias: expected a dict or a str")
        fraction = _decimal("braid", braid)
        try:
            braid_units = round(float(fraction) * 1_000_000)
        except ValueError:
            raise _error(_ERR_INVALID, "braid",
                         f"{braid!r} is not a decimal") from None
        if not 0 <= braid_units <= 1_000_000:
            raise _error(_ERR_RANGE, "braid", "expected 0 to 1")
        m = _mazegen.generate(
            names[grid], (width, height, levels, centre, panels),
            algorithm=algorithm, seed=seed, bias=bias, growing=growing,
            rooms=rooms, fractal=fractal, weave=weave or 0,
            endpoints=_choice("openings", openings, _OPENINGS),
            braid=braid_units, unicursal=bool(unicursal),
            start=None if start is None else tuple(start),
            finish=None if finish is None else tuple(finish),
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
                 background: str = "default", plotter: bool = False,
                 blocks: Optional[str] = None) -> bytes:
        """The maze drawn in format (formats(); "txt" is "text").

        Lengths are numbers (pixels for PNG, points otherwise, as the
        command reads bare numbers) or text with a unit ("2.5mm");
        None is the format's default, a margin of 0 is none. charset:
        "ascii", "utf8" or "underscore" (text). id_prefix, background
        ("default", "white", "none"), plotter: SVG. blocks: the four
        characters of a block map.
        """
        fmt = _check_format(format)
        return bytes(self._m.export(
            fmt, solution=bool(solution),
            cell_size=_length("cell_size", cell_size),
            wall_width=_length("wall_width", wall_width),
            margin=_length("margin", margin, zero_is_none=True),
            dpi=dpi or 0, charset=_choice("charset", charset, _CHARSETS),
            id_prefix=id_prefix,
            background=_choice("background", background, _BACKGROUNDS),
            plotter=bool(plotter), blocks=blocks))

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

    def __repr__(self) -> str:
        p = self._m.provenance
        return (f"<mazegen.Maze {self.kind} {self._m.sizes[0]}x"
                f"{self._m.sizes[1]} {p['algorithm']} seed={p['seed']}>")


def load(source: Union[PathLike, bytes, bytearray, memoryview]) -> Maze:
    """Reads a maze saved in the "json" format (a wall-graph file).

    source: a file name, or the file's bytes. The file is checked whole;
    a malformed one raises MazeError saying what is wrong and where.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = source
    elif isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data = f.read()
    else:
        raise TypeError("load: expected a file name or bytes")
    return Maze(_mazegen.load(data))


def _default_instructions(kind: str) -> Optional[str]:
    """What a sheet of 3d or weave mazes says, as the command's sheets do."""
    if kind == "3d":
        return ("Each level is drawn on its own, named under it. A triangle "
                "pointing up is a stair to the same square on the next "
                "level, one pointing down a stair to the level before, a "
                "diamond both.")
    if grid_kind_info()[kind]["tunnels"]:
        return ("Some passages cross like bridges: where a corridor's walls "
                "stop at another corridor, it goes under it and comes out "
                "on the far side.")
    return None


def sheet(mazes: Iterable[Maze], path: Optional[PathLike] = None, *,
          format: Optional[str] = None, per_page: int = 1,
          answers: str = "none", title: Optional[str] = None,
          instructions: Optional[str] = None, name_line: bool = False,
          paper: str = "letter", landscape: bool = False,
          upside_down: bool = False, seed: Optional[int] = None,
          author: Optional[str] = None, gutter: Length = None,
          bleed: Length = None, ink_saving: bool = False,
          numbers: Optional[Sequence[int]] = None,
          cell_size: Length = None, wall_width: Length = None,
          margin: Length = None, dpi: Optional[int] = None,
          id_prefix: Optional[str] = None,
          background: str = "default") -> bytes:
    """Printable puzzle pages: the mazes, per_page (1, 2, 4 or 6) a page.

    Writes them to path when given (the format from its extension: pdf,
    or svg and png for one page) and returns the bytes. answers: "none",
    "end" (an answer key after the puzzles), "same-page" or "only" (the
    keys alone). title: None gives "Maze" or "Mazes". paper: a name from
    papers() or a size such as "210x297mm". numbers: each puzzle's
    number (default 1, 2, ...; a lone maze has none). seed: the book's
    seed, printed in the PDF's keywords (a lone generated maze's own by
    default). Other options as for Maze.to_bytes(); the cell size is by
    default the largest that fits.
    """
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
    if seed is None and len(mazes) == 1 and mazes[0]._generated:
        seed = mazes[0].seed
    if instructions is None:
        instructions = _default_instructions(mazes[0].kind)
    width, height = _mazegen.paper_size(paper)
    data = bytes(_mazegen.sheet(
        [(m._m, n) for m, n in zip(mazes, numbers)], fmt,
        cell_size=_length("cell_size", cell_size),
        wall_width=_length("wall_width", wall_width),
        margin=_length("margin", margin, zero_is_none=True),
        dpi=dpi or 0, id_prefix=id_prefix,
        background=_choice("background", background, _BACKGROUNDS),
        page_width=width, page_height=height, landscape=bool(landscape),
        per_page=per_page, title=title, instructions=instructions,
        name_line=bool(name_line),
        answers=_choice("answers", answers, _ANSWERS),
        upside_down=bool(upside_down), seed=seed, author=author,
        gutter=_length("gutter", gutter), bleed=_length("bleed", bleed),
        ink_saving=bool(ink_saving)))
    if path is not None:
        _write(path, data)
    return data


def book(count: int, path: Optional[PathLike] = None, *,
         seed: Optional[int] = None, width: Optional[int] = None,
         height: Optional[int] = None,
         **options: Any) -> bytes:
    """A puzzle book of count mazes, as ``mazegen --count COUNT``.

    Puzzle N is carved from the seed derived from the book's seed and N,
    so the book is the command's byte for byte. Options are those of
    Maze.generate() and of sheet(); returns the sheet's bytes and writes
    path when given.
    """
    if isinstance(count, bool) or not isinstance(count, int):
        raise TypeError("count: expected an int")
    if count < 1:
        raise _error(_ERR_RANGE, "count", "expected at least 1")
    if seed is None:
        seed = secrets.randbits(64)
    sheet_keys = set(inspect.signature(sheet).parameters)
    gen = {k: v for k, v in options.items() if k not in sheet_keys}
    page = {k: v for k, v in options.items() if k in sheet_keys}
    mazes = [Maze.generate(width, height,
                           seed=_mazegen.seed_derive(seed, n), **gen)
             for n in range(1, count + 1)]
    page.setdefault("title", "Mazes" if count > 1 else "Maze")
    return sheet(mazes, path, seed=seed,
                 numbers=range(1, count + 1), **page)
