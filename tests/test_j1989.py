"""J1989 and Korean rulings end to end: life by confirmation (Art. 7), Art. 8 seki and territory,
both lose (Art. 13), referee decides (Korean ko threats), and the pass-for-ko axis.

Positions from rules-sources.md section 5, walled in by pass-alive stones so that the local zone
is small (the confirmation search is exponential; see docs/j1989.md).
"""

from __future__ import annotations

import pathlib
from types import SimpleNamespace

import pytest

from adjudicator.analysis.life import Budget, analyse_position
from adjudicator.board import Color
from adjudicator.history import GameRecord, Play, Setup, replay
from adjudicator.report import ruling_to_dict, score_file
from adjudicator.rules import AJR, J1989, KOREAN, ConfirmationKo, parse_ruleset
from adjudicator.ruling import Outcome, adjudicate
from adjudicator.scoring import Fate, territory_score

from test_confirm import BENT_FOUR, BENT_FOUR_WHITE, DOUBLE_KO_SEKI

BUDGET = Budget(nodes=60_000, seconds=10, total_seconds=30)

# First-mover-wins semeai (rules-sources.md 1.3.8, T21/T22): the black string B6-B7-C6 and the
# white string D6-D7 share the liberty C7; each has one outside liberty (A7, E7).  Whoever moves
# first captures the other: in confirmation both are dead (each can be captured by the opponent
# moving first), the three liberties are dame, and an effective move is left for both players.
SEMEAI = """
    . x . o . x .
    o x x o x x x
    o o o x x . x
    . o o x x x x
    o o o x . x .
    . o o x x x x
    o o o x . x .
"""


def stopped(pos, komi):
    """A record of ``pos`` set up and stopped by two passes."""
    setup = Setup(0, black=tuple(pos.points(pos.black)), white=tuple(pos.points(pos.white)))
    return GameRecord(pos.size, (setup, Play(1, Color.BLACK, None), Play(2, Color.WHITE, None)), komi=komi)


def verdict_at(verdicts, pos, point):
    stones = pos.chain(point)
    return next(v for v in verdicts if v.stones == stones)


# -- life by confirmation ---------------------------------------------------------------


@pytest.mark.parametrize("reading", ["pass-for-ko-once", "pass-for-ko-each"])
def test_bent_four_is_dead_under_j1989_by_search(diagram, reading):
    pos = diagram(BENT_FOUR)
    rules = parse_ruleset(f"j1989,confirmation_ko={reading}")
    white = verdict_at(analyse_position(pos, rules, BUDGET), pos, BENT_FOUR_WHITE)
    assert (white.status, white.provenance, white.method) == ("not_alive", "search", "confirmation")
    assert "dead" in white.reason and "pass for ko" in white.reason
    # Moving first White would live: the verdict records it (used by the Art. 13 test).
    assert [c for c, _, _ in white.alternatives] == ["owner-first"]


def test_bent_four_under_korean_rules_is_a_referee_question(diagram):
    pos = diagram(BENT_FOUR)
    white = verdict_at(analyse_position(pos, KOREAN, BUDGET), pos, BENT_FOUR_WHITE)
    assert (white.provenance, white.method) == ("search", "referee-ko-threats")
    assert dict((c, s) for c, s, _ in white.alternatives) == {
        "owner-ko-priority": "alive", "attacker-ko-priority": "not_alive"}
    assert "Referee decides: ko threats" in white.reason
    assert white.to_dict()["alternatives"][0]["condition"] == "owner-ko-priority"


def test_j1989_ruling_removes_the_bent_four_without_both_lose(diagram):
    # White would live by moving first (the empty L is not yet the precedent's shape, S20), so White
    # has an effective move; at komi 0.5 it does not change the winner, so the stop counts (Art. 13-1
    # asks for a move "which would affect the result of the game").
    pos = diagram(BENT_FOUR)
    ruling = adjudicate(replay(stopped(pos, 0.5), J1989), budget=BUDGET)
    assert ruling.outcome is Outcome.BLACK_WINS and ruling.alternatives == []
    white = verdict_at(ruling.verdicts, ruling.position, BENT_FOUR_WHITE)
    assert ruling.fate(white) is Fate.DEAD
    # The corner is Black's: the 10 white stones are removed and the eye space counts.
    assert ruling.score.removed[1] == ruling.position.chain(BENT_FOUR_WHITE)


