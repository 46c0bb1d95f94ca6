"""Per-string life verdicts with provenance: static proof, local search, or assumed.

For every chain of a position this module produces a :class:`Verdict`:
``status`` is ``alive`` or ``not_alive`` (under AJR: "not independently
alive", which covers dead stones and stones in seki alike), ``provenance`` is

- ``static``: a rule of :mod:`.static` (or Benson's theorem, see below) proved it;
- ``search``: the exact local search of :mod:`.search` proved it;
- ``assumed``: neither settled it within the budget; the status comes from the
  heuristic named in the reason, and a referee must confirm it.

The method depends on the rule set's ``life_goal`` axis:

- ``INDEPENDENT_LIFE`` (AJR): eye pairs, confinement and region safety
  (static, :mod:`.static` and :mod:`.safety`), then a local search on the
  chain's *zone*, then a heuristic (which also guesses seki, see
  :mod:`.heuristic`).
- ``UNCAPTURABLE`` (J1989 Art. 7-1) and ``LOCAL_PLAYOUT`` (Korean): Benson
  pass-alive chains cannot be captured, so they are alive (static); so are
  the safe groups of :mod:`.safety` and the miai connections of
  :mod:`.static`, whose owner answers every attack and never loses a stone,
  while the opponent's stones in a safe group's regions are dead (static: they
  and every stone added there are captured, whoever moves first); every
  other chain gets the confirmation search of :mod:`.confirm` on its zone (ko
  rule from the ``confirmation_ko`` axis; Korean: once with each side having
  ko priority, ``referee-ko-threats`` when they differ), then the heuristic
  (see docs/j1989.md).

The zone of a chain S is the connected set of points reachable from S without
crossing a *safe* stone, a stone that can never be captured: Benson pass-alive
chains of either colour and chains of an eye pair.  Plays outside the zone
cannot change anything inside it, so the local game (plays restricted to the
zone's empty points, everything else a pass) is the problem design.md section
2 calls layer 2.  A ``not_alive`` search result is accepted when no chain of
S's own colour borders the zone (otherwise S's owner might join it and fill
its outside liberties, which the local game does not model), or when every
such chain is alive by an eye pair (an *anchor*) and a second search, which
also counts a point of S left as a possible eye of an anchor's string as a win
for the owner (``anchor_eyes``), still finds ``not_alive``; ``alive`` results
are always accepted.  Chains proven safe by :mod:`.safety` stay safe only while
their owner answers every move in their regions, so they bound a zone only
when the zone without them is too big to search, and then a search result in
their owner's favour is not accepted (the local game would count the owner's
answers as passes).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable

import networkx as nx

from ..board import Color, Position, dilate, flood, geometry, iter_bits
from ..coords import Move, Point, format_move, vertex_from_point
from ..graph import Chain, build_graph
from ..rules import ConfirmationKo, LifeGoal, RuleSet
from .benson import pass_alive
from .confirm import ConfirmResult, confirm_life
from .heuristic import Ownership, playout_ownership
from .search import prove_independent_life
from .safety import safety_proofs
from .static import StaticProof, confined_death, eye_pair_life

__all__ = ["Verdict", "Budget", "analyse_position", "analyse_chain", "enclosed_fights", "enclosed_region"]


@dataclass(frozen=True)
class Budget:
    """Limits of the local search: positions generated per chain and per position, and runaway times.

    ``nodes`` bounds each search and ``total_nodes`` (default: three times
    ``nodes``) the searches of one whole position (``analyse``, ``score``):
    once spent, the remaining chains are not searched (their verdicts say
    so).  Both count positions, not seconds, so a
    verdict does not depend on the machine or its load: the same record gets the
    same ruling everywhere.  ``seconds`` (per search) and ``total_seconds`` (per
    position) only stop a runaway search; with the defaults they are not reached
    on this project's 2-core machine (20,000 nodes take about 1 s).
    ``max_zone_empty`` skips the search (verdict ``assumed``) when the zone has
    more empty points than that: such searches would only exhaust the budget.
    Measured on 100 sampled KGS final positions (AJR, 20,000 nodes): no zone
    with 9 to 14 empty points was ever proven (29 searches, 37 s, all out of
    budget), while zones of up to 6 gave every search proof; hence 8.  Re-measured
    after the search learnt its room test and table cut-offs (``benchmarks/life.py``,
    200 positions): 12 proves 3 more strings (27 instead of 24 of 8,278) for 51 %
    more time, 16 proves 6 more for 103 % more, so it stays 8.  Re-measured after the search's
    table kept 64 entries per key (2026-11-24, same benchmark): 12 proves 7 more (40 instead of 33
    strings) and p95 per position goes from 0.97 s to 1.59 s; it stays 8.
    ``playouts`` is the number of random playouts behind the heuristic of
    ``assumed`` verdicts (:mod:`.heuristic`).
    """

    nodes: int = 20_000
    seconds: float = 10.0
    max_zone_empty: int = 8
    playouts: int = 32
    total_seconds: float = 20.0
    total_nodes: int | None = None  # None: three times ``nodes``

    @property
    def position_nodes(self) -> int:
        """Positions the searches of one whole position may generate together."""
        return 3 * self.nodes if self.total_nodes is None else self.total_nodes


#: The largest ``nodes`` a user may ask for.  The search tables grow with the positions searched:
#: measured with ``/usr/bin/time -v`` on the J1989 confirmation of cases/double-bent-four F9,
#: 1,000,000 positions took 1.49 GB of memory (maximum resident set), so this bound keeps one
#: search under about 8 GB.
MAX_NODES = 5_000_000


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
    alternatives : tuple
        ``(condition, status, sequence)`` for verdicts that depend on a
        condition (:mod:`.confirm`): ``"owner-ko-priority"`` /
        ``"attacker-ko-priority"`` (Korean: the referee decides by ko
        threats) and ``"owner-first"`` (J1989 Art. 13: the status if the
        owner moved first).  Empty for every other verdict.
    via : int
        For static proofs by a miai connection (``eye-pair+connection``,
        ``safe-regions+connection``): the two empty points of which the owner
        needs one (bitboard); 0 for every other verdict.  The proof holds only
        while both are empty or one holds the owner's stone, so the dame fill
        answers an opponent's fill on one with a connection at the other
        (:mod:`adjudicator.filling`).
    nodes : int
        Search nodes spent on this chain (0 for static).
    seconds : float
        Time spent on this chain.
    share : float or None
        For a ``heuristic`` verdict, the share of the random playouts in which
        the chain's points ended as its owner's (:mod:`.heuristic`); how close
        it is to the alive threshold tells a referee how much to doubt it.
    owner_first_unsettled : bool
        J1989 only: the chain is proven dead in confirmation, but the search
        with its owner moving first (the Art. 13 test for an effective move)
        ran out of its budget, so whether an effective move is left is not
        known (the ruling says so).
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
    alternatives: tuple[tuple[str, str, tuple[Move, ...]], ...] = ()
    via: int = 0
    share: float | None = None
    owner_first_unsettled: bool = False

    @property
    def doubt(self) -> float:
        """How close a heuristic verdict is to a coin flip: 1 at the alive threshold, 0 at 0 % or 100 %.

        0 for a verdict without a playout share (proofs, and guesses of another kind).
        """
        if self.share is None:
            return 0.0
        far = _ALIVE_SHARE if self.share < _ALIVE_SHARE else 1.0 - _ALIVE_SHARE
        return max(0.0, 1.0 - abs(self.share - _ALIVE_SHARE) / far)

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
            **({"alternatives": [
                {"condition": c, "status": st, "sequence": [format_move(m) for m in seq]}
                for c, st, seq in self.alternatives
            ]} if self.alternatives else {}),
            **({"playout_share": round(self.share, 3)} if self.share is not None else {}),
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
    search_nodes: int = 0  # positions generated by searches so far in this position
    conditional_nodes: int = 0  # positions generated by the checks of seki guesses (_conditional_reading)
    capture_nodes: int = 0  # positions generated by the capture checks of enclosing chains (_captured_neighbour)
    capture_cache: dict = field(default_factory=dict)  # chain stones -> ConfirmResult or None
    benson: dict[Color, frozenset[Chain]] = field(default_factory=dict)
    safe_stones: int = 0
    #: stones of chains alive by an eye pair, per colour: joining one wins the local search
    anchors: dict[Color, int] = field(default_factory=lambda: {Color.BLACK: 0, Color.WHITE: 0})


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
                    ctx.anchors[color] |= chain.stones
        for color in (Color.BLACK, Color.WHITE):
            ctx.static.update(confined_death(position, color, G))
        # Safe groups under alternating play (analysis/safety.py): their chains are
        # alive and never captured, the opponent's chains in their regions not alive.
        for color in (Color.BLACK, Color.WHITE):
            for chain, proof in safety_proofs(position, color, G).items():
                if chain in ctx.static:
                    continue
                ctx.static[chain] = proof
                if proof.status == "alive":
                    ctx.safe_stones |= chain.stones
    else:
        # Capture goals (J1989 Art. 7-1, Korean): the same static proofs say more than needed.
        # An eye-pair chain joined by miai, and a safe group, are never captured while their
        # owner answers, whoever moves first; the opponent's stones in a safe group's regions are
        # all captured, and so is every stone the opponent adds there (the region ends holding
        # only the owner's stones and eyes), whoever moves first.  The owner's stones are never
        # captured in either strategy, so the opponent never takes a ko and no ko rule (basic ko,
        # pass-for-ko, ko priority) forbids one of the owner's plays (analysis/safety.py, legality).
        # The stones are not added to ``safe_stones``: their safety needs
        # answers, which the confirmation's local game would count as passes (see _ajr_verdict).
        for color in (Color.BLACK, Color.WHITE):
            proofs = {c: pr for c, pr in eye_pair_life(position, color, G).items() if pr.rule != "eye-pair"}
            proofs.update({c: pr for c, pr in safety_proofs(position, color, G).items() if c not in proofs})
            for chain, proof in proofs.items():
                if chain not in ctx.benson[chain.color] and chain not in ctx.static:
                    ctx.static[chain] = proof
    return ctx


def _zone(ctx: _Context, chain: Chain, ignore: int = 0) -> tuple[int, int]:
    """(zone points, bitboard of the safe stones bordering it); stones in ``ignore`` are no barrier."""
    pos = ctx.position
    g = geometry(pos.size)
    safe = ctx.safe_stones & ~ignore
    open_points = g.full & ~safe
    zone = flood(chain.stones, open_points, g)
    border = dilate(zone, g) & safe
    return zone, border


_SEKI_SHARE = 0.5  # share of playouts ending in a seki shape that turns the guess into "seki"
# Share of playouts a chain must survive to be guessed alive.  Not 0.5: on the 568 marked KGS
# games (players' dead-stone marks, benchmarks.md 2.1) the assumed chains whose points ended as
# their owner's in 50-54 % of the playouts were alive by the marks in 9 of 25 cases, those at
# 45-49 % in 5 of 21, at 55-59 % in 8 of 14, from 60 % on 11,410 of 11,414
# (15,094 assumed chains; `python benchmarks/life_real.py --calibration`, 2026-11-23).  A chain that survives only
# about half of the playouts is unsettled, and the players of a finished game treated most of
# those as dead.  `python benchmarks/real_games.py` against 0.5 (same code otherwise): marked
# 541 -> 541 (2 fixed, 2 broken), unmarked sample 918 -> 924 (9 fixed, 3 broken).
_ALIVE_SHARE = 0.55
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
        tuple(a + b for a, b in zip(first.seki, more.seki)),
    )


def _heuristic(ctx: _Context, chain: Chain) -> tuple[str, str, float]:
    """Status guess for an unsettled chain, and the words that explain it (see :mod:`.heuristic`)."""
    pos = ctx.position
    if ctx.ownership is None:
        ctx.ownership = _ownership(ctx)
    share = ctx.ownership.share(chain.stones, chain.color)
    status = "alive" if share >= _ALIVE_SHARE else "not_alive"
    why = (
        f"in {ctx.ownership.playouts} random playouts (Monte Carlo ownership) the chain's points ended as "
        f"{chain.color.word}'s in {share:.0%} of them"
    )
    if 0.5 <= share < _ALIVE_SHARE:
        seki = ctx.ownership.seki_share(chain.stones)
        if ctx.rules.life_goal is not LifeGoal.INDEPENDENT_LIFE and seki >= _SEKI_SHARE:
            # Capture goals (J1989 Art. 7-1, Korean): stones in seki cannot be captured, so they are
            # alive, and Art. 8 then puts them in seki (they touch dame).  A chain that survives about
            # half of the playouts, and in all or most of those stands next to a point neither side
            # can fill, is the "seki or dead" case: the players' counts treat it as seki (kgs
            # 2017-05-05-8: Black's G5 (14 stones), 54 % of the playouts, all in a seki shape with
            # White's E3; guessed dead it made J1989 B+3.5 against the record's and AJR's B+34.5).
            # Under AJR the guess is "not independently alive" either way (seki or dead).
            status = "alive"
            why += (f", and in {seki:.0%} of them it survived next to a shared liberty that neither side could "
                    "fill without self-atari: it looks like seki, whose stones cannot be captured")
        else:
            why += f" (a chain is guessed alive from {_ALIVE_SHARE:.0%} on: one that survives about half of them is unsettled)"
    if status == "alive" and ctx.rules.life_goal is LifeGoal.INDEPENDENT_LIFE:
        # A chain that survives playouts mostly next to a point neither side can
        # fill looks like seki: under AJR that is "not independently alive"
        # (it stays on the board, and the points next to it are nobody's).
        seki = ctx.ownership.seki_share(chain.stones)
        if seki >= _SEKI_SHARE:
            status = "not_alive"
            why += (
                f", but in {seki:.0%} of them it survived only next to a shared liberty that neither side could "
                "fill without self-atari: it looks like seki, which is not independent life"
            )
        else:
            partners = _seki_partners(ctx, chain)
            if partners:
                status = "not_alive"
                at = [vertex_from_point(divmod((p.stones & -p.stones).bit_length() - 1, pos.size)) for p in partners]
                why += (
                    f", but every liberty of it is a liberty of the {partners[0].color.word} "
                    + (f"chain at {at[0]}, which looks" if len(at) == 1 else f"chains at {', '.join(at)}, which look")
                    + " like seki (guessed above): they stand in one seki, which is not independent life"
                )
    return status, why, share


def _looks_like_seki(ctx: _Context, chain: Chain) -> bool:
    """The seki guess of :func:`_heuristic` for ``chain`` (an unproven chain that survives the
    playouts mostly in a seki shape)."""
    own = ctx.ownership
    return (chain not in ctx.static and own.share(chain.stones, chain.color) >= 0.5
            and own.seki_share(chain.stones) >= _SEKI_SHARE)


def _seki_partners(ctx: _Context, chain: Chain) -> list[Chain]:
    """The opponent chains guessed seki that share ``chain``'s liberties, when each liberty of
    ``chain`` touches only such chains (and no other own chain); else an empty list.

    A seki binds both sides: if the opponent's chain can neither capture nor be captured, a
    chain whose liberties are all shared with it, and that no other own chain touches (so it
    cannot connect out), has no way to a two-eye-formation either.  The playouts do not always
    say so for both sides at once: an eyeless chain inside the opponent's seki group survives
    there both in the seki and in the playouts where the group dies
    (kgs-19-2017-02-new/2017-02-08-7.sgf: White's 27 stones M5... looked like seki, Black's
    J9-K9-J10 inside them kept its 67 % and took the whole area with it).  The opponent's seki
    guess is spread only when its chain survives clearly (share above the close-call band
    ``_BORDERLINE``): a wrong seki guess spread to its neighbours costs twice.  Measured on the
    1,568 KGS games of benchmarks/real_games.py (/work/scratch/lead8/ab_partner.py, 2026-11-22):
    without that gate the rule fired in 6 games (marked 1 fixed, 2 broken; unmarked 3 fixed);
    the two broken ones had partners at 58 %, the fixed ones 66-80 %, so the gate was chosen
    after seeing these six games.  "Fixed" means agreeing with the players: in 2017-02-08-7
    itself White's group has two more liberties (M4, M6) than Black's three stones and wins the
    race, so the rules give no seki there (the J1989 confirmation proves J9 dead); the rule
    guesses the players' seki, not the rules' answer.  Tried and not kept (2026-11-22,
    ``python benchmarks/real_games.py``, per-game comparison with the run before): a race rule
    that guesses dead a chain whose n >= 2 liberties are all liberties of one opponent chain with
    at least n liberties of its own (it loses the race whoever moves first), and keeps that
    opponent out of the seki guess: 18 of the 1,568 results changed, 2017-02-08-7 to the rules'
    B+20.5, 13 agreements with the record lost, none gained.  Also tried (2026-11-24, ``adjudicator
    batch`` on all 4,568 KGS games against the rulings of b83f343): spreading only from partners
    above 80 %: exact results 4,248 -> 4,248, 4 fixed (partners at 69-78 %, e.g.
    kgs-19-2006/2006-10-01-12), 4 broken, 1 other moved; the gate stays.
    """
    pos = ctx.position
    g = geometry(pos.size)
    own, opp = pos.stones(chain.color), pos.stones(chain.color.opponent)
    chains = {n.stones: n for n in ctx.G if isinstance(n, Chain) and n.color is not chain.color}
    partners: list[Chain] = []
    for x in iter_bits(chain.liberties):
        ring = g.neighbours[x]
        if ring & own & ~chain.stones:
            return []  # another own chain touches this liberty: the chain may connect out
        touching = ring & opp
        if not touching:
            return []  # a liberty next to no opponent stone: an eye of its own
        for y in iter_bits(touching):
            other = chains[pos.chain(divmod(y, pos.size))]
            if not _looks_like_seki(ctx, other) or ctx.ownership.share(other.stones, other.color) <= _BORDERLINE[1]:
                return []  # not a seki guess, or a close call (the guess is only spread when clear)
            if other not in partners:
                partners.append(other)
    return partners


# The check of a seki guess by a local search (:func:`_conditional_reading`): chains the playouts
# call alive in at least this share of them bound the zone (of the assumed chains of the 568 marked
# KGS games, those from 60 % on were alive by the players' marks in 11,410 of 11,414: see
# _ALIVE_SHARE); positions per search, and per analysed position (the searches that fail cost
# time only: measured on the 328 area-marked games, up to six failing searches in one position).
_CONDITION_SHARE = 0.85
# A chain guessed not alive from this playout share on is read by the same search (the close calls
# just under _ALIVE_SHARE: of the assumed chains of the 568 marked KGS games at 45-54 %, 14 of 46
# were alive by the players' marks).  A group of strings sharing one eye space survives the
# playouts as a coin flip, since they do not answer the approach moves that a search reads at once
# (kgs-19-2017-03-new/2017-03-27-1: White's A6, B10 and E8 around the bent four B9-C9-D9-D8, 53 %
# each, were removed; the search finds A6 alive).  `python benchmarks/real_games.py` against
# _ALIVE_SHARE (the seki guesses alone, 2026-11-25): marked 545 -> 546 (that game fixed, none
# broken, no other result moved), unmarked sample 936 -> 936 (no result moved).  Under J1989 and
# Korean rules the same close calls get the capture confirmation in that zone
# (:func:`_conditional_confirmation`, session 32): marked j1989 538 -> 539 and korean 539 -> 540
# (2017-03-27-1 again), unmarked 911 -> 912 and 909 -> 910 (kgs-19-2006/2006-03-09-10), none broken.
_READ_SHARE = 0.45
_CONDITIONAL_NODES = 4_000
_CONDITIONAL_TOTAL = 12_000


def _line(sequence, first: Color) -> str:
    """The first moves of a search line, with colours (``first`` moves first)."""
    moves, color = [], first
    for move in list(sequence)[:8]:
        moves.append(f"{color.value.upper()} {format_move(move)}")
        color = color.opponent
    return ", ".join(moves) + (" ..." if len(sequence) > 8 else "")


def _conditional_reading(ctx: _Context, chain: Chain):
    """The AJR search of ``chain`` in the zone bounded by proven-safe stones and by the chains the
    playouts call clearly alive (at least ``_CONDITION_SHARE`` of them, never in a seki shape),
    with the owner's such chains as anchors (joining one wins); None if that zone has more than
    ``Budget.max_zone_empty`` empty points or the position's budget for these checks is spent.

    Not a proof: its answer holds only if those chains are alive, so it only ever changes a guess
    (the verdict stays ``assumed`` and its reason names the search).  :func:`_ajr_verdict` asks it
    about a chain the playouts keep alive but in a seki shape (guessed "not alive, seki"): a
    killing stone inside a dead group ends every playout next to two liberties it shares with the
    group, as in a seki, because the playouts refuse the self-ataris that would kill the group
    (kgs_area_marked 2017-03-29-25: White's K5 inside Black's 32-stone H1 group, both guessed
    seki, nothing removed, where the players marked H1 dead).  If the search finds the chain alive
    (its owner takes the group and joins the chains around it), the guess becomes alive, and the
    group inside its area is removed.  It also asks it about a close call guessed not alive (share
    from ``_READ_SHARE`` up to ``_ALIVE_SHARE``).  A real seki stays a seki: neither side's search finds a
    way to live.
    """
    pos = ctx.position
    zone, mine = _conditional_zone(ctx, chain)
    left = _CONDITIONAL_TOTAL - ctx.conditional_nodes
    if (zone & pos.empty_bits).bit_count() > ctx.budget.max_zone_empty or left <= 0:
        return None
    target = divmod((chain.stones & -chain.stones).bit_length() - 1, pos.size)
    result = prove_independent_life(pos, target, area=zone, end_passes=ctx.rules.analysis_end_passes,
                                    max_nodes=min(_CONDITIONAL_NODES, left), max_seconds=ctx.budget.seconds,
                                    anchors=ctx.anchors[chain.color] | mine)
    ctx.conditional_nodes += result.nodes
    return result


def _conditional_zone(ctx: _Context, chain: Chain) -> tuple[int, int]:
    """The zone of :func:`_conditional_reading`: ``chain``'s points and what it reaches without crossing
    proven-safe stones or chains the playouts call clearly alive; and the owner's such chains."""
    pos = ctx.position
    own = ctx.ownership
    g = geometry(pos.size)
    safe = ctx.safe_stones
    mine = 0
    for other in ctx.G:
        if not isinstance(other, Chain) or other == chain or other.stones & safe:
            continue
        if own.share(other.stones, other.color) >= _CONDITION_SHARE and own.seki_share(other.stones) < _SEKI_SHARE:
            safe |= other.stones
            if other.color is chain.color:
                mine |= other.stones
    return flood(chain.stones, g.full & ~safe, g), mine


