# SPDX-License-Identifier: MIT
"""Keyword arguments read through the library's option table.

Every keyword of the package that is an option of the ``mazegen`` command
(``width`` is -W/--width, ``cell_size`` --cell-size) is turned into the
text the command would be given and read by maze_option_parse() of its
row (<mazegen/option.h>), so the module accepts and refuses what the
command does, with the command's message word for word. An int that no
C integer of the option holds (negative, 2**32 and up, 2**64 and up for a
seed) raises MazeOverflowError, a MazeError that is also an
OverflowError, instead of wrapping.
"""

from __future__ import annotations

import decimal
import math
from typing import Any, Dict, List, Mapping, Optional, Tuple

from . import _mazegen

MazeError = _mazegen.MazeError


class MazeOverflowError(MazeError, OverflowError):
    """An int that the option's C integer cannot hold (negative, or too
    large), refused with the command's message rather than wrapped."""


#: Keywords whose row is not named by the keyword with '-' for '_'.
_ROW_OF = {"landscape": "orientation", "labels": "label"}

#: The keywords of Maze.generate(), Maze.to_bytes(), sheet() and book()
#: that are options of the command.
KEYWORDS = (
    "grid", "width", "height", "mask", "mask_invert", "levels", "panels",
    "centre", "algorithm", "bias", "seed", "growing", "rooms", "braid",
    "fractal", "weave", "unicursal", "start", "finish", "openings",
    "format", "solution", "cell_size", "wall_width", "margin", "dpi",
    "charset", "blocks", "id_prefix", "background", "plotter", "paper",
    "landscape", "count", "per_page", "title", "instructions", "author",
    "gutter", "bleed", "ink_saving", "name_line", "answers", "upside_down",
    "difficulty", "lang", "labels", "footer",
)

_rows: Dict[str, Dict[str, Any]] = {}


def row_name(keyword: str) -> str:
    """The option row a keyword is read by ("cell_size": "cell-size")."""
    return _ROW_OF.get(keyword, keyword.replace("_", "-"))


def rows() -> List[Dict[str, Any]]:
    """The table, each row with the Python keyword that takes it (None
    when the package has none)."""
    keyword_of = {row_name(k): k for k in KEYWORDS}
    return [dict(r, keyword=keyword_of.get(r["name"]))
            for r in _mazegen.options()]


def _row(keyword: str) -> Dict[str, Any]:
    if not _rows:
        _rows.update((r["name"], r) for r in _mazegen.options())
    return _rows[row_name(keyword)]


def decimal_text(value: float) -> str:
    """A number written out as the command would be given it: its
    shortest decimal, never with an exponent ("nan" and "inf" as such,
    for the row to refuse)."""
    if isinstance(value, int):
        return str(value)
    if not math.isfinite(value):
        return repr(value)
    return format(decimal.Decimal(repr(value)), "f")


def _ints(keyword: str, value: Any) -> List[int]:
    try:
        items = list(value)
    except TypeError:
        raise TypeError(f"{keyword}: expected a sequence of ints") from None
    if not all(isinstance(v, int) and not isinstance(v, bool)
               for v in items):
        raise TypeError(f"{keyword}: expected a sequence of ints")
    return items


def _text(keyword: str, row: Mapping[str, Any], value: Any) \
        -> Optional[str]:
    """The command-line text of value (None: the option alone)."""
    kind = row["type"]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "number":
        if value is True and row["value_optional"]:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{keyword}: expected an int")
        return str(value)
    if kind in ("fraction", "length"):
        if number:
            return decimal_text(value)
        if not isinstance(value, str):
            raise TypeError(f"{keyword}: expected a number or a str")
        return value
    if kind == "cell":
        if isinstance(value, str):
            return value
        return ",".join(str(v) for v in _ints(keyword, value))
    if kind == "choice" and isinstance(value, int) and number \
            and all(c.isdigit() for c in row["choices"] or ("x",)):
        return str(value)
    if not isinstance(value, str):
        raise TypeError(f"{keyword}: expected a str")
    return value


def _overflows(row: Mapping[str, Any], value: Any) -> bool:
    """Whether value is an int (or ints) the option's C integer cannot
    hold: a seed is 64 bits, every other number and cell 32."""
    if row["type"] == "number" and isinstance(value, int):
        items = [value]
    elif row["type"] == "cell" and not isinstance(value, str):
        items = list(value)
    else:
        return False
    bits = 64 if (row["max"] or 0) >= 2 ** 32 else 32
    return any(isinstance(v, int) and not 0 <= v < 2 ** bits for v in items)


def parse(keyword: str, value: Any) -> Any:
    """Reads value of keyword as the command reads its option: an int for
    a number (a fraction in millionths), the registry's name for a choice
    ("txt" is "text"), the text of a length ("none" for a margin of 0),
    a tuple for a cell, True for a flag, None for an optional value left
    out (weave=True). Raises MazeError with the command's message,
    MazeOverflowError for an int beyond C, TypeError for a wrong type."""
    row = _row(keyword)
    if row["type"] == "flag":
        return True
    text = _text(keyword, row, value)
    try:
        return _mazegen.option_parse(row["name"], text)
    except MazeError as e:
        if not _overflows(row, value):
            raise
        err = MazeOverflowError(str(e))
        err.status = e.status
        raise err from None


def _given(values: Mapping[str, Any]) -> Dict[str, Any]:
    """The keywords given: not None, a flag true, weave not False."""
    out = {}
    for keyword, value in values.items():
        flag = _row(keyword)["type"] == "flag"
        if value is None or (flag and not value) or value is False:
            continue
        out[keyword] = value
    return out


def read(**values: Any) -> Dict[str, Any]:
    """parse() of every keyword given: not None, a flag true, weave not
    False. Returns the values read, by keyword."""
    return {k: parse(k, v) for k, v in _given(values).items()}


#: The keywords of the grid's sizes: a job refuses a bad one itself,
#: naming the limits of the grid kind it ends up with (maze_job_set()),
#: which the row alone does not know.
SIZES = frozenset(("width", "height", "levels", "panels", "centre"))


def read_sizes_later(**values: Any) -> Tuple[Dict[str, Any],
                                              Optional[MazeError]]:
    """read(), except that a size its row refuses is left out, for the
    job to refuse with the kind's limits. Returns the values read and the
    first such refusal (None when there is none)."""
    out: Dict[str, Any] = {}
    refused: Optional[MazeError] = None
    for keyword, value in _given(values).items():
        try:
            out[keyword] = parse(keyword, value)
        except MazeError as e:
            if keyword not in SIZES:
                raise
            if refused is None:
                refused = e
    return out, refused


def job_options(**values: Any) -> List[Tuple[str, Optional[str]]]:
    """Every keyword given as the option a job sets: its row's name and
    the command-line text (None for a flag or an optional value left
    out), each read first by parse() so a refusal is the command's (the
    job's own check refuses a size, see SIZES)."""
    out = []
    for keyword, value in _given(values).items():
        if keyword not in SIZES:
            parse(keyword, value)
        row = _row(keyword)
        text = None if row["type"] == "flag" else _text(keyword, row, value)
        out.append((row["name"], text))
    return out
