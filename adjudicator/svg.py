"""SVG diagrams of a position and of a ruling (``adjudicator diagram``).

Two entry points, both pure string building (no dependency beyond the
standard library):

- :func:`render_position`: a bare board with optional :class:`Marks`
  (territory squares, dead crosses, seki rings, fill numbers, ``?`` badges,
  labels) and optional caption lines; the documentation reuses it for small
  diagram positions;
- :func:`render_svg`: the counted board of a :class:`~adjudicator.ruling.Ruling`
  (the position after the fill, exactly what ``adjudicator score`` counts)
  with a legend: result, the count per side (territory, prisoners, komi,
  total), a key to the marks, the fill and the number of assumed verdicts.

:func:`diagram_file` is the library side of the CLI command: it scores the
record with :func:`adjudicator.report.score_file` and writes the SVG
atomically (temporary file in the output's folder, then a rename), never over
the input.

What the marks mean (the same symbols as ``score``'s text board and its
``--sgf-out`` copy):

=====================  =============================================================
mark                   meaning
=====================  =============================================================
small square           territory of the square's colour (points under removed stones
                       included: a dead stone counts as a point and as a prisoner)
pale stone, red cross  dead: removed as a prisoner at the count (fate ``dead``)
ring on a stone        stays on the board without territory (fate ``seki``)
number on a stone      a stone of the dame/teire fill, in the order played
``?`` badge            the string's verdict is ``assumed`` (a heuristic guess, not a
                       proof): a referee must check it; one badge per string
=====================  =============================================================

Geometry: the picture is 600 units wide (``width="600"``, so one unit is one
pixel at the natural size) whatever the board size; the grid spacing is
``min(90, 548 / size)`` units, so a 19x19 board has about 29 px per line, a
25x25 board about 22 px and a 9x9 board about 61 px.  Coordinates follow GTP (design.md,
coords.py): columns ``A``..``Z`` without ``I`` left to right, rows ``1``..``N``
bottom to top, A1 at the bottom left.

Text from the record (the file name, ``RE``, ``RU``) is escaped for XML, and
characters XML 1.0 forbids (control characters) are replaced by ``?``.
"""

from __future__ import annotations

import math
import os
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from .board import Color, Position, iter_bits
from .coords import COLUMN_LETTERS, Point
from .errors import AdjudicatorError
from .outfiles import check_output, write_atomic
from .ruling import compare_results, open_area_centre

__all__ = [
    "DiagramError",
    "Marks",
    "marks_from_ruling",
    "render_position",
    "render_svg",
    "write_svg",
    "diagram_file",
]

# -- geometry and style ------------------------------------------------------------

WIDTH = 600  #: picture width in user units (= px at the natural size)
_LABEL_ROOM = 22  #: room for the coordinates between the edge stones and the wood's edge
_MAX_CELL = 90  #: grid spacing cap, reached below 7x7
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_WOOD = "#dcb35c"
_LINE = "#3d2b12"
_BLACK = "#111111"
_WHITE = "#fbfbf8"
_FILL_BLACK = "#5a5a5a"  # fill stones are drawn lighter (black) / greyer (white) than played stones
_FILL_WHITE = "#d9d9d9"
_DEAD_OPACITY = "0.45"
_CROSS = "#c62828"
_BADGE = "#ffb300"
_BADGE_EDGE = "#6d4c00"
_SEKI_ON_BLACK = "#f0f0f0"
_SEKI_ON_WHITE = "#202020"
_OPEN_AREA = "#6a1b9a"  # the hollow diamonds on the points of an open area
_TEXT = "#1a1a1a"
_LEGEND_SIZE = 15  #: legend font size in units (px at 600 px wide)
_LEGEND_LINE = 21


class DiagramError(AdjudicatorError):
    """An SVG diagram that cannot be written (the output is the input, a folder, unwritable)."""


