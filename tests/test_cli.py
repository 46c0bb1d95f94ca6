"""The ``adjudicator`` command line: replay and rules on real KGS records, exit codes, error lines, docs."""

from __future__ import annotations

import hashlib
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator import __version__, cli
from adjudicator.cli import app, main
from adjudicator.report import describe_presets, render_replay, replay_file, replay_to_dict
from adjudicator.rules import AJR, J1989

ROOT = Path(__file__).parent.parent
DATA = Path(__file__).parent / "data"
EXAMPLE = ROOT / "examples" / "kgs-japanese.sgf"
EVEN = DATA / "kgs-2017-even.sgf"
HANDICAP = DATA / "kgs-2002-handicap.sgf"
LONG_CYCLE = DATA / "kgs-2017-long-cycle.sgf"

runner = CliRunner()


def run(*args: str | Path):
    return runner.invoke(app, [str(a) for a in args])


def assert_clean_error(result, *fragments: str) -> str:
    """Exit 1, nothing on stdout, exactly one stderr line ``error: ...`` containing ``fragments``."""
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- replay ---------------------------------------------------------------------------


def test_replay_text_on_a_real_kgs_game():
    result = run("replay", EXAMPLE)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    out = result.stdout
    assert out.startswith(f"{EXAMPLE}: 19x19 board, komi 6.5 (from the record), no handicap\n")
    assert "rules: japanese; record: RU Japanese, RE W+0.50\n" in out
    assert "moves: 315, white to play\n" in out
    assert "phase: confirmation (stopped by two passes at move 315)\n" in out
    assert "prisoners: Black captured 22, White captured 18\n" in out
    assert "  move 315: two successive passes stop the alternation\n" in out
    # the diagram is the library's, GTP letters included
    final = replay_file(EXAMPLE).final
    assert str(final) in out
    assert "   A B C D E F G H J K L M N O P Q R S T" in out
    assert out == render_replay(replay_file(EXAMPLE, rules="japanese")) + "\n"


def test_replay_json_on_a_real_kgs_game():
    result = run("replay", "--json", EXAMPLE)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["file"] == str(EXAMPLE)
    assert (data["size"], data["komi"], data["komi_source"], data["handicap"]) == (19, 6.5, "record", None)
    assert (data["record_rules"], data["record_result"]) == ("Japanese", "W+0.50")
    assert data["rules"] == AJR.to_dict()
    assert data["moves"] == 315
    assert data["prisoners"] == {"black": 22, "white": 18}
    assert (data["stopped"], data["phase"], data["stops"]) == (True, "confirmation", [315])
    assert data["long_cycle"] is None and data["illegal_moves"] == 0
    assert data["to_play"] == "w"
    assert len(data["final"]) == 19 and all(re.fullmatch(r"[XO.]{19}", row) for row in data["final"])
    assert data["final"][0] == "...OXXXO...OOX....."  # row 19, as in the text diagram
    assert data["findings"] == [
        {"kind": "stop", "move": 315, "message": "move 315: two successive passes stop the alternation"}
    ]
    assert data == replay_to_dict(replay_file(EXAMPLE))


def test_replay_json_on_a_handicap_game():
    data = json.loads(run("replay", "--json", HANDICAP).stdout)
    assert (data["handicap"], data["komi"], data["moves"], data["phase"]) == (4, 0.5, 277, "confirmation")
    assert data["prisoners"] == replay_to_dict(replay_file(HANDICAP))["prisoners"]


def test_replay_reports_a_long_cycle_according_to_the_rules():
    ajr = json.loads(run("replay", "--json", LONG_CYCLE).stdout)
    assert ajr["phase"] == "ended" and ajr["stopped"] is False
    assert ajr["long_cycle"]["move"] == 297 and ajr["long_cycle"]["outcome"] == "tie"
    j1989 = json.loads(run("replay", "--json", "--rules", "j1989", LONG_CYCLE).stdout)
    assert j1989["phase"] == "confirmation"
    assert j1989["long_cycle"]["outcome"] == "no-result-if-agreed"
    assert j1989["rules"] == J1989.to_dict()
    text = run("replay", LONG_CYCLE).stdout
    assert "phase: ended (long cycle at move 297)" in text
    assert "move 297: black A9 repeats an earlier position" in text


