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
- The **local game** of a region R with wall W and a *demand* d(c) in {0, 1, 2}
  for each wall chain c: the state is (the P stones P_R that P has added
  inside R, the O stones O_R inside R).  The wall is never captured in this
  model.  O moves first; each side may pass.  O may play any empty point of R
  whose O string then has an empty neighbour, or that takes the last liberty
  of a P string of P_R not joined to W (a *floating* string): such a capture
  ends the game as a loss for P (P's stones must stay for good).  P may play
  any empty point of R that is not suicide (joined to W, or with an empty
  neighbour after its captures); O strings left without an empty neighbour
  are removed.  A *local component* is a connected component of the stones
  W ∪ P_R; a wall chain is *demanding* in R if it has a liberty in R at the
  start (a chain that is not demands 0); a component's demand is the largest
  demand of its chains.  **Inv**: every local component has at least its
  demand of liberties in R (empty points of R).  **T** (closed): R holds no O
  stone, no two empty points of R are adjacent, and no P stone of R is
  floating.  P *wins* from a state with O to move when Inv holds, no floating
  string has fewer than two liberties (else O captures it), and either T
  holds, or
  (a) O passes: P has a play after which P wins, and
  (b) O plays x: P passes or plays, after which P wins.
  P's stones are never removed in a won line, every P play adds one, and
  every O play adds one while P passes, so (|P_R|, |O_R|) grows
  lexicographically with every pair of moves that is not two passes: the
  recursion is well founded, and the state alone (no history) determines the
  value, so a memo on (P_R, O_R) is exact.  The value is *monotone in the
  demands*: a state won with demands d is won with any d' <= d (induction on
  the same order: Inv under d implies Inv under d', and the moves, T and the
  floating test do not depend on the demands).  "Demand n" below means
  d(c) = n for every wall chain.
- A **safe group** is a set B of P chains and a set Rs of P-regions, each
  bordered only by chains of B, each won by P in its local game with its
  demands d_R (the search of :class:`_LocalSearch` completed within its
  budget), such that every chain c of B has credit(c) = sum over R in Rs of
  d_R(c) >= 2.  :func:`safe_groups` finds them as a fixpoint: regions whose
  local game with demand 1 fails are dropped, chains with credit < 2 are
  dropped, regions bordered by a dropped chain are dropped, repeat (a region
  is searched with demand 2 only for a chain that is demanding in no other
  region of Rs).  Then, as Niu and Müller's *expend-vital*, a second fixpoint
  over the regions lost with demand 1: such a region is searched again with
  demand 0 for the chains that the first fixpoint already made safe (their
  credit of 2 comes from regions bordered only by safe chains, so it cannot
  be lost later) and 1 (or 2, for a chain with no other such region) for the
  others; the new chains must again collect credit >= 2, else they and their
  new regions are dropped.

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
containing a chain c of B has, whenever O is to move, at least d_R(c)
liberties in each region R of Rs (c's local component in R is part of X,
its demand is at least d_R(c), and Inv holds in R), and these sets are
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

Decomposition
-------------
Fix a state S = (P_R, O_R) of the local game of R, O to move (R may itself be
a part, below).  The *parts* A_1, ..., A_k of S are the connected components
of R minus P_R; two parts are never adjacent (adjacent points would lie in one
part), so every O string, every P stone added later inside a part, and every
empty neighbour of either lies in one part.  The *components* of S are its
local components plus, as components of their own, its floating strings (a
component is *anchored* if it holds a wall chain, else floating and of demand
0).  A component *touches* A_j if it is adjacent to a point of A_j.
Condition F: every floating component touches at most one part.

The *part game* G_j(e) is the local game of A_j whose wall pieces are the
components touching A_j, each with demand e(K), started from (no P stone,
O_R ∩ A_j).  A piece is never captured; a P string of A_j joined to an
anchored piece is not floating, and a floating piece stays floating (it must
keep two liberties, and T asks it to be joined to an anchored one); the
local components of G_j are the pieces linked through P's stones in A_j.