def test_korean_ruling_gives_both_outcomes_when_ko_threats_decide(diagram):
    pos = diagram(BENT_FOUR)
    ruling = adjudicate(replay(stopped(pos, 20.5), KOREAN), budget=BUDGET)
    assert ruling.outcome is Outcome.REFEREE_DECIDES and ruling.result == "?"
    assert not ruling.decided_by_count
    data = ruling_to_dict(ruling)
    conditions = [a["condition"] for a in data["alternatives"]]
    assert conditions == ["Black has more ko threats", "White has more ko threats"]
    black, white = data["alternatives"]
    assert black["score"] > 0 > white["score"]  # komi 20.5: the winner depends on the ko
    assert black["result"].startswith("B+") and white["result"].startswith("W+")


def test_first_mover_semeai_is_both_lose(diagram):
    pos = diagram(SEMEAI)
    verdicts = analyse_position(pos, J1989, BUDGET)
    for point in ((5, 1), (5, 3)):
        v = verdict_at(verdicts, pos, point)
        assert (v.status, v.provenance) == ("not_alive", "search")
        assert v.alternatives and v.alternatives[0][:2] == ("owner-first", "alive")
    ruling = adjudicate(replay(stopped(pos, 0.5), J1989), budget=BUDGET)
    assert (ruling.outcome, ruling.result) == (Outcome.BOTH_LOSE, "Void")
    data = ruling_to_dict(ruling)
    assert data["outcome"] == "both-lose"
    black, white = data["alternatives"]
    assert black["condition"] == "Black moves first" and black["score"] > 0
    assert white["condition"] == "White moves first" and white["score"] < 0
    assert black["move"] in ("A7", "C7", "E7") and white["move"] in ("A7", "C7", "E7")
    assert any(r.article == "J1989 Art. 13" for r in ruling.reasons)


# A single unsettled group (rules-sources.md 1.3.8, T21; S10 #2): White's straight three A7-B7-C7;
# White B7 makes two eyes, Black B7 kills.  Black's wall has the eyes F7 F5 B4 F3 B2.
STRAIGHT_THREE = """
    . . . o x . x
    o o o o x x x
    x x x x x . x
    x . x x x x x
    x x x x x . x
    x . x x x x x
    x x x x x x x
"""


def test_a_single_unsettled_group_that_decides_the_game_is_both_lose(diagram):
    # Art. 13-1 needs "an effective move", not one for each player: the commentary's examples are
    # single unsettled groups whose owner alone gains by moving first (S10 #2).
    pos = diagram(STRAIGHT_THREE)
    ruling = adjudicate(replay(stopped(pos, 6.5), J1989), budget=BUDGET)
    assert (ruling.outcome, ruling.result) == (Outcome.BOTH_LOSE, "Void")
    black, white = ruling_to_dict(ruling)["alternatives"]
    assert black["condition"] == "Black moves first" and "move" not in black  # the stop count
    assert black["score"] > 0 > white["score"]  # White's move turns a Black win into a White win
    assert white["move"] == "B7"
    assert any(r.article == "J1989 Art. 13" and "B7" in r.text for r in ruling.reasons)


def test_an_effective_move_that_does_not_change_the_winner_leaves_the_stop_standing(diagram):
    # Same group, komi 0.5: alive it still loses for White, so it does not "affect the result".
    pos = diagram(STRAIGHT_THREE)
    ruling = adjudicate(replay(stopped(pos, 0.5), J1989), budget=BUDGET)
    assert ruling.outcome is Outcome.BLACK_WINS and ruling.alternatives == []
    white = verdict_at(ruling.verdicts, ruling.position, (5, 3))
    assert ruling.fate(white) is Fate.DEAD
    assert [c for c, _, _ in white.alternatives] == ["owner-first"]  # the effective move was seen


def test_an_effective_move_secured_by_resuming_is_not_both_lose():
    # cases/direct-ko-left-open: Black connecting at D9 would win, but Black can do it by resuming: White
    # then moves first yet may not retake the ko (Art. 9-3; S31).  The players ended: the stop counts.
    from pathlib import Path

    from adjudicator.report import score_file

    ruling = score_file(Path(__file__).parent.parent / "cases" / "direct-ko-left-open.sgf", rules="j1989")
    assert ruling.outcome is Outcome.WHITE_WINS and ruling.alternatives == []
    assert any("asking to resume" in r.text and "D9" in r.text for r in ruling.reasons)