def _conditional_confirmation(ctx: _Context, chain: Chain) -> ConfirmResult | None:
    """J1989 and Korean: the capture confirmation of ``chain`` in the zone of :func:`_conditional_reading`.

    The capture-goal counterpart of that reading, asked about the same close calls (a chain
    guessed not alive from ``_READ_SHARE`` of the playouts on): the opponent moving first, the
    rule set's confirmation ko rule (Korean: the attacker's ko priority, the reading the count of
    record takes) and new-stone reading.  Not a proof (the zone's walls are guesses); if the
    chain cannot be captured there, the guess becomes alive.  None if the zone is too large or
    the budget of these checks is spent.
    """
    pos = ctx.position
    zone, _ = _conditional_zone(ctx, chain)
    left = _CONDITIONAL_TOTAL - ctx.conditional_nodes
    if (zone & pos.empty_bits).bit_count() > ctx.budget.max_zone_empty or left <= 0:
        return None
    target = divmod((chain.stones & -chain.stones).bit_length() - 1, pos.size)
    result = confirm_life(pos, target, area=zone, mode=_CONFIRM_MODES[ctx.rules.confirmation_ko][-1],
                          end_passes=ctx.rules.analysis_end_passes, after_capture=ctx.rules.new_stone.value,
                          max_nodes=min(_CONDITIONAL_NODES, left), max_seconds=ctx.budget.seconds)
    ctx.conditional_nodes += result.nodes
    return result


