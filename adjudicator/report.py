"""Replaying records and reporting on them: the library side of the CLI.

Each CLI command is a thin wrapper over a function here, so tests, benchmarks
and other programs take exactly the path ``adjudicator`` takes:

- :func:`replay_file` / :func:`replay_sgf`: read a record (``sgfio``) and
  replay it under a rule set (``history.replay``);
- :func:`replay_to_dict` / :func:`render_replay`: the ``replay --json``
  object (documented field by field in ``docs/json.md``) and the text report;
- :func:`describe_presets` / :func:`render_rulesets`: what ``rules`` prints.

Nothing here prints, exits or imports typer.
"""

from __future__ import annotations

import os
from typing import Any

from .history import Phase, Replay, replay
from .rules import RuleSet, describe_rulesets, parse_ruleset
from .sgfio import parse_sgf, read_sgf

__all__ = [
    "JSON_FORMAT",
    "PRESET_SOURCES",
    "replay_file",
    "replay_sgf",
    "replay_to_dict",
    "render_replay",
    "describe_presets",
    "render_rulesets",
]

#: Version of the ``replay --json`` object; bumped when a field changes meaning or goes away.
JSON_FORMAT = 1

#: What each preset name means, for help texts and ``adjudicator rules`` (display only).
PRESET_SOURCES: dict[str, str] = {
    "japanese": "Applicable Japanese Rules (Robert Jasiek, version 2, 2008); the default",
    "ajr": "Applicable Japanese Rules (Robert Jasiek, version 2, 2008); the default",
    "j1989": "Nihon Ki-in, Japanese Rules of Go, 1989, with its official commentary",
    "korean": "Korean Baduk Association rules (territory scoring, no territory in seki)",
}


def _ruleset(rules: RuleSet | str) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else parse_ruleset(rules)


def replay_file(
    path: str | os.PathLike[str], *, rules: RuleSet | str = "japanese", strict: bool = False
) -> Replay:
    """Read the SGF file at ``path`` and replay its main line under ``rules``.

    Parameters
    ----------
    path : str or os.PathLike
        An SGF file; its name as given starts every error message.
    rules : RuleSet or str
        A rule set or its text form (``"japanese"``, ``"j1989,long_cycle=tie"``;
        see :func:`adjudicator.rules.parse_ruleset`).  The record's ``RU`` is
        reported but never used to choose.
    strict : bool
        Raise on the first illegal move instead of reporting it as a finding.

    Returns
    -------
    Replay

    Raises
    ------
    UnknownRuleSet
        If ``rules`` names no preset or axis.
    SgfError
        If the file cannot be read or is not a well-formed record.
    InvalidPosition
        If a setup node leaves a chain without liberties.
    IllegalMove
        With ``strict=True``, for the first illegal move (the message names
        the file and the move number).
    """
    ruleset = _ruleset(rules)  # a bad rule-set name is reported before the file is read
    return replay(read_sgf(path), ruleset, strict=strict)


def replay_sgf(
    data: bytes, source: str = "<sgf>", *, rules: RuleSet | str = "japanese", strict: bool = False
) -> Replay:
    """Like :func:`replay_file`, for SGF ``data`` already in memory (``source`` names it).

    >>> r = replay_sgf(b"(;SZ[5]KM[0.5];B[cc];W[];B[])", "tiny.sgf")
    >>> r.moves, r.stopped, r.final.to_rows()[2]
    (3, True, '..X..')
    """
    ruleset = _ruleset(rules)
    return replay(parse_sgf(data, source), ruleset, strict=strict)


