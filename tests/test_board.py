"""Position engine: captures, suicide, basic ko (AJR wording), keys, queries."""

import pickle
import random

import pytest

from adjudicator.board import Color, Position, dilate, flood, geometry
from adjudicator.coords import point_from_vertex
from adjudicator.diagrams import parse_diagram
from adjudicator.errors import IllegalMove, InvalidPosition, InvalidVertex

B, W = Color.BLACK, Color.WHITE


def pt(vertex, size=5):
    return point_from_vertex(vertex, size)


def test_diagram_with_a_chain_without_liberties_is_rejected():
    with pytest.raises(InvalidPosition, match="no liberty"):
        parse_diagram(
            """
            o . .
            x o .
            o . .
            """
        )


def test_capture_on_the_edge_counts_a_prisoner():
    pos = parse_diagram(
        """
        . . . . .
        . . . . .
        . . . . .
        o . . . .
        x . . . .
        """,
        to_play=W,
    )
    after = pos.play(pt("B1"))
    assert after.color_at(pt("A1")) is None
    assert after.prisoners == (0, 1)
    assert after.to_play is B


def test_one_play_captures_two_chains():
    pos = parse_diagram(
        """
        . . . . .
        . . . . .
        o o . . .
        x x o . .
        . x o . .
        """,
        to_play=W,
    )
    # Black A2-B2-B1 has the single liberty A1; White A1 captures all three stones.
    after = pos.play(pt("A1"))
    assert after.black == 0
    assert after.prisoners == (0, 3)

    pos2 = parse_diagram(
        """
        . . . . .
        o o o . .
        x . x o .
        o x o . .
        . o . . .
        """,
        to_play=W,
    )
    # White B3 captures three black chains at once: A3, B2 and C3 (each has only B3).
    after2 = pos2.play(pt("B3"))
    assert all(after2.color_at(pt(v)) is None for v in ("A3", "B2", "C3"))
    assert after2.prisoners == (0, 3)


def test_suicide_is_illegal_single_and_multi_stone():
    pos = parse_diagram(
        """
        . o . . .
        o . . . .
        . . . . .
        . . . . .
        . . . . .
        """,
        to_play=B,
    )
    assert pos.analyse_move(pt("A5")).reason == "suicide"
    with pytest.raises(IllegalMove) as err:
        pos.play(pt("A5"))
    assert err.value.reason == "suicide"
    assert str(err.value) == "black A5: suicide"

    multi = parse_diagram(
        """
        x . o . .
        o o o . .
        . . . . .
        . . . . .
        . . . . .
        """,
        to_play=B,
    )
    # B5 would join A5 into a two-stone chain with no liberty: suicide.
    assert multi.analyse_move(pt("B5")).reason == "suicide"


def test_play_that_captures_is_not_suicide():
    pos = parse_diagram(
        """
        . o x . .
        o x . . .
        x . . . .
        . . . . .
        . . . . .
        """,
        to_play=B,
    )
    # Black A5 has no empty neighbour, but white B5 and white A4 each have only A5.
    after = pos.play(pt("A5"))
    assert after.color_at(pt("B5")) is None and after.color_at(pt("A4")) is None
    assert after.prisoners == (2, 0)


def test_occupied_point_is_illegal():
    pos = Position.empty(5).play(pt("C3"))
    assert pos.analyse_move(pt("C3")).reason == "occupied"
    with pytest.raises(IllegalMove, match="occupied"):
        pos.play(pt("C3"))


KO = """
    . . . .
    . x o .
    x o . o
    . x o .
"""


def _ko_taken():
    pos = parse_diagram(KO, to_play=B)
    return pos.play(point_from_vertex("C2", 4))  # black captures white B2


def test_basic_ko_forbids_immediate_retake():
    pos = _ko_taken()
    assert pos.prisoners == (1, 0)
    assert pos.ko_point == point_from_vertex("B2", 4) and pos.ko_color is W
    assert pos.analyse_move(point_from_vertex("B2", 4)).reason == "ko"
    with pytest.raises(IllegalMove, match="white B2: retakes ko"):
        pos.play(point_from_vertex("B2", 4))


def test_a_pass_lifts_the_ko_ban():
    # AJR: the position just before the previous move (a pass) is the current one.
    pos = _ko_taken().play(None).play(None)
    assert pos.to_play is W
    assert pos.is_legal(point_from_vertex("B2", 4))


def test_ko_retake_after_an_exchange_elsewhere_is_legal():
    pos = _ko_taken().play(point_from_vertex("D4", 4)).play(point_from_vertex("A4", 4))
    after = pos.play(point_from_vertex("B2", 4))
    assert after.prisoners == (1, 1)
    # and now Black may not retake at once
    assert after.analyse_move(point_from_vertex("C2", 4)).reason == "ko"


def test_capturing_stone_with_another_liberty_sets_no_ko_ban():
    pos = parse_diagram(
        """
        . . . .
        . x o .
        x o . o
        . x . .
        """,
        to_play=B,
    )
    taken = pos.play(point_from_vertex("C2", 4))  # captures B2; C2 still touches C1
    assert taken.prisoners == (1, 0)
    assert taken.ko_bit == 0 and taken.ko_point is None


