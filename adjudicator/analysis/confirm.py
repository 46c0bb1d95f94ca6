"""Exact confirmation search for J1989 Art. 7 (and the Korean local play-out).

The game searched, for a string S of player P in the stop position (J1989
Art. 7, rules-sources.md 1.1 and 1.2, made exact here; the choices marked
[inferred] are ours and are listed in docs/j1989.md):

- the *attacker* O (P's opponent) moves first (``first="attacker"``; the
  both-lose test of Art. 13 also asks the question with P first);
- a move is a play inside ``area`` (the local zone, bounded by stones that can
  never be captured) or a pass; suicide is prohibited; the confirmation ends
  after ``end_passes`` (J1989: two) successive *ordinary* passes;
- **Art. 7-1**: P wins ("the stones are alive") if at the end S was never
  captured, or S was captured and a stone of P stands on one of S's points
  again (the new stone "that the opponent could not capture": O had every
  chance to capture it before the sequence ended) [inferred: "there" read as
  S's points].  After the capture P plays only there, one new stone at a
  time, plus the points that new stone emptied if it took two or more stones
  back (a snapback) [inferred narrowing, docs/j1989.md]; under reading R2
  (``after_capture="captures"``, the rule axis ``new_stone`` of the presets: the
  J1989 and Korean confirmations of ``life.py`` and ``ruling.py``) P may
  also make any play that captures stones, anywhere in the zone (a new stone
  is defended by taking the attacker's stones, not by connecting out)
  [inferred, docs/j1989.md].  R2 gives P a superset of the narrowing's moves,
  so :func:`confirm_life` runs the narrowed search first and R2's only where
  P is not found alive;
- **Art. 7-2, pass for ko**: a *ko capture* is a play that captures exactly
  one stone with a lone stone whose only liberty is the captured point; the
  ko is the pair of the two points.  After a ko capture the other player is
  banned from capturing back in that ko (exactly the lone stone at the other
  point of the pair) until he has *passed for that ko*: a pass that names the
  ko, lifts that ban and does not count towards the end of the confirmation
  (S10 #12: with pass-for-ko "each time", capture A, capture B, pass for B,
  pass for A ... loops; that needs passes for ko that do not end it).  Mode
  ``"once"``: after one pass for a ko the player may recapture in it whenever
  the basic ko rule (Art. 6) allows; ``"each"``: every ko capture bans the
  other player again.  Ko threats elsewhere do not exist (S20; S10 #8);
- **Korean** (modes ``"owner"`` / ``"attacker"``): no pass-for-ko; the side
  with *ko priority* (more ko threats elsewhere, rules-sources.md 2, S44) may
  recapture at once (a threat and its answer elsewhere cost it nothing), the
  other side is held by basic ko only;
- mode ``"basic"``: basic ko only (for rule sets that combine the capture goal
  with a ko rule that has no meaning here);
- **repetition**: a state that repeats on the current line means the
  confirmation never ends; then the attacker has not captured the stones and
  P wins [inferred; consistent with S10 #12, where double-ko seki loops for
  ever under "each" and the ruling is seki].

The search is a depth-first AND/OR search on bitboards (the style of
:mod:`.search`): boolean minimax, move ordering, a transposition table and a
node/time budget that answers ``unknown``.  The table copes with the
repetition rule (the graph-history interaction) as follows:

1. The legality of a move depends on the state only (stones, side to move,
   basic-ko point, bans, passes for ko made, ordinary passes, whether S was
   captured): all of it is in the key.  History enters only by the
   repetition rule, whose value (P wins) favours P.
2. A value of P (win) is stored only if its proof used no repetition.  On
   another line more states may repeat, which only adds wins for P: the
   proof stays a proof.  So such entries are reused everywhere.
3. A value of O (capture) never rests on a repetition (a repetition is a win
   for P).  It can be spoiled on another line only if some state of its
   proof is a state of that line's ancestors.  Every state of the proof holds
   each stone of the stored node that is not in ``cap`` (the points captured
   in the proof: stones leave the board only by capture), so an ancestor
   that does not hold those stones cannot be one of them.  Entries are reused
   only when no ancestor on the current line holds them all (else the node is
   searched again).

Exact shortcuts (``shortcuts=True``, the default; each gives the value of the
game above, ``tests/test_confirm.py`` compares them with the plain search on
random positions):

4. *P's move to safety.*  With P to move, a legal play after which a stone of
   P on S's points is pass-alive (Benson) wins for P: P plays it, and
   pass-alive stones are never captured whatever follows.  (Without it the
   search first tried P's pass and refuted every O move after it, e.g. after
   P took a big O string.)  It is tested only when S's chain borders a region
   of six or more empty points, where that happens; which plays are tested
   never changes a value.
5. *No new stone* (after the capture; ``captured`` is exactly S's points and
   no P stone stands on them).  Let E be S's empty points and T0 the points
   of E and their neighbours.  If no P stone touches E, every empty point of
   T0 is in the zone and next to an *anchored* O chain (one with a liberty
   outside T0), and every other O chain next to E has two or more liberties,
   O wins with this strategy: when a new stone of P stands, play one of its
   liberties, else pass.  Proof: P plays only on E, one stone at a time (the
   narrowing above), and O only on T0 (the liberties of a new stone).  A new
   stone is alone and captures nothing: an anchored chain keeps its outside
   liberty, and every other chain next to E loses liberties only to the new
   stone (each O fill touches an anchored chain and joins it), so it keeps
   one.  So every fill is legal (it joins an anchored chain), neither a ko
   capture nor recaptured, O loses no stone (so E never grows), each new
   stone costs O at least one stone: the play is finite, and it ends by two
   passes with no P stone on S.  Every later state holds all of O's stones,
   so the rule is used only if no ancestor on the line holds them (else a
   repetition could give P the win), and its ``cap`` is E and the P chains
   next to T0's empty points (fills may capture them).  Only with
   ``end_passes`` >= 2: with one pass to end, P's pass while the new stone
   stands would end the confirmation with it on S (the random comparison in
   the tests found such positions).
6. *The game R after the capture* (``solve_local``; ``captured`` is exactly
   S's points).  Let T be S's points and their neighbours.  R differs from
   the game in two ways, both against O: O plays only on T, and never a
   capture that takes stones outside T; a play of P that takes stones
   outside T wins for P at once.  So O winning R means O winning the game (a
   value ``dead`` of R is used; any other value sends the node to the full
   search).  In R nothing outside T is played or captured, so a state of R
   sees the outside only through which chains the stones of T and of its
   outer ring belong to and whether each has a liberty outside T (fixed in
   R), through the bans for kos away from T and its ring (fixed in R but for
   the pass for ko each allows: counted per player) and through the passes
   for ko made in kos on T; the ko point matters only on T.  R's table is
   keyed by exactly that and the stones of T and its ring (``_local_key``),
   so one proof serves every line that differs only far from S (in the
   double bent four: the other corner).  Its entries obey 2. and 3. with the
   full stones of the node, and shortcuts 4. and 5. hold in R as well (5.
   only when no P stone touches T0's empty points: in R O may not capture
   one reaching outside T).

7. *Table cut-offs* (an enhanced transposition cut-off).  Before the first
   move of a node is searched, every child is looked up (in R, in R's table
   under ``_local_key``): a child that the table settles for the mover, by
   the rules of 2. and 3. (a win of P is reused everywhere; a win of O only
   if no state of the line, the node's own included, holds every stone of
   the child outside the entry's ``cap``), settles the node: the mover plays
   that move, and the entry's proof is a proof of the child on this line,
   exactly as the lookup at the child's own entry would find it.  Children
   at the end of the confirmation are skipped (the board decides them, and
   R's key drops the pass count of some states, so a finished state's key
   may stand for an unfinished one).  The node is stored as after a
   searched child (``cap``: the move's captures and the entry's).  Measured
   with ``benchmarks/confirm_ko.py``: double-bent-four B8 77,937 positions
   to 39,711 (pass for ko once), 41,170 to 20,116 (owner priority).

8. *Filling S's points* (after the capture; ``captured`` is exactly S's
   points, no P stone on them and none next to them, ``end_passes`` >= 2).
   Let E be S's empty points.  For every play x of P on E (the narrowing
   allows no other) that captures nothing, a fixed order of O plays, each
   legal and capturing at most x's stone, fills E and x's liberties, x's
   point again once it is taken (a simulation, no search).  Then O wins:
   P passes, and O passes too; or P plays some x, and O plays that sequence.
   While x stands the narrowing leaves P only passes (x took nothing, so
   ``captured`` does not grow), and O never passes, so the confirmation does
   not end; no ko rule binds O's plays (P's last move was x, which took
   nothing, or a pass; a ban of O concerns a lone P stone that made a ko
   capture, and such a stone is not on S, while O takes only x); O loses no
   stone, so the sequence is finite, and at its end every point of S holds
   an O stone: P has no play left, and two passes end it with no P stone on
   S.  Every state of this proof holds all of O's stones and exactly P's
   stones off S (at most one P stone on S): the rule is used only if no
   ancestor on the line is such a state (none can then be repeated), and
   its ``cap`` is E.  In R it holds as well (O's plays lie on T and take
   only x).  Unlike 5. it needs no anchored O chain, so it also settles a
   big emptied area, where 5. fails on the points away from O's wall and
   the search used to try P's new stones one by one: measured with
   ``benchmarks/confirm_ko.py``, double-bent-four B8 39,711 positions to
   12,270 (pass for ko once), 20,116 to 9,314 (owner priority), 3,511 to
   1,560 (attacker priority).

Under R2 (``_Confirmer.r2``) P's capturing plays break the proofs of 5. and
8., which let P play only on S's points: 5. is used only where every O chain
next to the zone has two or more liberties outside E and its neighbours (no
play of the rule's strategy touches them, so none is ever in atari and P
never has a capture); 8. only where P has no capturing play in the start
state, after x and after each of O's fills (the simulation checks every
state of the proof).  In R (6.) a play of P off T wins for P at once, as a
capture reaching outside T already did.  And one more rule:

9. *O's quiet kill* (R2 only; ``captured`` is exactly S's points, a new
   stone of P stands on them, and if P is to move the last move was not a
   pass): a fixed sequence of O plays after each of which no O chain is in
   atari takes P's stones off S's points, and 5. or 8. then applies; the
   proof is in :meth:`_Confirmer._quiet_kill`.

Everything else pruned is pruned by these exact rules or by the cut-offs of
the AND/OR search; nothing "looks useless".

Move ordering (no value depends on it: every legal move is still searched
unless a sibling already settled the node) follows :meth:`_Confirmer._order`;
a play that takes nothing and leaves a chain of two or more of the mover's
stones with one liberty (it fills a liberty of its own string) comes last.
In the double bent four the attacker otherwise tried A7, the last liberty
but one of his own big string, before the bent-four kill, and the proof
then had to refute White's capture of that string.  Measured with
``benchmarks/confirm_ko.py`` (``--self-atari-anywhere``: the order before):
bent-four-outside-liberty A4 915 positions to 76; double-bent-four B8
12,270 to 5,209 (pass for ko once), 9,314 to 8,294 (owner priority), 1,560
to 417 (attacker priority).  Its F9 stays unknown at 300,000 positions in
every mode (``cases/double-bent-four.toml`` says where they go).

With P to move (and no stored best move) the ordinary pass is tried first: a
living group just passes.  Under R2, after the capture, P's captures and
ataris come before P's pass, and O (no new stone standing) tries its
captures before its pass: with O's pass first, moonshine-life's C13 (a ko
stone of a double-ko seki) ran past 2,000,000 positions (P takes the other
ko, then O's big string, and O refills the emptied area while P takes what
it can: lines past the depth limit); with it, dead in 34.  With ``captures_first`` (:func:`confirm_life`; only
the Art. 13 test of :mod:`.life` passes it, with ``first="owner"``) P's
captures and ataris, the plays on a liberty of an O chain with one or two
liberties, come before that pass (:meth:`_Confirmer._pass_first`).  In
bent-four-outside-liberty Black, moving first, saves A2 and B1 (Black E2,
then White's string has only A3 and C1): with the pass first that search
ran out of 20,000 positions (the plain search of 3,000,000, docs/j1989.md),
with this order it proves them alive in 1,244 and 1,229 positions (the
plain search with it in 5,747 and 5,583); double-bent-four's B8 with Black
first 19,890 to 6,859.  It is not used in the other searches: in life.py's
capture test (``_capturable``, basic ko, owner first) it made
seki-challenge [ajr]'s B1 run out of its 12,000 positions (alive in 1,926
with the pass first), and applied in every search (the confirmations with
O first too) it slowed seki-challenge [korean] from 1.7 to 13 s.
"""

