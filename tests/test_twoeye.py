"""Two-eye-formations (AJR 2008, "Independent Life"): hand-made shapes and a literal cross-check."""

import itertools
import random

import pytest

from adjudicator.analysis.twoeye import TwoEyeFormation, has_formation_touching, two_eye_formations
from adjudicator.board import Color, Position
from adjudicator.coords import point_from_vertex
from adjudicator.errors import InvalidPosition

B, W = Color.BLACK, Color.WHITE


def diagram(text: str) -> Position:
    """Rows of ``x`` (black), ``o`` (white), ``.`` (empty), top row first; spaces ignored."""
    rows = [line.replace(" ", "") for line in text.strip().splitlines()]
    size = len(rows)
    black, white = [], []
    for i, line in enumerate(rows):
        assert len(line) == size, f"row {i} has {len(line)} points, expected {size}"
        for col, ch in enumerate(line):
            point = (size - 1 - i, col)
            if ch == "x":
                black.append(point)
            elif ch == "o":
                white.append(point)
            else:
                assert ch == ".", f"unknown symbol {ch!r}"
    return Position.from_points(size, black, white)


def bits(pos: Position, *vertices: str) -> int:
    out = 0
    for v in vertices:
        out |= pos.bit(point_from_vertex(v, pos.size))
    return out


def eyes_of(pos: Position, color: Color) -> list[set[str]]:
    """The eye pairs of every formation, as sets of vertices."""
    from adjudicator.coords import vertex_from_point

    return [{vertex_from_point(p) for p in pos.points(f.eyes)} for f in two_eye_formations(pos, color)]


def test_two_real_eyes_make_one_formation_of_the_whole_group():
    pos = diagram(
        """
        . x . x o
        x x x x o
        o o o o o
        . . . . .
        . . . . .
        """
    )
    [formation] = two_eye_formations(pos, B)
    assert formation == TwoEyeFormation(B, pos.black, bits(pos, "A5", "C5"))
    assert formation.points == pos.black | bits(pos, "A5", "C5")
    assert two_eye_formations(pos, W) == []


def test_one_eye_is_no_formation():
    pos = diagram(
        """
        . x x x o
        x x x x o
        o o o o o
        . . . . .
        . . . . .
        """
    )
    assert two_eye_formations(pos, B) == []


