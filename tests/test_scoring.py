"""Territory, removals and the count (scoring.py): small whole boards with known scores.

Verdicts are written by hand here ("statuses in, score out"): these tests check
the count, not the life analysis.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from adjudicator.board import Color
from adjudicator.coords import point_from_vertex, vertex_from_point
from adjudicator.rules import AJR, J1989, KOREAN
from adjudicator.scoring import Fate, format_margin, territory_score

B, W = Color.BLACK, Color.WHITE


def verdicts(pos, not_alive=()):
    """One verdict per chain: ``not_alive`` if it holds a vertex of ``not_alive``, else ``alive``."""
    marks = 0
    for v in not_alive:
        marks |= pos.bit(point_from_vertex(v, pos.size))
    return [
        SimpleNamespace(color=c, stones=ch, status="not_alive" if ch & marks else "alive")
        for c, ch in pos.chains()
    ]


def vertices(score, bits):
    return sorted(score.vertices(bits))


# A seki in the top middle (white C7-C6-C5-D5 and black E7-E6-E5 share D7 and D6 and have no
# other liberty) between two living walls; Black's area on the left, White's on the right.
SEKI = """
    . x o . x o .
    x x o . x o o
    . x o o x o .
    x x x x o o o
    . . . x o . .
    . . . x o . .
    . . . x o . .
"""


def test_seki_without_eyes_gives_no_territory_and_stays_on_the_board(diagram):
    pos = diagram(SEKI)
    score = territory_score(pos, verdicts(pos, not_alive=["C7", "E7"]), AJR, komi=0.5)
    assert score.territory_points(B) == 11  # A7, A5 and the nine points A1-C3
    assert score.territory_points(W) == 8  # G7, G5 and F1-G3
    assert vertices(score, score.seki) == sorted(["C7", "C6", "C5", "D5", "E7", "E6", "E5"])
    assert score.removed == (0, 0)
    assert score.fate_of(pos.bit(point_from_vertex("C5", 7))) is Fate.SEKI
    assert score.fate_of(pos.bit(point_from_vertex("E6", 7))) is Fate.SEKI
    assert score.fate_of(pos.bit(point_from_vertex("A4", 7))) is Fate.ALIVE
    assert score.result == "B+2.5"


def test_seki_under_j1989_art8_comes_from_the_shared_dame(diagram):
    # Under J1989 the seki strings are alive (nobody can capture them); Art. 8 puts them in seki
    # because they possess the dame D7 and D6, so the count is the same as under AJR.
    pos = diagram(SEKI)
    score = territory_score(pos, verdicts(pos), J1989, komi=0.5)
    assert score.territory_points(B) == 11 and score.territory_points(W) == 8
    assert vertices(score, score.seki) == sorted(["C7", "C6", "C5", "D5", "E7", "E6", "E5"])


def test_dead_stones_inside_territory_are_removed_and_count_twice(diagram):
    pos = diagram("""
        . x o . x o .
        x x o . x o o
        . x o o x o .
        x x x x o o o
        . . . x o . .
        . o . x o x .
        . . . x o . .
    """)
    score = territory_score(pos, verdicts(pos, not_alive=["C7", "E7", "B2", "F2"]), AJR, komi=0.5)
    # Black: 11 points (B2 included); White: 8 points (F2 included); one prisoner each.
    assert score.territory_points(B) == 11 and score.territory_points(W) == 8
    assert vertices(score, score.removed[1]) == ["B2"] and vertices(score, score.removed[0]) == ["F2"]
    assert score.prisoners(B) == 1 and score.prisoners(W) == 1
    assert score.total(B) == 12 and score.total(W) == 9.5


def test_count_adds_captures_and_komi(diagram):
    pos = diagram(SEKI)
    score = territory_score(pos, verdicts(pos, not_alive=["C7", "E7"]), AJR, komi=6.5, captured=(4, 9))
    assert score.total(B) == 11 + 4
    assert score.total(W) == 8 + 9 + 6.5
    assert score.margin == -8.5 and score.result == "W+8.5"
    assert score.to_dict()["white"] == {"territory": 8, "captured": 9, "removed": 0, "komi": 6.5, "total": 23.5}


# rules-sources.md T6: big-eye seki; every group is in seki, the eye A6 is not territory.
BIG_EYE_SEKI = """
    . x o x x x
    x x o o x .
    . x x o o o
    o o x x x .
    . o o o x x
    x x x o . x
