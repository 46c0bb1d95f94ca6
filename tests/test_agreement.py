"""Settling unproven verdicts by agreement (adjudicator/agreement.py, ``score --agreed/--dead/--alive``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.agreement import Agreement, AgreementError, agreement_from_marks, referee_decisions, settle
from adjudicator.analysis.life import Verdict
from adjudicator.board import Color
from adjudicator.cli import app
from adjudicator.coords import point_from_vertex
from adjudicator.diagrams import parse_diagram
from adjudicator.errors import AdjudicatorError
from adjudicator.report import ruling_to_dict, score_file
from adjudicator.rules import AJR
from adjudicator.scoring import Fate, territory_score
from adjudicator.sgfio import read_territory_marks

DATA = Path(__file__).parent / "data"
UNFINISHED = DATA / "kgs-2017-unfinished-left.sgf"
MARKS_VS_PROOF = DATA / "kgs-2017-marks-vs-proof.sgf"
SEKI = DATA / "kgs-2017-seki.sgf"
NO_MARKS = DATA / "kgs-2002-handicap.sgf"

runner = CliRunner()

# A black wall around a 3x3 corner with a white stone inside, and a white wall outside it.
CORNER = """
    . . . x . o .
    . o . x . o .
    . . . x . o .
    x x x x . o .
    . . . . . o .
    o o o o o o .
    . . . . . . .
