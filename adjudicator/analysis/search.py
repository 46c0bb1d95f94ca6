"""Exact proof search for independent life (AJR 2008, "Independent Life").

The game searched, for a string S of player P in a position (AJR, as made exact
in design.md section 2):

- a *move-sequence* starts from the position with P's opponent O to move and
  ends with ``end_passes`` (AJR: three) successive passes;
- a move is a play or a pass; suicide is prohibited; **basic ko**: a play may
  not recreate the position just before the previous move (a pass lifts the
  ban); **fixed ko**: a play is prohibited if the pair (position just before
  it, position just after it) equals that of an earlier play of the same
  move-sequence, a position being the stone arrangement;
- plays are allowed only inside ``area`` (the local problem of design.md
  section 2, layer 2); passes are always allowed;
- P wins iff the move-sequence ends in a position containing a
  two-eye-formation of P that shares an intersection with S's points in the
  starting position (S itself need not survive).  The search takes the minimax
  value of that game ("perfect play").

Terminal tests used at every node, both exact:

- a formation of P sharing an intersection with S is on the board: P wins,
  because nobody but P can change it (see :mod:`.twoeye`) and P can pass to
  the end;
- O to move after ``end_passes - 1`` successive passes: O passes, the
  sequence ends, and there is no formation (else the first test fired): P
  loses.  Symmetrically P never passes there (that pass loses).
- no room for two eyes (:meth:`_Searcher._eye_room` is 0): if O passes at
  every turn from here, P can never again have a formation sharing an
  intersection with S, whatever P plays, so P loses.  The proof is in that
  method's docstring: it rests on points outside ``area`` that are empty
  (nobody can ever play there), the O chains next to them (never
  capturable) and the O chains that Benson's algorithm proves pass-alive
  (never captured while O passes).

Every move-sequence is finite: a play changes the stone arrangement, so the
pairs of fixed ko are pairs of distinct arrangements; there are finitely many,
each used at most once, and between two plays there are fewer than
``end_passes`` passes.  Finite but possibly long, so the search is bounded by
nodes and seconds and answers ``unknown`` when the bound is hit.

The algorithm is a depth-first AND/OR search (boolean alpha-beta: an OR node of
P stops at the first winning move, an AND node of O at the first refutation)
with move ordering (the move stored for the position, captures, saving
ataris, ataris, points near S with many empty neighbours, passes last), a
one-move look-ahead for P's immediate formation, and a transposition table
whose soundness under fixed ko is argued in :class:`_Searcher` (entries
carry the part of the line's history their proof can depend on, narrowed by
a sieve of the proof's own positions and plays, and a win is reused under a
history that binds the loser more and the winner less: items 6 and 7 there).  At O's nodes
(with the table on) every legal play is generated first: a play after which P
has no room for two eyes, or whose position the table already knows as lost
for P under the current history (an *enhanced transposition cut-off*), ends
the node at once; otherwise O's plays are tried in order of the room they
leave P (least first; the stored move stays first).  Right after P's pass, O
tries the pass first: when P passed last at its node (passes are P's last
option), all of P's plays there are already refuted and stored, so after O's
pass P's plays are table hits under the same history (a pass adds no fixed-ko
pair), except a basic-ko retake that the passes allow again.  O's other pass
comes after its other plays, or, in every other phase of
:meth:`_Searcher.run`, before O's quiet plays; in both, O's plays that leave
one of its chains of two stones or more in atari come after the pass.  At P's
nodes, likewise, the moves that the look-ahead generated are looked up before
the first is searched: a child the table knows as won for P under its own
history ends the node (:meth:`_Searcher._p_cutoff`).
Black's single stones of ``cases/bent-four-outside-liberty`` (alive by
capturing the corner after a ko fight) took 1,849,501 (A2) positions to a
proof before items 6 and 7 and this cut-off, and take 249,448 (A2) and
298,299 (B1) with them.  On the ko precedents of ``cases/`` these changes cut the nodes
to a proof by 10 to 700 times, and the double-ko sekis, unproven in millions
of nodes before, take 16,000 to 250,000 (``benchmarks/search_ko.py``).
Since the room test also counts O's chains that Benson's algorithm proves
pass-alive as permanent, and O's self-ataris come after its pass, they take
555 to 7,805 (and A2, B1 above 268,659 and 245,566); the eyeless double-ko
seki of ``cases/double-ko-seki`` (the threat source of
``cases/moonshine-life``), whose White strings had no proof within 300,000
nodes, takes 189 (E9) and 205 (C9).  With 64 table entries per key (4
before), the history rule of item 6 that counts only the loser's nodes and
the winner's plays, and the killer probe of :meth:`_Searcher._o_cutoff`,
the quadruple-ko seki of ``cases/four-ko-gnugo`` takes 12,884 positions
(White's B5; 1,007,112 before) and 4,834 (Black's C4; 9,052), the
benchmark's strings 95 to 4,830 (A2, B1: 267,174 and 229,488).

Iterative deepening on the number of moves is available but off by default:
on the benchmark (``benchmarks/search_small.py``) it searched more nodes than
plain depth-first search, because most proofs here are deep (every line of the
loser must reach three passes).

Pruning is sound only: the three terminal tests above, fixed-ko and basic-ko
legality, and the cut-offs of the AND/OR search (including the table's).
Nothing is pruned because it "looks" useless; the ordering changes which
refutation is found, never the value.
"""

from __future__ import annotations

import time
from bisect import bisect_left, insort
from dataclasses import dataclass, field

from ..board import Color, Geometry, Position, flood, geometry, iter_bits
from ..coords import Move, Point, format_move, vertex_from_point
from ..errors import InvalidVertex
from .twoeye import formation_touching_bits

__all__ = ["SearchResult", "prove_independent_life"]

_WIN, _LOSS, _UNKNOWN = 1, 0, 2  # values from P's point of view
_PASS = -1  # the pass, as a flat index
_EMPTY: frozenset = frozenset()
_MAX_DEPTH = 600  # plies; deeper lines are cut (value unknown), far below Python's recursion limit
_CACHE_SIZE = 200_000  # positions whose static order, win test and room are kept (cleared when full)
# Entries kept per key (different histories), oldest dropped first.  In a ko fight few
# positions recur under many histories: cases/four-ko-gnugo (White's B5) has 1,251 keys, and
# with 4 entries per key 416,000 lookups found the bucket full of other histories and the proof
# took 1,007,112 positions (43 s); with 16, 33,264; with 64, 22,380 (2 s).  Every stored entry
# costs a node, so the table never holds more entries than positions searched.
_BUCKET = 64
_PHASE_NODES = 10_000  # nodes of the first phase of each ordering (see _Searcher.run)


@dataclass(frozen=True)
class SearchResult:
    """Outcome of :func:`prove_independent_life`.

    Fields
    ------
    status : str
        ``"alive"``: the string is independently alive (P forces a
        two-eye-formation sharing an intersection with it); ``"not_alive"``:
        it is not (dead, or in seki, or anything else without such a
        formation); ``"unknown"``: the node or time budget ran out first.
    proven : bool
        True exactly when ``status`` is not ``"unknown"``: the status is the
        exact value of the local game described in the module docstring.
    nodes : int
        Positions generated, including those of the principal variation.
    seconds : float
        Wall-clock time of the whole call.
    sequence : list[Move]
        The principal variation from the starting position, O first, ending
        with ``end_passes`` successive passes: for ``"not_alive"`` O's
        refutation against P's most stubborn defence, for ``"alive"`` P's
        answers to O's most stubborn attack.  Empty when ``"unknown"``; may
        stop short of the passes if its own budget ran out (the reason says so).
    reason : str
        One paragraph for a referee: what was searched and what was found.
    """

    status: str
    proven: bool
    nodes: int
    seconds: float
    sequence: list[Move] = field(default_factory=list)
    reason: str = ""


