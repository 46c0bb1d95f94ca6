"""``adjudicator score``: saved output of a real game, the annotated SGF, rule sets, bad input."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from sgfmill import sgf
from typer.testing import CliRunner

from adjudicator.cli import app
from adjudicator.report import ruling_to_dict, score_file, sgf_annotation
from adjudicator.sgfio import read_territory_marks

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
EXAMPLE = ROOT / "examples" / "kgs-japanese.sgf"
LONG_CYCLE = DATA / "kgs-2017-long-cycle.sgf"
# Seconds far above what the example needs: a search cut by the clock would make the output
# depend on the machine's speed; with this limit only the node budget can cut it.
STABLE = ["--seconds", "600"]

runner = CliRunner()

# Two living walls with five dame between them (rules-sources.md T12), as a whole 5x5 game.
WALLS_SGF = (
    b"(;GM[1]FF[4]SZ[5]KM[0.5]RU[Japanese]RE[B+0.5]"
    b"AB[ba][ab][bb][bc][ad][bd][be]AW[da][db][eb][dc][dd][ed][de]"
    b";B[];W[])"
)


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def strip_timing(value):
    """The JSON without wall-clock fields (they differ between runs)."""
    if isinstance(value, dict):
        return {k: strip_timing(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [strip_timing(v) for v in value]
    return value


def assert_clean_error(result, *fragments):
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]


@pytest.fixture
def walls(tmp_path):
    path = tmp_path / "walls.sgf"
    path.write_bytes(WALLS_SGF)
    return path


# -- saved output of one real game ------------------------------------------------------


def test_score_text_of_a_real_game_matches_the_saved_output(golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("score", "examples/kgs-japanese.sgf", *STABLE)
    assert result.exit_code == 0, result.output
    golden("score-kgs-japanese", result.stdout)


def test_score_json_of_a_real_game_matches_the_saved_output(golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("score", "examples/kgs-japanese.sgf", "--json", *STABLE)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    golden("score-kgs-japanese-json", json.dumps(strip_timing(data), indent=2) + "\n")


def test_score_json_is_consistent_with_itself():
    data = ruling_to_dict(score_file(EXAMPLE))
    strings = data["strings"]
    # Assumed strings come first, and "assumed" counts them.
    provenances = [s["provenance"] for s in strings]
    assert data["assumed"] == provenances.count("assumed")
    assert provenances == sorted(provenances, key=lambda p: p != "assumed")
    # Fates and the lists agree.
    dead = {v for s in strings if s["fate"] == "dead" for v in s["stones"]}
    seki = {v for s in strings if s["fate"] == "seki" for v in s["stones"]}
    assert set(data["dead"]) == dead and set(data["seki"]) == seki
    # Territory includes the points under dead stones, and the count adds up.
    black, white = data["count"]["black"], data["count"]["white"]
    assert black["territory"] == len(data["territory"]["black"])
    assert white["territory"] == len(data["territory"]["white"])
    assert black["removed"] + white["removed"] == len(dead)
    assert data["score"] == black["total"] - white["total"]
    assert data["prisoners"] == {"black": black["captured"] + black["removed"],
                                 "white": white["captured"] + white["removed"]}
    assert data["result"] in ("0", f"B+{data['score']:g}", f"W+{-data['score']:g}")


# -- small whole boards -------------------------------------------------------------------


def test_walls_fill_the_dame_and_count_the_eyes(walls):
    result = run("score", walls, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(m["color"], m["vertex"], m["kind"]) for m in data["filled"]] == [
        ("black", "C1", "dame"), ("white", "C2", "dame"), ("black", "C3", "dame"),
        ("white", "C4", "dame"), ("black", "C5", "dame")]
    assert data["territory"] == {"black": ["A1", "A3", "A5"], "white": ["E1", "E3", "E5"]}
    assert data["result"] == "W+0.5" and data["score"] == -0.5 and data["assumed"] == 0


def test_j1989_without_fill_puts_groups_next_to_dame_in_seki(walls):
    filled = json.loads(run("score", walls, "--rules", "j1989", "--json").stdout)
    unfilled = json.loads(run("score", walls, "--rules", "j1989", "--no-fill", "--json").stdout)
    assert filled["result"] == "W+0.5"
    assert unfilled["filled"] == [] and unfilled["fill"] == "none"
    assert unfilled["territory"] == {"black": [], "white": []}
    assert len(unfilled["seki"]) == 14
    assert any("J1989 Art. 8" in (r["article"] or "") for r in unfilled["reasons"])


def test_given_fill_and_komi_option(walls):
    result = run("score", walls, "--fill", "W:C3, B:C2", "--komi", "-2", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["fill"] == "given"
    assert [(m["color"], m["vertex"], m["kind"]) for m in data["filled"]] == [
        ("white", "C3", "given"), ("black", "C2", "given")]
    assert data["komi"] == -2 and data["komi_source"] == "option"
    assert data["result"] == "B+2"


def test_text_output_lists_the_fill_and_the_count(walls):
    result = run("score", walls)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Result: W+0.5 (White wins by 0.5 points)" in out
    assert "Fill (proposed; refuse with --no-fill; as --fill: B:C1,W:C2,B:C3,W:C4,B:C5):" in out
    assert "total                3     3.5" in out


# -- long cycle ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, result, words",
    [("japanese", "0", "Tie: a long cycle ended the game"),
     ("j1989", "Void", "No result if the players agree")],
)
def test_long_cycle_outcomes(rules, result, words):
    data = ruling_to_dict(score_file(LONG_CYCLE, rules=rules))
    assert data["result"] == result
    assert data["summary"].startswith(words)
    assert data["decided_by_count"] is False


# -- the annotated SGF -----------------------------------------------------------------------


def test_sgf_out_writes_an_annotated_copy_and_leaves_the_input_alone(walls, tmp_path):
    before = digest(walls)
    out = tmp_path / "out" / "walls-ruled.sgf"
    out.parent.mkdir()
    result = run("score", walls, "--sgf-out", out)
    assert result.exit_code == 0, result.output
    assert digest(walls) == before
    assert [p.name for p in out.parent.iterdir()] == ["walls-ruled.sgf"]  # no temporary file left
    tb, tw = read_territory_marks(out)
    assert sorted(tb) == [(0, 0), (2, 0), (4, 0)] and sorted(tw) == [(0, 4), (2, 4), (4, 4)]
    game = sgf.Sgf_game.from_bytes(out.read_bytes())
    last = game.get_last_node()
    assert "adjudicator japanese: W+0.5" in last.get("C")
    assert game.get_root().get("RE") == "B+0.5"  # the record's own result is kept


def test_sgf_out_marks_dead_stones_and_seki(tmp_path):
    # A real game: MA on the dead stones, CR on the seki stones, as the JSON says.
    out = tmp_path / "ruled.sgf"
    result = run("score", EXAMPLE, "--sgf-out", out, "--json", *STABLE)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    last = sgf.Sgf_game.from_bytes(out.read_bytes()).get_last_node()
    from adjudicator.coords import vertex_from_point

    marked = sorted(vertex_from_point(p) for p in last.get("MA")) if last.has_property("MA") else []
    circled = sorted(vertex_from_point(p) for p in last.get("CR")) if last.has_property("CR") else []
    assert marked == sorted(data["dead"]) and circled == sorted(data["seki"])


def test_sgf_out_never_overwrites_the_input(walls):
    before = digest(walls)
    assert_clean_error(run("score", walls, "--sgf-out", walls), "refusing to overwrite the input")
    assert_clean_error(run("score", walls, "--sgf-out", walls.parent / "." / walls.name), "refusing")
    assert digest(walls) == before


def test_sgf_out_into_a_missing_folder_is_an_error(walls, tmp_path):
    assert_clean_error(run("score", walls, "--sgf-out", tmp_path / "nope" / "x.sgf"), "does not exist")


@pytest.mark.parametrize("target", ["{tmp}/nope/x.sgf", "{sgf}", "{tmp}"], ids=["missing-folder", "input", "folder"])
def test_a_bad_sgf_out_is_refused_before_the_ruling(walls, tmp_path, monkeypatch, target):
    # The ruling of a big record takes many seconds (37 s for a busy 25x25 board): a --sgf-out that
    # cannot be written was only reported after it, as 'diagram -o' never did.
    from adjudicator import cli

    def no_ruling(*args, **kwargs):
        raise AssertionError("the record was ruled on before --sgf-out was checked")

    monkeypatch.setattr(cli, "score_file", no_ruling)
    result = run("score", walls, "--sgf-out", target.format(tmp=tmp_path, sgf=walls))
    assert_clean_error(result)


@pytest.mark.parametrize("command", [["score", "{sgf}", "--sgf-out"], ["diagram", "{sgf}", "-o"]], ids=["sgf-out", "diagram"])
def test_output_names_the_os_refuses_or_that_name_a_folder_are_bad_input(walls, tmp_path, command):
    argv = [a.format(sgf=walls) for a in command]
    # ENAMETOOLONG from the existence checks was an internal error (exit 3).
    assert_clean_error(run(*argv, tmp_path / ("x" * 300)), "cannot write", "File name too long")
    # 'new/' names a folder: the output went to a file called 'new'.
    assert_clean_error(run(*argv, f"{tmp_path / 'new'}/"), "not a file name")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["walls.sgf"]


@pytest.mark.parametrize("command", [["score", "{sgf}", "--sgf-out"], ["diagram", "{sgf}", "-o"]], ids=["sgf-out", "diagram"])
def test_output_to_a_pipe_or_device_is_written_into_it_not_replaced(walls, tmp_path, command):
    # A rename over /dev/null, /dev/stdout or a FIFO replaced the node itself with a regular file
    # (as root even /dev/null); such an output has nothing to keep atomically: it is written to.
    import os
    import stat

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so that the writer does not block
    try:
        result = run(*[a.format(sgf=walls) for a in command], fifo)
        assert result.exit_code == 0, result.output
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)
        assert os.read(reader, 1 << 16).strip()
    finally:
        os.close(reader)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe", "walls.sgf"]


@pytest.mark.parametrize("command", [["score", "{sgf}", "--sgf-out"], ["diagram", "{sgf}", "-o"]], ids=["sgf-out", "diagram"])
def test_output_through_a_symbolic_link_replaces_the_file_it_names(walls, tmp_path, command):
    (tmp_path / "runs").mkdir()
    target = tmp_path / "runs" / "3.out"
    target.write_text("old")
    link = tmp_path / "latest.out"
    link.symlink_to(target)
    result = run(*[a.format(sgf=walls) for a in command], link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and target.read_text() != "old"
    assert sorted(p.name for p in (tmp_path / "runs").iterdir()) == ["3.out"]


# -- bad input ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra, fragment",
    [
        (["--fill", "B:C3,Q"], "fill entry 2"),
        (["--fill", "B:B1"], "fill move 1: black B1: the point is occupied"),
        (["--fill", "B:C1", "--no-fill"], "either --fill or --no-fill"),
        (["--komi", "nan"], "komi nan"),
        (["--rules", "chinese"], "unknown rule set"),
    ],
)
def test_bad_options_give_one_error_line(walls, extra, fragment):
    assert_clean_error(run("score", walls, *extra), fragment)


@pytest.mark.parametrize("komi", ["6_5", "\u0666.5", "abc"])
def test_a_komi_that_is_not_a_decimal_number_is_a_usage_error(walls, komi):
    # float() reads '6_5' as 65 and '\u0666.5' (an Arabic-Indic 6) as 6.5; 'abc' was always refused.
    result = run("score", walls, "--komi", komi)
    assert result.exit_code == 2, result.output
    assert "is not a number" in " ".join(result.output.split()) and "Traceback" not in result.output


def test_bad_files_give_one_error_line(tmp_path):
    assert_clean_error(run("score", tmp_path / "missing.sgf"), "no such file")
    junk = tmp_path / "junk.sgf"
    junk.write_bytes(b"this is not sgf")
    assert_clean_error(run("score", junk), "not an SGF file")


def test_fox_komi_is_read_as_points_and_an_unknown_one_needs_the_option(tmp_path):
    # The walls game as Fox writes it: KM[375] is 7.5 points (sgfio._FOX_KOMI), not 375.
    fox = tmp_path / "fox.sgf"
    fox.write_bytes(WALLS_SGF.replace(b"KM[0.5]", b"KM[375]AP[foxwq]"))
    result = run("score", fox)
    assert result.exit_code == 0, result.output
    assert "komi 7.5 (from the record: Fox's KM[375] read as 7.5)" in result.stdout
    assert json.loads(run("score", fox, "--json").stdout)["komi"] == 7.5
    odd = tmp_path / "odd.sgf"
    odd.write_bytes(WALLS_SGF.replace(b"KM[0.5]", b"KM[123]AP[foxwq]"))
    assert_clean_error(run("score", odd), "KM[123]", "--komi")
    given = run("score", odd, "--komi", "0.5", "--json")
    assert given.exit_code == 0 and json.loads(given.stdout)["komi"] == 0.5
    assert run("analyse", odd).exit_code == 0  # the life analysis needs no komi


@pytest.mark.parametrize("ru, warned", [(b"Chinese", True), (b"AGA", True), (b"New Zealand", True),
                                        (b"Japanese", False), (b"Korean", False), (None, False)])
def test_an_area_scoring_ru_is_pointed_out(tmp_path, ru, warned):
    path = tmp_path / "game.sgf"
    data = WALLS_SGF.replace(b"RU[Japanese]", b"" if ru is None else b"RU[" + ru + b"]")
    path.write_bytes(data)
    texts = [r["text"] for r in json.loads(run("score", path, "--json").stdout)["reasons"]]
    hits = [t for t in texts if "count area" in t]
    assert len(hits) == (1 if warned else 0)
    if warned:
        assert f"RU[{ru.decode()}]" in hits[0] and "applies japanese" in hits[0]


def test_a_guess_of_life_the_fill_finds_in_a_capturing_race_is_marked_doubtful():
    # KGS2003/2003-12-04-18: Black's 30 stones P7... have only the liberties K11 and N13, both shared
    # with White's 12 stones J10... (which have two more); the playouts guess them alive.  The fill
    # leaves K11 and N13 open (White's fill there would be a capturing race, not a fill), so the
    # text and JSON name the doubt next to the guess.
    path = DATA / "kgs-2003-race-doubt.sgf"
    ruling = score_file(path)
    result = run("score", str(path), *STABLE)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    line = next(ln for ln in lines if ln.startswith("  black P7 (30 stones)"))
    # The race is read three moves ahead: White's fill at K11 leaves Black no reply, White takes at
    # N13; that guess comes first in its part of the Check-first list.
    assert "alive [assumed" in line and "doubt: white can fill the dame at K11 and then capture it at N13" in line
    assert "the race is lost" in line
    part = lines.index("Not decisive alone (33):")
    assert lines[part + 1] == line
    strings = {s["vertex"]: s for s in ruling_to_dict(ruling)["strings"]}
    assert strings["P7"]["doubt"].startswith("white can fill the dame at K11")
    # Only that string: no other verdict carries a doubt, and a game without such a dame has none.
    assert [v for v, s in strings.items() if "doubt" in s] == ["P7"]
    comment = sgf_annotation(ruling)["comment"]
    assert "Doubt: P7 (black, guessed alive): white can fill the dame at K11" in comment
    other = ruling_to_dict(score_file(DATA / "kgs-2017-even.sgf"))
    assert not any("doubt" in s for s in other["strings"])


@pytest.mark.parametrize("case, rules", [
    ("bent-four-outside-liberty", "j1989"),  # "Dame left after the fill: A1, C1, E2, A3" follows
    ("seki-shared-liberties", "j1989"),      # "Dame D8 left open: ..." follows
])
def test_an_empty_fill_does_not_say_there_is_no_dame_when_the_reasons_name_open_dame(case, rules):
    """A referee read "No dame to fill." and, on the next lines, the dame left open: the empty fill's
    reason must say that dame next to stones that are not alive, or refused ones, are left open."""
    result = run("score", ROOT / "cases" / f"{case}.sgf", "--rules", rules)
    assert result.exit_code == 0, result.output
    reasons = result.stdout.split("Reasons:", 1)[1]
    assert "Dame" in reasons and "left" in reasons
    assert "No dame to fill." not in reasons


def test_the_playout_share_of_an_assumed_verdict_says_what_it_measures():
    """'not alive [assumed, heuristic 97% of playouts]' (a seki guess in cases/hane-seki) read as
    97 % for "not alive"; the share is how often the string survived the playouts, and says so."""
    result = run("score", ROOT / "cases" / "hane-seki.sgf")
    assert result.exit_code == 0, result.output
    seki_lines = [line for line in result.stdout.splitlines() if "-> stays without territory (seki)" in line]
    assert seki_lines
    for line in seki_lines:
        assert re.search(r"not alive \[assumed, heuristic: survives in \d+% of playouts\]", line), line


def test_a_fill_of_one_move_is_one_move():
    """'Proposed fill of 1 moves' (tests/data/kgs-2017-seki.sgf, whose fill is black O9 alone)."""
    result = run("score", DATA / "kgs-2017-seki.sgf", *STABLE)
    assert result.exit_code == 0, result.output
    assert "as --fill: B:O9)" in result.stdout
    assert "Proposed fill of 1 move (1 dame, 0 teire)" in result.stdout


@pytest.mark.parametrize("case, rules, condition", [
    ("bent-four-in-the-corner", "korean", "Black has more ko threats"),  # the table says B+24.5
    ("bent-four-outside-liberty", "j1989", "White moves first"),          # the stop: W+0.5
])
def test_a_count_that_does_not_decide_says_which_alternative_it_is(case, rules, condition):
    """Result '?' (or Void) above a count table of 25 to 0.5 left a referee to guess that the table
    is one of the alternatives; the line above the table names it."""
    result = run("score", ROOT / "cases" / f"{case}.sgf", "--rules", rules)
    assert result.exit_code == 0, result.output
    before_count = result.stdout.split("\nCount ", 1)[0].splitlines()
    assert condition in before_count[-1] and "does not decide" in before_count[-1], before_count[-1]


def test_a_teire_line_names_its_kind_once():
    """'2. black A13 teire: teire: after white filled ...': the fill reason already starts with its kind."""
    result = run("score", DATA / "kgs-2006-shortage-teire.sgf", *STABLE)
    assert result.exit_code == 0, result.output
    assert "2. black A13 teire: after white filled the dame at A15" in result.stdout
    assert "teire: teire:" not in result.stdout


def test_the_assumed_verdicts_reason_cites_the_rule_set_in_use():
    """Under j1989 the reason ended '(AJR: the players may abbreviate ...). [AJR, Independent Life]'."""
    j1989 = run("score", ROOT / "cases" / "hane-seki.sgf", "--rules", "j1989")
    assert j1989.exit_code == 0, j1989.output
    line = next(x for x in j1989.stdout.splitlines() if "have assumed verdicts" in x)
    assert "AJR" not in line and line.endswith("[J1989 Art. 9-2]"), line
    assert "Dame left after the fill: A4; live stones touching it, and" in j1989.stdout  # one dame: not "them"
    ajr = run("score", ROOT / "cases" / "hane-seki.sgf")
    line = next(x for x in ajr.stdout.splitlines() if "have assumed verdicts" in x)
    assert line.endswith("[AJR, Independent Life]"), line


def test_an_empty_fill_with_refusals_does_not_say_nothing_to_fill():
    """'Fill: nothing to fill.' then '  left open: A4 (...)' (cases/hane-seki --rules j1989)."""
    result = run("score", ROOT / "cases" / "hane-seki.sgf", "--rules", "j1989")
    assert result.exit_code == 0, result.output
    assert "Fill: nothing to fill." not in result.stdout
    assert "Fill: no move; every dame found is left open:\n  left open: A4 (" in result.stdout


def test_the_sgf_out_count_of_a_ruling_the_count_does_not_decide_says_which_case_it_is(tmp_path):
    """The comment's 'Black 17 + 8 = 25; White 0 + 0 + 0.5 = 0.5' under 'Referee decides' named no case."""
    out = tmp_path / "out.sgf"
    result = run("score", ROOT / "cases" / "bent-four-in-the-corner.sgf", "--rules", "korean", "--sgf-out", out)
    assert result.exit_code == 0, result.output
    comment = sgf.Sgf_game.from_bytes(out.read_bytes()).get_main_sequence()[-1].get("C")
    assert ("Black 17 + 8 = 25; White 0 + 0 + 0.5 = 0.5 (the case 'Black has more ko threats'; "
            "this count does not decide the game)") in comment, comment
