"""Benson's unconditional life against KataGo's pass-alive vectors and small hand cases."""

import json
import pathlib

import pytest

from adjudicator.analysis.benson import pass_alive, pass_alive_chains
from adjudicator.board import Color
from adjudicator.diagrams import parse_diagram
from adjudicator.graph import build_graph

DATA = pathlib.Path(__file__).parent / "data" / "katago" / "testboardarea_cases.json"
PURE_BENSON = "Safe big territories 0 Unsafe big territories 0 Non pass alive stones 0 Suicide 0\n"


def _katago_boards():
    """(name, rows, expected map) for every square board of KataGo's printAreas cases.

    In the pure-Benson map (all options 0, suicide illegal as in our rules) a
    stone whose point carries its own colour's letter is pass-alive.
    """
    cases = json.loads(DATA.read_text())["cases"]
    for case in cases:
        if case["print_functions"] != ["printAreas"]:
            continue
        maps = case["expected"].split(PURE_BENSON)[1:]
        for index, (board, expected) in enumerate(zip(case["boards"], maps)):
            if board["x_size"] != board["y_size"]:
                continue
            rows = board["rows"]
            if rows[0].strip().startswith("A"):  # labelled diagram
                rows = ["".join(r.split()[1:]).lower() for r in rows[1:] if r.strip()]
            rows = [r.replace("`", ".") for r in rows]
            size = board["x_size"]
            yield f"{case['name']}#{index}", rows, expected.strip("\n").split("\n")[:size]


BOARDS = list(_katago_boards())


def test_vectors_are_present():
    assert len(BOARDS) == 9


@pytest.mark.parametrize("name, rows, expected", BOARDS, ids=[b[0] for b in BOARDS])
def test_pass_alive_stones_match_katago(name, rows, expected):
    pos = parse_diagram("\n".join(rows))
    G = build_graph(pos)
    size = pos.size
    got = set()
    for color in (Color.BLACK, Color.WHITE):
        got |= set(pos.points(pass_alive(G, color).stones))
    want = {
        (size - 1 - i, j)
        for i, row in enumerate(rows)
        for j, ch in enumerate(row)
        if ch in "xo" and expected[i][j] == ch.upper()
    }
    assert sorted(got - want) == [] and sorted(want - got) == []


def test_two_separate_eyes_make_a_chain_pass_alive():
    pos = parse_diagram(
        """
        . x . x o
        x x x x o
        o o o o o
        . . . . .
        . . . . .
        """
    )
    [chain] = pass_alive_chains(pos, Color.BLACK)
    assert chain.size == 6
    assert pass_alive_chains(pos, Color.WHITE) == frozenset()


def test_one_big_eye_is_not_pass_alive():
    pos = parse_diagram(
        """
        . . . x o
        x x x x o
        o o o o o
        . . . . .
        . . . . .
        """
    )
    assert pass_alive_chains(pos, Color.BLACK) == frozenset()


def test_two_chains_sharing_two_one_point_eyes_are_both_pass_alive():
    pos = parse_diagram(
        """
        x . x o .
        . x x o .
        x x o o .
        o o o . .
        . . . . .
        """
    )
    chains = pass_alive_chains(pos, Color.BLACK)
    assert sorted(c.size for c in chains) == [1, 5]