@pytest.mark.parametrize("rules, name", [("ajr", "japanese"), ("KOREAN", "korean"), ("j1989,long_cycle=tie", "j1989")])
def test_replay_rules_option(rules, name):
    data = json.loads(run("replay", "--json", "-r", rules, EVEN).stdout)
    assert data["rules"]["name"] == name


def test_rule_axis_override_reaches_the_json():
    data = json.loads(run("replay", "--json", "--rules", "j1989,long_cycle=tie", EVEN).stdout)
    assert data["rules"]["long_cycle"] == "tie"


def test_strict_accepts_a_legal_real_game():
    assert run("replay", "--strict", EVEN).exit_code == 0


def test_illegal_move_is_a_finding_and_with_strict_an_error(tmp_path):
    path = tmp_path / "illegal.sgf"
    path.write_bytes(b"(;SZ[9]KM[6.5];B[ee];W[ee];B[dd])")
    lenient = run("replay", "--json", path)
    assert lenient.exit_code == 0
    data = json.loads(lenient.stdout)
    assert data["illegal_moves"] == 1
    assert [f["kind"] for f in data["findings"]] == ["illegal-move"]
    assert data["findings"][0]["move"] == 2
    assert "move 2: white E5: point is occupied" in run("replay", path).stdout
    strict = run("replay", "--strict", path)
    line = assert_clean_error(strict, str(path), "move 2", "white E5", "occupied")
    assert line == f"error: {path}: move 2: white E5: point is occupied"


@pytest.mark.parametrize("command", [["score"], ["analyse"], ["life", "{path}", "E5"], ["diagram", "-o", "{out}"]])
def test_commands_that_rule_stop_at_an_illegal_move_unless_told_to_skip_it(tmp_path, command):
    # Skipping a move changes the position: the ruling would not be the game's (brief: an
    # illegal move is bad input), so it takes --skip-illegal, and then the skip is reported.
    path = tmp_path / "illegal.sgf"
    path.write_bytes(b"(;SZ[9]KM[6.5];B[ee];W[ee];B[dd];W[ff])")
    out = tmp_path / "out.svg"
    args = [a.format(path=path, out=out) for a in command]
    if "{path}" not in " ".join(command):
        args.append(str(path))
    line = assert_clean_error(run(*args), str(path), "move 2", "white E5", "occupied")
    assert line == f"error: {path}: move 2: white E5: point is occupied"
    assert not out.exists()
    skipped = run(*args, "--skip-illegal")
    assert skipped.exit_code == 0, skipped.output
    if command[0] == "score":
        assert "move 2: white E5: point is occupied (move ignored)" in skipped.stdout
        data = json.loads(run(*args, "--skip-illegal", "--json").stdout)
        assert any("move ignored" in r["text"] for r in data["reasons"])
    if command[0] == "diagram":
        assert out.exists()


def test_resume_stops_at_an_illegal_move(tmp_path):
    path = tmp_path / "illegal.sgf"
    path.write_bytes(b"(;SZ[9]KM[6.5];B[ee];W[ee];B[];W[])")
    assert_clean_error(run("resume", path, "--by", "B"), "move 2", "occupied")


def test_input_files_are_not_modified(tmp_path):
    before = {p: (digest(p), p.stat().st_mtime_ns) for p in (EXAMPLE, EVEN, HANDICAP, LONG_CYCLE)}
    for p in before:
        run("replay", p)
        run("replay", "--json", "--strict", p)
    assert before == {p: (digest(p), p.stat().st_mtime_ns) for p in before}


# -- bad input: exit 1, one line ------------------------------------------------------


BAD_FILES = {
    "empty": (b"", "empty file"),
    "binary": (bytes(range(256)), "not an SGF file"),
    "malformed": (b"(;SZ[19];B[dd];W[pp]", "malformed SGF (unexpected end of SGF data)"),
    "size-1": (b"(;SZ[1])", "board size 1 is not supported"),
    "size-26": (b"(;SZ[26])", "board size 26 is not supported"),
    "size-huge": (b"(;SZ[" + b"9" * 5000 + b"])", "is not supported"),
    "komi": (b"(;KM[abc])", "non-numeric komi 'abc'"),
    "b-and-w": (b"(;SZ[9];B[aa]W[bb])", "node 1: both B and W in one node"),
    "off-board": (b"(;SZ[9];B[jj])", "node 1: bad move B[jj]"),
    "no-liberty": (b"(;SZ[9]AB[aa]AW[ab][ba])", "root setup: the black chain at A9 has no liberty"),
}


