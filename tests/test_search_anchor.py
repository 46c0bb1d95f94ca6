"""Joining an eye-pair group wins the AJR local search (search.py ``anchors``).

The shortcut is sound because the eye-pair proof (analysis/static.py) gives the
owner a fill strategy that ends in a two-eye-formation containing every string
joined to the pair; these tests check it on a precedent case and against the
plain search (no shortcut, whole board) on random small boards.
"""

from __future__ import annotations

import random
from pathlib import Path

from adjudicator.analysis.search import prove_independent_life
from adjudicator.analysis.static import eye_pair_life
from adjudicator.board import Color, Position, dilate, flood, geometry
from adjudicator.coords import point_from_vertex
from adjudicator.diagrams import parse_diagram
from adjudicator.graph import Chain
from adjudicator.history import replay
from adjudicator.rules import AJR
from adjudicator.sgfio import read_sgf

CASES = Path(__file__).resolve().parent.parent / "cases"


def anchors_of(position: Position, color: Color) -> int:
    bits = 0
    for chain, proof in eye_pair_life(position, color).items():
        if proof.rule == "eye-pair":
            bits |= chain.stones
    return bits


def test_a_string_that_can_join_a_living_wall_is_alive():
    # cases/seki-dame-touches-wall: Black D8 joins E9-E8 to the wall (eyes B5 C3 B1).
    # Inside the local area alone the wall cannot be filled down to a formation, so
    # without the shortcut the search finds no formation; with it, the join wins.
    pos = replay(read_sgf(CASES / "seki-dame-touches-wall.sgf"), AJR).final
    g = geometry(pos.size)
    target = point_from_vertex("E9", pos.size)
    anchors = anchors_of(pos, Color.BLACK)
    area = flood(pos.chain(target), g.full & ~anchors & ~anchors_of(pos, Color.WHITE), g)
    plain = prove_independent_life(pos, target, area=area)
    joined = prove_independent_life(pos, target, area=area, anchors=anchors)
    assert plain.status == "not_alive"
    assert joined.status == "alive"
    assert joined.sequence[:2] == [point_from_vertex("D8", pos.size), point_from_vertex("D9", pos.size)] or \
        point_from_vertex("D8", pos.size) in joined.sequence
    assert "eye pair" in joined.reason


def _random_position(rng: random.Random, size: int) -> Position:
    cells = [(r, c) for r in range(size) for c in range(size)]
    black, white = [], []
    for p in cells:
        x = rng.random()
        if x < 0.45:
            black.append(p)
        elif x < 0.8:
            white.append(p)
    try:
        pos = Position.from_points(size, black, white)
    except Exception:
        return None
    # no chain without liberties (from_points may accept them)
    g = geometry(size)
    for stones in (pos.black, pos.white):
        todo = stones
        while todo:
            chain = flood(todo & -todo, stones, g)
            todo &= ~chain
            if not dilate(chain, g) & pos.empty_bits:
                return None
    return pos


def test_the_shortcut_never_claims_more_than_the_plain_whole_board_search():
    rng = random.Random(20261122)
    checked = 0
    for _ in range(12000):
        pos = _random_position(rng, 5)
        if pos is None or pos.empty_bits.bit_count() > 7:
            continue
        for color in (Color.BLACK, Color.WHITE):
            anchors = anchors_of(pos, color)
            if not anchors:
                continue
            stones = pos.stones(color) & ~anchors
            while stones:
                flat = (stones & -stones).bit_length() - 1
                chain = pos.chain(divmod(flat, 5))
                stones &= ~chain
                target = divmod(flat, 5)
                fast = prove_independent_life(pos, target, anchors=anchors, max_nodes=20_000)
                if fast.status != "alive":
                    continue
                plain = prove_independent_life(pos, target, max_nodes=200_000)
                assert plain.status in ("alive", "unknown"), (pos.to_rows(), target)
                checked += plain.status == "alive"
        if checked >= 12:
            break
    assert checked >= 10  # the comparison really ran on shortcut wins


def test_room_test_counts_a_reachable_anchor_without_eyes_of_its_own():
    # The black wall (row 5 and G4) is given as an anchor although its eye space is one big region,
    # not two single-point eyes.  Black F3 joins it at F4 or G3, whichever White leaves: alive.  The
    # room test must not cut this line for lack of eye candidates near S (search.py, _eye_room_now (f)).
    pos = parse_diagram(
        """
        . . . . . . .
        . . . . . . .
        x x x x x x x
        o o o o o . x
        o o o o o x .
        o o o o o o o
        . o . o . o .
        """
    )
    size = pos.size
    g = geometry(size)

    def bit(v: str) -> int:
        r, c = point_from_vertex(v, size)
        return 1 << (r * size + c)

    wall = flood(bit("G4"), pos.stones(Color.BLACK), g)
    assert not wall & bit("F3")
    area = bit("F3") | bit("F4") | bit("G3")
    got = prove_independent_life(pos, point_from_vertex("F3", size), area=area, anchors=wall, max_nodes=5_000)
    assert got.status == "alive"
    # Without the anchor the same local game is lost: the join is what makes it alive.
    plain = prove_independent_life(pos, point_from_vertex("F3", size), area=area, max_nodes=5_000)
    assert plain.status == "not_alive"
