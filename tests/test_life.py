"""Per-string verdicts: provenance, reasons, budgets, rule-set methods, and the CLI commands."""

import json
import pathlib

import pytest
from typer.testing import CliRunner

from adjudicator.analysis.life import Budget, analyse_chain, analyse_position
from adjudicator.board import Color
from adjudicator.cli import app
from adjudicator.diagrams import parse_diagram
from adjudicator.errors import InvalidVertex
from adjudicator.rules import AJR, J1989, parse_ruleset

B, W = Color.BLACK, Color.WHITE

# White's wall has the eye pair F7/F5; Black's corner has a straight three.
STRAIGHT_THREE = """
    . . . x o . o
    x x x x o o o
    o o o o o . o
    o o o o o o o
    . . . . . . .
    . . . . . . .
    . . . . . . .
"""


def verdict_at(verdicts, pos, point):
    stones = pos.chain(point)
    [v] = [v for v in verdicts if v.stones == stones]
    return v


def test_straight_three_in_the_corner_is_refuted_by_search():
    pos = parse_diagram(STRAIGHT_THREE)
    verdicts = analyse_position(pos, AJR)
    white = verdict_at(verdicts, pos, (5, 4))
    assert (white.status, white.provenance, white.method) == ("alive", "static", "eye-pair")
    black = verdict_at(verdicts, pos, (5, 0))
    assert (black.status, black.provenance) == ("not_alive", "search")
    assert black.sequence and black.sequence[0] == (6, 1)  # White's refutation: the vital point B7
    assert black.nodes > 0
    assert "not independently alive" in black.reason


def test_straight_four_lives_by_region_safety():
    # The region of four points answers every white move (analysis/safety.py);
    # before that layer existed the local search proved it (tests/test_search.py
    # still checks the search on the same shape).
    pos = parse_diagram(
        """
        . . . . x o . o
        x x x x x o o o
        o o o o o o . o
        o o o o o o o o
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        """
    )
    black = analyse_chain(pos, (6, 0), AJR)
    assert (black.status, black.provenance, black.method) == ("alive", "static", "safe-regions")


def test_an_exhausted_budget_is_assumed_never_proven():
    pos = parse_diagram(STRAIGHT_THREE)
    black = analyse_chain(pos, (5, 0), AJR, Budget(nodes=2, seconds=1.0))
    assert black.provenance == "assumed"
    assert "budget" in black.reason and "referee" in black.reason


def test_large_zones_are_assumed_with_the_heuristic_named():
    pos = parse_diagram(
        """
        . . . . . . .
        . . x x x . .
        . . x . x . .
        . . x x x . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        """
    )
    [v] = analyse_position(pos, AJR)
    assert v.provenance == "assumed" and "Heuristic" in v.reason


def test_j1989_confirmation_captures_the_straight_three():
    # Art. 7-1: White, moving first in the confirmation, plays the vital point
    # and captures the black string; Benson's life stays a static proof.
    pos = parse_diagram(STRAIGHT_THREE)
    verdicts = analyse_position(pos, J1989)
    white = verdict_at(verdicts, pos, (5, 4))
    assert (white.status, white.provenance, white.method) == ("alive", "static", "benson")
    black = verdict_at(verdicts, pos, (5, 0))
    assert (black.status, black.provenance) == ("not_alive", "search")
    assert black.sequence and black.sequence[0] == (6, 1)  # B7, the middle of the three


# Black's wall has one region, A9-E9, holding the white stone C9: not pass-alive (Benson needs two
# regions), but Black can answer every white move there and end with two eyes, capturing C9.
ONE_REGION_WITH_INVADER = """
    . . o . . x o . o
    x x x x x x o o o
    o o o o o o o . o
    o o o o o o o o o
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
"""


@pytest.mark.parametrize("rules", [J1989, parse_ruleset("korean")], ids=["j1989", "korean"])
def test_capture_goals_use_the_region_safety_proofs(rules):
    # A group safe under alternating play is never captured while its owner answers, and the
    # opponent's stones in its regions are all captured: J1989 Art. 7-1 alive / dead, statically.
    pos = parse_diagram(ONE_REGION_WITH_INVADER)
    verdicts = analyse_position(pos, rules)
    black = verdict_at(verdicts, pos, (7, 0))
    assert (black.status, black.provenance, black.method) == ("alive", "static", "safe-regions")
    assert "Art. 7-1" in black.reason and "never captured" in black.reason
    invader = verdict_at(verdicts, pos, (8, 2))
    assert (invader.status, invader.provenance, invader.method) == ("not_alive", "static", "safe-regions")
    assert invader.reason.startswith("Dead (static)")
    white_wall = verdict_at(verdicts, pos, (7, 6))
    assert (white_wall.provenance, white_wall.method) == ("static", "benson")


def test_empty_vertex_is_an_error():
    pos = parse_diagram(STRAIGHT_THREE)
    with pytest.raises(InvalidVertex, match="no stone at A7"):
        analyse_chain(pos, (6, 0), AJR)


def test_verdict_json_fields():
    pos = parse_diagram(STRAIGHT_THREE)
    v = analyse_chain(pos, (5, 0), AJR)
    d = v.to_dict()
    assert set(d) >= {"vertex", "color", "stones", "status", "provenance", "reason", "sequence", "nodes", "seconds"}
    assert d["vertex"] == "A6" and d["color"] == "black" and d["sequence"][0] == "B7"
    assert "pass" in d["sequence"]


EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "kgs-japanese.sgf"


def test_cli_life_json_on_a_real_game():
    result = CliRunner().invoke(app, ["life", str(EXAMPLE), "E4", "--json"])
    assert result.exit_code == 0, result.output
    d = json.loads(result.output)
    assert d["vertex"] == "E4" and d["color"] == "black" and d["provenance"] in ("static", "search", "assumed")


def test_cli_analyse_lists_every_string():
    result = CliRunner().invoke(app, ["analyse", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    d = json.loads(result.output)
    assert d["rules"]["name"] == "japanese"
    assert len(d["strings"]) == 41  # chains of the final position (one per string)
    assert sum(d["provenance"].values()) == 41


@pytest.mark.parametrize(
    "args, message",
    [
        (["life", "EXAMPLE", "Z9"], "off the 19x19 board"),
        (["life", "EXAMPLE", "D"], "malformed vertex"),
        (["life", "EXAMPLE", "A1"], "no stone at A1"),
        (["life", "EXAMPLE", "E4", "--budget", "0"], "budget"),
        (["analyse", "missing.sgf"], "missing.sgf"),
    ],
)
def test_cli_bad_input_is_one_line(args, message):
    args = [str(EXAMPLE) if a == "EXAMPLE" else a for a in args]
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (1, 2)
    assert message in result.output
    assert "Traceback" not in result.output