Lemma S (sufficient).  If F holds and, for some demands e_j, every G_j(e_j)
is won and every component K of S has sum_j e_j(K) >= its demand, S is won.
Proof.  Call s *composed* if s = (P_R ∪ Q_1 ∪ ... ∪ Q_k, U_1 ∪ ... ∪ U_k)
with (Q_j, U_j) a won state of G_j(e_j) for each j; S is composed.  We show
by induction on the well-founded order that every composed s is won.
(1) A stone of Q_j is adjacent only to points of A_j and to stones of P_R
next to A_j, that is of components touching A_j; so every local component M
of s is made of components of S linked, inside each part, by stones of that
part, and its restriction to A_j is a union of components of G_j at
(Q_j, U_j).  A P play in A_j is suicide in R iff it is in G_j: its string
is joined to W iff it holds an anchored piece, and if it holds none, all its
pieces are floating and (F) all its liberties lie in A_j.  (2) Inv: let c
be a chain of a component M of s with the largest demand, K the component of
S holding c.  In each part A_j the component of G_j holding K has at least
e_j(K) liberties (Inv of G_j), all of them liberties of M; the parts are
disjoint, so M has at least sum_j e_j(K) >= demand(K) >= d(c) liberties in
R.  (3) A floating string of s holds no anchored piece, so (F, (1)) it lies
with all its liberties in one part A_j and is a floating component of G_j
there with the same liberties: at least two, that state being won.  (4) If
every (Q_j, U_j) is closed, s is closed (two adjacent empty points would lie
in one part; no floating string by (3)).  Else: (a) after an O pass, P plays
the (a)-move of G_j in a part j that is not closed; (b) an O play x lies in
some A_j, is legal in G_j iff in R (its string and empty neighbours lie in
A_j; it captures nothing, by (3) and because pieces are never captured), and
P answers with G_j's answer.  The plays and captures are the same in both
games (an O string of A_j has its neighbours in A_j and on P stones), so the
successor is composed and later in the order: won by induction.  QED.

Lemma N (necessary).  If F holds and S is won, every G_j(0) is won.  Proof.
For every won state s of R whose P stones include P_R, its restriction
s|j = (its P stones and O stones in A_j) is won in G_j(0); induction on the
order.  G_j(0) has no Inv to keep; its floating strings are floating strings
of s with the same liberties ((1), (3)), so at least two.  If s|j is closed
it is won.  Else s is not closed: if s's (a)-move y lies in A_j it is legal
in G_j and the successor's restriction is won by induction; if not, the
successor s' is won and later with s'|j = s|j, so s|j is won by induction.
(b): an O play x of G_j is legal in R; s's answer (pass, play in A_j or play
elsewhere) leads to a won, later s' whose restriction is s|j after x and a
pass or the same play: won by induction, so x has an answer in G_j.  QED.

The search uses both at every state with P stones and at least two parts
for which F holds: if some G_j(0) is lost, the state is lost (N); otherwise
up to ``_MAX_ASSIGNMENTS`` assignments are tried, each putting the demand n
of a component in one part it touches, or (n = 2) 1 and 1 in two parts; if
every part game is won with one of them, the state is won (S); else the
state is expanded as usual.  So the value is the exact value of the local
game; only the work changes.  Part games are themselves local games and are
decomposed the same way; each is memoised by its points and pieces, its
states by (P stones, O stones), which is exact by the same argument as for R.

The search (:class:`_LocalSearch`) computes exactly the value defined above: it
uses no pruning rule beyond the two lemmas, an exact memo and move ordering,
which decides which child is tried first and never a value.  Two uses of the
memo only change the work.  (1) Known wins first: before searching any answer,
P's answers are looked up in the memo, and a known won one is taken (a play x
that captures nothing leads to (P_R + x, O_R); a won state has no floating
string with fewer than two liberties, so x was no suicide and the play is
legal).  (2) Reuse across demands: :func:`safe_groups` searches a region again
with other demands (demand 2 after 1, expend-vital); by monotonicity in the
demands, the states an earlier search of the same region lost with demands
d' <= d are lost with d, and those it won with d' >= d are won with d, so the
new search starts from them (a memo holds only completed evaluations, also
after an out-of-budget search).  Ideas measured and not kept: a killer table
per O point (2 to 3 times more nodes), trying P's pass first (10 to 30 times
more), checking (a) after (b) (6 % fewer nodes on open territories of 11-14
points, 36 % more on the regions of 5-10 points, many of them lost), four
orders of O's moves (none saved more than 0.3 %).  tests/test_safety.py
compares the search with a plain transcription of this definition on random
regions, the decomposition of random split states with that transcription,
and the reused entries and the values of reusing searches with it.
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
#   10/16/5,000/15,000:  2.36 games/s per core, static 26.0 %, safety 0.058 s/position (chosen then)
# With expend-vital (module docstring), `python benchmarks/life.py` and `python benchmarks/batch.py
# --games 200 --jobs 2` (games per processor-second, which the load does not change much), one
# idle window at 2026-11-22 11:26-11:33:
#   10/16/5,000/15,000 without: static 26.0 %, safety 0.060 s/position, 3.37 games/processor-s
#   10/16/5,000/15,000 with:    static 31.4 %, safety 0.085 s/position, 3.12 games/processor-s (chosen)
#   11/16/5,000/15,000 with:    static 32.3 %, safety 0.122 s/position, 2.69 games/processor-s
#   (11/18 and 12/20 with: 32.3 %; 10/16/10,000/30,000 with: 31.6 %, safety 0.111 s under load)
# After the move generation was made cheaper (same nodes, same values; 60 real regions of 9-14
# empty points at 20,000 nodes: 20.5 -> 14.7 processor seconds, then 13.4 under load),
# `python benchmarks/life.py` (200 positions, each run alone on an idle machine, 2026-11-22):
#   10/16/5,000/15,000:  static 31.4 %, safety 0.063 s/position, life median 0.155 s
#   12/18/8,000/20,000:  static 32.9 %, safety 0.162 s/position (first speed-up only)
#   12/18/10,000/30,000: static 33.5 %, safety 0.180 s/position, life median 0.307 s (chosen)
#   14/20/15,000/45,000: static 33.9 %, safety 0.373 s/position, life median 0.471 s
#   (14/20/30,000/90,000 before the speed-up, under load: static 35.0 %, safety 1.0 s/position)
# `python benchmarks/real_games.py` with 12/18/10,000/30,000: no result of the 1,568 games
# changed; assumed strings 69.3 -> 67.1 % (marked) and 70.6 -> 68.7 % (unmarked).
# The decomposition (module docstring) is off: on real regions it costs more nodes than it saves
# (docs/analysis.md; `python benchmarks/safety_regions.py`).
_DEFAULT_NODES = 10_000
_DEFAULT_MAX_EMPTY = 12
_DEFAULT_MAX_POINTS = 18
_DEFAULT_TOTAL_NODES = 30_000
_DEFAULT_DECOMPOSE = False
_DEFAULT_EXPEND = True