from __future__ import annotations

import time
from typing import Callable
from dataclasses import dataclass, field

from ..board import Color, Geometry, Position, flood, geometry, iter_bits
from ..coords import Move, Point, format_move, vertex_from_point
from .search import _adjacent, _pass_alive_stones, _play, target_string

__all__ = ["ConfirmResult", "KO_MODES", "confirm_life"]

_WIN, _LOSS, _UNKNOWN = 1, 0, 2  # from P's point of view
_PASS = -1
_MAX_DEPTH = 160  # plies; deeper lines are cut (value unknown)
_ORDER_CACHE = 100_000  # move orders kept (a state's stones repeat with other bans, kos, passes)
_SAFETY_REGION = 6  # see _Confirmer._to_safety
_CLEAN = 1 << 30  # taint of a proof that relies on no repetition of an ancestor
_SELF_ATARI_LAST = True  # move ordering: see _Confirmer._order (tests switch it off to compare)
_R2_NARROW_FIRST = True  # R2: the narrowed search first (tests switch it off to compare)
R2_QUIET_KILL = True  # shortcut 9 (R2 only; tests switch it off to compare)
R2_TACTICS_FIRST = True  # R2 after the capture: P's captures and ataris before P's pass (order only)
_OWNER_TACTICS_FIRST = True  # move ordering of owner-first searches: see _Confirmer._pass_first

#: What P may play after the capture of S: "narrow" (S's points, one stone at a time, the snapback
#: exception) or "captures" (reading R2: also any play that captures stones, anywhere in the zone).
#: The default of :func:`confirm_life` (its capture tests with basic ko for the other layers keep it).
AFTER_CAPTURE = "narrow"
#: The J1989 / Korean confirmation proper (``life._confirm``, ``ruling``) passes the rule set's
#: ``new_stone`` axis (``rules.NewStone``; R2, "captures", in both presets).

