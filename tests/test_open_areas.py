"""Open areas: a game stopped before a border was closed (``scoring.open_areas``, ``score`` output).

An open area is a connected set of at least five empty points of the counted
position that is no one's territory and touches stones of both colours that
stay on the board.  The fill closes lines of dame and a seki keeps a few shared
liberties, so neither is one; a wide gap between two walls is.  The expected
areas here are counted by hand from the diagrams.
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys
from types import SimpleNamespace

import pytest

from adjudicator.board import Color
from adjudicator.coords import point_from_vertex
from adjudicator.history import GameRecord, Play, Setup, replay
from adjudicator.report import render_ruling, ruling_to_dict, score_file, sgf_annotation
from adjudicator.rules import AJR, J1989
from adjudicator.ruling import adjudicate
from adjudicator.scoring import open_areas, territory_score

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
B, W = Color.BLACK, Color.WHITE

# Black's wall on column C, White's on column G, three empty columns between them (27 points):
# the border was never closed.  Each wall has its own area behind it.
GAP = """
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
    . . x . . . o . .
"""

# The same walls one column apart: a line of dame, which the fill closes.
DAME_LINE = """
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
    . . . x . o . . .
"""

# The seki of tests/test_scoring.py (two shared liberties between two living walls): no open area.
from test_scoring import SEKI  # noqa: E402


def ruling_of(pos, rules=AJR):
    setup = Setup(0, black=tuple(pos.points(pos.black)), white=tuple(pos.points(pos.white)))
    record = GameRecord(pos.size, (setup, Play(1, B, None), Play(2, W, None)), komi=0.5)
    return adjudicate(replay(record, rules))


def all_alive(pos, not_alive=()):
    marks = 0
    for v in not_alive:
        marks |= pos.bit(point_from_vertex(v, pos.size))
    return [SimpleNamespace(color=c, stones=ch, status="not_alive" if ch & marks else "alive")
            for c, ch in pos.chains()]


def test_a_wide_gap_between_two_walls_is_one_open_area(diagram):
    pos = diagram(GAP)
    score = territory_score(pos, all_alive(pos), AJR, komi=0.5)
    areas = open_areas(pos, score)
    assert len(areas) == 1
    assert sorted(score.vertices(areas[0])) == sorted(f"{c}{r}" for c in "DEF" for r in range(1, 10))
    # The areas behind the walls touch one colour only: territory, not open.
    assert score.territory_points(B) == 18 and score.territory_points(W) == 18


def test_the_size_threshold_is_a_parameter(diagram):
    pos = diagram(GAP)
    score = territory_score(pos, all_alive(pos), AJR, komi=0.5)
    assert open_areas(pos, score, min_points=28) == []
    assert len(open_areas(pos, score, min_points=27)) == 1


def test_a_seki_keeps_two_shared_liberties_and_is_no_open_area(diagram):
    pos = diagram(SEKI)
    score = territory_score(pos, all_alive(pos, not_alive=["C7", "E7"]), AJR, komi=0.5)
    assert open_areas(pos, score) == []
    # ... while its two liberties are no one's territory and touch both colours.
    assert open_areas(pos, score, min_points=2) != []


def test_dead_stones_removed_from_an_area_leave_territory_not_an_open_area(diagram):
    # White's lone stone in Black's area is dead: its region is Black's territory.
    pos = diagram(GAP.replace(". . x . . . o . .", ". o x . . . o . .", 1))
    score = territory_score(pos, all_alive(pos, not_alive=["B9"]), AJR, komi=0.5)
    assert [len(score.vertices(a)) for a in open_areas(pos, score)] == [27]


@pytest.mark.parametrize("rules", [AJR, J1989], ids=["ajr", "j1989"])
def test_score_reports_the_open_area_in_text_json_and_sgf(diagram, rules):
    ruling = ruling_of(diagram(GAP), rules)
    assert len(ruling.open_areas) == 1
    text = render_ruling(ruling)
    assert "Open area: 27 empty points around E5 (D1, E1, F1, D2, E2, F2, ...)" in text
    assert "the game looks unfinished there" in text
    reason = next(r for r in ruling.reasons if r.text.startswith("Open area"))
    assert len(reason.vertices) == 27
    data = json.loads(json.dumps(ruling_to_dict(ruling)))
    assert data["open_areas"][0]["points"] == 27
    assert "E5" in data["open_areas"][0]["vertices"]
    assert "Open area (the game looks unfinished): 27 empty points around E5" in sgf_annotation(ruling)["comment"]


def test_a_dame_line_is_filled_and_leaves_no_open_area(diagram):
    ruling = ruling_of(diagram(DAME_LINE))
    assert len(ruling.fill.moves) == 9
    assert ruling.open_areas == []
    assert "Open area" not in render_ruling(ruling)
    assert ruling_to_dict(ruling)["open_areas"] == []


def test_a_real_unfinished_kgs_game_has_an_open_area():
    # KGS 2017-01-11-7 (tests/data/README.md): the left side was never finished.
    ruling = score_file(DATA / "kgs-2017-unfinished-left.sgf", rules=AJR)
    assert ruling.open_areas and max(a.bit_count() for a in ruling.open_areas) >= 20
    reason = next(r for r in ruling.reasons if r.text.startswith("Open area"))
    assert "assumed verdicts of the" in reason.text  # the strings around it are guesses


def test_a_finished_kgs_game_has_none():
    ruling = score_file(ROOT / "examples" / "kgs-japanese.sgf", rules=AJR)
    assert ruling.open_areas == []


# -- the benchmark's category ------------------------------------------------------------------------

_spec = importlib.util.spec_from_file_location("real_games", ROOT / "benchmarks" / "real_games.py")
rg = sys.modules.setdefault("real_games", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(rg)


@pytest.fixture
def unexplained(monkeypatch):
    """No single recount reproduces RE (the recounts themselves are tested in test_real_games_classify.py;
    running them all on a 19x19 game with many assumed strings takes half a minute)."""
    monkeypatch.setattr(rg, "explanations", lambda ruling, re_margin: [])


def test_an_unexplained_difference_in_an_unfinished_game_is_filed_as_unfinished(unexplained):
    ruling = score_file(DATA / "kgs-2017-unfinished-left.sgf", rules=AJR)
    category, vertex, detail = rg.classify_unmarked(ruling, ruling.score.margin + 1000)
    assert category == rg.UNFINISHED
    area = ruling.open_areas[0]
    assert vertex in ruling.score.vertices(area)
    assert f"open area: {area.bit_count()} empty points around {vertex}" in detail


def test_without_an_open_area_the_difference_stays_unexplained(unexplained):
    ruling = score_file(ROOT / "examples" / "kgs-japanese.sgf", rules=AJR)
    category, _, _ = rg.classify_unmarked(ruling, ruling.score.margin + 1000)
    assert category == rg.UNEXPLAINED


def test_batch_lines_and_summary_count_the_open_areas():
    from adjudicator.batch import BatchReport, Source, render_summary, score_source

    lines = [score_source(Source(key=str(path), path=str(path)), "japanese")
             for path in (DATA / "kgs-2017-unfinished-left.sgf", ROOT / "examples" / "kgs-japanese.sgf")]
    ruling = score_file(DATA / "kgs-2017-unfinished-left.sgf", rules=AJR)
    assert lines[0]["open_area"] == sum(a.bit_count() for a in ruling.open_areas) > 0
    assert lines[1]["open_area"] == 0
    report = BatchReport(records=lines, out="unused.jsonl", processed=2, skipped=0, seconds=1.0, jobs=1)
    assert report.to_dict()["open_area_records"] == 1
    assert "1 of 2 records stopped with an open area" in render_summary(report)


def test_the_svg_diagram_marks_every_point_of_the_open_area(diagram):
    from adjudicator.svg import render_svg

    svg = render_svg(ruling_of(diagram(GAP)))
    assert svg.count('class="open-area"') == 27
    assert "open area: unfinished" in svg  # the key
    assert "Open area: 27 empty points around E5" in svg  # the note under the count
    finished = render_svg(ruling_of(diagram(DAME_LINE)))
    assert "open-area" not in finished and "open area" not in finished.lower()