class _OutOfBudget(Exception):
    pass


def _vertices(bits: int, size: int, limit: int = 6) -> str:
    pts = [vertex_from_point(divmod(i, size)) for i in iter_bits(bits)]
    if len(pts) > limit:
        return ", ".join(pts[:limit]) + f" and {len(pts) - limit} more"
    return ", ".join(pts)


class _Game:
    """One local game on the compact bitboard of a :class:`_LocalSearch`: its points ``R`` and its
    wall, given per wall piece as (points of ``R`` adjacent to it, demand, anchored).  The root game
    has one piece per wall chain (anchored, demand ``need`` if the chain is demanding, else 0); the
    part games of a decomposition have one piece per local component touching the part (module
    docstring, Decomposition).  ``memo`` maps a state (P stones, O stones) to its value."""

    __slots__ = ("R", "adj", "dem", "anchored", "adjw", "all_anchored", "memo", "parts_memo", "pieces_info")

    def __init__(self, R: int, pieces: tuple[tuple[int, int, bool], ...]):
        self.R = R
        self.adj = tuple(a for a, _d, _an in pieces)
        self.dem = tuple(d for _a, d, _an in pieces)
        self.anchored = tuple(an for _a, _d, an in pieces)
        self.adjw = 0
        for a, _d, an in pieces:
            if an:
                self.adjw |= a
        self.all_anchored = all(self.anchored)
        self.memo: dict[tuple[int, int], bool] = {}
        self.parts_memo: dict[int, tuple] = {}
        self.pieces_info: dict[int, tuple[int, int, bool]] = {}  # set of pieces -> (adjacent points, demand, anchored)


# At most this many demand assignments are tried at one decomposed state (module docstring).
_MAX_ASSIGNMENTS = 8