# Budget of the capture checks of :func:`_captured_neighbour` (J1989 capture confirmation of an
# enclosing chain): positions per search and per analysed position.  The six KGS games these
# checks fixed took 59 to 11,437 positions a search.  Measured on all 4,568 KGS games
# (``adjudicator batch``, 2026-11-23): 12,000/24,000 gives the same ruling as 20,000/60,000 in every
# game (score, dead and seki stones) and cuts the processor time of the batch by 8 % (2,506 ->
# 2,313 s; the slowest game, KGS2001/2001-11-11-7, 9.6 -> 6.3 s), the failing searches being cut short.
_CAPTURE_NODES = 12_000
_CAPTURE_TOTAL = 24_000


def _capturable(ctx: _Context, other: Chain) -> ConfirmResult | None:
    """The J1989 capture confirmation of ``other`` with its owner moving first, in the zone bounded
    by proven-safe stones and by the chains the playouts call clearly alive (as in
    :func:`_conditional_reading`); None if that zone is too large or the budget is spent."""
    if other.stones in ctx.capture_cache:
        return ctx.capture_cache[other.stones]
    pos, own = ctx.position, ctx.ownership
    g = geometry(pos.size)
    safe = ctx.safe_stones
    for c in ctx.G:
        if not isinstance(c, Chain) or c == other or c.stones & safe:
            continue
        if own.share(c.stones, c.color) >= _CONDITION_SHARE and own.seki_share(c.stones) < _SEKI_SHARE:
            safe |= c.stones
    zone = flood(other.stones, g.full & ~safe, g)
    left = _CAPTURE_TOTAL - ctx.capture_nodes
    result = None
    if (zone & pos.empty_bits).bit_count() <= ctx.budget.max_zone_empty and left > 0:
        target = divmod((other.stones & -other.stones).bit_length() - 1, pos.size)
        result = confirm_life(pos, target, area=zone, mode="basic", first="owner",
                              max_nodes=min(_CAPTURE_NODES, left), max_seconds=ctx.budget.seconds)
        ctx.capture_nodes += result.nodes
    ctx.capture_cache[other.stones] = result
    return result


def _captured_neighbour(ctx: _Context, chain: Chain):
    """``(other, result)`` for an opponent chain ``other`` next to ``chain`` that holds every
    liberty of ``chain``, is itself guessed not alive, and is captured even if its owner moves
    first (:func:`_capturable`); else None.

    Asked about a chain guessed not alive, inside such an enclosing chain.  The playouts refuse
    the multi-stone self-ataris with which the inner side kills an eyeless enclosing chain (a
    sacrifice that leaves a dead shape: the refusal protects the seki precedents of cases/, see
    :mod:`.heuristic`), so both end in a seki shape or as a coin flip.  The capture search reads
    the sacrifice and the re-placements after it; if the enclosing chain falls whoever starts,
    the chain inside it is guessed alive (still ``assumed``).  A real seki is left alone: there
    the enclosing chain cannot be captured.  Found by a helper's study of held-out KGS games
    (KGS2001/2001-06-10-6: Black's A7 inside White's eyeless 22 stones E4, which Black kills
    with the sacrifice C7-B8 that leaves a pyramid four; A7 had been guessed seki, B+136.5
    against RE B+183.5).  The liberty condition matters: without it the check also ran the
    other way round (the sacrificed stones in atari as ``chain``, the big enclosing chain as
    the one captured) and revived dead enclosing chains.
    """
    pos = ctx.position
    g = geometry(pos.size)
    near = dilate(chain.stones, g) & pos.stones(chain.color.opponent)
    seen = 0
    for x in iter_bits(near):
        if seen >> x & 1:
            continue
        stones = pos.chain(divmod(x, pos.size))
        seen |= stones
        other = next(n for n in ctx.G if isinstance(n, Chain) and n.stones == stones)
        if other in ctx.static or other.stones & ctx.safe_stones:
            continue
        if chain.liberties & ~other.liberties:
            continue  # a liberty of its own: ``chain`` does not stand or fall with ``other``
        if _heuristic(ctx, other)[0] != "not_alive":
            continue
        result = _capturable(ctx, other)
        if result is not None and result.status == "dead":
            return other, result
    return None


def _ajr_verdict(ctx: _Context, chain: Chain) -> Verdict:
    pos = ctx.position
    size = pos.size
    start = time.perf_counter()
    proof = ctx.static.get(chain)
    if proof is not None:
        return Verdict(chain.color, chain.stones, size, proof.status, "static", proof.rule, proof.reason, via=proof.via,
                       seconds=time.perf_counter() - start)
    # Stones made safe by answers (safety.py) stay safe only if their owner answers every
    # move in their regions; the local game counts such a move and its answer as two
    # passes, which binds the owner's choice.  So the zone first ignores them as barriers
    # (the zone of the other layers); only if that zone is too large are they used, and
    # then a result in their owner's favour is not accepted (a result against them is).
    answered = 0
    for other, other_proof in ctx.static.items():
        if other_proof.rule.startswith("safe-regions") and other_proof.status == "alive":
            answered |= other.stones
    zone, border = _zone(ctx, chain, ignore=answered)
    if (zone & pos.empty_bits).bit_count() > ctx.budget.max_zone_empty:
        zone, border = _zone(ctx, chain)
    answered &= border
    empty_in_zone = zone & pos.empty_bits
    nodes = 0
    note = ""
    if ctx.search_nodes >= ctx.budget.position_nodes:
        note = (f"The search budget of this position ({ctx.budget.position_nodes} positions) "
                "was spent on other chains. ")
    elif ctx.search_seconds >= ctx.budget.total_seconds:
        note = f"The search time for this position ({ctx.budget.total_seconds:g} s) was spent on other chains. "
    elif empty_in_zone.bit_count() <= ctx.budget.max_zone_empty:
        target = divmod((chain.stones & -chain.stones).bit_length() - 1, size)
        result = prove_independent_life(
            pos,
            target,
            # the whole zone: points freed by captures inside it must be playable
            area=zone,
            end_passes=ctx.rules.analysis_end_passes,
            max_nodes=min(ctx.budget.nodes, ctx.budget.position_nodes - ctx.search_nodes),
            max_seconds=min(ctx.budget.seconds, ctx.budget.total_seconds - ctx.search_seconds),
            anchors=ctx.anchors[chain.color],
        )
        ctx.search_seconds += result.seconds
        ctx.search_nodes += result.nodes
        nodes = result.nodes
        own_border = border & pos.stones(chain.color)
        favours = chain.color if result.status == "alive" else chain.color.opponent
        bound = bool(answered & pos.stones(favours))
        if (result.status == "not_alive" and not bound and own_border
                and not own_border & ~ctx.anchors[chain.color]
                and ctx.search_nodes < ctx.budget.position_nodes):
            # Every own stone on the border belongs to a chain alive by an eye pair (an anchor).
            # Joining one already wins in the local game; the only other use the owner could make
            # of it is a formation that contains the anchor and has a point of S as an eye, which
            # needs the anchor's outside liberties filled (outside the zone).  The second search
            # counts that as a win too (``anchor_eyes``), so its "not alive" covers every way.
            again = prove_independent_life(
                pos, target, area=zone, end_passes=ctx.rules.analysis_end_passes,
                max_nodes=min(ctx.budget.nodes, ctx.budget.position_nodes - ctx.search_nodes),
                max_seconds=min(ctx.budget.seconds, ctx.budget.total_seconds - ctx.search_seconds),
                anchors=ctx.anchors[chain.color], anchor_eyes=True,
            )
            ctx.search_seconds += again.seconds
            ctx.search_nodes += again.nodes
            nodes += again.nodes
            if again.status == "not_alive":
                return Verdict(
                    chain.color, chain.stones, size, again.status, "search", "search", again.reason,
                    tuple(again.sequence), nodes, time.perf_counter() - start,
                )
        if not bound and (result.status == "alive" or (result.status == "not_alive" and not own_border)):
            return Verdict(
                chain.color, chain.stones, size, result.status, "search", "search", result.reason,
                tuple(result.sequence), result.nodes, time.perf_counter() - start,
            )
        if bound:
            note = (
                f"The local search found the chain {'alive' if result.status == 'alive' else 'not alive'}, "
                "but the zone borders stones whose safety relies on answers elsewhere, so that is not a proof. "
            )
        elif result.status == "not_alive":
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
    status, why, share = _heuristic(ctx, chain)
    if status == "not_alive" and share >= _READ_SHARE:
        # A seki guess (share at or above _ALIVE_SHARE) or a close call just under it.
        read = _conditional_reading(ctx, chain)
        if read is not None and read.status == "alive":
            status = "alive"
            why += (f"; but a local search that takes the chains around it that survive at least "
                    f"{_CONDITION_SHARE:.0%} of the playouts as safe finds it alive in {read.nodes} positions "
                    f"({_line(read.sequence, chain.color.opponent)}), so it is guessed alive")
    if status == "not_alive":
        found = _captured_neighbour(ctx, chain)
        if found is not None:
            other, res = found
            status = "alive"
            why += (f"; but the {other.color.word} chain at {vertex_from_point(divmod((other.stones & -other.stones).bit_length() - 1, pos.size))} "
                    f"next to it, guessed not alive, is captured even if {other.color.word} moves first (a capture "
                    f"search that takes the chains around it that survive at least {_CONDITION_SHARE:.0%} of the "
                    f"playouts as safe, {res.nodes} positions), so it is guessed alive")
    word = "alive" if status == "alive" else "not independently alive"
    reason = (
        f"Assumed {word}: not proven. {note}Heuristic: {why}. A referee must confirm this verdict "
        f"(AJR: the players may abbreviate the analysis where they agree)."
    )
    return Verdict(chain.color, chain.stones, size, status, "assumed", "heuristic", reason,
                   nodes=nodes, seconds=time.perf_counter() - start, share=share)