#: Ko modes of :func:`confirm_life` (see the module docstring).
KO_MODES = ("once", "each", "owner", "attacker", "basic")


@dataclass(frozen=True)
class ConfirmResult:
    """Outcome of :func:`confirm_life`.

    Fields
    ------
    status : str
        ``"alive"`` (P wins the confirmation), ``"dead"`` (O captures S and no
        new uncapturable stone of P stands there) or ``"unknown"`` (budget).
    proven : bool
        True exactly when ``status`` is not ``"unknown"``.
    nodes : int
        States generated (principal variation included).
    seconds : float
        Wall-clock time of the call.
    sequence : list[Move]
        The principal variation from the start (None = an ordinary pass).
    sequence_notes : list[str]
        One word per move of ``sequence``: ``"play"``, ``"pass"`` or
        ``"pass-for-ko"``.
    ko_seen : bool
        True if the search met a ko capture (the verdict may depend on the ko
        rule or on ko priority).
    cycle_seen : bool
        True if some line of the search repeated a state.
    reason : str
        One paragraph for a referee.
    """

    status: str
    proven: bool
    nodes: int
    seconds: float
    sequence: list[Move] = field(default_factory=list)
    sequence_notes: list[str] = field(default_factory=list)
    ko_seen: bool = False
    cycle_seen: bool = False
    reason: str = ""


class _OutOfBudget(Exception):
    pass


class _Entry:
    __slots__ = ("value", "cap", "best")

    def __init__(self, value: int, cap: int, best: tuple | None) -> None:
        self.value = value
        self.cap = cap
        self.best = best


def _lone_stone(bit: int, stones: int, g: Geometry) -> bool:
    return bool(stones & bit) and not (g.neighbours[bit.bit_length() - 1] & stones)


def _pass_alive(p: int, o: int, g: Geometry) -> int:
    """The stones of ``p`` that are pass-alive (Benson 1976), on bitboards; see :mod:`.benson`.

    The local search's bitboard Benson (:func:`.search._pass_alive_stones`) with every chain of
    ``p`` as a candidate and no fixed chains: a P-region (a maximal connected set of points
    without P stones) is vital to a P chain when each of its empty points is a liberty of the
    chain; drop chains with fewer than two vital regions among the regions kept, drop regions
    touching a dropped chain, repeat.
    """
    return _pass_alive_stones(p, o, p, 0, g)