def replay_to_dict(result: Replay) -> dict[str, Any]:
    """The ``replay --json`` object: plain JSON types only (see ``docs/json.md``).

    >>> d = replay_to_dict(replay_sgf(b"(;SZ[5]KM[0.5];B[cc];W[];B[])", "tiny.sgf"))
    >>> d["moves"], d["phase"], d["stops"], d["prisoners"], d["final"][2]
    (3, 'confirmation', [3], {'black': 0, 'white': 0}, '..X..')
    """
    record = result.record
    black, white = result.prisoners
    return {
        "format": JSON_FORMAT,
        "file": record.source,
        "size": record.size,
        "komi": result.komi,
        "komi_source": "record" if record.komi is not None else "rules",
        "handicap": record.handicap,
        "record_rules": record.rules_text,
        "record_result": record.result_text,
        "rules": result.rules.to_dict(),
        "moves": result.moves,
        "to_play": result.final.to_play.value,
        "prisoners": {"black": black, "white": white},
        "stopped": result.stopped,
        "phase": result.phase.value,
        "stops": list(result.stops),
        "long_cycle": result.long_cycle.to_dict() if result.long_cycle is not None else None,
        "illegal_moves": len(result.illegal_moves()),
        "final": result.final.to_rows(),
        "findings": [f.to_dict() for f in result.findings],
    }


def _clean(text: str) -> str:
    """Record text for a terminal: no control characters, one line."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def render_replay(result: Replay) -> str:
    """The text report of ``adjudicator replay``: header, board diagram, counts, findings.

    >>> print(render_replay(replay_sgf(b"(;SZ[3];B[bb];W[];B[])", "tiny.sgf")))
    tiny.sgf: 3x3 board, komi 6.5 (rule-set default), no handicap
    rules: japanese; record: RU none, RE none
      A B C
    3 . . . 3
    2 . X . 2
    1 . . . 1
      A B C
    moves: 3, white to play
    phase: confirmation (stopped by two passes at move 3)
    prisoners: Black captured 0, White captured 0
    findings (1):
      move 3: two successive passes stop the alternation
    """
    record = result.record
    komi_from = "from the record" if record.komi is not None else "rule-set default"
    handicap = "no handicap" if record.handicap is None else f"handicap {record.handicap}"
    ru = _clean(record.rules_text) if record.rules_text is not None else "none"
    re_ = _clean(record.result_text) if record.result_text is not None else "none"
    black, white = result.prisoners
    lines = [
        f"{_clean(record.source)}: {record.size}x{record.size} board, komi {result.komi:g} ({komi_from}), {handicap}",
        f"rules: {result.rules.name}; record: RU {ru}, RE {re_}",
        str(result.final),
        f"moves: {result.moves}, {result.final.to_play.word} to play",
        f"phase: {_phase_text(result)}",
        f"prisoners: Black captured {black}, White captured {white}",
        f"findings ({len(result.findings)}):" if result.findings else "findings: none",
    ]
    lines.extend(f"  {_clean(f.message)}" for f in result.findings)
    return "\n".join(lines)


def _phase_text(result: Replay) -> str:
    if result.phase is Phase.CONFIRMATION:
        return f"confirmation (stopped by two passes at move {result.stops[-1]})"
    if result.phase is Phase.ENDED:
        move = result.long_cycle.move if result.long_cycle is not None else None
        return f"ended (long cycle at move {move})"
    return "play (the alternation has not stopped)"


def describe_presets() -> list[dict[str, Any]]:
    """:func:`adjudicator.rules.describe_rulesets` with a ``description`` of each preset.

    >>> [p["names"] for p in describe_presets()]
    [['japanese', 'ajr'], ['j1989'], ['korean']]
    """
    out = []
    for preset in describe_rulesets():
        description = PRESET_SOURCES.get(preset["names"][0], "")
        out.append({"names": preset["names"], "description": description, **preset})
    return out


def render_rulesets() -> str:
    """The text of ``adjudicator rules``: each preset, its aliases, source and axes."""
    blocks = []
    for preset in describe_presets():
        names = preset["names"]
        head = names[0] + (f" (also: {', '.join(names[1:])})" if len(names) > 1 else "")
        lines = [head, f"  {preset['description']}"]
        axes = {k: v for k, v in preset.items() if k not in ("names", "description", "name")}
        width = max(len(k) for k in axes)
        lines.extend(f"  {k:<{width}}  {v}" for k, v in axes.items())
        blocks.append("\n".join(lines))
    blocks.append(
        "Write PRESET,axis=value,... to change axes, e.g. --rules 'j1989,confirmation_ko=pass-for-ko-each'."
    )
    return "\n\n".join(blocks)