def _capture_verdict(ctx: _Context, chain: Chain) -> Verdict:
    """J1989 Art. 7-1 / Korean: Benson's first clause (static), else the confirmation search."""
    size = ctx.position.size
    if chain in ctx.benson[chain.color]:
        reason = (
            "Alive (static): the chain can never be captured, even if its owner only passes "
            "(Benson's unconditional life), so it is alive under J1989 Art. 7-1 (first clause)."
        )
        return Verdict(chain.color, chain.stones, size, "alive", "static", "benson", reason)
    proof = ctx.static.get(chain)
    if proof is not None:
        if proof.status == "alive":
            reason = (
                "Alive (static): its owner can answer every attack so that the chain is never captured, "
                "whoever moves first; no stone of the owner's is ever captured, so no ko rule can forbid an "
                "answer. It cannot be captured in the confirmation: alive under J1989 Art. 7-1 (first "
                f"clause). The argument: {proof.reason}"
            )
        else:
            reason = (
                "Dead (static): the opponent can capture this chain and every stone its owner adds in that "
                "region, whoever moves first; the capturing side never loses a stone, so no ko rule can "
                "forbid its plays. No new stone there can stay either: dead under J1989 Art. 7-1. "
                f"The argument: {proof.reason}"
            )
        return Verdict(chain.color, chain.stones, size, proof.status, "static", proof.rule, reason, via=proof.via)
    return _confirmation_verdict(ctx, chain)


_METHODS: dict[LifeGoal, Callable[[_Context, Chain], Verdict]] = {
    LifeGoal.INDEPENDENT_LIFE: _ajr_verdict,
    LifeGoal.UNCAPTURABLE: _capture_verdict,
    LifeGoal.LOCAL_PLAYOUT: _capture_verdict,
}


# Ko rule of the confirmation search per axis value (see analysis/confirm.py).  Two modes: the
# search is run with each side having ko priority and the referee decides if they differ.
_CONFIRM_MODES: dict[ConfirmationKo, tuple[str, ...]] = {
    ConfirmationKo.PASS_FOR_KO_ONCE: ("once",),
    ConfirmationKo.PASS_FOR_KO_EACH: ("each",),
    ConfirmationKo.REFEREE_KO_THREATS: ("owner", "attacker"),
    ConfirmationKo.FIXED_KO: ("basic",),  # fixed ko has no meaning for the capture goal: basic ko only
}


def _confirm(ctx: _Context, chain: Chain, zone: int, mode: str, first: str = "attacker") -> ConfirmResult:
    # first="owner" is the Art. 13 test (_proven_verdict): it tries the owner's captures and ataris before
    # its pass (confirm.py, "Move ordering"; cases/bent-four-outside-liberty [j1989]).
    pos = ctx.position
    target = divmod((chain.stones & -chain.stones).bit_length() - 1, pos.size)
    result = confirm_life(
        pos, target, area=zone, mode=mode, first=first, captures_first=first == "owner",
        end_passes=ctx.rules.analysis_end_passes, after_capture=ctx.rules.new_stone.value,
        max_nodes=max(0, min(ctx.budget.nodes, ctx.budget.position_nodes - ctx.search_nodes)),
        max_seconds=max(0.0, min(ctx.budget.seconds, ctx.budget.total_seconds - ctx.search_seconds)),
    )
    ctx.search_seconds += result.seconds
    ctx.search_nodes += result.nodes
    return result


def _confirmation_verdict(ctx: _Context, chain: Chain) -> Verdict:
    """The confirmation search of J1989 Art. 7 (Korean: with each side having ko priority)."""
    pos = ctx.position
    size = pos.size
    start = time.perf_counter()
    zone, _ = _zone(ctx, chain)
    empty_in_zone = (zone & pos.empty_bits).bit_count()
    modes = _CONFIRM_MODES[ctx.rules.confirmation_ko]
    nodes = 0
    if ctx.search_nodes >= ctx.budget.position_nodes:
        note = (f"The search budget of this position ({ctx.budget.position_nodes} positions) "
                "was spent on other chains. ")
    elif ctx.search_seconds >= ctx.budget.total_seconds:
        note = f"The search time for this position ({ctx.budget.total_seconds:g} s) was spent on other chains. "
    elif empty_in_zone > ctx.budget.max_zone_empty:
        note = (f"Its zone has {empty_in_zone} empty points, more than the confirmation search takes "
                f"({ctx.budget.max_zone_empty}). ")
    else:
        first = _confirm(ctx, chain, zone, modes[0])
        nodes = first.nodes
        results = [first]
        if len(modes) > 1 and first.proven and first.ko_seen:
            results.append(_confirm(ctx, chain, zone, modes[1]))
            nodes += results[-1].nodes
        if all(r.proven for r in results):
            return _proven_verdict(ctx, chain, zone, modes, results, nodes, start)
        note = f"The confirmation search ran out of its budget ({nodes} positions). "
    status, why, share = _heuristic(ctx, chain)
    if status == "not_alive" and share >= _READ_SHARE:
        read = _conditional_confirmation(ctx, chain)
        if read is not None and read.status == "alive":
            status = "alive"
            why += (f"; but a capture confirmation that takes the chains around it that survive at least "
                    f"{_CONDITION_SHARE:.0%} of the playouts as safe finds that it cannot be captured "
                    f"({read.nodes} positions), so it is guessed alive")
    word = "alive" if status == "alive" else "dead"
    reason = (
        f"Assumed {word}: not proven. {note}Heuristic: {why}. A referee must confirm this verdict."
    )
    return Verdict(chain.color, chain.stones, size, status, "assumed", "heuristic", reason,
                   nodes=nodes, seconds=time.perf_counter() - start, share=share)


def _status(result: ConfirmResult) -> str:
    return "alive" if result.status == "alive" else "not_alive"


def _proven_verdict(ctx: _Context, chain: Chain, zone: int, modes: tuple[str, ...], results: list[ConfirmResult],
                    nodes: int, start: float) -> Verdict:
    size = ctx.position.size
    owner, opp = chain.color.word.capitalize(), chain.color.opponent.word.capitalize()
    if len(results) == 2 and results[0].status != results[1].status:
        own, att = results  # modes ("owner", "attacker")
        reason = (
            f"Referee decides: ko threats. The local play-out depends on who wins a ko: if {owner} has more "
            f"ko threats elsewhere the chain is {own.status}, if {opp} has more it is {att.status}. "
            f"With {owner}'s ko priority: {own.reason} With {opp}'s ko priority: {att.reason}"
        )
        alternatives = (
            ("owner-ko-priority", _status(own), tuple(own.sequence)),
            ("attacker-ko-priority", _status(att), tuple(att.sequence)),
        )
        # The count of record uses the attacker's priority; the ruling shows both outcomes.
        return Verdict(chain.color, chain.stones, size, _status(att), "search", "referee-ko-threats", reason,
                       tuple(att.sequence), nodes, time.perf_counter() - start, alternatives)
    result = results[-1]
    reason = result.reason
    if len(results) == 2:
        reason += " The same holds whoever has more ko threats."
    alternatives: tuple = ()
    if result.status == "dead" and ctx.rules.life_goal is LifeGoal.UNCAPTURABLE:
        # J1989 Art. 13: would the chain live if its owner moved first?  Then an effective move is left.
        mine = _confirm(ctx, chain, zone, modes[0], first="owner")
        nodes += mine.nodes
        if mine.status == "alive" and mine.sequence and mine.sequence[0] is not None:
            move = format_move(mine.sequence[0])
            alternatives = (("owner-first", "alive", tuple(mine.sequence)),)
            reason += (
                f" If {owner} moved first ({owner} {move}) the chain would live (another {mine.nodes} positions "
                f"searched): {owner} has an effective move here. If it changes the winner and cannot be made "
                f"by resuming, both lose (J1989 Art. 13; see the ruling and docs/j1989.md)."
            )
        elif mine.status == "unknown":
            reason += (
                f" Whether it would live if {owner} moved first (the J1989 Art. 13 test for an effective move) "
                f"is not settled: that search ran out of its budget ({mine.nodes} positions)."
            )
            return Verdict(chain.color, chain.stones, size, _status(result), "search", "confirmation", reason,
                           tuple(result.sequence), nodes, time.perf_counter() - start, alternatives,
                           owner_first_unsettled=True)
    return Verdict(chain.color, chain.stones, size, _status(result), "search", "confirmation", reason,
                   tuple(result.sequence), nodes, time.perf_counter() - start, alternatives)


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
    return _consistent(ctx, _joined(ctx, _each_chain(ctx)))


def _each_chain(ctx: _Context) -> list[Verdict]:
    """Every chain's own verdict, before :func:`_consistent`."""
    method = _METHODS[ctx.rules.life_goal]
    chains = [n for n in ctx.G if isinstance(n, Chain)]
    # The searches of one position share ``budget.total_seconds``: spend it on the
    # smallest zones first, where a proof is likeliest (the verdicts are returned
    # in the documented order all the same).
    empty = ctx.position.empty_bits

    def zone_size(chain: Chain) -> int:
        return 0 if chain in ctx.static else (_zone(ctx, chain)[0] & empty).bit_count()

    verdicts: list[Verdict | None] = [None] * len(chains)
    for k in sorted(range(len(chains)), key=lambda k: zone_size(chains[k])):
        verdicts[k] = method(ctx, chains[k])
    return verdicts  # type: ignore[return-value]


def _miai_join(pos: Position, stones: int, color: Color, alive: int) -> int:
    """Two liberties of ``stones`` (``color``'s), either of which joins them to ``alive`` stones of
    ``color`` whatever the opponent has played on the other (the joined string keeps two
    liberties), as a bitboard; 0 when there are no two such points."""
    g = geometry(pos.size)
    joins = [i for i in iter_bits(pos.liberties(stones) & dilate(alive, g))]
    if len(joins) < 2:
        return 0

    def joined(p: Position, i: int) -> bool:
        point = divmod(i, pos.size)
        _, after = Position(p.size, p.black, p.white, color).try_play(point, color)
        if after is None:
            return False
        chain = after.chain(point)
        return bool(chain & stones and chain & alive) and after.liberties(chain).bit_count() >= 2

    opponent = color.opponent
    for k, a in enumerate(joins):
        for b in joins[k + 1:]:
            ok = True
            for first, second in ((a, b), (b, a)):
                _, cut = Position(pos.size, pos.black, pos.white, opponent).try_play(
                    divmod(first, pos.size), opponent)
                if not joined(cut if cut is not None else pos, second):
                    ok = False
                    break
            if ok:
                return (1 << a) | (1 << b)
    return 0


