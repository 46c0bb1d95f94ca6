"""Per-string life verdicts with provenance: static proof, local search, or assumed.

For every chain of a position this module produces a :class:`Verdict`:
``status`` is ``alive`` or ``not_alive`` (under AJR: "not independently
alive", which covers dead stones and stones in seki alike), ``provenance`` is

- ``static``: a rule of :mod:`.static` (or Benson's theorem, see below) proved it;
- ``search``: the exact local search of :mod:`.search` proved it;
- ``assumed``: neither settled it within the budget; the status comes from the
  heuristic named in the reason, and a referee must confirm it.

The method depends on the rule set's ``life_goal`` axis:

- ``INDEPENDENT_LIFE`` (AJR): eye pairs and confinement (static), then a local
  search on the chain's *zone*, then a heuristic.
- ``UNCAPTURABLE`` (J1989 Art. 7-1) and ``LOCAL_PLAYOUT`` (Korean): only the
  first clause of Art. 7-1 is proven so far: Benson pass-alive chains cannot be
  captured, so they are alive (static).  Everything else is assumed until the
  confirmation search of J1989 lands (see docs/analysis.md).

The zone of a chain S is the connected set of points reachable from S without
crossing a *safe* stone, a stone that can never be captured: Benson pass-alive
chains of either colour and chains of an eye pair.  Plays outside the zone
cannot change anything inside it, so the local game (plays restricted to the
zone's empty points, everything else a pass) is the problem design.md section
2 calls layer 2.  A ``not_alive`` search result is accepted only when no chain
of S's own colour borders the zone (otherwise S's owner might join it and fill
its outside liberties, which the local game does not model); ``alive`` results
are always accepted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

import networkx as nx

from ..board import Color, Position, dilate, flood, geometry, iter_bits
from ..coords import Move, Point, format_move, vertex_from_point
from ..graph import Chain, build_graph
from ..rules import LifeGoal, RuleSet
from .benson import pass_alive
from .heuristic import Ownership, playout_ownership
from .search import prove_independent_life
from .static import StaticProof, confined_death, eye_pair_life

__all__ = ["Verdict", "Budget", "analyse_position", "analyse_chain"]


@dataclass(frozen=True)
class Budget:
    """Limits of the local search, per chain: positions generated and seconds.

    ``max_zone_empty`` skips the search (verdict ``assumed``) when the zone has
    more empty points than that: such searches would only exhaust the budget.
    ``playouts`` is the number of random playouts behind the heuristic of
    ``assumed`` verdicts (:mod:`.heuristic`).  ``total_seconds`` bounds the
    searches of one whole position (``analyse``): once spent, the remaining
    chains are not searched (their verdicts say so).
    """

    nodes: int = 20_000
    seconds: float = 2.0
    max_zone_empty: int = 14
    playouts: int = 32
    total_seconds: float = 2.5


@dataclass(frozen=True)
class Verdict:
    """The life verdict for one chain.

    Fields
    ------
    color : Color
        Owner of the chain.
    stones : int
        Bitboard of the chain's stones.
    size : int
        Board side (to turn bitboards into points).
    status : str
        ``"alive"`` or ``"not_alive"``.
    provenance : str
        ``"static"``, ``"search"`` or ``"assumed"``.
    method : str
        Short name of what decided it (``"eye-pair"``, ``"confined"``,
        ``"benson"``, ``"search"``, ``"heuristic"``...).
    reason : str
        A paragraph a referee can read.
    sequence : tuple
        For ``search``: the principal variation (moves, None = pass).
    nodes : int
        Search nodes spent on this chain (0 for static).
    seconds : float
        Time spent on this chain.
    """

    color: Color
    stones: int
    size: int
    status: str
    provenance: str
    method: str
    reason: str
    sequence: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0

    @property
    def points(self) -> list[Point]:
        return [divmod(i, self.size) for i in iter_bits(self.stones)]

    @property
    def vertex(self) -> str:
        """One stone of the chain (the lowest flat index), as a GTP vertex."""
        return vertex_from_point(divmod((self.stones & -self.stones).bit_length() - 1, self.size))

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``adjudicator life`` / ``analyse`` (docs/json.md)."""
        return {
            "vertex": self.vertex,
            "color": self.color.word,
            "stones": [vertex_from_point(p) for p in self.points],
            "status": self.status,
            "provenance": self.provenance,
            "method": self.method,
            "reason": self.reason,
            "sequence": [format_move(m) for m in self.sequence],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }


@dataclass
class _Context:
    position: Position
    rules: RuleSet
    budget: Budget
    G: nx.Graph
    static: dict[Chain, StaticProof] = field(default_factory=dict)
    ownership: Ownership | None = None
    search_seconds: float = 0.0  # spent on searches so far in this position
    benson: dict[Color, frozenset[Chain]] = field(default_factory=dict)
    safe_stones: int = 0


def _prepare(position: Position, rules: RuleSet, budget: Budget) -> _Context:
    G = build_graph(position)
    ctx = _Context(position, rules, budget, G)
    for color in (Color.BLACK, Color.WHITE):
        ctx.benson[color] = pass_alive(G, color).chains
        for chain in ctx.benson[color]:
            ctx.safe_stones |= chain.stones
    if rules.life_goal is LifeGoal.INDEPENDENT_LIFE:
        for color in (Color.BLACK, Color.WHITE):
            alive = eye_pair_life(position, color, G)
            ctx.static.update(alive)
            for chain, proof in alive.items():
                if proof.rule == "eye-pair":
                    ctx.safe_stones |= chain.stones
        for color in (Color.BLACK, Color.WHITE):
            ctx.static.update(confined_death(position, color, G))
    return ctx


def _zone(ctx: _Context, chain: Chain) -> tuple[int, int]:
    """(zone points, bitboard of the safe stones bordering it)."""
    pos = ctx.position
    g = geometry(pos.size)
    open_points = g.full & ~ctx.safe_stones
    zone = flood(chain.stones, open_points, g)
    border = dilate(zone, g) & ctx.safe_stones
    return zone, border


_BORDERLINE = (0.35, 0.65)  # playout shares that count as a close call
_REFINE_SEED = 0x61


def _ownership(ctx: _Context) -> Ownership:
    """Playout ownership of the position; three times more playouts if any chain is a close call.

    Decided once per position, before any guess is read, so that every chain's
    guess comes from the same counts whatever order the chains are analysed in.
    """
    first = playout_ownership(ctx.position, ctx.budget.playouts)
    chains = [n for n in ctx.G if isinstance(n, Chain)]
    if not any(_BORDERLINE[0] <= first.share(c.stones, c.color) <= _BORDERLINE[1] for c in chains):
        return first
    more = playout_ownership(ctx.position, 3 * ctx.budget.playouts, seed=_REFINE_SEED)
    return Ownership(
        first.playouts + more.playouts,
        tuple(a + b for a, b in zip(first.black, more.black)),
        tuple(a + b for a, b in zip(first.white, more.white)),
    )


def _heuristic(ctx: _Context, chain: Chain) -> tuple[str, str]:
    """Status guess for an unsettled chain, and the words that explain it (see :mod:`.heuristic`)."""
    if ctx.ownership is None:
        ctx.ownership = _ownership(ctx)
    share = ctx.ownership.share(chain.stones, chain.color)
    status = "alive" if share >= 0.5 else "not_alive"
    why = (
        f"in {ctx.ownership.playouts} random playouts (Monte Carlo ownership) the chain's points ended as "
        f"{chain.color.word}'s in {share:.0%} of them"
    )
    return status, why