@pytest.mark.parametrize("rules", ["j1989", "korean"])
def test_a_string_in_seki_through_a_shared_eye_is_named_with_the_reason(rules):
    # cases/seki-stupid: Black's 13 stones F1 touch no dame, but share the eye A4 region with B1, which
    # touches the dame C1: in seki by the group reading of Art. 8 (S34), and the ruling says why.
    from pathlib import Path

    from adjudicator.report import score_file

    ruling = score_file(Path(__file__).parent.parent / "cases" / "seki-stupid.sgf", rules=rules)
    lines = [r for r in ruling.reasons if r.text.startswith("In seki without a dame")]
    assert len(lines) == 1 and lines[0].vertices == ("F1",)
    assert "the string at F1 shares an eye" in lines[0].text


def test_no_shared_eye_reason_under_ajr():
    from pathlib import Path

    from adjudicator.report import score_file

    ruling = score_file(Path(__file__).parent.parent / "cases" / "seki-stupid.sgf", rules="ajr")
    assert not any(r.text.startswith("In seki without a dame") for r in ruling.reasons)


def test_korean_double_ko_seki_is_not_a_referee_question(diagram):
    # Each ko stone alone depends on ko priority, but in a double ko a capture in one ko is answered by a
    # capture in the other: more ko threats cannot win both (S10 #12), so there is nothing to decide.
    pos = diagram(DOUBLE_KO_SEKI)
    ruling = adjudicate(replay(stopped(pos, 0.5), KOREAN), budget=Budget(nodes=20_000, seconds=10,
                                                                          total_seconds=30))
    ko_stones = [verdict_at(ruling.verdicts, ruling.position, p) for p in ((5, 0), (6, 2))]
    assert all(v.method == "referee-ko-threats" for v in ko_stones)  # each alone would be a question
    assert ruling.outcome is not Outcome.REFEREE_DECIDES and ruling.alternatives == []
    assert all(ruling.fate(v) is Fate.SEKI for v in ko_stones)  # they stay, without points
    assert any(r.text.startswith("Double ko") for r in ruling.reasons)


def test_ajr_ruling_has_no_alternatives(diagram):
    pos = diagram(SEMEAI)
    ruling = adjudicate(replay(stopped(pos, 0.5), AJR), budget=BUDGET)
    assert ruling.alternatives == [] and ruling_to_dict(ruling)["alternatives"] == []
    assert ruling.outcome in (Outcome.BLACK_WINS, Outcome.WHITE_WINS, Outcome.JIGO)


def test_double_ko_seki_ko_stones_are_dead_by_confirmation(diagram):
    pos = diagram(DOUBLE_KO_SEKI)
    # Reading R2 of Art. 7-1 (docs/j1989.md): after Black's C6, White may take A6 (a capture), and the
    # proof that C7 stays dead takes about 6,700 positions (5,000 sufficed for the narrowing).
    verdicts = analyse_position(pos, J1989, Budget(nodes=10_000, seconds=2, total_seconds=6))
    for point in ((5, 0), (6, 2)):  # black A6, white C7
        v = verdict_at(verdicts, pos, point)
        assert (v.status, v.provenance) == ("not_alive", "search")


# -- Art. 8 seki and territory (statuses given by hand) --------------------------------------


def given(pos, statuses):
    """Verdict stand-ins: every chain alive except those listed as not alive."""
    out = []
    for color, chain in pos.chains():
        dead = any(chain & pos.bit(p) for p in statuses)
        out.append(SimpleNamespace(color=color, stones=chain, status="not_alive" if dead else "alive"))
    return out


def test_double_ko_seki_art8_no_territory_ko_stones_stay(diagram):
    # rules-sources.md 1.3.2 / T3: the ko stones are dead but not inside any territory, the ko
    # points are dame, so every group touching them is in seki; the black wall's eyes elsewhere
    # still count (they touch no dame).
    pos = diagram(DOUBLE_KO_SEKI)
    score = territory_score(pos, given(pos, [(5, 0), (6, 2)]), J1989, komi=0)
    assert score.removed == (0, 0)
    assert score.fate_of(pos.bit((5, 0))) is Fate.SEKI and score.fate_of(pos.bit((6, 2))) is Fate.SEKI
    corner = pos.bit((8, 0)) | pos.bit((6, 0))  # A9, A7: eye points of the corner groups
    assert not (score.territory[0] | score.territory[1]) & corner
    assert score.fate_of(pos.bit((4, 0))) is Fate.SEKI  # the white group A5
    assert score.territory_points(Color.BLACK) > 0 and score.territory_points(Color.WHITE) == 0


