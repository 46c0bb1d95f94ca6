"""Safe groups under alternating play, made exact for AJR independent life.

Benson's pass-alive chains (:mod:`.benson`) are rare in real final positions:
a territory usually has interior points that are no liberty of the wall.  This
module follows the idea of Müller's safety under alternating play (M. Müller,
"Playing it safe: Recognizing secure territories in computer Go by using
static rules and search", 1997; X. Niu and M. Müller, "An improved safety
solver for computer Go", CG 2004): split the board into the *regions* of a
block set, settle each region by a small search in which the defender answers
every attacker move *in the same region*, and compose the local answers.  The
local game is chosen so that its win composes into the exact AJR goal of
design.md section 2, not only into "cannot be captured".

Terms, for a player P (the defender) and the opponent O
-------------------------------------------------------
- A **P-region** is a maximal connected set of points holding no P stone
  (empty points and O stones).  Every O stone in it has all its neighbours in
  the region or on P stones; its *wall* is the set of P chains adjacent to it.
- The **local game** of a region R with wall W and a demand ``need`` (1 or 2):
  the state is (the P stones P_R that P has added inside R, the O stones
  O_R inside R).  The wall is never captured in this model.  O moves first;
  each side may pass.  O may play any empty point of R whose O string then
  has an empty neighbour, or that takes the last liberty of a P string of P_R
  not joined to W (a *floating* string): such a capture ends the game as a
  loss for P (P's stones must stay for good).  P may play any empty point of
  R that is not suicide (joined to W, or with an empty neighbour after its
  captures); O strings left without an empty neighbour are removed.  A
  *local component* is a connected component of the stones W ∪ P_R; a wall
  chain is *demanding* in R if it has a liberty in R at the start.  **Inv**:
  every local component holding a demanding chain has at least ``need``
  liberties in R (empty points of R).  **T** (closed): R holds no O stone, no
  two empty points of R are adjacent, and no P stone of R is floating.  P
  *wins* from a state with O to move when Inv holds, no floating string has
  fewer than two liberties (else O captures it), and either T holds, or
  (a) O passes: P has a play after which P wins, and
  (b) O plays x: P passes or plays, after which P wins.
  P's stones are never removed in a won line, every P play adds one, and
  every O play adds one while P passes, so (|P_R|, |O_R|) grows
  lexicographically with every pair of moves that is not two passes: the
  recursion is well founded, and the state alone (no history) determines the
  value, so a memo on (P_R, O_R) is exact.
- A **safe group** is a set B of P chains and a set Rs of P-regions, each
  bordered only by chains of B, each won by P in its local game with its
  demand (the search of :class:`_LocalSearch` completed within its budget),
  such that every chain c of B has credit(c) = sum of the demands of the
  regions of Rs in which c is demanding >= 2.  :func:`safe_groups` finds them
  as a fixpoint: regions whose local game fails are dropped, chains with
  credit < 2 are dropped, regions bordered by a dropped chain are dropped,
  repeat.  (A region is searched with demand 2 only for a chain that is
  demanding in no other region of Rs.)

Theorem
-------
Let (B, Rs) be a safe group of P.  Then (i) every chain of B is independently
alive (AJR 2008), and (ii) every O chain lying in a region of Rs is not
independently alive; both with P's opponent moving first and with P moving
first.

Proof.  P's strategy sigma.  Each region R of Rs follows its local winning
strategy sigma_R.  After an O play in R: P plays sigma_R's answer there if it
is a play.  Otherwise (O played outside every region of Rs, or passed, or
sigma_R answers by a pass, or P moves first): P makes a *free move*:
(1) if some region R is not closed (T), P's play from sigma_R for "O passed";
(2) else, if a P string containing a chain of B has an empty neighbour
outside the regions (an *outside liberty*), P fills it;
(3) else, if some empty point x of a region can be filled so that every P
string still has two liberties, P fills it;
(4) else P passes.
Seen from one region R, the moves inside R alternate O, P, O, P ... where an
O move elsewhere is a local O pass and a P move elsewhere a local P pass, so
R's state always follows a line of its local game along which P plays
sigma_R.  A local O pass followed by a local P pass leaves the state
unchanged, so R's state is always a winning state of the local game: Inv
holds for R whenever O is to move, and each change of R's state strictly
lowers its rank in the well-founded recursion, so R stays closed once closed.

Invariant G (no P stone of the group is ever captured): every P string X
containing a chain c of B has, whenever O is to move, at least ``need_R``
liberties in each region R of Rs in which c is demanding (c's local
component in R is part of X, and Inv holds in R), and these sets are
disjoint, so X has at least credit(c) >= 2 liberties.  O's next play takes
at most one of them, so X keeps a liberty: O never captures a P stone of
the group.  A floating string of a region has all its liberties in that
region, so O captures it only by a play there, which the local game counts
as P's loss and sigma_R avoids.  Outside fills join strings of the group.  P's own plays keep Inv (local
plays) or two liberties (3), so they are never suicide; (2) adds a stone to a
string with liberties in the regions.  O's plays inside R are plays of the
local game: O cannot capture there (G), so an O play the real game allows is
one the model allows (the model ignores O's ko bans: more O moves only make
P's local win stronger).

Legality of P's plays under basic ko and fixed ko.  P's stones are never
captured (G), so (a) a P play cannot recreate the position before O's last
move, which would need that move to have removed a P stone from the point P
plays; (b) after a P play at x, x holds a P stone for the rest of the
sequence, so the position before that play (x empty) never recurs and its
(before, after) pair cannot be repeated.  So every P play of sigma is legal.

Progress and the end.  P passes only in (4).  Each P play adds a stone that
is never removed, so P plays finitely often, and every move-sequence ends
(fixed ko).  It ends with three successive passes, one of them by P, made in
case (4).  At that moment every region is closed, no string of the group
has an outside liberty, and every such string has at least two liberties,
all of them isolated empty points of the regions, each adjacent only to P
stones (points of a closed region have only P neighbours).  Call them eyes.
Since (3) is impossible, filling any eye x would leave the strings adjacent
to x, merged, with fewer than two liberties: every string adjacent to x has
liberties exactly {x, y_x} for one eye y_x; symmetric reasoning at y_x shows
that the strings adjacent to x or to y_x all have exactly the liberties
{x, y_x}.  So the strings adjacent to x or y_x and the points x, y_x form a
two-eye-formation (each string touches both eyes and no other empty point;
x and y_x touch only those strings; x, y_x not adjacent).  Every string of
the group lies in one.  After P's pass O can neither play on an eye (no
liberty, and it captures nothing because each adjacent string keeps its other
eye) nor change the strings, so the formations are still there when the
sequence ends: (i).  For (ii): at the end every region is closed, so every
point of a region is a P stone or an eye of P; an O two-eye-formation sharing
an intersection with an O chain of the region would need an O stone or an O
eye on such a point.  None exists.  If P moves first, P starts with a free
move (or passes in case (4)); the argument is unchanged.  QED.

Connections.  A chain c of P outside B with two liberties a, b, both outside
every region of Rs and each adjacent to a stone of B (or of a chain already
joined this way), pairs of different chains disjoint, is independently alive
too.  Add to sigma: when O plays on one point of a pair whose chain is not yet
joined, P plays the other (legal and permanent for the reasons above: the
stone joins a string of the group, which keeps two liberties in its regions);
(2) may also fill a or b first, which joins c at once.  O can capture c only
by taking all its liberties, hence both a and b, and P answers the first at
once; one O move threatens one pair only.  Once joined, c's stones lie in a
string of the group, which ends in a two-eye-formation as shown.  (a and b lie
outside the regions, so these answers never disturb a local game.)

What the rule does not claim: nothing about chains outside B (they are left to
the other layers), and nothing about regions whose search ran out of budget
(they are dropped, which only removes proofs).

The search (:class:`_LocalSearch`) computes exactly the value defined above: it
uses no pruning rule, only an exact memo on (P_R, O_R) and move ordering, which
decides which child is tried first and never a value.  Ideas measured and not
kept: a killer table per O point (2 to 3 times more nodes), trying P's pass
first (10 to 30 times more), splitting a state into the pieces that P's stones
separate and solving them as sub-games with shared demands (a sound
sufficient condition, but it saved nothing measurable on real regions).
tests/test_safety.py compares the search with a plain transcription of this
definition on random regions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import networkx as nx

from ..board import Color, Position, dilate, flood, geometry, iter_bits
from ..coords import vertex_from_point
from ..graph import Chain, build_graph
from .static import StaticProof

__all__ = ["SafeGroup", "safe_groups", "safety_proofs", "local_region_value"]

# Limits of the searches of one colour in one position, in nodes (states evaluated), so
# that results do not depend on the machine's load.  Measured on the 200 final positions
# of benchmarks/life.py (see docs/analysis.md): regions beyond 12 empty points were
# rarely settled within 20,000 nodes, and larger budgets mostly cost time (12/20/20,000/
# 60,000 proved 1,211 of 4,192 strings of 100 games, 12/20/10,000/40,000 1,177, at half the time).
# The defaults (max empty / max points / nodes per region / nodes per colour) keep the throughput
# of `adjudicator batch` (issue 6: 2 games/s per core), measured with
# `python benchmarks/batch.py --games 200 --jobs 2` and `python benchmarks/life.py` at 2026-11-22:
#   12/20/10,000/30,000: 1.54 games/s per core, static 27.7 % of strings, safety 0.228 s/position
#   12/20/5,000/15,000:  1.82 games/s per core, static 26.9 %, safety 0.147 s/position
#   10/16/5,000/15,000:  2.36 games/s per core, static 26.0 %, safety 0.058 s/position (chosen)
_DEFAULT_NODES = 5_000
_DEFAULT_MAX_EMPTY = 10
_DEFAULT_MAX_POINTS = 16
_DEFAULT_TOTAL_NODES = 15_000


class _OutOfBudget(Exception):
    pass


def _vertices(bits: int, size: int, limit: int = 6) -> str:
    pts = [vertex_from_point(divmod(i, size)) for i in iter_bits(bits)]
    if len(pts) > limit:
        return ", ".join(pts[:limit]) + f" and {len(pts) - limit} more"
    return ", ".join(pts)


def _bit_list(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


class _LocalSearch:
    """The local game of one region (see the module docstring), on compact bitboards.

    The region is copied into a local bitboard of its bounding box with one
    guard column (row stride ``bw + 1``), so that shifts never wrap and every
    set is a small integer; the wall is kept only as, per wall chain, the set
    of region points adjacent to it.  Wall chains are joined only through P's
    stones in R (they are distinct chains), so a local component is a union
    of wall chains linked by connected groups of P_R, and its liberties in R
    are the empty points adjacent to its chains or its groups.  Each state
    (P_R, O_R) is evaluated once (the memo is exact, module docstring); the
    node count is the number of states evaluated.

    Move ordering (it changes which child is tried first, never the value):
    P's answers to an O play try captures first, then the liberties of the
    O string just played, then the other points next to O stones, then the
    rest, each group by the number of empty neighbours (most first), and the
    pass last; O's pass is answered in the same order.  Trying the pass first
    (as the first version did) lets O add stones unopposed: on 12 real
    regions it cost 10 to 30 times more nodes.
    """

    def __init__(self, size: int, region: int, wall: tuple[int, ...], o_stones: int, need: int, max_nodes: int):
        g = geometry(size)
        pts = list(iter_bits(region))
        r0 = min(i // size for i in pts)
        c0 = min(i % size for i in pts)
        W = max(i % size for i in pts) - c0 + 2  # bounding-box width plus a guard column
        self.W = W
        local = {i: (i // size - r0) * W + (i % size - c0) for i in pts}
        self.local = local

        def to_local(bits: int) -> int:
            out = 0
            for i in iter_bits(bits & region):
                out |= 1 << local[i]
            return out

        self.R = to_local(region)
        self.nbt = {1 << j: self._nbrs(1 << j) for j in local.values()}
        # Per wall chain: the region points adjacent to it (its possible liberties in R).
        self.adj = [to_local(dilate(w, g) & region) for w in wall]
        self.adjw = 0
        for a in self.adj:
            self.adjw |= a
        self.o0 = to_local(o_stones)
        self.need = need
        # Wall chains with a liberty in R at the start carry the demand; the others
        # (touching R only through O stones) must get their credit from other regions.
        self.demanding = [bool(a & ~self.o0) for a in self.adj]
        self.max_nodes = max_nodes
        self.nodes = 0
        self.memo: dict[tuple[int, int], bool] = {}
        self._parts_memo: dict[int, tuple[tuple[int, ...], tuple[int, ...], int]] = {}

    def _nbrs(self, b: int) -> int:
        W = self.W
        return ((b << 1) | (b >> 1) | (b << W) | (b >> W)) & self.R

    def _flood(self, seed: int, within: int) -> int:
        W = self.W
        region = frontier = seed
        while frontier:
            frontier = ((frontier << 1) | (frontier >> 1) | (frontier << W) | (frontier >> W)) & within & ~region
            region |= frontier
        return region

    def _parts(self, p: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        """(possible liberties of each local component holding a demanding chain,
        possible liberties of each floating string, stones of the floating strings)."""
        got = self._parts_memo.get(p)
        if got is not None:
            return got
        n = len(self.adj)
        parent = list(range(n))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        joined = []
        floating = []
        floating_stones = 0
        rest = p
        while rest:
            group = self._flood(rest & -rest, p)
            rest &= ~group
            touch = [i for i in range(n) if self.adj[i] & group]
            libs = self._nbrs(group)
            if not touch:
                floating.append(libs)
                floating_stones |= group
                continue
            root = find(touch[0])
            for i in touch[1:]:
                other = find(i)
                if other != root:
                    parent[other] = root
            joined.append((touch[0], libs))
        libs_of: dict[int, int] = {}
        for i in range(n):
            r = find(i)
            libs_of[r] = libs_of.get(r, 0) | self.adj[i]
        for i, libs in joined:
            libs_of[find(i)] |= libs
        demanding = {find(i) for i in range(n) if self.demanding[i]}
        got = (tuple(libs_of[r] for r in demanding), tuple(floating), floating_stones)
        self._parts_memo[p] = got
        return got

    def _inv(self, p: int, o: int) -> bool:
        empty = self.R & ~p & ~o
        need = self.need
        return all((libs & empty).bit_count() >= need for libs in self._parts(p)[0])

    def _o_moves(self, p: int, o: int) -> list[int]:
        """O's plays (new O_R), captures of floating strings aside (they are checked as losses)."""
        empty = self.R & ~p & ~o
        out = []
        for bit in _bit_list(empty):
            if self._nbrs(bit) & empty:
                out.append(o | bit)
                continue
            string = self._flood(bit, o | bit)
            if self._nbrs(string) & empty & ~bit:
                out.append(o | bit)
        return out

    def _p_moves(self, p: int, o: int, near: int, first: int = 0) -> Iterator[tuple[int, int]]:
        """(new p, new o) for P's legal plays, lazily, in the order of the class docstring."""
        empty = self.R & ~p & ~o
        nbt = self.nbt
        atari = 0  # last liberties of O strings: plays there capture
        rest = o
        while rest:
            s = self._flood(rest & -rest, o)
            rest &= ~s
            libs = self._nbrs(s) & empty
            if libs.bit_count() == 1:
                atari |= libs
        keyed = sorted((not bit & atari, not bit & first, not bit & near, -(nbt[bit] & empty).bit_count(), bit)
                       for bit in _bit_list(empty))
        for k in keyed:
            bit = k[4]
            np_ = p | bit
            after = empty & ~bit
            captured = 0
            if bit & atari:
                adj_o = nbt[bit] & o
                while adj_o:
                    s = self._flood(adj_o & -adj_o, o)
                    adj_o &= ~s
                    if not self._nbrs(s) & after:
                        captured |= s
            elif not bit & self.adjw and not nbt[bit] & after:
                # Not next to the wall nor to an empty point: the new string needs a liberty.
                group = self._flood(bit, np_)
                if not group & self.adjw and not self._nbrs(group) & after:
                    continue
            yield np_, o & ~captured

    def win(self, p: int, o: int) -> bool:
        key = (p, o)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        value = self._win(p, o)
        self.memo[key] = value
        return value

    def _win(self, p: int, o: int) -> bool:
        if not self._inv(p, o):
            return False
        empty = self.R & ~p & ~o
        _demanding, floating, floating_stones = self._parts(p)
        for libs in floating:
            if (libs & empty).bit_count() <= 1:
                return False  # O captures a P stone: counted as a loss (P's stones must stay)
        if not o and not floating_stones and not self._nbrs(empty) & empty:
            return True  # T (closed)
        # (a) O passes: P needs a play after which P wins.
        if not any(self.win(np_, no) for np_, no in self._p_moves(p, o, self._nbrs(o))):
            return False
        # (b) every O play needs an answer (a play, or else a pass).
        for o2 in self._o_moves(p, o):
            x = o2 & ~o
            first = self._nbrs(self._flood(x, o2))
            if any(self.win(np_, no) for np_, no in self._p_moves(p, o2, self._nbrs(o2), first)):
                continue
            if self.win(p, o2):
                continue
            return False
        return True


