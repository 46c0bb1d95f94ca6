"""Tests for adjudicator.graph: the chain/region graph of a position."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.board import Color, Position
from adjudicator.coords import point_from_vertex
from adjudicator.errors import IllegalMove, InvalidVertex
from adjudicator.graph import (
    Chain,
    Region,
    build_graph,
    chain_at,
    chains_of,
    neighbour_chains,
    neighbour_regions,
    region_is_enclosed_by,
    regions_of,
)

B, W = Color.BLACK, Color.WHITE


def pts(*vertices: str) -> frozenset[tuple[int, int]]:
    """Points of GTP vertices: pts("A1", "B2") == {(0, 0), (1, 1)}."""
    return frozenset(point_from_vertex(v, 25) for v in vertices)


# -- small diagrams ------------------------------------------------------------


def test_empty_board_is_one_region_and_no_chains():
    G = build_graph(Position.empty(5))
    assert G.number_of_nodes() == 1 and G.number_of_edges() == 0
    assert chains_of(G, B) == [] and chains_of(G, W) == []
    (region,) = regions_of(G)
    assert region.size == 25 and region.bordering == frozenset()
    assert G.nodes[region] == {"kind": "region", "color": None, "size": 25, "bordering": frozenset()}
    assert not region_is_enclosed_by(G, region, B)
    assert not region_is_enclosed_by(G, region, W)


def test_graph_attributes_keep_the_position(diagram):
    pos = diagram("""
        . x .
        . . .
        . o .
    """, to_play=W)
    G = build_graph(pos)
    assert G.graph["position"] is pos
    assert G.graph["size"] == 3


def test_node_counts_kinds_and_attributes(diagram):
    G = build_graph(diagram("""
        . o . . .
        x o . x x
        . x o o x
        x x . o .
        . . . o .
    """))
    assert [c.stone_points for c in chains_of(G, B)] == [pts("A2", "B2", "B3"), pts("E3", "D4", "E4"), pts("A4")]
    assert [c.stone_points for c in chains_of(G, W)] == [pts("D1", "D2", "C3", "D3"), pts("B4", "B5")]
    assert [r.point_set for r in regions_of(G)] == [
        pts("A1", "B1", "C1", "C2"),
        pts("E1", "E2"),
        pts("A3"),
        pts("C4", "C5", "D5", "E5"),
        pts("A5"),
    ]
    assert G.number_of_nodes() == 10
    for node, data in G.nodes(data=True):
        if isinstance(node, Chain):
            assert data == {"kind": "chain", "color": node.color, "size": node.size, "liberties": node.lib_count}
        else:
            assert isinstance(node, Region)
            assert data == {"kind": "region", "color": None, "size": node.size, "bordering": node.bordering}


def test_chain_liberties(diagram):
    G = build_graph(diagram("""
        . . . .
        . x x .
        . o x .
        . . . .
    """))
    black = chain_at(G, (2, 1))
    assert black.stone_points == pts("B3", "C3", "C2")
    assert black.liberty_points == pts("B4", "C4", "A3", "D3", "D2", "C1")
    assert black.size == 3 and black.lib_count == 6
    white = chain_at(G, (1, 1))
    assert white.liberty_points == pts("A2", "B1")
    assert G.nodes[white]["liberties"] == 2


def test_region_bordering_colours(diagram):
    G = build_graph(diagram("""
        . x . o .
        x x . o o
        . . . . .
        o o . x x
        . o . x .
    """))
    by_corner = {v: chain_at(G, p) for v, p in [("A5", (4, 0)), ("E5", (4, 4)), ("A1", (0, 0)), ("E1", (0, 4))]}
    assert by_corner["A5"].bordering == {B}
    assert by_corner["E5"].bordering == {W}
    assert by_corner["A1"].bordering == {W}
    assert by_corner["E1"].bordering == {B}
    middle = chain_at(G, (2, 2))
    assert middle.bordering == {B, W}
    assert middle.point_set == pts("C5", "C4", "A3", "B3", "C3", "D3", "E3", "C2", "C1")
    assert region_is_enclosed_by(G, by_corner["A5"], B)
    assert not region_is_enclosed_by(G, by_corner["A5"], W)
    assert region_is_enclosed_by(G, by_corner["E5"], W)
    assert not region_is_enclosed_by(G, middle, B) and not region_is_enclosed_by(G, middle, W)


def test_edges_are_liberty_or_contact(diagram):
    G = build_graph(diagram("""
        . o .
        x o .
        . x .
    """))
    b1, a2, white = chain_at(G, (0, 1)), chain_at(G, (1, 0)), chain_at(G, (1, 1))
    a1, right, a3 = chain_at(G, (0, 0)), chain_at(G, (0, 2)), chain_at(G, (2, 0))
    assert right.point_set == pts("C1", "C2", "C3")
    kinds = {frozenset((u, v)): k for u, v, k in G.edges(data="kind")}
    assert kinds == {
        frozenset((b1, a1)): "liberty",
        frozenset((b1, right)): "liberty",
        frozenset((a2, a1)): "liberty",
        frozenset((a2, a3)): "liberty",
        frozenset((white, right)): "liberty",
        frozenset((white, a3)): "liberty",
        frozenset((b1, white)): "contact",
        frozenset((a2, white)): "contact",
    }
    # Same-colour chains never touch (B1 and A2 are diagonal): no edge.
    assert not G.has_edge(b1, a2)


def test_full_board_position(diagram):
    G = build_graph(diagram("""
        . x o . o
        x x o o o
        x o o x x
        x x o x .
        . x o x x
    """))
    left, right = chains_of(G, B)
    (white,) = chains_of(G, W)
    assert left.size == 7 and left.liberty_points == pts("A5", "A1")
    assert right.size == 5 and right.liberty_points == pts("E2")
    assert white.size == 9 and white.liberty_points == pts("D5")
    assert [r.point_set for r in regions_of(G)] == [pts("A1"), pts("E2"), pts("A5"), pts("D5")]
    assert [sorted(c.word for c in r.bordering) for r in regions_of(G)] == [["black"], ["black"], ["black"], ["white"]]
    assert G.number_of_edges() == 6
    assert neighbour_chains(G, white) == [left, right]
    assert neighbour_chains(G, left) == [white]
    assert neighbour_regions(G, white) == [chain_at(G, (4, 3))]


# -- helper functions ----------------------------------------------------------


def test_chain_at_returns_chain_or_region_and_checks_the_board(diagram):
    G = build_graph(diagram("""
        . .
        x .
    """))
    assert isinstance(chain_at(G, (0, 0)), Chain)
    assert isinstance(chain_at(G, (1, 1)), Region)
    for off in [(2, 0), (0, 2), (-1, 0)]:
        with pytest.raises(InvalidVertex):
            chain_at(G, off)


def test_neighbours_filter_by_colour_and_kind(diagram):
    G = build_graph(diagram("""
        . . .
        . x .
        x o .
    """))
    outside = chain_at(G, (2, 2))
    assert [c.stone_points for c in neighbour_chains(G, outside)] == [pts("A1"), pts("B2"), pts("B1")]
    assert [c.stone_points for c in neighbour_chains(G, outside, B)] == [pts("A1"), pts("B2")]
    assert [c.stone_points for c in neighbour_chains(G, outside, W)] == [pts("B1")]
    assert neighbour_regions(G, outside) == []  # regions never touch regions
    white = chain_at(G, (0, 1))
    assert neighbour_chains(G, white, W) == []
    assert neighbour_regions(G, white) == [outside]


def test_region_is_enclosed_by_reads_the_graph_not_the_cache(diagram):
    G = build_graph(diagram("""
        . x .
        x . o
        . . .
    """))
    corner, rest = chain_at(G, (2, 0)), chain_at(G, (0, 0))
    assert region_is_enclosed_by(G, corner, B)
    assert not region_is_enclosed_by(G, rest, B)
    H = G.copy()
    H.remove_node(chain_at(G, (1, 2)))  # drop the white chain, as Benson's iteration drops chains
    assert region_is_enclosed_by(H, rest, B)
    assert rest.bordering == {B, W}  # the node itself still describes the position


def test_functions_reject_nodes_of_another_graph(diagram):
    G = build_graph(diagram("""
        x .
        . .
    """))
    stranger = chains_of(build_graph(diagram("""
        . x
        . .
    """)), B)[0]
    for call in (
        lambda: neighbour_regions(G, stranger),
        lambda: neighbour_chains(G, stranger),
        lambda: region_is_enclosed_by(G, stranger, B),
    ):
        with pytest.raises(nx.NodeNotFound):
            call()


def test_nodes_are_hashable_values(diagram):
    pos = diagram("""
        x x .
        . . .
        . . o
    """)
    G1, G2 = build_graph(pos), build_graph(pos)
    assert list(G1) == list(G2)
    assert {hash(n) for n in G1} == {hash(n) for n in G2}
    chain = chain_at(G1, (2, 0))
    assert chain == Chain(B, chain.stones, chain.liberties, 3)
    assert chain != Chain(B, chain.stones, 0, 3)
    with pytest.raises(AttributeError):
        chain.stones = 0  # type: ignore[misc]


# -- properties on random legal positions ----------------------------------------


@st.composite
def positions(draw) -> Position:
    """A legal position reached by random plays (illegal ones are skipped)."""
    size = draw(st.integers(min_value=2, max_value=7))
    point = st.tuples(st.integers(0, size - 1), st.integers(0, size - 1))
    # Hypothesis keeps plain lists short; fix the length first to reach full,
    # fragmented boards with captures as often as sparse ones.
    length = draw(st.integers(min_value=0, max_value=3 * size * size))
    moves = draw(st.lists(point, min_size=length, max_size=length))
    pos = Position.empty(size)
    for move in moves:
        try:
            pos = pos.play(move)
        except IllegalMove:
            pass
    return pos


def _neighbours(point, size):
    r, c = point
    for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def _touch(a: frozenset, b: frozenset, size: int) -> bool:
    return any(q in b for p in a for q in _neighbours(p, size))


@settings(max_examples=150, deadline=None)
@given(positions())
def test_graph_agrees_with_a_point_by_point_oracle(pos):
    size = pos.size
    G = build_graph(pos)
    chains = [n for n in G if isinstance(n, Chain)]
    regions = [n for n in G if isinstance(n, Region)]
    everything = {(r, c) for r in range(size) for c in range(size)}
    colour = {p: pos.color_at(p) for p in everything}
    empty = {p for p in everything if colour[p] is None}

    # Every point lies in exactly one node.
    owned = [n.stone_points if isinstance(n, Chain) else n.point_set for n in G]
    assert sum(len(s) for s in owned) == size * size
    assert set().union(*owned) == everything
    for p in itertools.islice(sorted(everything), 0, None, 3):
        node = chain_at(G, p)
        assert p in (node.stone_points if isinstance(node, Chain) else node.point_set)

    # The nodes are the board's chains and empty regions.
    assert [(c.color, c.stones) for c in chains] == pos.chains()
    assert [r.points for r in regions] == pos.empty_regions()

    # Liberties: per chain, and their union is the set of empty points next to a stone.
    for chain in chains:
        expected = {q for p in chain.stone_points for q in _neighbours(p, size) if q in empty}
        assert chain.liberty_points == expected
        assert all(colour[p] is chain.color for p in chain.stone_points)
    libs = set().union(*(c.liberty_points for c in chains)) if chains else set()
    assert libs == {p for p in empty if any(colour[q] is not None for q in _neighbours(p, size))}

    # Regions know the colours they border.
    for region in regions:
        assert region.bordering == {colour[q] for p in region.point_set for q in _neighbours(p, size)} - {None}

    # Edges: chain-region exactly where a liberty lies in the region; chain-chain
    # exactly between touching chains (necessarily of opposite colours); nothing else.
    expected_edges = {}
    for chain, region in itertools.product(chains, regions):
        if chain.liberty_points & region.point_set:
            expected_edges[frozenset((chain, region))] = "liberty"
    for a, b in itertools.combinations(chains, 2):
        if _touch(a.stone_points, b.stone_points, size):
            assert a.color is not b.color
            expected_edges[frozenset((a, b))] = "contact"
    assert {frozenset((u, v)): k for u, v, k in G.edges(data="kind")} == expected_edges
    assert G.number_of_edges() == len(expected_edges)
