"""Static rules (eye pair, connection, confinement) checked against the exact search.

Every static verdict must equal the value of the exact AJR game on the whole
board (``prove_independent_life`` with no area restriction) wherever that
search finishes within its budget.  Positions: hand-made shapes and many dense
random positions on small boards (hypothesis).
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.analysis.search import prove_independent_life
from adjudicator.analysis.static import confined_death, eye_pair_life
from adjudicator.board import Color, Position
from adjudicator.diagrams import parse_diagram
from adjudicator.graph import build_graph

B, W = Color.BLACK, Color.WHITE


def static_verdicts(pos):
    G = build_graph(pos)
    out = {}
    for color in (B, W):
        for chain, proof in eye_pair_life(pos, color, G).items():
            out[chain.stones] = (color, proof)
        for chain, proof in confined_death(pos, color, G).items():
            assert chain.stones not in out, "a chain proven both alive and not alive"
            out[chain.stones] = (color, proof)
    return out


def exact(pos, stones, max_nodes=30_000):
    target = pos.point_of(stones)
    return prove_independent_life(pos, target, max_nodes=max_nodes, max_seconds=5.0)


def confinement_region(pos, stones):
    """Empty points of the region of non-opponent points around a confined chain."""
    from adjudicator.board import flood, geometry

    g = geometry(pos.size)
    color = B if pos.black & stones else W
    region = flood(stones, g.full & ~pos.stones(color.opponent), g)
    return region & pos.empty_bits


def check(pos, stones, proof):
    """The exact value for a static verdict: whole board for alive, the region for confined."""
    if proof.rule == "confined":
        # Bounded by pass-alive chains, the region is the whole game (nothing outside can matter).
        return prove_independent_life(
            pos, pos.point_of(stones), area=confinement_region(pos, stones), max_nodes=30_000, max_seconds=5.0
        )
    return exact(pos, stones)


def test_eye_pair_in_the_corner():
    pos = parse_diagram(
        """
        . x . x o .
        x x x x o .
        o o o o o .
        . . . . . .
        . . . . . .
        . . . . . .
        """
    )
    verdicts = static_verdicts(pos)
    black = pos.chain((5, 1))
    color, proof = verdicts[black]
    assert proof.status == "alive" and proof.rule == "eye-pair"
    assert "A6" in proof.reason and "C6" in proof.reason


def test_two_chains_around_the_same_two_eyes():
    pos = parse_diagram(
        """
        x . x o . .
        . x x o . .
        x x o o . .
        o o o . . .
        . . . . . .
        . . . . . .
        """
    )
    verdicts = static_verdicts(pos)
    assert verdicts[pos.chain((5, 0))][1].status == "alive"
    assert verdicts[pos.chain((5, 2))][1].status == "alive"


def test_eye_touching_a_third_chain_is_not_an_eye_pair():
    # A6 and C6 are sure eyes, but B5's chain touches only... all chains must touch both.
    pos = parse_diagram(
        """
        . x . o . .
        x o o o . .
        o o . . . .
        . . . . . .
        . . . . . .
        . . . . . .
        """
    )
    # Black A5 and B6 are separate one-stone chains around A6; no second eye.
    assert all(p.status != "alive" or c is not B for c, p in static_verdicts(pos).values())


def test_miai_connection_joins_a_chain_to_an_eye_pair():
    pos = parse_diagram(
        """
        . x . x . x o
        x x x x . x o
        o o o x x x o
        . . o o o o o
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    # Black A7-D6 surrounds the eye pair A7/C7; the chain F7-F6-F5-E5-D5 shares the
    # liberties E7 and E6 with it: a miai connection.
    verdicts = static_verdicts(pos)
    alive = {stones for stones, (c, p) in verdicts.items() if p.status == "alive"}
    assert pos.chain((6, 1)) in alive


def test_confined_stone_in_a_one_point_region_is_dead():
    pos = parse_diagram(
        """
        o . x . x o .
        x x x x x o .
        o o o o o o .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """,
    )
    verdicts = static_verdicts(pos)
    color, proof = verdicts[pos.chain((6, 0))]
    assert color is W and proof.status == "not_alive" and proof.rule == "confined"
    # The local search on the region (bounded by black's pass-alive chain) agrees.
    local = prove_independent_life(pos, (6, 0), area=pos.bit((6, 1)), max_nodes=10_000)
    assert local.status == "not_alive"


def _random_dense_position(seed: int, size: int, empty_left: int) -> Position:
    rng = random.Random(seed)
    pos = Position.empty(size)
    points = [(r, c) for r in range(size) for c in range(size)]
    stall = 0
    while pos.empty_bits.bit_count() > empty_left and stall < 400:
        point = rng.choice(points)
        facts, after = pos.try_play(point)
        if after is None:
            stall += 1
            pos = pos.play(None)
            continue
        pos = after
    return pos.play(None) if pos.to_play is W else pos


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.sampled_from([4, 5]), empty_left=st.integers(3, 6))
def test_static_verdicts_agree_with_the_exact_search(seed, size, empty_left):
    pos = _random_dense_position(seed, size, empty_left)
    for stones, (color, proof) in static_verdicts(pos).items():
        result = check(pos, stones, proof)
        if result.status == "unknown":
            continue
        assert result.status == proof.status, (proof.rule, str(pos))


def test_many_static_verdicts_are_confirmed_by_search():
    """A fixed sample, counted, so that the check cannot pass vacuously."""
    confirmed = {"eye-pair": 0, "confined": 0, "eye-pair+connection": 0}
    for seed in range(80):
        for size, empty_left in ((4, 3), (5, 4), (5, 6)):
            pos = _random_dense_position(seed, size, empty_left)
            for stones, (color, proof) in static_verdicts(pos).items():
                result = check(pos, stones, proof)
                if result.status == "unknown":
                    continue
                assert result.status == proof.status, (proof.rule, str(pos))
                confirmed[proof.rule] += 1
    assert confirmed["eye-pair"] >= 20 and confirmed["confined"] >= 20, confirmed