"""


def test_big_eye_seki_eye_is_not_territory_under_ajr(diagram):
    pos = diagram(BIG_EYE_SEKI)
    every = [vertex_from_point(p) for p in pos.points(pos.black | pos.white)]
    score = territory_score(pos, verdicts(pos, not_alive=every), AJR, komi=0)
    assert score.territory == (0, 0)
    assert score.seki == pos.black | pos.white
    assert score.result == "0"


def test_big_eye_seki_eye_is_not_territory_under_j1989(diagram):
    # All strings alive (uncapturable), but each touches a dame: all in seki, A6 is no territory.
    pos = diagram(BIG_EYE_SEKI)
    score = territory_score(pos, verdicts(pos), J1989, komi=0)
    assert score.territory == (0, 0)
    assert score.seki == pos.black | pos.white


# cases/anti-seki: the J1989 commentary's anti-seki (rules-sources.md 1.3.8, S10 #1).  The
# confirmation finds Black's A9 and D9 strings and White's B9 all dead; the commentary: "Black and
# White are both dead but none of the stones can be removed.  According to Article 8 there is no
# territory."  The corner touches White's live wall only, and still it is nobody's.
ANTI_SEKI = """
    x o . x o . o x .
    . x x x o o o x x
    x x o o o . o x .
    o o o . o o o x x
    o . o o . o o x .
    o o o o o o o x x
    o . o . o o x x .
    o o o o o o x . x
    o . o . o o x x x
"""


@pytest.mark.parametrize("rules", [J1989, KOREAN], ids=["j1989", "korean"])
def test_mutually_dead_stones_stay_and_their_region_is_nobodys(diagram, rules):
    pos = diagram(ANTI_SEKI)
    score = territory_score(pos, verdicts(pos, not_alive=["A9", "B9", "D9"]), rules, komi=0.5)
    assert score.removed == (0, 0)
    assert score.territory_points(B) == 5 and score.territory_points(W) == 9
    for v in ("A9", "B9", "D9", "A7"):
        assert score.fate_of(pos.bit(point_from_vertex(v, 9))) is Fate.SEKI
    assert score.result == "W+4.5"


# rules-sources.md T12: a column of dame between two living groups.
DAME_COLUMN = """
    . x . o .
    x x . o o
    . x . o .
    x x . o o
    . x . o .
"""


def test_unfilled_dame_do_not_matter_under_ajr(diagram):
    pos = diagram(DAME_COLUMN)
    score = territory_score(pos, verdicts(pos), AJR, komi=0)
    assert score.territory_points(B) == 3 and score.territory_points(W) == 3


@pytest.mark.parametrize("rules", [J1989, KOREAN], ids=["j1989", "korean"])
def test_unfilled_dame_put_both_groups_in_seki_under_art8(diagram, rules):
    pos = diagram(DAME_COLUMN)
    score = territory_score(pos, verdicts(pos), rules, komi=0)
    assert score.territory == (0, 0)  # the literal reading of Art. 8 (T12: 0:0)
    assert score.seki == pos.black | pos.white


# Black's lone D7 possesses the dame E7 (White's wall touches it too); it shares the eye C7 with
# Black's big string, whose other eyes A7, A5, A3, A1 touch no dame.  Possessing dame belongs to the
# group (S34; S26: the eye points of groups in seki are no territory; GNU Go's count of
# seki_exotics/seki_score.sgf), so the big string is in seki too and none of its eyes count.
SHARED_EYE = """
    . x . x . o .
    x x x o o o o
    . x x o . o .
    x x x o o o o
    . x x o . o .
    x x x o o o o
    . x x o . o .
"""


@pytest.mark.parametrize("rules", [J1989, KOREAN], ids=["j1989", "korean"])
def test_a_string_sharing_an_eye_with_a_seki_string_is_in_seki(diagram, rules):
    pos = diagram(SHARED_EYE)
    score = territory_score(pos, verdicts(pos), rules, komi=0)
    assert score.territory == (0, 0)  # read per string, Black kept A7 A5 A3 A1 (B+4)
    assert score.seki == pos.black | pos.white
    assert score.result == "0"


def test_a_shared_eye_does_not_matter_under_ajr(diagram):
    pos = diagram(SHARED_EYE)
    score = territory_score(pos, verdicts(pos), AJR, komi=0)
    assert score.territory_points(B) == 5 and score.territory_points(W) == 7  # no dame rule: E7 is nobody's


def test_verdicts_must_cover_the_position(diagram):
    pos = diagram(DAME_COLUMN)
    with pytest.raises(ValueError, match="no verdict for the stone"):
        territory_score(pos, verdicts(pos)[1:], AJR, komi=0)


@pytest.mark.parametrize(
    "margin, text", [(2.5, "B+2.5"), (-0.5, "W+0.5"), (0.0, "0"), (12.0, "B+12"), (-100.5, "W+100.5")]
)
def test_format_margin_uses_sgf_result_syntax(margin, text):
    assert format_margin(margin) == text