class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


class _PhaseOver(Exception):
    """Raised inside the search when the nodes of one ordering phase (see ``_Searcher.run``) are spent."""


def _adjacent(bits: int, g: Geometry) -> int:
    n = g.size
    return (((bits << 1) & g.not_first_col) | ((bits >> 1) & g.not_last_col) | (bits << n) | (bits >> n)) & g.full


def _has_liberty(stone: int, stones: int, empty: int, g: Geometry) -> bool:
    """True if the chain of ``stones`` through the single bit ``stone`` touches ``empty``."""
    if g.neighbours[stone.bit_length() - 1] & empty:
        return True
    region = frontier = stone
    while frontier:
        grown = _adjacent(frontier, g)
        if grown & empty:
            return True
        frontier = grown & stones & ~region
        region |= frontier
    return False


def _play(mover: int, other: int, flat: int, ko: int, g: Geometry) -> tuple[int, int, int, int] | None:
    """Play ``flat`` for the stones ``mover``: ``(mover, other, captured, ko)`` after it, or None.

    None when the play is suicide or retakes a basic ko (``ko`` is the point
    the mover may not take).  The new ``ko`` is the point the *next* mover may
    not take, or 0.  Same rules as :meth:`Position.play` (see board.py's module
    docstring); ``tests/test_search.py`` checks that they agree.
    """
    p = 1 << flat
    mover |= p
    empty = g.full & ~(mover | other)
    nbrs = g.neighbours[flat]
    captured = 0
    adj = nbrs & other
    while adj:
        q = adj & -adj
        adj ^= q
        if captured & q:
            continue
        if not _has_liberty(q, other, empty, g):
            chain = flood(q, other, g)
            captured |= chain
            adj &= ~chain
    if captured:
        other &= ~captured
        empty |= captured
        single = captured & (captured - 1) == 0
        if single and p == ko:
            return None
        if single and not nbrs & mover and nbrs & empty == captured:
            return mover, other, captured, captured
        return mover, other, captured, 0
    if not _has_liberty(p, mover, empty, g):
        return None
    return mover, other, 0, 0


def _pass_alive_stones(own: int, other: int, seeds: int, fixed: int, g: Geometry) -> int:
    """Stones of ``own``'s chains through ``seeds`` that Benson's algorithm proves pass-alive.

    Benson (1976), as in :mod:`.benson` but on bitboards, with one addition:
    the stones ``fixed`` (whole chains of ``own`` that can never be captured,
    here the chains next to a point that stays empty for good) enclose regions
    like pass-alive chains, without needing vital regions of their own.  A
    *region* is a maximal connected set of points without ``own`` stones; it is
    *vital* to a chain when every empty point of it is a liberty of the chain.
    Starting from the candidate chains (those through ``seeds``, less
    ``fixed``): drop the regions bordered by an ``own`` stone that is neither
    a candidate's nor ``fixed``, drop the candidates with fewer than two vital
    regions among those kept, and repeat until nothing changes.

    Claim: if ``own`` passes at every turn from here, no sequence of plays of
    the other player captures a stone of the result (suicide being
    prohibited).  Proof (Benson's, with ``fixed``): suppose some play captures
    one first; it captures a chain c of the result (``fixed`` chains are never
    captured).  c has two vital regions R1, R2, each bordered only by chains of
    the result or ``fixed``, none captured before this play.  The capturing
    play fills c's last liberty, which lies in at most one of them, say not in
    R2; so every empty point of R2 (all liberties of c) was filled earlier, by
    the other player (``own`` only passes).  The play that filled the last
    empty point of R2 left the stones in R2 without a liberty: R2 holds no
    empty point then, and its border is ``own`` stones not yet captured.  That
    play was suicide unless it captured a chain of the result or ``fixed``,
    before the first such capture: a contradiction.  A region with no empty
    point (only the other player's stones, without a liberty) cannot occur.

    Starting from fewer candidates than Benson's (the chains far from
    ``seeds`` are left out, and regions that touch them are dropped) keeps the
    argument: it needs only that the result is closed under the two rules.
    """
    full = g.full
    empty = full & ~(own | other)
    chains = []
    libs_all = 0
    todo = own & seeds & ~fixed
    while todo:
        chain = flood(todo & -todo, own, g)
        todo &= ~chain
        libs = _adjacent(chain, g) & empty
        chains.append((chain, libs))
        libs_all |= libs
    if not chains:
        return 0
    not_own = full & ~own
    # A region holding an empty point that is no candidate's liberty is vital to no
    # candidate: such points stop a flood, and so do the regions found that way.
    stop = empty & ~libs_all
    regions = []
    starts = 0
    for chain, _ in chains:
        starts |= chain
    starts = _adjacent(starts, g) & not_own & ~stop
    while starts:
        region = front = starts & -starts
        vital = True
        while front:
            grown = _adjacent(front, g) & not_own & ~region
            region |= grown
            if grown & stop:
                vital = False
                break
            front = grown
        starts &= ~region
        if not vital:
            stop |= region
            continue
        eyes = region & empty
        if eyes:
            regions.append((eyes, _adjacent(region, g) & own))
    alive = chains
    while True:
        kept_stones = fixed
        for chain, _ in alive:
            kept_stones |= chain
        regions = [(eyes, border) for eyes, border in regions if not border & ~kept_stones]
        keep = []
        for chain, libs in alive:
            vital = 0
            for eyes, border in regions:
                if border & chain and not eyes & ~libs:
                    vital += 1
                    if vital == 2:
                        keep.append((chain, libs))
                        break
        if len(keep) == len(alive):
            break
        alive = keep
    out = 0
    for chain, _ in alive:
        out |= chain
    return out


# log2 of the bits of a proof's arrangement sieve (item 6 of _Searcher).  Outside-liberty bent
# four, Black's A2: 12 bits 552,659 positions to the proof, 14 bits 470,935 (peak memory 133 / 242 MB).
_SIEVE_BITS = 14
_SIEVE_MASK = (1 << _SIEVE_BITS) - 1


def _sieve_bit(arrangement: int) -> int:
    """The bit of an arrangement in a sieve (a one-hash Bloom filter; ``hash`` of an int is the
    same in every process, so node counts are reproducible)."""
    return 1 << ((((hash(arrangement) & 0xFFFFFFFFFFFFFFFF) * 0x9E3779B97F4A7C15) >> 40) & _SIEVE_MASK)


def _play_bit(before: int, after: int) -> int:
    """The bit of a play (its fixed-ko pair) in a proof's sieve (item 6 of _Searcher)."""
    return _sieve_bit(hash((before, after)))


def _join(a: int | None, b: int | None) -> int | None:
    """The sieve of a proof made of two parts (None: unknown, a part is unproven)."""
    if a is None or b is None:
        return None
    return a | b