@pytest.mark.parametrize("content, fragment", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_bad_files_give_one_error_line_and_exit_1(tmp_path, content, fragment):
    path = tmp_path / "game.sgf"
    path.write_bytes(content)
    for args in (["replay", path], ["replay", "--json", path], ["replay", "--strict", path]):
        line = assert_clean_error(run(*args), fragment)
        assert line.startswith(f"error: {path}: ")


def test_missing_file_and_directory(tmp_path):
    assert_clean_error(run("replay", tmp_path / "nope.sgf"), "nope.sgf: no such file")
    assert_clean_error(run("replay", tmp_path), "is a directory")


def test_unknown_rule_set_is_bad_input():
    line = assert_clean_error(run("replay", "--rules", "chinese", EXAMPLE))
    assert line == "error: unknown rule set 'chinese' (known: japanese, ajr, j1989, korean)"
    assert_clean_error(run("replay", "--rules", "japanese,ko=superko", EXAMPLE), "bad value 'superko' for ko")


@pytest.mark.parametrize(
    "vertex, fragment",
    [("D\u00b2", "malformed vertex"), ("D\u0664", "malformed vertex"), ("D" + "9" * 5000, "is off the 19x19 board")],
    ids=["superscript", "arabic-indic", "5000-digits"],
)
def test_vertices_with_unusual_digits_are_bad_input(vertex, fragment):
    # str.isdigit() is true for '²' (which int() refuses) and for other scripts' digits; Python's int()
    # refuses strings of over 4300 digits: each was an internal error (exit 3) or read as D4.
    for args in (["life", EXAMPLE, vertex], ["score", EXAMPLE, "--dead", vertex], ["score", EXAMPLE, "--fill", f"B:{vertex}"]):
        assert_clean_error(run(*args), fragment)



def test_an_error_line_does_not_repeat_a_huge_bad_value_in_full():
    # The bad-input audit of session 29: a 5,000-character vertex came back whole in the one error
    # line.  The line keeps its start (what is wrong) and end, and says how much it left out.
    vertex = "D" + "4" * 5000
    line = assert_clean_error(run("life", EXAMPLE, vertex), "characters left out")
    assert len(line) < 700, len(line)
    assert line.startswith("error: ")

# -- usage errors: exit 2 ---------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [[], ["replay"], ["replay", "--bogus", "x.sgf"], ["frobnicate"], ["replay", "x.sgf", "--rules"], ["rules", "x"]],
    ids=["nothing", "no-file", "unknown-option", "unknown-command", "rules-without-value", "extra-argument"],
)
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("budget, fragment", [("0", "must be positive"), ("5000001", "at most 5,000,000 positions")])
def test_budget_out_of_range_is_a_usage_error(budget, fragment):
    # The search tables grow with the budget (life.MAX_NODES): an absurd budget is refused before
    # any search starts, instead of filling the machine's memory.
    result = run("life", EXAMPLE, "D4", "--budget", budget)
    assert result.exit_code == 2, result.output
    assert fragment in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("seconds", ["nan", "0", "-1"])
def test_seconds_that_are_not_positive_are_a_usage_error(seconds):
    # 'nan' passed the check 'seconds <= 0' and switched the runaway time limit off.
    result = run("life", EXAMPLE, "D4", "--seconds", seconds)
    assert result.exit_code == 2, result.output
    assert "must be positive" in " ".join(result.output.split()) and "Traceback" not in result.output


# -- rules and --version ---------------------------------------------------------------


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"adjudicator {__version__}\n"


def test_rules_text_lists_presets_aliases_and_axes():
    result = run("rules")
    assert result.exit_code == 0
    out = result.stdout
    assert out.startswith("japanese (also: ajr)\n  Applicable Japanese Rules")
    for name in ("j1989\n", "korean\n", "confirmation_ko      fixed-ko", "long_cycle           draw"):
        assert name in out


def test_rules_json():
    result = run("rules", "--json")
    assert result.exit_code == 0
    presets = json.loads(result.stdout)
    assert presets == describe_presets()
    assert [p["names"] for p in presets] == [["japanese", "ajr"], ["j1989"], ["korean"]]
    assert presets[0]["life_goal"] == "independent-life" and presets[0]["description"]


