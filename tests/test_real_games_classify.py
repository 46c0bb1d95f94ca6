"""The disagreement categories of ``benchmarks/real_games.py`` (issue 4): counterfactual recounts.

``classify_unmarked`` explains a result that differs from the record's ``RE``
by the first single recount that reproduces it: a capturable stone kept, the
fill without its teire, one assumed verdict reversed, no fill at all.  These
tests build the ``RE`` a hypothesis would give on real KGS games (the first
marked games of the shared data set in file order, picked by a property of
their ruling, never by name) and check that the classification names that
hypothesis and the vertex it turns on; the expected counts are computed here
from the rules' arithmetic (a point of territory, a prisoner), not by the code
under test.  The small diagrams check the capture test itself.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import pathlib
import sys

import pytest

from adjudicator.board import Color, Position, dilate, geometry
from adjudicator.coords import vertex_from_point
from adjudicator.report import score_file
from adjudicator.rules import AJR
from adjudicator.scoring import Fate, territory_score
from adjudicator.sgfio import read_territory_marks

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("real_games", ROOT / "benchmarks" / "real_games.py")
rg = sys.modules.setdefault("real_games", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(rg)

B, W = Color.BLACK, Color.WHITE
SCANNED = 20  # the first marked games in file order (about 0.3 s each)


@pytest.fixture(scope="module")
def games():
    """``(manifest row, path, ruling)`` of the first :data:`SCANNED` marked KGS games."""
    data = rg.DEFAULT_DATA
    if not (data / "MANIFEST.tsv").exists():
        pytest.skip(f"no shared games at {data}")
    rows = sorted((r for r in rg.load_manifest(data) if int(r["tb_points"] or 0) > 0), key=lambda r: r["file"])
    return [(r, data / r["file"], score_file(data / r["file"], rules=AJR)) for r in rows[:SCANNED]]


def sign(color: Color) -> int:
    return 1 if color is B else -1


def count_with(ruling, verdict, status):
    changed = [dataclasses.replace(v, status=status) if v is verdict else v for v in ruling.verdicts]
    return territory_score(ruling.position, changed, ruling.rules, komi=ruling.komi)


# -- the capture test on diagrams ------------------------------------------------------------------


def test_a_stone_in_atari_inside_the_opponents_area_is_captured_at_once(diagram):
    pos = diagram("""
        . x . . .
        x o . . .
        . x . . .
        . . . . .
        . . . . .
    """)
    assert rg.capture_at(pos, pos.chain((3, 1)), W) == "C4"  # Black C4 takes it and keeps three liberties


def test_no_capture_at_once_with_two_liberties_or_by_a_self_atari(diagram):
    two = diagram("""
        . x . . .
        x o . . .
        . . . . .
        . . . . .
        . . . . .
    """)
    assert rg.capture_at(two, two.chain((3, 1)), W) is None
    # White's A2 can be taken at A1 only by a black stone left with one liberty (B1 is White's):
    # White takes it back at A2 (a ko), so the stone is not captured at once.
    ko = diagram("""
        . . . . .
        . . . . .
        x . . . .
        o x . . .
        . o . . .
    """)
    assert ko.liberties(ko.chain((1, 0))).bit_count() == 1
    assert ko.try_play((0, 0), B)[1] is not None  # the capture is legal
    assert rg.capture_at(ko, ko.chain((1, 0)), W) is None


def test_a_two_liberty_stone_that_cannot_run_is_captured_by_force(diagram):
    # White's A2 has the liberties A1 and B2 inside Black's wall: Black A1 (joined to B1, two
    # liberties), and White can neither extend at B2 (no liberty, captures nothing) nor capture.
    pos = diagram("""
        . . . . .
        . . . . .
        x x . . .
        o . x . .
        . x . . .
    """)
    assert rg.capture_at(pos, pos.chain((1, 0)), W) is None
    assert rg.capture_by_force(pos, pos.chain((1, 0)), W) == "A1, then B2"


def test_a_two_liberty_stone_that_can_run_or_capture_is_not_captured_by_force(diagram):
    run = diagram("""
        . . . . .
        . . x . .
        . x o . .
        . . . . .
        . . . . .
    """)
    assert rg.capture_by_force(run, run.chain((2, 2)), W) is None  # extending gives three liberties
    # White's B1-B2 (liberties A2 and B3) next to Black's A1 in atari at A2: after Black B3, White
    # takes A1; Black A2 first would be a self-atari.
    fight = diagram("""
        . . . . .
        . . . . .
        . . . . .
        . o x . .
        x o x . .
    """)
    assert fight.liberties(fight.chain((0, 0))).bit_count() == 1
    assert rg.capture_by_force(fight, fight.chain((1, 1)), W) is None


# -- recounts on real games ------------------------------------------------------------------------


def test_the_recount_of_the_rulings_own_fill_and_verdicts_is_the_rulings_count(games):
    for row, _, ruling in games[:8]:
        final = ruling.replay.final
        verdicts = rg.final_verdicts(ruling)
        assert {v.stones for v in verdicts} == {chain for _, chain in final.chains()}
        same, _, _ = rg.recount(final, verdicts, ruling.komi, ruling.fill.moves, ruling.rules)
        assert same == ruling.score.margin, row["file"]


def test_a_skipped_teire_is_named_when_its_point_is_the_owners_territory(games):
    """One teire that captured nothing, its point next only to its owner's stones and territory:
    without it the point joins that territory, one point more for the owner (AJR, Territory)."""
    checked = 0
    for row, _, ruling in games:
        teire = [m for m in ruling.fill.moves if m.kind == "teire"]
        if len(teire) != 1 or teire[0].captured:
            continue
        t = teire[0]
        after = ruling.position
        around = dilate(after.bit(t.point), geometry(after.size)) & ~after.bit(t.point)
        own_territory = ruling.score.territory[0 if t.color is B else 1]
        if around & ~(after.stones(t.color) | own_territory):
            continue
        target = ruling.score.margin + sign(t.color)
        category, vertex, detail = rg.classify_unmarked(ruling, target)
        if rg.capturable_removed(ruling) and category == rg.CAPTURABLE:
            continue  # a kept stone happens to give the same count (checked first)
        assert (category, vertex) == (rg.TEIRE_SKIPPED, t.vertex), (row["file"], detail)
        checked += 1
    if not checked:
        pytest.skip("no scanned game with such a teire")


def test_a_capturable_stone_kept_on_the_board_is_named(games):
    """A removed string in atari inside the opponent's territory: the count with it left on the
    board (computed here) is explained as that stone, or another capturable one giving the same."""
    checked = 0
    for row, _, ruling in games[:10]:
        final = ruling.replay.final
        for v in ruling.verdicts:
            if v.status == "alive" or ruling.fate(v) is not Fate.DEAD or final.liberties(v.stones).bit_count() != 1:
                continue
            liberty = final.point_of(final.liberties(v.stones))
            facts, taken = Position(final.size, final.black, final.white, v.color.opponent).try_play(
                liberty, v.color.opponent)
            if taken is None or taken.liberties(taken.chain(liberty)).bit_count() < 2:
                continue
            kept = count_with(ruling, v, "alive").margin
            category, vertex, detail = rg.classify_unmarked(ruling, kept)
            assert category == rg.CAPTURABLE, (row["file"], v.vertex, detail)
            named = next(w for w in ruling.verdicts if w.vertex == vertex)
            assert count_with(ruling, named, "alive").margin == kept
            checked += 1
    if not checked:
        pytest.skip("no capturable stone in the scanned games")


def test_a_reversed_assumed_verdict_is_named_with_a_string_that_gives_re(games):
    checked = 0
    for row, _, ruling in games[:10]:
        alive = [v for v in ruling.assumed if v.status == "alive" and v.stones.bit_count() >= 3]
        if not alive:
            continue
        v = max(alive, key=lambda w: (w.stones.bit_count(), w.stones))
        target = count_with(ruling, v, "not_alive").margin
        if target == ruling.score.margin:
            continue
        category, vertex, detail = rg.classify_unmarked(ruling, target)
        if category in (rg.CAPTURABLE, rg.TEIRE_SKIPPED):
            continue  # a more specific recount gives the same count
        named = next(w for w in ruling.verdicts if w.vertex == vertex)
        other = "not_alive" if named.status == "alive" else "alive"
        if category == rg.SEKI_REFUTED:  # the seki this reversal counts has a string captured at once
            assert rg.seki_refutation(ruling.replay.final, named.stones, named.color, ruling.score,
                                      count_with(ruling, named, other)) is not None, detail
            checked += 1
            continue
        assert category.startswith(f"{rg.BUG} (most likely): life heuristic (assumed): ")
        assert category.endswith("reversing it alone gives RE"), detail
        assert count_with(ruling, named, other).margin == target
        fate_after = count_with(ruling, named, other).fate_of(named.stones)
        if named.status == "alive":
            assert ("dead stones judged alive" in category) == (fate_after is Fate.DEAD)
        checked += 1
    if not checked:
        pytest.skip("no assumed living string of three stones or more in the scanned games")


def test_a_count_no_recount_reaches_keeps_the_generic_category_with_the_closest_string(games):
    row, _, ruling = next(g for g in games if g[2].assumed)
    target = ruling.score.margin + 1000
    category, vertex, _ = rg.classify_unmarked(ruling, target)
    assert category == rg.UNEXPLAINED
    closest = min((abs(ruling.flipped[v.stones] - target), -v.stones.bit_count(), v.stones, v.vertex)
                  for v in ruling.assumed if ruling.flipped[v.stones] != ruling.score.margin)
    assert vertex == closest[3], row["file"]


def test_marked_games_kept_capturable_stones_are_the_players_agreement(games):
    """Where the marks differ from our dead stones only by strings we remove and the players kept, each
    captured at once or by force in two moves, the table says the players agreed to keep a capturable
    stone."""
    seen = 0
    for row, path, ruling in games:
        if abs(ruling.score.margin - rg.parse_re(row["result"])) < 1e-9:
            continue
        final = ruling.replay.final
        tb = tw = 0
        marks = read_territory_marks(path)
        for p in marks[0]:
            tb |= final.bit(p)
        for p in marks[1]:
            tw |= final.bit(p)
        truth = (tb & final.white) | (tw & final.black)
        ours = rg.dead_stones(ruling)
        differ = [(c, chain) for c, chain in final.chains() if bool(chain & truth) != bool(chain & ours)]
        expected = bool(differ) and all(
            not chain & truth and rg.capture_by_force(final, chain, c) is not None
            and ruling.score.fate_of(chain) is Fate.DEAD for c, chain in differ)
        pb, pw = ruling.replay.prisoners
        marks_margin = (tb.bit_count() + pb + (tb & final.white).bit_count()) - (
            tw.bit_count() + pw + (tw & final.black).bit_count() + ruling.komi)
        oracle, fill, _ = rg.count_with_marks(final, truth, ruling.komi)
        category, vertex, _ = rg.classify_marked(ruling, final, truth, tb, tw, marks_margin,
                                                 rg.parse_re(row["result"]), oracle, fill)
        if abs(marks_margin - rg.parse_re(row["result"])) > 1e-9:
            continue
        assert (category == rg.CAPTURABLE) == expected, row["file"]
        if expected:
            assert vertex in {vertex_from_point(final.point_of(chain)) for _, chain in differ}
            seen += 1
    if not seen:
        pytest.skip("no scanned marked game where the players kept a capturable stone")


# -- groups, refuted seki, one-sided counts (designed positions and the scanned games) -------------


def _verdicts(pos, statuses):
    """One assumed verdict per string of ``pos``; ``statuses`` maps a point of a string to its status
    (default ``alive``)."""
    out = []
    for color, chain in pos.chains():
        status = next((s for p, s in statuses.items() if pos.bit(p) & chain), "alive")
        out.append(rg.Verdict(color, chain, pos.size, status, "assumed", "heuristic", "test"))
    return out


def test_strings_sharing_a_liberty_or_touching_diagonally_form_one_group(diagram):
    pos = diagram("""
        . . . . . . .
        . x . x . . .
        . . x . . . .
        . . . . . . x
        . o . . . . .
        . . . . . . .
        . x . . . . .
    """)
    # B6 and D6 share the liberty C6 and touch C5 diagonally; G4 is alone; B1 shares no liberty with
    # the others; the white stone is another colour.
    groups = rg.assumed_groups(pos, _verdicts(pos, {}))
    assert len(groups) == 1
    names = sorted(v.vertex for v in groups[0])
    assert names == ["B6", "C5", "D6"]
    # A string with the other status is not linked: C5 not alive splits the group's diagonal link,
    # B6 and D6 still share C6.
    split = rg.assumed_groups(pos, _verdicts(pos, {(4, 2): "not_alive"}))
    assert [sorted(v.vertex for v in grp) for grp in split] == [["B6", "D6"]]


SEKI_SHAPE = """
    . o x o .
    . o x o .
    . o . o .
    . o o o .
    . . . . .