def _joined(ctx: _Context, verdicts: list[Verdict]) -> list[Verdict]:
    """Guesses of "not alive" lifted where a miai connection joins the chain to a living one.

    A chain with two liberties either of which joins it to a chain of its colour that is alive
    (proven or guessed), with two liberties left whatever the opponent played on the other point,
    cannot be separated from it: the opponent takes one point, the owner the other.  Its fate is
    that chain's, so a guess of "not alive" for it, made from its own playout share, is lifted to
    alive (a guess still: ``assumed``).  The random playouts do not answer such cuts, so the chain
    survives in about half of them (a close call near the threshold) while the chain it joins
    survives in most.  Found in KGS2001/2001-09-05-8: White's O17 (7 stones, eye N19) joins White's
    N16 at N17 or O16; its playout share was 54 %, it stood in seki and the count lost N19 (B+0.5,
    RE W+0.5).  The two points are kept as ``via``, so the dame fill answers a cut there with the
    connection (:mod:`adjudicator.filling`), as for a static proof by a miai connection.  Measured
    on the 4,568 KGS games of benchmarks.md 2.1 (a scratch scan, 2026-11-24): 10 chains qualify,
    all with a playout share of 33-54 %; reversing each alone turns 3 counts into the record's
    result and moves none away from it.  The same holds under the capture goals (J1989 Art. 7-1,
    Korean): the opponent cannot capture the chain without capturing the one it joins.  Measured
    with ``adjudicator batch`` on all 4,568 KGS games (AJR: 4,243 -> 4,248 exact, 5 fixed, none
    broken, no other result moved) and on the 2,393 games of KGS2003 and kgs-19-2006 with
    ``--rules j1989`` (2,164 -> 2,166, 2 fixed, none broken; 2 other results moved, both closer
    to the record's) and ``--rules korean`` (2,160 -> 2,162, the same games).  A chain whose own
    share is under the alive threshold but that a reading lifted to alive (:func:`_conditional_reading`,
    no ``via``) is joined the same way, so the fill still answers the cut (2001-09-05-8's O17, 54 %,
    is lifted by the reading first since 2026-11-25).
    """
    pos = ctx.position
    out = list(verdicts)
    changed = True
    while changed:
        changed = False
        alive = {Color.BLACK: 0, Color.WHITE: 0}
        for v in out:
            if v.status == "alive":
                alive[v.color] |= v.stones
        for k, v in enumerate(out):
            if v.provenance != "assumed" or v.share is None or v.via:
                continue
            if v.status != "not_alive" and v.share >= _ALIVE_SHARE:
                continue  # alive by its own playouts; a chain below them lifted by a reading gets the join too
            via = _miai_join(pos, v.stones, v.color, alive[v.color] & ~v.stones)
            if not via:
                continue
            points = [i for i in iter_bits(via)]
            a, b = (vertex_from_point(divmod(i, pos.size)) for i in points)
            partner = next(w for w in out if w.status == "alive" and w.color is v.color and w is not v
                           and dilate(w.stones, geometry(pos.size)) & (1 << points[0]))
            before = v.reason.removeprefix("Assumed not independently alive: not proven. ").removeprefix(
                "Assumed alive: not proven. ")
            out[k] = replace(v, status="alive", via=via, reason=(
                f"Assumed alive: not proven. It joins {v.color.word}'s chain at {partner.vertex}, which is "
                f"{'proven' if partner.provenance != 'assumed' else 'guessed'} alive, at {a} or {b}: if the opponent "
                f"takes one, {v.color.word} takes the other, so its fate is that chain's (the guesses made "
                f"consistent). On its own it was guessed {'not alive' if v.status == 'not_alive' else 'alive'}: {before}"))
            changed = True
            break
    return out


def _consistent(ctx: _Context, verdicts: list[Verdict]) -> list[Verdict]:
    """The guesses made consistent inside areas walled by one colour's living chains.

    Each chain's guess is made on its own (:func:`_heuristic`), so an area can end up with
    every chain in it guessed not alive: the opponent's invaders, and the owner's own stones
    standing in it, whose playout shares sit near the threshold because the invaders live in
    some playouts.  The count then gives that area to nobody.  But if every chain around a
    region (a maximal set of points without the owner P's alive stones) is P's and alive, and
    no chain of the opponent in it is alive, the opponent has no living stone there: P can
    take what the opponent has there and fill the region down to eyes that its chains, those
    inside included, share (AJR's independent life does not need the chain itself to survive).
    So P's assumed chains in such a region are guessed alive.  Not when any chain in it is
    proven, or stands in a seki shape in the playouts (``Ownership.seki_share``): a seki keeps
    both sides not alive.  Found by a helper's study of held-out KGS games
    (KGS2001/2001-08-16-3: White's A3 and D11 at 54-55 %, the black invaders B2 and D9 not
    alive, White's 36-point left side counted for nobody, W+25.5 against RE W+107.5; now
    W+107.5).  The same under the capture goals (J1989 Art. 7-1, Korean): the opponent has no
    living stone in the region and P's chains there are guessed to fall only with the area, which
    the walls around it hold.  There the area given to nobody is worse than a lost count: J1989
    Art. 8 makes the region a dame, and every living chain of P's next to it, with all that share
    an eye with them, stands in seki.  KGS2002/2002-10-05-9 (White's B14 at 52 % in White's left
    side with Black's invaders): J1989 B+61.5, now W+15.5 = RE.  Only where each of P's chains
    in the region is a close call (``_READ_SHARE`` or more of the playouts): a chain the playouts
    clearly lose stands in a fight the walls do not decide.  In cases/three-ko-gnugo-1 Black's F1
    (0 %, its confirmation out of budget) sits in a region walled by Black whose white strings
    are all dead, yet under reading R2 White's E1 takes it for good (the case's table, W+1.5);
    the lifts measured on the KGS games below were all of chains at 46-53 %.  The same limit
    under AJR changes none of the 1,568 results (marked 546, unmarked 936, per game, 2026-11-25),
    so AJR keeps its lift as it was.  Measured with per-game runs
    (``score_file`` on the 568 marked KGS games and real_games.py's 1,000-game unmarked sample,
    2026-11-25, against 894e1c7): j1989 marked 539 -> 540, unmarked 918 -> 920; korean marked
    540 -> 541; none broken; 2 other unmarked results moved, both wrong before and after
    (KGS2001/2001-11-11-7 and KGS2002/2002-10-02-4, the two games the AJR check moves too).
    Tried and not kept (2026-11-24, ``adjudicator batch`` on all 4,568 KGS games against the
    rulings of b83f343): no lift where an opponent chain in the region survives more playouts
    than every chain of P's there.  It moved KGS2001/2001-11-11-7 (White's invaders at 46 %
    lifted against Black's groups at 54 %: W+95.5, RE W+15.5) to W+35.5, but fixed no game and
    broke 7 (exact 4,248 -> 4,241): the players' count followed the lift there.
    """
    pos = ctx.position
    g = geometry(pos.size)
    own = ctx.ownership
    capture_goal = ctx.rules.life_goal is not LifeGoal.INDEPENDENT_LIFE
    alive = {Color.BLACK: 0, Color.WHITE: 0}
    for v in verdicts:
        if v.status == "alive":
            alive[v.color] |= v.stones
    out = list(verdicts)
    for color in (Color.BLACK, Color.WHITE):
        todo = g.full & ~alive[color]
        while todo:
            region = flood(todo & -todo, g.full & ~alive[color], g)
            todo &= ~region
            if not dilate(region, g) & ~region & alive[color]:
                continue
            inside = [k for k, v in enumerate(verdicts) if v.stones & region]
            if any(verdicts[k].color is not color and verdicts[k].status == "alive" for k in inside):
                continue
            mine = [k for k in inside if verdicts[k].color is color]
            if not mine or any(verdicts[k].provenance != "assumed" for k in mine):
                continue
            if own is not None and any(own.seki_share(verdicts[k].stones) >= _SEKI_SHARE for k in inside):
                continue
            if capture_goal and any(verdicts[k].share is None or verdicts[k].share < _READ_SHARE for k in mine):
                continue  # a chain of P's the playouts clearly lose: a fight there, not a coin flip
            for k in mine:
                v = verdicts[k]
                before = v.reason.removeprefix("Assumed not independently alive: not proven. ").removeprefix(
                "Assumed dead: not proven. ").removeprefix("Assumed alive: not proven. ")
                out[k] = replace(v, status="alive", reason=(
                    "Assumed alive: not proven. Every chain around the area it stands in is "
                    f"{color.word}'s and alive, and no {color.opponent.word} chain in that area is alive, so the "
                    f"area is {color.word}'s and the chain with it (the guesses made consistent). On its own it was "
                    f"guessed not alive: {before}"))
    return out


def analyse_chain(position: Position, point: Point, rules: RuleSet, budget: Budget = Budget()) -> Verdict:
    """The verdict for the chain through ``point``; raises InvalidVertex if the point is empty.

    An assumed "not alive" under AJR is checked against the other chains' verdicts as
    :func:`analyse_position` checks it (:func:`_joined`, :func:`_consistent`), so ``life`` and
    ``analyse`` agree.
    """
    from ..errors import InvalidVertex

    if position.color_at(point) is None:
        raise InvalidVertex(f"there is no stone at {vertex_from_point(point)}")
    ctx = _prepare(position, rules, budget)
    stones = position.chain(point)
    chain = next(n for n in ctx.G if isinstance(n, Chain) and n.stones == stones)
    verdict = _METHODS[rules.life_goal](ctx, chain)
    if rules.life_goal is not LifeGoal.INDEPENDENT_LIFE or verdict.provenance != "assumed" or verdict.status == "alive":
        return verdict
    whole = _prepare(position, rules, budget)
    verdicts = [verdict if v.stones == stones else v for v in _each_chain(whole)]
    return next(v for v in _consistent(whole, _joined(whole, verdicts)) if v.stones == stones)


# Limits of :func:`enclosed_fights`: the enclosed region (empty points, opponent stones in it) and
# the positions its searches may generate per position.  The five KGS games the check fixed
# (2026-11-23) had regions of 2 to 3 empty points and 1 to 5 stones inside, and needed at most a
# few dozen positions a search.
_ENCLOSED_EMPTY = 10
_ENCLOSED_STONES = 10
_ENCLOSED_NODES = 40_000
_ENCLOSED_TOTAL = 80_000
#: Methods of assumed verdicts that the players or a referee settled (:mod:`adjudicator.agreement`):
#: never re-guessed.
_SETTLED = ("agreed", "referee")


def _chains_in(pos: Position, stones: int) -> list[int]:
    """The chains (bitboards) making up ``stones`` (stones of one colour)."""
    out, seen = [], 0
    for i in iter_bits(stones):
        if not seen >> i & 1:
            chain = pos.chain(divmod(i, pos.size))
            seen |= chain
            out.append(chain)
    return out


def enclosed_region(pos: Position, stones: int, color: Color, max_empty: int = _ENCLOSED_EMPTY,
                    max_stones: int = _ENCLOSED_STONES) -> tuple[int, int, int] | None:
    """``(region, wall, outside)`` when the fight of ``color``'s ``stones`` is enclosed, else None.

    ``region`` is the maximal set of points without ``color``'s stones that holds a liberty of
    ``stones``; it must hold at least one and at most ``max_stones`` opponent stones and at most
    ``max_empty`` empty points.  ``wall`` is every chain of ``color`` next to it, each of which must
    have all its liberties in ``region`` (else the fight is not local: None).  ``outside`` is the
    opponent's stones next to the wall outside ``region``: the wall can gain liberties only by
    plays in ``region`` or by capturing them, so a caller that treats the fight as local must
    know that they stand (:func:`enclosed_fights`; ``benchmarks/real_games.py``).
    """
    g = geometry(pos.size)
    region = flood(pos.liberties(stones), g.full & ~pos.stones(color), g)
    inner = region & pos.stones(color.opponent)
    if not inner or inner.bit_count() > max_stones or (region & pos.empty_bits).bit_count() > max_empty:
        return None
    wall = 0
    for i in iter_bits(dilate(region, g) & pos.stones(color)):
        if not wall >> i & 1:
            chain = pos.chain(divmod(i, pos.size))
            if pos.liberties(chain) & ~region:
                return None  # a wall chain with an outside liberty: the fight is not local
            wall |= chain
    return region, wall, dilate(wall, g) & pos.stones(color.opponent) & ~region


