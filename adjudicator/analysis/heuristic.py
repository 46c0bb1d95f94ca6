"""Monte Carlo ownership: the heuristic behind ``assumed`` verdicts.

When neither a static rule nor the local search settles a chain, adjudicator
still proposes a status, and labels it ``assumed``.  The proposal comes from
random playouts of the final position, as in Monte Carlo Go programs: both
players play random legal moves, except that a chain left in atari next to the
previous play is captured at once, unless that leaves the capturer's own chain
of two or more stones in atari (a snapback, below), or, if it is the mover's,
extended when that gives it two liberties; an eye space of three points next to
the previous play gets its vital point at once (below), and nobody fills a point
surrounded by their own stones (an eye) unless it is a false eye (below),
plays a multi-stone self-atari unless it is a nakade self-atari (below), or
puts a lone stone in atari without capturing unless it stands in an empty
region of at most three points (a throw-in or a nakade), until two passes;
then every point is counted as Black's or White's (stones, and empty regions
bordered by one colour only).  A chain whose points end as its owner's in at
least 55 % of the playouts is guessed ``alive`` (``analysis/life.py`` says why
not half).

The nakade rule, after MoGo/Fuego-style playout policies: when an empty region
of exactly three points lies next to the previous play and its border, apart
from that play, holds stones of one colour only, the player to move takes its
middle point (the point next to both others), whichever side it is: the owner
of the space makes two eyes there, the opponent leaves a dead shape.  Without
it, a group that captures three stones inside its eye space (or whose space a
placement has just cut to three points) lives in every playout in which the
opponent's random move lands elsewhere, so dead groups came out alive.  The
lone-stone self-atari refusal stops both players from wasting moves feeding
single stones into the opponent's territory.  Measured 2026-11-22, old
policy against new on one snapshot of the working tree (7d2bdec), every game
through ``benchmarks/real_games.py``'s ``run_game``: exact result agreement on
the 568 marked KGS games 526 -> 533 (7 fixed, 0 broken), on 400 games of the
seeded unmarked sample 343 -> 346 (6 fixed, 3 broken); CPU seconds per game
(160 of those games, old and new interleaved in one process) median 0.225 ->
0.261, p95 1.50 -> 1.41.  On the working tree of 5a06348 with this policy,
``python benchmarks/real_games.py --unmarked 0 --gnugo 0`` gives 533/568 and
``--marked 0 --unmarked 400 --gnugo 0`` 358/400 (the re-run at 84b4281 with
the old policy: 527/568, and 355 on the same 400 games).  Tried and measured
like the first comparison, and not kept: saving a chain in atari by capturing
a neighbour in atari (519, 2 fixed, 9 broken: it rescues invaders that the
players count as dead), the single-stone self-atari rule alone (528, 4 fixed,
2 broken), the nakade rule alone (531, 10 fixed, 5 broken), and the nakade
rule on regions of up to five points at their unique best-connected point
(529, 9 fixed, 6 broken).

False eyes.  An own eye that is false by the usual diagonal test
(:func:`_false_eye`) may be filled, like any other point (and so only if the
chain it makes keeps two liberties).  Before, no eye was ever filled: in
kgs-19-2017-03-new/2017-03-03-2.sgf (marked, W+14.5) White never connected at
O2, so P1 behind it looked like a liberty that neither side could fill, and
Black's dead Q1 string came out as seki (B+15.5).  Measured 2026-11-22 like the
comparisons above, on one snapshot (2cc1553), the two policies interleaved
game by game in each of two processes on a shared 2-core machine (timings
noisy); "marked" is the 568 marked games, "unmarked" the same 400 games of the
seeded unmarked sample as above: marked 533 -> 537 (10 fixed, 6 broken; games
whose dead stones match the marks 542 -> 544), unmarked 358 -> 364 (9 fixed, 3
broken); CPU seconds per game (all 968) median 0.214 -> 0.206, p95 1.09 ->
0.99.  A cost: a group that fills its false eye can end next to the
opponent's nakade stone with its last two liberties on either side of it,
which only a self-atari of two stones kills; the playouts call that seki
(NAKADE_GAME in tests/test_heuristic.py: Black alive in 50 % of the playouts
instead of 20 %, all of them in a seki shape).  Tried with the fill, measured
the same way, and not kept: allowing the self-atari of a chain of at most three
stones whose last liberty is enclosed by it and the opponent's stones (marked
537 -> 542, 9 fixed, 4 broken; unmarked 364 -> 367, 6 fixed, 3 broken; but it
breaks the seki precedents big-eye-seki, hane-seki, dead-stone-in-seki-eye and
dead-stone-captured-in-seki of cases/, ten case runs; requiring in addition
that the self-atari puts an enclosing chain in atari still breaks big-eye-seki
and hane-seki, four runs, and was not measured on the games); the same
without the enclosed-liberty condition (marked 537 -> 536, 7 fixed, 8 broken;
unmarked 364 -> 367, 7 fixed, 4 broken); and the enclosed self-atari without
the fill (against the old policy: marked 533 -> 523, 2 fixed, 12 broken;
unmarked 358 -> 362, 6 fixed, 2 broken).

Nakade self-atari.  A play that captures nothing and leaves its chain of two
or three stones with one liberty is allowed when the chain and that liberty
stand on points that were empty in the position judged, and every neighbour of
the liberty is the chain's or the opponent's: the mover fills an eye space of
the final position from inside (the third stone in a square four, say: SQUARE_FOUR
in tests/test_heuristic.py, where Black's group ended as Black's, in a seki
shape, in every playout, and now dies in at least 97 %).  The first condition
tells it from the self-ataris that broke the seki precedents above: there the
stones in atari include stones the players left on the board (White B8 joining
A8 and B7 in dead-stone-in-seki-eye), or the space is one a capture emptied
during the playout (hane-seki, big-eye-seki: the re-placement punishes a random
capture that a real player would not make).  Measured 2026-11-22 like the
false-eye comparison (snapshot 2cc1553, the 568 marked games and the same 400
unmarked games; the old policy's results are those of that comparison's new
policy, which are deterministic: two runs of it agree game by game), with the
fill: marked 537 -> 540 (6 fixed, 3 broken; dead stones matching the marks 544
-> 547), unmarked 364 -> 367 (3 fixed, 0 broken); CPU seconds per game, from
separate runs on a shared machine (noisy), median 0.211 -> 0.203, p95 1.00 ->
1.00.  All 137 case runs of cases/ as before.  Tried the same way and not kept:
requiring in addition that the play leaves every enclosing opponent chain with
that liberty as its only one (mutual atari, as Pachi's nakade test asks):
marked 537 -> 540 (3 fixed, 0 broken), unmarked 364 -> 364 (1 fixed, 1
broken); the mutual-atari condition without the first one (all opponent chains
next to the chain or its liberty in atari there; or with no liberty outside the
empty region of the liberty, at most three points) keeps breaking hane-seki and
big-eye-seki (four case runs; not measured on the games).

Snapback.  The forced capture is skipped when the capturing stone joins a
chain of two or more stones that is left with one liberty: the opponent takes
it back at once.  Without this, a lone throw-in (allowed: a self-atari in an
empty region of at most three points) was always taken, and the taker's big
chain retaken: in kgs-19-2017-03-new/2017-03-29-14.sgf (marked, B+14.5) Black's
C1 (19 stones, the eye E1-F1) died that way in every playout it died in, 48 %
(W+14.5), and in 2017-03-12-21.sgf (W+36.5) White's S8 lost its race to a
throw-in at T10 (W+4.5); random moves already refuse such self-ataris.  Found
by a helper's trace of the playouts of the marked games that the heuristic gets
wrong.  Measured 2026-11-23 with the rule on and off game by game in one process
(/work/scratch/lead14/ab.py over the 1,568 games of ``benchmarks/real_games.py``):
marked 541 -> 543 agreeing with RE (3 fixed, 1 broken; dead stones as marked
548 -> 550), unmarked sample 924 -> 926 (7 fixed, 5 broken); seconds per game
median 0.312 -> 0.314, p95 1.300 -> 1.294; the 140 case runs of cases/ as before.

Seki: a playout ends when both sides pass, so an empty point left next to
both colours is one that neither side could fill without a multi-stone
self-atari, the shape of seki.  :attr:`Ownership.seki` counts, per point, the
playouts that ended with the point's chain next to such a point; the life
analysis turns a surviving chain into a ``seki`` guess (``not_alive`` under AJR,
which denies seki independent life) when that happens in at least half of the
playouts.  Measured on the 568 marked KGS games (``benchmarks/real_games.py
--unmarked 0 --gnugo 0``): exact result agreement 521 -> 523.

This is a guess, not a proof: big-eye sekis are usually broken by random
play, semeai are often misjudged (a race that neither side can approach
without self-atari looks like seki).  The playouts use a fixed seed, so the
same position always gets the same guess.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_left, insort
from dataclasses import dataclass

from ..board import Color, Position, dilate, flood, geometry, iter_bits

__all__ = ["Ownership", "playout_ownership"]

_SEED = 0x60  # fixed: verdicts must be reproducible across runs and processes


@dataclass(frozen=True)
class Ownership:
    """Per-point counts over ``playouts`` random playouts.

    ``black[i]`` / ``white[i]`` count the playouts in which flat point ``i``
    ended as Black's / White's.
    """

    playouts: int
    black: tuple[int, ...]
    white: tuple[int, ...]
    #: ``seki[i]``: playouts that ended with a stone on ``i`` whose chain touches a
    #: neutral empty point (one that borders both colours), i.e. that neither
    #: side could fill without putting its own chain of two or more stones in
    #: atari: the shape of seki in a finished playout.
    seki: tuple[int, ...] = ()

    def share(self, stones: int, color: Color) -> float:
        """Mean share of playouts in which the points of ``stones`` ended as ``color``'s."""
        counts = self.black if color is Color.BLACK else self.white
        points = list(iter_bits(stones))
        if not points or not self.playouts:
            return 0.0
        return sum(counts[i] for i in points) / (len(points) * self.playouts)

    def seki_share(self, stones: int) -> float:
        """Mean share of playouts in which the points of ``stones`` ended in a seki shape."""
        points = list(iter_bits(stones))
        if not points or not self.playouts or not self.seki:
            return 0.0
        return sum(self.seki[i] for i in points) / (len(points) * self.playouts)


