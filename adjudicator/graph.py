"""The chain/region graph of a position: the structural view of the board.

:func:`build_graph` turns a :class:`~adjudicator.board.Position` into an
undirected :class:`networkx.Graph` with one node per chain (maximal set of
orthogonally connected stones of one colour) and one node per empty region
(maximal set of orthogonally connected empty points), and an edge wherever two
of them touch:

- ``kind="liberty"`` between a chain and an empty region holding at least one
  of its liberties;
- ``kind="contact"`` between a black and a white chain that are orthogonally
  adjacent.  Same-colour chains never touch (they would be one chain) and two
  empty regions never touch (they would be one region).

The graph is what the structural parts of the toolkit reason about: Benson's
unconditional life (chains, their regions and which regions are *vital* to
which chains), the locality of the life search (a group's chains, its regions
and the chains around them, up to chains already proven safe), dame and
territory detection (regions and the colours they border, AJR "Territory";
J1989 Art. 8), and explanations that name the chains and regions involved.
It is built once per position with the board's bitboard flood fills, in
well under a millisecond for the final position of a 19x19 game.

The inner loop of the proof search must **not** run on networkx objects: a
node lookup there costs microseconds where a bitboard operation costs tens of
nanoseconds (design.md section 4).  The search works on
:class:`~adjudicator.board.Position` values; the graph tells it *where* to
search and explains *what* it found.

Nodes are the frozen dataclasses :class:`Chain` and :class:`Region`, which
keep their points as bitboards (ints over the flat index of ``coords.py``) and
offer frozensets of points for readable code.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from .board import Color, Position, dilate, geometry, iter_bits
from .coords import Point, vertex_from_point
from .errors import InvalidVertex

__all__ = [
    "Chain",
    "Region",
    "build_graph",
    "chains_of",
    "regions_of",
    "chain_at",
    "neighbour_regions",
    "neighbour_chains",
    "region_is_enclosed_by",
]

_REPR_LIMIT = 8  # vertices shown in a node's repr before "+N more"


def _point_set(bits: int, size: int) -> frozenset[Point]:
    return frozenset(divmod(i, size) for i in iter_bits(bits))


def _vertices(bits: int, size: int) -> str:
    names = []
    for i in iter_bits(bits):
        if len(names) == _REPR_LIMIT:
            return " ".join(names) + f" +{bits.bit_count() - _REPR_LIMIT} more"
        names.append(vertex_from_point(divmod(i, size)))
    return " ".join(names) or "nothing"


@dataclass(frozen=True, slots=True)
class Chain:
    """A chain: a maximal set of orthogonally connected stones of one colour.

    Fields
    ------
    color : Color
        Owner of the stones.
    stones : int
        Bitboard of the stones (bit ``row * board_size + col``); never 0.
    liberties : int
        Bitboard of the empty points adjacent to the chain, in the position
        the chain was taken from; never 0 in a legal position.
    board_size : int
        Side of the board (2..25), needed to turn bits into points.

    Two chains are equal when all four fields are; the hash uses ``stones``
    alone, which identifies a chain within one position.
    """

    color: Color
    stones: int
    liberties: int
    board_size: int

    def __hash__(self) -> int:
        # Cheaper than hashing all fields, and networkx hashes nodes a lot.
        return hash(self.stones)

    @property
    def bits(self) -> int:
        """Bitboard of the points the node occupies: ``stones`` (as :attr:`Region.bits`)."""
        return self.stones

    @property
    def stone_points(self) -> frozenset[Point]:
        """The stones as ``(row, col)`` points.  Computed on each access."""
        return _point_set(self.stones, self.board_size)

    @property
    def liberty_points(self) -> frozenset[Point]:
        """The liberties as ``(row, col)`` points.  Computed on each access."""
        return _point_set(self.liberties, self.board_size)

    @property
    def size(self) -> int:
        """Number of stones."""
        return self.stones.bit_count()

    @property
    def lib_count(self) -> int:
        """Number of liberties."""
        return self.liberties.bit_count()

    def __repr__(self) -> str:
        n = self.board_size
        return (
            f"Chain({self.color.word} {_vertices(self.stones, n)}; "
            f"liberties {_vertices(self.liberties, n)})"
        )


@dataclass(frozen=True, slots=True)
class Region:
    """An empty region: a maximal set of orthogonally connected empty points.

    Fields
    ------
    points : int
        Bitboard of the empty points (bit ``row * board_size + col``); never 0.
    bordering : frozenset[Color]
        Colours of the stones orthogonally adjacent to the region: empty only
        when the board holds no stone at all.
    board_size : int
        Side of the board (2..25), needed to turn bits into points.

    Two regions are equal when all three fields are; the hash uses ``points``
    alone, which identifies a region within one position.
    """

    points: int
    bordering: frozenset[Color]
    board_size: int

    def __hash__(self) -> int:
        return hash(self.points)

    @property
    def bits(self) -> int:
        """Bitboard of the points the node occupies: ``points`` (as :attr:`Chain.bits`)."""
        return self.points

    @property
    def point_set(self) -> frozenset[Point]:
        """The empty points as ``(row, col)`` points.  Computed on each access."""
        return _point_set(self.points, self.board_size)

    @property
    def size(self) -> int:
        """Number of empty points."""
        return self.points.bit_count()

    def __repr__(self) -> str:
        colors = " ".join(c.word for c in Color if c in self.bordering) or "nothing"
        return f"Region({_vertices(self.points, self.board_size)}; bordering {colors})"


def build_graph(position: Position) -> nx.Graph:
    """Return the chain/region graph of `position`.

    Parameters
    ----------
    position : Position
        Any legal position (each chain has a liberty).

    Returns
    -------
    G : nx.Graph
        Undirected graph whose nodes are the :class:`Chain` and :class:`Region`
        values of `position`, chains first (Black's, then White's, each by
        lowest flat index), then regions (by lowest flat index).

        Node attributes: ``kind`` (``"chain"`` or ``"region"``), ``color``
        (the chain's :class:`Color`; ``None`` for a region), ``size`` (stones
        or empty points), ``liberties`` (chains only: number of liberties),
        ``bordering`` (regions only: frozenset of the colours it touches).

        Edge attributes: ``kind`` is ``"liberty"`` between a chain and a
        region holding one of its liberties, ``"contact"`` between adjacent
        chains of opposite colours.  There are no other edges.

        Graph attributes: ``G.graph["position"]`` is `position`,
        ``G.graph["size"]`` its board side.

    Examples
    --------
    >>> from adjudicator.board import Position
    >>> pos = Position.from_points(3, black=[(1, 0), (0, 1)], white=[(1, 1), (2, 1)])
    >>> print(pos)
      A B C
    3 . O . 3
    2 X O . 2
    1 . X . 1
      A B C
    >>> G = build_graph(pos)
    >>> for node in G:
    ...     print(node)
    Chain(black B1; liberties A1 C1)
    Chain(black A2; liberties A1 A3)
    Chain(white B2 B3; liberties C2 A3 C3)
    Region(A1; bordering black)
    Region(C1 C2 C3; bordering black white)
    Region(A3; bordering black white)
    >>> G.nodes[chain_at(G, (1, 1))]
    {'kind': 'chain', 'color': <Color.WHITE: 'w'>, 'size': 2, 'liberties': 3}
    >>> for u, v, kind in G.edges(data="kind"):
    ...     print(f"{kind:8} {u} -- {v}")
    liberty  Chain(black B1; liberties A1 C1) -- Region(A1; bordering black)
    liberty  Chain(black B1; liberties A1 C1) -- Region(C1 C2 C3; bordering black white)
    contact  Chain(black B1; liberties A1 C1) -- Chain(white B2 B3; liberties C2 A3 C3)
    liberty  Chain(black A2; liberties A1 A3) -- Region(A1; bordering black)
    liberty  Chain(black A2; liberties A1 A3) -- Region(A3; bordering black white)
    contact  Chain(black A2; liberties A1 A3) -- Chain(white B2 B3; liberties C2 A3 C3)
    liberty  Chain(white B2 B3; liberties C2 A3 C3) -- Region(C1 C2 C3; bordering black white)
    liberty  Chain(white B2 B3; liberties C2 A3 C3) -- Region(A3; bordering black white)

    Notes
    -----
    Cost: one flood fill per chain and per region plus a pass over the
    liberties and the contact points; about 0.6 ms for the final position of
    a 19x19 game (docs/graph.md).  Nothing here knows about life, death, ko
    or rule sets.
    """
    size = position.size
    g = geometry(size)
    black, white = position.black, position.white
    empty = g.full & ~(black | white)

    G = nx.Graph(position=position, size=size)

    chains: list[Chain] = []
    owner: dict[int, Chain] = {}  # flat index of a stone -> its chain (for contacts)
    for color, stones in position.chains():
        chain = Chain(color, stones, dilate(stones, g) & empty, size)
        chains.append(chain)
        G.add_node(chain, kind="chain", color=color, size=chain.size, liberties=chain.lib_count)
        if color is Color.WHITE:
            for i in iter_bits(stones):
                owner[i] = chain

    region_of: dict[int, Region] = {}  # flat index of an empty point -> its region
    for points in position.empty_regions():
        around = dilate(points, g)
        bordering = frozenset(
            c for c, stones in ((Color.BLACK, black), (Color.WHITE, white)) if around & stones
        )
        region = Region(points, bordering, size)
        G.add_node(region, kind="region", color=None, size=region.size, bordering=bordering)
        for i in iter_bits(points):
            region_of[i] = region

    for chain in chains:
        seen: set[int] = set()
        for i in iter_bits(chain.liberties):
            region = region_of[i]
            if region.points not in seen:
                seen.add(region.points)
                G.add_edge(chain, region, kind="liberty")
        if chain.color is Color.BLACK:
            seen.clear()
            for i in iter_bits(dilate(chain.stones, g) & white):
                other = owner[i]
                if other.stones not in seen:
                    seen.add(other.stones)
                    G.add_edge(chain, other, kind="contact")
    return G


def _check_node(G: nx.Graph, node: Chain | Region) -> None:
    if node not in G:
        raise nx.NodeNotFound(f"{node!r} is not in the graph")


def chains_of(G: nx.Graph, color: Color) -> list[Chain]:
    """Return the chains of `color` in `G`, in node order.

    Parameters
    ----------
    G : nx.Graph
        Chain/region graph from :func:`build_graph` (possibly with nodes removed).
    color : Color
        Whose chains to list.

    Returns
    -------
    list of Chain

    Examples
    --------
    >>> from adjudicator.board import Color, Position
    >>> G = build_graph(Position.from_points(3, black=[(0, 0), (2, 2)], white=[(1, 1)]))
    >>> chains_of(G, Color.BLACK)
    [Chain(black A1; liberties B1 A2), Chain(black C3; liberties C2 B3)]
    >>> chains_of(G, Color.WHITE)
    [Chain(white B2; liberties B1 A2 C2 B3)]
    """
    return [n for n, c in G.nodes(data="color") if c is color]


def regions_of(G: nx.Graph) -> list[Region]:
    """Return the empty regions of `G`, in node order.

    Parameters
    ----------
    G : nx.Graph
        Chain/region graph from :func:`build_graph`.

    Returns
    -------
    list of Region

    Examples
    --------
    >>> from adjudicator.board import Position
    >>> G = build_graph(Position.from_points(3, black=[(0, 1), (1, 1), (2, 1)]))
    >>> regions_of(G)
    [Region(A1 A2 A3; bordering black), Region(C1 C2 C3; bordering black)]
    >>> regions_of(build_graph(Position.empty(2)))
    [Region(A1 B1 A2 B2; bordering nothing)]
    """
    return [n for n, kind in G.nodes(data="kind") if kind == "region"]


def chain_at(G: nx.Graph, point: Point) -> Chain | Region:
    """Return the node of `G` containing `point`: its chain, or its region if empty.

    Parameters
    ----------
    G : nx.Graph
        Chain/region graph from :func:`build_graph`.
    point : Point
        ``(row, col)``, ``(0, 0)`` being A1.

    Returns
    -------
    Chain or Region
        The chain through `point` if a stone stands there, else the empty
        region holding it.

    Raises
    ------
    InvalidVertex
        If `point` is off the board.
    KeyError
        If no node of `G` contains `point` (nodes were removed from `G`).

    Examples
    --------
    >>> from adjudicator.board import Position
    >>> G = build_graph(Position.from_points(3, black=[(0, 0), (0, 1)]))
    >>> chain_at(G, (0, 1))
    Chain(black A1 B1; liberties C1 A2 B2)
    >>> chain_at(G, (2, 2))
    Region(C1 A2 B2 C2 A3 B3 C3; bordering black)

    Notes
    -----
    Scans the nodes: O(number of nodes).  Callers that look up many points
    should build their own table from the nodes' ``bits``.
    """
    size = G.graph["size"]
    row, col = point
    if not (0 <= row < size and 0 <= col < size):
        raise InvalidVertex(f"point {point} is off the {size}x{size} board")
    bit = 1 << (row * size + col)
    for node in G:
        if node.bits & bit:
            return node
    raise KeyError(point)


def neighbour_regions(G: nx.Graph, chain: Chain) -> list[Region]:
    """Return the empty regions holding a liberty of `chain`.

    Parameters
    ----------
    G : nx.Graph
        Chain/region graph from :func:`build_graph`.
    chain : Chain
        A node of `G`.

    Returns
    -------
    list of Region
        In edge order; empty only if `chain` is not adjacent to any region
        left in `G`.

    Raises
    ------
    networkx.NodeNotFound
        If `chain` is not in `G`.

    Examples
    --------
    >>> from adjudicator.board import Position
    >>> G = build_graph(Position.from_points(3, black=[(0, 1), (1, 1), (2, 1)]))
    >>> wall = chain_at(G, (1, 1))
    >>> neighbour_regions(G, wall)
    [Region(A1 A2 A3; bordering black), Region(C1 C2 C3; bordering black)]
    """
    _check_node(G, chain)
    nodes = G.nodes
    return [other for other in G.adj[chain] if nodes[other]["kind"] == "region"]


def neighbour_chains(G: nx.Graph, node: Chain | Region, color: Color | None = None) -> list[Chain]:
    """Return the chains adjacent to `node`, optionally only those of `color`.

    For a region these are the chains bordering it; for a chain, the chains of
    the other colour in contact with it.

    Parameters
    ----------
    G : nx.Graph
        Chain/region graph from :func:`build_graph`.
    node : Chain or Region
        A node of `G`.
    color : Color, optional
        Keep only chains of this colour (default: both colours).

    Returns
    -------
    list of Chain
        In edge order.

    Raises
    ------
    networkx.NodeNotFound
        If `node` is not in `G`.

    Examples
    --------
    >>> from adjudicator.board import Color, Position
    >>> pos = Position.from_points(3, black=[(0, 0), (1, 1)], white=[(0, 1)])
    >>> print(pos)
      A B C
    3 . . . 3
    2 . X . 2
    1 X O . 1
      A B C
    >>> G = build_graph(pos)
    >>> neighbour_chains(G, chain_at(G, (0, 1)))
    [Chain(black A1; liberties A2), Chain(black B2; liberties A2 C2 B3)]
    >>> outside = chain_at(G, (2, 2))
    >>> neighbour_chains(G, outside)
    [Chain(black A1; liberties A2), Chain(black B2; liberties A2 C2 B3), Chain(white B1; liberties C1)]
    >>> neighbour_chains(G, outside, Color.WHITE)
    [Chain(white B1; liberties C1)]
    """
    _check_node(G, node)
    nodes = G.nodes
    out = []
    for other in G.adj[node]:
        c = nodes[other]["color"]
        if c is not None and (color is None or c is color):
            out.append(other)
    return out


def region_is_enclosed_by(G: nx.Graph, region: Region, color: Color) -> bool:
    """Return True if every chain bordering `region` in `G` has colour `color`.

    The test reads the edges of `G`, not ``region.bordering``, so it stays
    right on a graph from which chains were removed (as in Benson's
    algorithm).

    Parameters
    ----------
    G : nx.Graph
        Chain/region graph from :func:`build_graph`.
    region : Region
        A region node of `G`.
    color : Color
        The colour that should surround the region.

    Returns
    -------
    bool
        False when no chain borders `region` at all (an empty board): a
        region nobody touches is enclosed by nobody.

    Raises
    ------
    networkx.NodeNotFound
        If `region` is not in `G`.

    Examples
    --------
    >>> from adjudicator.board import Color, Position
    >>> pos = Position.from_points(3, black=[(0, 1), (1, 1), (1, 0)], white=[(2, 2)])
    >>> print(pos)
      A B C
    3 . . O 3
    2 X X . 2
    1 . X . 1
      A B C
    >>> G = build_graph(pos)
    >>> for region in regions_of(G):
    ...     print(region, region_is_enclosed_by(G, region, Color.BLACK))
    Region(A1; bordering black) True
    Region(C1 C2; bordering black white) False
    Region(A3 B3; bordering black white) False

    Nobody encloses the empty board:

    >>> E = build_graph(Position.empty(3))
    >>> region_is_enclosed_by(E, regions_of(E)[0], Color.BLACK)
    False

    Notes
    -----
    This is the *empty*-region notion.  Benson's "X-enclosed regions" also
    contain the opponent's stones; build those from the bitboards.
    """
    _check_node(G, region)
    nodes = G.nodes
    touched = False
    for other in G.adj[region]:
        touched = True
        if nodes[other]["color"] is not color:
            return False
    return touched