@dataclass(frozen=True)
class Marks:
    """What to draw on top of a position; every field is optional.

    Fields
    ------
    black_territory, white_territory : frozenset of Point
        Points that get a small square of that colour.
    dead : frozenset of Point
        Stones drawn pale with a red cross (removed at the count).
    seki : frozenset of Point
        Stones that get a ring (they stay without territory).
    assumed : frozenset of Point
        Stones that get a ``?`` badge (give one stone per assumed string).
    fill : Mapping[Point, int]
        Fill stones and their move numbers (1 = first fill move); drawn
        lighter, with the number.
    labels : Mapping[Point, str]
        Short labels (``"a"``, ``"1"``) drawn on points; on an empty point
        the grid is cleared under the label.  Undefined for fill stones (the
        number wins).
    open_area : frozenset of Point
        Empty points of open areas (:func:`adjudicator.scoring.open_areas`:
        the game looks unfinished there); each gets a small hollow diamond.
    """

    black_territory: frozenset[Point] = frozenset()
    white_territory: frozenset[Point] = frozenset()
    dead: frozenset[Point] = frozenset()
    seki: frozenset[Point] = frozenset()
    assumed: frozenset[Point] = frozenset()
    fill: Mapping[Point, int] = field(default_factory=dict)
    labels: Mapping[Point, str] = field(default_factory=dict)
    open_area: frozenset[Point] = frozenset()

    def points(self) -> Iterable[Point]:
        """Every point some mark refers to."""
        yield from self.black_territory
        yield from self.white_territory
        yield from self.dead
        yield from self.seki
        yield from self.assumed
        yield from self.fill
        yield from self.labels
        yield from self.open_area


# -- text ------------------------------------------------------------------------------