class _Entry:
    """One transposition-table entry; see :class:`_Searcher` for the fields' meaning."""

    __slots__ = ("value", "cap", "hrel", "safe", "depth", "best", "effort", "arrs")

    def __init__(
        self, value: int, cap: int, hrel: frozenset, safe: frozenset, depth: int, best: int, effort: int,
        arrs: int | None,
    ) -> None:
        self.value = value
        self.cap = cap
        self.hrel = hrel
        self.safe = safe
        self.depth = depth
        self.best = best
        self.effort = effort
        self.arrs = arrs


class _Searcher:
    """The AND/OR search of one problem; state is relative: ``p`` = P's stones, ``o`` = O's.

    A node is ``(p, o, p_to_move, ko, passes)`` plus the history that matters
    for fixed ko: the set ``pairs`` of (before, after) arrangements of the plays
    on the path from the root, each arrangement packed as ``p | o << nn``.

    **Transposition table and fixed ko** (the graph-history interaction of
    Kishimoto & Müller 2004).  Entries are keyed by the node without its
    history and carry ``cap``, ``hrel``; a stored value is reused under another
    history only if ``hrel`` matches.  Soundness argument:

    1. The value of a node depends on the history only through which plays are
       prohibited by fixed ko, and a play from arrangement ``x`` is prohibited
       by a history pair only if that pair's *before* arrangement is ``x``.
    2. A proven value is derived from a *proof*: the node, and recursively the
       children it used (the winning child at a node whose mover wins, all
       children at a node whose mover loses), down to exact terminal tests.
       If at every node of the proof the set of legal moves is the same under
       history H' as under H, the proof is a proof under H' too (induction
       from the leaves; the terminal tests look at the board only).
    3. ``cap`` is the union of the points captured by the plays of the proof.
       Every arrangement ``x`` in the proof of a node with arrangement ``b``
       satisfies: each stone of ``b`` is in ``x`` with the same colour or lies
       in ``cap`` (stones only leave the board by capture).  Call a history
       pair *relevant* when its before-arrangement ``b1`` satisfies the same
       condition (each stone of ``b`` is in ``b1`` or in ``cap``).  Pairs that
       are not relevant can prohibit nothing in the proof (1).
    4. ``hrel`` is the set of relevant pairs of the history when the entry was
       stored.  At a lookup with history H' the relevant pairs of H' are
       computed with the entry's ``cap``; if they equal ``hrel``, H and H'
       agree on every pair that can prohibit a play in the proof, so (2) the
       stored value holds.  Pairs created below the node on a path are the
       same in both cases, since they are made by the proof's own plays.
    5. Proofs nest: a table hit inside a proof contributes its ``cap``, and a
       pair relevant to an inner node is relevant to the outer one (its
       stones are in ``b1`` or were captured on the way), so the check at the
       inner node is implied by the check at the outer one.

    In the common case no capture happens below a node (``cap`` = 0) and no
    earlier arrangement contains the current one, so ``hrel`` is empty and the
    entry is shared by every history.  Unproven entries (a depth limit was
    hit below the node) are stored the same way with their depth; they never
    enter a proof, so they cannot make a verdict wrong.  The ordering hints
    (``hint``, the move last found best for a key) ignore history: they
    change the order of the search, never its result.

    The room test (:meth:`_eye_room`) is a terminal test on the board alone,
    valid under every history, so a proof ending in it has ``cap`` 0 there.
    The cut-offs at O's nodes (:meth:`_o_cutoff`) and P's (:meth:`_p_cutoff`)
    look a child up with the child's own history (the play's pair pushed,
    exactly as :meth:`solve` would), so the entry's proof is a proof of the
    child; the node's proof is that move plus the child's proof, whose ``cap``
    is the play's captures plus the entry's ``cap``, as after a searched
    child.  The caches of the static order, the win test and the room test
    (``order_cache``, ``won_cache``, ``room_cache``) hold functions of the
    board alone: they change the time, never a node count or a value.

    Two refinements of 4., both exact (``tests/test_search.py`` checks them
    against the search without the table on random ko-rich positions):

    6. *The proof's sieve* (``arrs``).  Each result carries a one-hash Bloom
       filter of ``2**_SIEVE_BITS`` bits of the arrangements of the proof's
       loser's nodes (:func:`_sieve_bit`) and of the winner's plays the
       proof makes (:func:`_play_bit` of their pairs; the two share the bits,
       so a collision may also be between the two kinds).  A loser's node or-s its
       own arrangement's bit with the sieves of all its children, a winner's
       node its chosen play's bit (none for a pass) with that child's sieve;
       a table hit gives its stored sieve, a terminal test 0, an unknown
       child None (a proven entry's None would count as a full sieve).  An
       entry stores ``hrel``: the relevant pairs (3.) of the history that the
       loser made and whose before-arrangement's bit is in the sieve, and
       ``safe``: the relevant pairs that the winner made and whose play bit
       is in the sieve.  It is reused under history H' if every pair of
       ``hrel`` is in H' and every relevant pair of H' that the winner made
       and whose play bit is in the sieve is in ``safe``.
       Proof, with H the history at the store, of (a) and (b) of 7. (where
       *winner*, *loser* and their nodes are defined): (a) a loser play from
       the arrangement x of a loser's node, prohibited by a pair of H, is
       prohibited by a pair that the loser made, whose before is x (its bit
       is in the sieve) and which is relevant (x is an arrangement of
       the proof, 3.): a pair of ``hrel``, so in H'.  (b) A pair of H' equal
       to a winner's play (x, y) of the proof was made by the winner, is
       relevant and has its play bit in the sieve, so the check puts it in
       ``safe``, a pair of H; but the play is legal under H, so there is no
       such pair.  Pairs pushed below the node on a path are the proof's
       own, the same under H and H' (4.).  A collision in the sieve only
       puts a pair into ``hrel`` that did not need to be there, or one more
       pair of H' under the check (``safe`` needs no sieve at all: no pair
       of H is a winner's play of the proof; the sieve only keeps it small).
       Nesting (5.): a table hit's proof, expanded, is part of the proof, and
       its sieve is part of the proof's sieve, so the argument covers its
       nodes too.  This matters in ko fights: there ``cap`` covers the whole
       fight, so with 3. alone almost every earlier position of the line
       stays relevant.  The rule before this one kept a single sieve of
       every inner node's arrangement: a pair of H' new since the store and
       made by the winner spoilt the entry if it left any node of the proof
       (now only if it is one of the winner's plays there), and one made by
       the loser and missing now if it left any node (now only a loser's
       node); the proof of ``cases/four-ko-gnugo`` (White's B5, 64 entries
       per key) took 22,380 positions with it, 16,772 with this one.
    7. *Monotone reuse*.  A pair made by a play of P (the after-arrangement
       has a P stone the before-arrangement lacks) can only prohibit P's
       plays, one made by O only O's.  Call the side that wins in a proof
       the *winner*, the other the *loser*; the proof has *loser's nodes*
       (the loser to move: every legal move refuted) and *winner's nodes*
       (one move chosen).  By 1. and 2. a proof under history H is a proof
       under H' if (a) at each loser's node every loser play that a pair of
       H prohibits is prohibited by H' too (the loser has no play the proof
       did not refute) and (b) at each winner's node no pair of H' prohibits
       the chosen play (a pass is always legal).  More prohibited loser plays
       and fewer prohibited winner plays are both fine.  6. checks (a) and
       (b) on the pairs that can matter.
    """

    def __init__(
        self,
        p: int,
        o: int,
        target: int,
        area: int,
        g: Geometry,
        end_passes: int,
        max_nodes: int,
        deadline: float,
        use_tt: bool,
        anchors: int = 0,
        anchor_eyes: bool = False,
    ) -> None:
        self.g = g
        self.anchors = anchors
        self.anchor_eyes = anchor_eyes and bool(anchors)
        self.nn = g.size * g.size
        self.target = target
        self.area = area
        self.end_passes = end_passes
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.use_tt = use_tt
        self.nodes = 0
        self.phase_end = float("inf")  # node count that ends the current ordering phase
        self.pass_early = False  # O's pass before its quiet plays (see run)
        self.order_cache: dict[tuple, list[int]] = {}
        self.won_cache: dict[tuple[int, int], bool] = {}
        self.room_cache: dict[tuple[int, int], int] = {}
        self.tt: dict[tuple, list[_Entry]] = {}
        self.hint: dict[tuple, int] = {}
        self.killer: dict[int, int] = {}  # per depth, O's last play that left P no room
        self.pairs: set[tuple[int, int]] = set()
        # the path's plays as (stones before, sequence number, p before, o before, pair), sorted
        self.by_count: list[tuple] = []
        self.seq = 0
        self.root = (p, o)
        # Static weight of each point: nearness to the target (3 on it, 0 far).
        weight = [0] * self.nn
        ring = target
        seen = 0
        for w in (3, 2, 1):
            for flat in iter_bits(ring & ~seen):
                weight[flat] = w
            seen |= ring
            ring = (ring | _adjacent(ring, g)) & g.full
        self.weight = weight

    # -- budget ------------------------------------------------------------

    def _count(self, k: int = 1) -> None:
        self.nodes += k
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget
        if self.nodes >= self.phase_end:
            raise _PhaseOver
        if self.nodes & 511 < k and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    # -- transposition table ---------------------------------------------------

    def _relevant_items(self, p: int, o: int, cap: int) -> list[tuple]:
        """The path's items (see :meth:`_push`) whose before-arrangement holds every stone of
        (p, o) not in ``cap``.

        ``self.by_count`` lists the path's before-arrangements sorted by their
        number of stones, so only those with at least as many stones as the
        ones to be found are examined.
        """
        kp, ko_ = p & ~cap, o & ~cap
        index = self.by_count
        first = bisect_left(index, ((kp | ko_).bit_count(),))
        return [item for item in index[first:] if kp & ~item[2] == 0 and ko_ & ~item[3] == 0]

    def _relevant(self, p: int, o: int, cap: int) -> frozenset:
        """History pairs whose before-arrangement holds every stone of (p, o) not in ``cap``."""
        return frozenset(item[4] for item in self._relevant_items(p, o, cap))

    def _history(self, p: int, o: int, value: int, cap: int, arrs: int | None) -> tuple[frozenset, frozenset]:
        """``(hrel, safe)`` of a proof of ``value`` under the current history (item 6 of the
        class docstring).  ``hrel``: the pairs it relies on being there, those of
        :meth:`_relevant` with its ``cap`` that the proof's loser made and whose
        before-arrangement's bit is in the sieve ``arrs``; all relevant pairs if the value is
        unknown.  ``safe``: the relevant pairs the winner made whose play bit is in the sieve
        (none of them is a play of the proof, which is legal under this history, so they may
        stay).  An unknown sieve (None) counts as full."""
        if value == _UNKNOWN:
            return self._relevant(p, o, cap), _EMPTY
        if not arrs and arrs is not None:
            return _EMPTY, _EMPTY
        if arrs is None:
            arrs = -1
        p_loses = value == _LOSS
        hrel = []
        safe = []
        for item in self._relevant_items(p, o, cap):
            if item[7] == p_loses:
                if item[5] & arrs:
                    hrel.append(item[4])
            elif item[6] & arrs:
                safe.append(item[4])
        return (frozenset(hrel) if hrel else _EMPTY), (frozenset(safe) if safe else _EMPTY)

    def _lookup(self, key: tuple, p: int, o: int, depth: int) -> _Entry | None:
        """A valid entry for the node under the current history (item 6), or None."""
        pairs = self.pairs
        scanned: dict[int, list[tuple]] = {}
        for e in self.tt.get(key, ()):
            if e.value == _UNKNOWN:
                if e.depth >= depth and self._relevant(p, o, e.cap) == e.hrel:
                    return e
                continue
            if not e.hrel <= pairs:
                continue  # a pair that kept a play of the loser out is gone
            arrs = -1 if e.arrs is None else e.arrs
            if arrs:
                items = scanned.get(e.cap)
                if items is None:
                    items = scanned[e.cap] = self._relevant_items(p, o, e.cap)
                p_wins = e.value == _WIN
                safe = e.safe
                if any(item[7] == p_wins and item[6] & arrs and item[4] not in safe for item in items):
                    continue  # a pair may prohibit a play of the winner's
            return e
        return None

    def _store(
        self, key: tuple, p: int, o: int, value: int, cap: int, depth: int, best: int, effort: int,
        arrs: int | None = None,
    ) -> None:
        if best is not None:
            self.hint[key] = best
        if not self.use_tt:
            return
        if value == _UNKNOWN:
            arrs = None
        hrel, safe = self._history(p, o, value, cap, arrs)
        entry = _Entry(value, cap, hrel, safe, depth, best, effort, arrs)
        bucket = self.tt.setdefault(key, [])
        for i, e in enumerate(bucket):
            if e.hrel == hrel and e.cap == cap and e.arrs == arrs or e.value == _UNKNOWN:
                bucket[i] = entry
                return
        if len(bucket) >= _BUCKET:
            bucket.pop(0)
        bucket.append(entry)

    def _push(self, p: int, o: int, pair: tuple[int, int]) -> tuple:
        """Record a play from (p, o) on the path (fixed ko and relevance index).

        The item: (stones before, sequence number, p before, o before, pair,
        the before-arrangement's sieve bit, the play's sieve bit, made by P).
        """
        self.pairs.add(pair)
        self.seq += 1
        before, after = pair
        item = ((p | o).bit_count(), self.seq, p, o, pair, _sieve_bit(before), _play_bit(before, after),
                bool(after & ~before & ((1 << self.nn) - 1)))
        insort(self.by_count, item)
        return item

    def _pop(self, item: tuple) -> None:
        self.pairs.discard(item[4])
        index = self.by_count
        del index[bisect_left(index, item[:2])]

    # -- moves -------------------------------------------------------------

    def _ordered_points(self, p: int, o: int, p_to_move: bool, hint: int | None) -> list[int]:
        """Empty points of the area, most promising first (no legality check); a new list.

        The stored move ``hint`` first, then the static order of
        :meth:`_static_order` (kept per position: it depends on the board alone).
        """
        key = (p, o, p_to_move)
        order = self.order_cache.get(key)
        if order is None:
            if len(self.order_cache) >= _CACHE_SIZE:
                self.order_cache.clear()
            order = self.order_cache[key] = self._static_order(p, o, p_to_move)
        if hint is None or hint == _PASS or hint not in order:
            return list(order)
        return [hint] + [flat for flat in order if flat != hint]

    def _static_order(self, p: int, o: int, p_to_move: bool) -> list[int]:
        """Empty points of the area, most promising first.

        Static features from one flood per chain near the area: captures (an
        opponent chain's last liberty), ataris (one of two liberties), saving
        an own chain in atari, nearness to the target, and the number of empty
        neighbours (the vital point of an eye space has the most).
        """
        g = self.g
        mover, other = (p, o) if p_to_move else (o, p)
        empty = g.full & ~(p | o)
        points = self.area & empty
        if not points:
            return []
        bonus: dict[int, int] = {}
        near = _adjacent(points, g)
        for stones, is_other in ((other, True), (mover, False)):
            todo = stones & near
            while todo:
                chain = flood(todo & -todo, stones, g)
                todo &= ~chain
                libs = _adjacent(chain, g) & empty
                n_libs = libs.bit_count()
                if n_libs == 1:
                    # capture it / save it
                    gain = 64 * chain.bit_count() if is_other else 40 + 8 * chain.bit_count()
                elif n_libs == 2 and is_other:
                    gain = 24
                else:
                    continue
                for flat in iter_bits(libs & points):
                    bonus[flat] = bonus.get(flat, 0) + gain
        weight = self.weight
        nbrs = g.neighbours
        scored = []
        for flat in iter_bits(points):
            score = bonus.get(flat, 0) + 4 * weight[flat] + 3 * (nbrs[flat] & empty).bit_count()
            scored.append((-score, flat))
        scored.sort()
        return [flat for _, flat in scored]

    # -- the search ----------------------------------------------------------

    def _won(self, p: int, o: int) -> bool:
        """:meth:`_won_now`, kept per position (a function of the board alone)."""
        key = (p, o)
        hit = self.won_cache.get(key)
        if hit is None:
            if len(self.won_cache) >= _CACHE_SIZE:
                self.won_cache.clear()
            hit = self.won_cache[key] = self._won_now(p, o)
        return hit

    def _won_now(self, p: int, o: int) -> bool:
        """P has won: a formation shares a point with S, or S is joined to an anchor.

        An *anchor* is a stone of a chain proven alive by an eye pair
        (:func:`.static.eye_pair_life`).  Once a P string holds a point of S and
        a stone of such a chain, P follows that proof's fill strategy from then
        on: the string keeps both eyes as liberties, is never captured, and
        ends inside a two-eye-formation, which then shares that point with S.
        The test looks at the board only, so table entries stay valid.

        With ``anchor_eyes`` P also "wins" when a point of S is empty and every
        neighbour of it is a P stone, one of whose strings holds an anchor.
        That is not a proof of life (P would still have to fill the anchor's
        outside liberties, and the local game has no plays there); it is an
        over-approximation of P's wins, used only to *confirm* a ``not_alive``
        result when S's zone borders anchors (see ``prove_independent_life``).
        It keeps the room test of :meth:`_eye_room` exact: such a point and the
        anchor's two eyes are three candidates in one component.
        """
        if formation_touching_bits(p, o, self.target, self.g):
            return True
        anchors = self.anchors
        if not anchors:
            return False
        g = self.g
        seeds = self.target & p
        if seeds and flood(seeds, p, g) & anchors:
            return True
        if self.anchor_eyes:
            holes = self.target & ~(p | o)
            nbrs = g.neighbours
            while holes:
                bit = holes & -holes
                holes ^= bit
                around = nbrs[bit.bit_length() - 1]
                if around & ~p == 0 and flood(around, p, g) & anchors:
                    return True
        return False

    def _eye_room(self, p: int, o: int) -> int:
        """:meth:`_eye_room_now`, kept per position (a function of the board alone)."""
        key = (p, o)
        hit = self.room_cache.get(key)
        if hit is None:
            if len(self.room_cache) >= _CACHE_SIZE:
                self.room_cache.clear()
            hit = self.room_cache[key] = self._eye_room_now(p, o)
        return hit

    def _eye_room_now(self, p: int, o: int) -> int:
        """0 if O can keep P from ever again having a formation sharing an intersection with S; else a positive count.

        O's way is to pass at every turn from here, so 0 proves that P loses
        (any history, any mover: a pass is always legal, and a history only
        takes plays away from P).  Proof.  (a) A point outside ``area`` that
        is empty now stays empty to the end: stones appear only by plays, and
        plays are only inside ``area``.  (b) So an O chain next to such a
        point always has a liberty and is never captured, whatever both
        players do; and while O passes, no chain that
        :func:`_pass_alive_stones` proves pass-alive (Benson, with the former
        chains enclosing regions too) is ever captured.  Stones leave the board
        only by capture, so every stone of ``perm`` (those chains, flooded now)
        is an O stone at every later position.  (c) A P stone can later stand
        on a point only if the point is in ``area`` or holds a P stone now.
        (d) Let a formation of P (AJR: strings of P and exactly two empty
        intersections, each adjacent only to the strings, every string
        adjacent to both) exist at some later position and share a point with
        S.  Its points avoid ``perm`` (b) and are connected (each string
        touches each eye), so they lie in one component C of the points off
        ``perm`` that contains a point of S.  Each eye e is in C and all its
        neighbours are P stones then, so by (b) and (c) every neighbour is off
        ``perm`` and in ``area`` or a P stone now: e is a *candidate*.  The two
        eyes are not adjacent (each eye is adjacent only to strings).  (e) So
        if no such component has two non-adjacent candidates, no formation can
        ever share a point with S, and P loses.  (f) With anchors, P also wins
        by a string that holds a point of S and an anchor stone (``_won``).
        Its stones then stand on points off ``perm`` (b) that are in ``area``
        or P stones now (c), and it is connected, so an anchor is reachable
        now from a point of S through such points.  A component where that
        holds counts as room, whatever its candidates (without this, anchors
        that have no two single-point eyes of their own, unlike the eye-pair
        anchors ``life`` passes, would be cut off wrongly).  The count returned
        otherwise (candidates in the components that could hold two eyes, one
        per component that can reach an anchor) only orders O's moves.

        The pass-alive chains are looked for only when the chains of (a)
        leave room (the test is the same with fewer ``perm`` stones, only
        weaker).  They settle the positions where O has captured P's stones
        and holds the space in which P would have to live (the double-ko
        sekis of ``cases/``: ``benchmarks/search_ko.py``).
        """
        g = self.g
        full = g.full
        outside_empty = full & ~(self.area | p | o)
        perm = flood(o & _adjacent(outside_empty, g), o, g) if outside_empty else 0
        room, comps = self._room_off(p, o, perm)
        # Only O stones in the components that leave room can change the count: an O stone
        # off them touches none of their points (it would be in them), so neither its being
        # permanent nor a region it encloses (whose points would be in them too) matters.
        if room and comps & o & self.area:
            alive = _pass_alive_stones(o, p, comps & self.area, perm, g)
            if alive:
                room = self._room_off(p, o, perm | alive)[0]
        return room

    def _room_off(self, p: int, o: int, perm: int) -> tuple[int, int]:
        """The count of :meth:`_eye_room_now` for the permanent O stones ``perm``, and the
        union of the components that make it up."""
        g = self.g
        full = g.full
        open_ = full & ~perm
        ok = open_ & (self.area | p)
        cand = open_ & ~_adjacent(full & ~ok, g)
        todo = self.target & open_
        room = comps = 0
        while todo:
            comp = flood(todo & -todo, open_, g)
            todo &= ~comp
            if self.anchors and flood(comp & self.target & ok, ok, g) & self.anchors:
                room += 1  # (f): S may still join an anchor
                comps |= comp
                continue
            c = cand & comp
            if c & (c - 1) == 0:
                continue  # at most one candidate
            n = c.bit_count()
            if n > 2 or not c & _adjacent(c, g):
                room += n  # two non-adjacent candidates (three points are never pairwise adjacent)
                comps |= comp
        return room, comps

    def solve(self, p: int, o: int, p_to_move: bool, ko: int, passes: int, depth: int) -> tuple:
        """``(value, cap, arrs)``: the node's value for P (_WIN, _LOSS or _UNKNOWN), the
        proof's ``cap`` and its arrangements (``arrs``, or None; see :class:`_Searcher`)."""
        self._count()
        g = self.g
        if self._won(p, o):
            return _WIN, 0, 0
        if not p_to_move and passes == self.end_passes - 1:
            return _LOSS, 0, 0  # O passes and ends the move-sequence without a formation
        if not self._eye_room(p, o):
            return _LOSS, 0, 0  # O passes to the end: P never again has a formation touching S
        if depth <= 0:
            return _UNKNOWN, 0, None
        key = (p, o, p_to_move, ko, passes)
        if self.use_tt:
            e = self._lookup(key, p, o, depth)
            if e is not None:
                return e.value, e.cap, e.arrs
        start_nodes = self.nodes
        nn = self.nn
        before = p | o << nn
        here = _sieve_bit(before)
        pairs = self.pairs
        order = self._ordered_points(p, o, p_to_move, self.hint.get(key))
        if p_to_move:
            # P plays everything once: an immediate formation wins outright.
            moves = []
            for flat in order:
                res = _play(p, o, flat, ko, g)
                if res is None:
                    continue
                np_, no_, captured, ko2 = res
                if (before, np_ | no_ << nn) in pairs:
                    continue  # fixed ko
                self._count()
                if self._won(np_, no_):
                    arrs = _play_bit(before, np_ | no_ << nn)
                    self._store(key, p, o, _WIN, captured, depth, flat, self.nodes - start_nodes, arrs)
                    return _WIN, captured, arrs
                moves.append((flat, np_, no_, captured, ko2))
            if passes < self.end_passes - 1:  # a pass that ends the sequence loses
                moves.append((_PASS, p, o, 0, 0))
            if self.use_tt:
                cut = self._p_cutoff(moves, p, o, before, passes, depth)
                if cut is not None:
                    flat, c, arrs = cut
                    self._store(key, p, o, _WIN, c, depth, flat, self.nodes - start_nodes, arrs)
                    return _WIN, c, arrs
            mover_wins = _WIN
        else:
            if self.use_tt:
                cut = self._o_cutoff(order, p, o, ko, before, depth, self.hint.get(key))
                if cut is not None:
                    flat, c, arrs = cut
                    self._store(key, p, o, _LOSS, c, depth, flat, self.nodes - start_nodes, arrs)
                    return _LOSS, c, arrs
            moves = self._lazy_o_moves(order, p, o, ko, before, self.use_tt and passes > 0)
            mover_wins = _LOSS
        value = 1 - mover_wins  # the mover loses unless a move wins or is unknown
        cap_all = 0
        arrs_all = here
        best = None
        best_effort = -1
        for flat, np_, no_, captured, ko2 in moves:
            child_nodes = self.nodes
            if flat == _PASS:
                v, c, a = self.solve(p, o, not p_to_move, 0, passes + 1, depth - 1)
                bit = 0
            else:
                after = np_ | no_ << nn
                item = self._push(p, o, (before, after))
                try:
                    v, c, a = self.solve(np_, no_, not p_to_move, ko2, 0, depth - 1)
                finally:
                    self._pop(item)
                bit = item[6]
            effort = self.nodes - child_nodes
            if v == mover_wins:
                a = _join(bit, a)
                self._store(key, p, o, v, captured | c, depth, flat, self.nodes - start_nodes, a)
                return v, captured | c, a
            if v == _UNKNOWN:
                value = _UNKNOWN
            cap_all |= captured | c
            arrs_all = _join(arrs_all, a)
            if effort > best_effort:
                best, best_effort = flat, effort
        if value == _UNKNOWN:
            arrs_all = None
        self._store(key, p, o, value, cap_all, depth, best, self.nodes - start_nodes, arrs_all)
        return value, cap_all, arrs_all

    def _p_cutoff(
        self, moves: list[tuple], p: int, o: int, before: int, passes: int, depth: int
    ) -> tuple[int, int, int | None] | None:
        """A move of P whose position the table knows as won for P, as ``(flat, cap, arrs)``, or None.

        ``moves`` are P's legal moves (plays and the pass, if allowed).  Each
        child is looked up under its own history (a play's fixed-ko pair
        pushed, exactly as :meth:`solve` would; a pass adds none), so a valid
        entry "won for P" is a proof of the child, and the node's proof is that
        move plus the child's proof (``cap``: the play's captures and the
        entry's; ``arrs``: the entry's).  The same argument as the cut-off at
        O's nodes (:meth:`_o_cutoff`), for P: an enhanced transposition
        cut-off, found before P's first move is searched in depth.  The moves
        were already generated and counted by the look-ahead, so it costs no
        node.
        """
        nn = self.nn
        tt = self.tt
        for flat, np_, no_, captured, ko2 in moves:
            if flat == _PASS:
                ckey = (p, o, False, 0, passes + 1)
                if ckey in tt:
                    e = self._lookup(ckey, p, o, depth - 1)
                    if e is not None and e.value == _WIN:
                        return flat, e.cap, e.arrs
                continue
            ckey = (np_, no_, False, ko2, 0)
            if ckey not in tt:
                continue
            item = self._push(p, o, (before, np_ | no_ << nn))
            try:
                e = self._lookup(ckey, np_, no_, depth - 1)
            finally:
                self._pop(item)
            if e is not None and e.value == _WIN:
                return flat, captured | e.cap, _join(item[6], e.arrs)
        return None

    def _o_cutoff(
        self, order: list[int], p: int, o: int, ko: int, before: int, depth: int, hint: int | None
    ) -> tuple[int, int, int | None] | None:
        """A play of O known to refute at once, as ``(flat, cap, arrs)``, or None after reordering ``order``.

        Generates every legal play of O (each counts as a node).  A play wins
        for O at once if P then has no room for two eyes (an exact terminal
        test, the same that :meth:`solve` applies first to that child) or if
        the table holds a valid entry "lost for P" for the child under the
        current history plus the play's own fixed-ko pair (the check of
        :meth:`_lookup`, so the entry's proof holds there).  Otherwise
        ``order`` is rewritten in place: the legal plays only, the stored move
        (``hint``) first, then the others by the room they leave P, least
        first (ties keep the static order), the pass after them, and last the
        plays that leave a chain of O of two stones or more in atari (P would
        capture it at once: in the double-ko sekis of ``cases/`` these were
        O's first tries, and refuting them meant proving that P lives once it
        has taken O's big string, hundreds of thousands of positions, while
        O's pass refutes at once); with ``pass_early`` (see :meth:`run`) the
        pass comes earlier, after the captures and the plays that shrink the
        room, before the other (quiet) plays.  Before the plays are generated
        in ``order``, the last play found here to leave P no room at the same
        depth (a *killer*, kept in ``self.killer``) is tried alone: if it
        leaves P no room it ends the node at once, else it is not counted
        again and everything goes on as without it.  After P's plays in an
        area O has emptied by a capture, the same O play usually ends the
        line, and finding it first saves generating the others
        (``cases/four-ko-gnugo``, White's B5: 4,969 of these positions
        before, 1,200 with it; the proof 16,772 and 12,884).  Moving the
        killer to the front of ``order`` instead also changed the order of
        the plays searched after a miss, and ``cases/three-ko-gnugo-1``'s C3
        took 44,406 positions instead of 15,370 (14,306 with the probe).
        Ordering only: the value is the same whatever the order.
        """
        g = self.g
        nn = self.nn
        pairs = self.pairs
        tt = self.tt
        killer = self.killer.get(depth)
        probed = None  # the killer, if tried and counted already
        if killer is not None and killer != hint and killer in order:
            res = _play(o, p, killer, ko, g)
            if res is not None:
                no_, np_, captured, ko2 = res
                after = np_ | no_ << nn
                if (before, after) not in pairs:
                    self._count()
                    if not self._eye_room(np_, no_) and not self._won(np_, no_):
                        return killer, captured, _play_bit(before, after)
                    probed = killer
        ranked = []
        for flat in order:
            res = _play(o, p, flat, ko, g)
            if res is None:
                continue
            no_, np_, captured, ko2 = res
            after = np_ | no_ << nn
            if (before, after) in pairs:
                continue  # fixed ko
            if flat != probed:
                self._count()
            room = self._eye_room(np_, no_)
            if not room and not self._won(np_, no_):  # solve() tests _won first: keep its order
                self.killer[depth] = flat
                return flat, captured, _play_bit(before, after)
            # a self-atari of a chain of two stones or more
            late = False
            if flat != hint and g.neighbours[flat] & no_:
                empty = g.full & ~(np_ | no_)
                libs = g.neighbours[flat] & empty
                if not libs & (libs - 1):
                    libs = _adjacent(flood(1 << flat, no_, g), g) & empty
                    late = not libs & (libs - 1)
            ranked.append((0 if flat == hint else 1, room, len(ranked), flat, captured, late))
            ckey = (np_, no_, True, ko2, 0)
            if ckey not in tt:
                continue
            item = self._push(p, o, (before, after))
            try:
                e = self._lookup(ckey, np_, no_, depth - 1)
            finally:
                self._pop(item)
            if e is not None and e.value == _LOSS:
                return flat, captured | e.cap, _join(item[6], e.arrs)
        ranked.sort()
        late = [flat for *_, flat, _, bad in ranked if bad]
        if not self.pass_early:
            order[:] = [flat for *_, flat, _, bad in ranked if not bad]
            order.append(_PASS)
            order.extend(late)
            return None
        # O's pass goes after the stored move, the captures and the plays that
        # shrink P's room, before the quiet plays
        here = self._eye_room(p, o)
        quiet = [flat for first, room, _, flat, captured, bad in ranked
                 if first and room >= here and not captured and not bad]
        order[:] = [flat for first, room, _, flat, captured, bad in ranked
                    if not (first and room >= here and not captured) and not bad]
        order.append(_PASS)
        order.extend(quiet)
        order.extend(late)
        return None

    def _lazy_o_moves(self, order: list[int], p: int, o: int, ko: int, before: int, pass_first: bool = False):
        """O's legal plays in ``order``, one at a time, and the pass: first, where ``order`` has it, or last."""
        g = self.g
        nn = self.nn
        pairs = self.pairs
        if pass_first:
            yield _PASS, p, o, 0, 0
        for flat in order:
            if flat == _PASS:
                if not pass_first:
                    yield _PASS, p, o, 0, 0
                    pass_first = True
                continue
            res = _play(o, p, flat, ko, g)
            if res is None:
                continue
            no_, np_, captured, ko2 = res
            if (before, np_ | no_ << nn) in pairs:
                continue  # fixed ko
            yield flat, np_, no_, captured, ko2
        if not pass_first:
            yield _PASS, p, o, 0, 0

    def run(self, iterative: bool) -> int:
        """Value of the root.

        With the table on, two orderings of O's moves take turns in phases of
        doubling node counts (pass last, then pass before O's quiet plays),
        the table kept from phase to phase: on the double-ko sekis of
        ``cases/`` each ordering alone proves some strings in 6,000 to 100,000
        nodes and fails on the others within a million.  Each phase is a
        complete search whose value, if it finishes, is exact; an interrupted
        phase leaves only entries of finished subtrees, which are exact too,
        and ordering hints.
        """
        p, o = self.root
        if not iterative and self.use_tt:
            budget = _PHASE_NODES
            try:
                while True:
                    for early in (False, True):
                        self.pass_early = early
                        self.phase_end = self.nodes + budget
                        try:
                            return self.solve(p, o, False, 0, 0, _MAX_DEPTH)[0]
                        except _PhaseOver:
                            pass
                    budget *= 2
            finally:
                self.phase_end = float("inf")
        if not iterative:
            return self.solve(p, o, False, 0, 0, _MAX_DEPTH)[0]
        depth = 1
        while True:
            value = self.solve(p, o, False, 0, 0, depth)[0]
            if value != _UNKNOWN or depth >= _MAX_DEPTH:
                return value
            depth += 1

    def principal_variation(self) -> tuple[list[int], bool]:
        """Follow the stored best moves from the root; ``(flats, complete)``.

        Re-searches (within the remaining budget) where no entry is valid for
        the line's own history.  ``complete`` is False if the budget ran out.
        """
        p, o = self.root
        p_to_move, ko, passes = False, 0, 0
        line: list[int] = []
        saved_pairs, saved_index = set(self.pairs), list(self.by_count)
        try:
            while passes < self.end_passes:
                if self._won(p, o) or (
                    not p_to_move and passes == self.end_passes - 1
                ):
                    flat = _PASS
                else:
                    key = (p, o, p_to_move, ko, passes)
                    e = self._lookup(key, p, o, _MAX_DEPTH) if self.use_tt else None
                    if e is None or e.value == _UNKNOWN:
                        self.solve(p, o, p_to_move, ko, passes, _MAX_DEPTH)
                        flat = self.hint.get(key, _PASS)
                    else:
                        flat = e.best
                    if flat is None:
                        flat = _PASS
                line.append(flat)
                if flat == _PASS:
                    p_to_move, ko, passes = not p_to_move, 0, passes + 1
                    continue
                mover, other = (p, o) if p_to_move else (o, p)
                m2, o2, _, ko = _play(mover, other, flat, ko, self.g)
                np_, no_ = (m2, o2) if p_to_move else (o2, m2)
                self._push(p, o, (p | o << self.nn, np_ | no_ << self.nn))
                p, o, p_to_move, passes = np_, no_, not p_to_move, 0
            return line, True
        except (_OutOfBudget, RecursionError):
            return line, False
        finally:
            self.pairs, self.by_count = saved_pairs, saved_index