def _bit_list(bits: int) -> list[int]:
    """Flat indices of the set bits of ``bits``, lowest first (as ``list(iter_bits(bits))``)."""
    out = []
    append = out.append
    while bits:
        low = bits & -bits
        append(low.bit_length() - 1)
        bits ^= low
    return out


# The playout kernel works on plain ints, not on Position objects: ``me`` /
# ``op`` are the bitboards of the player to move and of the opponent (swapped
# after every turn), ``empty`` the empty points, ``ko`` the point the player to
# move may not retake (basic ko, as in Position: a ban always binds the player
# who moves next, since playouts alternate strictly).  Every decision, and every
# call to the random generator, is the one the straightforward version on
# Position.try_play makes, in the same order (tests/test_heuristic_speed.py
# keeps that version as the reference and compares them; benchmarks/playouts.py
# times both).  Chains come from a cache (:func:`_entry`) kept up to date at each
# play and checked by two mask tests at each use.
#
# The policy in words: each turn, if the previous play left an opponent chain
# next to it in atari, capture it (first such chain by lowest point whose
# capture is legal); else if it left an own chain next to it in atari, extend
# it when that gives it two liberties; else if an empty region of exactly three
# points next to the previous play is bordered (apart from that play) by stones
# of one colour, play its middle point (:func:`_nakade`); else play a random candidate (an empty
# point not refused for the mover since the last capture), skipping own eyes
# that are not false (:func:`_false_eye`) and refusing illegal plays,
# multi-stone self-atari (unless, capturing nothing, it leaves at most three
# stones on points empty at the start, and its last liberty, also such a
# point, has no neighbour but the chain and the opponent's stones: a nakade
# self-atari), and single-stone self-atari that captures nothing outside an
# empty region of at most three points; pass if none is left.
# A capture by the first rule, the nakade rule or a random play clears both
# refusal sets; a capture by an extension does not.