def test_snapback_retake_is_not_a_ko():
    # White captures one black stone at B1; black recaptures two white stones.
    pos = parse_diagram(
        """
        . . . . .
        . . . . .
        x x x . .
        o o x . .
        . x o o .
        """,
        to_play=W,
    )
    after_w = pos.play(pt("A1"))  # white captures B1
    assert after_w.prisoners == (0, 1)
    assert after_w.ko_bit == 0  # white A1-A2-B2 chain is not a lone stone
    after_b = after_w.play(pt("B1"))  # black snaps back: captures A1, A2, B2
    assert after_b.prisoners == (3, 1)


def test_positions_are_values():
    a = Position.empty(9).play((4, 4)).play((3, 3))
    b = Position.empty(9).play((4, 4)).play((3, 3))
    assert a == b and hash(a) == hash(b)
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.board_key() == (9, a.black, a.white)
    assert a != a.play(None)  # same board, other player to move
    assert a.board_key() == a.play(None).board_key()


def test_sizes_are_checked():
    for size in (2, 25):
        assert Position.empty(size).size == size
    for size in (1, 26, 0, -3):
        with pytest.raises(InvalidPosition, match="board size"):
            Position.empty(size)


def test_constructor_rejects_overlapping_or_off_board_stones():
    with pytest.raises(InvalidPosition):
        Position(3, black=1, white=1)
    with pytest.raises(InvalidPosition):
        Position(3, black=1 << 9)


def test_off_board_points_are_not_silently_wrapped():
    pos = Position.empty(19)
    with pytest.raises(InvalidVertex):
        pos.color_at((0, 19))
    with pytest.raises(InvalidVertex):
        pos.color_at((-1, 0))


def test_hash_is_the_same_in_another_process():
    import subprocess
    import sys

    code = (
        "from adjudicator.board import Position, Color;"
        "p = Position.empty(9).play((4, 4)).play((3, 3)).play(None);"
        "print(hash(p), hash(Position.empty(5)))"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env={"PYTHONHASHSEED": seed}, check=True
        ).stdout
        for seed in ("1", "2")
    }
    assert len(outs) == 1


def test_off_board_play_is_illegal():
    pos = Position.empty(3)
    assert pos.analyse_move((3, 0)).reason == "off-board"
    with pytest.raises(IllegalMove):
        pos.play((0, 5))


def test_rows_and_diagram():
    pos = parse_diagram(
        """
        x . .
        . o .
        . . .
        """
    )
    assert pos.to_rows() == ["X..", ".O.", "..."]
    assert "3 X . . 3" in str(pos)


def test_chains_regions_liberties():
    pos = parse_diagram(
        """
        x x . o
        . x . o
        . . . o
        o o o o
        """
    )
    chains = pos.chains()
    assert [c for c, _ in chains] == [B, W]
    black_chain = chains[0][1]
    assert black_chain.bit_count() == 3
    libs = pos.liberties(black_chain)
    assert sorted(pos.points(libs)) == sorted(
        [point_from_vertex(v, 4) for v in ("A3", "C4", "C3", "B2")]
    )
    regions = pos.empty_regions()
    assert len(regions) == 1 and regions[0].bit_count() == 6


def _reference_play(stones, size, point, color):
    """Slow reference: dict board, flood by neighbour lists."""
    stones = dict(stones)
    stones[point] = color

    def nbrs(p):
        r, c = p
        for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= q[0] < size and 0 <= q[1] < size:
                yield q

    def group(p):
        col = stones[p]
        seen, todo = {p}, [p]
        while todo:
            x = todo.pop()
            for q in nbrs(x):
                if q not in seen and stones.get(q) == col:
                    seen.add(q)
                    todo.append(q)
        return seen

    def libs(g):
        return {q for x in g for q in nbrs(x) if q not in stones}

    captured = set()
    for q in nbrs(point):
        if stones.get(q) == color.opponent and q not in captured:
            g = group(q)
            if not libs(g):
                captured |= g
    for q in captured:
        del stones[q]
    if not libs(group(point)):
        return None
    return stones, len(captured)


@pytest.mark.parametrize("size", [2, 3, 5, 9, 19])
def test_random_games_agree_with_a_slow_reference(size):
    rng = random.Random(size)
    for _ in range(6):
        pos = Position.empty(size)
        ref = {}
        for _ in range(size * size * 2):
            point = (rng.randrange(size), rng.randrange(size))
            color = pos.to_play
            facts = pos.analyse_move(point)
            expected = None if point in ref else _reference_play(ref, size, point, color)
            if facts.reason in ("occupied", "suicide"):
                assert expected is None
                continue
            assert expected is not None
            if facts.reason == "ko":
                continue
            pos = pos.play(point)
            ref, _ = expected
            assert set(pos.points(pos.black)) == {p for p, c in ref.items() if c is B}
            assert set(pos.points(pos.white)) == {p for p, c in ref.items() if c is W}


def test_dilate_and_flood_respect_board_edges():
    g = geometry(5)
    right_edge = 1 << 4  # (0, 4)
    grown = dilate(right_edge, g)
    assert grown == (1 << 4) | (1 << 3) | (1 << 9)  # no wrap onto (1, 0)
    everything = flood(1, g.full, g)
    assert everything == g.full