def test_dead_stone_inside_a_seki_eye_earns_nothing(diagram):
    # rules-sources.md T8 (S26; the eskimo.com thread): a white stone at A8 inside Black's seki eye.
    pos = diagram(
        """
        o . x . o x o .
        . o x x x x o .
        x x o o o o o .
        . x o . . . . .
        x x o . . . . .
        o o o . . . . .
        . . . . . . . .
        . . . . . . . .
        """
    )
    score = territory_score(pos, given(pos, [(7, 0)]), J1989, komi=0)
    assert score.removed == (0, 0)  # not removed: no prisoner
    assert score.fate_of(pos.bit((7, 0))) is Fate.SEKI
    assert score.territory_points(Color.BLACK) == 0  # no points in seki
    # AJR counts it the same way (not in any territory).
    ajr = territory_score(pos, given(pos, [(7, 0)]), AJR, komi=0)
    assert ajr.removed == (0, 0)


def test_unfilled_dame_puts_walls_in_seki_filled_dame_do_not(diagram):
    # rules-sources.md T12: Art. 8 literally, before and after filling column C.
    open_ = diagram(
        """
        . x . o .
        x x . o o
        . x . o .
        x x . o o
        . x . o .
        """
    )
    filled = diagram(
        """
        . x x o .
        x x x o o
        . x x o .
        x x x o o
        . x o o .
        """
    )
    assert territory_score(open_, given(open_, []), J1989, komi=0).territory == (0, 0)
    score = territory_score(filled, given(filled, []), J1989, komi=0)
    assert (score.territory_points(Color.BLACK), score.territory_points(Color.WHITE)) == (3, 3)


# -- the pass-for-ko axis ------------------------------------------------------------------


def test_pass_for_ko_axis_values_parse():
    assert J1989.confirmation_ko is ConfirmationKo.PASS_FOR_KO_ONCE
    assert parse_ruleset("j1989,confirmation_ko=pass-for-ko-each").confirmation_ko is ConfirmationKo.PASS_FOR_KO_EACH
    assert parse_ruleset("korean,confirmation_ko=pass-for-ko-once").confirmation_ko is ConfirmationKo.PASS_FOR_KO_ONCE


def test_the_bent_four_precursor_has_no_effective_move_whatever_the_komi():
    # cases/bent-four-temporary-seki: a group only reducible to the L in the corner, where White cannot
    # usefully play inside (rules-sources.md 1.3.1; S10 #8): dead with either player moving first, so
    # no komi makes it both lose.  Komi 20.5 leaves Black 2 points ahead with the group dead.
    from pathlib import Path

    from adjudicator.cases import CASES_BUDGET
    from adjudicator.report import score_file

    path = Path(__file__).parent.parent / "cases" / "bent-four-temporary-seki.sgf"
    ruling = score_file(path, rules="j1989", komi=20.5, budget=CASES_BUDGET)
    assert (ruling.outcome, ruling.result) == (Outcome.BLACK_WINS, "B+2.5")
    white = next(v for v in ruling.verdicts if v.color is Color.WHITE and v.stones.bit_count() == 7)
    assert white.status == "not_alive" and white.alternatives == ()  # no owner-first life