def target_string(position: Position, target: Point, verb: str) -> tuple[Color, int]:
    """(owner, stones) of the string at ``target``; InvalidVertex if it is off the board or empty."""
    size = position.size
    row, col = target
    if not (0 <= row < size and 0 <= col < size):
        raise InvalidVertex(f"point {target} is off the {size}x{size} board")
    color = position.color_at(target)
    if color is None:
        raise InvalidVertex(f"{vertex_from_point(target)}: no stone to {verb}")
    return color, position.chain(target)


def prove_independent_life(
    position: Position,
    target: Point,
    *,
    area: int | None = None,
    end_passes: int = 3,
    max_nodes: int = 200_000,
    max_seconds: float = 10.0,
    transposition_table: bool = True,
    iterative_deepening: bool = False,
    anchors: int = 0,
    anchor_eyes: bool = False,
) -> SearchResult:
    """Decide by exact search whether the string at ``target`` is independently alive.

    Parameters
    ----------
    position : Position
        The final position (after dame and teire filling).  Its ``to_play``
        and ko ban are ignored: the move-sequence starts with the string's
        opponent to move and no ban (no previous move in it).
    target : Point
        A stone of the string S to analyse; its owner is P.
    area : int | None
        Bitboard of the points where plays are allowed (the local problem);
        ``None`` allows the whole board.  Passes are always allowed.
    end_passes : int
        Successive passes that end a move-sequence (``RuleSet.analysis_end_passes``,
        3 under AJR).
    max_nodes, max_seconds : int, float
        Budget of the proof search; the principal variation gets up to the
        same budget again.  When it runs out the status is ``"unknown"``.
    transposition_table, iterative_deepening : bool
        Search enhancements, on by default; switching them off gives the plain
        search that the tests compare against.
    anchors : int
        Stones of chains proven alive by an eye pair (:func:`.static.eye_pair_life`):
        joining S to one of them wins for P (see ``_Searcher._won``).  0: none.
    anchor_eyes : bool
        Also count as a win for P a point of S that is empty with only P stones
        around it, joined to an anchor (a possible eye of a formation that
        includes the anchor).  This over-approximates P's wins: with it, only a
        ``"not_alive"`` result is a proof (that P cannot reach even this), and
        an ``"alive"`` result proves nothing.  The caller uses it when S's zone
        borders its owner's anchors, whose outside liberties the local game
        cannot fill.

    Returns
    -------
    SearchResult
        ``status`` ``"alive"``, ``"not_alive"`` or ``"unknown"``, with the
        principal variation, node count, time and a reason.

    Raises
    ------
    InvalidVertex
        If ``target`` is off the board or holds no stone.
    ValueError
        If ``end_passes`` is less than 1.

    Examples
    --------
    A black corner group with two single-point eyes is alive without a move:

    >>> from adjudicator.board import Position
    >>> pos = Position.from_points(4, black=[(3, 1), (2, 0), (2, 1), (2, 2), (3, 3), (2, 3)],
    ...                            white=[(1, 0), (1, 1), (1, 2), (1, 3)])
    >>> r = prove_independent_life(pos, (2, 0))
    >>> r.status, r.proven, [format_move(m) for m in r.sequence]
    ('alive', True, ['pass', 'pass', 'pass'])

    Notes
    -----
    The verdict is exact for the local game (plays only in ``area``); it is
    the AJR verdict for the whole board when the caller's area contains every
    play that can matter (design.md section 2, layer 2).  The search is
    exponential; the budget keeps it bounded.  Seki needs no special case: a
    string in seki has no formation to force, so it is ``"not_alive"``.

    References
    ----------
    .. [1] Robert Jasiek, *Applicable Japanese Rules*, version 2, 2008,
       "Independent Life", "Fixed ko".
    .. [2] Akihiro Kishimoto and Martin Müller, "A General Solution to the
       Graph History Interaction Problem", AAAI 2004.
    """
    started = time.perf_counter()
    if end_passes < 1:
        raise ValueError(f"end_passes must be at least 1, not {end_passes}")
    size = position.size
    g = geometry(size)
    color, s_bits = target_string(position, target, "analyse")
    p, o = position.stones(color), position.stones(color.opponent)
    searcher = _Searcher(
        p,
        o,
        s_bits,
        g.full if area is None else area & g.full,
        g,
        end_passes,
        max_nodes,
        started + max_seconds,
        transposition_table,
        anchors,
        anchor_eyes,
    )
    try:
        value = searcher.run(iterative_deepening)
    except (_OutOfBudget, RecursionError):
        # A caller deep in its own stack may run out of frames before the
        # search reaches _MAX_DEPTH: no proof either way.
        value = _UNKNOWN
    sequence: list[Move] = []
    complete = False
    if value != _UNKNOWN:
        searcher.max_nodes = searcher.nodes + max_nodes
        searcher.deadline = time.perf_counter() + max_seconds
        flats, complete = searcher.principal_variation()
        sequence = [None if f == _PASS else divmod(f, size) for f in flats]
    seconds = time.perf_counter() - started
    status = {_WIN: "alive", _LOSS: "not_alive", _UNKNOWN: "unknown"}[value]
    reason = _reason(status, color, target, s_bits, searcher, sequence, complete, end_passes, max_nodes, max_seconds)
    return SearchResult(status, value != _UNKNOWN, searcher.nodes, seconds, sequence, reason)