def _alive_bits(verdicts: list[Verdict]) -> int:
    """The stones of the verdicts that say alive (proven or guessed), as one bitboard."""
    bits = 0
    for v in verdicts:
        if v.status == "alive":
            bits |= v.stones
    return bits


def enclosed_fights(position: Position, verdicts: list[Verdict], rules: RuleSet,
                    budget: Budget = Budget()) -> list[Verdict]:
    """Re-check guessed-alive chains that stand in seki inside one small enclosed region (AJR).

    A region ``R`` is a maximal set of points without stones of P (empty points and the
    opponent's stones) that holds a liberty of P's chain ``S``.  When ``R`` is small (at most
    ``_ENCLOSED_EMPTY`` empty points and ``_ENCLOSED_STONES`` opponent stones, at least one),
    every P chain next to it (the wall, ``S`` among them) has all its liberties in ``R``, and
    every opponent string next to the wall outside ``R`` is alive (a dead string standing against
    the wall would give it liberties when taken), the wall and the opponent's chains inside ``R``
    (whose liberties are all in ``R`` too, ``R`` being maximal) gain or lose liberties only by
    plays in ``R``: the fight between them is local, although ``S``'s ordinary zone (every point
    not bounded by proven stones) is far too large for the search.  ``S`` guessed alive becomes
    not alive when, with plays limited to ``R``,

    1. the AJR search (:func:`.search.prove_independent_life`, the opponent first) finds no
       two-eye-formation for ``S``, and
    2. the J1989 capture confirmation (:func:`.confirm.confirm_life`, basic ko) finds that the
       opponent moving first cannot capture ``S``, nor P moving first any chain inside ``R``:

    a seki.  The count then leaves both sides on the board without territory.  An unsettled
    fight (one side captures the other when it starts) is left to the guess: there the players
    of the KGS games counted the guess far more often than the search's "not alive" (below).

    Run on the position after the fill (``ruling.adjudicate``): a wall's last outside liberties
    are usually dame, and the fight becomes local only once they are filled.  Still a guess
    (``assumed``): the searches hold only while no outside play changes the wall, that is while
    the strings around it stand.  Only the wall side is re-judged: the inner side's life may
    come from capturing the wall, whose points lie outside ``R`` (the searches leave them out).
    Found by a helper's study of held-out KGS games where the playouts took a seki for life (the
    inner side's killing reply after a capture is a move the playouts rarely find):
    KGS2003/2003-02-16-5.sgf, White's 16 stones A12... around Black's five stones A14... with the
    two shared liberties A13 and B13 (W+11.5, RE B+0.5, now B+0.5).  Measured on the KGS games
    (2026-11-23): taking every "not alive" of step 1, 5 results were fixed and 82 broken (inner
    chains judged in ``R`` alone, walls next to dead stones, and unsettled fights the players
    counted as life, e.g. KGS2001/2001-07-23-3.sgf); with the conditions above, on the 105 games
    that version changed, 4 fixed, none broken.  KGS2003/2003-09-06-31.sgf, a seki of the same
    kind, needs 267,047 positions for the capture confirmation of step 2 and stays unfixed
    within ``_ENCLOSED_NODES``.  Only under AJR, like :func:`_consistent`; under J1989 and Korean rules
    the lost-wall outcome alone is read, by the capture confirmation (:func:`_lost_walls`).
    """
    if rules.life_goal is not LifeGoal.INDEPENDENT_LIFE:
        return _lost_walls(position, verdicts, rules, budget)
    pos = position
    empty = pos.empty_bits
    out = list(verdicts)
    spent = 0
    alive_stones = _alive_bits(verdicts)
    for k, v in enumerate(verdicts):
        if (v.provenance != "assumed" or v.status != "alive" or v.method in _SETTLED
                or spent >= _ENCLOSED_TOTAL):
            continue
        P = v.color
        # Not when the wall could gain liberties outside: by capturing an opponent string next to it
        # that is not alive (dead stones left standing against it, KGS2001/2001-02-10-1.sgf).
        found = enclosed_region(pos, v.stones, P)
        if found is None or found[2] & ~alive_stones:
            continue
        region = found[0]
        inner = region & pos.stones(P.opponent)
        target = divmod((v.stones & -v.stones).bit_length() - 1, pos.size)
        result = prove_independent_life(pos, target, area=region, end_passes=rules.analysis_end_passes,
                                        max_nodes=min(_ENCLOSED_NODES, _ENCLOSED_TOTAL - spent),
                                        max_seconds=budget.seconds)
        spent += result.nodes
        if result.status != "not_alive":
            continue
        # A seki, not an unsettled fight: neither side can capture the other whoever starts there
        # (J1989 capture confirmation, plays in the region only).  Where the opponent moving first
        # captures S, or P captures an inner chain, the players of the KGS games counted the guess
        # (S alive) far more often than not: without this test (walls only, the outside strings
        # alive) 28 results of the 105 games in question moved away from the record and 6 towards
        # it (2026-11-23; e.g. KGS2001/2001-07-23-3.sgf, where Black moving first at H10 takes
        # White's centre, which the players counted alive).
        fight_nodes = result.nodes
        seki = True
        captured = None  # the confirmation that takes S, if one does
        inner_chains = _chains_in(pos, inner)
        for stones in [v.stones] + inner_chains:
            point = divmod((stones & -stones).bit_length() - 1, pos.size)
            left = _ENCLOSED_TOTAL - spent
            if left <= 0:
                seki = False
                break
            held = confirm_life(pos, point, area=region, mode="basic", first="attacker",
                                max_nodes=min(_ENCLOSED_NODES, left), max_seconds=budget.seconds)
            spent += held.nodes
            fight_nodes += held.nodes
            if held.status != "alive":
                seki = False
                if stones == v.stones and held.status == "dead":
                    captured = held
                break
        if not seki:
            if captured is not None:
                spent += _captured_wall(pos, out, k, v, region, inner_chains, result, captured, budget,
                                        _ENCLOSED_TOTAL - spent)
            continue
        shared = (region & empty).bit_count()
        line = _line(result.sequence, P.opponent) if result.sequence else ""
        out[k] = replace(v, status="not_alive", method="enclosed-fight", nodes=v.nodes + fight_nodes, share=None, reason=(
            "Assumed not independently alive: not proven. It fights only inside a small enclosed region "
            f"({shared} empty point{'s' if shared != 1 else ''} and {inner.bit_count()} "
            f"{P.opponent.word} stone{'s' if inner.bit_count() != 1 else ''}; every {P.word} chain around it "
            "has all its liberties there), and the search of that region finds no two-eye-formation for "
            f"{P.word} with {P.opponent.word} moving first ({result.nodes} positions"
            + (f"; {line}" if line else "") + "), and neither side can capture the other there whoever starts (the "
            "capture confirmation of each chain of the fight): a seki, not independently alive, while the strings "
            "around the region stand. The playouts had guessed it alive: " + v.reason))
    return out


# Limit of :func:`_lost_walls`: a smaller region than :func:`enclosed_fights`' because its searches
# run on every guessed-alive chain in such a region, with no cheaper test first.  With 10 empty
# points the check took 23.0 of 42.8 s on the first 60 marked KGS games under j1989 and changed
# none of them; with 4, 0.09 s.  The fights it settles have 2 or 3 empty points; their searches
# need up to 26,620 positions (GNU Go's silverado game, J1989), so the position limits are those of
# enclosed_fights.
_LOST_EMPTY = 4


