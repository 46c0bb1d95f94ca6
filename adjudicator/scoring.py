"""Territory, removals and the count (AJR "Territory"; J1989 Art. 8-10; Korean likewise).

Statuses in, score out: :func:`territory_score` takes the life verdicts as
given (``alive`` / ``not_alive`` per string, from ``analysis``) and never
recomputes them.  What it does with them depends on the rule set's ``seki``
axis:

``SekiRule.NOT_INDEPENDENTLY_ALIVE`` (AJR 2008)
    P's **territory** is a maximal connected region of points that holds no
    stone of P and no stone of an independently alive string of the opponent,
    and is adjacent only to P's stones of independently alive strings.  The
    opponent stones inside it are **removed** and become P's prisoners.
    Not-alive stones that lie in no territory stay on the board and count for
    nothing: that is seki (AJR needs no special case for it, design.md
    section 2), and also any dead stone the region around which touches a
    not-alive string of P.

``SekiRule.ART8_DAME`` (J1989 Art. 8, Korean)
    Here ``not_alive`` means dead (J1989 Art. 7, decided by the confirmation
    search of :mod:`adjudicator.analysis.confirm`).  *Eye points* of P are
    the empty points of regions of empty points and dead opponent stones that
    are adjacent only to P's live stones; every other empty point is a *dame*.
    Live strings that touch a dame are **in seki** (Art. 8: "stones which are
    alive but possess dame"), and a region is P's territory only if none of
    the strings around it is in seki: the eye points of a seki string are not
    territory (rules-sources.md 1.3.9).  Dead stones inside a territory are
    removed as prisoners (Art. 10); dead stones anywhere else -- in a seki
    eye, or the ko stones of a double-ko seki -- stay on the board and count
    for nothing (S26, citing the commentary on Art. 10-1; S10 #12).  A region
    that holds dead stones of both players is nobody's, even when only one
    player's live stones border it: the official commentary's anti-seki
    ("Black and White are both dead but none of the stones can be removed.
    According to Article 8 there is no territory", rules-sources.md 1.3.8,
    S10 #1; cases/anti-seki, cases/bent-four-outside-liberty).  Art. 8
    is applied to the position as filled: dame filling comes first (the
    ruling's fill), so an ordinary territory is not swallowed; a dame left
    unfilled puts the strings around it in seki, as the literal rule says
    (rules-sources.md 1.3.10, T12).

The count (both)::

    Black = Black's territory + stones Black captured + White stones removed
    White = White's territory + stones White captured + Black stones removed + komi

Territory includes the points under removed stones (each dead stone counts
twice, as a point and as a prisoner, rules-sources.md and benchmarks.md 2.4).
The score is Black minus White.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from .board import Color, Position, dilate, flood, geometry, iter_bits
from .coords import vertex_from_point
from .rules import RuleSet, SekiRule

__all__ = ["Fate", "OPEN_AREA_POINTS", "Score", "open_areas", "territory_score", "format_margin"]


class Fate(enum.Enum):
    """What happens to a string at the count."""

    ALIVE = "alive"  #: stays on the board; the territory next to it counts
    DEAD = "dead"  #: removed from the opponent's territory as a prisoner
    SEKI = "seki"  #: stays on the board; no territory next to it (seki, or not alive outside any territory)


@dataclass(frozen=True)
class Score:
    """The count of one position.

    Fields
    ------
    size : int
        Board side.
    territory : tuple[int, int]
        Bitboards of Black's and White's territory, points under removed
        stones included.
    removed : tuple[int, int]
        Bitboards of the Black and the White stones removed as prisoners
        (Black's stones removed from White's territory come first).
    seki : int
        Bitboard of the stones that stay on the board without territory
        (fate :attr:`Fate.SEKI`).
    captured : tuple[int, int]
        Stones captured *by* Black and *by* White before the count (during
        the alternation, and by the fill's teire).
    komi : float
        Points added to White.
    fates : tuple[tuple[int, Color, Fate], ...]
        ``(stones, color, fate)`` for every string of the position, in the
        order of the verdicts given.
    dame : int
        Art. 8 (``SekiRule.ART8_DAME``): the empty points that are no eye
        point of either player, the dame that put the live strings next to
        them in seki; 0 under AJR.
    """

    size: int
    territory: tuple[int, int]
    removed: tuple[int, int]
    seki: int
    captured: tuple[int, int]
    komi: float
    fates: tuple[tuple[int, Color, Fate], ...]
    dame: int = 0

    def _idx(self, color: Color) -> int:
        return 0 if color is Color.BLACK else 1

    def territory_points(self, color: Color) -> int:
        """Number of points of ``color``'s territory."""
        return self.territory[self._idx(color)].bit_count()

    def prisoners(self, color: Color) -> int:
        """Prisoners taken *by* ``color``: stones it captured plus opponent stones removed."""
        return self.captured[self._idx(color)] + self.removed[1 - self._idx(color)].bit_count()

    def total(self, color: Color) -> float:
        """Territory + prisoners (+ komi for White)."""
        komi = self.komi if color is Color.WHITE else 0.0
        return self.territory_points(color) + self.prisoners(color) + komi

    @property
    def margin(self) -> float:
        """Black's total minus White's total (komi included)."""
        return self.total(Color.BLACK) - self.total(Color.WHITE)

    @property
    def result(self) -> str:
        """The margin in SGF ``RE`` syntax: ``B+2.5``, ``W+0.5`` or ``0``."""
        return format_margin(self.margin)

    def fate_of(self, stones: int) -> Fate | None:
        """The fate of the string whose stones include the bitboard ``stones`` (None if none does)."""
        for bits, _, fate in self.fates:
            if bits & stones:
                return fate
        return None

    def vertices(self, bits: int) -> list[str]:
        return [vertex_from_point(divmod(i, self.size)) for i in iter_bits(bits)]

    def to_dict(self) -> dict[str, Any]:
        """The count as plain JSON values (used by ``score --json``)."""
        out: dict[str, Any] = {}
        for color in (Color.BLACK, Color.WHITE):
            i = self._idx(color)
            out[color.word] = {
                "territory": self.territory_points(color),
                "captured": self.captured[i],
                "removed": self.removed[1 - i].bit_count(),
                "komi": self.komi if color is Color.WHITE else 0.0,
                "total": self.total(color),
            }
        return out


def format_margin(margin: float) -> str:
    """SGF ``RE`` for a margin (Black minus White): ``B+2.5``, ``W+0.5``, ``0`` for jigo.

    >>> format_margin(2.5), format_margin(-0.5), format_margin(0), format_margin(3.0)
    ('B+2.5', 'W+0.5', '0', 'B+3')
    """
    if margin == 0:
        return "0"
    return f"{'B' if margin > 0 else 'W'}+{abs(margin):g}"


#: Smallest open area :func:`open_areas` reports, in empty points.  Measured on the KGS archive
#: (docs/scoring.md, "Open areas"): after the fill, an area of 5 or more points next to stones
#: of both colours occurs in 1 of the 4,239 games whose count equals the record's result and in
#: 33 of the 329 that differ; smaller ones (mostly seki liberties and refused dame) in 238 and 51.
OPEN_AREA_POINTS = 5


def open_areas(position: Position, score: Score, min_points: int = OPEN_AREA_POINTS) -> list[int]:
    """Regions of the counted position that belong to nobody and border stones of both colours.

    A region here is a connected set of empty points that is no territory of
    either player; it is *open* when it has at least ``min_points`` points and
    stones of both colours that stay on the board (alive or seki) touch it.  A
    dame line is filled before the count and a seki keeps one or two shared
    liberties, so an open area means the game stopped before a border was
    closed or a fight was played out: AJR and J1989 count it for nobody (it
    touches both players' strings: AJR, Territory; J1989 Art. 8, dame), and
    the verdicts of the strings next to it are about a fight nobody played.
    Bitboards, largest first (then in board order).
    """
    g = geometry(position.size)
    removed = score.removed[0] | score.removed[1]
    black, white = position.black & ~removed, position.white & ~removed
    neutral = position.empty_bits & ~(score.territory[0] | score.territory[1])
    found = []
    for region in _components(neutral, g):
        if region.bit_count() < min_points:
            continue
        around = dilate(region, g)
        if around & black and around & white:
            found.append(region)
    return sorted(found, key=lambda r: (-r.bit_count(), r & -r))


def _components(space: int, g) -> Iterable[int]:
    todo = space
    while todo:
        comp = flood(todo & -todo, space, g)
        todo &= ~comp
        yield comp


def _split(verdicts: Iterable, position: Position) -> tuple[list, dict[Color, int], dict[Color, int]]:
    verdicts = list(verdicts)
    alive = {Color.BLACK: 0, Color.WHITE: 0}
    not_alive = {Color.BLACK: 0, Color.WHITE: 0}
    for v in verdicts:
        if v.status == "alive":
            alive[v.color] |= v.stones
        else:
            not_alive[v.color] |= v.stones
    covered = alive[Color.BLACK] | alive[Color.WHITE] | not_alive[Color.BLACK] | not_alive[Color.WHITE]
    stones = position.black | position.white
    if covered != stones:
        missing = stones & ~covered
        raise ValueError(
            "the verdicts do not match the position: "
            + (f"no verdict for the stone at {vertex_from_point(position.point_of(missing))}" if missing
               else "a verdict names an empty point")
        )
    return verdicts, alive, not_alive


def _ajr(position: Position, alive, not_alive) -> tuple[dict[Color, int], int, int]:
    """AJR territory: (territory per colour, seki-like stones left over, dame: none)."""
    g = geometry(position.size)
    empty = position.empty_bits
    territory = {}
    for P in (Color.BLACK, Color.WHITE):
        O = P.opponent
        space = empty | not_alive[O]
        terr = 0
        for comp in _components(space, g):
            border = dilate(comp, g) & ~comp
            if border and not border & ~alive[P]:
                terr |= comp
        territory[P] = terr
    return territory, 0, 0


def _art8(position: Position, alive, not_alive) -> tuple[dict[Color, int], int, int]:
    """J1989 Art. 8 territory: eye points of live groups that possess no dame.

    A live string touching a dame is in seki, and so is every live string that
    shares an eye region with a string in seki (possessing dame belongs to the
    group, S34); no eye region bordered by a string in seki is territory.

    Returns the territories, the live stones in seki and the dame.
    """
    g = geometry(position.size)
    empty = position.empty_bits
    eye_regions: dict[Color, list[int]] = {}
    eye_points = 0
    for P in (Color.BLACK, Color.WHITE):
        space = empty | not_alive[P.opponent]
        regions = []
        for comp in _components(space, g):
            border = dilate(comp, g) & ~comp
            if border and not border & ~alive[P]:
                regions.append(comp)
                eye_points |= comp & empty
        eye_regions[P] = regions
    dame = empty & ~eye_points
    # Live strings possessing dame are in seki (Art. 8).
    in_seki = 0
    live = alive[Color.BLACK] | alive[Color.WHITE]
    near_dame = dilate(dame, g) & live
    for i in iter_bits(near_dame):
        if in_seki >> i & 1:
            continue
        stones = position.black if position.black >> i & 1 else position.white
        in_seki |= flood(1 << i, stones, g)
    # Possessing dame is a property of a group, the strings that share eye points (S34; S26: no
    # territory "in seki" includes the eye points of groups in seki): a string next to an eye of a
    # string in seki is in seki too.  GNU Go's seki_exotics/seki_score.sgf: eleven black strings
    # chained by shared eyes end in a seki at R1, and none of their eyes counts (its README's
    # count, b 96 w 97; cases/seki-score-gnugo, seki-stupid).
    grew = True
    while grew:
        grew = False
        for P in (Color.BLACK, Color.WHITE):
            own = position.stones(P)
            for comp in eye_regions[P]:
                border = dilate(comp, g) & own
                if border & in_seki and border & ~in_seki:
                    for i in iter_bits(border & ~in_seki):
                        if not in_seki >> i & 1:
                            in_seki |= flood(1 << i, own, g)
                    grew = True
    territory = {}
    for P in (Color.BLACK, Color.WHITE):
        terr = 0
        for comp in eye_regions[P]:
            border = dilate(comp, g) & ~comp
            # The strings around the region: flood each border stone.
            if not border & in_seki:
                terr |= comp
        territory[P] = terr
    return territory, in_seki, dame


_TERRITORY: dict[SekiRule, Callable[..., tuple[dict[Color, int], int, int]]] = {
    SekiRule.NOT_INDEPENDENTLY_ALIVE: _ajr,
    SekiRule.ART8_DAME: _art8,
}


def territory_score(
    position: Position,
    verdicts: Iterable,
    rules: RuleSet,
    *,
    komi: float,
    captured: tuple[int, int] | None = None,
) -> Score:
    """Count ``position`` with the given life verdicts under ``rules``.

    Parameters
    ----------
    position : Position
        The position to count (after any dame filling).
    verdicts : iterable of Verdict
        One per string of ``position``: ``color``, ``stones`` (bitboard) and
        ``status`` (``"alive"`` or ``"not_alive"``); e.g. from
        :func:`adjudicator.analysis.life.analyse_position`.  They are taken as
        given.
    rules : RuleSet
        Its ``seki`` axis chooses the territory definition (module docstring).
    komi : float
        Points added to White.
    captured : tuple[int, int], optional
        Stones captured by (Black, White) before the count; default
        ``position.prisoners``.

    Returns
    -------
    Score

    Raises
    ------
    ValueError
        If the verdicts do not cover exactly the stones of ``position`` (a
        programming error, not bad input).

    Examples
    --------
    A white stone inside Black's area (goscorer-style arithmetic; the
    verdicts here are written by hand):

    >>> from types import SimpleNamespace as V
    >>> from adjudicator.diagrams import parse_diagram
    >>> from adjudicator.rules import AJR
    >>> pos = parse_diagram('''
    ...     . . x o .
    ...     . o x o .
    ...     . . x o .
    ...     x x x o .
    ...     o o o o .
    ... ''')
    >>> def verdict(point, status):
    ...     return V(color=pos.color_at(point), stones=pos.chain(point), status=status)
    >>> vs = [verdict((0, 0), "alive"), verdict((3, 1), "not_alive"), verdict((4, 2), "alive")]
    >>> score = territory_score(pos, vs, AJR, komi=0.5)
    >>> score.territory_points(Color.BLACK), score.prisoners(Color.BLACK), score.territory_points(Color.WHITE)
    (6, 1, 5)
    >>> score.result
    'B+1.5'
    """
    verdicts, alive, not_alive = _split(verdicts, position)
    territory, seki_live, dame = _TERRITORY[rules.seki](position, alive, not_alive)
    tb, tw = territory[Color.BLACK], territory[Color.WHITE]
    removed_black = not_alive[Color.BLACK] & tw
    removed_white = not_alive[Color.WHITE] & tb
    removed = removed_black | removed_white
    fates = []
    seki = 0
    for v in verdicts:
        if v.stones & removed:
            fate = Fate.DEAD
        elif v.status == "alive" and not v.stones & seki_live:
            fate = Fate.ALIVE
        else:
            fate = Fate.SEKI
            seki |= v.stones
        fates.append((v.stones, v.color, fate))
    return Score(
        size=position.size,
        territory=(tb, tw),
        removed=(removed_black, removed_white),
        seki=seki,
        captured=captured if captured is not None else position.prisoners,
        komi=float(komi),
        fates=tuple(fates),
        dame=dame,
    )
