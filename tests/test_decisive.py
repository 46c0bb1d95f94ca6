"""Which assumed verdicts decide the result: the count with one status reversed (ruling.Ruling.flipped).

The two positions are the same straight three at the stop (cases/straight-three-*.sgf) with
different komi.  With no search budget the white string is assumed; dead it is worth 16 points
to Black, so with komi 6.5 reversing it changes the winner and with komi 0.5 it does not.
"""

import re
import json
from pathlib import Path

from typer.testing import CliRunner

from adjudicator.analysis.life import Budget
from adjudicator.cli import app
from adjudicator.report import check_first, render_ruling, ruling_to_dict, score_file

CASES = Path(__file__).resolve().parent.parent / "cases"
NO_SEARCH = Budget(nodes=1, total_nodes=1, max_zone_empty=0)


def _white_string(ruling):
    (v,) = [v for v in ruling.verdicts if v.color.word == "white"]
    return v


def test_a_string_whose_reversal_changes_the_winner_is_decisive():
    ruling = score_file(CASES / "straight-three-unsettled.sgf", budget=NO_SEARCH)
    v = _white_string(ruling)
    assert v.provenance == "assumed"
    # Unsettled (whoever plays B9 first decides it), so the playouts keep it about half of the time
    # and the guess may go either way: alive, W+2.5; dead, 5 prisoners, its 5 points and its 3 eye
    # points become Black's and White loses those 3 (16 points), B+13.5.
    counts = {"alive": ("W+2.5", -2.5), "not_alive": ("B+13.5", 13.5)}
    other = "not_alive" if v.status == "alive" else "alive"
    assert ruling.result == counts[v.status][0]
    assert ruling.flipped[v.stones] == counts[other][1]
    assert ruling.decisive(v)
    assert ruling.decisive_assumed == [v]
    data = ruling_to_dict(ruling)
    assert data["decisive"] == 1
    (entry,) = [s for s in data["strings"] if s["vertex"] == v.vertex]
    assert entry["if_reversed"] == {"status": other, "result": counts[other][0], "score": counts[other][1],
                                    "decisive": True}
    text = render_ruling(ruling)
    assert ("Decisive (1): the other verdict for any one of these alone changes the winner "
            "(closest calls of the playouts first):") in text
    words = {"alive": "alive", "not_alive": "not alive"}
    assert re.search(rf"white {v.vertex} \(5 stones\): {words[v.status]} \[assumed, heuristic: survives in \d+% of playouts\]", text)
    assert f"; if {words[other]}: {counts[other][0]}" in text


def test_a_string_whose_reversal_keeps_the_winner_is_not_decisive():
    ruling = score_file(CASES / "straight-three-not-decisive.sgf", budget=NO_SEARCH)
    v = _white_string(ruling)
    assert v.provenance == "assumed"
    # the same unsettled group with komi 0.5: alive B+3.5, dead B+19.5 (the guess may go either way)
    counts = {"alive": ("B+3.5", 3.5), "not_alive": ("B+19.5", 19.5)}
    other = "not_alive" if v.status == "alive" else "alive"
    assert ruling.result == counts[v.status][0]
    assert ruling.flipped[v.stones] == counts[other][1]
    assert not ruling.decisive(v)
    assert ruling_to_dict(ruling)["decisive"] == 0
    assert "None is decisive: no single one of them reversed changes the winner" in render_ruling(ruling)


def test_proven_verdicts_get_no_reversed_count():
    ruling = score_file(CASES / "straight-three-unsettled.sgf")
    assert all(v.provenance != "assumed" for v in ruling.verdicts)
    assert ruling.flipped == {}
    data = ruling_to_dict(ruling)
    assert data["decisive"] == 0
    assert all("if_reversed" not in s for s in data["strings"])


def test_json_of_the_cli_carries_the_reversed_count():
    result = CliRunner().invoke(app, ["score", str(CASES / "straight-three-unsettled.sgf"), "--budget", "1", "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 0
    assumed = [s for s in data["strings"] if s["provenance"] == "assumed"]
    assert assumed and all("if_reversed" in s for s in assumed)


def test_closest_calls_of_the_playouts_come_first():
    from adjudicator.analysis.life import _ALIVE_SHARE, Verdict
    from adjudicator.board import Color
    from adjudicator.report import _closest_calls_first

    def guess(share, stones):
        status = "alive" if share >= _ALIVE_SHARE else "not_alive"
        return Verdict(Color.BLACK, stones, 9, status, "assumed", "heuristic", "", share=share)

    sure, flip, lean, dead = guess(1.0, 1), guess(0.53, 2), guess(0.8, 4), guess(0.02, 8)
    proof = Verdict(Color.WHITE, 16, 9, "alive", "static", "eye-pair", "")
    assert flip.doubt > lean.doubt > dead.doubt and sure.doubt == 0.0 and proof.doubt == 0.0
    assert guess(_ALIVE_SHARE, 1).doubt == 1.0
    assert _closest_calls_first([sure, proof, dead, lean, flip]) == [flip, lean, dead, sure, proof]


def test_heuristic_verdicts_carry_their_playout_share_in_json():
    ruling = score_file(CASES / "straight-three-unsettled.sgf", budget=NO_SEARCH)
    data = ruling_to_dict(ruling)
    for entry in data["strings"]:
        if entry["method"] == "heuristic":
            assert 0.0 <= entry["playout_share"] <= 1.0
            assert (entry["status"] == "alive") == (entry["playout_share"] >= 0.55)
        else:
            assert "playout_share" not in entry
    assert any(e["method"] == "heuristic" for e in data["strings"])