def local_region_value(position: Position, color: Color, region: int, need: int,
                       max_nodes: int = _DEFAULT_NODES) -> tuple[bool | None, int]:
    """Value of the local game of ``region`` for ``color`` (True, False, or None when out of budget), nodes.

    ``region`` must be a P-region of ``color`` (a maximal connected set of
    points holding no ``color`` stone).
    """
    g = geometry(position.size)
    own = position.stones(color)
    ring = dilate(region, g) & own
    walls = []
    seen = 0
    for i in iter_bits(ring):
        if (1 << i) & seen:
            continue
        chain = flood(1 << i, own, g)
        seen |= chain
        walls.append(chain)
    search = _LocalSearch(position.size, region, tuple(walls), region & position.stones(color.opponent),
                          need, max_nodes)
    try:
        return search.win(0, search.o0), search.nodes
    except (_OutOfBudget, RecursionError):  # a very deep line is treated as out of budget
        return None, search.nodes


@dataclass(frozen=True)
class SafeGroup:
    """A proven safe group of ``color``: its chains, its regions (bitboards) and each region's demand."""

    color: Color
    chains: frozenset[Chain]
    regions: tuple[tuple[int, int], ...]  # (region points, need)
    nodes: int


def _p_regions(position: Position, color: Color) -> list[int]:
    g = geometry(position.size)
    rest = g.full & ~position.stones(color)
    out = []
    while rest:
        low = rest & -rest
        r = flood(low, rest, g)
        out.append(r)
        rest &= ~r
    return out