"""
INSIDE = (5, 1)  # B6: White's stone inside Black's corner (rows count from the bottom)


def _verdicts(pos, assumed_white_inside: str):
    """Black's wall and White's wall proven alive; White's stone inside Black's corner assumed."""
    out = []
    for color, chain in pos.chains():
        inside = color is Color.WHITE and chain & pos.bit(INSIDE)
        if inside:
            out.append(Verdict(color, chain, pos.size, assumed_white_inside, "assumed", "heuristic", "guess"))
        else:
            out.append(Verdict(color, chain, pos.size, "alive", "static", "test", "proven by the test"))
    return out


def test_marks_dead_removes_an_assumed_string():
    pos = parse_diagram(CORNER)
    marks = agreement_from_marks(pos, [(r, c) for r in range(4, 7) for c in range(3)], [])
    settled, notes = settle(pos, _verdicts(pos, "alive"), marks, AJR, 0.5)
    inside = next(v for v in settled if v.stones & pos.bit(INSIDE))
    assert (inside.status, inside.provenance, inside.method) == ("not_alive", "assumed", "agreed")
    assert territory_score(pos, settled, AJR, komi=0.5).fate_of(inside.stones) is Fate.DEAD
    assert notes == []


def test_kept_string_that_the_count_would_remove_becomes_alive():
    # The players marked nothing in the corner: they kept White's stone, so it is not removed.
    pos = parse_diagram(CORNER)
    marks = agreement_from_marks(pos, [(6, 6)], [])
    settled, _ = settle(pos, _verdicts(pos, "not_alive"), marks, AJR, 0.5)
    inside = next(v for v in settled if v.stones & pos.bit(INSIDE))
    assert inside.status == "alive" and inside.method == "agreed"
    assert territory_score(pos, settled, AJR, komi=0.5).fate_of(inside.stones) is not Fate.DEAD


def test_kept_string_with_its_territory_marked_is_alive():
    # White's stone guessed not alive, but the players marked White territory next to it (B7).
    pos = parse_diagram(CORNER)
    marks = agreement_from_marks(pos, [], [(6, 1)])
    settled, _ = settle(pos, _verdicts(pos, "not_alive"), marks, AJR, 0.5)
    inside = next(v for v in settled if v.stones & pos.bit(INSIDE))
    assert inside.status == "alive" and "territory marked" in inside.reason
    # A mark elsewhere says nothing about it (it becomes alive only because the count would remove it).
    marks = agreement_from_marks(pos, [], [(0, 6)])
    settled, _ = settle(pos, _verdicts(pos, "not_alive"), marks, AJR, 0.5)
    kept = next(v for v in settled if v.stones & pos.bit(INSIDE))
    assert kept.status == "alive" and "territory marked" not in kept.reason


def test_proofs_are_never_overruled():
    pos = parse_diagram(CORNER)
    verdicts = _verdicts(pos, "alive")
    wall = next(v for v in verdicts if v.color is Color.BLACK)
    # Marks that put Black's proven wall in White's territory: followed for nothing, and said so.
    marks = Agreement("marks", dead=wall.stones)
    settled, notes = settle(pos, verdicts, marks, AJR, 0.5)
    assert next(v for v in settled if v.stones == wall.stones) == wall
    assert len(notes) == 1 and "proven alive" in notes[0][0] and "proof is followed" in notes[0][0]
    assert notes[0][1] == wall.vertex
    # The same as a referee's decision is an error.
    with pytest.raises(AgreementError, match="proven alive"):
        settle(pos, verdicts, Agreement("referee", dead=wall.stones), AJR, 0.5)


def test_referee_decisions_name_stones():
    pos = parse_diagram(CORNER)
    filled = pos.play((6, 4), Color.BLACK)  # a fill stone at E7 joins Black's wall

    def no_fill():
        raise AssertionError("the fill is needed only for a vertex that is empty in the final position")

    decided = referee_decisions(7, dead="B6", alive="D7").resolve(pos, no_fill)
    assert decided.dead == pos.chain(INSIDE) and decided.alive == pos.chain((6, 3)) and decided.named == ()
    # A vertex of the board ``score`` prints: a fill stone names the final strings it joins.
    assert referee_decisions(7, alive="E7").resolve(pos, lambda: filled).alive == pos.chain((6, 3))
    with pytest.raises(AgreementError, match="no stone at A7"):
        referee_decisions(7, dead="A7").resolve(pos, lambda: filled)
    with pytest.raises(AgreementError, match="both --dead and --alive"):
        referee_decisions(7, dead="D7", alive="D6").resolve(pos, no_fill)
    with pytest.raises(AgreementError, match="off the 7x7 board"):
        referee_decisions(7, alive="Z9")


def test_real_game_marks_give_the_players_count():
    plain = score_file(UNFINISHED)
    agreed = score_file(UNFINISHED, agreed=True)
    assert plain.result != "B+3.5"  # the analysis alone misjudges the unfinished left side
    assert agreed.result == plain.replay.record.result_text.replace(".50", ".5")
    assert agreed.unsettled == [] and len(agreed.agreed) > 0
    # Every settled string is dead exactly when its stones lie on the opponent's marks.
    final = agreed.replay.final
    tb, tw = read_territory_marks(UNFINISHED)
    marked = agreement_from_marks(final, tb, tw).dead
    for v in agreed.agreed:
        old = v.stones & (final.black | final.white)
        if old:
            assert (v.status == "not_alive") == bool(old & marked), v.vertex


def test_real_game_marks_against_a_proof():
    ruling = score_file(MARKS_VS_PROOF, agreed=True)
    s5 = [v for v in ruling.verdicts if v.vertex == "S5"]
    assert len(s5) == 1 and s5[0].provenance == "static" and s5[0].status == "not_alive"
    assert ruling.fate(s5[0]) is Fate.DEAD
    notes = [r for r in ruling.reasons if "proof is followed" in r.text]
    assert len(notes) == 1 and notes[0].vertices == ("S5",) and ruling.conflicts == ["S5"]


def test_real_seki_kept_by_the_marks():
    ruling = score_file(SEKI, agreed=True)
    assert ruling.result == "W+5.5"
    assert any(ruling.fate(v) is Fate.SEKI for v in ruling.verdicts)


def test_cli_agreed_and_decisions():
    result = runner.invoke(app, ["score", str(UNFINISHED), "--agreed", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["settled_by"] == "marks" and data["agreed"] > 0 and data["result"] == "B+3.5"
    assert {s["method"] for s in data["strings"] if s["provenance"] == "assumed"} <= {"agreed", "fill"}
    text = runner.invoke(app, ["score", str(UNFINISHED), "--agreed"]).stdout
    assert "Settled by agreement" in text and "[assumed, agreed]" in text
    # A referee's decision on one assumed string.
    # A referee's decision on one assumed string, named by the vertex the plain ``score`` prints
    # (here a stone of the proposed fill: the decision names the final strings it joins).
    ruling = score_file(UNFINISHED)
    plain = ruling_to_dict(ruling)
    target = next(s for s in plain["strings"] if s["provenance"] == "assumed" and s["status"] == "alive")
    final = ruling.replay.final
    old_stones = {s for s in target["stones"] if final.color_at(point_from_vertex(s, 19)) is not None}
    assert old_stones
    result = runner.invoke(app, ["score", str(UNFINISHED), "--dead", target["vertex"], "--json"])
    assert result.exit_code == 0, result.output
    decided = [s for s in json.loads(result.stdout)["strings"] if s["method"] == "referee"]
    assert decided and all(s["status"] == "not_alive" for s in decided)
    assert old_stones <= {v for s in decided for v in s["stones"]}


@pytest.mark.parametrize(
    "args, fragment",
    [
        ([str(NO_MARKS), "--agreed"], "no territory marks"),
        ([str(UNFINISHED), "--agreed", "--dead", "G5"], "not both"),
        ([str(UNFINISHED), "--dead", "A19"], "no stone at A19"),
        ([str(UNFINISHED), "--alive", "Z1"], "off the 19x19 board"),
        ([str(MARKS_VS_PROOF), "--dead", "S4"], "proven alive"),
    ],
)
def test_cli_bad_decisions(args, fragment):
    result = runner.invoke(app, ["score", *args])
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0]


def test_batch_agreed_lines_and_resume_guard(tmp_path):
    from adjudicator.batch import render_summary, run_batch, score_source, collect_sources

    folder = tmp_path / "games"
    folder.mkdir()
    for f in (MARKS_VS_PROOF, NO_MARKS):
        (folder / f.name).write_bytes(f.read_bytes())
    # A zip member is read from memory: its marks too.
    import zipfile

    with zipfile.ZipFile(tmp_path / "archive.zip", "w") as z:
        z.writestr("seki.sgf", SEKI.read_bytes())
    (member,) = collect_sources([tmp_path / "archive.zip"])
    line = score_source(member, "japanese", agreed=True)
    assert line["status"] == "ok" and line["settled_by"] == "marks" and line["result"] == "W+5.5"
    out = tmp_path / "out.jsonl"
    report = run_batch([folder], out, jobs=1, agreed=True)
    lines = {Path(r["key"]).name: r for r in report.records}
    assert lines[MARKS_VS_PROOF.name]["marks_vs_proof"] == ["S5"]
    assert lines[MARKS_VS_PROOF.name]["settled_by"] == "marks" and lines[MARKS_VS_PROOF.name]["agreed"] > 0
    assert lines[NO_MARKS.name]["settled_by"] is None and lines[NO_MARKS.name]["agreed"] == 0
    assert "marks vs proof" in render_summary(report)
    # Without --agreed the same lines have none of these fields, and the two kinds never mix in one file.
    plain = score_source(collect_sources([folder / NO_MARKS.name])[0], "japanese")
    assert "settled_by" not in plain and "marks_vs_proof" not in plain
    with pytest.raises(AdjudicatorError, match="with --agreed"):
        run_batch([folder], out, jobs=1)


def test_diagram_badges_only_what_is_left_to_the_heuristic(tmp_path):
    plain, agreed = tmp_path / "plain.svg", tmp_path / "agreed.svg"
    assert runner.invoke(app, ["diagram", str(UNFINISHED), "-o", str(plain)]).exit_code == 0
    result = runner.invoke(app, ["diagram", str(UNFINISHED), "--agreed", "-o", str(agreed)])
    assert result.exit_code == 0 and "B+3.5" in result.stdout
    assert plain.read_text().count('class="assumed-mark"') > 0
    text = agreed.read_text()
    assert text.count('class="assumed-mark"') == 0 and "settled by" in text


ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize(
    "record, rules",
    [
        (ROOT / "examples" / "kgs-japanese.sgf", "japanese"),
        (UNFINISHED, "japanese"),
        (DATA / "kgs-2002-handicap.sgf", "japanese"),
        (ROOT / "cases" / "hane-seki.sgf", "japanese"),
        (ROOT / "cases" / "seki-with-eyes.sgf", "j1989"),
        (ROOT / "cases" / "dead-stone-in-seki-eye.sgf", "j1989"),
    ],
    ids=lambda x: getattr(x, "stem", x),
)
def test_our_own_marks_read_back_give_our_ruling(tmp_path, record, rules):
    # score --sgf-out writes TB/TW (points under removed stones included); read back as the
    # players' agreement they must give the same count: the marks reader and the settle rules agree
    # with the count that wrote them.
    out = tmp_path / "marked.sgf"
    first = runner.invoke(app, ["score", str(record), "--rules", rules, "--sgf-out", str(out), "--json"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["score", str(out), "--rules", rules, "--agreed", "--json"])
    assert again.exit_code == 0, again.output
    a, b = json.loads(first.stdout), json.loads(again.stdout)
    assert (b["result"], b["dead"], b["seki"], b["territory"]) == (a["result"], a["dead"], a["seki"], a["territory"])
    assert b["settled_by"] == "marks"


@pytest.mark.parametrize("case", ["bent-four-in-the-corner", "korean-indirect-ko", "torazu-sanmoku"])
def test_ko_threats_finding_gives_the_referee_decides_alternative(case):
    # Korean: the ruling reports both counts when a status depends on ko threats; the referee's
    # finding of who has more threats must give exactly the count reported for that condition.
    record = ROOT / "cases" / f"{case}.sgf"
    open_ruling = score_file(record, rules="korean")
    assert open_ruling.outcome.value == "referee-decides"
    by_condition = {a.condition.split()[0].lower(): a.result for a in open_ruling.alternatives}
    for letter, word in (("B", "black"), ("W", "white")):
        decided = score_file(record, rules="korean", ko_threats=letter)
        assert decided.decided_by_count and decided.result == by_condition[word]
        assert any("more ko threats (--ko-threats)" in r.text for r in decided.reasons)
        assert all(not v.alternatives for v in decided.verdicts if v.provenance == "search")


def test_ko_threats_needs_the_korean_preset():
    result = runner.invoke(app, ["score", str(ROOT / "cases" / "torazu-sanmoku.sgf"), "--ko-threats", "B"])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("error: --ko-threats applies to") and "japanese" in result.stderr
    result = runner.invoke(app, ["score", str(ROOT / "cases" / "torazu-sanmoku.sgf"), "-r", "korean",
                                 "--ko-threats", "X"])
    assert result.exit_code == 1 and "expected B or W" in result.stderr