def _has_liberty(stone: int, nb: int, stones: int, empty: int, g) -> bool:
    """True if the chain of ``stones`` through the single bit ``stone`` touches ``empty``.

    ``nb`` is the neighbour mask of ``stone``; a liberty next to it costs one test.
    """
    if nb & empty:
        return True
    n = g.size
    a, b, full = g.not_first_col, g.not_last_col, g.full
    region = frontier = stone
    while frontier:
        grown = (((frontier << 1) & a) | ((frontier >> 1) & b) | (frontier << n) | (frontier >> n)) & full
        if grown & empty:
            return True
        frontier = grown & stones & ~region
        region |= frontier
    return False


def _captures(i: int, p: int, me: int, op: int, empty: int, ko: int, g) -> int:
    """Stones of ``op`` that a play by ``me`` at point ``i`` (bit ``p``, empty) removes; -1 if illegal.

    Illegal: suicide, or retaking the basic ko ``ko`` (see :meth:`Position.try_play`).
    """
    nbrs = g.neighbours
    empty &= ~p
    captured = 0
    adjacent = nbrs[i] & op
    while adjacent:
        q = adjacent & -adjacent
        adjacent ^= q
        if nbrs[q.bit_length() - 1] & empty:
            continue
        if not _has_liberty(q, 0, op, empty, g):
            chain = flood(q, op, g)
            captured |= chain
            adjacent &= ~chain
    if captured:
        if p == ko and captured & (captured - 1) == 0:
            return -1
        return captured
    if not _has_liberty(p, nbrs[i], me | p, empty, g):
        return -1
    return 0