def _reason(
    status: str,
    color: Color,
    target: Point,
    s_bits: int,
    searcher: _Searcher,
    sequence: list[Move],
    complete: bool,
    end_passes: int,
    max_nodes: int,
    max_seconds: float,
) -> str:
    """The referee's paragraph for a result."""
    who, opp = color.word.capitalize(), color.opponent.word.capitalize()
    stones = s_bits.bit_count()
    string = f"the {color.word} string at {vertex_from_point(target)} ({stones} stone{'s' * (stones != 1)})"
    rules = (
        f"{opp} moving first, plays limited to {searcher.area.bit_count()} points, basic ko and fixed ko, "
        f"the move-sequence ending after {end_passes} successive passes"
    )
    letters = [color.opponent.word[0].upper(), color.word[0].upper()]
    line = ", ".join(f"{letters[i % 2]} {format_move(m)}" for i, m in enumerate(sequence))
    tail = "" if complete else " (line cut short: its budget ran out)"
    joined = ""
    if searcher.anchors:
        joined = (
            ", or that joins it to a chain alive by an eye pair (whose fill strategy then makes the "
            "formation)"
        )
    if searcher.anchor_eyes:
        joined += (
            ", or that leaves one of its points empty and surrounded by stones joined to such a chain "
            "(a possible eye of it)"
        )
    if status == "alive":
        return (
            f"Independent life (AJR 2008): {string} is independently alive. An exact search ({rules}) "
            f"found an answer by {who} to every {opp} move that reaches a two-eye-formation sharing an "
            f"intersection with the string{joined}. Strongest attack and answers: {line}{tail}. "
            f"{searcher.nodes} positions searched."
        )
    if status == "not_alive":
        return (
            f"Independent life (AJR 2008): {string} is not independently alive. An exact search ({rules}) "
            f"shows that {opp} can prevent every two-eye-formation sharing an intersection with the string "
            f"(dead or seki alike). Refutation against the most stubborn defence: {line}{tail}. "
            f"{searcher.nodes} positions searched."
        )
    return (
        f"Independent life (AJR 2008): no verdict for {string}. The exact search ({rules}) stopped after "
        f"{searcher.nodes} positions (budget {max_nodes} positions, {max_seconds:g} s) without a proof."
    )