def test_an_empty_bent_four_that_decides_the_game_is_both_lose():
    # cases/bent-four-in-the-corner is the empty L itself: White moving first lives ("A white play at
    # [the 1-1 point] will lead to a living group", Sensei's BentFourInTheCorner; "It does not mean
    # that a group is dead if its eyespace is already in that shape", S20).  At komi 0.5 that does not
    # change the winner (B+24.5 / B+0.5); at komi 10.5 it does (B+14.5 / W+9.5): an unsettled group
    # left at the stop like any other, so both lose (Art. 13-1; docs/j1989.md).
    from pathlib import Path

    from adjudicator.cases import CASES_BUDGET
    from adjudicator.report import score_file

    path = Path(__file__).parent.parent / "cases" / "bent-four-in-the-corner.sgf"
    ruling = score_file(path, rules="j1989", komi=10.5, budget=CASES_BUDGET)
    assert ruling.outcome is Outcome.BOTH_LOSE
    black, white = ruling.alternatives
    assert (black.result, white.result) == ("B+14.5", "W+9.5")
    # The effective move: A1 (Sensei) or A2 (two eyes, A3 and A1-B1) both live, so the search may
    # name either; check that White's string survives confirmation after it (Black moving first).
    from adjudicator.analysis.confirm import confirm_life
    from adjudicator.coords import point_from_vertex
    from adjudicator.sgfio import read_sgf

    from test_confirm import zone

    final = replay(read_sgf(path), J1989).final
    after = final.play(point_from_vertex(white.move, final.size), Color.WHITE)
    c1 = point_from_vertex("C1", final.size)
    assert confirm_life(after, c1, area=zone(after, c1), max_nodes=60_000).status == "alive"


def test_an_art13_test_out_of_budget_is_reported_where_it_could_change_the_winner():
    # cases/bent-four-outside-liberty [j1989]: Black's A2 and B1 are proven dead, and the search with
    # Black moving first (the Art. 13 test) proves them alive in 1,244 and 1,229 positions: both lose.
    # With 1,000 positions per string that test does not finish, while the count with them alive would
    # change the winner: the ruling keeps the count of the stop and says that the question is open;
    # with the flag cleared (a finished test) nothing is said.
    from dataclasses import replace
    from pathlib import Path

    from adjudicator.report import score_file
    from adjudicator.ruling import _unsettled_effective_moves

    case = Path(__file__).parent.parent / "cases" / "bent-four-outside-liberty.sgf"
    settled = score_file(case, rules="j1989", budget=Budget(nodes=20_000, seconds=30.0, total_seconds=60.0))
    assert settled.result == "Void" and not any(v.owner_first_unsettled for v in settled.verdicts)
    assert not any(r.text.startswith("Not settled") for r in settled.reasons)
    ruling = score_file(case, rules="j1989", budget=Budget(nodes=1_000, seconds=30.0, total_seconds=60.0))
    assert ruling.result == "W+0.5"
    flagged = sorted(v.vertex for v in ruling.verdicts if v.owner_first_unsettled)
    assert flagged == ["A2", "B1"]
    lines = [r for r in ruling.reasons if r.text.startswith("Not settled")]
    assert len(lines) == 1 and set(lines[0].vertices) == {"A2", "B1"} and lines[0].article == "J1989 Art. 13"
    assert "B1 or A2 alone B+6.5; all of them together (one first move may save several) B+23.5" in lines[0].text
    assert "the stop's count is W+0.5" in lines[0].text
    cleared = [replace(v, owner_first_unsettled=False) for v in ruling.verdicts]
    pos = ruling.fill.after
    assert _unsettled_effective_moves(pos, cleared, ruling.rules, ruling.komi, ruling.score.margin) == []
    assert len(_unsettled_effective_moves(pos, ruling.verdicts, ruling.rules, ruling.komi, ruling.score.margin)) == 1
    # Ten more points of komi: either string alone (W+3.5) no longer changes the winner of the stop
    # (W+10.5), both together (B+13.5) still do, so the question stays open and is reported.
    shifted = _unsettled_effective_moves(pos, ruling.verdicts, ruling.rules, ruling.komi + 10, ruling.score.margin - 10)
    assert len(shifted) == 1 and "alone W+3.5; all of them together (one first move may save several) B+13.5" in shifted[0].text


def test_the_new_stone_axis_chooses_the_reading_of_art_7_1():
    # cases/double-ko-live-gnugo: after White's A7 takes Black's A8, Black's saving reply B9 is a
    # capture outside the captured point.  R2 (the presets' new_stone=captures) allows it: A8 lives,
    # B+4.5; the narrowing (new_stone=narrow) does not, A8 is dead and Black's B9 at the stop is an
    # effective move: both lose.
    from pathlib import Path

    import pytest

    from adjudicator.report import score_file
    from adjudicator.rules import J1989, NewStone, UnknownRuleSet, parse_ruleset

    case = Path(__file__).parent.parent / "cases" / "double-ko-live-gnugo.sgf"
    assert J1989.new_stone is NewStone.CAPTURES
    assert score_file(case, rules="j1989").result == "B+4.5"
    narrow = parse_ruleset("j1989,new_stone=narrow")
    assert narrow.new_stone is NewStone.NARROW
    assert score_file(case, rules=narrow).result == "Void"
    with pytest.raises(UnknownRuleSet, match="new_stone"):
        parse_ruleset("j1989,new_stone=free")


