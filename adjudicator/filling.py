"""Dame and teire filling before the count (AJR: informal; J1989 Art. 8 and Korean: required).

After the alternation stops, players fill the *dame* (empty points between
living stones of both colours, worth nothing to either side) and play the
*teire* those fills make necessary (a string put in atari by a dame must be
connected, which costs its owner a point of territory).  Final positions of
counted KGS games still hold a median of four unfilled dame, and an unfilled
dame merges a territory with a neutral region, so the fill matters for the
count: J1989 Art. 8 puts live stones that still touch dame in seki, and a
teire the rules require costs a point that the players' own count may ignore
(rules-sources.md 1.3.10).

This module *proposes* a fill and explains every move; the user can refuse it
or give their own (``adjudicator score --no-fill`` / ``--fill "B:C3,W:D4"``).

The proposal (:func:`propose_fill`)
-----------------------------------
Input: the final position and the life verdicts for it (``analysis``).  Only
strings whose verdict is ``alive`` take part; stones of ``not_alive`` strings
(dead stones, seki) are left alone, and so is every point next to them.

- A point is a **dame** for player P when it is empty, touches a living P
  stone, touches no stone of a not-alive string, and its empty region (the
  connected empty points around it) touches living stones of the opponent.
  So ``X . O`` and both points of ``X . . O`` are dame; a point inside P's
  territory is not (its region touches no living opponent stone), nor a point
  next to a dead stone (it belongs to the territory around that stone).  In
  the final position, an empty region of more than :data:`SMALL_REGION`
  points touching both colours is an unsettled area, not a line of dame: only
  its points that touch living stones of both colours may be filled.
- P may fill a dame only if the play is legal, captures nothing, leaves P's
  string with at least two liberties (no self-atari), and every opponent
  string it puts in atari can be saved *for good* by one reply: afterwards
  the string has three liberties, or two that are not dame (its eyes), or
  two and a static proof of life.
  Otherwise the fill would start a capture or a chase (a string that keeps
  two plain liberties can be put in atari again by the next fill): that is
  play, not filling.
- **Teire**: when a fill puts a living string in atari, its owner answers at
  once (the fill alternates, so the answer is the owner's next move):
  connecting at the last liberty, or capturing not-alive stones that take
  it (a fill never captures living stones).  The
  move's ``reason`` says which string was threatened and why the move is
  needed.
- **Status check**: before a fill is played, the static parts of the life
  analysis (Benson's pass-alive chains, eye pairs with their miai connections,
  confinement, see :mod:`adjudicator.analysis.static`) are run on the position
  after the fill and its teire.  A fill is refused if any stone proven alive
  or proven not alive before loses that proof.  ``ruling.adjudicate`` then
  re-runs the whole analysis on the filled position and takes back fills next
  to strings whose verdict dropped from alive to not alive.
- **Order**: the fill alternates, starting with the player to move in the final
  position (after the two stopping passes, the first passer).  Each player
  first plays a teire it owes; otherwise it picks, among its dame, one that
  forces the opponent's teire, else one after which the opponent has no fill
  that forces its own teire, else the first in board order; with no dame
  left it passes, and two passes in a row end the fill.  This two-ply
  preference is what careful players do: a dame that forces a teire is worth
  a point to whoever fills it first.

Limits (deliberately not handled): teire against shortage of liberties that
needs more than a one-move reading (a string with two liberties that the
opponent can still approach from inside) are found only when the static
proofs or the re-analysis see the status change; fills never capture; points
next to not-alive strings are never filled, so a dame between a living string
and a seki stays open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .board import Color, Position, dilate, flood, geometry, iter_bits
from .coords import Point, point_from_vertex, vertex_from_point
from .errors import AdjudicatorError, IllegalMove, InvalidVertex

__all__ = [
    "FillError",
    "FillMove",
    "Refusal",
    "Fill",
    "no_fill",
    "propose_fill",
    "apply_fill",
    "parse_fill",
    "format_fill",
    "static_facts",
    "SMALL_REGION",
]


class FillError(AdjudicatorError):
    """A fill given by the user that cannot be parsed or played."""


@dataclass(frozen=True)
class FillMove:
    """One stone of the fill.

    Fields
    ------
    color : Color
        Who plays it.
    point : Point
        Where.
    kind : str
        ``"dame"`` (a neutral point), ``"teire"`` (a protective move a dame
        made necessary) or ``"given"`` (from the user's ``--fill``).
    reason : str
        One sentence a referee can read.
    captured : int
        Number of stones the move captured (only a teire or a given move can
        capture).
    """

    color: Color
    point: Point
    kind: str
    reason: str
    captured: int = 0

    @property
    def vertex(self) -> str:
        return vertex_from_point(self.point)

    def to_dict(self) -> dict:
        return {
            "color": self.color.word,
            "vertex": self.vertex,
            "kind": self.kind,
            "reason": self.reason,
            "captured": self.captured,
        }


@dataclass(frozen=True)
class Refusal:
    """A dame that was not filled, and why (``color`` is the player who could have filled it)."""

    point: Point
    color: Color
    reason: str

    @property
    def vertex(self) -> str:
        return vertex_from_point(self.point)

    def to_dict(self) -> dict:
        return {"color": self.color.word, "vertex": self.vertex, "reason": self.reason}


@dataclass(frozen=True)
class Fill:
    """The outcome of filling.

    Fields
    ------
    source : str
        ``"proposed"`` (by :func:`propose_fill`), ``"given"`` (by the user,
        :func:`apply_fill`) or ``"none"`` (refused).
    before, after : Position
        The final position and the position after the fill.  ``after.prisoners``
        includes stones a teire or a given move captured.
    moves : tuple of FillMove
        The fill in the order played.
    refused : tuple of Refusal
        Dame that were left open because filling them would change a status.
    """

    source: str
    before: Position
    after: Position
    moves: tuple[FillMove, ...] = ()
    refused: tuple[Refusal, ...] = ()

    def stones(self, color: Color) -> int:
        """Bitboard of the fill stones of ``color`` still on the board after the fill."""
        bits = 0
        for m in self.moves:
            if m.color is color:
                bits |= self.after.bit(m.point)
        return bits & self.after.stones(color)

    def count(self, kind: str) -> int:
        return sum(1 for m in self.moves if m.kind == kind)


def no_fill(position: Position) -> Fill:
    """The fill that fills nothing (``--no-fill``)."""
    return Fill("none", position, position)


# -- parsing and applying a given fill ---------------------------------------------


_COLOR_LETTERS = {"B": Color.BLACK, "W": Color.WHITE}


def parse_fill(text: str, size: int) -> list[tuple[Color, Point]]:
    """Parse ``"B:C3,W:D4"`` into ``[(Color.BLACK, (2, 2)), (Color.WHITE, (3, 3))]``.

    Entries are separated by commas (spaces allowed); each is a colour letter
    ``B`` or ``W``, a colon and a GTP vertex.  An empty text is an empty fill.

    Raises FillError naming the bad entry.

    >>> parse_fill("B:C3, w:d4", 9)
    [(<Color.BLACK: 'b'>, (2, 2)), (<Color.WHITE: 'w'>, (3, 3))]
    >>> parse_fill("B:C3,X:D4", 9)
    Traceback (most recent call last):
    ...
    adjudicator.filling.FillError: fill entry 2 'X:D4': expected B:VERTEX or W:VERTEX
    """
    moves: list[tuple[Color, Point]] = []
    entries = [e.strip() for e in str(text).split(",")]
    if entries == [""]:
        return moves
    for k, entry in enumerate(entries, 1):
        letter, colon, vertex = entry.partition(":")
        color = _COLOR_LETTERS.get(letter.strip().upper())
        if not colon or color is None:
            raise FillError(f"fill entry {k} {entry!r}: expected B:VERTEX or W:VERTEX")
        try:
            moves.append((color, point_from_vertex(vertex, size)))
        except InvalidVertex as e:
            raise FillError(f"fill entry {k} {entry!r}: {e}") from None
    return moves


def format_fill(moves: Iterable[FillMove]) -> str:
    """The fill in ``--fill`` syntax, e.g. ``"B:C3,W:D4"`` (the inverse of :func:`parse_fill`)."""
    return ",".join(f"{'B' if m.color is Color.BLACK else 'W'}:{m.vertex}" for m in moves)


def _after_passes(position: Position, first: Color | None) -> Position:
    """The position with the ko ban lifted (the stopping passes lift it) and ``first`` to move."""
    to_play = first or position.to_play
    return Position(position.size, position.black, position.white, to_play, 0, None, position.prisoners)


def apply_fill(position: Position, moves: Sequence[tuple[Color, Point]]) -> Fill:
    """Play a fill given by the user, in order, and return it as a :class:`Fill` (``source="given"``).

    The moves need not alternate.  Nothing is checked beyond legality: the
    ruling reports status changes the re-analysis finds.

    Raises
    ------
    FillError
        If a move is illegal (occupied, suicide); the message names the entry.
    """
    pos = _after_passes(position, None)
    played = []
    for k, (color, point) in enumerate(moves, 1):
        try:
            facts, after = pos.try_play(point, color)
        except IllegalMove as e:  # pragma: no cover - try_play reports, it does not raise
            raise FillError(f"fill move {k}: {e}") from None
        if after is None:
            raise FillError(f"fill move {k}: {color.word} {vertex_from_point(point)}: {_WHY[facts.reason]}")
        n = facts.captured.bit_count()
        reason = "given with --fill" + (f"; captures {n} stone{'s' if n != 1 else ''}" if n else "")
        played.append(FillMove(color, point, "given", reason, n))
        pos = after
    return Fill("given", position, pos, tuple(played))


_WHY = {"occupied": "the point is occupied", "suicide": "suicide", "ko": "retakes a ko", "off-board": "off the board"}


# -- static facts: what the fill must not change -----------------------------------


def static_facts(position: Position) -> tuple[int, int]:
    """``(proven alive, proven not alive)`` stones of ``position`` by the static rules alone.

    Proven alive: Benson pass-alive chains and chains of an eye pair (with
    their miai connections); proven not alive: chains confined by pass-alive
    walls (:mod:`adjudicator.analysis.static`).  Each costs a few milliseconds
    on 19x19, cheap enough to run after every fill move.
    """
    from .analysis.benson import pass_alive
    from .analysis.static import confined_death, eye_pair_life
    from .graph import build_graph

    G = build_graph(position)
    alive = dead = 0
    for color in (Color.BLACK, Color.WHITE):
        for chain in pass_alive(G, color).chains:
            alive |= chain.stones
        for chain in eye_pair_life(position, color, G):
            alive |= chain.stones
        for chain in confined_death(position, color, G):
            dead |= chain.stones
    return alive, dead


def _facts_kept(before: tuple[int, int], after_pos: Position) -> tuple[bool, tuple[int, int], int]:
    """Whether every stone proven before is still proven the same way after: (ok, facts after, lost stones)."""
    after = static_facts(after_pos)
    on_board = after_pos.black | after_pos.white
    lost = (before[0] & on_board & ~after[0]) | (before[1] & on_board & ~after[1])
    return lost == 0, after, lost


# -- the proposal -------------------------------------------------------------------


def _chain_libs(pos: Position, point: Point) -> int:
    return pos.liberties(pos.chain(point))


def _vertices(bits: int, size: int, limit: int = 6) -> str:
    names = [vertex_from_point(divmod(i, size)) for i in iter_bits(bits)]
    if len(names) > limit:
        return " ".join(names[:limit]) + f" and {len(names) - limit} more"
    return " ".join(names)


def _string_name(pos: Position, chain: int, color: Color) -> str:
    n = chain.bit_count()
    return f"the {color.word} string at {vertex_from_point(pos.point_of(chain))} ({n} stone{'s' if n != 1 else ''})"


@dataclass(frozen=True)
class _Rescue:
    """How the owner saves a string a fill put in atari."""

    point: Point
    chain: int  # the threatened chain (stones)
    liberty: Point  # its last liberty
    captures: int  # stones the rescue captures (bitboard)


def _rescue(pos: Position, chain: int, color: Color, not_alive: int, eligible: int) -> _Rescue | None:
    """A move of ``color`` that saves ``chain`` (in atari in ``pos``) for good, or None.

    Tries the connection at the last liberty first, then the capture of an
    opponent string in atari next to the chain, but only of a string whose
    verdict is not alive (``not_alive``: a fill never captures living stones).
    *For good* means at least three liberties afterwards, or two that are
    not dame (``eligible`` holds the points a fill may use; two liberties
    inside the owner's own area are its eyes), or two and a static proof of
    life.  A string left with two liberties on fillable points could be
    chased again by the next fill: that is a capturing race, not filling.
    """
    g = geometry(pos.size)
    libs = pos.liberties(chain)
    liberty = pos.point_of(libs)
    candidates = [liberty]
    opp = pos.stones(color.opponent)
    seen = 0
    for i in iter_bits(dilate(chain, g) & opp):
        if seen >> i & 1:
            continue
        other = flood(1 << i, opp, g)
        seen |= other
        other_libs = pos.liberties(other)
        if other_libs.bit_count() == 1 and other_libs != libs and not other & ~not_alive:
            candidates.append(pos.point_of(other_libs))
    for point in candidates:
        facts, after = pos.try_play(point, color)
        if after is None or facts.captured & ~not_alive:
            continue
        saved = after.chain(pos.point_of(chain))
        n = after.liberties(saved).bit_count() if saved else 0
        if n >= 3 or (n == 2 and (not after.liberties(saved) & eligible or not saved & ~static_facts(after)[0])):
            return _Rescue(point, chain, liberty, facts.captured)
    return None


@dataclass
class _State:
    pos: Position
    alive: dict[Color, int]  # stones of alive strings (fill stones added as they join them)
    excluded: int  # stones of not-alive strings and the points next to them
    not_alive: int  # stones of not-alive strings
    eligible: int  # empty points that may be filled at all (see _eligible)
    facts: tuple[int, int]
    refused: dict[tuple[Point, Color], Refusal]


def _dame_points(st: _State, color: Color) -> int:
    """Bitboard of the empty points that are dame for ``color`` (see the module docstring)."""
    pos = st.pos
    g = geometry(pos.size)
    empty = pos.empty_bits
    own = st.alive[color] & pos.stones(color)
    opp = st.alive[color.opponent] & pos.stones(color.opponent)
    near_own = dilate(own, g) & empty & ~st.excluded & st.eligible
    if not near_own:
        return 0
    near_opp = dilate(opp, g) & empty
    out = 0
    todo = near_own
    while todo:
        region = flood(todo & -todo, empty, g)
        todo &= ~region
        if region & near_opp:
            out |= region & near_own
    return out


#: Empty regions up to this size between living stones of both colours are dame as a whole;
#: in larger ones only the points that touch living stones of both colours are.
SMALL_REGION = 6


def _eligible(pos: Position, alive: dict[Color, int], excluded: int) -> int:
    """The empty points of the starting position that a fill may ever use.

    A neutral region of a finished game is a line of one to a few points between two
    walls.  A large empty region touching both colours is not dame but an unsettled
    area (or a territory around a stone whose verdict is wrong): there only the points
    that touch living stones of both colours are eligible, so the fill cannot creep
    into it.
    """
    g = geometry(pos.size)
    empty = pos.empty_bits
    near_b = dilate(alive[Color.BLACK] & pos.black, g) & empty
    near_w = dilate(alive[Color.WHITE] & pos.white, g) & empty
    out = 0
    todo = empty & (near_b | near_w)
    while todo:
        region = flood(todo & -todo, empty, g)
        todo &= ~region
        if not (region & near_b and region & near_w):
            continue
        out |= region if region.bit_count() <= SMALL_REGION else region & near_b & near_w
    return out & ~excluded


@dataclass(frozen=True)
class _Option:
    point: Point
    after: Position
    threatened: tuple[tuple[int, _Rescue], ...]  # opponent chains put in atari, with their rescue


def _option(st: _State, color: Color, i: int) -> _Option | str:
    """The dame fill of ``color`` at flat index ``i``, or the reason it cannot be played."""
    pos = st.pos
    size = pos.size
    point = divmod(i, size)
    facts, after = pos.try_play(point, color)
    if after is None:
        return "illegal (" + _WHY[facts.reason] + ")"
    if facts.captured:
        return "it would capture stones"
    if after.liberties(after.chain(point)).bit_count() < 2:
        return f"it would put {color.word}'s own stones in atari"
    g = geometry(size)
    opp = after.stones(color.opponent)
    threatened = []
    seen = 0
    for j in iter_bits(g.neighbours[i] & opp):
        if seen >> j & 1:
            continue
        chain = flood(1 << j, opp, g)
        seen |= chain
        if after.liberties(chain).bit_count() == 1:
            rescue = _rescue(after, chain, color.opponent, st.not_alive, st.eligible)
            if rescue is None:
                return (f"{_string_name(after, chain, color.opponent)} could not be saved for good from the "
                        f"atari (that would be a capturing race, not a fill)")
            threatened.append((chain, rescue))
    if len(threatened) > 1:
        return "it would put two strings in atari at once"
    return _Option(point, after, tuple(threatened))


def _forces_teire(st: _State, pos: Position, color: Color) -> bool:
    """True if ``color`` has, in ``pos``, a dame fill that forces the opponent's teire."""
    probe = _State(pos, st.alive, st.excluded, st.not_alive, st.eligible, st.facts, st.refused)
    for i in iter_bits(_dame_points(probe, color)):
        opt = _option(probe, color, i)
        if isinstance(opt, _Option) and opt.threatened:
            return True
    return False


def _choose_dame(st: _State, color: Color) -> _Option | None:
    """The dame ``color`` fills next, or None to pass."""
    best: tuple[int, int, _Option] | None = None
    for i in iter_bits(_dame_points(st, color)):
        point = divmod(i, st.pos.size)
        if (point, color) in st.refused:
            continue
        opt = _option(st, color, i)
        if isinstance(opt, str):
            st.refused[point, color] = Refusal(point, color, f"{color.word} cannot fill it: {opt}")
            continue
        if opt.threatened:
            score = 2
        else:
            score = 0 if _forces_teire(st, opt.after, color.opponent) else 1
        if best is None or score > best[0]:
            best = (score, i, opt)
            if score == 2:
                break
    return None if best is None else best[2]


def _mark_alive(st: _State, pos: Position, point: Point, color: Color) -> None:
    """The string through ``point`` is now (part of) an alive string: remember its stones."""
    st.alive[color] |= pos.chain(point)


def propose_fill(
    position: Position,
    verdicts: Iterable,
    *,
    first: Color | None = None,
    max_moves: int | None = None,
    avoid: Mapping[Point, str] | None = None,
) -> Fill:
    """Propose the dame and teire fill of a final position (see the module docstring).

    Parameters
    ----------
    position : Position
        The final position (the ko ban of the last play, if any, is lifted:
        the two stopping passes lift it).
    verdicts : iterable of Verdict
        Life verdicts for every chain of ``position`` (``status`` ``alive`` or
        ``not_alive``, ``stones`` a bitboard), e.g. from
        :func:`adjudicator.analysis.life.analyse_position`.
    first : Color, optional
        Who fills first; default: the player to move in ``position``.
    max_moves : int, optional
        Stop after this many fill moves (default: the number of empty points).
    avoid : mapping of Point to str, optional
        Points not to fill, with the reason (reported as refusals).

    Returns
    -------
    Fill
        ``source="proposed"``; ``moves`` alternate colours except where a
        player passed.

    Examples
    --------
    Two living walls with a column of dame between them; Black fills first:

    >>> from adjudicator.diagrams import parse_diagram
    >>> from adjudicator.analysis.life import analyse_position
    >>> from adjudicator.rules import AJR
    >>> pos = parse_diagram('''
    ...     . x . x . o .
    ...     x x x x . o o
    ...     . x . x . o .
    ...     x x x x . o o
    ...     . x . x . o .
    ...     x x x x . o o
    ...     . x . x . o .
    ... ''')
    >>> fill = propose_fill(pos, analyse_position(pos, AJR))
    >>> " ".join(f"{m.color.value}:{m.vertex}" for m in fill.moves)
    'b:E1 w:E2 b:E3 w:E4 b:E5 w:E6 b:E7'
    """
    start = _after_passes(position, first)
    size = start.size
    g = geometry(size)
    alive = {Color.BLACK: 0, Color.WHITE: 0}
    not_alive = 0
    for v in verdicts:
        if v.status == "alive":
            alive[v.color] |= v.stones
        else:
            not_alive |= v.stones
    excluded = dilate(not_alive, g)
    st = _State(start, alive, excluded, not_alive, _eligible(start, alive, excluded), static_facts(start), {})
    for point, why in (avoid or {}).items():
        for color in (Color.BLACK, Color.WHITE):
            st.refused[point, color] = Refusal(point, color, why)
    limit = max_moves if max_moves is not None else start.empty_bits.bit_count()
    moves: list[FillMove] = []
    mover = start.to_play
    passes = 0
    owed: _Rescue | None = None  # the teire the mover owes after the opponent's last fill
    owed_by: FillMove | None = None
    while passes < 2 and len(moves) < limit:
        pos = st.pos
        if owed is not None:
            facts, after = pos.try_play(owed.point, mover)
            assert after is not None  # checked by _rescue on this very position
            chain_name = _string_name(pos, owed.chain, mover)
            how = (
                f"connects at {vertex_from_point(owed.point)}"
                if owed.point == owed.liberty
                else f"captures at {vertex_from_point(owed.point)}"
            )
            caught = facts.captured.bit_count()
            if caught and owed.point == owed.liberty:
                how += f", capturing {caught} stone{'s' if caught != 1 else ''}"
            reason = (
                f"teire: after {owed_by.color.word} filled the dame at {owed_by.vertex}, {chain_name} had one "
                f"liberty left ({vertex_from_point(owed.liberty)}); {mover.word} {how} so that it cannot be "
                f"captured; a teire inside one's own area costs a point of territory under territory counting"
            )
            moves.append(FillMove(mover, owed.point, "teire", reason, caught))
            st.pos = after
            _mark_alive(st, after, owed.point, mover)
            owed = owed_by = None
            passes = 0
            mover = mover.opponent
            continue
        choice = _choose_dame(st, mover)
        while choice is not None:
            opt = choice
            # The status check runs on the position after the fill and its teire.
            check = opt.after
            if opt.threatened:
                rescue = opt.threatened[0][1]
                _, check = opt.after.try_play(rescue.point, mover.opponent)
            ok, facts_after, lost = _facts_kept(st.facts, check)
            if ok:
                break
            st.refused[opt.point, mover] = Refusal(
                opt.point,
                mover,
                f"{mover.word} cannot fill it: the static analysis would no longer prove the status of "
                f"the stones at {_vertices(lost, size)}",
            )
            choice = _choose_dame(st, mover)
        if choice is None:
            passes += 1
            mover = mover.opponent
            continue
        opt = choice
        touch = dilate(pos.bit(opt.point), g) & (pos.black | pos.white)
        sides = "both colours" if touch & pos.black and touch & pos.white else "its region touches both colours"
        reason = f"dame: a neutral point between living stones ({sides}); filling it gains nothing for either side"
        if opt.threatened:
            chain, rescue = opt.threatened[0]
            reason += f"; it puts {_string_name(opt.after, chain, mover.opponent)} in atari, so a teire follows"
        move = FillMove(mover, opt.point, "dame", reason)
        moves.append(move)
        st.pos = opt.after
        _mark_alive(st, opt.after, opt.point, mover)
        if opt.threatened:
            owed = opt.threatened[0][1]
            owed_by = move
        st.facts = facts_after  # computed after the teire, which is played next
        passes = 0
        mover = mover.opponent
    # Dame still open at the end that were refused: report each once.
    open_points = st.pos.empty_bits
    refused = tuple(
        r for (p, _), r in sorted(st.refused.items(), key=lambda kv: (kv[0][0], kv[0][1].value))
        if st.pos.bit(p) & open_points
    )
    return Fill("proposed", position, st.pos, tuple(moves), refused)