# XML 1.0 allows tab, newline, carriage return and everything from U+0020 except surrogates
# and U+FFFE/U+FFFF (https://www.w3.org/TR/xml/#charsets).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _esc(text: str) -> str:
    """``text`` as XML character data or attribute value (quotes included)."""
    text = _NOT_XML.sub("?", str(text))
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _num(x: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _text(x: float, y: float, content: str, *, size: float, anchor: str = "start", weight: str | None = None,
          fill: str = _TEXT, cls: str | None = None) -> str:
    attrs = [f'x="{_num(x)}"', f'y="{_num(y)}"', f'font-size="{_num(size)}"']
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    if weight:
        attrs.append(f'font-weight="{weight}"')
    if fill != _TEXT:
        attrs.append(f'fill="{fill}"')
    if cls:
        attrs.append(f'class="{cls}"')
    return f"<text {' '.join(attrs)}>{_esc(content)}</text>"


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` that fit ``width`` units at font ``size`` (DejaVu Sans averages ~0.58 em)."""
    chars = max(12, int(width / (0.58 * size)))
    return textwrap.wrap(text, chars, break_long_words=True, break_on_hyphens=False) or [""]


def _shorten(text: str, chars: int) -> str:
    return text if len(text) <= chars else "\u2026" + text[-(chars - 1):]


# -- the board -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    size: int
    cell: float
    margin: float  # from the wood's edge to the outer grid line
    left: float  # x of column A
    top: float  # y of the top row
    wood: tuple[float, float, float, float]  # x, y, w, h

    def xy(self, point: Point) -> tuple[float, float]:
        row, col = point
        return self.left + col * self.cell, self.top + (self.size - 1 - row) * self.cell


def _frame(size: int, top: float = 0.0) -> _Frame:
    # The margin holds half a stone plus the coordinates: (size - 1) * cell + 2 * margin <= WIDTH - 8.
    cell = min(_MAX_CELL, (WIDTH - 8 - 2 * _LABEL_ROOM) / size)
    margin = cell / 2 + _LABEL_ROOM
    wood_w = (size - 1) * cell + 2 * margin
    x0 = (WIDTH - wood_w) / 2
    return _Frame(size, cell, margin, x0 + margin, top + margin, (x0, top, wood_w, wood_w))


def _star_points(size: int) -> list[Point]:
    """Hoshi as on common boards: 3-3 points from 7x7, 4-4 from 12x12, the centre of odd boards from
    5x5, and the side points of odd boards from 15x15 (so 9x9 and 13x13 get 5, 19x19 gets 9)."""
    points = []
    if size >= 7:
        d = 3 if size >= 12 else 2
        lines = [d, size - 1 - d]
        if size % 2 and size >= 15:
            lines.insert(1, size // 2)
        points = [(r, c) for r in lines for c in lines]
    if size % 2 and size >= 5 and (size // 2, size // 2) not in points:
        points.append((size // 2, size // 2))
    return points


def _board(pos: Position, marks: Marks, frame: _Frame) -> list[str]:
    """The SVG elements of the board: wood, grid, coordinates, territory, stones, marks."""
    size, cell = pos.size, frame.cell
    x0, y0, w, h = frame.wood
    out = [f'<rect class="wood" x="{_num(x0)}" y="{_num(y0)}" width="{_num(w)}" height="{_num(h)}" '
           f'rx="4" fill="{_WOOD}"/>']
    # Grid lines, as one path.
    span = (size - 1) * cell
    d = []
    for i in range(size):
        x = frame.left + i * cell
        y = frame.top + i * cell
        d.append(f"M{_num(x)} {_num(frame.top)}v{_num(span)}")
        d.append(f"M{_num(frame.left)} {_num(y)}h{_num(span)}")
    line_w = 1.0 if cell < 40 else 1.4
    out.append(f'<g id="grid"><path d="{"".join(d)}" stroke="{_LINE}" stroke-width="{_num(line_w)}" '
               f'fill="none" stroke-linecap="square"/>')
    for p in _star_points(size):
        x, y = frame.xy(p)
        out.append(f'<circle class="hoshi" cx="{_num(x)}" cy="{_num(y)}" r="{_num(max(2.0, cell * 0.09))}" '
                   f'fill="{_LINE}"/>')
    out.append("</g>")
    # Coordinates on all four sides.
    fs = min(16.0, max(11.0, cell * 0.48))
    out.append(f'<g id="coordinates" font-family="{_FONT}" font-size="{_num(fs)}" fill="{_TEXT}" '
               f'text-anchor="middle">')
    off = frame.margin - _LABEL_ROOM / 2
    for i in range(size):
        x = frame.left + i * cell
        letter = COLUMN_LETTERS[i]
        out.append(f'<text x="{_num(x)}" y="{_num(frame.top - off + fs * 0.35)}">{letter}</text>')
        out.append(f'<text x="{_num(x)}" y="{_num(frame.top + span + off + fs * 0.35)}">{letter}</text>')
        y = frame.top + (size - 1 - i) * cell + fs * 0.35
        out.append(f'<text x="{_num(frame.left - off)}" y="{_num(y)}">{i + 1}</text>')
        out.append(f'<text x="{_num(frame.left + span + off)}" y="{_num(y)}">{i + 1}</text>')
    out.append("</g>")

    r = cell * 0.47
    # Labels on empty points clear the grid under them first.
    empty_labels = {p: t for p, t in marks.labels.items() if pos.color_at(p) is None}
    out.append('<g id="stones">')
    for color in (Color.BLACK, Color.WHITE):
        for i in iter_bits(pos.stones(color)):
            p = divmod(i, size)
            x, y = frame.xy(p)
            classes = ["stone", color.word]
            if p in marks.fill:
                classes.append("fill")
                face = _FILL_BLACK if color is Color.BLACK else _FILL_WHITE
            else:
                face = _BLACK if color is Color.BLACK else _WHITE
            extra = ""
            if p in marks.dead:
                classes.append("dead")
                extra = f' opacity="{_DEAD_OPACITY}"'
            if p in marks.seki:
                classes.append("seki")
            edge = _BLACK
            out.append(f'<circle class="{" ".join(classes)}" cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" '
                       f'fill="{face}" stroke="{edge}" stroke-width="1"{extra}/>')
    out.append("</g>")

    # Territory squares over the stones (a territory holds no living stone): on a dead stone the square
    # shows who gets the point, under the cross.
    sq = cell * 0.34
    out.append('<g id="territory">')
    for owner, points, fill, stroke in (
        ("black", marks.black_territory, _BLACK, _BLACK),
        ("white", marks.white_territory, _WHITE, _BLACK),
    ):
        for p in sorted(points):
            x, y = frame.xy(p)
            out.append(f'<rect class="territory {owner}" x="{_num(x - sq / 2)}" y="{_num(y - sq / 2)}" '
                       f'width="{_num(sq)}" height="{_num(sq)}" fill="{fill}" stroke="{stroke}" '
                       f'stroke-width="1"/>')
    out.append("</g>")

    out.append(f'<g id="marks" font-family="{_FONT}" text-anchor="middle">')
    for p in sorted(marks.seki):
        x, y = frame.xy(p)
        ring = _SEKI_ON_WHITE if pos.color_at(p) is Color.WHITE else _SEKI_ON_BLACK
        out.append(f'<circle class="seki-mark" cx="{_num(x)}" cy="{_num(y)}" r="{_num(cell * 0.27)}" '
                   f'fill="none" stroke="{ring}" stroke-width="{_num(max(1.5, cell * 0.07))}"/>')
    for p, number in sorted(marks.fill.items()):
        x, y = frame.xy(p)
        ink = _WHITE if pos.color_at(p) is Color.BLACK else _BLACK
        label = str(number)
        fs_n = min(30.0, cell * (0.5 if len(label) < 2 else 0.42 if len(label) < 3 else 0.34))
        out.append(f'<text class="fill-number" x="{_num(x)}" y="{_num(y + fs_n * 0.36)}" '
                   f'font-size="{_num(fs_n)}" font-weight="bold" fill="{ink}">{_esc(label)}</text>')
    for p in sorted(marks.dead):
        x, y = frame.xy(p)
        a = cell * 0.27
        out.append(f'<path class="dead-mark" d="M{_num(x - a)} {_num(y - a)}l{_num(2 * a)} {_num(2 * a)}'
                   f'M{_num(x - a)} {_num(y + a)}l{_num(2 * a)} {_num(-2 * a)}" stroke="{_CROSS}" '
                   f'stroke-width="{_num(max(1.6, cell * 0.065))}" stroke-linecap="round"/>')
    for p, label in sorted(empty_labels.items()):
        x, y = frame.xy(p)
        fs_l = min(cell * 0.45, 26.0)
        out.append(f'<circle class="label-bg" cx="{_num(x)}" cy="{_num(y)}" r="{_num(cell * 0.32)}" '
                   f'fill="{_WOOD}"/>')
        out.append(f'<text class="label" x="{_num(x)}" y="{_num(y + fs_l * 0.36)}" font-size="{_num(fs_l)}" '
                   f'fill="{_TEXT}">{_esc(label)}</text>')
    for p, label in sorted(marks.labels.items()):
        if p in empty_labels or p in marks.fill:
            continue
        x, y = frame.xy(p)
        fs_l = min(cell * 0.45, 26.0)
        ink = _WHITE if pos.color_at(p) is Color.BLACK else _BLACK
        out.append(f'<text class="label" x="{_num(x)}" y="{_num(y + fs_l * 0.36)}" font-size="{_num(fs_l)}" '
                   f'fill="{ink}">{_esc(label)}</text>')
    for p in sorted(marks.open_area):
        out.append(_diamond(*frame.xy(p), cell * 0.2, "open-area"))
    for p in sorted(marks.assumed):
        out.append(_badge(*frame.xy(p), cell))
    out.append("</g>")
    return out


def _diamond(x: float, y: float, a: float, cls: str) -> str:
    """A hollow diamond of half-diagonal ``a`` centred at (x, y): the mark of an open-area point."""
    return (f'<path class="{cls}" d="M{_num(x)} {_num(y - a)}L{_num(x + a)} {_num(y)}L{_num(x)} {_num(y + a)}'
            f'L{_num(x - a)} {_num(y)}Z" fill="{_WOOD}" stroke="{_OPEN_AREA}" '
            f'stroke-width="{_num(max(1.4, a * 0.3))}"/>')


def _badge(x: float, y: float, cell: float) -> str:
    """The ``?`` badge at the upper right of the stone at (x, y)."""
    br = max(5.5, cell * 0.21)
    bx, by = x + cell * 0.3, y - cell * 0.3
    return (f'<g class="assumed-mark"><circle cx="{_num(bx)}" cy="{_num(by)}" r="{_num(br)}" fill="{_BADGE}" '
            f'stroke="{_BADGE_EDGE}" stroke-width="1"/>'
            f'<text x="{_num(bx)}" y="{_num(by + br * 0.5)}" font-size="{_num(br * 1.45)}" font-weight="bold" '
            f'fill="{_TEXT}">?</text></g>')


def _check_marks(pos: Position, marks: Marks) -> None:
    for row, col in marks.points():
        if not (0 <= row < pos.size and 0 <= col < pos.size):
            raise ValueError(f"mark at {(row, col)} is off the {pos.size}x{pos.size} board")
    for p in list(marks.dead) + list(marks.seki) + list(marks.assumed) + list(marks.fill):
        if pos.color_at(p) is None:
            raise ValueError(f"stone mark at {p} is on an empty point")
    for p in marks.open_area:
        if pos.color_at(p) is not None:
            raise ValueError(f"open-area mark at {p} is on a stone")


def _document(height: float, body: list[str], title: str) -> str:
    h = math.ceil(height)
    return "\n".join([
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{WIDTH}" height="{h}" '
        f'viewBox="0 0 {WIDTH} {h}" font-family="{_FONT}">',
        f"<title>{_esc(title)}</title>",
        f'<rect class="background" width="{WIDTH}" height="{h}" fill="#ffffff"/>',
        *body,
        "</svg>",
        "",
    ])


def render_position(
    position: Position,
    marks: Marks | None = None,
    *,
    caption: Sequence[str] = (),
    title: str = "Go position",
) -> str:
    """An SVG document of ``position`` with ``marks`` and optional caption lines below it.

    Parameters
    ----------
    position : Position
        Any position, 2x2 to 25x25.
    marks : Marks, optional
        What to draw on top (nothing by default).
    caption : sequence of str
        Lines of text under the board (wrapped to the picture's width).
    title : str
        The document's ``<title>`` (shown as a tooltip by browsers).

    Returns
    -------
    str
        A complete SVG document (UTF-8 XML declaration included), 600 units wide.

    Raises
    ------
    ValueError
        If a mark lies off the board, or a stone mark (dead, seki, assumed,
        fill) on an empty point.

    Examples
    --------
    >>> from adjudicator.diagrams import parse_diagram
    >>> pos = parse_diagram('''
    ...     . x o .
    ...     x x o .
    ...     o o o .
    ...     . . . .
    ... ''')
    >>> svg = render_position(pos, Marks(white_territory=frozenset({(0, 0), (0, 3)}), labels={(3, 3): "a"}))
    >>> svg.count('class="stone '), svg.count('class="territory white"'), svg.count('class="label"')
    (8, 2, 1)
    """
    marks = marks or Marks()
    _check_marks(position, marks)
    frame = _frame(position.size)
    body = _board(position, marks, frame)
    y = frame.wood[3] + 8
    if caption:
        body.append(f'<g id="caption" font-family="{_FONT}">')
        for line in caption:
            for part in _wrap(line, _LEGEND_SIZE, WIDTH - 32):
                y += _LEGEND_LINE
                body.append(_text(16, y, part, size=_LEGEND_SIZE))
        body.append("</g>")
        y += 10
    return _document(y, body, title)


# -- the ruling ----------------------------------------------------------------------


def marks_from_ruling(ruling) -> Marks:
    """The :class:`Marks` of a ruling's counted position (what :func:`render_svg` draws).

    Territory and dead stones come from the ruling's ``score``; seki from
    the strings whose fate is seki; fill numbers from ``ruling.fill.moves``
    (stones of the fill still on the board); one ``?`` badge per string with
    an ``assumed`` verdict that no agreement settled (``score --agreed``,
    ``--dead``, ``--alive``), on its upper-rightmost stone; a diamond on
    each point of the ruling's open areas.
    """
    pos: Position = ruling.position
    score = ruling.score
    tb, tw = score.territory
    fill_bits = ruling.fill.stones(Color.BLACK) | ruling.fill.stones(Color.WHITE)
    fill: dict[Point, int] = {}
    for k, move in enumerate(ruling.fill.moves, 1):
        if pos.bit(move.point) & fill_bits:
            fill[move.point] = k  # a point filled twice (after a capture) shows the later number
    assumed = frozenset(max(v.points) for v in ruling.unsettled)
    return Marks(
        black_territory=frozenset(pos.points(tb)),
        white_territory=frozenset(pos.points(tw)),
        dead=frozenset(pos.points(score.removed[0] | score.removed[1])),
        seki=frozenset(pos.points(score.seki)),
        assumed=assumed,
        fill=fill,
        open_area=frozenset(p for area in ruling.open_areas for p in pos.points(area)),
    )


def _key_items(marks: Marks, cell: float = 22.0) -> list[tuple[Callable[[float, float], str], str, float]]:
    """Symbol drawers (centre x, y), their words and symbol widths, for the marks present."""
    r = cell * 0.47

    def stone(x, y, color, extra=""):
        face = _BLACK if color is Color.BLACK else _WHITE
        return (f'<circle class="key" cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{face}" '
                f'stroke="{_BLACK}" stroke-width="1"{extra}/>')

    def territory(x, y):
        sq = cell * 0.4
        return "".join(
            f'<rect class="key" x="{_num(cx - sq / 2)}" y="{_num(y - sq / 2)}" width="{_num(sq)}" '
            f'height="{_num(sq)}" fill="{f}" stroke="{_BLACK}" stroke-width="1"/>'
            for cx, f in ((x - cell * 0.35, _BLACK), (x + cell * 0.35, _WHITE))
        )

    def dead(x, y):
        a = cell * 0.25
        return (stone(x, y, Color.BLACK, f' opacity="{_DEAD_OPACITY}"')
                + f'<path class="key" d="M{_num(x - a)} {_num(y - a)}l{_num(2 * a)} {_num(2 * a)}'
                  f'M{_num(x - a)} {_num(y + a)}l{_num(2 * a)} {_num(-2 * a)}" stroke="{_CROSS}" '
                  f'stroke-width="{_num(cell * 0.09)}" stroke-linecap="round"/>')

    def seki(x, y):
        return (stone(x, y, Color.WHITE)
                + f'<circle class="key" cx="{_num(x)}" cy="{_num(y)}" r="{_num(cell * 0.27)}" fill="none" '
                  f'stroke="{_SEKI_ON_WHITE}" stroke-width="{_num(cell * 0.08)}"/>')

    def fill(x, y):
        return (f'<circle class="key" cx="{_num(x)}" cy="{_num(y)}" r="{_num(r)}" fill="{_FILL_BLACK}" '
                f'stroke="{_BLACK}" stroke-width="1"/>'
                + _text(x, y + cell * 0.18, "1", size=cell * 0.5, anchor="middle", weight="bold", fill=_WHITE))

    def assumed(x, y):
        return _badge(x - cell * 0.3, y + cell * 0.3, cell * 1.3)

    def open_area(x, y):
        return _diamond(x, y, cell * 0.3, "key")

    items: list[tuple[Callable[[float, float], str], str, float]] = [(territory, "territory", cell * 1.2)]
    if marks.dead:
        items.append((dead, "dead, removed", cell))
    if marks.seki:
        items.append((seki, "seki, no territory", cell))
    if marks.fill:
        items.append((fill, "fill (dame/teire), in order", cell))
    if marks.assumed:
        items.append((assumed, "assumed verdict: check", cell * 0.8))
    if marks.open_area:
        items.append((open_area, "open area: unfinished", cell * 0.8))
    return items


_AGREEMENT = {
    "exact": "agrees",
    "same-winner": "same winner, another margin",
    "different-winner": "disagrees",
    "not-comparable": "",
}


def _legend(ruling, marks: Marks, top: float) -> tuple[list[str], float]:
    """The legend's elements and its bottom y."""
    score = ruling.score
    record = ruling.replay.record
    b, w = Color.BLACK, Color.WHITE
    x0 = 16
    avail = WIDTH - 2 * x0
    out = [f'<g id="legend" font-family="{_FONT}" font-size="{_LEGEND_SIZE}" fill="{_TEXT}">']
    y = top

    # The result, large.
    head = f"Result: {ruling.result} \u2014 {ruling.summary}"
    for part in _wrap(head, 18, avail):
        y += 25
        out.append(_text(x0, y, part, size=18, weight="bold", cls="result"))

    # Where it comes from.
    komi_from = {"record": "from the record", "rules": "rule-set default", "option": "from --komi"}.get(
        ruling.komi_source, ruling.komi_source)
    if record.result_text is None:
        record_re = "no RE in the record"
    else:
        # A tie by long cycle is not a count: nothing to compare with the record's RE.
        agreement = ""
        if ruling.decided_by_count:
            agreement = _AGREEMENT[compare_results(ruling.result, record.result_text)]
        record_re = f"record RE {record.result_text}" + (f" ({agreement})" if agreement else "")
    about = (f"{_shorten(record.source, 60)} \u00b7 {record.size}\u00d7{record.size} \u00b7 "
             f"rules {ruling.rules.name} \u00b7 komi {ruling.komi:g} ({komi_from}) \u00b7 {record_re}")
    for part in _wrap(about, _LEGEND_SIZE, avail):
        y += _LEGEND_LINE
        out.append(_text(x0, y, part, size=_LEGEND_SIZE, cls="about"))

    # The count, as a small table.
    y += 10
    cols = [("territory", 250), ("prisoners", 350), ("komi", 430), ("total", 520)]
    y += _LEGEND_LINE
    out.append(f'<g class="count" font-size="{_LEGEND_SIZE}">')
    for name, x in cols:
        out.append(_text(x, y, name, size=_LEGEND_SIZE, anchor="end", fill="#555555"))
    for color in (b, w):
        y += _LEGEND_LINE + 3
        face = _BLACK if color is b else _WHITE
        out.append(f'<circle class="key" cx="{x0 + 9}" cy="{_num(y - 5)}" r="8" fill="{face}" stroke="{_BLACK}" '
                   f'stroke-width="1"/>')
        out.append(_text(x0 + 24, y, color.word.capitalize(), size=_LEGEND_SIZE, weight="bold"))
        komi = f"{score.komi:g}" if color is w else "\u2013"
        values = [str(score.territory_points(color)), str(score.prisoners(color)), komi, f"{score.total(color):g}"]
        for k, ((_, x), value) in enumerate(zip(cols, values)):
            out.append(_text(x, y, value, size=_LEGEND_SIZE, anchor="end",
                             weight="bold" if k == len(values) - 1 else None))
    out.append("</g>")
    y += 8

    # Key to the marks, flowing over as many lines as needed.
    y += _LEGEND_LINE + 6
    x = x0
    for draw, words, symbol in _key_items(marks):
        width = symbol + 6 + len(words) * 0.56 * 14 + 18
        if x + width > WIDTH - x0 and x > x0:
            x = x0
            y += _LEGEND_LINE + 6
        out.append(draw(x + symbol / 2, y - 5))
        out.append(_text(x + symbol + 6, y, words, size=14))
        x += width

    # Notes: the fill and the verdicts to check.
    fill = ruling.fill
    if fill.source == "none":
        fill_text = "Fill: none (--no-fill)."
    elif not fill.moves and fill.refused:
        # The text output's wording: "nothing to fill" above dame left open misled a referee.
        fill_text = (f"Fill: no move; every dame found is left open: "
                     f"{', '.join(dict.fromkeys(r.vertex for r in fill.refused))}.")
    elif not fill.moves:
        fill_text = "Fill: nothing to fill."
    else:
        how = "proposed" if fill.source == "proposed" else "given with --fill"
        fill_text = (f"Fill ({how}): {len(fill.moves)} move{'s' if len(fill.moves) != 1 else ''} "
                     f"({fill.count('dame')} dame, {fill.count('teire')} teire), numbered in order.")
    n_assumed, n, n_agreed = len(ruling.unsettled), len(ruling.verdicts), len(ruling.agreed)
    words = ruling.agreement.words if ruling.agreement is not None else "an agreement"
    if n_assumed:
        check = (f"{n_assumed} of {n} strings have assumed verdicts (heuristic guesses, not proofs): "
                 f"a referee must check them."
                 + (f" {n_agreed} more are settled by {words} (not proven)." if n_agreed else ""))
    elif n_agreed:
        check = f"No string is left to a heuristic guess; {n_agreed} of {n} are settled by {words} (not proven)."
    else:
        check = f"All {n} strings have proven verdicts (static or search)."
    notes = [(fill_text, "fill-note"), (check, "assumed-note")]
    notes += [(f"Open area: {area.bit_count()} empty points around {open_area_centre(area, record.size)} next to "
               "stones of both colours count for nobody: the game looks unfinished there.", "open-area-note")
              for area in ruling.open_areas]
    y += 4
    for line, cls in notes:
        for part in _wrap(line, _LEGEND_SIZE, avail):
            y += _LEGEND_LINE
            out.append(_text(x0, y, part, size=_LEGEND_SIZE, cls=cls))
    if not ruling.decided_by_count:
        y += _LEGEND_LINE
        out.append(_text(x0, y, "The count is shown for information: it does not decide this game.",
                         size=_LEGEND_SIZE, cls="note"))
    out.append("</g>")
    return out, y + 14


def render_svg(ruling) -> str:
    """The SVG diagram of a ruling: the counted board, its marks and a legend with the count.

    Parameters
    ----------
    ruling : Ruling
        From :func:`adjudicator.report.score_file` or
        :func:`adjudicator.ruling.adjudicate`.

    Returns
    -------
    str
        A complete SVG document, 600 units wide (see the module docstring
        for the marks).

    Examples
    --------
    >>> from adjudicator.diagrams import parse_diagram
    >>> from adjudicator.history import GameRecord, Play, Setup, replay
    >>> from adjudicator.rules import AJR
    >>> from adjudicator.ruling import adjudicate
    >>> pos = parse_diagram('''
    ...     . x o . .
    ...     x x o . .
    ...     . x o . .
    ...     x x o o o
    ...     . x o . .
    ... ''')
    >>> setup = Setup(0, black=tuple(pos.points(pos.black)), white=tuple(pos.points(pos.white)))
    >>> record = GameRecord(5, (setup, Play(1, Color.BLACK, None), Play(2, Color.WHITE, None)), komi=0.5)
    >>> svg = render_svg(adjudicate(replay(record, AJR)))
    >>> svg.count('class="stone '), "Result: W+" in svg
    (14, True)
    """
    pos = ruling.position
    marks = marks_from_ruling(ruling)
    frame = _frame(pos.size)
    body = _board(pos, marks, frame)
    legend, bottom = _legend(ruling, marks, frame.wood[3] + 4)
    body.extend(legend)
    title = f"{ruling.replay.record.source}: {ruling.result} ({ruling.summary}), rules {ruling.rules.name}"
    return _document(bottom, body, title)


# -- files --------------------------------------------------------------------------------


def _check_output(output: str | os.PathLike[str], inputs: Sequence[str | os.PathLike[str]]) -> Path:
    return check_output(output, inputs, DiagramError)


def write_svg(
    text: str, output: str | os.PathLike[str], *, inputs: Sequence[str | os.PathLike[str]] = ()
) -> None:
    """Write ``text`` to ``output`` atomically (temporary file in the same folder, then a rename).

    A reader never sees half a file, and a failure leaves any earlier
    ``output`` as it was.

    Raises
    ------
    DiagramError
        If ``output`` is one of ``inputs`` (never overwritten), a directory,
        in a folder that does not exist, or cannot be written.
    """
    _check_output(output, inputs)
    write_atomic(text.encode("utf-8"), output, DiagramError)


def diagram_file(
    path: str | os.PathLike[str],
    output: str | os.PathLike[str],
    *,
    rules="japanese",
    komi: float | None = None,
    no_fill: bool = False,
    **score_options,
):
    """Score the record at ``path`` and write its SVG diagram to ``output``: ``adjudicator diagram``.

    The output is checked before the (slower) scoring, so a bad output path
    fails at once.

    Parameters
    ----------
    path : str or os.PathLike
        An SGF file.
    output : str or os.PathLike
        Where to write the SVG (never the input file).
    rules, komi, no_fill, score_options
        As :func:`adjudicator.report.score_file`.

    Returns
    -------
    Ruling
        The ruling drawn.

    Raises
    ------
    DiagramError
        If the output cannot be written (see :func:`write_svg`).
    AdjudicatorError
        The errors of :func:`adjudicator.report.score_file` (bad file, rule
        set, komi).
    """
    from .report import score_file  # report is the library layer above the ruling

    _check_output(output, [path])
    ruling = score_file(path, rules=rules, komi=komi, no_fill=no_fill, **score_options)
    write_svg(render_svg(ruling), output, inputs=[path])
    return ruling