class _LocalSearch:
    """The local game of one region (see the module docstring), on compact bitboards.

    The region is copied into a local bitboard of its bounding box with one
    guard column (row stride ``bw + 1``), so that shifts never wrap and every
    set is a small integer; the wall is kept only as, per wall piece, the set
    of region points adjacent to it.  Wall pieces are joined only through P's
    stones in R, so a local component is a union of wall pieces linked by
    connected groups of P_R, and its liberties in R are the empty points
    adjacent to its pieces or its groups.  Each state of each game (the root
    game and the part games of the decomposition, :class:`_Game`) is evaluated
    once (the memo is exact, module docstring); the node count is the number
    of states evaluated, over all games.

    Move ordering (it changes which child is tried first, never the value):
    P's answers to an O play try captures first, then the liberties of the
    O string just played, then the other points next to O stones, then the
    rest, each group by the number of empty neighbours (most first), and the
    pass last; O's pass is answered in the same order.  Trying the pass first
    (as the first version did) lets O add stones unopposed: on 12 real
    regions it cost 10 to 30 times more nodes.  Before any of them is searched,
    the answers already known won are taken from the memo (module docstring);
    on 80 real regions of 11-14 empty points this cut the nodes by 10 %.
    The proof the search finds (the won states it needs, one answer each) holds
    89 % of the states it visits on the 37 of them it wins, so no ordering of
    P's answers can save much more: the size of the proof is the limit.
    """

    def __init__(self, size: int, region: int, wall: tuple[int, ...], o_stones: int, demands: tuple[int, ...],
                 max_nodes: int, decompose: bool = True):
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
        self.o0 = to_local(o_stones)
        # Per wall chain: the region points adjacent to it (its possible liberties in R).  Wall
        # chains with a liberty in R at the start carry their demand; the others (touching R only
        # through O stones) must get their credit from other regions.
        pieces = []
        for w, d in zip(wall, demands):
            a = to_local(dilate(w, g) & region)
            pieces.append((a, d if a & ~self.o0 else 0, True))
        self.demands = tuple(d for _a, d, _an in pieces)  # per wall chain, 0 if not demanding
        self.games: dict[tuple, _Game] = {}
        self.root = self._game(self.R, pieces)
        self.decompose = decompose
        self.max_nodes = max_nodes
        self.nodes = 0

    def reuse(self, known: list[tuple[tuple[int, ...], dict[tuple[int, int], bool]]]) -> None:
        """Seed the root memo from earlier searches of the same region (same wall, same local
        bitboard), given as (their demands per wall chain, their root memo).  The value is monotone
        in the demands (module docstring): a state lost with demands d' <= d (per chain) is lost
        here, a state won with d' >= d is won here.  A memo holds only states whose evaluation was
        completed, also after an out-of-budget search, so every entry is an exact value."""
        memo = self.root.memo
        mine = self.demands
        for dem, other in known:
            if all(a <= b for a, b in zip(dem, mine)):
                memo.update({k: v for k, v in other.items() if not v})
            if all(a >= b for a, b in zip(dem, mine)):
                memo.update({k: v for k, v in other.items() if v})

    def _game(self, R: int, pieces) -> _Game:
        key = (R, tuple(sorted(pieces)))
        gm = self.games.get(key)
        if gm is None:
            gm = self.games[key] = _Game(R, key[1])
        return gm

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

    def _parts(self, gm: _Game, p: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple]:
        """(possible liberties and demand of each local component with a demand, possible liberties
        of each floating component, every component as (possible liberties, demand, anchored))."""
        got = gm.parts_memo.get(p)
        if got is not None:
            return got
        adj = gm.adj
        n = len(adj)
        # Local components with a wall piece, as (set of pieces, liberties of their P groups); the
        # piece sets are pairwise disjoint, so a new group merges exactly those it touches.
        joined: list[tuple[int, int]] = []
        loose = []  # P strings touching no wall piece: floating components of their own
        rest = p
        while rest:
            group = self._flood(rest & -rest, p)
            rest &= ~group
            libs = self._nbrs(group)
            mask = 0
            for i in range(n):
                if adj[i] & group:
                    mask |= 1 << i
            if not mask:
                loose.append(libs)
                continue
            keep = []
            for c in joined:
                if c[0] & mask:
                    mask |= c[0]
                    libs |= c[1]
                else:
                    keep.append(c)
            keep.append((mask, libs))
            joined = keep
        covered = 0
        for m, _libs in joined:
            covered |= m
        joined += [(1 << i, 0) for i in range(n) if not covered >> i & 1]
        joined.sort(key=lambda c: c[0] & -c[0])  # by lowest piece, as a component list is read
        info = gm.pieces_info
        comps = []
        for m, libs in joined:
            got = info.get(m)
            if got is None:
                a, d, an = 0, 0, False
                for i in range(n):
                    if m >> i & 1:
                        a |= adj[i]
                        d = max(d, gm.dem[i])
                        an = an or gm.anchored[i]
                got = info[m] = (a, d, an)
            comps.append((got[0] | libs, got[1], got[2]))
        comps = tuple(comps) + tuple((x, 0, False) for x in loose)
        got = (tuple((x, d) for x, d, _an in comps if d), tuple(x for x, _d, an in comps if not an), comps)
        gm.parts_memo[p] = got
        return got

    def _o_moves(self, gm: _Game, p: int, o: int) -> list[int]:
        """O's plays (new O_R), captures of floating strings aside (they are checked as losses)."""
        empty = gm.R & ~p & ~o
        nbt = self.nbt
        out = []
        rest = empty
        while rest:
            bit = rest & -rest
            rest ^= bit
            if nbt[bit] & empty:
                out.append(o | bit)
                continue
            string = self._flood(bit, o | bit)
            if self._nbrs(string) & empty & ~bit:
                out.append(o | bit)
        return out

    def _o_strings(self, o: int, empty: int) -> list[tuple[int, int]]:
        """Each O string of ``o`` with its liberties (empty points of R next to it)."""
        out = []
        rest = o
        while rest:
            s = self._flood(rest & -rest, o)
            rest &= ~s
            out.append((s, self._nbrs(s) & empty))
        return out

    def _p_moves(self, gm: _Game, p: int, o: int, near: int, first: int, atari: int) -> Iterator[tuple[int, int]]:
        """(new p, new o) for P's legal plays, lazily, in the order of the class docstring;
        ``atari`` holds the last liberties of O strings (plays there capture)."""
        empty = gm.R & ~p & ~o
        nbt = self.nbt
        # The order of the class docstring, generated class by class so that a state whose first
        # answer wins does not pay for sorting the others: captures first, then the liberties of
        # the string just played, then points next to O stones; within a class, most empty
        # neighbours first, then the lowest point.
        for a in (empty & atari, empty & ~atari):
            if not a:
                continue
            for f in (a & first, a & ~first):
                if not f:
                    continue
                for m in (f & near, f & ~near):
                    if not m:
                        continue
                    keys = []
                    while m:
                        bit = m & -m
                        m ^= bit
                        keys.append(((4 - (nbt[bit] & empty).bit_count()) << 12) | (bit.bit_length() - 1))
                    keys.sort()
                    yield from self._p_plays(gm, p, o, empty, atari, keys)

    def _p_plays(self, gm: _Game, p: int, o: int, empty: int, atari: int, keys: list[int]
                 ) -> Iterator[tuple[int, int]]:
        """(new p, new o) for P's legal plays at the points of ``keys`` (in that order)."""
        nbt = self.nbt
        adjw = gm.adjw
        for k in keys:
            bit = 1 << (k & 0xFFF)
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
            elif not bit & adjw and not nbt[bit] & after:
                # Not next to an anchored piece nor to an empty point: the new string needs a liberty.
                group = self._flood(bit, np_)
                if not group & adjw:
                    libs = self._nbrs(group)
                    if not gm.all_anchored:  # a floating piece joined by the play lends its liberties
                        for a, an in zip(gm.adj, gm.anchored):
                            if not an and a & group:
                                libs |= a
                    if not libs & after:
                        continue
            yield np_, o & ~captured

    def win(self, gm: _Game, p: int, o: int) -> bool:
        key = (p, o)
        got = gm.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _OutOfBudget
        value = self._win(gm, p, o)
        gm.memo[key] = value
        return value

    def _win(self, gm: _Game, p: int, o: int) -> bool:
        demanding, floating, comps = self._parts(gm, p)
        empty = gm.R & ~p & ~o
        for libs, d in demanding:
            if (libs & empty).bit_count() < d:
                return False  # Inv
        for libs in floating:
            if (libs & empty).bit_count() <= 1:
                return False  # O captures a P stone: counted as a loss (P's stones must stay)
        if not o and not floating and not self._nbrs(empty) & empty:
            return True  # T (closed)
        if self.decompose and p:
            got = self._split(gm, p, o, comps)
            if got is not None:
                return got
        strings = self._o_strings(o, empty) if o else []
        atari = 0
        for _s, libs in strings:
            if libs.bit_count() == 1:
                atari |= libs
        memo = gm.memo
        # (a) O passes: P needs a play after which P wins.
        if not self._some_answer_wins(gm, p, o, 0, atari):
            return False
        # (b) every O play needs an answer (a play, or else a pass).
        nbt = self.nbt
        for o2 in self._o_moves(gm, p, o):
            if memo.get((p, o2)):
                continue  # the pass is known to win
            x = o2 & ~o
            # The string of x joins the O strings next to it; the others keep their liberties
            # (x is not one of them), so only the new string's atari is computed afresh.
            nx = nbt[x]
            xs = x
            atari2 = 0
            for s, libs in strings:
                if s & nx:
                    xs |= s
                elif libs.bit_count() == 1:
                    atari2 |= libs
            first = self._nbrs(xs)
            xlibs = first & empty & ~x
            if xlibs.bit_count() == 1:
                atari2 |= xlibs
            if self._some_answer_wins(gm, p, o2, first, atari2):
                continue
            if not self.win(gm, p, o2):
                return False
        return True

    def _some_answer_wins(self, gm: _Game, p: int, o: int, first: int, atari: int) -> bool:
        """Whether one of P's plays from (p, o) leads to a won state: first the plays known to win
        from the memo (no node), then the others searched in the order of ``_p_moves``."""
        get = gm.memo.get
        empty = gm.R & ~p & ~o
        # A play that captures nothing (not on ``atari``) leads to (p | x, o).  A won state is
        # reached only by a legal play: x's string is joined to an anchored piece, or is a floating
        # component with at least two liberties (else the state would be lost), so it is no suicide.
        rest = empty & ~atari
        while rest:
            bit = rest & -rest
            if get((p | bit, o)):
                return True
            rest ^= bit
        caps = empty & atari
        if caps:
            keys = []
            while caps:
                bit = caps & -caps
                caps ^= bit
                keys.append(bit.bit_length() - 1)
            for state in self._p_plays(gm, p, o, empty, atari, keys):
                if get(state):
                    return True
        for state in self._p_moves(gm, p, o, self._nbrs(o), first, atari):
            if get(state) is None and self.win(gm, *state):
                return True
        return False

    def _split(self, gm: _Game, p: int, o: int, comps: tuple) -> bool | None:
        """The value of the state from its parts (module docstring, Decomposition), or None if the
        state has one part, a floating component touches two parts, or no demand assignment was found."""
        rest = gm.R & ~p
        first = self._flood(rest & -rest, rest)
        if first == rest:
            return None
        parts = []
        while rest:
            part = self._flood(rest & -rest, rest)
            rest &= ~part
            parts.append(part)
        for libs, _d, an in comps:
            if not an and sum(1 for a in parts if libs & a) > 1:
                return None
        parts.sort(key=lambda a: (a.bit_count(), a))
        walls = [[k for k, c in enumerate(comps) if c[0] & a] for a in parts]

        def part_won(j: int, dem: dict[int, int]) -> bool:
            a = parts[j]
            pieces = [(comps[k][0] & a, dem.get(k, 0), comps[k][2]) for k in walls[j]]
            return self.win(self._game(a, pieces), 0, o & a)

        # Necessary: every part is won with no demand at all (Lemma N).
        for j in range(len(parts)):
            if not part_won(j, {}):
                return False
        # Sufficient: a demand per (component, part) that covers every component's demand (Lemma S).
        demanding = [k for k, c in enumerate(comps) if c[1]]
        if not demanding:
            return True
        empty = gm.R & ~p & ~o
        touched = {k: [j for j in range(len(parts)) if comps[k][0] & parts[j]] for k in demanding}
        options: dict[int, list[tuple[tuple[int, int], ...]]] = {}
        for k in demanding:
            libs, d, _an = comps[k]
            js = touched[k]
            have = {j: (libs & empty & parts[j]).bit_count() for j in js}
            opts = [((j, d),) for j in js]
            if d == 2:
                opts += [((i, 1), (j, 1)) for x, i in enumerate(js) for j in js[x + 1:]]
            # Most slack first (current liberties minus demand in the weakest part), then spread.
            opts.sort(key=lambda opt: (-min(have[j] - dj for j, dj in opt), -len(opt)))
            options[k] = opts
        demanding.sort(key=lambda k: len(options[k]))
        pending = [sum(1 for k in demanding if j in touched[k]) for j in range(len(parts))]
        dem: list[dict[int, int]] = [{} for _ in parts]
        tries = 0

        def assign(i: int) -> bool:
            nonlocal tries
            if i == len(demanding):
                return True
            k = demanding[i]
            for j in touched[k]:
                pending[j] -= 1
            for opt in options[k]:
                if tries >= _MAX_ASSIGNMENTS:
                    break
                tries += 1
                for j, dj in opt:
                    dem[j][k] = dj
                if all(part_won(j, dem[j]) for j in touched[k] if not pending[j]) and assign(i + 1):
                    return True
                for j, _dj in opt:
                    del dem[j][k]
            for j in touched[k]:
                pending[j] += 1
            return False

        return True if assign(0) else None


