"""Coordinates: the one place where points, vertices and bit indices are defined.

A *point* is ``(row, col)`` with ``(0, 0)`` at the **bottom-left** corner (A1),
the convention of sgfmill, our SGF layer.  A *vertex* is the GTP string used in
messages, TOML cases and the CLI: a column letter (``A``-``Z`` without ``I``)
followed by the row number counted from the bottom.  A *move* is a point or
``None`` for a pass.  Bitboards (see ``board.py``) use the *flat index*
``row * size + col``; bit ``1 << flat`` is set for a stone on that point.

Conversion table (size 19; SGF letters count rows from the top)::

    what            bottom-left   top-left   top-right   pass
    --------------------------------------------------------------
    point           (0, 0)        (18, 0)    (18, 18)    None
    flat index      0             342        360         -
    vertex (GTP)    "A1"          "A19"      "T19"       "pass"
    SGF             "as"          "aa"       "sa"        "" (or "tt")
    diagram row     last line     first line first line  -

Boards from 2x2 to 25x25 are supported, so the vertex letters run ``A`` to ``Z``
(25 letters, ``I`` skipped).
"""

from __future__ import annotations

from .errors import InvalidPosition, InvalidVertex

__all__ = [
    "COLUMN_LETTERS",
    "MIN_SIZE",
    "MAX_SIZE",
    "Point",
    "Move",
    "check_size",
    "vertex_from_point",
    "point_from_vertex",
    "format_move",
    "parse_move",
]

#: Column letters of GTP vertices: the alphabet without ``I``.
COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
MIN_SIZE = 2
MAX_SIZE = 25

Point = tuple[int, int]
Move = Point | None


def check_size(size: int) -> int:
    """Return ``size`` if it is a supported board size (2..25), else raise InvalidPosition."""
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise InvalidPosition(f"board size {size!r} is not supported (use {MIN_SIZE} to {MAX_SIZE})")
    return size


def vertex_from_point(point: Point) -> str:
    """Return the GTP vertex of ``point``: ``(0, 0)`` -> ``"A1"``, ``(3, 8)`` -> ``"J4"``.

    >>> vertex_from_point((3, 8))
    'J4'
    """
    row, col = point
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def point_from_vertex(vertex: str, size: int) -> Point:
    """Parse a GTP vertex (case-insensitive) on a board of ``size``.

    Raises InvalidVertex if the text is malformed or off the board; ``"pass"`` is
    not a point (use :func:`parse_move`).

    >>> point_from_vertex("d4", 19)
    (3, 3)
    """
    text = vertex.strip().upper()
    digits = text[1:]
    # isascii(): str.isdigit() is also true for '²' (which int() refuses) and other scripts' digits.
    if len(text) < 2 or text[0] not in COLUMN_LETTERS or not (digits.isascii() and digits.isdigit()):
        raise InvalidVertex(f"malformed vertex {vertex!r} (expected e.g. D4)")
    col = COLUMN_LETTERS.index(text[0])
    number = digits.lstrip("0")
    row = int(number or "0") - 1 if len(number) <= 3 else MAX_SIZE  # int() refuses over 4300 digits
    if not (0 <= row < size and col < size):
        raise InvalidVertex(f"vertex {vertex!r} is off the {size}x{size} board")
    return (row, col)


def format_move(move: Move) -> str:
    """``None`` -> ``"pass"``, a point -> its vertex."""
    return "pass" if move is None else vertex_from_point(move)


def parse_move(text: str, size: int) -> Move:
    """Inverse of :func:`format_move`: ``"pass"`` -> ``None``, a vertex -> its point."""
    if text.strip().lower() == "pass":
        return None
    return point_from_vertex(text, size)