def safe_groups(position: Position, color: Color, G: nx.Graph | None = None, *,
                max_empty: int = _DEFAULT_MAX_EMPTY, max_points: int = _DEFAULT_MAX_POINTS,
                max_nodes: int = _DEFAULT_NODES, total_nodes: int = _DEFAULT_TOTAL_NODES) -> list[SafeGroup]:
    """The safe groups of ``color`` (module docstring), found as a fixpoint over regions.

    Regions with more than ``max_empty`` empty points or ``max_points`` points are not searched; each
    local search is bounded by ``max_nodes`` positions and all of them together
    by ``total_nodes`` (smallest regions first; a region not settled within the
    budget is dropped, which only removes proofs).  The budget counts positions,
    not seconds, so the result does not depend on the machine's load.
    """
    G = G if G is not None else build_graph(position)
    g = geometry(position.size)
    empty = position.empty_bits
    chains = [n for n in G if isinstance(n, Chain) and n.color is color]
    nodes = 0
    # Candidate regions: small enough, bordered by at least one chain.
    cand: dict[int, list[Chain]] = {}
    for r in _p_regions(position, color):
        if (r & empty).bit_count() > max_empty or r.bit_count() > max_points:
            continue
        ring = dilate(r, g)
        border = [c for c in chains if c.stones & ring]
        if border:
            cand[r] = border
    value: dict[tuple[int, int], bool] = {}

    def ok(r: int, need: int) -> bool:
        nonlocal nodes
        key = (r, need)
        if key not in value:
            if need == 2 and not ok(r, 1):
                value[key] = False
            elif nodes >= total_nodes:
                value[key] = False
            else:
                v, k = local_region_value(position, color, r, need, min(max_nodes, total_nodes - nodes))
                nodes += k
                value[key] = bool(v)
        return value[key]

    def demands(c: Chain, r: int) -> bool:
        return bool(c.liberties & r)

    # Smallest regions first, so that a spent time budget drops the expensive ones.
    regions = {r for r in sorted(cand, key=lambda r: (r.bit_count(), r)) if ok(r, 1)}
    alive = {c for r in regions for c in cand[r]}
    while True:
        touching: dict[Chain, list[int]] = {c: [] for c in alive}
        for r in regions:
            for c in cand[r]:
                if c in touching and demands(c, r):
                    touching[c].append(r)
        credit = {}
        for c, rs in touching.items():
            if len(rs) >= 2:
                credit[c] = 2
            elif len(rs) == 1 and ok(rs[0], 2):
                credit[c] = 2
            else:
                credit[c] = 0
        dropped = {c for c, k in credit.items() if k < 2}
        if not dropped:
            break
        alive -= dropped
        regions = {r for r in regions if all(c in alive for c in cand[r])}
    # Demands: 2 where a chain relies on a single region, else 1.
    needs: dict[int, int] = {r: 1 for r in regions}
    for c in alive:
        rs = [r for r in regions if c in cand[r] and demands(c, r)]
        if len(rs) == 1:
            needs[rs[0]] = 2
    # Group the result into connected groups (chains linked through regions).
    H = nx.Graph()
    for r in regions:
        H.add_node(("r", r))
        for c in cand[r]:
            H.add_edge(("r", r), ("c", c))
    out = []
    for comp in nx.connected_components(H):
        cs = frozenset(n[1] for n in comp if n[0] == "c")
        rs = tuple(sorted((n[1], needs[n[1]]) for n in comp if n[0] == "r"))
        out.append(SafeGroup(color, cs, rs, nodes))
    return out