def _two_liberties(stone: int, libs: int, stones: int, empty: int, g) -> bool:
    """True if the chain of ``stones`` through ``stone`` has at least two liberties in ``empty``.

    ``libs`` holds liberties already known (a subset of the chain's); stops as
    soon as two are seen.
    """
    if libs & (libs - 1):
        return True
    n = g.size
    a, b, full = g.not_first_col, g.not_last_col, g.full
    region = frontier = stone
    while frontier:
        grown = (((frontier << 1) & a) | ((frontier >> 1) & b) | (frontier << n) | (frontier >> n)) & full
        libs |= grown & empty
        if libs & (libs - 1):
            return True
        frontier = grown & stones & ~region
        region |= frontier
    return False


_BIT = tuple(1 << i for i in range(25 * 25))


def _small_region(q: int, empty: int, g, limit: int) -> int:
    """The region of ``empty`` through the single bit ``q`` if it has at most ``limit`` points, else 0."""
    n = g.size
    a, b, full = g.not_first_col, g.not_last_col, g.full
    region = frontier = q
    while frontier:
        frontier = (((frontier << 1) & a) | ((frontier >> 1) & b) | (frontier << n) | (frontier >> n)) & full
        frontier &= empty & ~region
        region |= frontier
        if region.bit_count() > limit:
            return 0
    return region


def _nakade(last: int, me: int, op: int, empty: int, ko: int, g) -> tuple[int, int]:
    """The vital point of a three-point eye space next to ``last``, as ``(bit, captured)``; ``(0, 0)`` if none.

    Looks at the empty regions next to the last play (lowest point first) and
    takes the first one of exactly three points whose border, apart from
    ``last``, holds stones of one colour only (an eye space, not a shared
    liberty) and whose middle point (the point next to both others) the player
    to move may play (not suicide, not a ko retake).  Whoever moves, that point
    decides: the owner of the space makes two eyes there, the opponent leaves
    a dead shape (nakade).
    """
    nbrs = g.neighbours
    seen = 0
    todo = nbrs[last.bit_length() - 1] & empty
    while todo:
        q = todo & -todo
        todo ^= q
        if q & seen:
            continue
        region = _small_region(q, empty, g, 3)
        seen |= region
        if region.bit_count() != 3:
            continue
        border = dilate(region, g) & ~region & ~last
        if border & me and border & op:
            continue
        for j in _bit_list(region):
            if (nbrs[j] & region).bit_count() == 2:
                captured = _captures(j, _BIT[j], me, op, empty, ko, g)
                if captured >= 0:
                    return _BIT[j], captured
                break
    return 0, 0


@functools.cache
def _diagonals(size: int) -> tuple[tuple[int, ...], int]:
    """``(diagonals, edge)``: ``diagonals[i]`` is the bitboard of the diagonal points of
    point ``i`` on the board, ``edge`` the bitboard of the points with fewer than four
    of them (first and last lines)."""
    diagonals = []
    edge = 0
    for flat in range(size * size):
        r, c = divmod(flat, size)
        m = 0
        for dr in (-1, 1):
            for dc in (-1, 1):
                if 0 <= r + dr < size and 0 <= c + dc < size:
                    m |= 1 << ((r + dr) * size + c + dc)
        diagonals.append(m)
        if m.bit_count() < 4:
            edge |= 1 << flat
    return tuple(diagonals), edge


