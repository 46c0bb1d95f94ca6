"""Static proofs of independent life and of its absence (AJR 2008), without search.

Each rule below returns only strings it has *proven*; its docstring holds the
proof that the rule implies the AJR verdict for the exact game of design.md
section 2 (the opponent moves first, the move-sequence ends with three
successive passes, suicide prohibited, basic ko and fixed ko).  Every rule is
checked against the exact search in ``tests/test_static.py``.

Terms used below, for a player P:

- a **sure eye** of P is an empty point whose on-board neighbours are all
  stones of P;
- an **eye pair** is two sure eyes e1, e2 such that every chain of P adjacent
  to e1 or to e2 is adjacent to both (so both eyes touch exactly the same set F
  of chains).  This is a two-eye-formation in all but one respect: the chains
  of F may still have other liberties.

Rules
-----
``eye_pair_life``
    Chains of an eye pair, and chains joined to them by disjoint two-point
    miai connections, are independently alive.
``confined_death``
    A chain of P that lies in a region of the opponent's pass-alive wall, every
    empty point of which touches the wall, is not independently alive.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import networkx as nx

from ..board import Color, Position, dilate, geometry, iter_bits
from ..coords import vertex_from_point
from ..graph import Chain, Region, build_graph
from .benson import pass_alive

__all__ = ["StaticProof", "eye_pair_life", "confined_death"]


@dataclass(frozen=True)
class StaticProof:
    """A static verdict for one chain: ``status`` ``alive`` or ``not_alive`` and why.

    ``rule`` names the rule (``eye-pair``, ``eye-pair+connection``,
    ``confined``); ``reason`` is a paragraph for a referee; ``eyes`` holds the
    eye points the argument uses (bitboard, 0 when none); ``via`` the
    connection points (bitboard).
    """

    status: str
    rule: str
    reason: str
    eyes: int = 0
    via: int = 0
    chains: frozenset[Chain] = field(default_factory=frozenset)


def _vertices(bits: int, size: int) -> str:
    return ", ".join(vertex_from_point(divmod(i, size)) for i in iter_bits(bits))


def _sure_eyes(position: Position, color: Color) -> int:
    """Bitboard of the sure eyes of ``color``: empty points with only ``color`` stones around."""
    g = geometry(position.size)
    own = position.stones(color)
    empty = position.empty_bits
    not_own = g.full & ~own
    # A point is a sure eye iff it is empty and no neighbour is outside ``own``.
    spoiled = dilate(not_own, g) & ~not_own  # own stones next to something else (not needed)
    del spoiled
    eyes = 0
    nbrs = g.neighbours
    for i in iter_bits(empty):
        if nbrs[i] & not_own == 0:
            eyes |= 1 << i
    return eyes


def eye_pair_life(position: Position, color: Color, G: nx.Graph | None = None) -> dict[Chain, StaticProof]:
    """Chains of ``color`` proven independently alive by an eye pair (and miai connections).

    Proof (eye pair).  Let e1, e2 be an eye pair of P with chain set F.  The
    opponent O can never play on e1 or e2: a stone there has no empty
    neighbour, so it is suicide unless it captures, and it could only capture a
    string whose last liberty it takes; every string containing a chain of F
    also has the other eye as a liberty, and P never plays on the eyes.  So the
    strings containing F's chains are never captured, and every stone P adds
    next to them joins them for good.  P's strategy: while some string
    containing a chain of F has an empty neighbour other than e1, e2, play
    there; otherwise pass.  Each such play is legal: it joins a string that
    keeps the liberties e1, e2 (no suicide); it is not a basic-ko retake,
    because a ko retake needs the point to have been emptied by the capture of
    a single P stone there, and P stones next to these strings belong to them
    and are never captured; it cannot repeat an earlier (before, after) pair of
    fixed ko, because after it the point stays occupied by P for the rest of
    the sequence, so the position before it never recurs.  P's stones only
    accumulate, so P passes after finitely many plays, and then no string
    containing F has an empty neighbour but e1 and e2; O cannot change that:
    O's plays remove no P stone of these strings and only P's captures create
    empty points.  The eyes' neighbours are stones of F's chains for good.  So
    whenever P passes, and in particular when the move-sequence ends (three
    successive passes include one of P's), the strings containing F together
    with e1, e2 are a two-eye-formation that contains every chain of F: each
    of them is independently alive.

    Proof (connection).  A chain S of P outside F that has two liberties a, b,
    each adjacent to a string proven alive this way, is joined as follows: if
    O plays on a (or b), P immediately plays on the other, which joins S to an
    alive string (legal for the same reasons as a fill play, and S had that
    liberty so it was not captured); otherwise P follows the fill strategy,
    which may itself play a or b (joining S).  Connection pairs of different
    chains are required to be disjoint, so one move of O threatens at most one
    pair and P's answer always restores every pair.  Once joined, S's stones
    belong to an alive string, hence to the final formation.
    """
    G = G if G is not None else build_graph(position)
    size = position.size
    eyes = _sure_eyes(position, color)
    if not eyes:
        return {}
    g = geometry(size)
    own_chains = [n for n in G if isinstance(n, Chain) and n.color is color]
    chain_of_point: dict[int, Chain] = {}
    for chain in own_chains:
        for i in iter_bits(chain.stones):
            chain_of_point[i] = chain
    # Group sure eyes by the exact set of chains around them.
    by_chains: dict[frozenset[Chain], int] = {}
    for e in iter_bits(eyes):
        around = frozenset(chain_of_point[i] for i in iter_bits(g.neighbours[e]))
        by_chains[around] = by_chains.get(around, 0) | (1 << e)
    proofs: dict[Chain, StaticProof] = {}
    alive_stones = 0
    for chains, eye_bits in by_chains.items():
        if eye_bits.bit_count() < 2:
            continue
        pair = 0
        for k, e in enumerate(iter_bits(eye_bits)):
            if k == 2:
                break
            pair |= 1 << e
        names = _vertices(pair, size)
        for chain in chains:
            others = len(chains) - 1
            together = f" together with {others} other chain{'s' if others != 1 else ''}" if others else ""
            reason = (
                f"Independently alive (static): the {color.word} chain at {_vertices(chain.stones & -chain.stones, size)}"
                f"{together} surrounds the two eyes {names}, and every chain touching either eye touches both. "
                f"The opponent can never play on these eyes, so {color.word} can fill the remaining liberties "
                f"and reach a two-eye-formation with the eyes {names} (AJR, Independent Life)."
            )
            proofs[chain] = StaticProof("alive", "eye-pair", reason, eyes=pair, chains=chains)
            alive_stones |= chain.stones
    if not proofs:
        return proofs
    # Miai connections to strings already proven alive, to a fixpoint.
    used = 0
    empty = position.empty_bits
    changed = True
    while changed:
        changed = False
        alive_reach = dilate(alive_stones, g) & empty
        for chain in own_chains:
            if chain in proofs:
                continue
            common = chain.liberties & alive_reach & ~used
            if common.bit_count() < 2:
                continue
            a = common & -common
            b_rest = common & ~a
            b = b_rest & -b_rest
            via = a | b
            used |= via
            anchor = next(
                proofs[c] for c in proofs if dilate(c.stones, g) & a or dilate(c.stones, g) & b
            )
            reason = (
                f"Independently alive (static): the {color.word} chain at {_vertices(chain.stones & -chain.stones, size)} "
                f"has two separate ways, {_vertices(via, size)}, to join {color.word} stones that are proven alive with "
                f"the eyes {_vertices(anchor.eyes, size)}; if the opponent takes one, {color.word} takes the other, "
                f"and the joined string ends in that two-eye-formation (AJR, Independent Life)."
            )
            proofs[chain] = StaticProof(
                "alive", "eye-pair+connection", reason, eyes=anchor.eyes, via=via, chains=anchor.chains
            )
            alive_stones |= chain.stones
            changed = True
    return proofs


def confined_death(position: Position, color: Color, G: nx.Graph | None = None) -> dict[Chain, StaticProof]:
    """Chains of ``color`` proven not independently alive by confinement.

    Let O be the opponent of ``color`` (= P).  Consider a maximal connected set
    R of points not occupied by O (P's stones and empty points) that contains a
    chain S of P, and suppose (1) every chain of O bordering R is pass-alive
    (Benson, for O) and (2) every empty point of R is adjacent to a stone of O.

    Proof.  In the move-sequence for S, O moves first; O's strategy is to pass
    at every turn.  Pass-alive chains are never captured whatever P plays
    (Benson), so the O stones bordering R stay, and R's points can only be
    occupied by P or stay empty.  P's plays cannot remove P's own stones
    (suicide is prohibited) and O never captures, so the empty points of R only
    decrease, and each one keeps its O neighbour.  A two-eye-formation of P
    sharing an intersection with S is connected (each of its strings touches
    both eyes) and contains no O stone, so it lies inside R; its two eyes
    would be empty points of R adjacent only to P's strings, but every empty
    point of R touches an O stone.  So no move-sequence following O's strategy
    ends with such a formation: S is not independently alive.  (The sequence
    ends: AJR's fixed ko and basic ko make every move-sequence finite.)
    """
    G = G if G is not None else build_graph(position)
    opponent = color.opponent
    size = position.size
    g = geometry(size)
    benson = pass_alive(G, opponent)
    safe = benson.chains
    if not safe:
        return {}
    # P-side regions of O: components of the graph without O's chains.
    others = [n for n in G if isinstance(n, Region) or n.color is color]
    opp_stones = position.stones(opponent)
    near_opp = dilate(opp_stones, g)
    proofs: dict[Chain, StaticProof] = {}
    for component in nx.connected_components(G.subgraph(others)):
        borders = {nb for node in component for nb in G[node] if isinstance(nb, Chain) and nb.color is opponent}
        if not borders or not borders <= safe:
            continue
        empty = 0
        for node in component:
            if isinstance(node, Region):
                empty |= node.points
        if empty & ~near_opp:
            continue
        for node in component:
            if isinstance(node, Chain):
                reason = (
                    f"Not independently alive (static): the {color.word} chain at "
                    f"{_vertices(node.stones & -node.stones, size)} is shut in by {opponent.word} chains that can "
                    f"never be captured (Benson), and every empty point around it touches a {opponent.word} stone, "
                    f"so {color.word} can never make an eye there even if {opponent.word} only passes "
                    f"(AJR, Independent Life)."
                )
                proofs[node] = StaticProof("not_alive", "confined", reason)
    return proofs
