"""Two-eye-formations (AJR 2008, "Independent Life"), found exactly on bitboards.

AJR defines: "A two-eye-formation is a set of one or several strings of the
same player and exactly two empty intersections so that each of the strings is
adjacent to each of the two intersections, none of the strings is adjacent to
another empty intersection, and each of the two intersections is adjacent only
to the strings."

Read as a test on one position and one colour C, that is:

- each of the two intersections ``e1``, ``e2`` is empty and every neighbour of
  it is a stone of C (an empty or opposing neighbour is not "one of the
  strings"); in particular ``e1`` and ``e2`` are not adjacent to each other;
- the strings are exactly the chains of C adjacent to ``e1`` or ``e2`` (the
  intersections are adjacent *only* to the strings, and every string touches
  both, so no other chain can belong to the set);
- each of those chains has the liberties ``{e1, e2}`` and no other.

So a formation is determined by its pair of eyes, and two formations never
share a string (a chain has one set of liberties).

Why the search may stop as soon as one exists: the opponent can never play on
``e1`` or ``e2`` (the stone would have no liberty and capture nothing, since
every string keeps the other eye: suicide), and nothing else touches the
strings, so only their owner can ever change the formation.  An owner who just
passes keeps it to the end of the move-sequence.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..board import Color, Geometry, Position, flood, geometry, iter_bits

__all__ = [
    "TwoEyeFormation",
    "two_eye_formations",
    "has_formation_touching",
    "formations_from_bits",
    "formation_touching_bits",
]


@dataclass(frozen=True, slots=True)
class TwoEyeFormation:
    """One two-eye-formation of a position (AJR "Independent Life").

    Fields
    ------
    color : Color
        The player whose strings form it.
    strings : int
        Bitboard of the stones of all its strings (one or more chains).
    eyes : int
        Bitboard of exactly two empty points, ``e1`` and ``e2``.
    """

    color: Color
    strings: int
    eyes: int

    @property
    def points(self) -> int:
        """Bitboard of every intersection of the formation: strings and eyes."""
        return self.strings | self.eyes


def _adjacent(bits: int, g: Geometry) -> int:
    """Points orthogonally adjacent to some point of ``bits`` (``bits`` itself not added)."""
    n = g.size
    return (((bits << 1) & g.not_first_col) | ((bits >> 1) & g.not_last_col) | (bits << n) | (bits >> n)) & g.full


def _eye_candidates(own: int, opp: int, g: Geometry) -> int:
    """Empty points all of whose neighbours are stones of ``own``."""
    empty = g.full & ~(own | opp)
    return empty & ~_adjacent(empty | opp, g)


def _scan(own: int, opp: int, g: Geometry, target: int, first_only: bool) -> list[tuple[int, int]]:
    """Return ``(strings, eyes)`` of the formations of ``own``; see the module docstring.

    With ``target`` non-zero only formations whose points meet ``target`` are
    returned; with ``first_only`` the scan stops at the first one.
    """
    cand = _eye_candidates(own, opp, g)
    if cand & (cand - 1) == 0:  # fewer than two candidate eyes
        return []
    empty = g.full & ~(own | opp)
    nbrs = g.neighbours
    # Chains of `own` touching a candidate eye, grouped by their liberty set
    # when that set is two candidate eyes; `bad` collects the candidate eyes
    # touched by a chain whose liberties are anything else.
    groups: dict[int, int] = {}
    bad = 0
    seeds = own & _adjacent(cand, g)
    while seeds:
        chain = flood(seeds & -seeds, own, g)
        seeds &= ~chain
        libs = _adjacent(chain, g) & empty
        rest = libs & (libs - 1)  # libs without its lowest point
        if rest and rest & (rest - 1) == 0 and libs & ~cand == 0:
            # exactly two liberties, both candidate eyes
            groups[libs] = groups.get(libs, 0) | chain
        else:
            bad |= libs & cand
    out = []
    for eyes, strings in groups.items():
        if eyes & bad:
            continue
        touching = 0
        for flat in iter_bits(eyes):
            touching |= nbrs[flat]
        # every chain next to e1 or e2 must be one of the strings
        if touching & own & ~strings:
            continue
        if target and not (strings | eyes) & target:
            continue
        out.append((strings, eyes))
        if first_only:
            break
    return out


def formations_from_bits(own: int, opp: int, size: int) -> list[tuple[int, int]]:
    """All formations of the stones ``own`` (opponent ``opp``) as ``(strings, eyes)`` bitboards.

    The bitboard core of :func:`two_eye_formations`, for callers (the proof
    search) that keep positions as plain ints.
    """
    return _scan(own, opp, geometry(size), 0, False)


def formation_touching_bits(own: int, opp: int, target: int, g: Geometry) -> bool:
    """True if ``own`` has a formation sharing an intersection with ``target`` (non-zero)."""
    return bool(_scan(own, opp, g, target, True))


def two_eye_formations(position: Position, color: Color) -> list[TwoEyeFormation]:
    """Return every two-eye-formation of ``color`` in ``position``.

    Parameters
    ----------
    position : Position
        Any legal position; whose turn it is does not matter.
    color : Color
        Whose strings may form the formations.

    Returns
    -------
    list[TwoEyeFormation]
        One entry per pair of eyes, ordered by the eyes' bitboard.  They are
        pairwise disjoint.

    Examples
    --------
    A corner group with two separate single-point eyes:

    >>> from adjudicator.board import Color, Position
    >>> pos = Position.from_points(4, black=[(3, 1), (2, 0), (2, 1), (2, 2), (3, 3), (2, 3)],
    ...                            white=[(1, 0), (1, 1), (1, 2), (1, 3)])
    >>> [(pos.points(f.eyes), len(pos.points(f.strings))) for f in two_eye_formations(pos, Color.BLACK)]
    [([(3, 0), (3, 2)], 6)]

    Notes
    -----
    Cost: one mask expression for the candidate eyes (empty points whose
    neighbours are all ``color``'s stones), then one flood fill per chain
    touching a candidate.

    References
    ----------
    .. [1] Robert Jasiek, *Applicable Japanese Rules*, version 2, 2008,
       "Independent Life" (``sources/japanese-rules-ajr-and-1989.txt``).
    """
    own = position.stones(color)
    opp = position.stones(color.opponent)
    found = _scan(own, opp, geometry(position.size), 0, False)
    return [TwoEyeFormation(color, strings, eyes) for strings, eyes in sorted(found, key=lambda f: f[1])]


def has_formation_touching(position: Position, color: Color, target_bits: int) -> bool:
    """True if some two-eye-formation of ``color`` shares an intersection with ``target_bits``.

    The test of AJR "Independent Life" ("The string and a two-eye-formation
    have at least one common intersection"), with ``target_bits`` the points of
    the analysed string in the final position.  It stops at the first formation
    found, so it is the fast path the proof search runs at every node.

    Examples
    --------
    >>> from adjudicator.board import Color, Position
    >>> pos = Position.from_points(4, black=[(3, 1), (2, 0), (2, 1), (2, 2), (3, 3), (2, 3)],
    ...                            white=[(1, 0), (1, 1), (1, 2), (1, 3)])
    >>> has_formation_touching(pos, Color.BLACK, pos.bit((3, 0)))
    True
    >>> has_formation_touching(pos, Color.BLACK, pos.bit((1, 0)))
    False
    """
    if not target_bits:
        return False
    own = position.stones(color)
    opp = position.stones(color.opponent)
    return bool(_scan(own, opp, geometry(position.size), target_bits, True))