# A seki in appearance only (found on GNU Go's scoring suite, score42, and on KGS games
# 2017-03-25-26 and 2017-05-12-12, kgs-19-2017-0*-new): White's corner string and Black's four
# stones B3 A2 B2 C2 share their only liberties A3 and B4.  Neither can fill one without being
# taken, but Black's sacrifice at A3 hands White a bulky five (A3 A2 B2 B3 C2) whose vital point
# B2 Black then takes: White is captured whoever starts, and White moving first takes nothing.
FAKE_SEKI = """
    x x x x x x .
    x x x x x x x
    o o o x x . x
    o . o x x x x
    . x o o x x x
    x x x o x . x
    o o o o o x x
"""


@pytest.mark.parametrize("rules", [J1989, KOREAN], ids=["j1989", "korean"])
def test_a_wall_lost_whoever_starts_in_an_enclosed_fight_is_dead_not_seki(diagram, rules):
    # The whole-board search proves it on this small board; in a real game the zone is too large
    # and the playouts guess, so the guesses are put back here and the enclosed-fight check must
    # correct them (J1989 Art. 7: the wall can be captured; Black's inner stones cannot).
    from dataclasses import replace

    from adjudicator.analysis.life import enclosed_fights
    from adjudicator.coords import point_from_vertex

    pos = diagram(FAKE_SEKI)
    verdicts = analyse_position(pos, rules, BUDGET)
    a1, a2 = point_from_vertex("A1", 7), point_from_vertex("A2", 7)
    wall, inner = verdict_at(verdicts, pos, a1), verdict_at(verdicts, pos, a2)
    assert wall.status == "not_alive" and wall.provenance == "search"  # what the search proves here
    guessed = [replace(v, status="alive", provenance="assumed", method="heuristic") if v is wall else
               replace(v, status="not_alive", provenance="assumed", method="heuristic") if v is inner else v
               for v in verdicts]
    read = enclosed_fights(pos, guessed, rules, BUDGET)
    wall_read, inner_read = verdict_at(read, pos, a1), verdict_at(read, pos, a2)
    assert (wall_read.status, wall_read.provenance, wall_read.method) == ("not_alive", "assumed", "enclosed-fight")
    assert "captures it there whoever starts" in wall_read.reason
    assert (inner_read.status, inner_read.provenance, inner_read.method) == ("alive", "assumed", "enclosed-fight")
    # Proven verdicts are never re-guessed: with the search's own verdicts nothing changes.
    assert enclosed_fights(pos, verdicts, rules, BUDGET) == verdicts


# A bent four in the corner in seki appearance (the top right of GNU Go's seki_exotics/doublebent4,
# cases/double-bent-four): White's wall D4 and Black's G7-G6-G5 share their only liberties F7 and
# F5.  Black's sacrifice at F7 gives White a bent four (F7 G7 G6 G5) that Black then kills by ko:
# dead whoever starts under J1989's pass for ko (S21), a question of ko threats under Korean rules.
CORNER_BENT_FOUR = """
    x x x o o . x
    x . x o o o x
    x x x o o . x
    x x x o o o o
    x x x x x x x
    x . x x x . x
    x x x x x x x
"""


@pytest.mark.parametrize("rules", [J1989, KOREAN], ids=["j1989", "korean"])
def test_a_wall_lost_only_with_the_attackers_ko_priority_is_a_korean_referee_decision(diagram, rules):
    # On this board the whole-board search proves it; the check must give the same answer from the
    # playouts' guesses, which is all it has on a 19x19 board or in cases/double-bent-four, where the
    # search of White's wall runs out of its budget.
    from dataclasses import replace

    from adjudicator.analysis.life import enclosed_fights
    from adjudicator.coords import point_from_vertex

    pos = diagram(CORNER_BENT_FOUR)
    d4 = point_from_vertex("D4", 7)
    verdicts = analyse_position(pos, rules, BUDGET)
    proven = verdict_at(verdicts, pos, d4)
    assert (proven.status, proven.provenance) == ("not_alive", "search")
    guessed = [v if v.provenance == "static" else
               replace(v, status="alive", provenance="assumed", method="heuristic", alternatives=())
               for v in verdicts]
    wall = verdict_at(enclosed_fights(pos, guessed, rules, BUDGET), pos, d4)
    assert (wall.status, wall.provenance, wall.method) == ("not_alive", "assumed", "enclosed-fight")
    statuses = tuple((condition, status) for condition, status, _ in wall.alternatives)
    assert statuses == tuple((condition, status) for condition, status, _ in proven.alternatives)
    if rules is KOREAN:
        assert statuses == (("owner-ko-priority", "alive"), ("attacker-ko-priority", "not_alive"))
        assert wall.reason.startswith("Assumed: not proven; referee decides (ko threats).")
    else:
        assert statuses == () and "captures it there whoever starts" in wall.reason