def _lost_walls(position: Position, verdicts: list[Verdict], rules: RuleSet, budget: Budget) -> list[Verdict]:
    """J1989 and Korean: guessed-alive chains that lose an enclosed fight whoever starts (Art. 7).

    The capture-goal counterpart of :func:`_captured_wall`.  Under Art. 7 a string is alive when it
    cannot be captured, so no two-eye search is needed.  For P's chain ``S`` guessed alive (not
    settled by the players or a referee), in a small enclosed region ``R`` as in
    :func:`enclosed_fights` (here at most ``_LOST_EMPTY`` empty points; every P chain next to ``R``,
    the wall, has all its liberties there, the opponent's strings next to the wall outside ``R``
    are alive), ``S`` becomes not alive and the opponent's chains inside ``R`` alive when

    1. the opponent moving first captures ``S`` (the confirmation of Art. 7, the rule set's ko rule;
       Korean: with the owner's ko priority, the reading most favourable to ``S``),
    2. P moving first cannot save ``S`` either (the test of Art. 13's effective move), both with
       plays limited to ``R`` and the wall's own points (after the wall is taken its owner may
       still play new stones there, Art. 7-1's second clause as the rule set reads it), and
    3. P moving first captures none of the opponent's chains inside ``R``, plays limited to ``R``
       (with the wall's points too, the inner chains' defence by taking the wall reopens the whole
       fight there: score42's test ran past 200,000 positions, against 74 in ``R``).

    Korean: where the wall holds with its owner's ko priority (test 1) but all three tests go the
    opponent's way with the opponent's priority (the inner chains' tests with their own owner's
    priority in both readings), ko threats elsewhere decide: ``S`` becomes not alive with both
    outcomes as alternatives (``owner-ko-priority`` alive, ``attacker-ko-priority`` not alive),
    as a proven ko-threat verdict of :func:`_proven_verdict` has them, and the ruling leaves the
    decision to the referee.  In that reading alone an outside string that lives only with its own
    owner's ko priority may count as standing (it is the opponent's).  Found on
    cases/double-bent-four [korean]: White's F9 string had no proof with either priority (300,000
    positions each) and stayed guessed alive, so the ruling missed the referee's decision.

    The verdicts stay ``assumed`` (method ``enclosed-fight``): the searches hold only while the
    strings around the region stand, and those may be guesses too.  In cases/big-eye-seki [j1989]
    White's D4 string, guessed alive with 3 liberties, is the very string Black's walls race
    against; with Black's E5 already judged dead the check takes Black's 13 stones E1 as well (a
    known failure of that case, W+8.5 -> W+43.5).  Neither the outside strings' liberties nor
    their playout shares separate it from the fights the check settles (score42's outside strings
    have 2 liberties and shares of 89 and 92 %), so it is left as a limit.  Tried and not kept
    (2026-11-25): the seki outcome as well (the opponent moving first cannot capture ``S`` and P
    moving first no chain inside: inner chains guessed dead made alive); on the 568 marked KGS games
    j1989 stayed at 537 (kgs-19-2017-02-new/2017-02-28-24 W+29.5 -> W+20.5, RE W+19.5) and korean
    lost one (kgs-19-2017-06-new/2017-06-27-64, W+8.5 = RE -> W+1.5).  Found on GNU Go's
    scoring suite (benchmarks/gnugo_suite.py,
    score42.sgf, answer B+145.5): in the top right White's S19-S18 and R17-R16 have their liberties
    only in a corner of 6 empty points with Black's R18 and T18 inside; AJR found them lost
    (:func:`_captured_wall`), J1989 kept the playouts' guess (alive, 59 %) and counted B+122.5.
    """
    modes = _CONFIRM_MODES[rules.confirmation_ko]  # J1989: once / each; Korean: owner, then attacker
    end_passes = rules.analysis_end_passes
    after = rules.new_stone.value
    pos = position
    out = list(verdicts)
    spent = 0
    alive_stones = _alive_bits(verdicts)
    ko_alive = {c: 0 for c in Color}  # Korean: stones alive with their owner's ko priority
    for w in verdicts:
        if any(cond == "owner-ko-priority" and status == "alive" for cond, status, _ in w.alternatives):
            ko_alive[w.color] |= w.stones
    for k, v in enumerate(verdicts):
        if (v.provenance != "assumed" or v.status != "alive" or v.method in _SETTLED
                or out[k] is not v or spent >= _ENCLOSED_TOTAL):
            continue
        P = v.color
        found = enclosed_region(pos, v.stones, P, max_empty=_LOST_EMPTY)
        if found is None:
            continue
        # Korean: an outside string that lives only with its owner's ko priority stands in the world
        # where P's opponent has the priority, the only one in which the wall can then be lost.
        ko_outside = bool(found[2] & ~alive_stones)
        if ko_outside and (len(modes) == 1 or found[2] & ~(alive_stones | ko_alive[P.opponent])):
            continue
        region, wall, _ = found
        area = region | wall
        inner_chains = _chains_in(pos, region & pos.stones(P.opponent))
        holders = {w.stones: j for j, w in enumerate(out) if w.color is P.opponent and w.stones & region}
        if any(c not in holders or out[holders[c]].method in _SETTLED
               or (out[holders[c]].provenance != "assumed" and out[holders[c]].status != "alive")
               for c in inner_chains):
            continue  # an inner chain settled or proven not alive: a guess must not contradict it
        point = divmod((v.stones & -v.stones).bit_length() - 1, pos.size)
        inner_points = [divmod((c & -c).bit_length() - 1, pos.size) for c in inner_chains]
        held = None  # Korean: the owner-priority search in which the wall holds
        results: list[ConfirmResult] = []
        for m in modes:
            results, used, taken = _lost_wall_tests(pos, point, inner_points, region, area, m, end_passes, after,
                                                   budget, _ENCLOSED_TOTAL - spent)
            spent += used
            if taken:
                if held is None and ko_outside:
                    results = []  # lost with P's priority too, but an outside string is then dead
                break
            if m != "owner" or not results or results[0].status != "alive":
                results = []
                break
            # Korean, the wall holds with its owner's ko priority (the attacker moving first): try the
            # attacker's priority; if the wall is lost then, ko threats decide (the referee).
            held, results = results[0], []
        if results:
            captured, saved = results[0], results[1]
            n_inner = sum(c.bit_count() for c in inner_chains)
            shared = (region & pos.empty_bits).bit_count()
            line = _line(captured.sequence, P.opponent) if captured.sequence else ""
            where = (
                "It fights only inside a small enclosed region "
                f"({shared} empty point{'s' if shared != 1 else ''} and {n_inner} "
                f"{P.opponent.word} stone{'s' if n_inner != 1 else ''}; every {P.word} chain around it has all "
                "its liberties there)")
            lost = (f"{P.opponent.word} captures it there whoever starts (confirmation: "
                    f"{captured.nodes} positions with {P.opponent.word} first" + (f", {line}" if line else "")
                    + f"; {saved.nodes} with {P.word} first), while {P.word} moving first captures none of the "
                    f"{P.opponent.word} chains inside")
            if held is not None:
                out[k] = replace(v, status="not_alive", method="enclosed-fight", share=None,
                                 nodes=v.nodes + held.nodes + sum(r.nodes for r in results),
                                 alternatives=(("owner-ko-priority", "alive", tuple(held.sequence)),
                                               ("attacker-ko-priority", "not_alive", tuple(captured.sequence))),
                                 reason=(
                    f"Assumed: not proven; referee decides (ko threats). {where}. With {P.opponent.word}'s ko "
                    f"priority {lost}; with {P.word}'s ko priority it holds there ({held.nodes} positions with "
                    f"{P.opponent.word} first), while the strings around the region stand. The count of record "
                    f"takes {P.opponent.word}'s priority. The playouts had guessed it alive: " + v.reason))
            else:
                out[k] = replace(v, status="not_alive", method="enclosed-fight",
                                 nodes=v.nodes + sum(r.nodes for r in results), share=None, reason=(
                    f"Assumed dead: not proven. {where}, and {lost}: lost, while the strings around the region "
                    "stand. The playouts had guessed it alive: " + v.reason))
                spent += _lost_with_wall(pos, out, verdicts, k, wall, region, area, m, end_passes, after, budget,
                                         _ENCLOSED_TOTAL - spent)
            _inner_alive(out, [holders[c] for c in inner_chains], P, point, "alive", "dead")
    return out


def _lost_with_wall(pos: Position, out: list[Verdict], verdicts: list[Verdict], k: int, wall: int, region: int,
                    area: int, mode: str, end_passes: int, after: str, budget: Budget, left: int) -> int:
    """The other guessed-alive chains of a lost wall (``out[k]``) that are lost with it; returns positions spent.

    :func:`enclosed_region` asks every chain of the wall to have all its liberties in the region,
    and that region is the one around the chain it was called for: a small chain of the wall whose
    liberties lie in only one part of it (a lone stone between two of the opponent's) gets a
    smaller region, which the chain with liberties elsewhere leaves without an answer.  So when the
    wall is found lost, each other chain of it that is guessed alive and has all its liberties in
    the region is read the same way (captured whoever starts, plays limited to the region and the
    wall, the same ko rule) and, if so, is dead too.  Found on KGS kgs-19-2017-04-new/2017-04-10-42
    (RE W+7.5): Black's lone S19 between White's R18 and the edge kept its seki guess after Black's
    wall S16 was found lost, and its two dame gave the count B+25.5.
    """
    P = out[k].color
    spent = 0
    for j, w in enumerate(verdicts):
        if (j == k or w.color is not P or not w.stones & wall or out[j] is not w or w.provenance != "assumed"
                or w.status != "alive" or w.method in _SETTLED or pos.liberties(w.stones) & ~region):
            continue
        point = divmod((w.stones & -w.stones).bit_length() - 1, pos.size)
        results, used, taken = _lost_wall_tests(pos, point, [], region, area, mode, end_passes, after, budget,
                                                left - spent)
        spent += used
        if not taken:
            continue
        captured, saved = results
        line = _line(captured.sequence, P.opponent) if captured.sequence else ""
        out[j] = replace(w, status="not_alive", method="enclosed-fight", share=None,
                         nodes=w.nodes + captured.nodes + saved.nodes, reason=(
            f"Assumed dead: not proven. It stands in the small enclosed region of the {P.word} chain at "
            f"{out[k].vertex}, which {P.opponent.word} captures there whoever starts, and {P.opponent.word} "
            f"captures it there whoever starts too (confirmation: {captured.nodes} positions with "
            f"{P.opponent.word} first" + (f", {line}" if line else "") + f"; {saved.nodes} with {P.word} "
            "first), while the strings around the region stand. The playouts had guessed it alive: " + w.reason))
    return spent


def _lost_wall_tests(pos: Position, point: Point, inner_points: list[Point], region: int, area: int, mode: str,
                     end_passes: int, after: str, budget: Budget, left: int
                     ) -> tuple[list[ConfirmResult], int, bool]:
    """The three tests of :func:`_lost_walls` for the wall at ``point`` with ko mode ``mode``.

    Returns the results in order (the opponent first captures the wall, the owner first cannot save
    it, then for each inner chain: the wall's owner first cannot capture it), stopped at the first
    test that fails or when ``left`` positions are spent; the positions spent; and whether every
    test went the opponent's way.  ``mode`` is the wall's ko mode (J1989: pass for ko; Korean:
    ``owner`` or ``attacker`` priority).
    """
    # An inner chain is tested with its own owner's ko priority in both Korean readings (the wall's
    # owner must fail to capture it even then; the reading before the attacker's priority was tried).
    inner_mode = "owner" if mode in ("owner", "attacker") else mode
    tests = ([(point, "attacker", "dead", area, mode), (point, "owner", "dead", area, mode)]
             + [(p, "attacker", "alive", region, inner_mode) for p in inner_points])
    results: list[ConfirmResult] = []
    spent = 0
    for target, first, wanted, where, m in tests:
        if left - spent <= 0:
            return results, spent, False
        r = confirm_life(pos, target, area=where, mode=m, first=first, captures_first=first == "owner",
                         end_passes=end_passes, after_capture=after,
                         max_nodes=min(_ENCLOSED_NODES, left - spent), max_seconds=budget.seconds)
        spent += r.nodes
        results.append(r)
        if r.status != wanted:
            return results, spent, False
    return results, spent, True


def _inner_alive(out: list[Verdict], indices: list[int], P: Color, point: Point, alive: str, dead: str) -> None:
    """The opponent's chains inside a lost wall's region (``out[j]`` for ``j`` in ``indices``) made alive.

    ``alive``/``dead`` are the rule set's words (AJR: "independently alive"/"not alive").
    """
    for j in indices:
        w = out[j]
        if w.status == "alive":
            continue
        out[j] = replace(w, status="alive", method="enclosed-fight", share=None, reason=(
            f"Assumed {alive}: not proven. It stands inside a small enclosed region against the "
            f"{P.word} chain at {vertex_from_point(point)}, which it captures whoever starts and "
            f"which cannot capture it there with {P.word} moving first (capture confirmation), while the "
            f"strings around the region stand. The playouts had guessed it {dead}: " + w.reason))