def test_false_eye_is_no_formation():
    # C7 touches the corner chain and the chain D7-E7, which does not touch A7
    # and has another liberty at F7.
    pos = diagram(
        """
        . x . x x . .
        x x x o o . .
        o o o . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert two_eye_formations(pos, B) == []
    # With D6 black instead, and F7 and D5 white, the eye is real.
    solid = Position.from_points(
        7,
        pos.points(pos.black | bits(pos, "D6")),
        pos.points(pos.white & ~bits(pos, "D6") | bits(pos, "F7", "D5")),
    )
    assert eyes_of(solid, B) == [{"A7", "C7"}]


def test_false_eye_whose_strings_share_both_eyes_is_a_formation():
    # Two chains, diagonal to each other, each touching both C3 and D4 and
    # nothing else: AJR counts the set of strings, not a single chain.
    pos = diagram(
        """
        . . . . . . .
        o o o o o o .
        o o x x o o .
        o x x . x o .
        o x . x x o .
        o o x x o o .
        o o o o o o .
        """
    )
    [formation] = two_eye_formations(pos, B)
    assert formation.eyes == bits(pos, "C3", "D4")
    assert formation.strings == pos.black
    assert len(pos.chains(B)) == 2


def test_eye_next_to_an_opponent_stone_is_no_formation():
    pos = diagram(
        """
        . x . o .
        x x x x o
        o o o o o
        . . . . .
        . . . . .
        """
    )
    assert two_eye_formations(pos, B) == []


def test_two_point_eye_is_not_one_of_the_two_intersections():
    pos = diagram(
        """
        . x . . x o
        x x x x x o
        o o o o o o
        . . . . . .
        . . . . . .
        . . . . . .
        """
    )
    assert two_eye_formations(pos, B) == []


def test_three_eyes_are_no_two_eye_formation_until_one_is_filled():
    # "exactly two empty intersections": a third liberty breaks the formation.
    pos = diagram(
        """
        . x . x . x o
        x x x x x x o
        o o o o o o o
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    assert two_eye_formations(pos, B) == []
    filled = pos.play(point_from_vertex("E7", 7), B)
    assert eyes_of(filled, B) == [{"A7", "C7"}]


def test_separate_groups_give_separate_formations():
    pos = diagram(
        """
        . x . x o . o
        x x x x o o .
        o o o o o o o
        o o o o o o o
        x x x x o o .
        . x . x o . o
        x x x x o o o
        """
    )
    assert sorted(map(sorted, eyes_of(pos, B))) == [["A2", "C2"], ["A7", "C7"]]
    # White's stones are one chain (and G7, G2) around four eyes: no formation.
    assert eyes_of(pos, W) == []


def test_strings_with_different_eye_pairs_spoil_each_other():
    # The corner chain has the liberties A8, C8; the stone D8 has C8, E8.  Both
    # touch C8, so neither pair is a formation: every string next to an eye
    # must touch both eyes.
    pos = diagram(
        """
        . x . x . x . o
        x x x o x x x o
        o o o o o o o o
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        """
    )
    assert eyes_of(pos, B) == []
    # Capturing nothing but filling E8 joins D8 to the right: still no pair.
    assert eyes_of(pos.play(point_from_vertex("E8", 8), B), B) == []
    # Filling C8 joins D8 to the corner chain, but the right chain keeps G8.
    assert eyes_of(pos.play(point_from_vertex("C8", 8), B), B) == []


def test_has_formation_touching_checks_the_target():
    pos = diagram(
        """
        . x . x o
        x x x x o
        o o o o o
        . . . . .
        . . . . .
        """
    )
    assert has_formation_touching(pos, B, bits(pos, "A5"))  # an eye
    assert has_formation_touching(pos, B, bits(pos, "D4"))  # a stone of the string
    assert not has_formation_touching(pos, B, bits(pos, "A3"))  # a white stone
    assert not has_formation_touching(pos, B, 0)
    assert not has_formation_touching(pos, W, bits(pos, "A3"))


# -- a literal reading of the definition, for random positions -------------------


def _neighbours(size, point):
    r, c = point
    for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def literal_formations(pos: Position, color: Color) -> set[tuple[frozenset, frozenset]]:
    """Every (strings' points, eyes) allowed by AJR's sentence, by trying every set of strings."""
    size = pos.size
    chains = [frozenset(pos.points(c)) for _, c in pos.chains(color)]
    empties = [p for p in itertools.product(range(size), repeat=2) if pos.color_at(p) is None]
    found = set()
    for e1, e2 in itertools.combinations(empties, 2):
        eyes = {e1, e2}
        for k in range(1, len(chains) + 1):
            for subset in itertools.combinations(chains, k):
                stones = frozenset().union(*subset)
                each_touches_both = all(
                    any(q == e for s in chain for q in _neighbours(size, s)) for chain in subset for e in eyes
                )
                no_other_empty = all(
                    pos.color_at(q) is not None or q in eyes
                    for chain in subset
                    for s in chain
                    for q in _neighbours(size, s)
                )
                eyes_touch_only_strings = all(q in stones for e in eyes for q in _neighbours(size, e))
                if each_touches_both and no_other_empty and eyes_touch_only_strings:
                    found.add((stones, frozenset(eyes)))
    return found


def random_dense_position(rng: random.Random, size: int) -> Position:
    """Mostly one colour with scattered empty points, so that formations are common."""
    while True:
        mine, theirs = [], []
        for point in itertools.product(range(size), repeat=2):
            x = rng.random()
            if x < 0.7:
                mine.append(point)
            elif x < 0.8:
                theirs.append(point)
        black, white = (mine, theirs) if rng.random() < 0.5 else (theirs, mine)
        try:
            return Position.from_points(size, black, white)
        except InvalidPosition:
            continue


@pytest.mark.parametrize("seed", range(4))
def test_detector_agrees_with_the_literal_definition_on_random_positions(seed):
    rng = random.Random(seed)
    with_formation = 0
    for _ in range(200):
        pos = random_dense_position(rng, rng.choice([3, 4, 5]))
        for color in (B, W):
            got = {
                (frozenset(pos.points(f.strings)), frozenset(pos.points(f.eyes)))
                for f in two_eye_formations(pos, color)
            }
            assert got == literal_formations(pos, color), f"\n{pos}\n{color}"
            with_formation += bool(got)
            target = rng.getrandbits(pos.size * pos.size)
            expected = any(target & f.points for f in two_eye_formations(pos, color))
            assert has_formation_touching(pos, color, target) == expected
    assert with_formation >= 5  # the generator does produce formations