def _false_eye(i: int, op: int, size: int) -> bool:
    """True if an empty point ``i`` whose neighbours are all one player's stones is a false eye.

    ``op`` holds the opponent's stones.  The usual playout test of Monte Carlo
    programs (Pachi, https://github.com/pasky/pachi, ``board_is_false_eyelike``
    in board.c: "for false eye, we need two enemy stones diagonally in the
    middle of the board, or just one enemy stone at the edge or in the
    corner"): the point is false when at least two of its diagonal points hold
    opponent stones, or at least one if it stands on the edge or in the corner.
    Like Pachi it looks at stones only, so it misses some false eyes (a
    diagonal point the opponent controls without a stone) and, as Pachi's
    comment there warns, calls some true ones false (a group living on two
    such eyes, the "two-headed dragon").
    """
    diagonals, edge = _diagonals(size)
    d = diagonals[i] & op
    return bool(d) and (d & (d - 1) != 0 or edge >> i & 1 == 1)


@functools.cache
def _around(size: int) -> tuple[tuple[int, ...], ...]:
    """``around[i]``: flat indices of the neighbours of point ``i``, lowest first."""
    return tuple(tuple(_bit_list(m)) for m in geometry(size).neighbours)


def _entry(cache: dict, g, i: int, stones: int) -> list[int]:
    """``[chain, halo]``: the chain of ``stones`` through point ``i``, and it with its neighbours.

    ``cache[i]`` keeps such a pair from an earlier call (every index that
    points to a pair lies in its chain).  The chain still holds when the stones
    of its colour inside the halo are exactly its stones (none removed, none
    added next to it, so it is still maximal), whatever happened in between.
    """
    entry = cache.get(i)
    if entry is not None and stones & entry[1] == entry[0]:
        return entry
    chain = flood(_BIT[i], stones, g)
    entry = [chain, dilate(chain, g)]
    rest = chain
    while rest:
        low = rest & -rest
        cache[low.bit_length() - 1] = entry
        rest ^= low
    return entry


def _chain_at(cache: dict, g, i: int, stones: int, empty: int) -> tuple[int, int]:
    """The chain of ``stones`` through point ``i`` and its liberties (points of ``empty``)."""
    chain, halo = _entry(cache, g, i, stones)
    return chain, halo & empty


def _note_play(cache: dict, g, i: int, stones: int) -> None:
    """Keep ``cache`` up to date for a stone played at ``i`` by the owner of ``stones`` (before the play).

    The new chain is the stone with the chains it touches: the pair of the
    largest of them grows in place, so only the other stones are re-pointed.
    """
    p = _BIT[i]
    merged = p
    halo = g.neighbours[i] | p
    best = None
    largest = 0
    for j in _around(g.size)[i]:
        q = _BIT[j]
        if stones & q and not merged & q:
            entry = _entry(cache, g, j, stones)
            merged |= entry[0]
            halo |= entry[1]
            count = entry[0].bit_count()
            if count > largest:
                best, largest = entry, count
    if best is None:
        cache[i] = [p, halo]
        return
    added = merged & ~best[0]
    best[0] = merged
    best[1] = halo
    while added:
        low = added & -added
        cache[low.bit_length() - 1] = best
        added ^= low


def _drop(points: list[int], i: int) -> None:
    """Remove ``i`` from the sorted list ``points`` (where it must be)."""
    del points[bisect_left(points, i)]


