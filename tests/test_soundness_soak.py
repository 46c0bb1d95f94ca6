"""benchmarks/soundness.py must notice a wrong proven verdict (the soak is only as good as its check)."""

from __future__ import annotations

import dataclasses
import importlib.util
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("soundness", ROOT / "benchmarks" / "soundness.py")
soundness = sys.modules.setdefault("soundness", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(soundness)

ARGS = ["--positions", "2", "--seed", "3", "--sizes", "5", "--empty", "3-5", "--nodes", "20000"]


def test_the_soak_confirms_the_proofs_of_a_few_positions(capsys):
    assert soundness.main(ARGS) == 0
    out = capsys.readouterr().out
    assert "confirmed" in out and "contradictions: 0" in out


def test_the_soak_reports_a_planted_wrong_verdict(monkeypatch, capsys):
    real = soundness.analyse_position

    def flipped(pos, rules, *a, **k):
        out = real(pos, rules, *a, **k)
        return [dataclasses.replace(v, status="not_alive" if v.status == "alive" else "alive")
                if v.provenance != "assumed" else v for v in out]

    monkeypatch.setattr(soundness, "analyse_position", flipped)
    assert soundness.main(ARGS) == 1
    assert "CONTRADICTION" in capsys.readouterr().out


def test_korean_verdicts_are_checked_under_each_ko_priority():
    from adjudicator.analysis.life import Verdict
    from adjudicator.board import Color
    from adjudicator.rules import parse_ruleset

    korean = parse_ruleset("korean")
    decided = Verdict(Color.BLACK, 1, 5, "not_alive", "search", "referee-ko-threats", "",
                      alternatives=(("owner-ko-priority", "alive", ()), ("attacker-ko-priority", "not_alive", ())))
    assert soundness.claims(decided, korean) == [("attacker", "not_alive"), ("owner", "alive")]
    static = Verdict(Color.WHITE, 2, 5, "alive", "static", "benson", "")
    assert sorted(soundness.claims(static, korean)) == [("attacker", "alive"), ("owner", "alive")]
    assert soundness.claims(static, parse_ruleset("j1989")) == [("once", "alive")]
    assert soundness.claims(static, parse_ruleset("japanese")) == [(None, "alive")]