def _captured_wall(pos: Position, out: list[Verdict], k: int, v: Verdict, region: int, inner_chains: list[int],
                   result, captured, budget: Budget, left: int) -> int:
    """The third outcome of :func:`enclosed_fights`: the wall chain ``v`` is captured whoever starts.

    Called when the region's AJR search found no two-eye-formation for ``v`` and the opponent
    moving first captures it (``captured``).  If ``v``'s owner moving first cannot save it either
    (the capture confirmation with the owner first, plays in the region only) and the owner moving
    first captures none of the opponent's chains inside, the fight is not unsettled but lost: ``v``
    becomes not alive and the opponent's chains inside, guessed not alive, alive (they live by
    taking the wall).  Both stay ``assumed``: like the seki outcome they hold only while the strings
    around the region stand.  Updates ``out`` in place; returns the positions spent.

    Found by a helper on KGS kgs-19-2015/2015-01-05-34.sgf (RE W+14.5): after the fill, Black's 19
    stones Q1... in White's bottom-right corner share their last liberties T1, S2 and T3 with White's
    T2 and their eyes at R1 and S4 are false; White captures them whoever starts, but the playouts
    guessed them alive (59 %) and White's T2 not alive (52 %), B+33.5.
    """
    P = v.color
    spent = 0
    point = divmod((v.stones & -v.stones).bit_length() - 1, pos.size)
    if left <= 0:
        return spent
    saved = confirm_life(pos, point, area=region, mode="basic", first="owner",
                         max_nodes=min(_ENCLOSED_NODES, left), max_seconds=budget.seconds)
    spent += saved.nodes
    if saved.status != "dead":
        return spent
    holders = {}
    for j, w in enumerate(out):
        if w.color is P.opponent and w.stones & region:
            holders[w.stones] = j
    for stones in inner_chains:
        j = holders.get(stones)
        if j is None or (out[j].provenance != "assumed" and out[j].status != "alive"):
            return spent  # an inner chain proven not alive: the guess would contradict a proof
        if out[j].method in _SETTLED:
            return spent
        pt = divmod((stones & -stones).bit_length() - 1, pos.size)
        if left - spent <= 0:
            return spent
        held = confirm_life(pos, pt, area=region, mode="basic", first="attacker",
                            max_nodes=min(_ENCLOSED_NODES, left - spent), max_seconds=budget.seconds)
        spent += held.nodes
        if held.status != "alive":
            return spent
    shared = (region & pos.empty_bits).bit_count()
    n_inner = sum(c.bit_count() for c in inner_chains)
    line = _line(captured.sequence, P.opponent) if captured.sequence else ""
    nodes = result.nodes + captured.nodes + spent
    out[k] = replace(v, status="not_alive", method="enclosed-fight", nodes=v.nodes + nodes, share=None, reason=(
        "Assumed not independently alive: not proven. It fights only inside a small enclosed region "
        f"({shared} empty point{'s' if shared != 1 else ''} and {n_inner} "
        f"{P.opponent.word} stone{'s' if n_inner != 1 else ''}; every {P.word} chain around it "
        "has all its liberties there), the search of that region finds no two-eye-formation for "
        f"{P.word} with {P.opponent.word} moving first ({result.nodes} positions), and {P.opponent.word} "
        f"captures it there whoever starts (capture confirmation: {captured.nodes} positions with "
        f"{P.opponent.word} first" + (f", {line}" if line else "") + f"; {saved.nodes} with {P.word} first), "
        f"while {P.word} moving first captures none of the {P.opponent.word} chains inside: lost, while the "
        "strings around the region stand. The playouts had guessed it alive: " + v.reason))
    _inner_alive(out, [holders[stones] for stones in inner_chains], P, point, "independently alive", "not alive")
    return spent


# Limits of an arena of :func:`_enclosed_arenas` (empty points, stones of both colours in it).
_ARENA_EMPTY = 10
_ARENA_STONES = 16


def enclosed_arenas(position: Position, verdicts: list[Verdict], rules: RuleSet,
                    budget: Budget = Budget()) -> list[Verdict]:
    """The verdicts with the guesses in small arenas walled in by proven life corrected (AJR, J1989).

    Run on the final position, before the fill (``ruling.adjudicate``): the arena's walls are
    proven, so no fill is needed to make its fight local, and a fill proposed for a wrong guess
    could cut a guessed-alive string from its friends (the fill reads teire only for shortage of
    liberties and proven connections): run after the fill, the check took such cut strings for dead
    (KGS2003/2003-04-18-3, White's N5 joined to its left side at M5 or M6; kgs-19-2006/2006-12-02-39,
    Black's L9 at K9 or L8).  See :func:`_enclosed_arenas`.
    """
    if rules.life_goal is LifeGoal.INDEPENDENT_LIFE:
        mode, end_passes = "basic", 2
    elif rules.life_goal in (LifeGoal.UNCAPTURABLE, LifeGoal.LOCAL_PLAYOUT):
        # J1989: the confirmation's own ko rule (pass for ko), limited to the arena.  The confirmation
        # search proper bounds its zone by pass-alive stones only, so it never reaches an arena whose
        # walls are proven by the safety layer (GNU Go's seki_exotics/seki_bent4.sgf: a bent-four
        # temporary seki inside walls with eyes, cases/bent-four-seki-gnugo).  Korean: the loss is
        # read with the attacker's ko priority (whoever starts), then the owner's priority is tried:
        # where the owner then holds, the verdict carries both outcomes and the referee decides.
        # J1989 and Korean call stones in seki alive, and a seki's shared liberties lie in the arena:
        # a wall there is alive only while its owner leaves them alone, which the capture search
        # limited to the arena does not know (cases/seki-with-eyes, dead-stone-in-seki-eye: White's
        # stones in the seki were taken for dead).  So here no wall may have a liberty in the arena.
        modes = _CONFIRM_MODES[rules.confirmation_ko]
        mode, end_passes = modes[-1], rules.analysis_end_passes
    else:
        return verdicts
    out = list(verdicts)
    _enclosed_arenas(position, out, budget, _ENCLOSED_TOTAL, mode, end_passes,
                     walls_free=rules.life_goal is not LifeGoal.INDEPENDENT_LIFE,
                     owner_priority="owner" if rules.life_goal is LifeGoal.LOCAL_PLAYOUT else None)
    return out


def _enclosed_arenas(pos: Position, out: list[Verdict], budget: Budget, left: int, mode: str = "basic",
                     end_passes: int = 2, walls_free: bool = False, owner_priority: str | None = None) -> int:
    """A small arena walled in by proven life: the side that cannot hold any chain there loses all.

    For a guessed chain of colour C, its *arena* is the maximal connected set of points holding it
    and no stone of the opponent O that is proven alive (``static`` or ``search``).  So every
    point next to the arena outside it is a proven-alive O stone, which no play captures: the
    stones in the arena gain or lose liberties only by plays in it.  When the arena is small (at
    most ``_ARENA_EMPTY`` empty points and ``_ARENA_STONES`` stones), none of its chains is proven
    or settled by the players, and, with plays limited to the arena,

    the capture confirmation (basic ko) captures every chain of C whoever starts, then C's chains
    are not alive and O's alive (they stand inside O's proven walls, and C's best play, captures
    of O's stones in the arena included, loses every C stone there): the count removes C's stones
    as O's prisoners.  The verdicts stay ``assumed`` (method ``enclosed-fight``): the searches are
    exact in the arena, but the capture confirmation is not AJR's game (after a capture it lets C
    play only on the captured points, docs/j1989.md; the AJR search of the arena itself needed
    150,276 positions in the game below, too many for a check run on every game), and a referee
    should see the line.  Returns the positions spent; updates ``out`` in place.

    Found by a helper on KGS kgs-19-2017-06-new/2017-06-27-55.sgf (RE W+15.5, the players' marks
    agree): White's P1 (6 stones), T2 and T4-T5 around Black's R1-S1-S2 in Black's proven lower right;
    Black kills them by sacrifices (a bulky five), which the playouts never play (a multi-stone
    self-atari), so they guessed a seki: W+39.5.
    """
    g = geometry(pos.size)
    spent = 0
    seen = {Color.BLACK: 0, Color.WHITE: 0}  # per colour C, the arenas already looked at
    for k in range(len(out)):
        v = out[k]
        if v.provenance != "assumed" or v.method in _SETTLED or v.stones & seen[v.color]:
            continue
        C, O = v.color, v.color.opponent
        walls = 0
        for w in out:
            if w.color is O and w.provenance != "assumed" and w.status == "alive":
                walls |= w.stones
        if not walls:
            continue
        arena = flood(v.stones, g.full & ~walls, g)
        seen[C] |= arena
        if ((arena & pos.empty_bits).bit_count() > _ARENA_EMPTY
                or (arena & (pos.black | pos.white)).bit_count() > _ARENA_STONES):
            continue
        if walls_free and dilate(arena & pos.empty_bits, g) & walls:
            continue  # a wall with a liberty in the arena (``walls_free``: J1989, see enclosed_arenas)
        members = [j for j, w in enumerate(out) if w.stones & arena]
        if any(out[j].provenance != "assumed" or out[j].method in _SETTLED for j in members):
            continue
        mine = [j for j in members if out[j].color is C]
        theirs = [j for j in members if out[j].color is O]
        if all(out[j].status != "alive" for j in mine) and all(out[j].status == "alive" for j in theirs):
            continue  # already counted as C's loss
        lines = []
        for j in mine:
            w = out[j]
            point = divmod((w.stones & -w.stones).bit_length() - 1, pos.size)
            for first in ("attacker", "owner"):
                if spent >= left:
                    return spent
                r = confirm_life(pos, point, area=arena, mode=mode, first=first, end_passes=end_passes,
                                 max_nodes=min(_ENCLOSED_NODES, left - spent), max_seconds=budget.seconds)
                spent += r.nodes
                if r.status != "dead":
                    break
                if first == "attacker" and r.sequence:
                    lines.append(f"{w.vertex}: {_line(r.sequence, O)}")
            else:
                continue
            break
        else:
            # Korean: with the owner's ko priority (attacker moving first) a chain that holds makes
            # the arena a question of ko threats elsewhere: the referee decides.
            held: dict[int, tuple] = {}
            unknown = False
            for j in mine if owner_priority is not None else ():
                w = out[j]
                point = divmod((w.stones & -w.stones).bit_length() - 1, pos.size)
                if spent >= left:
                    return spent
                r = confirm_life(pos, point, area=arena, mode=owner_priority, first="attacker",
                                 end_passes=end_passes, max_nodes=min(_ENCLOSED_NODES, left - spent),
                                 max_seconds=budget.seconds)
                spent += r.nodes
                unknown = unknown or r.status == "unknown"
                if r.status == "alive":
                    held[j] = tuple(r.sequence)
            if unknown or (held and len(held) != len(mine)):
                continue  # not settled with the owner's priority, or only partly: the guesses stay
            empties = (arena & pos.empty_bits).bit_count()
            where = (f"a small arena walled in by {O.word}'s proven-alive stones ({empties} empty "
                     f"point{'s' if empties != 1 else ''}; every stone in it gains or loses liberties only by "
                     "plays there)")
            ajr = mode == "basic"
            dead_words = "not independently alive" if ajr else "dead"
            ko = "" if ajr else f", pass for ko {mode}"
            if held:
                for j in mine:
                    w = out[j]
                    out[j] = replace(w, status="not_alive", method="enclosed-fight", share=None,
                                     alternatives=(("owner-ko-priority", "alive", held[j]),
                                                   ("attacker-ko-priority", "not_alive", ())),
                                     reason=(
                        f"Assumed: not proven; referee decides (ko threats). It stands in {where}; with plays "
                        f"limited to the arena and {O.word}'s ko priority, {O.word} captures every {C.word} chain "
                        f"there whoever starts; with {C.word}'s ko priority they hold.  The count of record "
                        f"takes {O.word}'s priority.  The playouts had guessed: " + w.reason))
                continue
            for j in mine:
                w = out[j]
                out[j] = replace(w, status="not_alive", method="enclosed-fight", share=None, reason=(
                    f"Assumed {dead_words}: not proven. It stands in {where}; with plays limited to "
                    f"the arena, {O.word} captures every {C.word} chain there whoever starts (capture confirmation"
                    + ko + (f": {'; '.join(lines[:3])}" if lines else "")
                    + f"): {C.word} loses the arena. "
                    "The playouts had guessed: " + w.reason))
            for j in theirs:
                w = out[j]
                out[j] = replace(w, status="alive", method="enclosed-fight", share=None, reason=(
                    f"Assumed {'independently ' if ajr else ''}alive: not proven. It stands in {where}, where "
                    f"{O.word} captures every {C.word} chain whoever starts (capture confirmation{ko}, limited to "
                    "the arena). The playouts had guessed: " + w.reason))
    return spent