def _connections(position: Position, color: Color, G: nx.Graph, stones: int, regions: int
                 ) -> list[tuple[Chain, int]]:
    """Chains joined to the safe stones by disjoint two-point miai outside the regions (a fixpoint)."""
    g = geometry(position.size)
    empty = position.empty_bits & ~regions
    own = [n for n in G if isinstance(n, Chain) and n.color is color and not n.stones & stones]
    used = 0
    out = []
    changed = True
    while changed:
        changed = False
        reach = dilate(stones, g) & empty & ~used
        for chain in own:
            if chain.stones & stones:
                continue
            common = chain.liberties & reach
            if common.bit_count() < 2:
                continue
            a = common & -common
            rest = common & ~a
            via = a | (rest & -rest)
            used |= via
            stones |= chain.stones
            out.append((chain, via))
            changed = True
            reach = dilate(stones, g) & empty & ~used
    return out


def safety_proofs(position: Position, color: Color, G: nx.Graph | None = None, **limits) -> dict[Chain, StaticProof]:
    """Static proofs from :func:`safe_groups`: ``alive`` for the group's chains, ``not_alive``
    for the opponent's chains inside its regions (the theorem of the module docstring)."""
    G = G if G is not None else build_graph(position)
    size = position.size
    opp_chains = [n for n in G if isinstance(n, Chain) and n.color is color.opponent]
    proofs: dict[Chain, StaticProof] = {}
    group_stones = group_regions = 0
    for group in safe_groups(position, color, G, **limits):
        parts = []
        all_regions = 0
        for r, need in group.regions:
            all_regions |= r
            e = r & position.empty_bits
            o = r & position.stones(color.opponent)
            what = f"{e.bit_count()} empty point{'s' * (e.bit_count() != 1)}"
            if o:
                what += f" and {o.bit_count()} {color.opponent.word} stone{'s' * (o.bit_count() != 1)}"
            parts.append(f"{{{_vertices(r, size, 3)}}} ({what}; keeps {need} libert{'y' if need == 1 else 'ies'} "
                         f"of every wall string after each answer)")
        n_regions = len(group.regions)
        regions_text = "; ".join(parts)
        stones = 0
        for c in group.chains:
            stones |= c.stones
        for chain in group.chains:
            reason = (
                f"Independently alive (static, safe regions): the {color.word} chain at "
                f"{_vertices(chain.stones & -chain.stones, size)} belongs to a group of {len(group.chains)} "
                f"chain{'s' * (len(group.chains) != 1)} around {n_regions} region{'s' * (n_regions != 1)}: "
                f"{regions_text}. A complete search of each region, {color.opponent.word} moving first and "
                f"{color.word} answering in the same region, shows that {color.word} can close every region "
                f"(capture every {color.opponent.word} stone in it and leave only single-point eyes) while each "
                f"wall string keeps two liberties over its regions; filling the outside liberties and surplus eyes "
                f"then leaves two-eye-formations containing every chain of the group "
                f"(AJR, Independent Life; proof in adjudicator/analysis/safety.py)."
            )
            proofs[chain] = StaticProof("alive", "safe-regions", reason, chains=group.chains)
        group_stones |= stones
        group_regions |= all_regions
        for chain in opp_chains:
            if chain.stones & all_regions:
                reason = (
                    f"Not independently alive (static, safe regions): the {chain.color.word} chain at "
                    f"{_vertices(chain.stones & -chain.stones, size)} lies in a region of a {color.word} group "
                    f"proven safe ({regions_text}). {color.word.capitalize()} can answer every move there so that "
                    f"the region ends holding only {color.word} stones and single-point {color.word} eyes, so no "
                    f"{chain.color.word} two-eye-formation can share a point with this chain "
                    f"(AJR, Independent Life; proof in adjudicator/analysis/safety.py)."
                )
                proofs[chain] = StaticProof("not_alive", "safe-regions", reason, chains=group.chains)
    if group_stones:
        for chain, via in _connections(position, color, G, group_stones, group_regions):
            reason = (
                f"Independently alive (static, safe regions + connection): the {color.word} chain at "
                f"{_vertices(chain.stones & -chain.stones, size)} has two separate ways, {_vertices(via, size)}, "
                f"to join {color.word} stones proven safe by their regions; if the opponent takes one, "
                f"{color.word} takes the other, and the joined string ends in a two-eye-formation of that group "
                f"(AJR, Independent Life; proof in adjudicator/analysis/safety.py)."
            )
            proofs[chain] = StaticProof("alive", "safe-regions+connection", reason, via=via)
    return proofs
