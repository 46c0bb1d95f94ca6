"""Safe groups under alternating play (analysis/safety.py), checked against the exact AJR search.

Hand-made shapes on small, nearly full boards (so that the exact search of
``prove_independent_life`` finishes), false-safe shapes that must not be
proven, and random dense positions (hypothesis and a fixed counted sample)
where every verdict of the rule is compared with the exact search: zero
disagreements allowed.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.analysis.life import Budget, analyse_position
from adjudicator.analysis.safety import local_region_value, safe_groups, safety_proofs
from adjudicator.analysis.search import prove_independent_life
from adjudicator.analysis.static import confined_death, eye_pair_life
from adjudicator.board import Color, Position
from adjudicator.diagrams import parse_diagram
from adjudicator.graph import build_graph
from adjudicator.rules import AJR

B, W = Color.BLACK, Color.WHITE


def proofs(pos):
    out = {}
    for color in (B, W):
        for chain, proof in safety_proofs(pos, color).items():
            assert chain.stones not in out, "a chain proven twice"
            out[chain.stones] = proof
    return out


def exact(pos, stones, area=None, max_nodes=60_000):
    return prove_independent_life(pos, pos.point_of(stones), area=area, max_nodes=max_nodes, max_seconds=5.0)


def test_corner_group_with_two_eye_regions_is_alive_and_the_search_agrees():
    pos = parse_diagram(
        """
        . x . x o .
        x x x x o o
        o o o o . o
        . o . o o o
        o o o o . o
        o . o o o o
        """
    )
    got = proofs(pos)
    black = pos.chain((5, 1))
    assert got[black].status == "alive" and got[black].rule == "safe-regions"
    assert exact(pos, black).status == "alive"
    white = pos.chain((3, 0))
    assert got[white].status == "alive"
    assert exact(pos, white).status == "alive"


def test_edge_group_with_two_territories():
    pos = parse_diagram(
        """
        o x . x . x o
        o x x x x x o
        o o o o o o o
        . o . o . o .
        o o o o o o o
        . o . o . o .
        o o o o o o o
        """
    )
    got = proofs(pos)
    black = pos.chain((6, 1))
    assert got[black].status == "alive"
    assert exact(pos, black).status == "alive"


def test_centre_group_with_two_regions_of_two_points():
    pos = parse_diagram(
        """
        o . o o o . o
        o o x x x o o
        o x x . x x o
        o x . x . x o
        o x x . x x o
        o o x x x o o
        o . o o o . o
        """
    )
    got = proofs(pos)
    black = pos.chain((5, 2))
    # Regions {D5}, {C4}, {E4}, {D3}: four one-point eyes around one chain.
    assert got[black].status == "alive"
    assert exact(pos, black).status == "alive"


def test_dead_stone_inside_a_territory_is_not_alive_and_the_wall_is_alive():
    pos = parse_diagram(
        """
        . x . o . x o
        x x x x x x o
        o o o o o o o
        . o . o . o .
        o o o o o o o
        . o o . o o .
        o o o o o o o
        """
    )
    got = proofs(pos)
    wall = pos.chain((5, 0))
    dead = pos.chain((6, 3))
    assert got[wall].status == "alive"
    assert got[dead].status == "not_alive" and "lies in a region" in got[dead].reason
    assert exact(pos, wall).status == "alive"
    # White's outer chain is pass-alive and the black wall has no liberty outside its
    # two regions, so plays outside the regions cannot matter: the regions are the game.
    regions = 0
    for group in safe_groups(pos, B):
        for r, _need in group.regions:
            regions |= r
    assert exact(pos, dead, area=regions).status == "not_alive"


def test_one_region_that_gives_two_eyes():
    # Straight five between two black walls joined at F4: one region, demand 2.
    pos = parse_diagram(
        """
        o . o . o o o
        o o o o o o o
        x x x x x x o
        . . . . . x o
        x x x x x x o
        o o o o o o o
        o . o . o . o
        """
    )
    got = proofs(pos)
    wall = pos.chain((4, 0))
    assert got[wall].status == "alive"
    [group] = [g for g in safe_groups(pos, B) if any(c.stones == wall for c in g.chains)]
    assert [need for _r, need in group.regions] == [2]
    assert exact(pos, wall).status == "alive"


def test_two_by_four_corner_without_outside_liberties_is_not_proven():
    # The exact search shows that white kills it (AJR, opponent first): the rule must not prove it.
    pos = parse_diagram(
        """
        . . . . x o . . .
        . . . . x o . . .
        x x x x x o . . .
        o o o o o o . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        """
    )
    assert pos.chain((6, 0)) not in proofs(pos)
    region = sum(pos.bit((r, c)) for r in (7, 8) for c in range(4))
    # With a wall that cannot be captured (demand 1) black closes the region; with
    # its only region (demand 2: two liberties after every answer) it cannot.
    assert local_region_value(pos, B, region, 1, max_nodes=50_000)[0] is True
    assert local_region_value(pos, B, region, 2, max_nodes=50_000)[0] is not True


def test_region_where_the_attacker_lives_is_not_proven():
    pos = parse_diagram(
        """
        . . . x o . o
        o o . x o o o
        x x x x o . o
        o o o o o o o
        o . o o . o .
        o o o o o o o
        o . o . o . o
        """
    )
    got = proofs(pos)
    # White, moving first, makes the stones A6-B6 independently alive inside black's
    # only region (the exact search finds it): Black's chain must not be proven alive.
    black, white = pos.chain((4, 0)), pos.chain((5, 0))
    assert exact(pos, white, max_nodes=200_000).status == "alive"
    assert got.get(black) is None or got[black].status == "not_alive"
    assert got.get(white) is None or got[white].status == "alive"
    # Seen from White, the corner is a region won in its local game (White answers
    # every move there), so White's group is safe and Black's chain is not alive; the
    # exact search of that region (the rest of the board left alone) agrees.
    assert got[white].status == "alive" and got[black].status == "not_alive"
    region = sum(pos.bit((r, c)) for r, c in ((6, 0), (6, 1), (6, 2), (6, 3), (5, 2), (5, 3),
                                                  (4, 0), (4, 1), (4, 2), (4, 3)))
    assert local_region_value(pos, W, region, 2, max_nodes=5_000)[0] is True
    assert exact(pos, black, area=region).status == "not_alive"


def test_cutting_point_leaves_the_cut_chain_unproven():
    pos = parse_diagram(
        """
        . x . x o . o
        x x . x o o o
        . x x o o . o
        x o o o o o o
        o o . o . o .
        o . o o o o o
        o o . o o . o
        """
    )
    got = proofs(pos)
    lone = pos.chain((3, 0))  # A4, touching only the region A5
    assert lone not in got
    result = exact(pos, lone)
    assert result.status in ("not_alive", "unknown")


def test_reason_names_regions_and_rule():
    pos = parse_diagram(
        """
        . x . x o .
        x x x x o o
        o o o o . o
        . o . o o o
        o o o o . o
        o . o o o o
        """
    )
    proof = proofs(pos)[pos.chain((5, 1))]
    assert "A6" in proof.reason and "C6" in proof.reason and "Independent Life" in proof.reason


def test_life_analysis_uses_the_safety_layer():
    # The corner region A7, B7, A6 has a point (A7) that is no liberty of the wall, so
    # neither Benson nor the eye pair applies; the safe regions rule does.
    pos = parse_diagram(
        """
        . . x . x o .
        . x x x x o o
        x x o o o o .
        o o o . o o o
        o . o o o . o
        o o o . o o o
        . o o o . o o
        """
    )
    verdicts = {v.stones: v for v in analyse_position(pos, AJR, Budget(nodes=2_000, total_seconds=1.0))}
    black = verdicts[pos.chain((4, 0))]
    assert black.status == "alive" and black.provenance == "static" and black.method == "safe-regions"
    assert exact(pos, pos.chain((4, 0))).status == "alive"


# -- soundness against the exact search ------------------------------------------------


def _random_dense_position(seed: int, size: int, empty_left: int) -> Position:
    rng = random.Random(seed)
    pos = Position.empty(size)
    points = [(r, c) for r in range(size) for c in range(size)]
    stall = 0
    while pos.empty_bits.bit_count() > empty_left and stall < 400:
        facts, after = pos.try_play(rng.choice(points))
        if after is None:
            stall += 1
            pos = pos.play(None)
            continue
        pos = after
    return pos


def _check_all(pos, max_nodes):
    confirmed = 0
    got = proofs(pos)
    # The other static rules never contradict this one.
    G = build_graph(pos)
    for color in (B, W):
        for rule in (eye_pair_life, confined_death):
            for chain, other in rule(pos, color, G).items():
                if chain.stones in got:
                    assert got[chain.stones].status == other.status, (other.rule, str(pos))
    for stones, proof in got.items():
        result = exact(pos, stones, max_nodes=max_nodes)
        if result.status == "unknown":
            continue
        assert result.status == proof.status, (proof.reason, str(pos))
        confirmed += 1
    return confirmed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), size=st.sampled_from([4, 5]), empty_left=st.integers(2, 5))
def test_safety_verdicts_agree_with_the_exact_search(seed, size, empty_left):
    _check_all(_random_dense_position(seed, size, empty_left), max_nodes=3_000)


def test_many_safety_verdicts_are_confirmed_by_search():
    """A fixed sample, counted, so that the check cannot pass vacuously."""
    confirmed = 0
    for seed in range(60):
        for size, empty_left in ((4, 3), (5, 4)):
            confirmed += _check_all(_random_dense_position(seed, size, empty_left), max_nodes=3_000)
    assert confirmed >= 25, confirmed


def test_not_alive_verdicts_agree_with_the_exact_search_of_their_region():
    """Stones inside a safe region: the whole-board search rarely finishes on them, so each
    verdict is checked by the exact search of the P-region that holds the chain (the
    wall's other liberties stay liberties there; every line of that local game is one
    of the real game's lines in which the rest of the board is left alone)."""
    from adjudicator.board import flood, geometry

    confirmed = 0
    for seed in range(40):
        for size, empty_left in ((4, 3), (5, 4), (6, 5)):
            pos = _random_dense_position(seed, size, empty_left)
            g = geometry(size)
            for stones, proof in proofs(pos).items():
                if proof.status != "not_alive":
                    continue
                wall = pos.white if pos.black & stones else pos.black
                region = flood(stones, g.full & ~wall, g)
                result = exact(pos, stones, area=region, max_nodes=20_000)
                if result.status == "unknown":
                    continue
                assert result.status == "not_alive", (proof.reason, str(pos))
                confirmed += 1
    assert confirmed >= 40, confirmed


# -- the optimised local search against the local game written out plainly ---------------


class _ReferenceLocalGame:
    """The local game of the module docstring of analysis/safety.py, transcribed without any
    optimisation (whole-board bitboards, flood fills, no move ordering): P wins from a state
    with O to move iff Inv holds, no floating string has fewer than two liberties, and T holds
    or (a) some P play wins after an O pass and (b) every O play has a winning answer (a pass
    or a play)."""

    def __init__(self, pos, color, region, need, max_nodes):
        from adjudicator.board import dilate, flood, geometry, iter_bits

        self.g, self.flood, self.dilate, self.iter_bits = geometry(pos.size), flood, dilate, iter_bits
        own = pos.stones(color)
        self.region, self.need, self.max_nodes, self.nodes = region, need, max_nodes, 0
        self.o0 = region & pos.stones(color.opponent)
        self.walls, seen = [], 0
        for i in iter_bits(dilate(region, self.g) & own):
            if not (1 << i) & seen:
                chain = flood(1 << i, own, self.g)
                seen |= chain
                self.walls.append(chain)
        self.wall = sum(self.walls)
        self.demanding = [w for w in self.walls if self.libs(w) & region & ~self.o0]
        self.memo = {}

    def libs(self, bits):
        return self.dilate(bits, self.g) & ~bits

    def value(self):
        try:
            return self.win(0, self.o0)
        except RecursionError:  # pragma: no cover
            return None
        except OverflowError:
            return None

    def win(self, p, o):
        if (p, o) not in self.memo:
            self.nodes += 1
            if self.nodes > self.max_nodes:
                raise OverflowError
            self.memo[(p, o)] = self._win(p, o)
        return self.memo[(p, o)]

    def _win(self, p, o):
        empty = self.region & ~p & ~o
        stones = self.wall | p
        for w in self.demanding:
            if (self.libs(self.flood(w, stones, self.g)) & empty).bit_count() < self.need:
                return False
        joined = 0
        for w in self.walls:
            joined |= self.flood(w, stones, self.g)
        floating = p & ~joined
        for i in self.iter_bits(floating):
            if (self.libs(self.flood(1 << i, p, self.g)) & empty).bit_count() <= 1:
                return False
        if not o and not floating and not any(self.g.neighbours[i] & empty for i in self.iter_bits(empty)):
            return True
        if not any(self.win(np_, no) for np_, no in self.p_moves(p, o)):
            return False
        for o2 in self.o_moves(p, o):
            if not (self.win(p, o2) or any(self.win(np_, no) for np_, no in self.p_moves(p, o2))):
                return False
        return True

    def o_moves(self, p, o):
        empty = self.region & ~p & ~o
        for i in self.iter_bits(empty):
            o2 = o | (1 << i)
            if self.libs(self.flood(1 << i, o2, self.g)) & empty & ~(1 << i):
                yield o2

    def p_moves(self, p, o):
        empty = self.region & ~p & ~o
        for i in self.iter_bits(empty):
            bit = 1 << i
            np_, after = p | bit, empty & ~bit
            captured = 0
            for j in self.iter_bits(self.g.neighbours[i] & o):
                s = self.flood(1 << j, o, self.g)
                if not self.libs(s) & after:
                    captured |= s
            string = self.flood(bit, self.wall | np_, self.g)
            if captured or string & self.wall or self.libs(string) & after:
                yield np_, o & ~captured


def _regions_of(pos, color):
    from adjudicator.board import flood, geometry

    g = geometry(pos.size)
    rest = g.full & ~pos.stones(color)
    while rest:
        r = flood(rest & -rest, rest, g)
        rest &= ~r
        yield r


def test_local_search_computes_the_local_game_exactly():
    """Every value the optimised search returns equals the plain transcription's, on regions of
    random dense positions up to 12 empty points (the new default limit); counted."""
    compared = big = 0
    for seed in range(36):
        size, empty_left = ((5, 6), (6, 9), (7, 12))[seed % 3]
        pos = _random_dense_position(1000 + seed, size, empty_left)
        for color in (B, W):
            for region in _regions_of(pos, color):
                n_empty = (region & pos.empty_bits).bit_count()
                if n_empty > 12 or region.bit_count() > 24 or n_empty < 2:
                    continue
                for need in (1, 2):
                    ref = _ReferenceLocalGame(pos, color, region, need, 2_500)
                    want = ref.value()
                    got, nodes = local_region_value(pos, color, region, need, max_nodes=2_500)
                    if want is None or got is None:
                        continue
                    assert got == want, (str(pos), color, region, need)
                    compared += 1
                    big += n_empty >= 7
    assert compared >= 80 and big >= 12, (compared, big)


# -- per-chain demands, the decomposition into parts, expend-vital ------------------------


def _reference_with_demands(pos, color, region, demand_of, max_nodes):
    """The plain transcription with a demand per wall chain (a component keeps its largest)."""
    ref = _ReferenceLocalGame(pos, color, region, 0, max_nodes)
    ref.demanding_with = [(w, demand_of(w)) for w in ref.demanding]

    def _win(p, o, _inner=ref._win):
        empty = ref.region & ~p & ~o
        for w, d in ref.demanding_with:
            if (ref.libs(ref.flood(w, ref.wall | p, ref.g)) & empty).bit_count() < d:
                return False
        return _inner(p, o)

    ref._win = _win
    return ref


def test_local_search_with_a_demand_per_chain_computes_the_local_game_exactly():
    from adjudicator.analysis.safety import _region_value, _wall_chains

    compared = mixed = 0
    for seed in range(14):
        size, empty_left = ((5, 6), (6, 8))[seed % 2]
        pos = _random_dense_position(3000 + seed, size, empty_left)
        rng = random.Random(seed)
        for color in (B, W):
            for region in _regions_of(pos, color):
                n_empty = (region & pos.empty_bits).bit_count()
                walls = _wall_chains(pos, color, region)
                if n_empty > 7 or n_empty < 2 or len(walls) < 2:
                    continue
                dem = {w: rng.choice((0, 1, 2)) for w in walls}
                want = _reference_with_demands(pos, color, region, lambda w: dem[w], 2_500).value()
                for decompose in (False, True):
                    got, _nodes = _region_value(pos, color, region, dem, 2_500, decompose)
                    if want is None or got is None:
                        continue
                    assert got == want, (str(pos), color, region, dem, decompose)
                    compared += 1
                    mixed += len(set(dem.values())) > 1
    assert compared >= 30 and mixed >= 15, (compared, mixed)


def _split_states(pos, color, region, rng, walks):
    """States of the local game reached by random legal lines (plain transcription's moves) in
    which P's stones cut the region into at least two parts, as whole-board (p, o)."""
    from adjudicator.board import flood

    ref = _ReferenceLocalGame(pos, color, region, 1, 1)
    out = set()
    for _ in range(walks):
        p, o = 0, ref.o0
        for _step in range(12):
            moves = list(ref.p_moves(p, o)) if rng.random() < 0.45 else [(p, o2) for o2 in ref.o_moves(p, o)]
            if not moves:
                break
            p, o = rng.choice(moves)
            rest = region & ~p
            if p and flood(rest & -rest, rest, ref.g) != rest:
                out.add((p, o))
    return out


def test_decomposition_agrees_with_the_plain_definition_on_split_states():
    """Lemma S may only say "won" where the plain game is won, Lemma N only "lost" where it is lost;
    checked on states of random small regions that P's stones cut into several parts (counted)."""
    from adjudicator.analysis.safety import _LocalSearch, _wall_chains

    said = {True: 0, False: 0, None: 0}
    for seed in range(10):
        size, empty_left = ((5, 7), (6, 9))[seed % 2]
        pos = _random_dense_position(5000 + seed, size, empty_left)
        rng = random.Random(seed)
        for color in (B, W):
            for region in _regions_of(pos, color):
                n_empty = (region & pos.empty_bits).bit_count()
                if not 4 <= n_empty <= 7:
                    continue
                walls = _wall_chains(pos, color, region)
                for need in (1, 2):
                    dem = tuple(rng.choice((1, need)) for _w in walls)
                    search = _LocalSearch(size, region, tuple(walls), region & pos.stones(color.opponent), dem,
                                          5_000, True)
                    ref = _reference_with_demands(pos, color, region, dict(zip(walls, dem)).get, 5_000)

                    def local(bits):
                        return sum(1 << search.local[i] for i in range(size * size) if bits >> i & 1)

                    for p, o in sorted(_split_states(pos, color, region, rng, 4)):
                        lp, lo = local(p), local(o)
                        try:
                            got = search._split(search.root, lp, lo, search._parts(search.root, lp)[2])
                            want = ref.win(p, o)
                        except Exception as e:  # out of budget: skip this state
                            if type(e).__name__ in ("_OutOfBudget", "OverflowError"):
                                continue
                            raise
                        said[got] += 1
                        if got is not None:
                            assert got == want, (str(pos), color, region, p, o, dem)
    assert said[True] >= 30 and said[False] >= 10, said


def test_a_won_state_one_stone_away_is_reached_by_a_legal_play():
    """_some_answer_wins accepts a play x that captures nothing as soon as (p | x, o) is known won,
    without the legality test of _p_plays (a won state has no floating string with fewer than two
    liberties, so x is no suicide).  Checked on every pair of memo states of random searches: each
    such play is among the plays _p_moves generates; counted."""
    from adjudicator.analysis.safety import _LocalSearch, _OutOfBudget, _wall_chains

    pairs = 0
    for seed in range(10):
        size, empty_left = ((5, 6), (6, 9))[seed % 2]
        pos = _random_dense_position(8000 + seed, size, empty_left)
        for color in (B, W):
            for region in _regions_of(pos, color):
                if not 3 <= (region & pos.empty_bits).bit_count() <= 10:
                    continue
                walls = _wall_chains(pos, color, region)
                search = _LocalSearch(size, region, tuple(walls), region & pos.stones(color.opponent),
                                      tuple(2 for _w in walls), 3_000, seed % 2 == 1)
                try:
                    search.win(search.root, 0, search.o0)
                except _OutOfBudget:
                    pass
                for gm in search.games.values():
                    memo = gm.memo
                    for p, o in list(memo):
                        empty = gm.R & ~p & ~o
                        atari = 0
                        for _s, libs in search._o_strings(o, empty):
                            if libs.bit_count() == 1:
                                atari |= libs
                        plays = None
                        for j in range(empty.bit_length()):
                            bit = 1 << j
                            if bit & empty & ~atari and memo.get((p | bit, o)):
                                if plays is None:
                                    plays = set(search._p_moves(gm, p, o, search._nbrs(o), 0, atari))
                                assert (p | bit, o) in plays, (str(pos), color, region, p, o, j)
                                pairs += 1
    assert pairs >= 2_000, pairs


def test_memo_reuse_across_demands_agrees_with_the_plain_definition():
    """safe_groups seeds each search of a region with the memos of its earlier searches under other
    demands (_LocalSearch.reuse: states lost with lower demands, states won with higher ones).  On
    random regions and random sequences of demands per chain: every seeded entry equals the plain
    transcription's value of that state under the new demands, and so does the seeded search's
    value; counted, with seeded wins and losses both used."""
    from adjudicator.analysis.safety import _LocalSearch, _OutOfBudget, _wall_chains

    compared = checked = 0
    seeded = {True: 0, False: 0}
    for seed in range(16):
        size, empty_left = ((5, 6), (6, 8))[seed % 2]
        pos = _random_dense_position(7000 + seed, size, empty_left)
        rng = random.Random(seed)
        for color in (B, W):
            for region in _regions_of(pos, color):
                n_empty = (region & pos.empty_bits).bit_count()
                walls = _wall_chains(pos, color, region)
                if not 3 <= n_empty <= 8:
                    continue
                known = []
                for _round in range(4):
                    dem = {w: rng.choice((0, 1, 1, 2)) for w in walls}
                    search = _LocalSearch(size, region, tuple(walls), region & pos.stones(color.opponent),
                                          tuple(dem[w] for w in walls), 2_500, _round % 2 == 1)
                    search.reuse(known)
                    ref = _reference_with_demands(pos, color, region, dem.get, 20_000)
                    back = {j: i for i, j in search.local.items()}

                    def board(bits):
                        return sum(1 << back[j] for j in back if bits >> j & 1)

                    for (p, o), v in sorted(search.root.memo.items()):
                        seeded[v] += 1
                        try:
                            want = ref.win(board(p), board(o))
                        except OverflowError:
                            continue
                        assert v == want, (str(pos), color, region, dem, p, o)
                        checked += 1
                    try:
                        got = search.win(search.root, 0, search.o0)
                    except _OutOfBudget:
                        got = None
                    known.append((search.demands, search.root.memo))
                    want = _reference_with_demands(pos, color, region, dem.get, 2_500).value()
                    if got is None or want is None:
                        continue
                    assert got == want, (str(pos), color, region, dem)
                    compared += 1
    assert compared >= 60 and checked >= 1_000 and seeded[True] >= 1_000 and seeded[False] >= 300, (
        compared, checked, seeded)


def test_memo_reuse_changes_only_the_work(monkeypatch):
    """Where every region searched is settled, safe_groups finds the same groups with and without
    the memo reuse across demands, and the reuse saves nodes on some positions (counted)."""
    import adjudicator.analysis.safety as safety

    real_value, real_reuse = safety._region_value, safety._LocalSearch.reuse
    unsettled = []

    def counted(*args, **kwargs):
        value, nodes = real_value(*args, **kwargs)
        unsettled.append(value is None)
        return value, nodes

    monkeypatch.setattr(safety, "_region_value", counted)
    compared = saved = 0
    for seed in range(30):
        size, empty_left = ((5, 6), (6, 9), (7, 11))[seed % 3]
        pos = _random_dense_position(9500 + seed, size, empty_left)
        for color in (B, W):
            got = {}
            nodes = {}
            unsettled.clear()
            for on in (True, False):
                monkeypatch.setattr(safety._LocalSearch, "reuse", real_reuse if on else lambda self, known: None)
                groups = safe_groups(pos, color, max_nodes=10_000, total_nodes=10**7)
                got[on] = sorted((sorted(c.stones for c in g.chains), g.regions, g.demands) for g in groups)
                nodes[on] = groups[0].nodes if groups else None
            if any(unsettled):  # a region out of budget: the groups may differ with the work
                continue
            assert got[True] == got[False], str(pos)
            compared += bool(got[True])
            saved += nodes[True] is not None and nodes[True] < nodes[False]
    assert compared >= 5 and saved >= 3, (compared, saved)


def test_expend_vital_proofs_agree_with_the_exact_search():
    """Chains proven only with expend-vital (a chain already safe demands nothing in another
    region) are checked against the exact search, like the rest of the rule: an `alive` chain by
    the whole-board search, a `not_alive` chain by the search of the P-region that holds it (as in
    the test above); counted."""
    from adjudicator.board import flood, geometry

    extra = confirmed = 0
    for seed in range(10, 70):
        size, empty_left = ((6, 7), (5, 5))[seed % 2]
        pos = _random_dense_position(7000 + seed, size, empty_left)
        g = geometry(size)
        for color in (B, W):
            limits = {"max_nodes": 2_000, "total_nodes": 2_000}
            without = {c.stones for c in safety_proofs(pos, color, expend=False, **limits)}
            for chain, proof in safety_proofs(pos, color, expend=True, **limits).items():
                if chain.stones in without:
                    continue
                extra += 1
                area = None
                if proof.status == "not_alive":
                    area = flood(chain.stones, g.full & ~pos.stones(color), g)
                result = exact(pos, chain.stones, area=area, max_nodes=5_000)
                if result.status == "unknown":
                    continue
                assert result.status == proof.status, (proof.reason, str(pos))
                confirmed += 1
    assert extra >= 10 and confirmed >= 3, (extra, confirmed)


def test_prefilter_changes_only_the_work(monkeypatch):
    """The optimistic pre-filter of safe_groups skips regions that no safe group can use.  With
    budgets that settle every region, the groups (chains and regions) are the same with and
    without it, and it skips searches on some positions, so the comparison is not vacuous."""
    import adjudicator.analysis.safety as safety

    calls = {True: 0, False: 0}
    real = safety._region_value
    mode = {"on": True}

    def counted(*args, **kwargs):
        calls[mode["on"]] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(safety, "_region_value", counted)
    compared = 0
    for seed in range(24):
        size, empty_left = ((6, 9), (5, 6))[seed % 2]
        pos = _random_dense_position(9100 + seed, size, empty_left)
        for color in (B, W):
            limits = {"max_nodes": 300_000, "total_nodes": 10**8}
            got = {}
            for on in (True, False):
                mode["on"] = on
                groups = safe_groups(pos, color, prefilter=on, **limits)
                got[on] = sorted((sorted(c.stones for c in g.chains), g.regions) for g in groups)
            assert got[True] == got[False], str(pos)
            compared += bool(got[True])
    assert compared >= 5, compared
    assert calls[True] < calls[False], calls
