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

from .agreement import AgreementError, agreement_from_marks, referee_decisions
from .board import Color
from .errors import AdjudicatorError
from .filling import SEALING, FillError, format_fill, lost_race, parse_fill, race_threats
from .history import Phase, Replay, replay
from .ruling import Ruling, adjudicate, open_area_words
from .scoring import format_margin
from .analysis.life import Budget, Verdict, analyse_chain, analyse_position
from .coords import format_move, point_from_vertex, vertex_from_point
from .rules import LifeGoal, RuleSet, describe_rulesets, parse_ruleset
from .sgfio import parse_sgf, read_sgf, read_territory_marks

__all__ = [
    "JSON_FORMAT",
    "PRESET_SOURCES",
    "replay_file",
    "replay_sgf",
    "replay_to_dict",
    "render_replay",
    "describe_presets",
    "render_rulesets",
    "score_file",
    "ruling_to_dict",
    "render_ruling",
    "sgf_annotation",
    "SCORE_LEGEND",
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
    if record.komi is not None and record.komi_note:
        komi_from += f": {record.komi_note}"
    elif record.komi_error:
        komi_from += "; the record's KM could not be read as points"
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
        # new_stone reads J1989 Art. 7-1's capture test: a preset that decides life otherwise ignores it.
        unused = {"new_stone"} if axes.get("life_goal") == LifeGoal.INDEPENDENT_LIFE.value else set()
        lines.extend(f"  {k:<{width}}  {v}" + ("  (not used by this life goal)" if k in unused else "")
                     for k, v in axes.items())
        blocks.append("\n".join(lines))
    blocks.append(
        "Write PRESET,axis=value,... to change axes, e.g. --rules 'j1989,confirmation_ko=pass-for-ko-each'."
    )
    return "\n\n".join(blocks)


# -- life analysis ------------------------------------------------------------


def analyse_file(
    path: str | os.PathLike[str],
    *,
    rules: RuleSet | str = "japanese",
    budget: Budget = Budget(),
    skip_illegal: bool = False,
) -> tuple[Replay, list[Verdict]]:
    """Replay the record at ``path`` and give a life verdict for every chain of its final position.

    Raises the errors of :func:`replay_file`, and IllegalMove for the first
    illegal move unless ``skip_illegal`` (see :func:`score_file`).
    """
    ruleset = _ruleset(rules)
    result = replay(read_sgf(path), ruleset, strict=not skip_illegal)
    return result, analyse_position(result.final, ruleset, budget)


def life_of_vertex(
    path: str | os.PathLike[str],
    vertex: str,
    *,
    rules: RuleSet | str = "japanese",
    budget: Budget = Budget(),
    skip_illegal: bool = False,
) -> tuple[Replay, Verdict]:
    """The verdict for the chain at ``vertex`` (GTP, e.g. ``D4``) in the record's final position.

    Raises InvalidVertex if the vertex is malformed, off the board or empty, and
    IllegalMove for the first illegal move unless ``skip_illegal`` (see :func:`score_file`).
    """
    ruleset = _ruleset(rules)
    result = replay(read_sgf(path), ruleset, strict=not skip_illegal)
    point = point_from_vertex(vertex, result.final.size)
    return result, analyse_chain(result.final, point, ruleset, budget)


def analysis_to_dict(result: Replay, verdicts: list[Verdict]) -> dict[str, Any]:
    """The ``analyse --json`` object: ``{"rules": ..., "strings": [...]}`` plus counts."""
    counts: dict[str, int] = {}
    for v in verdicts:
        counts[v.provenance] = counts.get(v.provenance, 0) + 1
    return {
        "format": JSON_FORMAT,
        "file": result.record.source,
        "rules": result.rules.to_dict(),
        "final": result.final.to_rows(),
        "provenance": {k: counts.get(k, 0) for k in ("static", "search", "assumed")},
        "strings": [v.to_dict() for v in verdicts],
    }


def render_verdict(v: Verdict) -> str:
    """One verdict as text: a headline, then the reason and the sequence."""
    stones = " ".join(vertex_from_point(p) for p in v.points)
    head = f"{v.color.word} {v.vertex} ({len(v.points)} stone{'s' if len(v.points) != 1 else ''}): " \
        f"{v.status.replace('_', ' ')} [{v.provenance}, {v.method}]"
    lines = [head, f"  stones: {stones}", f"  {v.reason}"]
    if v.sequence:
        lines.append("  sequence: " + " ".join(format_move(m) for m in v.sequence))
    if v.nodes:
        lines.append(f"  search: {v.nodes} positions, {v.seconds:.2f} s")
    return "\n".join(lines)


def render_analysis(result: Replay, verdicts: list[Verdict]) -> str:
    """Text of ``adjudicator analyse``: assumed verdicts first (a referee must look at them), the
    closest calls of the heuristic first among them, as in ``score``'s Check-first list."""
    order = {"assumed": 0, "search": 1, "static": 2}
    counts = {k: sum(1 for v in verdicts if v.provenance == k) for k in order}
    lines = [
        f"{_clean(result.record.source)}: {len(verdicts)} chains under {result.rules.name}; "
        f"static {counts['static']}, search {counts['search']}, assumed {counts['assumed']}",
        str(result.final),
    ]
    for v in sorted(verdicts, key=lambda v: (order[v.provenance], -v.doubt if v.provenance == "assumed" else 0)):
        lines.append(render_verdict(v))
    return "\n".join(lines)


# -- scoring (adjudicator score) --------------------------------------------------------


def score_file(
    path: str | os.PathLike[str],
    *,
    rules: RuleSet | str = "japanese",
    komi: float | None = None,
    fill: str | None = None,
    no_fill: bool = False,
    budget: Budget = Budget(),
    reanalyse: bool = False,
    skip_illegal: bool = False,
    agreed: bool = False,
    dead: str | None = None,
    alive: str | None = None,
    ko_threats: str | None = None,
) -> Ruling:
    """Read, replay and rule on the record at ``path``: the library side of ``adjudicator score``.

    Parameters
    ----------
    path : str or os.PathLike
        An SGF file.
    rules : RuleSet or str
        Rule set (see :func:`adjudicator.rules.parse_ruleset`).
    komi : float, optional
        Overrides the record's ``KM``.
    fill : str, optional
        The user's own fill, ``"B:C3,W:D4"`` (replaces the proposal).
    no_fill : bool
        Fill nothing (refuse the proposal).
    budget : Budget
        Search limits of the life analysis.
    reanalyse : bool
        Analyse the filled position again (see :func:`adjudicator.ruling.adjudicate`).
    skip_illegal : bool
        Skip illegal moves of the record (each becomes an ``illegal-move``
        finding in the reasons) instead of raising IllegalMove.  Off by
        default: a position reached by skipping a move is not the game's, so a
        ruling on it needs the user's say-so.
    agreed : bool
        Settle the strings the analysis does not prove by the players' marks
        in the record (``TB``/``TW`` of the last node that has them, as KGS
        writes them after the count; :mod:`adjudicator.agreement`).
    dead, alive : str, optional
        A referee's decisions for unproven strings, as vertices (one stone of
        each string): ``dead="D4,Q16"``, ``alive="C3"``.
    ko_threats : str, optional
        Korean rules: ``"B"`` or ``"W"``, the player the referee found to have
        more ko threats (see :func:`adjudicator.ruling.adjudicate`).

    Returns
    -------
    Ruling

    Raises
    ------
    UnknownRuleSet, SgfError, InvalidPosition
        As :func:`replay_file`.
    IllegalMove
        For the record's first illegal move (occupied point, suicide, basic-ko
        retake), unless ``skip_illegal``.
    FillError
        If ``fill`` cannot be parsed or played, or is given with ``no_fill``.
    AgreementError
        If ``agreed`` is asked for a record without marks or together with
        decisions, or a decision names no stone, names a string twice or
        contradicts a proof.
    AdjudicatorError
        If ``komi`` is not a finite number of at most 1000 points either way.
    """
    ruleset = _ruleset(rules)
    if komi is not None and not (abs(komi) <= 1000):
        raise AdjudicatorError(f"komi {komi!r} is not a number of points between -1000 and 1000")
    if fill is not None and no_fill:
        raise FillError("give either --fill or --no-fill, not both")
    if agreed and (dead is not None or alive is not None):
        raise AgreementError("give either --agreed (the players' marks) or --dead/--alive (your decisions), "
                             "not both")
    result = replay(read_sgf(path), ruleset, strict=not skip_illegal)
    choice: Any = "propose"
    if no_fill:
        choice = "none"
    elif fill is not None:
        choice = parse_fill(fill, result.final.size)
    agreement = None
    if agreed:
        agreement = agreement_from_marks(result.final, *read_territory_marks(path))
    elif dead is not None or alive is not None:
        agreement = referee_decisions(result.final.size, dead=dead, alive=alive)
    threats = None
    if ko_threats is not None:
        threats = {"B": Color.BLACK, "BLACK": Color.BLACK, "W": Color.WHITE, "WHITE": Color.WHITE}.get(
            ko_threats.strip().upper())
        if threats is None:
            raise AdjudicatorError(f"--ko-threats {ko_threats!r}: expected B or W")
    return adjudicate(result, komi=komi, fill=choice, budget=budget, reanalyse=reanalyse, agreement=agreement,
                      ko_threats=threats)


_FATE_ORDER = {"assumed": 0, "search": 1, "static": 2}


def _ordered(ruling: Ruling) -> list[Verdict]:
    """Verdicts with the assumed ones first (stable within each group)."""
    return sorted(ruling.verdicts, key=lambda v: _FATE_ORDER.get(v.provenance, 3))


def ruling_to_dict(ruling: Ruling) -> dict[str, Any]:
    """The ``score --json`` object (plain JSON types; fields in ``docs/scoring.md``)."""
    score = ruling.score
    size = score.size
    b, w = Color.BLACK, Color.WHITE
    record = ruling.replay.record
    doubted = doubts(ruling)
    strings = []
    for v in _ordered(ruling):
        d = v.to_dict()
        d["fate"] = ruling.fate(v).value
        if v.stones in doubted:
            d["doubt"] = doubted[v.stones]
        if v.stones in ruling.flipped:
            margin = ruling.flipped[v.stones]
            d["if_reversed"] = {
                "status": "not_alive" if v.status == "alive" else "alive",
                "result": format_margin(margin),
                "score": margin,
                "decisive": ruling.decisive(v),
            }
        strings.append(d)
    return {
        "format": JSON_FORMAT,
        "file": record.source,
        "rules": ruling.rules.to_dict(),
        "result": ruling.result,
        "outcome": ruling.outcome.value,
        "summary": ruling.summary,
        "decided_by_count": ruling.decided_by_count,
        "alternatives": [a.to_dict() for a in ruling.alternatives],
        "score": score.margin,
        "komi": ruling.komi,
        "komi_source": ruling.komi_source,
        "record_result": record.result_text,
        "count": score.to_dict(),
        "territory": {"black": score.vertices(score.territory[0]), "white": score.vertices(score.territory[1])},
        "dead": score.vertices(score.removed[0] | score.removed[1]),
        "seki": score.vertices(score.seki),
        "prisoners": {"black": score.prisoners(b), "white": score.prisoners(w)},
        "fill": ruling.fill.source,
        "filled": [m.to_dict() for m in ruling.fill.moves],
        "refused": [r.to_dict() for r in ruling.fill.refused],
        "open_areas": [{"points": area.bit_count(), "vertices": score.vertices(area)} for area in ruling.open_areas],
        "assumed": len(ruling.assumed),
        "decisive": len(ruling.decisive_assumed),
        "settled_by": ruling.agreement.source if ruling.agreement is not None else None,
        "agreed": len(ruling.agreed),
        "strings": strings,
        "status_changes": list(ruling.status_changes),
        "reasons": [r.to_dict() for r in ruling.reasons],
        "final": ruling.position.to_rows(),
        "size": size,
    }


#: Board symbols of the ``score`` text (also in docs/scoring.md).
SCORE_LEGEND = (
    "X O alive, b w dead (removed as prisoners), x o no territory (seki), "
    "+ Black's territory, - White's territory, . neutral"
)


def _score_board(ruling: Ruling) -> str:
    from .coords import COLUMN_LETTERS

    pos = ruling.position
    score = ruling.score
    size = pos.size
    seki = score.seki
    rb, rw = score.removed
    tb, tw = score.territory
    width = len(str(size))
    header = " " * (width + 1) + " ".join(COLUMN_LETTERS[:size])
    lines = [header]
    for r in range(size - 1, -1, -1):
        row = []
        for c in range(size):
            bit = 1 << (r * size + c)
            if rb & bit:
                ch = "b"
            elif rw & bit:
                ch = "w"
            elif pos.black & bit:
                ch = "x" if seki & bit else "X"
            elif pos.white & bit:
                ch = "o" if seki & bit else "O"
            elif tb & bit:
                ch = "+"
            elif tw & bit:
                ch = "-"
            else:
                ch = "."
            row.append(ch)
        lines.append(f"{r + 1:>{width}} " + " ".join(row) + f" {r + 1}")
    lines.append(header)
    return "\n".join(lines)


_FATE_WORDS = {
    "alive": "stays, its territory counts",
    "dead": "removed as prisoners",
    "seki": "stays without territory (seki)",
}


def _verdict_line(ruling: Ruling, v: Verdict, doubts: dict[int, str] | None = None) -> str:
    n = len(v.points)
    line = (
        f"  {v.color.word} {v.vertex} ({n} stone{'s' if n != 1 else ''}): {v.status.replace('_', ' ')} "
        f"[{v.provenance}, {v.method}{_share_words(v)}] -> {_FATE_WORDS[ruling.fate(v).value]}"
    )
    flipped = ruling.flipped.get(v.stones)
    if flipped is not None:
        other = "not alive" if v.status == "alive" else "alive"
        line += f"; if {other}: {format_margin(flipped)}"
    if doubts and v.stones in doubts:
        line += f"; doubt: {doubts[v.stones]}"
    return line


def doubts(ruling: Ruling) -> dict[int, str]:
    """Assumed ``alive`` verdicts that the fill contradicts, by the string's stones: a dame the
    fill left open because filling it would put the string in an atari it cannot escape
    (:func:`adjudicator.filling.race_threats`).  The guess may still be right (the owner may win
    the race by a capture the fill does not read), but a referee should read that dame first.
    Where the capture is forced (:func:`adjudicator.filling.lost_race`: after the fill no reply
    gives the strings a second liberty), the text says so and names the capturing play."""
    return {stones: text for stones, (text, _) in _doubts(ruling).items()}


def _doubts(ruling: Ruling) -> dict[int, tuple[str, bool]]:
    """:func:`doubts` with, per string, whether the race is lost at once (:func:`adjudicator.filling.lost_race`)."""
    out: dict[int, tuple[str, bool]] = {}
    threats = race_threats(ruling.fill)
    if not threats:
        return out
    for v in ruling.verdicts:
        if v.status != "alive" or v.provenance != "assumed" or v.stones in out:
            continue
        for refusal, stones in threats:
            if not v.stones & stones:
                continue
            last = lost_race(ruling.fill, refusal, stones)
            if last is None:
                out[v.stones] = (f"{refusal.color.word} filling the dame at {refusal.vertex} would put it in "
                                 "atari with no one-move rescue (the fill left that dame open as a capturing race "
                                 "it does not read)", False)
            else:
                out[v.stones] = (f"{refusal.color.word} can fill the dame at {refusal.vertex} and then capture it "
                                 f"at {vertex_from_point(last)}: after that fill no {v.color.word} play gives it a "
                                 f"second liberty, so the race is lost (read three moves ahead; the fill leaves "
                                 f"{refusal.vertex} open because filling it would decide the race)", True)
            break
    return out


def _share_words(v: Verdict) -> str:
    """``: survives in 53% of playouts`` for a heuristic verdict (its owner's share), else nothing.

    Not a bare "97% of playouts": after "not alive" (a seki guess) that read as 97 % for "not alive"."""
    return "" if v.share is None else f": survives in {v.share:.0%} of playouts"


def _closest_calls_first(verdicts: list[Verdict], lost: frozenset[int] = frozenset()) -> list[Verdict]:
    """Assumed verdicts: guesses of life that a lost race contradicts (``lost``, by stones) first, then
    the closest calls of the heuristic (``Verdict.doubt``), else in the given order."""
    return sorted(verdicts, key=lambda v: (v.stones not in lost, -v.doubt))


def check_first(ruling: Ruling) -> tuple[list[Verdict], list[Verdict]]:
    """The "Check first" list of ``score``: (decisive, the other unsettled verdicts), closest calls first.

    Within each list, guesses of life that a race read three moves ahead contradicts come first
    (:func:`doubts`), then the closest calls.  When the count does not decide the game, nothing
    is decisive and every unsettled verdict is in the second list.
    """
    assumed = ruling.unsettled
    lost = frozenset(stones for stones, (_, forced) in _doubts(ruling).items() if forced)
    if not ruling.decided_by_count:
        return [], _closest_calls_first(list(assumed), lost)
    return (_closest_calls_first([v for v in assumed if ruling.decisive(v)], lost),
            _closest_calls_first([v for v in assumed if not ruling.decisive(v)], lost))


def render_ruling(ruling: Ruling) -> str:
    """The text of ``adjudicator score``: result, the assumed strings first, board, fill, count, reasons."""
    record = ruling.replay.record
    score = ruling.score
    b, w = Color.BLACK, Color.WHITE
    komi_from = {"record": "from the record", "rules": "rule-set default", "option": "from --komi"}[ruling.komi_source]
    if ruling.komi_source == "record" and record.komi_note:
        komi_from += f": {record.komi_note}"
    re_ = _clean(record.result_text) if record.result_text is not None else "none"
    lines = [
        f"{_clean(record.source)}: {record.size}x{record.size}, rules {ruling.rules.name}, "
        f"komi {ruling.komi:g} ({komi_from}); record: RE {re_}",
        f"Result: {ruling.result} ({ruling.summary})",
        "",
    ]
    assumed = ruling.unsettled
    agreed = ruling.agreed
    proven = [v for v in _ordered(ruling) if v.provenance != "assumed"]
    doubted = doubts(ruling)
    for area in ruling.open_areas:
        lines.append(f"Open area: {open_area_words(area, record.size)} next to stones of both colours count for "
                     "nobody: the game looks unfinished there (see the reasons).")
    if assumed and ruling.decided_by_count:
        decisive, others = check_first(ruling)
        lines.append(f"Check first: {len(assumed)} of {len(ruling.verdicts)} strings are assumed "
                     "(heuristic guesses, not proofs; a referee must confirm them).")
        if decisive:
            order = ("guesses of life contradicted by a race read as lost first, then the closest calls of the "
                     "playouts" if any("race is lost" in doubted.get(v.stones, "") for v in decisive)
                     else "closest calls of the playouts first")
            lines.append(f"Decisive ({len(decisive)}): the other verdict for any one of these alone changes "
                         f"the winner ({order}):")
            lines.extend(_verdict_line(ruling, v, doubted) for v in decisive)
        else:
            lines.append("None is decisive: no single one of them reversed changes the winner "
                         "(several together might).")
        if others and decisive:
            lines.append(f"Not decisive alone ({len(others)}):")
        lines.extend(_verdict_line(ruling, v, doubted) for v in others)
    elif assumed:
        lines.append(f"Check first: {len(assumed)} of {len(ruling.verdicts)} strings are assumed "
                     "(heuristic guesses, not proofs; a referee must confirm them):")
        lines.extend(_verdict_line(ruling, v, doubted) for v in check_first(ruling)[1])
    elif agreed:
        lines.append(f"Every string is proven or settled by agreement ({len(agreed)} of {len(ruling.verdicts)} "
                     "by agreement).")
    else:
        lines.append(f"All {len(ruling.verdicts)} strings have proven verdicts (static or search).")
    if agreed:
        source = ruling.agreement.words if ruling.agreement is not None else "an agreement"
        lines.append(f"Settled by agreement ({len(agreed)}; not proven, the status is {source}):")
        lines.extend(_verdict_line(ruling, v) for v in agreed)
    if proven:
        lines.append(f"Proven ({len(proven)}):")
        lines.extend(_verdict_line(ruling, v) for v in proven)
    lines += ["", "Board after the fill:", _score_board(ruling), SCORE_LEGEND, ""]
    fill = ruling.fill
    if fill.source == "none":
        lines.append("Fill: none (--no-fill).")
    elif not fill.moves and fill.refused:
        lines.append("Fill: no move; every dame found is left open:")
    elif not fill.moves:
        lines.append("Fill: nothing to fill.")
    else:
        head = "proposed; refuse with --no-fill" if fill.source == "proposed" else "given with --fill"
        lines.append(f"Fill ({head}; as --fill: {format_fill(fill.moves)}):")
        for k, m in enumerate(fill.moves, 1):
            # The reason starts with its kind ("teire: after ..."): not "teire: teire: after ...".
            lines.append(f"  {k:>2}. {m.color.word} {m.vertex} {m.kind}"
                         + (f": {m.reason.removeprefix('teire: ')}" if m.kind == "teire"
                            else f": {m.reason.removeprefix(SEALING)}" if m.reason.startswith(SEALING) else ""))
    for r in fill.refused:
        lines.append(f"  left open: {r.vertex} ({r.reason})")
    lines.append("")
    if not ruling.decided_by_count:
        # Which way the board and the table were counted: a referee saw 25 to 0.5 under "Result: ?".
        counted = _counted_case(ruling)
        lines.append(f"The board above and the count below are the case '{counted.condition}' ({counted.result}); "
                     "the count does not decide the game (see the result)." if counted else
                     "The count below does not decide the game (see the result).")
    lines += [
        f"{'Count':<14}{'Black':>8}{'White':>8}",
        f"{'territory':<14}{score.territory_points(b):>8}{score.territory_points(w):>8}",
        f"{'captured':<14}{score.captured[0]:>8}{score.captured[1]:>8}",
        f"{'dead removed':<14}{score.removed[1].bit_count():>8}{score.removed[0].bit_count():>8}",
        f"{'komi':<14}{'':>8}{score.komi:>8g}",
        f"{'total':<14}{score.total(b):>8g}{score.total(w):>8g}",
        "",
        "Reasons:",
    ]
    lines.extend(f"  - {_clean(r.text)}" + (f" [{r.article}]" if r.article else "") for r in ruling.reasons)
    if ruling.status_changes:
        lines.append("Verdicts changed by the fill:")
        lines.extend(f"  {c}" for c in ruling.status_changes)
    return "\n".join(lines)


def sgf_annotation(ruling: Ruling) -> dict[str, Any]:
    """Keyword arguments of :func:`adjudicator.sgfio.annotate_sgf` for a ruling (``score --sgf-out``)."""
    score = ruling.score
    pos = ruling.position
    comment_lines = [
        f"adjudicator {ruling.rules.name}: {ruling.result} ({ruling.summary})",
        _count_line(ruling),
    ]
    if ruling.fill.moves:
        comment_lines.append(f"Fill ({ruling.fill.source}): {format_fill(ruling.fill.moves)}")
    if ruling.assumed:
        comment_lines.append(
            f"{len(ruling.assumed)} strings assumed (not proven): "
            + " ".join(v.vertex for v in ruling.assumed)
        )
        if ruling.decisive_assumed:
            comment_lines.append(
                "Decisive (reversing one alone changes the winner): "
                + " ".join(v.vertex for v in ruling.decisive_assumed)
            )
        doubted = doubts(ruling)
        comment_lines.extend(f"Doubt: {v.vertex} ({v.color.word}, guessed alive): {doubted[v.stones]}"
                             for v in ruling.assumed if v.stones in doubted)
    comment_lines.extend(f"Open area (the game looks unfinished): {open_area_words(area, pos.size)}"
                         for area in ruling.open_areas)
    comment_lines.extend(f"- {r.text}" for r in ruling.reasons)
    seki = score.seki
    return {
        "territory_black": pos.points(score.territory[0]),
        "territory_white": pos.points(score.territory[1]),
        "dead": pos.points(score.removed[0] | score.removed[1]),
        "seki": pos.points(seki),
        "comment": "\n".join(comment_lines),
    }


def _counted_case(ruling: Ruling):
    """The alternative (both lose, referee decides) whose count is the ruling's own count, or None."""
    s = ruling.score
    margin = s.total(Color.BLACK) - s.total(Color.WHITE)
    return next((a for a in ruling.alternatives if a.score == margin), None)


def _count_line(ruling: Ruling) -> str:
    s = ruling.score
    b, w = Color.BLACK, Color.WHITE
    line = (f"Black {s.territory_points(b)} + {s.prisoners(b)} = {s.total(b):g}; "
            f"White {s.territory_points(w)} + {s.prisoners(w)} + {s.komi:g} = {s.total(w):g}")
    if not ruling.decided_by_count:
        counted = _counted_case(ruling)
        line += (f" (the case '{counted.condition}'; " if counted else " (") + "this count does not decide the game)"
    return line


# -- resumption (adjudicator resume) -----------------------------------------------------


def resume_file(path: str | os.PathLike[str], by: str, *, rules: RuleSet | str = "japanese"):
    """Who moves first, and from what state, when player ``by`` (``"B"``/``"W"``) asks to resume.

    The library side of ``adjudicator resume``; see
    :func:`adjudicator.history.resumption_state`.  Raises AdjudicatorError for
    a bad ``by``, a record that is not stopped, and the errors of
    :func:`replay_file` with ``strict=True`` (an illegal move is an error: the
    state to resume from would not be the game's).
    """
    from .history import resumption_state

    who = str(by).strip().lower()
    colors = {"b": Color.BLACK, "black": Color.BLACK, "w": Color.WHITE, "white": Color.WHITE}
    if who not in colors:
        raise AdjudicatorError(f"--by must be B or W, not {by!r}")
    result = replay_file(path, rules=rules, strict=True)
    return result, resumption_state(result, colors[who])


def resume_to_dict(result: Replay, resumed) -> dict[str, Any]:
    """The ``resume --json`` object."""
    pos = resumed.position
    ko = None
    if pos.ko_bit:
        ko = {"color": pos.ko_color.word, "vertex": vertex_from_point(pos.ko_point)}
    return {
        "format": JSON_FORMAT,
        "file": result.record.source,
        "rules": result.rules.to_dict(),
        "stop": resumed.stop,
        "requested_by": resumed.requested_by.word,
        "first": resumed.first.word,
        "article": resumed.article,
        "why": resumed.why,
        "prisoners": {"black": pos.prisoners[0], "white": pos.prisoners[1]},
        "ko_ban": ko,
        "position": pos.to_rows(),
        "size": pos.size,
    }


def render_resume(result: Replay, resumed) -> str:
    """The text of ``adjudicator resume``: who moves first, why, prisoners, ko ban and the board."""
    pos = resumed.position
    record = result.record
    if pos.ko_bit:
        ko = (f"{pos.ko_color.word} may not play {vertex_from_point(pos.ko_point)} at once "
              "(basic ko, restored with the position)")
    else:
        ko = "none"
    return "\n".join([
        f"{_clean(record.source)}: {record.size}x{record.size}, rules {result.rules.name}; "
        f"stopped by two passes at move {resumed.stop}",
        f"Resumption asked by {resumed.requested_by.word}: {resumed.first.word} moves first "
        f"({_clean(resumed.why)}) [{resumed.article}]",
        f"Prisoners (captured by): black {pos.prisoners[0]}, white {pos.prisoners[1]}",
        f"Ko ban: {ko}",
        "",
        str(pos),
    ])