"""


def _scores(pos, white_status):
    verdicts = _verdicts(pos, {})
    verdicts = [rg.dataclasses.replace(v, status="not_alive" if v.color is B else white_status) for v in verdicts]
    return territory_score(pos, verdicts, AJR, komi=0.5)


def test_a_seki_count_next_to_a_string_in_atari_is_refuted_by_the_capture(diagram):
    pos = diagram(SEKI_SHAPE)
    white = pos.chain((1, 1))
    before, after = _scores(pos, "alive"), _scores(pos, "not_alive")
    black = pos.chain((4, 2))
    # The reversal turns White's territory into a count without it and leaves C5-C4 on the board.
    assert before.fate_of(black) is Fate.DEAD and after.fate_of(black) is not Fate.DEAD
    assert rg.seki_refutation(pos, white, W, before, after) == (rg.vertex_of(pos, black), "C3")


def test_no_refutation_when_the_string_has_two_liberties_or_is_not_in_contact(diagram):
    pos = diagram("""
        . o x . .
        . o x o .
        . o . o .
        . o o o .
        . . . . .
    """)
    white = pos.chain((1, 1))
    assert rg.seki_refutation(pos, white, W, _scores(pos, "alive"), _scores(pos, "not_alive")) is None
    # In atari, but the reversed string is another white string that does not touch it.
    far = diagram("""
        . o x o . . .
        . o x o . . .
        . o . o . . .
        . o o o . . .
        . . . . . . .
        . . . . . o o
        . . . . . o .
    """)
    corner = far.chain((0, 5))
    before = _scores(far, "alive")
    after_v = [rg.dataclasses.replace(v, status="not_alive" if (v.color is B or v.stones == corner) else "alive")
               for v in _verdicts(far, {})]
    after = territory_score(far, after_v, AJR, komi=0.5)
    assert rg.seki_refutation(far, corner, W, before, after) is None


def test_a_reversed_group_that_gives_re_is_named_when_no_single_string_does(games):
    checked = 0
    for row, _, ruling in games:
        singles = set(ruling.flipped.values()) | {ruling.score.margin}
        for group in rg.assumed_groups(ruling.position, ruling.assumed):
            target = rg.reversed_group_score(ruling, group).margin
            if target in singles:
                continue
            category, vertex, detail = rg.classify_unmarked(ruling, target)
            if category in (rg.CAPTURABLE, rg.TEIRE_SKIPPED):
                continue  # a more specific recount gives the same count
            assert "reversing one group of strings gives RE" in category or category == rg.SEKI_REFUTED, detail
            assert vertex in {w.vertex for w in group}, (row["file"], detail)
            # the group named is the one whose reversal was computed: its count is the target
            checked += 1
            break
        if checked >= 3:
            break
    if not checked:
        pytest.skip("no assumed group whose reversal differs from every single reversal")


def test_the_most_one_sided_count_is_named_as_such(games):
    checked = 0
    for row, _, ruling in games[:10]:
        final = ruling.replay.final
        for color, margin, n, k, m in rg.one_sided_counts(ruling):
            # Recomputed here: every unproven string of ``color`` not alive, every other alive, no fill.
            mine = [rg.dataclasses.replace(v, status=("not_alive" if v.color is color else "alive")
                                           if v.provenance == "assumed" else v.status)
                    for v in rg.final_verdicts(ruling)]
            assert territory_score(final, mine, AJR, komi=ruling.komi).margin == margin
            if n == 0 or n + m < 2:
                continue
            category, vertex, detail = rg.classify_unmarked(ruling, margin)
            if category != rg.ONE_SIDED:
                continue  # an earlier, more specific recount gives the same count
            named = next(v for v in ruling.assumed if v.vertex == vertex)
            assert named.color is color and named.status == "alive", detail
            checked += 1
    if not checked:
        pytest.skip("no scanned game where the one-sided count is the first explanation")


def test_a_reversal_with_the_fill_proposed_anew_is_named_when_the_fixed_fill_misses_re(games):
    """The fill depends on the verdicts: a reversal counted with the fill proposed for the new
    verdicts (recomputed here with ``recount``) is named when no reversal in our filled position
    gives the same count."""
    checked = 0
    for row, _, ruling in games[:12]:
        final = ruling.replay.final
        verdicts = rg.final_verdicts(ruling)
        fixed = set(ruling.flipped.values()) | {ruling.score.margin}
        for k, v in enumerate(verdicts):
            if v.provenance != "assumed":
                continue
            other = "not_alive" if v.status == "alive" else "alive"
            changed = [rg.dataclasses.replace(w, status=other) if j == k else w for j, w in enumerate(verdicts)]
            target, _, _ = rg.recount(final, changed, ruling.komi, "propose", ruling.rules)
            if target in fixed:
                continue
            category, vertex, detail = rg.classify_unmarked(ruling, target)
            if not category.endswith("with the fill proposed anew, gives RE"):
                continue  # another recount gives the same count (they come first)
            assert category == rg.REFILLED.format(kind=category.split(": ")[2].split(";")[0]), (row["file"], detail)
            named = next(k2 for k2, w in enumerate(verdicts) if w.vertex == vertex)
            again = [rg.dataclasses.replace(w, status="not_alive" if w.status == "alive" else "alive")
                     if j == named else w for j, w in enumerate(verdicts)]
            assert rg.recount(final, again, ruling.komi, "propose", ruling.rules)[0] == target
            checked += 1
            break
        if checked:
            break
    if not checked:
        pytest.skip("no scanned game where the fill proposed anew changes a reversal's count")


def test_re_with_the_colours_swapped_is_a_record_problem(games):
    """An RE that is our count with the other colour winning is named as a record problem first
    (4 of the 4,568 KGS games: early handicap games), whatever reversal might also reach it."""
    row, _, ruling = next(g for g in games if abs(g[2].score.margin) >= rg.MIRROR_MIN)
    margin = ruling.score.margin
    category, vertex, detail = rg.classify_unmarked(ruling, -margin)
    assert category == rg.MIRRORED and vertex == "-"
    assert rg.format_margin(-margin) in detail, detail
    # A close count is the mirror of RE by chance too often to say so.
    small = next((g[2] for g in games if 0 < abs(g[2].score.margin) < rg.MIRROR_MIN), None)
    if small is not None:
        assert all(e.category != rg.MIRRORED for e in rg.explanations(small, -small.score.margin))
    # Our own count, or another margin of the same size and the same winner, is no mirror.
    assert all(e.category != rg.MIRRORED for e in rg.explanations(ruling, margin + (1 if margin > 0 else -1)))


def test_a_dead_stone_in_a_seki_eye_counted_by_the_players_is_named():
    """KGS2003/2003-12-11-2 (unmarked, RE B+6.5): Black's S4 stands alone in an eye of White's seki
    string S1, which shares the liberty R1 with Black's O1.  The rules give that stone nothing
    (rules-sources.md 1.3.9); the players took it as a prisoner.  Our count plus that one prisoner
    for White (computed here) is explained as such, with S4 named; without the seki strings
    around it (all of them alive) the same stone would not be in a seki eye."""
    path = rg.DEFAULT_DATA / "kgs" / "KGS2003" / "2003-12-11-2.sgf"
    if not path.exists():
        pytest.skip(f"no shared games at {rg.DEFAULT_DATA}")
    ruling = score_file(path, rules=AJR)
    final = ruling.position
    s4 = next(v for v in ruling.verdicts if v.vertex == "S4")
    assert s4.color is B and s4.stones.bit_count() == 1 and ruling.fate(s4) is Fate.SEKI
    g = geometry(final.size)
    around = dilate(s4.stones, g) & ~s4.stones
    assert around & final.black == 0  # only White's stones and empty points around it
    assert all(ruling.fate(v) is Fate.SEKI for v in ruling.verdicts if v.stones & around)
    players = ruling.score.margin - 1  # one more prisoner for White
    category, vertex, detail = rg.classify_unmarked(ruling, players)
    assert (category, vertex) == (rg.SEKI_EYE, "S4"), detail
    # With the seki strings next to it judged alive, S4 is dead in White's territory: no seki eye.
    alive = [dataclasses.replace(v, status="alive") if v.stones & around else v for v in ruling.verdicts]
    scored = territory_score(final, alive, ruling.rules, komi=ruling.komi)
    assert scored.fate_of(s4.stones) is Fate.DEAD
    assert rg.seki_eye_stones(dataclasses.replace(ruling, verdicts=alive, score=scored)) == []


def test_a_reversal_next_to_an_open_area_is_filed_as_an_unfinished_game():
    # kgs-19-2017-01-new/2017-01-11-7 (tests/data/kgs-2017-unfinished-left.sgf): the left side was
    # never played out (an open area around B7).  Were RE the count with Black's B1 (next to the
    # area) reversed, the reversal would be a guess about that unplayed fight; a reversal far from
    # it (White's Q8 on the right) keeps its own category.
    ruling = score_file(pathlib.Path(__file__).parent / "data" / "kgs-2017-unfinished-left.sgf")
    assert ruling.open_areas
    by_vertex = {v.vertex: v for v in ruling.assumed}
    near, far = by_vertex["B1"], by_vertex["Q8"]
    g = geometry(ruling.position.size)
    assert any(dilate(near.stones, g) & area for area in ruling.open_areas)
    assert not any(dilate(far.stones, g) & area for area in ruling.open_areas)
    category, vertex, detail = rg.classify_unmarked(ruling, ruling.flipped[near.stones])
    assert (category, vertex) == (rg.UNFINISHED_NEXT, "B1"), detail
    category, vertex, _ = rg.classify_unmarked(ruling, ruling.flipped[far.stones])
    assert category.startswith(f"{rg.BUG} (most likely)") and category != rg.UNFINISHED_NEXT


TWO_LIBERTY_SEKI = """
    . o . o .
    . o x o .
    . o . o .
    . o o o .
    . . . . .
