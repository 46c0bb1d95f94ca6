"""Benson's unconditional life: chains that no sequence of opponent plays can capture.

A set of chains of player P is *pass-alive* (unconditionally alive) when the
opponent cannot capture any of them even if P passes at every turn.  Benson
(1976) decides this on the chain/region structure of the board:

- a *P-region* is a maximal connected set of points not occupied by P (empty
  points and opponent stones); in the chain/region graph it is a connected
  component of the subgraph induced by the empty regions and the opponent's
  chains;
- a P-region is *vital* (Benson: "healthy") to a P chain when every empty point
  of the region is a liberty of that chain;
- repeat until nothing changes: drop every chain of P that has fewer than two
  vital regions among the regions still kept; drop every region that touches a
  dropped chain.

The chains left are pass-alive, and the regions left are enclosed by them.

What this proves, and what it does not: pass-alive chains can never be captured
in any move-sequence, under any ko rule, because the argument lets the
opponent play every legal sequence while P only passes.  Under AJR that is
*not yet* independent life: the owner must also be able to reach a
two-eye-formation, which requires filling outside liberties (see
``analysis/search.py``).  So this module answers "can the stones be captured?"
(the J1989 Art. 7-1 first clause) soundly, and serves the AJR analysis as a
boundary of chains that a local search may treat as fixed.

References
----------
.. [1] Benson, David B. "Life in the game of Go." Information Sciences 10
   (1976): 17-29.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from ..board import Color
from ..graph import Chain, Region, build_graph

__all__ = ["BensonResult", "pass_alive", "pass_alive_chains"]


@dataclass(frozen=True)
class BensonResult:
    """Outcome of Benson's algorithm for one colour.

    ``chains`` are the pass-alive chains; ``regions`` the P-regions (bitboards of
    empty points and opponent stones) enclosed by them at the fixpoint, each
    vital to at least one pass-alive chain or bordered only by them;
    ``vital`` maps each pass-alive chain to the bitboards of its vital regions.
    """

    color: Color
    chains: frozenset[Chain]
    regions: tuple[int, ...]
    vital: dict[Chain, tuple[int, ...]]

    @property
    def stones(self) -> int:
        """Bitboard of all pass-alive stones."""
        out = 0
        for chain in self.chains:
            out |= chain.stones
        return out


def _p_regions(G: nx.Graph, color: Color) -> list[tuple[int, int, frozenset[Chain]]]:
    """P-regions as (all points, empty points, bordering P chains)."""
    other = [n for n in G if isinstance(n, Region) or n.color is not color]
    out = []
    for component in nx.connected_components(G.subgraph(other)):
        points = empty = 0
        for node in component:
            points |= node.bits
            if isinstance(node, Region):
                empty |= node.points
        borders = frozenset(
            nb for node in component for nb in G[node] if isinstance(nb, Chain) and nb.color is color
        )
        out.append((points, empty, borders))
    return out


def pass_alive(G: nx.Graph, color: Color) -> BensonResult:
    """Run Benson's algorithm for ``color`` on the chain/region graph ``G``.

    Parameters
    ----------
    G : nx.Graph
        From :func:`adjudicator.graph.build_graph`.
    color : Color
        Whose chains to test.

    Returns
    -------
    BensonResult

    Examples
    --------
    >>> from adjudicator.diagrams import parse_diagram
    >>> from adjudicator.graph import build_graph
    >>> pos = parse_diagram('''
    ...     . x . x o
    ...     x x x x o
    ...     o o o o o
    ...     . . . . .
    ...     . . . . .
    ... ''')
    >>> result = pass_alive(build_graph(pos), Color.BLACK)
    >>> [len(c.stone_points) for c in result.chains]
    [6]
    >>> len(pass_alive(build_graph(pos), Color.WHITE).chains)
    0
    """
    chains = {n for n in G if isinstance(n, Chain) and n.color is color}
    regions = _p_regions(G, color)
    alive = set(chains)
    kept = list(regions)
    while True:
        vital_count = {c: 0 for c in alive}
        for _points, empty, borders in kept:
            for chain in borders:
                if chain in vital_count and empty & ~chain.liberties == 0:
                    vital_count[chain] += 1
        dropped = {c for c, n in vital_count.items() if n < 2}
        if not dropped:
            break
        alive -= dropped
        kept = [r for r in kept if r[2] <= alive]
    vital = {
        c: tuple(points for points, empty, borders in kept if c in borders and empty & ~c.liberties == 0)
        for c in alive
    }
    return BensonResult(color, frozenset(alive), tuple(r[0] for r in kept if r[2]), vital)


def pass_alive_chains(position_or_graph, color: Color) -> frozenset[Chain]:
    """Shortcut: the pass-alive chains of ``color`` (accepts a Position or a graph)."""
    G = position_or_graph if isinstance(position_or_graph, nx.Graph) else build_graph(position_or_graph)
    return pass_alive(G, color).chains