def _playout_bits(
    g, black: int, white: int, black_first: bool, rng: random.Random, max_moves: int, cache: dict
) -> tuple[int, int]:
    """One playout (see the comment above); returns the final ``(black, white)`` bitboards.

    ``cache`` is the chain cache of :func:`_entry` (it may be shared between playouts).
    """
    nbrs = g.neighbours
    n = g.size
    left, right, full = g.not_first_col, g.not_last_col, g.full
    # The public randrange, not the private _randbelow it calls (5-7 % faster, but
    # a private name); the reference test pins the draws either way.
    randrange = rng.randrange
    chain_at = functools.partial(_chain_at, cache, g)
    around = _around(n)
    diagonals, edge = _diagonals(n)
    bit = _BIT
    if black_first:
        me, op = black, white
    else:
        me, op = white, black
    empty = full & ~(black | white)
    start = empty  # the points empty in the position judged (nakade self-atari)
    # Refused points per player, and the candidates: sorted lists of
    # ``empty & ~refused``, kept up to date so that a turn copies a list instead
    # of rebuilding it from the bitboards (same elements, same order).
    ref_me = ref_op = 0
    empties = _bit_list(empty)  # the empty points, sorted
    cand_me = empties[:]
    cand_op = empties[:]
    ko = 0
    last = 0
    passes = moves = 0
    turns = 0
    while passes < 2 and moves < max_moves:
        moves += 1
        p = 0  # bit of this turn's play, 0 while none is chosen
        captured = 0
        clear = False  # the play clears both refusal sets
        if last:
            zone = (
                last | ((last << 1) & left) | ((last >> 1) & right) | (last << n) | (last >> n)
            ) & full
            near = zone & op
            while near:
                low = near & -near
                j = low.bit_length() - 1
                libs = nbrs[j] & empty
                if libs & (libs - 1):
                    near ^= low  # two liberties next to this stone: its chain is not in atari
                    continue
                chain, libs = chain_at(j, op, empty)
                near &= ~chain
                if libs and libs & (libs - 1) == 0:
                    captured = _captures(libs.bit_length() - 1, libs, me, op, empty, ko, g)
                    if captured >= 0:
                        grown = flood(libs, me | libs, g)
                        if grown & (grown - 1):
                            new_libs = (
                                ((grown << 1) & left) | ((grown >> 1) & right) | (grown << n) | (grown >> n)
                            ) & ((empty & ~libs) | captured)
                            if not new_libs & (new_libs - 1):
                                captured = 0
                                continue  # a snapback: the capture leaves the capturer's chain in atari
                        p, clear = libs, True
                        break
            if not p:
                mine = zone & me
                while mine:
                    low = mine & -mine
                    j = low.bit_length() - 1
                    libs = nbrs[j] & empty
                    if libs & (libs - 1):
                        mine ^= low
                        continue
                    chain, libs = chain_at(j, me, empty)
                    mine &= ~chain
                    if libs and libs & (libs - 1) == 0:
                        captured = _captures(libs.bit_length() - 1, libs, me, op, empty, ko, g)
                        if captured >= 0:
                            grown = flood(libs, me | libs, g)
                            new_libs = (
                                ((grown << 1) & left) | ((grown >> 1) & right) | (grown << n) | (grown >> n)
                            ) & ((empty & ~libs) | captured)
                            if new_libs & (new_libs - 1):
                                p = libs
                                break
                        captured = 0
        if not p and last:
            p, captured = _nakade(last, me, op, empty, ko, g)
            clear = captured != 0
        if not p:
            candidates = cand_me[:]
            while candidates:
                k = randrange(len(candidates))
                i = candidates[k]
                candidates[k] = candidates[-1]
                candidates.pop()
                nb = nbrs[i]
                if nb & ~me == 0:
                    # An own eye is never filled, unless it is false (_false_eye, inlined).
                    d = diagonals[i] & op
                    if not d or (d & (d - 1) == 0 and not edge >> i & 1):
                        continue
                b = 1 << i
                free = nb & empty
                captured = 0
                adjacent = nb & op
                if adjacent:
                    # Opponent chains next to i left without a liberty are captured
                    # (as in _captures, inlined: this is the hot path).
                    after = empty & ~b
                    for j in around[i]:
                        q = bit[j]
                        if adjacent & q and not nbrs[j] & after and not captured & q:
                            chain, libs = chain_at(j, op, empty)
                            if not libs & after:
                                captured |= chain
                    if captured:
                        if b == ko and captured & (captured - 1) == 0:
                            ref_me |= b  # retakes the ko
                            del cand_me[bisect_left(cand_me, i)]
                            continue
                        free |= nb & captured
                if not free and not nb & me:
                    ref_me |= b  # suicide: no liberty, no capture, no chain to join
                    del cand_me[bisect_left(cand_me, i)]
                    continue
                if free and free & (free - 1) == 0 and not captured and not nb & me:
                    # A lone stone with one liberty (self-atari): refused, unless it
                    # stands in an empty region of at most three points (a throw-in
                    # or nakade inside an eye space).
                    if not _small_region(b, empty, g, 3):
                        ref_me |= b
                        del cand_me[bisect_left(cand_me, i)]
                        continue
                if free & (free - 1) == 0 and nb & me:
                    # The new stone joins a chain and has fewer than two liberties
                    # of its own: count the liberties of the chain it makes, refuse
                    # a suicide or a self-atari.
                    if captured:
                        two = _two_liberties(b, free, me | b, (empty & ~b) | captured, g)
                    else:
                        libs = free
                        merged = b
                        for j in around[i]:
                            if me & bit[j]:
                                chain, more = chain_at(j, me, empty)
                                libs |= more
                                merged |= chain
                        libs &= ~b
                        if not libs:
                            ref_me |= b  # suicide
                            del cand_me[bisect_left(cand_me, i)]
                            continue
                        two = libs & (libs - 1)
                        if (
                            not two
                            and merged.bit_count() <= 3
                            and not (merged | libs) & ~start
                            and not nbrs[libs.bit_length() - 1] & ~merged & ~op
                        ):
                            two = 1  # a nakade self-atari (see the module docstring)
                    if not two:
                        ref_me |= b
                        del cand_me[bisect_left(cand_me, i)]
                        captured = 0
                        continue
                p = b
                clear = captured != 0
                break
        if not p:
            passes += 1
            last = 0
            ko = 0
        else:
            passes = 0
            last = p
            i = p.bit_length() - 1
            nb = nbrs[i]
            _note_play(cache, g, i, me)
            me |= p
            op &= ~captured
            empty = (empty & ~p) | captured
            # A new ko ban: one stone captured by a lone stone whose only liberty is that point.
            if captured and captured & (captured - 1) == 0 and not (nb & me) and (nb & empty) == captured:
                ko = captured
            else:
                ko = 0
            _drop(empties, i)
            if captured:
                for j in _bit_list(captured):
                    insort(empties, j)
            if clear:
                ref_me = ref_op = 0
                cand_me = empties[:]
                cand_op = empties[:]
            else:
                if not ref_me & p:
                    del cand_me[bisect_left(cand_me, i)]
                if not ref_op & p:
                    _drop(cand_op, i)
                if captured:
                    for j in _bit_list(captured):
                        if not ref_me >> j & 1:
                            insort(cand_me, j)
                        if not ref_op >> j & 1:
                            insort(cand_op, j)
        me, op = op, me
        ref_me, ref_op = ref_op, ref_me
        cand_me, cand_op = cand_op, cand_me
        turns += 1
    if (turns % 2 == 0) == black_first:
        return me, op
    return op, me