"""


def test_a_seki_count_next_to_a_two_liberty_string_taken_by_force_is_refuted(diagram):
    # Black C4 has the liberties C5 and C3; White takes one and captures on the other, and
    # Black moving first only fills one of them (a self-atari): no seki whoever moves first.
    pos = diagram(TWO_LIBERTY_SEKI)
    white = pos.chain((1, 1))
    black = pos.chain((3, 2))
    assert rg.taken_whoever_moves(pos, black, B) == "C3, then C5"
    assert rg.seki_refutation(pos, white, W, _scores(pos, "alive"), _scores(pos, "not_alive")) == (
        rg.vertex_of(pos, black), "C3, then C5")


def test_no_refutation_when_the_owner_moving_first_gains_a_liberty(diagram):
    # The same with D5 empty: White can still take C4 by force (C3, then C5), but Black moving first
    # plays C5 and keeps two liberties (D5, C3), so the count with the seki is not refuted here.
    pos = diagram("""
        . o . . .
        . o x o .
        . o . o .
        . o o o .
        . . . . .
    """)
    black = pos.chain((3, 2))
    assert rg.capture_by_force(pos, black, B) is not None
    assert rg.taken_whoever_moves(pos, black, B) is None
    white = pos.chain((1, 1))
    assert rg.seki_refutation(pos, white, W, _scores(pos, "alive"), _scores(pos, "not_alive")) is None


def test_stones_in_seki_the_players_removed_are_the_players_departure():
    # kgs-19-2017-02-new/2017-02-18-44 (tests/data/kgs-2017-seki-removed.sgf, marked): Black's E8 (31
    # stones) has no liberty but E11, E12, G12 and G10, all shared with White's three stones F11...
    # inside.  The players removed Black's stones; White moving first cannot capture them there, so
    # they stand in seki and the difference is the players', not our count's.
    path = pathlib.Path(__file__).parent / "data" / "kgs-2017-seki-removed.sgf"
    ruling = score_file(path, rules=AJR)
    e8 = next(v for v in ruling.verdicts if v.vertex == "E8")
    assert e8.color is B and e8.stones.bit_count() == 31 and ruling.fate(e8) is Fate.SEKI
    assert ruling.position.liberties(e8.stones).bit_count() == 4
    assert rg.uncapturable_in_region(ruling, e8.stones, B) is not None
    out = rg.run_game(path, "kgs-2017-seki-removed.sgf", {"result": "W+33.50"}, True)
    assert (out["category"], out["vertex"]) == (rg.SEKI_REMOVED, "E8"), out


def test_a_wall_that_loses_its_enclosed_race_is_not_uncapturable(tmp_path):
    # Black's five stones A8-D8-D9 hold the corner A9-B9-C9 with White's B9 on its vital point and
    # no liberty outside: White moving first (A9) takes the wall, so no seki is claimed for it.
    rows = [". o . x o . o . o", "x x x x o o o o o"] + ["o o o o o o o o o"] * 6 + [". o o o o o o o ."]
    rows[4] = "o o o . o o o o o"
    stones = {"x": [], "o": []}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.split()):
            if ch in stones:
                stones[ch].append("abcdefghi"[c] + "abcdefghi"[r])
    sgf = tmp_path / "wall.sgf"
    sgf.write_text("(;FF[4]GM[1]SZ[9]KM[0.5]RU[Japanese]AB" + "".join(f"[{p}]" for p in stones["x"])
                   + "AW" + "".join(f"[{p}]" for p in stones["o"]) + ";B[];W[])")
    ruling = score_file(sgf, rules=AJR)
    wall = next(v for v in ruling.verdicts if v.color is B)
    assert wall.stones.bit_count() == 5
    assert ruling.position.liberties(wall.stones).bit_count() == 2
    assert rg.uncapturable_in_region(ruling, wall.stones, B) is None