def _ajr_verdict(ctx: _Context, chain: Chain) -> Verdict:
    pos = ctx.position
    size = pos.size
    start = time.perf_counter()
    proof = ctx.static.get(chain)
    if proof is not None:
        return Verdict(chain.color, chain.stones, size, proof.status, "static", proof.rule, proof.reason,
                       seconds=time.perf_counter() - start)
    zone, border = _zone(ctx, chain)
    empty_in_zone = zone & pos.empty_bits
    nodes = 0
    note = ""
    spent = ctx.search_seconds >= ctx.budget.total_seconds
    if spent:
        note = f"The search time for this position ({ctx.budget.total_seconds:g} s) was spent on other chains. "
    elif empty_in_zone.bit_count() <= ctx.budget.max_zone_empty:
        target = divmod((chain.stones & -chain.stones).bit_length() - 1, size)
        result = prove_independent_life(
            pos,
            target,
            # the whole zone: points freed by captures inside it must be playable
            area=zone,
            end_passes=ctx.rules.analysis_end_passes,
            max_nodes=ctx.budget.nodes,
            max_seconds=min(ctx.budget.seconds, ctx.budget.total_seconds - ctx.search_seconds),
        )
        ctx.search_seconds += result.seconds
        nodes = result.nodes
        own_border = border & pos.stones(chain.color)
        if result.status == "alive" or (result.status == "not_alive" and not own_border):
            return Verdict(
                chain.color, chain.stones, size, result.status, "search", "search", result.reason,
                tuple(result.sequence), result.nodes, time.perf_counter() - start,
            )
        if result.status == "not_alive":
            note = (
                "The local search found no way to live inside the zone, but the zone borders "
                f"{chain.color.word} stones outside it that the chain might join, so that is not a proof. "
            )
        else:
            note = f"The local search ran out of its budget ({result.nodes} positions). "
    else:
        note = (
            f"Its zone has {empty_in_zone.bit_count()} empty points, more than the local search takes "
            f"({ctx.budget.max_zone_empty}). "
        )
    status, why = _heuristic(ctx, chain)
    word = "alive" if status == "alive" else "not independently alive"
    reason = (
        f"Assumed {word}: not proven. {note}Heuristic: {why}. A referee must confirm this verdict "
        f"(AJR: the players may abbreviate the analysis where they agree)."
    )
    return Verdict(chain.color, chain.stones, size, status, "assumed", "heuristic", reason,
                   nodes=nodes, seconds=time.perf_counter() - start)


def _capture_verdict(ctx: _Context, chain: Chain) -> Verdict:
    """J1989 Art. 7-1 / Korean: only Benson's first clause is proven so far."""
    size = ctx.position.size
    if chain in ctx.benson[chain.color]:
        reason = (
            "Alive (static): the chain can never be captured, even if its owner only passes "
            "(Benson's unconditional life), so it is alive under J1989 Art. 7-1 (first clause)."
        )
        return Verdict(chain.color, chain.stones, size, "alive", "static", "benson", reason)
    status, why = _heuristic(ctx, chain)
    word = "alive" if status == "alive" else "dead"
    reason = (
        f"Assumed {word}: not proven; the confirmation search for this rule set is not implemented yet. "
        f"Heuristic: {why}. A referee must confirm this verdict."
    )
    return Verdict(chain.color, chain.stones, size, status, "assumed", "heuristic", reason)


_METHODS: dict[LifeGoal, Callable[[_Context, Chain], Verdict]] = {
    LifeGoal.INDEPENDENT_LIFE: _ajr_verdict,
    LifeGoal.UNCAPTURABLE: _capture_verdict,
    LifeGoal.LOCAL_PLAYOUT: _capture_verdict,
}


def analyse_position(position: Position, rules: RuleSet, budget: Budget = Budget()) -> list[Verdict]:
    """Verdicts for every chain of ``position`` (Black's chains first, each by lowest point).

    Parameters
    ----------
    position : Position
        The final position (after any dame filling).
    rules : RuleSet
        Decides the life goal and the pass count of the life test.
    budget : Budget
        Search limits per chain.
    """
    ctx = _prepare(position, rules, budget)
    method = _METHODS[rules.life_goal]
    chains = [n for n in ctx.G if isinstance(n, Chain)]
    return [method(ctx, chain) for chain in chains]


def analyse_chain(position: Position, point: Point, rules: RuleSet, budget: Budget = Budget()) -> Verdict:
    """The verdict for the chain through ``point``; raises InvalidVertex if the point is empty."""
    from ..errors import InvalidVertex

    if position.color_at(point) is None:
        raise InvalidVertex(f"there is no stone at {vertex_from_point(point)}")
    ctx = _prepare(position, rules, budget)
    stones = position.chain(point)
    chain = next(n for n in ctx.G if isinstance(n, Chain) and n.stones == stones)
    return _METHODS[rules.life_goal](ctx, chain)
