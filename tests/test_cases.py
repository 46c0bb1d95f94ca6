"""The precedent cases library (cases/*.sgf + *.toml) run through the real engine.

One test per case and preset.  The expected rulings come from the sources cited in
each sidecar (rules-sources.md and design.md), never from the engine.  A preset
table marked ``known_failure = "why"`` is an ``xfail(strict=True)``: when the
engine starts passing it, the test fails and the marker must be removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from adjudicator.cases import CaseError, load_case, load_cases, run_case
from adjudicator.cli import app
from adjudicator.history import replay
from adjudicator.rules import parse_ruleset
from adjudicator.sgfio import read_sgf

CASES_DIR = Path(__file__).resolve().parent.parent / "cases"
CASES = load_cases(CASES_DIR)


def _params():
    for case in CASES:
        for preset, expected in case.expected.items():
            marks = []
            if expected.known_failure:
                marks.append(pytest.mark.xfail(reason=expected.known_failure, strict=True))
            yield pytest.param(case, preset, id=f"{case.name}[{preset}]", marks=marks)


@pytest.mark.parametrize("case, preset", list(_params()))
def test_case(case, preset):
    run = run_case(case, preset)
    assert not run.error, run.error
    assert run.passed, f"{case.name} [{preset}] ({case.reference}): {run.diff()}"


def test_library_size_and_coverage():
    assert len(CASES) >= 40
    tags = {t for c in CASES for t in c.tags}
    for topic in ("seki", "bent-four", "double-ko", "long-cycle", "teire", "dame", "resumption",
                  "snapback", "both-lose", "dead-stone"):
        assert topic in tags, topic


def test_the_both_lose_pair_differs_only_in_komi():
    # straight-three-unsettled (both lose) and straight-three-not-decisive (the stop counts) check the
    # "affect the result" condition of J1989 Art. 13-1: same position and moves, another komi.
    decisive, not_decisive = (read_sgf(CASES_DIR / f"straight-three-{n}.sgf")
                              for n in ("unsettled", "not-decisive"))
    assert decisive.events == not_decisive.events and decisive.size == not_decisive.size
    assert (decisive.komi, not_decisive.komi) == (6.5, 0.5)
    by_name = {c.name: c for c in CASES}
    assert by_name["straight-three-unsettled"].expected["j1989"].checks["outcome"] == "both-lose"
    assert by_name["straight-three-not-decisive"].expected["j1989"].checks["outcome"] == "black-wins"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case_sgf_replays_without_illegal_moves(case):
    record = read_sgf(case.sgf)  # setup chains without liberties raise InvalidPosition
    result = replay(record, parse_ruleset("japanese"), strict=True)  # IllegalMove on any illegal play
    assert result.final.size == case.size


def _write(folder: Path, name: str, toml: str, sgf: str = "(;FF[4]SZ[5]AB[aa];B[];W[])") -> Path:
    (folder / f"{name}.sgf").write_text(sgf, encoding="utf-8")
    path = folder / f"{name}.toml"
    path.write_text(toml, encoding="utf-8")
    return path


_HEAD = 'title = "t"\ndescription = "d"\nsource = "https://example.org"\nreference = "T1"\nverified = "source"\n'


@pytest.mark.parametrize(
    "body, message",
    [
        ('[j1989]\ndead = ["Z9"]\n', '[j1989.dead] \'Z9\' is not a vertex of the 5x5 board'),
        ('[ajr]\noutcome = "black-win"\n', "[ajr.outcome] unknown outcome 'black-win'"),
        ('[ajr]\nterritory_black = "3"\n', "[ajr.territory_black] expected a whole number"),
        ('[korean]\nwinner = "B"\n', "[korean.winner] unknown key"),
        ('[ajr]\nnote = "only a note"\n', "[ajr] no expected value"),
        ('[ajr]\nresult = "B+1"\nprecedent = "p"\n', "[ajr] precedent, follows and why go together"),
        ('[j1989]\naxes = "confirmation_ko=sometimes"\nresult = "0"\n', "[j1989.axes] bad value 'sometimes'"),
        ('[ajr]\nbudget = 500\nresult = "0"\n', "[ajr.budget] expected a whole number of search positions above"),
        ('[ajr]\nbudget = "lots"\nresult = "0"\n', "[ajr.budget] expected a whole number"),
        ("", "no preset table"),
    ],
)
def test_loader_rejects_a_malformed_sidecar_with_a_clear_error(tmp_path, body, message):
    path = _write(tmp_path, "bad", _HEAD + body)
    with pytest.raises(CaseError) as info:
        load_case(path)
    assert str(path) in str(info.value) and message in str(info.value)


def test_agreed_is_parsed_and_rejected_when_malformed(tmp_path):
    assert load_case(_write(tmp_path, "m", _HEAD + 'agreed = true\n[ajr]\nresult = "0"\n')).agreed is True
    assert load_case(_write(tmp_path, "n", _HEAD + '[ajr]\nresult = "0"\n')).agreed is False
    path = _write(tmp_path, "s", _HEAD + 'agreed = "yes"\n[ajr]\nresult = "0"\n')
    with pytest.raises(CaseError) as info:
        load_case(path)
    assert str(path) in str(info.value) and "[agreed] expected true or false" in str(info.value)


def test_agreed_reaches_the_ruling_as_score_agreed(tmp_path, monkeypatch):
    # The case runs score_file with agreed=True, the path of `score --agreed`; a record without
    # marks is that path's AgreementError, reported as the run's error.
    import adjudicator.cases as cases_module
    seen = []
    real = cases_module.score_file

    def spy(*args, **kwargs):
        seen.append(kwargs.get("agreed"))
        return real(*args, **kwargs)

    monkeypatch.setattr(cases_module, "score_file", spy)
    body = '[ajr]\nnot_alive = ["A5"]\nresult = "W+6.5"\n'
    marked = "(;FF[4]SZ[5]AB[aa];B[];W[]TW[aa])"  # White marks the lone black stone dead
    run = run_case(load_case(_write(tmp_path, "d", _HEAD + 'agreed = true\n' + body, marked)), "ajr")
    assert run.state == "pass", run.diff()
    run = run_case(load_case(_write(tmp_path, "e", _HEAD + 'agreed = true\n' + body)), "ajr")
    assert run.state == "error" and "mark" in run.error
    run_case(load_case(_write(tmp_path, "u", _HEAD + body)), "ajr")
    assert seen == [True, True, False]


def test_a_case_budget_is_used_for_that_preset_only(tmp_path):
    # Black's A2 and B1 of the temporary-seki bent four need about 38,000 positions each under
    # AJR; without the case's own budget they stay assumed and the run fails.
    by_name = {c.name: c for c in CASES}
    case = by_name["bent-four-temporary-seki"]
    assert case.expected["ajr"].budget > 20_000 and not case.expected["j1989"].budget
    import dataclasses
    stripped = dataclasses.replace(case, expected={**case.expected, "ajr": dataclasses.replace(
        case.expected["ajr"], budget=0)})
    assert not run_case(stripped, "ajr").passed
    assert run_case(case, "ajr").passed


def test_loader_rejects_bad_toml_and_missing_keys(tmp_path):
    with pytest.raises(CaseError, match="not valid TOML"):
        load_case(_write(tmp_path, "a", "title = \n"))
    with pytest.raises(CaseError, match=r"\[verified\] missing"):
        load_case(_write(tmp_path, "b", _HEAD.replace('verified = "source"\n', "") + '[ajr]\nresult = "0"\n'))
    (tmp_path / "c.toml").write_text(_HEAD + '[ajr]\nresult = "0"\n', encoding="utf-8")
    with pytest.raises(CaseError, match="c.sgf is missing"):
        load_case(tmp_path / "c.toml")


def test_a_wrong_expectation_fails_with_a_one_line_diff(tmp_path):
    # Black's lone stone on an otherwise empty board: not a dead stone of any rule set here.
    path = _write(tmp_path, "w", _HEAD + '[ajr]\ndead = ["A5"]\nresult = "W+7"\n')
    run = run_case(load_case(path), "japanese")
    assert run.state == "fail" and not run.passed
    diff = run.diff()
    assert "\n" not in diff and "dead: expected A5" in diff and "result: expected 'W+7'" in diff


def test_cases_command_table_and_exit_codes(tmp_path):
    runner = CliRunner()
    good = runner.invoke(app, ["cases", "--case", "jigo-no-komi", "--rules", "japanese"])
    assert good.exit_code == 0, good.output
    assert "jigo-no-komi" in good.output and "ajr: 1/1 pass" in good.output
    _write(tmp_path, "w", _HEAD + '[ajr]\nresult = "W+7"\n')
    bad = runner.invoke(app, ["cases", "--dir", str(tmp_path)])
    assert bad.exit_code == 1 and "fail" in bad.output and "result: expected 'W+7'" in bad.output
    missing = runner.invoke(app, ["cases", "--case", "no-such-case*"])
    assert missing.exit_code == 1 and "error: " in missing.output and "no case matches" in missing.output