def _wall_chains(position: Position, color: Color, region: int) -> list[int]:
    g = geometry(position.size)
    own = position.stones(color)
    walls = []
    seen = 0
    for i in iter_bits(dilate(region, g) & own):
        if (1 << i) & seen:
            continue
        chain = flood(1 << i, own, g)
        seen |= chain
        walls.append(chain)
    return walls


def _region_value(position: Position, color: Color, region: int, demands: dict[int, int], max_nodes: int,
                  decompose: bool, known: list | None = None) -> tuple[bool | None, int]:
    """Value of the local game of ``region`` with a demand per wall chain (keyed by its stones; a
    chain not named, or with no liberty in the region, demands 0), and the nodes searched.

    ``known``, if given, lists the earlier searches of the same region (``_LocalSearch.reuse``);
    this search is appended to it."""
    walls = _wall_chains(position, color, region)
    search = _LocalSearch(position.size, region, tuple(walls), region & position.stones(color.opponent),
                          tuple(demands.get(w, 0) for w in walls), max_nodes, decompose)
    if known:
        search.reuse(known)
    try:
        value = search.win(search.root, 0, search.o0)
    except (_OutOfBudget, RecursionError):  # a very deep line is treated as out of budget
        value = None
    if known is not None:
        known.append((search.demands, search.root.memo))
    return value, search.nodes