def test_help_teaches_the_rule_set_names():
    result = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "100"})  # rich cuts long words when narrow
    assert result.exit_code == 0
    # compare without whitespace and rich's panel borders: wrapping depends on the terminal width
    text = "".join(result.stdout.replace("\u2502", "").split())
    for fragment in ("japanese", "Applicable Japanese Rules", "j1989", "korean", "docs/json.md"):
        assert "".join(fragment.split()) in text


# -- main(): the installed entry point --------------------------------------------------


def call_main(args: list[str], capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as info:
        main(args)
    out, err = capsys.readouterr()
    return info.value.code, out, err


def test_main_exit_codes(capsys, tmp_path):
    assert call_main(["replay", str(EVEN)], capsys)[0] == 0
    assert call_main(["--version"], capsys)[:2] == (0, f"adjudicator {__version__}\n")
    code, out, err = call_main(["replay", str(tmp_path / "nope.sgf")], capsys)
    assert (code, out, err) == (1, "", f"error: {tmp_path / 'nope.sgf'}: no such file\n")
    assert call_main(["replay", "--bogus"], capsys)[0] == 2


def test_main_turns_a_bug_into_one_line_and_exit_3(capsys, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr(cli, "replay_file", broken)
    code, out, err = call_main(["replay", str(EVEN)], capsys)
    assert code == 3
    assert err == "error: internal error: RuntimeError: something broke\n"
    assert "Traceback" not in out + err


def test_main_reports_an_escaped_adjudicator_error_as_bad_input(capsys, monkeypatch):
    from adjudicator.errors import SgfError

    def broken():
        raise SgfError("x.sgf: odd")

    monkeypatch.setattr(cli, "render_rulesets", broken)
    assert call_main(["rules"], capsys) == (1, "", "error: x.sgf: odd\n")


def test_python_dash_m_runs_main_in_a_subprocess(tmp_path):
    def sub(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "adjudicator", *args],
            capture_output=True, text=True, cwd=ROOT, timeout=60,
        )

    ok = sub("replay", "examples/kgs-japanese.sgf")
    assert ok.returncode == 0 and "moves: 315" in ok.stdout and ok.stderr == ""
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"\x00\xff garbage")
    err = sub("replay", str(bad))
    assert err.returncode == 1 and err.stdout == ""
    assert err.stderr == f"error: {bad}: not an SGF file (no game tree '(;' found)\n"
    usage = sub("replay")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr



def test_an_output_encoding_that_cannot_show_the_text_is_one_clear_error(tmp_path):
    # The bad-input audit of session 29: with PYTHONIOENCODING=ascii and a narrow terminal, the help
    # (rich shortens cells with '\u2026') died as an internal error (exit 3).  It is the user's
    # environment, not a bug: one line that says what to set, exit 1.
    import os

    env = dict(os.environ, PYTHONIOENCODING="ascii", COLUMNS="20")
    done = subprocess.run([sys.executable, "-m", "adjudicator", "score", "--help"],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, env=env)
    assert done.returncode == 1, done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith("error: ") and "PYTHONIOENCODING=utf-8" in last and "internal" not in last
    assert "Traceback" not in done.stderr

# -- architecture and documentation ---------------------------------------------------


def test_typer_is_imported_only_by_cli():
    package = ROOT / "adjudicator"
    importers = sorted(
        str(p.relative_to(package))
        for p in package.rglob("*.py")
        if re.search(r"^\s*(import|from)\s+typer\b", p.read_text(encoding="utf-8"), re.MULTILINE)
    )
    assert importers == ["cli.py"]


def doc_examples() -> list[tuple[str, int, list[str], str]]:
    """Every ```console block of docs/*.md: (file, line, argv after 'adjudicator', expected output)."""
    examples = []
    for doc in sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"^```console\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
            command, _, output = m.group(1).partition("\n")
            assert command.startswith("$ adjudicator "), command
            line = text.count("\n", 0, m.start()) + 1
            examples.append((doc.name, line, shlex.split(command)[2:], output))
    return examples


@pytest.mark.parametrize("doc, line, argv, expected", doc_examples(), ids=lambda v: str(v) if isinstance(v, int) else None)
def test_documented_examples_are_true(monkeypatch, doc, line, argv, expected):
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, argv)
    assert result.output == expected, f"{doc}:{line}: adjudicator {' '.join(argv)}"
    assert result.exit_code == (1 if expected.startswith("error:") else 0)


def test_docs_have_examples():
    names = {doc for doc, *_ in doc_examples()}
    assert names == {"cli.md", "json.md"}