def _area_bits(g, black: int, white: int) -> tuple[int, int, int]:
    """Points that count as Black's and as White's (stones plus one-colour empty regions),
    and the stones of chains that touch a neutral empty region (seki shapes)."""
    empty = g.full & ~(black | white)
    todo = empty
    b_area, w_area = black, white
    neutral_touch = 0
    while todo:
        region = flood(todo & -todo, empty, g)
        todo &= ~region
        touch = dilate(region, g)
        touches_black = touch & black
        touches_white = touch & white
        if touches_black and not touches_white:
            b_area |= region
        elif touches_white and not touches_black:
            w_area |= region
        elif touches_black and touches_white:
            neutral_touch |= touch
    seki = 0
    for stones in (black, white):
        near = neutral_touch & stones
        while near:
            chain = flood(near & -near, stones, g)
            near &= ~chain
            seki |= chain
    return b_area, w_area, seki


def _counts(boards: list[int], n: int) -> tuple[int, ...]:
    """``counts[i]``: how many of ``boards`` have bit ``i`` set."""
    if not boards:
        return (0,) * n
    rows = [format(x, f"0{n}b")[::-1] for x in boards]
    return tuple(column.count("1") for column in zip(*rows))


def playout_ownership(position: Position, playouts: int = 32, seed: int = _SEED) -> Ownership:
    """Run ``playouts`` random playouts from ``position`` (alternating who starts).

    Deterministic for a given position, count and seed.
    """
    n = position.size * position.size
    g = geometry(position.size)
    rng = random.Random(seed)
    max_moves = 3 * n
    blacks, whites, sekis = [], [], []
    cache: dict = {}
    for k in range(playouts):
        end_black, end_white = _playout_bits(g, position.black, position.white, k % 2 == 0, rng, max_moves, cache)
        b, w, s = _area_bits(g, end_black, end_white)
        blacks.append(b)
        whites.append(w)
        sekis.append(s)
    return Ownership(playouts, _counts(blacks, n), _counts(whites, n), _counts(sekis, n))
