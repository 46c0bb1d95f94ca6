"""Resumption: records with plays after a stop (``score``) and ``adjudicator resume``.

AJR 2008, "Resumption": "The alternation is resumed as if its last two passes had not occurred
and the position and the numbers of prisoners are restored to the state of that moment."
J1989 Art. 9-3: "If a player requests resumption of a stopped game, his opponent must oblige and
has the right to play first." (sources/japanese-rules-ajr-and-1989.txt)
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from adjudicator.board import Color
from adjudicator.cli import app
from adjudicator.errors import AdjudicatorError, IllegalMove
from adjudicator.report import resume_file, score_file

runner = CliRunner()

# 4x4: Black takes the ko at C2 (capturing B2), then both pass.
KO = b"(;GM[1]FF[4]SZ[4]KM[0.5]AB[bb][ac][bd]AW[cb][bc][dc][cd];B[cc];W[];B[])"
# The same, then White resumes at D4 and the game stops again.
RESUMED = b"(;GM[1]FF[4]SZ[4]KM[0.5]AB[bb][ac][bd]AW[cb][bc][dc][cd];B[cc];W[];B[];W[da];B[];W[])"
# White resumes by retaking the ko at once.
RETAKE = b"(;GM[1]FF[4]SZ[4]KM[0.5]AB[bb][ac][bd]AW[cb][bc][dc][cd];B[cc];W[];B[];W[bc];B[];W[])"
NOT_STOPPED = b"(;GM[1]FF[4]SZ[4]AB[bb];W[cc])"


@pytest.fixture
def sgf(tmp_path):
    def write(data: bytes, name: str = "g.sgf"):
        path = tmp_path / name
        path.write_bytes(data)
        return path
    return write


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.mark.parametrize("by", ["B", "W"])
def test_ajr_restores_the_state_before_the_passes_whoever_asks(sgf, by):
    result, resumed = resume_file(sgf(KO), by, rules="japanese")
    assert resumed.first is Color.WHITE  # White made the first of the two passes
    pos = resumed.position
    assert pos.to_play is Color.WHITE and pos.prisoners == (1, 0)
    assert (pos.ko_point, pos.ko_color) == ((1, 1), Color.WHITE)  # White may not retake at B2 at once
    assert (pos.black, pos.white) == (result.final.black, result.final.white)


@pytest.mark.parametrize("rules", ["j1989", "korean"])
def test_j1989_the_opponent_of_the_requester_moves_first(sgf, rules):
    for by, first in (("B", Color.WHITE), ("W", Color.BLACK), ("black", Color.WHITE)):
        _, resumed = resume_file(sgf(KO), by, rules=rules)
        assert resumed.first is first and resumed.position.to_play is first
        # the ko ban standing at the stop still binds the first mover (S31)
        assert resumed.position.ko_bit != 0 and resumed.position.ko_color is Color.WHITE
        assert resumed.article == "J1989 Art. 9-3"


def test_resume_cli_text_and_json(sgf):
    path = sgf(KO)
    text = run("resume", path, "--by", "B", "--rules", "j1989")
    assert text.exit_code == 0, text.output
    assert "white moves first" in text.stdout and "J1989 Art. 9-3" in text.stdout
    # under j1989 the reason read "(Korean rules: the same is assumed [inferred])", as if it were Korean
    assert "Korean rules: the same" not in text.stdout and "korean preset assumes the same" in text.stdout
    assert "Prisoners (captured by): black 1, white 0" in text.stdout
    data = json.loads(run("resume", path, "--by", "W", "--json").stdout)
    assert data["first"] == "white" and data["requested_by"] == "white"
    assert data["ko_ban"] == {"color": "white", "vertex": "B2"}
    assert data["stop"] == 3 and len(data["position"]) == 4


@pytest.mark.parametrize(
    "data,args,fragment",
    [
        (NOT_STOPPED, ["--by", "B"], "no stopped game to resume"),
        (KO, ["--by", "X"], "--by must be B or W"),
        (KO, ["--by", "B", "--rules", "chinese"], "unknown rule set"),
    ],
)
def test_resume_bad_input_is_one_clean_line(sgf, data, args, fragment):
    result = run("resume", sgf(data), *args)
    assert result.exit_code == 1 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0]


def test_library_raises_for_a_record_that_is_not_stopped(sgf):
    with pytest.raises(AdjudicatorError, match="no stopped game"):
        resume_file(sgf(NOT_STOPPED), "B")


@pytest.mark.parametrize("rules", ["japanese", "j1989", "korean"])
def test_score_counts_a_record_resumed_after_a_stop(sgf, rules):
    ruling = score_file(sgf(RESUMED), rules=rules)
    texts = [r.text for r in ruling.reasons]
    assert any("resumes the alternation after the stop at move 3" in t for t in texts)
    assert any("stopped with two successive passes at move 6" in t for t in texts)
    assert ruling.replay.stops == [3, 6]
    assert ruling.replay.final.prisoners == (1, 0)


def test_an_immediate_ko_retake_on_resumption_is_illegal_under_every_preset(sgf):
    # AJR: "as if its last two passes had not occurred"; J1989: the opponent
    # moves first but "still cannot retake the ko" (rules-sources.md 1.3.11, S31).
    for rules in ("japanese", "j1989", "korean"):
        with pytest.raises(IllegalMove, match="ko"):
            score_file(sgf(RETAKE), rules=rules)  # an illegal move is an error by default
        ruling = score_file(sgf(RETAKE), rules=rules, skip_illegal=True)
        assert [f.data.get("reason") for f in ruling.replay.illegal_moves()] == ["ko"], rules
        assert ruling.replay.final.prisoners == (1, 0), rules