def local_region_value(position: Position, color: Color, region: int, need: int,
                       max_nodes: int = _DEFAULT_NODES, decompose: bool = True) -> tuple[bool | None, int]:
    """Value of the local game of ``region`` for ``color`` (True, False, or None when out of budget), nodes.

    ``region`` must be a P-region of ``color`` (a maximal connected set of
    points holding no ``color`` stone); every wall chain with a liberty in it
    demands ``need``.  ``decompose`` switches the decomposition into parts on
    or off (the value is the same; only the work differs).
    """
    walls = _wall_chains(position, color, region)
    return _region_value(position, color, region, {w: need for w in walls}, max_nodes, decompose)


@dataclass(frozen=True)
class SafeGroup:
    """A proven safe group of ``color``: its chains, its regions (bitboards) with the largest demand
    made in each, the demand of each chain in each region (``demands``: (region, chain stones,
    demand), chains demanding 0 left out) and the nodes searched for the whole colour."""

    color: Color
    chains: frozenset[Chain]
    regions: tuple[tuple[int, int], ...]  # (region points, largest demand)
    nodes: int
    demands: tuple[tuple[int, int, int], ...] = ()


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
                max_nodes: int = _DEFAULT_NODES, total_nodes: int = _DEFAULT_TOTAL_NODES,
                decompose: bool = _DEFAULT_DECOMPOSE, expend: bool = _DEFAULT_EXPEND,
                prefilter: bool = True) -> list[SafeGroup]:
    """The safe groups of ``color`` (module docstring), found as a fixpoint over regions.

    Regions with more than ``max_empty`` empty points or ``max_points`` points are not searched; each
    local search is bounded by ``max_nodes`` positions and all of them together
    by ``total_nodes`` (smallest regions first; a region not settled within the
    budget is dropped, which only removes proofs).  The budget counts positions,
    not seconds, so the result does not depend on the machine's load.

    First every region is searched with demand 1 for each of its demanding chains
    (2 for a chain that has no other won region), as a Benson-like fixpoint.  Then,
    with ``expend`` (Niu and Müller's expend-vital), the regions lost there are searched
    again with demand 0 for the chains already safe by the first fixpoint (their credit
    comes from other regions), and a second fixpoint adds the chains that collect a
    credit of 2 from them.  ``prefilter`` (on by default) skips, without a search, the regions
    that cannot serve any safe group whatever their value (see the comment in the body); with
    enough budget the groups are the same either way.
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
    value: dict[tuple, bool | None] = {}
    memos: dict[int, list] = {}  # per region, its earlier searches (_LocalSearch.reuse)

    def demands(c: Chain, r: int) -> bool:
        return bool(c.liberties & r)

    # Optimistic pre-filter, no search: a chain collects credit only from regions in which it is
    # demanding, at most 2 from a region of three or more points (two eyes need two points that
    # are not adjacent, so a connected region of at least three) and 1 from a smaller one; and a
    # region can serve only if every chain around it can reach credit 2.  A region outside this
    # fixpoint is never part of a safe group, so it is not searched: that only leaves more of the
    # node budget to the others (the values of the regions searched do not change).
    live = {c for cs in cand.values() for c in cs}
    while prefilter:
        pot = dict.fromkeys(live, 0)
        for r, cs in cand.items():
            w = 2 if r.bit_count() >= 3 else 1
            for c in cs:
                if demands(c, r):
                    pot[c] += w
        gone = {c for c, k in pot.items() if k < 2}
        if not gone:
            break
        live -= gone
        cand = {r: cs for r, cs in cand.items() if all(c in live for c in cs)}

    def search(r: int, dem: dict[Chain, int]) -> bool | None:
        """The region's value with these demands (demanding chains only), None if out of budget."""
        nonlocal nodes
        key = (r, tuple(sorted((c.stones, d) for c, d in dem.items() if d and demands(c, r))))
        if key not in value:
            if nodes >= total_nodes:
                value[key] = None
            else:
                v, k = _region_value(position, color, r, {c.stones: d for c, d in dem.items()},
                                     min(max_nodes, total_nodes - nodes), decompose, memos.setdefault(r, []))
                nodes += k
                value[key] = v
        return value[key]

    def ok(r: int, need: int) -> bool:
        if need == 2 and not ok(r, 1):
            return False
        return bool(search(r, {c: need for c in cand[r]}))

    # Smallest regions first, so that a spent time budget drops the expensive ones.
    order = sorted(cand, key=lambda r: (r.bit_count(), r))
    regions = {r for r in order if ok(r, 1)}
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
    needs: dict[int, dict[Chain, int]] = {r: {c: 1 for c in cand[r] if demands(c, r)} for r in regions}
    for c in alive:
        rs = [r for r in regions if c in cand[r] and demands(c, r)]
        if len(rs) == 1:
            needs[rs[0]] = {x: 2 for x in needs[rs[0]]}
    if expend:
        def retry(r: int) -> bool:  # lost with demand 1 (not out of budget, not won)
            return value.get((r, tuple(sorted((c.stones, 1) for c in cand[r] if demands(c, r))))) is False

        _expend_vital(cand, alive, needs, ok, retry, search, demands)
    # Group the result into connected groups (chains linked through regions).
    H = nx.Graph()
    for r in needs:
        H.add_node(("r", r))
        for c in cand[r]:
            H.add_edge(("r", r), ("c", c))
    out = []
    for comp in nx.connected_components(H):
        cs = frozenset(n[1] for n in comp if n[0] == "c")
        rs = sorted(n[1] for n in comp if n[0] == "r")
        out.append(SafeGroup(color, cs, tuple((r, max(needs[r].values(), default=0)) for r in rs), nodes,
                             tuple((r, c.stones, d) for r in rs for c, d in sorted(needs[r].items(),
                                                                                    key=lambda cd: cd[0].stones) if d)))
    return out


