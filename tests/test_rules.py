"""Rule sets: presets as data, parsing, round trips, and no branching on names."""

import pathlib
import re

import pytest

from adjudicator.errors import UnknownRuleSet
from adjudicator.rules import (
    AJR,
    J1989,
    KOREAN,
    RULESETS,
    ConfirmationKo,
    LifeGoal,
    LongCycle,
    RuleSet,
    describe_rulesets,
    parse_ruleset,
)


def test_japanese_is_ajr():
    assert parse_ruleset("japanese") is AJR
    assert parse_ruleset("AJR") is AJR
    assert AJR.life_goal is LifeGoal.INDEPENDENT_LIFE
    assert AJR.confirmation_ko is ConfirmationKo.FIXED_KO
    assert AJR.analysis_end_passes == 3
    assert AJR.long_cycle is LongCycle.TIE


def test_presets_differ_on_the_axes_design_names():
    assert J1989.long_cycle is LongCycle.NO_RESULT_IF_AGREED
    assert KOREAN.long_cycle is LongCycle.DRAW
    assert J1989.life_goal is LifeGoal.UNCAPTURABLE
    assert J1989.confirmation_ko in (ConfirmationKo.PASS_FOR_KO_ONCE, ConfirmationKo.PASS_FOR_KO_EACH)
    assert KOREAN.confirmation_ko is ConfirmationKo.REFEREE_KO_THREATS


@pytest.mark.parametrize("rs", [AJR, J1989, KOREAN], ids=lambda r: r.name)
def test_round_trip_through_dict(rs):
    assert RuleSet.from_dict(rs.to_dict()) == rs


def test_axis_overrides():
    rs = parse_ruleset("j1989, confirmation_ko=pass-for-ko-each , komi=0.5")
    assert rs.confirmation_ko is ConfirmationKo.PASS_FOR_KO_EACH
    assert rs.komi == 0.5
    assert rs.life_goal is J1989.life_goal


@pytest.mark.parametrize(
    "text, message",
    [
        ("chinese", "unknown rule set 'chinese'"),
        ("ajr,ko=superko", "bad value 'superko' for ko"),
        ("ajr,colour=red", "unknown rule axis 'colour'"),
        ("ajr,komi", "expected axis=value"),
        ("ajr,komi=lots", "bad value 'lots' for komi"),
        ("ajr,komi=6_5", "bad value '6_5' for komi"),
        ("ajr,analysis_end_passes=1_0", "bad value '1_0' for analysis_end_passes (a whole number)"),
        ("ajr,analysis_end_passes=\u0663", "bad value '\u0663' for analysis_end_passes (a whole number)"),
        ("ajr,name=x", "unknown rule axis 'name'"),
    ],
)
def test_bad_rule_sets_are_explained(text, message):
    with pytest.raises(UnknownRuleSet, match=re.escape(message)):
        parse_ruleset(text)


def test_listing_merges_aliases():
    listing = describe_rulesets()
    assert [entry["names"] for entry in listing] == [["japanese", "ajr"], ["j1989"], ["korean"]]
    assert set(RULESETS) == {"japanese", "ajr", "j1989", "korean"}


def test_code_branches_on_axes_never_on_preset_names():
    """style.md section 5: no `.name ==` / `.name in (` outside rules.py."""
    package = pathlib.Path(__file__).resolve().parent.parent / "adjudicator"
    pattern = re.compile(r"\.name\s*(==|!=|in\s*[\(\[\{])|['\"](japanese|ajr|j1989|korean)['\"]\s*(==|!=|in\b)")
    offenders = []
    for path in package.rglob("*.py"):
        if path.name == "rules.py":
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(package)}:{number}: {line.strip()}")
    assert offenders == []