LOST_WALL_STONE = pathlib.Path(__file__).parent / "data" / "kgs-2017-lost-wall-stone.sgf"


def test_a_lone_stone_of_a_lost_wall_is_lost_with_it():
    # KGS 2017-04-10-42 (RE W+7.5): Black's wall S16 in the top right is captured whoever starts
    # (the lost-wall check), and Black's lone S19, whose liberties R19 and T19 lie in the same
    # corner, with it; before, S19 kept its seki guess (59 % of the playouts) and its dame put the
    # corner in seki under Art. 8: B+25.5.
    ruling = score_file(LOST_WALL_STONE, rules=J1989)
    pos = ruling.position
    s19 = next(v for v in ruling.verdicts if v.stones & pos.bit((18, 17)))
    assert (s19.color, s19.stones.bit_count(), s19.status, s19.provenance, s19.method) == (
        Color.BLACK, 1, "not_alive", "assumed", "enclosed-fight")
    assert "small enclosed region of the black chain at" in s19.reason
    assert ruling.result == "W+7.5"


@pytest.mark.parametrize("rules", [J1989, KOREAN], ids=["j1989", "korean"])
def test_a_close_call_guessed_dead_is_read_by_the_capture_confirmation(rules):
    # kgs-19-2017-03-new/2017-03-27-1 (RE B+2.5; tests/test_life.py has the AJR side): White's A6,
    # B10 and E8 around the bent four B9-C9-D9-D8 survive 53 % of the playouts each, just under the
    # alive threshold, so all three were removed (B+37.5) until the capture confirmation in the zone
    # bounded by Black's clearly living chains found A6 uncapturable.
    ruling = score_file(pathlib.Path(__file__).parent / "data" / "kgs-2017-close-call-read.sgf", rules=rules)
    a6 = next(v for v in ruling.verdicts if v.vertex == "A6")
    assert (a6.color, a6.status, a6.provenance) == (Color.WHITE, "alive", "assumed")
    assert a6.share is not None and a6.share < 0.55
    assert "capture confirmation that takes the chains around it" in a6.reason
    assert ruling.result == "B+2.5"


def test_three_ko_f1_is_dead_under_reading_r2():
    # cases/three-ko-gnugo-1 [j1989]: under R2 (after the capture Black may play only on F1 and make
    # capturing plays) White takes F1 at E1, and after Black's capture of the 16 stones plays F1
    # again with three liberties that Black may not fill.  The exact confirmation limited to the
    # seven points where either side's plays matter proves it (every R2 play of Black lies there;
    # the limit only takes White's refills away), with and without the table and shortcuts.
    from adjudicator.analysis.confirm import confirm_life
    from adjudicator.coords import format_move, point_from_vertex
    from adjudicator.sgfio import read_sgf

    case = pathlib.Path(__file__).parent.parent / "cases" / "three-ko-gnugo-1.sgf"
    pos = replay(read_sgf(case), J1989).final
    area = 0
    for vertex in ("A3", "D4", "E1", "C1", "A2", "D3", "F1"):
        area |= pos.bit(point_from_vertex(vertex, pos.size))
    f1 = point_from_vertex("F1", pos.size)
    for plain in (False, True):
        r = confirm_life(pos, f1, area=area, mode="once", after_capture="captures", max_nodes=20_000,
                         transposition_table=not plain, shortcuts=not plain)
        assert r.status == "dead", plain
        assert [format_move(m) for m in r.sequence[:5]] == ["E1", "A3", "F1", "D4", "F1"]
