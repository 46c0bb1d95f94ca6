"""Immutable Go positions on bitboards: plays, passes, captures, suicide, basic ko.

A position is two Python ints, ``black`` and ``white``, whose bit ``row * size +
col`` is set where a stone of that colour stands (the flat index of
``coords.py``).  Ints are immutable and hashable, so a position is a small frozen
value: a hypothetical play makes a new one and nothing needs copying back.

Neighbourhoods are computed by shift-and-mask over the whole board at once
(:func:`dilate`); a chain is a flood fill that dilates a seed inside the stones
of its colour until it stops growing.  Per size, :func:`geometry` caches the
masks and the neighbour mask of every point.

Rules implemented here (AJR 2008, ``sources/japanese-rules-ajr-and-1989.txt``;
J1989 Art. 4-6 agree for these):

- a play on an empty point; opponent chains left without liberties are removed
  and counted as prisoners of the mover;
- suicide is prohibited (a play whose own chain has no liberty after removals);
- **basic ko** (AJR: "a play may not recreate the position just before the
  previous move").  That can only happen when the previous move captured exactly
  one stone at ``p`` with a stone at ``q`` that now forms a one-stone chain whose
  only liberty is ``p``, and the play is the opponent retaking at ``p``: it then
  removes exactly ``q`` and recreates the earlier position.  So the ban is kept
  as a point and the colour it binds; a pass (or any other move) lifts it.

What is *not* here: long cycles, fixed ko and pass-for-ko depend on the history
of a game or a move-sequence and on the rule set (see ``history.py`` and
``analysis/``).  This module knows nothing about rule sets, networkx or SGF.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from .coords import Move, Point, check_size, vertex_from_point
from .errors import IllegalMove, InvalidPosition, InvalidVertex

__all__ = [
    "Color",
    "Geometry",
    "geometry",
    "dilate",
    "flood",
    "iter_bits",
    "MoveFacts",
    "Position",
]


class Color(enum.Enum):
    """A player.  Values are the SGF/JSON spellings ``"b"`` and ``"w"``."""

    BLACK = "b"
    WHITE = "w"

    def __hash__(self) -> int:
        # Enum hashes its name (a str), which varies between processes; keys
        # built from positions must not.
        return 1 if self is Color.BLACK else 2

    @property
    def opponent(self) -> "Color":
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    @property
    def word(self) -> str:
        """Lower-case English name, for messages: ``"black"``."""
        return "black" if self is Color.BLACK else "white"


class Geometry(NamedTuple):
    """Masks for one board size (all ints are bitboards over flat indices)."""

    size: int
    full: int  # every point of the board
    not_first_col: int  # points whose column is not 0 (targets of a shift by +1)
    not_last_col: int  # points whose column is not size-1 (targets of a shift by -1)
    neighbours: tuple[int, ...]  # neighbours[flat] = mask of the up-to-4 neighbours


@functools.cache
def geometry(size: int) -> Geometry:
    """Return the cached :class:`Geometry` of a ``size`` x ``size`` board."""
    check_size(size)
    full = (1 << (size * size)) - 1
    first_col = sum(1 << (r * size) for r in range(size))
    last_col = first_col << (size - 1)
    nbrs = []
    for flat in range(size * size):
        r, c = divmod(flat, size)
        m = 0
        if r > 0:
            m |= 1 << (flat - size)
        if r < size - 1:
            m |= 1 << (flat + size)
        if c > 0:
            m |= 1 << (flat - 1)
        if c < size - 1:
            m |= 1 << (flat + 1)
        nbrs.append(m)
    return Geometry(size, full, full & ~first_col, full & ~last_col, tuple(nbrs))


def dilate(bits: int, g: Geometry) -> int:
    """Return ``bits`` together with every point orthogonally adjacent to it."""
    n = g.size
    return (
        bits
        | ((bits << 1) & g.not_first_col)
        | ((bits >> 1) & g.not_last_col)
        | (bits << n)
        | (bits >> n)
    ) & g.full


def flood(seed: int, within: int, g: Geometry) -> int:
    """Return the points of ``within`` connected to ``seed`` (``seed`` must lie in ``within``)."""
    n = g.size
    a, b, full = g.not_first_col, g.not_last_col, g.full
    region = seed
    frontier = seed
    while frontier:
        grown = ((frontier << 1) & a) | ((frontier >> 1) & b) | (frontier << n) | (frontier >> n)
        frontier = grown & within & ~region & full
        region |= frontier
    return region


def iter_bits(bits: int) -> Iterator[int]:
    """Yield the flat index of every set bit, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _has_liberty(stone: int, stones: int, empty: int, g: Geometry) -> bool:
    """True if the chain of ``stones`` through the single bit ``stone`` touches ``empty``.

    Stops as soon as one liberty is seen, so a chain with a liberty next to
    ``stone`` costs one mask test.
    """
    nbrs = g.neighbours
    if nbrs[stone.bit_length() - 1] & empty:
        return True
    n = g.size
    a, b, full = g.not_first_col, g.not_last_col, g.full
    region = frontier = stone
    while frontier:
        grown = (((frontier << 1) & a) | ((frontier >> 1) & b) | (frontier << n) | (frontier >> n)) & full
        if grown & empty:
            return True
        frontier = grown & stones & ~region
        region |= frontier
    return False


