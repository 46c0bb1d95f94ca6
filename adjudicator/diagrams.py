"""ASCII board diagrams: parse them into positions and render positions as text.

One symbol set everywhere (style.md section 13): ``x`` black stone, ``o`` white
stone, ``.`` (or ``+``) empty.  Upper-case ``X``/``O`` are accepted too.  Rows are
written top row first, as on a board seen from Black's side; spaces are ignored,
and so are blank lines and leading/trailing indentation.  The diagram must be
square (the board side is the number of rows) unless ``size`` is given, in which
case the rows fill the board's top-left corner.
"""

from __future__ import annotations

from .board import Color, Position
from .errors import InvalidPosition

__all__ = ["parse_diagram"]

_BLACK = set("xX")
_WHITE = set("oO")
_EMPTY = set(".+")


def parse_diagram(text: str, *, to_play: Color = Color.BLACK, size: int | None = None) -> Position:
    """Parse a diagram into a :class:`Position` (raises InvalidPosition if malformed or illegal).

    >>> pos = parse_diagram('''
    ...     . x o
    ...     x x o
    ...     . x .
    ... ''')
    >>> pos.size, pos.color_at((2, 1)), pos.color_at((1, 2))
    (3, <Color.BLACK: 'b'>, <Color.WHITE: 'w'>)
    """
    rows = ["".join(line.split()) for line in text.strip("\n").splitlines()]
    rows = [r for r in rows if r]
    if not rows:
        raise InvalidPosition("empty diagram")
    side = size if size is not None else len(rows)
    if len(rows) > side or any(len(r) > side for r in rows):
        raise InvalidPosition(f"diagram does not fit a {side}x{side} board")
    if size is None and any(len(r) != side for r in rows):
        raise InvalidPosition(f"diagram is not square ({len(rows)} rows of lengths {sorted({len(r) for r in rows})})")
    black, white = [], []
    for i, row in enumerate(rows):
        r = side - 1 - i
        for c, ch in enumerate(row):
            if ch in _BLACK:
                black.append((r, c))
            elif ch in _WHITE:
                white.append((r, c))
            elif ch not in _EMPTY:
                raise InvalidPosition(f"unknown diagram symbol {ch!r}")
    return Position.from_points(side, black=black, white=white, to_play=to_play)
