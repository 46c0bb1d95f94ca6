"""The fast playout kernel of :mod:`adjudicator.analysis.heuristic` against its reference.

``playout_ownership`` runs its playouts on plain ints (no Position objects,
cached chains, candidate lists kept up to date).  Its answers must be exactly
those of the straightforward version it replaced, which is frozen below as the
reference: verdicts, golden outputs and the accuracy figures depend on every
random draw and every decision of the policy.  Rules added to the policy since
(the nakade rule, the refusal of a lone stone's self-atari, the fill of a
false eye, the nakade self-atari, the snapback rule) are written into both, the reference in the same straightforward
style.  Random positions on 5x5 to 9x9 (dense ones,
with captures, ko, suicide and self-atari in their playouts) and real 19x19
final positions are compared; no timing here (see ``benchmarks/playouts.py``).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.analysis.heuristic import Ownership, playout_ownership
from adjudicator.board import Color, Position, dilate, flood, geometry, iter_bits
from adjudicator.history import replay
from adjudicator.rules import AJR
from adjudicator.sgfio import read_sgf

DATA = Path(__file__).parent / "data"


# -- the reference: heuristic.py as it was before the fast kernel, verbatim, ----
# -- plus the rules added later (nakade, lone-stone self-atari, false eye, nakade self-atari:
# -- marked below)


def _grow(bits: int, g) -> int:
    return dilate(bits, g) & ~bits


def _reference_false_eye(pos: Position, i: int, color: Color) -> bool:
    # Added with the false-eye fill: opponent stones on the diagonals of i, at
    # least two of them, or one if i is on the edge (fewer than four diagonals).
    r, c = divmod(i, pos.size)
    diagonals = [(r + dr, c + dc) for dr in (-1, 1) for dc in (-1, 1)
                 if 0 <= r + dr < pos.size and 0 <= c + dc < pos.size]
    hostile = sum(pos.color_at(d) is color.opponent for d in diagonals)
    return hostile >= 2 or (hostile >= 1 and len(diagonals) < 4)


def _reference_nakade_self_atari(after: Position, chain: int, lib: int, start: int, color: Color) -> bool:
    # Added with the nakade self-atari: a chain of two or three stones left
    # with the single liberty lib by a play that captured nothing may stay when
    # the chain and lib were empty points when the playout began and every
    # neighbour of lib is the chain's or the opponent's.
    g = geometry(after.size)
    if not lib or chain.bit_count() > 3 or (chain | lib) & ~start:
        return False
    opp = after.stones(color.opponent)
    return not g.neighbours[lib.bit_length() - 1] & ~chain & ~opp


def _reference_playout(pos: Position, rng: random.Random, max_moves: int) -> Position:
    g = geometry(pos.size)
    nbrs = g.neighbours
    start = pos.empty_bits  # added with the nakade self-atari
    passes = 0
    moves = 0
    refused = {Color.BLACK: 0, Color.WHITE: 0}
    last = 0
    while passes < 2 and moves < max_moves:
        moves += 1
        color = pos.to_play
        own = pos.stones(color)
        played = None
        if last:
            opp = pos.stones(color.opponent)
            near = (last | _grow(last, g)) & opp
            empty = pos.empty_bits
            while near and played is None:
                chain = flood(near & -near, opp, g)
                near &= ~chain
                libs = _grow(chain, g) & empty
                if libs and libs & (libs - 1) == 0:
                    facts, after = pos.try_play(divmod(libs.bit_length() - 1, pos.size), color)
                    if after is not None:
                        # Added with the snapback rule: no capture that leaves the capturer's
                        # chain of two or more stones with one liberty.
                        grown = flood(libs, after.stones(color), g)
                        new_libs = _grow(grown, g) & after.empty_bits
                        if grown & (grown - 1) and not new_libs & (new_libs - 1):
                            continue
                        played, last = after, libs
                        refused = {Color.BLACK: 0, Color.WHITE: 0}
            mine_near = (last | _grow(last, g)) & own
            while mine_near and played is None:
                chain = flood(mine_near & -mine_near, own, g)
                mine_near &= ~chain
                libs = _grow(chain, g) & empty
                if libs and libs & (libs - 1) == 0:
                    facts, after = pos.try_play(divmod(libs.bit_length() - 1, pos.size), color)
                    if after is not None:
                        grown = flood(libs, after.stones(color), g)
                        new_libs = _grow(grown, g) & after.empty_bits
                        if new_libs & (new_libs - 1):
                            played, last = after, libs
        if played is None and last:
            # The nakade rule (added after the fast kernel, in both): the middle
            # point of a three-point empty region next to the last play whose
            # border, apart from that play, holds one colour only.
            empty = pos.empty_bits
            opp = pos.stones(color.opponent)
            seen = 0
            for j in iter_bits(_grow(last, g) & empty):
                if seen >> j & 1:
                    continue
                region = flood(1 << j, empty, g)
                seen |= region
                if region.bit_count() != 3:
                    continue
                border = _grow(region, g) & ~last
                if border & own and border & opp:
                    continue
                middle = next(k for k in iter_bits(region) if (nbrs[k] & region).bit_count() == 2)
                facts, after = pos.try_play(divmod(middle, pos.size), color)
                if after is not None:
                    played, last = after, 1 << middle
                    if facts.captured:
                        refused = {Color.BLACK: 0, Color.WHITE: 0}
                    break
        if played is not None:
            pos = played
            passes = 0
            continue
        candidates = list(iter_bits(pos.empty_bits & ~refused[color]))
        while candidates:
            k = rng.randrange(len(candidates))
            i = candidates[k]
            candidates[k] = candidates[-1]
            candidates.pop()
            if nbrs[i] & ~own == 0 and not _reference_false_eye(pos, i, color):
                continue
            facts, after = pos.try_play(divmod(i, pos.size), color)
            if after is None:
                refused[color] |= 1 << i
                continue
            mine = after.stones(color)
            chain = flood(1 << i, mine, g)
            if chain & (chain - 1):
                libs = 0
                free = after.empty_bits
                for j in iter_bits(chain):
                    libs |= nbrs[j] & free
                    if libs & (libs - 1):
                        break
                if libs & (libs - 1) == 0 and not (
                    not facts.captured and _reference_nakade_self_atari(after, chain, libs, start, color)
                ):
                    refused[color] |= 1 << i
                    continue
            elif (
                not facts.captured
                and (nbrs[i] & after.empty_bits).bit_count() == 1
                and flood(1 << i, pos.empty_bits, g).bit_count() > 3
            ):
                # Added with the nakade rule: a lone stone's self-atari, refused
                # outside an empty region of at most three points.
                refused[color] |= 1 << i
                continue
            played = after
            last = 1 << i
            if facts.captured:
                refused = {Color.BLACK: 0, Color.WHITE: 0}
            break
        if played is None:
            pos = pos.play(None, color)
            passes += 1
            last = 0
        else:
            pos = played
            passes = 0
    return pos


def _reference_area(pos: Position) -> tuple[int, int, int]:
    g = geometry(pos.size)
    black, white = pos.black, pos.white
    empty = pos.empty_bits
    todo = empty
    nbrs = g.neighbours
    neutral_touch = 0
    while todo:
        region = flood(todo & -todo, empty, g)
        todo &= ~region
        touch = 0
        for i in iter_bits(region):
            touch |= nbrs[i]
        touches_black = bool(touch & pos.black)
        touches_white = bool(touch & pos.white)
        if touches_black and not touches_white:
            black |= region
        elif touches_white and not touches_black:
            white |= region
        elif touches_black and touches_white:
            neutral_touch |= touch
    seki = 0
    for stones in (pos.black, pos.white):
        near = neutral_touch & stones
        while near:
            chain = flood(near & -near, stones, g)
            near &= ~chain
            seki |= chain
    return black, white, seki


def reference_ownership(position: Position, playouts: int = 32, seed: int = 0x60) -> Ownership:
    n = position.size * position.size
    black = [0] * n
    white = [0] * n
    seki = [0] * n
    rng = random.Random(seed)
    start = position
    max_moves = 3 * n
    for k in range(playouts):
        first = Color.BLACK if k % 2 == 0 else Color.WHITE
        pos = Position(start.size, start.black, start.white, first, 0, None, start.prisoners)
        end = _reference_playout(pos, rng, max_moves)
        b, w, s = _reference_area(end)
        for i in iter_bits(b):
            black[i] += 1
        for i in iter_bits(w):
            white[i] += 1
        for i in iter_bits(s):
            seki[i] += 1
    return Ownership(playouts, tuple(black), tuple(white), tuple(seki))


# -- comparisons ---------------------------------------------------------------


def _random_position(size: int, plays: list[int]) -> Position:
    """Play the legal ones of ``plays`` (flat points, colours alternating, some passes)."""
    pos = Position.empty(size)
    for flat in plays:
        if flat >= size * size:
            pos = pos.play(None)
            continue
        facts, after = pos.try_play(divmod(flat, size))
        pos = after if after is not None else pos.play(None)
    return Position(size, pos.black, pos.white)


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    size=st.integers(5, 9),
    plays=st.lists(st.integers(0, 90), max_size=120),
    playouts=st.integers(0, 6),
    seed=st.integers(0, 2**32),
)
def test_small_random_positions_match_the_reference(size, plays, playouts, seed):
    pos = _random_position(size, plays)
    assert playout_ownership(pos, playouts, seed) == reference_ownership(pos, playouts, seed)


@pytest.mark.parametrize("size", [2, 3, 4, 5, 7, 9, 13])
def test_empty_and_crowded_boards_match_the_reference(size):
    # Also the smallest boards and 13x13, outside the random sizes.
    rng = random.Random(size)
    crowded = _random_position(size, [rng.randrange(size * size) for _ in range(6 * size * size)])
    for pos in (Position.empty(size), crowded):
        for seed in (0x60, 0x61, 7):
            assert playout_ownership(pos, 8, seed) == reference_ownership(pos, 8, seed)


@pytest.mark.parametrize("name", ["kgs-2017-seki.sgf", "kgs-2017-even.sgf", "kgs-2002-handicap.sgf"])
def test_real_final_positions_match_the_reference(name):
    final = replay(read_sgf(DATA / name), AJR).final
    assert playout_ownership(final, 6) == reference_ownership(final, 6)


def test_the_comparison_can_fail():
    # A different seed gives different counts: equality above is not vacuous.
    final = replay(read_sgf(DATA / "kgs-2017-even.sgf"), AJR).final
    assert playout_ownership(final, 6, seed=1) != reference_ownership(final, 6, seed=2)