_REASON_TEXT = {
    "occupied": "point is occupied",
    "suicide": "suicide",
    "ko": "retakes ko",
    "off-board": "off the board",
}


class MoveFacts(NamedTuple):
    """What a move would do; the caller (or :meth:`Position.play`) decides if it is allowed.

    ``reason`` is ``None`` for a legal move, else ``"occupied"``, ``"suicide"``,
    ``"ko"`` or ``"off-board"``.  ``captured`` is the bitboard of opponent stones the play removes
    (0 when illegal or a pass).
    """

    reason: str | None
    captured: int


@dataclass(frozen=True, slots=True)
class Position:
    """A legal Go position.  Immutable, hashable, equal only to an identical position.

    Fields
    ------
    size : int
        Board side, 2..25.
    black, white : int
        Bitboards of the stones (bit ``row * size + col``).
    to_play : Color
        Whose turn it is (what :meth:`play` uses when no colour is given).
    ko_bit : int
        Bitboard with the single point where ``ko_color`` may not play next
        (basic ko), or 0 when no play is banned.
    ko_color : Color | None
        The player the ko ban binds; ``None`` exactly when ``ko_bit`` is 0.
    prisoners : tuple[int, int]
        Stones captured so far *by* (Black, White).

    Equality and hashing use all fields and are deterministic across
    processes (the hash is computed from ints only); :meth:`board_key` is the
    stone arrangement alone (for whole-board repetition).  The constructor checks
    the size and that the bitboards lie on the board and do not overlap; that a
    position is *legal* (every chain has a liberty) is checked by
    :meth:`from_points` and :meth:`check_liberties`.
    """

    size: int
    black: int = 0
    white: int = 0
    to_play: Color = Color.BLACK
    ko_bit: int = 0
    ko_color: Color | None = None
    prisoners: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        g = geometry(self.size)
        if (self.black | self.white) & ~g.full or self.black & self.white or self.black < 0 or self.white < 0:
            raise InvalidPosition("stones off the board or a point holding both colours")

    def __hash__(self) -> int:
        ko = 0 if self.ko_color is None else hash(self.ko_color)
        return hash((self.size, self.black, self.white, hash(self.to_play), self.ko_bit, ko, self.prisoners))

    # -- construction ------------------------------------------------------

    @classmethod
    def empty(cls, size: int, to_play: Color = Color.BLACK) -> "Position":
        """An empty board of ``size``; raises InvalidPosition for sizes outside 2..25."""
        geometry(size)
        return cls(size, 0, 0, to_play)

    @classmethod
    def from_points(
        cls,
        size: int,
        black: "Iterator[Point] | list[Point] | set[Point]" = (),
        white: "Iterator[Point] | list[Point] | set[Point]" = (),
        to_play: Color = Color.BLACK,
        prisoners: tuple[int, int] = (0, 0),
    ) -> "Position":
        """Build a position from point lists; raises InvalidPosition if it is not legal.

        A legal position has no point holding both colours and no chain without
        a liberty.
        """
        geometry(size)
        b = w = 0
        for pts, is_black in ((black, True), (white, False)):
            for r, c in pts:
                if not (0 <= r < size and 0 <= c < size):
                    raise InvalidPosition(f"point {(r, c)} is off the {size}x{size} board")
                if is_black:
                    b |= 1 << (r * size + c)
                else:
                    w |= 1 << (r * size + c)
        if b & w:
            raise InvalidPosition("a point holds both a black and a white stone")
        pos = cls(size, b, w, to_play, 0, None, prisoners)
        pos.check_liberties()
        return pos

    def check_liberties(self) -> None:
        """Raise InvalidPosition naming a chain that has no liberty, if there is one."""
        g = geometry(self.size)
        empty = g.full & ~(self.black | self.white)
        for stones, color in ((self.black, Color.BLACK), (self.white, Color.WHITE)):
            todo = stones
            while todo:
                low = todo & -todo
                chain = flood(low, stones, g)
                if not dilate(chain, g) & empty:
                    vertex = vertex_from_point(self.point_of(low))
                    raise InvalidPosition(f"the {color.word} chain at {vertex} has no liberty")
                todo &= ~chain

    # -- queries -----------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return geometry(self.size)

    @property
    def empty_bits(self) -> int:
        """Bitboard of the empty points."""
        return geometry(self.size).full & ~(self.black | self.white)

    @property
    def ko_point(self) -> Point | None:
        """The point ``ko_color`` may not play on next, or None."""
        return self.point_of(self.ko_bit) if self.ko_bit else None

    def stones(self, color: Color) -> int:
        """Bitboard of ``color``'s stones."""
        return self.black if color is Color.BLACK else self.white

    def bit(self, point: Point) -> int:
        """Bitboard holding just ``point``; raises InvalidVertex if it is off the board."""
        r, c = point
        if not (0 <= r < self.size and 0 <= c < self.size):
            raise InvalidVertex(f"point {point} is off the {self.size}x{self.size} board")
        return 1 << (r * self.size + c)

    def point_of(self, bits: int) -> Point:
        """The point of the lowest set bit of ``bits`` (which must not be 0)."""
        if bits <= 0:
            raise ValueError("point_of() needs a non-empty bitboard")
        return divmod((bits & -bits).bit_length() - 1, self.size)

    def points(self, bits: int) -> list[Point]:
        """All points of a bitboard, in flat-index order (bottom row first)."""
        return [divmod(i, self.size) for i in iter_bits(bits)]

    def color_at(self, point: Point) -> Color | None:
        b = self.bit(point)
        if self.black & b:
            return Color.BLACK
        if self.white & b:
            return Color.WHITE
        return None

    def chain(self, point: Point) -> int:
        """Bitboard of the chain through ``point`` (0 if the point is empty)."""
        b = self.bit(point)
        for stones in (self.black, self.white):
            if stones & b:
                return flood(b, stones, geometry(self.size))
        return 0

    def liberties(self, chain: int) -> int:
        """Bitboard of the liberties of a chain (or of any set of stones)."""
        g = geometry(self.size)
        return dilate(chain, g) & g.full & ~(self.black | self.white)

    def chains(self, color: Color | None = None) -> list[tuple[Color, int]]:
        """All chains as ``(color, bitboard)``, Black's first, each ordered by lowest point."""
        g = geometry(self.size)
        out = []
        for c in (Color.BLACK, Color.WHITE) if color is None else (color,):
            stones = self.stones(c)
            todo = stones
            while todo:
                chain = flood(todo & -todo, stones, g)
                out.append((c, chain))
                todo &= ~chain
        return out

    def empty_regions(self) -> list[int]:
        """Maximal connected sets of empty points, each as a bitboard."""
        g = geometry(self.size)
        empty = self.empty_bits
        out = []
        todo = empty
        while todo:
            region = flood(todo & -todo, empty, g)
            out.append(region)
            todo &= ~region
        return out

    def board_key(self) -> tuple[int, int, int]:
        """The stone arrangement alone: ``(size, black, white)``.

        Two positions with equal keys look the same on the board, whoever is to
        play; whole-board repetition (long cycles) compares these keys.
        """
        return (self.size, self.black, self.white)

    # -- moves -------------------------------------------------------------

    def analyse_move(self, move: Move, color: Color | None = None) -> MoveFacts:
        """Describe ``move`` by ``color`` (default: ``to_play``) without playing it.

        A pass is always legal.  See :class:`MoveFacts`.
        """
        if move is None:
            return MoveFacts(None, 0)
        facts, _ = self._try_play(move, color or self.to_play)
        return facts

    def is_legal(self, move: Move, color: Color | None = None) -> bool:
        return self.analyse_move(move, color).reason is None

    def play(self, move: Move, color: Color | None = None) -> "Position":
        """Return the position after ``move`` by ``color`` (default: ``to_play``).

        ``None`` is a pass: the board is unchanged, the ko ban is lifted and the
        turn passes.  After a play the turn goes to the mover's opponent.

        Raises
        ------
        IllegalMove
            If the point is off the board or occupied, the play is suicide, or
            it retakes a ko (basic ko); ``reason`` says which.
        """
        mover = color or self.to_play
        if move is None:
            return Position(self.size, self.black, self.white, mover.opponent, 0, None, self.prisoners)
        facts, after = self._try_play(move, mover)
        if after is None:
            text = _REASON_TEXT[facts.reason]
            where = vertex_from_point(move) if facts.reason != "off-board" else str(move)
            raise IllegalMove(
                f"{mover.word} {where}: {text}",
                reason=facts.reason,
                point=move,
                color=mover,
            )
        return after

    def try_play(self, move: Move, color: Color | None = None) -> tuple[MoveFacts, "Position | None"]:
        """Analyse and play in one step: ``(facts, position after)``, the position None if illegal.

        For callers that need both answers (replay, search) without paying for
        the move twice; ``move`` must be a point, not a pass.
        """
        return self._try_play(move, color or self.to_play)

    def _try_play(self, move: Move, mover: Color) -> tuple[MoveFacts, "Position | None"]:
        size = self.size
        g = geometry(size)
        r, c = move
        if not (0 <= r < size and 0 <= c < size):
            return MoveFacts("off-board", 0), None
        flat = r * size + c
        p = 1 << flat
        if (self.black | self.white) & p:
            return MoveFacts("occupied", 0), None
        if mover is Color.BLACK:
            own, opp = self.black | p, self.white
        else:
            own, opp = self.white | p, self.black
        nbrs = g.neighbours
        empty = g.full & ~(own | opp)
        captured = 0
        adjacent_opp = nbrs[flat] & opp
        while adjacent_opp:
            q = adjacent_opp & -adjacent_opp
            adjacent_opp ^= q
            if captured & q:
                continue
            if not _has_liberty(q, opp, empty, g):
                chain = flood(q, opp, g)
                captured |= chain
                adjacent_opp &= ~chain
        if captured:
            opp &= ~captured
            empty |= captured
        elif not _has_liberty(p, own, empty, g):
            return MoveFacts("suicide", 0), None
        if self.ko_bit == p and self.ko_color is mover and captured & (captured - 1) == 0 and captured:
            # captured is a single stone: the play would recreate the position
            # before the previous move (see the module docstring).
            return MoveFacts("ko", 0), None
        # A new ko ban arises when exactly one stone was captured and the
        # capturing stone is a lone stone whose only liberty is that point.
        ko_bit, ko_color = 0, None
        if captured and captured & (captured - 1) == 0 and not (nbrs[flat] & own) and (nbrs[flat] & empty) == captured:
            ko_bit, ko_color = captured, mover.opponent
        n_cap = captured.bit_count()
        pb, pw = self.prisoners
        if mover is Color.BLACK:
            after = Position(size, own, opp, Color.WHITE, ko_bit, ko_color, (pb + n_cap, pw))
        else:
            after = Position(size, opp, own, Color.BLACK, ko_bit, ko_color, (pb, pw + n_cap))
        return MoveFacts(None, captured), after

    # -- display -----------------------------------------------------------

    def to_rows(self) -> list[str]:
        """Rows of ``X`` (black), ``O`` (white) and ``.``, top row first."""
        size = self.size
        rows = []
        for r in range(size - 1, -1, -1):
            line = []
            for c in range(size):
                b = 1 << (r * size + c)
                line.append("X" if self.black & b else "O" if self.white & b else ".")
            rows.append("".join(line))
        return rows

    def __str__(self) -> str:
        from .coords import COLUMN_LETTERS

        size = self.size
        width = len(str(size))
        header = " " * (width + 1) + " ".join(COLUMN_LETTERS[:size])
        lines = [header]
        for i, row in enumerate(self.to_rows()):
            number = size - i
            lines.append(f"{number:>{width}} " + " ".join(row) + f" {number}")
        lines.append(header)
        return "\n".join(lines)