class _Confirmer:
    """One confirmation problem; ``p`` = P's stones, ``o`` = O's, relative throughout.

    A move is ``(kind, flat, ko)``: kind 0 a play at ``flat``, 1 an ordinary
    pass, 2 a pass for the ko ``ko`` (a bitboard of its two points).  Bans and
    passes-for-ko made are frozensets of ``(who, ko)``, ``who`` 0 for P, 1 for O.
    """

    def __init__(self, s_bits: int, area: int, g: Geometry, mode: str, end_passes: int,
                 max_nodes: int, deadline: float) -> None:
        self.s = s_bits
        self.area = area
        self.g = g
        self.mode = mode
        self.end_passes = end_passes
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.tt: dict[tuple, _Entry] = {}
        self.hint: dict[tuple, tuple] = {}
        self.path: dict[tuple, int] = {}  # state -> index on the current line
        self.path_boards: list[tuple[int, int]] = []
        self.ko_seen = False
        self.cycle_seen = False
        self.benson: dict[tuple[int, int], bool] = {}
        self.use_tt = True
        self.lookahead = True
        self.rule_lost = True
        self.rule_hits = 0
        self.use_local = True
        self.local = (s_bits | _adjacent(s_bits, g)) & g.full  # T: S's points and their neighbours
        self.ring = _adjacent(self.local, g) & ~self.local
        self.edge = self.ring & _adjacent(g.full & ~(self.local | self.ring), g)  # ring points that see beyond
        self.ltt: dict[tuple, _Entry] = {}
        self.local_hits = 0
        self.order_cache: dict[tuple, list[int]] = {}
        self.local_off = 0  # > 0 inside the full search of a node R did not settle
        self.pass_for_ko = mode in ("once", "each")
        self.etc = True  # shortcut 7
        self.lkey_cache: dict[tuple, tuple] = {}
        self.ltt_boards: set[tuple] = set()
        self.etc_hits = 0
        self.fill_cache: dict[tuple[int, int], int] = {}  # shortcut 8 per board
        self.fill_hits = 0
        self.owner_tactics = False  # P's captures and ataris before P's pass (owner-first searches)
        self.quiet_cache: dict[tuple, int] = {}  # shortcut 9
        self.quiet_hits = 0
        self.r2 = False  # after the capture P may also make any capturing play in the zone (reading R2)

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes >= self.max_nodes:
            raise _OutOfBudget
        if self.nodes & 255 == 0 and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    # -- rules -------------------------------------------------------------------

    def _live_bans(self, bans: frozenset, p: int, o: int) -> frozenset:
        """Drop bans whose ko is gone (the capturing lone stone left, or the captured point filled)."""
        if not bans:
            return bans
        g = self.g
        keep = []
        for who, k in bans:
            capturer = o if who == 0 else p
            # k = a | b: the capturer's lone stone at a, the empty point b
            a = k & capturer
            b = k & ~capturer
            if a and b and not (b & (p | o)) and _lone_stone(a, capturer, g):
                keep.append((who, k))
        return frozenset(keep) if len(keep) != len(bans) else bans

    def moves(self, state: tuple, local: bool = False) -> list[tuple]:
        """Legal moves with their successor states, in search order.

        ``local``: the moves of the game R of :meth:`solve_local` (O plays only on
        ``self.local``; a capture reaching outside it is forbidden to O, and a
        win for P, whose successor is then None).
        """
        p, o, p_to_move, ko, bans, freed, passes, captured = state
        g = self.g
        who = 0 if p_to_move else 1
        mover, other = (p, o) if p_to_move else (o, p)
        empty = g.full & ~(p | o)
        points = self.area & empty
        r2_only = 0
        if local and not p_to_move:
            points &= self.local
        if captured and p_to_move:
            # After the capture only "a new stone" played there can save P (Art. 7-1): one stone on S's
            # points, which must then stand on its own: P adds no stones while one of them stands, except
            # on the points that the new stone emptied when it was played, if it took two or more stones
            # back (``captured`` holds S's points and those): a snapback's new stone may defend the area
            # it recaptured [inferred narrowing; the literal reading is intractable, see docs/j1989.md].
            narrow = points & (captured & ~self.s) if p & self.s else points & self.s
            if self.r2:
                # Reading R2: also any play that captures stones, anywhere in the zone (a liberty of an
                # O chain in atari; the play must then capture, checked below).
                r2_only = points & self._atari_libs(o, empty) & ~narrow
            points = narrow | r2_only
        mode = self.mode
        # basic ko binds everybody except the side with ko priority (Korean modes)
        exempt = (mode == "owner" and p_to_move) or (mode == "attacker" and not p_to_move)
        ban_ko = 0 if exempt else ko
        my_bans = {k for w, k in bans if w == who}
        out = []
        for flat in self._ordered(points, mover, other, empty, p_to_move):
            res = _play(mover, other, flat, ban_ko, g)
            if res is None:
                continue
            m2, o2, cap, ko2 = res
            bit = 1 << flat
            if r2_only and not cap and r2_only >> flat & 1:
                continue  # R2: off the narrowing's points only a capture
            if cap and my_bans and cap & (cap - 1) == 0 and (bit | cap) in my_bans:
                continue  # Art. 7-2: no recapture in that ko before a pass for it
            if local and (cap & ~self.local or (p_to_move and bit & ~self.local)):
                if p_to_move:
                    out.append(((0, flat, 0), None, cap))
                continue
            np_, no_ = (m2, o2) if p_to_move else (o2, m2)
            if captured:
                new_captured = captured
                if p_to_move and cap & (cap - 1) and not p & self.s and bit & self.s:
                    new_captured = captured | cap  # the new stone itself takes two or more stones back
            elif not p_to_move and cap & self.s & p:
                new_captured = self.s  # S's points: where the new stone may stand
            else:
                new_captured = 0
            new_bans = bans
            if ko2:
                self.ko_seen = True
                k = bit | cap
                if self.pass_for_ko and not (mode == "once" and (1 - who, k) in freed):
                    new_bans = bans | {(1 - who, k)}
            new_bans = self._live_bans(new_bans, np_, no_)
            out.append(((0, flat, 0), (np_, no_, not p_to_move, ko2, new_bans, freed, 0, new_captured), cap))
        # passes for ko: one per ko the mover is banned from; they do not end the confirmation
        for k in sorted(my_bans):
            nb = bans - {(who, k)}
            nf = freed | {(who, k)} if mode == "once" else freed
            out.append(((2, _PASS, k), (p, o, not p_to_move, 0, nb, nf, 0, captured), 0))
        out.append(((1, _PASS, 0), (p, o, not p_to_move, 0, bans, freed, passes + 1, captured), 0))
        return out

    def _atari_libs(self, o: int, empty: int) -> int:
        """The liberties of O's chains with exactly one liberty (where a play of P captures)."""
        return self._short_libs(o, empty, 1)

    def _short_libs(self, o: int, empty: int, most: int) -> int:
        """The liberties of O's chains next to the area's empty points with 1 to ``most`` liberties."""
        g = self.g
        out = 0
        todo = o & _adjacent(empty & self.area, g)
        while todo:
            chain = flood(todo & -todo, o, g)
            todo &= ~chain
            libs = _adjacent(chain, g) & empty
            if libs and libs.bit_count() <= most:
                out |= libs
        return out

    def _ordered(self, points: int, mover: int, other: int, empty: int, p_to_move: bool) -> list[int]:
        key = (points, mover, other, p_to_move)
        hit = self.order_cache.get(key)
        if hit is None:
            if len(self.order_cache) >= _ORDER_CACHE:
                self.order_cache.clear()
            hit = self.order_cache[key] = self._order(points, mover, other, empty, p_to_move)
        return hit

    def _order(self, points: int, mover: int, other: int, empty: int, p_to_move: bool) -> list[int]:
        g = self.g
        bonus: dict[int, int] = {}
        near = _adjacent(points, g)
        for stones, is_other in ((other, True), (mover, False)):
            todo = stones & near
            while todo:
                chain = flood(todo & -todo, stones, g)
                todo &= ~chain
                libs = _adjacent(chain, g) & empty
                n = libs.bit_count()
                target = bool(chain & self.s)
                if n == 1:
                    if is_other:
                        # O captures greedily; P prefers small captures (ko recaptures) to emptying a
                        # big area, whose proof would be a whole new life-and-death problem.
                        gain = 64 * chain.bit_count() if not p_to_move else 72 - 8 * min(chain.bit_count(), 8)
                    else:
                        gain = 40 + 8 * chain.bit_count()
                elif n == 2:
                    gain = 24 if is_other else 8
                else:
                    gain = 0
                if target and not p_to_move:
                    gain += 30  # the attacker goes for S's liberties first
                if gain:
                    for flat in iter_bits(libs & points):
                        bonus[flat] = bonus.get(flat, 0) + gain
        nbrs = g.neighbours
        scored = sorted((-(bonus.get(f, 0) + 3 * (nbrs[f] & empty).bit_count()), f) for f in iter_bits(points))
        # A play that takes nothing and leaves a chain of two or more of the mover's stones with at most one
        # liberty (it fills a liberty of its own chain) comes last: such plays rarely help and their
        # refutation can be a whole new fight (in the double bent four the attacker's A7, filling his own
        # big string's liberty, was tried before the bent-four kill J9).  Order only: no value changes.
        if not _SELF_ATARI_LAST:
            return [f for _, f in scored]
        first, last = [], []
        for _, f in scored:
            (last if self._self_atari(f, mover, other, empty) else first).append(f)
        return first + last

    def _pass_first(self, moves: list[tuple], p: int, o: int, p_to_move: bool, captured: int = 0) -> list[tuple]:
        """``moves`` with the ordinary pass (the last move) tried first; in an owner-first search
        (``self.owner_tactics``) P's captures and ataris come before P's pass (order only)."""
        tactics = self.owner_tactics or (self.r2 and captured and R2_TACTICS_FIRST)
        if self.r2 and captured and not p_to_move and R2_TACTICS_FIRST:
            # R2, O after the capture with no new stone standing: O's captures before O's pass (P may
            # now take O's stones anywhere, so a waiting O can face a whole new fight).  Order only.
            front = [m for m in moves[:-1] if m[2]]
            if front:
                rest = [m for m in moves[:-1] if not m[2]]
                return front + [moves[-1]] + rest
        if not (p_to_move and tactics and _OWNER_TACTICS_FIRST):
            moves.insert(0, moves.pop())
            return moves
        # The liberties of O's chains with one or two liberties: a play there captures or ataris.
        tactical = self._short_libs(o, self.g.full & ~(p | o), 2)
        if not tactical:
            moves.insert(0, moves.pop())
            return moves
        front, rest = [], []
        for m in moves[:-1]:
            (front if m[0][0] == 0 and tactical >> m[0][1] & 1 else rest).append(m)
        return front + [moves[-1]] + rest

    def _self_atari(self, flat: int, mover: int, other: int, empty: int) -> bool:
        """True if a play at ``flat`` captures nothing and leaves its chain (two or more stones) with at
        most one liberty (move ordering only)."""
        g = self.g
        bit = 1 << flat
        chain = flood(bit, mover | bit, g)
        if chain == bit:
            return False
        libs = _adjacent(chain, g) & empty & ~bit
        if libs & (libs - 1):
            return False
        todo = g.neighbours[flat] & other
        while todo:
            nb = flood(todo & -todo, other, g)
            todo &= ~nb
            if not _adjacent(nb, g) & empty & ~bit:
                return False  # it captures
        return True

    def terminal_value(self, state: tuple) -> int:
        p, captured = state[0], state[7]
        return _WIN if (not captured or p & self.s) else _LOSS

    # -- search ------------------------------------------------------------------

    def _safe(self, p: int, o: int) -> bool:
        key = (p, o)
        hit = self.benson.get(key)
        if hit is None:
            hit = self.benson[key] = bool(_pass_alive(p, o, self.g) & p & self.s)
        return hit

    def _to_safety(self, p: int, o: int, moves: list[tuple]) -> tuple | None:
        """Shortcut 4: a play of P after which a stone of P on S's points is pass-alive, or None.

        Tried only when S's chain borders a region of at least ``_SAFETY_REGION``
        empty points: where the search would otherwise meet a new life-and-death
        problem (small regions are cheaper to search than to test by Benson
        after every play).  Which plays are tested never changes a value.
        """
        g = self.g
        on_s = p & self.s
        if not on_s:
            return None
        non_p = g.full & ~p
        empty = non_p & ~o
        todo = _adjacent(flood(on_s, p, g), g) & empty
        while todo:
            region = flood(todo & -todo, non_p, g)
            todo &= ~region
            if (region & empty).bit_count() >= _SAFETY_REGION:
                break
        else:
            return None
        for move, child, _ in moves:
            if move[0] or child is None:
                continue
            cp = child[0]
            on_s = cp & self.s
            if on_s and self._two_eyes_possible(flood(on_s, cp, g), cp, child[1]) and self._safe(cp, child[1]):
                return move
        return None

    def _two_eyes_possible(self, chain: int, p: int, o: int) -> bool:
        """Necessary for Benson: two regions next to ``chain`` whose empty points are all its liberties."""
        g = self.g
        non_p = g.full & ~p
        empty = non_p & ~o
        libs = _adjacent(chain, g) & empty
        found = 0
        todo = _adjacent(chain, g) & non_p
        while todo:
            region = flood(todo & -todo, non_p, g)
            todo &= ~region
            if region & empty & ~libs == 0:
                found += 1
                if found == 2:
                    return True
        return False

    def _no_new_stone(self, p: int, o: int, local: bool = False) -> int:
        """After the capture of S: the ``cap`` of shortcut 5 if it applies (O keeps every new stone of P
        off S's points), else -1."""
        g = self.g
        empty = g.full & ~(p | o)
        s_open = self.s & empty  # where new stones can stand (O's stones never leave)
        rim = _adjacent(s_open, g)
        if rim & p:
            return -1  # a new stone could join P's stones next to it
        t = (s_open | rim) & empty  # the points O's strategy fills
        if t & ~self.area:
            return -1
        region = s_open | rim
        anchored = 0
        todo = o & _adjacent(t, g)
        while todo:
            chain = flood(todo & -todo, o, g)
            todo &= ~chain
            libs = _adjacent(chain, g) & empty
            if libs & ~region:
                anchored |= chain
            elif libs & (libs - 1) == 0 and _adjacent(chain, g) & s_open:
                return -1  # one liberty on S's points: a new stone there captures it
        if t & ~_adjacent(anchored, g):
            return -1
        if self.r2 and self._r2_capturable(o, empty, region):
            return -1
        frozen = p & _adjacent(t, g)
        if frozen and local:
            return -1  # O's strategy may capture them: a capture reaching outside T, not a move of R
        return s_open | (flood(frozen, p, g) if frozen else 0)

    def _r2_capturable(self, o: int, empty: int, region: int) -> bool:
        """R2 guard of shortcut 5: True unless every O chain next to the zone has two or more
        liberties outside ``region`` (then no O play on ``region`` and no P play on S's points ever
        leaves one in atari, so P never has a capturing play and the narrowing's proof stands)."""
        g = self.g
        todo = o & _adjacent(self.area, g)
        while todo:
            chain = flood(todo & -todo, o, g)
            todo &= ~chain
            libs = _adjacent(chain, g) & empty & ~region
            if not libs & (libs - 1):
                return True
        return False

    def _p_captures(self, p: int, o: int) -> bool:
        """R2 guard of shortcut 8: True if P has a play in the zone that captures (conservatively: an O
        chain in atari with its liberty in the zone)."""
        empty = self.g.full & ~(p | o)
        return bool(self._atari_libs(o, empty) & self.area)

    def _fill_out(self, p: int, o: int) -> int:
        """After the capture of S: the ``cap`` of shortcut 8 if it applies (O answers every new stone of
        P by filling S's points), else -1.  Kept per board (it depends on nothing else)."""
        key = (p, o)
        hit = self.fill_cache.get(key)
        if hit is None:
            if len(self.fill_cache) >= _ORDER_CACHE:
                self.fill_cache.clear()
            hit = self.fill_cache[key] = self._fill_out_now(p, o)
        return hit

    def _fill_out_now(self, p: int, o: int) -> int:
        g = self.g
        empty = g.full & ~(p | o)
        s_open = self.s & empty  # where P may play (the narrowing)
        if _adjacent(s_open, g) & p or s_open & ~self.area:
            return -1  # a new stone could join P's stones next to it; or O could not fill S's points
        r2 = self.r2
        if r2 and self._p_captures(p, o):
            return -1  # R2: P has a capturing play now
        for x in iter_bits(s_open):
            res = _play(p, o, x, 0, g)
            if res is None:
                continue  # suicide: not a play of P
            p2, o2, cap, _ = res
            if cap:
                return -1  # the new stone takes stones: no simple answer
            if r2 and self._p_captures(p2, o2):
                return -1  # R2: the new stone puts an O chain in atari
            xbit = 1 << x
            libs = g.neighbours[x] & empty
            if libs & ~self.area:
                return -1
            todo = s_open | libs
            while True:  # O fills todo (x's point too, once x is taken); P can only pass meanwhile
                open_ = todo & ~(p2 | o2)
                if not open_:
                    break
                for y in iter_bits(open_):
                    r = _play(o2, p2, y, 0, g)
                    if r is not None and not r[2] & ~xbit:
                        o2, p2 = r[0], r[1]
                        if r2 and self._p_captures(p2, o2):
                            return -1  # R2: P could capture during the fill
                        break
                else:
                    return -1
            if p2 & self.s:
                return -1  # x was not taken (a check; the conditions above already exclude it)
        return s_open

    def _fill_reusable(self, p: int, o: int) -> bool:
        """Shortcut 8's test of the line: no ancestor is a possible state of its proof (all of O's
        stones, exactly P's stones off S's points, at most one P stone on them)."""
        s = self.s
        off = p & ~s
        for bp, bo in self.path_boards:
            if o & ~bo == 0 and bp & ~s == off and (bp & s).bit_count() <= 1:
                return False
        return True

    def _reusable(self, p: int, o: int, cap: int) -> bool:
        kp, ko_ = p & ~cap, o & ~cap
        for bp, bo in self.path_boards:
            if kp & ~bp == 0 and ko_ & ~bo == 0:
                return False
        return True

    def _settled(self, state: tuple, depth: int, local: bool) -> tuple[int, int, int] | None:
        """The value of a node that needs no move: the end, a repetition, the depth limit, a
        pass-alive stone of P on S's points (Benson: P wins whatever follows), or the no-new-stone
        and filling rules (shortcuts 5 and 8); None otherwise.  Counts the node.  Shared by
        :meth:`solve` and :meth:`solve_local`."""
        self._count()
        if state[6] >= self.end_passes:
            return self.terminal_value(state), 0, _CLEAN
        index = self.path.get(state)
        if index is not None:
            self.cycle_seen = True
            return _WIN, 0, index
        if depth <= 0:
            return _UNKNOWN, 0, _CLEAN
        p, o = state[0], state[1]
        if p & self.s and self._safe(p, o):
            return _WIN, 0, _CLEAN
        if self.rule_lost and self.end_passes >= 2 and state[7] == self.s and not p & self.s:
            cap = self._no_new_stone(p, o, local=local)
            if cap >= 0 and self._reusable(p, o, cap):
                self.rule_hits += 1
                return _LOSS, cap, _CLEAN
            cap = self._fill_out(p, o)
            if cap >= 0 and self._fill_reusable(p, o):
                self.fill_hits += 1
                return _LOSS, cap, _CLEAN
        if (self.r2 and R2_QUIET_KILL and self.rule_lost and self.end_passes >= 2 and not local
                and state[7] == self.s and p & self.s and (not state[2] or state[6] == 0)):
            cap = self._quiet_kill(state)
            if cap >= 0 and self._reusable(p, o, cap):
                self.quiet_hits += 1
                return _LOSS, cap, _CLEAN
        return None

    def _quiet_kill(self, state: tuple) -> int:
        """Shortcut 9 (R2 only): the ``cap`` of O's quiet kill of the new stone, or -1.

        State: after the capture (``captured`` is exactly S's points), a new stone of P stands on S,
        and if P is to move, the last move was not a pass.  O plays a fixed sequence (a simulation,
        no search): each play legal (the basic ko of the state for the first, O's bans for all), and
        after each no O chain with a liberty in the zone is in atari, until no P stone stands on S's
        points; at the end shortcut 5 or 8 applies.  Then O wins: while a new stone stands, P may
        play only a capture (R2; none exists, no O chain being in atari, and a ban only forbids
        captures) or on ``captured`` minus S's points (empty), so P only passes (an ordinary pass
        or one for ko: neither ends the confirmation, because O never passes and, if P is to move
        here, the last move was not a pass); O answers each with the next play; when P's stones on
        S are gone the state is one that 5 or 8 settles (their proofs hold from any such state).
        O loses no stone (P captures nothing), so every state of the proof holds all of O's stones
        of this node and all of P's stones but those captured in it (``cap``: the stones O takes in
        the sequence and the cap of 5 or 8), no state repeats within it (O's stones only grow), and
        the rule is used only where no ancestor on the line holds those stones (rule 3).
        """
        p, o, p_to_move, ko, bans = state[0], state[1], state[2], state[3], state[4]
        g = self.g
        empty = g.full & ~(p | o)
        if self._atari_libs(o, empty) & self.area:
            return -1
        obans = {k for w, k in bans if w == 1}
        ban_ko = ko if not p_to_move else 0  # after P's pass the basic-ko point is gone
        key = (p, o, ban_ko, frozenset(obans))
        hit = self.quiet_cache.get(key)
        if hit is not None:
            return hit
        if len(self.quiet_cache) >= _ORDER_CACHE:
            self.quiet_cache.clear()
        simcap = 0
        result = -1
        for _ in range(2 * self.area.bit_count()):
            on_s = p & self.s
            if not on_s:
                c = self._no_new_stone(p, o)
                if c < 0:
                    c = self._fill_out(p, o)
                result = -1 if c < 0 else simcap | c
                break
            empty = g.full & ~(p | o)
            libs = _adjacent(flood(on_s, p, g), g) & empty & self.area
            chosen = None
            for y in list(iter_bits(libs)) + list(iter_bits(empty & self.area & ~libs)):
                r = _play(o, p, y, ban_ko, g)
                if r is None:
                    continue
                o2, p2, cap, _ = r
                if cap and cap & (cap - 1) == 0 and ((1 << y) | cap) in obans:
                    continue
                atari = self._atari_libs(o2, g.full & ~(p2 | o2)) & self.area
                if atari and r[3] and atari == cap and self.mode != "owner":
                    # A ko capture whose stone is the only O chain in atari: P may not retake at once
                    # (basic ko binds P in every mode but owner priority), so P passes (ordinary or for
                    # the ko) and O fills the captured point next.
                    if not p2 & self.s and self.s & ~(p2 | o2) & self.area & ~cap:
                        continue  # P could play a new stone on another point of S meanwhile
                    r = _play(o2, p2, cap.bit_length() - 1, 0, g)
                    if r is None or r[2]:
                        continue
                    if self._atari_libs(r[0], g.full & ~(r[0] | r[1])) & self.area:
                        continue
                    o2, p2 = r[0], r[1]
                elif atari:
                    continue
                chosen = o2, p2, cap
                break
            if chosen is None:
                break
            o, p, cap = chosen
            simcap |= cap
            ban_ko = 0
        self.quiet_cache[key] = result
        return result

    def solve(self, state: tuple, depth: int) -> tuple[int, int, int]:
        """``(value for P, cap of the proof, taint)``.

        ``taint`` is the line index of the highest ancestor whose repetition
        the proof relies on, or ``_CLEAN``.  A proof that relies only on
        repetitions of the node itself or of states below it holds on every
        line to the node, so it is clean from the node upwards.
        """
        settled = self._settled(state, depth, local=False)
        if settled is not None:
            return settled
        p, o = state[0], state[1]
        e = self.tt.get(state) if self.use_tt else None
        if e is not None and (e.value == _WIN or self._reusable(p, o, e.cap)):
            return e.value, e.cap, _CLEAN
        local = self.use_local and self.use_tt and not self.local_off and state[7] == self.s
        if local:
            v, c, t = self.solve_local(state, depth)
            if v == _LOSS:
                if t == _CLEAN:
                    self.tt[state] = _Entry(v, c, self.hint.get(state))
                return v, c, t
        p_to_move = state[2]
        mover_wins = _WIN if p_to_move else _LOSS
        moves = self.moves(state)
        if p_to_move and self.lookahead:
            move = self._to_safety(p, o, moves)
            if move is not None:
                self.hint[state] = move
                self.tt[state] = _Entry(_WIN, 0, move)
                return _WIN, 0, _CLEAN
        hint = self.hint.get(state)
        if hint is not None:
            for i, m in enumerate(moves):
                if m[0] == hint:
                    moves.insert(0, moves.pop(i))
                    break
        elif p_to_move or (state[7] and not p & self.s):
            # Try the ordinary pass first for P (a living group just passes) and for O after the capture
            # while no new stone stands (O passes while P has no new stone that survives; while one
            # stands, O's pass loses at once to P's pass).
            moves = self._pass_first(moves, p, o, p_to_move, state[7])
        me = len(self.path)
        self.path[state] = me
        self.path_boards.append((p, o))
        value = 1 - mover_wins
        cap_all = 0
        taint_all = _CLEAN
        best = None
        best_effort = -1
        if local:
            self.local_off += 1  # R did not settle the node: its subtree is searched in full, without R
        try:
            if self.use_tt and self.etc:
                # shortcut 7: a child the table already settles for the mover (see the module docstring)
                settled = self._table_settles(moves, mover_wins, self.tt.get)
                if settled is not None:
                    move, value, cap = settled
                    self.hint[state] = move
                    self.tt[state] = _Entry(value, cap, move)
                    return value, cap, _CLEAN
            for move, child, cap in moves:
                before = self.nodes
                v, c, t = self.solve(child, depth - 1)
                if v == mover_wins:
                    self.hint[state] = move
                    if t >= me:
                        t = _CLEAN
                        self.tt[state] = _Entry(v, cap | c, move)
                    return v, cap | c, t
                if v == _UNKNOWN:
                    value = _UNKNOWN
                cap_all |= cap | c
                taint_all = min(taint_all, t)
                if self.nodes - before > best_effort:
                    best, best_effort = move, self.nodes - before
        finally:
            del self.path[state]
            self.path_boards.pop()
            if local:
                self.local_off -= 1
        if best is not None:
            self.hint[state] = best
        if taint_all >= me:
            taint_all = _CLEAN
            if value != _UNKNOWN:
                self.tt[state] = _Entry(value, cap_all, best)
        return value, cap_all, taint_all

    def _table_settles(self, moves: list[tuple], mover_wins: int,
                       lookup: Callable[[tuple], _Entry | None]) -> tuple[tuple, int, int] | None:
        """Shortcut 7: ``(move, value, cap)`` for the first move whose child ``lookup`` (a table)
        already settles for the mover, or None.

        A win for P is reusable as it stands; a win for O only where :meth:`_reusable` allows it.
        The end of a move-sequence is skipped: the board decides it, and a key may stand for an
        unfinished state too (R's key drops the pass count of some states).
        """
        for move, child, cap in moves:
            if child is None or child[6] >= self.end_passes:
                continue
            e = lookup(child)
            if e is None or e.value != mover_wins:
                continue
            if e.value == _LOSS and not self._reusable(child[0], child[1], e.cap):
                continue
            self.etc_hits += 1
            return move, e.value, cap | e.cap
        return None

    def _ltt_lookup(self, child: tuple) -> _Entry | None:
        """R's table entry of ``child``, or None; the stones part of the key filters cheaply first."""
        near = self.local | self.ring
        if (child[0] & near, child[1] & near, child[2]) not in self.ltt_boards:
            return None
        return self.ltt.get(self._local_key(child))

    def _ltt_store(self, key: tuple, entry: _Entry) -> None:
        """Store an entry of R's table (and the stones part of its key, for shortcut 7's filter)."""
        self.ltt[key] = entry
        self.ltt_boards.add(key[:3])

    def _local_key(self, state: tuple) -> tuple:
        """The key of a state of the game R (:meth:`solve_local`): what R's play can see or change.

        Kept per state (shortcut 7 computes the children's keys, :meth:`solve_local` them again).
        """
        key = self.lkey_cache.get(state)
        if key is None:
            if len(self.lkey_cache) >= _ORDER_CACHE:
                self.lkey_cache.clear()
            key = self.lkey_cache[state] = self._local_key_now(state)
        return key

    def _local_key_now(self, state: tuple) -> tuple:
        p, o, p_to_move, ko, bans, freed, passes, captured = state
        g = self.g
        t, near = self.local, self.local | self.ring
        empty = g.full & ~(p | o)
        chains = []
        for stones in (p, o):
            # a chain whose stones see no point beyond T and its ring is given by the stones in the key
            todo = stones & self.edge
            while todo:
                chain = flood(todo & -todo, stones, g)
                todo &= ~chain
                chains.append((chain & near, bool(_adjacent(chain, g) & empty & ~t)))
        inner = []
        outer = [0, 0]
        for who, k in bans:
            if k & near:
                inner.append((who, k))
            else:
                outer[who] += 1
        if p_to_move != bool(p & self.s):
            # P to move with no new stone standing, or O to move with one: the mover's ordinary pass
            # loses for him whether or not the last move was a pass (the opponent passes, or has just
            # passed), and every other move leads to the same states: the count does not matter.
            passes = 0
        return (p & near, o & near, p_to_move, ko & t, frozenset(inner), tuple(outer),
                frozenset(f for f in freed if f[1] & t), passes, captured, frozenset(chains))

    def solve_local(self, state: tuple, depth: int) -> tuple[int, int, int]:
        """Like :meth:`solve`, for the game R after the capture of S (see the module docstring)."""
        settled = self._settled(state, depth, local=True)
        if settled is not None:
            return settled
        p, o = state[0], state[1]
        key = self._local_key(state) if self.use_tt else None
        e = self.ltt.get(key) if self.use_tt else None
        if e is not None and (e.value == _WIN or self._reusable(p, o, e.cap)):
            self.local_hits += 1
            return e.value, e.cap, _CLEAN
        p_to_move = state[2]
        mover_wins = _WIN if p_to_move else _LOSS
        moves = self.moves(state, local=True)
        if p_to_move:
            move = next((m for m, child, _ in moves if child is None), None)  # a capture reaching outside T
            if move is None and self.lookahead:
                move = self._to_safety(p, o, moves)
            if move is not None:
                if key is not None:
                    self._ltt_store(key, _Entry(_WIN, 0, move))
                return _WIN, 0, _CLEAN
        hint = self.hint.get(state)
        if hint is not None:
            for i, m in enumerate(moves):
                if m[0] == hint:
                    moves.insert(0, moves.pop(i))
                    break
        elif p_to_move or not p & self.s:
            moves = self._pass_first(moves, p, o, p_to_move, state[7])
        me = len(self.path)
        self.path[state] = me
        self.path_boards.append((p, o))
        value = 1 - mover_wins
        cap_all = 0
        taint_all = _CLEAN
        best = None
        try:
            if key is not None and self.etc:
                # shortcut 7 in R: a child R's table already settles for the mover
                settled = self._table_settles(moves, mover_wins, self._ltt_lookup)
                if settled is not None:
                    move, value, cap = settled
                    self.hint[state] = move
                    self._ltt_store(key, _Entry(value, cap, move))
                    return value, cap, _CLEAN
            for move, child, cap in moves:
                v, c, t = self.solve_local(child, depth - 1)
                if v == mover_wins:
                    self.hint[state] = move
                    if t >= me:
                        t = _CLEAN
                        if key is not None:
                            self._ltt_store(key, _Entry(v, cap | c, move))
                    return v, cap | c, t
                if v == _UNKNOWN:
                    value = _UNKNOWN
                cap_all |= cap | c
                taint_all = min(taint_all, t)
                if best is None:
                    best = move
        finally:
            del self.path[state]
            self.path_boards.pop()
        if taint_all >= me:
            taint_all = _CLEAN
            if value != _UNKNOWN and key is not None:
                self._ltt_store(key, _Entry(value, cap_all, best))
        return value, cap_all, taint_all

    def principal_variation(self, root: tuple, limit: int = 60) -> list[tuple]:
        """Follow the stored best moves from the root (at most ``limit`` moves, no repetition)."""
        line = []
        state = root
        seen = set()
        while state[6] < self.end_passes and len(line) < limit and state not in seen:
            seen.add(state)
            move = self.hint.get(state)
            if move is None and state[7] and not state[0] & self.s:
                move = (1, _PASS, 0)  # decided by a rule after the capture: P has nothing better than to pass
            if move is None:
                break
            nxt = next((child for m, child, _ in self.moves(state) if m == move), None)
            if nxt is None:
                break
            line.append(move)
            state = nxt
        return line