def _expend_vital(cand: dict[int, list[Chain]], alive: set[Chain], needs: dict[int, dict[Chain, int]],
                  ok, retry, search, demands) -> None:
    """Add regions won when the chains of ``alive`` demand nothing there, and the chains they make safe
    (a second fixpoint; ``alive`` and ``needs`` are updated in place).

    The chains of ``alive`` already have a credit of 2 from the regions of ``needs``, which are
    bordered by chains of ``alive`` only, so nothing below can remove them: a region added here
    is dropped only when one of its other chains is, and such a chain borders no region of
    ``needs`` (it is not in ``alive``).  A region won with demand 1 for all its chains is won
    with any smaller demands (the value is monotone in the demands), so it needs no new search.
    """
    safe = set(alive)
    new: dict[int, dict[Chain, int]] = {}
    for r in sorted(cand, key=lambda r: (r.bit_count(), r)):
        if r in needs:
            continue
        dem = {c: 0 if c in safe else 1 for c in cand[r] if demands(c, r)}
        if ok(r, 1) or (retry(r) and search(r, dem)):
            new[r] = dem
    while True:
        credit: dict[Chain, list[int]] = {}
        for r, dem in new.items():
            for c, d in dem.items():
                if d:
                    credit.setdefault(c, []).append(r)
        dropped = set()
        for r in new:
            for c in cand[r]:
                if c in safe or c in dropped:
                    continue
                rs = credit.get(c, [])
                total = sum(new[x][c] for x in rs)
                if total >= 2:
                    continue
                if len(rs) == 1 and new[rs[0]][c] == 1:
                    dem2 = dict(new[rs[0]])
                    dem2[c] = 2
                    if search(rs[0], dem2):
                        new[rs[0]] = dem2
                        continue
                dropped.add(c)
        if not dropped:
            break
        new = {r: dem for r, dem in new.items() if not any(c in dropped for c in cand[r])}
    for r, dem in new.items():
        needs[r] = dem
        alive.update(cand[r])


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
        per_region: dict[int, list[tuple[int, int]]] = {}
        for r, stones, d in group.demands:
            per_region.setdefault(r, []).append((stones, d))
        for r, need in group.regions:
            all_regions |= r
            e = r & position.empty_bits
            o = r & position.stones(color.opponent)
            what = f"{e.bit_count()} empty point{'s' * (e.bit_count() != 1)}"
            if o:
                what += f" and {o.bit_count()} {color.opponent.word} stone{'s' * (o.bit_count() != 1)}"
            wall = [c for c in group.chains if c.stones & dilate(r, geometry(size))]
            asked = per_region.get(r, [])
            if asked and len(asked) == len([c for c in wall if c.liberties & r]) and len({d for _s, d in asked}) <= 1:
                keeps = f"keeps {need} libert{'y' if need == 1 else 'ies'} of every wall string after each answer"
            else:
                keeps = ("after each answer keeps " + ", ".join(
                    f"{d} libert{'y' if d == 1 else 'ies'} of the string at {_vertices(st & -st, size)}"
                    for st, d in asked) + ("; the other wall strings are safe by their other regions" if asked else
                                           "nothing: its wall strings are safe by their other regions"))
            parts.append(f"{{{_vertices(r, size, 3)}}} ({what}; {keeps})")
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