def confirm_life(
    position: Position,
    target: Point,
    *,
    area: int | None = None,
    mode: str = "once",
    first: str = "attacker",
    end_passes: int = 2,
    max_nodes: int = 200_000,
    max_seconds: float = 10.0,
    transposition_table: bool = True,
    ko_ban: int = 0,
    shortcuts: bool = True,
    captures_first: bool = False,
    after_capture: str | None = None,
) -> ConfirmResult:
    """Decide by exact search whether the string at ``target`` survives confirmation (J1989 Art. 7).

    Parameters
    ----------
    position : Position
        The stop position (after dame filling).  Its ``to_play`` and ko ban
        are ignored: the confirmation starts with no ban and no bans for ko.
    target : Point
        A stone of the string S; its owner is P.
    area : int | None
        Bitboard of the points where plays are allowed; None: the whole board.
    mode : str
        Ko rule, one of :data:`KO_MODES` (module docstring).
    first : str
        ``"attacker"`` (Art. 7: the opponent tries to capture, moving first)
        or ``"owner"`` (P moves first; used by the Art. 13 test).
    end_passes : int
        Successive ordinary passes that end the confirmation (J1989: 2).
    max_nodes, max_seconds : int, float
        Budget; when it runs out the status is ``"unknown"``.
    transposition_table : bool
        Off: no tables (with ``shortcuts=False``: the plain search the tests
        compare against).
    ko_ban : int
        Bitboard of a point the first mover may not take at once (basic ko,
        Art. 6), or 0.  The confirmation itself starts with no ban; a resumed
        game (Art. 9-3) starts with the ban standing at the stop (S31), which
        is how :mod:`adjudicator.ruling` asks whether resuming secures an
        effective move.
    shortcuts : bool
        The exact shortcuts 4 to 8 of the module docstring (off: the search
        without them, for comparisons).
    captures_first : bool
        With P to move, try P's captures and ataris before P's pass (the
        order of the Art. 13 test, which passes ``first="owner"``; module
        docstring, "Move ordering").  Order only: no value changes, only
        which searches finish within the budget.

    Examples
    --------
    A black corner stone with one liberty inside White's wall is captured:

    >>> from adjudicator.diagrams import parse_diagram
    >>> pos = parse_diagram('''
    ...     x . o .
    ...     o o o .
    ...     . . . .
    ...     . . . .
    ... ''')
    >>> r = confirm_life(pos, (3, 0))
    >>> r.status, [format_move(m) for m in r.sequence]
    ('dead', ['B4', 'pass', 'pass'])
    """
    started = time.perf_counter()
    if mode not in KO_MODES:
        raise ValueError(f"unknown ko mode {mode!r} (known: {', '.join(KO_MODES)})")
    if first not in ("attacker", "owner"):
        raise ValueError(f"first must be 'attacker' or 'owner', not {first!r}")
    if end_passes < 1:
        raise ValueError(f"end_passes must be at least 1, not {end_passes}")
    size = position.size
    g = geometry(size)
    color, s_bits = target_string(position, target, "confirm")
    p, o = position.stones(color), position.stones(color.opponent)
    zone = g.full if area is None else area & g.full
    if after_capture is None:
        after_capture = AFTER_CAPTURE
    if after_capture not in ("narrow", "captures"):
        raise ValueError(f"after_capture must be 'narrow' or 'captures', not {after_capture!r}")
    root = (p, o, first == "owner", ko_ban & g.full, frozenset(), frozenset(), 0, 0)
    # R2 gives P a superset of the narrowing's moves after the capture (O's moves, the terminal rule,
    # the repetition rule and the ko bans are the same): a proof that P wins the narrowed game is a
    # strategy of P in R2's game that meets the same states, so "alive" carries over.  The narrowed
    # search runs first; R2's search only where it does not find P alive.
    passes = ([False, True] if _R2_NARROW_FIRST else [True]) if after_capture == "captures" else [False]
    spent = 0
    ko_seen = cycle_seen = False
    for r2 in passes:
        searcher = _Confirmer(s_bits, zone, g, mode, end_passes, max(1, max_nodes - spent),
                              started + max_seconds)
        searcher.use_tt = transposition_table
        searcher.lookahead = searcher.rule_lost = searcher.use_local = searcher.etc = shortcuts
        searcher.owner_tactics = captures_first
        searcher.r2 = r2
        try:
            value = searcher.solve(root, _MAX_DEPTH)[0]
        except (_OutOfBudget, RecursionError):
            value = _UNKNOWN
        spent += searcher.nodes
        ko_seen |= searcher.ko_seen
        cycle_seen |= searcher.cycle_seen
        if value == _WIN:
            break
    sequence: list[Move] = []
    notes: list[str] = []
    if value != _UNKNOWN:
        for kind, flat, _ in searcher.principal_variation(root):
            sequence.append(None if kind else divmod(flat, size))
            notes.append(("play", "pass", "pass-for-ko")[kind])
    searcher.nodes = spent
    seconds = time.perf_counter() - started
    status = {_WIN: "alive", _LOSS: "dead", _UNKNOWN: "unknown"}[value]
    reason = _reason(status, color, target, s_bits, searcher, sequence, notes, first, max_nodes, max_seconds)
    return ConfirmResult(status, value != _UNKNOWN, searcher.nodes, seconds, sequence, notes,
                         ko_seen, cycle_seen, reason)


_MODE_TEXT = {
    "once": "pass for ko (J1989 Art. 7-2, once per ko)",
    "each": "pass for ko (J1989 Art. 7-2, before every recapture)",
    "owner": "ko priority for the owner (more ko threats elsewhere), basic ko for the attacker",
    "attacker": "ko priority for the attacker (more ko threats elsewhere), basic ko for the owner",
    "basic": "basic ko only",
}


def format_line(sequence: list[Move], notes: list[str], first: Color) -> str:
    """``"W B2, B pass, W pass"`` with passes for ko marked."""
    letters = [first.word[0].upper(), first.opponent.word[0].upper()]
    parts = []
    for i, (m, note) in enumerate(zip(sequence, notes)):
        word = "pass for ko" if note == "pass-for-ko" else format_move(m)
        parts.append(f"{letters[i % 2]} {word}")
    return ", ".join(parts)


def _reason(status, color, target, s_bits, searcher, sequence, notes, first, max_nodes, max_seconds) -> str:
    opp = color.opponent
    stones = s_bits.bit_count()
    string = f"the {color.word} string at {vertex_from_point(target)} ({stones} stone{'s' * (stones != 1)})"
    mover = opp if first == "attacker" else color
    rules = (
        f"{mover.word.capitalize()} moving first, plays limited to {searcher.area.bit_count()} points, "
        f"{_MODE_TEXT[searcher.mode]}, ending after {searcher.end_passes} successive passes"
    )
    line = format_line(sequence, notes, mover)
    if status == "alive":
        return (
            f"Confirmation (J1989 Art. 7-1): {string} is alive. An exact search ({rules}) shows that "
            f"{opp.word.capitalize()} cannot capture it, or that after a capture {color.word.capitalize()} "
            f"plays a new stone there that cannot be captured. Line: {line}. {searcher.nodes} positions searched."
        )
    if status == "dead":
        return (
            f"Confirmation (J1989 Art. 7-1): {string} is dead. An exact search ({rules}) shows that "
            f"{opp.word.capitalize()} captures it against every defence and no new {color.word} stone there "
            f"survives. Line: {line}. {searcher.nodes} positions searched."
        )
    return (
        f"Confirmation (J1989 Art. 7-1): no verdict for {string}. The exact search ({rules}) stopped after "
        f"{searcher.nodes} positions (budget {max_nodes} positions, {max_seconds:g} s) without a proof."
    )
